-- Breaks one rule of animhost check: lasts duration() within one frame (it says 0.1 s, its animation takes 0.2 s).
return {
  name = "short-duration",
  scenes = { from = "news", to = "article" },
  duration = function() return 0.1 end,
  animate = function(ctx)
    ctx.container:add(ctx.to.view)
    ctx.to.view.alpha = 0
    
    animate{ duration = 0.2, function() ctx.to.view.alpha = 1 end,
             completion = function() ctx:complete(not ctx.cancelled) end }
  end,
}
