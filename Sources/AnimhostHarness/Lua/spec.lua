-- The spec framework: busted's describe, it, pending, before_each, after_each, setup, teardown and
-- assert, run inside each spec file's sandbox. Called with the spec chunk and a name filter; returns
-- { { name =, status =, message = }, … }.
local spec, filter = ...
local results = {}
local blocks = { { name = nil, before = {}, after = {} } }
local type_, tostring_, pairs_, ipairs_, error_, pcall_ = type, tostring, pairs, ipairs, error, pcall
local format, concat, sort = string.format, table.concat, table.sort

local function fullName(name)
  local parts = {}
  for _, b in ipairs_(blocks) do if b.name then parts[#parts + 1] = b.name end end
  parts[#parts + 1] = name
  return concat(parts, " ")
end

local function wanted(name) return filter == nil or name:find(filter, 1, true) ~= nil end

function describe(name, body)
  if type_(body) ~= "function" then error_("describe(name, body): body must be a function, got " .. type_(body), 2) end
  blocks[#blocks + 1] = { name = name, before = {}, after = {}, setup = {}, teardown = {} }
  local block = blocks[#blocks]
  local ok, err = pcall_(body)
  if not ok then
    results[#results + 1] = { name = fullName("(describe)"), status = "failed", message = tostring_(err) }
  end
  for _, f in ipairs_(block.teardown) do f() end
  blocks[#blocks] = nil
end

function before_each(f) local b = blocks[#blocks]; b.before[#b.before + 1] = f end
function after_each(f) local b = blocks[#blocks]; b.after[#b.after + 1] = f end
function setup(f) f() end
function teardown(f) local b = blocks[#blocks]; (b.teardown or b.after)[#(b.teardown or b.after) + 1] = f end

function pending(name)
  local full = fullName(name)
  if wanted(full) then results[#results + 1] = { name = full, status = "pending" } end
end

local currentTest, snapshotsTaken = nil, 0

function it(name, body)
  local full = fullName(name)
  if not wanted(full) then return end
  if body == nil then return pending(name) end
  if type_(body) ~= "function" then error_("it(name, body): body must be a function, got " .. type_(body), 2) end
  currentTest, snapshotsTaken = full, 0
  local ok, err = pcall_(function()
    for _, b in ipairs_(blocks) do for _, f in ipairs_(b.before) do f() end end
    body()
  end)
  for i = #blocks, 1, -1 do
    for _, f in ipairs_(blocks[i].after) do
      local aok, aerr = pcall_(f)
      if ok and not aok then ok, err = false, aerr end
    end
  end
  results[#results + 1] = {
    name = full, status = ok and "passed" or "failed", message = not ok and tostring_(err) or nil,
  }
end

-- Readable values and differences.
local function show(v, depth)
  depth = depth or 0
  if type_(v) == "string" then return format("%q", v) end
  if type_(v) ~= "table" then return tostring_(v) end
  if depth > 2 then return "{…}" end
  local keys = {}
  for k in pairs_(v) do keys[#keys + 1] = k end
  sort(keys, function(a, b) return tostring_(a) < tostring_(b) end)
  local parts = {}
  for i, k in ipairs_(keys) do
    if i > 8 then parts[#parts + 1] = "…"; break end
    parts[#parts + 1] = (type_(k) == "number" and "" or tostring_(k) .. " = ") .. show(v[k], depth + 1)
  end
  return "{ " .. concat(parts, ", ") .. " }"
end

-- The path of the first difference between two values, or nil when they are the same.
local function difference(a, b, path)
  if type_(a) ~= "table" or type_(b) ~= "table" then
    if a == b then return nil end
    return path
  end
  local keys = {}
  for k in pairs_(a) do keys[k] = true end
  for k in pairs_(b) do keys[k] = true end
  local sorted = {}
  for k in pairs_(keys) do sorted[#sorted + 1] = k end
  sort(sorted, function(x, y) return tostring_(x) < tostring_(y) end)
  for _, k in ipairs_(sorted) do
    local sub = type_(k) == "number" and format("%s[%d]", path, k) or path .. "." .. tostring_(k)
    local d = difference(a[k], b[k], sub)
    if d then return d end
  end
  return nil
end

local function lookup(t, path)
  local v = t
  for part in path:gmatch("[^%.%[%]]+") do
    if type_(v) ~= "table" then return v end
    v = v[tonumber(part) or part]
  end
  return v
end

-- A failed assertion, reported at the spec's line; a message given to the assertion comes first.
local function fail(message, custom)
  if custom ~= nil then message = tostring_(custom) .. ": " .. message end
  error_(message, 3)
end

local function equal(expected, actual, msg)
  if expected ~= actual then fail(format("expected %s, got %s", show(expected), show(actual)), msg) end
end
local function same(expected, actual, msg)
  local d = difference(expected, actual, "")
  if d then
    if d == "" then fail(format("expected %s, got %s", show(expected), show(actual)), msg) end
    fail(format("tables differ at %s: expected %s, got %s", d, show(lookup(expected, d)), show(lookup(actual, d))), msg)
  end
end
-- Whether two numbers lie within `tolerance`: false for NaN anywhere, as NaN compares false with everything.
local function within(expected, actual, tolerance)
  if type_(actual) ~= "number" or type_(expected) ~= "number" then return false end
  return math.abs(expected - actual) <= tolerance
end
local function near(expected, actual, tolerance, msg)
  if not within(expected, actual, tolerance or 1e-9) then
    fail(format("expected %s within %s, got %s", show(expected), show(tolerance or 1e-9), show(actual)), msg)
  end
end
local function is_true(v, msg) if v ~= true then fail("expected true, got " .. show(v), msg) end end
local function is_false(v, msg) if v ~= false then fail("expected false, got " .. show(v), msg) end end
local function is_nil(v, msg) if v ~= nil then fail("expected nil, got " .. show(v), msg) end end
local function is_not_nil(v, msg) if v == nil then fail("expected a value, got nil", msg) end end
local function truthy(v, msg) if not v then fail("expected a truthy value, got " .. show(v), msg) end end
local function falsy(v, msg) if v then fail("expected a falsy value, got " .. show(v), msg) end end
local function has_error(f, expected, msg)
  local ok, err = pcall_(f)
  if ok then fail("expected an error, got none", msg) end
  if expected ~= nil and not tostring_(err):find(expected, 1, true) then
    fail(format("expected an error containing %s, got %s", show(expected), show(tostring_(err))), msg)
  end
end
local function has_no_error(f, msg)
  local ok, err = pcall_(f)
  if not ok then fail("expected no error, got " .. show(tostring_(err)), msg) end
end

-- Called, `assert` is still Lua's: `assert(v, message)`.
assert = setmetatable({
  are = { equal = equal, same = same, near = near },
  equal = equal, same = same, near = near, equals = equal,
  is_true = is_true, is_false = is_false, is_nil = is_nil, is_not_nil = is_not_nil,
  truthy = truthy, falsy = falsy, has_error = has_error, has_no_error = has_no_error,
}, { __call = function(_, v, msg, ...)
  if not v then error_(msg == nil and "assertion failed!" or msg, 2) end
  return v, msg, ...
end })
assert.is = { ["true"] = is_true, ["false"] = is_false, ["nil"] = is_nil, truthy = truthy, falsy = falsy }

-- Spies: callables that record their calls (and call through to a function, if given).
spy = {}
function spy.new(fn)
  local s = { calls = {} }
  return setmetatable(s, { __call = function(self, ...)
    self.calls[#self.calls + 1] = table.pack(...)
    if fn then return fn(...) end
  end })
end
function spy.on(t, key)
  local original = t[key]
  local s = spy.new(original)
  t[key] = s
  s.revert = function() t[key] = original end
  return s
end
function assert.spy(s)
  if type_(s) ~= "table" or type_(s.calls) ~= "table" then fail("assert.spy: expected a spy (spy.new or spy.on)") end
  local function called(n)
    if n == nil and #s.calls == 0 then fail("expected the spy to be called, it was not") end
    if n ~= nil and #s.calls ~= n then
      fail(format("expected the spy to be called %d times, it was called %d times", n, #s.calls))
    end
  end
  local function called_with(...)
    local want = table.pack(...)
    for _, c in ipairs_(s.calls) do
      if difference(want, c, "") == nil then return end
    end
    fail(format("expected a call with %s; calls: %s", show(want), show(s.calls)))
  end
  local function not_called()
    if #s.calls > 0 then fail(format("expected no call, got %d", #s.calls)) end
  end
  return { was = { called = called, called_with = called_with }, was_not = { called = not_called } }
end

-- Snapshots: a readable trace of a run at 0, ¼, ½, ¾ and all of its duration, values to 0.01.
local function num(x)
  local r = math.floor(x * 100 + 0.5) / 100
  if r == 0 then return "0" end
  if r == math.floor(r) then return format("%d", r) end
  return (format("%.2f", r):gsub("0$", ""))
end
local function nums(list) local out = {}; for i, v in ipairs_(list) do out[i] = num(v) end; return concat(out, ", ") end

local function trace(run)
  local lines = { format("%s %s: %d frames, duration %s, completed %s, cancelled %s",
    run.plugin, run.operation, #run.frames, num(run.duration), tostring_(run.completed), tostring_(run.cancelled)) }
  for _, fraction in ipairs_({ 0, 0.25, 0.5, 0.75, 1 }) do
    local frame = fraction == 1 and run:frame(-1) or run:at(fraction * run.duration)
    lines[#lines + 1] = format("t = %s (%s of the duration)", num(frame.t), num(fraction))
    for _, n in ipairs_(frame.nodes) do
      local f, t = n.frame, n.transform
      lines[#lines + 1] = format("  %s%s%s frame [%s] opacity %s transform [%s]%s", n.id,
        n.scene and (" @" .. n.scene) or "", n.snapshot and " (snapshot)" or "",
        nums({ f.x, f.y, f.width, f.height }), num(n.opacity), nums({ t.a, t.b, t.c, t.d, t.tx, t.ty }),
        n.hidden and " hidden" or "")
    end
  end
  return concat(lines, "\n") .. "\n"
end

function assert.matches_snapshot(run, name)
  if type_(run) ~= "table" or type_(run.frames) ~= "table" or #run.frames == 0
    or type_(run.frame) ~= "function" or type_(run.at) ~= "function" then
    error_("assert.matches_snapshot(run[, name]): expected a run from animhost.run{}, got " .. show(run), 2)
  end
  if name ~= nil and type_(name) ~= "string" then
    error_("assert.matches_snapshot(run[, name]): name is a string, got " .. show(name), 2)
  end
  snapshotsTaken = snapshotsTaken + 1
  name = name or (currentTest or "snapshot") .. (snapshotsTaken > 1 and (" " .. snapshotsTaken) or "")
  local text = trace(run)
  local ok, verdict, recorded = pcall_(animhost.snapshot, name, text)
  if not ok then error_(verdict, 2) end
  if verdict ~= "differs" then return end
  local old, new = {}, {}
  for line in recorded:gmatch("[^\n]*") do old[#old + 1] = line end
  for line in text:gmatch("[^\n]*") do new[#new + 1] = line end
  for i = 1, math.max(#old, #new) do
    if old[i] ~= new[i] then
      fail(format("snapshot %q differs at line %d:\n  recorded: %s\n  now:      %s\n"
        .. "(re-record with --update-snapshots)",
        name, i, old[i] or "(end)", new[i] or "(end)"))
    end
  end
end

-- Runs: frames by index (negative from the end), by time, and nodes by id.
local frameMethods = {}
function frameMethods.node(frame, id, scene)
  for _, n in ipairs_(frame.nodes) do
    if n.id == id and (scene == nil or n.scene == scene) then return n end
  end
  return nil
end
local runMethods = {}
function runMethods.frame(run, i)
  if math.type(i) ~= "integer" and not (type_(i) == "number" and i == math.floor(i) and math.abs(i) < 2^53) then
    error_("run:frame(i): i must be a whole number, got " .. show(i), 2)
  end
  local f = i < 0 and run.frames[#run.frames + i + 1] or run.frames[i + 1]
  if f == nil then error_(format("run:frame(%d): the run has frames 0 to %d", i, #run.frames - 1), 2) end
  return f
end
function runMethods.at(run, t)
  if type_(t) ~= "number" or t ~= t then error_("run:at(t): t must be a number of seconds, got " .. show(t), 2) end
  local found = run.frames[1]
  for _, f in ipairs_(run.frames) do if f.t <= t + 1e-9 then found = f end end
  return found
end
-- Image snapshots: a frame of the run rendered and compared pixel by pixel. Mistakes are
-- reported at the spec's line (host errors raised under pcall carry no place of their own).
function assert.matches_image_snapshot(run, options)
  options = options or {}
  if type_(run) ~= "table" or type_(run.frames) ~= "table" or #run.frames == 0 then
    error_("assert.matches_image_snapshot(run[, { frame =, at =, scale =, tolerance =, name = }]): expected a run", 2)
  end
  snapshotsTaken = snapshotsTaken + 1
  local name = options.name or (currentTest or "snapshot") .. (snapshotsTaken > 1 and (" " .. snapshotsTaken) or "")
  local frame
  if options.at ~= nil then
    if type_(options.at) ~= "number" or options.at ~= options.at then
      error_("assert.matches_image_snapshot: at = seconds, got " .. show(options.at), 2)
    end
    frame = runMethods.at(run, options.at)
  elseif options.frame ~= nil then
    local ok, found = pcall_(runMethods.frame, run, options.frame)
    if not ok then error_(found, 2) end
    frame = found
  else
    frame = runMethods.at(run, run.frames[#run.frames].t / 2)
  end
  local ok, verdict, pixels, total, diff = pcall_(animhost.image_snapshot, name, run, frame.index,
    options.scale or 1, options.tolerance or 2)
  if not ok then error_(verdict, 2) end
  if verdict ~= "differs" then return end
  fail(format("image snapshot %q differs at frame %d: %d of %d pixels beyond the tolerance; see %s\n"
    .. "(re-record with --update-snapshots)",
    name, frame.index, pixels, total, diff))
end

local hostRun = animhost.run
animhost.run = function(options)
  local ok, run = pcall_(hostRun, options)
  if not ok then error_(run, 2) end  -- at the spec's line, not this one
  for _, f in ipairs_(run.frames) do setmetatable(f, { __index = frameMethods }) end
  return setmetatable(run, { __index = runMethods })
end

local ok, err = pcall_(spec)
if not ok then results[#results + 1] = { name = "(loading the spec)", status = "failed", message = tostring_(err) } end
return results
