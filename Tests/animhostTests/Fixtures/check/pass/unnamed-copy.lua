-- Passes: snapshot-swap with a copy that has no id: its default id (node-N) is the same in every run
-- of one loaded plugin, so the runs compared for determinism are identical.
return {
  name = "unnamed-copy",
  scenes = { from = "grid", to = "detail" },
  duration = function() return 0.3 end,
  animate = function(ctx)
    local source = ctx.from.delegate:referenceNode(ctx)
    local target = ctx.to.delegate:referenceNode(ctx)
    local copy = node{ frame = ctx.from.delegate:referenceFrame(ctx), backgroundColor = source.backgroundColor,
                       image = source.image, cornerRadius = source.cornerRadius, contentMode = source.contentMode, clips = source.clips }
    if ctx.presenting then
      ctx.container:add(ctx.to.view)
      ctx.to.view.alpha = 0
    else
      ctx.container:insert(ctx.to.view, { below = ctx.from.view })
    end
    ctx.container:add(copy)
    source.hidden = true
    target.hidden = true
    animate{ duration = 0.3, curve = "easeInOut",
      function()
        if not ctx.reducedMotion then copy.frame = ctx.to.delegate:referenceFrame(ctx) end  -- else it only fades
        if ctx.presenting then ctx.to.view.alpha = 1 else ctx.from.view.alpha = 0 end
      end,
      completion = function()
        source.hidden = false
        target.hidden = false
        ctx.from.view.alpha = 1
        copy:remove()
        ctx:complete(not ctx.cancelled)
      end }
  end,
}
