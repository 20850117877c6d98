-- ZoomTransitioning (WorldDownTown), ported: the container takes the source screen's background
-- colour, a copy of the source image view moves from its frame to the destination's while the
-- destination fades in, and the two screens' delegates hide and show their image views.
--
--   containerView.backgroundColor = sourceView.backgroundColor   → ctx.container.backgroundColor = …
--   sourceImageView / transitionSourceImageViewFrame(forward:)  → delegate:referenceNode / referenceFrame(ctx, forward)
--   transitionSourceWillBegin / DidEnd / DidCancel               → delegate:willBegin / didEnd / didCancel

---@type Plugin
local zoom = {
  name = "zoom-transitioning",
  summary = "ZoomTransitioning: the image view's copy zooms between the two frames over a coloured container",
  params = { duration = 0.3 },
  scenes = { from = "grid", to = "detail" },
}

function zoom.duration(ctx)
  return ctx.params.duration
end

function zoom.animate(ctx)
  if ctx.reducedMotion then return shared.crossfade(ctx) end  -- UIAccessibility.isReduceMotionEnabled
  local source, destination = ctx.from.delegate, ctx.to.delegate
  local forward = ctx.presenting
  local sourceImageView = source:referenceNode(ctx)
  local transitioningImageView = sourceImageView:snapshot()
  transitioningImageView.frame = source:referenceFrame(ctx, forward)
  ctx.container.backgroundColor = source:backgroundColor(ctx)
  source:willBegin(ctx)
  destination:willBegin(ctx)
  if forward then
    ctx.container:add(ctx.to.view)
    ctx.to.view.alpha = 0
  else
    ctx.container:insert(ctx.to.view, { below = ctx.from.view })
  end
  ctx.container:add(transitioningImageView)
  local destinationFrame = destination:referenceFrame(ctx, forward)
  animate{
    duration = ctx:duration(),
    curve = "easeInOut",
    function()
      transitioningImageView.frame = destinationFrame
      if forward then ctx.to.view.alpha = 1 else ctx.from.view.alpha = 0 end
    end,
    completion = function()
      transitioningImageView:remove()
      ctx.from.view.alpha = 1
      if ctx.cancelled then
        source:didCancel(ctx)
        destination:didCancel(ctx)
      else
        source:didEnd(ctx, sourceImageView)
        destination:didEnd(ctx, destination:referenceNode(ctx))
      end
      ctx:complete(not ctx.cancelled)
    end,
  }
end

return zoom
