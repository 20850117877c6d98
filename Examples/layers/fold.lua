-- fold: the screen folds up like a map, in 3-D. Pushing cuts the cover into vertical panels that
-- fold towards its left edge, accordion-wise, over the next screen: each panel turns about its left
-- edge (`anchorPoint = point(0, 0.5)`), the even ones away from the eye, the odd ones back towards
-- it, and moves so that its left edge stays on the previous panel's right edge, under the
-- container's perspective (`sublayerTransform = transform3D.perspective(distance)`, UIKit's m34).
-- Each panel is shaded by a gradient across it that darkens as the panel turns away from the light
-- (the panels facing away darker at their fold line, the ones facing the light only a little).
-- Popping unfolds the cover again. Params: `panels` (1…48), `steps` (keyframes, 1…240), `distance`
-- (the eye's, in points, above 0), `shade` (the darkest shading's alpha), `duration`, `curve`.
--
--   layer.anchorPoint = CGPoint(x: 0, y: 0.5)
--   layer.transform = CATransform3DTranslate(CATransform3DMakeRotation(a, 0, 1, 0), …)
--     → panel.anchorPoint = point(0, 0.5)
--       panel.transform3D = transform3D.rotate(a, 0, 1, 0) * transform3D.translate(…)

---@type Plugin
local fold = {
  name = "fold",
  summary = "The screen folds to its left edge in 3-D panels with perspective, shaded by gradients; pop unfolds it",
  params = { duration = 0.8, panels = 4, shade = 0.7, distance = 800, steps = 24, curve = "easeInOut" },
  scenes = { from = "fold-cover", to = "fold-inside" },
}

function fold.duration(ctx)
  return ctx.params.duration
end

-- A black of `alpha` (0…1) as a colour string.
local function black(alpha)
  return string.format("#000000%02X", math.floor(255 * alpha + 0.5))
end

-- Panel `i`'s shading across it (left to right) when it has turned by `turn` (0 flat … 1 edge-on):
-- panels alternate between facing away from the light and towards it.
local function shading(i, turn, shade)
  local away, toward = black(shade * turn), black(shade * turn * 0.3)
  if i % 2 == 0 then return { toward, away } end
  return { away, toward }
end

-- How much the panels show at fold angle `angle`: wholly until the last tenth of the turn, then less
-- as they go edge-on. Folded, under perspective, the stack is still a sliver at the left edge; faded
-- out by then, it is not there to vanish when the panels are removed (nor to appear when they come).
local function shown(angle)
  return math.min(1, math.max(0, (math.pi / 2 - angle) / (math.pi / 20)))
end

-- Poses every strip at fold angle `angle` (0 flat … π/2 edge-on): strip i turns by ±angle about its
-- left edge, which goes where the previous strip's right edge is (x along the screen, z into it).
local function pose(strips, angle, params)
  local x, z = 0, 0
  for _, s in ipairs(strips) do
    local sign = s.i % 2 == 0 and 1 or -1
    s.panel.transform3D = transform3D.rotate(sign * angle, 0, 1, 0) * transform3D.translate(x - s.x, 0, z)
    s.panel.alpha = shown(angle)
    s.shade.gradient = { colors = shading(s.i, angle / (math.pi / 2), params.shade) }
    x = x + s.w * math.cos(angle)
    z = z - sign * s.w * math.sin(angle)
  end
end

-- The cover cut into panels: each clips a copy of `view` to its strip and holds a shading node over
-- it. Strips begin on even points, whole pixels at every scale from 0.5×, so that flat panels meet
-- without a seam (anti-aliased edges of clipped layers let what lies beneath show through).
local function panels(ctx, view)
  local n, size = math.min(math.max(1, math.floor(ctx.params.panels)), 48), ctx.size
  local function edge(i) return i == n and size.width or 2 * math.floor(i * size.width / n / 2) end
  local out = {}
  for i = 0, n - 1 do
    local x = edge(i)
    local w = edge(i + 1) - x
    local panel = node{
      id = "fold-panel-" .. i, frame = rect(x, 0, w, size.height), clips = true, anchorPoint = point(0, 0.5),
    }
    local page = view:snapshot()
    page.frame = rect(-x, 0, size.width, size.height)
    panel:add(page)
    local shade = node{
      id = "fold-shade-" .. i,
      frame = rect(0, 0, w, size.height),
      gradient = { startPoint = point(0, 0.5), endPoint = point(1, 0.5), colors = shading(i, 0, ctx.params.shade) },
    }
    panel:add(shade)
    ctx.container:add(panel)
    out[#out + 1] = { panel = panel, shade = shade, i = i, x = x, w = w }
  end
  return out
end

-- Folds (or unfolds) the strips to angle `to` from where they are at `from`, in `steps` keyframes:
-- each keyframe holds the exact pose, so the hinges stay joined while the decomposed transforms
-- move between them (translations in straight lines, turns by spherical interpolation).
local function turn(ctx, strips, from, to, completion)
  local steps = math.min(math.max(1, math.floor(ctx.params.steps)), 240)
  keyframes{
    duration = ctx:duration(),
    curve = ctx.params.curve,
    function()
      for k = 1, steps do
        keyframe((k - 1) / steps, 1 / steps, function() pose(strips, from + (to - from) * k / steps, ctx.params) end)
      end
    end,
    completion = completion,
  }
end

function fold.animate(ctx)
  if ctx.reducedMotion then return shared.crossfade(ctx) end
  local cover = ctx.presenting and ctx.from.view or ctx.to.view
  if ctx.presenting then
    ctx.container:insert(ctx.to.view, { below = ctx.from.view })
  end
  ctx.container.sublayerTransform = transform3D.perspective(ctx.params.distance)
  local strips = panels(ctx, cover)
  local flat, folded = 0, math.pi / 2
  if ctx.presenting then
    cover:remove()
  else
    -- Folded, the panels are out of sight (`shown`), so that the run starts as the screen rests.
    pose(strips, folded, ctx.params)
  end
  local from, to = ctx.presenting and flat or folded, ctx.presenting and folded or flat
  turn(ctx, strips, from, to, function()
    if not ctx.presenting then ctx.container:add(ctx.to.view) end
    for _, s in ipairs(strips) do s.panel:remove() end
    ctx.container.sublayerTransform = transform3D.identity
    ctx:complete(not ctx.cancelled)
  end)
end

return fold
