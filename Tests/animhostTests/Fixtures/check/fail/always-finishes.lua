-- Breaks one rule of animhost check: a slow release near the start cancels (this one finishes whenever the finger lifts).
return {
  name = "always-finishes",
  scenes = { from = "news", to = "article" },
  duration = function() return 0.3 end,
  animate = function(ctx)
    if ctx.presenting then
      ctx.container:add(ctx.to.view)
      ctx.to.view.alpha = 0
    else
      ctx.container:insert(ctx.to.view, { below = ctx.from.view })
    end
    animate{ duration = 0.3,
      function() if ctx.presenting then ctx.to.view.alpha = 1 else ctx.from.view.alpha = 0 end end,
      completion = function()
        ctx.from.view.alpha = 1
        ctx:complete(not ctx.cancelled)
      end }
  end,
  interact = function(ctx, g)
    if g.state == "began" or g.state == "changed" then
      ctx:update(math.max(g.translation.x, 0) / ctx.size.width)
    else
      ctx:finish()
    end
  end,
}
