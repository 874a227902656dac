-- SPDX-License-Identifier: GPL-3.0-or-later
-- The lesson engine on lesson 2: a self-test of every step, the commands,
-- right and wrong answers, and progress written to the data folder.
local T = dofile(arg[0]:match("(.*/)") .. "harness.lua")

local all = mb.lesson.available()
T.ok(#all >= 5, "lessons found: " .. table.concat(all, ", "))
for _, n in ipairs(all) do
  local passed, failed, problems = mb.lesson.selftest(n)
  T.ok(failed == 0 and passed > 20, ("lesson %d self-test: %d passed, %d failed %s"):format(
    n, passed, failed, table.concat(problems, "; ")))
end

-- Selftest against the book: every exercise with a book number carries the
-- book's value (the recomputed one where the printed one is wrong) and the
-- self-test compares the program's answer with it at the exercise's
-- tolerance; a wrong value there fails the self-test.
do
  local count, ids = 0, {}
  for _, n in ipairs(all) do
    for i, s in ipairs(mb.lesson.load(n).steps) do
      if s.book then
        count = count + 1
        ids[("%d.%d"):format(n, i)] = s.book.id
        T.ok(s.answer and type(s.book.id) == "string" and s.book.id:match("^[OH]%-[%w.]+$")
          and s.book.value ~= nil, ("%d.%d: book = { id, value } on an exercise"):format(n, i))
      end
    end
  end
  T.ok(count >= 30, "exercises that carry the book's value: " .. count)
  T.eq(ids["4.3"], "O-4.2", "4.3 is the book's Example 4.2")
  local h3 = mb.lesson.load(4).steps[3].book
  T.ok(h3 and math.abs(h3.value - -0.6650) < 1e-9, "4.3 holds the recomputed -0.6650, not the misprint 3.1362")
  T.eq(ids["10.5"], "O-10.7", "10.5 is the book's Example 10.7")
  local L10 = mb.lesson.load(10)
  local ok_st, p, f, problems = pcall(mb.lesson.selftest, L10)
  T.ok(ok_st and f == 0, "the self-test takes a lesson table as well as a number")
  L10.steps[5].book = { id = "O-10.7", value = 0.5769 }   -- the book's 0.5669, one digit wrong
  ok_st, p, f, problems = pcall(mb.lesson.selftest, L10)
  local said = ok_st and type(problems) == "table" and table.concat(problems, "; ") or tostring(p)
  T.ok(ok_st and f == 1 and said:find("O-10.7", 1, true),
    "a wrong book value fails the self-test, naming the oracle: " .. said)
end

-- capture what the commands print
local capture = T.capture

T.fails(function() next() end, "no lesson is open", "next() with no lesson explains")
T.fails(function() lesson(99) end, "there is no lesson 99", "unknown lesson named")
-- a step the lesson has not is said at the user's line (it opened step 1
-- without a word), and next(3) is not Lua's next failing inside lesson.lua
local me = debug.getinfo(1, "S").short_src
T.fails(function() lesson(8, 99) end, me .. ":" .. debug.getinfo(1, "l").currentline .. ": lesson 8 has steps 1 to 8, not 99",
  "lesson(8, 99) names the steps there are")
T.fails(function() next(3) end, me .. ":" .. debug.getinfo(1, "l").currentline .. ": next() moves the lesson on and takes nothing",
  "next(3) says what next() does")
T.eq(next({}), nil, "next(t) is still Lua's for a table")
-- run()'s code says where in the step a message comes from (it said
-- "lesson:1" for every line)
T.capture(lesson, 16, 3)
T.capture(run)
T.ok(tostring(lesson.why):find("^lesson 16%.3:4: simulation of 'triple rocker' stopped"),
  "an error kept by the step's code names the step and its line: " .. tostring(lesson.why))

