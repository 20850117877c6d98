-- The lift's three phases: 0.15 s up, 0.35 s across, 0.1 s down.
local function copyOf(frame)
  for _, n in ipairs(frame.nodes) do if n.snapshot then return n end end
end

describe("photo-lift", function()
  local run
  before_each(function() run = animhost.run{ plugin = "photo-lift.lua" } end)

  it("lifts the photo off its cell, scaled 1.06 about its centre", function()
    local up = copyOf(run:at(0.15))
    assert.are.near(1.06, up.transform.a, 1e-9)
    assert.are.near(183 * 1.06, up.bbox.width, 1e-6)
    assert.are.near(290.5, up.bbox.midX, 1e-6)
  end)

  it("floats so that the scaled box covers the header, then sets down on it", function()
    local across = copyOf(run:at(0.5))
    -- frame set under a 1.06 scale: the box is the header's frame
    assert.are.near(390, across.bbox.width, 1e-6)
    assert.are.near(226, across.bbox.midY, 1e-6)
    assert.are.near(0.6, run:frame(-1).t, 1e-9)
    assert.is_false(run:frame(-1):node("photo").hidden)
  end)
end)
