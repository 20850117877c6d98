-- The shared-element library, installed in every plugin's state: `shared(ctx, options)` flies the
-- scenes' tagged pairs and `shared.plan` says how long everything lasts; modifiers.lua animates the
-- nodes left over by their Hero modifiers and presets.lua moves the two screens as one of Hero's
-- default animations. docs/shared-elements.md describes the rules and the numbers.
--
-- Everything used here is captured now, before any plugin runs, so a plugin that replaces a
-- global cannot change what the library does.
local parsedModifiers, imageSize, sameText = ...
local keyframes, keyframe = keyframes, keyframe
local rect, point, spring, node, easing = rect, point, spring, node, easing
local identity, scaleBy = transform.identity, transform.scale
local type, error, ipairs, pairs, tostring, setmetatable, pcall = type, error, ipairs, pairs, tostring, setmetatable, pcall
local abs, sqrt, min, max = math.abs, math.sqrt, math.min, math.max
local asin, cos, sin, pi = math.asin, math.cos, math.sin, math.pi
local sort, concat = table.sort, table.concat
local format = string.format

local shared = {}
-- What modifiers.lua and presets.lua share with this file (they fill in `planModifiers`). `motions`
-- holds how a preset moves each screen (in which transition), `dims` the overlays it adds (both weak).
local internal = { motions = setmetatable({}, { __mode = "k" }), dims = setmetatable({}, { __mode = "k" }) }

-- Segments of an arced flight: its frames lie exactly on the curve at every 1/ARC_STEPS of progress.
local ARC_STEPS = 32

-- MARK: Geometry

-- A node's untransformed frame (its bounds at its centre); `frame` is the transformed box, as UIKit's.
local function untransformedFrame(n)
  local c, b = n.center, n.bounds
  return rect(c.x - b.width / 2, c.y - b.height / 2, b.width, b.height)
end

-- Gives `n` the untransformed frame `f`, whatever its transform: its centre and bounds.
local function place(n, f)
  n.bounds = rect(0, 0, f.width, f.height)
  n.center = f.center
end

-- A node's frame in the container, as drawn at rest: its scene's root is taken untransformed, so
-- that a screen already moved by a preset does not shift the frames of its elements.
local function restingFrame(n, root)
  local r = n == root and n.bounds or n:convert(n.bounds, root)
  local o = untransformedFrame(root)
  return rect(r.x + o.x, r.y + o.y, r.width, r.height)
end

-- Hero's automatic duration: 0.208 s plus a 3000th of the distance the centre travels and the size
-- changes by, that distance clamped to 0…500 points.
local function automaticDuration(fromFrame, toFrame)
  local dx, dy = toFrame.midX - fromFrame.midX, toFrame.midY - fromFrame.midY
  local dw, dh = toFrame.width - fromFrame.width, toFrame.height - fromFrame.height
  local distance = sqrt(dx * dx + dy * dy) + sqrt(dw * dw + dh * dh)
  return 0.208 + min(max(distance, 0), 500) / 3000
end

local function intersects(a, b)
  return a.minX < b.maxX and b.minX < a.maxX and a.minY < b.maxY and b.minY < a.maxY
end

-- Hero's automatic curve: deceleration for what enters the screen, acceleration for what leaves it.
local function automaticCurve(fromFrame, toFrame, screen)
  if not intersects(fromFrame, screen) then return "deceleration" end
  if not intersects(toFrame, screen) then return "acceleration" end
  return "standard"
end

-- Hero's arc: the control point of the quadratic path from `a` to `b` (centres), or nil for a
-- straight move (either axis moves less than a point).
local function arcControl(a, b, intensity)
  if abs(b.x - a.x) < 1 or abs(b.y - a.y) < 1 then return nil end
  local mid = point((a.x + b.x) / 2, (a.y + b.y) / 2)
  local corner = a.y > b.y and point(b.x, a.y) or point(a.x, b.y)
  return point(mid.x + (corner.x - mid.x) * intensity, mid.y + (corner.y - mid.y) * intensity)
