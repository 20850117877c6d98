-- Breaks one rule of animhost check: ends at the destination's resting state (the destination ends 10 pt to the right).
return {
  name = "off-by-10",
  scenes = { from = "news", to = "article" },
  duration = function() return 0.2 end,
  animate = function(ctx)
    ctx.container:add(ctx.to.view)
    ctx.to.view.alpha = 0
    
    -- drifting there as it fades in, not in one step at the end (which would be a jump too)
    animate{ duration = 0.2, function() ctx.to.view.alpha = 1 ctx.to.view.frame = rect(10, 0, 390, 844) end,
             completion = function() ctx:complete(not ctx.cancelled) end }
  end,
}
