-- album: the shared-element library used directly. The tapped album's card, cover and title are
-- tagged in both scenes (the cover and title nested in the card) and fly on their own along Hero's
-- arc; the track list's rows drop in one after another (a cascade on the list, a fade and a
-- translate on each row); the other albums fade and shrink away by their modifiers.

---@type Plugin
local album = {
  name = "album",
  summary = "Album card → album page: nested tags fly along an arc, the tracks cascade in",
  params = { preset = "autoReverse(fade)" },
  scenes = { from = "albums", to = "album" },
}

---@type SharedOptions
local options = { arc = true, fade = "cross" }

-- As long as the longest flight or modifier animation.
function album.duration(ctx)
  return shared.plan(ctx, options).duration
end

function album.animate(ctx)
  if ctx.reducedMotion then return shared.crossfade(ctx) end
  local parts = 3
  local function done()
    parts = parts - 1
    if parts == 0 then ctx:complete(not ctx.cancelled) end
  end
  shared.preset(ctx, ctx.params.preset, { duration = ctx:duration(), completion = done })
  shared.modifiers(ctx, { completion = done })
  shared(ctx, { arc = options.arc, fade = options.fade, completion = done })
end

return album
