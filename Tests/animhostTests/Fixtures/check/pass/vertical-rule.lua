-- Passes: a card dismissed by a pan down, as DeckTransition's is. Its own handler reads the downward
-- travel over the height and finishes past half way or faster than 800 pt/s down; it declares that
-- rule, axis included, so the probes pan down (a horizontal swipe would never dismiss it).
local finishProgress, finishVelocity = 0.5, 800
return {
  name = "vertical-rule",
  scenes = { from = "news", to = "article" },
  interaction = { axis = "down", finishProgress = finishProgress, finishVelocity = finishVelocity },
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
