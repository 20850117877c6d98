-- popup: an alert-style dialog over the current screen. Presenting scales the dialog from
-- 1.38 to 1 while it fades in (0.16 s); dismissing plays it back. The dialog scene is an
-- overlay, so the screen beneath stays in the container.

---@type Plugin
local popup = {
  name = "popup",
  summary = "A dialog pops in over the screen (scale 1.38 → 1, alpha 0 → 1) and back out",
  params = { duration = 0.16, scale = 1.38 },
  scenes = { from = "screen", to = "dialog" },
}

function popup.duration(ctx)
  return ctx.params.duration
end

function popup.animate(ctx)
  local dialog = ctx.presenting and ctx.to or ctx.from
  local overlay = dialog.view
  local delegate = dialog.delegate --[[@as DialogDelegate]]  -- the dialog's script (scenes/dialog.lua)
  local box = delegate:dialogBox()  -- the dialog's own code knows its box
  -- Reduced motion: the dialog only fades, at its resting size.
  local big = ctx.reducedMotion and transform.identity or transform.scale(ctx.params.scale)
  if ctx.presenting then
    ctx.container:add(overlay)
    overlay.alpha = 0
    box.transform = big
  end
  animate{
    duration = ctx:duration(),
    curve = "easeOut",
    function()
      overlay.alpha = ctx.presenting and 1 or 0
      box.transform = ctx.presenting and transform.identity or big
    end,
    completion = function()
      if not ctx.presenting then
        overlay.alpha = 1
        box.transform = transform.identity
      end
      ctx:complete(not ctx.cancelled)
    end,
  }
end

return popup
