-- SPDX-License-Identifier: GPL-3.0-or-later
-- Every friction law and contact force law against values worked out by
-- hand here, at the speeds that shape it: the transition speed of Brown and
-- McPhee's law (its stiction peak), the Stribeck speed of Andersson's, the
-- closing speed at first touch of the damped contact laws, the speed at
-- which Hunt and Crossley's damping cancels its stiffness; viscous joint
-- friction against the exponential decay it gives; and the book's Ex. 14.3,
-- whose converged extremes move by percents when the stiction peak does.
-- Each expression below is the law simplified by hand at that speed (v/v_t =
-- 2 makes the bump 0.25 * 4 + 0.75 = 1.75), not the code's formula again.
local T = dofile(arg[0]:match("(.*/)") .. "harness.lua")

local function near(got, want, what) return T.near(got, want, 1e-13 * math.max(1, math.abs(want)), what) end

---------------------------------------------------------------- Brown and McPhee (Eq. 4.44, C)
-- mu(v) = mu_d tanh(4 v/v_t) + (mu_s - mu_d)(v/v_t) / (v^2/(4 v_t^2) + 3/4)^2,
-- here with Ex. 14.3's mu_s = 0.2, mu_d = 0.15, v_t = 1 mm/s: the bump
-- peaks at v = v_t, where its denominator is 1.
do
  local p = { mu_s = 0.2, mu_d = 0.15, v_t = 1e-3 }
  local mu = function(v) return mb.friction.brown_mcphee(v, p) end
  near(mu(0), 0, "Brown-McPhee at rest: 0")
  near(mu(1e-3), 0.15 * math.tanh(4) + 0.05, "Brown-McPhee at v_t: mu_d tanh 4 + (mu_s - mu_d), the stiction peak")
  near(mu(0.5e-3), 0.15 * math.tanh(2) + 0.05 * 0.5 / 0.8125^2, "Brown-McPhee at v_t / 2 (bump 0.8125)")
  near(mu(2e-3), 0.15 * math.tanh(8) + 0.05 * 2 / 1.75^2, "Brown-McPhee at 2 v_t (bump 1.75)")
  near(mu(3e-3), 0.15 * math.tanh(12) + 0.05 * 3 / 3^2, "Brown-McPhee at 3 v_t (bump 3)")
  near(mu(1e-2), 0.15 * math.tanh(40) + 0.05 * 10 / 25.75^2, "Brown-McPhee at 10 v_t: near mu_d")
  near(mu(-1e-3), -(0.15 * math.tanh(4) + 0.05), "Brown-McPhee is odd: at -v_t")
  -- the bump peaks at v_t (its derivative, (b^2 - v_r^2 b) / b^4, is 0
  -- there): the slope at v_t is tanh's alone, 4 mu_d / v_t / cosh(4)^2
  local slope = (mu(1e-3 + 1e-8) - mu(1e-3 - 1e-8)) / 2e-8
  T.near(slope, 4 * 0.15 / 1e-3 / math.cosh(4)^2, 1e-5, ("Brown-McPhee: the stiction peak is at v_t (slope %.6f)"):format(slope))
  -- another transition speed scales the speeds: v = 3 v_t with v_t = 0.1
  near(mb.friction.brown_mcphee(0.3, { mu_s = 0.5, mu_d = 0.3, v_t = 0.1 }), 0.3 * math.tanh(12) + 0.2 * 3 / 9,
    "Brown-McPhee, mu_s 0.5, mu_d 0.3, v_t 0.1, at 3 v_t")
end

---------------------------------------------------------------- Andersson et al. (Eq. 4.43, Lua)
-- mu(v) = (mu_d + (mu_s - mu_d) exp(-(|v|/v_s)^p)) tanh(k_t v)
do
  local p = { mu_s = 0.2, mu_d = 0.15, v_s = 1e-3, p = 2, k_t = 1e4 }
  local mu = function(v) return mb.friction.andersson(v, p) end
  near(mu(0), 0, "Andersson at rest: 0")
  near(mu(1e-3), (0.15 + 0.05 / math.exp(1)) * math.tanh(10), "Andersson at the Stribeck speed v_s: mu_d + (mu_s - mu_d)/e")
  near(mu(0.5e-3), (0.15 + 0.05 * math.exp(-0.25)) * math.tanh(5), "Andersson at v_s / 2")
  near(mu(2e-3), (0.15 + 0.05 * math.exp(-4)) * math.tanh(20), "Andersson at 2 v_s")
  near(mu(1e-4), (0.15 + 0.05 * math.exp(-0.01)) * math.tanh(1), "Andersson at 1 / k_t, where tanh is 0.76")
  near(mu(-2e-3), -(0.15 + 0.05 * math.exp(-4)) * math.tanh(20), "Andersson is odd: at -2 v_s")
  near(mb.friction.andersson(2e-3, { mu_s = 0.2, mu_d = 0.15, v_s = 1e-3, p = 1, k_t = 1e4 }),
    (0.15 + 0.05 * math.exp(-2)) * math.tanh(20), "Andersson with p = 1 at 2 v_s")
  near(mb.friction.andersson(0.02, { mu_s = 0.6, mu_d = 0.4, v_s = 0.01, p = 2, k_t = 100 }),
    (0.4 + 0.2 * math.exp(-4)) * math.tanh(2), "Andersson, mu_s 0.6, mu_d 0.4, v_s 0.01, k_t 100, at 2 v_s")
