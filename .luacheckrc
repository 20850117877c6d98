-- luacheck configuration for animhost plugins and their specs (Debian: apt-get install lua-check).
-- It knows exactly the globals the plugin sandbox provides (docs/security.md) and, in *_spec.lua
-- files, the spec API (docs/testing.md); anything else (io, load, a typo such as `animat{}`) is a warning.
-- Copy it into your plugin project as .luacheckrc, or run: luacheck --config editor/.luacheckrc FILES

local function fields(list)
  local out = {}
  for name in list:gmatch("%S+") do out[name] = {} end
  return out
end

-- Lua's standard library as the sandbox leaves it.
local lua = {
  "_G", "_VERSION", "assert", "collectgarbage", "error", "getmetatable", "ipairs", "next", "pairs", "pcall",
  "print", "rawequal", "rawget", "rawlen", "rawset", "require", "select", "setmetatable", "tonumber",
  "tostring", "type", "warn", "xpcall",
  coroutine = { fields = fields("close create isyieldable resume running status wrap yield") },
  math = { fields = fields("abs acos asin atan atan2 ceil cos cosh deg exp floor fmod frexp huge ldexp log log10 "
    .. "max maxinteger min mininteger modf pi pow rad random randomseed sin sinh sqrt tan tanh tointeger type ult") },
  os = { fields = fields("clock time") },
  string = { fields = fields("byte char find format gmatch gsub len lower match pack packsize rep reverse sub unpack upper") },
  table = { fields = fields("concat insert move pack remove sort unpack") },
  utf8 = { fields = fields("char charpattern codepoint codes len offset") },
}

-- What animhost adds for plugins (docs/lua-api.md).
local host = {
  "rect", "point", "size", "color", "node", "animate", "keyframes", "keyframe", "easing", "spring",
  transform = { fields = fields("identity scale translate rotate new") },
  path = { fields = fields("new ellipse rect") },
  transform3D = { fields = fields("identity perspective rotate translate scale new") },
  shared = { fields = fields("crossfade modifiers preset plan parsePreset automaticDuration automaticCurve arcControl arcPoint") },
}

-- What `animhost test` adds for specs (docs/testing.md); there `assert` is also a table of assertions.
local spec = {
  "describe", "it", "pending", "before_each", "after_each", "setup", "teardown",
  animhost = { fields = fields("run snapshot image_snapshot") },
  spy = { fields = fields("new on") },
  assert = { fields = {
    are = { fields = fields("equal same near") },
    is = { fields = fields("true false nil truthy falsy") },
    equal = {}, equals = {}, same = {}, near = {}, is_true = {}, is_false = {}, is_nil = {}, is_not_nil = {},
    truthy = {}, falsy = {}, has_error = {}, has_no_error = {}, spy = {}, matches_snapshot = {},
    matches_image_snapshot = {},
  } },
}

-- The union of global sets; a global with fields (the spec's `assert`) replaces a plain one of the same name.
local function merge(...)
  local out = {}
  for _, set in ipairs({ ... }) do
    for k, v in pairs(set) do
      if type(k) == "number" then out[v] = out[v] or {} else out[k] = v end
    end
  end
  local plain = {}
  for name, def in pairs(out) do
    if next(def) == nil then plain[#plain + 1] = name end
  end
  for _, name in ipairs(plain) do out[name] = nil; out[#out + 1] = name end
  return out
end

stds.animhost = { read_globals = merge(lua, host) }
stds.animhost_spec = { read_globals = merge(lua, host, spec) }

std = "animhost"
files["**/*_spec.lua"] = { std = "animhost_spec" }
max_line_length = 120
