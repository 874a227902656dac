-- SPDX-License-Identifier: GPL-3.0-or-later
-- Lesson 16: minimal coordinates, their singularities, and switching them.
local example = mb.example

-- The triple rocker from one corrected start, as the steps run it.
local function rocker()
  local tr = example("triple_rocker")
  tr:correct()
  return tr
end

-- When the crank's angle, held as the one independent coordinate, fails.
local function fixed_choice_fails()
  local tr = rocker()
  local _, why = pcall(tr.simulate, tr, { formulation = "minimal", tf = 10,
    independent = { "crank.angle" }, switching = false })
  return tonumber(tostring(why):match("at t = ([%d.e+-]+)"))
end

-- The runs of two steps, made once (the hints and mistakes read them too).
local counted, compared
local function switches()
  counted = counted or #rocker():simulate{ formulation = "minimal", tf = 10, dt = 0.02 }.switches
  return counted
end

-- The four-bar's runs of step 7: evaluations do not vary from run to run.
local function evaluations(formulation)
  compared = compared or {}
  compared[formulation] = compared[formulation]
    or example("four_bar"):simulate{ formulation = formulation, tf = 5, dt = 0.01, tol = 1e-10 }.stats.fevals
  return compared[formulation]
end

return {
  number = 16,
  title = "Minimal coordinates and their singularities",
  book = "Nikravesh, Sec. 5.1 and 13.3.2; Blajer, Schiehlen, Schirm, MMT 28 (1993)",
  objectives = {
    "integrate one coordinate per degree of freedom, the bodies in closed form",
    "see where a fixed choice of coordinate fails, and switch before it does",
    "weigh the cost: state size and evaluations against body and joint coordinates",
  },
  steps = {
    { title = "One number per degree of freedom",
      text = [[
The four-bar moves with one degree of freedom. Minimal coordinates keep
only that one, q_I, and find every body from it in closed form: the crank
from its angle, then coupler and rocker as a triangle (a vector loop, Sec.
5.1). Differentiating gives c' = B q_I' + eta and c'' = B q_I'' + xi, so
the equations of motion shrink to M' q_I'' = h', M' = B'M B (Blajer et
al., Eqs. 5-14). No constraint is integrated, so none can drift.]],
      code = [[
fb = mb.example("four_bar")
fb:minimal_coords()]] },

    { title = "The state",
      text = [[
Body coordinates keep x, y and phi of each of the three bodies, and their
rates: 18 numbers. How many numbers does the minimal state of the four-bar
hold?   check(n)]],
      answer = function() return example("four_bar"):simulate{ formulation = "minimal", tf = 0.1 }.state_size end,
      tol = 0,
      mistakes = {
        { value = 1, say = "one coordinate, yes; but the state holds its rate as well." },
        { value = 6, say = "6 is joint coordinates' state: three pin angles and their rates." },
        { value = 18, say = "18 is body coordinates' state; minimal keeps the independent ones only." },
      },
      hints = {
        "A state is the coordinates and their rates.",
        "One independent coordinate, crank.angle, and its rate.",
        "2.",
      } },

    { title = "Where a choice fails",
      text = [[
Solving the triangle for coupler and rocker divides by the sine of the
angle between them: the loop's condition, 1 when they are square, 0 when
they lie in line. In line, the crank is at a limit position and its angle
cannot say which way the others go next (the paper's case a; its case b,
the angle at B, fails when the crank lies along the ground line). This
triple rocker is not Grashof: every link rocks, and passes such positions.
The run below stops at one: `why` holds its message.]],
      code = [[
tr = mb.example("triple_rocker")
moved = tr:correct()
tr:minimal_coords{ independent = { "crank.angle" } }
ok, why = pcall(tr.simulate, tr, { formulation = "minimal", tf = 10,
  independent = { "crank.angle" }, switching = false })
ok]] },

    { title = "The first limit position",
      text = [[
With crank.angle held as the independent coordinate and switching = false,
at what time does the run stop, in seconds?   check(value)]],
      answer = fixed_choice_fails,
      mistakes = {
        { value = 10, say = "the run did not reach 10 s: read the time in `why`." },
      },
      hints = {
        "`why` says: at t = ... the loop through 'A', 'B' and 'O4' is singular.",
        "`why:match('t = ([%d.]+)')`",
        "About 0.3838 s: coupler and rocker come in line there.",
      } },

    { title = "Switching",
      text = [[
The remedy is the paper's: watch each loop's condition after every step,
and before it falls below 0.2 choose other independent coordinates (the
best conditioned there) and go on from the same state. r.switches lists
each: when, from, to, and the condition that asked for it. The animation
names the coordinates in use under the minimal pane.]],
      code = [[
r = tr:simulate{ formulation = "minimal", tf = 10, dt = 0.02 }
for i = 1, 4 do
  local s = r.switches[i]
  print(("%6.3f s  %-13s -> %-13s %.3f"):format(s.t, s.from[1],
    s.to[1], s.condition))
end
c = mb.compare(tr, { "body", "minimal" }, { tf = 10, dt = 0.02 })]] },

    { title = "How many switches",
      text = [[
How many times did the run switch its coordinates in those 10 s?
check(n)]],
      answer = switches,
      tol = 0,
      hints = {
        "`#r.switches`",
        "Each limit position of crank and rocker, and each time crank and rocker come in line, asks for one.",
        ("%d."):format(switches()),
      } },

    { title = "The cost",
      text = [[
Nine times fewer numbers are not nine times fewer evaluations: the error
control sets the steps, and a minimal evaluation solves the loops and
forms B'M B. Divide processor time by evaluations; one timing on a shared
machine can be 2 to 5 times off the next, so take the median of five.]],
      code = [[
runs = {}
for _, k in ipairs { "body", "joint", "minimal" } do
  local us = {}
  for i = 1, 5 do
    runs[k] = mb.example("four_bar"):simulate{ formulation = k, tf = 5,
      dt = 0.01, tol = 1e-10 }
    us[i] = 1e6 * runs[k].stats.cpu / runs[k].stats.fevals
  end
  table.sort(us)
  print(("%-8s %2d states %6d evaluations, median %5.2f us each"):format(
    k, runs[k].state_size, runs[k].stats.fevals, us[3]))
end]] },

    { title = "Evaluations",
      text = [[
How many more evaluations did the minimal run take than the body-coordinate
run (a negative number if fewer)?   check(n)]],
      answer = function() return evaluations("minimal") - evaluations("body") end,
      tol = 0,
      mistakes = {
        { value = evaluations("minimal"), say = "that is the minimal run's count; subtract the body run's from it." },
        { value = evaluations("body") - evaluations("minimal"), say = "right size, wrong sign: minimal less body." },
      },
      hints = {
        "The evaluations of the rows minimal and body, one less the other.",
        "`runs.minimal.stats.fevals - runs.body.stats.fevals`",
        ("%d: %d against %d."):format(evaluations("minimal") - evaluations("body"),
          evaluations("minimal"), evaluations("body")),
      } },
  },
  wrap_up = [[
You integrated the four-bar in one coordinate, saw that coordinate fail at
a limit position, and let the formulation switch before each singular
position of a triple rocker. The state shrank ninefold, the evaluations
far less (step 8), and each minimal evaluation, which solves the loops and
forms B'M B, took longer than a body- or joint-coordinate one (your
medians of step 7 say how much; make bench measures them carefully).

Challenge: run the triple rocker with
`independent = {{"crank.angle"}, {"B.angle"}}`, the paper's cases a and b
only. Does every limit position of the crank fall in case b?]],
}
