-- Flashes: card-lift as it was, whose flying card lands with its own look and is swapped for the
-- destination's in one frame: its corners snap square, its shadow vanishes, its title leaps to the
-- header's type (a corner radius not animated by a shared element transition, so it changes at the end:
-- wix/react-native-navigation issues #6519, "the borderRadius instantly goes from 20 -> 0", and #6621);
-- the built-in card-lift is its fixed twin.

---@type Plugin
local lift = {
  name = "swap-on-landing",
  summary = "The tapped card lifts with a soft shadow, flies to the detail header and settles",
  params = {
    lift = 1.02, shadowOpacity = 0.3, shadowRadius = 24,
    forwardMove = 0.3, forwardSettle = 0.2, backMove = 0.25, backSettle = 0.18,
  },
  scenes = { from = "cards", to = "card" },
}

function lift.duration(ctx)
  local p = ctx.params
  if ctx.presenting then return p.forwardMove + p.forwardSettle end
  return p.backMove + p.backSettle
end

function lift.animate(ctx)
  if ctx.reducedMotion then return shared.crossfade(ctx) end
  local p = ctx.params
  local source = ctx.from.delegate:referenceNode(ctx)
  local target = ctx.to.delegate:referenceNode(ctx)
  local move = ctx.presenting and p.forwardMove or p.backMove
  local settle = ctx.presenting and p.forwardSettle or p.backSettle

  local card = source:snapshot()
  card.frame = ctx.from.delegate:referenceFrame(ctx)
  if ctx.presenting then
    ctx.container:add(ctx.to.view)
    ctx.to.view.alpha = 0
  else
    ctx.container:insert(ctx.to.view, { below = ctx.from.view })
  end
  ctx.container:add(card)
  source.hidden = true
  target.hidden = true
  local resting = card.shadow

  animate{
    duration = move,
    curve = "easeInOut",
    function()
      card.frame = ctx.to.delegate:referenceFrame(ctx)
      card.transform = transform.scale(p.lift)
      card.shadow = { opacity = p.shadowOpacity, radius = p.shadowRadius, offset = size(0, p.shadowRadius / 2) }
      if not ctx.presenting then ctx.from.view.alpha = 0 end
    end,
    completion = function()
      animate{
        duration = settle,
        curve = "easeOut",
        function()
          card.transform = transform.identity
          card.shadow = { opacity = resting.opacity, radius = resting.radius, offset = resting.offset }
          if ctx.presenting then ctx.to.view.alpha = 1 end
        end,
        completion = function()
          source.hidden = false
          target.hidden = false
          ctx.from.view.alpha = 1
          card:remove()
          ctx:complete(not ctx.cancelled)
        end,
      }
    end,
  }
end

return lift
