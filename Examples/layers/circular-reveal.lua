-- A circular reveal, as BubbleTransition and CircularRevealKit draw it: the destination appears
-- through an ellipse that grows from the tapped cell's centre, through the cell's own outline, until
-- it covers the screen, and shrinks back into the cell when dismissed. The cell is wider than tall,
-- so the mask is an ellipse of the cell's proportions, not a capsule; the destination's ring fills as
-- it opens (a stroked shape's strokeEnd).
--
--   let mask = CAShapeLayer(); mask.path = UIBezierPath(ovalIn: cell.frame).cgPath → to.view.mask = path.ellipse(cell)
--   CABasicAnimation(keyPath: "path") from a small oval to a big one → animate{ … message.mask = path.ellipse(big) }
--   ring.strokeEnd = 0 … 1                                                         → ring.shape = { strokeEnd = 1 }

---@type Plugin
local reveal = {
  name = "circular-reveal",
  summary = "The destination opens through an ellipse growing from the tapped cell",
  params = { duration = 0.5, curve = "easeInOut" },
  scenes = { from = "inbox", to = "message" },
}

function reveal.duration(ctx)
  return ctx.params.duration
end

--- The ellipse of `cell`'s proportions, about its centre, that holds every corner of a `size` screen.
local function covering(cell, size)
  local cx, cy = cell.x + cell.width / 2, cell.y + cell.height / 2
  local a, b = cell.width / 2, cell.height / 2
  local grow = 1
  for _, corner in ipairs({ { 0, 0 }, { size.width, 0 }, { 0, size.height }, { size.width, size.height } }) do
    local dx, dy = (corner[1] - cx) / a, (corner[2] - cy) / b
    grow = math.max(grow, math.sqrt(dx * dx + dy * dy))
  end
  return rect(cx - a * grow, cy - b * grow, 2 * a * grow, 2 * b * grow)
end

function reveal.animate(ctx)
  local list = ctx.presenting and ctx.from or ctx.to
  local message = ctx.presenting and ctx.to.view or ctx.from.view
  local cell = list.delegate:referenceFrame(ctx)
  -- From nothing at the cell's centre (the first frame is the list as it was) to past the corners.
  local small = path.ellipse(rect(cell.x + cell.width / 2, cell.y + cell.height / 2, 0, 0))
  local big = path.ellipse(covering(cell, ctx.size))
  local ring = message:find("message-ring")
  if ctx.presenting then
    ctx.container:add(message)
    message.mask = small
    if ring then ring.shape = { strokeEnd = 0 } end
  else
    ctx.container:insert(ctx.to.view, { below = message })
    message.mask = big
  end
  animate{
    duration = ctx:duration(),
    curve = ctx.params.curve,
    function()
      message.mask = ctx.presenting and big or small
      if ring then ring.shape = { strokeEnd = ctx.presenting and 1 or 0 } end
    end,
    completion = function()
      message.mask = nil
      if ring then ring.shape = { strokeEnd = 1 } end
      ctx:complete(not ctx.cancelled)
    end,
  }
end

return reveal
