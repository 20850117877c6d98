-- A sliding screen casting a strip shadow along its edge, as SloppySwiper's push does: the new screen
-- slides in from the right over the old one, which drifts left and dims; the shadow is cast by a
-- 4-point strip just outside the new screen's left edge (its shadowPath), not by the whole screen.
--
--   toView.layer.shadowPath = UIBezierPath(rect: CGRect(x: -4, y: 0, width: 4, height: h)).cgPath
--                                         → to.view.shadowPath = path.rect(rect(-4, 0, 4, h))

---@type Plugin
local strip = {
  name = "strip-shadow",
  summary = "The new screen slides in over the old one, casting a 4-point strip shadow along its edge",
  params = { duration = 0.35, curve = "easeOut", parallax = 0.3, dim = 0.9 },
  scenes = { from = "news", to = "article" },
}

function strip.duration(ctx)
  return ctx.params.duration
end

function strip.animate(ctx)
  if ctx.reducedMotion then return shared.crossfade(ctx) end  -- UIAccessibility.isReduceMotionEnabled
  local width, height = ctx.size.width, ctx.size.height
  local top = ctx.presenting and ctx.to.view or ctx.from.view
  local under = ctx.presenting and ctx.from.view or ctx.to.view
  if ctx.presenting then ctx.container:add(top) else ctx.container:insert(under, { below = top }) end
  top.shadowPath = path.rect(rect(-4, 0, 4, height))
  -- The shadow fades in as the screen comes on (and out as it leaves), so no strip shows at rest.
  top.shadow = { color = "#000000", opacity = ctx.presenting and 0 or 0.35, radius = 3, offset = size(0, 0) }
  local shown, hidden = rect(0, 0, width, height), rect(width, 0, width, height)
  local behind = rect(-width * ctx.params.parallax, 0, width, height)
  top.frame = ctx.presenting and hidden or shown
  under.frame = ctx.presenting and shown or behind
  under.alpha = ctx.presenting and 1 or ctx.params.dim
  animate{
    duration = ctx:duration(),
    curve = ctx.params.curve,
    function()
      top.frame = ctx.presenting and shown or hidden
      under.frame = ctx.presenting and behind or shown
      under.alpha = ctx.presenting and ctx.params.dim or 1
      top.shadow = { opacity = ctx.presenting and 0.35 or 0 }
    end,
    completion = function()
      top.shadowPath = nil
      top.shadow = { opacity = 0 }
      under.frame, under.alpha = shown, 1
      ctx:complete(not ctx.cancelled)
    end,
  }
end

return strip
