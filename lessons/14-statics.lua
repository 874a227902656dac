-- SPDX-License-Identifier: GPL-3.0-or-later
-- Lesson 14: static equilibrium, initial conditions, redundant constraints.
local example = mb.example

local function slider_out()
  local eq = example("variable_length_pendulum"):equilibrium{}
  return math.sqrt(eq:body("slider").x[1]^2 + eq:body("slider").y[1]^2)
end

return {
  number = 14,
  title = "Statics, initial conditions and redundant constraints",
  book = "Nikravesh, Planar Multibody Dynamics, Ch. 14 (Sec. 14.2-14.4)",
  objectives = {
    "find where a mechanism comes to rest, two ways",
    "correct inconsistent initial conditions and see what moved",
    "recognise a redundant constraint and the joint that causes it",
  },
  steps = {
    { title = "At rest",
      text = [[
A mechanism at rest has no velocities and no accelerations, so the
equations of motion lose their left side: the applied forces balance the
reactions, h(c) + D'lambda = 0, while the joints hold, Phi(c) = 0 (Sec.
14.2). Newton-Raphson solves these for c and lambda together. Or let the
mechanism move with extra damping until it stops: slower, but it always
finds a stable rest.]] },

    { title = "The variable-length pendulum",
      text = [[
The book's Example 14.2 (the pendulum of Examples 7.3 and 9.3): an arm on a
torsion spring, a slider on it held by a spring from the pin. Find its rest
both ways and compare. `eq.history` is the residual before each Newton
step: it falls slowly while the steps are cut short, then its exponent
about doubles at each step: near its answer Newton-Raphson converges
quadratically.]],
      code = [=[
vp = mb.example("variable_length_pendulum")
eq = vp:equilibrium{}
eq:body("arm").angle[1]
eq.history
vp:equilibrium{ method = "dynamics" }:body("arm").angle[1]]=] },

    { title = "Where the slider rests",
      text = [[
At rest the arm hangs straight down. How far from the pin is the slider,
in metres? (spring: k = 20 N/m, free length 0.7 m; slider 1 kg)
check(value)]],
      answer = slider_out,
      book = { id = "H-14.2", value = 1.1905, derived = true, note = "0.7 + m g / k; the book shows the approach as a plot" },
      mistakes = {
        { value = 0.7, say = "0.7 m is the spring's free length: the slider's weight stretches it." },
        { value = 0.8, say = "0.8 m is where it starts; at rest the spring holds the weight." },
        { value = -(0.7 + 9.81 / 20), say = "that is the slider's y, below the pin; a distance is positive." },
      },
      hints = {
        "At rest the spring force equals the weight: k (L - 0.7) = m g.",
        "L = 0.7 + 9.81 / 20",
        "L = 1.1905 m.",
      } },

    { title = "Consistent starts",
      text = [[
A simulation must start where the joints hold. Given a start that does not,
`sc:correct()` moves the coordinates as little as possible, in the least-
squares sense, until Phi = 0, then projects the velocities onto D c' = v
(Sec. 14.3). Here the slider-crank's rod is knocked 0.3 rad out of place.]],
      code = [[
sc = mb.example("slider_crank", 1.5)
sc.bodies.rod.angle = sc.bodies.rod.angle + 0.3
sc:evaluate().phi
fixed = sc:correct()
sc:evaluate().phi]] },

    { title = "What correction did",
      text = [[
After `sc:correct()`, what is the rod's angle, in radians?   check(value)]],
      answer = function()
        local sc = example("slider_crank", 1.5)
        sc.bodies.rod.angle = sc.bodies.rod.angle + 0.3
        return sc:correct().rod.angle
      end,
      mistakes = {
        { value = math.atan(-0.1, math.sqrt(0.16 - 0.01)) + 0.3, say = "that is the angle before correction." },
      },
      hints = {
        "`fixed` is the state `sc:correct()` returned: `fixed.rod.angle`.",
        "The crank is driven, so its angle stays; the rod must meet its pin again.",
        "The rod returns to about -0.2527 rad, the assembled angle.",
      } },

    { title = "One joint too many",
      text = [[
A second pin at the same place adds two more constraint rows that say
nothing new: the Jacobian loses rank, and the multipliers are no longer
unique (Sec. 14.4). mechbench finds the dependent rows by QR with column
pivoting and names their joint.]],
      code = [[
p = mb.example("pendulum")
p:joint{ name = "second pin", type = "revolute", points = {"A", "O"} }
ok, why = pcall(p.simulate, p, { tf = 1 })
why]] },

    { title = "Counting redundancy",
      text = [[
The pendulum with two pins has 4 constraint rows on 3 coordinates. The
Jacobian's rank is 2. How many rows are redundant?   check(n)]],
      answer = function() return 2 end,
      tol = 0,
      mistakes = {
        { value = 1, say = "the second pin repeats both rows of the first, x and y." },
        { value = 4, say = "only the rows beyond the rank are redundant: 4 rows, rank 2." },
      },
      hints = {
        "Redundant rows = rows - rank.",
        "4 - 2.",
        "2: the whole second pin.",
      } },
  },
  wrap_up = [[
You found a rest position by Newton-Raphson and by damped motion, corrected
an inconsistent start, and saw a redundant joint named. These complete the
analyses the book's programs offer.
The chapter's problems: problems(14), problem("14.1").

Challenge: give the variable-length pendulum's torsion spring a preload
(angle = 0.5 on the coil) and find the new rest. Is the slider still
1.1905 m out?]],
}
