-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.problem: the book's end-of-chapter problems as homework.
--
-- A chapter's problems are one file, problems/NN-topic.lua; the format is
-- described in problems/README.md. This module reads those files and
-- gives the student problems(), problem("7.9" [, { seed = "jdoe" }]) and
-- the methods of a problem p: p:check{...}, p:hint(), p:model(),
-- p:answers() (not in the sandbox). A seed varies the book's data within
-- the ranges a problem declares, the same seed always giving the same
-- data (a hash of the seed, never math.random's state); the reference
-- answers are computed from p.data by the problem's own function, so they
-- follow the seed. The grader (mechbench.grading) judges with M.judge, the
-- routine p:check uses.
local core = require "mechbench.core"
local lesson = require "mechbench.lesson"
local args = require "mechbench.args"
local json = require "mechbench.json"
local view = require "mechbench.view"
local figure = require "mechbench.figure"

local M = {}

-- What the grading child needs after the student's script has run, taken
-- now, before any user code could replace a field of a shared table.
local rawget, next, type, pcall, tostring, select = rawget, next, type, pcall, tostring, select
local mat_totable = core.mat.totable
local string_format, table_concat, math_type = string.format, table.concat, math.type

------------------------------------------------------------------ seeds

-- FNV-1a, 64 bits, of a string: Lua's integers wrap, as the hash wants.
local function hash(text)
  local h = 0xcbf29ce484222325
  for i = 1, #text do h = (h ~ text:byte(i)) * 0x100000001b3 end
  return h
end
M.hash = hash

-- A stream of uniform numbers in [0, 1) from a key: splitmix64 over the
-- key's hash. The same key gives the same numbers on every machine.
local function stream(key)
  local state = hash(key)
  return function()
    state = state + 0x9e3779b97f4a7c15
    local z = state
    z = (z ~ (z >> 30)) * 0xbf58476d1ce4e5b9
    z = (z ~ (z >> 27)) * 0x94d049bb133111eb
    z = z ~ (z >> 31)
    return (z >> 11) * 2.0 ^ -53
  end
end
M.stream = stream

------------------------------------------------------------------ values

local function to_plain(v)
  if type(v) == "userdata" then
    local ok, t = pcall(mat_totable, v)
    if ok then return t end
  end
  return v
end

local function deep_copy(v)
  v = to_plain(v)
  if type(v) ~= "table" then return v end
  local out = {}
  for k, x in pairs(v) do out[k] = deep_copy(x) end
  return setmetatable(out, getmetatable(v))
end

-- f applied to every number of a value (a number, an array, an array of rows)
local map = lesson.map

local function largest(v)
  v = to_plain(v)
  if type(v) == "number" then return math.abs(v) end
  local big = 0
  if type(v) == "table" then for i = 1, #v do big = math.max(big, largest(v[i])) end end
  return big
end

-- A number as the sheet shows it: up to 6 significant digits, integers bare.
local function number_text(x)
  if math_type(x) == "integer" or (x == math.floor(x) and math.abs(x) < 1e15) then
    return ("%d"):format(x)
  end
  if x ~= x then return "nan" end
  return (("%.6g"):format(x))
end

-- A value on one line: 1.5, {1.5, 0.4}, {{1, 2}, {3, 4}}, true, "atan2".
local function value_text(v)
  v = to_plain(v)
  if type(v) == "number" then return number_text(v) end
  if type(v) == "string" then return ("%q"):format(v) end
  if type(v) ~= "table" then return tostring(v) end
  local parts = {}
  for i = 1, #v do parts[i] = value_text(v[i]) end
  return "{" .. table.concat(parts, ", ") .. "}"
end
M.value_text = value_text

------------------------------------------------------------------ chapter files

local chapters_by_path = {}   -- path -> the chapter table, once read and checked

local function chapter_files()
  local dir = core.paths.problems or ""
  local found = {}
  if dir == "" then return found end
  for _, name in ipairs(core.files(dir)) do
    local n = name:match("^(%d+)%-.*%.lua$")
    if n then found[#found + 1] = { chapter = tonumber(n), path = dir .. "/" .. name } end
  end
  table.sort(found, function(a, b) return a.chapter < b.chapter end)
  return found
end

local function bad(path, where, fmt, ...)
  error(("%s: %s: " .. fmt):format(path, where, ...), 0)
end

local ask_kinds = { number = true, angle = true, series = true, ["function"] = true, choice = true }
local reserved = { model_answer = true }
local problem_fields = { number = true, title = true, text = true, build = true, data = true,
  asks = true, answers = true, verify = true, book = true, mistakes = true, hints = true,
  model = true, valid = true, written = true, fixed = true, ours = true }
local data_fields = { name = true, value = true, unit = true, what = true, vary = true,
  ours = true, derived = true, step = true }
local ask_fields = { name = true, what = true, unit = true, kind = true, tol = true, atol = true,
  components = true, args = true, size = true, probes = true, choices = true, period = true }

-- The checks a chapter file must pass when it is read: every mistake in
-- it is named at its problem and field, so an author sees what to fix.
local function check_problem(path, chapter, p, seen)
  local where = "problem " .. tostring(p.number)
  if type(p.number) ~= "string" or not p.number:match("^%d+%.%d+$") then
    bad(path, "a problem", "its number must be a string like \"%d.1\", not %s", chapter, tostring(p.number))
  end
  if tonumber(p.number:match("^(%d+)")) ~= chapter then
    bad(path, where, "belongs to chapter %s, not %d", p.number:match("^(%d+)"), chapter)
  end
  if seen[p.number] then bad(path, where, "is there twice") end
  seen[p.number] = true
  local why = args.unknown_field(p, problem_fields)
  if why then bad(path, where, "%s", why) end
  if type(p.title) ~= "string" or #p.title == 0 or #p.title > 60 then
    bad(path, where, "title must be one line of 1 to 60 characters")
  end
  if type(p.text) ~= "string" and type(p.text) ~= "function" then bad(path, where, "text is missing") end
  if type(p.hints) ~= "table" or #p.hints < 2 then bad(path, where, "needs at least two hints") end
  p.data, p.asks = p.data or {}, p.asks or {}
  local names = {}
  for i, d in ipairs(p.data) do
    if type(d.name) ~= "string" then bad(path, where, "data entry %d has no name", i) end
    why = args.unknown_field(d, data_fields)
    if why then bad(path, where, "data '%s': %s", d.name, why) end
    if names[d.name] then bad(path, where, "data '%s' is there twice", d.name) end
    names[d.name] = true
    if (d.value == nil) == (d.derived == nil) then
      bad(path, where, "data '%s' needs a value or a derived function, one of them", d.name)
    end
    if d.unit == nil then bad(path, where, "data '%s' needs a unit (\"\" for none)", d.name) end
  end
  local asked = {}
  for i, a in ipairs(p.asks) do
    if type(a.name) ~= "string" or not a.name:match("^[%a_][%w_]*$") then
      bad(path, where, "ask %d needs a name usable as a Lua field", i)
    end
    why = args.unknown_field(a, ask_fields)
    if why then bad(path, where, "ask '%s': %s", a.name, why) end
    if asked[a.name] or reserved[a.name] then bad(path, where, "ask '%s' is there twice or reserved", a.name) end
    asked[a.name] = true
    if type(a.what) ~= "string" or a.unit == nil then
      bad(path, where, "ask '%s' needs what (text) and unit (\"\" for none)", a.name)
    end
    if a.kind and not ask_kinds[a.kind] then
      bad(path, where, "ask '%s': %s", a.name, args.unknown("kind", a.kind, args.sorted_keys(ask_kinds)))
    end
  end
  if #p.asks > 0 and type(p.answers) ~= "function" then bad(path, where, "has asks but no answers function") end
  if #p.asks == 0 and type(p.written) ~= "string" then
    bad(path, where, "asks nothing, so it needs a written model answer")
  end
  for name in pairs(p.mistakes or {}) do
    if not asked[name] then bad(path, where, "mistakes for '%s', which it does not ask", name) end
  end
  for _, b in ipairs(p.book or {}) do
    if not asked[b.ask] then bad(path, where, "a book value for '%s', which it does not ask", tostring(b.ask)) end
  end
end

local function read_chapter(path, chapter)
  if chapters_by_path[path] then return chapters_by_path[path] end
  local chunk, err = loadfile(path)
  if not chunk then error(err, 0) end
  local ok, c = pcall(chunk)
  if not ok then error(c, 0) end
  if type(c) ~= "table" or type(c.problems) ~= "table" or type(c.title) ~= "string" then
    error(("%s: must return { chapter = %d, title = ..., problems = { ... } }"):format(path, chapter), 0)
  end
  c.chapter = c.chapter or chapter
  local seen = {}
  for _, p in ipairs(c.problems) do check_problem(path, chapter, p, seen) end
  c.path = path
  chapters_by_path[path] = c
  return c
end

-- Read and check one chapter file (for tests and for authors trying theirs).
M.read_chapter = read_chapter

-- Every chapter with problems, in order: { chapter, title, problems, path }.
function M.chapters()
  local out = {}
  for _, f in ipairs(chapter_files()) do out[#out + 1] = read_chapter(f.path, f.chapter) end
  return out
end

local function chapter_of(n)
  for _, f in ipairs(chapter_files()) do
    if f.chapter == n then return read_chapter(f.path, f.chapter) end
  end
end

-- The spec of problem "7.9", or nil and why not.
local function find(number)
  number = tostring(number)
  local ch = tonumber(number:match("^(%d+)%."))
  local c = ch and chapter_of(ch)
  if not c then
    local have = {}
    for _, f in ipairs(chapter_files()) do have[#have + 1] = tostring(f.chapter) end
    return nil, ("there is no problem %s: the chapters with problems are %s"):format(number,
      #have > 0 and table.concat(have, ", ") or "(none found)")
  end
  for _, p in ipairs(c.problems) do if p.number == number then return p, c end end
  local first, last = c.problems[1], c.problems[#c.problems]
  return nil, ("there is no problem %s: Chapter %d has %s to %s"):format(number, ch,
    first and first.number or "?", last and last.number or "?")
end
M.find = find

------------------------------------------------------------------ data

-- The decimals a number is written with (1.25 -> 2, 800 -> 0).
local function decimals(x)
  local s = ("%.10g"):format(x)
  if s:find("e") then return 6 end
  local frac = s:match("%.(%d+)$")
  return frac and #frac or 0
end

local function round_to(x, step)
  local places = math.max(0, -math.floor(math.log(step, 10) + 1e-9))
  return tonumber(("%." .. places .. "f"):format(math.floor(x / step + 0.5) * step))
end

-- One number varied as `vary` says, from the stream rand.
local function vary_number(x, vary, rand, step)
  if type(vary) == "number" then vary = { rel = vary } end
  step = vary.step or step or 10 ^ -(decimals(x) + 1)
  if vary.int then return x + math.floor(rand() * (2 * vary.int + 1)) - vary.int end
  if vary.range then return round_to(vary.range[1] + rand() * (vary.range[2] - vary.range[1]), step) end
  if vary.choices then return vary.choices[1 + math.floor(rand() * #vary.choices)] end
  if vary.abs then return round_to(x + (2 * rand() - 1) * vary.abs, step) end
  if vary.rel then return round_to(x * (1 + (2 * rand() - 1) * vary.rel), step) end
  error("a vary spec needs rel, abs, int, range or choices", 0)
end

local function vary_value(v, vary, rand, step)
  if type(vary) == "function" then return vary(rand, v) end
  if type(vary) == "table" and vary.choices and type(v) ~= "number" then
    return deep_copy(vary.choices[1 + math.floor(rand() * #vary.choices)])
  end
  return map(v, function(x) return vary_number(x, vary, rand, step) end)
end

local ATTEMPTS = 200

-- The data of problem spec for a seed (nil: the book's), in the units the
-- student computes with (degrees become radians), and the shown values.
-- Returns data, shown, attempts (how many draws valid() refused).
local function make_data(spec, seed)
  for attempt = 0, seed and ATTEMPTS or 0 do
    local d, shown = {}, {}
    for _, e in ipairs(spec.data) do
      local v
      if e.derived then
        v = e.derived(d)
      else
        v = deep_copy(e.value)
        if seed and e.vary then
          v = vary_value(v, e.vary, stream(("%s\0%s\0%s\0%d"):format(seed, spec.number, e.name, attempt)), e.step)
        end
      end
      shown[e.name] = v
      d[e.name] = e.unit == "deg" and map(v, math.rad) or v
    end
    local ok = not spec.valid or spec.valid(d)
    if ok then return d, shown, attempt end
  end
  error(("problem %s: no valid data for seed %q in %d draws: its vary ranges are too wide"):format(
    spec.number, tostring(seed), ATTEMPTS), 0)
end
M.make_data = make_data

------------------------------------------------------------------ function answers

-- The states where a function answer is compared with the reference:
-- a list of argument lists, the same for the same problem, ask and seed.
local function probes(spec, ask, d, seed)
  local rand = stream(("%s\0%s\0%s\0probes"):format(seed or "book", spec.number, ask.name))
  if ask.probes then return ask.probes(rand, d) end
  local out = {}
  for k = 1, 5 do
    local call = {}
    for i = 1, #(ask.args or { "q" }) do
      local x = {}
      for j = 1, ask.size or 2 do x[j] = 4 * rand() - 2 end
      call[i] = x
    end
    out[k] = call
  end
  return out
end

-- A function's values at the probes, as plain data; an error at a probe is
-- kept as { error = message }.
local function values_at(f, states)
  local out = {}
  for k, call in ipairs(states) do
    local ok, v = pcall(f, table.unpack(call))
    out[k] = ok and to_plain(v) or { error = tostring(v) }
  end
  return out
end

------------------------------------------------------------------ judging

local function kind_of(ask, want)
  if ask.kind then return ask.kind end
  if type(want) == "function" then return "function" end
  if type(want) == "boolean" or type(want) == "string" then return "choice" end
  return "number"
end

-- The value nearest want that differs from got by whole turns.
local function same_turn(got, want, period)
  if type(got) ~= "number" or type(want) ~= "number" then return got end
  return got - period * math.floor((got - want) / period + 0.5)
end

local function choice_text(v)
  if type(v) == "string" then return v:lower():gsub("^%s+", ""):gsub("%s+$", "") end
  return v
end

-- Judge one answer: got against want for ask, with the named mistakes
-- (already evaluated: { value, say }). Returns ok and what to tell the
-- student. got may be the values at the probes of a function answer
-- (as the grader receives them) or the function itself.
function M.judge(ask, got, want, mistakes, states)
  local kind = kind_of(ask, want)
  if kind == "choice" then
    if choice_text(got) == choice_text(want) then return true, "Correct." end
    for _, m in ipairs(mistakes or {}) do
      if choice_text(got) == choice_text(m.value) then return false, "Not yet: " .. m.say end
    end
    local shown = {}
    for i, c in ipairs(ask.choices or {}) do shown[i] = tostring(c) end
    local options = #shown > 0 and (" (one of: " .. table.concat(shown, ", ") .. ")") or ""
    return false, "Not yet: that is not the answer" .. options .. "."
  end
  if kind == "function" then
    if type(want) == "function" then want = values_at(want, states) end
    if type(got) == "function" then got = values_at(got, states) end
    if type(got) ~= "table" or #got ~= #want then
      return false, "Not yet: the answer is a function of " .. table.concat(ask.args or { "q" }, ", ")
        .. "; you gave " .. (got == nil and "nothing" or ("a " .. type(got))) .. "."
    end
    for k, v in ipairs(got) do
      if type(v) == "table" and v.error then
        return false, ("Not yet: your function failed at test state %d: %s"):format(k, tostring(v.error))
      end
    end
  end
  if kind == "function" then
    local at = {}
    for i, m in ipairs(mistakes or {}) do
      at[i] = { value = type(m.value) == "function" and values_at(m.value, states) or m.value, say = m.say, tol = m.tol }
    end
    mistakes = at
  end
  -- an angle is right at any whole number of turns from the answer
  local period = ask.period or (ask.unit == "deg" and 360 or 2 * math.pi)
  local function turned(to) return kind == "angle" and same_turn(got, to, period) or got end
  local scale = largest(want)
  local atol = ask.atol or (kind == "series" and (ask.tol or lesson.TOL) * scale)
    or math.max(1e-9, 1e-6 * scale)
  local step = { answer = function() return want end, tol = ask.tol, atol = atol,
    components = ask.components, mistakes = {} }
  local right = lesson.compare(step, turned(want), want)
  if right and right.ok then return true, "Correct." end
  -- a named mistake may have another shape than the answer (a column for a row)
  for _, m in ipairs(mistakes or {}) do
    local at = m.tol and { tol = m.tol, atol = 0, components = ask.components } or step
    local v = lesson.compare(at, turned(m.value), m.value)
    if v and v.ok then return false, "Not yet: " .. m.say end
  end
  local raw = got
  got = turned(want)
  if kind == "angle" and type(got) == "number" then
    -- degrees for radians (or the other way) is said before the turns hide it
    local other = ask.unit == "deg" and math.rad or math.deg
    local swapped = map(want, other)
    local near = lesson.compare(step, same_turn(raw, swapped, ask.unit == "deg" and 2 * math.pi or 360), swapped)
    if near and near.ok then
      return false, ask.unit == "deg" and "Not yet: that looks like radians; this answer is in degrees."
        or "Not yet: that looks like degrees: mechbench works in radians."
    end
  end
  if kind == "function" and states then
    -- the first test state where it misses, said with that state
    for k = 1, #want do
      local at = { answer = function() return want[k] end, tol = ask.tol, atol = math.max(1e-9, 1e-6 * largest(want[k])),
        components = ask.components, mistakes = {} }
      local ok, say = lesson.grade(at, got[k])
      if not ok then
        local shown = {}
        for i, arg in ipairs(states[k]) do shown[i] = (ask.args or { "q" })[i] .. " = " .. value_text(map(arg, function(x)
          return tonumber(("%.3g"):format(x)) end)) end
        return false, ("Not yet, at the test state %s: %s"):format(table.concat(shown, ", "), (say:gsub("^Not yet: ", "")))
      end
    end
  end
  return lesson.grade(step, got)
end

------------------------------------------------------------------ the problem object

local Problem = {}
Problem.__index = Problem
M.Problem = Problem
local state = setmetatable({}, { __mode = "k" })   -- p -> its spec, seed, reference, hints

local default_seed = core.seed   -- --seed SEED: what problem() uses when given none
function M.set_default_seed(seed) default_seed = seed end

local function seed_text(seed) return seed and ("seed %q"):format(seed) or "the book's data" end

-- The reference answers of p's data, computed once.
local function reference(p)
  local s = state[p]
  if not s.reference then s.reference = s.spec.answers(deep_copy(s.data)) end
  return s.reference
end

local function mistakes_for(p, name)
  local s = state[p]
  local out = {}
  for _, m in ipairs((s.spec.mistakes or {})[name] or {}) do
    if not (m.book_data_only and s.seed) then
      local v = m.value
      if type(v) == "function" then v = v(deep_copy(s.data), reference(p)) end
      if v ~= nil then out[#out + 1] = { value = v, say = m.say, tol = m.tol } end
    end
  end
  for _, b in ipairs(s.spec.book or {}) do
    if b.ask == name and b.misprint and not s.seed then
      out[#out + 1] = { value = b.value, say = "that is the value the book prints, which is wrong: " .. b.misprint }
    end
  end
  return out
end

-- A seed is a student's name (not blank, with no control characters) or a
-- number: one rule for --seed and { seed = }. What a seed that breaks it
-- is, or nil.
local SEED_RULE = "a seed is a student's name or a number, with no control characters and not blank, not %s"
local function seed_fault(seed)
  if type(seed) == "number" or type(seed) == "string" and seed:find("%S") and not seed:find("%c") then return nil end
  return type(seed) == "string" and ("%q"):format(seed) or type(seed)
end

-- problem("7.9" [, { seed = "jdoe" }]): see the top of the file.
function M.new(number, opts)
  if type(number) ~= "string" and type(number) ~= "number" then
    args.fail("problem", 'takes a problem number such as "2.2", not %s', type(number))
  end
  number = type(number) == "number" and args.shown(number) or number
  opts = args.options(opts, { "seed" }, "problem")
  local spec, why = find(number)
  if not spec then error(("%s: problem: %s"):format(args.where(), why), 0) end
  local seed = opts.seed
  if seed == nil then seed = default_seed end
  if seed ~= nil and seed ~= false then
    local fault = seed_fault(seed) -- an empty name was said to be "not string"
    if fault and opts.seed == nil then args.fail("problem", "--seed: " .. SEED_RULE, fault) end
    if fault then
      args.fail("problem", "a seed is a name or a number (not blank, with no control characters), such as "
        .. "{ seed = \"jdoe\" }, not %s", fault)
    end
    seed = tostring(seed)
  else
    seed = nil
  end
  local data, shown = make_data(spec, seed)
  local asks = {}
  for i, a in ipairs(spec.asks) do asks[i] = { name = a.name, what = a.what, unit = a.unit } end
  local p = setmetatable({ number = spec.number, chapter = tonumber(spec.number:match("^(%d+)")),
    title = spec.title, seed = seed, data = deep_copy(data), asks = asks }, Problem)
  state[p] = { spec = spec, seed = seed, data = data, shown = shown, hint = 0, right = {} }
  lesson.focus(function() return p:hint() end)
  if core.mode == "interactive" then print(p:sheet()) end
  return p
end

local function wrap(text, width, first, rest) return lesson.wrap(text, width, first, rest) end

-- The state of a problem p, for its method `name`; called on anything else
-- (p.check{...} for p:check{...}), an error at the user's line.
local function own(p, name)
  local s = getmetatable(p) == Problem and state[p]
  if not s then args.fail("p:" .. name, "call it on a problem, with a colon: p:%s(...)", name) end
  return s
end

-- The longest name of a list of data or asks (4 at least), to line them up.
local function widest_name(list)
  local w = 4
  for _, e in ipairs(list) do w = math.max(w, #e.name) end
  return w
end

-- The sheet's parts, one routine for its text and its PDF: the heading,
-- the statement's paragraphs (an indented one kept as it is), the data
-- ("name = value unit" beside what it is), what to find, what to build.
local function sheet_parts(s)
  local spec = s.spec
  local parts = { title = ("Problem %s: %s"):format(spec.number, spec.title),
    source = ("Nikravesh, Planar Multibody Dynamics, Problem %s; %s"):format(spec.number,
      s.seed and ("your data: seed %q"):format(s.seed) or "the book's data"),
    paragraphs = {}, data = {}, ours = false, asks = spec.asks, build = spec.build,
    written = spec.written ~= nil }
  local text = type(spec.text) == "function" and spec.text(deep_copy(s.shown)) or spec.text
  for para in (text:gsub("^\n+", ""):gsub("%s+$", "") .. "\n\n"):gmatch("(.-)\n\n+") do
    local pre = para:find("^  ") ~= nil
    parts.paragraphs[#parts.paragraphs + 1] = { text = pre and para or (para:gsub("\n", " ")), pre = pre }
  end
  for i, e in ipairs(spec.data) do
    local unit = e.unit ~= "" and (" " .. e.unit) or ""
    parts.data[i] = { name = e.name, value = value_text(s.shown[e.name]) .. unit .. (e.ours and "*" or ""),
      what = e.what }
    parts.ours = parts.ours or e.ours == true
    -- a value in degrees alone is radians in p.data; a list of mixed units
    -- ({x, y, angle} in m, m, deg) keeps its numbers as shown
    if e.unit == "deg" then parts.radians = true
    elseif e.unit:find("deg", 1, true) then parts.mixed_degrees = true end
  end
  return parts
end

-- How the student opens this problem with the sheet's data at the prompt:
-- a seeded sheet names its seed (a bare problem("N") gives the book's data).
local function opener(s)
  local number = s.spec.number
  return s.seed and ('problem("%s", { seed = %q })'):format(number, s.seed) or ('problem("%s")'):format(number)
end

local OURS = "* our own value: the book gives it in a figure, or not at all"
local WRITTEN = "Written part: this problem asks for a proof or a discussion too. Write it "
  .. "out for your instructor, who has a model answer."

-- What p.data holds against what the sheet shows, for its data heading.
local function angles_note(parts)
  if parts.radians and parts.mixed_degrees then
    return "a value in deg is in radians there; a list of mixed units (m, m, deg) keeps its degrees"
  elseif parts.radians then
    return "a value in deg is in radians there"
  elseif parts.mixed_degrees then
    return "a list of mixed units (m, m, deg) keeps its degrees there"
  end
end

local function unit_text(unit) return unit ~= "" and (" [" .. unit .. "]") or "" end

-- The sheet as text: the statement, the data with units, what to find, what to build.
local function sheet_text(s)
  local parts = sheet_parts(s)
  local width = 78
  local out = { parts.title, "(" .. parts.source .. ")", "" }
  if s.seed then table.insert(out, 3, ("At the prompt, p = %s opens it with your data."):format(opener(s))) end
  for _, para in ipairs(parts.paragraphs) do
    out[#out + 1] = para.pre and para.text or wrap(para.text, width)
    out[#out + 1] = ""
  end
  if #parts.data > 0 then
    local note = angles_note(parts)
    out[#out + 1] = wrap("Data (p.data" .. (note and ("; " .. note) or "") .. "):", width, "", "  ")
    local w, left, col = widest_name(parts.data), {}, 0
    for i, d in ipairs(parts.data) do
      left[i] = ("  %-" .. w .. "s = %s"):format(d.name, d.value)
      if #left[i] <= 44 then col = math.max(col, #left[i]) end
    end
    for i, d in ipairs(parts.data) do
      local line = left[i]
      if d.what then
        if #line <= col and col + 3 + #d.what <= width then
          line = line .. (" "):rep(col - #line + 3) .. d.what
        else
          line = line .. "\n" .. wrap(d.what, width, "      ", "      ")
        end
      end
      out[#out + 1] = line
    end
    if parts.ours then out[#out + 1] = "  " .. OURS end
    out[#out + 1] = ""
  end
  if #parts.asks > 0 then
    out[#out + 1] = "Find (answer with p:check{ name = value, ... }):"
    local w = widest_name(parts.asks)
    for _, a in ipairs(parts.asks) do
      out[#out + 1] = wrap(a.what .. unit_text(a.unit), width, ("  %-" .. w .. "s  "):format(a.name), (" "):rep(w + 4))
    end
    out[#out + 1] = ""
  end
  if parts.build then out[#out + 1] = wrap("Build: " .. parts.build, width, "", "  ") end
  if parts.written then out[#out + 1] = wrap(WRITTEN, width, "", "  ") end
  out[#out + 1] = "hint() gives a hint, stronger each time."
  return table.concat(out, "\n")
end

-- The mechanism of p:model() where it stands at t = 0, as a sheet's
-- figure: nil and why when the model cannot be built or drawn.
local function mechanism_block(s)
  local ok, block = pcall(function()
    local m = s.spec.model(deep_copy(s.data))
    local desc = view.describe(m)
    desc.trails = {}
    local bodies = {}
    for i, b in ipairs(m._order.bodies) do
      local pos = b.pos or { 0, 0 }
      bodies[i] = { x = { pos[1] }, y = { pos[2] }, angle = { b.angle or 0 } }
    end
    return { style = "figure", scene = core.view.scene(desc), poses = core.view.poses(bodies, { 0 }), frame = 1,
      labels = true }
  end)
  if ok then return block end
  return nil, tostring(block)
end

-- p:sheet{ file = "sheet.pdf" }: the sheet on A4 pages, the mechanism
-- drawn where the problem has one, what to hand in, the seed on every page.
local function sheet_pdf(p, s, opts)
  opts = args.options(opts, { "file" }, "p:sheet")
  if opts.file == nil then
    args.fail("p:sheet", 'writes the sheet to the file in { file = "sheet.pdf" }; p:sheet() gives it as text')
  end
  local target = figure.target("p:sheet", opts, { "pdf" }, "report")
  local spec, parts = s.spec, sheet_parts(s)
  local blocks = {}
  local function add(style, text, left, mid)
    blocks[#blocks + 1] = { style = style, text = text, left = left, mid = mid }
  end
  add("title", parts.title)
  add("lead", parts.source)
  for _, para in ipairs(parts.paragraphs) do add(para.pre and "pre" or "para", para.text) end
  if spec.model then
    add("heading", "The mechanism")
    local block, why = mechanism_block(s)
    -- a model of no arguments is the book's whatever the seed (7.17, 10.24)
    local from = debug.getinfo(spec.model, "u").nparams == 0 and "the book's data, the same for every seed"
      or s.seed and "your data" or "the book's data"
    add("note", block and ("p:model() where it stands at t = 0, built from %s."):format(from)
      or ("It could not be drawn: %s"):format(why))
    blocks[#blocks + 1] = block
  end
  if #parts.data > 0 then
    add("heading", s.seed and "Your data" or "The data")
    local note = angles_note(parts)
    add("note", opener(s) .. ".data holds them" .. (note and ("; " .. note) or "") .. ".")
    for _, d in ipairs(parts.data) do add("row", d.what, d.name, "= " .. d.value) end
    if parts.ours then add("note", OURS) end
  end
  if #parts.asks > 0 then
    add("heading", "What to hand in")
    -- no line breaks inside the code (no-break spaces)
    add("para", ("A script that computes these from the data and sets them, each by its name, in "
      .. "answers[\"%s\"] (the grader runs it on your seed and on others); at the prompt, %s "
      .. "judges them."):format(spec.number, ("p:check{ %s = ... }"):format(parts.asks[1].name):gsub(" ", "\u{A0}")))
    for _, a in ipairs(parts.asks) do add("row", a.what .. unit_text(a.unit), a.name) end
  end
  if parts.build then
    add("heading", "Build")
    add("para", parts.build)
  end
  if parts.written then add("para", WRITTEN) end
  add("note", ("hint() at the prompt after %s gives a hint, stronger each time."):format(opener(s)))
  local footer = ("Problem %s, %s"):format(spec.number, s.seed and ("seed %q"):format(s.seed) or "the book's data")
  return figure.write("p:sheet", { kind = "sheet", blocks = blocks, footer = footer }, target, 1.1)
end

-- p:sheet(): the sheet as text; p:sheet{ file = "sheet.pdf" } writes it.
function Problem:sheet(opts)
  local s = own(self, "sheet")
  if opts ~= nil then return sheet_pdf(self, s, opts) end
  return sheet_text(s)
end

-- p:show(): the sheet again, printed.
function Problem:show()
  own(self, "show")
  print(self:sheet())
end

-- A problem prints as one line; p:show() prints its sheet.
function Problem:__tostring()
  local s = state[self]
  return ("<problem %s: %s; %s; p:show() shows the sheet>"):format(s.spec.number, s.spec.title,
    s.seed and ("seed %q"):format(s.seed) or "the book's data")
end

-- p:check{ name = value, ... }: each answer judged; the feedback printed;
-- returns { ok, right, total, answers = { name = { ok, say } } }.
function Problem:check(given)
  local s = own(self, "check")
  if core.grading then
    args.fail("p:check", "is not available while a script is graded: the script computes the answers")
  end
  lesson.focus(function() return self:hint() end)
  local spec = s.spec
  if #spec.asks == 0 then
    print(lesson.wrap(("Problem %s has nothing to check: it is a proof or a discussion. Write it out; "
      .. "your instructor has a model answer."):format(spec.number), 78))
    return setmetatable({ ok = true, right = 0, total = 0, answers = {} }, { __tostring = function() return "nothing to check" end })
  end
  if type(given) ~= "table" or getmetatable(given) ~= nil then
    args.fail("p:check", "takes a table of answers by name, p:check{ %s = ... }", spec.asks[1].name)
  end
  local known, by_name = {}, {}
  for _, a in ipairs(spec.asks) do known[#known + 1] = a.name; by_name[a.name] = a end
  local verdict = { answers = {} }
  local lines = {}
  local ref = reference(self)
  local names = {}
  for k in pairs(given) do names[#names + 1] = tostring(k) end
  table.sort(names)
  for _, a in ipairs(spec.asks) do
    if given[a.name] ~= nil then
      local states = kind_of(a, ref[a.name]) == "function" and probes(spec, a, s.data, s.seed) or nil
      local ok, say = M.judge(a, given[a.name], ref[a.name], mistakes_for(self, a.name), states)
      verdict.answers[a.name] = { ok = ok, say = say }
      s.right[a.name] = ok or nil -- the latest answer counts: right once, then wrong, is to do again
      lines[#lines + 1] = wrap(say, 78, a.name .. ": ", "  ")
    end
  end
  for _, k in ipairs(names) do
    if not by_name[k] then
      lines[#lines + 1] = wrap(("there is no answer named '%s' in Problem %s%s; the answers are %s."):format(
        k, spec.number, args.suggest(k, known), table.concat(known, ", ")), 78, k .. ": ", "  ")
    end
  end
  local right, total = 0, #spec.asks
  for _, a in ipairs(spec.asks) do if s.right[a.name] then right = right + 1 end end
  verdict.right, verdict.total, verdict.ok = right, total, right == total
  if #lines > 0 then print(table.concat(lines, "\n")) end
  local missing = {}
  for _, a in ipairs(spec.asks) do if not s.right[a.name] then missing[#missing + 1] = a.name end end
  local summary = right == total and ("All %d answers of Problem %s are right."):format(total, spec.number)
    or ("%d of %d right so far; still to do: %s."):format(right, total, table.concat(missing, ", "))
  print(wrap(summary, 78))
  return setmetatable(verdict, { __tostring = function()
    return ("<v.ok = %s, v.right = %d, v.total = %d>"):format(tostring(verdict.ok), right, total)
  end })
end

-- p:hint(): the next of the problem's hints, stronger each time.
function Problem:hint()
  local s = own(self, "hint")
  if core.grading then args.fail("p:hint", "is not available while a script is graded") end
  local hints = s.spec.hints
  s.hint = math.min(s.hint + 1, #hints)
  print(wrap(("Problem %s, hint %d of %d: %s"):format(s.spec.number, s.hint, #hints, hints[s.hint]), 78))
end

-- p:model(): the problem's mechanism, built from p.data (a new model each call).
function Problem:model()
  local s = own(self, "model")
  if not s.spec.model then
    args.fail("p:model", "Problem %s has no mechanism to build: its data are vectors and numbers", s.spec.number)
  end
  return s.spec.model(deep_copy(s.data))
end

-- p:answers(): the reference answers, for instructors; model_answer holds
-- the written part's model answer where the problem has one.
function Problem:answers()
  local s = own(self, "answers")
  if core.sandbox then
    args.fail("p:answers", "gives the reference answers to instructors: it is not available in the sandbox")
  end
  local out = {}
  if #s.spec.asks > 0 then out = deep_copy(reference(self)) end
  out.model_answer = s.spec.written
  return out
end

------------------------------------------------------------------ listing

local function chapter_list()
  local ok, list = pcall(M.chapters)
  if not ok then error(list, 0) end
  return list
end

-- problems() and problems(n): see mechbench.reference.
function M.list(n)
  if n == nil then
    local out = {}
    print("The book's problems by chapter (problems(n) lists a chapter's):")
    local total, list, w = 0, chapter_list(), 0
    for _, c in ipairs(list) do w = math.max(w, #c.title) end
    for _, c in ipairs(list) do
      out[#out + 1] = { chapter = c.chapter, title = c.title, count = #c.problems }
      total = total + #c.problems
      print(("  %2d  %-" .. w .. "s %3d problems"):format(c.chapter, c.title, #c.problems))
    end
    -- the list is the value too; at the prompt it shows as one line under the listing
    return setmetatable(out, { __tostring = function()
      return ("<%d chapters, %d problems: problems(n) lists one>"):format(#out, total)
    end })
  end
  local ch = math.tointeger(tonumber(n))
  local c = ch and chapter_of(ch)
  if not c then
    local have = {}
    for _, x in ipairs(chapter_list()) do have[#have + 1] = tostring(x.chapter) end
    args.fail("problems", "there are no problems of chapter %s; the chapters with problems are %s",
      args.text(n), table.concat(have, ", "))
  end
  print(("Chapter %d: %s"):format(c.chapter, c.title))
  local out = {}
  for _, p in ipairs(c.problems) do
    out[#out + 1] = { number = p.number, asks = p.title, answers = #p.asks, written = p.written ~= nil }
    local tail = #p.asks > 0 and ("[%d]"):format(#p.asks) or "[written]"
    print(wrap(p.title .. " " .. tail, 78, ("  %-5s "):format(p.number), "        "))
  end
  return setmetatable(out, { __tostring = function()
    return ("<%d problems of Chapter %d: problem(\"%d.1\") opens one; [n]: its answers>"):format(#out,
      c.chapter, c.chapter)
  end })
end

function M.install_globals(G)
  G.problems = M.list
  G.problem = M.new
end

------------------------------------------------------------------ the student's sheet

-- mechbench --problem 7.9 [--seed jdoe] [--sheet FILE.pdf]: the sheet on
-- stdout, or as a PDF; 0, or 2 with the reason for a problem that is not
-- there, a seed that is no name, a file that is no .pdf or one that
-- --sandbox forbids; 1 when the file cannot be written.
function M.sheet_tool(o)
  local function usage(option, why)
    io.stderr:write("mechbench: ", option, ": ", why, "\n")
    return 2
  end
  local spec, why = find(o.number)
  if not spec then return usage("--problem", why) end
  if o.seed and seed_fault(o.seed) then return usage("--seed", SEED_RULE:format(seed_fault(o.seed))) end
  default_seed = o.seed
  if not o.sheet then
    print(M.new(spec.number):sheet())
    return 0
  end
  if not o.sheet:lower():match("%.pdf$") then
    return usage("--sheet", ("the sheet is a PDF of A4 pages: give a file name ending in .pdf, not '%s'"):format(o.sheet))
  end
  if core.sandbox then return usage("--sheet", "writing a file is not allowed in the sandbox") end
  local ok, written = pcall(function() return M.new(spec.number):sheet{ file = o.sheet } end)
  if not ok then
    io.stderr:write("mechbench: --sheet: ", (tostring(written):gsub("^.-p:sheet: ", "")), "\n")
    return 1
  end
  print(("wrote %s: Problem %s, %s"):format(written.path, spec.number,
    o.seed and ("seed %q"):format(o.seed) or "the book's data"))
  return 0
end

------------------------------------------------------------------ a graded script's answers

-- Plain data from a value the student's script made: numbers, strings,
-- booleans, tables of those, matrices; a function answer's values at the
-- probes; budget counts the items so a huge or cyclic table stops.
local LIMIT_ITEMS, LIMIT_DEPTH, LIMIT_STRING = 200000, 8, 65536

local function export_value(v, budget, depth)
  budget.n = budget.n + 1
  if budget.n > LIMIT_ITEMS then return nil, "too large" end
  local ty = type(v)
  if ty == "number" or ty == "boolean" then return v end
  if ty == "string" then return #v <= LIMIT_STRING and v or v:sub(1, LIMIT_STRING) end
  if ty == "userdata" then
    local ok, t = pcall(mat_totable, v)
    if ok then return export_value(t, budget, depth) end
    return nil, "a userdata"
  end
  if ty ~= "table" then return nil, "a " .. ty end
  if depth >= LIMIT_DEPTH then return nil, "nested too deep" end
  local out = {}
  for k, x in next, v do
    if type(k) == "number" or type(k) == "string" then
      local c = export_value(x, budget, depth + 1)
      if c ~= nil then out[k] = c end
    end
    if budget.n > LIMIT_ITEMS then return nil, "too large" end
  end
  return out
end

-- In the grading child, before the script runs, with the script's globals
-- env (the sandbox's): returns the function that, after it, gives the JSON
-- text of what the script left: its answers (a function answer as its
-- values at the probes of the run's seed) and its global data, with how
-- the run ended.
function M.grading_exporter(env)
  local initial = {}
  for k in next, env do initial[k] = true end
  -- the sheet says "set them in answers[\"7.9\"]": the table is there to fill
  if rawget(env, "answers") == nil then rawset(env, "answers", {}) end
  local seed = core.seed
  return function(status, message)
    local budget = { n = 0 }
    local answers, notes = {}, {}
    local given = rawget(env, "answers")
    if type(given) == "table" then
      for number, set in next, given do
        if type(set) == "table" then
          local spec = find(tostring(number))
          local out = {}
          for name, v in next, set do
            if type(name) == "string" then
              local ask
              for _, a in ipairs(spec and spec.asks or {}) do if a.name == name then ask = a end end
              if type(v) == "function" and ask then
                local ok, d = pcall(make_data, spec, seed)
                v = ok and { probes = values_at(v, probes(spec, ask, d, seed)) } or nil
              end
              local c, why = export_value(v, budget, 0)
              if c ~= nil then out[name] = c else notes[#notes + 1] = ("%s.%s: %s"):format(tostring(number), name, why or "nil") end
            end
          end
          answers[tostring(number)] = out
        end
      end
    elseif given ~= nil then
      notes[#notes + 1] = "answers is a " .. type(given) .. ", not a table"
    end
    local globals = {}
    for k, v in next, env do
      if type(k) == "string" and not initial[k] and k ~= "answers" and type(v) ~= "function" then
        local c = export_value(v, budget, 0)
        if c ~= nil then globals[k] = c end
      end
    end
    local ok, text = pcall(json.encode, { status = status, message = message, seed = seed,
      answers = answers, globals = globals, notes = notes })
    if not ok then
      text = json.encode({ status = status, message = message, seed = seed, notes = { tostring(text) } })
    end
    return text
  end
end

-- The grader's view of one problem for one seed: the asks, the reference
-- answers and named mistakes, and the probe values of function answers.
-- Used by mechbench.grading in the instructor's process.
function M.reference_for(number, seed)
  local spec, why = find(number)
  if not spec then return nil, why end
  local saved = default_seed
  default_seed = nil
  local ok, p = pcall(M.new, number, { seed = seed or false })
  default_seed = saved
  if not ok then return nil, p end
  local s = state[p]
  local ref = reference(p)
  local out = { asks = spec.asks, want = {}, mistakes = {}, states = {} }
  for _, a in ipairs(spec.asks) do
    out.want[a.name] = ref[a.name]
    out.mistakes[a.name] = mistakes_for(p, a.name)
    if kind_of(a, ref[a.name]) == "function" then out.states[a.name] = probes(spec, a, s.data, s.seed) end
  end
  return out
end

-- Judge a graded answer as received: a function answer arrives as the
-- values at the probes.
function M.judge_received(ask, got, want, mistakes, states)
  if type(got) == "table" and got.probes and kind_of(ask, want) == "function" then got = got.probes end
  return M.judge(ask, got, want, mistakes, states)
end

------------------------------------------------------------------ self-test

M.test_seeds = { "ada", "brahe", "curie" }

-- Data as JSON can write it (functions shown as their kind), to compare two sets.
local function map_data(v)
  if type(v) == "table" then
    local out = {}
    for k, x in pairs(v) do out[k] = map_data(x) end
    return out
  end
  if type(v) == "function" or type(v) == "userdata" then return type(v) end
  return v
end

-- Work through a problem without a student: its data for the book and for
-- three seeds (same seed, same data; the seeds vary something unless the
-- problem says why not; valid() holds), its reference answers (each
-- accepted, a wrong one refused, each named mistake refused with its own
-- words), its second way (verify) agreeing on every ask, the book's printed
-- numbers (a misprint must differ), its model and its sheet within 80
-- columns. Returns passed, failed, a list of failures.
function M.selftest(number)
  local spec = assert(find(number))
  local passed, failed, problems = 0, 0, {}
  local function expect(cond, what)
    if cond then passed = passed + 1 else failed = failed + 1; problems[#problems + 1] = spec.number .. ": " .. what end
  end
  local function try(what, f, ...)
    local ok, err = pcall(f, ...)
    expect(ok, what .. ": " .. tostring(err))
    return ok and err
  end
  local book_data = make_data(spec, nil)
  local varied = false
  for _, seed in ipairs { false, table.unpack(M.test_seeds) } do
    local label = seed and ("seed " .. seed) or "book data"
    local p = try(label .. " makes the problem", M.new, spec.number, { seed = seed })
    if p then
      local s = state[p]
      local again = make_data(spec, seed or nil)
      local function text(d) return json.encode(map_data(d)) end
      expect(text(again) == text(s.data), label .. ": the same seed gives the same data")
      if seed and text(s.data) ~= text(book_data) then varied = true end
      if spec.valid then expect(spec.valid(deep_copy(s.data)), label .. ": the data are valid") end
      local ref = #spec.asks > 0 and try(label .. ": the reference answers", reference, p)
      if ref then
        local other = spec.verify and try(label .. ": the second way", spec.verify, deep_copy(s.data))
        expect(spec.verify ~= nil, "has a second way (verify) for its answers")
        for _, a in ipairs(spec.asks) do
          local want = ref[a.name]
          expect(want ~= nil, label .. ": a reference answer for " .. a.name)
          if want ~= nil then
            local states = kind_of(a, want) == "function" and probes(spec, a, s.data, s.seed) or nil
            local ok, say = M.judge(a, want, want, {}, states)
            expect(ok, ("%s: %s accepts its own answer (%s)"):format(label, a.name, say))
            local wrong
            if type(want) == "function" then
              wrong = function(...) return map(want(...), function(x) return x * 1.37 + 0.71 end) end
            elseif type(want) == "boolean" then
              wrong = not want
            elseif type(want) == "string" then
              wrong = want .. "?"
            else
              wrong = map(want, function(x) return x * 1.37 + 0.71 end)
            end
            expect(not M.judge(a, wrong, want, {}, states), ("%s: %s refuses a wrong answer"):format(label, a.name))
            for _, m in ipairs(mistakes_for(p, a.name)) do
              -- a slip that gives the right answer for these data is no mistake here
              if not M.judge(a, m.value, want, {}, states) then
                local ok2, said = M.judge(a, m.value, want, mistakes_for(p, a.name), states)
                expect(not ok2 and said:find(m.say, 1, true), ("%s: %s names the mistake '%s' (said: %s)"):format(
                  label, a.name, m.say, said))
              end
            end
            if other then
              expect(other[a.name] ~= nil, ("%s: the second way gives %s"):format(label, a.name))
              if other[a.name] ~= nil then
                local ok3, said = M.judge(a, other[a.name], want, {}, states)
                expect(ok3, ("%s: %s, the reference %s and the second way %s agree (%s)"):format(label, a.name,
                  value_text(type(want) == "function" and "a function" or want),
                  value_text(type(other[a.name]) == "function" and "a function" or other[a.name]), said))
              end
            end
          end
        end
        if not seed then
          for _, b in ipairs(spec.book or {}) do
            local a
            for _, x in ipairs(spec.asks) do if x.name == b.ask then a = x end end
            local ok4 = M.judge(a, b.value, ref[b.ask], {}, nil)
            if b.misprint then
              expect(not ok4, ("%s: the book's misprinted %s differs from the program's %s"):format(b.ask,
                value_text(b.value), value_text(ref[b.ask])))
            else
              expect(ok4, ("%s: the program gives %s, the book prints %s (%s)"):format(b.ask,
                value_text(ref[b.ask]), value_text(b.value), b.where or "?"))
            end
          end
        end
      end
      if spec.model then try(label .. ": the model builds", function() return p:model() end) end
      local sheet = p:sheet()
      local widest = 0
      for line in (sheet .. "\n"):gmatch("(.-)\n") do widest = math.max(widest, utf8.len(line) or #line) end
      expect(widest <= 80, label .. ": the sheet fits 80 columns (widest " .. widest .. ")")
    end
  end
  local varies = false
  for _, e in ipairs(spec.data) do varies = varies or e.vary ~= nil end
  if #spec.data > 0 then
    expect(varied or spec.fixed, "a seed varies its data (or the problem says why not in fixed)")
    expect(varies or spec.fixed, "some of its data has a vary range (or fixed says why not)")
  end
  return passed, failed, problems
end

return M
