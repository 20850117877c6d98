-- The crossfade animator: the list shrinks while the article fades in, and back.
describe("crossfade", function()
  it("shrinks the list while the article fades in", function()
    local run = animhost.run{ plugin = "crossfade", fps = 100 }
    assert.is_true(run.completed)
    assert.are.equal(0, run:frame(0):node("article").opacity)
    local before = run:frame(-2)
    assert.are.near(0.94, before:node("news").transform.a, 0.005)
    assert.are.equal(1, run:frame(-1):node("article").opacity)
    assert.is_nil(run:frame(-1):node("news"))
  end)

  it("grows the list back as the article fades out when popping", function()
    local run = animhost.run{ plugin = "crossfade", operation = "pop" }
    assert.are.near(0.94, run:frame(0):node("news").transform.a, 1e-9)
    assert.are.equal(transform.identity, run:frame(-1):node("news").transform)
    assert.is_nil(run:frame(-1):node("article"))
  end)

  it("takes its scale from params", function()
    local run = animhost.run{ plugin = "crossfade", params = { scale = 0.8 }, fps = 100 }
    assert.are.near(0.8, run:frame(-2):node("news").transform.a, 0.02)
  end)
end)
