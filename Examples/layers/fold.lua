-- fold: the screen folds up like a map. Pushing cuts the cover into vertical panels that fold
-- towards its left edge, accordion-wise, over the next screen; each panel is shaded by a gradient
-- across it that darkens as the panel turns away from the light (the panels facing away darker at
-- their fold line, the ones facing the light only a little). Popping unfolds the cover again.
-- The turn is a horizontal scale of each panel about its place in the fold.

---@type Plugin
local fold = {
  name = "fold",
  summary = "The screen folds to its left edge in shaded panels (gradients darkening as they turn); pop unfolds it",
  params = { duration = 0.8, panels = 4, shade = 0.7, curve = "easeInOut" },
  scenes = { from = "fold-cover", to = "fold-inside" },
}

-- How far flat a fully folded panel stays: a sliver under a pixel, still drawn.
local folded = 0.001

function fold.duration(ctx)
  return ctx.params.duration
end

-- A black of `alpha` (0…1) as a colour string.
local function black(alpha)
  return string.format("#000000%02X", math.floor(255 * alpha + 0.5))
end

-- Panel `i`'s shading across it (left to right) when it has turned by `turn` (0 flat … 1 folded):
-- panels alternate between facing away from the light and towards it.
local function shading(i, turn, shade)
  local away, toward = black(shade * turn), black(shade * turn * 0.3)
  if i % 2 == 0 then return { toward, away } end
  return { away, toward }
end

-- Places strip `s` (from `s.x`, `s.w` wide) at openness `c` (1 flat … `folded`), shaded as it turns.
local function place(s, c, params)
  s.panel.center = point((s.x + s.w / 2) * c, s.panel.center.y)
  s.panel.transform = transform.scale(c, 1)
  s.shade.gradient = { colors = shading(s.i, 1 - c, params.shade) }
end

-- The cover cut into panels: each clips a copy of `view` to its strip and holds a shading node over
-- it. Strips begin on even points, whole pixels at every scale from 0.5×, so that flat panels meet
-- without a seam (anti-aliased edges of clipped layers let what lies beneath show through).
local function panels(ctx, view)
  local n, size = math.max(1, math.floor(ctx.params.panels)), ctx.size
  local function edge(i) return i == n and size.width or 2 * math.floor(i * size.width / n / 2) end
  local out = {}
  for i = 0, n - 1 do
    local x = edge(i)
    local w = edge(i + 1) - x
    local panel = node{ id = "fold-panel-" .. i, frame = rect(x, 0, w, size.height), clips = true }
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

function fold.animate(ctx)
  if ctx.reducedMotion then return shared.crossfade(ctx) end
  local cover = ctx.presenting and ctx.from.view or ctx.to.view
  if ctx.presenting then
    ctx.container:insert(ctx.to.view, { below = ctx.from.view })
  end
  local strips = panels(ctx, cover)
  if ctx.presenting then
    cover:remove()
  else
    -- Folded, the panels come into sight just after the start, so that the run starts as the screen rests.
    for _, s in ipairs(strips) do
      place(s, folded, ctx.params)
      s.panel.alpha = 0
    end
    animate{
      duration = 1 / 240,
      curve = "linear",
      function()
        for _, s in ipairs(strips) do s.panel.alpha = 1 end
      end,
    }
  end
  local target = ctx.presenting and folded or 1
  animate{
    duration = ctx:duration(),
    curve = ctx.params.curve,
    function()
      for _, s in ipairs(strips) do place(s, target, ctx.params) end
    end,
    completion = function()
      if not ctx.presenting then ctx.container:add(ctx.to.view) end
      for _, s in ipairs(strips) do s.panel:remove() end
      ctx:complete(not ctx.cancelled)
    end,
  }
end

return fold
