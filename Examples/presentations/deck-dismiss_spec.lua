-- The deck's numbers, worked out by hand from the plugin's parameters and the 390 × 844 scenes.
local height = 844

describe("deck-dismiss", function()
  it("slides the card up from below the screen while the screen behind sinks back", function()
    local run = animhost.run{ plugin = "deck-dismiss.lua", operation = "present" }
    assert.is_true(run.completed)
    assert.are.near(height, run:frame(0):node("article").transform.ty, 1e-9)
    assert.are.near(1, run:frame(0):node("news").transform.a, 1e-9)
    local late = run:frame(-2)
    assert.is_true(late:node("news").transform.a < 0.94)
    assert.is_not_nil(late:node("deck-dim"))
    assert.are.equal(transform.identity, run:frame(-1):node("article").transform)
    assert.is_nil(run:frame(-1):node("deck-dim"))
  end)

  it("keeps the card under the finger of a pan down: its travel is the finger's", function()
    local run = animhost.run{ plugin = "deck-dismiss.lua", operation = "dismiss", gesture = "pan-down dy=500" }
    local seen = 0
    for _, frame in ipairs(run.frames) do
      if frame.touch and frame.touch.state == "changed" then
        -- progress = dy / 844 of a linear 0 → 844 slide: the card is dy below its place
        assert.are.near(math.max(frame.touch.translation.y, 0), frame:node("article").transform.ty, 1e-6)
        seen = seen + 1
      end
    end
    assert.is_true(seen > 10)
    -- released at 500 / 844 = 0.59 of the way, past half: it goes
    assert.is_true(run.completed)
    assert.is_nil(run:frame(-1):node("article"))
  end)

  it("goes on a fling down, and springs back from a short slow pan or a pan up", function()
    -- 0.2 of the height is under half way, but 1500 pt/s down is past 800
    local fling = animhost.run{ plugin = "deck-dismiss.lua", operation = "dismiss",
                                gesture = "pan-down to=0.2 release=fling" }
    assert.is_true(fling.completed)
    -- 300 / 844 = 0.36, released at 300 / 0.4 = 750 pt/s: under both bars
    local short = animhost.run{ plugin = "deck-dismiss.lua", operation = "dismiss", gesture = "pan-down dy=300" }
    assert.is_true(short.cancelled)
    assert.are.equal(transform.identity, short:frame(-1):node("article").transform)
    local up = animhost.run{ plugin = "deck-dismiss.lua", operation = "dismiss", gesture = "pan-up dy=300" }
    assert.is_true(up.cancelled)
  end)
end)
