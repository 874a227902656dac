-- mechbench.lesson: the lesson engine.
--
-- A lesson file (lessons/NN-topic.lua) returns a table:
--   { number, title, book, objectives = {...}, wrap_up = "...",
--     steps = { { title, text, code?, answer?, mistakes?, hints?,
--                 tol?, atol?, precision?, components?, book? }, ... } }
-- A step with `code` is a "try" step (run() runs it); a step with `answer`
-- (a function returning the expected value) is an exercise that check(x)
-- grades. Every exercise is graded by one rule (see "checking answers"):
-- relative 1e-3 per component. `tol` (relative) and `atol` (absolute)
-- override it only for a count (tol = 0) or an exercise about precision,
-- which then says why in `precision`; `components` names the entries of a
-- vector answer ({"x", "y"}) for the feedback. `book` holds the book's value
-- of an exercise with an oracle id (see M.selftest). Progress is a small Lua
-- table in the user's data folder.
local mb = require "mechbench"
local pretty = require "mechbench.pretty"

local M = {}
local lua_next = next
local current        -- { lesson = table, step = index }
local progress       -- [number] = { step = i, done = { [i] = true }, finished = bool }
local hint_level = 0

------------------------------------------------------------------ progress

local function progress_file() return mb.paths.data .. "/progress.lua" end

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
  if not mb.core.mkdir(mb.paths.data) then return end
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
  local dir = mb.paths.lessons
  local found = {}
  if dir == "" then return found end
  for _, name in ipairs(require("mechbench.core").files(dir)) do
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
  error(string.format("there is no lesson %s; the lessons are %s", tostring(n),
    #have > 0 and table.concat(have, ", ") or "(none found)"), 0)
end

------------------------------------------------------------------ showing steps

local function kind(step)
  if step.answer then return "Exercise" end
  if step.code then return "Try it" end
  return "Read"
end

local function rule(text)
  local width = math.min(76, (mb.core.term_size()))
  local fill = width - #text - 4
  return "-- " .. text .. " " .. string.rep("-", math.max(fill, 2))
end

local function show_step()
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
  print(table.concat(out, "\n"))
end

-- Feedback is built from pieces of any length: wrap it at word boundaries.
local function say(text)
  local width = math.max(20, math.min(78, (mb.core.term_size()) - 2))
  local lines, line = {}, ""
  for word in text:gmatch("%S+") do
    if #line > 0 and #line + 1 + #word > width then
      lines[#lines + 1] = line
      line = word
    else
      line = #line > 0 and (line .. " " .. word) or word
    end
  end
  lines[#lines + 1] = line
  print(table.concat(lines, "\n"))
end

local function need_lesson()
  if not current then
    error("no lesson is open: type lessons() to see them, lesson(2) to start", 0)
  end
end

local function go(i)
  current.step = i
  hint_level = 0
  local p = record(current.lesson)
  p.step = i
  save_progress()
  show_step()
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

-- Pair the numbers of got and want, component by component, each with a
-- name ("y", "row 2, column 1"); or nil and why the shapes differ.
local function components(got, want, names)
  got, want = to_plain(got), to_plain(want)
  if type(want) == "number" then
    if type(got) ~= "number" then
      return nil, "the answer is a number; you gave " .. type(got) .. "."
    end
    if got ~= got then return nil, "your answer is NaN (not a number)." end
    return { { got = got, want = want } }
  end
  if type(want) ~= "table" then
    if got == want then return {} end
    return nil, "that is not the expected answer."
  end
  if type(got) ~= "table" then
    return nil, string.format("the answer is a table of %d entries; you gave %s.", #want, type(got))
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

-- Common slips, each with a specific word for the student.
local function diagnose(step, got, want)
  for _, m in ipairs(step.mistakes or {}) do
    if matches(step, got, m.value) then return m.say end
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
  return nil
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

-- Grade x against step's answer: returns ok, message.
function M.grade(step, x)
  local want = step.answer()
  local v, why = compare(step, x, want)
  if v and v.ok then return true, "Correct." end
  if not v then return false, "Not yet: " .. why end
  local slip = diagnose(step, x, want)
  if slip then return false, "Not yet: " .. slip end
  return false, miss_message(step, v)
end

------------------------------------------------------------------ commands

function M.lessons()
  load_progress()
  local files = lesson_files()
  if #files == 0 then print("No lessons found in " .. mb.paths.lessons) return end
  print("Lessons (lesson(n) opens one):")
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
      state = p.finished and "  [finished]" or string.format("  [step %d of %d, %d/%d exercises]",
        p.step, #lesson.steps, done, exercises)
    end
    print(string.format("  %2d  %s%s", f.number, title, state))
  end
end

function M.open(n, step)
  local lesson = M.load(tonumber(n) or n)
  current = { lesson = lesson, step = 1 }
  local p = record(lesson)
  local start = step or p.step or 1
  if start < 1 or start > #lesson.steps then start = 1 end
  print(string.format("\nLesson %d: %s\nBook: %s", lesson.number, lesson.title, lesson.book or ""))
  if lesson.objectives then
    print("By the end you can:")
    for _, o in ipairs(lesson.objectives) do print("  - " .. o) end
  end
  print("")
  go(start)
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
  local missing = {}
  for i, s in ipairs(lesson.steps) do
    if s.answer and not p.done[i] then missing[#missing + 1] = tostring(i) end
  end
  if #missing == 0 then
    p.finished = true
    save_progress()
    print(rule(string.format("Lesson %d finished", lesson.number)))
    print(lesson.wrap_up or "Well done.")
  else
    print("This is the last step. Exercises still open: step " ..
      table.concat(missing, ", ") .. " (lesson(" .. lesson.number .. ", step) goes there).")
  end
end

function M.back()
  need_lesson()
  if current.step > 1 then return go(current.step - 1) end
  print("This is the first step.")
end

function M.show() need_lesson() show_step() end

function M.hint()
  need_lesson()
  local hints = current.lesson.steps[current.step].hints
  if not hints or #hints == 0 then print("No hint for this step.") return end
  hint_level = math.min(hint_level + 1, #hints)
  say(string.format("Hint %d of %d: %s", hint_level, #hints, hints[hint_level]))
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
  if ok then
    local p = record(current.lesson)
    p.done[current.step] = true
    save_progress()
    if step.explain then print(step.explain) end
    print("next() continues.")
  end
end

-- What run() makes belongs to the lesson. Its variables live in `vars`,
-- which is also the global `lesson` (lesson(2) opens a lesson, lesson.m is
-- the lesson's m). Lesson code reads its own variables first, then the
-- globals; it writes only its own, so a global the student made is never
-- replaced. At the prompt a name the student has not set falls through to
-- the lesson's (install_globals), so `m` after run() is the lesson's m
-- unless the student has an m of their own.
local vars = {}
M.vars = vars

-- An environment for lesson code over `store`; `mine`, when given, collects
-- the names written that the student already has as globals.
local function lesson_env(store, mine)
  return setmetatable({}, {
    __index = function(_, k)
      local v = rawget(store, k)
      if v == nil then v = rawget(_G, k) end
      return v
    end,
    __newindex = function(_, k, v)
      if mine and rawget(_G, k) ~= nil and not mine[k] then
        mine[k] = true
        mine[#mine + 1] = k
      end
      rawset(store, k, v)
    end,
  })
end

-- Run a chunk of lesson code as if typed at the prompt, in env: echo each
-- statement, print the values of expressions.
local function run_code(code, echo, env)
  local pending = ""
  for line in (code:gsub("\n$", "") .. "\n"):gmatch("(.-)\n") do
    pending = pending == "" and line or (pending .. "\n" .. line)
    -- an argument, not a tail call, so elements can see where they were made
    local f = load("return (function(...) return ... end)(" .. pending .. "\n)", "=lesson", "t", env)
    local printing = f ~= nil
    if not f then
      local err
      f, err = load(pending, "=lesson", "t", env)
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

function M.run()
  need_lesson()
  local step = current.lesson.steps[current.step]
  if not step.code then print("This step has no code to run.") return end
  local mine = {}
  local ok, err = pcall(run_code, step.code, true, lesson_env(vars, mine))
  if #mine > 0 then
    local own, theirs = {}, {}
    for i, k in ipairs(mine) do own[i], theirs[i] = k, "lesson." .. k end
    local function list(t)
      return #t == 1 and t[1] or (table.concat(t, ", ", 1, #t - 1) .. " and " .. t[#t])
    end
    if #own == 1 then
      say(string.format("You have your own %s, so run() left it alone; the lesson's %s is %s.",
        own[1], own[1], theirs[1]))
    else
      say(string.format("You have your own %s, so run() left them alone; the lesson's are %s.",
        list(own), list(theirs)))
    end
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

-- Work through a lesson (its number, or the lesson table) without a
-- student: run every code step, feed each exercise its own answer (which
-- must pass), a wrong one (which must fail), every listed mistake (which
-- must fail with its own message) and a value from its hints (which must
-- pass). Where an exercise carries the book's value, book = { id = "O-10.7",
-- value = ... } (the recomputed one where the book prints a wrong one, see
-- the oracle of that id), the program's answer must agree with it at the
-- exercise's own tolerance: the answer is computed, so this is what catches
-- a regression in the program.
-- Returns passed, failed, and a list of failure descriptions.
function M.selftest(n)
  local lesson = n
  if type(n) ~= "table" then
    local ok, loaded = pcall(M.load, n)
    if not ok then require("mechbench.args").fail("mb.lesson.selftest", "%s", loaded) end
    lesson = loaded
  end
  local passed, failed, problems = 0, 0, {}
  local env = lesson_env({})   -- the code's variables stay in the self-test
  local function expect(cond, what)
    if cond then passed = passed + 1 else failed = failed + 1; problems[#problems + 1] = what end
  end
  for i, step in ipairs(lesson.steps) do
    expect(type(step.text) == "string" and #step.text > 0, ("step %d has text"):format(i))
    if step.code then
      local ok, err = pcall(run_code, step.code, false, env)
      expect(ok, ("step %d code runs: %s"):format(i, tostring(err)))
    end
    if step.answer then
      local want = step.answer()
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
      -- the digits a hint gives are what a careful student types
      local given = false
      for _, h in ipairs(step.hints or {}) do
        for _, v in ipairs(values_in(h)) do given = given or M.grade(step, v) end
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
    return lua_next(...)
  end
end

return M
