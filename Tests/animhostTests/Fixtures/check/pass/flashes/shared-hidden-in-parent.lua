-- Passes: fail/flashes/shared-hidden-in-parent.lua fixed.
return {
  name = "shared-hidden-in-parent",
  scenes = { from = "grid", to = "detail" },
  duration = function() return 0.3 end,
  animate = function(ctx)
    if ctx.reducedMotion then return shared.crossfade(ctx) end  -- a still copy left to vanish would jump
    local source, target = ctx.from.delegate:referenceNode(ctx), ctx.to.delegate:referenceNode(ctx)
    local copy = node{ id = "flying-photo", frame = ctx.from.delegate:referenceFrame(ctx), backgroundColor = source.backgroundColor,
                       image = source.image, cornerRadius = source.cornerRadius, contentMode = source.contentMode, clips = source.clips }
    local landing = ctx.to.delegate:referenceFrame(ctx)
    ctx.container:add(ctx.to.view)
    ctx.to.view.alpha = 0
    ctx.container:add(copy)
    source.hidden = true
    target.hidden = true
    copy.alpha = 0
    source.hidden = false
    animate{ duration = 0.24, curve = "easeInOut", function()
      copy.frame = landing
      ctx.to.view.alpha = 1
    end }
    keyframes{ duration = 0.3, curve = "linear", function()
      keyframe(0, 0.01, function() source.alpha = 0; copy.alpha = 1 end)
    end, completion = function()
      source.hidden, target.hidden, source.alpha, target.alpha, target.frame = false, false, 1, 1, landing
      copy:remove()
      ctx:complete(not ctx.cancelled)
    end }
  end,
}
