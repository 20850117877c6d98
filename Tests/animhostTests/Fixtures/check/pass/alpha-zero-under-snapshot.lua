-- Passes: makes the tapped photo transparent (alpha 0, not hidden) under a snapshot of itself.
return {
  name = "alpha-zero-under-snapshot",
  scenes = { from = "grid", to = "detail" },
  duration = function() return 0.3 end,
  animate = function(ctx)
    if ctx.reducedMotion then return shared.crossfade(ctx) end  -- a still copy left to vanish would jump
    local source = ctx.from.delegate:referenceNode(ctx)
    local target = ctx.to.delegate:referenceNode(ctx)
    local photo = source:snapshot()
    photo.frame = ctx.from.delegate:referenceFrame(ctx)
    if ctx.presenting then
      ctx.container:add(ctx.to.view)
      ctx.to.view.alpha = 0
    else
      ctx.container:insert(ctx.to.view, { below = ctx.from.view })
    end
    ctx.container:add(photo)
    source.alpha = 0
    target.alpha = 0
    animate{ duration = 0.3, curve = "easeOut",
      function()
        photo.frame = ctx.to.delegate:referenceFrame(ctx)
        if ctx.presenting then ctx.to.view.alpha = 1 else ctx.from.view.alpha = 0 end
      end,
      completion = function()
        source.alpha = 1
        target.alpha = 1
        ctx.from.view.alpha = 1
        photo:remove()
        ctx:complete(not ctx.cancelled)
      end }
  end,
}
