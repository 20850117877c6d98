-- The dialog's delegate hands over its box.
local dialog = require("dialog")

describe("dialog delegate", function()
  it("names the box the pop-up scales", function()
    local box = node{ id = "dialog-box" }
    dialog.view = node{ id = "dialog", children = { box } }
    assert.are.equal(box, dialog:dialogBox())
  end)
end)
