-- The album example: nested tags fly on their own, a cascade delays the track rows in order, and
-- modifiers give the state a leaving node ends in and an appearing node starts from.
describe("album", function()
  local run
  before_each(function() run = animhost.run{ plugin = "album.lua" } end)

  it("flies the card, its cover and its title as three flights", function()
    local tags = {}
    for _, n in ipairs(run:frame(0).nodes) do if n.snapshot and n.tag then tags[#tags + 1] = n.tag end end
    -- the card and, crossfading over it, the header; then the covers, then the titles (each crossfading)
    assert.are.same({ "album-2", "album-2", "cover-2", "cover-2", "title-2", "title-2" }, tags)
  end)

  it("moves the cover's crop from aspectFill in the list to aspectFit on the page", function()
    -- a 1024 × 768 picture: filling 136 × 136 it is 181.33 × 136; fitting 200 × 200 it is 200 × 150
    -- (frames in the container: the cover starts at (28, 300) and lands at (95, 72))
    local function picture(frame)
      for _, n in ipairs(frame.nodes) do if n.id == "album-2-cover-picture" then return n end end
    end
    local first = picture(run:frame(0)).frame
    assert.are.near(28 - (136 * 4 / 3 - 136) / 2, first.x, 1e-9)
    assert.are.equal(300, first.y)
    assert.are.near(136 * 4 / 3, first.width, 1e-9)
    assert.are.equal(136, first.height)
    local late = picture(run:at(0.32)).frame  -- the cover has landed (0.311 s); its copy waits for the card (0.338 s)
    assert.are.equal(rect(95, 72 + 25, 200, 150), late)
    assert.is_nil(picture(run:frame(-1)))
  end)

  it("delays each track row by 0.05 s more than the one above it", function()
    -- cascade(0.05, topToBottom): row k starts at (k − 1) · 0.05 s, that is frame 3(k − 1) at 60 fps
    for k = 1, 6 do
      local start = 3 * (k - 1)
      assert.are.equal(0, run:frame(start):node("track-" .. k).alpha)
      assert.is_true(run:frame(start + 1):node("track-" .. k).alpha > 0)
      if k < 6 then assert.are.equal(0, run:frame(start + 1):node("track-" .. (k + 1)).alpha) end
    end
  end)

  it("starts appearing nodes from their modifiers' state", function()
    local first = run:frame(0)
    assert.are.equal(40, first:node("track-3").transform.ty)
    assert.are.near(0.2, first:node("play").transform.a, 1e-9)
    assert.are.equal(0, run:at(0.1):node("play").alpha)
    assert.is_true(run:at(0.12):node("play").alpha > 0)
  end)

  it("ends leaving nodes in their modifiers' state, then restores them", function()
    local pop = animhost.run{ plugin = "album.lua", operation = "pop" }
    local first = pop:frame(0)
    assert.are.equal(0, first:node("album-1").alpha)
    assert.are.near(0.9, first:node("album-1").transform.a, 1e-9)
    local last = pop:frame(-1)
    assert.are.equal(1, last:node("album-1").alpha)
    assert.are.equal(transform.identity, last:node("album-1").transform)
  end)

  it("shows every original again at the end", function()
    for _, n in ipairs(run:frame(-1).nodes) do
      assert.is_false(n.hidden)
      assert.is_nil(n.snapshot)
    end
  end)
end)
