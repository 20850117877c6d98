-- The fold example: panels narrowing to the left edge, their shading darkening as they turn.
describe("fold", function()
  it("folds the cover away in shaded panels over the next screen", function()
    local run = animhost.run{ plugin = "fold.lua", fps = 20 }
    assert.is_true(run.completed)
    local first, mid = run:frame(0), run:frame(8)
    assert.are.equal(1, first:node("fold-panel-1").transform.a)
    assert.are.equal(0, first:node("fold-shade-0").gradient.colors[2].a, "flat panels are unshaded")
    local turned = mid:node("fold-panel-1").transform.a
    assert.is_true(turned < 1 and turned > 0)
    -- Panel 0 darkens towards its right (its fold line), panel 1 towards its left: 0.7 × the turn.
    assert.are.near(0.7 * (1 - turned), mid:node("fold-shade-0").gradient.colors[2].a, 0.01)
    assert.are.near(0.7 * (1 - turned), mid:node("fold-shade-1").gradient.colors[1].a, 0.01)
    assert.is_nil(run:frame(-1):node("fold-panel-0"))
    assert.is_not_nil(run:frame(-1):node("fold-inside"))
  end)

  it("unfolds the cover again on pop", function()
    local run = animhost.run{ plugin = "fold.lua", operation = "pop", fps = 20 }
    assert.is_true(run.completed)
    assert.are.near(0.001, run:frame(1):node("fold-panel-2").transform.a, 0.01)
    assert.is_nil(run:frame(-1):node("fold-panel-2"))
    assert.is_not_nil(run:frame(-1):node("fold-cover"))
  end)
end)
