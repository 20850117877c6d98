-- card-lift: the tapped card floats up. It lifts (a slight scale and a growing soft shadow)
-- while it moves to the destination frame, then settles as the detail fades in. Two phases,
-- forward 0.3 s + 0.2 s ease-out, back 0.25 s + 0.18 s.

---@type Plugin
local lift = {
  name = "card-lift",
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
