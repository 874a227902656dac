-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.lesson: the lesson engine.
--
-- A lesson file (lessons/NN-topic.lua) returns a table:
--   { number, title, book, objectives = {...}, wrap_up = "...",
--     steps = { { title, text, code?, raises?, answer?, mistakes?, hints?,
--                 tol?, atol?, precision?, components?, book? }, ... } }
-- A step with `code` is a "try" step (run() runs it); one whose code shows
-- an error on purpose says a piece of it in `raises` (run() stops there,
-- as at the prompt, and the self-test checks it does); a step with `answer`
-- (a function returning the expected value) is an exercise that check(x)
-- grades. Every exercise is graded by one rule (see "checking answers"):
-- relative 1e-3 per component. `tol` (relative) and `atol` (absolute)
-- override it only for a count (tol = 0) or an exercise about precision,
-- which then says why in `precision`; `components` names the entries of a
-- vector answer ({"x", "y"}) for the feedback. An exercise whose answer
-- is a formula derived by hand takes it as a Lua function of the
-- coordinates: its `at` (from M.derived) turns the student's function into
-- its values at fixed states, which `answer` gives from the program's
-- m:equations. A mistake { value, say,
-- tol? } is recognised at the step's tolerances, or at its own relative
-- tol when it is read off a table that prints few digits. `book` holds the book's value
-- of an exercise with an oracle id (see M.selftest). Code the student may
-- type is written in backquotes in a step's text, its hints, its mistakes'
-- messages and the wrap-up (`m:correct().pendulum.y`): each piece must work
-- at the prompt as it stands. Progress is a small Lua table in the user's
-- data folder.
local core = require "mechbench.core"
local args = require "mechbench.args"
local pretty = require "mechbench.pretty"

local M = {}
local lua_next = next
local current        -- { lesson = table, step = index }
local progress       -- [number] = { step = i, done = { [i] = true }, finished = bool }
local hint_level = 0
-- hint() serves what the student last opened: a lesson, or a problem whose
-- hints this function gives (mechbench.problem sets it; lesson() clears it)
local hint_focus
-- The variables run() makes: also the global `lesson` (lesson(2) opens a
-- lesson, lesson.m is the lesson's m). See lesson_env and M.run below.
local vars = {}
M.vars = vars
local vars_of      -- the number of the lesson whose variables vars holds
local remake       -- remake(i): what step i needs of the steps before it (below)

-- The student's globals: those the lesson commands were last installed in
-- (install_globals): the real ones, or under --sandbox the sandbox's (what
-- lesson code falls back to must not be more than the student has).
local students = _G
local function student_globals() return students end

