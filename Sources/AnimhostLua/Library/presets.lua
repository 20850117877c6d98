-- Hero's default animations for the shared-element library: the two screens pushed, pulled,
-- covered, slid, paged, faded or zoomed, with Hero's numbers. Loaded after shared.lua, with the
-- library and what it shares; everything used is captured now.
local shared, internal = ...
local node, animate = node, animate
local identity, scaleBy, translateBy = transform.identity, transform.scale, transform.translate
local type, error, ipairs, pairs = type, error, ipairs, pairs
local sort, concat, match, format = table.sort, table.concat, string.match, string.format
local checkOptions, run, join = internal.checkOptions, internal.run, internal.join

-- Hero's default animation length for the screens, and its overlay's opacity.
local PRESET_DURATION, OVERLAY_ALPHA = 0.35, 0.1

local reversedName = { push = "pull", pull = "push", cover = "uncover", uncover = "cover", slide = "slide",
                       zoomSlide = "zoomSlide", pageIn = "pageOut", pageOut = "pageIn", fade = "fade",
                       zoom = "zoomOut", zoomOut = "zoom", none = "none" }
local opposite = { left = "right", right = "left", up = "down", down = "up" }
local directional = { push = true, pull = true, cover = true, uncover = true, slide = true, zoomSlide = true,
                      pageIn = true, pageOut = true }

