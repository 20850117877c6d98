-- The shared-element library, installed in every plugin's state: `shared(ctx, options)` flies the
-- scenes' tagged pairs, `shared.modifiers` animates the nodes left over by their Hero modifiers,
-- `shared.preset` moves the two screens as one of Hero's default animations, and `shared.plan`
-- says how long all of it lasts. docs/shared-elements.md describes the rules and the numbers.
--
-- Everything used here is captured now, before any plugin runs, so a plugin that replaces a
-- global cannot change what the library does.
local parsedModifiers, imageSize = ...
local keyframes, keyframe = keyframes, keyframe
local rect, point, spring, node = rect, point, spring, node
local identity, scaleBy, translateBy, rotateBy = transform.identity, transform.scale, transform.translate, transform.rotate
local type, error, ipairs, pairs, tostring, setmetatable = type, error, ipairs, pairs, tostring, setmetatable
local abs, sqrt, min, max = math.abs, math.sqrt, math.min, math.max
local sort, concat = table.sort, table.concat
local match, format = string.match, string.format

local shared = {}

-- Segments of an arced flight: its frames lie exactly on the curve at every 1/ARC_STEPS of progress.
local ARC_STEPS = 32
-- Hero's default animation length for the screens, and its overlay's opacity.
local PRESET_DURATION, OVERLAY_ALPHA = 0.35, 0.1

-- MARK: Geometry

-- A node's frame in the container, as drawn at rest: its scene's root is taken untransformed, so
-- that a screen already moved by a preset does not shift the frames of its elements.
local function restingFrame(n, root)
  local r = n == root and n.bounds or n:convert(n.bounds, root)
  local o = root.frame
  return rect(r.x + o.x, r.y + o.y, r.width, r.height)
end

-- Hero's automatic duration: 0.208 s plus a 3000th of the distance the centre travels and the size
-- changes by, that distance clamped to 0…500 points.
function shared.automaticDuration(fromFrame, toFrame)
  local dx, dy = toFrame.midX - fromFrame.midX, toFrame.midY - fromFrame.midY
  local dw, dh = toFrame.width - fromFrame.width, toFrame.height - fromFrame.height
  local distance = sqrt(dx * dx + dy * dy) + sqrt(dw * dw + dh * dh)
  return 0.208 + min(max(distance, 0), 500) / 3000
end

local function intersects(a, b)
  return a.minX < b.maxX and b.minX < a.maxX and a.minY < b.maxY and b.minY < a.maxY
end

-- Hero's automatic curve: deceleration for what enters the screen, acceleration for what leaves it.
function shared.automaticCurve(fromFrame, toFrame, screen)
  if not intersects(fromFrame, screen) then return "deceleration" end
  if not intersects(toFrame, screen) then return "acceleration" end
  return "standard"
end

-- Hero's arc: the control point of the quadratic path from `a` to `b` (centres), or nil for a
-- straight move (either axis moves less than a point).
function shared.arcControl(a, b, intensity)
  if abs(b.x - a.x) < 1 or abs(b.y - a.y) < 1 then return nil end
  local mid = point((a.x + b.x) / 2, (a.y + b.y) / 2)
  local corner = a.y > b.y and point(b.x, a.y) or point(a.x, b.y)
  return point(mid.x + (corner.x - mid.x) * intensity, mid.y + (corner.y - mid.y) * intensity)
end

-- The point at `s` (0…1) of the quadratic Bézier a → c → b.
function shared.arcPoint(a, c, b, s)
  local u = 1 - s
  return point(u * u * a.x + 2 * u * s * c.x + s * s * b.x, u * u * a.y + 2 * u * s * c.y + s * s * b.y)
end

-- The frame at progress `s` of a move from `f0` to `f1`: the size interpolated, the centre on the arc.
local function arcFrame(f0, f1, control, s)
  local c = shared.arcPoint(f0.center, control, f1.center, s)
  local w, h = f0.width + (f1.width - f0.width) * s, f0.height + (f1.height - f0.height) * s
  return rect(c.x - w / 2, c.y - h / 2, w, h)
end

-- Sets `n.frame` to `target` inside a keyframes block: along the arc when there is one.
local function moveFrame(n, f0, target, control)
  if not control then n.frame = target return end
  for k = 1, ARC_STEPS do
    local f = arcFrame(f0, target, control, k / ARC_STEPS)
    keyframe((k - 1) / ARC_STEPS, 1 / ARC_STEPS, function() n.frame = f end)
  end
end

-- MARK: Options

