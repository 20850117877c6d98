-- A page sheet sliding up over the screen, as UIKit presents a `.pageSheet`: only its top corners are
-- rounded, with iOS's continuous curve, and the screen beneath dims.
--
--   sheet.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
--   sheet.layer.cornerCurve = .continuous     → maskedCorners = { "minXMinY", "maxXMinY" },
--                                                 cornerCurve = "continuous" (scenes/compose.json)

---@type Plugin
local sheet = {
  name = "sheet",
  summary = "A sheet with only its top corners rounded (continuous) slides up over the dimmed screen",
  params = { duration = 0.45, damping = 1 },
  scenes = { from = "mailboxes", to = "compose" },
}

function sheet.duration(ctx)
  return ctx.params.duration
end

function sheet.animate(ctx)
  if ctx.reducedMotion then return shared.crossfade(ctx) end  -- UIAccessibility.isReduceMotionEnabled
  local overlay = ctx.presenting and ctx.to.view or ctx.from.view
  local panel = overlay:find("compose-sheet")
  local rest = panel.frame
  local below = rect(rest.x, ctx.size.height, rest.width, rest.height)
  if ctx.presenting then
    ctx.container:add(overlay)
    overlay.backgroundColor = "#00000000"
    panel.frame = below
  end
  animate{
    duration = ctx:duration(),
    spring = ctx.presenting and { damping = ctx.params.damping } or nil,
    curve = (not ctx.presenting) and "easeIn" or nil,
    function()
      overlay.backgroundColor = ctx.presenting and "#00000066" or "#00000000"
      panel.frame = ctx.presenting and rest or below
    end,
    completion = function()
      if not ctx.presenting then
        overlay.backgroundColor = "#00000066"
        panel.frame = rest
      end
      ctx:complete(not ctx.cancelled)
    end,
  }
end

return sheet
