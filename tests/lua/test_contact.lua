-- SPDX-License-Identifier: GPL-3.0-or-later
-- Contact and impact (Ch. 11, Sec. 13.4): the impact oracles O-11.1 to
-- O-11.4 through m:impact, the contact laws against O-11.6 (errata values),
-- Example 13.9 against its analytic impact times (H-13.9) in both
-- formulations, Newton's cradle, friction at impact, energy where physics
-- keeps it, the effective restitution of Eqs. 11.42-11.43, continuous
-- against piecewise on the book's Rod, and bad input.
local T = dofile(arg[0]:match("(.*/)") .. "harness.lua")
local here = arg[0]:match("(.*/)")
local function example(name) return loadfile(here .. "../../examples/" .. name .. ".lua")("model") end

-- Two discs on the x axis, touching, with given velocities.
local function two_discs(mi, mj, vi, vj, e, opts)
  opts = opts or {}
  local m = mb.model{ name = "two discs", gravity = {0, 0} }
  m:body{ name = "i", mass = mi, inertia = 1, pos = opts.pi or {0, 0}, vel = vi }
  m:body{ name = "j", mass = mj, inertia = 1, pos = opts.pj or {0.1, 0}, vel = vj }
  m:point{ name = "Ci", body = "i" }
  m:point{ name = "Cj", body = "j" }
  m:contact{ name = "hit", type = "circles", points = {"Ci", "Cj"}, radii = {0.05, 0.05}, e = e }
  return m
end

---------------------------------------------------------------- O-11.1, O-11.2
do
  local m = two_discs(0.2, 0.4, {3, 0}, {-2, 0}, 0.5)
  local out = m:impact("hit")
  T.near(out.bodies.i.vx, -2.0, 1e-12, "O-11.1 particle i after the impact")
  T.near(out.bodies.j.vx, 0.5, 1e-12, "O-11.1 particle j after the impact")
  T.near(out.opening / out.closing, 0.5, 1e-12, "O-11.1 the normal speeds keep the ratio e")
  T.near(m.bodies.i.vel[1], -2.0, 1e-12, "m:impact leaves the new velocities in the model")
  T.eq(m:impact("hit").impulse, 0, "once they separate, a second impact does nothing")
end
do -- body 1 above body 2: the normal (0, 1) points from 2 to 1
  for _, case in ipairs { { 0.6, {2.0, 2.8}, {1.5, -0.2}, 0.96, 1.5275 }, { 1.0, {2.0, 4.0}, {1.5, -1.0}, 1.2, 2.4875 } } do
    local e, v1, v2, impulse, energy = table.unpack(case)
    local m = two_discs(0.2, 0.3, {2, -2}, {1.5, 3}, e, { pi = {0, 0.1}, pj = {0, 0} })
    local out = m:impact("hit")
    T.near_all({ out.bodies.i.vx, out.bodies.i.vy, out.bodies.j.vx, out.bodies.j.vy },
      { v1[1], v1[2], v2[1], v2[2] }, 1e-12, ("O-11.2 velocities after, e = %g"):format(e))
    T.near(out.impulse, impulse, 1e-12, ("O-11.2 impulse, e = %g"):format(e))
    local after = 0.5 * 0.2 * (v1[1]^2 + v1[2]^2) + 0.5 * 0.3 * (v2[1]^2 + v2[2]^2)
    T.near(after, energy, 1e-12, ("O-11.2 kinetic energy after (2.4875 before), e = %g"):format(e))
  end
end

---------------------------------------------------------------- O-11.3 (rod on the ground)
do
  local m = mb.model{ name = "O-11.3", gravity = {0, 0} }
  local phi = math.rad(315)
  m:body{ name = "rod", mass = 1, inertia = 0.01, pos = {0, -math.sin(phi)}, angle = phi, vel = {0, -6.5} }
  m:point{ name = "C", body = "rod", at = {1.0, 0} }
  m:contact{ name = "ground", point = "C", e = 0.95 }
  local out = m:impact("ground")
  T.near_all({ out.bodies.rod.vx, out.bodies.rod.vy, out.bodies.rod.omega }, { 0, -6.2515, 17.5737 }, 5e-5,
    "O-11.3 rod velocities after it strikes the ground")
  T.near(out.impulse, 0.24853, 5e-6, "O-11.3 impulse")
  T.near(out.opening, 0.95 * 6.5, 1e-12, "O-11.3 the contact point leaves at e times 6.5 m/s")
