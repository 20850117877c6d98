-- Hero's modifiers for the shared-element library: every node that no tag matches animates by its
-- modifiers, from them (appearing) or to them (leaving). Loaded after shared.lua, with the library,
-- what it shares, and the host's modifier parser; everything used is captured now.
local shared, internal, parsedModifiers = ...
local rect, point, spring = rect, point, spring
local identity, scaleBy, translateBy, rotateBy = transform.identity, transform.scale, transform.translate, transform.rotate
local error, ipairs, pairs = error, ipairs, pairs
local sqrt, sort, format = math.sqrt, table.sort, string.format
local restingFrame, moveFrame, checkOptions = internal.restingFrame, internal.moveFrame, internal.checkOptions
local untransformedFrame, place = internal.untransformedFrame, internal.place
local timing, settle, run, join = internal.timing, internal.settle, internal.run, internal.join
local automaticDuration, automaticCurve, arcPath = shared.automaticDuration, shared.automaticCurve, internal.arcPath
local intersects, keepPlace = internal.intersects, internal.keepPlace

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
    elseif name == "forceAnimate" then out.forceAnimate = true
    elseif name == "durationMatchLongest" then out.matchLongest = true
    elseif name == "useScaleBasedSizeChange" then out.scaleSize = true
    elseif name == "useGlobalCoordinateSpace" then out.global = true
    elseif name == "useNoSnapshot" then out.real = true
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
    local f = untransformedFrame(c)
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

-- Hero's source(tag) (SourcePreprocessor.swift): the frame, transform, corner radius (unless a
-- cornerRadius modifier gives one) and shadow of the node with that tag in the other scene; not its
-- alpha or colours. A tag found nowhere is an error raised at stack `level`.
local function sourceLook(n, s, root, otherRoot, level)
  local other = findTag(otherRoot, s.source)
  if not other then
    error(format("modifier source(%s) on '%s': no visible node has that tag in the other scene", s.source, n.id), level)
  end
  local there, parent = restingFrame(other, otherRoot), restingFrame(n.parent, root)
  local b = other.bounds
  local c = point(there.midX - parent.x, there.midY - parent.y)
  return { frame = rect(c.x - b.width / 2, c.y - b.height / 2, b.width, b.height), transform = other.transform,
           cornerRadius = other.cornerRadius, shadow = other.shadow }
end

-- The modified state of `n` (frame in its parent, alpha, transform, corner radius, shadow) from
-- `s`; `root` is its scene's view, `otherRoot` the other scene's, where `source(tag)` looks.
local function modifiedState(n, s, root, otherRoot, level)
  local rest = untransformedFrame(n)
  local f = rest
  if s.size then f = rect(f.midX - s.size[1] / 2, f.midY - s.size[2] / 2, s.size[1], s.size[2]) end
  if s.position then f = rect(s.position[1] - f.width / 2, s.position[2] - f.height / 2, f.width, f.height) end
  local t = identity
  if s.scale then t = t * scaleBy(s.scale[1], s.scale[2]) end
  if s.rotate then t = t * rotateBy(s.rotate) end
  if s.translate then t = t * translateBy(s.translate[1], s.translate[2]) end
  local st = { alpha = s.alpha or n.alpha, transform = n.transform * t, cornerRadius = s.cornerRadius or n.cornerRadius }
  if s.source then
    local look = sourceLook(n, s, root, otherRoot, level + 1)
    f, st.transform, st.shadow = look.frame, look.transform, look.shadow
    st.cornerRadius = s.cornerRadius or look.cornerRadius
  end
  st.visual = f
  -- useScaleBasedSizeChange (HeroCoreAnimationViewContext.viewState): the size change becomes a
  -- scale by target ÷ current size applied before the transform; the bounds keep their size.
  if s.scaleSize and (f.width ~= rest.width or f.height ~= rest.height) and rest.width > 0 and rest.height > 0 then
    st.transform = scaleBy(f.width / rest.width, f.height / rest.height) * st.transform
    f = rect(f.midX - rest.width / 2, f.midY - rest.height / 2, rest.width, rest.height)
  end
  st.frame = f
  return st
end

