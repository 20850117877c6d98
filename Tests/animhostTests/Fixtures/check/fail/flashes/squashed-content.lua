-- Flashes: a card flies to the header and its content, scaled with the card's size on one axis only, is squashed
-- to 40 % of its height for 4 frames mid-flight (content distorted by a non-uniform scale, framer/motion issue
-- #2328); pass/flashes/squashed-content.lua is its fixed twin.
return {
  name = "squashed-content",
  scenes = { from = "cards", to = "card" },
  duration = function() return 0.6 end,
  animate = function(ctx)
    local source, target = ctx.from.delegate:referenceNode(ctx), ctx.to.delegate:referenceNode(ctx)
    local card = node{ id = "flying-card", frame = ctx.from.delegate:referenceFrame(ctx), backgroundColor = source.backgroundColor,
                       cornerRadius = source.cornerRadius, alpha = 0 }
    local content = node{ id = "card-content", frame = rect(16, 16, 300, 130), backgroundColor = color("#FFFFFF"), alpha = 0 }
    card:add(content)
    ctx.container:add(ctx.to.view)
    ctx.to.view.alpha = 0
    ctx.container:add(card)
    target.hidden = true
    animate{ duration = 0.6, curve = "linear", function()
      if not ctx.reducedMotion then card.frame = ctx.to.delegate:referenceFrame(ctx) end
      ctx.to.view.alpha = 1
    end }
    keyframes{ duration = 0.6, curve = "linear", function()
      keyframe(0, 0.2, function() content.alpha = 1; card.alpha = 1 end)
      keyframe(0.4, 0.01, function() content.transform = transform.scale(1, 0.4) end)
      keyframe(0.5, 0.01, function() content.transform = transform.identity end)
      keyframe(0.8, 0.2, function() content.alpha = 0 end)
    end, completion = function()
      target.hidden = false
      card:remove()
      ctx:complete(not ctx.cancelled)
    end }
  end,
}
