-- The fade waits 0.15 s; the image moves from the first frame.
describe("list-detail", function()
  local run
  before_each(function() run = animhost.run{ plugin = "list-detail.lua" } end)

  it("keeps the article clear during the delay while the image already moves", function()
    local early = run:at(0.1)
    assert.are.equal(0, early:node("article").opacity)
    local copy
    for _, n in ipairs(early.nodes) do if n.snapshot then copy = n end end
    assert.is_true(copy.frame ~= run:frame(0):node(copy.id).frame, "the image has left the thumbnail")
  end)

  it("ends on the article at 0.4 s", function()
    local last = run:frame(-1)
    assert.are.near(0.4, last.t, 1e-9)
    assert.are.equal(1, last:node("article").opacity)
    assert.is_false(last:node("hero").hidden)
  end)
end)
