-- SPDX-License-Identifier: GPL-3.0-or-later
-- Lesson 9: joint coordinates, derived from the same model.
local example = mb.example

-- M-bar(1,2) of the double pendulum, derived by hand: checked as a
-- function of the two angles against the program's (m:equations)
local coupling = mb.lesson.derived { model = function() return example("double_pendulum") end,
  formulation = "joint", entry = { "M", 1, 2 }, args = { "theta_shoulder", "theta_elbow" },
  params = { "theta1", "theta2" } }

return {
  number = 9,
  title = "Joint coordinates: the tree, the B matrix, cut joints",
  book = "Nikravesh, Planar Multibody Dynamics, Ch. 9 (Sec. 9.1-9.3)",
  objectives = {
    "read the tree and the joint coordinates mechbench derives from a model",
    "build a column of B by hand and check it against the program's",
    "explain M-bar = B'MB and why it is small",
    "cut a closed loop open and count its constraints",
    "run the same model in body and joint coordinates side by side",
  },
  steps = {
    { title = "One number per joint",
      text = [[
A pin between two bodies leaves one freedom: the angle between them. Joint
coordinates use exactly those numbers, theta, one per joint of a tree that
grows from the ground (Sec. 9.1). Body coordinates, c, follow from theta by
walking the tree: each body's pose from its parent's. Velocities follow too:
c' = B theta' (Eq. 9.9). mechbench builds the tree from the model you
already wrote; nothing new to type.]] },

    { title = "The double pendulum's tree",
      text = [[
The double pendulum of the book's Sec. 1.3. `dp:joint_coords()` shows
the tree and gives theta, B and the rest at the starting state.]],
      code = [[
dp = mb.example("double_pendulum")
p = dp:joint_coords()
p
p.theta
p.B]] },

    { title = "How many numbers?",
      text = [[
How many joint coordinates does the double pendulum need?   check(n)]],
      answer = function() return #example("double_pendulum"):joint_coords().theta end,
      tol = 0,
      mistakes = {
        { value = 6, say = "6 is the count of body coordinates; joint coordinates need one per pin." },
        { value = 4, say = "4 is the count of pin constraints in body coordinates." },
      },
      hints = {
        "One coordinate per tree joint; both pins are in the tree.",
        "Two pins, two angles.",
        "n = 2, the same as the degrees of freedom: an open chain needs no constraints.",
      } },

    { title = "A column of B by hand",
      text = [[
With relative angles, turning theta1 at unit rate (theta2 held) swings the
whole chain about the ground pin O. A point at r then moves with velocity
rot(r - O) (Sec. 9.1.2). So B's first column holds rot(r_i) for each mass
centre, and 1 for each angle rate. The lower rod's mass centre starts at
(1.53033, -2.26238). What is its velocity when theta1' = 1, theta2' = 0?
check({vx, vy})]],
      gives_digits = "rot(r) is r's own two numbers swapped, one negated: which, and where, is the exercise",
      answer = function()
        local B = example("double_pendulum"):joint_coords().B
        return { B(4, 1), B(5, 1) }
      end,
      components = { "vx", "vy" },
      mistakes = {
        { value = { 1.7320508, 1.0 }, say = "that is what absolute angles give: with relative "
          .. "angles the lower rod turns with the upper one, about O." },
        { value = { 0.8660254, 0.5 }, say = "that is the upper rod's mass centre." },
        { value = { -2.26238, -1.53033 }, say = "rot(r) is {-r_y, r_x}: check the signs." },
      },
      hints = {
        "rot(r) turns r by +90 degrees: {-r_y, r_x}, with r measured from O = {0, 0}.",
        "`mb.vec.rot{1.53033, -2.26238}`",
        "{2.26238, 1.53033}: rows 4 and 5 of column 1 of B, `p.B(4, 1), p.B(5, 1)`.",
      } },

    { title = "The small mass matrix",
      text = [[
With c' = B theta', the kinetic energy is (1/2) theta'(B'MB)theta', so the
equations of motion shrink to M-bar theta'' = h-bar with M-bar = B'MB and
h-bar = B'(h - M Bdot theta') (Eqs. 9.22-9.24): a 2 x 2 system instead of
6 accelerations and 4 multipliers. mechbench assembles M-bar without
forming B'MB, from the inertia of each subtree, which is much cheaper for
long chains. p.M holds M-bar: work its first entry out by hand next.]],
      code = [[
p.h
p.acc]] },

    { title = "An entry of M-bar",
      text = [[
M-bar(1,1) is the moment of inertia of the whole chain about O when it
turns as one body: J1 + m1 |r1|^2 + J2 + m2 |r2|^2, mass centres measured
from O. With m1 = 3, J1 = 1, m2 = 1.6, J2 = 0.3, |r1| = 1 and r2 as above,
what is it?   check(value)]],
      answer = function() return example("double_pendulum"):joint_coords().M(1, 1) end,
      mistakes = {
        { value = 1 + 3 + 0.3 + 1.6 * 0.75^2, say = "the lower rod's mass centre is not 0.75 m from O: "
          .. "it hangs from the elbow, 2 m out." },
        { value = 3 + 1.6 * (1.53033^2 + 2.26238^2), say = "you left out the rods' own inertias J1 and J2." },
      },
      hints = {
        "Parallel-axis: each rod contributes J + m d^2 about O.",
        "`1 + 3*1^2 + 0.3 + 1.6*(1.53033^2 + 2.26238^2)`",
        "M-bar(1,1) = 16.2364 kg m^2.",
      } },

    { title = "M-bar(1,2) by hand",
      text = [[
M-bar(1,2) couples the two angles: turning theta1 moves the lower rod's
mass centre with rot(r2) (r2 from O), turning theta2 with rot(r2 - e), e
the elbow, 2 m from O; the centre is 0.75 m past the elbow. So M-bar(1,2)
= J2 + m2 rot(r2 - e)'rot(r2), with m2 = 1.6 and J2 = 0.3 (Eq. 9.23).
Write it as a function of the angles,
    f = function(theta1, theta2) return ... end
and give the function: check(f). It is tried at 20 pairs of angles.]],
      answer = coupling.answer, at = coupling.at, at_args = coupling.at_args,
      components = coupling.components,
      mistakes = {
        { value = function(theta1, theta2) return 0.3 + 1.6 * (0.5625 + 1.5 * math.cos(theta1 + theta2)) end,
          say = "the cosine is of the angle between e and r2 - e: the relative angle theta2." },
        { value = function(_, theta2) return 1.6 * (0.5625 + 1.5 * math.cos(theta2)) end,
          say = "you left out J2: either rate turns the lower rod." },
      },
      hints = {
        "rot(a)'rot(b) = a'b; r2 = e + (r2 - e), and e makes the angle theta2 with r2 - e.",
        "M-bar(1,2) = J2 + m2 (0.75^2 + 2 * 0.75 cos(theta2)).",
        "`function(theta1, theta2) return 0.3 + 1.6 * (0.5625 + 1.5 * math.cos(theta2)) end`",
      } },

    { title = "M-bar and h-bar as formulas",
      text = [[
`dp:equations{ formulation = "joint" }` writes M-bar = B'MB and h-bar =
B'(h - M Bdot theta') out for the chain (Eqs. 9.23-9.24), derived from the
tree's kinematics by a small algebra: cos(theta_elbow) couples the angles,
and the squared rates in h-bar are the forces the tree's motion hides.
Your M-bar(1,2) is the entry of theta_shoulder and theta_elbow.]],
      code = [[
dp:equations{ formulation = "joint" }]] },

    { title = "Cutting a loop open",
      text = [[
A four-bar is a loop: no tree contains all four pins. mechbench keeps three
in the tree and cuts the fourth; the cut pin becomes constraints on theta,
C theta'' = gamma-bar, with C = D B (Eq. 9.34), solved together with the
equations of motion through Lagrange multipliers (Sec. 9.3).]],
      code = [[
fb = mb.example("four_bar")
q = fb:joint_coords()
q
q.C]] },

    { title = "Counting the cut",
      text = [[
How many constraint rows does the cut pin of the four-bar bring?
check(n)]],
      answer = function() return #example("four_bar"):joint_coords().gamma end,
      tol = 0,
      mistakes = {
        { value = 1, say = "a pin holds two things together: x and y of the joint point." },
        { value = 3, say = "3 would be a rigid joint; a pin leaves the relative rotation free." },
      },
      hints = {
        "A revolute joint in body coordinates has two rows (Eq. 7.14).",
        "Cutting it keeps both rows, now in terms of theta.",
        "2 rows: 3 coordinates - 2 constraints = 1 degree of freedom.",
      } },

    { title = "Side by side",
      text = [[
The same four-bar through body and joint coordinates, and through the
free-body diagrams of lesson 6, with the same options. At the prompt the
panes play with a plot below them; q leaves them for the table, which
shows the cost of each and how far apart they end up: positions in metres
and angles in radians, apart.]],
      code = [[
fb = mb.example("four_bar")
c = mb.compare(fb, {"body", "joint", "fbd"},
  { tf = 4, dt = 0.02, tol = 1e-10 })
c.maxdiff_position, c.maxdiff_angle]] },

    { title = "The loop, once more",
      text = [[
The cut pin's rows in absolute angles are the vector loop of lesson 5
written again (Sec. 9.3.2): the book notes joint coordinates give the
vector method's equations, found systematically. Drive the four-bar of
Example 5.2 and the two kinematic analyses agree to round-off.]],
      code = [[
v = mb.example("four_bar_ch5", { omega = 2 * math.pi })
v:loops()
k = mb.compare(v, {"joint", "vector"}, { tf = 1, angles = "absolute" })
k.maxdiff]] },

    { title = "Size of the problem",
      text = [[
Per evaluation, body coordinates solve for 9 accelerations and 8
multipliers of the four-bar. How many unknowns do joint coordinates solve
for (joint accelerations and cut-joint multipliers together)?   check(n)]],
      answer = function()
        local q = example("four_bar"):joint_coords()
        return #q.acc + #q.lambda
      end,
      tol = 0,
      mistakes = {
        { value = 17, say = "17 is body coordinates: 9 accelerations and 8 multipliers." },
        { value = 3, say = "the 3 joint accelerations, and then the cut pin's 2 multipliers." },
      },
      hints = {
        "Count theta'' and the multipliers of the cut joint.",
        "3 tree angles, 2 cut rows.",
        "5 unknowns against 17: why joint coordinates run faster.",
      } },
  },
  wrap_up = [[
You saw the tree mechbench grows from a model, built a column of B by
hand, found where M-bar comes from, cut a loop open, met the vector loop
in it again and compared the formulations on one mechanism: same motion,
fewer equations. Lesson 10 goes the other way: more coordinates, and none
of them an angle.
Its problems derive B, M and h by hand: problems(9), problem("9.1").

Challenge: run a long chain both ways: `ch = mb.example("chain", 20)`,
then `ch:simulate{ formulation = "joint", tf = 1 }.stats` and the same in
body coordinates. Watch how the evaluations' cost grows with the number of
links; make bench measures it up to 64.]],
}
