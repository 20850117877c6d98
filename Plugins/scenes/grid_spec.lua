-- The grid's delegate: the tapped photo is the source, hidden while its copy flies and shown again
-- whether the transition ends or is cancelled.
local grid = require("grid")

describe("grid delegate", function()
  local cell
  before_each(function()
    cell = node{ id = "photo-4" }
    grid.view = node{ id = "grid", children = { cell, node{ id = "photo-1" } } }
  end)

  it("hands over the selected photo", function()
    assert.are.equal(cell, grid:transitionSourceImageView())
  end)

  it("answers ZoomTransitioning's source and destination hooks alike", function()
    grid:transitionSourceWillBegin()
    assert.is_true(cell.hidden)
    grid:transitionSourceDidEnd()
    assert.is_false(cell.hidden)
    grid:transitionDestinationWillBegin()
    assert.is_true(cell.hidden)
    grid:transitionDestinationDidCancel()
    assert.is_false(cell.hidden)
  end)

  it("hides the photo's cell on willBegin and shows it on didEnd or didCancel", function()
    grid:willBegin()
    assert.is_true(cell.hidden)
    grid:didEnd()
    assert.is_false(cell.hidden)
    grid:willBegin()
    grid:didCancel()
    assert.is_false(cell.hidden)
  end)

  it("answers zoom's calls in a run, the cell visible again at the end", function()
    local run = animhost.run{ plugin = "zoom" }
    assert.is_true(run:frame(0):node("photo-4", "grid").hidden)
    assert.are.same({ "from.willBegin", "to.willBegin", "from.didEnd", "to.didEnd", "complete(true)" }, run.calls)
  end)
end)

describe("grid under a tab bar", function()
  it("keeps the chrome above the screens, outside the container", function()
    local run = animhost.run{ plugin = "zoom", chrome = "tabbar" }
    local first = run:frame(0)
    local bar = assert(first:node("tab-bar"), "the tab bar is drawn")
    assert.are.equal(rect(0, 761, 390, 83), bar.bbox)
    for _, n in ipairs(first.nodes) do
      if n.scene == "grid" or n.scene == "detail" then assert.is_true(n.z < bar.z) end
    end
  end)
end)
