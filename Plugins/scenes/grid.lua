-- The photo grid's delegate, as its view controller is in ZoomTransitioning and FluidPhoto: it hands
-- over the tapped photo (its "source image view"), hides that cell while a copy flies, and shows it
-- again when the transition ends or is cancelled. Methods it lacks answer from grid.json.
local grid = { selected = "photo-4" }

-- ZoomTransitionSourceDelegate.transitionSourceImageView()
function grid:transitionSourceImageView()
  return self.view:find(self.selected)
end

-- ZoomTransitionSourceDelegate.transitionSourceImageViewFrame(forward:), in the container.
function grid:transitionSourceImageViewFrame(ctx)
  return self:referenceFrame(ctx)
end

function grid:willBegin()
  self:transitionSourceImageView().hidden = true
end

function grid:didEnd()
  self:transitionSourceImageView().hidden = false
end

function grid:didCancel()
  self:transitionSourceImageView().hidden = false
end

return grid
