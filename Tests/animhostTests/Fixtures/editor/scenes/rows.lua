-- The rows' delegate: a script that overrides every method the host calls, keeps state on its table
-- and adds methods of its own (docs/editor.md, "Delegate scripts").
-- luacheck: no unused args (it answers the host's protocol, whatever it uses)
---@class RowsDelegate: DelegateScript
local rows = { selected = "row-2", began = 0 }

function rows:referenceNode(ctx)
  return assert(self.view:find(self.selected), "the selected row")
end

function rows:referenceFrame(ctx, forward)
  local row = self:referenceNode(ctx)
  return row:convert(row.bounds, nil)
end

function rows:backgroundColor(ctx)
  return color("#FFFFFF")
end

function rows:willBegin(ctx)
  self.began = self.began + 1
  self.operation = ctx.operation
  self:referenceNode(ctx).hidden = true
end

function rows:didEnd(ctx, row)
  if row then row.hidden = false end
end

function rows:didCancel(ctx)
  self:referenceNode(ctx).hidden = false
end

---@return Node? the header, when the scene has one
function rows:header()
  return self.view:find("header")
end

function rows:rowCount()
  return #self.view.children - 1
end

return rows
