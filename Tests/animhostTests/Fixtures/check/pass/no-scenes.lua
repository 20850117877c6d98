-- Passes: declares no scenes, so it runs on the built-in grid → detail (reversed for pop and dismiss).
return {
  name = "no-scenes",
  duration = function() return 0.25 end,
  animate = function(ctx)
    if ctx.presenting then
      ctx.container:add(ctx.to.view)
      ctx.to.view.alpha = 0
    else
      ctx.container:insert(ctx.to.view, { below = ctx.from.view })
    end
    animate{ duration = 0.25,
      function() if ctx.presenting then ctx.to.view.alpha = 1 else ctx.from.view.alpha = 0 end end,
      completion = function()
        ctx.from.view.alpha = 1
        ctx:complete(not ctx.cancelled)
      end }
  end,
}
