-- Passes: fail/flashes/zorder-flash.lua fixed, the destination fades in from its first frame.
return {
  name = "zorder-flash",
  scenes = { from = "cards", to = "card" },
  duration = function() return 0.3 end,
  animate = function(ctx)
    ctx.container:add(ctx.to.view)
    ctx.to.view.alpha = 0
    keyframes{ duration = 0.3, curve = "linear", function()
      keyframe(0, 1, function() ctx.to.view.alpha = 1 end)
    end, completion = function() ctx:complete(not ctx.cancelled) end }
  end,
}
