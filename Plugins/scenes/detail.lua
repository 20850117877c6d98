-- The photo detail's delegate, the destination side of ZoomTransitioning's protocol: the header photo
-- is where the flying copy lands, hidden until it has, and the screen's white shows behind it.
local detail = {}

-- ZoomTransitionDestinationDelegate.transitionDestinationImageViewFrame(forward:), in the container.
function detail:transitionDestinationImageViewFrame(ctx)
  return self:referenceFrame(ctx)
end

function detail:transitionDestinationImageView()
  return self.view:find("photo")
end

function detail:willBegin()
  self:transitionDestinationImageView().hidden = true
end

function detail:didEnd()
  self:transitionDestinationImageView().hidden = false
end

function detail:didCancel()
  self:transitionDestinationImageView().hidden = false
end

return detail