end

---------------------------------------------------------------- contact force laws (Ch. 11, C)
-- delta = 1 mm, n = 1.5: delta^n = 10^-4.5; the elastic energy is
-- k delta^(n+1) / (n + 1) in every law.
local d15 = 10 ^ -4.5
local function law(name, rate, approach, extra)
  local p = { law = name, k = 1e6, n = 1.5, delta = 1e-3, rate = rate, approach = approach }
  for k, v in pairs(extra or {}) do p[k] = v end
  return mb.contact_force(p)
end
-- spring (Eqs. 11.31-11.34): k delta^n + c rate, never pulling
near(law("spring", 0, nil, { c = 2000 }), 1e6 * d15, "spring at rest: k delta^n")
near(law("spring", 2, nil, { c = 2000 }), 1e6 * d15 + 4000, "spring closing at 2 m/s: + c rate")
near(law("spring", -0.01, nil, { c = 2000 }), 1e6 * d15 - 20, "spring opening at 1 cm/s: - c |rate|")
near(law("spring", -2, nil, { c = 2000 }), 0, "spring opening at 2 m/s: it would pull, so 0")
near(select(2, law("spring", 0, nil, { c = 2000 })), 1e6 * d15 * 1e-3 / 2.5, "spring: the energy k delta^(n+1) / (n+1)")
-- Hunt and Crossley (Eq. 11.38): (k + c rate) delta^n; with c = 3e5 the
-- damping cancels the stiffness at rate = -k/c = -10/3 m/s
local hc = { c = 3e5 }
near(law("hunt-crossley", 2, nil, hc), (1e6 + 6e5) * d15, "Hunt-Crossley closing at 2 m/s: 1.6e6 delta^n")
near(law("hunt-crossley", -2, nil, hc), (1e6 - 6e5) * d15, "Hunt-Crossley opening at 2 m/s: 4e5 delta^n")
near(law("hunt-crossley", 0.5, nil, hc), (1e6 + 1.5e5) * d15, "Hunt-Crossley closing at 0.5 m/s")
T.ok(math.abs(law("hunt-crossley", -10 / 3, nil, hc)) < 1e-9, "Hunt-Crossley at -k/c: no force")
near(law("hunt-crossley", -4, nil, hc), 0, "Hunt-Crossley past -k/c: it would pull, so 0")
-- Lankarani and Nikravesh (Eq. 11.42): k delta^n (1 + 3(1 - e^2)/4 rate/v0);
-- e = 0.8: 3 * 0.36 / 4 = 0.27
local ln = { e = 0.8 }
near(law("lankarani-nikravesh", 2, 2, ln), 1.27 * 1e6 * d15, "Lankarani-Nikravesh closing at its first speed v0: 1.27 k delta^n")
near(law("lankarani-nikravesh", -2, 2, ln), 0.73 * 1e6 * d15, "Lankarani-Nikravesh opening at v0: 0.73 k delta^n")
near(law("lankarani-nikravesh", 1, 4, ln), (1 + 0.27 / 4) * 1e6 * d15, "Lankarani-Nikravesh at v0 / 4")
near(law("lankarani-nikravesh", 0, 2, ln), 1e6 * d15, "Lankarani-Nikravesh at rest: k delta^n")
-- a first speed slower than 1 mm/s is taken as 1 mm/s (the division stays sane)
near(law("lankarani-nikravesh", 1e-3, 1e-5, ln), 1.27 * 1e6 * d15, "Lankarani-Nikravesh: v0 below 1 mm/s counts as 1 mm/s")
-- Flores et al. (Eq. 11.43): k delta^n (1 + 8(1 - e)/(5e) rate/v0); e = 0.8: 0.4
near(law("flores", 2, 2, ln), 1.4 * 1e6 * d15, "Flores closing at v0: 1.4 k delta^n")
near(law("flores", -2, 2, ln), 0.6 * 1e6 * d15, "Flores opening at v0: 0.6 k delta^n")
near(law("flores", -2, 2, { e = 0.5 }), 0, "Flores at e = 0.5 opening at v0: 1 - 1.6 < 0, so 0")
near(law("flores", 1, 2, { e = 0.5 }), 1.8 * 1e6 * d15, "Flores at e = 0.5, closing at v0 / 2: 1 + 0.8")
near(select(2, law("flores", 2, 2, ln)), 1e6 * d15 * 1e-3 / 2.5, "Flores: the energy is the spring's alone")

