-- SPDX-License-Identifier: GPL-3.0-or-later
-- Lesson 12: kinematic analysis and inverse dynamics.
local example = mb.example
local function cubic(x) return x^3 - 4 * x^2 - 44 * x + 96 end
local function slope(x) return 3 * x^2 - 8 * x - 44 end
local function loop(q)
  local c1, s1, c2, s2, c3, s3 = math.cos(q[1]), math.sin(q[1]), math.cos(q[2]), math.sin(q[2]), math.cos(q[3]), math.sin(q[3])
  return { c1 + 3 * c2 - 2.2 * c3 - 2, s1 + 3 * s2 - 2.2 * s3 - 0.5, q[1] - math.pi / 2 },
         { { -s1, -3 * s2, 2.2 * s3 }, { c1, 3 * c2, -2.2 * c3 }, { 1, 0, 0 } }
end

return {
  number = 12,
  title = "Kinematic analysis and inverse dynamics",
  book = "Nikravesh, Planar Multibody Dynamics, Ch. 12 (Sec. 12.1-12.2)",
  objectives = {
    "run Newton-Raphson by hand and read its iterations",
    "solve a four-bar's position equations with NRn",
    "run a kinematic analysis when drivers fix the motion",
    "read a driver's torque from inverse dynamics",
  },
  steps = {
    { title = "When drivers decide",
      text = [[
If a mechanism has as many driver constraints as degrees of freedom, the
constraints alone fix its motion: no forces are needed to know where it
goes. At each time, solve Phi(c, t) = 0 for the positions, then
D c' = f'(t) for the velocities and D c'' = gamma for the accelerations
(Eqs. 12.1-12.3, Algorithm K). The position equations are nonlinear:
Newton-Raphson solves them.]] },

    { title = "Newton-Raphson in one unknown",
      text = [[
Newton-Raphson replaces f by its tangent and jumps to where the tangent
crosses zero: x <- x - f(x)/f'(x) (Sec. 12.1.2). The book's Example 12.3
starts the cubic x^3 - 4x^2 - 44x + 96 at x = 10. mb.newton records every
step. (The example's text misprints the cubic as x^3 - 3x^2 - 10x + 24;
its table of iterations belongs to this one, row for row.)]],
      code = [[
f = function(x) return x^3 - 4*x^2 - 44*x + 96 end
df = function(x) return 3*x^2 - 8*x - 44 end
x, h = mb.newton(f, 10, { derivative = df, tol = 1e-4 })
x
h.history]] },

    { title = "Which root?",
      text = [[
The cubic has three roots; from x = 10 the iterates settle on one of them
(h.history). Which root does Newton-Raphson find from x = 0?   check(x)]],
      answer = function() return (mb.newton(cubic, 0, { derivative = slope })) end,
      mistakes = {
        { value = 8, say = "8 is where it goes from x = 10; start it at 0." },
        { value = -6, say = "-6 is a root, but from 0 the first tangent points the other way." },
        { value = 4, say = "4 is where Newton-Raphson goes from x = 10 on the cubic the book's text misprints, x^3 - 3x^2 - 10x + 24; this f, from 0, goes elsewhere." },
      },
      hints = {
        "f(0) = 96 and f'(0) = -44: the first step goes to 0 - 96 / (-44) = 2.18.",
        "`mb.newton(f, 0, { derivative = df })` returns x first.",
        "x = 2: (8 - 16 - 88 + 96 = 0).",
      } },

    { title = "Counting evaluations",
      text = [[
How many times was f evaluated before |f| fell below 1e-4 (count the
first evaluation at x = 10 too)?   check(n)]],
      answer = function() return select(2, mb.newton(cubic, 10, { derivative = slope })).evaluations end,
      tol = 0,
      book = { id = "O-12.3", value = 5, note = "the rows of the iteration table" },
      mistakes = {
        { value = 4, say = "count the evaluation at the answer too: that is where the test passes." },
        { value = 8, say = "8 rows is Newton-Raphson on the cubic the book's text misprints, x^3 - 3x^2 - 10x + 24; count this f's." },
      },
      hints = {
        "`#h.history` is the number of evaluations.",
        "The book's table has one row per evaluation.",
        "5 evaluations, 4 corrections: the error roughly squares each step near the root.",
      } },

    { title = "Many unknowns: a four-bar",
      text = [[
With many equations, Newton-Raphson solves D dq = -Phi at each step
(NRn). The book's Example 12.4: a four-bar's loop with link lengths 1, 3
and 2.2, the ground from (0, 0) to (2, 0.5), the crank driven to 90
degrees; start at (1.57, 0.5, 1.2).]],
      code = [[
loop = function(q)
  local c1, s1 = math.cos(q[1]), math.sin(q[1])
  local c2, s2 = math.cos(q[2]), math.sin(q[2])
  local c3, s3 = math.cos(q[3]), math.sin(q[3])
  return { c1 + 3*c2 - 2.2*c3 - 2, s1 + 3*s2 - 2.2*s3 - 0.5,
           q[1] - math.pi/2 },
         { {-s1, -3*s2, 2.2*s3}, {c1, 3*c2, -2.2*c3}, {1, 0, 0} }
end
q, h = mb.newton(loop, {1.57, 0.5, 1.2}, { tol = 1e-4 })
for _, s in ipairs(h.history) do print(s.n, s.f) end]] },

    { title = "The coupler's angle",
      text = [[
What is the coupler angle theta2 (the second unknown) at the solution, in
radians?   check(value)]],
      answer = function() return (mb.newton(loop, { 1.57, 0.5, 1.2 }, { tol = 1e-4 }))[2] end,
      book = { id = "O-12.4", value = 0.5782 },
      mistakes = {
        { value = 0.5, say = "0.5 is the starting estimate; read `q[2]` after the iteration." },
        { value = 1.335703, say = "that is theta3, the rocker." },
      },
      hints = {
        "`q[2]` after mb.newton returns.",
        "The iteration stops after 3 evaluations.",
        "theta2 = 0.5782 rad.",
      } },

    { title = "A kinematic analysis",
      text = [[
mechbench does all of this for a whole model: `m:kinematics{}` solves the
positions at each reporting time (starting from the last answer, so one or
two Newton steps suffice), then velocities and accelerations. The
slider-crank's crank is driven at 1.5 rad/s. trace = true keeps the
residuals of the first solve; here the start is knocked off on purpose.]],
      code = [[
sc = mb.example("slider_crank", 1.5)
sc.bodies.rod.angle = sc.bodies.rod.angle + 0.3
r = sc:kinematics{ tf = 4.2, dt = 0.01, trace = true }
r.trace
r:plot("slider.x", "slider.vx")]] },

    { title = "The slider's acceleration",
      text = [[
With the start corrected, what is the slider's acceleration at t = 0, in
m/s^2? (`r:body("slider").ax[1]`)   check(value)]],
      answer = function() return example("slider_crank", 1.5):kinematics{ tf = 0.1, dt = 0.01 }:body("slider").ax[1] end,
      book = { id = "O-1.2", value = -0.5175 },
      mistakes = {
        { value = 0, say = "the crank turns at constant speed, but the slider does not move at constant speed." },
      },
      hints = {
        "The last step's run corrected the start first: `r:body(\"slider\").ax[1]` is after it.",
        "At 30 degrees the slider is being pulled back towards the crank.",
        "-0.5175 m/s^2, as the book's Sec. 1.3 finds.",
      } },

    { title = "The torque it takes",
      text = [[
The same run also gives the forces: D'lambda = M c'' - h holds every
multiplier, the driver's among them (Sec. 12.2, ID1).
`id:reaction("motor").torque` is the torque the motor applies to the
crank. Its power equals the rate of change of kinetic energy minus the
power of gravity (ID2).]],
      code = [=[
id = mb.example("slider_crank", 1.5):inverse_dynamics{ tf = 4.2, dt = 0.01 }
id:plot("motor.torque")]=] },

    { title = "Motor torque at the start",
      text = [[
What torque does the motor apply to the crank at t = 0, in N m?
check(value)]],
      answer = function() return example("slider_crank", 1.5):inverse_dynamics{ tf = 0.1, dt = 0.01 }:reaction("motor").torque[1] end,
      mistakes = {
        { value = -2.8593826, say = "right size, wrong sign: this is the torque on the crank, not on the ground." },
      },
      hints = {
        "`id:reaction(\"motor\").torque[1]`",
        "At the start the crank must lift the rod's and its own weight.",
        "About 2.859 N m.",
      } },
  },
  wrap_up = [[
You ran Newton-Raphson by hand in one and three unknowns, watched a
kinematic analysis converge, and read a motor's torque from inverse
dynamics. Lesson 13 lets forces decide the motion instead.
The chapter's problems: problems(12), problem("12.1").

Challenge: double the crank speed (`mb.example("slider_crank", 3.0)`)
and see how the peak motor torque grows: why roughly four times?]],
}
