-- Specs for {{name}}: run them with `animhost test`.
describe("{{name}}", function()
  it("fades the article in over the list", function()
    local run = animhost.run{ plugin = "{{name}}" }
    assert.is_true(run.completed)
    assert.are.equal(0, run:frame(0):node("article").opacity)
    assert.are.equal(1, run:frame(-1):node("article").opacity)
    assert.is_nil(run:frame(-1):node("news"))
  end)

  it("fades the article out when popping", function()
    local run = animhost.run{ plugin = "{{name}}", operation = "pop" }
    assert.is_true(run.completed)
    assert.is_nil(run:frame(-1):node("article"))
    assert.are.equal(1, run:frame(-1):node("news").opacity)
  end)
end)