---------------------------------------------------------------- viscous joint friction (Eq. 4.41, C)
-- A block on a frictionless guide with viscous friction c: m x'' = -c x',
-- so x' = v0 exp(-c t / m) and x = v0 m / c (1 - exp(-c t / m)). At
-- t = m / c the speed is v0 / e. The guide lies at 30 degrees, so the
-- friction must act along it; gravity is off.
do
  local angle = math.rad(30)
  local u = { math.cos(angle), math.sin(angle) }
  local m = mb.model{ name = "damped slider", gravity = { 0, 0 } }
  m:body{ name = "block", mass = 2, inertia = 0.5, vel = { 3 * u[1], 3 * u[2] } }
  m:point{ name = "P", body = "block" }
  m:point{ name = "O", body = "ground" }
  m:vector{ name = "guide", body = "ground", dir = u }
  m:vector{ name = "along", body = "block", dir = u }
  m:joint{ name = "slide", type = "translational", points = { "P", "O" }, vectors = { "along", "guide" } }
  m:force{ name = "viscous", type = "joint-friction", joint = "slide", c = 4 }
  local r = m:simulate{ tf = 1, dt = 0.5, tol = 1e-12 }
  local b = r:body("block")
  local speed = b.vx[2] * u[1] + b.vy[2] * u[2]
  T.near(speed, 3 / math.exp(1), 1e-9, "slide friction: at t = m/c = 0.5 s the speed is v0 / e")
  T.near(b.x[3] * u[1] + b.y[3] * u[2], 3 * 2 / 4 * (1 - math.exp(-2)), 1e-9,
    "slide friction: the distance at t = 1 s, v0 m / c (1 - e^-2)")
  T.near(b.vx[2] * u[2] - b.vy[2] * u[1], 0, 1e-12, "slide friction: no speed across the guide")
  -- a pin with friction: J w' = -c w, the same decay in the spin
  local p = mb.model{ name = "damped wheel", gravity = { 0, 0 } }
  p:body{ name = "wheel", mass = 1, inertia = 0.25, omega = 8 }
  p:point{ name = "C", body = "wheel" }
  p:point{ name = "O", body = "ground" }
  p:joint{ name = "axle", type = "revolute", points = { "C", "O" } }
  p:force{ name = "bearing", type = "joint-friction", joint = "axle", c = 0.5 }
  local w = p:simulate{ tf = 0.5, dt = 0.5, tol = 1e-12 }:body("wheel").omega[2]
  T.near(w, 8 / math.exp(1), 1e-9, "pin friction: at t = J/c = 0.5 s the spin is w0 / e")
end

---------------------------------------------------------------- Ex. 14.3, converged
-- The block in stick-slip on the conveyor with Brown and McPhee's law,
-- integrated to 1e-10 (rk45 and rk8pd agree to 1e-7): x_max 0.70799 and
-- x'_min -0.19239 (../shared/oracles). Moving the stiction peak from
-- 0.25 v_r^2 + 0.75 to + 0.70 (mu 2.7 % higher at v_t) moves them by
-- percents.
do
  local build = loadfile(arg[0]:match("(.*/)") .. "../../examples/conveyor.lua")("model")
  local r = build("B", { length = 0.5, x0 = 0.5, v0 = 0.1 }):simulate{ tf = 10, dt = 0.01, integrator = "rk45",
    tol = 1e-10 }
  local b, x, v = r:body("block"), -math.huge, math.huge
  for i = 1, #r.t do x, v = math.max(x, b.x[i]), math.min(v, b.vx[i]) end
  T.near(x, 0.70799, 5e-6, ("Ex. 14.3 converged: x_max %.7f"):format(x))
  T.near(v, -0.19239, 5e-6, ("Ex. 14.3 converged: x'_min %.7f"):format(v))
end

T.finish()
