-- The card-lift animator: lift with a growing shadow while moving, then settle.
describe("card-lift", function()
  local run
  before_each(function() run = animhost.run{ plugin = "card-lift", fps = 100 } end)

  local function card(i)
    for _, n in ipairs(run:frame(i).nodes) do if n.snapshot then return n end end
  end

  it("starts on the tapped card", function()
    assert.are.equal(rect(16, 292, 358, 164), card(0).frame)
  end)

  it("is lifted with a soft shadow when it arrives", function()
    assert.are.near(1.02, card(30).transform.a, 1e-9)
    assert.are.near(24, card(30).shadow.radius, 1e-9)
    assert.is_true(card(15).shadow.radius > card(5).shadow.radius)
    assert.are.equal(rect(0, 0, 390, 360), card(30).frame)
  end)

  it("settles and leaves only the detail", function()
    assert.are.near(1, card(49).transform.a, 0.001)
    assert.is_nil(card(50))
    assert.are.equal(1, run:frame(-1):node("card").opacity)
    assert.is_false(run:frame(-1):node("card-hero").hidden)
  end)

  it("lands looking like the header it becomes", function()
    -- the header (card-hero) has square corners, no shadow and its title at [16, 300] in 30 pt type
    local last = card(49)
    assert.are.near(0, last.cornerRadius or 0, 0.01)
    assert.are.near(0, last.shadow.opacity, 0.01)
    local titles = {}
    for _, n in ipairs(run:frame(49).nodes) do
      if n.snapshot and n.id:find("title") then titles[n.id] = n end
    end
    assert.are.near(1, titles["card-hero-title"].opacity, 0.001)
    assert.are.near(0, titles["card-2-title"].opacity, 0.001)
    assert.are.equal(rect(16, 300, 320, 34), titles["card-hero-title"].frame)
  end)

  it("matches its recorded trace", function()
    assert.matches_snapshot(run)
  end)

  it("runs back in 0.25 + 0.18 s", function()
    local back = animhost.run{ plugin = "card-lift", operation = "pop" }
    assert.is_true(back.completed)
    assert.are.near(0.43, back.duration, 1e-9)
  end)

  it("looks as recorded halfway through", function()
    assert.matches_image_snapshot(animhost.run{ plugin = "card-lift" }, { at = 0.25, scale = 0.5 })
  end)
end)