-- Appends to `out` the nodes under `root` (itself excluded) whose modifiers change how they look,
-- with the delays of their own modifiers and of the cascades above them.
local function collect(root, skip, presenting, leaving, out)
  local function visit(n, delay)
    local s = resolve(parsedModifiers(n), presenting)
    if skip[n] then
      -- A matched node that flies itself (useNoSnapshot) keeps its children: they animate by theirs.
      if s.real then for _, c in ipairs(n.children) do visit(c, delay) end end
      return
    end
    if hasVisualChange(s) and n ~= root then
      out[#out + 1] = { node = n, state = s, leaving = leaving, delay = delay + s.delay }
    end
    local childDelays = s.cascade and cascadeDelays(n, s.cascade[1], s.cascade[2]) or {}
    for _, c in ipairs(n.children) do visit(c, delay + (childDelays[c] or 0)) end
  end
  visit(root, 0)
  return out
end

-- Hero animates no view that lies outside the container unless it says forceAnimate
-- (HeroContext.process).
local function onScreen(items, ctx, screen)
  local out = {}
  for _, item in ipairs(items) do
    local root = item.leaving and ctx.from.view or ctx.to.view
    if item.state.forceAnimate or intersects(restingFrame(item.node, root), screen) then out[#out + 1] = item end
  end
  return out
end

local modifierOptions = { duration = true, curve = true, spring = true, delay = true, completion = true, pairs = true }

-- Plans the modifier animations of every node that is not part of a matched pair; errors are raised
-- at stack `level` (the plugin's call, as seen from here).
local function planModifiers(ctx, o, level)
  local skip = {}
  for _, pair in ipairs(o.pairs or ctx:matches()) do skip[pair.from], skip[pair.to] = true, true end
  local items = {}
  collect(ctx.from.view, skip, ctx.presenting, true, items)
  collect(ctx.to.view, skip, ctx.presenting, false, items)
  local screen = ctx.container.bounds
  for _, item in ipairs(items) do
    local n, s = item.node, item.state
    local rest = { frame = untransformedFrame(n), alpha = n.alpha, transform = n.transform, cornerRadius = n.cornerRadius, zIndex = n.zIndex }
    rest.visual = rest.frame
    local root, otherRoot = ctx.from.view, ctx.to.view
    if not item.leaving then root, otherRoot = otherRoot, root end
    local modified = modifiedState(n, s, root, otherRoot, level + 1)
    if modified.shadow then rest.shadow = n.shadow end
    item.rest, item.start, item.finish = rest, item.leaving and rest or modified, item.leaving and modified or rest
    local parent = restingFrame(n.parent, root)
    local function inContainer(f) return rect(f.x + parent.x, f.y + parent.y, f.width, f.height) end
    local f0, f1 = inContainer(item.start.visual), inContainer(item.finish.visual)
    if s.translate then
      local shift = item.leaving and f1 or f0
      local moved = rect(shift.x + s.translate[1], shift.y + s.translate[2], shift.width, shift.height)
      if item.leaving then f1 = moved else f0 = moved end
    end
    item.delay = item.delay + (o.delay or 0)
    item.duration = s.duration or o.duration or automaticDuration(f0, f1)
    item.curve, item.spring = timing(o, automaticCurve(f0, f1, screen))
    if s.curve or s.spring then item.curve, item.spring = s.curve, s.spring end
    item.path, item.control = arcPath(item.start.frame, item.finish.frame, s.arc)
    item.matchLongest = s.matchLongest
    settle(item)
  end
  return internal.matchLongest(onScreen(items, ctx, screen))
end

-- Hero's useGlobalCoordinateSpace on a node that animates by its modifiers: it leaves its screen for
-- the top of the container, where its frames are the resting ones in the container, so that it no
-- longer moves, fades or clips with its ancestors; it goes back when the transition completes.
local function globalize(ctx, item)
  local n = item.node
  local origin = restingFrame(n.parent, item.leaving and ctx.from.view or ctx.to.view)
  local function moved(st)
    local f = st.frame
    local out = { frame = rect(f.x + origin.x, f.y + origin.y, f.width, f.height) }
    for k, v in pairs(st) do if k ~= "frame" then out[k] = v end end
    return out
  end
  item.start, item.finish = moved(item.start), moved(item.finish)
  item.path, item.control = arcPath(item.start.frame, item.finish.frame, item.state.arc)
  item.putBack = keepPlace(n)
  ctx.container:add(n)
end

local function applyState(n, st)
  place(n, st.frame)
  n.alpha, n.transform, n.cornerRadius = st.alpha, st.transform, st.cornerRadius
  if st.shadow then n.shadow = st.shadow end
end

-- Animates every node without a match by its modifiers and returns the animated nodes' plans;
-- `options.completion(finished)` runs once they have all ended. As Hero does, a node keeps its
-- modified state until the whole transition completes (`ctx:complete`), then is back at rest.
function shared.modifiers(ctx, options)
  local o = checkOptions(options, modifierOptions, "shared.modifiers")
  local items = planModifiers(ctx, o, 3)
  local done = join(#items, o.completion)
  if #items > 0 then
    ctx:onComplete(function()
      for k = #items, 1, -1 do if items[k].putBack then items[k].putBack() end end
      for _, item in ipairs(items) do
        applyState(item.node, item.rest)
        item.node.zIndex = item.rest.zIndex
      end
    end)
  end
  for _, item in ipairs(items) do
    if item.state.global then globalize(ctx, item) end
  end
  for _, item in ipairs(items) do
    local n = item.node
    applyState(n, item.start)
    if item.state.zIndex then n.zIndex = item.state.zIndex end
    run(item, function()
      -- A frame that does not change is left alone, so that autoresizing can still move the node.
      if item.path or item.finish.frame ~= item.start.frame then moveFrame(n, item.finish.frame, item.path) end
      n.alpha, n.transform, n.cornerRadius = item.finish.alpha, item.finish.transform, item.finish.cornerRadius
      if item.finish.shadow then n.shadow = item.finish.shadow end
    end, done)
  end
  return items
end

internal.planModifiers = planModifiers
