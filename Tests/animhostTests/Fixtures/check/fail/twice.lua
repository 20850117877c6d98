-- Breaks one rule of animhost check: ctx:complete exactly once (it is called twice).
return {
  name = "twice",
  scenes = { from = "news", to = "article" },
  duration = function() return 0.2 end,
  animate = function(ctx)
    ctx.container:add(ctx.to.view)
    ctx.to.view.alpha = 0
    
    animate{ duration = 0.2, function() ctx.to.view.alpha = 1 end,
             completion = function() ctx:complete(true) ctx:complete(true) end }
  end,
}
