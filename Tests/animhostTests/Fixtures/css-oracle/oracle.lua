-- The CSS oracle's plugin (Tests/animhostTests/CSSOracleTests.swift): shows the destination scene and
-- animates its node `subject` to the values its hidden node `target` holds (and takes `target` out), for each key of the
-- `keys` param (comma-separated), linearly, so that every frame shows the property somewhere between.

---@type Plugin
local oracle = {
  name = "oracle",
  summary = "Animates the destination's subject to its target's values, key by key",
  params = { keys = "alpha", duration = 0.4 },
}

function oracle.duration(ctx)
  return ctx.params.duration
end

function oracle.animate(ctx)
  ctx.container:add(ctx.to.view)
  local subject, target = ctx.to.view:find("subject"), ctx.to.view:find("target")
  local values = {}
  for key in string.gmatch(ctx.params.keys, "[^,]+") do values[key] = target[key] end
  target:remove()  -- it only holds values: out of the frames, it cannot pass for anyone's parent
  animate{
    duration = ctx:duration(),
    curve = "linear",
    function()
      for key, value in pairs(values) do subject[key] = value end
    end,
    completion = function() ctx:complete(not ctx.cancelled) end,
  }
end

return oracle
