-- SPDX-License-Identifier: GPL-3.0-or-later
-- Kinematic analysis and inverse dynamics (Ch. 12): Newton-Raphson against
-- the book's iteration tables, positions against a closed form, velocities
-- and accelerations against differences, driver torques against the power
-- balance, and the torque fed back into forward dynamics.
local T = dofile(arg[0]:match("(.*/)") .. "harness.lua")
local here = arg[0]:match("(.*/)")
local function example(name) return loadfile(here .. "../../examples/" .. name .. ".lua")("model") end

---------------------------------------------------------------- Newton-Raphson (Sec. 12.1.2)
local x, h = mb.newton(function(v) return v^3 - 4 * v^2 - 44 * v + 96 end, 10,
  { derivative = function(v) return 3 * v^2 - 8 * v - 44 end })
local want = { {10.0, 256.0}, {8.5455, 51.9309}, {8.0588, 5.0089}, {8.0008, 0.0677}, {8.0, 0.0} }
T.eq(#h.history, 5, "O-12.3: five evaluations")
for i, row in ipairs(want) do
  T.near(h.history[i].x, row[1], 5e-5, ("O-12.3 x at n = %d"):format(i))
  T.near(h.history[i].f, row[2], 5e-5, ("O-12.3 f at n = %d"):format(i))
end
T.near(x, 8, 1e-6, "O-12.3 converges to the root 8")

local function four_bar_loop(q)
  local c1, s1, c2, s2, c3, s3 = math.cos(q[1]), math.sin(q[1]), math.cos(q[2]), math.sin(q[2]), math.cos(q[3]), math.sin(q[3])
  return { c1 + 3 * c2 - 2.2 * c3 - 2, s1 + 3 * s2 - 2.2 * s3 - 0.5, q[1] - math.pi / 2 },
         { { -s1, -3 * s2, 2.2 * s3 }, { c1, 3 * c2, -2.2 * c3 }, { 1, 0, 0 } }
end
local q, h2 = mb.newton(four_bar_loop, { 1.57, 0.5, 1.2 }, { tol = 1e-4, max_iterations = 10 })
T.near_all(q, { 1.5708, 0.5782, 1.3357 }, 5e-5, "O-12.4 four-bar positions")
T.ok(h2.converged and h2.evaluations == 3, "O-12.4 stops at the third evaluation")
T.near_all(h2.history[1].f and { h2.history[1].f, h2.history[2].f } or {}, { 1.984e-1, 1.511e-2 }, 5e-4, "O-12.4 residuals")
T.near_all(mb.mat.solve({ { 1, 2, -1 }, { 2, -1, 1 }, { 0, 0, 1 } }, { 2, 3, 3 }), { 1, 2, 3 }, 1e-12,
  "O-12.1.1 the appended-constraint toy system")
T.fails(function() mb.newton(function(v) return v * v + 1 end, 0, { derivative = function(v) return 2 * v end }) end,
  "f'(x) = 0", "a zero derivative is explained")

---------------------------------------------------------------- kinematic analysis
local m = example("slider_crank")(1.5)
local r = m:kinematics{ tf = 2, dt = 0.001 }
local worst = 0
for i, t in ipairs(r.t) do
  local th = math.rad(30) + 1.5 * t
  local xB = 0.2 * math.cos(th) + math.sqrt(0.16 - (0.2 * math.sin(th))^2)
  worst = math.max(worst, math.abs(r:body("slider").x[i] - xB))
end
T.ok(worst < 1e-9, ("positions follow the closed form to the Newton tolerance (%.2g)"):format(worst))
local dv, da = 0, 0
local x, v, a = r:body("slider").x, r:body("slider").vx, r:body("slider").ax
for i = 2, #r.t - 1 do
  dv = math.max(dv, math.abs((x[i + 1] - x[i - 1]) / 0.002 - v[i]))
  da = math.max(da, math.abs((v[i + 1] - v[i - 1]) / 0.002 - a[i]))
end
T.ok(dv < 1e-5 and da < 1e-4, ("velocities and accelerations match differences (%.2g, %.2g)"):format(dv, da))
T.ok(r.stats.steps <= 2 * #r.t, "about one Newton iteration per step after the first")

-- a start off the constraints: the trace shows Newton-Raphson converging fast
local off = example("slider_crank")(1.5)
off.bodies.rod.angle = off.bodies.rod.angle + 0.3 -- a turn: the constraints are not linear in it
local rt = off:kinematics{ tf = 0.1, dt = 0.01, trace = true }
local tr = rt.trace
T.ok(#tr >= 3 and tr[#tr].residual < 1e-10, ("the first solve converges (%d residuals)"):format(#tr))
T.ok(tr[3].residual < tr[2].residual^1.5 + 1e-14, "quadratic convergence near the solution")
T.ok(tr[1].worst ~= nil, "the worst joint of each iteration is named: " .. tostring(tr[1].worst))
local modified = example("slider_crank")(1.5)
modified.bodies.rod.angle = modified.bodies.rod.angle + 0.3
local rm = modified:kinematics{ tf = 0.1, dt = 0.01, newton = "modified", trace = true }
T.ok(#rm.trace > #tr, ("modified Newton keeps the Jacobian and needs more steps (%d > %d)"):format(#rm.trace, #tr))

---------------------------------------------------------------- inverse dynamics
local id = example("slider_crank")(1.5):inverse_dynamics{ tf = 2, dt = 0.01 }
-- ID2's power balance: the motor's power equals c'(M c'' - h) (Eq. 12.13)
local masses = { crank = { 1, 1 * 0.2^2 / 12 }, rod = { 2, 2 * 0.4^2 / 12 }, slider = { 3, 0.01 } }
local worst_p = 0
for i = 1, #id.t do
  local p = 0
  for name, mi in pairs(masses) do
    local b = id:body(name)
    p = p + mi[1] * (b.vx[i] * b.ax[i] + b.vy[i] * (b.ay[i] + 9.81)) + mi[2] * b.omega[i] * b.alpha[i]
  end
  worst_p = math.max(worst_p, math.abs(id:reaction("motor").torque[i] * 1.5 - p))
end
T.ok(worst_p < 1e-9, ("driver torque x speed = power balance (ID1 = ID2, %.2g)"):format(worst_p))

-- forward dynamics driven by that torque reproduces the prescribed motion
local fine = example("slider_crank")(1.5):inverse_dynamics{ tf = 2, dt = 0.001 }
local torque, times = fine:reaction("motor").torque, fine.t
local free = example("slider_crank")(false)
for _, name in ipairs { "crank", "rod", "slider" } do -- the prescribed motion's start
  local b = fine:body(name)
  free.bodies[name].vel, free.bodies[name].omega = { b.vx[1], b.vy[1] }, b.omega[1]
end
free:force{ name = "motor torque", type = "torque", body = "crank", value = function(t)
  local k = math.min(math.max(math.floor(t / 0.001) + 1, 1), #times - 1)
  local w = (t - times[k]) / 0.001
  return torque[k] + w * (torque[k + 1] - torque[k])
end }
free:correct()
local fwd = free:simulate{ tf = 2, dt = 0.01, tol = 1e-10 }
local drift = 0
for i, t in ipairs(fwd.t) do
  drift = math.max(drift, math.abs(fwd:body("crank").angle[i] - (math.rad(30) + 1.5 * t)))
end
-- open loop, from a torque sampled every millisecond: small errors grow, so 1e-3 rad over 2 s
T.ok(drift < 1e-3, ("the computed torque reproduces the prescribed crank motion (%.2g rad)"):format(drift))

---------------------------------------------------------------- the same analyses in joint coordinates
do
  local rb = example("slider_crank")(1.5):inverse_dynamics{ tf = 2, dt = 0.01 }
  local rj = example("slider_crank")(1.5):inverse_dynamics{ tf = 2, dt = 0.01, formulation = "joint" }
  local dp, dt = 0, 0
  for i = 1, #rb.t do
    for _, name in ipairs { "crank", "rod", "slider" } do
      for _, f in ipairs { "x", "y", "angle", "vx", "ax", "alpha" } do
        dp = math.max(dp, math.abs(rb:body(name)[f][i] - rj:body(name)[f][i]))
      end
    end
    dt = math.max(dt, math.abs(rb:reaction("motor").torque[i] - rj:reaction("motor").torque[i]))
  end
  T.ok(dp < 1e-9, ("joint-coordinate kinematics match body coordinates (%.2g)"):format(dp))
  T.ok(dt < 1e-8, ("and so does the motor torque (%.2g)"):format(dt))
  local off = example("slider_crank")(1.5)
  off.bodies.rod.angle = off.bodies.rod.angle + 0.3
  local rt = off:kinematics{ tf = 0.1, dt = 0.01, trace = true, formulation = "joint" }
  T.ok(#rt.trace >= 3 and rt.trace[#rt.trace].residual < 1e-10 and rt.trace[1].worst == "wrist",
    "in joint coordinates the trace names the cut joint that is open: " .. tostring(rt.trace[1].worst))
  local cutter = example("four_bar_program")()
  local cj = cutter:inverse_dynamics{ tf = 1, dt = 0.001, formulation = "joint" }
  local cb = example("four_bar_program")():inverse_dynamics{ tf = 1, dt = 0.001 }
  local d = 0
  for i = 1, #cb.t do d = math.max(d, math.abs(cj:reaction("motor").torque[i] - cb:reaction("motor").torque[i])) end
  T.ok(d < 1e-6, ("the web cutter's torque in joint coordinates (%.2g)"):format(d))
end

---------------------------------------------------------------- static equilibrium (Sec. 14.2)
-- Ex 14.2's pendulum settles hanging straight down with the spring holding
-- the slider's weight: 0.7 + 9.81/20 = 1.1905 m from the pin.
for _, method in ipairs { "newton", "dynamics" } do
  local vp = example("variable_length_pendulum")()
  local eq = vp:equilibrium{ method = method }
  T.near(eq:body("arm").angle[1], 0, 1e-7, method .. ": the arm hangs straight down")
  T.near(math.sqrt(eq:body("slider").x[1]^2 + eq:body("slider").y[1]^2), 0.7 + 9.81 / 20, 1e-7,
    method .. ": the spring holds the slider's weight")
  -- the spring runs from the ground to the slider, so the pin carries the arm alone;
  -- the force is reported on the ground (the pin's second body): downward
  T.near(eq:reaction("pin").fy[1], -2 * 9.81, 1e-6, method .. ": the pin carries the arm's weight")
  T.eq(#eq.t, 1, method .. ": one instant")
  T.near(vp.bodies.arm.angle, math.pi / 3, 0, method .. ": the model's own start is left as it was")
end
local loose = mb.model{ name = "loose" }
loose:body{ name = "b", mass = 1, inertia = 1 }
T.fails(function() loose:equilibrium{} end, "equilibrium: the equations are singular here", "nothing holds a free body: explained")
T.fails(function() loose:equilibrium{ method = "magic" } end, "unknown method 'magic' (available: newton, dynamics)", "bad method")

---------------------------------------------------------------- constraints added and deleted during a run (Sec. 13.5-13.6)
do
  local m = example("pendulum")()
  m:joint{ name = "lock", type = "simple", body = "rod", coord = "angle", active = false }
  local r = m:simulate{ tf = 2, dt = 0.01, events = { { t = 0.5, add = "lock" }, { t = 1.5, remove = "lock" } } }
  local om, ang = r:body("rod").omega, r:body("rod").angle
  T.ok(math.abs(om[51]) > 5 and math.abs(om[52]) < 1e-9, "locking stops the swing at once")
  T.near(ang[151], ang[52], 1e-12, "the lock holds the angle until it is removed")
  T.ok(math.abs(om[160]) > 0.05, "released, the rod falls again")
  T.near(math.abs(r:reaction("lock").torque[100]), 2 * 9.81 * 0.5 * math.abs(math.cos(ang[100])), 1e-9,
    "the lock carries the weight's moment")
  T.eq(#r.t, 201, "one result over the whole run")
  T.ok(m.joints.lock.active == false and m.bodies.rod.angle == 0, "the model is left as it was")
end
do -- a pin joins two coasting bodies: the impulse keeps the total momentum
  local m = mb.model{ name = "docking", gravity = { 0, 0 } }
  m:body{ name = "a", mass = 2, inertia = 0.2, pos = { 0, 0 }, vel = { 1, 0.2 } }
  m:body{ name = "b", mass = 1, inertia = 0.1, pos = { 1.5, 0.1 }, omega = 0.5 }
  m:point{ name = "pa", body = "a", at = { 0.5, 0 } }
  m:point{ name = "pb", body = "b", at = { -0.5, 0 } }
  m:joint{ name = "dock", type = "revolute", points = { "pa", "pb" }, active = false }
  local r = m:simulate{ tf = 1, dt = 0.01, events = { { t = 0.5, add = "dock" } } }
  local function momentum(i)
    local a, b = r:body("a"), r:body("b")
    return 2 * a.vx[i] + 1 * b.vx[i], 2 * a.vy[i] + 1 * b.vy[i]
  end
  local px0, py0 = momentum(1)
  local px1, py1 = momentum(#r.t)
  T.near(px1, px0, 1e-9, "docking keeps the x momentum")
  T.near(py1, py0, 1e-9, "docking keeps the y momentum")
  T.ok(r.violation[#r.t] < 1e-8, "after docking the pin holds")
end
do -- a driver removed: kinematic until t = 1, then the cart coasts (Sec. 13.6)
  local m = example("cart")("A")
  m:correct()
  local r = m:simulate{ tf = 2, dt = 0.01, events = { { t = 1, remove = "motor" } } }
  local vx = r:body("chassis").vx
  T.near(vx[101], 0.2 * math.pi, 1e-9, "driven at 2 pi rad/s until t = 1")
  T.near(vx[#r.t], vx[101], 1e-7, "then it coasts at the same speed")
end
T.fails(function() example("pendulum")():simulate{ tf = 1, dt = 0.1, events = { { t = 0.55, remove = "pin" } } } end,
  "is not a multiple of dt", "event times on the reporting grid")
T.fails(function() example("pendulum")():simulate{ tf = 1, events = { { t = 0.5, add = "nope" } } } end,
  "must add or remove a joint of the model", "unknown joint in an event")

---------------------------------------------------------------- redundant constraints (carrying on: test_remedies.lua)
do
  local p = example("pendulum")()
  p:joint{ name = "second pin", type = "revolute", points = { "A", "O" } }
  T.fails(function() p:simulate{ tf = 1, formulation = "joint" } end, "the constraints of joint 'second pin' depend on the others",
    "joint coordinates name the redundant cut joint")
end

---------------------------------------------------------------- bad input
local f = example("slider_crank")(false)
T.fails(function() f:kinematics{ tf = 1 } end, "9 coordinates, 8 rows, so add 1 driver row", "missing driver counted")
local over = example("slider_crank")(1.5)
over:joint{ name = "extra", type = "simple", body = "slider", coord = "x" }
T.fails(function() over:kinematics{ tf = 1 } end, "so remove 1 row", "a driver too many counted")
local pend = example("pendulum")()
pend:point{ name = "Q", body = "ground", at = { 0, 2 } }
pend:joint{ name = "reach", type = "driver", points = { "tip", "Q" }, fn = function(t) return 2 - t end }
pend:correct()
local ok, err = pcall(pend.kinematics, pend, { tf = 2, dt = 0.05 })
-- the tip can come no closer to Q than 1 m: at t = 1 the drive asks the impossible
T.ok(not ok and (err:find("did not converge", 1, true) or err:find("singular", 1, true)), "an unreachable position: " .. tostring(err))
local stopped = pend.last and pend.last.t[#pend.last.t]
T.ok(stopped and stopped >= 0.9 and stopped <= 1.0, "it stops where the reach ends, keeping the samples before: t = " .. tostring(stopped))
local redundant = example("pendulum")()
redundant:joint{ name = "stretch", type = "driver", points = { "tip", "O" }, fn = function(t) return 1 + t end }
T.fails(function() redundant:kinematics{ tf = 0.5, dt = 0.1 } end, "constraint Jacobian is singular", "a driver that repeats a joint is caught")
T.fails(function() pend:kinematics{ tf = 0.5, newton = "secant" } end, "unknown newton 'secant' (available: full, modified)", "bad option")

T.finish()
