-- SPDX-License-Identifier: GPL-3.0-or-later
-- Where a lesson uses an example whose printed numbers do not hold
-- (../shared/oracles/more-misprints.md and the earlier errata), it says so,
-- and a student who types the printed value is told why it is off rather
-- than only "not yet". Steps are found by title, so new steps move nothing.
local T = dofile(arg[0]:match("(.*/)") .. "harness.lua")

local function step(lesson, title)
  for _, s in ipairs(mb.lesson.load(lesson).steps) do
    if s.title == title then return s end
  end
  error(("lesson %d has no step '%s'"):format(lesson, title))
end

-- All the words a student can read at a step: its text and its hints.
local function words(s)
  return (s.text .. " " .. table.concat(s.hints or {}, " ")):gsub("%s+", " ")
end

-- The step says `pattern` (plain text) somewhere a student reads.
local function says(lesson, title, pattern, what)
  T.ok(words(step(lesson, title)):find(pattern, 1, true) ~= nil, ("lesson %d, '%s': %s"):format(lesson, title, what))
end

-- Typing the printed value is refused with a message naming why.
local function named(lesson, title, value, pattern, what)
  local ok, said = mb.lesson.grade(step(lesson, title), value)
  T.ok(not ok and said:find(pattern, 1, true) ~= nil,
    ("lesson %d, '%s': %s is named (%s)"):format(lesson, title, what, said))
end

-- Ex. 10.3: alpha and beta printed with (rB - rA) as both factors: 3.02
-- and 0 for any P; with (rP - rA), 1.2067 and 0.8047 (printed 1.2, 0.8).
says(10, "A point between two points", "misprints both with (rB - rA)", "Ex. 10.3's alpha and beta formulas")
says(10, "A point between two points", "1.2067 and 0.8047", "the values the right formulas give")
named(10, "Rebuild the coupler point", 2.0163, "misprinted formulas", "P rebuilt from the misprinted alpha = 3.02, beta = 0")
local alpha, beta = mb.points.along({ -0.42, 0.91 }, { 2.00, 2.70 }, { 0.07, 2.27 }, 3.0)
T.near(alpha, 1.2067, 5e-5, "Ex. 10.3: alpha of the measured P, (rB - rA)'(rP - rA)/L")
T.near(beta, 0.8047, 5e-5, "Ex. 10.3: beta of the measured P")

-- Ex. 12.3: the text's f = x^3 - 3x^2 - 10x + 24 goes to 4 in 8 rows; the
-- table belongs to x^3 - 4x^2 - 44x + 96.
says(12, "Newton-Raphson in one unknown", "misprints the cubic as x^3 - 3x^2 - 10x + 24", "Ex. 12.3's cubic")
named(12, "Which root?", 4, "the cubic the book's text misprints", "the root of the misprinted cubic")
named(12, "Counting evaluations", 8, "the cubic the book's text misprints", "the rows of the misprinted cubic")
local root, h = mb.newton(function(x) return x^3 - 3 * x^2 - 10 * x + 24 end, 10,
  { derivative = function(x) return 3 * x^2 - 6 * x - 10 end })
T.ok(math.abs(root - 4) < 1e-6 and #h.history == 8, "Ex. 12.3: the printed cubic goes to 4 in 8 rows, as the audit found")

-- Table B.9: y2' at t = 3.98 s printed 0.01, about -0.005 by every formulation.
says(8, "Reading a result", "y2' = 0.01 at t = 3.98 s is a misprint", "Table B.9's y2'")

-- Those the lessons said before: Ex. 5.1's second assembly, Ex. 6.7's
-- torque, Ex. 11.1's statement and Ex. 11.3's contact point, Sec. 1.3's J2.
named(5, "A number the book gets wrong", -0.2114, "assembly 1's value", "Ex. 5.1's repeated theta3'")
named(5, "The other assembly", 0.185447, "the book prints 0.185, the distance", "Ex. 5.1's unsigned theta3")
named(6, "A motor torque the book misprints", 6.6577, "two of its digits swapped", "Ex. 6.7's torque")
says(11, "The same on the workbench", "prints 3.0 m/s for j, but its solution uses -2.0 m/s", "Ex. 11.1's statement")
T.finish()