local text = capture(lesson, 2, 1)
T.ok(text:find("Lesson 2, step 1 of", 1, true), "lesson(2) shows step 1")
text = capture(next)
T.ok(text:find("Exercise", 1, true), "next() shows the exercise")
text = capture(check, 210)
T.ok(text:find("30 degrees from the -x axis", 1, true), "specific message for a known slip")
text = capture(check, math.rad(240))
T.ok(text:find("radians", 1, true), "radians given for degrees is recognised")
text = capture(hint)
T.ok(text:find("Hint 1 of 3", 1, true), "first hint")
text = capture(hint)
T.ok(text:find("Hint 2 of 3", 1, true), "hints escalate")
text = capture(check, 240)
T.ok(text:find("^Correct%.") ~= nil, "right answer accepted")
text = capture(back)
T.ok(text:find("step 1 of", 1, true), "back()")
text = capture(show)
T.ok(text:find("step 1 of", 1, true), "show() repeats the step")
T.eq(mb.lesson.where(), "2.1", "where() for the prompt")

-- run() never replaces a global the student made: the lesson's variables
-- live in `lesson` (lesson.m), and a name the student has not set reads the
-- lesson's value at the prompt.
T.eq(rawget(_G, "pc"), nil, "the self-tests left no variables behind (lesson 10 makes pc)")
m = "my own m"
e = nil
capture(lesson, 4, 4)             -- m = mb.model{...}; e = m:evaluate() ...
text = capture(run)
T.eq(rawget(_G, "m"), "my own m", "run() left the student's m as it was")
T.ok(text:find("lesson.m", 1, true), "run() says where the lesson's m went: " .. text:sub(-200))
local ok_m, lm = pcall(function() return lesson.m end)
T.ok(ok_m and type(lm) == "table" and lm.evaluate ~= nil, "lesson.m is the lesson's model")
T.ok(type(e) == "table" and e.acc ~= nil, "a name the student had not set (e) reads the lesson's value")
capture(next)                     -- r = m:simulate{...}: the lesson's m, not the student's
local ok_run, err = pcall(capture, run)
T.ok(ok_run, "the next step's code uses the lesson's m: " .. tostring(err))
e = 5
T.eq(e, 5, "the student's own assignment wins at the prompt")
T.ok(ok_m and lesson.e ~= 5, "and leaves the lesson's e alone")
m, e = nil, nil
T.ok(tostring(lesson):find("lesson.NAME", 1, true), "typing lesson explains itself")
local ok_h, htext = pcall(capture, help, "lessons")
T.ok(ok_h and htext:find("lesson.m", 1, true), "help \"lessons\" explains where run() puts things")

-- 2.2: the statement and the answer agree. 240 degrees is 30 degrees from
-- the -y axis (270), towards -x: the third quadrant. From +y (90) it is 150.
do
  local s = mb.lesson.load(2).steps[2]
  local answer = s.answer()
  T.ok(math.abs(270 - answer) == 30 and answer > 180 and answer < 270, "240 is 30 degrees from -y, in quadrant 3")
  T.ok(not s.text:find("+y", 1, true), "2.2 no longer measures the 30 degrees from +y")
  T.ok(s.text:find("-y axis", 1, true) and s.text:find("third quadrant", 1, true),
    "2.2 measures them from the -y axis, into the third quadrant")
end

-- next() past an exercise not yet solved moves on, but says so and how to
-- come back; past a solved one it says nothing of the kind.
text = capture(lesson, 10, 9)
T.ok(text:find("step 9 of", 1, true), "lesson(10, 9) opens the exercise")
text = capture(next)
T.ok(text:find("step 10 of", 1, true), "next() still moves on")
T.ok(text:find("Step 9 is not solved yet", 1, true) and text:find("lesson(10, 9)", 1, true)
  and text:find("back()", 1, true), "next() says the exercise is unsolved and how to return: " .. text)
capture(back)
capture(check, 0.2887)
text = capture(next)
T.ok(not text:find("not solved", 1, true), "no such note once it is solved")
text = capture(lesson, 10, 1)
text = capture(next)
T.ok(not text:find("not solved", 1, true), "nor after a step with nothing to solve")

