-- crossfade: the news-app "crossfade with animation". Presenting shrinks the list a little
-- while the article fades in over it; dismissing fades the article out as the list grows back.

---@type Plugin
local crossfade = {
  name = "crossfade",
  summary = "The from-screen shrinks while the destination fades in; dismissing reverses it",
  params = { duration = 0.28, scale = 0.94, curve = "easeInOut" },
  scenes = { from = "news", to = "article" },
}

function crossfade.duration(ctx)
  return ctx.params.duration
end

function crossfade.animate(ctx)
  local from, to = ctx.from.view, ctx.to.view
  local shrunk = transform.scale(ctx.params.scale)
  if ctx.presenting then
    ctx.container:add(to)
    to.alpha = 0
    animate{
      duration = ctx:duration(),
      curve = ctx.params.curve,
      function()
        from.transform = shrunk
        to.alpha = 1
      end,
      completion = function()
        from.transform = transform.identity
        ctx:complete(not ctx.cancelled)
      end,
    }
  else
    ctx.container:insert(to, { below = from })
    to.transform = shrunk
    animate{
      duration = ctx:duration(),
      curve = ctx.params.curve,
      function()
        to.transform = transform.identity
        from.alpha = 0
      end,
      completion = function()
        from.alpha = 1
        ctx:complete(not ctx.cancelled)
      end,
    }
  end
end

return crossfade
