-- The App Store card: the article's own card flies (no copy is made), its picture keeps filling it
-- by autoresizing, the close button keeps to its top right above the picture, and a vertical pan
-- dismisses the article.
describe("appstore", function()
  local run
  before_each(function() run = animhost.run{ plugin = "appstore.lua" } end)

  it("flies the article's own card from the list card's frame, with no copy", function()
    assert.are.equal(rect(20, 140, 350, 420), run:frame(0):node("story").frame)
    assert.are.equal(rect(0, 0, 390, 480), run:frame(-1):node("story").frame)
    for _, f in ipairs(run.frames) do
      for _, n in ipairs(f.nodes) do assert.is_nil(n.snapshot, "t = " .. f.t .. ": " .. n.id) end
      if f.t < run.duration then
        assert.is_true(f:node("story-card").hidden, "t = " .. f.t .. ": the list card is hidden")
      end
    end
  end)

  it("keeps the picture filling the card at every frame", function()
    for _, f in ipairs(run.frames) do
      assert.are.equal(f:node("story").frame, f:node("story-image").frame, "t = " .. f.t)
    end
  end)

  it("keeps the close button 20 points in from the card's right edge, 20 down, above the picture", function()
    for _, f in ipairs(run.frames) do
      local card, close = f:node("story").frame, f:node("close")
      assert.are.near(card.maxX - 20, close.frame.maxX, 1e-9, "t = " .. f.t)
      assert.are.near(card.minY + 20, close.frame.minY, 1e-9, "t = " .. f.t)
      assert.is_true(close.z > f:node("story-image").z, "t = " .. f.t)
    end
  end)

  it("grows the card on the flight's curve, the title pinned to its top left", function()
    local mid = run:at(run.duration / 2)
    local card, title = mid:node("story").frame, mid:node("story-title").frame
    assert.is_true(card.width > 350 and card.width < 390)
    assert.are.near(card.minX + 20, title.minX, 1e-9)
    assert.are.near(card.minY + 44, title.minY, 1e-9)
    assert.are.equal(300, title.width)
  end)

  it("shrinks the article's own card back into the list on dismiss, its close button fading", function()
    local pop = animhost.run{ plugin = "appstore.lua", operation = "pop" }
    assert.are.equal(rect(0, 0, 390, 480), pop:frame(0):node("story").frame)
    for _, f in ipairs(pop.frames) do
      if f.t < pop.duration then
        assert.are.equal(f:node("story").frame, f:node("story-image").frame, "t = " .. f.t)
      end
      for _, n in ipairs(f.nodes) do assert.is_nil(n.snapshot, "t = " .. f.t .. ": " .. n.id) end
    end
    local landed = pop:at(pop.duration - 0.01)
    assert.are.near(350, landed:node("story").frame.width, 1)
    assert.are.equal(0, landed:node("close").alpha)
    assert.are.equal(rect(20, 140, 350, 420), pop:frame(-1):node("story-card").frame)
  end)

  it("dismisses by a pan down, and springs back from a short one", function()
    local long = animhost.run{ plugin = "appstore.lua", operation = "pop", gesture = "pan-down dy=300" }
    assert.is_true(long.completed)
    local short = animhost.run{ plugin = "appstore.lua", operation = "pop", gesture = "pan-down dy=60 release=slow" }
    assert.is_true(short.cancelled)
  end)
end)
