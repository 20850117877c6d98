-- The match animator: tagged pairs fly onto their destinations, Hero's arc, automatic durations,
-- every preset's first and last frames, and an interactive cancel. The expected numbers come from
-- the scene files and Hero's definitions, worked out by hand.

-- The visible snapshots of a frame.
local function snapshots(frame)
  local out = {}
  for _, n in ipairs(frame.nodes) do if n.snapshot and not n.hidden then out[#out + 1] = n end end
  return out
end

local function assertRectNear(expected, actual, tolerance)
  assert.are.near(expected.x, actual.x, tolerance)
  assert.are.near(expected.y, actual.y, tolerance)
  assert.are.near(expected.width, actual.width, tolerance)
  assert.are.near(expected.height, actual.height, tolerance)
end

describe("match push grid → detail", function()
  local run
  before_each(function() run = animhost.run{ plugin = "match" } end)

  it("starts with a copy of photo-4 on its grid cell and both originals hidden", function()
    local first = run:frame(0)
    local copies = snapshots(first)
    assert.are.equal(1, #copies)
    assert.are.equal("photo-4", copies[1].id)
    assert.are.equal(rect(199, 289, 183, 177), copies[1].frame)
    assert.is_true(first:node("photo-4", "grid").hidden)
    assert.is_true(first:node("photo", "detail").hidden)
  end)

  it("lasts Hero's automatic duration for the flight's distance", function()
    -- centre (290.5, 377.5) → (195, 226): 179.088…; size (183, 177) → (390, 260): 223.020…
    local distance = math.sqrt(95.5 ^ 2 + 151.5 ^ 2) + math.sqrt(207 ^ 2 + 83 ^ 2)
    assert.are.near(0.208 + distance / 3000, run.duration, 1e-9)
    assert.are.near(0.34204, run.duration, 1e-5)
  end)

  it("lands the copy on the detail's photo, then shows the original", function()
    local before = run:frame(-2)
    assertRectNear(rect(0, 96, 390, 260), snapshots(before)[1].frame, 1)
    local last = run:frame(-1)
    assert.are.equal(0, #snapshots(last))
    assert.are.equal(rect(0, 96, 390, 260), last:node("photo", "detail").frame)
    assert.is_false(last:node("photo", "detail").hidden)
    assert.is_nil(last:node("grid-dim"))
  end)
end)

describe("match cards → card (nested tags)", function()
  local run
  before_each(function() run = animhost.run{ plugin = "match", from = "cards", to = "card" } end)

  it("flies the card and its title on their own, the title left out of the card's copy", function()
    local copies = snapshots(run:frame(0))
    -- the card's copy is made first (its title inside it hidden), then the title's two: its type
    -- differs between the screens, so the destination's title cross-fades in over the source's
    assert.are.equal(3, #copies)
    assert.are.equal("card-2", copies[1].id)
    assert.are.equal("card-hero-title", copies[3].id)
    assert.are.equal(0, copies[3].alpha)
    assert.are.equal(rect(32, 404, 320, 30), copies[3].frame)
    assert.are.equal(rect(16, 292, 358, 164), copies[1].frame)
    local titles = {}
    for _, n in ipairs(run:frame(0).nodes) do
      if n.id == "card-2-title" and n.snapshot then titles[#titles + 1] = n end
    end
    assert.are.equal(1, #titles)
    -- card-2 at (16, 292), its title at (16, 112) inside it
    assert.are.equal(rect(32, 404, 320, 30), titles[1].frame)
  end)

  it("lands each on its destination frame", function()
    run = animhost.run{ plugin = "match", from = "cards", to = "card", params = { duration = "0.4" } }
    local near = run:frame(-2)
    local byId = {}
    for _, n in ipairs(snapshots(near)) do byId[n.id] = n end
    assertRectNear(rect(0, 0, 390, 360), byId["card-2"].frame, 2)
    assertRectNear(rect(16, 300, 320, 34), byId["card-2-title"].frame, 2)
    local last = run:frame(-1)
    for _, n in ipairs(last.nodes) do assert.is_nil(n.snapshot) end
    assert.is_false(last:node("card-hero").hidden)
    assert.is_false(last:node("card-hero-title").hidden)
  end)
end)

describe("match news → article", function()
  it("lasts its longest flight: the thumbnail's distance is clamped to 500 points", function()
    local run = animhost.run{ plugin = "match", from = "news", to = "article" }
    -- thumbnail (26, 234, 88, 88) → hero (0, 0, 390, 300): 178.9 + 369.0 > 500
    assert.are.near(0.208 + 500 / 3000, run.duration, 1e-9)
  end)
end)

describe("match arcs", function()
  -- From centre (290.5, 377.5) to (195, 226): from.y > to.y, so the arc's corner is (to.x, from.y).
  local a, b, corner = point(290.5, 377.5), point(195, 226), point(195, 377.5)
  local function expected(control, s)
    local u = 1 - s
    local c = point(u * u * a.x + 2 * u * s * control.x + s * s * b.x,
                    u * u * a.y + 2 * u * s * control.y + s * s * b.y)
    local w, h = 183 + (390 - 183) * s, 177 + (260 - 177) * s
    return rect(c.x - w / 2, c.y - h / 2, w, h)
  end

  it("puts the midpoint on Hero's quadratic curve", function()
    local run = animhost.run{ plugin = "match", params = { arc = "true", duration = "0.5", curve = "linear" } }
    -- at t = 0.25 progress is ½: ¼·a + ½·corner + ¼·b = (218.875, 339.625), size (286.5, 218.5)
    local mid = snapshots(run:at(0.25))[1].frame
    assertRectNear(rect(218.875 - 143.25, 339.625 - 109.25, 286.5, 218.5), mid, 1e-6)
    assertRectNear(expected(corner, 0.5), mid, 1e-6)
  end)

  it("scales the bend by the intensity", function()
    local run = animhost.run{ plugin = "match", fps = 120,
                              params = { arc = "0.5", duration = "0.5", curve = "linear" } }
    local middle = point((a.x + b.x) / 2, (a.y + b.y) / 2)
    local control = point(middle.x + (corner.x - middle.x) / 2, middle.y + (corner.y - middle.y) / 2)
    assertRectNear(expected(control, 0.25), snapshots(run:at(0.125))[1].frame, 1e-6)
    assertRectNear(expected(control, 0.5), snapshots(run:at(0.25))[1].frame, 1e-6)
  end)

  it("moves straight without an arc", function()
    local run = animhost.run{ plugin = "match", params = { duration = "0.5", curve = "linear" } }
    assertRectNear(rect((199 + 0) / 2, (289 + 96) / 2, (183 + 390) / 2, (177 + 260) / 2),
                   snapshots(run:at(0.25))[1].frame, 1e-6)
  end)
end)

-- Each preset presenting grid → detail (width 390): the screens' transforms and opacities at the
-- first frame and the frame before the end, from Hero's definitions; the last frame is the detail at rest.
local presets = {
  { "push(left)",   to = { tx = 390 },             from = { tx = -130, dim = 0.1 } },
  { "pull(left)",   to = { tx = 130, dim = 0.1 },  from = { tx = -390 } },
  { "cover(left)",  to = { tx = 390 },             from = { dim = 0.1 } },
  { "uncover(left)", to = { dim = 0.1 },           from = { tx = -390 } },
  { "slide(left)",  to = { tx = 390 },             from = { tx = -390 } },
  { "zoomSlide(left)", to = { tx = 390, scale = 0.8 }, from = { tx = -390, scale = 0.8 } },
  { "pageIn(left)", to = { tx = 390 },             from = { scale = 0.7, dim = 0.1 } },
  { "pageOut(left)", to = { scale = 0.7, dim = 0.1 }, from = { tx = -390 } },
  { "fade",         to = { alpha = 0 },            from = { alpha = 0 } },
  { "zoom",         to = { scale = 0.7 },          from = { scale = 1.3, alpha = 0 } },
  { "zoomOut",      to = { scale = 1.3, alpha = 0 }, from = { scale = 0.7 } },
  { "push(right)",  to = { tx = -390 },            from = { tx = 130, dim = 0.1 } },
  { "slide(up)",    to = { ty = 844 },             from = { ty = -844 } },
  { "none",         to = {},                       from = {} },
}

local function checkScreen(frame, id, state, tolerance)
  local n = frame:node(id)
  local t = n.transform
  assert.are.near(state.tx or 0, t.tx, 390 * tolerance)
  assert.are.near(state.ty or 0, t.ty, 844 * tolerance)
  assert.are.near(state.scale or 1, t.a, tolerance)
  assert.are.near(state.scale or 1, t.d, tolerance)
  assert.are.near(state.alpha or 1, n.opacity, tolerance)
  local dim = frame:node(id .. "-dim")
  if state.dim then
    assert.are.near(state.dim, dim.opacity, tolerance)
  elseif dim then
    assert.are.near(0, dim.opacity, tolerance)
  end
end

describe("match presets", function()
  for _, p in ipairs(presets) do
    it(p[1] .. " starts, ends and rests as Hero defines it", function()
      local run = animhost.run{ plugin = "match", params = { preset = p[1], duration = "0.5" } }
      assert.is_true(run.completed)
      local first, before, last = run:frame(0), run:frame(-2), run:frame(-1)
      checkScreen(first, "grid", {}, 1e-9)                     -- the leaving screen starts at rest
      checkScreen(first, "detail", p.to, 1e-9)                 -- the appearing one starts modified
      checkScreen(before, "grid", p.from, 0.01)                -- the leaving one ends modified
      checkScreen(before, "detail", {}, 0.01)                  -- the appearing one ends at rest
      checkScreen(last, "detail", {}, 1e-9)
      assert.is_nil(last:node("grid"))
      assert.is_nil(last:node("detail-dim"))
    end)
  end

  it("keeps the flights when the preset fades the screens", function()
    local run = animhost.run{ plugin = "match", params = { preset = "fade" } }
    assert.are.equal(rect(199, 289, 183, 177), snapshots(run:frame(0))[1].frame)
  end)

  it("autoReverse runs the reverse preset when popping", function()
    local run = animhost.run{ plugin = "match", operation = "pop",
                              params = { preset = "autoReverse(push(left))", duration = "0.5" } }
    -- push(left) reversed is pull(right): the grid comes back from a third of the width on the left
    checkScreen(run:frame(0), "grid", { tx = -130, dim = 0.1 }, 1e-9)
    checkScreen(run:frame(-2), "detail", { tx = 390 }, 0.01)
  end)

  it("rejects an unknown preset naming the valid ones", function()
    assert.has_error(function() animhost.run{ plugin = "match", params = { preset = "push(sideways)" } } end,
      "the direction is left, right, up or down")
    assert.has_error(function() animhost.run{ plugin = "match", params = { preset = "spin" } } end, "expected one of")
  end)
end)

describe("match interactive pop", function()
  it("cancels a short, slow edge swipe and restores the detail", function()
    local run = animhost.run{ plugin = "match", operation = "pop", gesture = "edge-swipe to=0.25 release=slow" }
    assert.is_true(run.cancelled)
    local last = run:frame(-1)
    assert.are.equal(0, #snapshots(last))
    assert.is_nil(last:node("grid"))
    for _, n in ipairs(last.nodes) do
      assert.is_false(n.hidden)
      assert.are.equal(1, n.opacity)
      assert.are.equal(transform.identity, n.transform)
    end
    assert.are.equal(rect(0, 96, 390, 260), last:node("photo").frame)
  end)

  it("finishes a long edge swipe", function()
    local run = animhost.run{ plugin = "match", operation = "pop", gesture = "edge-swipe to=0.8 release=fling" }
    assert.is_true(run.completed)
    assert.is_false(run:frame(-1):node("photo-4").hidden)
  end)
end)