-- Tolerances: one rule in the engine. An answer given to the digits the
-- lesson shows passes (relative 1e-3 per component); a near miss says how
-- near, and which component of a vector is off.
local function step_of(n, i) return mb.lesson.load(n).steps[i] end
local grade = mb.lesson.grade
T.ok(grade(step_of(10, 9), 0.288675), "10.9 accepts 0.288675, what run() printed")
T.ok(grade(step_of(10, 9), 0.2887), "10.9 accepts 0.2887, the hint's value")
T.ok(grade(step_of(10, 5), 0.567), "10.5 accepts 0.567")
T.ok(grade(step_of(6, 6), mb.mat{ { 1 }, { 7.381 } }[2]), "6.6 accepts x[9], a row of a column matrix: its one number")
T.ok(not grade(step_of(6, 6), { 7.381, 1 }), "6.6 refuses a table of two numbers")
T.ok(grade(step_of(2, 8), { 1.33301, 2.42321 }), "2.8 accepts the hint's {1.33301, 2.42321}")
T.ok(grade(step_of(2, 8), { 1.333, 2.423 }), "2.8 accepts four figures")
local ok, msg = grade(step_of(2, 8), { 1.333, 2.42 })
T.ok(not ok and msg:find("y is 0.13% off", 1, true) and msg:find("0.1%", 1, true)
  and msg:find("x is right", 1, true), "2.8 names the component that is off, and by how much: " .. msg)
ok, msg = grade(step_of(10, 9), 0.2893)
T.ok(not ok and msg:find("Close", 1, true) and msg:find("0.22% off", 1, true)
  and msg:find("the check wants 0.1%", 1, true), "a near miss says how near: " .. msg)
ok, msg = grade(step_of(10, 9), 0.35)
T.ok(not ok and msg:find("21% off", 1, true) and not msg:lower():find("close", 1, true),
  "a far miss gives its size and is not called close: " .. msg)
ok, msg = grade(step_of(2, 10), { { 50, -14 }, { 122, -33 } })
T.ok(not ok and msg:find("row 2, column 2", 1, true), "a matrix entry is named by row and column: " .. msg)
ok, msg = grade(step_of(8, 2), -0.233)
T.ok(not ok and msg:find("before correction", 1, true),
  "8.2 is about the 5th digit: -0.233 is still the uncorrected value")
T.ok(grade(step_of(8, 2), -0.23301), "8.2 accepts -0.23301")
T.ok(not grade(step_of(10, 11), 11.01), "counts are exact")
ok, msg = grade(step_of(8, 2), "-0.23301")
T.ok(not ok and msg:find("you gave a string.", 1, true), "a string is named as one: " .. msg)
-- a mistake read off a table of two digits is named at its own tol: 13.7's
-- Baumgarte run, 1.3e-05 in the table, said only "off by 1.3e-05"
ok, msg = grade(step_of(13, 7), 1.3e-5)
T.ok(not ok and msg:find("Baumgarte is good", 1, true), "13.7 names Baumgarte's 1.3e-05 read off the table: " .. msg)
ok, msg = grade(step_of(13, 7), 1.3e-5 * 1.2)
T.ok(not ok and not msg:find("Baumgarte", 1, true), "20% from it is not taken for Baumgarte's: " .. msg)
-- every exercise: the one rule holds unless the exercise says why not
for _, n in ipairs(all) do
  for i, s in ipairs(mb.lesson.load(n).steps) do
    if s.answer then
      local where = ("%d.%d"):format(n, i)
      if s.tol == nil and s.atol == nil then
        local want = s.answer()
        local function scale(f) return mb.lesson.map(want, function(x) return x * f end) end
        T.ok(grade(s, scale(1 + 9e-4)), where .. " accepts 0.09% off")
        T.ok(not grade(s, scale(1 + 2e-3)), where .. " rejects 0.2% off")
      else
        T.ok(s.tol == 0 or type(s.precision) == "string",
          where .. " has its own tolerance, and says why (precision = ...)")
      end
    end
  end
end

-- The code a hint gives to type runs in the self-test, after the steps
-- before it, as the student would type it: a hint that is not Lua at the
-- prompt, or that shows nil, fails the lesson's self-test.
do
  local function selftest_with_hint(hint)
    local L8 = mb.lesson.load(8)
    L8.steps[2].hints[1] = hint
    local _, f, problems = mb.lesson.selftest(L8)
    return f, table.concat(problems, "; ")
  end
  local f, said = selftest_with_hint("`c = m:correct(); c.pendulum.y`")
  T.ok(f == 1 and said:find("c.pendulum.y", 1, true), "a statement and an expression on one line fails: " .. said)
  f, said = selftest_with_hint("`m:correct().pendulum.z`")
  T.ok(f == 1 and said:find("gives nil", 1, true), "a hint that shows nil fails: " .. said)
  f, said = selftest_with_hint("`m:correct().pendulum.y`")
  T.ok(f == 0, "the hint as written works after step 1: " .. said)
