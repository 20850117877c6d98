-- The pop-up example: a dialog over the screen, scale 1.38 → 1 and alpha 0 → 1 in 0.16 s.
describe("popup", function()
  it("pops the dialog in over the screen", function()
    local run = animhost.run{ plugin = "popup.lua", operation = "present" }
    assert.is_true(run.completed)
    assert.are.near(1.38, run:frame(0):node("dialog-box").transform.a, 1e-9)
    assert.are.equal(0, run:frame(0):node("dialog").opacity)
    assert.are.equal(transform.identity, run:frame(-1):node("dialog-box").transform)
    assert.is_not_nil(run:frame(-1):node("screen"))
  end)

  it("takes the dialog away on dismiss", function()
    local run = animhost.run{ plugin = "popup.lua", operation = "dismiss" }
    assert.is_true(run.completed)
    assert.is_nil(run:frame(-1):node("dialog"))
  end)
end)
