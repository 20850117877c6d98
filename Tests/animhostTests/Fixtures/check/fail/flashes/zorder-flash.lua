-- Flashes: the destination is drawn over the source at full opacity for one frame before it fades in (the z-order
-- flash at the start, HeroTransitions/Hero issues #31 and #423); pass/flashes/zorder-flash.lua is its fixed twin.
return {
  name = "zorder-flash",
  scenes = { from = "cards", to = "card" },
  duration = function() return 0.3 end,
  animate = function(ctx)
    ctx.container:add(ctx.to.view)
    ctx.to.view.alpha = 0
    keyframes{ duration = 0.3, curve = "linear", function()
      keyframe(0.03, 0.01, function() ctx.to.view.alpha = 1 end)
      keyframe(0.08, 0.01, function() ctx.to.view.alpha = 0 end)
      keyframe(0.1, 0.9, function() ctx.to.view.alpha = 1 end)
    end, completion = function() ctx:complete(not ctx.cancelled) end }
  end,
}