local function checkOptions(options, allowed, what)
  if options == nil then return {} end
  if type(options) ~= "table" then error(what .. ": expected a table of options", 3) end
  for k in pairs(options) do
    if not allowed[k] then
      local names = {}
      for name in pairs(allowed) do names[#names + 1] = name end
      sort(names)
      error(format("%s: unknown option '%s' (expected %s)", what, tostring(k), concat(names, ", ")), 3)
    end
  end
  return options
end

local function oneOf(value, choices, default, what)
  if value == nil then return default end
  for _, c in ipairs(choices) do if c == value then return value end end
  error(format("%s: expected %s, got '%s'", what, concat(choices, ", "), tostring(value)), 3)
end

-- The arc's intensity: nil for a straight move.
local function intensityOf(arc)
  if arc == true then return 1 end
  if type(arc) == "number" then return arc end
  return nil
end

-- The timing of one block: `curve` or `spring` as given, else the automatic curve.
local function timing(options, auto)
  if options.spring ~= nil then return nil, options.spring end
  return options.curve or auto, nil
end

-- A `spring{…}` object runs for its own settling time, whatever the duration: the plan says so.
local function settle(item)
  if type(item.spring) == "userdata" then item.duration = item.spring.settlingDuration end
  return item
end

-- Runs `body` as a keyframes block with the plan item's timing; `done(finished)` after it ends.
local function run(item, body, done)
  keyframes{ duration = item.duration, delay = item.delay, curve = item.curve, spring = item.spring,
             body, completion = done }
end

-- Calls `completion(allFinished)` once `count` parts have reported; at once when there are none.
local function join(count, completion)
  local left, ok = count, true
  local function one(finished)
    ok = ok and finished
    left = left - 1
    if left == 0 and completion then completion(ok) end
  end
  if count == 0 and completion then completion(true) end
  return one
end

-- MARK: Flights

local flightOptions = { pairs = true, duration = true, curve = true, spring = true, delay = true, arc = true,
                        properties = true, zIndex = true, fade = true, completion = true }

-- Modifiers of a matched node that time its flight.
local function flightModifiers(n, presenting)
  local out = {}
  local function take(list)
    for _, m in ipairs(list) do
      if m.name == "whenPresenting" then if presenting then take(m) end
      elseif m.name == "whenDismissing" then if not presenting then take(m) end
      else out[m.name] = m end
    end
  end
  take(parsedModifiers(n))
  return out
end

local function isInside(n, ancestor)
  local p = n.parent
  while p do
    if p == ancestor then return true end
    p = p.parent
  end
  return false
end

-- One flight's plan: frames, timing and how it fades.
local function planFlight(ctx, pair, o)
  local f0 = restingFrame(pair.from, ctx.from.view)
  local f1 = restingFrame(pair.to, ctx.to.view)
  local target = f1
  if o.properties == "position" then
    target = rect(f1.midX - f0.width / 2, f1.midY - f0.height / 2, f0.width, f0.height)
  elseif o.properties == "size" then
    target = rect(f0.midX - f1.width / 2, f0.midY - f1.height / 2, f1.width, f1.height)
  end
  local m = flightModifiers(pair.to, ctx.presenting)
  local intensity = intensityOf(o.arc)
  if m.arc then intensity = m.arc[1] end
  local item = { tag = pair.tag, from = pair.from, to = pair.to, fromFrame = f0, toFrame = target,
                 delay = (o.delay or 0) + (m.delay and m.delay[1] or 0),
                 duration = m.duration and m.duration[1] or o.duration or shared.automaticDuration(f0, target),
                 fade = o.fade, zIndex = m.zPosition and m.zPosition[1] or o.zIndex }
  item.control = intensity and shared.arcControl(f0.center, target.center, intensity)
  item.curve, item.spring = timing(o, shared.automaticCurve(f0, target, ctx.container.bounds))
  if m.curve then item.curve, item.spring = m.curve[1], nil end
  if m.spring then item.curve, item.spring = nil, spring{ stiffness = m.spring[1], damping = m.spring[2] } end
  return settle(item)
end

local function planFlights(ctx, o)
  local list = o.pairs or ctx:matches()
  local plans = {}
  for i, pair in ipairs(list) do plans[i] = planFlight(ctx, pair, o) end
  return plans
end

-- A copy of `n` placed at `frame` in the container, without the nested matched nodes (they fly on
-- their own).
local function flyingCopy(ctx, n, frame, matched, zIndex)
  local copy = n:snapshot()
  copy.frame = frame
  copy.transform = identity
  for other in pairs(matched) do
    if isInside(other, n) then
      local inner = copy:find(other.id)
      if inner then inner:remove() end
    end
  end
  if zIndex then copy.zIndex = zIndex end
  ctx.container:add(copy)
  return copy
end

-- Where a picture of `image` size lies in a w × h node for a content mode, as UIImageView places it.
local function contentRect(mode, image, w, h)
  if mode == "fill" then return rect(0, 0, w, h) end
  local sx, sy = w / image.width, h / image.height
  local s = mode == "aspectFit" and min(sx, sy) or max(sx, sy)
  local iw, ih = image.width * s, image.height * s
  return rect((w - iw) / 2, (h - ih) / 2, iw, ih)
end

-- When the two content modes differ, moves the copy's picture into a child of its own whose frame
-- goes from the source's crop to the destination's (Android's ChangeImageTransform); returns the
-- child and its last frame.
local function separatePicture(copy, item)
  local a, b = item.from, item.to
  if not a.image or a.contentMode == b.contentMode then return nil end
  local size = imageSize(a)
  if not size then return nil end
  local picture = node{ id = copy.id .. "-picture", image = a.image, contentMode = "fill",
                        frame = contentRect(a.contentMode, size, item.fromFrame.width, item.fromFrame.height) }
  copy.image = nil
  local first = copy.children[1]
  if first then copy:insert(picture, { below = first }) else copy:add(picture) end
  return picture, contentRect(b.contentMode, size, item.toFrame.width, item.toFrame.height)
end

-- Starts one planned flight; `done(finished, cleanUp)` once it has ended, where `cleanUp()` removes
-- its copies and shows the originals again.
local function fly(ctx, item, matched, done)
  local a, b = item.from, item.to
  local endAlpha, fade = b.alpha, item.fade
  local under
  if fade == "out" then under = flyingCopy(ctx, b, item.fromFrame, matched, item.zIndex) end
  local copy = flyingCopy(ctx, a, item.fromFrame, matched, item.zIndex)
  local picture, pictureFrame = separatePicture(copy, item)
  local over
  if fade == "cross" or fade == "in" then
    over = flyingCopy(ctx, b, item.fromFrame, matched, item.zIndex)
    over.alpha = 0
  end
  item.snapshot, item.destinationSnapshot = copy, over or under
  a.hidden, b.hidden = true, true
  run(item, function()
    for _, n in ipairs({ copy, over or under }) do
      moveFrame(n, item.fromFrame, item.toFrame, item.control)
      n.cornerRadius = b.cornerRadius
      n.backgroundColor = b.backgroundColor
    end
    copy.alpha = (fade == "cross" or fade == "out") and 0 or endAlpha
    if over then over.alpha = endAlpha end
    if picture then picture.frame = pictureFrame end
  end, function(finished)
    done(finished, function()
      a.hidden, b.hidden = false, false
      copy:remove()
      if over then over:remove() end
      if under then under:remove() end
    end)
  end)
end

-- Flies every matched pair (or `options.pairs`) and returns the flights. Each copy waits at its
-- destination until the last flight has ended (a nested node's original may lie inside another
-- flight's hidden one); then the originals show again and `options.completion(finished)` runs.
local function flyAll(ctx, options)
  local o = checkOptions(options, flightOptions, "shared")
  o.properties = oneOf(o.properties, { "frame", "position", "size" }, "frame", "shared.properties")
  o.fade = oneOf(o.fade, { "none", "cross", "in", "out" }, "none", "shared.fade")
  if o.curve ~= nil and o.spring ~= nil then error("shared: give either curve or spring, not both", 2) end
  if o.arc ~= nil and type(o.arc) ~= "boolean" and type(o.arc) ~= "number" then
    error("shared.arc: expected true, false or an intensity", 2)
  end
  local plans = planFlights(ctx, o)
  local matched = {}
  for _, item in ipairs(plans) do matched[item.from], matched[item.to] = true, true end
  local cleanUps = {}
  local done = join(#plans, function(finished)
    for _, cleanUp in ipairs(cleanUps) do cleanUp() end
    if o.completion then o.completion(finished) end
  end)
  for _, item in ipairs(plans) do
    fly(ctx, item, matched, function(finished, cleanUp)
      cleanUps[#cleanUps + 1] = cleanUp
      done(finished)
    end)
  end
  return plans
end

setmetatable(shared, { __call = function(_, ctx, options) return flyAll(ctx, options) end })

-- MARK: Modifiers

-- What a node's modifiers say, for the current direction.
local function resolve(list, presenting, out)
  out = out or { transform = nil, delay = 0 }
  for _, m in ipairs(list) do
    local name = m.name
    if name == "whenPresenting" then if presenting then resolve(m, presenting, out) end
    elseif name == "whenDismissing" then if not presenting then resolve(m, presenting, out) end
    elseif name == "fade" then out.alpha = 0
    elseif name == "opacity" then out.alpha = m[1]
    elseif name == "scale" then out.scale = { m[1], m[2] }
    elseif name == "translate" then out.translate = { m[1], m[2] }
    elseif name == "rotate" then out.rotate = m[1]
    elseif name == "size" then out.size = { m[1], m[2] }
    elseif name == "position" then out.position = { m[1], m[2] }
    elseif name == "cornerRadius" then out.cornerRadius = m[1]
    elseif name == "zPosition" then out.zIndex = m[1]
    elseif name == "delay" then out.delay = out.delay + m[1]
    elseif name == "duration" then out.duration = m[1]
    elseif name == "curve" then out.curve, out.spring = m[1], nil
    elseif name == "spring" then out.curve, out.spring = nil, spring{ stiffness = m[1], damping = m[2] }
    elseif name == "arc" then out.arc = m[1]
    elseif name == "cascade" then out.cascade = { m[1], m[2] }
    elseif name == "source" then out.source = m[1]
    end
  end
  return out
end

local function hasVisualChange(s)
  return s.alpha or s.scale or s.translate or s.rotate or s.size or s.position or s.cornerRadius or s.source
end

-- The first visible node carrying `tag` under `root`.
local function findTag(root, tag)
  if root.tag == tag and not root.hidden then return root end
  for _, c in ipairs(root.children) do
    local hit = findTag(c, tag)
    if hit then return hit end
  end
  return nil
end

-- The delays a `cascade(delta, direction)` on `parent` gives its children, by child.
local function cascadeDelays(parent, delta, direction)
  local order = {}
  local center = parent.bounds.center
  for i, c in ipairs(parent.children) do
    local f = c.frame
    local key
    if direction == "topToBottom" then key = f.minY
    elseif direction == "bottomToTop" then key = -f.maxY
    elseif direction == "leftToRight" then key = f.minX
    elseif direction == "rightToLeft" then key = -f.maxX
    else key = sqrt((f.midX - center.x) ^ 2 + (f.midY - center.y) ^ 2) end
    order[i] = { node = c, key = key, index = i }
  end
  sort(order, function(l, r) if l.key ~= r.key then return l.key < r.key end return l.index < r.index end)
  local delays = {}
  for rank, entry in ipairs(order) do delays[entry.node] = (rank - 1) * delta end
  return delays
end

-- The modified state of `n` (frame in its parent, alpha, transform, corner radius) from `s`; `root`
-- is its scene's view, `otherRoot` the other scene's, where `source(tag)` looks.
local function modifiedState(n, s, root, otherRoot)
  local f = n.frame
  if s.size then f = rect(f.midX - s.size[1] / 2, f.midY - s.size[2] / 2, s.size[1], s.size[2]) end
  if s.position then f = rect(s.position[1] - f.width / 2, s.position[2] - f.height / 2, f.width, f.height) end
  if s.source then
    local other = findTag(otherRoot, s.source)
    if not other then
      error(format("modifier source(%s) on '%s': no visible node has that tag in the other scene", s.source, n.id), 0)
    end
    local there, parent = restingFrame(other, otherRoot), restingFrame(n.parent, root)
    f = rect(there.x - parent.x, there.y - parent.y, there.width, there.height)
  end
  local t = identity
  if s.scale then t = t * scaleBy(s.scale[1], s.scale[2]) end
  if s.rotate then t = t * rotateBy(s.rotate) end
  if s.translate then t = t * translateBy(s.translate[1], s.translate[2]) end
  return { frame = f, alpha = s.alpha or n.alpha, transform = n.transform * t,
           cornerRadius = s.cornerRadius or n.cornerRadius }
end

-- Appends to `out` the nodes under `root` (itself excluded) whose modifiers change how they look,
-- with the delays of their own modifiers and of the cascades above them.
local function collect(root, skip, presenting, leaving, out)
  local function visit(n, delay)
    if skip[n] then return end
    local s = resolve(parsedModifiers(n), presenting)
    if hasVisualChange(s) and n ~= root then
      out[#out + 1] = { node = n, state = s, leaving = leaving, delay = delay + s.delay }
    end
    local childDelays = s.cascade and cascadeDelays(n, s.cascade[1], s.cascade[2]) or {}
    for _, c in ipairs(n.children) do visit(c, delay + (childDelays[c] or 0)) end
  end
  visit(root, 0)
  return out
end

local modifierOptions = { duration = true, curve = true, spring = true, delay = true, completion = true, pairs = true }

-- Plans the modifier animations of every node that is not part of a matched pair.
local function planModifiers(ctx, o)
  local skip = {}
  for _, pair in ipairs(o.pairs or ctx:matches()) do skip[pair.from], skip[pair.to] = true, true end
  local items = {}
  collect(ctx.from.view, skip, ctx.presenting, true, items)
  collect(ctx.to.view, skip, ctx.presenting, false, items)
  local screen = ctx.container.bounds
  for _, item in ipairs(items) do
    local n, s = item.node, item.state
    local rest = { frame = n.frame, alpha = n.alpha, transform = n.transform, cornerRadius = n.cornerRadius, zIndex = n.zIndex }
    local root, otherRoot = ctx.from.view, ctx.to.view
    if not item.leaving then root, otherRoot = otherRoot, root end
    local modified = modifiedState(n, s, root, otherRoot)
    item.rest, item.start, item.finish = rest, item.leaving and rest or modified, item.leaving and modified or rest
    local parent = restingFrame(n.parent, root)
    local function inContainer(f) return rect(f.x + parent.x, f.y + parent.y, f.width, f.height) end
    local f0, f1 = inContainer(item.start.frame), inContainer(item.finish.frame)
    if s.translate then
      local shift = item.leaving and f1 or f0
      local moved = rect(shift.x + s.translate[1], shift.y + s.translate[2], shift.width, shift.height)
      if item.leaving then f1 = moved else f0 = moved end
    end
    item.delay = item.delay + (o.delay or 0)
    item.duration = s.duration or o.duration or shared.automaticDuration(f0, f1)
    item.curve, item.spring = timing(o, shared.automaticCurve(f0, f1, screen))
    if s.curve or s.spring then item.curve, item.spring = s.curve, s.spring end
    item.control = s.arc and shared.arcControl(item.start.frame.center, item.finish.frame.center, s.arc)
    settle(item)
  end
  return items
end

local function applyState(n, st)
  n.frame, n.alpha, n.transform, n.cornerRadius = st.frame, st.alpha, st.transform, st.cornerRadius
end

-- Animates every node without a match by its modifiers and returns the animated nodes' plans;
-- `options.completion(finished)` runs once they have all ended, every node back at rest.
function shared.modifiers(ctx, options)
  local o = checkOptions(options, modifierOptions, "shared.modifiers")
  local items = planModifiers(ctx, o)
  local done = join(#items, o.completion)
  for _, item in ipairs(items) do
    local n = item.node
    applyState(n, item.start)
    if item.state.zIndex then n.zIndex = item.state.zIndex end
    run(item, function()
      moveFrame(n, item.start.frame, item.finish.frame, item.control)
      n.alpha, n.transform, n.cornerRadius = item.finish.alpha, item.finish.transform, item.finish.cornerRadius
    end, function(finished)
      applyState(n, item.rest)
      n.zIndex = item.rest.zIndex
      done(finished)
    end)
  end
  return items
end

-- MARK: Presets

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
-- and animates both screens; `options.completion(finished)` once they are back at rest.
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
    v.transform, v.alpha = start.transform, start.alpha
    run(item, function()
      v.transform, v.alpha = finish.transform, finish.alpha
      if dim then dim.alpha = screen.leaving and OVERLAY_ALPHA or 0 end
    end, function(finished)
      v.transform, v.alpha = rest.transform, rest.alpha
      if dim then dim:remove() end
      done(finished)
    end)
  end
  return item
end

-- MARK: Planning

-- How long the flights and modifier animations take (delays included), and the plans themselves.
function shared.plan(ctx, options)
  local o = options or {}
  local flights = planFlights(ctx, { pairs = o.pairs, duration = o.duration, delay = o.delay, arc = o.arc,
                                     properties = o.properties, curve = o.curve, spring = o.spring })
  local animated = planModifiers(ctx, { pairs = o.pairs, duration = o.duration, delay = o.delay,
                                        curve = o.curve, spring = o.spring })
  local longest = 0
  for _, list in ipairs({ flights, animated }) do
    for _, item in ipairs(list) do longest = max(longest, item.delay + item.duration) end
  end
  return { flights = flights, modifiers = animated, duration = longest }
end

return shared
