-- A card over a blurred backdrop, as a `UIVisualEffectView` with a blur effect: the wall of pictures
-- beneath the card is blurred inside its rounded (continuous) corners, and the blur grows as the card
-- comes in.
--
--   let blur = UIVisualEffectView(effect: UIBlurEffect(style: .light))
--   blur.layer.cornerRadius = 28; blur.layer.cornerCurve = .continuous
--                                  → backdropBlur = 20 with a translucent white backgroundColor
--                                    (scenes/now-playing.json)

---@type Plugin
local frosted = {
  name = "frosted-card",
  summary = "A frosted-glass card comes in over a wall of pictures, blurring them beneath it",
  params = { duration = 0.35, blur = 20, scale = 0.94 },
  scenes = { from = "wall", to = "now-playing" },
}

function frosted.duration(ctx)
  return ctx.params.duration
end

function frosted.animate(ctx)
  local overlay = ctx.presenting and ctx.to.view or ctx.from.view
  local card = overlay:find("card")
  local small = ctx.reducedMotion and transform.identity or transform.scale(ctx.params.scale)
  if ctx.presenting then
    ctx.container:add(overlay)
    card.alpha, card.backdropBlur, card.transform = 0, 0, small
  end
  animate{
    duration = ctx:duration(),
    curve = ctx.presenting and "easeOut" or "easeIn",
    function()
      card.alpha = ctx.presenting and 1 or 0
      card.backdropBlur = ctx.presenting and ctx.params.blur or 0
      card.transform = ctx.presenting and transform.identity or small
    end,
    completion = function()
      if not ctx.presenting then
        card.alpha, card.backdropBlur, card.transform = 1, ctx.params.blur, transform.identity
      end
      ctx:complete(not ctx.cancelled)
    end,
  }
end

return frosted
