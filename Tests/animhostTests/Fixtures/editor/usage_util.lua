-- A module of the plugin's folder, loaded with require.
local util = {}

-- Puts a view back at rest.
---@param view Node
function util.rest(view)
  view.transform = transform.identity
  view.alpha = 1
end

return util
