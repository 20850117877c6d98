-- Passes animhost check: a slide between two 375 × 667 pt screens (an iPhone 8's), a row at y = 351.
-- Frame 0 is the source at rest: the destination waits just past the right edge, x = 375, where no
-- person sees it. Drawn at half a pixel a point, it covered half of the last pixel column, and the
-- row's edges fell on half pixels: check failed a plugin nothing was wrong with.
return {
  name = "phone-slide",
  scenes = { from = "phone-list", to = "phone-detail" },
  duration = function() return 0.3 end,
  animate = function(ctx)
    if ctx.reducedMotion then return shared.crossfade(ctx) end
    local width = ctx.container.frame.width
    local back = not ctx.presenting
    ctx.container:add(ctx.to.view)
    ctx.to.view.frame = rect(back and -width or width, 0, width, ctx.container.frame.height)
    animate{ duration = 0.3, curve = "easeInOut",
      function()
        ctx.to.view.frame = rect(0, 0, width, ctx.container.frame.height)
        ctx.from.view.frame = rect(back and width or -width, 0, width, ctx.container.frame.height)
      end,
      completion = function()
        ctx.from.view.frame = rect(0, 0, width, ctx.container.frame.height)
        ctx:complete(not ctx.cancelled)
      end }
  end,
}
