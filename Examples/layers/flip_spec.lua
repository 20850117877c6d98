-- The flip: a true perspective, so the turning screen's near edge stands taller than the screen.
local H, W, D = 844, 390, 600

-- The frame whose leaving screen is turned nearest to `degrees`, and its angle in radians.
local function turnedNear(run, id, degrees)
  local best, bestAngle
  for _, frame in ipairs(run.frames) do
    local node = frame:node(id)
    local t = node and node.transform3D
    if t then
      local angle = math.acos(math.max(-1, math.min(1, t.m11)))
      if not best or math.abs(angle - math.rad(degrees)) < math.abs(bestAngle - math.rad(degrees)) then
        best, bestAngle = frame, angle
      end
    end
  end
  return best, bestAngle
end

describe("flip", function()
  it("stands the near edge taller than the screen at 60°", function()
    local run = animhost.run{ plugin = "flip.lua", operation = "push" }
    assert.is_true(run.completed)
    local frame, angle = turnedNear(run, "front", 60)
    assert.is_not_nil(frame)
    assert.are.near(math.rad(60), angle, math.rad(4))
    -- The edge coming towards the eye, W/2·sin θ nearer, shows H / (1 − W/2·sin θ / D) tall.
    local expected = H / (1 - W / 2 * math.sin(angle) / D)
    local bbox = frame:node("front").bbox
    assert.is_true(bbox.height > H)
    assert.are.near(expected, bbox.height, 0.5)
    -- and narrower than the screen: it is turned away.
    assert.is_true(bbox.width < W)
  end)

  it("ends on the back screen, flat", function()
    local run = animhost.run{ plugin = "flip.lua", operation = "push" }
    local last = run:frame(-1)
    assert.is_nil(last:node("back").transform3D)
    assert.are.equal(W, last:node("back").bbox.width)
  end)
end)
