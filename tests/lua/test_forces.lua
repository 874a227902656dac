-- SPDX-License-Identifier: GPL-3.0-or-later
-- The forces of springs, dampers, actuators and the other force elements,
-- read off a run (r:force, r:plot, r:csv), and the energy's books: the
-- work of the drivers and of what no potential holds, beside the energy's
-- change (issue 25). Each value against the same force worked out by hand
-- here from the bodies' reported states.
local T = dofile(arg[0]:match("(.*/)") .. "harness.lua")

local function rot(v, phi) return { v[1] * math.cos(phi) - v[2] * math.sin(phi), v[1] * math.sin(phi) + v[2] * math.cos(phi) } end
local function perp(v) return { -v[2], v[1] } end
-- a body-fixed point's place and velocity at sample i
local function point(r, body, at, i)
  if body == "ground" then return at, { 0, 0 } end
  local b = r:body(body)
  local s = rot(at, b.angle[i])
  local w = perp(s)
  return { b.x[i] + s[1], b.y[i] + s[2] }, { b.vx[i] + b.omega[i] * w[1], b.vy[i] + b.omega[i] * w[2] }
end

---------------------------------------------------------------- a spring-damper-actuator between two bodies

local m = mb.model { name = "two masses" }
m:body { name = "a", mass = 1, inertia = 0.1, pos = { 0, 0 }, vel = { 0.3, 0.1 }, omega = 0.5 }
m:body { name = "b", mass = 2, inertia = 0.3, pos = { 1.2, 0.4 }, angle = 0.3, vel = { -0.2, 0.4 }, omega = -1 }
m:point { name = "P", body = "a", at = { 0.1, 0.05 } }
m:point { name = "Q", body = "b", at = { -0.2, 0.1 } }
m:force { name = "spring", type = "spring-damper", points = { "P", "Q" }, k = 40, length = 0.9, c = 3,
  actuator = function(t) return 2 * math.sin(3 * t) end }
m:force { name = "coil", type = "rot-spring-damper", bodies = { "a", "b" }, k = 5, angle = 0.2, c = 0.4 }
m:force { name = "push", type = "force", point = "Q", value = { 1.5, -2 } }
m:force { name = "turning", type = "force", point = "P", value = { 0.7, 0.2 }, frame = "local" }
m:force { name = "twist", type = "torque", body = "b", value = function(t) return 0.5 * t end }
local r = m:simulate { tf = 1, dt = 0.05, tol = 1e-11 }

local worst = { spring = 0, coil = 0, push = 0, turning = 0, twist = 0, power = 0 }
for i = 1, #r.t, 4 do
  local t = r.t[i]
  -- the spring: d = P - Q, u = d / L, f = k (L - L0) + c L' + actuator, +f u on Q's body
  local p, vp = point(r, "a", { 0.1, 0.05 }, i)
  local q, vq = point(r, "b", { -0.2, 0.1 }, i)
  local d, dd = { p[1] - q[1], p[2] - q[2] }, { vp[1] - vq[1], vp[2] - vq[2] }
  local L = math.sqrt(d[1] ^ 2 + d[2] ^ 2)
  local u = { d[1] / L, d[2] / L }
  local rate = u[1] * dd[1] + u[2] * dd[2]
  local f = 40 * (L - 0.9) + 3 * rate + 2 * math.sin(3 * t)
  local s = r:force("spring")
  for _, pair in ipairs { { s.f[i], f }, { s.fx[i], f * u[1] }, { s.fy[i], f * u[2] }, { s.length[i], L }, { s.rate[i], rate } } do
    worst.spring = math.max(worst.spring, math.abs(pair[1] - pair[2]) / math.max(1, math.abs(pair[2])))
  end
  -- its power on the two bodies, -f L' (it pulls P and Q together)
  worst.power = math.max(worst.power, math.abs(s.power[i] - (-f * rate)))
  -- the coil: theta = phi_a - phi_b, T = k (theta - theta0) + c theta', +T on b
  local a, b = r:body("a"), r:body("b")
  local theta, thetad = a.angle[i] - b.angle[i], a.omega[i] - b.omega[i]
  local c = r:force("coil")
  local T_coil = 5 * (theta - 0.2) + 0.4 * thetad
  for _, pair in ipairs { { c.torque[i], T_coil }, { c.angle[i], theta }, { c.rate[i], thetad },
    { c.power[i], -T_coil * thetad } } do
    worst.coil = math.max(worst.coil, math.abs(pair[1] - pair[2]))
  end
  -- a force fixed in the global frame, and one that turns with its body
  worst.push = math.max(worst.push, math.abs(r:force("push").fx[i] - 1.5), math.abs(r:force("push").fy[i] + 2),
    math.abs(r:force("push").power[i] - (1.5 * vq[1] - 2 * vq[2])))
  local g = rot({ 0.7, 0.2 }, a.angle[i])
  worst.turning = math.max(worst.turning, math.abs(r:force("turning").fx[i] - g[1]),
    math.abs(r:force("turning").fy[i] - g[2]), math.abs(r:force("turning").power[i] - (g[1] * vp[1] + g[2] * vp[2])))
  -- a torque of fn(t)
  worst.twist = math.max(worst.twist, math.abs(r:force("twist").torque[i] - 0.5 * t),
    math.abs(r:force("twist").power[i] - 0.5 * t * b.omega[i]))