end

---------------------------------------------------------------- O-11.4 (disc on a rod)
do
  local m = mb.model{ name = "O-11.4", gravity = {0, 0} }
  m:body{ name = "disc", mass = 0.5, inertia = 0.5 * 0.5 * 0.1^2, pos = {-0.1, 0.25}, vel = {2, 1}, omega = 0.5 }
  m:body{ name = "rod", mass = 0.6, inertia = 0.6 / 12, vel = {0, -1} }
  m:point{ name = "centre", body = "disc" }
  m:point{ name = "P", body = "rod", at = {0, 0.25} }
  m:vector{ name = "face", body = "rod", dir = {-1, 0} }          -- the rod's side facing the disc
  m:contact{ name = "hit", point = "centre", radius = 0.1, line = {"P", "face"}, e = 0.8 }
  local out = m:impact("hit")
  T.near_all({ out.bodies.disc.vx, out.bodies.disc.vy, out.bodies.disc.omega }, { 0.5356, 1.0, 0.5 }, 5e-5,
    "O-11.4 disc after")
  T.near_all({ out.bodies.rod.vx, out.bodies.rod.vy, out.bodies.rod.omega }, { 1.2203, -1.0, -3.6610 }, 5e-5,
    "O-11.4 rod after")
end

---------------------------------------------------------------- friction at impact (Eq. 11.30)
do -- a disc (J = m R^2 / 2) strikes the floor at (1, -2) m/s without spin, e = 0.5
  local function strike(mu)
    local m = mb.model{ name = "disc on the floor", gravity = {0, 0} }
    m:body{ name = "disc", mass = 1, inertia = 0.005, pos = {0, 0.1}, vel = {1, -2} }
    m:point{ name = "C", body = "disc" }
    m:contact{ name = "floor", point = "C", radius = 0.1, e = 0.5, mu = mu }
    return m:impact("floor")
  end
  local slide = strike(0.1) -- normal impulse 3, friction 0.3 back: still sliding after
  T.near_all({ slide.bodies.disc.vx, slide.bodies.disc.vy, slide.bodies.disc.omega }, { 0.7, 1.0, -6 }, 1e-12,
    "impact with sliding friction: vx 0.7, spin -6 rad/s")
  T.near(slide.friction_impulse, -0.3, 1e-12, "sliding: the friction impulse is mu times the normal one")
  local stick = strike(0.5) -- mu pi_n would reverse the slip: the contact point sticks instead
  T.near(stick.bodies.disc.vx, 2 / 3, 1e-12, "impact with sticking: the disc rolls off at 2/3 of its speed")
  T.near(stick.bodies.disc.vx + 0.1 * stick.bodies.disc.omega, 0, 1e-12, "sticking: no slip after")
  T.ok(math.abs(stick.friction_impulse) <= 0.5 * stick.impulse,
    ("sticking: the tangential impulse %.4g stays inside the cone (%.4g)"):format(stick.friction_impulse, 0.5 * stick.impulse))
end

---------------------------------------------------------------- O-11.6 (errata values)
for _, case in ipairs { { "lankarani-nikravesh", 0.15, 4.05e6 }, { "flores", 0.15, 1.42e7 },
                        { "lankarani-nikravesh", 0.95, 3.25e6 }, { "flores", 0.95, 3.26e6 } } do
  local law, e, want = table.unpack(case)
  local f = mb.contact_force{ law = law, k = 1e11, n = 1.5, e = e, delta = 1e-3, rate = 2.5, approach = 6.5 }
  T.near(f, want, 0.005 * want, ("O-11.6 %s at e = %g: %.4g N (the errata's value)"):format(law, e, f))