-- Parses `name`, `name(direction)` or `autoReverse(preset)` into { name, direction }; errors are
-- raised at stack `level`.
local function parsePreset(spec, presenting, level)
  if type(spec) ~= "string" then error("preset: expected a string such as \"push(left)\"", level) end
  local inner = match(spec, "^%s*autoReverse%((.*)%)%s*$")
  if inner then
    local p = parsePreset(inner, true, level + 1)
    if presenting then return p end
    return { name = reversedName[p.name], direction = p.direction and opposite[p.direction] }
  end
  local name, direction = match(spec, "^%s*(%a+)%s*%(%s*(%a+)%s*%)%s*$")
  name = name or match(spec, "^%s*(%a+)%s*$")
  if not name or not reversedName[name] then
    local names = {}
    for k in pairs(reversedName) do names[#names + 1] = k end
    sort(names)
    error(format("preset '%s': expected one of %s, or autoReverse(preset)", spec, concat(names, ", ")), level)
  end
  if direction and not directional[name] then error(format("preset '%s': %s takes no direction", spec, name), level) end
  if direction and not opposite[direction] then
    error(format("preset '%s': the direction is left, right, up or down", spec), level)
  end
  return { name = name, direction = directional[name] and (direction or "left") or nil }
end

-- `shared.parsePreset(spec, presenting)`: the preset a spec names, reversed for a dismissal by autoReverse.
function shared.parsePreset(spec, presenting) return parsePreset(spec, presenting, 2) end

-- Hero's shift of a whole screen: where the appearing screen starts, or the leaving one ends.
local function shift(direction, appearing, size)
  if direction == "left" or direction == "right" then
    return (direction == "right") == appearing and -size.width or size.width, 0
  end
  return 0, (direction == "down") == appearing and -size.height or size.height
end

-- The two screens' modified states for a preset: { from = …, to = …, toBelow, curve }.
local function presetStates(p, size)
  local d = p.direction
  local inX, inY, outX, outY = 0, 0, 0, 0
  if d then
    inX, inY = shift(d, true, size)
    outX, outY = shift(d, false, size)
  end
  local n = p.name
  if n == "push" then
    return { to = { translate = { inX, inY } }, from = { translate = { outX / 3, outY / 3 }, overlay = true }, curve = "deceleration" }
  elseif n == "pull" then
    return { to = { translate = { inX / 3, inY / 3 }, overlay = true }, from = { translate = { outX, outY } }, toBelow = true }
  elseif n == "cover" then
    return { to = { translate = { inX, inY } }, from = { overlay = true }, curve = "deceleration" }
  elseif n == "uncover" then
    return { to = { overlay = true }, from = { translate = { outX, outY } }, toBelow = true }
  elseif n == "slide" then
    return { to = { translate = { inX, inY } }, from = { translate = { outX, outY } } }
  elseif n == "zoomSlide" then
    return { to = { translate = { inX, inY }, scale = 0.8 }, from = { translate = { outX, outY }, scale = 0.8 } }
  elseif n == "pageIn" then
    return { to = { translate = { inX, inY } }, from = { scale = 0.7, overlay = true }, curve = "deceleration" }
  elseif n == "pageOut" then
    return { to = { scale = 0.7, overlay = true }, from = { translate = { outX, outY } }, toBelow = true }
  elseif n == "fade" then
    return { to = { alpha = 0 }, from = { alpha = 0 } }
  elseif n == "zoom" then
    return { to = { scale = 0.7 }, from = { scale = 1.3, alpha = 0 }, toBelow = true }
  elseif n == "zoomOut" then
    return { to = { scale = 1.3, alpha = 0 }, from = { scale = 0.7 } }
  end
  return { to = {}, from = {} }
end

local function screenTransform(st)
  local t = identity
  if st.scale then t = t * scaleBy(st.scale) end
  if st.translate then t = t * translateBy(st.translate[1], st.translate[2]) end
  return t
end

local presetOptions = { duration = true, delay = true, completion = true }

-- Puts the destination screen in the container (above or below the source, as the preset wants)
-- and animates both screens; `options.completion(finished)` once they have ended. The screens keep
-- their end states until the whole transition completes (`ctx:complete`), then are back at rest.
function shared.preset(ctx, spec, options)
  local o = checkOptions(options, presetOptions, "shared.preset")
  local p = parsePreset(spec, ctx.presenting, 3)
  local states = presetStates(p, ctx.container.bounds.size)
  local from, to = ctx.from.view, ctx.to.view
  if to.parent ~= ctx.container then
    if states.toBelow then ctx.container:insert(to, { below = from }) else ctx.container:add(to) end
  end
  local screens = {
    { view = from, leaving = true, state = states.from },
    { view = to, leaving = false, state = states.to },
  }
  local item = { duration = p.name == "none" and 0 or (o.duration or PRESET_DURATION), delay = o.delay or 0,
                 curve = states.curve or "standard", preset = p }
  local done = join(#screens, o.completion)
  for _, screen in ipairs(screens) do
    local v, st = screen.view, screen.state
    local rest = { transform = v.transform, alpha = v.alpha }
    local modified = { transform = rest.transform * screenTransform(st), alpha = st.alpha or rest.alpha }
    local start, finish = screen.leaving and rest or modified, screen.leaving and modified or rest
    local dim
    if st.overlay then
      dim = v:add(node{ id = v.id .. "-dim", frame = v.bounds, backgroundColor = "#000000",
                         alpha = screen.leaving and 0 or OVERLAY_ALPHA })
    end
    if dim then internal.dims[dim] = true end
    internal.motions[v] = { ctx = ctx, item = item, start = start, finish = finish }
    v.transform, v.alpha = start.transform, start.alpha
    run(item, function()
      v.transform, v.alpha = finish.transform, finish.alpha
      if dim then dim.alpha = screen.leaving and OVERLAY_ALPHA or 0 end
    end, done)
    ctx:onComplete(function()
      v.transform, v.alpha = rest.transform, rest.alpha
      if dim then dim:remove() end
    end)
  end
  return item
end

local crossfadeOptions = { curve = true, scale = true }

-- `shared.crossfade(ctx, options)`: the reduced-motion form of a transition, a crossfade over its
-- duration (`options.curve`, else easeInOut). Presenting fades the destination in over the source;
-- going back fades the source out over the destination. With `options.scale` the screen underneath
-- is also scaled by it (the source shrinks as the destination comes, the destination grows back as
-- the source goes). The transition completes unless it was cancelled.
function shared.crossfade(ctx, options)
  local o = checkOptions(options, crossfadeOptions, "shared.crossfade")
  if o.scale ~= nil and type(o.scale) ~= "number" then error("shared.crossfade.scale: expected a number", 2) end
  local from, to = ctx.from.view, ctx.to.view
  local shrunk = o.scale and scaleBy(o.scale)
  if ctx.presenting then
    ctx.container:add(to)
    to.alpha = 0
  else
    ctx.container:insert(to, { below = from })
    if shrunk then to.transform = shrunk end
  end
  animate{
    duration = ctx:duration(),
    curve = o.curve or "easeInOut",
    function()
      if ctx.presenting then
        if shrunk then from.transform = shrunk end
        to.alpha = 1
      else
        if shrunk then to.transform = identity end
        from.alpha = 0
      end
    end,
    completion = function()
      if shrunk and ctx.presenting then from.transform = identity end
      from.alpha = 1
      ctx:complete(not ctx.cancelled)
    end,
  }
end
