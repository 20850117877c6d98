-- Breaks one rule of animhost check: no more than three flashes a second (a grey veil over the whole
-- screen darkens and lightens four times in one second, a "pulse" that ignores WCAG 2.3.1's limit of three).
return {
  name = "strobe",
  scenes = { from = "news", to = "article" },
  duration = function() return 1 end,
  animate = function(ctx)
    ctx.container:add(ctx.to.view)
    ctx.to.view.alpha = 0
    if not ctx.interactive then  -- the pulse is the run's effect; a gesture's scrub would make it abrupt
      local strobe = node{ id = 'strobe', frame = rect(0, 0, 390, 844), backgroundColor = color('#000000'), alpha = 0 }
      ctx.container:add(strobe)
      keyframes{ duration = 1, curve = "linear", function()
        for i = 0, 7 do keyframe(i / 8, 1 / 8, function() strobe.alpha = (i % 2 == 0) and 0.4 or 0 end) end
      end, completion = function() strobe:remove() end }
    end
    animate{ duration = 1, function() ctx.to.view.alpha = 1 end,
             completion = function() ctx:complete(not ctx.cancelled) end }
  end,
}
