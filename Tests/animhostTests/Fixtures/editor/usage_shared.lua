-- Correct code using the shared-element library (docs/shared-elements.md), for scripts/check-editor.py;
-- usage_spec.lua runs it.

---@type Plugin
local usage = {
  name = "usage_shared",
  params = { preset = "autoReverse(push(left))", arc = 0.5 },
  scenes = { from = "grid", to = "detail" },
  duration = function(ctx)
    return shared.plan(ctx, { arc = ctx.params.arc, fade = "cross" }).duration
  end,
}

function usage.animate(ctx)
  local plan = shared.plan(ctx)
  assert(#plan.flights >= 1 and #plan.modifiers >= 0)
  local preset = shared.parsePreset(ctx.params.preset, ctx.presenting)
  assert(preset.name == "push" and preset.direction == "left")
  local a, b = plan.flights[1].fromFrame, plan.flights[1].toFrame
  assert(shared.automaticDuration(a, b) > 0 and shared.automaticCurve(a, b, ctx.container.frame) ~= nil)
  local control = shared.arcControl(a.center, b.center, 1)
  if control then assert(shared.arcPoint(a.center, control, b.center, 0) == a.center) end
  local parts = 3
  local function done()
    parts = parts - 1
    if parts == 0 then ctx:complete(not ctx.cancelled) end
  end
  shared.preset(ctx, ctx.params.preset, { duration = ctx:duration(), delay = 0, completion = done })
  shared.modifiers(ctx, { duration = ctx:duration(), curve = "easeOut", delay = 0, completion = done })
  local flights = shared(ctx, {
    pairs = ctx:matches(), arc = ctx.params.arc, curve = easing("standard"), properties = "frame", zIndex = 2,
    fade = "cross", delay = 0, completion = function(finished) assert(finished ~= nil); done() end,
  })
  for _, f in ipairs(flights) do
    assert(f.tag ~= "" and f.from ~= nil and f.to ~= nil and f.duration > 0 and f.delay == 0)
    if f.snapshot then assert(f.snapshot.isSnapshot) end
    if f.destinationSnapshot then assert(f.destinationSnapshot.isSnapshot) end
  end
end

return usage
