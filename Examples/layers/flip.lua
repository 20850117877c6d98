-- flip: the screen turns over about its vertical axis with true perspective, as UIKit's
-- transitionFlipFromRight or IBAnimatable's flip: the container's sublayerTransform sets the eye
-- (m34 = −1/distance), the old screen turns away to edge-on, the new one turns in from edge-on.
--
--   var t = CATransform3DIdentity; t.m34 = -1 / 600   → ctx.container.sublayerTransform = transform3D.perspective(600)
--   layer.transform = CATransform3DMakeRotation(a, 0, 1, 0) → view.transform3D = transform3D.rotate(a, 0, 1, 0)

---@type Plugin
local flip = {
  name = "flip",
  summary = "The screen turns over about its vertical axis with perspective (sublayerTransform m34)",
  params = { duration = 0.6, distance = 600 },
  scenes = { from = "front", to = "back" },
}

function flip.duration(ctx)
  return ctx.params.duration
end

-- Reduced motion: the new screen fades in over the old one, nothing turns.
local function fade(ctx, arriving)
  arriving.alpha = 0
  animate{
    duration = ctx:duration(),
    curve = "easeInOut",
    function() arriving.alpha = 1 end,
    completion = function() ctx:complete(not ctx.cancelled) end,
  }
end

function flip.animate(ctx)
  local container = ctx.container
  local leaving, arriving = ctx.from.view, ctx.to.view
  if ctx.reducedMotion then
    container:add(arriving)
    return fade(ctx, arriving)
  end
  -- Presenting turns right to left; dismissing turns back.
  local turn = ctx.presenting and -math.pi / 2 or math.pi / 2
  container:add(arriving)
  container.sublayerTransform = transform3D.perspective(ctx.params.distance)
  -- Edge-on, a screen draws nothing: the arriving one waits so until the leaving one is edge-on.
  arriving.transform3D = transform3D.rotate(-turn, 0, 1, 0)
  keyframes{
    duration = ctx:duration(),
    curve = "linear",
    function()
      keyframe(0, 0.5, function() leaving.transform3D = transform3D.rotate(turn, 0, 1, 0) end)
      keyframe(0.5, 0.5, function() arriving.transform3D = transform3D.identity end)
    end,
    completion = function()
      container.sublayerTransform = transform3D.identity
      leaving.transform3D = transform3D.identity
      ctx:complete(not ctx.cancelled)
    end,
  }
end

return flip
