-- Passes: declares that a slow release finishes past 6 % of the way; the probe releases at 3 %
-- (at 10 %, where another rule would cancel, this one finishes) and again past the threshold.
local finishProgress, finishVelocity = 0.06, 1000
return {
  name = "declared-rule",
  scenes = { from = "news", to = "article" },
  interaction = { finishProgress = finishProgress, finishVelocity = finishVelocity, cancelledGesture = "cancel" },
  duration = function() return 0.3 end,
  animate = function(ctx)
    if ctx.presenting then
      ctx.container:add(ctx.to.view)
      ctx.to.view.alpha = 0
    else
      ctx.container:insert(ctx.to.view, { below = ctx.from.view })
    end
    animate{ duration = 0.3,
      function() if ctx.presenting then ctx.to.view.alpha = 1 else ctx.from.view.alpha = 0 end end,
      completion = function()
        ctx.from.view.alpha = 1
        ctx:complete(not ctx.cancelled)
      end }
  end,
  interact = function(ctx, g)
    local progress = math.max(g.translation.x, 0) / ctx.size.width
    if g.state == "began" or g.state == "changed" then
      ctx:update(progress)
    elseif g.state == "ended" and (progress > finishProgress or g.velocity.x > finishVelocity) then
      ctx:finish()
    else
      ctx:cancel()
    end
  end,
}
