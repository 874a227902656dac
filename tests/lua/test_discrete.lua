-- SPDX-License-Identifier: GPL-3.0-or-later
-- The discrete-time method (formulation "discrete", integrator
-- "symplectic"): every body on its own semi-implicit Euler step of h, each
-- joint row a stiff spring and damper tuned to h. Against exact answers
-- where there are some (the pendulum's elliptic-integral period, m a - m g),
-- against body coordinates elsewhere; its order in h measured; what it
-- refuses, said at the user's line; values changed during a run.
local here = arg[0]:match("(.*/)")
local T = dofile(here .. "harness.lua")
local function example(name, ...) return loadfile(here .. "../../examples/" .. name .. ".lua")("model")(...) end
local function largest(a, from)
  local w = 0
  for i = from or 1, #a do w = math.max(w, math.abs(a[i])) end
  return w
end

---------------------------------------------------------------- the pendulum's period
-- A 1 m rod pinned at one end, released from the horizontal: amplitude
-- 90 degrees, period 4 K(sin 45°) / sqrt(3g / 2L) with K the complete
-- elliptic integral of the first kind (by the arithmetic-geometric mean).
local function K(k)
  local a, b = 1, math.sqrt(1 - k * k)
  for _ = 1, 30 do a, b = (a + b) / 2, math.sqrt(a * b) end
  return math.pi / (2 * a)
end
local exact_period = 4 * K(math.sin(math.pi / 4)) / math.sqrt(3 * 9.81 / 2)
-- times the rod passes the vertical swinging one way, interpolated
local function downward_crossings(r)
  local angle, out = r:body("rod").angle, {}
  for i = 2, #r.t do
    local a0, a1 = angle[i - 1] + math.pi / 2, angle[i] + math.pi / 2
    if a0 > 0 and a1 <= 0 then out[#out + 1] = r.t[i - 1] + (r.t[i] - r.t[i - 1]) * a0 / (a0 - a1) end
  end
  return out
end
do
  local r = example("pendulum"):simulate{ formulation = "discrete", tf = 4.5, dt = 1e-3 }
  T.eq(r.stats.integrator, "symplectic", "the discrete method steps by semi-implicit Euler unless told")
  T.eq(r.stats.steps, 450000, "at its default h = 1e-5 s")
  T.eq(r.stats.fevals, r.stats.steps, "one evaluation per step")
  local c = downward_crossings(r)
  local period = c[2] - c[1]
  -- 9.4e-9 measured: the period error is second order, as the step is
  -- leapfrog's in disguise (the issue asks 1e-4)
  T.ok(math.abs(period / exact_period - 1) < 1e-7,
    ("the period %.10f s is the elliptic integral's %.10f s within %.2g"):format(period, exact_period,
      math.abs(period / exact_period - 1)))
end

---------------------------------------------------------------- reactions are the joint forces
do
  local mass, g = 2, 9.81
  local r = example("pendulum"):simulate{ formulation = "discrete", tf = 1, dt = 1e-3 }
  local rod, pin = r:body("rod"), r:reaction("pin")
  -- the pin's reaction on its second body (the ground) is minus the force on
  -- the rod: -(m a - m g), a as reported
  local worst, scale = 0, 0
  for i = 1, #r.t do
    scale = math.max(scale, math.abs(pin.fy[i]))
    worst = math.max(worst, math.abs(pin.fx[i] + mass * rod.ax[i]), math.abs(pin.fy[i] + mass * (rod.ay[i] + g)))
  end
  T.ok(worst < 1e-12 * scale, ("the reaction is m a - m g of the accelerations reported (%.2g of %.3g)"):format(worst, scale))
  -- and of the motion itself: a by central differences of the velocities
  -- (3e-5 measured: the step's velocities lag half a step)
  worst = 0
  for i = 2, #r.t - 1 do
    local ax = (rod.vx[i + 1] - rod.vx[i - 1]) / (r.t[i + 1] - r.t[i - 1])
    local ay = (rod.vy[i + 1] - rod.vy[i - 1]) / (r.t[i + 1] - r.t[i - 1])
    worst = math.max(worst, math.abs(pin.fx[i] + mass * ax), math.abs(pin.fy[i] + mass * (ay + g)))
  end
  T.ok(worst < 3e-4 * scale, ("the reaction is m a - m g of the motion within %.2g of its scale (%.2g)"):format(
    worst / scale, worst))
  -- and the exact multiplier, once the pin has taken its load (2.4e-5 measured)
  local exact = example("pendulum"):simulate{ tf = 1, dt = 1e-3, tol = 1e-12 }
  worst = 0
  for i = 201, #r.t do
    worst = math.max(worst, math.abs(pin.fx[i] - exact:reaction("pin").fx[i]), math.abs(pin.fy[i] - exact:reaction("pin").fy[i]))
  end
  T.ok(worst < 3e-4 * scale, ("from t = 0.2 s the reaction is body coordinates' multiplier within %.2g of its scale"):format(
    worst / scale))
  T.ok(math.abs(pin.fy[1]) < 1e-12, "at the start the pin carries nothing yet: a joint force needs a gap")
end

---------------------------------------------------------------- a loop over 10 s, energy over 10 s
do
  local r = example("four_bar"):simulate{ formulation = "discrete", tf = 10, dt = 0.01 }
  local gap = largest(r.violation)
  T.ok(gap < 1e-5, ("the four-bar's loop stays closed over 10 s: largest gap %.2g m (1.3e-6 measured)"):format(gap))
  T.ok(gap > 0, "and the gap is not zero: the joints are springs")
end
do
  local r = example("double_pendulum"):simulate{ formulation = "discrete", tf = 10, dt = 0.01 }
  local e, drift, scale = r.energy.total, 0, 0
  for i = 1, #e do drift, scale = math.max(drift, math.abs(e[i] - e[1])), math.max(scale, r.energy.kinetic[i]) end
  T.ok(drift < 1e-4 * scale, ("the double pendulum's energy stays within %.2g of its kinetic energy's scale %.3g J over 10 s"):format(
    drift / scale, scale))
end

---------------------------------------------------------------- the order in h
-- The pendulum's angle over 1 s against a tight adaptive run at h = 1e-3
-- ... 1e-6: the error falls tenfold with h (first order: the velocity the
-- step starts from is a half step off leapfrog's). Measured 0.97, 1.00, 1.00.
do
  local exact = example("pendulum"):simulate{ tf = 1, dt = 0.01, tol = 1e-13 }
  local hs, errors = { 1e-3, 1e-4, 1e-5, 1e-6 }, {}
  for k, h in ipairs(hs) do
    local r = example("pendulum"):simulate{ formulation = "discrete", h = h, tf = 1, dt = 0.01 }
    local e = 0
    for i = 1, #r.t do e = math.max(e, math.abs(r:body("rod").angle[i] - exact:body("rod").angle[i])) end
    errors[k] = e
  end
  -- least squares slope of log error against log h
  local n, sx, sy, sxx, sxy = #hs, 0, 0, 0, 0
  for k = 1, n do
    local x, y = math.log(hs[k], 10), math.log(errors[k], 10)
    sx, sy, sxx, sxy = sx + x, sy + y, sxx + x * x, sxy + x * y
  end
  local order = (n * sxy - sx * sy) / (n * sxx - sx * sx)
  T.ok(order > 0.95 and order < 1.5, ("first order in h: the error falls as h^%.3f (errors %.2g ... %.2g)"):format(
    order, errors[1], errors[n]))
end

---------------------------------------------------------------- its joints' springs
do
  -- the gap under a load goes as 1/omega^2
  local function gap(omega)
    local r = example("pendulum"):simulate{ formulation = "discrete", omega = omega, tf = 0.5, dt = 0.01 }
    return largest(r.violation, 10)
  end
  local ratio = gap(2000) / gap(4000)
  T.ok(math.abs(ratio - 4) < 0.1, ("omega sets the joints' stiffness: twice omega, a quarter of the gap (%.3f)"):format(ratio))
  -- what the pieces show: no constraint rows, the diagonal mass, and the
  -- joint's force in h once the pin is pulled apart
  local p = example("pendulum")
  p.bodies.rod.pos = { 0.5 + 1e-6, 0 }
  local pieces = p:pieces{ formulation = "discrete" }
  T.eq(#pieces.phi, 0, "m:pieces: no constraint rows")
  T.ok(pieces.h[1] < -1 and math.abs(pieces.h[2] + 2 * 9.81) < 1e-9,
    ("m:pieces: a gap of 1e-6 m pulls the rod back by %.3g N"):format(pieces.h[1]))
end

---------------------------------------------------------------- too large a step
-- The joints are tuned to any h, but an applied spring is not: 1e8 N/m on
-- 1 kg rings at 1e4 rad/s, and semi-implicit Euler needs omega h < 2.
local function stiff()
  local m = mb.model{ name = "stiff spring", gravity = { 0, 0 } }
  m:body{ name = "b", mass = 1, inertia = 0.1, pos = { 1.001, 0 } }
  m:point{ name = "O", body = "ground" }
  m:point{ name = "B", body = "b" }
  m:force{ name = "spring", type = "spring-damper", points = { "O", "B" }, k = 1e8, length = 1 }
  return m
end
do
  local r = stiff():simulate{ formulation = "discrete", h = 1e-5, tf = 0.01, dt = 0.001 }
  -- stretched 1 mm it rings at 1e4 rad/s: speeds up to 10 m/s, no more
  T.ok(largest(r:body("b").vx) < 10.1, ("omega h = 0.1: the stiff spring rings in bounds (%.4g m/s)"):format(largest(r:body("b").vx)))
  local line = debug.getinfo(1, "l").currentline + 1
  T.fails(function() stiff():simulate{ formulation = "discrete", h = 1e-3, tf = 1, dt = 0.01 } end,
    ("test_discrete.lua:%d: simulation of 'stiff spring' stopped: at t = "):format(line),
    "omega h = 10: the run stops at the user's line")
  T.fails(function() stiff():simulate{ formulation = "discrete", h = 1e-3, tf = 1, dt = 0.01 } end,
    "the state is not finite or beyond 1e150: the ", "naming the state that grew")
end

---------------------------------------------------------------- what it refuses, at the user's line
do
  local m = example("four_bar")
  -- the error names the line of the call, the line before at(...)
  local function at(text) return ("test_discrete.lua:%d: %s"):format(debug.getinfo(2, "l").currentline - 1, text) end
  T.fails(function() m:simulate{ formulation = "discrete", integrator = "rk45" } end,
    at('simulate: formulation "discrete" tunes its joints to a fixed step h'), "an adaptive integrator is refused")
  T.fails(function() m:simulate{ formulation = "discrete", stabilization = "baumgarte" } end,
    at('simulate: formulation "discrete" has no constraint equations'), "a remedy is refused")
  T.fails(function() m:kinematics{ formulation = "discrete" } end,
    at('kinematics: formulation "discrete" states no constraint equations'), "kinematics is refused")
  T.fails(function() m:simulate{ integrator = "symplectic", stabilization = "momentum" } end,
    "the momentum method integrates momenta", "the symplectic step refuses the momentum method")
  local contact_line = 0 -- the line of the example's m:contact, whatever else the file gains
  for text in io.lines(here .. "../../examples/impacting_pendulums.lua") do
    contact_line = contact_line + 1
    if text:find("m:contact{", 1, true) then break end
  end
  T.fails(function() example("impacting_pendulums"):simulate{ formulation = "discrete" } end,
    ("impacting_pendulums.lua:%d: contact 'hit1' uses the impulse law"):format(contact_line),
    "the impulse law is refused, naming the contact")
  local r = m:simulate{ formulation = "discrete", integrator = "rk4", h = 1e-4, tf = 0.1 }
  T.eq(r.stats.fevals, 4 * r.stats.steps, "it also runs under rk4 (four evaluations a step)")
end

---------------------------------------------------------------- mb.compare on every example it can run
-- Poses within 1e-3 over 0.2 s. The film strip (a 5 m coupler at 1800 rpm)
-- and the rod (a contact of 1e11 N/m^1.5) need finer steps, and two rods
-- 1e-6 for a 10-fold spare; so do the satellite's 45 g links on 30 N m/rad
-- springs (9.2e-3 at the default 1e-5, 7.7e-5 at 1e-6) and the wiper's 15 g
-- crank driven at 2 pi rad/s (2.1e-3, and 9.7e-5 at 3e-6); the impulse
-- law's model is not run, and the comparison says why (c.skipped).
do
  local finer = { film_strip = 3e-7, rod = 1e-7, rod2 = 1e-6, satellite = 1e-6, windshield_wiper = 3e-6 }
  local refused = { impacting_pendulums = "contact 'hit1' uses the impulse law" }
  for _, name in ipairs(mb.example()) do
    local m = mb.example(name)
    m:correct()
    local function run()
      return mb.compare(m, { "body", { formulation = "discrete", h = finer[name] } }, { tf = 0.2, dt = 0.01, tol = 1e-10, show = false })
    end
    if refused[name] then
      local c = run()
      local why = c.skipped[1] and c.skipped[1].why or ""
      T.ok(c.skipped[1] and c.skipped[1].name == "discrete" and why:find(refused[name], 1, true),
        name .. ": not run, naming the element and why: " .. why)
    else
      local c = run()
      T.ok(c.maxdiff < 1e-3, ("%s: mb.compare(m, {\"body\", \"discrete\"}) agrees within %.2g"):format(name, c.maxdiff))
    end
  end
end

---------------------------------------------------------------- values changed during a run
do -- a lock added where nothing holds the rod: its springs stop it at once, no correction
  local m = example("pendulum")
  m:joint{ name = "lock", type = "simple", body = "rod", coord = "angle", active = false }
  local r = m:simulate{ formulation = "discrete", tf = 2, dt = 0.01,
    events = { { t = 0.5, add = "lock" }, { t = 1.5, remove = "lock" } } }
  local om, ang = r:body("rod").omega, r:body("rod").angle
  T.ok(math.abs(om[51]) > 5 and math.abs(om[53]) < 1e-6, ("locked at 0.5 s, the rod stops within 0.02 s (%.2g rad/s)"):format(om[53]))
  T.near(ang[151], ang[53], 1e-6, "the lock holds the angle until it is removed")
  T.ok(math.abs(om[160]) > 0.05, "released, the rod falls again")
  T.eq(r.t[#r.t], 2, "one result over the whole run")
  T.ok(m.joints.lock.active == false and m.bodies.rod.angle == 0, "the model is left as it was")
end
do -- a spring switched mid-run: as in body coordinates
  local m = mb.model{ name = "mass on a spring", gravity = { 0, 0 } }
  m:body{ name = "b", mass = 1, inertia = 0.1, pos = { 1.5, 0 } }
  m:point{ name = "O", body = "ground" }
  m:point{ name = "B", body = "b" }
  m:force{ name = "spring", type = "spring-damper", points = { "O", "B" }, k = 100, length = 1 }
  local events = { { t = 0.5, set = "spring", k = 400 } }
  local d = m:simulate{ formulation = "discrete", tf = 1, dt = 0.01, events = events }
  local b = m:simulate{ tf = 1, dt = 0.01, tol = 1e-10, events = events }
  T.near(d:body("b").x[101], b:body("b").x[101], 1e-4, "the stiffer spring after 0.5 s moves it as in body coordinates")
  T.ok(math.abs(d:body("b").x[101] - m:simulate{ formulation = "discrete", tf = 1, dt = 0.01 }:body("b").x[101]) > 0.1,
    "and differently from the spring left alone")
  T.eq(m.forces.spring.k, 100, "the spring is left as it was")
end
do -- a driver changed: the crank jumps to the new function by itself
  local m = example("slider_crank", 1.5)
  m:correct()
  local r = m:simulate{ formulation = "discrete", tf = 1, dt = 0.01,
    events = { { t = 0.5, set = "motor", fn = function(t) return 2 + 3 * t end } } }
  local crank = r:body("crank")
  T.near(crank.angle[61], 2 + 3 * 0.6, 1e-5, "0.1 s after the change the crank follows the new driver")
  T.near(crank.omega[61], 3, 1e-4, "at its rate")
  -- the crank overshoots the 2.2 rad jump and settles in some 0.05 s
  T.ok(largest(r.violation, 56) < 1e-5, ("the joints close again after the jump (largest gap from t = 0.55 s %.2g)"):format(
    largest(r.violation, 56)))
  local body = m:simulate{ tf = 1, dt = 0.01, events = { { t = 0.5, set = "motor", fn = function(t) return 2 + 3 * t end } } }
  T.near(body:body("crank").angle[61], 2 + 3 * 0.6, 1e-9, "body coordinates jump onto it by correction and impulse")
end
T.fails(function() example("pendulum"):simulate{ tf = 1, events = { { t = 0.5, set = "nothing", k = 1 } } } end,
  "the model has no force, joint, contact or body 'nothing'", "an event names an element the model has")
T.fails(function() example("pendulum"):simulate{ tf = 1, events = { { t = 0.5, set = "pin" } } } end,
  "event 1 sets nothing", "an event sets something")

T.finish()
