-- The fold example: panels turning about their left edges under a perspective, hinged to one
-- another, their shading darkening as they turn.
local W, H, D = 390, 844, 800

-- The angle panel `id` has turned by in `frame` (0 when flat), from its transform3D's m11 = cos θ.
local function angle(frame, id)
  local t = frame:node(id).transform3D
  return t and math.acos(math.max(-1, math.min(1, t.m11))) or 0
end

describe("fold", function()
  it("folds the cover away in hinged, shaded 3-D panels over the next screen", function()
    local run = animhost.run{ plugin = "fold.lua", fps = 20 }
    assert.is_true(run.completed)
    local first, mid = run:frame(0), run:frame(8)
    assert.are.equal(0, angle(first, "fold-panel-1"))
    assert.are.equal(0, first:node("fold-shade-0").gradient.colors[2].a, "flat panels are unshaded")
    local turned = angle(mid, "fold-panel-0")
    assert.is_true(turned > 0.2 and turned < math.pi / 2 - 0.2)
    assert.are.near(turned, angle(mid, "fold-panel-1"), 1e-6)
    -- Panel 0 darkens towards its right (its fold line), panel 1 towards its left: 0.7 × the turn.
    local shade = 0.7 * turned / (math.pi / 2)
    assert.are.near(shade, mid:node("fold-shade-0").gradient.colors[2].a, 0.01)
    assert.are.near(shade, mid:node("fold-shade-1").gradient.colors[1].a, 0.01)
    -- Panel 0 (96 points wide) turns about its left edge, which stays on the screen's edge and plane;
    -- its fold line goes 96·sin θ away from the eye, D points in front of the screen's centre, so it
    -- shows at W/2 + (96·cos θ − W/2) / (1 + 96·sin θ / D).
    local p0, p1 = mid:node("fold-panel-0").bbox, mid:node("fold-panel-1").bbox
    local hinge = W / 2 + (96 * math.cos(turned) - W / 2) / (1 + 96 * math.sin(turned) / D)
    assert.are.near(0, p0.x, 0.01)
    assert.are.near(H, p0.height, 0.01)
    assert.are.near(hinge, p0.x + p0.width, 0.5)
    -- Panel 1 hangs on that fold line: the panels stay joined.
    assert.are.near(hinge, p1.x, 0.5)
    assert.is_nil(run:frame(-1):node("fold-panel-0"))
    assert.is_not_nil(run:frame(-1):node("fold-inside"))
  end)

  it("unfolds the cover again on pop", function()
    local run = animhost.run{ plugin = "fold.lua", operation = "pop", fps = 20 }
    assert.is_true(run.completed)
    assert.is_true(angle(run:frame(1), "fold-panel-2") > math.pi / 2 - 0.05)
    assert.is_nil(run:frame(-1):node("fold-panel-2"))
    assert.is_not_nil(run:frame(-1):node("fold-cover"))
  end)
end)
