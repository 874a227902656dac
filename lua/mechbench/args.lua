-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.args: how every public function treats what it is given.
-- An error a user can cause names the user's file and line (the first
-- caller outside this library), the element or function, and what is
-- allowed; a misspelled name is answered with the nearest known one.
local M = {}

-- The user's file and line: the first caller outside this library and C.
-- Every frame is searched from the top, so a tail call inside the library
-- (which leaves no frame) cannot shift the answer; the argument is kept
-- for callers that name their depth, and not needed.
function M.where(_)
  for l = 2, 60 do
    local info = debug.getinfo(l, "Sl")
    if not info then break end
    if info.what ~= "C" and info.currentline >= 0 and not info.source:find("mechbench/[%w_]+%.lua$") then
      return info.short_src .. ":" .. info.currentline
    end
  end
  return "(unknown)"
end

-- Raise "file:line: what: message" at the user's line.
function M.fail(what, fmt, ...)
  error(string.format("%s: %s: " .. fmt, M.where(2), what, ...), 0)
end

-- Edits from a to b, a swap of two neighbours counting as one
-- (omgea -> omega), ignoring case.
local function distance(a, b)
  a, b = a:lower(), b:lower()
  local d = {}
  for i = 0, #a do d[i] = { [0] = i } end
  for j = 1, #b do d[0][j] = j end
  for i = 1, #a do
    for j = 1, #b do
      local cost = a:sub(i, i) == b:sub(j, j) and 0 or 1
      d[i][j] = math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
      if i > 1 and j > 1 and a:sub(i, i) == b:sub(j - 1, j - 1) and a:sub(i - 1, i - 1) == b:sub(j, j) then
        d[i][j] = math.min(d[i][j], d[i - 2][j - 2] + 1)
      end
    end
  end
  return d[#a][#b]
end

-- The known name nearest to name, when it is near enough to be meant.
function M.nearest(name, known)
  if type(name) ~= "string" then return nil end
  local best, gap = nil, math.huge
  for _, k in ipairs(known) do
    local d = distance(name, k)
    if d < gap or (d == gap and best and k < best) then best, gap = k, d end
  end
  if best and gap <= math.max(1, math.min(3, #name // 3)) then return best end
end

-- " (did you mean 'x'?)" or "".
function M.suggest(name, known)
  local near = M.nearest(name, known)
  return near and (" (did you mean '%s'?)"):format(near) or ""
end

-- "unknown type 'revolut': did you mean 'revolute'? (the types are: ...)"
function M.unknown(word, name, known, plural)
  local near = M.nearest(name, known)
  return ("unknown %s '%s'%s (%s: %s)"):format(word, tostring(name),
    near and (": did you mean '%s'?"):format(near) or "", plural or ("the " .. word .. "s are"),
    table.concat(known, ", "))
end

-- The keys of a set, sorted.
function M.sorted_keys(set)
  local out = {}
  for k in pairs(set) do out[#out + 1] = k end
  table.sort(out)
  return out
end

-- British spellings taken for the names we use.
local spellings = { stabilisation = "stabilization" }

-- The first field of t not in known (a set of names) nor in hidden (the
-- library's own), with the message part that names it: "unknown field
-- 'omgea': did you mean 'omega'? (...)". British spellings are renamed
-- in place.
function M.unknown_field(t, known, word, hidden)
  word, hidden = word or "field", hidden or {}
  local renamed = {}
  for key, value in pairs(t) do
    local own = spellings[key]
    if own and known[own] and t[own] == nil then renamed[key] = own end
  end
  for key, own in pairs(renamed) do t[own], t[key] = t[key], nil end
  for key in pairs(t) do
    if not known[key] and not hidden[key] then
      if type(key) ~= "string" then
        return ("takes only named %ss, not a list entry [%s]"):format(word, tostring(key))
      end
      return M.unknown(word, key, M.sorted_keys(known), "it takes")
    end
  end
end

-- A copy of an option table (nil is an empty one) with every field known:
-- a misspelled or unknown option is an error at the user's line.
function M.options(opts, known, what)
  local set = {}
  for _, k in ipairs(known) do set[k] = true end
  return M.check_options(opts, set, what)
end

-- Why the value v is not one an option takes, or nil: d is its
-- declaration (mechbench.kinds reads C's, util/option.h; a Lua module's own
-- has the same shape: name, type, lo, hi, choices, check). The words are
-- those the C bindings use (src/lua/lua_options.c), so that whichever
-- layer answers says the same.
function M.bad_option(v, d)
  local kind = d.type
  if kind == "number" or kind == "whole" then
    local whole = kind == "whole"
    if not (math.type(v) and v >= d.lo and v <= d.hi and (not whole or v == math.floor(v))) then
      return ("%s must be a %snumber from %g to %g (got %s)"):format(d.name, whole and "whole " or "", d.lo, d.hi,
        M.shown(v))
    end
  elseif kind == "flag" then
    if type(v) ~= "boolean" then return ("%s must be true or false (got %s)"):format(d.name, M.shown(v)) end
  elseif kind == "choice" then
    if type(v) ~= "string" then
      return ("%s must be one of %s (got %s)"):format(d.name, table.concat(d.choices, ", "), M.shown(v))
    end
    for _, c in ipairs(d.choices) do if c == v then return nil end end
    return M.unknown(d.name, v, d.choices, "available")
  elseif kind == "names" or kind == "joints" or kind == "coordinates" then
    if type(v) ~= "table" then return ("%s must be a list of names (got %s)"):format(d.name, M.shown(v)) end
  elseif kind == "numbers" then
    if type(v) ~= "table" then return ("%s must be a table of numbers (got %s)"):format(d.name, M.shown(v)) end
  elseif kind == "time" then
    if not (math.type(v) and v == v and math.abs(v) < math.huge) then
      return ("%s must be a finite number (got %s)"):format(d.name, M.shown(v))
    end
  end
  if d.check then return d.check(v) end
end

-- opts, or a copy of it with the British spellings of names in known
-- renamed as ours (stabilisation = "penalty"), for a check that reads an
-- option before args.check_options does.
function M.spelled(opts, known)
  if type(opts) ~= "table" then return opts end
  for key, own in pairs(spellings) do
    if opts[key] ~= nil and known[own] and opts[own] == nil then
      local copy = {}
      for k, v in pairs(opts) do copy[k] = v end
      copy[own], copy[key] = copy[key], nil
      opts = copy
    end
  end
  return opts
end

-- A copy of the options a function was given, each one it takes (taken:
-- name -> declaration, or true for any value) checked by M.bad_option, at
-- the user's line with
-- what ("simulate"); nil is an empty table. An option it would take with
-- another choice (elsewhere: name -> 'formulation = "joint"') is said to
-- go with that; any other is unknown, answered with the nearest name.
function M.check_options(opts, taken, what, elsewhere)
  if opts == nil then return {} end
  if type(opts) ~= "table" then
    error(("%s: %s: the options must be a table { ... }, not %s"):format(M.where(2), what, type(opts)), 0)
  end
  local copy, misplaced = {}, false
  for k, v in pairs(opts) do
    copy[k] = v
    misplaced = misplaced or not taken[k] and elsewhere ~= nil and elsewhere[k] ~= nil
  end
  -- the messages in the keys' order, so the first said is always the same;
  -- sorted only when there is one to say (a run checks its options often)
  if misplaced then
    local keys = {}
    for k in pairs(copy) do keys[#keys + 1] = k end
    table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
    for _, k in ipairs(keys) do
      if not taken[k] and elsewhere[k] then
        error(("%s: %s: %s goes with %s"):format(M.where(2), what, k, elsewhere[k]), 0)
      end
    end
  end
  local why = M.unknown_field(copy, taken, "option")
  if why then error(("%s: %s: %s"):format(M.where(2), what, why), 0) end
  local bad = false
  for k, v in pairs(copy) do bad = bad or type(taken[k]) == "table" and M.bad_option(v, taken[k]) ~= nil end
  if bad then
    for _, k in ipairs(M.sorted_keys(copy)) do
      why = type(taken[k]) == "table" and M.bad_option(copy[k], taken[k])
      if why then error(("%s: %s: %s"):format(M.where(2), what, why), 0) end
    end
  end
  return copy
end

-- The largest size of a number we take: beyond it a sum or a square
-- overflows or swamps everything else in double precision.
M.LARGEST = 1e15

-- Nil when v is a finite number within range, else why not. opts:
-- positive (with smallest, default 1e-12: a mass or an inertia so small
-- is a mistake of units, and it wrecks the Jacobian's rank tests),
-- nonnegative, largest.
function M.bad_number(v, opts)
  opts = opts or {}
  if type(v) ~= "number" then return ("must be a number, not %s"):format(v == nil and "nothing" or type(v)) end
  if v ~= v then return "must be a number, not NaN" end
  if v == math.huge or v == -math.huge then return ("must be finite, not %s"):format(tostring(v)) end
  local largest = opts.largest or M.LARGEST
  if math.abs(v) > largest then return ("must be at most %g in size (got %g)"):format(largest, v) end
  if opts.positive then
    local smallest = opts.smallest or 1e-12
    if not (v > 0) then return ("must be positive (got %g)"):format(v) end
    if v < smallest then
      return ("must be at least %g (got %g): a value this small is a slip of units"):format(smallest, v)
    end
  end
  if opts.nonnegative and v < 0 then return ("must be 0 or more (got %g)"):format(v) end
end

-- Nil when v is a pair of finite numbers {a, b}, else why not.
function M.bad_pair(v, opts)
  if type(v) ~= "table" or type(v[1]) ~= "number" or type(v[2]) ~= "number" then
    return "must be a pair of numbers {a, b}"
  end
  for i = 1, 2 do
    local why = M.bad_number(v[i], opts)
    if why then return ("[%d] %s"):format(i, why) end
  end
end

-- How a value a user gave reads in a message: 'zzz', 1.5, NaN, a table.
local function shown(v)
  if type(v) == "string" then return "'" .. v .. "'" end
  if type(v) == "number" then return v ~= v and "NaN" or ("%g"):format(v) end
  if v == nil then return "nothing" end
  if type(v) == "boolean" then return tostring(v) end
  return "a " .. type(v)
end
M.shown = shown

-- How a number or a name reads inside a sentence ("there is no lesson 17"):
-- as tostring has it, but "NaN" for a NaN, where tostring says "-nan".
function M.text(v) return v ~= v and "NaN" or tostring(v) end

-- Nil when v is a whole number from least to most, else why not, with what
-- it counts: "must be a whole number of frames from 1 to 1000 (got NaN)".
function M.bad_whole(v, least, most, unit)
  if math.type(v) == "integer" and v >= least and v <= most then return nil end
  return ("must be a whole number of %s from %d to %d (got %s)"):format(unit, least, most,
    type(v) == "number" and M.text(v) or shown(v))
end

-- The parameters of an example's builder (examples/*.lua; mb.parameter,
-- so that those files also run under --sandbox), each checked
-- at the top of build against what it may be, so that mb.example("cart",
-- "E") is refused by name rather than building another cart or failing
-- inside the builder. spec = { "what it is", default = ..., and one of
--   choices = { "A", "B" }         one of these (a string is matched exactly)
--   number = { lo, hi }            a number from lo to hi; whole = true: a whole one
--   numbers = { n, lo, hi }        a list of n numbers, each from lo to hi
--   text = true                    a string; flag = true: true or false
--   options = { key = spec, ... }  a table of only these keys (args.options),
--                                  each checked; nil is an empty one
-- also = { value, "what it means" } takes one value besides (false: no
-- motor); optional = true takes nil and gives nil; note is said after what
-- is allowed. Returns the value, its default for nil, or for options a
-- copy with each key's default filled in. A wrong value is an error at the
-- example's line (example.lua says it at the user's): "the variant is 'A'
-- (the default), 'B' or 'C', not 'E'".
local PARAMETER_KINDS = { "choices", "number", "numbers", "text", "flag", "options" }
local PARAMETER_FIELDS = { default = true, optional = true, also = true, note = true, whole = true }
for _, kind in ipairs(PARAMETER_KINDS) do PARAMETER_FIELDS[kind] = true end

function M.parameter(value, spec, within)
  -- on mb, so a script may call it: a spec that is not one is said there,
  -- as is a field it does not know (whole misspelt took fractions) and a
  -- spec of no kind or of two (it failed inside this file, or one was ignored)
  local why
  if type(spec) == "table" then
    local kinds = 0
    for _, kind in ipairs(PARAMETER_KINDS) do kinds = kinds + (spec[kind] ~= nil and 1 or 0) end
    why = M.unknown_field(spec, PARAMETER_FIELDS, "field", { [1] = true })
      or kinds ~= 1 and ("it has %d of %s, not one"):format(kinds, table.concat(PARAMETER_KINDS, ", "))
  end
  if type(spec) ~= "table" or type(spec[1]) ~= "string" or why or spec.choices and (type(spec.choices) ~= "table"
      or #spec.choices == 0) then
    error(("%s: mb.parameter: the second argument is what the value may be, such as"
      .. ' { "the length (m)", number = { 0.01, 10 }, default = 1 }, not %s%s'):format(M.where(), shown(spec),
      why and ": " .. why or ""), 0)
  end
  local what = within and ("%s: %s (%s)"):format(within[1], within.key, spec[1]) or spec[1]
  local function allowed()
    local said
    if spec.choices then
      local each = {}
      for i, c in ipairs(spec.choices) do
        each[i] = (type(c) == "string" and ("'%s'"):format(c) or tostring(c)) .. (c == spec.default and " (the default)" or "")
      end
      said = #each == 1 and each[1] or table.concat(each, ", ", 1, #each - 1) .. " or " .. each[#each]
    elseif spec.number then
      said = ("a %snumber from %g to %g"):format(spec.whole and "whole " or "", spec.number[1], spec.number[2])
    elseif spec.numbers then
      local letters = {}
      for i = 1, spec.numbers[1] do letters[i] = string.char(96 + i) end
      said = ("a list of %d numbers {%s}, each from %g to %g"):format(spec.numbers[1],
        table.concat(letters, ", "), spec.numbers[2], spec.numbers[3])
    elseif spec.text then
      said = "a string"
    elseif spec.flag then
      said = "true or false"
    else
      said = ("a table with keys among {%s}"):format(table.concat(M.sorted_keys(spec.options), ", "))
    end
    if spec.default ~= nil and not spec.choices and type(spec.default) ~= "table" then
      said = said .. (" (%s by default)"):format(type(spec.default) == "number" and ("%.4g"):format(spec.default)
        or tostring(spec.default))
    end
    if spec.also then said = said .. (" or %s (%s)"):format(tostring(spec.also[1]), spec.also[2]) end
    if spec.optional or spec.options and spec.default == nil then said = said .. " or nothing" end
    return said .. (spec.note and ", " .. spec.note or "")
  end
  -- the choice meant, when a string is near one (not merely another letter: "E" for "A")
  local function meant(got)
    if not spec.choices or type(got) ~= "string" then return "" end
    for _, c in ipairs(spec.choices) do if type(c) ~= "string" then return "" end end
    local near = M.nearest(got, spec.choices)
    if near and (#got > 1 or near:lower() == got:lower()) then return (" (did you mean '%s'?)"):format(near) end
    return ""
  end
  local function refuse(got)
    error(("%s: %s is %s, not %s%s"):format(M.where(), what, allowed(), shown(got), meant(got)), 0)
  end
  local function in_range(v, range)
    return math.type(v) ~= nil and v >= range[1] and v <= range[2] and not (spec.whole and math.type(v) ~= "integer")
  end
  if value == nil and spec.default ~= nil then
    -- a table default is copied: the model may keep it, and the caller change it
    local function copy(v)
      if type(v) ~= "table" then return v end
      local c = {}
      for k, x in pairs(v) do c[k] = copy(x) end
      return c
    end
    return copy(spec.default)
  end
  if value == nil and spec.optional then return nil end
  if spec.also and value == spec.also[1] then return value end
  if spec.choices then
    for _, c in ipairs(spec.choices) do if value == c then return value end end
    refuse(value)
  elseif spec.number then
    if not in_range(value, spec.number) then refuse(value) end
  elseif spec.numbers then
    if type(value) ~= "table" then refuse(value) end
    if #value ~= spec.numbers[1] then
      error(("%s: %s is %s, not a list of %d"):format(M.where(), what, allowed(), #value), 0)
    end
    for i = 1, spec.numbers[1] do
      if not in_range(value[i], { spec.numbers[2], spec.numbers[3] }) then
        error(("%s: %s is %s, not one with [%d] = %s"):format(M.where(), what, allowed(), i, shown(value[i])), 0)
      end
    end
    for k in pairs(value) do
      if math.type(k) ~= "integer" or k < 1 or k > spec.numbers[1] then
        error(("%s: %s is %s, not one with a field [%s]"):format(M.where(), what, allowed(), shown(k)), 0)
      end
    end
  elseif spec.text then
    if type(value) ~= "string" then refuse(value) end
  elseif spec.flag then
    if type(value) ~= "boolean" then refuse(value) end
  else
    if value ~= nil and type(value) ~= "table" then refuse(value) end
    local keys = M.sorted_keys(spec.options)
    local copy = M.options(value, keys, what)
    for _, key in ipairs(keys) do
      copy[key] = M.parameter(copy[key], spec.options[key], { what, key = key })
    end
    return copy
  end
  return value
end

-- "pos[1] must be ..." or "mass must be ...": a field's name and why.
function M.said(key, why) return key .. (why:find("^%[") and "" or " ") .. why end

-- Every method of Class checks that it was called on one of its own, so
-- r.body("rod") (a dot for a colon) is answered at the user's line rather
-- than by "attempt to index a nil value" inside the library. letter is how
-- the man page writes such an object: "m", "r", "c". before(self), when
-- given, runs first in every method.
function M.methods(Class, letter, before)
  for name, f in pairs(Class) do
    if type(f) == "function" and not name:find("^__") then
      Class[name] = function(self, ...)
        if getmetatable(self) ~= Class then
          error(("%s: %s:%s: call it with a colon, %s:%s(...), on %s (got %s)"):format(M.where(), letter, name,
            letter, name, ({ m = "a model", r = "a result", c = "a comparison" })[letter] or "its object",
            self == nil and "nothing" or type(self)), 0)
        end
        if before then before(self) end
        return f(self, ...)
      end
    end
  end
end

return M
