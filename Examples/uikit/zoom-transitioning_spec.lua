-- ZoomTransitioning's numbers: 0.3 s, the copy from the grid cell to the detail header, the container
-- coloured as the source screen.
describe("zoom-transitioning", function()
  local run
  before_each(function() run = animhost.run{ plugin = "zoom-transitioning.lua" } end)

  it("colours the container as the source screen", function()
    assert.are.equal(color("#FFFFFF"), run:frame(0):node("container").backgroundColor)
  end)

  it("moves the copy from the cell to the header in 0.3 s", function()
    local first, last = run:frame(0), run:frame(-1)
    local copy
    for _, n in ipairs(first.nodes) do if n.snapshot then copy = n end end
    assert.are.equal(rect(199, 289, 183, 177), copy.frame)
    assert.are.near(0.3, last.t, 1e-9)
    assert.are.equal(rect(0, 96, 390, 260), last:node("photo").frame)
    assert.is_false(last:node("photo").hidden)
  end)
end)
