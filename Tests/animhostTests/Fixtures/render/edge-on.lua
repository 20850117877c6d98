-- The incoming screen turns in from edge-on: transform.scale(0, 1) at the first frame, identity at the last.
return {
  name = "edge-on",
  summary = "The incoming screen turns in from edge-on",
  duration = function() return 0.3 end,
  animate = function(ctx)
    ctx.container:add(ctx.to.view)
    ctx.to.view.transform = transform.scale(0, 1)
    animate{
      duration = 0.3,
      function() ctx.to.view.transform = transform.identity end,
      completion = function() ctx:complete(true) end,
    }
  end,
}
