-- Breaks one rule of animhost check: ends at the destination's resting state and leaves nothing behind (a red badge stays).
return {
  name = "leftover",
  scenes = { from = "news", to = "article" },
  duration = function() return 0.2 end,
  animate = function(ctx)
    ctx.container:add(ctx.to.view)
    ctx.to.view.alpha = 0
    ctx.container:add(node{ id = 'badge', frame = rect(300, 60, 40, 40), backgroundColor = color('#FF3B30'), cornerRadius = 20 })
    animate{ duration = 0.2, function() ctx.to.view.alpha = 1 end,
             completion = function() ctx:complete(not ctx.cancelled) end }
  end,
}
