-- zoom: the tapped photo zooms into the detail screen's header (push), and back (pop).
-- A snapshot of the shared photo travels between the two reference frames while the
-- destination fades in; both reference nodes stay hidden during the move.
-- Interactive pops: an edge swipe scrubs the pop (the host's percent-driven default); a pan
-- down shrinks the photo under the finger and fades the detail, as the Photos app does.

---@type Plugin
local zoom = {
  name = "zoom",
  summary = "The tapped photo zooms into the detail header; pop zooms it back into its cell",
  params = {
    duration = 0.5, damping = 0.8, velocity = 0, popDuration = 0.25,
    springBackDuration = 0.5, springBackDamping = 0.9,
  },
  scenes = { from = "grid", to = "detail" },
}

function zoom.duration(ctx)
  return ctx.presenting and ctx.params.duration or ctx.params.popDuration
end

-- Hides both shared elements and returns a snapshot of the source one, placed in the container.
---@param ctx Context
---@return Node photo, Node source, Node target
local function beginMove(ctx)
  local source = ctx.from.delegate:referenceNode(ctx)
  local target = ctx.to.delegate:referenceNode(ctx)
  local photo = source:snapshot()  -- before the delegates hide their photos (ZoomTransitioning copies it first)
  ctx.from.delegate:willBegin(ctx)
  ctx.to.delegate:willBegin(ctx)
  photo.transform = transform.identity
  photo.frame = ctx.from.delegate:referenceFrame(ctx)
  source.hidden = true
  target.hidden = true
  return photo, source, target
end

-- Shows both shared elements again, tells the delegates how it ended, and completes.
---@param ctx Context
---@param photo Node the flying snapshot
---@param source Node
---@param target Node
local function endMove(ctx, photo, source, target)
  source.hidden = false
  target.hidden = false
  photo:remove()
  if ctx.cancelled then
    ctx.from.delegate:didCancel(ctx)
    ctx.to.delegate:didCancel(ctx)
  else
    ctx.from.delegate:didEnd(ctx, source)
    ctx.to.delegate:didEnd(ctx, target)
  end
  ctx:complete(not ctx.cancelled)
end

-- The photo being panned, while a pan-down drives the pop.
local pan

-- The pop's move: the photo settles into the grid cell while the detail fades out.
---@param ctx Context
---@param photo Node
---@param source Node
---@param target Node
local function popIntoCell(ctx, photo, source, target)
  animate{
    duration = ctx.params.popDuration,
    curve = "easeInOut",
    function()
      photo.transform = transform.identity
      photo.frame = ctx.to.delegate:referenceFrame(ctx)
      ctx.from.view.alpha = 0
    end,
    completion = function()
      ctx.from.view.alpha = 1
      endMove(ctx, photo, source, target)
    end,
  }
end

function zoom.animate(ctx)
  if ctx.reducedMotion then return shared.crossfade(ctx) end
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
    pan = nil
    if ctx.interactive and not ctx.gesture.edge then
      pan = { photo = photo, source = source, target = target, start = photo.center }
      return  -- interact() moves everything with the finger
    end
    popIntoCell(ctx, photo, source, target)
  end
end

-- A pan down: dy = max(translation.y, 0); the detail fades over a quarter of the height; the photo
-- shrinks to half over half the height and follows the finger, raised by frame.height·(1 − s)/2,
-- read (as FluidPhoto reads it) from the scaled frame.
---@param ctx Context
---@param g Gesture
local function follow(ctx, g)
  local h = ctx.size.height
  local dy = math.max(g.translation.y, 0)
  local scale = 1 - 0.5 * math.min(dy / (h / 2), 1)
  ctx.from.view.alpha = 1 - math.min(dy / (h / 4), 1)
  pan.photo.transform = transform.scale(scale)
  pan.photo.center = point(pan.start.x + g.translation.x,
                           pan.start.y + g.translation.y - pan.photo.frame.height * (1 - scale) / 2)
  ctx:update(1 - scale)
end

-- On release: back into place when moving up or above the start, else on into the grid cell.
---@param ctx Context
---@param g Gesture
local function release(ctx, g)
  local photo, source, target = pan.photo, pan.source, pan.target
  local back = g.state == "cancelled" or g.velocity.y < 0 or photo.center.y < pan.start.y
  if back then
    ctx:cancel()
    animate{
      duration = ctx.params.springBackDuration,
      spring = { damping = ctx.params.springBackDamping },
      function()
        photo.transform = transform.identity
        photo.center = pan.start
        ctx.from.view.alpha = 1
      end,
      completion = function() endMove(ctx, photo, source, target) end,
    }
  else
    ctx:finish()
    popIntoCell(ctx, photo, source, target)
  end
end

function zoom.interact(ctx, g)
  if not pan then return ctx:drive() end  -- an edge swipe: scrub the pop
  if g.state == "began" or g.state == "changed" then follow(ctx, g) else release(ctx, g) end
end

return zoom
