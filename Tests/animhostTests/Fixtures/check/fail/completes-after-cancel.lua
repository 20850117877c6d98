-- Breaks one rule of animhost check: no ctx:complete(true) after a cancel (a pop that completes with true
-- whatever happened, even when the finger let go near the start and the transition was cancelled).
return {
  name = "completes-after-cancel",
  scenes = { from = "grid", to = "detail" },
  duration = function() return 0.3 end,
  animate = function(ctx)
    if ctx.presenting then ctx.container:add(ctx.to.view) else ctx.container:insert(ctx.to.view, { below = ctx.from.view }) end
    ctx.to.view.alpha = ctx.presenting and 0 or 1
    animate{ duration = 0.3,
      function() if ctx.presenting then ctx.to.view.alpha = 1 else ctx.from.view.alpha = 0 end end,
      completion = function() ctx:complete(true) end }
  end,
}
