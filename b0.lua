local p = { name = "bench", scenes = { from = "grid", to = "detail" } }
function p.duration() return 1 end
function p.animate(ctx)
  local list = {}
  for i = 1, 0 do
    list[i] = ctx.container:add(node{ frame = rect(i % 40 * 10, i // 40 * 10, 8, 8), alpha = 1 })
  end
  animate{ duration = 1, curve = "easeInOut", function()
    for i = 1, 0 do
      local n = list[i]
      n.frame = rect(400 - i % 40 * 10, 800 - i // 40 * 10, 16, 16)
      n.alpha = 0
    end
  end, completion = function() ctx:complete(true) end }
end
return p