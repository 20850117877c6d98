-- The zoom animator's start and end states, push and pop, plain and interactive.
describe("zoom push", function()
  local run
  before_each(function() run = animhost.run{ plugin = "zoom" } end)

  it("completes within its duration", function()
    assert.is_true(run.completed)
    assert.are.near(0.5, run:frame(-1).t, 1 / 60)
  end)

  it("starts with a visible copy of the photo on its grid cell", function()
    local first = run:frame(0)
    local copy
    for _, n in ipairs(first.nodes) do if n.snapshot then copy = n end end
    assert.are.equal("photo-4", copy.id)
    assert.are.equal(rect(199, 289, 183, 177), copy.frame)
    assert.are.equal(1, copy.opacity)
    assert.is_true(first:node("photo-4", "grid").hidden)
    assert.are.equal(0, first:node("detail").opacity)
  end)

  it("ends with the detail's photo at its own frame and the copy gone", function()
    local last = run:frame(-1)
    assert.are.equal(rect(0, 96, 390, 260), last:node("photo").frame)
    assert.is_false(last:node("photo").hidden)
    assert.are.equal(1, last:node("detail").opacity)
    assert.is_nil(last:node("grid"))
    for _, n in ipairs(last.nodes) do assert.is_nil(n.snapshot) end
  end)

  it("matches its recorded trace", function()
    assert.matches_snapshot(run)
  end)

  it("calls the delegates' hooks in order", function()
    assert.are.same({ "from.willBegin", "to.willBegin", "from.didEnd", "to.didEnd", "complete(true)" }, run.calls)
  end)
end)

describe("zoom pop", function()
  it("returns the photo to its cell in a quarter second", function()
    local run = animhost.run{ plugin = "zoom", operation = "pop" }
    assert.is_true(run.completed)
    assert.are.equal(16, #run.frames)
    assert.is_false(run:frame(-1):node("photo-4").hidden)
  end)

  it("cancels a short, slow edge swipe and leaves the detail at rest", function()
    local run = animhost.run{ plugin = "zoom", operation = "pop", gesture = "edge-swipe to=0.25 release=slow" }
    assert.is_false(run.completed)
    assert.is_true(run.cancelled)
    local last = run:frame(-1)
    assert.are.equal(rect(0, 96, 390, 260), last:node("photo").frame)
    assert.are.equal(1, last:node("detail").opacity)
    assert.is_nil(last:node("grid"))
  end)

  it("finishes a pan down released moving down", function()
    local run = animhost.run{ plugin = "zoom", operation = "pop", gesture = "pan-down dy=300 release=down" }
    assert.is_true(run.completed)
  end)

  it("honours its params", function()
    local run = animhost.run{ plugin = "zoom", params = { duration = 0.25 } }
    assert.are.equal(0.25, run.duration)
    assert.are.equal(16, #run.frames)
  end)
end)

describe("zoom push", function()
  it("looks as recorded halfway through", function()
    assert.matches_image_snapshot(animhost.run{ plugin = "zoom" }, { at = 0.25, scale = 0.5 })
  end)
end)
