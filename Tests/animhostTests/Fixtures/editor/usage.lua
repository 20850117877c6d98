-- Correct code using much of the Lua API, for scripts/check-editor.py: the language server must find
-- nothing in it (docs/editor.md), and usage_spec.lua runs it, so it is also code the host accepts.
local util = require("usage_util")

---@type Plugin
local usage = {
  name = "usage",
  summary = "Every part of the API, once",
  params = { duration = 0.3, damping = 0.85, curve = "easeOut", lift = 8 },
  scenes = { from = "rows", to = "detail", chrome = "tabbar" },
  interaction = { finishProgress = 0.4, finishVelocity = 900, cancelledGesture = "decide" },
}

function usage.duration(ctx)
  return ctx.params.duration
end

-- A dimming layer above `view`, made with every field node{} takes.
---@param ctx Context
---@param view Node
---@return Node
local function dimmer(ctx, view)
  local shade = node{
    id = "shade", frame = rect(0, 0, ctx.size.width, ctx.size.height),
    bounds = rect(0, 0, ctx.size.width, ctx.size.height),
    center = point(ctx.size.width / 2, ctx.size.height / 2), alpha = 0, transform = transform.identity,
    backgroundColor = color(0, 0, 0, 0.4), cornerRadius = 0, border = { width = 0 }, shadow = { opacity = 0 },
    image = "placeholder:1", contentMode = "aspectFill", text = "", clips = true, hidden = false, zIndex = 1,
    tag = "shade", modifiers = { "fade" }, blur = 0, children = { node{ id = "shade-inner" } },
  }
  ctx.container:insert(shade, { above = view })
  return shade
end

-- Reads what a node and the values say, as a plugin measuring its views does.
---@param ctx Context
---@param row Node
---@return Rect where the row's copy starts, in the container
local function measure(ctx, row)
  local frame = row:convert(row.bounds, ctx.container)
  local centre = row:convert(point(0, 0))
  local b, s = row.border, row.shadow
  local width = b.width + s.radius + s.offset.height + s.opacity + b.color.r + s.color.a
  local tint = row.backgroundColor
  local faded = tint and tint:withAlpha(0.5) or color("#00000080")
  local t = transform.scale(0.9) * transform.translate(0, 10) * transform.rotate(math.pi / 8)
  local inverse = t:inverted()
  local m = transform.new(t.a, t.b, t.c, t.d, t.tx + inverse.tx, t.ty)
  assert(faded.hex ~= nil and m.a ~= 0 and centre.x == centre.x and width >= 0)
  assert(frame.minX <= frame.maxX and frame.midY == frame.center.y and frame.origin.x == frame.x)
  assert(frame.size.width == frame.width and frame.height == frame.maxY - frame.minY)
  if row.imageSize then assert(row.imageSize.width > 0) end
  assert(os.clock() >= 0 and os.time() >= 0 and math.random(1, 2) >= 1 and collectgarbage("count") > 0)
  return frame
end

function usage.animate(ctx)
  if ctx.reducedMotion then return shared.crossfade(ctx, { scale = 0.95, curve = "linear" }) end
  local rows = (ctx.presenting and ctx.from or ctx.to).delegate --[[@as RowsDelegate]]
  local header = assert(rows:header())
  assert(rows:rowCount() == 2 and header.id == "header" and rows.selected == "row-2")
  local source = ctx.from.delegate:referenceNode(ctx)
  local target = ctx.to.delegate:referenceNode(ctx)
  local copy = source:snapshot()
  copy.frame = measure(ctx, source)
  ctx.from.delegate:willBegin(ctx)
  ctx.to.delegate:willBegin(ctx)
  ctx.container:add(ctx.to.view)
  ctx.to.view.alpha = 0
  local shade = dimmer(ctx, ctx.from.view)
  ctx.container:add(copy)
  ctx.container.backgroundColor = ctx.to.delegate:backgroundColor(ctx)
  for _, child in ipairs(ctx.to.view.children) do child.zIndex = child.zIndex + 0 end
  for _, match in ipairs(ctx:matches()) do assert(match.tag ~= "" and match.from ~= match.to) end
  if ctx.chrome then ctx.chrome.view.alpha = 1 end
  if ctx.gesture and ctx.gesture.edge == "left" then ctx.completionSpeed = 1.5 end
  ctx.completionCurve = "linear"
  assert(ctx.operation ~= "present" and ctx.interactive == (ctx.gesture ~= nil) and ctx.from.name ~= ctx.to.name)
  local settle = spring{ dampingRatio = ctx.params.damping, response = 0.3 }
  local physical = spring{ mass = 1, stiffness = 300, damping = 20, velocity = 0 }
  assert(settle:value(0) == 0 and settle.settlingDuration > 0 and physical.dampingRatio > 0)
  local ease = easing("cubic-bezier(0.4, 0, 0.2, 1)")
  assert(ease(0) == 0 and easing("easeOutBack")(1) == 1)
  animate{
    duration = ctx:duration(),
    spring = { damping = ctx.params.damping, velocity = 0 },
    function() copy.frame = ctx.to.delegate:referenceFrame(ctx, true) end,
  }
  animate{ duration = ctx:duration(), curve = ease, animations = function() shade.alpha = 1 end }
  animate{ duration = ctx:duration(), spring = physical, function() ctx.to.view.alpha = 1 end }
  keyframes{
    duration = ctx:duration(),
    curve = "linear",
    function()
      keyframe(0, 0.5, function() copy.transform = transform.translate(0, -ctx.params.lift) end)
      keyframe(0.5, 0.5, function() copy.transform = transform.identity end)
    end,
    completion = function(finished)
      shade:remove()
      copy:remove()
      util.rest(ctx.to.view)
      ctx.from.delegate:didEnd(ctx, source)
      ctx.to.delegate:didEnd(ctx, target)
      ctx:complete(finished and not ctx.cancelled)
    end,
  }
end

function usage.interact(ctx, g)
  if g.state == "began" or g.edge then return ctx:drive() end
  ctx:update(math.max(g.translation.y, 0) / ctx.size.height)
  if g.state == "ended" then
    if g.velocity.y > 0 then ctx:finish() else ctx:cancel() end
  end
  assert(g.t >= 0 and g.location.x == g.location.x)
end

function usage.ended(ctx, completed)
  assert(completed ~= nil and ctx.operation ~= nil)
end

return usage
