-- Lesson 13: forward dynamics: step sizes and constraint drift.
local example = mb.example

local function drift(stab, formulation)
  local r = example("four_bar"):simulate{ tf = 10, dt = 0.05, integrator = "rk4", h = 0.01,
    stabilization = stab, alpha = 10, beta = 10, formulation = formulation }
  local w = 0
  for i = 1, #r.t do w = math.max(w, r.violation[i]) end
  return w
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
13.3.1-13.3.5). The comparison runs them all on the four-bar.]],
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
        { value = drift("baumgarte"), say = "Baumgarte is good, but one remedy solves the constraints exactly each step." },
        { value = drift("momentum"), say = "the momentum method stops velocity drift; positions still wander a little." },
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
      precision = "a value read off the plot: 0.0089 to 0.0109 m shows the joint run was read",
      mistakes = {
        { value = drift("none"), say = "that is the body-coordinate run; read the pane labelled joint." },
        { value = drift("partitioning", "joint"), say = "that run had a remedy; read the pane labelled joint." },
      },
      hints = {
        "`jc.figures` has each run's largest violation.",
        "The pane labelled joint, without a remedy.",
        "About 0.0099 m: less than half the body-coordinate drift, since only one pin can open.",
      } },
  },
  wrap_up = [[
You chose a step from a period, watched constraint drift, and compared four
remedies on one mechanism, in body and in joint coordinates. Lesson 14
asks where a mechanism comes to rest.

Challenge: raise Baumgarte's alpha and beta to 100 with h = 0.01 s. What
happens, and why does the book warn against large values?]],
}