end
T.ok(math.abs(mb.contact_force{ law = "flores", k = 1e11, n = 1.5, e = 0.95, delta = 1e-3, rate = 2.5, approach = 6.5 }
  - 1.42e7) > 1e6, "O-11.6: the body text's 1.42e7 N for Eq. 11.43 at e = 0.95 is not reproduced (a misprint)")
do
  local f, energy = mb.contact_force{ law = "spring", k = 20, delta = 0.1 }
  T.near(f, 2, 1e-12, "Eq. 11.31: f = k delta")
  T.near(energy, 0.1, 1e-12, "its elastic energy k delta^2 / 2")
  T.near(mb.contact_force{ law = "spring", k = 20, c = 3, delta = 0.1, rate = -5 }, 0, 0,
    "Eq. 11.32: a Kelvin-Voigt contact never pulls")
end

---------------------------------------------------------------- Ex 13.9 (H-13.9)
local pendulums = example("impacting_pendulums")
local omega0 = math.sqrt(0.1 * 9.81 * 0.1 / (0.1 * 0.1^2 + 0.5 * 0.1 * 0.01^2))
-- A pendulum released at amplitude a reaches the bottom after K(sin(a/2)) / w0,
-- K the complete elliptic integral (by the arithmetic-geometric mean).
local function quarter_period(amplitude)
  local a, b = 1, math.cos(amplitude / 2)
  for _ = 1, 30 do a, b = (a + b) / 2, math.sqrt(a * b) end
  return math.pi / (2 * a) / omega0
