-- appstore: Hero's App Store card. A card in the Today list opens into the full-screen article: the
-- article's own card node flies from the card's frame to its own (`useNoSnapshot` on it and
-- `fade = "none"`: no copy is made), and its children follow its size by their `autoresizingMask`
-- (the image keeps filling it, the title keeps to the top left, the close button to the top right,
-- above the image all along). The article's text rises in by its modifiers, the rest of the list
-- leaves by theirs. Dismissing flies the list's card back the same way; a pan down or up scrubs it
-- (`axis = "vertical"`), released past a third of the way, or fast, it closes.

---@type Plugin
local appstore = {
  name = "appstore",
  summary = "A card of the Today list opens into its article, its picture filling it all the way",
  params = { preset = "fade" },
  scenes = { from = "today", to = "article" },
  interaction = { axis = "vertical", distance = 400, finishProgress = 0.33, finishVelocity = 800 },
}

---@type SharedOptions
local options = { fade = "none" }

-- As long as the longest flight or modifier animation.
function appstore.duration(ctx)
  return shared.plan(ctx, options).duration
end

function appstore.animate(ctx)
  if ctx.reducedMotion then return shared.crossfade(ctx) end
  local parts = 3
  local function done()
    parts = parts - 1
    if parts == 0 then ctx:complete(not ctx.cancelled) end
  end
  shared.preset(ctx, ctx.params.preset, { duration = ctx:duration(), completion = done })
  shared.modifiers(ctx, { completion = done })
  shared(ctx, { fade = options.fade, completion = done })
end

return appstore
