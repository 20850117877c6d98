-- Breaks one rule of animhost check: leaves nothing behind (an empty node, invisible, stays in the container).
return {
  name = "invisible-leftover",
  scenes = { from = "news", to = "article" },
  duration = function() return 0.2 end,
  animate = function(ctx)
    ctx.container:add(ctx.to.view)
    ctx.to.view.alpha = 0
    ctx.container:add(node{ id = 'spacer', frame = rect(0, 0, 10, 10) })
    animate{ duration = 0.2, function() ctx.to.view.alpha = 1 end,
             completion = function() ctx:complete(not ctx.cancelled) end }
  end,
}
