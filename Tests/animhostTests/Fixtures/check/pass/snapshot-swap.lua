-- Passes: hides the tapped photo and flies an identical node{} copy (not a snapshot) in its place;
-- frame 0 looks exactly like the grid at rest, though no node of it is where it was.
return {
  name = "snapshot-swap",
  scenes = { from = "grid", to = "detail" },
  duration = function() return 0.3 end,
  animate = function(ctx)
    if ctx.reducedMotion then return shared.crossfade(ctx) end  -- a still copy left to vanish would jump
    local source = ctx.from.delegate:referenceNode(ctx)
    local target = ctx.to.delegate:referenceNode(ctx)
    local copy = node{ id = "flying-photo", frame = ctx.from.delegate:referenceFrame(ctx), backgroundColor = source.backgroundColor,
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
        copy.frame = ctx.to.delegate:referenceFrame(ctx)
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
