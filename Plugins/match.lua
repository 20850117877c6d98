-- match: shared elements by tag, with no code per pair (SwiftUI's matchedGeometryEffect, Flutter's
-- Hero, Android's transitionName, Hero for iOS). Every tag on a visible node of both scenes flies
-- from its frame to the other's; untagged nodes animate by their modifiers; the two screens follow
-- one of Hero's presets. Interactive like the rest: an edge swipe scrubs it and can cancel it.

---@type Plugin
local match = {
  name = "match",
  summary = "Tagged elements fly between the screens; the rest follow their modifiers and a Hero preset",
  params = {
    preset = "autoReverse(push(left))",  -- a Hero default animation: push(left), fade, zoom, none, …
    duration = "auto",                   -- seconds, or auto: Hero's duration from each flight's distance
    arc = "false",                       -- true, false, an intensity (Hero's arc), material, materialCenter
    fade = "auto",                       -- auto, none, cross, in, out: how a flight changes into its destination
    properties = "frame",                -- frame, position, size: what of the destination a flight takes
    curve = "auto",                      -- an easing spec, or auto: Material's curves as Hero picks them
  },
  scenes = { from = "grid", to = "detail" },
}

-- The library's options from the params.
---@param ctx Context
---@return SharedOptions
local function options(ctx)
  local p = ctx.params
  ---@type SharedOptions
  local o = { fade = p.fade, properties = p.properties }
  if p.duration ~= "auto" then
    o.duration = tonumber(p.duration)
    assert(o.duration and o.duration >= 0, "match: duration is auto or a number of seconds, got '" .. p.duration .. "'")
  end
  if p.curve ~= "auto" then o.curve = p.curve end
  if p.arc == "true" then o.arc = true
  elseif p.arc == "material" or p.arc == "materialCenter" then o.arc = p.arc
  elseif p.arc ~= "false" then
    o.arc = tonumber(p.arc)
    assert(o.arc, "match: arc is true, false, an intensity, material or materialCenter, got '" .. p.arc .. "'")
  end
  return o
end

-- The screens take the given duration, else the longest flight's, else Hero's 0.35 s.
---@param plan {duration: number} what shared.plan returns
---@param o SharedOptions
local function presetDuration(plan, o)
  if o.duration then return o.duration end
  if plan.duration > 0 then return plan.duration end
  return 0.35
end

function match.duration(ctx)
  local o = options(ctx)
  local plan = shared.plan(ctx, o)
  local preset = shared.parsePreset(ctx.params.preset, ctx.presenting)
  local screens = preset.name == "none" and 0 or presetDuration(plan, o)
  return math.max(plan.duration, screens)
end

function match.animate(ctx)
  if ctx.reducedMotion then return shared.crossfade(ctx) end
  local o = options(ctx)
  local plan = shared.plan(ctx, o)
  local parts = 3  -- the screens, the modifier animations and the flights
  local function done()
    parts = parts - 1
    if parts == 0 then ctx:complete(not ctx.cancelled) end
  end
  shared.preset(ctx, ctx.params.preset, { duration = presetDuration(plan, o), completion = done })
  o.completion = done
  shared.modifiers(ctx, { duration = o.duration, curve = o.curve, completion = done })
  shared(ctx, o)
end

return match