-- f(...) with what it prints caught (print, io.write) and pictures silent
-- (an animation or a plot shows nothing, view.quiet): the text it would
-- have shown, then pcall's results.
local function caught(f, ...)
  local view = require "mechbench.view"
  local out, print0, write0, quiet0 = {}, print, io.write, view.quiet
  print = function(...)
    local parts = {}
    for i = 1, select("#", ...) do parts[i] = tostring((select(i, ...))) end
    out[#out + 1] = table.concat(parts, "\t") .. "\n"
  end
  io.write = function(...)
    for i = 1, select("#", ...) do out[#out + 1] = tostring((select(i, ...))) end
    return io.stdout
  end
  local message = require "mechbench.message"
  local said0 = message.to_stderr
  message.to_stderr = function(text) out[#out + 1] = tostring(text):gsub("\n?$", "\n") end
  view.quiet = true
  local res = table.pack(pcall(f, ...))
  print, io.write, view.quiet, message.to_stderr = print0, write0, quiet0, said0
  return table.concat(out), table.unpack(res, 1, res.n)
end

------------------------------------------------------------------ progress

local function progress_file() return core.paths.data .. "/progress.lua" end

local function load_progress()
  if progress then return progress end
  progress = {}
  local f = io.open(progress_file(), "r")
  if not f then return progress end
  local text = f:read("a")
  f:close()
  local chunk = load(text, "=progress", "t", {})
  local ok, value = pcall(chunk or error)
  if ok and type(value) == "table" then progress = value end
  return progress
end

local function save_progress()
  if core.sandbox == true then return end -- a sandboxed script leaves no file behind (sandbox.lua)
  if not core.mkdir(core.paths.data) then return end
  local lines = { "return {" }
  local numbers = {}
  for n in pairs(progress) do numbers[#numbers + 1] = n end
  table.sort(numbers)
  for _, n in ipairs(numbers) do
    local p = progress[n]
    local done = {}
    for i in pairs(p.done or {}) do done[#done + 1] = string.format("[%d] = true", i) end
    table.sort(done)
    lines[#lines + 1] = string.format("  [%d] = { step = %d, finished = %s, done = { %s } },",
      n, p.step or 1, tostring(p.finished == true), table.concat(done, ", "))
  end
  lines[#lines + 1] = "}"
  local tmp = progress_file() .. ".tmp"
  local f = io.open(tmp, "w")
  if not f then return end
  f:write(table.concat(lines, "\n"), "\n")
  f:close()
  os.rename(tmp, progress_file())
end

local function record(lesson)
  load_progress()
  local p = progress[lesson.number] or { step = 1, done = {} }
  progress[lesson.number] = p
  return p
end

------------------------------------------------------------------ finding lessons

local function lesson_files()
  local dir = core.paths.lessons
  local found = {}
  if dir == "" then return found end
  for _, name in ipairs(core.files(dir)) do
    local n = name:match("^(%d+)%-.*%.lua$")
    if n then found[#found + 1] = { number = tonumber(n), path = dir .. "/" .. name } end
  end
  table.sort(found, function(a, b) return a.number < b.number end)
  return found
end

-- The numbers of the lessons that exist, in order.
function M.available()
  local out = {}
  for _, f in ipairs(lesson_files()) do out[#out + 1] = f.number end
  return out
end

-- A lesson file runs with the full environment, so its answers can use mb.
function M.load(n)
  for _, f in ipairs(lesson_files()) do
    if f.number == n then
      local chunk, err = loadfile(f.path)
      if not chunk then error(err, 0) end
      local lesson = chunk()
      lesson.number = lesson.number or n
      return lesson
    end
  end
  local have = {}
  for _, f in ipairs(lesson_files()) do have[#have + 1] = tostring(f.number) end
  error(string.format("there is no lesson %s; the lessons are %s", args.text(n),
    #have > 0 and table.concat(have, ", ") or "(none found)"), 0)
end

------------------------------------------------------------------ showing steps

-- The words of a text, a piece of code in backquotes (`m = lesson.m`)
-- kept as one word so that a line never breaks inside it.
local function words(text)
  local out, open = {}, nil
  for word in text:gmatch("%S+") do
    if open then
      open = open .. " " .. word
      if select(2, word:gsub("`", "")) % 2 == 1 then out[#out + 1] = open; open = nil end
    elseif select(2, word:gsub("`", "")) % 2 == 1 then
      open = word
    else
      out[#out + 1] = word
    end
  end
  if open then out[#out + 1] = open end
  return out
end

-- Lines of at most `width` columns: the first starts with `first`, the
-- others with `rest` (a hanging indent). A piece of code longer than a line
-- is broken at its spaces after all.
local function wrap(text, width, first, rest)
  first, rest = first or "", rest or ""
  local lines, line, empty = {}, first, true
  local function add(word)
    if not empty and #line + 1 + #word > width then
      lines[#lines + 1] = line
      line = rest .. word
    else
      line = line .. (empty and "" or " ") .. word
    end
    empty = false
  end
  for _, word in ipairs(words(text)) do
    if #word > width - #rest and word:find(" ", 1, true) then
      for part in word:gmatch("%S+") do add(part) end
    else
      add(word)
    end
  end
  lines[#lines + 1] = line
  return table.concat(lines, "\n")
end
M.wrap = wrap

local function say_width() return math.max(20, math.min(78, (core.term_size()) - 2)) end

-- Feedback is built from pieces of any length: wrap it at word boundaries.
local function say(text) print(wrap(text, say_width())) end

-- "3", "3 and 5", "3, 5 and 7".
local function series(t)
  if #t <= 1 then return t[1] or "" end
  return table.concat(t, ", ", 1, #t - 1) .. " and " .. t[#t]
end

------------------------------------------------------------------ code in the text

-- A lesson marks code the student may type with backquotes, in a step's
-- text, its hints, its mistakes' messages and the wrap-up: `m:correct()`.
-- Each piece works at the prompt as it stands (tests/lua/test_lesson_text.lua);
-- a hint's pieces also run after the lesson's steps (M.selftest).
local function snippets(text)
  local out = {}
  for s in (text or ""):gmatch("`([^`]*)`") do out[#out + 1] = s end
  return out
end
M.snippets = snippets

local keywords = {}
for k in ("and break do else elseif end false for function goto if in local nil not or repeat "
  .. "return then true until while"):gmatch("%a+") do keywords[k] = true end

-- The variables a piece of code names (not fields, not strings), into a set.
local function names_in(code, into)
  code = code:gsub('"[^"]*"', '""'):gsub("'[^']*'", "''")
  for pre, name in code:gmatch("([%.:]?)%f[%w_]([%a_][%w_]*)") do
    if pre == "" and not keywords[name] then into[name] = true end
  end
  return into
end

-- The names in `texts`' code that the student has made their own: their
-- global of that name is set, and is not the lesson's value of it. A name
-- the code itself assigns first (`c = mb.example("cart", "A"):correct()`,
-- then `c.chassis`) is the student's to set, not the lesson's.
local function shadowed(texts)
  local used, assigned = {}, {}
  for _, t in ipairs(texts) do
    for _, s in ipairs(snippets(t)) do
      local targets, rest = s:match("^%s*([%a_][%w_%s,]*)=%f[^=](.*)$")
      if targets then
        names_in(rest, used)
        for name in targets:gmatch("[%a_][%w_]*") do assigned[name] = true end
      else
        names_in(s, used)
      end
    end
  end
  local out = {}
  for name in pairs(used) do
    local mine, its = rawget(student_globals(), name), rawget(vars, name)
    if not assigned[name] and mine ~= nil and its ~= nil and not rawequal(mine, its) then
      out[#out + 1] = name
    end
  end
  table.sort(out)
  return out
end

local function step_texts(step)
  local texts = { step.text }
  for _, h in ipairs(step.hints or {}) do texts[#texts + 1] = h end
  return texts
end

-- How to use the lesson's values where the student has their own.
local function lesson_names(names)
  local theirs = {}
  for i, k in ipairs(names) do theirs[i] = "lesson." .. k end
  return theirs
end
-- "Type `m = lesson.m` to use it (it replaces yours)."
local function take_line(names)
  return string.format("Type `%s = %s` to use %s.", table.concat(names, ", "),
    table.concat(lesson_names(names), ", "),
    #names == 1 and "it (it replaces yours)" or "them (they replace yours)")
end
-- "Your m is your own; this step means the lesson's, lesson.m. Type ..."
local function shadow_note(names)
  return string.format("Your %s %s your own; this step means the lesson's, %s. %s",
    series(names), #names == 1 and "is" or "are", series(lesson_names(names)), take_line(names))
end

local function kind(step)
  if step.answer then return "Exercise" end
  if step.code then return "Try it" end
  return "Read"
end

local function rule(text)
  local width = math.min(76, (core.term_size()))
  local fill = width - #text - 4
  return "-- " .. text .. " " .. string.rep("-", math.max(fill, 2))
end

-- The current step as the screen shows it.
local function step_text()
  local lesson, i = current.lesson, current.step
  local step = lesson.steps[i]
  local out = {}
  out[#out + 1] = rule(string.format("Lesson %d, step %d of %d: %s", lesson.number, i,
    #lesson.steps, kind(step)))
  if step.title then out[#out + 1] = step.title:upper() end
  out[#out + 1] = ""
  out[#out + 1] = (step.text:gsub("^\n", ""):gsub("\n$", ""))
  if step.code then
    out[#out + 1] = ""
    for line in (step.code:gsub("\n$", "") .. "\n"):gmatch("(.-)\n") do
      out[#out + 1] = "    " .. line
    end
  end
  out[#out + 1] = ""
  -- the student types this step's code: say where their own names differ
  if not step.code then
    local mine = shadowed(step_texts(step))
    if #mine > 0 then
      out[#out + 1] = wrap(shadow_note(mine), say_width())
      out[#out + 1] = ""
    end
  end
  local p = record(lesson)
  local keys
  if step.answer then
    keys = (p.done[i] and "(done) " or "") .. "check(answer)  hint()  next()  back()  show()"
  elseif step.code then
    keys = "run()  next()  back()  show()"
  else
    keys = "next()  back()  show()"
  end
  out[#out + 1] = keys
  return table.concat(out, "\n")
end

local function show_step() print(step_text()) end

local function need_lesson()
  if not current then
    error("no lesson is open: type lessons() to see them, lesson(1) to start", 0)
  end
end

local function go(i)
  current.step = i
  hint_level = 0
  local p = record(current.lesson)
  p.step = i
  save_progress()
  show_step()
  remake(i)
end

------------------------------------------------------------------ checking answers

local function to_plain(v)
  local mt = getmetatable(v)
  if type(v) == "userdata" and mt and mt.__name == "matrix" then return v:totable() end
  return v
end

-- One rule for every exercise: an answer passes when each of its numbers is
-- within a relative tolerance of the expected one,
--   |got - want| <= max(tol |want|, atol)   for every component,
-- with tol = 1e-3 (the digits a lesson prints or a hint gives) and atol a
-- floor for round-off zeros. An exercise overrides them only when it is
-- about precision (or a count: tol = 0), and says why in `precision`.
M.TOL, M.ATOL = 1e-3, 1e-12
local function tolerances(step) return step.tol or M.TOL, step.atol or M.ATOL end

-- "a string", "a table", "nothing": what the student gave, in words
local function a_type(v)
  if v == nil then return "nothing" end
  return "a " .. type(v)
end

-- Pair the numbers of got and want, component by component, each with a
-- name ("y", "row 2, column 1"); or nil and why the shapes differ.
local function components(got, want, names)
  got, want = to_plain(got), to_plain(want)
  if type(want) == "number" then
    -- a row of a column matrix (x[9] of a 9 x 1 solve) is its one number
    if type(got) == "table" and type(got[1]) == "number" and lua_next(got, 1) == nil then got = got[1] end
    if type(got) ~= "number" then
      return nil, "the answer is a number; you gave " .. a_type(got) .. "."
    end
    if got ~= got then return nil, "your answer is NaN (not a number)." end
    return { { got = got, want = want } }
  end
  if type(want) ~= "table" then
    if got == want then return {} end
    return nil, "that is not the expected answer."
  end
  if type(got) ~= "table" then
    return nil, string.format("the answer is a table of %d entries; you gave %s.", #want, a_type(got))
  end
  if #got ~= #want then
    return nil, string.format("the answer has %d entries (rows); yours has %d.", #want, #got)
  end
  local out = {}
  for i = 1, #want do
    local row_got, row_want = to_plain(got[i]), to_plain(want[i])
    if type(row_want) == "table" then
      local inner, why = components(row_got, row_want)
      if not inner then return nil, "row " .. i .. ": " .. why end
      for j, c in ipairs(inner) do
        c.name = string.format("row %d, column %d", i, j)
        out[#out + 1] = c
      end
    else
      local inner, why = components(row_got, row_want)
      if not inner then return nil, why end
      for _, c in ipairs(inner) do
        c.name = names and names[i] or ("entry " .. i)
        out[#out + 1] = c
      end
    end
  end
  return out
end

-- Compare got with want under the step's tolerances. Returns a verdict
-- { ok, off = { component, ... } } with each component's error and how
-- many allowances it is off by (`over`), or nil and why not.
local function compare(step, got, want)
  local tol, atol = tolerances(step)
  local parts, why = components(got, want, step.components)
  if not parts then return nil, why end
  local verdict = { ok = true, off = {}, parts = parts, got = got, want = want }
  for _, c in ipairs(parts) do
    c.err = math.abs(c.got - c.want)
    c.allowed = math.max(tol * math.abs(c.want), atol)
    c.over = c.err / c.allowed
    if not (c.err <= c.allowed) then
      verdict.ok = false
      verdict.off[#verdict.off + 1] = c
    end
  end
  return verdict
end
M.compare = compare

local function matches(step, got, want)
  local v = compare(step, got, want)
  return v ~= nil and v.ok
end

local function map(v, f)
  v = to_plain(v)
  if type(v) == "number" then return f(v) end
  if type(v) ~= "table" then return v end
  local out = {}
  for i = 1, #v do out[i] = map(v[i], f) end
  return out
end
M.map = map

local function transpose(v)
  v = to_plain(v)
  if type(v) ~= "table" or type(v[1]) ~= "table" then return nil end
  local t = {}
  for j = 1, #v[1] do
    t[j] = {}
    for i = 1, #v do t[j][i] = v[i][j] end
  end
  return t
end

-- The answer, and whether working it out took math.rad.
local function answer_of(step)
  local rad, used = math.rad, false
  math.rad = function(x) used = true return rad(x) end
  local ok, v = pcall(step.answer)
  math.rad = rad
  if not ok then error(v, 0) end
  return v, used
end

local slip -- known slips with angles (below)

-- Common slips, each with a specific word for the student.
local function diagnose(step, got, want, took_rad)
  for _, m in ipairs(step.mistakes or {}) do
    -- a mistake read off a printed table may carry its own (wider) tol
    local at = m.tol and { tol = m.tol, atol = 0, components = step.components } or step
    local value = type(m.value) == "function" and step.at and step.at(m.value) or m.value
    if matches(at, got, value) then return m.say end
  end
  if matches(step, got, map(want, function(x) return -x end)) then
    return "right size, wrong sign: check the direction you measured in."
  end
  if matches(step, got, map(want, math.deg)) then
    return "that looks like degrees: mechbench works in radians."
  end
  if matches(step, got, map(want, math.rad)) then
    return "that looks like radians of a value wanted in degrees."
  end
  local t = transpose(want)
  if t and #t ~= 0 and matches(step, got, t) then
    return "that is the transpose of the answer: rows and columns swapped."
  end
  return slip(step, got, want, took_rad)
end

-- The answer worked out with math.rad left out: what math.sin(65), for
-- math.sin(math.rad(65)), gives.
local function without_rad(step)
  local rad = math.rad
  math.rad = function(x) return x end
  local ok, v = pcall(step.answer)
  math.rad = rad
  return ok and v or nil
end

-- Known slips with angles: degrees given to a function of radians
-- (math.sin(65)), an angle a whole turn away, the supplementary angle.
-- The words for the student, or nil.
slip = function(step, got, want, took_rad)
  local slipped = took_rad and without_rad(step)
  if slipped ~= nil and not matches(step, slipped, want) and matches(step, got, slipped) then
    return "that looks like degrees given to a function of radians: `math.sin(65)` is the sine of 65 rad; "
      .. "the sine of 65 degrees is `math.sin(math.rad(65))`."
  end
  if type(to_plain(got)) ~= "number" or type(to_plain(want)) ~= "number" then return nil end
  for _, turn in ipairs { { 2 * math.pi, "2 pi", "pi" }, { 360, "360 degrees", "180" } } do
    for k = -2, 2 do
      if k ~= 0 and matches(step, got, want + k * turn[1]) then
        return ("that is the right direction, %s whole turn%s (%s) away: give the angle in the range the question asks.")
          :format(math.abs(k) == 1 and "a" or tostring(math.abs(k)), math.abs(k) == 1 and "" or "s", turn[2])
      end
    end
    local half = turn[1] / 2
    if matches(step, got, half - want) and not matches(step, want, half - want) then
      return ("that is the supplementary angle, %s minus the answer: an arcsine or a triangle has two; "
        .. "which one does the question ask for?"):format(turn[3])
    end
  end
end

-- "0.13%", "21%", "0.002%": a relative error for the student to read.
local function percent(x)
  local p = 100 * x
  if p >= 9.95 then return string.format("%.0f%%", p) end
  if p >= 0.995 then return (string.format("%.1f", p):gsub("%.0$", "")) .. "%" end
  return string.format("%.2g%%", p)
end

-- How far one component is, and what the check accepts, in words: relative
-- ("0.13% off", "0.1%") where the relative tolerance decides, absolute
-- ("off by 0.004", "within 0.002") where the floor does.
local function relative(step, c)
  local tol = tolerances(step)
  return c.want ~= 0 and tol * math.abs(c.want) >= c.allowed
end

local function how_far(step, c)
  if relative(step, c) then return percent(c.err / math.abs(c.want)) .. " off" end
  return string.format("off by %.2g", c.err)
end

local function wanted(step, c)
  if relative(step, c) then return percent((tolerances(step))) end
  return string.format("within %.2g", c.allowed)
end

-- A whole number, as a student counts (degrees of freedom, rows, loops).
local function is_count(x) return x == math.floor(x) and math.abs(x) < 1000 end

-- A component is "close" when it is off by at most this many allowances.
local CLOSE = 10

-- The message for an answer of the right shape that missed: how far each
-- wrong component is, which are right, and what the check wants.
local function miss_message(step, v)
  local off = v.off
  local worst = off[1]
  for _, c in ipairs(off) do if c.over > worst.over then worst = c end end
  local close = worst.over <= CLOSE
  local wants = "the check wants " .. wanted(step, worst)
  if step.precision and matches({ components = step.components }, v.got, v.want) then
    -- only this exercise's own, tighter tolerance rejects it: say why
    wants = wants .. " here: " .. step.precision
    close = true
  end
  -- the advice at the end, shortened so that a one-line message stays one line
  local tails
  if close and relative(step, worst) then
    tails = { " Keep more digits, or type hint().", " Keep more digits.", "" }
  elseif close then
    tails = { " Look again, or type hint().", " Look again.", "" }
  else
    tails = { " Type hint() for a hint.", " See hint().", "" }
  end
  local function finish(text)
    if #text > 78 then return text .. tails[1] end   -- two lines anyway
    for _, t in ipairs(tails) do
      if #text + #t <= 78 then return text .. t end
    end
  end
  local head = close and "Close: " or "Not yet: "
  if #v.parts == 1 and is_count(worst.want) and is_count(worst.got) then
    -- a whole number for a whole number, most often a count (degrees of
    -- freedom, rows): how far it is would all but give the answer away
    -- (off by 1 leaves two to try)
    return finish("Not yet.")
  end
  if #v.parts == 1 then
    return finish(head .. how_far(step, worst) .. (close and ("; " .. wants) or "") .. ".")
  end
  local text
  if #off <= 3 then
    local list = {}
    for _, c in ipairs(off) do list[#list + 1] = c.name .. " is " .. how_far(step, c) end
    text = table.concat(list, " and ")
  else
    text = string.format("%s %d entries are off, the worst (%s) %s",
      #off == #v.parts and "all" or (#off .. " of"), #v.parts, worst.name, how_far(step, worst))
  end
  local right = {}
  for _, c in ipairs(v.parts) do if c.over <= 1 then right[#right + 1] = c.name end end
  if #right > 0 and #right <= 2 then
    text = text .. " (" .. table.concat(right, " and ") .. (#right == 1 and " is" or " are") .. " right)"
  elseif #right > 2 then
    text = text .. " (the others are right)"
  end
  if close then text = text .. "; " .. wants end
  return finish(head .. text .. ".")
end

-- The pieces of an exercise whose answer is a formula derived by hand
-- (issue 28): { answer, at, at_args, components } for its step. spec:
-- model (a function making it), formulation, entry (m:equations' field and
-- indices: { "gamma", 2 }, { "M", 1, 2 }), args (the Lua names of eq.q and
-- eq.qd the student's function takes, in order: its parameters), states
-- (how many, 20 unless given), spread (how far the coordinates move from
-- the start, 1 unless given). The states come from a fixed generator, so
-- every check and the self-test try the same ones.
function M.derived(spec)
  local states
  local function at_states()
    if states then return states end
    local m = spec.model()
    local eq = m:equations { formulation = spec.formulation, format = "lua" }
    local start = m:pieces { formulation = spec.formulation }
    local entry = eq[spec.entry[1]][spec.entry[2]]
    if spec.entry[3] then entry = entry[spec.entry[3]] end
    local n, seed = #eq.q, 2028
    local function draw() -- a linear congruential generator: the same states every time
      seed = (seed * 1103515245 + 12345) % 2147483648
      return seed / 2147483648 - 0.5
    end
    states = {}
    for k = 1, spec.states or 20 do
      local y = {}
      for i = 1, n do y[i] = start.q[i] + draw() * (spec.spread or 1) end
      for i = 1, n do y[n + i] = 4 * draw() end
      local env = eq:values(y, 0)
      local values = {}
      for i, name in ipairs(spec.args) do values[i] = env[name] end
      states[k] = { values = values, want = load("return " .. entry, "=entry", "t", env)() }
    end
    return states
  end
  local names = {}
  for k = 1, spec.states or 20 do names[k] = "state " .. k end
  return {
    answer = function()
      local out = {}
      for k, s in ipairs(at_states()) do out[k] = s.want end
      return out
    end,
    at = function(f)
      local out = {}
      for k, s in ipairs(at_states()) do
        local v = f(table.unpack(s.values))
        if type(v) ~= "number" then error(("it gives %s, not a number"):format(type(v)), 0) end
        out[k] = v
      end
      return out
    end,
    at_args = table.concat(spec.params or spec.args, ", "),
    components = names,
  }
end

-- Grade x against step's answer: returns ok, message.
function M.grade(step, x)
  if step.at and type(x) == "function" then -- a formula: its values at the step's states
    local ok, values = pcall(step.at, x)
    if not ok then return false, "Not yet: your function fails: " .. tostring(values) .. "." end
    x = values
  elseif step.at and type(x) ~= "table" then
    return false, "Not yet: the answer is a function, check(function(" .. step.at_args .. ") return ... end)."
  end
  local want, took_rad = answer_of(step)
  local v, why = compare(step, x, want)
  if v and v.ok then return true, "Correct." end
  if not v then return false, "Not yet: " .. why end
  local slip = diagnose(step, x, want, took_rad)
  if slip then return false, "Not yet: " .. slip end
  return false, miss_message(step, v)
end

------------------------------------------------------------------ commands

function M.lessons()
  load_progress()
  local files = lesson_files()
  if #files == 0 then print("No lessons found in " .. core.paths.lessons) return end
  print("Lessons (lesson(n) opens one):")
  local width = math.max(40, math.min(80, (core.term_size())))
  for _, f in ipairs(files) do
    local ok, lesson = pcall(M.load, f.number)
    local title = ok and lesson.title or ("(cannot be read: " .. tostring(lesson) .. ")")
    local p = progress[f.number]
    local state = ""
    if p and ok then
      local exercises, done = 0, 0
      for i, s in ipairs(lesson.steps) do
        if s.answer then
          exercises = exercises + 1
          if p.done[i] then done = done + 1 end
        end
      end
      state = p.finished and "[finished]" or string.format("[step %d of %d, %d/%d exercises]",
        p.step, #lesson.steps, done, exercises)
    end
    local line = wrap(title, width, string.format("  %2d  ", f.number), "      ")
    local last = line:match("[^\n]*$")
    if state == "" then
      print(line)
    elseif #last + 2 + #state <= width then
      print(line .. "  " .. state)
    else
      print(line .. "\n      " .. state)
    end
  end
end

function M.open(n, step)
  local lesson = M.load(tonumber(n) or n)
  hint_focus = nil
  -- a step asked for that the lesson has not is said (it opened step 1);
  -- a saved step past the lesson's end (the lesson got shorter) is not
  if step ~= nil then
    local k = math.tointeger(tonumber(step))
    if not k or k < 1 or k > #lesson.steps then
      error(("%s: lesson %d has steps 1 to %d, not %s"):format(args.where(), lesson.number,
        #lesson.steps, tostring(step)), 0)
    end
    step = k
  end
  current = { lesson = lesson, step = 1 }
  -- the variables run() made belong to their lesson: another lesson's sc
  -- is not this one's (lesson 6 computed with lesson 5's slider-crank)
  if vars_of ~= lesson.number then
    for k in pairs(vars) do vars[k] = nil end
    vars_of = lesson.number
  end
  local p = record(lesson)
  local start = step or p.step or 1
  if start < 1 or start > #lesson.steps then start = 1 end
  local width = say_width()
  local head = { "", wrap(string.format("Lesson %d: %s", lesson.number, lesson.title), width, "", "  "),
    wrap("Book: " .. (lesson.book or ""), width, "", "  ") }
  if lesson.objectives then
    head[#head + 1] = "By the end you can:"
    for _, o in ipairs(lesson.objectives) do head[#head + 1] = wrap(o, width, "  - ", "    ") end
  end
  head[#head + 1] = ""
  -- resumed past the start, the step comes first: what is left of the
  -- screen gets the title alone if it fits, never the step's own top
  current.step = start
  if start > 1 then
    local rows = select(2, mb.core.term_size())
    local _, step_lines = step_text():gsub("\n", "")
    local _, title_lines = head[2]:gsub("\n", "")
    -- (a line for what the steps before it make again, and the prompt)
    head = (step_lines + 1) + (title_lines + 2) + 2 <= (rows or 24) and { "", head[2] } or {}
  end
  if #head > 0 then print(table.concat(head, "\n")) end
  go(start)
end

-- The exercises of the open lesson not solved yet, as step numbers.
local function open_exercises()
  local p = record(current.lesson)
  local missing = {}
  for i, s in ipairs(current.lesson.steps) do
    if s.answer and not p.done[i] then missing[#missing + 1] = tostring(i) end
  end
  return missing
end

-- "step 5", "steps 3, 5 and 7"; and how to get there: "lesson(14, 3) goes
-- there", "lesson(14, 3) goes to step 3".
local function open_steps(missing)
  return (#missing == 1 and "step " or "steps ") .. series(missing)
end
local function go_there(missing)
  local call = string.format("lesson(%d, %s)", current.lesson.number, missing[1])
  if #missing == 1 then return call .. " goes there" end
  return call .. " goes to step " .. missing[1]
end

-- The lesson is done: its wrap-up, and where to go next.
local function finish()
  local lesson = current.lesson
  local p = record(lesson)
  p.finished = true
  save_progress()
  print(rule(string.format("Lesson %d finished", lesson.number)))
  print(lesson.wrap_up or "Well done.")
  print("")
  local following
  for _, n in ipairs(M.available()) do
    if n > lesson.number then following = n break end
  end
  if following then
    local ok, l = pcall(M.load, following)
    say(string.format("Next: lesson(%d)%s.", following, ok and (", " .. l.title) or ""))
  else
    say("That was the last lesson. lessons() lists them all, with your progress.")
  end
end

function M.next_step()
  need_lesson()
  local lesson = current.lesson
  local p = record(lesson)
  if current.step < #lesson.steps then
    -- moving past an open exercise is allowed, but never silently
    local left, i = lesson.steps[current.step], current.step
    go(i + 1)
    if left.answer and not p.done[i] then
      say(string.format("Step %d is not solved yet: back() returns to it, or lesson(%d, %d) later.",
        i, lesson.number, i))
    end
    return
  end
  local missing = open_exercises()
  if #missing == 0 then
    finish()
  else
    say(string.format("This is the last step. Exercises still open: %s (%s).",
      open_steps(missing), go_there(missing)))
  end
end

function M.back()
  need_lesson()
  if current.step > 1 then return go(current.step - 1) end
  print("This is the first step.")
end

function M.show() need_lesson() show_step() end

-- hint() from now on gives the hints of f (a problem's), until a lesson opens.
function M.focus(f) hint_focus = f end

function M.hint()
  if hint_focus then return hint_focus() end
  if not current then -- hint() serves the problems too: say both
    error("no lesson or problem is open: lessons() or problems() lists them", 0)
  end
  local hints = current.lesson.steps[current.step].hints
  if not hints or #hints == 0 then print("No hint for this step.") return end
  hint_level = math.min(hint_level + 1, #hints)
  say(string.format("Hint %d of %d: %s", hint_level, #hints, hints[hint_level]))
  local mine = shadowed({ hints[hint_level] })
  if #mine > 0 then say(shadow_note(mine)) end
end

function M.check(...)
  need_lesson()
  local step = current.lesson.steps[current.step]
  if not step.answer then print("This step has nothing to check; next() moves on.") return end
  if select("#", ...) == 0 then
    print("Give your answer: check(value), e.g. check(" .. (step.example or "0.5") .. ").")
    return
  end
  local ok, msg = M.grade(step, ...)
  say(msg)
  if not ok then
    -- an answer worked out on the student's own m is not the lesson's
    local mine = shadowed(step_texts(step))
    if #mine > 0 then say(shadow_note(mine)) end
    return
  end
  local p = record(current.lesson)
  p.done[current.step] = true
  save_progress()
  if step.explain then print(step.explain) end
  if current.step < #current.lesson.steps then
    print("next() continues.")
    return
  end
  local missing = open_exercises()
  if #missing == 0 then
    finish()
  else
    say(string.format("That was the last step, but %s %s still open: %s.", open_steps(missing),
      #missing == 1 and "is" or "are", go_there(missing)))
  end
end

-- What run() makes belongs to the lesson: `vars` (see the top of the file).
-- Lesson code reads its own variables first, then the globals; it writes
-- only its own, so a global the student made is never replaced. At the
-- prompt a name the student has not set falls through to the lesson's
-- (install_globals), so `m` after run() is the lesson's m unless the
-- student has an m of their own; run() then says how to take the lesson's
-- (m = lesson.m). A student who did so holds the very object the lesson
-- holds: that m is the lesson's, and follows it when its code makes a new
-- one. (Only a table, a function or userdata can be the very object; an
-- equal number or string of the student's is still theirs.)
local function taken(mine, its)
  local t = type(mine)
  return (t == "table" or t == "userdata" or t == "function") and rawequal(mine, its)
end

-- An environment for lesson code over `store`; `mine`, when given, collects
-- the names written that the student already has as globals of their own.
local function lesson_env(store, mine)
  local G = student_globals()
  return setmetatable({}, {
    __index = function(_, k)
      local v = rawget(store, k)
      if v == nil then v = rawget(G, k) end
      return v
    end,
    __newindex = function(_, k, v)
      local g = mine and rawget(G, k)
      if g ~= nil then
        if taken(g, rawget(store, k)) then
          rawset(G, k, v)
        elseif not mine[k] then
          mine[k] = true
          mine[#mine + 1] = k
        end
      end
      rawset(store, k, v)
    end,
  })
end

-- Run a chunk of lesson code as if typed at the prompt, in env: echo each
-- statement, print the values of expressions. As at the prompt
-- (src/lua/repl.c), a line is first tried as an expression; one that does
-- not finish a statement takes the next lines until it does, as a
-- statement. Each chunk is named after the step and sits at its line of
-- the step's code, so a message says "lesson 16.3:4:" (it said "lesson:1"
-- for every line).
local function run_code(code, echo, env, name)
  local pending, number, first = "", 0, 1
  name = "=" .. (name or "lesson")
  for line in (code:gsub("\n$", "") .. "\n"):gmatch("(.-)\n") do
    local f, printing
    number = number + 1
    if pending == "" then
      first = number
      -- an argument, not a tail call, so elements can see where they were made
      f = load(("\n"):rep(first - 1) .. "return (function(...) return ... end)(" .. line .. "\n)", name, "t", env)
      printing = f ~= nil
    end
    pending = pending == "" and line or (pending .. "\n" .. line)
    if not f then
      local err
      f, err = load(("\n"):rep(first - 1) .. pending, name, "t", env)
      if not f and err:match("<eof>$") then goto continue end
      if not f then error(err, 0) end
    end
    if echo then
      local first = true
      for l in (pending .. "\n"):gmatch("(.-)\n") do
        print((first and "mb> " or ">> ") .. l)
        first = false
      end
    end
    do
      local results = table.pack(f())
      if printing and echo and results.n > 0 then pretty.print(table.unpack(results, 1, results.n)) end
    end
    pending = ""
    ::continue::
  end
  if pending ~= "" then error("lesson code ends inside an unfinished chunk", 0) end
end

-- The names a piece of lesson code makes at its top level: an assignment
-- (`a, b = ...`) or a function statement (`function bounce(law, e)`).
local function made_names(code)
  local out = {}
  for line in ((code or "") .. "\n"):gmatch("(.-)\n") do
    local targets = line:match("^([%a_][%w_%s,]*)=[^=]") or ""
    if keywords[targets:match("^[%a_]+") or ""] then targets = "" end -- for i = 1, 4: a loop's own
    for name in targets:gmatch("[%a_][%w_]*") do out[name] = true end
    local f = line:match("^function%s+([%a_][%w_]*)%s*%(")
    if f then out[f] = true end
  end
  return out
end

-- The names a step uses: in its code, and in the code its text, hints and
-- mistakes give to type; less those its own code makes.
local function used_names(step)
  local used = names_in(step.code or "", {})
  local texts = step_texts(step)
  for _, m in ipairs(step.mistakes or {}) do texts[#texts + 1] = m.say end
  for _, t in ipairs(texts) do
    for _, code in ipairs(snippets(t)) do names_in(code, used) end
  end
  for name in pairs(made_names(step.code)) do used[name] = nil end
  return used
end

-- A lesson opened past its first steps, in a new session or after another
-- lesson, lacks what their code made: `lesson(5, 13)`, then the hint's
-- `k2:body(...)`, met a nil k2. Arriving at step i, the code of the steps
-- before it that make a name step i uses, and that the lesson's variables
-- lack, runs again quietly (no pictures, nothing printed), with the steps
-- that code needs in turn; one line says which.
remake = function(i)
  local steps = current.lesson.steps
  local function maker(name, before)
    for j = before - 1, 1, -1 do
      if made_names(steps[j].code)[name] then return j end
    end
  end
  local todo, names = {}, {}
  local function need(k)
    for name in pairs(used_names(steps[k])) do
      local j = rawget(vars, name) == nil and maker(name, k)
      if j and not todo[j] then
        todo[j], names[#names + 1] = true, name
        need(j)
      end
    end
  end
  need(i)
  if #names == 0 then return end
  local order = {}
  for j in pairs(todo) do order[#order + 1] = j end
  table.sort(order)
  table.sort(names)
  local mine, failed = {}, nil
  for _, j in ipairs(order) do
    local _, ok, err = caught(run_code, steps[j].code, false, lesson_env(vars, mine),
      ("lesson %d.%d"):format(current.lesson.number, j))
    if not ok and not steps[j].raises then
      failed = failed or ("step %d's code stopped: %s"):format(j, tostring(err))
    end
  end
  local list = {}
  for k, j in ipairs(order) do list[k] = tostring(j) end
  say(("(%s %s ran again, quietly, for %s: lesson(%d, %s) shows %s.)"):format(#order == 1 and "Step" or "Steps",
    series(list), series(names), current.lesson.number, list[1], #order == 1 and "it" or "the first"))
  if failed then say("But " .. failed) end
  if #mine > 0 then say(shadow_note(mine)) end
end

-- After a step's code failed: a variable it uses that an earlier step's
-- code makes, and that step, when that code has not run in this session
-- (a student who resumed the lesson past it); or nil.
local function unmade_variable(code)
  local G = student_globals()
  for i = current.step - 1, 1, -1 do
    for name in pairs(made_names(current.lesson.steps[i].code)) do
      if vars[name] == nil and rawget(G, name) == nil and code:find("%f[%w_.:]" .. name .. "%f[^%w_]") then
        return name, i
      end
    end
  end
end

function M.run()
  need_lesson()
  local step = current.lesson.steps[current.step]
  if not step.code then print("This step has no code to run.") return end
  local mine = {}
  local ok, err = pcall(run_code, step.code, true, lesson_env(vars, mine),
    ("lesson %d.%d"):format(current.lesson.number, current.step))
  local missing, maker
  if not ok then missing, maker = unmade_variable(step.code) end
  if maker then
    err = ("%s (%s is made by the code of step %d, not run in this session: lesson(%d, %d) and run() there, "
      .. "then lesson(%d, %d) brings you back)"):format(tostring(err), missing, maker, current.lesson.number, maker,
      current.lesson.number, current.step)
  end
  if #mine > 0 then
    local one = #mine == 1
    say(string.format("You have your own %s, so run() left %s alone; the lesson's %s %s. %s",
      series(mine), one and "it" or "them",
      one and mine[1] or "are", one and ("is " .. lesson_names(mine)[1]) or series(lesson_names(mine)),
      take_line(mine)))
  end
  if not ok then error(err, 0) end
end

-- "2.3" while a lesson is open, for the prompt.
function M.where()
  return current and string.format("%d.%d", current.lesson.number, current.step) or nil
end

------------------------------------------------------------------ self-test

-- The values a hint writes out: numbers ("0.2887", "-1.42e7") and tables
-- in braces ("{1.33301, 2.42321}", "{{50, -14}, {122, -32}}").
local function values_in(text)
  local found = {}
  for group in text:gmatch("%b{}") do
    local chunk = load("return " .. group, "=hint", "t", {})
    local ok, v = pcall(chunk or error)
    if ok and type(v) == "table" then found[#found + 1] = v end
  end
  for number in text:gmatch("%-?%d+%.?%d*[eE]?[-+]?%d*") do
    local v = tonumber(number) or tonumber((number:gsub("[eE][-+]?$", "")))
    if v then found[#found + 1] = v end
  end
  return found
end

-- A value for a self-test message: 0.566893, {1.33301, 2.42321}.
local function show_value(v)
  v = to_plain(v)
  if type(v) == "number" then return string.format("%.6g", v) end
  if type(v) ~= "table" then return tostring(v) end
  local parts = {}
  for i = 1, #v do parts[i] = show_value(v[i]) end
  return "{" .. table.concat(parts, ", ") .. "}"
end

-- Type a piece of code as at the prompt, in env: an expression must have a
-- value (a hint that shows nil has gone wrong), a statement must run.
local function try_snippet(code, env)
  local f = load("return " .. code, "=hint", "t", env)
  if f then
    if f() == nil then error("it gives nil", 0) end
    return
  end
  local err
  f, err = load(code, "=hint", "t", env)
  if not f then error(err, 0) end
  f()
end

-- Number words a title might give a count away with ("Ten unknowns").
local number_words = { "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
  "eleven", "twelve" }

-- What a step's code showed, its wall-clock times blanked: they vary from
-- run to run, and one that happens to read as the answer (a comparison's
-- 0.628 ms before an answer of 0.62832) gives nothing away. They are a
-- summary's "..., 3200 steps, 14.8 ms" and, in a comparison's table, the
-- column headed "wall ms" (down to the table's end, the first line that is
-- not indented).
local function untimed(text)
  local out, from, to = {}, nil, nil
  for line in (text .. "\n"):gmatch("(.-)\n") do
    if not line:find("^ ") then from = nil end
    local a, b = line:find("wall ms", 1, true)
    if a then
      from, to = a, b
    elseif from and line:sub(from, to):find("^ *[%d.e+-]+$") then
      line = line:sub(1, from - 1) .. (" "):rep(to - from + 1) .. line:sub(to + 1)
    end
    out[#out + 1] = (line:gsub("( steps, )[%d.e+]+( m?s)$", "%1-%2"))
  end
  return table.concat(out, "\n")
end

-- Where an exercise's answer is shown before it is asked, or nil: a
-- number in its own title or text (own), or in what the steps before
-- showed (shown: { step, text }), that check() would take for it or for
-- its negative. A count is looked for in the title alone, as a digit or a
-- word: small whole numbers are everywhere in a text.
local function given_away(step, want, own, shown)
  local values = {}
  local function collect(v)
    v = to_plain(v)
    if type(v) == "number" then values[#values + 1] = v
    elseif type(v) == "table" then for _, x in ipairs(v) do collect(x) end end
  end
  collect(want)
  local tol, atol = tolerances(step)
  local title = own:match("^[^\n]*"):lower()
  local function near(x, v) return math.abs(math.abs(x) - math.abs(v)) <= math.max(tol * math.abs(v), atol) end
  local function in_text(text, v)
    for token in text:gmatch("%d+%.?%d*[eE]?[-+]?%d*") do
      local x = tonumber(token) or tonumber((token:gsub("[eE][-+]?$", "")))
      -- a number of two digits or more: "1" or "0.5" says little
      local digits = #token:gsub("[eE].*$", ""):gsub("%D", ""):gsub("^0+", "")
      if x and digits >= 2 and near(x, v) then return token end
    end
  end
  for _, v in ipairs(values) do
    local n = math.abs(v - math.floor(v + 0.5)) < 1e-9 and math.tointeger(math.floor(v + 0.5))
    if atol > tol * math.abs(v) then
      -- an answer the absolute floor decides (an order of magnitude, a
      -- round-off zero): too many numbers pass for it to say anything
    elseif n then
      if title:find("%f[%d]" .. n .. "%f[%D]") or (number_words[n] and title:find("%f[%a]" .. number_words[n] .. "%f[%A]")) then
        return ("its title says %d"):format(n)
      end
    else
      local token = in_text(own, v)
      if token then return ("its own text shows %s"):format(token) end
      for k = #shown, 1, -1 do
        token = in_text(shown[k].text, v)
        if token then return ("step %d shows %s"):format(shown[k].step, token) end
      end
    end
  end
end

-- Work through a lesson (its number, or the lesson table) without a
-- student: run every code step, feed each exercise its own answer (which
-- must pass), a wrong one (which must fail), every listed mistake (which
-- must fail with its own message), a value from its hints (which must
-- pass) and the code in backquotes its hints and mistakes' messages give to
-- type (which must run after the steps before it). Where an exercise carries the book's value, book = { id = "O-10.7",
-- value = ... } (the recomputed one where the book prints a wrong one, see
-- the oracle of that id), the program's answer must agree with it at the
-- exercise's own tolerance: the answer is computed, so this is what catches
-- a regression in the program.
-- Returns passed, failed, and a list of failure descriptions.
function M.selftest(n)
  local lesson = n
  if type(n) ~= "table" then
    local ok, loaded = pcall(M.load, n)
    if not ok then args.fail("mb.lesson.selftest", "%s", loaded) end
    lesson = loaded
  end
  local passed, failed, problems = 0, 0, {}
  local env = lesson_env({})   -- the code's variables stay in the self-test
  local function expect(cond, what)
    if cond then passed = passed + 1 else failed = failed + 1; problems[#problems + 1] = what end
  end
  local shown = {} -- what the student has seen so far: titles, texts, what the code showed
  for i, step in ipairs(lesson.steps) do
    expect(type(step.text) == "string" and #step.text > 0, ("step %d has text"):format(i))
    local own = (step.title or "") .. "\n" .. step.text
    if step.code then
      -- run as run() runs it, echoed: the code and the values it shows
      local text, ok, err = caught(run_code, step.code, true, env,
        ("lesson %s.%d"):format(tostring(lesson.number), i))
      shown[#shown + 1] = { step = i, text = own .. "\n" .. untimed(text) }
      if step.raises then
        expect(not ok and tostring(err):find(step.raises, 1, true),
          ("step %d code stops with '%s': %s"):format(i, step.raises, ok and "it ran to its end" or tostring(err)))
      else
        expect(ok, ("step %d code runs: %s"):format(i, tostring(err)))
      end
    elseif not step.answer then
      shown[#shown + 1] = { step = i, text = own }
    end
    if step.answer then
      -- grading shows nothing: an answer that prints gives itself away
      local printed, _, want = caught(step.answer)
      expect(printed == "", ("step %d's answer prints nothing (it printed %q)"):format(i, printed:sub(1, 60)))
      local given = not step.gives_digits and given_away(step, want, own, shown)
      expect(not given, ("step %d's answer is not shown before it is asked: %s"):format(i, tostring(given)))
      expect(step.gives_digits == nil or type(step.gives_digits) == "string",
        ("step %d: gives_digits says why the digits shown are not the answer"):format(i))
      shown[#shown + 1] = { step = i, text = own }
      local ok = M.grade(step, want)
      expect(ok, ("step %d accepts its own answer"):format(i))
      local wrong = map(want, function(x) return x * 1.37 + 0.71 end)
      local rejected = M.grade(step, wrong)
      expect(not rejected, ("step %d rejects a wrong answer"):format(i))
      for _, m in ipairs(step.mistakes or {}) do
        local r, said = M.grade(step, m.value)
        expect(not r and said:find(m.say, 1, true), ("step %d names the mistake '%s'"):format(i, m.say))
      end
      expect(step.hints and #step.hints >= 2, ("step %d has escalating hints"):format(i))
      -- the code a hint or a mistake's message gives to type works here,
      -- after the steps before it, as the student would type it
      local typed = {}
      for _, h in ipairs(step.hints or {}) do typed[#typed + 1] = h end
      for _, m in ipairs(step.mistakes or {}) do typed[#typed + 1] = m.say end
      for _, t in ipairs(typed) do
        for _, code in ipairs(snippets(t)) do
          local ok, err = pcall(try_snippet, code, env)
          expect(ok, ("step %d: `%s` works after the steps before it: %s"):format(i, code, tostring(err)))
        end
      end
      -- the digits a hint gives are what a careful student types
      local given = false
      for _, h in ipairs(step.hints or {}) do
        for _, v in ipairs(values_in(h)) do given = given or M.grade(step, v) end
        for _, code in ipairs(step.at and snippets(h) or {}) do -- a formula's exercise: the function a hint writes
          local ok, f = pcall(load("return " .. code, "=hint", "t", env) or error)
          if ok and type(f) == "function" then
            given = given or M.grade(step, f)
            expect(not M.grade(step, function(...) return 1.37 * f(...) + 0.71 end),
              ("step %d rejects a wrong function"):format(i))
          end
        end
      end
      expect(given, ("step %d accepts a value its hints give"):format(i))
      if step.book then
        local v = compare(step, want, step.book.value)
        expect(v and v.ok, ("step %d: the program gives %s, the book (%s%s) %s"):format(i,
          show_value(want), step.book.id, step.book.derived and ", a derived value" or "",
          show_value(step.book.value)))
      end
    end
  end
  return passed, failed, problems
end

------------------------------------------------------------------ globals

function M.install_globals(G)
  students = G
  G.lessons = M.lessons
  -- lesson(n) opens a lesson; lesson.NAME is a variable its run() made
  G.lesson = setmetatable(vars, {
    __call = function(_, ...) return M.open(...) end,
    __tostring = function()
      local names = {}
      for k in pairs(vars) do if type(k) == "string" then names[#names + 1] = k end end
      table.sort(names)
      return "lesson(n) opens lesson n; lesson.NAME is a variable that run() made" ..
        (#names > 0 and (":\n  " .. table.concat(names, " ")) or ".")
    end,
  })
  -- a global the student has not set reads the lesson's variable of that name
  local mt = getmetatable(G) or {}
  if mt.__index == nil then mt.__index = vars end
  setmetatable(G, mt)
  G.back = M.back
  G.show = M.show
  G.hint = M.hint
  G.check = M.check
  G.run = M.run
  -- next() with no argument moves the lesson on; with arguments it is Lua's
  -- own next, so code that iterates tables keeps working.
  G.next = function(...)
    if select("#", ...) == 0 then return M.next_step() end
    if type((...)) ~= "table" then
      error(("%s: next() moves the lesson on and takes nothing (lesson(n, step) goes to a step); next(t, k) "
        .. "is Lua's, for a table t, not %s"):format(args.where(), a_type((...))), 0)
    end
    return lua_next(...)
  end
end

return M
