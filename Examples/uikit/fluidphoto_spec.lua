-- FluidPhoto's numbers, worked out by hand from its code and the scenes.
local function copyOf(frame)
  for _, n in ipairs(frame.nodes) do if n.snapshot then return n end end
end

describe("fluidphoto", function()
  it("zooms toward the detail's photo, 390 × 260 under the 96 pt header, where it lands", function()
    local run = animhost.run{ plugin = "fluidphoto.lua" }
    local late = copyOf(run:frame(-2))
    assert.are.near(390, late.frame.width, 2)
    assert.are.near(260, late.frame.height, 2)
    assert.are.near(96 + 260 / 2, late.frame.midY, 2)
  end)

  it("raises the panned photo by the scaled frame's height · (1 − s) / 2", function()
    local run = animhost.run{ plugin = "fluidphoto.lua", operation = "pop", gesture = "pan-down dy=300 release=down" }
    assert.is_true(run.completed)
    for _, frame in ipairs(run.frames) do
      local copy = copyOf(frame)
      if frame.touch and frame.touch.state == "changed" and copy then
        local dy = math.max(frame.touch.translation.y, 0)
        local s = 1 - 0.5 * math.min(dy / 422, 1)
        assert.are.near(s, copy.transform.a, 1e-9)
        assert.are.near(226 + frame.touch.translation.y - 260 * s * (1 - s) / 2, copy.frame.midY, 1e-6)
      end
    end
  end)

  it("finishes by setting frame while scaled: the box lands on the cell", function()
    local run = animhost.run{ plugin = "fluidphoto.lua", operation = "pop", gesture = "pan-down dy=300 release=down" }
    local copy = copyOf(run:frame(-2))
    assert.are.near(183, copy.bbox.width, 3)
    assert.is_false(run:frame(-1):node("photo-4").hidden)
  end)

  it("springs back when released moving up", function()
    local run = animhost.run{ plugin = "fluidphoto.lua", operation = "pop", gesture = "pan-down dy=300 release=up" }
    assert.is_true(run.cancelled)
    assert.are.equal(rect(0, 96, 390, 260), run:frame(-1):node("photo").frame)
  end)
end)