end

-- The point at `s` (0…1) of the quadratic Bézier a → c → b.
local function arcPoint(a, c, b, s)
  local u = 1 - s
  return point(u * u * a.x + 2 * u * s * c.x + s * s * b.x, u * u * a.y + 2 * u * s * c.y + s * s * b.y)
end

shared.automaticDuration, shared.automaticCurve = automaticDuration, automaticCurve
shared.arcControl, shared.arcPoint = arcControl, arcPoint

-- The rect centred at `c` with the size at progress `s` from `f0`'s to `f1`'s.
local function sizedAt(c, f0, f1, s)
  local w, h = f0.width + (f1.width - f0.width) * s, f0.height + (f1.height - f0.height) * s
  return rect(c.x - w / 2, c.y - h / 2, w, h)
end

local function sign(v) return v > 0 and 1 or (v < 0 and -1 or 0) end

-- Flutter's MaterialPointArcTween: the point at progress s of a circular arc from `a` to `b` whose
-- sweep is at most 90° (its centre level with `b` when the move is taller than wide, else straight
-- above or below `a`); a straight line when either axis moves 2 points or less.
local function materialPointPath(a, b)
  local dx, dy = b.x - a.x, b.y - a.y
  if abs(dx) <= 2 or abs(dy) <= 2 then return function(s) return point(a.x + dx * s, a.y + dy * s) end end
  local d2 = dx * dx + dy * dy
  local radius, cx, cy, from, to
  if abs(dx) < abs(dy) then
    radius = d2 / abs(dx) / 2
    cx, cy = b.x + radius * sign(a.x - b.x), b.y
    local sweep = 2 * asin(sqrt(d2) / (2 * radius))
    if a.x < b.x then from, to = sweep * sign(a.y - b.y), 0 else from, to = pi + sweep * sign(b.y - a.y), pi end
  else
    radius = d2 / abs(dy) / 2
    cx, cy = a.x, a.y + sign(dy) * radius
    local sweep = 2 * asin(sqrt(d2) / (2 * radius))
    if a.y < b.y then from, to = -pi / 2, -pi / 2 + sweep * sign(dx) else from, to = pi / 2, pi / 2 + sweep * sign(a.x - b.x) end
  end
  return function(s)
    if s <= 0 then return a elseif s >= 1 then return b end
    local angle = from + (to - from) * s
    return point(cx + cos(angle) * radius, cy + sin(angle) * radius)
  end
end

-- A rect's corners by name, and the four diagonals Flutter's MaterialRectArcTween chooses among.
local corners = {
  topLeft = function(r) return point(r.minX, r.minY) end, topRight = function(r) return point(r.maxX, r.minY) end,
  bottomLeft = function(r) return point(r.minX, r.maxY) end, bottomRight = function(r) return point(r.maxX, r.maxY) end,
}
local diagonals = { { "topLeft", "bottomRight" }, { "bottomRight", "topLeft" }, { "topRight", "bottomLeft" }, { "bottomLeft", "topRight" } }

-- Flutter's MaterialRectArcTween: the two corners whose diagonal points most along the move of the
-- centres each follow a MaterialPointArcTween; the rect spans them.
local function materialRectPath(f0, f1)
  local vx, vy = f1.midX - f0.midX, f1.midY - f0.midY
  local best, support
  for _, d in ipairs(diagonals) do
    local p, q = corners[d[1]](f0), corners[d[2]](f0)
    local ex, ey = q.x - p.x, q.y - p.y
    local length = sqrt(ex * ex + ey * ey)
    local k = length > 0 and (vx * ex + vy * ey) / length or 0
    if not support or k > support then best, support = d, k end
  end
  local first = materialPointPath(corners[best[1]](f0), corners[best[1]](f1))
  local second = materialPointPath(corners[best[2]](f0), corners[best[2]](f1))
  return function(s)
    local p, q = first(s), second(s)
    return rect(min(p.x, q.x), min(p.y, q.y), abs(q.x - p.x), abs(q.y - p.y))
  end
