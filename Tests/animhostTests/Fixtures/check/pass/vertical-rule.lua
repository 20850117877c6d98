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
    local below = transform.translate(0, ctx.size.height)
    if ctx.presenting then
      ctx.container:add(card)
      card.transform = below
    else
      ctx.container:insert(ctx.to.view, { below = card })
    end
    animate{ duration = 0.3,
      function() card.transform = ctx.presenting and transform.identity or below end,
      completion = function()
        card.transform = transform.identity
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
