-- The dialog's delegate, as an alert controller's view controller: it knows its box, the view the
-- pop-up scales, so the animator needs no node id.
---@class DialogDelegate: DelegateScript
local dialog = {}

function dialog:dialogBox()
  return self.view:find("dialog-box")
end

return dialog