end

-- The path of a move from `f0` to `f1` (a function from progress to frame) for an `arc` option or
-- modifier, and Hero's control point when it is Hero's arc; nil for a straight move.
local function arcPath(f0, f1, arc)
  if arc == "material" then return materialRectPath(f0, f1) end
  if arc == "materialCenter" then
    local center = materialPointPath(f0.center, f1.center)
    return function(s) return sizedAt(center(s), f0, f1, s) end
  end
  local intensity = arc == true and 1 or (type(arc) == "number" and arc or nil)
  local control = intensity and arcControl(f0.center, f1.center, intensity)
  if not control then return nil end
  return function(s) return sizedAt(arcPoint(f0.center, control, f1.center, s), f0, f1, s) end, control
end

-- Places `n` at `target` (untransformed) inside a keyframes block: along `path` when there is one.
local function moveFrame(n, target, path)
  if not path then place(n, target) return end
  for k = 1, ARC_STEPS do
    local f = path(k / ARC_STEPS)
    keyframe((k - 1) / ARC_STEPS, 1 / ARC_STEPS, function() place(n, f) end)
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
  -- A curve is checked now, so that a bad one names the plugin's line even when nothing animates.
  if type(options.curve) == "string" then
    local ok, message = pcall(easing, options.curve)
    if not ok then error(format("%s.curve: %s", what, tostring(message)), 3) end
  end
  return options
end

local function oneOf(value, choices, default, what)
  if value == nil then return default end
  for _, c in ipairs(choices) do if c == value then return value end end
  error(format("%s: expected %s, got '%s'", what, concat(choices, ", "), tostring(value)), 3)
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

