-- FluidPhoto's zoom (ZoomAnimator and ZoomDismissalInteractionController), ported. Push: the photo
-- zooms from its cell to the detail's photo on a 0.5 s spring (damping 0.8) while the detail fades
-- in. FluidPhoto's detail shows the image aspect-fit on the whole screen, so it flies to that frame
-- (calculateZoomInImageFrame); this detail shows it filling a header, so it flies there and lands
-- on the photo as drawn instead of jumping to it on the last frame. Pop: 0.25 s back into
-- the cell. A pan down dismisses: the photo shrinks to half over half the screen's height, follows
-- the finger raised by frame.height · (1 − scale) / 2 of the *scaled* frame, the detail fades over a
-- quarter of the height; released moving up or above its start it springs back (0.5 s, damping 0.9),
-- else it finishes by setting frame while still scaled (0.25 s), as FluidPhoto does.

---@type Plugin
local fluid = {
  name = "fluidphoto",
  summary = "FluidPhoto: zoom to the aspect-fit photo; pan down to dismiss",
  params = { push = 0.5, pop = 0.25 },
  scenes = { from = "grid", to = "detail" },
}

function fluid.duration(ctx)
  return ctx.presenting and ctx.params.push or ctx.params.pop
end

local state  -- what the pan needs, while a pan drives the pop

---@param ctx Context
---@param photo Node
---@param from Node
---@param to Node
local function finish(ctx, photo, from, to)
  from.hidden, to.hidden = false, false
  photo:remove()
  ctx.from.view.alpha = 1
  ctx:complete(not ctx.cancelled)
end

function fluid.animate(ctx)
  if ctx.reducedMotion then return shared.crossfade(ctx) end  -- UIAccessibility.isReduceMotionEnabled
  local from, to = ctx.from.delegate:referenceNode(ctx), ctx.to.delegate:referenceNode(ctx)
  local photo = from:snapshot()
  photo.frame = ctx.from.delegate:referenceFrame(ctx)
  from.hidden, to.hidden = true, true
  state = nil
  if ctx.presenting then
    ctx.container:add(ctx.to.view)
    ctx.to.view.alpha = 0
    ctx.container:add(photo)
    local final = ctx.to.delegate:referenceFrame(ctx)
    animate{ duration = ctx.params.push, spring = { damping = 0.8, velocity = 0 },
      function()
        photo.frame = final
        ctx.to.view.alpha = 1
      end,
      completion = function() finish(ctx, photo, from, to) end }
    return
  end
  ctx.container:insert(ctx.to.view, { below = ctx.from.view })
  ctx.container:add(photo)
  if ctx.interactive and not ctx.gesture.edge then
    state = { photo = photo, from = from, to = to, anchor = photo.center, fromFrame = photo.frame,
              final = ctx.to.delegate:referenceFrame(ctx) }
    return
  end
  animate{ duration = ctx.params.pop,
    function()
      photo.frame = ctx.to.delegate:referenceFrame(ctx)
      ctx.from.view.alpha = 0
    end,
    completion = function() finish(ctx, photo, from, to) end }
end

-- didPanWith(gestureRecognizer:), .began/.changed
---@param ctx Context
---@param g Gesture
local function changed(ctx, g)
  local delta = math.max(g.translation.y, 0)
  local h = ctx.from.view.bounds.height
  local scale = 1 - 0.5 * math.min(delta / (h / 2), 1)
  ctx.from.view.alpha = 1 - math.min(delta / (h / 4), 1)
  local photo = state.photo
  photo.transform = transform.scale(scale)
  photo.center = point(state.anchor.x + g.translation.x,
                       state.anchor.y + g.translation.y - photo.frame.height * (1 - scale) / 2)
  ctx:update(1 - scale)
end

-- didPanWith(gestureRecognizer:), .ended
---@param ctx Context
---@param g Gesture
local function ended(ctx, g)
  local photo = state.photo
  if g.state == "cancelled" or g.velocity.y < 0 or photo.center.y < state.anchor.y then
    ctx:cancel()
    animate{ duration = 0.5, spring = { damping = 0.9 },
      function()
        photo.frame = state.fromFrame
        ctx.from.view.alpha = 1
      end,
      completion = function()
        photo.transform = transform.identity
        finish(ctx, photo, state.from, state.to)
      end }
    return
  end
  ctx:finish()
  animate{ duration = 0.25,
    function()
      photo.frame = state.final
      ctx.from.view.alpha = 0
    end,
    completion = function() finish(ctx, photo, state.from, state.to) end }
end

function fluid.interact(ctx, g)
  if not state then return ctx:drive() end
  if g.state == "began" or g.state == "changed" then changed(ctx, g) else ended(ctx, g) end
end

return fluid