end

-- The give-away check reads no wall-clock time: a comparison's "wall ms"
-- or a summary's time that happens to read as the answer (0.628 ms before
-- an answer of 0.2 pi, as lesson 8 may show on a fast machine) gives
-- nothing away; the same digits printed otherwise do.
do
  local function timed(extra)
    return { number = 98, title = "Timings", steps = {
      { title = "Two runs", text = "A comparison and a summary.", code = [[
c = mb.compare(mb.example("pendulum"), { "body", "joint" }, { tf = 0.1, dt = 0.05, show = false })
for _, label in ipairs(c.order) do c.figures[label].wall = 0.628e-3 end
print(c:table())
r = mb.example("pendulum"):simulate{ tf = 0.1, dt = 0.05 }
r.stats.wall = 0.628e-3
print(r:summary())]] .. extra },
      { title = "A speed", text = "What is 0.2 pi, in m/s? check(v)", answer = function() return 0.2 * math.pi end,
        hints = { "Multiply 0.2 by pi.", "0.2 pi = 0.62832." } } } }
  end
  local _, f, problems = mb.lesson.selftest(timed(""))
  local said = table.concat(problems, "; ")
  T.ok(f == 0, "a wall time of 0.628 ms gives nothing away: " .. said)
  _, f, problems = mb.lesson.selftest(timed('\nprint("v = 0.628 m/s")'))
  said = table.concat(problems, "; ")
  T.ok(f == 1 and said:find("step 1 shows 0.628", 1, true), "the same digits printed otherwise do: " .. said)
end

-- a message as one line, however say() wrapped it
local function flat(t) return (t:gsub("%s+", " ")) end

