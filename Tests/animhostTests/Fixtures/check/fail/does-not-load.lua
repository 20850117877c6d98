-- Breaks one rule of animhost check: loads (a syntax error on line 5).
return {
  name = "does-not-load",
  duration = function() return 0.2 end,
  animate = function(ctx) ctx:complete(true) end end,
}
