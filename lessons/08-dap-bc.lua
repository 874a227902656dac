-- SPDX-License-Identifier: GPL-3.0-or-later
-- Lesson 8: the body-coordinate program at work on the book's models.
local example = mb.example

return {
  number = 8,
  title = "The body-coordinate program: correct, simulate, read the results",
  book = "Nikravesh, Planar Multibody Dynamics, Ch. 8 and Appendix B",
  objectives = {
    "load a model, correct its initial conditions and say what changed",
    "simulate it and read positions, reactions and energy from the result",
    "count function evaluations and compare integrators",
    "recognise a driver that needs consistent initial velocities",
  },
  steps = {
    { title = "The sliding pendulum",
      text = [[
Appendix B's first model: a slider on a horizontal guide, held by a spring,
carrying a pendulum. The file examples/sliding_pendulum.lua builds it with
the data of Example 6.3. Its starting y2 = -0.233 is rounded, so the pin
is not quite closed: Phi shows it.]],
      code = [[
m = mb.example("sliding_pendulum")
m:evaluate().phi
m:dof()]] },

    { title = "Correcting the start",
      text = [[
`m:correct()` moves the coordinates as little as possible, in the least-
squares sense, until every constraint holds (Sec. 14.3, used by DAP_BC
before a run). What is the corrected y of the pendulum?   check(value)]],
      answer = function() return example("sliding_pendulum"):correct().pendulum.y end,
      tol = 1e-5,
      precision = "correction moves y2 in its 5th digit",
      book = { id = "O-B.1", value = -0.23301 },
      mistakes = {
        { value = -0.233, say = "that is the value before correction; `m:correct().pendulum.y` is after it." },
      },
      hints = {
        "`m:correct()` returns the corrected state: `m:correct().pendulum.y`",
        "The pin is 0.5 m above the pendulum's centre: y2 = 0.2 - 0.5 cos 30 deg.",
        "y2 = -0.23301 m.",
      } },

    { title = "Four seconds of motion",
      text = [[
Simulate 4 s, reporting every 0.02 s, as Example B.1 does, and look at the
summary: the state at the end, the energy (constant: no damping) and the
largest constraint violation.]],
      code = [[
r = m:simulate{ tf = 4, dt = 0.02, correct = true }
r
r.stats.fevals]] },

    { title = "The book's figure",
      text = [[
The book's Fig. B.3 plots the pendulum angle over the 4 s. Here is ours,
and the motion itself (q returns here). To keep a picture for a report,
give it a file; the name's ending says the format (.svg, .pdf, .png):
`r:plot("pendulum.angle", { file = "fig-b3.svg" })`, the motion as
`r:animate{ file = "pendulum.gif" }`, one page of it all as
`r:report{ file = "b1.pdf" }`.]],
      code = [[
r:plot("pendulum.angle")
r:animate{ labels = true }]] },

    { title = "Reading a result",
      text = [[
`r:body("slider").x` is an array over `r.t`; `r:at(t)` interpolates.
The summary gave the end; where is the slider at t = 2.5 s, in metres?
check(x)]],
      answer = function()
        local mm = example("sliding_pendulum")
        mm:correct()
        return mm:simulate{ tf = 4, dt = 0.02, tol = 1e-10 }:at(2.5).bodies.slider.x
      end,
      book = { id = "O-B.1", value = 0.3728 },
      mistakes = {
        { value = 1.05817, tol = 1e-3, say = "that is at the end, t = 4 s; the question asks for t = 2.5 s." },
        { value = 1.0, say = "that is where it started; read the sample at t = 2.5 s." },
      },
      hints = {
        "The samples are 0.02 s apart from t = 0: t = 2.5 s is sample 126, `r:body(\"slider\").x[126]`.",
        "Or `r:at(2.5).bodies.slider.x`.",
        "x1(2.5) = 0.3728 m, as the book's Table B.9 prints it (its y2' = 0.01 at t = 3.98 s is a misprint: about -0.005, as body, joint, point and minimal coordinates agree).",
      } },

    { title = "How much work did the integrator do?",
      text = [[
The book's run took 655 function evaluations of MATLAB's ode45, which
chooses its own steps and interpolates the reports between them. Ours
does the same by default, with the same method and step control
(integrator "ode45"), at tol = 1e-10. At the tolerances the book's Ch. 13
advises (tol = 1e-6, abstol = 1e-9) it needs 655 too. dense = false ends
a step at every report instead; a fixed
RK4 step costs exactly 4. Compare the counts (fevals) and how far each
run strays from the first.]],
      code = [=[
m = mb.example("sliding_pendulum")
ci = mb.compare(m, { { label = "tol 1e-10" },
  { label = "tol 1e-6", tol = 1e-6, abstol = 1e-9 },
  { label = "dense = false", dense = false },
  { label = "rk4, h = 0.005", integrator = "rk4", h = 0.005 } },
  { tf = 4, dt = 0.02, correct = true })]=] },

    { title = "Driving smoothly",
      text = [[
Cart B reaches the same wheel speed over 2 s with DAP_BC's function type
c (`mb.fn.ramp_rate`), so the driver torque starts and ends gently (the
book's Figs. 8.10-8.11). A disc joint's lambda2 is its no-slip force on
the wheel: the rear (driving) wheel's and the front wheel's have opposite
signs while the cart speeds up.]],
      code = [[
cb = mb.example("cart", "B")
cb:correct()
rb = cb:simulate{ tf = 3, dt = 0.01 }
rb:plot("rear.omega", "motor.torque")
rb:plot("rear roll.lambda2", "front roll.lambda2")
rb:animate{ labels = true }]] },

    { title = "A driven cart",
      text = [[
The cart of Sec. 8.1.3: the rear wheel is driven at -2 pi rad/s relative
to the chassis, and both wheels roll without slip: 9 coordinates, 9
constraints, no freedom left. Starting from rest breaks the driver's
velocity equation, so correction must also fix the velocities
(Ex. 8.6). After correcting `mb.example("cart", "A")`, what is the
chassis speed in m/s?   check(value)]],
      answer = function() return example("cart", "A"):correct().chassis.vx end,
      book = { id = "O-8.6", value = 0.62832 },
      mistakes = {
        { value = 0, say = "that is the velocity before correction (Ex. 8.7: then nothing moves)." },
        { value = -0.2 * math.pi, say = "right size, wrong sign: a wheel turning clockwise rolls forward (+x)." },
      },
      hints = {
        "`c = mb.example(\"cart\", \"A\"):correct()`, then look at `c.chassis`.",
        "Rolling without slip: x' = -R phi', with R = 0.1 and phi' = -2 pi.",
        "x' = 0.2 pi = 0.62832 m/s.",
      } },
  },
  wrap_up = [[
You ran the book's program workflow: load, correct, simulate, read. The
models of Appendix B are all in examples/: aa.lua, macpherson.lua,
cart.lua, conveyor.lua, rod.lua. Lesson 9 will run the same models in
joint coordinates, with fewer equations.
The chapter's problems revise the program: problems(8), problem("8.1").

Challenge: simulate `mb.example("cart", "C")` and find when the wheel
reaches 95% of its top speed, -4 pi rad/s.]],
}
