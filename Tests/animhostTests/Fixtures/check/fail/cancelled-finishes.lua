-- Breaks one rule of animhost check: a gesture the system cancels cancels (this plugin declares so,
-- then decides a cancelled gesture by progress like a release, finishing one cancelled at 90 %).
return {
  name = "cancelled-finishes",
  scenes = { from = "news", to = "article" },
  interaction = { finishProgress = 0.5, cancelledGesture = "cancel" },
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
    elseif progress > 0.5 or g.velocity.x > 1000 then
      ctx:finish()
    else
      ctx:cancel()
    end
  end,
}
