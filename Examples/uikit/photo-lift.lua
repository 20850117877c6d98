-- "The photo floats up", ported: the tapped photo's copy first lifts off its cell (scale 1.06 and a
-- deepening shadow, 0.15 s), then floats to the destination frame while the destination fades in
-- (0.35 s), then sets down (0.1 s). Each phase starts in the previous one's completion, as the
-- article chains UIView.animate calls.

---@type Plugin
local lift = {
  name = "photo-lift",
  summary = "The photo lifts off its cell with a shadow, floats to the detail, and sets down",
  params = { up = 0.15, float = 0.35, down = 0.1, scale = 1.06 },
  scenes = { from = "grid", to = "detail" },
}

function lift.duration(ctx)
  local p = ctx.params
  return p.up + p.float + p.down
end

function lift.animate(ctx)
  if ctx.reducedMotion then return shared.crossfade(ctx) end  -- UIAccessibility.isReduceMotionEnabled
  local p = ctx.params
  local source, target = ctx.from.delegate:referenceNode(ctx), ctx.to.delegate:referenceNode(ctx)
  local photo = source:snapshot()
  photo.frame = ctx.from.delegate:referenceFrame(ctx)
  if ctx.presenting then
    ctx.container:add(ctx.to.view)
    ctx.to.view.alpha = 0
  else
    ctx.container:insert(ctx.to.view, { below = ctx.from.view })
  end
  ctx.container:add(photo)
  source.hidden, target.hidden = true, true
  local fading = ctx.presenting and ctx.to.view or ctx.from.view

  local function done()
    source.hidden, target.hidden = false, false
    photo:remove()
    ctx.from.view.alpha = 1
    ctx:complete(not ctx.cancelled)
  end
  animate{ duration = p.up, curve = "easeOut",
    function()
      photo.transform = transform.scale(p.scale)
      photo.shadow = { opacity = 0.35, radius = 16, offset = size(0, 8) }
    end,
    completion = function(finished)
      if not finished then return done() end
      animate{ duration = p.float, curve = "easeInOut",
        function()
          photo.frame = ctx.to.delegate:referenceFrame(ctx)  -- under the lift's scale: the box lands scaled
          fading.alpha = ctx.presenting and 1 or 0
        end,
        completion = function()
          animate{ duration = p.down, curve = "easeIn",
            function()
              photo.transform = transform.identity
              photo.shadow = { opacity = 0 }
            end,
            completion = done }
        end }
    end }
end

return lift
