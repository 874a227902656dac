-- SPDX-License-Identifier: GPL-3.0-or-later
-- Lesson 1: what a multibody system is, and the two examples of Ch. 1.
local example = mb.example
local function kinematics() return example("slider_crank", 1.5):kinematics{ tf = 0.1 } end

return {
  number = 1,
  title = "Introduction: bodies, joints, forces, and ways to write them down",
  book = "Nikravesh, Planar Multibody Dynamics, Ch. 1 (Sec. 1.1-1.3)",
  objectives = {
    "say what a multibody system is made of: bodies, joints, force elements",
    "count a mechanism's degrees of freedom",
    "run the book's slider-crank and double pendulum and read numbers off them",
    "name the formulations to come, and see them agree on one model",
  },
  steps = {
    { title = "Bodies, joints, forces",
      text = [[
A multibody system is bodies (links) that move relative to one another,
held together by joints (pins, sliders, gears, cams) and pushed by force
elements (springs, dampers, motors) and by gravity (Sec. 1.1). Its bodies
here are rigid and move in a plane. We can ask for its motion alone
(kinematics), for the forces a given motion takes (inverse dynamics), for
the motion given forces (forward dynamics), or for where it comes to rest
(static equilibrium): Sec. 1.2.]] },

    { title = "A slider-crank",
      text = [[
The book's first example (Fig. 1.1): a crank 0.2 m long turns at 1.5 rad/s
and pushes a slider through a rod 0.4 m long. The model has its bodies,
its joints (three pins, a slider and the motor), and the crank starts at
30 degrees. A kinematic analysis follows the motion the motor dictates.]],
      code = [[
sc = mb.example("slider_crank", 1.5)
sc
for name, j in pairs(sc.joints) do print(name, j.type) end
r = sc:kinematics{ tf = 4.2, dt = 0.02 }
r:animate()]] },

    { title = "Degrees of freedom",
      text = [[
A body in the plane has 3 coordinates (x, y and an angle); a pin or a
slider takes away 2 of them (Sec. 3.3.2). Without its motor, how many
degrees of freedom does the slider-crank have?   check(n)]],
      answer = function() return (example("slider_crank", false):dof{ quiet = true }) end,
      tol = 0,
      mistakes = {
        { value = 0, say = "that counts the motor too: it fixes the one degree of freedom left." },
        { value = 9, say = "9 are the coordinates; each joint takes some away." },
      },
      hints = {
        "3 bodies x 3 coordinates, less 4 joints x 2.",
        "`mb.example('slider_crank', false):dof()`",
        "9 - 8 = 1: the crank's angle decides everything.",
      } },

    { title = "Where the slider is",
      text = [[
At 30 degrees, how far is the slider from O, in metres (Eq. 1.1)?
check(d)]],
      answer = function() return kinematics():body("slider").x[1] end,
      book = { id = "O-1.2", value = 0.560503, note = "the book prints 5.6057" },
      mistakes = {
        { value = 5.6057, say = "that is what the book prints, but its decimal point slipped: the slider is about half a metre from O." },
      },
      hints = {
        "`r:body('slider').x[1]`",
        "d = 0.2 cos(30 deg) + the rod's horizontal span, sqrt(0.4^2 - 0.1^2).",
        "d = 0.5605 m.",
      } },

    { title = "How fast it moves",
      text = [[
And the slider's velocity there, in m/s (Eq. 1.2)?   check(value)]],
      answer = function() return kinematics():body("slider").vx[1] end,
      book = { id = "O-1.2", value = -0.217082, note = "the book prints -2.1707" },
      mistakes = {
        { value = -2.1707, say = "the book's figure, with a slipped decimal point again; its own graphical 0.21 m/s (Fig. 1.2b) agrees with the computed one." },
      },
      hints = {
        "`r:body('slider').vx[1]`",
        "Negative: the slider moves to the left, towards O.",
        "-0.2171 m/s.",
      } },

    { title = "The rod's angular acceleration",
      text = [[
The crank turns steadily, yet the rod's angular acceleration is not zero.
What is it at 30 degrees, in rad/s^2 (Eq. 1.3)?   check(value)]],
      answer = function() return kinematics():body("rod").alpha[1] end,
      book = { id = "O-1.2", value = 0.4648 },
      mistakes = {
        { value = -0.670820, say = "that is the rod's angular velocity, omega." },
      },
      hints = {
        "`r:body('rod').alpha[1]`",
        "The graphical method of Fig. 1.2c gets about 0.4 (its printed 1.4 is in the errata).",
        "0.4648 rad/s^2.",
      } },

    { title = "A double pendulum",
      text = [[
The second example (Fig. 1.3): two rods, 2 m and 1.5 m, pinned to the
ground and to each other, swinging under gravity from 30 and 45 degrees
off the vertical, turning at 0.5 and -0.4 rad/s at the start. Nothing
drives it: forward dynamics finds how it moves.]],
      code = [[
dp = mb.example("double_pendulum")
r2 = dp:simulate{ tf = 5 }
r2:plot("upper.angle", "lower.angle")
r2:animate()]] },

    { title = "Its degrees of freedom",
      text = [[
How many degrees of freedom has the double pendulum?   check(n)]],
      answer = function() return (example("double_pendulum"):dof{ quiet = true }) end,
      tol = 0,
      mistakes = {
        { value = 6, say = "6 are the coordinates of two bodies; the two pins take 4 away." },
      },
      hints = {
        "2 bodies x 3, less 2 pins x 2.",
        "`dp:dof()`",
        "2: one angle per rod.",
      } },

    { title = "Its first acceleration",
      text = [[
At the start (theta1 = 30 and theta2 = 45 degrees from the downward
vertical, theta1' = 0.5 and theta2' = -0.4 rad/s; m1 = 3 kg, m2 = 1.6 kg,
J1 = 1 and J2 = 0.3 kg m^2), what is the upper rod's angular
acceleration, in rad/s^2 (Eqs. 1.6-1.8)?   check(value)]],
      answer = function() return example("double_pendulum"):evaluate().acc[3] end,
      book = { id = "O-1.4", value = -2.3526, note = "with J2 = 0.3, what the book's numbers need" },
      mistakes = {
        { value = -2.5900, say = "that is with J2 = 0.8 as the book states; its printed answers need J2 = 0.3, a uniform rod, which the example uses." },
      },
      hints = {
        "`dp:evaluate().acc[3]`: the third acceleration is the upper rod's angle's.",
        "The book rounds it to -2.35.",
        "-2.3526 rad/s^2.",
      } },

    { title = "Many ways to write it",
      text = [[
Sec. 1.3 writes the same mechanisms several ways: a vector loop (Ch. 5),
free-body diagrams (Ch. 6), body coordinates (Ch. 7), joint coordinates
(Ch. 9), particles (Ch. 10). Done right, all give one answer. mechbench
has each: `help "formulations"` lists them. Vector loops are for
kinematics, so they go beside the driven slider-crank.]],
      code = [[
help "formulations"
dp, sc = mb.example("double_pendulum"), mb.example("slider_crank", 1.5)
c = mb.compare(dp, {"body", "joint", "point", "fbd"}, { tf = 2 })
c.maxdiff
c2 = mb.compare(sc, {"body", "vector"}, { tf = 2 })
c2.maxdiff]] },

    { title = "How much to integrate",
      text = [[
Body coordinates integrate 3 coordinates per body and their rates; the
table's states column gave the double pendulum's in each formulation. A
triple pendulum has three rods, pinned in a chain: how many numbers do
joint coordinates integrate for it?   check(n)]],
      answer = function() return example("triple_pendulum"):simulate{ formulation = "joint", tf = 0.01 }.state_size end,
      tol = 0,
      mistakes = {
        { value = 18, say = "18 is body coordinates: 3 per body, and as many rates." },
        { value = 3, say = "3 angles, and their 3 rates as well." },
      },
      hints = {
        "One angle per rod, and its rate: the double pendulum's 4 were 2 and 2.",
        "`mb.example('triple_pendulum'):simulate{ formulation = 'joint', tf = 0.01 }.state_size`",
        "6.",
      } },
  },
  wrap_up = [[
You met bodies, joints and forces, counted degrees of freedom, read a
slider-crank's numbers (and two the book misprints), ran a double pendulum
and saw five formulations agree. Lesson 2 starts the algebra they all use.

Challenge: run `dp:simulate{ formulation = "fbd", tf = 1 }:fbd("upper", 0)`
and find the pin forces lambda1 to lambda4 of Eq. 1.6.]],
}
