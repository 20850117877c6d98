-- The detail's delegate: the header photo is the destination, hidden until the copy lands on it.
local detail = require("detail")

describe("detail delegate", function()
  local photo
  before_each(function()
    photo = node{ id = "photo" }
    detail.view = node{ id = "detail", children = { photo } }
  end)

  it("names the header photo as the destination", function()
    assert.are.equal(photo, detail:transitionSourceImageView())
  end)

  it("answers ZoomTransitioning's source and destination hooks alike", function()
    detail:transitionDestinationWillBegin()
    assert.is_true(photo.hidden)
    detail:transitionDestinationDidEnd()
    assert.is_false(photo.hidden)
    detail:transitionSourceWillBegin()
    assert.is_true(photo.hidden)
    detail:transitionSourceDidCancel()
    assert.is_false(photo.hidden)
    assert.are.equal(photo, detail:transitionSourceImageView())
  end)

  it("hides the photo on willBegin and shows it on didEnd or didCancel", function()
    detail:willBegin()
    assert.is_true(photo.hidden)
    detail:didEnd()
    assert.is_false(photo.hidden)
    detail:willBegin()
    detail:didCancel()
    assert.is_false(photo.hidden)
  end)

  it("shows the photo again once a cancelled pop has ended", function()
    local run = animhost.run{ plugin = "zoom", operation = "pop", gesture = "edge-swipe to=0.25 release=slow" }
    assert.is_true(run.cancelled)
    assert.is_false(run:frame(-1):node("photo", "detail").hidden)
  end)
end)
