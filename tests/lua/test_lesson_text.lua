-- SPDX-License-Identifier: GPL-3.0-or-later
-- What the lessons show a student, checked as a student meets it:
--  * every piece of code a lesson tells them to type works at the prompt:
--    code in backquotes (`m:correct().pendulum.y`) in a step's text, a hint,
--    a mistake's message or a wrap-up, each `check(...)` a step asks for,
--    and every line of a step's code. The prompt (src/lua/repl.c) takes one
--    line as a chunk: `return <line>` if that compiles, else the line as a
--    statement, reading more lines only while the chunk is unfinished. So
--    "c = m:correct(); c.pendulum.y" is a syntax error there, and a `local`
--    is gone when its line ends;
--  * code is marked: a hint or a text with code-looking words outside
--    backquotes (a call such as mb.vec.rot(a), an index such as x[3]) fails,
--    so an unmarked snippet cannot slip past the checks above;
--  * every line the lesson engine prints fits an 80-column terminal: the
--    lesson list, a lesson's opening, each step, hints, feedback, the last
--    step's messages and the wrap-up; and each step, shown, fits 24 rows
--    with the prompt.
local T = dofile(arg[0]:match("(.*/)") .. "harness.lua")

local all = mb.lesson.available()
T.ok(#all >= 5, "lessons found: " .. table.concat(all, ", "))

------------------------------------------------------------------ the prompt's rule

-- The chunks a piece of code makes when typed at the prompt line by line:
-- { text, ok, err } each.
local function prompt_chunks(code)
  local chunks, pending = {}, nil
  for line in (code:gsub("\n$", "") .. "\n"):gmatch("(.-)\n") do
    if not pending and load("return " .. line, "=stdin", "t", {}) then
      chunks[#chunks + 1] = { text = line, ok = true }
    else
      pending = pending and (pending .. "\n" .. line) or line
      local f, err = load(pending, "=stdin", "t", {})
      if f or not err:match("<eof>$") then
        chunks[#chunks + 1] = { text = pending, ok = f ~= nil, err = err }
        pending = nil
      end
    end
  end
  if pending then
    chunks[#chunks + 1] = { text = pending, ok = false,
      err = "unfinished: the prompt would wait for more (>>)" }
  end
  return chunks
end

-- self-checks of the rule itself, on the slips it exists to catch
do
  local c = prompt_chunks("c = m:correct(); c.pendulum.y")
  T.ok(#c == 1 and not c[1].ok, "a statement then a bare expression does not work at the prompt")
  c = prompt_chunks("m:correct().pendulum.y")
  T.ok(#c == 1 and c[1].ok, "an expression does")
  c = prompt_chunks("f = function(x)\n  return x\nend\nf(2)")
  T.ok(#c == 2 and c[1].ok and c[2].ok, "a chunk over several lines, then an expression")
end

-- Names a chunk declares local at its top level (lines that start a
-- statement in column 0): they are gone when the chunk ends.
local function top_locals(chunk)
  local names = {}
  for line in (chunk .. "\n"):gmatch("(.-)\n") do
    local fname = line:match("^local%s+function%s+([%a_][%w_]*)")
    if fname then
      names[#names + 1] = fname
    else
      local list = line:match("^local%s+([%a_][%w_%s,]*)")
      if list then for n in list:gmatch("[%a_][%w_]*") do names[#names + 1] = n end end
    end
  end
  return names
end

-- The free names a piece of code reads or writes (not fields, not strings).
local keywords = {}
for k in ("and break do else elseif end false for function goto if in local nil not or repeat "
  .. "return then true until while"):gmatch("%a+") do keywords[k] = true end
local function free_names(code)
  code = code:gsub('"[^"]*"', '""'):gsub("'[^']*'", "''")
  local names = {}
  for pre, name in code:gmatch("([%.:]?)%f[%w_]([%a_][%w_]*)") do
    if pre == "" and not keywords[name] then names[name] = true end
  end
  return names
end

------------------------------------------------------------------ what a lesson shows

local function spans(text)
  local out = {}
  for s in text:gmatch("`([^`]*)`") do out[#out + 1] = s end
  return out
end

-- Code-looking words outside backquotes: a call or index through a field or
-- a method (mb.vec.rot(a), m:correct(), r:body("x"), e.acc[3], mb.mat{...}),
-- an indexed name (x[3]) or a field of a field (r.stats.fevals).
local code_like = {
  "[%a_][%w_]*[.:][%a_][%w_]*[%({\"%[]",
  "[%a_][%w_]*%[[^%]]*%]",
  "[%a_][%w_]*%.[%a_][%w_]*%.[%a_][%w_]*",
}
local function unmarked_code(text)
  local rest = text:gsub("`[^`]*`", " "):gsub("check%b()", " "):gsub("%S+%.lua%f[^%w_]", " ")
  for _, pattern in ipairs(code_like) do
    local found = rest:match(pattern)
    if found then return found end
  end
  return nil
end

-- Every text of lesson n that the engine shows, with where it comes from:
-- { where, text, kind = "text" | "hint" | "mistake" | "wrap_up" | ... }.
local function texts_of(lesson)
  local out = {}
  local function add(where, kind, text)
    if type(text) == "string" then out[#out + 1] = { where = where, kind = kind, text = text } end
  end
  for i, o in ipairs(lesson.objectives or {}) do add(("objective %d"):format(i), "objective", o) end
  for i, s in ipairs(lesson.steps) do
    local at = ("%d.%d"):format(lesson.number, i)
    add(at .. " text", "text", s.text)
    for j, h in ipairs(s.hints or {}) do add(("%s hint %d"):format(at, j), "hint", h) end
    for j, m in ipairs(s.mistakes or {}) do add(("%s mistake %d"):format(at, j), "mistake", m.say) end
    add(at .. " explain", "explain", s.explain)
  end
  add(lesson.number .. " wrap-up", "wrap_up", lesson.wrap_up)
  return out
end

local snippets, checks, code_lines = 0, 0, 0
for _, n in ipairs(all) do
  local lesson = mb.lesson.load(n)
  -- the pieces of code in the order a student meets them, for the locals
  local sequence = {}
  local function typed(where, code)
    for _, c in ipairs(prompt_chunks(code)) do
      T.ok(c.ok, ("%s: '%s' works at the prompt (%s)"):format(where, c.text, tostring(c.err)))
      sequence[#sequence + 1] = { where = where, text = c.text }
    end
  end
  for _, t in ipairs(texts_of(lesson)) do
    local _, ticks = t.text:gsub("`", "")
    T.ok(ticks % 2 == 0, t.where .. ": backquotes come in pairs")
    for _, s in ipairs(spans(t.text)) do
      snippets = snippets + 1
      typed(t.where, s)
    end
    for call in t.text:gsub("`[^`]*`", ""):gmatch("check%b()") do
      checks = checks + 1
      typed(t.where, call)
    end
    local loose = unmarked_code(t.text)
    T.ok(loose == nil, ("%s: code is in backquotes, so the checks here see it: '%s'"):format(
      t.where, tostring(loose)))
    -- the step's code comes after its text, in the order they are shown
    local step = t.kind == "text" and lesson.steps[tonumber(t.where:match("%.(%d+) text"))]
    if step and step.code then
      for line in (step.code:gsub("\n$", "") .. "\n"):gmatch("(.-)\n") do
        code_lines = code_lines + 1
        -- shown indented by 4, echoed by run() after "mb> " or ">> "
        T.ok(4 + (utf8.len(line) or #line) <= 80,
          ("%s code: a line of %d characters fits 80 columns with its indent: %s"):format(
          t.where:match("^%S+"), utf8.len(line) or #line, line))
      end
      typed(t.where:match("^%S+") .. " code", step.code)
    end
  end
  -- a local made at the top of one chunk is gone in the next: nothing later
  -- may need it
  for i, c in ipairs(sequence) do
    for _, name in ipairs(top_locals(c.text)) do
      for j = i + 1, #sequence do
        T.ok(not free_names(sequence[j].text)[name], ("%s: '%s' is local to its line, but %s "
          .. "uses %s"):format(c.where, c.text, sequence[j].where, name))
      end
    end
  end
end
T.ok(snippets >= 60, "backquoted pieces of code checked: " .. snippets)
T.ok(checks >= 50, "check(...) calls checked: " .. checks)
T.ok(code_lines >= 150, "lines of step code checked: " .. code_lines)

-- the checks above catch what they are for
do
  T.eq(unmarked_code("Read c = m:correct(); c.pendulum.y then"), "m:correct(",
    "an unmarked call is code-looking")
  T.eq(unmarked_code("the third unknown, x[3], of the system"), "x[3]", "so is an index")
  T.eq(unmarked_code("Use `m:correct().pendulum.y` (Sec. 14.3, e.g. Eq. 2.12)."), nil,
    "code in backquotes, section and equation numbers are not")
  T.eq(top_locals("local w = 0 for i = 1, 3 do w = w + i end")[1], "w", "a top-level local is found")
  T.eq(#top_locals("function f()\n  local w = 0\nend"), 0, "a local inside a function is not")
end

------------------------------------------------------------------ 80 columns

local capture = T.printed
local function too_wide(text)
  local bad = {}
  for line in (text .. "\n"):gmatch("(.-)\n") do
    if (utf8.len(line) or #line) > 80 then bad[#bad + 1] = line end
  end
  return bad
end
local wide_seen = 0
local function fits(what, text, err)
  local bad = too_wide(text)
  wide_seen = wide_seen + #bad
  T.ok(#bad == 0, ("%s: every line fits 80 columns%s"):format(what,
    #bad > 0 and (", not (" .. #bad[1] .. "): " .. bad[1]) or ""))
  T.ok(err == nil, what .. " runs: " .. tostring(err))
end

-- the last step with every exercise still open
for _, n in ipairs(all) do
  local steps = #mb.lesson.load(n).steps
  capture(lesson, n, steps)
  fits(("lesson %d: next() at the last step, exercises open"):format(n), capture(next))
end

for _, n in ipairs(all) do
  local L = mb.lesson.load(n)
  local opening = capture(lesson, n, 1)
  fits(("lesson %d opens"):format(n), opening)
  -- the title, the objectives and the first step on one screen with the
  -- prompt (lessons 4 and 16 were 30 and 27 lines: the title scrolled off)
  local _, rows = opening:gsub("\n", "")
  T.ok(rows + 2 <= 24, ("lesson %d's opening screen fits 24 rows with the prompt (%d lines)"):format(n, rows + 1))
  for i, s in ipairs(L.steps) do
    local at = ("%d.%d"):format(n, i)
    local shown = capture(show)
    fits(at .. " shown", shown)
    -- and 24 rows: the step and the prompt under it (lesson 7's Example 7.2
    -- was 30 lines, its text scrolled off before the student read it)
    local _, breaks = shown:gsub("\n", "")
    T.ok(breaks + 2 <= 24, ("%s shown fits 24 rows with the prompt (%d lines)"):format(at, breaks + 1))
    -- and opened there, a lesson resumed: the step's own top stays on the
    -- screen (16.7 scrolled off under the lesson's title and objectives)
    if i > 1 then
      local opened = capture(lesson, n, i)
      local _, rows = opened:gsub("\n", "")
      T.ok(rows + 2 <= 24 and opened:find("step " .. i .. " of", 1, true),
        ("%s opened fits 24 rows with the prompt (%d lines)"):format(at, rows + 1))
    end
    for _ = 1, #(s.hints or {}) + 1 do fits(at .. " hint()", capture(hint)) end
    if s.answer then
      fits(at .. " check()", capture(check))
      for j, m in ipairs(s.mistakes or {}) do
        fits(("%s check(mistake %d)"):format(at, j), capture(check, m.value))
      end
      local want = s.answer()
      fits(at .. " check(far off)", capture(check, mb.lesson.map(want, function(x) return 3 * x + 1 end)))
      fits(at .. " check(near)", capture(check, mb.lesson.map(want, function(x) return x * 1.004 end)))
      fits(at .. " check(answer)", capture(check, want))
    end
    fits(at .. " next()", capture(next))
  end
  fits(("lesson %d: next() when finished"):format(n), capture(next))
end
fits("lessons()", capture(lessons))
T.eq(wide_seen, 0, "lines wider than 80 columns")

T.finish()
