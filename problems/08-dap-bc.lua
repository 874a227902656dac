-- SPDX-License-Identifier: GPL-3.0-or-later
-- The problems of Chapter 8 (Sec. 8.2): each asks to revise the book's
-- body-coordinate program DAP_BC (a unilateral element, timing, continuing
-- a run, the remedies of Sec. 13.3, static equilibrium two ways, a
-- correction that keeps chosen coordinates). mechbench has each feature,
-- so a problem here is a model of the system the revision is for, run in
-- body coordinates as DAP_BC would run it, asking for what DAP_BC would
-- print. verify works each answer out again: by hand from the poses, in
-- joint coordinates, by the other method of Ch. 14, or by a conservation
-- law. Where our data stand for the book's figure, the sheet says so.
local vec = mb.vec
local g = 9.81

------------------------------------------------------------------ helpers

local function last(series) return series[#series] end

local function largest(series)
  local big = -math.huge
  for _, x in ipairs(series) do big = math.max(big, x) end
  return big
end

local function smallest(series)
  local low = math.huge
  for _, x in ipairs(series) do low = math.min(low, x) end
  return low
end

local function copy(list)
  local out = {}
  for i, x in ipairs(list) do out[i] = x end
  return out
end

-- The sliding pendulum of App. B (Ex. B.1): the slider's pin A is the
-- slider's mass centre, on the guide y = 0.2; the pendulum's pin B is 0.5
-- above its mass centre. s: x1, phi2 (the pendulum's angle), the rates
-- x1d, phi2d, and optionally m1, m2, J2, k, L0. The pendulum is placed on
-- the pin, so the start holds every joint.
local function sliding_pendulum(s)
  local m = mb.example("sliding_pendulum")
  local slider, pendulum = m.bodies.slider, m.bodies.pendulum
  slider.mass, pendulum.mass = s.m1 or slider.mass, s.m2 or pendulum.mass
  pendulum.inertia = s.J2 or pendulum.inertia
  m.forces.spring.k, m.forces.spring.length = s.k or m.forces.spring.k, s.L0 or m.forces.spring.length
  local x1, phi, x1d, w = s.x1 or 1, s.phi2, s.x1d or 0, s.phi2d or 0
  slider.pos, slider.vel = { x1, 0.2 }, { x1d, 0 }
  pendulum.angle, pendulum.omega = phi, w
  pendulum.pos = { x1 + 0.5 * math.sin(phi), 0.2 - 0.5 * math.cos(phi) }
  pendulum.vel = { x1d + 0.5 * math.cos(phi) * w, 0.5 * math.sin(phi) * w }
  return m
end

-- A point of body `name` at sample i of a run, from its pose (local s).
local function pose_point(r, name, i, s)
  local b = r:body(name)
  local c, sn = math.cos(b.angle[i]), math.sin(b.angle[i])
  return { b.x[i] + c * s[1] - sn * s[2], b.y[i] + sn * s[1] + c * s[2] }
end

-- The norm of a list of constraint values.
local function norm(rows)
  local sum = 0
  for _, v in ipairs(rows) do sum = sum + v * v end
  return math.sqrt(sum)
end

-- The sliding pendulum's constraints by hand at sample i: the guide (the
-- slider's angle, its height 0.2) and the pin (A = B).
local function sp_violation(r, i)
  local s = r:body("slider")
  local B = pose_point(r, "pendulum", i, { 0, 0.5 })
  return norm { s.angle[i], s.y[i] - 0.2, s.x[i] - B[1], s.y[i] - B[2] }
end

-- The four-bar of examples/four_bar.lua by hand at sample i: its four pins.
local function four_bar_violation(r, i)
  local rows = {}
  local function pin(p, q)
    rows[#rows + 1] = p[1] - q[1]
    rows[#rows + 1] = p[2] - q[2]
  end
  pin(pose_point(r, "crank", i, { -0.05, 0 }), { 0, 0 })
  pin(pose_point(r, "coupler", i, { -0.175, 0 }), pose_point(r, "crank", i, { 0.05, 0 }))
  pin(pose_point(r, "coupler", i, { 0.175, 0 }), pose_point(r, "rocker", i, { 0.125, 0 }))
  pin(pose_point(r, "rocker", i, { -0.125, 0 }), { 0.4, 0 })
  return norm(rows)
end

-- The four-bar with its rocker's mass centre moved delta micrometres to the
-- right: the pins at B and O4 are each off by delta in x, under the start
-- check's 1e-6 m, so a run starts there and Baumgarte's terms pull it back.
local function moved_four_bar(d)
  local m = mb.example("four_bar", d.crank)
  local rocker = m.bodies.rocker
  rocker.pos = { rocker.pos[1] + d.delta * 1e-6, rocker.pos[2] }
  return m
end

-- The double pendulum of Sec. 1.3 with the problem's masses and inertias.
local function double_pendulum(d)
  local m = mb.example("double_pendulum")
  m.bodies.upper.mass, m.bodies.upper.inertia = d.m1, d.J1
  m.bodies.lower.mass, m.bodies.lower.inertia = d.m2, d.J2
  return m
end

-- The double A-arm of Sec. 8.1.1 with the tire as a standard unilateral
-- element: a circle of the free radius about the wheel's centre against
-- the road, pushing k delta + c delta' and never pulling (the contact law
-- "spring" with n = 1). The book's own element (examples/aa.lua, a user
-- force) is switched off. The start is put on the joints.
local function double_a_arm(d)
  local m = mb.example("aa")
  m.forces.tire.fn = function() return {} end
  m.bodies.wheel.mass = d.m2
  m.forces.suspension.k, m.forces.suspension.c = d.ks, d.cs
  m:point { name = "wheel centre", body = "wheel" }
  m:contact { name = "road", point = "wheel centre", radius = d.R, law = "spring", k = d.kt, n = 1, c = d.ct }
  m:correct()
  return m
end

-- The variable-length pendulum of Ex. 9.3 (examples/variable_length_pendulum.lua)
-- with the problem's springs and masses.
local function variable_pendulum(d)
  local m = mb.example("variable_length_pendulum")
  m.bodies.arm.mass, m.bodies.slider.mass = d.m[1], d.m[2]
  m.forces.coil.k, m.forces.coil.angle = d.kr, d.phi0
  m.forces.strut.k, m.forces.strut.length = d.k, d.L0
  return m
end

-- Its rest by hand: the gradient of the potential energy
--   V = kr (phi - phi0)^2 / 2 + k (s - L0)^2 / 2 - g cos(phi) (m1 L + m2 s)
-- (the arm's centre L = 0.5 below the pin, the slider s along the arm)
-- is zero. dV/ds = 0 gives s = L0 + m2 g cos(phi) / k; put into dV/dphi,
-- F(phi) = kr (phi - phi0) + g sin(phi) (m1 L + m2 s(phi)) is -kr phi0 < 0
-- at 0 and positive at phi0 (0 < phi0 < pi/2), so bisection on [0, phi0]
-- finds the rest. (Newton on both unknowns from phi0, L0 left the basin
-- for a quarter of the seeds.)
local function variable_pendulum_rest(d)
  local m1, m2 = d.m[1], d.m[2]
  local function s_of(phi) return d.L0 + m2 * g * math.cos(phi) / d.k end
  local function F(phi) return d.kr * (phi - d.phi0) + g * math.sin(phi) * (0.5 * m1 + m2 * s_of(phi)) end
  local lo, hi = 0, d.phi0
  for _ = 1, 100 do
    local mid = (lo + hi) / 2
    if F(mid) > 0 then hi = mid else lo = mid end
  end
  local phi = (lo + hi) / 2
  return phi, s_of(phi)
end

-- Minimum-norm correction of a state (Eqs. 14.7 and 14.9) by hand, for the
-- sliding pendulum's four rows: q = {x1, y1, phi1, x2, y2, phi2}.
local function sp_rows(q)
  local c, s = math.cos(q[6]), math.sin(q[6])
  local phi = { q[3], q[2] - 0.2, q[1] - q[4] + 0.5 * s, q[2] - q[5] - 0.5 * c }
  local D = {
    { 0, 0, 1, 0, 0, 0 },
    { 0, 1, 0, 0, 0, 0 },
    { 1, 0, 0, -1, 0, 0.5 * c },
    { 0, 1, 0, 0, -1, 0.5 * s },
  }
  return phi, D
end

-- x - D'(DD')^-1 e for the rows D (a list of rows), e their residuals.
local function least_norm_step(x, D, e)
  local n = #D
  local A = {}
  for i = 1, n do
    A[i] = {}
    for j = 1, n do
      local sum = 0
      for k = 1, #x do sum = sum + D[i][k] * D[j][k] end
      A[i][j] = sum
    end
  end
  local lambda = mb.mat.solve(mb.mat(A), e)
  local out = copy(x)
  for i = 1, n do
    for k = 1, #x do out[k] = out[k] - D[i][k] * lambda[i] end
  end
  return out
end

return {
  chapter = 8,
  title = "The body-coordinate program, revised",
  problems = {
    ------------------------------------------------------------------ 8.1
    { number = "8.1",
      title = "A unilateral tire element for the suspension models",
      text = [[
The double A-arm of Sec. 8.1.1 models its tire with a one-off force that acts only while the
wheel touches the road. Make it a standard element instead: a spring-damper of free radius R
between the wheel's centre and the road that pushes k delta + c delta' while compressed and
never pulls (in mechbench, a contact with the law "spring", n = 1, on a point at the wheel's
centre). Put it in the model of examples/aa.lua in place of its tire, with the data below,
start at Ex. 8.1's initial conditions, and find the wheel's height at rest, the tire's force
there, and the lowest height the wheel reaches as it drops onto the road in the first 0.2 s
(report every 0.002 s).]],
      build = "mb.example(\"aa\"), its tire switched off, m:contact{ law = \"spring\", ... }; m:equilibrium, m:simulate",
      data = {
        { name = "R", value = 0.35, unit = "m", what = "the tire's free radius" },
        { name = "kt", value = 50000, unit = "N/m", what = "the tire's stiffness", vary = 0.3, step = 1000 },
        { name = "ct", value = 1000, unit = "N s/m", what = "the tire's damping", vary = 0.3, step = 50 },
        { name = "ks", value = 90000, unit = "N/m", what = "the suspension spring", vary = 0.2, step = 1000 },
        { name = "cs", value = 1100, unit = "N s/m", what = "the suspension damper", vary = 0.3, step = 50 },
        { name = "m2", value = 30, unit = "kg", what = "the wheel's mass", vary = 0.3, step = 1 },
      },
      asks = {
        { name = "y_rest", what = "the wheel centre's height at rest", unit = "m" },
        { name = "f_rest", what = "the tire's force at rest", unit = "N" },
        { name = "y_low", what = "the lowest height of the wheel's centre in 0.2 s", unit = "m" },
      },
      answers = function(d)
        local m = double_a_arm(d)
        local e = m:equilibrium {}
        local r = m:simulate { tf = 0.2, dt = 0.002 }
        return { y_rest = e:body("wheel").y[1], f_rest = e:contact("road").normal[1],
          y_low = smallest(r:body("wheel").y) }
      end,
      verify = function(d)
        -- the rest by the other method of Ch. 14 (settling under fictitious
        -- damping), the force by the law by hand, the drop in joint coordinates
        local m = double_a_arm(d)
        local y = m:equilibrium({ method = "dynamics" }):body("wheel").y[1]
        local r = m:simulate { tf = 0.2, dt = 0.002, formulation = "joint" }
        return { y_rest = y, f_rest = d.kt * (d.R - y), y_low = smallest(r:body("wheel").y) }
      end,
      book = {
        { ask = "y_rest", value = 0.32, where = "Ex. 8.1 and Fig. 8.2: the wheel settles at about 0.32 m" },
      },
      mistakes = {
        y_rest = { { value = function(d) return d.R end,
          say = "that is the free radius: at rest the tire is squeezed by the weight and the suspension's spring." },
          { value = function(d)
            local m = double_a_arm(d)
            m.forces.tire.fn = mb.example("aa").forces.tire.fn
            return m:equilibrium({}):body("wheel").y[1]
          end, say = "the wheel rests on two tires there: the example's own tire is still on beside the new element." } },
        f_rest = { { value = function(d) return (2 + d.m2 + 1) * g end,
          say = "that is the weight of the three bodies: the preloaded suspension spring pushes the wheel down too." } },
      },
      model = function(d) return double_a_arm(d) end,
      hints = {
        "A contact with law = \"spring\" and n = 1 is exactly k delta + c delta', and it never pulls.",
        "m.forces.tire.fn = function() return {} end silences the example's tire; then m:point at the wheel's centre and m:contact.",
        "The rest: m:equilibrium{}; its e:body(\"wheel\").y[1] and e:contact(\"road\").normal[1].",
        "The drop: r = m:simulate{ tf = 0.2, dt = 0.002 }; the smallest of r:body(\"wheel\").y.",
      } },

    ------------------------------------------------------------------ 8.2
    { number = "8.2",
      title = "Timing a run: evaluations and seconds",
      text = [[
DAP_BC can time its integration (clock and etime around ode45). mechbench keeps the count in
r.stats: fevals (evaluations of the equations of motion), steps, and wall, the seconds. Run the
sliding pendulum of App. B (Ex. B.1, examples/sliding_pendulum.lua, with the data below, its
pendulum placed on the pin) for the time below: once with ode45 at tol = 1e-6, abstol = 1e-9
(the tolerances Ch. 13 advises), once with RK4 at the step h. Give the evaluations of each.
Look at the seconds too; they depend on the machine and its load, so they are not checked:
the evaluations are the machine-free measure of the work.]],
      build = "mb.example(\"sliding_pendulum\"); m:simulate twice; r.stats.fevals and r.stats.wall",
      data = {
        { name = "tf", value = 4, unit = "s", what = "how long to run" },
        { name = "phi2", value = 30, unit = "deg", what = "the pendulum's angle at the start", vary = { abs = 15, step = 1 } },
        { name = "m2", value = 2, unit = "kg", what = "the pendulum's mass", vary = 0.3 },
        { name = "h", value = 0.01, unit = "s", what = "RK4's step", vary = { choices = { 0.005, 0.01, 0.02 } } },
      },
      asks = {
        { name = "fevals_ode45", what = "evaluations by ode45", unit = "" },
        { name = "fevals_rk4", what = "evaluations by RK4", unit = "" },
      },
      answers = function(d)
        local function run(o) return sliding_pendulum(d):simulate(o).stats.fevals end
        return { fevals_ode45 = run { tf = d.tf, dt = 0.02, tol = 1e-6, abstol = 1e-9 },
          fevals_rk4 = run { tf = d.tf, dt = 0.02, integrator = "rk4", h = d.h } }
      end,
      verify = function(d)
        -- ode45 by its cost: six stages a step tried (accepted or refused),
        -- the seventh shared with the next step, one to start; RK4 by hand:
        -- four a step
        local s = sliding_pendulum(d):simulate { tf = d.tf, dt = 0.02, tol = 1e-6, abstol = 1e-9 }.stats
        return { fevals_ode45 = 6 * (s.steps + s.refused) + 1, fevals_rk4 = 4 * math.floor(d.tf / d.h + 0.5) }
      end,
      book = {
        { ask = "fevals_ode45", value = 655, where = "App. B, Ex. B.1: \"Number of function evaluations\"" },
      },
      mistakes = {
        fevals_rk4 = { { value = function(d) return math.floor(d.tf / d.h + 0.5) end,
          say = "that is the number of steps: RK4 evaluates the equations four times a step." } },
        fevals_ode45 = { { value = function(d) return sliding_pendulum(d):simulate { tf = d.tf, dt = 0.02, tol = 1e-6,
          abstol = 1e-9 }.stats.steps end, say = "that is the number of steps: ode45 evaluates six times a step (and once to start)." } },
      },
      model = function(d) return sliding_pendulum(d) end,
      hints = {
        "r.stats holds the run's counts: fevals, steps, wall.",
        "A fixed-step RK4 costs the same for any model; ode45's count depends on how hard the motion is to follow.",
        "r = m:simulate{ tf = p.data.tf, tol = 1e-6, abstol = 1e-9 }; r.stats.fevals",
      } },

    ------------------------------------------------------------------ 8.3
    { number = "8.3",
      title = "Continuing a run from where it stopped",
      text = [[
Give DAP_BC a way to continue a simulation: the last state of one run becomes the initial
conditions of the next. Do it with the sliding pendulum of App. B (the data below, starting
at rest with the pendulum on its pin): run it to t1, put each body's last position, angle and
velocities back into the model, and run on for tf - t1 (the model has nothing that depends on
time, so the second run may start its clock at 0). Use tol = 1e-9. Give the slider's x and
the pendulum's angle at tf, and the total energy there.]],
      build = "two runs of the sliding pendulum; m.bodies.slider.pos = ..., .vel = ..., .angle, .omega",
      data = {
        { name = "phi2", value = 30, unit = "deg", what = "the pendulum's angle at the start", vary = { abs = 20, step = 1 } },
        { name = "k", value = 20, unit = "N/m", what = "the spring", vary = 0.3 },
        { name = "t1", value = 1.5, unit = "s", what = "where the first run stops", vary = { range = { 1, 2 }, step = 0.1 } },
        { name = "tf", value = 4, unit = "s", what = "where the second run ends", vary = { range = { 3, 5 }, step = 0.1 } },
      },
      asks = {
        { name = "x_end", what = "the slider's x at tf", unit = "m" },
        { name = "phi_end", what = "the pendulum's angle at tf", unit = "rad", kind = "angle" },
        { name = "E_end", what = "the total energy at tf", unit = "J" },
      },
      answers = function(d)
        local m = sliding_pendulum(d)
        local r1 = m:simulate { tf = d.t1, dt = 0.05, tol = 1e-9 }
        for name, b in pairs(m.bodies) do
          local s = r1:body(name)
          b.pos, b.angle = { last(s.x), last(s.y) }, last(s.angle)
          b.vel, b.omega = { last(s.vx), last(s.vy) }, last(s.omega)
        end
        local r2 = m:simulate { tf = d.tf - d.t1, dt = 0.05, tol = 1e-9 }
        return { x_end = last(r2:body("slider").x), phi_end = last(r2:body("pendulum").angle),
          E_end = last(r2.energy.total) }
      end,
      verify = function(d)
        -- one run all the way; the energy as it was at the start (nothing dissipates)
        local r = sliding_pendulum(d):simulate { tf = d.tf, dt = 0.05, tol = 1e-9 }
        local y2 = 0.2 - 0.5 * math.cos(d.phi2)
        return { x_end = last(r:body("slider").x), phi_end = last(r:body("pendulum").angle),
          E_end = g * (5 * 0.2 + 2 * y2) + 0.5 * d.k * (1 - 0.6) ^ 2 }
      end,
      mistakes = {
        x_end = { { value = function(d)
          local m = sliding_pendulum(d)
          local r1 = m:simulate { tf = d.t1, dt = 0.05, tol = 1e-9 }
          for name, b in pairs(m.bodies) do
            local s = r1:body(name)
            b.pos, b.angle = { last(s.x), last(s.y) }, last(s.angle)
          end
          return last(m:simulate({ tf = d.tf - d.t1, dt = 0.05, tol = 1e-9 }):body("slider").x)
        end, say = "the second run must start with the velocities of the first one's end too, not at rest." },
          { value = function(d)
            local tf = d.tf + d.t1
            return last(sliding_pendulum(d):simulate({ tf = tf, dt = 0.05, tol = 1e-9 }):body("slider").x)
          end, say = "that is where the model is at t1 + tf: the second run starts its clock at 0, so it lasts tf - t1." } },
      },
      model = function(d) return sliding_pendulum(d) end,
      hints = {
        "A run's last sample is its state: r:body(\"slider\").x[#r.t], and .y, .angle, .vx, .vy, .omega.",
        "Write them into the model (m.bodies.slider.pos = {x, y}, .angle, .vel = {vx, vy}, .omega) and simulate again.",
        "Nothing in this model dissipates energy: r.energy.total stays what it was at the start.",
      } },

    ------------------------------------------------------------------ 8.4
    { number = "8.4",
      title = "Baumgarte's stabilisation as an option",
      text = [[
Add the stabilisation of Sec. 13.3.1 to the program as an option: gamma becomes
gamma - 2 alpha Phi' - beta^2 Phi (Eq. 13.32), so the violation obeys Phi'' + 2 alpha Phi' +
beta^2 Phi = 0 instead of Phi'' = 0. Try it on the four-bar of examples/four_bar.lua,
swinging under gravity from the crank angle below, with alpha = beta below.

(a) Drift: integrate 3 s with ode45 at its own loose defaults (tol = 1e-3, abstol = 1e-6;
App. B's run of DAP_BC uses the 1e-6 and 1e-9 of Ch. 13), reported every 0.25 s, once
without the terms and once with them. Give the series of the violation without them (r.violation, the norm of Phi, 13
values), and say which run's violation grows steadily.

(b) Decay: move the rocker's mass centre by delta (below) to the right of where it belongs,
so the run starts off its pins by less than the start check's 1e-6 m, keep everything at
rest, and integrate 0.5 s with the terms at tol = 1e-9, reported every 0.05 s. Give the
violation's series (11 values). Compare it with what Phi'' + 2 alpha Phi' + alpha^2 Phi = 0
predicts from Phi'(0) = 0.]],
      build = "mb.example(\"four_bar\", angle); runs with stabilization = \"none\" and \"baumgarte\"",
      data = {
        { name = "crank", value = 60, unit = "deg", what = "the crank's angle at the start", vary = { abs = 40, step = 1 } },
        { name = "ab", value = 10, unit = "1/s", what = "Baumgarte's alpha and beta", vary = { choices = { 5, 10, 20 } } },
        { name = "delta", value = 0.5, unit = "um", what = "(b) the rocker moved to the right, in micrometres", ours = true,
          vary = { range = { 0.2, 0.9 }, step = 0.1 } },
      },
      asks = {
        { name = "drift", what = "(a) r.violation without the terms (13 values)", unit = "m", kind = "series" },
        { name = "grows", what = "(a) which violation grows: \"with\" or \"without\" the terms", unit = "",
          kind = "choice", choices = { "with", "without" } },
        { name = "decay", what = "(b) r.violation with the terms from the moved start (11 values)", unit = "m",
          kind = "series" },
      },
      answers = function(d)
        local function loose(o)
          o.tf, o.dt, o.tol, o.abstol = 3, 0.25, 1e-3, 1e-6
          return copy(mb.example("four_bar", d.crank):simulate(o).violation)
        end
        local none, b = loose {}, loose { stabilization = "baumgarte", alpha = d.ab, beta = d.ab }
        local r = moved_four_bar(d):simulate { tf = 0.5, dt = 0.05, tol = 1e-9, stabilization = "baumgarte",
          alpha = d.ab, beta = d.ab }
        return { drift = none, grows = last(none) > 10 * last(b) and "without" or "with", decay = copy(r.violation) }
      end,
      verify = function(d)
        -- (a) the four pins' Phi from each sample's poses, by hand; (b) the
        -- critically damped Phi(t) = Phi0 (1 + alpha t) e^(-alpha t), Phi0 =
        -- delta sqrt(2) (the pins at B and O4 each off by delta in x)
        local drift, drift_b = {}, {}
        for _, run in ipairs { { drift, {} }, { drift_b, { stabilization = "baumgarte", alpha = d.ab, beta = d.ab } } } do
          local o = run[2]
          o.tf, o.dt, o.tol, o.abstol = 3, 0.25, 1e-3, 1e-6
          local r = mb.example("four_bar", d.crank):simulate(o)
          for i = 1, #r.t do run[1][i] = four_bar_violation(r, i) end
        end
        local decay = {}
        for i = 1, 11 do
          local t = 0.05 * (i - 1)
          decay[i] = d.delta * 1e-6 * math.sqrt(2) * (1 + d.ab * t) * math.exp(-d.ab * t)
        end
        return { drift = drift, grows = largest(drift) > largest(drift_b) and "without" or "with", decay = decay }
      end,
      mistakes = {
        drift = { { value = function(d)
          return copy(mb.example("four_bar", d.crank):simulate { tf = 3, dt = 0.25, tol = 1e-3, abstol = 1e-6,
            stabilization = "baumgarte", alpha = d.ab, beta = d.ab }.violation)
        end, say = "that is the series with Baumgarte's terms; this one is without them." } },
        decay = {
          { value = function(d)
            local out = {}
            for i = 1, 11 do out[i] = d.delta * 1e-6 * math.sqrt(2) end
            return out
          end, tol = 1e-3, say = "without the terms (or with alpha alone, from rest) Phi'' = 0 keeps the start's violation: "
            .. "set stabilization = \"baumgarte\", alpha and beta." },
          { value = function(d)
            local out = {}
            for i = 1, 11 do out[i] = d.delta * 1e-6 * math.sqrt(2) * math.abs(math.cos(d.ab * 0.05 * (i - 1))) end
            return out
          end, tol = 1e-3, say = "with beta alone Phi oscillates undamped: alpha damps it, give both." },
          { value = function(d)
            local out = {}
            for i = 1, 11 do out[i] = d.delta * 1e-6 * math.sqrt(2) * math.exp(-d.ab * 0.05 * (i - 1)) end
            return out
          end, tol = 1e-3, say = "that is a first-order decay e^(-alpha t); the terms make Phi a critically damped "
            .. "second-order system, which starts level because Phi' = 0." },
        },
      },
      model = function(d) return moved_four_bar(d) end,
      hints = {
        "r.violation is the norm of Phi at every report; mb.example(\"four_bar\", p.data.crank) starts on its pins.",
        "m:simulate{ stabilization = \"baumgarte\", alpha = a, beta = a, tol = ..., abstol = ... }; m.bodies.rocker.pos moves the rocker (metres).",
        "With alpha = beta the characteristic equation s^2 + 2 alpha s + alpha^2 = 0 has the double root -alpha.",
      } },
    ------------------------------------------------------------------ 8.5
    { number = "8.5",
      title = "The penalty method as a solver",
      text = [[
Solve the equations of motion with the penalty method of Sec. 13.3.3 instead of Lagrange
multipliers: each constraint becomes a stiff, damped spring (mechbench's defaults are the
book's Ex. 13.7: mc = 1000 times the largest mass, zeta = 1, omega = 20 pi). Run the sliding
pendulum of App. B (data below, at rest with the pendulum on its pin) for 2 s, tol = 1e-8, and
give the slider's x at 2 s, the pin's force on the pendulum then (its x component), and the
constraint violation then. The first two must come out close to what the multipliers give.]],
      build = "the sliding pendulum; m:simulate{ stabilization = \"penalty\", ... }; r:reaction(\"pin\")",
      data = {
        { name = "phi2", value = 30, unit = "deg", what = "the pendulum's angle at the start", vary = { abs = 20, step = 1 } },
        { name = "m2", value = 2, unit = "kg", what = "the pendulum's mass", vary = 0.3 },
        { name = "k", value = 20, unit = "N/m", what = "the spring", vary = 0.3 },
      },
      asks = {
        { name = "x_end", what = "the slider's x at 2 s", unit = "m" },
        { name = "fx", what = "the pin's force on the pendulum at 2 s, x component", unit = "N", tol = 5e-3 },
        { name = "violation", what = "the norm of Phi at 2 s", unit = "m", tol = 1e-2 },
      },
      answers = function(d)
        local r = sliding_pendulum(d):simulate { tf = 2, dt = 0.05, tol = 1e-8, stabilization = "penalty" }
        return { x_end = last(r:body("slider").x), fx = last(r:reaction("pin").fx), violation = last(r.violation) }
      end,
      verify = function(d)
        -- Lagrange multipliers for the motion and the force; the penalty run's Phi by hand
        local exact = sliding_pendulum(d):simulate { tf = 2, dt = 0.05, tol = 1e-8 }
        local r = sliding_pendulum(d):simulate { tf = 2, dt = 0.05, tol = 1e-8, stabilization = "penalty" }
        return { x_end = last(exact:body("slider").x), fx = last(exact:reaction("pin").fx),
          violation = sp_violation(r, #r.t) }
      end,
      mistakes = {
        fx = { { value = function(_, ref) return -ref.fx end,
          say = "that is the pin's force on the slider: the reaction is given on the joint's second body." } },
      },
      model = function(d) return sliding_pendulum(d) end,
      hints = {
        "The penalty's springs let the joints open a little: the violation is small but never zero.",
        "m:simulate{ tf = 2, tol = 1e-8, stabilization = \"penalty\" } (mc, zeta, omega default to Ex. 13.7's).",
        "r:reaction(\"pin\").fx[#r.t] and r.violation[#r.t]; run once more without the option to compare.",
      } },

    ------------------------------------------------------------------ 8.6
    { number = "8.6",
      title = "The momentum method as a solver",
      text = [[
Solve the equations of motion with the momentum method of Sec. 13.3.5 (the book's problem
says 13.3.4, which is the joint-coordinate method): the state holds the momenta M c' instead
of the velocities. Run the double pendulum of Sec. 1.3
(examples/double_pendulum.lua, with the masses and inertias below) for 3 s at tol = 1e-9 and
give both rods' angles at 3 s, the shoulder pin's force on the upper rod {fx, fy} then, and
the total energy there.]],
      build = "mb.example(\"double_pendulum\"); m:simulate{ stabilization = \"momentum\", ... }",
      data = {
        { name = "m1", value = 3, unit = "kg", what = "the upper rod's mass", vary = 0.3 },
        { name = "J1", value = 1, unit = "kg m^2", what = "its inertia", vary = 0.3 },
        { name = "m2", value = 1.6, unit = "kg", what = "the lower rod's mass", vary = 0.3 },
        { name = "J2", value = 0.3, unit = "kg m^2", what = "its inertia (the book's 0.8 is a misprint)", vary = 0.3 },
      },
      asks = {
        { name = "phi_upper", what = "the upper rod's angle at 3 s", unit = "rad", kind = "angle" },
        { name = "phi_lower", what = "the lower rod's angle at 3 s", unit = "rad", kind = "angle" },
        { name = "shoulder", what = "the shoulder's force on the upper rod at 3 s {fx, fy}", unit = "N" },
        { name = "E_end", what = "the total energy at 3 s", unit = "J" },
      },
      answers = function(d)
        local r = double_pendulum(d):simulate { tf = 3, dt = 0.05, tol = 1e-9, stabilization = "momentum" }
        local f = r:reaction("shoulder")
        return { phi_upper = last(r:body("upper").angle), phi_lower = last(r:body("lower").angle),
          shoulder = { last(f.fx), last(f.fy) }, E_end = last(r.energy.total) }
      end,
      verify = function(d)
        -- the same motion with multipliers; the energy as at the start, by hand
        local m = double_pendulum(d)
        local r = m:simulate { tf = 3, dt = 0.05, tol = 1e-9 }
        local f = r:reaction("shoulder")
        local E = 0
        for _, b in pairs(m.bodies) do
          E = E + 0.5 * b.mass * (b.vel[1] ^ 2 + b.vel[2] ^ 2) + 0.5 * b.inertia * b.omega ^ 2 + b.mass * g * b.pos[2]
        end
        return { phi_upper = last(r:body("upper").angle), phi_lower = last(r:body("lower").angle),
          shoulder = { last(f.fx), last(f.fy) }, E_end = E }
      end,
      mistakes = {
        shoulder = { { value = function(_, ref) return { -ref.shoulder[1], -ref.shoulder[2] } end,
          say = "that is the rod's force on the ground: r:reaction gives the force on the joint's second body." } },
      },
      model = double_pendulum,
      hints = {
        "The momentum method changes how the equations are solved, not the motion: the angles match the usual run.",
        "m:simulate{ tf = 3, tol = 1e-9, stabilization = \"momentum\" }; r:body(\"upper\").angle[#r.t].",
        "Nothing dissipates: the total energy at 3 s is what it was at the start.",
      } },

    ------------------------------------------------------------------ 8.7
    { number = "8.7",
      title = "Static equilibrium by fictitious damping",
      text = [[
Add static equilibrium to the program the way Eq. 14.5 does it: damping is added to every
body and the model runs until it stops moving. Take the variable-length pendulum of Ex. 9.3
(examples/variable_length_pendulum.lua) with the springs and masses below; our rotational
spring's free angle is not zero, so the rest is not straight down. Give the arm's angle and
the slider's distance from the pin O at rest, and the strut's tension there.]],
      build = "m = mb.example(\"variable_length_pendulum\") with the data set in m.forces.coil.k (kr), "
        .. "m.forces.coil.angle (phi0), m.forces.strut.k (k), m.forces.strut.length (L0), "
        .. "m.bodies.arm.mass (m[1]) and m.bodies.slider.mass (m[2]); m:equilibrium{ method = \"dynamics\" }",
      data = {
        { name = "kr", value = 6, unit = "N m/rad", what = "the rotational spring at O", vary = 0.3 },
        { name = "phi0", value = 60, unit = "deg", what = "its free angle", ours = true, vary = { abs = 20, step = 1 } },
        { name = "k", value = 20, unit = "N/m", what = "the strut's spring", vary = 0.3 },
        { name = "L0", value = 0.7, unit = "m", what = "its free length", vary = 0.2 },
        { name = "m", value = { 2, 1 }, unit = "kg", what = "the arm's and the slider's masses", vary = 0.3 },
      },
      asks = {
        { name = "phi_rest", what = "the arm's angle at rest", unit = "rad", kind = "angle" },
        { name = "s_rest", what = "the slider's distance from O at rest", unit = "m" },
        { name = "f_strut", what = "the strut's tension at rest", unit = "N" },
      },
      answers = function(d)
        local e = variable_pendulum(d):equilibrium { method = "dynamics" }
        local s = vec.norm { e:body("slider").x[1], e:body("slider").y[1] }
        return { phi_rest = e:body("arm").angle[1], s_rest = s, f_strut = d.k * (s - d.L0) }
      end,
      verify = function(d)
        local phi, s = variable_pendulum_rest(d)
        return { phi_rest = phi, s_rest = s, f_strut = g * d.m[2] * math.cos(phi) }
      end,
      mistakes = {
        phi_rest = { { value = function(d) return d.phi0 end,
          say = "that is the spring's free angle: gravity pulls the arm back towards hanging straight down." },
          { value = 0, say = "straight down would be the rest if the rotational spring's free angle were zero." } },
      },
      model = variable_pendulum,
      hints = {
        "With damping on every body the motion dies away, and where it stops is the static equilibrium.",
        "m:equilibrium{ method = \"dynamics\" }; e:body(\"arm\").angle[1]; the slider's distance is |r2|.",
        "At rest the strut holds the slider's weight along the arm: its tension is m2 g cos(phi).",
      } },

    ------------------------------------------------------------------ 8.8
    { number = "8.8",
      title = "Static equilibrium from Eq. 14.4, by Newton's method",
      text = [[
Add static equilibrium by solving Eq. 14.4 (the applied forces balanced by the joints'
reactions, h + D'lambda = 0, with Phi = 0) for c and lambda at once, as fsolve would. Try it
on the sliding pendulum of App. B with a horizontal force f pushing the pendulum's lower end
(1 m below its pin, 0.5 below its mass centre: our point). Give the slider's x, the
pendulum's angle, and the pin's force on the pendulum {fx, fy} at rest.]],
      build = "the sliding pendulum, a point and a force on its pendulum; m:equilibrium{ method = \"newton\" }",
      data = {
        { name = "f", value = 5, unit = "N", what = "the push, to the right", ours = true, vary = 0.6 },
        { name = "k", value = 20, unit = "N/m", what = "the spring", vary = 0.3 },
        { name = "L0", value = 0.6, unit = "m", what = "its free length", vary = 0.2 },
        { name = "m2", value = 2, unit = "kg", what = "the pendulum's mass", vary = 0.3 },
      },
      asks = {
        { name = "x_rest", what = "the slider's x at rest", unit = "m" },
        { name = "phi_rest", what = "the pendulum's angle at rest", unit = "rad", kind = "angle" },
        { name = "pin", what = "the pin's force on the pendulum {fx, fy}", unit = "N" },
      },
      answers = function(d)
        local m = sliding_pendulum { x1 = 1, phi2 = 0, k = d.k, L0 = d.L0, m2 = d.m2 }
        m:point { name = "C", body = "pendulum", at = { 0, -0.5 } }
        m:force { name = "push", type = "force", point = "C", value = { d.f, 0 } }
        local e = m:equilibrium { method = "newton" }
        local pin = e:reaction("pin")
        return { x_rest = e:body("slider").x[1], phi_rest = e:body("pendulum").angle[1], pin = { pin.fx[1], pin.fy[1] } }
      end,
      verify = function(d)
        -- by hand: the spring takes the push; moments about the pin give
        -- tan(phi) = 2 f / (m2 g); the pin holds the pendulum's weight and the push
        return { x_rest = d.L0 + d.f / d.k, phi_rest = math.atan(2 * d.f, d.m2 * g), pin = { -d.f, d.m2 * g } }
      end,
      mistakes = {
        phi_rest = { { value = function(d) return math.atan(d.f, d.m2 * g) end,
          say = "the push acts at the lower end, twice as far from the pin as the weight: tan(phi) = 2 f / (m2 g)." } },
        pin = { { value = function(d) return { d.f, -d.m2 * g } end,
          say = "that is the pendulum's force on the slider: the reaction is given on the joint's second body, the pendulum." } },
      },
      model = function(d)
        local m = sliding_pendulum { x1 = 1, phi2 = 0, k = d.k, L0 = d.L0, m2 = d.m2 }
        m:point { name = "C", body = "pendulum", at = { 0, -0.5 } }
        m:force { name = "push", type = "force", point = "C", value = { d.f, 0 } }
        return m
      end,
      hints = {
        "Eq. 14.4 is n + m equations in the coordinates and the multipliers; Newton-Raphson solves them from the start.",
        "m:equilibrium{ method = \"newton\" }; e:body(\"pendulum\").angle[1]; e:reaction(\"pin\").fx[1].",
        "Check it by hand: the spring alone holds the push along the guide; take moments about the pin for the angle.",
      } },

    ------------------------------------------------------------------ 8.9
    { number = "8.9",
      title = "Correcting the start while keeping chosen coordinates",
      text = [[
The correction of Sec. 14.3 (Eqs. 14.7, 14.9) moves every coordinate and velocity. Revise it
to keep the ones a user names: add a temporary constraint per kept coordinate, correct, then
drop it.

(a) First the plain correction on the book's Cart_A (mb.example("cart", "A"), Ex. 8.6, at
rest): give the chassis's corrected x' and the rear wheel's {x', y', phi'}.

(b) The sliding pendulum of App. B starts off its pin (our x1, x2, y2 and velocities below).
Keep the pendulum's angle and its rate by holding them with a driver on the body's angle, fn =
mb.fn.poly{phi2, phi2d, 0}; correct; then set the driver's active = false. Give the corrected
{x1, x2, y2} and {x1', x2', y2'}.

(c) Correct the same start plainly: what angle does the pendulum get?]],
      build = "m:correct(); a driver m:joint{ type = \"driver\", body = \"pendulum\", fn = ... } while correcting",
      data = {
        { name = "x1", value = 1, unit = "m", what = "the slider's x", ours = true, vary = 0.2 },
        { name = "x2", value = 1.3, unit = "m", what = "the pendulum's x (off its pin)", ours = true, vary = { abs = 0.05 } },
        { name = "y2", value = -0.2, unit = "m", what = "the pendulum's y", ours = true, vary = { abs = 0.05 } },
        { name = "phi2", value = 30, unit = "deg", what = "the pendulum's angle, kept", ours = true, vary = { abs = 15, step = 1 } },
        { name = "x1d", value = 0.3, unit = "m/s", what = "the slider's x'", ours = true, vary = 0.5 },
        { name = "v2", value = { 0, 0 }, unit = "m/s", what = "the pendulum's x' and y'", ours = true },
        { name = "phi2d", value = 1.2, unit = "rad/s", what = "the pendulum's rate, kept", ours = true, vary = 0.5 },
      },
      asks = {
        { name = "cart_vx", what = "(a) the chassis's corrected x'", unit = "m/s" },
        { name = "cart_rear", what = "(a) the rear wheel's corrected {x', y', phi'}", unit = "m/s, rad/s" },
        { name = "kept_pos", what = "(b) {x1, x2, y2} corrected, the angle kept", unit = "m" },
        { name = "kept_vel", what = "(b) {x1', x2', y2'} corrected, the rate kept", unit = "m/s" },
        { name = "phi_plain", what = "(c) the pendulum's angle after the plain correction", unit = "rad", kind = "angle" },
      },
      answers = function(d)
        local cart = mb.example("cart", "A"):correct()
        local function start()
          local m = sliding_pendulum { x1 = d.x1, phi2 = d.phi2, x1d = d.x1d, phi2d = d.phi2d }
          local p = m.bodies.pendulum
          p.pos, p.vel = { d.x2, d.y2 }, copy(d.v2)
          return m
        end
        local m = start()
        local keep = m:joint { name = "keep", type = "driver", body = "pendulum", fn = mb.fn.poly { d.phi2, d.phi2d, 0 } }
        local c = m:correct()
        keep.active = false
        return { cart_vx = cart.chassis.vx, cart_rear = { cart.rear.vx, cart.rear.vy, cart.rear.omega },
          kept_pos = { c.slider.x, c.pendulum.x, c.pendulum.y }, kept_vel = { c.slider.vx, c.pendulum.vx, c.pendulum.vy },
          phi_plain = start():correct().pendulum.angle }
      end,
      verify = function(d)
        -- (a) rolling without slip at the driver's -2 pi rad/s: x' = -R phi'
        -- (b) with the angle fixed the rows are linear: the least-norm change
        -- splits the pin's x gap between x1 and x2 and puts its y gap on y2
        -- (the guide holds y1); the rates alike. (c) Eq. 14.7 iterated by hand.
        local c, s = math.cos(d.phi2), math.sin(d.phi2)
        local ex, ey = d.x1 - d.x2 + 0.5 * s, 0.2 - d.y2 - 0.5 * c
        local vx, vy = d.x1d - d.v2[1] + 0.5 * c * d.phi2d, -d.v2[2] + 0.5 * s * d.phi2d
        local q = { d.x1, 0.2, 0, d.x2, d.y2, d.phi2 }
        for _ = 1, 30 do
          local phi, D = sp_rows(q)
          q = least_norm_step(q, D, phi)
        end
        return { cart_vx = 0.2 * math.pi, cart_rear = { 0.2 * math.pi, 0, -2 * math.pi },
          kept_pos = { d.x1 - ex / 2, d.x2 + ex / 2, d.y2 + ey }, kept_vel = { d.x1d - vx / 2, d.v2[1] + vx / 2, d.v2[2] + vy },
          phi_plain = q[6] }
      end,
      book = {
        { ask = "cart_vx", value = 0.62832, where = "Ex. 8.6, \"Corrected velocities\"" },
        { ask = "cart_rear", value = { 0.62832, 0, -6.2832 }, where = "Ex. 8.6, \"Corrected velocities\"" },
      },
      mistakes = {
        cart_vx = { { value = 0, say = "that is the start, at rest: with it the cart never moves (Ex. 8.7)." } },
        phi_plain = { { value = function(d) return d.phi2 end,
          say = "that is the angle kept in (b): the plain correction moves the angle as well." } },
        kept_pos = { { value = function(d)
          local m = sliding_pendulum { x1 = d.x1, phi2 = d.phi2 }
          m.bodies.pendulum.pos = { d.x2, d.y2 }
          local c = m:correct()
          return { c.slider.x, c.pendulum.x, c.pendulum.y }
        end, say = "that is the plain correction, which turns the pendulum too: hold its angle while correcting." } },
        kept_vel = { { value = function(d)
          local m = sliding_pendulum { x1 = d.x1, phi2 = d.phi2, x1d = d.x1d, phi2d = d.phi2d }
          local p = m.bodies.pendulum
          p.pos, p.vel = { d.x2, d.y2 }, copy(d.v2)
          local keep = m:joint { name = "keep", type = "simple", body = "pendulum", coord = "angle" }
          local c = m:correct()
          keep.active = false
          return { c.slider.vx, c.pendulum.vx, c.pendulum.vy }
        end, say = "a simple constraint holds the angle still, so the correction zeroes its rate: hold the rate with a driver." } },
      },
      model = function(d)
        local m = sliding_pendulum { x1 = d.x1, phi2 = d.phi2, x1d = d.x1d, phi2d = d.phi2d }
        local p = m.bodies.pendulum
        p.pos, p.vel = { d.x2, d.y2 }, copy(d.v2)
        return m
      end,
      hints = {
        "A constraint on a coordinate takes it out of the least-squares change: the others absorb the whole correction.",
        "m:joint{ name = \"keep\", type = \"driver\", body = \"pendulum\", fn = mb.fn.poly{ phi2, phi2d, 0 } } holds the angle and its rate.",
        "c = m:correct() returns the corrected state by body name; then keep.active = false drops the driver.",
      } },
  },
}
