-- appstore: Hero's App Store card. A card in the Today list opens into the full-screen article: the
-- article's own card node flies from the card's frame to its own (`useNoSnapshot` on it and
-- `fade = "none"`: no copy is made), and its children follow its size by their `autoresizingMask`
-- (the image keeps filling it, the title keeps to the top left, the close button to the top right,
-- above the image all along). The article's screen fades in over the list, which stays; its text
-- rises in and the close button grows in by their modifiers, the next card leaves by its own.
-- Dismissing flies the article's card itself back into the list (`useNoSnapshot` on the source),
-- its close button fading; a pan down or up scrubs it (`axis = "vertical"`), released past a third
-- of the way, or fast, it closes.

---@type Plugin
local appstore = {
  name = "appstore",
  summary = "A card of the Today list opens into its article, its picture filling it all the way",
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
  -- The list stays where it is; the article's screen fades in over it (out, when dismissing).
  local article = ctx.presenting and ctx.to.view or ctx.from.view
  if ctx.presenting then
    ctx.container:add(article)
    article.alpha = 0
  else
    ctx.container:insert(ctx.to.view, { below = article })
  end
  animate{
    duration = ctx:duration(),
    curve = ctx.interactive and "linear" or "easeOut",
    function() article.alpha = ctx.presenting and 1 or 0 end,
    completion = function()
      article.alpha = 1
      done()
    end,
  }
  shared.modifiers(ctx, { completion = done })
  shared(ctx, { fade = options.fade, completion = done })
end

return appstore
