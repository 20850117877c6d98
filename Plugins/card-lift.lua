-- card-lift: the tapped card floats up. It lifts (a slight scale and a growing soft shadow)
-- while it moves to the destination frame, then settles as the detail fades in. Two phases,
-- forward 0.3 s + 0.2 s ease-out, back 0.25 s + 0.18 s. On the way the flying card takes on the
-- destination's look (its corners, colour and shadow; its content cross-fades, the parts with the
-- same tag moving from one place to the other), so that it lands looking as the destination does.

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

-- Puts a copy of each of the target's children in the flying card, invisible, where the card's child
-- with the same tag is (else at its own place), and returns the animation that cross-fades them: the
-- card's own children fade out while moving to their partner's place, the copies fade in at theirs.
local function contentMorph(card, target)
  local own, byTag = card.children, {}
  for _, child in ipairs(own) do
    if child.tag then byTag[child.tag] = child end
  end
  local arriving = {}
  for _, child in ipairs(target.children) do
    local copy = card:add(child:snapshot())
    local partner = child.tag and byTag[child.tag]
    if partner then copy.frame = partner.frame end
    copy.alpha = 0
    arriving[#arriving + 1] = { copy = copy, to = child, from = partner }
  end
  return function()
    for _, child in ipairs(own) do
      child.alpha = 0
    end
    for _, a in ipairs(arriving) do
      a.copy.frame = a.to.frame
      a.copy.alpha = a.to.alpha
      if a.from then a.from.frame = a.to.frame end
    end
  end
end

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
  local morph = contentMorph(card, target)
  source.hidden = true
  target.hidden = true
  local landing = target.shadow

  animate{
    duration = move,
    curve = "easeInOut",
    function()
      card.frame = ctx.to.delegate:referenceFrame(ctx)
      card.transform = transform.scale(p.lift)
      card.shadow = { opacity = p.shadowOpacity, radius = p.shadowRadius, offset = size(0, p.shadowRadius / 2) }
      card.cornerRadius = target.cornerRadius
      card.backgroundColor = target.backgroundColor
      morph()
      if not ctx.presenting then ctx.from.view.alpha = 0 end
    end,
    completion = function()
      animate{
        duration = settle,
        curve = "easeOut",
        function()
          card.transform = transform.identity
          card.shadow = { color = landing.color, opacity = landing.opacity,
                          radius = landing.radius, offset = landing.offset }
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
