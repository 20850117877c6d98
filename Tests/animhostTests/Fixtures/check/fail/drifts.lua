-- Breaks one rule of animhost check: two runs are identical (each run of the same state starts a little later).
local runs = 0
return {
  name = "drifts",
  scenes = { from = "news", to = "article" },
  duration = function() return 0.2 end,
  animate = function(ctx)
    runs = runs + 1
    ctx.container:add(ctx.to.view)
    ctx.to.view.alpha = 0
    animate{ duration = 0.2 - 0.05 * (runs - 1), delay = 0.05 * (runs - 1), function() ctx.to.view.alpha = 1 end,
             completion = function() ctx:complete(not ctx.cancelled) end }
  end,
}
