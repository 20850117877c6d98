-- {{name}}: the destination fades in over the source; popping fades the source out.
-- Change `animate` to make it yours: docs/writing-plugins.md explains every part.

---@type Plugin
local plugin = {
  name = "{{name}}",
  summary = "The destination fades in over the source",
  params = { duration = 0.3 },
  scenes = { from = "news", to = "article" },
}

function plugin.duration(ctx)
  return ctx.params.duration
end

function plugin.animate(ctx)
  if ctx.presenting then
    ctx.container:add(ctx.to.view)
    ctx.to.view.alpha = 0
    animate{
      duration = ctx:duration(),
      curve = "easeOut",
      function() ctx.to.view.alpha = 1 end,
      completion = function() ctx:complete(not ctx.cancelled) end,
    }
  else
    ctx.container:insert(ctx.to.view, { below = ctx.from.view })
    animate{
      duration = ctx:duration(),
      curve = "easeIn",
      function() ctx.from.view.alpha = 0 end,
      completion = function()
        ctx.from.view.alpha = 1
        ctx:complete(not ctx.cancelled)
      end,
    }
  end
end

return plugin