-- The last step: a right answer there does not promise that next()
-- continues. With exercises still open it names them (steps 3 and 5, a
-- plural and a list); with none it finishes the lesson and names the next.
do
  local L14 = mb.lesson.load(14)
  local following_14 -- the lesson after 14 (15 once the applications lesson is in)
  for _, n in ipairs(mb.lesson.available()) do if n > 14 then following_14 = following_14 or n end end
  capture(lesson, 14, 7)
  text = flat(capture(check, L14.steps[7].answer()))
  T.ok(text:find("^Correct%.") and not text:find("next() continues", 1, true),
    "14.7 right, with exercises open: no 'next() continues': " .. text)
  T.ok(text:find("steps 3 and 5 are still open", 1, true) and text:find("lesson(14, 3)", 1, true),
    "it names the open exercises and how to get there: " .. text)
  text = flat(capture(next))
  T.ok(text:find("This is the last step. Exercises still open: steps 3 and 5 (lesson(14, 3) goes to step 3).",
    1, true), "next() at the last step agrees: " .. text)
  capture(lesson, 14, 3); capture(check, L14.steps[3].answer())
  capture(lesson, 14, 5)
  text = capture(check, L14.steps[5].answer())
  T.ok(text:find("next() continues", 1, true), "before the last step a right answer says next() continues")
  capture(lesson, 14, 7)
  text = capture(check, L14.steps[7].answer())
  T.ok(text:find("Lesson 14 finished", 1, true) and text:find("Next: lesson(" .. following_14 .. ")", 1, true)
    and not text:find("next() continues", 1, true), "the last exercise finishes the lesson: " .. text)
  text = capture(next)
  T.ok(text:find("Lesson 14 finished", 1, true) and not text:find("This is the last step", 1, true),
    "and next() says the same")
  -- the last lesson's last exercise says there is no other
  local L16 = mb.lesson.load(16)
  for _, i in ipairs { 2, 4, 6 } do capture(lesson, 16, i); capture(check, L16.steps[i].answer()) end
  capture(lesson, 16, 8)
  text = capture(check, L16.steps[8].answer())
  T.ok(text:find("Lesson 16 finished", 1, true) and text:find("last lesson", 1, true),
    "the last lesson's last exercise says it was the last: " .. text)
  -- the lesson before the last names the one that follows it
  local L13 = mb.lesson.load(13)
  for _, i in ipairs { 2, 5, 7, 9, 11, 14 } do capture(lesson, 13, i); capture(check, L13.steps[i].answer()) end
  capture(lesson, 13, 17)
  text = capture(check, L13.steps[17].answer())
  T.ok(text:find("Lesson 13 finished", 1, true) and text:find("Next: lesson(14), Statics", 1, true),
    "a finished lesson names the next one: " .. text)
  -- one open exercise is "step", several are "steps 3, 4, 6, 8 and 10"
  capture(lesson, 12, 10)
  text = capture(next)
  T.ok(flat(text):find("steps 3, 4, 6, 8 and 10 (lesson(12, 3) goes to step 3)", 1, true),
    "several open steps are a list: " .. text)
  local widest = 0
  for l in (text .. "\n"):gmatch("(.-)\n") do widest = math.max(widest, #l) end
  T.ok(widest <= 80, "and the message fits 80 columns: " .. widest)
  capture(lesson, 8, 8)
  text = flat(capture(next))
  T.ok(text:find("still open: steps 2, 5 and 8 (lesson(8, 2) goes to step 2)", 1, true),
    "8.8: " .. text)
end

-- A student with an m of their own (a chain, say) in lesson 8: run() leaves
-- it alone and says how to take the lesson's; the exercise that follows
-- says its m is the lesson's, its hint fails on the student's m and works
-- on the lesson's, and check() grades the value against the lesson's model
-- whichever m the student used. Once they take it (m = lesson.m) their m
-- is the lesson's, and follows it when a later step makes a new one.
do
  local chain = mb.example("chain", 3)
  m = chain
  capture(lesson, 8, 1)
  text = flat(capture(run))
  T.ok(rawequal(m, chain), "run() left the student's m alone")
  T.ok(text:find("lesson's m is lesson.m", 1, true) and text:find("Type `m = lesson.m` to use it", 1, true),
    "and says exactly how to use the lesson's: " .. text:sub(-160))
  text = flat(capture(next))
  T.ok(text:find("Your m is your own; this step means the lesson's, lesson.m.", 1, true)
    and text:find("`m = lesson.m`", 1, true), "8.2 says its m is the lesson's: " .. text:sub(-200))
  text = flat(capture(hint))
  local code = mb.lesson.snippets(mb.lesson.load(8).steps[2].hints[1])
  local expr = code[#code]
  T.eq(expr, "m:correct().pendulum.y", "8.2's first hint ends with the expression to type")
  T.ok(text:find("`m = lesson.m`", 1, true), "the hint says so too")
  local typed = load("return " .. expr)
  T.ok(typed and not pcall(typed), "typed on the student's chain, the hint fails (no pendulum there)")
  text = flat(capture(check, 0.5))
  T.ok(text:find("^Not yet") and text:find("`m = lesson.m`", 1, true),
    "a wrong answer with the student's own m in the way says how to take the lesson's: " .. text)
  local ok_l, lesson_y = pcall(function() return lesson.m:correct().pendulum.y end)
  T.ok(ok_l and math.abs(lesson_y - -0.23301) < 1e-5, "lesson.m is the sliding pendulum: " .. tostring(lesson_y))
  -- take the lesson's m: the note goes, the hint works as typed, check() passes
  m = lesson.m
  text = capture(show)
  T.ok(not text:find("your own", 1, true), "with the lesson's m the note goes")
  local ok_t, y = pcall(typed)
  T.ok(ok_t and math.abs(y - -0.23301) < 1e-5, "the hint as typed gives the corrected y: " .. tostring(y))
  text = capture(check, y)
  T.ok(text:find("^Correct%."), "check() grades it: " .. text)
  -- a later step that makes a new m: the student's m follows the lesson's
  local before = m
  capture(lesson, 8, 6)
  text = capture(run)
  T.ok(rawequal(m, lesson.m) and not rawequal(m, before),
    "the m the student took from the lesson is the lesson's new m after 8.6")
  T.ok(not text:find("your own", 1, true), "and run() does not call it the student's own")
  m = nil
  -- an equal number is not the lesson's very value: the student's h stays theirs
  h = 1e-6
  capture(lesson, 2, 16)
  capture(run)
  text = capture(run)
  T.ok(rawget(_G, "h") == 1e-6 and text:find("your own h", 1, true),
    "a number of the student's that equals the lesson's is still theirs")
  h = nil
  capture(lesson, 2, 1)   -- where the progress check below expects lesson 2
  -- a name the hint itself assigns first is the student's to set: 8.8's
  -- `c = mb.example("cart", "A"):correct()` needs no word about lesson.c
  c, lesson.c = "mine", { "the lesson's" }
  capture(lesson, 8, 8)
  text = capture(hint)
  T.ok(text:find("Hint 1", 1, true) and not text:find("your own", 1, true),
    "no note about a name the hint assigns: " .. text)
  c, lesson.c = nil, nil
  capture(lesson, 2, 1)
end

-- progress is on disk: a fresh engine state sees it
local f = io.open(mb.paths.data .. "/progress.lua")
T.ok(f ~= nil, "progress file written to " .. mb.paths.data)
if f then
  local saved = load(f:read("a"), "progress", "t", {})()
  f:close()
  T.ok(saved[2] and saved[2].done[2] == true and saved[2].step == 1, "exercise 2 recorded, step 1 current")
end

-- A lesson resumed past the steps whose code makes what a step uses (a new
-- session, or after another lesson): arriving at the step, their code runs
-- again quietly and one line says which (issue 25: `lesson(5, 13)`, then
-- the hint's `k2:body(...)`, met "attempt to index a nil value (global
-- 'k2')"; run() said only which step to go back to)
do
  local flat_text = function(t) return (t:gsub("%s+", " ")) end
  mb.lesson.vars.k2 = nil
  local said = flat_text(T.printed(lesson, 5, 13))
  T.ok(said:find("(Step 11 ran again, quietly, for k2: lesson(5, 11) shows it.)", 1, true),
    "lesson(5, 13) makes k2 again and says so: " .. said:sub(-200))
  local hint_code = mb.lesson.snippets(mb.lesson.load(5).steps[13].hints[1])[1]
  local typed = load("return " .. hint_code)
  local ok_h, angle = pcall(typed)
  T.ok(ok_h and math.abs(angle - 259.184) < 1e-2, "the hint's code works as typed: " .. tostring(angle))
  T.ok(not said:find("Steps", 1, true), "only the step that makes k2 ran, not every step before")

  -- lesson 6 after lesson 5: lesson 5's slider-crank (and a student's own
  -- sc) is not lesson 6's: step 5 gave a crank torque of 0.770, not 7.381
  T.printed(lesson, 5, 5)
  T.printed(run)                        -- lesson 5's sc: Example 5.1, no masses of Example 6.4
  sc = mb.example("slider_crank", 1.6)  -- and one the student typed
  said = flat_text(T.printed(lesson, 6, 5))
  T.ok(said:find("(Step 2 ran again, quietly, for sc", 1, true), "lesson(6, 5) makes lesson 6's sc again: " .. said:sub(-240))
  T.ok(said:find("Your sc is your own; this step means the lesson's, lesson.sc", 1, true),
    "and says the student's own sc is not the one the step means")
  local _, err = T.printed(run)
  T.ok(err == nil and math.abs(lesson.x[9][1] - 7.381) < 1e-3,
    "step 5's solve gives Example 6.4's crank torque, 7.381: " .. tostring(err or lesson.x[9][1]))
  T.ok(lesson.sc ~= rawget(_G, "sc"), "the student's sc is left as it was")
  sc = nil
  -- the variables are the lesson's: another lesson's are gone once it opens
  T.printed(lesson, 2, 1)
  T.eq(rawget(mb.lesson.vars, "x"), nil, "lesson 6's x is not lesson 2's")
  -- a step whose code needs nothing made before it remakes nothing
  said = T.printed(lesson, 6, 2)
  T.ok(not said:find("ran again", 1, true), "lesson(6, 2) remakes nothing")
end

-- Known slips are named (issue 25): degrees given to a function of
-- radians, an angle a whole turn away, the supplementary angle.
do
  local grade = mb.lesson.grade
  local L5 = mb.lesson.load(5)
  local ok, msg = grade(L5.steps[3], math.asin(-0.12 * math.sin(65) / 0.26))
  T.ok(not ok and msg:find("`math.sin(65)` is the sine of 65 rad", 1, true), "math.sin(65) in 5.3 is named: " .. msg)
  ok, msg = grade(L5.steps[13], 259.184 - 360)
  T.ok(not ok and msg:find("a whole turn (360 degrees) away", 1, true), "an angle 360 degrees off is named: " .. msg)
  ok, msg = grade(L5.steps[12], 0.27212 + 2 * math.pi)
  T.ok(not ok and msg:find("a whole turn (2 pi) away", 1, true), "an angle 2 pi off is named: " .. msg)
  ok, msg = grade(L5.steps[13], 180 - 259.184)
  T.ok(not ok and msg:find("supplementary angle, 180 minus the answer", 1, true), "the supplementary angle is named: " .. msg)
  ok, msg = grade(L5.steps[12], math.pi - 0.27212)
  T.ok(not ok and msg:find("supplementary angle, pi minus the answer", 1, true), "pi minus the answer is named: " .. msg)
  ok, msg = grade(L5.steps[12], 0.5)
  T.ok(not ok and not msg:find("turn", 1, true) and not msg:find("supplementary", 1, true), "a plain miss is not called a slip: " .. msg)
end

-- Lesson 1 step 9 gives every number the hand computation needs (issue 25:
-- without the initial rates, 0.5 and -0.4 rad/s, the text led to -2.420,
-- "2.9% off"). The double pendulum's theta1'' by Lagrange from the numbers
-- the text gives, against the program's answer.
do
  local s = mb.lesson.load(1).steps[9]
  local text = s.text:gsub("%s+", " ")
  for _, given in ipairs { "theta1 = 30", "theta2 = 45", "theta1' = 0.5", "theta2' = -0.4", "m1 = 3 kg", "m2 = 1.6 kg",
    "J1 = 1", "J2 = 0.3" } do
    T.ok(text:find(given, 1, true), "1.9 gives " .. given)
  end
  T.ok(mb.lesson.load(1).steps[7].text:gsub("%s+", " "):find("2 m and 1.5 m", 1, true), "1.7 gives the rods' lengths")
  local function theta1_dd(th1, th2, w1, w2)
    local m1, m2, J1, J2, L1, L2, g = 3, 1.6, 1, 0.3, 2, 1.5, 9.81
    local a, b = L1 / 2, L2 / 2
    local M11, M12, M22 = J1 + m1 * a * a + m2 * L1 * L1, m2 * L1 * b * math.cos(th1 - th2), J2 + m2 * b * b
    local f1 = -m2 * L1 * b * math.sin(th1 - th2) * w2 ^ 2 - (m1 * a + m2 * L1) * g * math.sin(th1)
    local f2 = m2 * L1 * b * math.sin(th1 - th2) * w1 ^ 2 - m2 * b * g * math.sin(th2)
    return (f1 * M22 - M12 * f2) / (M11 * M22 - M12 * M12)
  end
  local by_hand = theta1_dd(math.rad(30), math.rad(45), 0.5, -0.4)
  T.ok(mb.lesson.grade(s, by_hand), ("1.9 accepts theta1'' worked by hand from its text: %.5f"):format(by_hand))
  T.ok(not mb.lesson.grade(s, theta1_dd(math.rad(30), math.rad(45), 0, 0)), "and rejects the one without the rates")
end

-- Grading prints nothing but its verdict (issue 25: lesson 1's check()
-- printed m:dof()'s table, the answer with it, for wrong answers too)
do
  T.printed(lesson, 1, 3)
  local said = T.printed(check, 5)
  T.ok(not said:find("Gruebler", 1, true) and said:find("^Not yet"), "1.3 check(5) says only its verdict: " .. said)
  -- and a whole number for a count is not told how far it is: "off by 1"
  -- left two to try (issue 25); a fraction still is
  said = T.printed(check, 2)
  T.ok(said:find("^Not yet%.") and not said:find("off by", 1, true), "1.3 check(2) says not how far: " .. said)
  said = T.printed(check, 1.5)
  T.ok(said:find("off by 0.5", 1, true), "1.3 check(1.5) says how far: " .. said)
  T.printed(lesson, 1, 8)
  said = T.printed(check, 3)
  T.ok(not said:find("degrees of freedom", 1, true), "1.8 check(3) too: " .. said)
  T.printed(lesson, 2, 1)
end

T.finish()
