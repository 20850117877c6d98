-- Correct code using the spec API (docs/testing.md), for scripts/check-editor.py; it also passes.
local rows = require("scenes.rows")

describe("the API", function()
  local run
  setup(function() rows.selected = "row-2" end)
  teardown(function() rows.selected = "row-2" end)
  before_each(function()
    run = animhost.run{ plugin = "usage", from = "rows", to = "detail", chrome = "tabbar", operation = "push",
                        fps = 30, params = { duration = 0.3 }, reducedMotion = false }
  end)
  after_each(function() run = nil end)

  it("runs a plugin", function()
    assert.is_true(run.completed)
    assert.is_false(run.cancelled, "not cancelled")
    assert.are.equal("usage", run.plugin)
    assert.are.equal("push", run.operation)
    assert.are.near(0.3, run.duration, 1e-9)
    assert.equal(30, run.fps)
    assert.equals(30, run.fps)
    assert.near(0.3, run.duration, 1e-9, "the plugin's duration")
    assert.are.same({ "from.willBegin", "to.willBegin", "from.didEnd", "to.didEnd", "complete(true)" }, run.calls)
    assert.same({}, {})
    assert.truthy(#run.frames > 0)
    assert.falsy(run.cancelled)
    assert.is.truthy(run.completed)
    assert.is.falsy(run.cancelled)
    assert.is["true"](run.completed)
    assert.is["false"](run.cancelled)
    assert.is["nil"](run:frame(0):node("no such node"))
    assert.is_nil(run:frame(-1):node("shade"))
  end)

  it("reads frames and nodes", function()
    local first = run:frame(0)
    local article = assert(first:node("detail", "detail"))
    assert.are.equal(0, article.opacity)
    assert.is_not_nil(run:at(0.15))
    local row = assert(first:node("row-2", "rows"))
    assert.are.equal(rect(0, 180, 390, 80), row.frame)
    assert.are.equal(transform.identity, row.transform)
    assert.is_true(row.z >= 0 and row.bbox.width > 0 and row.alpha == 1 and row.cornerRadius == 0)
    assert.is_true(row.id == "row-2" and row.scene == "rows" and row.snapshot == nil)
    assert.is_true(row.image == "placeholder:2" and row.contentMode == "aspectFill" and row.clips == true)
    if row.backgroundColor then assert.are.equal("#C7C7CC", row.backgroundColor.hex) end
    if row.border then assert.are.equal(1, row.border.width) end
    if row.shadow then assert.are.equal(2, row.shadow.offset.height) end
    for _, frame in ipairs(run.frames) do
      assert.is_true(frame.index >= 0 and frame.t >= 0 and frame.touch == nil and #frame.nodes > 0)
    end
  end)

  it("runs the shared elements", function()
    local shared_ = animhost.run{ plugin = "usage_shared" }
    assert.is_true(shared_.completed)
    assert.is_not_nil(shared_:frame(0):node("photo-4", "grid"))
  end)

  it("takes a delegate script as a module", function()
    rows.view = node{ id = "rows", children = { node{ id = "header" }, node{ id = "row-1" }, node{ id = "row-2" } } }
    assert.are.equal(2, rows:rowCount())
    assert.is_not_nil(rows:header())
  end)

  it("raises and spies", function()
    assert.has_error(function() error("boom") end, "boom")
    assert.has_error(function() error("boom") end)
    assert.has_no_error(function() end)
    local s = spy.new(function(x) return x end)
    assert.are.equal(1, s(1))
    assert.spy(s).was.called(1)
    assert.spy(s).was.called_with(1)
    assert.are.same({ 1, n = 1 }, s.calls[1])
    local t = { f = function() end }
    local wrapped = spy.on(t, "f")
    t.f()
    assert.spy(wrapped).was.called()
    if wrapped.revert then wrapped.revert() end
    assert.spy(spy.new()).was_not.called()
  end)

  pending("a test still to write")
end)
