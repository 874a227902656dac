-- SPDX-License-Identifier: GPL-3.0-or-later
-- test_modes.lua: m:modes{} — small oscillations about a rest with the
-- constraints in — against closed forms (the compound pendulum, the double
-- pendulum's 2x2 linearised equations, a mass on a spring and damper) and
-- against the period and decay measured from small-amplitude simulations
-- (a four-bar rocking about its rest, the double A-arm's wheel hop).
--   mechbench --batch tests/lua/test_modes.lua
local here = arg[0]:match("(.*/)") or "./"
local T = dofile(here .. "harness.lua")
local function example(name) return loadfile(here .. "../../examples/" .. name .. ".lua")("model")() end
local g = 9.81

local function group(name, f)
  local ok, err = pcall(f)
  T.ok(ok, name .. " ran to its end" .. (ok and "" or (": " .. tostring(err))))
end

-- The upward zero crossings of x(t) - x0 over the samples, each placed by
-- linear interpolation (near a crossing a sine is straight to third order).
local function crossings(t, x, x0)
  local out = {}
  for i = 2, #t do
    local a, b = x[i - 1] - x0, x[i] - x0
    if a < 0 and b >= 0 then out[#out + 1] = t[i - 1] + (t[i] - t[i - 1]) * (-a) / (b - a) end
  end
  return out
end

-- The model started at its rest moved by eps along mode k's shape (put
-- back on its joints by m:correct), at rest; returns the body and
-- coordinate that move most, and their value at the rest.
local function displaced(m, md, k, eps)
  local v, big, at = md.vector[k], 0, 1
  for i, x in ipairs(v) do if math.abs(x) > big then big, at = math.abs(x), i end end
  for i, b in ipairs(m._order.bodies) do
    local r = md.rest:body(b.name)
    b.pos = { r.x[1] + eps * v[3 * i - 2], r.y[1] + eps * v[3 * i - 1] }
    b.angle = r.angle[1] + eps * v[3 * i]
    b.vel, b.omega = { 0, 0 }, 0
  end
  m:correct()
  local body = m._order.bodies[(at - 1) // 3 + 1].name
  local coord = ({ "x", "y", "angle" })[(at - 1) % 3 + 1]
  return body, coord, md.rest:body(body)[coord][1]
end

---------------------------------------------------------------- compound pendulum
-- A rod of length L pinned at one end: omega^2 = m g d / I_O, d = L/2,
-- I_O = m L^2/3.
group("compound pendulum", function()
  local L, mass = 1.2, 2
  local m = mb.model{ name = "pendulum" }
  m:body{ name = "rod", mass = mass, inertia = mass * L^2 / 12,
    pos = { L / 2 * math.sin(0.3), -L / 2 * math.cos(0.3) }, angle = 0.3 }
  m:point{ name = "O", body = "ground" }
  m:point{ name = "top", body = "rod", at = { 0, L / 2 } }
  m:joint{ name = "pin", type = "revolute", points = { "top", "O" } }
  local md = m:modes{}
  local exact = math.sqrt(mass * g * (L / 2) / (mass * L^2 / 3)) / (2 * math.pi)
  -- reached: 8e-14 relative (the stiffness by central differences)
  T.near(md.frequency[1], exact, 1e-12 * exact, ("pendulum: %.12g Hz = sqrt(m g d / I_O)/2pi"):format(exact))
  T.eq(#md.frequency, 1, "pendulum: one mode")
  T.eq(md.dof, 1, "pendulum: one free direction")
  T.eq(md.damping[1], 0, "pendulum: no damper, no damping")
  T.near(md.shape[1].rod.angle, 1, 1e-12, "pendulum: the turn is the largest entry of the shape")
  -- the shape is a turn about O: the centre moves d per radian, at right angles to the rod
  T.near(md.shape[1].rod.x, L / 2, 1e-9, "pendulum: x of the centre moves L/2 per radian at the bottom")
  T.near(md.shape[1].rod.y, 0, 1e-9, "pendulum: y does not move to first order")
  T.near(md.omega[1]^2, md.rest.lowest_omega2, 1e-9 * md.omega[1]^2, "pendulum: omega^2 agrees with eq.lowest_omega2")
  local text = md:text()
  T.ok(text:find(("%.6g"):format(exact), 1, true) ~= nil, "md:table shows the frequency: " .. text)
  T.ok(T.capture(md.table, md):find("freq (Hz)", 1, true) ~= nil, "md:table() prints the table")
  local frames = T.capture(md.animate, md, 1, { width = 30, height = 10 })
  T.ok(frames:find(("mode 1 at t = %.4g s (one extreme: rod.angle moved 0.2 rad)"):format(0.25 / exact), 1,
    true) ~= nil and frames:find(("at t = %.4g s (the other: rod.angle moved -0.2 rad)"):format(0.75 / exact),
    1, true) ~= nil, "md:animate(1) draws the mode's extremes without a terminal: " .. frames)
  T.ok(m.bodies.rod.angle == 0.3, "the model's start is left as it was")
end)

---------------------------------------------------------------- double pendulum
-- Two rods (L1, m1 from O; L2, m2 from the first one's end), absolute
-- angles θ1, θ2. Linearised: M = [m1 L1²/3 + m2 L1², m2 L1 L2/2;
-- m2 L1 L2/2, m2 L2²/3], K = diag(g (m1/2 + m2) L1, g m2 L2/2); ω² are the
-- roots of det(K - ω² M) = 0.
group("double pendulum", function()
  local L1, L2, m1, m2 = 1.0, 0.7, 3.0, 1.5
  local m = mb.model{ name = "double pendulum" }
  m:body{ name = "upper", mass = m1, inertia = m1 * L1^2 / 12, pos = { 0, -L1 / 2 } }
  m:body{ name = "lower", mass = m2, inertia = m2 * L2^2 / 12, pos = { 0.05, -L1 - L2 / 2 }, angle = 0.1 }
  m:point{ name = "O", body = "ground" }
  m:point{ name = "u_top", body = "upper", at = { 0, L1 / 2 } }
  m:point{ name = "u_end", body = "upper", at = { 0, -L1 / 2 } }
  m:point{ name = "l_top", body = "lower", at = { 0, L2 / 2 } }
  m:joint{ name = "shoulder", type = "revolute", points = { "u_top", "O" } }
  m:joint{ name = "elbow", type = "revolute", points = { "l_top", "u_end" } }
  local M11, M12, M22 = m1 * L1^2 / 3 + m2 * L1^2, m2 * L1 * L2 / 2, m2 * L2^2 / 3
  local K11, K22 = g * (m1 / 2 + m2) * L1, g * m2 * L2 / 2
  local a, b, c = M11 * M22 - M12^2, M11 * K22 + M22 * K11, K11 * K22
  local disc = math.sqrt(b * b - 4 * a * c)
  local w1, w2 = math.sqrt((b - disc) / (2 * a)), math.sqrt((b + disc) / (2 * a))
  local md = m:modes{}
  T.eq(#md.frequency, 2, "double pendulum: two modes")
  T.near(md.omega[1], w1, 1e-12 * w1, ("double pendulum: the slow mode %.10g 1/s"):format(w1))
  T.near(md.omega[2], w2, 1e-12 * w2, ("double pendulum: the fast mode %.10g 1/s"):format(w2))
  -- the slow mode swings both rods the same way, the fast one against
  local s1, s2 = md.shape[1], md.shape[2]
  T.ok(s1.upper.angle * s1.lower.angle > 0, "double pendulum: mode 1 in phase")
  T.ok(s2.upper.angle * s2.lower.angle < 0, "double pendulum: mode 2 in opposition")
  -- and their amplitude ratio is the eigenvector's: (K11 - ω² M11) θ1 = ω² M12 θ2
  T.near(s1.lower.angle / s1.upper.angle, (K11 - w1^2 * M11) / (w1^2 * M12), 1e-7,
    "double pendulum: mode 1's ratio of the angles")
end)

---------------------------------------------------------------- mass on a spring and damper
-- A 2 kg slider on a vertical guide hung from a spring (k = 800 N/m) and
-- damper (c = 12 N s/m): ω = sqrt(k/m) = 20 1/s whatever gravity does to
-- the rest, ζ = c / (2 sqrt(k m)) = 0.15.
local function hanging(c)
  local m = mb.model{ name = "mass on a spring" }
  m:body{ name = "mass", mass = 2, inertia = 0.1, pos = { 0, -0.5 } }
  m:point{ name = "P", body = "mass" }
  m:point{ name = "G", body = "ground" }
  m:point{ name = "top", body = "ground", at = { 0, 0.2 } }
  m:vector{ name = "up", body = "ground", dir = { 0, 1 } }
  m:vector{ name = "u", body = "mass", dir = { 0, 1 } }
  m:joint{ name = "guide", type = "translational", points = { "P", "G" }, vectors = { "u", "up" } }
  m:force{ name = "spring", type = "spring-damper", points = { "P", "top" }, k = 800, length = 0.5, c = c }
  return m
end
group("mass on a spring", function()
  local md = hanging(0):modes{}
  T.near(md.omega[1], 20, 3e-9, "mass on a spring: omega = sqrt(k/m) = 20 1/s")
  T.near(md.rest:body("mass").y[1], 0.2 - 0.5 - 2 * g / 800, 1e-12, "mass on a spring: the rest is stretched by m g/k")
  T.near(md.shape[1].mass.y, 1, 1e-12, "mass on a spring: the mode moves the mass along the guide")
  local dmd = hanging(12):modes{}
  T.eq(dmd.damped, true, "with a damper: damped modes")
  T.near(dmd.omega[1], 20, 1e-8, "damped mass: natural omega still 20 1/s")
  T.near(dmd.damping[1], 12 / (2 * math.sqrt(800 * 2)), 3e-10, "damped mass: zeta = c/(2 sqrt(k m)) = 0.15")
  T.near(dmd.damped_frequency[1], 20 * math.sqrt(1 - 0.15^2) / (2 * math.pi), 1e-9,
    "damped mass: damped frequency omega sqrt(1 - zeta^2)/2pi")
  T.near(dmd.shape[1].mass.y, 1, 1e-9, "damped mass: the shape is real, along the guide")
  local over = hanging(200):modes{}
  T.ok(over.damping[1] > 1, "an overdamped mass: zeta > 1: " .. tostring(over.damping[1]))
  T.near(over.omega[1], 20, 1e-7, "overdamped mass: omega^2 = s1 s2 = k/m")
  T.ok(over:text():find("overdamped", 1, true) ~= nil, "overdamped mass: the table says so")
end)

---------------------------------------------------------------- four-bar against a simulation
-- The example four-bar swinging under gravity, about its stable rest: the
-- period of a small-amplitude run (0.001 of the shape; the frequency's
-- shift from the amplitude goes as its square) over ten swings, from the
-- upward crossings of the rest, against 1/f.
group("four-bar rocking", function()
  local m = example("four_bar")
  local md = m:modes{ stable = true }
  T.eq(md.stable, true, "four-bar: its rest is stable")
  T.eq(#md.frequency, 1, "four-bar: one mode")
  local body, coord, x0 = displaced(m, md, 1, 1e-3)
  local period = 1 / md.frequency[1]
  local r = m:simulate{ tf = 10.5 * period, dt = period / 200, tol = 1e-12 }
  local up = crossings(r.t, r:body(body)[coord], x0)
  T.ok(#up >= 10, "four-bar: ten swings: " .. #up)
  local measured = (up[#up] - up[1]) / (#up - 1)
  -- reached: 2e-7 relative (the issue asks 1e-4)
  T.near(measured, period, 2e-6 * period,
    ("four-bar: the simulated period %.8g s against the mode's %.8g s (2e-6 relative)"):format(measured, period))
end)

---------------------------------------------------------------- AA and MacPherson against simulations
-- The examples' suspensions (chassis held) have one mode each, damped by
-- the suspension's damper and the tire's. A free decay from the rest moved
-- along the shape: upward crossings come every damped period, successive
-- peaks fall by exp(-ζ ω T_d).
for _, name in ipairs { "aa", "macpherson" } do
  group(name .. " wheel hop", function()
    local m = example(name)
    local md = m:modes{}
    T.eq(#md.frequency, 1, name .. ": one mode (the chassis is held)")
    T.eq(md.damped, true, name .. ": damped")
    local body, coord, x0 = displaced(m, md, 1, 1e-3)
    local Td = 1 / md.damped_frequency[1]
    local r = m:simulate{ tf = 2.2 * Td, dt = Td / 400, tol = 1e-12 }
    local x = r:body(body)[coord]
    local up = crossings(r.t, x, x0)
    T.ok(#up >= 2, name .. ": two upward crossings: " .. #up)
    local measured = up[2] - up[1]
    -- reached: 7.7e-7 (AA), 9.6e-8 (MacPherson) relative
    T.near(measured, Td, 1e-5 * Td, ("%s: the damped period %.8g s against the mode's %.8g s"):format(name, measured, Td))
    -- the peaks after each crossing
    local peaks = {}
    for k = 1, 2 do
      local best = 0
      for i, t in ipairs(r.t) do
        if t > up[k] and t < up[k] + Td / 2 then best = math.max(best, x[i] - x0) end
      end
      peaks[k] = best
    end
    -- the logarithmic decrement over one damped period, ζ ω T_d
    local decrement = math.log(peaks[1] / peaks[2])
    local expected = md.damping[1] * md.omega[1] * Td
    -- reached: 1.7e-6 (AA), 4.9e-7 (MacPherson) relative
    T.near(decrement, expected, 2e-5 * expected,
      ("%s: the decrement over a period, %.6g against the mode's %.6g"):format(name, decrement, expected))
  end)
end

---------------------------------------------------------------- a quarter-car against simulations
-- The double A-arm of examples/aa.lua on a chassis (250 kg) that slides on
-- a vertical guide instead of being held: two modes, the bounce of the
-- chassis on the suspension and the hop of the wheel on its tire (our own
-- chassis on a guide: examples/aa.lua holds it fixed, the half-car below
-- lets it float). Each is
-- started as a pure damped mode, δc = ε Re(φ), δċ = ε Re(s φ) (md.complex),
-- so the run is ε Re(φ e^{st}): upward crossings of the rest come every
-- damped period and each period shrinks it by exp(Re(s) T_d).
local function quarter_car(c_suspension, c_tire)
  local m = mb.model{ name = "quarter-car" }
  m:body{ name = "chassis", mass = 250, inertia = 40, pos = { 0.30, 0.40 } }
  m:body{ name = "lower arm", mass = 2, inertia = 0.5, pos = { 0.4398, 0.2512 }, angle = -0.0367 }
  m:body{ name = "wheel", mass = 30, inertia = 2.5, pos = { 0.6817, 0.3498 }, angle = 0.0783 }
  m:body{ name = "upper arm", mass = 1, inertia = 0.5, pos = { 0.4463, 0.4308 }, angle = 6.5222 }
  m:point{ name = "Q1", body = "lower arm", at = { -0.24, 0 } }
  m:point{ name = "A1", body = "lower arm", at = { 0.18, 0 } }
  m:point{ name = "A2", body = "wheel", at = { -0.07, -0.10 } }
  m:point{ name = "B2", body = "wheel", at = { -0.10, 0.12 } }
  m:point{ name = "B3", body = "upper arm", at = { 0.13, 0 } }
  m:point{ name = "O3", body = "upper arm", at = { -0.13, 0 } }
  m:point{ name = "O0", body = "chassis", at = { 0.02, 0.00 } }
  m:point{ name = "Q0", body = "chassis", at = { -0.10, -0.14 } }
  m:point{ name = "E1", body = "lower arm", at = { 0, 0 } }
  m:point{ name = "F0", body = "chassis", at = { 0.08, 0.03 } }
  m:point{ name = "G", body = "ground", at = { 0.30, 0.40 } }
  m:point{ name = "P", body = "chassis" }
  m:vector{ name = "up", body = "ground", dir = { 0, 1 } }
  m:vector{ name = "u", body = "chassis", dir = { 0, 1 } }
  m:joint{ name = "guide", type = "translational", points = { "P", "G" }, vectors = { "u", "up" } }
  m:joint{ name = "Q", type = "revolute", points = { "Q1", "Q0" } }
  m:joint{ name = "A", type = "revolute", points = { "A1", "A2" } }
  m:joint{ name = "B", type = "revolute", points = { "B2", "B3" } }
  m:joint{ name = "O", type = "revolute", points = { "O3", "O0" } }
  m:force{ name = "suspension", type = "spring-damper", points = { "E1", "F0" }, k = 90000, length = 0.23,
    c = c_suspension }
  m:force{ name = "tire", type = "user", fn = function(_, s)
    local w = s.bodies.wheel
    local squeeze = w.y - 0.35
    if squeeze >= 0 then return {} end
    return { { body = "wheel", force = { 0, -(200000 * squeeze + c_tire * w.vy) } } }
  end }
  return m
end

-- Mode k of md started pure, run over `periods` damped periods: the
-- measured damped period and decay per period, and the mode's own.
local function free_mode(m, md, k, periods)
  local v, big, at = md.vector[k], 0, 1
  for i, x in ipairs(v) do if math.abs(x) > big then big, at = math.abs(x), i end end
  local cx, eps = md.complex[k], 1e-4
  local sr, si = cx.s[1], cx.s[2]
  for i, b in ipairs(m._order.bodies) do
    local r = md.rest:body(b.name)
    local function d(j) return eps * cx.re[3 * (i - 1) + j] end
    local function dv(j) return eps * (sr * cx.re[3 * (i - 1) + j] - si * cx.im[3 * (i - 1) + j]) end
    b.pos, b.angle = { r.x[1] + d(1), r.y[1] + d(2) }, r.angle[1] + d(3)
    b.vel, b.omega = { dv(1), dv(2) }, dv(3)
  end
  m:correct()
  local body = m._order.bodies[(at - 1) // 3 + 1].name
  local coord = ({ "x", "y", "angle" })[(at - 1) % 3 + 1]
  local x0 = md.rest:body(body)[coord][1]
  local Td = 2 * math.pi / si
  local r = m:simulate{ tf = (periods + 0.2) * Td, dt = Td / 400, tol = 1e-12 }
  local x = r:body(body)[coord]
  local up = crossings(r.t, x, x0)
  local peaks = {}
  for j = 1, 2 do
    local best = 0
    for i, t in ipairs(r.t) do
      if up[j] and t > up[j] and t < up[j] + Td / 2 then best = math.max(best, x[i] - x0) end
    end
    peaks[j] = best
  end
  return up[2] and (up[2] - up[1]) or 0, Td, peaks[2] > 0 and peaks[2] / peaks[1] or 0, math.exp(sr * Td)
end

group("quarter-car bounce and wheel hop", function()
  local m = quarter_car(0, 0)
  local md = m:modes{}
  T.eq(#md.frequency, 2, "quarter-car: two modes")
  T.ok(md.frequency[1] > 0.5 and md.frequency[1] < 3, "quarter-car: the bounce near 1-2 Hz: " .. md.frequency[1])
  T.ok(md.frequency[2] > 5 and md.frequency[2] < 20, "quarter-car: the wheel hop near 10 Hz: " .. md.frequency[2])
  T.ok(math.abs(md.shape[1].chassis.y) > math.abs(md.shape[1].wheel.y), "bounce: the chassis moves most")
  T.ok(math.abs(md.shape[2].wheel.y) > math.abs(md.shape[2].chassis.y), "hop: the wheel moves more than the chassis")
  -- undamped: a run from the rest moved along each shape, ten periods
  for k = 1, 2 do
    local mk = quarter_car(0, 0)
    local body, coord, x0 = displaced(mk, md, k, 1e-4)
    local period = 1 / md.frequency[k]
    local r = mk:simulate{ tf = 10.3 * period, dt = period / 200, tol = 1e-12 }
    local up = crossings(r.t, r:body(body)[coord], x0)
    local measured = (up[#up] - up[1]) / (#up - 1)
    T.near(measured, period, 1e-5 * period,
      ("quarter-car, undamped mode %d: the simulated period %.8g s against %.8g s"):format(k, measured, period))
  end
  -- damped
  local dm = quarter_car(1100, 300)
  local dmd = dm:modes{}
  T.eq(dmd.damped, true, "damped quarter-car: damped modes")
  for k = 1, 2 do
    T.ok(dmd.damping[k] > 0.02 and dmd.damping[k] < 0.9, ("damped mode %d: zeta %.4g"):format(k, dmd.damping[k]))
    local measured, Td, ratio, want = free_mode(quarter_car(1100, 300), dmd, k, 2)
    T.near(measured, Td, 1e-4 * Td,
      ("quarter-car, damped mode %d: the simulated damped period %.8g s against %.8g s"):format(k, measured, Td))
    T.near(ratio, want, 1e-3 * want,
      ("quarter-car, damped mode %d: the decay over a period %.6g against exp(Re s T_d) = %.6g"):format(k, ratio, want))
  end
end)

---------------------------------------------------------------- the half-car of Ch. 15
-- examples/half_car.lua (a floating chassis on two suspensions, the road
-- flat): its sideways slide has no stiffness, then the chassis's roll and
-- bounce near 1 Hz (test_ch15.lua measured 1.03 and 1.09 Hz (AA), 1.18 Hz
-- bounce (MP) from small free swings) and the two wheels' hops. Each
-- chassis mode started pure, against its run.
for _, suspension in ipairs { "AA", "MP" } do
  group("half-car " .. suspension, function()
    local function car() return loadfile(here .. "../../examples/half_car.lua")("model")(1, 0, "left", suspension) end
    local md = car():modes{}
    T.eq(#md.frequency, 5, suspension .. ": five modes")
    T.eq(md.frequency[1], 0, suspension .. ": the sideways slide: no stiffness")
    T.ok(md:text():find("no stiffness: moves freely", 1, true) ~= nil, suspension .. ": said so")
    T.ok(math.abs(md.shape[2].chassis.angle) > 0.5, suspension .. ": mode 2 rolls the chassis")
    for k = 2, 3 do
      local measured, Td, ratio, want = free_mode(car(), md, k, 2)
      -- reached: 1.8e-9 to 1.5e-6 relative; the decay 2.1e-8 to 5.4e-6
      T.near(measured, Td, 2e-5 * Td, ("half-car %s, mode %d: the simulated damped period %.8g s against %.8g s")
        :format(suspension, k, measured, Td))
      T.near(ratio, want, 5e-5 * want, ("half-car %s, mode %d: the decay over a period %.6g against %.6g")
        :format(suspension, k, ratio, want))
    end
  end)
end

---------------------------------------------------------------- about an unstable rest
-- The example four-bar's start lies near its balance upside down: Newton
-- stays there, and the mode says it falls away, at the rate
-- eq.lowest_omega2 gives.
group("unstable rest", function()
  local md = example("four_bar"):modes{}
  T.eq(md.stable, false, "four-bar near its start: not stable")
  T.ok(md.omega2[1] < 0, "a negative omega^2: " .. md.omega2[1])
  T.near(md.omega2[1], md.rest.lowest_omega2, 1e-9 * math.abs(md.omega2[1]), "the same as the equilibrium's")
  T.eq(md.frequency[1], 0, "no frequency for a mode that does not oscillate")
  T.ok(md:text():find(("unstable: grows as exp(%.4g t)"):format(math.sqrt(-md.omega2[1])), 1, true) ~= nil,
    "the table says it grows: " .. md:text())
  T.fails(function() md:animate(2) end, "k must be a mode's number, 1 to 1", "md:animate(2) of one mode: refused")
  -- md[1] is no mode: said by name (it gave "attempt to index a nil value")
  T.fails(function() return md[1].frequency end, "md[1]: the modes are read by field: md.frequency[1]",
    "md[1] names the fields the modes are read by")
  T.fails(function() md:animate(1, { amplitude = 0 / 0 }) end, "md:animate: amplitude must be a number, not NaN",
    "a NaN amplitude is refused by its name")
  T.fails(function() md:animate(1, { periods = 1000 }) end, "md:animate: periods must be at most 100",
    "too many periods are refused by their name")
  -- played, it falls away from near its rest over three time constants
  -- (it was said as a swing at '0 Hz'): its largest motion, the crank's
  -- angle, from 0.2 e^-3 rad to 0.2 rad
  local s = math.sqrt(-md.omega2[1])
  local frames = T.capture(md.animate, md, 1, { width = 40, height = 10 })
  T.ok(frames:find(("at t = 0 s (near its rest: crank.angle moved %.4g rad)"):format(0.2 * math.exp(-3)), 1, true)
    ~= nil, "the unstable mode starts near its rest: " .. frames)
  T.ok(frames:find(("at t = %.4g s (fallen away: crank.angle moved 0.2 rad)"):format(3 / s), 1, true) ~= nil,
    "and falls away in three time constants: " .. frames)
  -- a rod balanced upside down on a damped pin (c = 0.5 N m s): it falls
  -- away at s, the positive root of I_O s^2 + c s - m g L/2 = 0
  local m = mb.model{ name = "inverted rod" }
  m:body{ name = "rod", mass = 2, inertia = 2 / 12, pos = { 0, 0.5 }, angle = math.pi }
  m:point{ name = "O", body = "ground" }
  m:point{ name = "top", body = "rod", at = { 0, 0.5 } }
  m:joint{ name = "pin", type = "revolute", points = { "top", "O" } }
  m:force{ name = "damper", type = "rot-spring-damper", joint = "pin", k = 0, c = 0.5 }
  local up = m:modes{}
  local I, c, k = 2 / 3, 0.5, 2 * 9.81 * 0.5
  local s = (-c + math.sqrt(c * c + 4 * I * k)) / (2 * I)
  T.near(up.growth[1], s, 1e-9 * s, ("a damped inverted rod falls away at %.10g 1/s"):format(s))
  frames = T.capture(up.animate, up, 1, { width = 30, height = 8 })
  T.ok(frames:find(("at t = %.4g s (fallen away: rod.angle moved 0.2 rad)"):format(3 / s), 1, true) ~= nil,
    "the damped inverted rod falls away at its own rate: " .. frames)
  -- the same rod hanging, damped past critical (c = 20 N m s): no swing, a
  -- creep back at the slower root of I_O s^2 + c s + m g L/2 = 0
  m.bodies.rod.angle, m.bodies.rod.pos, m.forces.damper.c = 0, { 0, -0.5 }, 20
  local down = m:modes{}
  local slow = (-20 + math.sqrt(400 - 4 * I * k)) / (2 * I)
  T.near(down.growth[1], slow, 1e-9 * math.abs(slow), ("an overdamped rod creeps back as exp(%.10g t)"):format(slow))
  frames = T.capture(down.animate, down, 1, { width = 30, height = 8 })
  T.ok(frames:find("at t = 0 s (displaced: rod.angle moved 0.2 rad)", 1, true) ~= nil
    and frames:find(("at t = %.4g s (nearly back: rod.angle moved %.4g rad)"):format(-3 / slow, 0.2 * math.exp(-3)),
      1, true) ~= nil, "the overdamped mode creeps back over three time constants: " .. frames)
end)

---------------------------------------------------------------- what cannot be linearised
group("nothing free", function()
  local ok, err = pcall(function() return example("slider_crank"):modes{} end)
  T.ok(not ok and tostring(err):find("no free direction (each driver is held", 1, true) ~= nil,
    "a driven slider-crank: said: " .. tostring(err))
  local ok2, err2 = pcall(function() return example("four_bar"):modes{ stabel = true } end)
  T.ok(not ok2 and tostring(err2):find("did you mean 'stable'", 1, true) ~= nil, "a misspelt option: " .. tostring(err2))
end)

T.finish()
