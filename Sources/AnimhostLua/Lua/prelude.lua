-- The sandbox's prelude: run once per plugin state, before any plugin code, with the host's
-- functions as arguments. It replaces what the base library would let a plugin escape or observe
-- (finalizers, the collector, files, memory addresses, the wall clock) with safe versions.
--
-- Every function defined here reads only upvalues captured below, never a global: a plugin may
-- redefine any global (rawget, type, error...) and must not change what these functions do.
-- docs/security.md lists the rules.

local hostPrint, loadModule, virtualClock, sealed, objectOrder = ...

-- Lua's own functions keep their names, so that its messages about them read as plugins expect.
local G = _G
local rawget, rawset, setmetatable = rawget, rawset, setmetatable
local type_, tostring_, error_, select_, pcall = type, tostring, error, select, pcall
local concat, pack, unpack, move = table.concat, table.pack, table.unpack, table.move
local find, sub, match, gsub, format = string.find, string.sub, string.match, string.gsub, string.format
local collect, randomseed, floor = collectgarbage, math.randomseed, math.floor
local create, resume = coroutine.create, coroutine.resume

dofile, loadfile, load, loadstring = nil, nil, nil, nil
string.dump = nil
getmetatable("").__metatable = "the string metatable is locked"

-- Time: the transition's virtual clock, in seconds, so that a plugin reading the time gives the
-- same output on every run. There is no wall clock and no date.
os = {
  clock = function() return virtualClock() end,
  time = function() return floor(virtualClock()) end,
}

-- Values whose default text is their memory address print a stable per-state number instead.
local addressed = { table = true, ["function"] = true, thread = true, userdata = true }
local ids, lastId = setmetatable({}, { __mode = "k" }), 0

local function idOf(v)
  local id = ids[v]
  if id == nil then
    lastId = lastId + 1
    id = lastId
    ids[v] = id
  end
  return id
end

local function safeTostring(v)
  local text = tostring_(v)
  if not addressed[type_(v)] then return text end
  local kind = match(text, "^(.*): 0x%x+$") or match(text, "^(.*): %(nil%)$")
  if kind == nil then return text end
  return kind .. ": #" .. idOf(v)
end
tostring = safeTostring

function print(...)
  local n = select_("#", ...)
  local parts = {}
  for i = 1, n do parts[i] = safeTostring((select_(i, ...))) end
  hostPrint(concat(parts, "\t"))
end

-- string.format: `%s` of a table, function, thread or userdata, and `%p`, give the stable text too.
local function needsCare(fmt, ...)
  if type_(fmt) == "string" and find(fmt, "p", 1, true) then return true end
  for i = 1, select_("#", ...) do
    if addressed[type_((select_(i, ...)))] then return true end
  end
  return false
end

local function careful(fmt, ...)
  if type_(fmt) ~= "string" then return fmt, ... end  -- format itself says what is wrong
  local args = pack(...)
  local pos, arg = 1, 0
  while true do
    local at = find(fmt, "%", pos, true)
    if at == nil then break end
    if sub(fmt, at + 1, at + 1) == "%" then
      pos = at + 2
    else
      local _, last, conversion = find(fmt, "^[-+ #0]*%d*%.?%d*(.)", at + 1)
      if last == nil then break end
      arg = arg + 1
      if conversion == "p" or (conversion == "s" and addressed[type_(args[arg])]) then
        args[arg] = safeTostring(args[arg])
        if conversion == "p" then fmt = sub(fmt, 1, last - 1) .. "s" .. sub(fmt, last + 1) end
      end
      pos = last + 1
    end
  end
  return fmt, unpack(args, 1, args.n)
end

-- Errors name the plugin's line and `format`, as they would without the wrapper.
local function formatted(ok, result, ...)
  if not ok then error_(gsub(result, "to '%?'", "to 'format'", 1), 3) end
  return result
end

function string.format(fmt, ...)
  local result
  if needsCare(fmt, ...) then result = formatted(pcall(format, careful(fmt, ...)))
  else result = formatted(pcall(format, fmt, ...)) end
  return result
end

