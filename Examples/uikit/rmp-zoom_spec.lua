-- RMPZoomTransitionAnimator's numbers: 0.3 s to the destination swelling to 1.02 under a 0.9 veil,
-- then 0.2 s to settle.
describe("rmp-zoom", function()
  local run
  before_each(function() run = animhost.run{ plugin = "rmp-zoom.lua" } end)

  it("lasts 0.3 + 0.2 s", function()
    assert.are.near(0.5, run:frame(-1).t, 1e-9)
  end)

  it("has the copy on the destination frame, swollen to 1.02, when the veil is thickest", function()
    local peak = run:at(0.3)
    local copy
    for _, n in ipairs(peak.nodes) do if n.snapshot then copy = n end end
    assert.are.equal(rect(0, 96, 390, 260), copy.frame)
    assert.are.near(1.02, copy.transform.a, 1e-9)
    assert.are.near(0.9, peak:node("alpha-view").alpha, 1e-9)
  end)

  it("ends on the detail, the veil and the copy gone", function()
    local last = run:frame(-1)
    assert.is_nil(last:node("alpha-view"))
    assert.is_false(last:node("photo").hidden)
  end)
end)
