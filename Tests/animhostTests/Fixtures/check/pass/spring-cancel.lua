-- A cancel near its start is fast, not a jump: released at 10 % of the way, a spring's steep start
-- replayed backwards over 10 % of its duration moves the detail 41 pt in a frame as its children
-- slide in and out of view, and removes it a frame later (docs/writing-plugins.md's plugin).
---@type Plugin                                     -- lets an editor check the table, ctx and nodes
local slide = {
  name = "spring-cancel",
  summary = "The detail slides in from the right",  -- shown by `animhost list`
  params = { duration = 0.35, damping = 1 },        -- tunables: `--param damping=0.7` overrides
  scenes = { from = "news", to = "article" },        -- default scenes for push/present (swapped for pop/dismiss); without: grid → detail
                                                     -- chrome = "tabbar" adds bars above the container (ctx.chrome)
}

function slide.duration(ctx)                         -- required: seconds, like transitionDuration(using:)
  return ctx.params.duration
end

function slide.animate(ctx)                          -- required: like animateTransition(using:)
  local width, height = ctx.size.width, ctx.size.height
  local shade = node{ id = "shade", frame = rect(0, 0, width, height), backgroundColor = "#000000", alpha = 0 }  -- one of its own
  ctx.container:add(shade)                           -- over the source...
  ctx.container:add(ctx.to.view)                     -- ...and the destination over both
  if ctx.reducedMotion then                          -- --reduced-motion: fade in place instead of sliding
    ctx.to.view.alpha = 0
  else
    ctx.to.view.frame = rect(width, 0, width, height)
  end
  animate{
    duration = ctx:duration(),
    spring = { damping = ctx.params.damping },       -- UIKit's damping ratio: 1 settles without a bounce
    function()
      ctx.to.view.alpha = 1
      ctx.to.view.frame = rect(0, 0, width, height)
      shade.alpha = 0.3
      if not ctx.reducedMotion then ctx.from.view.transform = transform.translate(-width / 3, 0) end
    end,
    completion = function()
      shade:remove()                                 -- take out what you added
      ctx.from.view.transform = transform.identity
      ctx:complete(not ctx.cancelled)
    end,
  }
end

function slide.ended(ctx, completed) end            -- optional: like animationEnded(_:)

return slide
