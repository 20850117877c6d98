-- Breaks one rule of animhost check: no region flashes (the leaving screen, half faded, snaps back to full opacity
-- for 8 frames, then fades on; pass/flashes/continuity.lua is its fixed twin).
return {
  name = "continuity",
  scenes = { from = "cards", to = "card" },
  duration = function() return 0.5 end,
  animate = function(ctx)
    ctx.container:insert(ctx.to.view, { below = ctx.from.view })
    local rest = ctx.from.view.frame
    local dx = ctx.reducedMotion and 0 or 120
    animate{ duration = 0.5, curve = "linear", function() ctx.from.view.frame = rect(rest.x + dx, rest.y, rest.width, rest.height) end }
    keyframes{ duration = 0.5, curve = "linear", function()
      keyframe(0, 0.5, function() ctx.from.view.alpha = 0.5 end)
      keyframe(0.5, 0.01, function() ctx.from.view.alpha = 1 end)
      keyframe(0.77, 0.01, function() ctx.from.view.alpha = 0.23 end)
      keyframe(0.78, 0.22, function() ctx.from.view.alpha = 0 end)
    end, completion = function()
      ctx.from.view.alpha = 1
      ctx.from.view.frame = rest
      ctx:complete(not ctx.cancelled)
    end }
  end,
}
