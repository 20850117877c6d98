-- Breaks one rule of animhost check: no jump at t = 0 (an opaque node covers the whole screen at the first frame, then fades).
return {
  name = "cover",
  scenes = { from = "news", to = "article" },
  duration = function() return 0.2 end,
  animate = function(ctx)
    ctx.container:add(ctx.to.view)
    ctx.to.view.alpha = 0
    local cover = node{ id = 'cover', frame = rect(0, 0, 390, 844), backgroundColor = color('#000000') }
    ctx.container:add(cover)
    animate{ duration = 0.2, function() cover.alpha = 0 end, completion = function() cover:remove() end }
    animate{ duration = 0.2, function() ctx.to.view.alpha = 1 end,
             completion = function() ctx:complete(not ctx.cancelled) end }
  end,
}
