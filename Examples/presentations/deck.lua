-- deck: a deck presentation in the manner of DeckTransition, whose backdrop lasts. The presentation
-- (UIPresentationController's part) places the card below a top inset, dims the screen behind and
-- sinks it back (scale 0.93, top corners rounded) as the present begins; the dimming view and the
-- sunk screen stay in the container until the dismiss ends, which brings them back. The animator
-- only moves the card: up from below the screen, and down again. A pan down dismisses it: `axis =
-- "down"` reads the downward travel over the container's height, the card's own travel, so the card
-- stays under the finger. Released past half way, or moving down faster than 800 pt/s, it goes.

---@type Plugin
local deck = {
  name = "deck",
  summary = "A card rises over a dimmed screen that sinks back and stays so until a pan down dismisses it",
  params = { duration = 0.45, scale = 0.93, dim = 0.4, radius = 12, inset = 40 },
  scenes = { from = "news", to = "article" },
  interaction = { axis = "down", finishProgress = 0.5, finishVelocity = 800 },
}

local top = { "minXMinY", "maxXMinY" }

-- The backdrop's animations run with the transition's, scrubbed linearly under a finger.
local function alongside(ctx, changes)
  animate{ duration = ctx:duration(), curve = ctx.interactive and "linear" or "easeOut", changes }
end

deck.presentation = {
  -- The card sits below a top inset, the sunk screen's edge showing above it.
  frameOfPresentedView = function(self, container)
    local inset = self.params.inset
    return rect(0, inset, container.bounds.width, container.bounds.height - inset)
  end,

  presentationWillBegin = function(self, ctx)
    local behind, size = self.presentingView, ctx.size
    self.dim = node{ id = "deck-dim", frame = rect(0, 0, size.width, size.height),
                     backgroundColor = "#000000", alpha = 0 }
    ctx.container:insert(self.dim, { above = behind })
    behind.maskedCorners, behind.clips = top, true
    alongside(ctx, function()
      self.dim.alpha = self.params.dim
      if not ctx.reducedMotion then
        behind.transform = transform.scale(self.params.scale)
        behind.cornerRadius = self.params.radius
      end
    end)
  end,

  dismissalWillBegin = function(self, ctx)
    local behind = self.presentingView
    alongside(ctx, function()
      self.dim.alpha = 0
      behind.transform, behind.cornerRadius = transform.identity, 0
    end)
  end,

  -- The dimming view goes with the presentation (the host removes the views its hooks added); the
  -- screen behind gets its square corners back.
  dismissalDidEnd = function(self, _, completed)
    if completed then
      self.presentingView.maskedCorners = { "minXMinY", "maxXMinY", "minXMaxY", "maxXMaxY" }
      self.presentingView.clips = false
    end
  end,
}

function deck.duration(ctx)
  return ctx.params.duration
end

function deck.animate(ctx)
  local card = ctx.presenting and ctx.to.view or ctx.from.view
  -- Below the screen: the container's height down, whatever the inset, so a pan of dy moves it dy.
  local away = ctx.reducedMotion and transform.identity or transform.translate(0, ctx.size.height)
  local awayAlpha = ctx.reducedMotion and 0 or 1
  if not ctx.presenting and ctx.to.view.parent == nil then
    ctx.container:insert(ctx.to.view, { below = card })  -- a pop: no presentation kept the screen behind
  end
  if ctx.presenting then
    ctx.container:add(card)
    card.cornerRadius, card.maskedCorners, card.clips = ctx.params.radius, top, true
    card.transform, card.alpha = away, awayAlpha
  end
  animate{
    duration = ctx:duration(),
    curve = ctx.interactive and "linear" or "easeOut",
    function()
      if ctx.presenting then
        card.transform, card.alpha = transform.identity, 1
      else
        card.transform, card.alpha = away, awayAlpha
      end
    end,
    completion = function()
      ctx:complete(not ctx.cancelled)
    end,
  }
end

return deck
