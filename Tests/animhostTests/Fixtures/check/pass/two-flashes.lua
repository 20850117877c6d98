-- Flashes, and within WCAG 2.3.1's limit: a black layer blinks twice in one second
-- (four transitions; more than three flashes, seven transitions, would fail).
return {
  name = "two-flashes",
  scenes = { from = "news", to = "article" },
  duration = function() return 1 end,
  animate = function(ctx)
    ctx.container:add(ctx.to.view)
    ctx.to.view.alpha = 0
    local strobe = node{ id = 'strobe', frame = rect(0, 0, 390, 844), backgroundColor = color('#000000'), alpha = 0 }
    ctx.container:add(strobe)
    keyframes{ duration = 1, curve = "linear", function()
      for i = 0, 3 do keyframe(i / 4, 1 / 4, function() strobe.alpha = (i % 2 == 0) and 1 or 0 end) end
    end, completion = function() strobe:remove() end }
    animate{ duration = 1, function() ctx.to.view.alpha = 1 end,
             completion = function() ctx:complete(not ctx.cancelled) end }
  end,
}
