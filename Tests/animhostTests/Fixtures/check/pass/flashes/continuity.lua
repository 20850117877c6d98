-- Passes: continuity.lua fixed, the leaving screen slides away and fades out evenly.
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
      keyframe(0, 1, function() ctx.from.view.alpha = 0 end)
    end, completion = function()
      ctx.from.view.alpha = 1
      ctx.from.view.frame = rest
      ctx:complete(not ctx.cancelled)
    end }
  end,
}
