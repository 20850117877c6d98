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
  shared.crossfade(ctx, { curve = ctx.params.curve, scale = ctx.params.scale })
end

return crossfade
