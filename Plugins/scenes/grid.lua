-- The photo grid's delegate, as its view controller is in ZoomTransitioning and FluidPhoto: it hands
-- over the tapped photo, hides that cell while a copy flies, and shows it again when the transition
-- ends or is cancelled. Like ZoomTransitioning's view controllers it is the source of a push and the
-- destination of a pop, so it answers both protocols; methods it lacks answer from grid.json.
---@class GridDelegate: DelegateScript
local grid = { selected = "photo-4" }

---@param self GridDelegate
---@param visible boolean
local function show(self, visible)
  self.view:find(self.selected).hidden = not visible
end

function grid:willBegin() show(self, false) end
function grid:didEnd() show(self, true) end
function grid:didCancel() show(self, true) end

-- ZoomTransitionSourceDelegate
function grid:transitionSourceImageView() return self.view:find(self.selected) end
function grid:transitionSourceImageViewFrame(forward) return self:referenceFrame(nil, forward) end
grid.transitionSourceWillBegin = grid.willBegin
grid.transitionSourceDidEnd = grid.didEnd
grid.transitionSourceDidCancel = grid.didCancel

-- ZoomTransitionDestinationDelegate
function grid:transitionDestinationImageViewFrame(forward) return self:referenceFrame(nil, forward) end
grid.transitionDestinationWillBegin = grid.willBegin
grid.transitionDestinationDidEnd = grid.didEnd
grid.transitionDestinationDidCancel = grid.didCancel

return grid
