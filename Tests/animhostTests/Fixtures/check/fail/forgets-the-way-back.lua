-- Breaks one rule of animhost check: a pop after a push returns to the start (a pop that follows
-- a push in the same state leaves the list scrolled 40 pt up).
local pushed = false
return {
  name = "forgets-the-way-back",
  scenes = { from = "news", to = "article" },
  duration = function() return 0.2 end,
  animate = function(ctx)
    if ctx.presenting then
      ctx.container:add(ctx.to.view)
      ctx.to.view.alpha = 0
    else
      ctx.container:insert(ctx.to.view, { below = ctx.from.view })
    end
    animate{ duration = 0.2,
      function() if ctx.presenting then ctx.to.view.alpha = 1 else ctx.from.view.alpha = 0 end end,
      completion = function()
        ctx.from.view.alpha = 1
        if pushed and not ctx.presenting then ctx.to.view.frame = rect(0, -40, 390, 844) end
        pushed = ctx.presenting
        ctx:complete(not ctx.cancelled)
      end }
  end,
}
