-- SPDX-License-Identifier: GPL-3.0-or-later
-- Lesson 6: free-body diagrams, and the forces a motion takes.
local example = mb.example
local book64 = { L1 = 0.12, L2 = 0.26, theta = 65, m = { 1, 2, 4 }, J = { 0.001, 0.01, 0.02 }, force = 50 }

-- r:fbd prints its table; an answer only wants the numbers
local function quietly(f)
  local real = print
  print = function() end
  local ok, v = pcall(f)
  print = real
  if not ok then error(v, 0) end
  return v
end
local function force_on(d, name)
  for _, f in ipairs(d) do if f.name == name then return f end end
end
local function slider_crank_id(f)
  return example("slider_crank", 1.6, book64):inverse_dynamics{ formulation = f or "fbd", tf = 0.1 }
end

return {
  number = 6,
  title = "Free-body diagrams: the forces on each body",
  book = "Nikravesh, Planar Multibody Dynamics, Ch. 6 (Sec. 6.1-6.3), Sec. 1.3",
  objectives = {
    "draw a body's free-body diagram with r:fbd and read every force on it",
    "count the equations and the unknowns of a mechanism's diagrams",
    "find Example 6.4's crank torque by hand from Eq. 6.7, then by the program",
    "tell forward dynamics from inverse dynamics in the same diagrams",
  },
  steps = {
    { title = "Cut each body free",
      text = [[
Cut a body out of its mechanism and draw every force on it: its weight at
the mass centre, what springs, dampers and motors apply at their points,
and at each joint the force the joint's other body exerts, whose parts
are unknown (lambda1, lambda2, ... in the book's Examples 6.3-6.5).
Newton and Euler then hold body by body: m r'' = sum of the forces, and
J phi'' = sum of their moments about the mass centre (Eq. 6.4). Each body
gives three equations.]] },

    { title = "A diagram",
      text = [[
The slider-crank of Example 6.4: masses 1, 2 and 4 kg, a 50 N force
pushing the slider, the crank turning steadily at 1.6 rad/s at 65 degrees.
`id:fbd("rod", 0)` draws the rod with every force on it at its point
(at the prompt), and lists them; the list sums to m a and J alpha. Then
draw the slider, pushed by the 50 N force f3: `id:fbd("slider", 0)`.]],
      code = [[
sc = mb.example("slider_crank", 1.6, { L1 = 0.12, L2 = 0.26, theta = 65,
  m = {1, 2, 4}, J = {0.001, 0.01, 0.02}, force = 50 })
id = sc:inverse_dynamics{ formulation = "fbd", tf = 0.5 }
id:fbd("rod", 0)]] },

    { title = "Equations and unknowns",
      text = [[
Three bodies give 3 x 3 = 9 equations. How many unknowns do the diagrams
hold together: the reaction components of the three pins and of the
slider's guide, and the crank's torque?   check(n)]],
      answer = function() return 9 end,
      tol = 0,
      mistakes = {
        { value = 8, say = "8 are the reactions; the crank's torque T1 is unknown too (Eq. 6.7)." },
        { value = 7, say = "a pin has two components, x and y; the guide a force and a torque." },
      },
      hints = {
        "A pin: 2 components; the guide: a force across it and a torque.",
        "3 pins x 2 + 2 + the torque.",
        "9 unknowns for 9 equations: a square system.",
      } },

    { title = "The guide's push",
      text = [[
In the slider's diagram the guide pushes up with lambda7 (its first
component). How large is it, in N?   check(value)]],
      answer = function() return slider_crank_id():reaction("guide").lambda[1][1] end,
      book = { id = "O-6.6", value = 25.8291, derived = true },
      mistakes = {
        { value = 39.24, say = "that is the slider's weight; the rod presses on it too." },
      },
      hints = {
        "`id:fbd('slider', 0)` lists it at the guide.",
        "`id:reaction('guide').lambda[1][1]`",
        "lambda7 = 25.83 N.",
      } },

    { title = "Eq. 6.7 by hand",
      text = [[
With the motion known, move every unknown to the left (Eq. 6.7):
[D' e] {lambda; T1} = M c'' - h. D' holds the reactions' columns, e the
torque's; `p.D` has both (the motor is its last row). The accelerations
come from the kinematics; then one square solve: x holds the nine
unknowns, the eight reaction components first and T1 last.]],
      code = [[
p = sc:pieces{ formulation = "fbd" }
k = sc:kinematics{ tf = 0.01 }
cdd = {}
for _, b in ipairs { "crank", "rod", "slider" } do
  local q, n = k:body(b), #cdd
  cdd[n + 1], cdd[n + 2], cdd[n + 3] = q.ax[1], q.ay[1], q.alpha[1]
end
x = mb.mat.solve(p.D:t(), p.M * cdd - mb.mat(p.h))]] },

    { title = "The crank's torque",
      text = [[
What torque T1 must the crank receive at this instant, in N m (the
ninth unknown)?   check(value)]],
      answer = function() return slider_crank_id():reaction("motor").torque[1] end,
      book = { id = "O-6.6", value = 7.3810 },
      mistakes = {
        { value = 25.8291, say = "that is lambda7, the guide's push; T1 comes last." },
      },
      hints = {
        "`x[9]`",
        "The program gives the same: `id:reaction('motor').torque[1]`.",
        "T1 = 7.381 N m.",
      } },

    { title = "Forward dynamics, the same diagrams",
      text = [[
In forward dynamics the forces are known and the accelerations are not.
The diagrams stay; the joints add D c'' = gamma, and accelerations and
reactions come out of one system: the book's ten equations for the double
pendulum (Eqs. 1.4-1.5). `dp:pieces{ formulation = "fbd" }` solves them at
the start: p2.acc holds the accelerations, p2.lambda the reactions. Then
`r:fbd("lower", 0)` draws the lower link.]],
      code = [[
dp = mb.example("double_pendulum")
p2 = dp:pieces{ formulation = "fbd" }
p2.acc
r = dp:simulate{ formulation = "fbd", tf = 2 }]] },

    { title = "Counting unknowns",
      text = [[
How many unknowns does that system have for the double pendulum:
accelerations and reaction components together?   check(n)]],
      answer = function() return 10 end,
      tol = 0,
      mistakes = {
        { value = 6, say = "6 are the accelerations; the two pins add 4 reaction components." },
        { value = 4, say = "4 are the reactions; each body adds 3 accelerations." },
      },
      hints = {
        "`#p2.acc + #p2.lambda`",
        "Two bodies, three accelerations each, and two pins.",
        "10 unknowns, 10 equations.",
      } },

    { title = "The pin at the ground",
      text = [[
lambda1 is the x part of the force the ground's pin puts on the upper
link. At the start, what is it, in N?   check(value)]],
      answer = function() return example("double_pendulum"):pieces{ formulation = "fbd" }.lambda[1] end,
      book = { id = "O-1.3", value = -15.68 },
      mistakes = {
        { value = -16.053, say = "that is with J2 = 0.8 as the book states; its printed answers need J2 = 0.3 (a uniform rod), which the example uses." },
      },
      hints = {
        "`p2.lambda[1]`",
        "The pin pulls the link back towards the vertical.",
        "lambda1 = -15.68 N.",
      } },

    { title = "The four-bar of Example 6.5",
      text = [[
The four-bar of lesson 5 with a damper from the coupler point P2 to the
ground at (0, 0.2), 125 N s/m, and the crank accelerating at -1.2 rad/s^2.
The damper shortens, so it pushes the coupler. Draw the coupler.]],
      code = [[
fb = mb.example("four_bar_ch5", { damper = true })
id4 = fb:inverse_dynamics{ formulation = "fbd", tf = 0.1 }
id4:fbd("coupler", 0)]] },

    { title = "The damper's rate",
      text = [[
A damper pushes or pulls with f = c L', along its line. From the force the
diagram lists for the damper, and c = 125 N s/m, how fast does its length
change, L' in m/s?   check(value)]],
      answer = function()
        local d = quietly(function()
          return example("four_bar_ch5", { damper = true }):inverse_dynamics{ formulation = "fbd", tf = 0.1 }:fbd("coupler", 0)
        end)
        local f = force_on(d, "damper")
        return -math.sqrt(f.fx ^ 2 + f.fy ^ 2) / 125 -- it shortens: L' < 0
      end,
      book = { id = "O-6.5", value = -0.1028 },
      mistakes = {
        { value = 0.102842, say = "right size; but the damper shortens, so L' is negative." },
        { value = -12.8288 / 125, say = "that is fx alone; the force along the line is the length of {fx, fy}." },
      },
      hints = {
        "The damper's row in `id4:fbd('coupler', 0)`: its length is |f| = c |L'|.",
        "`-math.sqrt(12.829^2 + 0.82727^2) / 125`: negative, as it shortens.",
        "L' = -0.1028 m/s: the book's value.",
      } },

    { title = "A motor torque the book misprints",
      text = [[
What torque does the motor give the crank at this instant (Example 6.7),
in N m?   check(value)]],
      answer = function()
        return example("four_bar_ch5", { damper = true }):inverse_dynamics{ formulation = "fbd", tf = 0.1 }
          :reaction("motor").torque[1]
      end,
      book = { id = "O-6.7", value = 6.675652, note = "the book prints 6.6577, two digits swapped" },
      mistakes = {
        { value = 6.6577, say = "that is what the book prints, with two of its digits swapped: read the program's." },
      },
      hints = {
        "`id4:reaction('motor').torque[1]`",
        "The book's 6.6577 is a slip; the oracles recompute it.",
        "T = 6.6757 N m.",
      } },

    { title = "Same answers, another route",
      text = [[
Body coordinates (Ch. 7) solve the same equations through the Schur
complement; the diagrams solve them whole. The motions agree to round-off,
and so do the reactions and the torques.]],
      code = [=[
c = mb.compare(dp, {"body", "fbd"}, { tf = 2, dt = 0.01 })
c.maxdiff
idb = sc:inverse_dynamics{ tf = 0.5 }
idb:reaction("motor").torque[1] - id:reaction("motor").torque[1]]=] },
  },
  wrap_up = [[
You cut bodies free and read every force on them, counted equations
against unknowns, solved Eq. 6.7 for a crank's torque by hand, ran forward
dynamics through the same diagrams, and caught a torque the book prints
with its digits swapped. Lesson 7 builds the diagrams' matrices for any
model: body coordinates.

Challenge: sweep Example 6.6's crank through a whole turn,
`turn = sc:inverse_dynamics{ tf = 3.93 }`, then `turn:plot("motor.torque")`:
where is the torque largest, and why (Problem 6.5)?]],
}
