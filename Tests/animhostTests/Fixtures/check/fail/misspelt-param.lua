-- Breaks one rule of animhost check when given `--param sclae=0.5`: takes the params (it takes `scale`,
-- not `sclae`; a crossfade that is right in every other way).
return {
  name = "misspelt-param",
  scenes = { from = "news", to = "article" },
  params = { scale = 1 },
  duration = function() return 0.2 end,
  animate = function(ctx) return shared.crossfade(ctx) end,
}