end
T.ok(worst.spring < 1e-9, ("spring-damper-actuator: f, fx, fy, length, rate as worked by hand (%.2g)"):format(worst.spring))
T.ok(worst.power < 1e-9, ("its power is -f L' (%.2g)"):format(worst.power))
T.ok(worst.coil < 1e-9, ("rot-spring-damper: torque, angle, rate, power by hand (%.2g)"):format(worst.coil))
T.ok(worst.push < 1e-12, ("a global force: fx, fy, and its power f'v (%.2g)"):format(worst.push))
T.ok(worst.turning < 1e-12, ("a force in its body's frame turns with it (%.2g)"):format(worst.turning))
T.ok(worst.twist < 1e-12, ("a torque fn(t), and its power (%.2g)"):format(worst.twist))
-- each element has the quantities its kind has, and says which when asked for another
T.fails(function() return r:force("spring").torque end, "has no quantity 'torque' (it has: f, fx, fy, length, power, rate)",
  "a spring has no torque, and says what it has")
T.fails(function() return r:force("coil").length end, "(it has: angle, power, rate, torque)", "a coil has an angle, not a length")
T.fails(function() return r:force("sprung") end, "did you mean 'spring'?", "a misspelt element is named")
-- the same arrays through r:plot's names and r:csv's columns
local t, y, label, unit = r:series("spring.f")
T.ok(y == r:force("spring").f and label == "spring.f" and unit == "N", "r:plot(\"spring.f\") plots the spring's force in N")
T.eq(select(4, r:series("coil.rate")), "rad/s", "a coil's rate is in rad/s")
T.ok(r:plot("spring.f", "coil.torque", { text = true }):find("spring.f [N]", 1, true), "r:plot of a force, as text")
local path = os.tmpname()
r:csv(path)
local f = io.open(path)
local header = f:read("l")
local first = f:read("l")
f:close()
os.remove(path)
local cols = {}
for name in header:gmatch("[^,]+") do cols[#cols + 1] = name end
local values = {}
for v in first:gmatch("[^,]+") do values[#values + 1] = tonumber(v) end
local where = {}
for k, name in ipairs(cols) do where[name] = k end
T.ok(where["spring.f"] and where["coil.torque"] and where["push.fx"] and where["twist.torque"] and where["energy.work"],
  "r:csv has a column for each element's quantity and for the work: " .. header:sub(1, 80))
T.near(values[where["spring.f"]], r:force("spring").f[1], 1e-8 * math.abs(r:force("spring").f[1]), "and its numbers")

---------------------------------------------------------------- the energy's books

-- a conservative run: no work in, so the drift is the whole change
local dp = mb.example("double_pendulum"):simulate { tf = 2, dt = 0.01 }
local fd = dp:figures()
T.eq(fd.work, 0, "the double pendulum: nothing does work on it")
T.eq(fd.energy_drift, fd.energy_change, "so its drift is its energy's change")
-- damping: the change is the damper's work, to the samples' integration
local damped = m:simulate { tf = 1, dt = 0.01, tol = 1e-11 }
local fm = damped:figures()
T.ok(fm.energy_change > 1 and fm.energy_drift < 1e-5 * fm.energy_change,
  ("the damper, actuator and torque's work is the energy's change (change %.4g J, drift %.2g J)"):format(
  fm.energy_change, fm.energy_drift))
-- halving the sampling step cuts what the integration over samples adds by about 16 (dt^4)
local coarse = m:simulate { tf = 1, dt = 0.04, tol = 1e-11 }:figures().energy_drift
local fine = m:simulate { tf = 1, dt = 0.02, tol = 1e-11 }:figures().energy_drift
T.ok(coarse / fine > 8, ("the work's integration over the samples: drift %.2g at dt = 0.04, %.2g at 0.02"):format(coarse, fine))
-- a driver's work: its torque times the crank's rate, and the whole change
local sc = mb.example("slider_crank", 1.5)
local k = sc:kinematics { tf = 2, dt = 0.01 }
local worst_power = 0
for i = 1, #k.t do
  worst_power = math.max(worst_power, math.abs(k.energy.power[i] - k:reaction("motor").torque[i] * k:body("crank").omega[i]))
end
T.ok(worst_power < 1e-9, ("a driven crank's power is its torque times its rate (%.2g)"):format(worst_power))
local fk = k:figures()
T.ok(fk.energy_change > 2 and math.abs(fk.work - fk.energy_change) < 1e-6 and fk.energy_drift < 1e-7,
  ("the slider-crank's energy change (%.4g J) is the motor's work (%.4g J): drift %.2g"):format(fk.energy_change,
  fk.work, fk.energy_drift))
-- friction in a sliding joint: its power is -c v^2, a loss
local friction = mb.example("sliding_pendulum")
friction:correct()
friction:force { name = "slip", type = "joint-friction", joint = "track", c = 2 }
local rf = friction:simulate { tf = 2, dt = 0.01, tol = 1e-11 }
local ff = rf:figures()
local slip = rf:force("slip")
local worst_slip = 0
for i = 1, #rf.t do worst_slip = math.max(worst_slip, math.abs(slip.power[i] + 2 * slip.rate[i] ^ 2)) end
T.ok(worst_slip < 1e-9, ("joint friction's power is -c v^2 (%.2g)"):format(worst_slip))
T.ok(ff.work < 0 or ff.work > 0.01, "friction took energy out") -- the largest |work|, so > 0
T.ok(ff.energy_drift < 1e-5 * ff.energy_change, ("and the books balance: change %.4g J, drift %.2g J"):format(
  ff.energy_change, ff.energy_drift))
-- a contact that is a force: its damping is work, its spring potential
local ball = mb.model { name = "ball", gravity = { 0, -9.81 } }
ball:body { name = "ball", mass = 1, inertia = 0.004, pos = { 0, 0.15 } }
ball:point { name = "C", body = "ball" }
ball:contact { name = "floor", point = "C", radius = 0.1, law = "flores", k = 1e6, e = 0.6 }
-- (a contact of 1e6 N/m^1.5 lasts a few ms: the samples must see it, 0.1 ms;
-- at 1 ms the integration over samples alone is 0.3% of the change)
local rb = ball:simulate { tf = 0.6, dt = 1e-4, tol = 1e-11 }
local fb = rb:figures()
T.ok(#rb.impacts >= 1 and fb.work > 0.1 and fb.energy_drift < 1e-5 * fb.energy_change,
  ("a bounce on a damped contact: change %.3g J, contact work %.3g J, drift %.2g"):format(fb.energy_change, fb.work,
  fb.energy_drift))
-- an impulse: the velocities jump and no power says by how much
local ip = mb.example("impacting_pendulums"):simulate { tf = 1, dt = 0.01 }
local fi = ip:figures()
T.ok(fi.energy_drift == nil and fi.drift_unknown == "impacts", "impulsive impacts leave the drift unknown, and say so")
T.ok(ip:figures_text():find("drift - (impacts)", 1, true), "the animation's figures say so too")
-- the figures name change, work and drift (an animation said "dE 4.3e+00", the drivers' work)
local text = k:figures_text()
T.ok(text:find("E change 2.7e+00", 1, true) and text:find("work 2.7e+00", 1, true) and text:find("drift ", 1, true)
  and not text:find("\ndE ", 1, true), "a driven run's figures: " .. text:gsub("\n", " | "))

-- the comparison's table: change, work in, drift, for the driven slider-crank
local c = mb.compare(sc, { "body", "joint" }, { tf = 1, show = false, analysis = "dynamics", correct = true })
local tab = c:table()
T.ok(tab:find("change  work in    drift", 1, true) and not tab:find("energy drift", 1, true),
  "the table's energy columns: change, work in, drift")
local row = tab:match("\n  body [^\n]*")
local change, work, drift = row:match("(%S+)%s+(%S+)%s+(%S+)$")
T.ok(tonumber(change) > 1 and tonumber(change) == tonumber(work) and tonumber(drift) < 1e-6,
  "the body row: the change is the motor's work: " .. row)

T.finish()
