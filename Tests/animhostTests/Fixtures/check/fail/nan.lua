-- Breaks one rule of animhost check: no NaN (a scale squared past the largest number makes the node's box infinite).
return {
  name = "nan",
  scenes = { from = "news", to = "article" },
  duration = function() return 0.2 end,
  animate = function(ctx)
    ctx.container:add(ctx.to.view)
    ctx.to.view.alpha = 0
    local huge = transform.scale(1e9)
    for _ = 1, 6 do huge = huge * huge end  -- 1e9 to the 64th: infinite
    ctx.to.view.transform = huge
    -- the scale undone before the first frame after the start, while the destination is still invisible
    -- (undone at the end, it would appear in one step: a jump too)
    animate{ duration = 1 / 240, function() ctx.to.view.transform = transform.identity end }
    animate{ duration = 0.2, function() ctx.to.view.alpha = 1 end,
             completion = function() ctx:complete(not ctx.cancelled) end }
  end,
}
