-- The container's own transform: 0.94 at the middle of the 0.4 s, identity at both ends.
describe("affine-crossfade", function()
  local run
  before_each(function() run = animhost.run{ plugin = "affine-crossfade.lua" } end)

  it("scales the container, and the screens in it, to 0.94 halfway", function()
    local half = run:at(0.2)
    assert.are.near(0.94, half:node("container").transform.a, 1e-9)
    assert.are.near(390 * 0.94, half:node("news").bbox.width, 1e-6)
  end)

  it("ends unscaled on the article", function()
    local last = run:frame(-1)
    assert.are.near(1, last:node("container").transform.a, 1e-9)
    assert.are.equal(1, last:node("article").opacity)
  end)
end)
