-- Passes: fail/flashes/squashed-content.lua fixed, the content keeps its proportions all the way.
return {
  name = "squashed-content",
  scenes = { from = "cards", to = "card" },
  duration = function() return 0.6 end,
  animate = function(ctx)
    if ctx.reducedMotion then return shared.crossfade(ctx) end  -- a still copy left to vanish would jump
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
      card.frame = ctx.to.delegate:referenceFrame(ctx)
      ctx.to.view.alpha = 1
    end }
    keyframes{ duration = 0.6, curve = "linear", function()
      keyframe(0, 0.2, function() content.alpha = 1; card.alpha = 1 end)
      keyframe(0.8, 0.2, function() content.alpha = 0 end)
    end, completion = function()
      target.hidden = false
      card:remove()
      ctx:complete(not ctx.cancelled)
    end }
  end,
}
