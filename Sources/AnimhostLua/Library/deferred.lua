-- The global `shared` as a plugin sees it, before the library is compiled: the library's names,
-- each a function that compiles shared.lua, modifiers.lua and presets.lua on the first call to
-- any of them and then calls the library's own. Most plugins never use the library, and
-- compiling it was most of the time a state took to start.
--
-- The library's files read their globals when they run (they capture them as locals, so that a
-- plugin replacing a global changes nothing): they run in `env`, the globals they read as they
-- are now, before any plugin code.
local compile, parsedModifiers, imageSize, sameText = ...
local error, next, ipairs = error, next, ipairs

local env = {
  animate = animate, easing = easing, keyframe = keyframe, keyframes = keyframes, node = node,
  point = point, rect = rect, spring = spring,
  error = error, ipairs = ipairs, pairs = pairs, pcall = pcall, setmetatable = setmetatable,
  tostring = tostring, type = type,
  math = { abs = math.abs, asin = math.asin, cos = math.cos, max = math.max, min = math.min,
           pi = math.pi, sin = math.sin, sqrt = math.sqrt },
  string = { format = string.format, match = string.match },
  table = { concat = table.concat, sort = table.sort },
  transform = { identity = transform.identity, rotate = transform.rotate, scale = transform.scale,
                translate = transform.translate },
}

-- The library's names: loading it checks that it defines exactly these.
local names = { "arcControl", "arcPath", "arcPoint", "automaticCurve", "automaticDuration", "crossfade",
                "modifiers", "parsePreset", "plan", "preset" }

local library

-- The library, compiled and run on first use.
local function loaded()
  if library then return library end
  local sharedChunk, modifiersChunk, presetsChunk = compile(env)
  local lib, internal = sharedChunk(parsedModifiers, imageSize, sameText)
  modifiersChunk(lib, internal, parsedModifiers)
  presetsChunk(lib, internal)
  local count = 0
  for _ in next, lib do count = count + 1 end
  for _, name in ipairs(names) do
    if lib[name] == nil then error("the shared-element library defines no " .. name) end
  end
  if count ~= #names then error("the shared-element library defines names its loader does not list") end
  library = lib
  return lib
end

local shared = {}
for _, name in ipairs(names) do
  shared[name] = function(...) return loaded()[name](...) end
end
return setmetatable(shared, { __call = function(_, ...) return loaded()(...) end })
