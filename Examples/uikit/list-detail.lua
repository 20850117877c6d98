-- A list → detail zoom with a delayed fade, ported: the story's thumbnail zooms to the article's hero
-- frame (0.4 s) while the article's text fades in only after a 0.15 s delay, so the image leads. A
-- copy of the destination's image flies with it and fades in over it, so that it lands looking as the
-- destination does rather than swapping to it on the last frame.

---@type Plugin
local zoom = {
  name = "list-detail",
  summary = "The thumbnail zooms to the hero image; the article fades in after a delay",
  params = { duration = 0.4, fadeDelay = 0.15 },
  scenes = { from = "news", to = "article" },
}

function zoom.duration(ctx)
  return ctx.params.duration
end

function zoom.animate(ctx)
  if ctx.reducedMotion then return shared.crossfade(ctx) end  -- UIAccessibility.isReduceMotionEnabled
  local p = ctx.params
  local source, target = ctx.from.delegate:referenceNode(ctx), ctx.to.delegate:referenceNode(ctx)
  local image = source:snapshot()
  image.frame = ctx.from.delegate:referenceFrame(ctx)
  if ctx.presenting then
    ctx.container:add(ctx.to.view)
    ctx.to.view.alpha = 0
  else
    ctx.container:insert(ctx.to.view, { below = ctx.from.view })
  end
  ctx.container:add(image)
  local arriving = ctx.container:add(target:snapshot())
  arriving.frame, arriving.alpha = image.frame, 0
  source.hidden, target.hidden = true, true
  local fading = ctx.presenting and ctx.to.view or ctx.from.view
  local pending = 2
  local function done()
    pending = pending - 1
    if pending > 0 then return end
    source.hidden, target.hidden = false, false
    image:remove()
    arriving:remove()
    ctx.from.view.alpha = 1
    ctx:complete(not ctx.cancelled)
  end
  animate{ duration = p.duration, curve = "easeInOut",
    function()
      image.frame = ctx.to.delegate:referenceFrame(ctx)
      arriving.frame, arriving.alpha = image.frame, 1
    end,
    completion = done }
  local fadeDelay = ctx.presenting and p.fadeDelay or 0
  animate{ duration = p.duration - p.fadeDelay, delay = fadeDelay, curve = "easeOut",
    function() fading.alpha = ctx.presenting and 1 or 0 end,
    completion = done }
end

return zoom
