-- Leaves a snapshot behind: a cancelled pop returns early and keeps the snapshot of the screen on top of
-- it (a snapshot kept in the hierarchy after a cancelled dismissal, HeroTransitions/Hero issue #683;
-- one left on top blocks every touch, issue #581); pass/flashes/snapshot-left-after-cancel.lua is its fixed twin.
return {
  name = "snapshot-left-after-cancel",
  scenes = { from = "news", to = "article" },
  duration = function() return 0.3 end,
  animate = function(ctx)
    if ctx.presenting then
      ctx.container:add(ctx.to.view)
      ctx.to.view.alpha = 0
      animate{ duration = 0.3, function() ctx.to.view.alpha = 1 end, completion = function() ctx:complete(not ctx.cancelled) end }
      return
    end
    ctx.container:insert(ctx.to.view, { below = ctx.from.view })
    local snap = ctx.from.view:snapshot()
    ctx.container:add(snap)
    ctx.from.view.hidden = true
    animate{ duration = 0.3,
      function() if ctx.reducedMotion then snap.alpha = 0 else snap.transform = transform.translate(ctx.size.width, 0) end end,
      completion = function()
        ctx.from.view.hidden = false
        if ctx.cancelled then return ctx:complete(false) end
        snap:remove()
        ctx:complete(true)
      end }
  end,
}
