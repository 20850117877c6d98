-- RMPZoomTransitionAnimator, ported: the source image view's copy moves to the destination frame,
-- swelling to 1.02 while a white veil covers the source (0.3 s, ease-out), then settles to its size
-- as the veil clears (0.2 s); backwards 0.25 s then 0.18 s. The frame is set before the transform
-- in the same block, so it is the untransformed frame, as in UIKit.
--
--   [UIView animateWithDuration:…] nested in the completion → animate{} inside completion
--   alphaView (a white view over the source)                  → a node{} added to the container

---@type Plugin
local rmp = {
  name = "rmp-zoom",
  summary = "RMPZoomTransitionAnimator: the copy swells to 1.02 under a white veil, then settles",
  params = { forward = 0.3, forwardComplete = 0.2, backward = 0.25, backwardComplete = 0.18, swell = 1.02 },
  scenes = { from = "grid", to = "detail" },
}

function rmp.duration(ctx)
  local p = ctx.params
  return ctx.presenting and p.forward + p.forwardComplete or p.backward + p.backwardComplete
end

function rmp.animate(ctx)
  if ctx.reducedMotion then return shared.crossfade(ctx) end  -- UIAccessibility.isReduceMotionEnabled
  local p = ctx.params
  local first = ctx.presenting and p.forward or p.backward
  local second = ctx.presenting and p.forwardComplete or p.backwardComplete
  local sourceImageView = ctx.from.delegate:referenceNode(ctx)
  local destinationImageView = ctx.to.delegate:referenceNode(ctx)
  local copy = sourceImageView:snapshot()
  copy.frame = ctx.from.delegate:referenceFrame(ctx)
  local alphaView = node{ id = "alpha-view", frame = ctx.container.bounds, backgroundColor = "#FFFFFF", alpha = 0 }
  ctx.container:insert(ctx.to.view, { below = ctx.from.view })
  ctx.container:add(alphaView)
  ctx.container:add(copy)
  sourceImageView.hidden, destinationImageView.hidden = true, true

  local function finish()
    sourceImageView.hidden, destinationImageView.hidden = false, false
    copy:remove()
    alphaView:remove()
    ctx:complete(not ctx.cancelled)
  end
  animate{
    duration = first,
    curve = "easeOut",
    function()
      copy.frame = ctx.to.delegate:referenceFrame(ctx)
      copy.transform = transform.scale(p.swell)
      alphaView.alpha = 0.9
    end,
    completion = function(finished)
      if not finished or ctx.cancelled then return finish() end
      ctx.container:insert(ctx.to.view, { above = ctx.from.view })
      animate{
        duration = second,
        curve = "easeOut",
        function()
          alphaView.alpha = 0
          copy.transform = transform.identity
        end,
        completion = finish,
      }
    end,
  }
end

return rmp
