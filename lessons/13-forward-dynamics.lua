-- SPDX-License-Identifier: GPL-3.0-or-later
-- Lesson 13: forward dynamics: step sizes and constraint drift.
local example = mb.example

local function drift(stab, formulation)
  local r = example("four_bar"):simulate{ tf = 10, dt = 0.05, integrator = "rk4", h = 0.01,
    stabilization = stab, alpha = 10, beta = 10, formulation = formulation }
  local w = 0
  for i = 1, #r.t do w = math.max(w, r.violation[i]) end
  return w
end

-- The discrete-time method: the four-bar's largest gap, as the step's
-- comparison runs it.
local function discrete_gap()
  local r = example("four_bar"):simulate{ formulation = "discrete", tf = 10, dt = 0.05 }
  local w = 0
  for i = 1, #r.t do w = math.max(w, r.violation[i]) end
  return w
end

-- Its pendulum's largest angle error over 1 s at step h.
local function angle_error(h)
  local ref = example("pendulum"):simulate{ tf = 1, dt = 0.01, tol = 1e-12 }
  local r = example("pendulum"):simulate{ formulation = "discrete", h = h, tf = 1, dt = 0.01 }
  local e = 0
  for i = 1, #r.t do e = math.max(e, math.abs(r:body("rod").angle[i] - ref:body("rod").angle[i])) end
  return e
end