end
for _, f in ipairs { "body", "joint" } do
  local r = pendulums():simulate{ formulation = f, tf = 2, dt = 0.01, tol = 1e-10 }
  T.eq(#r.impacts, 6, ("Ex 13.9 (%s): six impacts in 2 s"):format(f))
  -- H-13.9: 0.17062 s, then odd multiples (its 1.5355 is a slip for 9 x 0.170625 = 1.53562)
  local t1 = quarter_period(math.pi / 3)
  T.near(t1, 0.17062, 5e-6, "H-13.9: a quarter period from 60 degrees is 0.17062 s")
  for i = 1, 6 do
    local t = (2 * i - 1) * t1
    T.near(r.impacts[i] and r.impacts[i].t or 0, t, 1e-8, ("Ex 13.9 (%s): impact %d at %.5f s"):format(f, i, t))
  end
  T.near(r.impacts[1].closing, 2 * omega0 * math.sin(math.pi / 6) * 0.1, 1e-6,
    ("Ex 13.9 (%s): ball 1 arrives at 2 w0 L sin 30 deg"):format(f))
  local k = 1
  while r.t[k] < 0.2 do k = k + 1 end
  T.near(r:body("ball1").omega[k], 0, 1e-9, ("Ex 13.9 (%s): the striker stops dead (e = 1)"):format(f))
  T.near(r.impacts[1].opening, r.impacts[1].closing, 1e-12,
    ("Ex 13.9 (%s): ball 2 swings off with the striker's speed"):format(f))
  local e, drift = r.energy.total, 0
  for i = 1, #e do drift = math.max(drift, math.abs(e[i] - e[1])) end
  T.ok(drift < 1e-7, ("Ex 13.9 (%s): elastic impacts keep the energy (%.2g J)"):format(f, drift))
end
do
  local r = pendulums{ angle = math.pi / 4 }:simulate{ tf = 0.2, dt = 0.01, tol = 1e-10 }
  T.near(r.impacts[1].t, quarter_period(math.pi / 4), 1e-8, "Ex 13.9 released at 45 degrees (the text): first impact at 0.16534 s")
  T.near(r.impacts[1].t, 0.16534, 5e-6, "... which is H-13.9's value")
  T.near(r.impacts[1].closing / 0.1, 7.5617, 1e-3, "Ex 13.9 at 45 degrees: 7.5617 rad/s at impact")
  local rk = pendulums():simulate{ tf = 0.6, dt = 0.01, integrator = "rk4", h = 0.002 }
  T.near(rk.impacts[2].t, 0.5119, 1e-4, "Ex 13.9 with fixed RK4 steps: the impacts are located as well")
end
do -- Newton's cradle: the impact runs through two touching balls in one instant
  local r = pendulums{ balls = 3 }:simulate{ tf = 0.25, dt = 0.01, tol = 1e-10 }
  T.ok(#r.impacts == 2 and r.impacts[1].t == r.impacts[2].t and r.impacts[2].contact == "hit2",
    "Newton's cradle: ball 1 hits ball 2, which hits ball 3 at the same instant")
  local n = #r.t
  T.ok(math.abs(r:body("ball1").omega[n]) < 1e-9 and math.abs(r:body("ball2").omega[n]) < 1e-9,
    "Newton's cradle: the first two balls stay at rest")
  T.near(r.impacts[2].opening, r.impacts[1].closing, 1e-9, "Newton's cradle: the last ball leaves at the striker's speed")
end

---------------------------------------------------------------- force laws: energy, restitution
local function ball(law, params, opts)
  opts = opts or {}
  local m = mb.model{ name = "ball", gravity = opts.gravity or {0, -9.81} }
  m:body{ name = "ball", mass = 1, inertia = 0.004, pos = {0, opts.height or 0.5}, vel = opts.vel }
  m:point{ name = "C", body = "ball" }
  local spec = { name = "floor", point = "C", radius = 0.1, law = law }
  for k, v in pairs(params) do spec[k] = v end
  m:contact(spec)
  return m
end
do
  local r = ball("spring", { k = 1e6, n = 1.5 }):simulate{ tf = 1, dt = 0.01, tol = 1e-10 }
  local e, drift = r.energy.total, 0
  for i = 1, #e do drift = math.max(drift, math.abs(e[i] - e[1])) end
  T.ok(#r.impacts == 2 and drift < 1e-5, ("a Hertz contact without damping bounces twice in 1 s and keeps the energy (%.2g J)"):format(drift))
  T.near(r.impacts[1].opening, r.impacts[1].closing, 1e-6, "... and the ball leaves as fast as it came")
  T.ok(r.impacts[1].duration > 0 and r.impacts[1].peak_force > 0 and r.impacts[1].depth > 0,
    "a force-law contact reports its duration, peak force and depth")
  local depth = (5 / 4 * 1 * r.impacts[1].closing^2 / 1e6)^0.4   -- Hertz: k d^2.5 / 2.5 = m v^2 / 2
  T.near(r.impacts[1].depth, depth, 0.01 * depth, ("the deepest penetration is the Hertz value %.4g m"):format(depth))
end
for _, case in ipairs { { "lankarani-nikravesh", 0.9, 0.02 }, { "flores", 0.9, 0.02 }, { "flores", 0.5, 0.07 } } do
  local law, e, tol = table.unpack(case)
  local r = ball(law, { k = 1e10, e = e }, { gravity = {0, 0}, height = 0.1001, vel = {0, -1} })
      :simulate{ tf = 0.01, dt = 0.001 }
  local ratio = r.impacts[1].opening / r.impacts[1].closing
  T.near(ratio, e, tol * e, ("Problem 11.10: %s gives an effective restitution %.3f for e = %g"):format(law, ratio, e))
end
do
  local r = ball("lankarani-nikravesh", { k = 1e10, e = 0.1 }, { gravity = {0, 0}, height = 0.1001, vel = {0, -1} })
      :simulate{ tf = 0.01, dt = 0.001 }
  T.ok(r.impacts[1].opening / r.impacts[1].closing > 0.5,
    "Eq. 11.42 is meant for e near 1: at e = 0.1 the ball still leaves at over half its speed")
  local f = ball("flores", { k = 1e10, e = 0.1 }, { gravity = {0, 0}, height = 0.1001, vel = {0, -1} })
      :simulate{ tf = 0.01, dt = 0.001 }
  T.ok(f.impacts[1].opening / f.impacts[1].closing < 0.15, "Eq. 11.43 holds low restitution: 0.1 gives under 0.15")
end
do -- sliding on the floor with friction: it slows at mu g
  local m = mb.model{ name = "puck" }
  m:body{ name = "puck", mass = 1, inertia = 1, pos = {0, 0.1 - 9.81 / 1e6}, vel = {1, 0} }
  m:point{ name = "C", body = "puck" }
  m:contact{ name = "floor", point = "C", radius = 0.1, law = "spring", k = 1e6, c = 2000, mu = 0.3 }
  local r = m:simulate{ tf = 0.2, dt = 0.1 }
  local p = r:body("puck")
  T.near(p.vx[2], 1 - 0.3 * 9.81 * 0.1, 1e-3, "Coulomb friction (Eq. 4.44) slows a sliding body at mu g")
  T.near(r:contact("floor").friction[2], -0.3 * 9.81, 1e-2, "the friction force is mu times the normal force")
end

---------------------------------------------------------------- continuous against piecewise (App. B Rod)
do
  local rod = example("rod")
  local soft = rod():simulate{ tf = 0.08, dt = 0.01, tol = 1e-10 }
  local hard = rod("impulse"):simulate{ tf = 0.08, dt = 0.01, tol = 1e-10 }
  local n = #soft.t
  for _, f in ipairs { "vy", "omega" } do
    local a, b = soft:body("rod")[f][n], hard:body("rod")[f][n]
    T.near(a, b, 0.01 * math.abs(b), ("Rod: Eq. 11.42 and the impulse law agree after the first impact (%s %.4f, %.4f)"):format(f, a, b))
  end
  local joint = rod():simulate{ tf = 0.3, dt = 0.01, tol = 1e-10, formulation = "joint" }
  local body = rod():simulate{ tf = 0.3, dt = 0.01, tol = 1e-10 }
  T.near(joint:body("rod").angle[#joint.t], body:body("rod").angle[#body.t], 1e-5,
    "Rod: joint and body coordinates agree through several contacts")
end

---------------------------------------------------------------- lasting contact and bad input
do
  local m = ball("impulse", { e = 0 })
  T.fails(function() m:simulate{ tf = 1 } end, "come to rest on each other",
    "e = 0 on the floor: the impulse law explains it cannot carry lasting contact")
  T.ok(m.last and #m.last.t > 1, "the samples before it are kept in m.last")
end
local function bad(spec, pattern, what)
  local m = mb.model{ name = "bad" }
  m:body{ name = "a", mass = 1, inertia = 1 }
  m:body{ name = "b", mass = 1, inertia = 1, pos = {1, 0} }
  m:point{ name = "A", body = "a" }
  m:point{ name = "B", body = "b" }
  m:point{ name = "G", body = "ground" }
  T.fails(function() m:contact(spec) end, pattern, what)
end
bad({ name = "x", point = "A", law = "sticky" }, "unknown law 'sticky' (the laws are: flores, hunt-crossley, impulse", "an unknown law is named with the choices")
bad({ name = "x", point = "A" }, "the impulse law needs e", "the impulse law needs e")
bad({ name = "x", point = "A", law = "hertz" }, "unknown law", "hertz is spelled spring with n = 1.5")
bad({ name = "x", point = "A", law = "spring", k = -1 }, "k must be positive", "a negative stiffness")
bad({ name = "x", point = "A", e = 1.5 }, "e must be between 0 and 1", "a restitution above 1")
bad({ name = "x", point = "Q", e = 1 }, "unknown point 'Q'", "an unknown point")
bad({ name = "x", point = "G", e = 1 }, "is on the ground, and so is the default line", "a ground point against the ground")
bad({ name = "x", type = "circles", points = {"A", "B"}, e = 1 }, "needs radii", "circles need radii")
bad({ name = "x", point = "A", law = "flores", k = 1, e = 0 }, "divides by e", "flores with e = 0")
do
  local ok, err = pcall(function()
    local m = mb.model{ name = "where" }
    m:body{ name = "a", mass = 1, inertia = 1 }
    m:point{ name = "A", body = "a" }
    m:contact{ name = "x", point = "A" }
  end)
  T.ok(not ok and err:match("test_contact%.lua:%d+: contact 'x'"), "the message names the file, line and contact: " .. tostring(err))
end

T.finish()
