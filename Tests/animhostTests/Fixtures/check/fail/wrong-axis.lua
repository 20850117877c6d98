-- Breaks one rule of animhost check: a fling finishes. Its handler reads a pan down (as vertical-rule's)
-- but its declared rule says `axis = "up"`: the probes fling upwards, as the rule says, and the card
-- stays: the rule is wrong.
local finishProgress, finishVelocity = 0.5, 800
return {
  name = "wrong-axis",
  scenes = { from = "news", to = "article" },
  interaction = { axis = "up", finishProgress = finishProgress, finishVelocity = finishVelocity },
  duration = function() return 0.3 end,
  animate = function(ctx)
    local card = ctx.presenting and ctx.to.view or ctx.from.view
    -- below the screen; faded out instead with reduced motion
    local function away()
      if ctx.reducedMotion then card.alpha = 0 else card.transform = transform.translate(0, ctx.size.height) end
    end
    local function back() card.alpha, card.transform = 1, transform.identity end
    if ctx.presenting then
      ctx.container:add(card)
      away()
    else
      ctx.container:insert(ctx.to.view, { below = card })
    end
    animate{ duration = 0.3,
      function() if ctx.presenting then back() else away() end end,
      completion = function()
        back()
        ctx:complete(not ctx.cancelled)
      end }
  end,
  interact = function(ctx, g)
    local progress = math.max(g.translation.y, 0) / ctx.size.height
    if g.state == "began" or g.state == "changed" then
      ctx:update(progress)
    elseif g.state == "ended" and (progress > finishProgress or g.velocity.y > finishVelocity) then
      ctx:finish()
    else
      ctx:cancel()
    end
  end,
}
