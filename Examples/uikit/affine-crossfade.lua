-- The affine-container crossfade, ported: the destination fades in over the source while the
-- container itself dips to 0.94 and back on an affine transform, so both screens breathe together.
--
--   containerView.transform = CGAffineTransform(scaleX:y:) → ctx.container.transform = transform.scale(…)
--   UIView.animateKeyframes                                                → keyframes{ keyframe(…) }

---@type Plugin
local crossfade = {
  name = "affine-crossfade",
  summary = "A crossfade while the container dips to 0.94 and back on an affine transform",
  params = { duration = 0.4, dip = 0.94 },
  scenes = { from = "news", to = "article" },
}

function crossfade.duration(ctx)
  return ctx.params.duration
end

function crossfade.animate(ctx)
  local container = ctx.container
  local incoming = ctx.presenting and ctx.to.view or ctx.from.view
  if ctx.presenting then
    container:add(ctx.to.view)
    ctx.to.view.alpha = 0
  else
    container:insert(ctx.to.view, { below = ctx.from.view })
  end
  keyframes{
    duration = ctx:duration(),
    curve = "easeInOut",
    function()
      keyframe(0, 0.5, function() container.transform = transform.scale(ctx.params.dip) end)
      keyframe(0.5, 0.5, function() container.transform = transform.identity end)
      keyframe(0, 1, function() incoming.alpha = ctx.presenting and 1 or 0 end)
    end,
    completion = function()
      container.transform = transform.identity
      ctx.from.view.alpha = 1
      ctx:complete(not ctx.cancelled)
    end,
  }
end

return crossfade
