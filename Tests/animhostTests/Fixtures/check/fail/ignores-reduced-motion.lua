-- Breaks one rule of animhost check: reduced motion (the destination slides in from the right whatever ctx.reducedMotion says).
return {
  name = "ignores-reduced-motion",
  scenes = { from = "news", to = "article" },
  duration = function() return 0.3 end,
  animate = function(ctx)
    ctx.container:add(ctx.to.view)
    ctx.to.view.frame = rect(390, 0, 390, 844)
    animate{ duration = 0.3, function() ctx.to.view.frame = rect(0, 0, 390, 844) end,
             completion = function() ctx:complete(not ctx.cancelled) end }
  end,
}
