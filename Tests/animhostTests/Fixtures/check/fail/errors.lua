-- Breaks one rule of animhost check: runs without error (animate indexes a field that does not exist).
return {
  name = "errors",
  scenes = { from = "news", to = "article" },
  duration = function() return 0.2 end,
  animate = function(ctx)
    ctx.container:add(ctx.to.view)
    ctx.to.view.alpha = 0
    local missing = ctx.to.view:find('nothing here'); missing.alpha = 0
    animate{ duration = 0.2, function() ctx.to.view.alpha = 1 end,
             completion = function() ctx:complete(not ctx.cancelled) end }
  end,
}
