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

-- capture what the commands print
local out
local real_print = print
local function capture(f, ...)
  out = {}
  print = function(...)
    local parts = {}
    for i = 1, select("#", ...) do parts[i] = tostring((select(i, ...))) end
    out[#out + 1] = table.concat(parts, "\t")
  end
  local ok, r = pcall(f, ...)
  print = real_print
  if not ok then error(r, 0) end
  return table.concat(out, "\n"), r
end

T.fails(function() next() end, "no lesson is open", "next() with no lesson explains")
T.fails(function() lesson(99) end, "there is no lesson 99", "unknown lesson named")

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

-- progress is on disk: a fresh engine state sees it
local f = io.open(mb.paths.data .. "/progress.lua")
T.ok(f ~= nil, "progress file written to " .. mb.paths.data)
if f then
  local saved = load(f:read("a"), "progress", "t", {})()
  f:close()
  T.ok(saved[2] and saved[2].done[2] == true and saved[2].step == 1, "exercise 2 recorded, step 1 current")
end

T.finish()
