-- The deck's numbers, worked out by hand from its parameters and the 390 × 844 scenes: the card's
-- frame is (0, 40, 390, 804); the screen behind sinks to scale 0.93 under a dimming view at 0.4.
local height = 844

local function index(list, value)
  for i, v in ipairs(list) do
    if v == value then return i end
  end
end

describe("deck", function()
  it("raises the card to its frame below the inset while the screen behind sinks back and dims", function()
    local run = animhost.run{ plugin = "deck.lua", operation = "present" }
    assert.is_true(run.completed)
    local first, last = run:frame(0), run:frame(-1)
    assert.are.near(height, first:node("article").transform.ty, 1e-9)
    assert.are.equal(rect(0, 40, 390, 804), last:node("article").frame)
    assert.are.near(0.93, last:node("news").transform.a, 1e-9)
    assert.are.near(12, last:node("news").cornerRadius, 1e-9)
    -- the presentation's views last: the dimming view is there when the present ends
    assert.are.near(0.4, last:node("deck-dim").opacity, 1e-9)
  end)

  it("dismisses from the state the present left, and removes the backdrop at the end", function()
    local present = animhost.run{ plugin = "deck.lua", operation = "present" }
    assert.is_true(present.completed)
    local run = animhost.run{ plugin = "deck.lua", operation = "dismiss" }
    assert.is_true(run.completed)
    local first, last = run:frame(0), run:frame(-1)
    assert.are.near(0.4, first:node("deck-dim").opacity, 1e-9)
    assert.are.near(0.93, first:node("news").transform.a, 1e-9)
    assert.are.equal(rect(0, 40, 390, 804), first:node("article").frame)
    assert.is_nil(last:node("deck-dim"))
    assert.is_nil(last:node("article"))
    assert.are.equal(transform.identity, last:node("news").transform)
    -- UIKit's order: dismissalTransitionWillBegin, the animations, completeTransition, dismissalTransitionDidEnd
    local began, completed = index(run.calls, "presentation.dismissalWillBegin"), index(run.calls, "complete(true)")
    local ended = index(run.calls, "presentation.dismissalDidEnd(true)")
    assert.is_true(began < completed and completed < ended)
  end)

  it("sets up the presentation off-screen for a dismiss on its own: its frames are the dismiss's", function()
    local run = animhost.run{ plugin = "deck.lua", operation = "dismiss" }
    assert.are.equal(0, run:frame(0).t)
    assert.are.equal(0.45 * 60 + 1, #run.frames)  -- frames 0 … 27 at 60 fps: none of the present
    assert.are.near(0.4, run:frame(0):node("deck-dim").opacity, 1e-9)
    assert.are.near(0.93, run:frame(0):node("news").transform.a, 1e-9)
  end)

  it("keeps the card under the finger of a pan down, and keeps the backdrop when the pan is let go", function()
    local run = animhost.run{ plugin = "deck.lua", operation = "dismiss", gesture = "pan-down dy=300" }
    local seen = 0
    for _, frame in ipairs(run.frames) do
      if frame.touch and frame.touch.state == "changed" then
        assert.are.near(math.max(frame.touch.translation.y, 0), frame:node("article").transform.ty, 1e-6)
        seen = seen + 1
      end
    end
    assert.is_true(seen > 10)
    -- 300 / 844 = 0.36 of the way, released at 750 pt/s: under both bars, it springs back
    assert.is_true(run.cancelled)
    local last = run:frame(-1)
    assert.are.near(0.4, last:node("deck-dim").opacity, 1e-9)
    assert.are.near(0.93, last:node("news").transform.a, 1e-9)
    -- a cancelled dismiss leaves the presentation: the next dismiss starts from it
    local again = animhost.run{ plugin = "deck.lua", operation = "dismiss", gesture = "pan-down to=0.2 release=fling" }
    assert.is_true(again.completed)
    assert.are.near(0.4, again:frame(0):node("deck-dim").opacity, 1e-9)
    assert.is_nil(again:frame(-1):node("deck-dim"))
  end)
end)