-- Iteration order. Lua places string keys by a hash seeded anew in every process, and tables,
-- functions and nodes by their address, so its own `next` walks a table in another order on every
-- run. `next` and `pairs` walk keys in a fixed order instead: numbers ascending (so 1, 2, 3… first),
-- then strings in byte order, then false before true, then every other key: the state's objects
-- (tables, functions, coroutines, values such as `rect`) in the order they were made, then nodes in
-- the order the host first handed them to the plugin, then Lua's built-in functions in a fixed
-- order. A table's order is taken when a walk starts (`next(t)` or `pairs(t)`); as with Lua's own
-- `next`, fields may be changed or cleared during a walk but not added.
local rawnext, rawpairs, sort = next, pairs, table.sort
local typeRank = { number = 1, string = 2, boolean = 3 }
-- Lua's functions without upvalues are no object of the state: they are numbered in the order of
-- their names (numberBuiltins, below) when a walk first meets one.
local builtins, builtinCount, numberBuiltins = nil, 0, nil
local builtinBase = 1 << 61

-- A key's place among the keys that are neither numbers, strings nor booleans.
local function orderOf(v)
  local order = objectOrder(v)  -- an object's creation serial, or a node's, past 1 << 60
  if order ~= nil then return order end
  if builtins == nil then numberBuiltins() end
  return builtinBase + (builtins[v] or builtinCount + idOf(v))
end

local function keyBefore(a, b)
  local ra, rb = typeRank[type_(a)] or 4, typeRank[type_(b)] or 4
  if ra ~= rb then return ra < rb end
  if ra == 3 then return a == false and b == true end
  if ra == 4 then return orderOf(a) < orderOf(b) end
  return a < b
end

-- The table's keys in walking order. Lua's `next` yields the array part first, in order: a table
-- that is only a sequence needs no sorting.
local function orderedKeys(t)
  local keys, n, sorted = {}, 0, true
  local k = rawnext(t)
  while k ~= nil do
    n = n + 1
    keys[n] = k
    if sorted and k ~= n then sorted = false end
    k = rawnext(t, k)
  end
  if not sorted then sort(keys, keyBefore) end
  return keys
end

-- The walk under way over each table: its keys in order and each key's position.
local walks = setmetatable({}, { __mode = "k" })

local function orderedNext(t, k)
  if type_(t) ~= "table" then return rawnext(t, k) end  -- Lua's own error for a wrong argument
  local walk = walks[t]
  if k == nil or walk == nil then
    local keys, at = orderedKeys(t), {}
    for i = 1, #keys do at[keys[i]] = i end
    walk = { keys = keys, at = at }
    walks[t] = walk
  end
  local i = k == nil and 0 or walk.at[k]
  if i == nil then error_("invalid key to 'next'", 2) end
  local keys = walk.keys
  while true do
    i = i + 1
    local key = keys[i]
    if key == nil then
      walks[t] = nil
      return nil
    end
    local value = rawget(t, key)
    if value ~= nil then return key, value end
  end
end
next = orderedNext

function pairs(t)
  local f, s, c = rawpairs(t)
  if f == rawnext then return orderedNext, t, nil end
  return f, s, c  -- the table's own __pairs
end

-- table.sort: Lua's own takes a pivot from the clock when a partition runs unbalanced, so equal
-- elements, and the answers of a comparator that contradicts itself, come out in another order on
-- every run. A merge sort instead: stable (equal elements keep their order), its result a function
-- of the comparator's answers alone, and it never raises "invalid order function".
local function less(a, b) return a < b end
local runLength = 8

-- Sorts runs of `runLength` elements of `a[1..n]` in place, by insertion.
local function sortRuns(a, n, lt)
  for lo = 1, n, runLength do
    local hi = lo + runLength - 1
    if hi > n then hi = n end
    for i = lo + 1, hi do
      local v, j = a[i], i - 1
      while j >= lo and lt(v, a[j]) do
        a[j + 1] = a[j]
        j = j - 1
      end
      a[j + 1] = v
    end
  end
end

