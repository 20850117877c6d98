-- Breaks one rule of animhost check: completes (it completes with false though nothing cancelled it).
return {
  name = "gives-up",
  scenes = { from = "news", to = "article" },
  duration = function() return 0.2 end,
  animate = function(ctx)
    ctx.container:add(ctx.to.view)
    ctx.to.view.alpha = 0
    
    animate{ duration = 0.2, function() ctx.to.view.alpha = 1 end,
             completion = function() ctx:complete(false) end }
  end,
}
