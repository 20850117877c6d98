-- deck-dismiss: a deck presentation in the manner of DeckTransition. Presenting slides the new
-- screen up from the bottom edge as a card with rounded corners while the screen behind sinks back
-- (scale 0.93) under a dimming layer; dismissing slides the card back down and brings the screen
-- forward. The dismissal follows a pan down: `axis = "down"` reads the gesture's downward travel
-- over the container's height, which is exactly the card's own travel, so the card stays under the
-- finger. Released past half way, or moving down faster than 800 pt/s, it goes; else it springs back.

---@type Plugin
local deck = {
  name = "deck-dismiss",
  summary = "A card slides up over the screen, which sinks back and dims; a pan down dismisses it",
  params = { duration = 0.4, scale = 0.93, dim = 0.4, radius = 10 },
  scenes = { from = "news", to = "article" },
  interaction = { axis = "down", finishProgress = 0.5, finishVelocity = 800 },
}

function deck.duration(ctx)
  return ctx.params.duration
end

function deck.animate(ctx)
  local card = ctx.presenting and ctx.to.view or ctx.from.view
  local behind = ctx.presenting and ctx.from.view or ctx.to.view
  local size, reduced = ctx.size, ctx.reducedMotion
  local dim = node{ id = "deck-dim", frame = rect(0, 0, size.width, size.height), backgroundColor = "#000000" }
  local radius, clips = card.cornerRadius, card.clips
  -- Up: the card in place over the screen behind, sunk back under the dimming layer. Down: the card
  -- below the bottom edge, the screen behind as it rests. Reduced motion fades instead of moving.
  local function up()
    card.alpha, card.transform = 1, transform.identity
    behind.transform = reduced and transform.identity or transform.scale(ctx.params.scale)
    dim.alpha = ctx.params.dim
  end
  local function down()
    if reduced then card.alpha = 0 else card.transform = transform.translate(0, size.height) end
    behind.transform = transform.identity
    dim.alpha = 0
  end
  if ctx.presenting then
    ctx.container:add(dim)
    ctx.container:add(card)
    down()
  else
    ctx.container:insert(behind, { below = card })
    ctx.container:insert(dim, { below = card })
    up()
  end
  card.cornerRadius, card.clips = ctx.params.radius, true
  animate{
    duration = ctx:duration(),
    curve = ctx.interactive and "linear" or "easeOut",  -- scrubbed linearly, the card's travel is the finger's
    function()
      if ctx.presenting then up() else down() end
    end,
    completion = function()
      dim:remove()
      behind.transform = transform.identity
      card.alpha, card.transform, card.cornerRadius, card.clips = 1, transform.identity, radius, clips
      ctx:complete(not ctx.cancelled)
    end,
  }
end

return deck
