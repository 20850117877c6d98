-- The photo detail's delegate, ZoomTransitioning's other view controller: the header photo is where a
-- push's copy lands (hidden until it has) and where a pop's copy starts. It answers both protocols;
-- methods it lacks answer from detail.json.
---@class DetailDelegate: DelegateScript
local detail = {}

---@param self DetailDelegate
---@param visible boolean
local function show(self, visible)
  self.view:find("photo").hidden = not visible
end

function detail:willBegin() show(self, false) end
function detail:didEnd() show(self, true) end
function detail:didCancel() show(self, true) end

-- ZoomTransitionDestinationDelegate
function detail:transitionDestinationImageViewFrame(forward) return self:referenceFrame(nil, forward) end
detail.transitionDestinationWillBegin = detail.willBegin
detail.transitionDestinationDidEnd = detail.didEnd
detail.transitionDestinationDidCancel = detail.didCancel

-- ZoomTransitionSourceDelegate
function detail:transitionSourceImageView() return self.view:find("photo") end
function detail:transitionSourceImageViewFrame(forward) return self:referenceFrame(nil, forward) end
detail.transitionSourceWillBegin = detail.willBegin
detail.transitionSourceDidEnd = detail.didEnd
detail.transitionSourceDidCancel = detail.didCancel

return detail
