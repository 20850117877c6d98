-- Breaks one rule of animhost check: no more than three flashes a second, in red flashes only (a grey
-- layer fades in, then turns saturated red and back five times in one second; the grey, #7F7F7F, is as
-- light as the red, so no general flash hides the red one).
return {
  name = "red-strobe",
  scenes = { from = "news", to = "article" },
  duration = function() return 1.4 end,
  animate = function(ctx)
    ctx.container:add(ctx.to.view)
    ctx.to.view.alpha = 0
    local grey = node{ id = 'grey', frame = rect(0, 0, 390, 844), backgroundColor = color('#7F7F7F'), alpha = 0 }
    local siren = node{ id = 'siren', frame = rect(0, 0, 390, 844), backgroundColor = color('#FF0000'), alpha = 0 }
    grey:add(siren)
    ctx.container:add(grey)
    keyframes{ duration = 1.4, curve = "linear", function()
      keyframe(0, 0.1 / 1.4, function() grey.alpha = 1 end)
      for i = 0, 9 do keyframe((0.2 + i * 0.1) / 1.4, 0.1 / 1.4, function() siren.alpha = (i % 2 == 0) and 1 or 0 end) end
      keyframe(1.3 / 1.4, 0.1 / 1.4, function() grey.alpha = 0 end)
    end, completion = function() grey:remove() end }
    animate{ duration = 1.4, function() ctx.to.view.alpha = 1 end,
             completion = function() ctx:complete(not ctx.cancelled) end }
  end,
}