-- Runs `body` as a keyframes block with the plan item's timing (linear when it names none: the plan's
-- windows carry their own timing); `done(finished)` after it ends.
local function run(item, body, done)
  local curve = item.curve
  if curve == nil and item.spring == nil then curve = "linear" end
  keyframes{ duration = item.duration, delay = item.delay, curve = curve, spring = item.spring,
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

-- How a flight between `a` and `b` fades: as asked, or with `"auto"` a cross-fade when their text
-- looks different (Hero cross-fades views whose content differs), so that the last moving frame
-- already shows the destination's type; else none.
local function fadeFor(a, b, fade)
  if fade ~= "auto" then return fade end
  return sameText(a, b) and "none" or "cross"
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
  local screen = ctx.container.bounds
  if not m.forceAnimate and not flightModifiers(pair.from, ctx.presenting).forceAnimate
     and not (intersects(f0, screen) and intersects(f1, screen)) then
    return nil  -- Hero registers no view outside the container (HeroContext.process)
  end
  local scaled = m.useScaleBasedSizeChange ~= nil
  local moved = scaled and rect(target.midX - f0.width / 2, target.midY - f0.height / 2, f0.width, f0.height) or target
  local arc = o.arc
  if m.arc then arc = m.arc[1] end
  local item = { tag = pair.tag, from = pair.from, to = pair.to, fromFrame = f0, toFrame = target,
                 delay = (o.delay or 0) + (m.delay and m.delay[1] or 0),
                 duration = m.duration and m.duration[1] or o.duration or automaticDuration(f0, target),
                 fade = fadeFor(pair.from, pair.to, o.fade), zIndex = m.zPosition and m.zPosition[1] or o.zIndex,
                 global = m.useGlobalCoordinateSpace ~= nil, matchLongest = m.durationMatchLongest ~= nil,
                 realSource = flightModifiers(pair.from, ctx.presenting).useNoSnapshot ~= nil,
                 realDestination = m.useNoSnapshot ~= nil }
  if scaled then item.movedFrame, item.scale = moved, { target.width / f0.width, target.height / f0.height } end
  item.path, item.control = arcPath(f0, moved, arc)
  item.curve, item.spring = timing(o, automaticCurve(f0, target, screen))
  if m.curve then item.curve, item.spring = m.curve[1], nil end
  if m.spring then item.curve, item.spring = nil, spring{ stiffness = m.spring[1], damping = m.spring[2] } end
  return settle(item)
end

-- Hero's durationMatchLongest: the items that ask for it last as long as the longest of the others
-- (HeroDefaultAnimator.animate: the longest duration, delays left out).
local function matchLongest(items)
  local longest = 0
  for _, item in ipairs(items) do if not item.matchLongest then longest = max(longest, item.duration) end end
  for _, item in ipairs(items) do if item.matchLongest then item.duration = longest end end
  return items
end
internal.matchLongest = matchLongest

local function planFlights(ctx, o)
  local list = o.pairs or ctx:matches()
  local plans = {}
  for _, pair in ipairs(list) do plans[#plans + 1] = planFlight(ctx, pair, o) end
  return matchLongest(plans)
end

-- A copy of `n` placed at `frame` in the container, without the nested matched nodes (they fly on
-- their own).
local function flyingCopy(ctx, n, frame, matched, zIndex)
  local copy = n:snapshot()
  copy.transform = identity  -- first: a frame set under a transform keeps it (UIKit's rule)
  copy.frame = frame
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

-- Remembers where `n` sits among its parent's children; returns a function that puts it back there.
local function keepPlace(n)
  local parent, after = n.parent, nil
  local siblings = parent.children
  for i, c in ipairs(siblings) do if c == n then after = siblings[i + 1] end end
  return function()
    if after and after.parent == parent then parent:insert(n, { below = after }) else parent:add(n) end
  end
end
internal.keepPlace = keepPlace

-- The node itself as a flyer (Hero's useNoSnapshot): moved into the container at `frame`, its
-- place and look kept to put it back.
local function realFlyer(ctx, n, frame, zIndex)
  local putBack = keepPlace(n)
  local saved = { transform = n.transform, center = n.center, bounds = n.bounds, alpha = n.alpha,
                  cornerRadius = n.cornerRadius, backgroundColor = n.backgroundColor, zIndex = n.zIndex }
  ctx.container:add(n)
  n.transform = identity
  n.frame = frame
  if zIndex then n.zIndex = zIndex end
  return n, function()
    putBack()
    n.transform, n.center, n.bounds, n.alpha = saved.transform, saved.center, saved.bounds, saved.alpha
    n.cornerRadius, n.backgroundColor, n.zIndex = saved.cornerRadius, saved.backgroundColor, saved.zIndex
  end
end

-- A flyer for `n`: its copy, or the node itself when `real`; and how to undo it.
local function flyer(ctx, n, frame, matched, zIndex, real)
  if real then return realFlyer(ctx, n, frame, zIndex) end
  local copy = flyingCopy(ctx, n, frame, matched, zIndex)
  return copy, function() copy:remove() end
end

-- Starts one planned flight; `done(finished, cleanUp)` once it has ended, where `cleanUp()` removes
-- its copies and shows the originals again.
local function fly(ctx, item, matched, done)
  local a, b = item.from, item.to
  local endAlpha, endRadius, endColor, fade = b.alpha, b.cornerRadius, b.backgroundColor, item.fade
  local under, undoUnder, over, undoOver
  if fade == "out" then under, undoUnder = flyer(ctx, b, item.fromFrame, matched, item.zIndex, item.realDestination) end
  -- With no fade, `useNoSnapshot` on the destination flies the destination itself from the source's
  -- frame and look (Android's shared elements move the called screen's own view): no copy at all.
  local live = fade == "none" and item.realDestination
  local copy, undoCopy
  if live then
    copy, undoCopy = realFlyer(ctx, b, item.fromFrame, item.zIndex)
    copy.cornerRadius, copy.backgroundColor, copy.alpha = a.cornerRadius, a.backgroundColor, a.alpha
  else
    copy, undoCopy = flyer(ctx, a, item.fromFrame, matched, item.zIndex, item.realSource)
  end
  local picture, pictureFrame
  if not item.scale and not live then picture, pictureFrame = separatePicture(copy, item) end
  if fade == "cross" or fade == "in" then
    over, undoOver = flyer(ctx, b, item.fromFrame, matched, item.zIndex, item.realDestination)
    over.alpha = 0
  end
  item.snapshot, item.destinationSnapshot = copy, over or under
  a.hidden, b.hidden = live or not item.realSource, not (item.realDestination and (over or under or live))
  local scaled = item.scale and scaleBy(item.scale[1], item.scale[2])
  run(item, function()
    for _, n in ipairs({ copy, over or under }) do
      moveFrame(n, item.movedFrame or item.toFrame, item.path)
      if scaled then n.transform = scaled end
      n.cornerRadius = endRadius
      n.backgroundColor = endColor
    end
    copy.alpha = (fade == "cross" or fade == "out") and 0 or endAlpha
    if over then over.alpha = endAlpha end
    if picture then picture.frame = pictureFrame end
  end, function(finished)
    done(finished, function()
      a.hidden, b.hidden = false, false
      undoCopy()
      if undoOver then undoOver() end
      if undoUnder then undoUnder() end
    end)
  end)
end

-- MARK: Placement

local function union(a, b)
  local x, y = min(a.minX, b.minX), min(a.minY, b.minY)
  return rect(x, y, max(a.maxX, b.maxX) - x, max(a.maxY, b.maxY) - y)
end

-- Where `n` and its subtree draw at rest in the container (a clipping node bounds its children).
local function extent(n, root)
  local r = restingFrame(n, root)
  if n.clips then return r end
  for _, c in ipairs(n.children) do r = union(r, extent(c, root)) end
  return r
end

-- The siblings painted after `n`: by zIndex, ties in insertion order.
local function paintedAfter(n)
  local order = {}
  for i, c in ipairs(n.parent.children) do order[i] = { node = c, z = c.zIndex, index = i } end
  sort(order, function(l, r) if l.z ~= r.z then return l.z < r.z end return l.index < r.index end)
  local out, seen = {}, false
  for _, e in ipairs(order) do
    if seen then out[#out + 1] = e.node end
    if e.node == n then seen = true end
  end
  return out
end

-- The visible, unmatched nodes of the destination's hierarchy that paint above its matched node and
-- overlap it at rest, lowest first: what covers the flight once it has landed, and so all along.
local function covering(item, root, matched)
  local box, out, n = restingFrame(item.to, root), {}, item.to
  while n ~= root and n.parent do
    for _, s in ipairs(paintedAfter(n)) do
      if not matched[s] and not internal.dims[s] and not s.hidden and intersects(extent(s, root), box) then
        out[#out + 1] = s
      end
    end
    n = n.parent
  end
  return out
end

-- An empty node laid out, transformed, faded and clipped as `n`: `n`'s place in a lifted copy of
-- its hierarchy.
local function standIn(n)
  local s = node{ id = n.id .. "-placement" }
  s.bounds, s.center = n.bounds, n.center
  s.transform, s.alpha, s.clips, s.zIndex = n.transform, n.alpha, n.clips, n.zIndex
  return s
end

-- A stand-in for the screen `root` on top of the container, just above `item`'s flight, moving as
-- the preset moves `root`.
local function carrier(ctx, root, item)
  local c = ctx.container:add(standIn(root))
  c.zIndex = item.zIndex or 0
  local motion = internal.motions[root]
  if motion and motion.ctx == ctx then
    c.transform, c.alpha = motion.start.transform, motion.start.alpha
    run(motion.item, function() c.transform, c.alpha = motion.finish.transform, motion.finish.alpha end)
  end
  return c
end

-- Moves `n` into `c` under stand-ins for its ancestors below `root`; returns how to put it back.
local function lift(c, n, root)
  local chain, p = {}, n.parent
  while p ~= root do chain[#chain + 1] = p; p = p.parent end
  local holder = c
  for k = #chain, 1, -1 do holder = holder:add(standIn(chain[k])) end
  local putBack = keepPlace(n)
  holder:add(n)
  return putBack
end

-- Which flight each covering node must stay above: the last, in paint order, that it covers.
local function liftedAbove(plans, root, matched)
  local above, lists = {}, {}
  for i, item in ipairs(plans) do
    lists[i] = (item.global or not isInside(item.to, root)) and {} or covering(item, root, matched)
    for _, n in ipairs(lists[i]) do above[n] = i end
  end
  return above, lists
end

-- Flies every matched pair (or `options.pairs`) and returns the flights. Each copy waits at its
-- destination until the last flight has ended (a nested node's original may lie inside another
-- flight's hidden one); then the originals show again and `options.completion(finished)` runs.
-- Unless its destination node says `useGlobalCoordinateSpace`, a flight stays under what paints
-- above that node in the destination's hierarchy: those nodes move above it for the flight.
local function flyAll(ctx, options)
  local o = checkOptions(options, flightOptions, "shared")
  o.properties = oneOf(o.properties, { "frame", "position", "size" }, "frame", "shared.properties")
  o.fade = oneOf(o.fade, { "auto", "none", "cross", "in", "out" }, "auto", "shared.fade")
  if o.curve ~= nil and o.spring ~= nil then error("shared: give either curve or spring, not both", 2) end
  if o.arc ~= nil and type(o.arc) ~= "boolean" and type(o.arc) ~= "number" and o.arc ~= "material" and o.arc ~= "materialCenter" then
    error("shared.arc: expected true, false, an intensity, \"material\" or \"materialCenter\"", 2)
  end
  local plans = planFlights(ctx, o)
  local matched = {}
  for _, item in ipairs(plans) do matched[item.from], matched[item.to] = true, true end
  local cleanUps, putBack, carriers = {}, {}, {}
  local done = join(#plans, function(finished)
    for k = #putBack, 1, -1 do putBack[k]() end
    for _, c in ipairs(carriers) do c:remove() end
    for _, cleanUp in ipairs(cleanUps) do cleanUp() end
    if o.completion then o.completion(finished) end
  end)
  local root = ctx.to.view
  local above, lists = liftedAbove(plans, root, matched)
  for i, item in ipairs(plans) do
    fly(ctx, item, matched, function(finished, cleanUp)
      cleanUps[#cleanUps + 1] = cleanUp
      done(finished)
    end)
    local c
    for _, n in ipairs(lists[i]) do
      if above[n] == i then
        above[n] = nil
        c = c or carrier(ctx, root, item)
        putBack[#putBack + 1] = lift(c, n, root)
      end
    end
    carriers[#carriers + 1] = c
  end
  return plans
end

setmetatable(shared, { __call = function(_, ctx, options) return flyAll(ctx, options) end })

internal.restingFrame, internal.moveFrame, internal.checkOptions = restingFrame, moveFrame, checkOptions
shared.arcPath, internal.arcPath = arcPath, arcPath
internal.untransformedFrame, internal.place, internal.intersects = untransformedFrame, place, intersects
internal.timing, internal.settle, internal.run, internal.join = timing, settle, run, join

-- MARK: Planning

-- How long the flights and modifier animations take (delays included), and the plans themselves.
function shared.plan(ctx, options)
  local o = options or {}
  local flights = planFlights(ctx, { pairs = o.pairs, duration = o.duration, delay = o.delay, arc = o.arc,
                                     properties = o.properties, curve = o.curve, spring = o.spring })
  local animated = internal.planModifiers(ctx, { pairs = o.pairs, duration = o.duration, delay = o.delay,
                                        curve = o.curve, spring = o.spring }, 3)
  local longest = 0
  for _, list in ipairs({ flights, animated }) do
    for _, item in ipairs(list) do longest = max(longest, item.delay + item.duration) end
  end
  return { flights = flights, modifiers = animated, duration = longest }
end

return shared, internal
