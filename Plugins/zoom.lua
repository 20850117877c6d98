-- zoom: the tapped photo zooms into the detail screen's header (push), and back (pop).
-- A snapshot of the shared photo travels between the two reference frames while the
-- destination fades in; both reference nodes stay hidden during the move.

local zoom = {
  name = "zoom",
  summary = "The tapped photo zooms into the detail header; pop zooms it back into its cell",
  params = { duration = 0.5, damping = 0.8, velocity = 0, popDuration = 0.25 },
  scenes = { from = "grid", to = "detail" },
}

function zoom.duration(ctx)
  return ctx.presenting and ctx.params.duration or ctx.params.popDuration
end

-- Hides both shared elements and returns a snapshot of the source one, placed in the container.
local function beginMove(ctx)
  local source = ctx.from.delegate:referenceNode(ctx)
  local target = ctx.to.delegate:referenceNode(ctx)
  assert(source and target, "zoom needs a reference node in both scenes")
  ctx.from.delegate:willBegin(ctx)
  ctx.to.delegate:willBegin(ctx)
  local photo = source:snapshot()
  photo.frame = ctx.from.delegate:referenceFrame(ctx)
  photo.transform = transform.identity
  source.hidden = true
  target.hidden = true
  return photo, source, target
end

local function endMove(ctx, photo, source, target)
  source.hidden = false
  target.hidden = false
  photo:remove()
  ctx.from.delegate:didEnd(ctx, source)
  ctx.to.delegate:didEnd(ctx, target)
  ctx:complete(not ctx.cancelled)
end

function zoom.animate(ctx)
  local photo, source, target = beginMove(ctx)
  if ctx.presenting then
    ctx.container:add(ctx.to.view)
    ctx.to.view.alpha = 0
    ctx.container:add(photo)
    animate{
      duration = ctx:duration(),
      spring = { damping = ctx.params.damping, velocity = ctx.params.velocity },
      function()
        photo.frame = ctx.to.delegate:referenceFrame(ctx)
        ctx.to.view.alpha = 1
      end,
      completion = function() endMove(ctx, photo, source, target) end,
    }
  else
    ctx.container:insert(ctx.to.view, { below = ctx.from.view })
    ctx.container:add(photo)
    animate{
      duration = ctx:duration(),
      curve = "easeInOut",
      function()
        photo.frame = ctx.to.delegate:referenceFrame(ctx)
        ctx.from.view.alpha = 0
      end,
      completion = function()
        ctx.from.view.alpha = 1
        endMove(ctx, photo, source, target)
      end,
    }
  end
end

return zoom
