-- Passes: fail/flashes/snapshot-left-after-cancel.lua fixed: the snapshot goes whichever way the gesture ends.
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
        snap:remove()
        ctx:complete(not ctx.cancelled)
      end }
  end,
}