return {
  number = 13,
  title = "Forward dynamics: step size and constraint drift",
  book = "Nikravesh, Planar Multibody Dynamics, Ch. 13 (Sec. 13.1-13.3)",
  objectives = {
    "pick a step size from a mechanism's natural period",
    "see constraint violation grow when only accelerations are constrained",
    "compare Baumgarte, penalty, momentum and coordinate partitioning on one model",
    "see which constraints are left to drift in joint coordinates",
    "run the discrete-time method and measure its error, cost and stable step",
  },
  steps = {
    { title = "How big a step?",
      text = [[
An integrator follows the motion in steps. A fixed step must resolve the
fastest oscillation: with natural frequency omega, the period is
tau = 2 pi / omega, and a safe step is below tau / 10 (Sec. 13.1.3). For a
rod pinned at one end, omega = sqrt(3 g / 2 L).]] },

    { title = "A step for the pendulum",
      text = [[
For a 1 m rod pinned at one end (g = 9.81), what is the largest step the
tau / 10 rule allows, in seconds?   check(value)]],
      answer = function() return 2 * math.pi / math.sqrt(3 * 9.81 / 2) / 10 end,
      book = { id = "O-13.1.3", value = 0.16380, note = "tau / 10 with tau = 1.6380 s; the book rounds to 1.64 s and 0.16 s" },
      mistakes = {
        { value = 2 * math.pi / math.sqrt(9.81) / 10, say = "that is a point mass on a string; a rod's mass is spread along it: omega = sqrt(3g/2L)." },
        { value = 2 * math.pi / math.sqrt(3 * 9.81 / 2), say = "that is the whole period tau; the rule takes a tenth of it." },
        { value = 0.16, say = "that is the book's rounding of tau / 10; give three digits." },
      },
      hints = {
        "omega = sqrt(3 * 9.81 / 2), tau = 2 pi / omega.",
        "`2 * math.pi / math.sqrt(14.715) / 10`",
        "tau = 1.638 s, so steps up to 0.1638 s (the book rounds to 0.16).",
      } },

    { title = "Try the rule",
      text = [[
Run the pendulum with fixed RK4 steps below and above that bound and
compare the energy, which should stay constant.]],
      code = [[
p = mb.example("pendulum")
c = mb.compare(p, { {label = "h = 0.05", integrator = "rk4", h = 0.05},
                    {label = "h = 0.16", integrator = "rk4", h = 0.16},
                    {label = "h = 0.4", integrator = "rk4", h = 0.4} },
               { tf = 4, dt = 0.4 })]] },

    { title = "Drift",
      text = [[
In body coordinates the integrator only sees D c'' = gamma, the second
derivative of the constraints. Small errors in position and velocity are
not pulled back, so Phi wanders off zero: the joints come apart slowly
(Sec. 13.3). Watch the four-bar's violation grow with a coarse step.]],
      code = [[
fb = mb.example("four_bar")
r = fb:simulate{ tf = 10, dt = 0.05, integrator = "rk4", h = 0.01 }
r:plot("violation")]] },

    { title = "How far apart?",
      text = [[
With no remedy, RK4 at h = 0.01 s for 10 s: what is the largest |Phi| of
the four-bar, in metres?   check(value)]],
      answer = function() return drift("none") end,
      atol = 0.002,
      precision = "a value read off the plot: 0.021 to 0.025 m shows the drift was seen",
      mistakes = {
        { value = 0, say = "look at the plot again: without a remedy the violation grows." },
      },
      hints = {
        "The largest value of `r.violation`.",
        "`math.max(table.unpack(r.violation))`",
        "About 0.023 m: more than 2 cm after 10 s.",
      } },

    { title = "Four remedies",
      text = [[
Baumgarte adds feedback on Phi and Phi' to gamma (alpha, beta); the
penalty method turns joints into stiff, damped springs; the momentum method
projects velocities back onto the constraints; coordinate partitioning
integrates only independent coordinates and solves the rest (Secs.
13.3.1-13.3.5). The comparison runs them all on the four-bar.
Read max |Phi|: the differences compare each run with the first, and this
crank swings up near its top, where a tiny error decides if it goes over.]],
      code = [[
fb = mb.example("four_bar")
c = mb.compare(fb, { "body",
  { label = "baumgarte", stabilization = "baumgarte",
    alpha = 10, beta = 10 },
  { label = "penalty", stabilization = "penalty" },
  { label = "momentum", stabilization = "momentum" },
  { label = "partitioning", stabilization = "partitioning" } },
  { tf = 10, dt = 0.05, integrator = "rk4", h = 0.01 })]] },

    { title = "The best of them",
      text = [[
Which remedy leaves the smallest largest |Phi| on this run? Answer with
its value, in metres.   check(value)]],
      answer = function() return drift("partitioning") end,
      atol = 1e-9,
      precision = "any round-off-sized value is the right reading",
      mistakes = {
        -- the table prints two digits: 5% takes either rounding
        { value = drift("baumgarte"), tol = 0.05, say = "Baumgarte is good, but one remedy solves the constraints exactly each step." },
        { value = drift("momentum"), tol = 0.05, say = "the momentum method stops velocity drift; positions still wander a little." },
      },
      hints = {
        "`c.figures` has each run's largest violation.",
        "Coordinate partitioning solves Phi = 0 by Newton-Raphson at every evaluation.",
        "About 1e-12 m: round-off.",
      } },

    { title = "Fewer constraints to drift",
      text = [[
In joint coordinates the tree joints hold by construction: only the cut
joint's two rows, C theta'' = gamma, can drift (Sec. 13.3.4), and the
remedies act on them alone. The momentum method now integrates
p = M theta', and M changes with the pose, so p' = M theta'' + M' theta'.]],
      code = [[
jc = mb.compare(fb, {
  { label = "joint", formulation = "joint" },
  { label = "joint, momentum", formulation = "joint",
    stabilization = "momentum" },
  { label = "joint, partitioning", formulation = "joint",
    stabilization = "partitioning" } },
  { tf = 10, dt = 0.05, integrator = "rk4", h = 0.01 })]] },

    { title = "Drift of the cut joint",
      text = [[
With no remedy in joint coordinates (same step, same 10 s), what is the
largest |Phi| now, in metres?   check(value)]],
      answer = function() return drift("none", "joint") end,
      atol = 0.001,
      precision = "a value read off the table: 0.0089 to 0.0109 m shows the joint run was read",
      mistakes = {
        { value = drift("none"), say = "that is the body-coordinate run; read the pane labelled joint." },
        { value = drift("partitioning", "joint"), say = "that run had a remedy; read the pane labelled joint." },
      },
      hints = {
        "`jc.figures` has each run's largest violation.",
        "The pane labelled joint, without a remedy.",
        "About 0.0099 m: less than half the body-coordinate drift, since only one pin can open.",
      } },

    { title = "The discrete-time method",
      text = [[
Another way has no constraint equations at all (formulation = "discrete").
Each step sums every force on a body at its mass centre, the joints'
included, and moves the body on its own: first its velocity, v = v + h a,
then its position by that new velocity, x = x + h v (semi-implicit Euler).
Each joint is a stiff spring and damper on its gap, tuned to the step so
that the step stays stable. A step is cheap, so it takes very many: h =
1e-5 s unless told. Compare it with body coordinates on the four-bar.]],
      code = [[
fb = mb.example("four_bar")
dc = mb.compare(fb, { "body", "discrete" }, { tf = 10, dt = 0.05 })]] },

    { title = "Its gap",
      text = [[
Nothing pulls the joints back but their springs, and they hold: read the
discrete run's largest |Phi| in the table. How many times smaller is it
than the drift RK4 left in body coordinates with no remedy, step 5's
0.0229 m?   check(value)]],
      answer = function() return drift("none") / discrete_gap() end,
      tol = 0.05,
      precision = "the table prints two digits: 5% takes either rounding",
      mistakes = {
        { value = 5.79e-5, tol = 0.05, say = "that is the ratio the other way round: the bigger over the smaller." },
      },
      hints = {
        "The max |Phi| column, row discrete; then divide 0.0229 by it.",
        "`0.0229 / dc.figures.discrete.violation`",
        "About 17000: the springs stretch about 1.3e-6 m under the loads.",
      } },

    { title = "Error against the step",
      text = [[
Run the pendulum for 1 s at h = 1e-3 to 1e-6 s; measure the largest error
of its angle against a tight adaptive run, and how far its energy wanders.]],
      code = [[
p = mb.example("pendulum")
ref = p:simulate{ tf = 1, dt = 0.01, tol = 1e-12 }
hs, err, wander = { 1e-3, 1e-4, 1e-5, 1e-6 }, {}, {}
for k, h in ipairs(hs) do
  r = p:simulate{ formulation = "discrete", h = h, tf = 1, dt = 0.01 }
  a, e = r:body("rod").angle, r.energy.total
  err[k], wander[k] = 0, 0
  for i = 1, #r.t do
    err[k] = math.max(err[k], math.abs(a[i] - ref:body("rod").angle[i]))
    wander[k] = math.max(wander[k], math.abs(e[i] - e[1]))
  end
end
err]] },

    { title = "On log-log axes",
      text = [[
Plot both against h, each as log10. A straight line of slope 1 means the
error falls tenfold with the step: a first-order method.]],
      code = [[
lh, le, lw = {}, {}, {}
for k = 1, 4 do
  lh[k] = math.log(hs[k], 10)
  le[k], lw[k] = math.log(err[k], 10), math.log(wander[k], 10)
end
mb.plot{ series = { { x = lh, y = le, label = "angle error" },
                    { x = lh, y = lw, label = "energy error" } },
         xlabel = "log10 h [s]", ylabel = "log10 error" }]] },

    { title = "Its order",
      text = [[
What is the slope of the angle error's line between h = 1e-4 and 1e-6 s?
check(value)]],
      answer = function() return (math.log(angle_error(1e-4), 10) - math.log(angle_error(1e-6), 10)) / 2 end,
      atol = 0.05,
      precision = "a slope read off the plot: 0.95 to 1.05 shows it was read",
      mistakes = {
        { value = 2, say = "that would be second order; this line falls one decade per decade of h." },
        { value = -1, say = "right size, wrong sign: the error falls as h falls, so the slope is positive." },
      },
      hints = {
        "Rise over run: the drop in log10 error over the drop in log10 h.",
        "`(math.log(err[2], 10) - math.log(err[4], 10)) / 2`",
        "1.00: first order. Its period, though, is second order (test it!).",
      } },

    { title = "The cost",
      text = [[
Very many cheap steps against a few dear ones: the 64-link chain for
0.5 s both ways. `rd.stats.wall` is the computing time in seconds.]],
      code = [[
ch = mb.example("chain", 64)
rd = ch:simulate{ formulation = "discrete", tf = 0.5, dt = 0.01 }
rb = ch:simulate{ tf = 0.5, dt = 0.01 }
print(("discrete: %d steps, %.3f s"):format(rd.stats.steps, rd.stats.wall))
print(("body: %d steps, %.3f s"):format(rb.stats.steps, rb.stats.wall))]] },

    { title = "Too large a step",
      text = [[
The joints' springs follow h, but an applied spring does not: 1 kg on a
spring of 1e8 N/m rings at omega = 1e4 rad/s. Run it at h = 1e-4 s, then
at 2.5e-4 s.]],
      code = [[
s = mb.model{ name = "stiff spring", gravity = {0, 0} }
s:body{ name = "b", mass = 1, inertia = 0.1, pos = {1.001, 0} }
s:point{ name = "O", body = "ground" }
s:point{ name = "B", body = "b" }
s:force{ name = "k", type = "spring-damper", points = {"O", "B"},
         k = 1e8, length = 1 }
o = { formulation = "discrete", tf = 0.01, dt = 0.001 }
o.h = 1e-4;   small = s:simulate(o)
o.h = 2.5e-4; big = s:simulate(o)
print(small.energy.total[11], big.energy.total[11])]] },

    { title = "The largest step",
      text = [[
Semi-implicit Euler keeps an undamped spring in bounds only while
omega h < 2. For that spring, what is the largest stable step, in seconds?
check(value)]],
      answer = function() return 2 / 1e4 end,
      mistakes = {
        { value = 1e-4, say = "that one is stable, but not the largest: omega h = 1 there." },
        { value = 2.5e-4, say = "that is the step whose energy grew to 1e50 J: omega h = 2.5 there." },
        { value = 2 * math.pi / 1e4 / 10, say = "that is the tau / 10 rule for accuracy; the bound for stability is omega h < 2." },
      },
      hints = {
        "h < 2 / omega.",
        "`2 / 1e4`",
        "2e-4 s: at 2.5e-4 s its 50 J grew to 1e50 J in 0.01 s; at 1e-4 s they stayed.",
      } },
  },
  wrap_up = [[
You chose a step from a period, watched constraint drift, and compared four
remedies on one mechanism, in body and in joint coordinates; then ran the
discrete-time method, whose joints are springs: first order, cheap per
step, and stable only below 2 / omega of its stiffest force. Lesson 14
asks where a mechanism comes to rest.
The chapter's problems study steps, remedies and impacts by the piecewise
and the continuous method: problems(13), problem("13.2").

Challenge: raise Baumgarte's alpha and beta to 100 with h = 0.01 s. What
happens, and why does the book warn against large values?]],
}
