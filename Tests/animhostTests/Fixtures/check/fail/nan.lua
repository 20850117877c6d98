-- Breaks one rule of animhost check: no NaN (a scale past the largest number makes the node's box infinite).
return {
  name = "nan",
  scenes = { from = "news", to = "article" },
  duration = function() return 0.2 end,
  animate = function(ctx)
    ctx.container:add(ctx.to.view)
    ctx.to.view.alpha = 0
    ctx.to.view.transform = transform.scale(1e300) * transform.scale(1e300)
    animate{ duration = 0.2, function() ctx.to.view.alpha = 1 end,
             completion = function() ctx.to.view.transform = transform.identity ctx:complete(not ctx.cancelled) end }
  end,
}