-- Merges the sorted runs of `width` elements of `src[1..n]` pairwise into `dst`.
local function mergeRuns(src, dst, n, width, lt)
  for lo = 1, n, 2 * width do
    local mid, hi = lo + width - 1, lo + 2 * width - 1
    if mid > n then mid = n end
    if hi > n then hi = n end
    local i, j = lo, mid + 1
    for k = lo, hi do
      if j > hi or (i <= mid and not lt(src[j], src[i])) then
        dst[k] = src[i]
        i = i + 1
      else
        dst[k] = src[j]
        j = j + 1
      end
    end
  end
end

function table.sort(list, comp)
  if type_(list) ~= "table" or (comp ~= nil and type_(comp) ~= "function") then
    return sort(list, comp)  -- Lua's own error for a wrong argument
  end
  local n = #list
  if type_(n) ~= "number" or n < 2 or n % 1 ~= 0 then return sort(list, comp) end
  if n >= 0x7fffffff then error_("table.sort: array too big", 2) end
  local lt = comp or less
  local src, dst = {}, {}
  for i = 1, n do src[i] = list[i] end
  sortRuns(src, n, lt)
  local width = runLength
  while width < n do
    mergeRuns(src, dst, n, width, lt)
    src, dst = dst, src
    width = width * 2
  end
  for i = 1, n do list[i] = src[i] end
end

-- Finalizers would run plugin code inside the collector, where no hook reaches (Lua turns hooks
-- off in `__gc`), and at the state's close. Lua marks an object for finalization only when its
-- metatable is set, so refusing a `__gc` field here is enough.
function G.setmetatable(t, mt)
  if type_(mt) == "table" and rawget(mt, "__gc") ~= nil then
    error_("setmetatable: __gc finalizers are not available to plugins", 2)
  end
  return setmetatable(t, mt)
end

-- The host's read-only tables (ctx, scenes, delegates...) refuse raw writes as they refuse others.
function G.rawset(t, k, v)
  local why = sealed[t]
  if why ~= nil then error_(why, 2) end
  return rawset(t, k, v)
end

function collectgarbage(option)
  if option == "count" then return collect("count") end
  error_("collectgarbage: only collectgarbage(\"count\") is available to plugins", 2)
end

function coroutine.wrap(f)
  local co = create(f)
  return function(...)
    local r = pack(resume(co, ...))
    if not r[1] then error_(r[2], 0) end
    return unpack(r, 2, r.n)
  end
end

-- table.move over a huge empty range would run in C for minutes: bound it.
function table.move(a1, f, e, t, a2)
  if type_(f) == "number" and type_(e) == "number" and e - f >= 1e7 then
    error_("table.move: at most 10000000 elements at a time", 2)
  end
  return move(a1, f, e, t, a2)
end

randomseed(0)
function math.randomseed(x, y)
  if x == nil then error_("math.randomseed needs a seed: runs are deterministic", 2) end
  return randomseed(x, y)
end

local loaded = {}
function require(name)
  if type_(name) ~= "string" then error_("require expects a module name", 2) end
  local value = loaded[name]
  if value ~= nil then return value end
  local chunk, message = loadModule(name)
  if not chunk then error_(message, 2) end
  value = chunk(name)
  if value == nil then value = true end
  loaded[name] = value
  return value
end

-- Lua's own functions, numbered for the walking order: those of the global table and the libraries
-- (as the plugin left them: the same plugin, the same numbers), each table's in the order of their
-- names, then the iterators `ipairs` and `utf8.codes` return.
local libraries = { G }
for _, name in ipairs({ "coroutine", "math", "string", "table", "utf8" }) do libraries[#libraries + 1] = rawget(G, name) end
libraries[#libraries + 1] = { ipairs({}), (utf8.codes("")), (utf8.codes("", true)) }

numberBuiltins = function()
  builtins = {}
  for l = 1, #libraries do
    local t = libraries[l]
    local keys = orderedKeys(t)
    for i = 1, #keys do
      local v = rawget(t, keys[i])
      if type_(v) == "function" and objectOrder(v) == nil and builtins[v] == nil then
        builtinCount = builtinCount + 1
        builtins[v] = builtinCount
      end
    end
  end
end

-- The host hands this `next` to the `__pairs` of its read-only tables.
return orderedNext
