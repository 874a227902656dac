-- SPDX-License-Identifier: GPL-3.0-or-later
-- The problems of Chapter 11 (Sec. 11.3): contact and impact. The book's
-- figures are not reproduced, so where a problem refers to "the
-- orientation shown" the geometry is ours and the sheet says so. The
-- piecewise problems (11.1-11.8) are worked with m:impact, the jump of Eq.
-- 11.27 in body coordinates; verify works them again by hand: momentum (or
-- angular momentum about a pivot) and the restitution law along the normal,
-- an effective mass, or the same jump written in joint coordinates. The
-- continuous problems (11.9-11.13) run the contact force laws of Sec. 11.2
-- in m:simulate; verify integrates the contact by hand (Runge-Kutta on the
-- coordinate that closes the contact) or runs another formulation.
local vec, mat = mb.vec, mb.mat

------------------------------------------------------------------ helpers

-- mb.vec's, on plain pairs
local dot, sub, add, scale, perp, unit = vec.dot, vec.sub, vec.add, vec.scale, vec.perp, vec.unit

local g = 9.81

-- The normal force of Eqs. 11.42 (lankarani-nikravesh) and 11.43
-- (flores) written out, never pulling: k delta^n (1 + c rate/approach).
local function law_force(law, k, n, e, delta, rate, approach)
  if delta <= 0 then return 0 end
  local c = law == "flores" and 8 * (1 - e) / (5 * e) or 3 * (1 - e * e) / 4
  return math.max(0, k * delta ^ n * (1 + c * rate / approach))
end

local rk4 = require("mechbench.by_hand").rk4 -- one Runge-Kutta step of size h for y' = f(y)

-- A contact of one coordinate by hand: the penetration delta(y) and its
-- rate, the state y integrated through the contact (from its start,
-- delta = 0 and closing) until it opens again. Returns the state at
-- separation (the crossing found by a linear interpolation of the last
-- step) and the deepest penetration.
local function through_contact(f, y, penetration, h)
  local deepest = 0
  for _ = 1, 1000000 do
    local nxt = rk4(f, y, h)
    local d0, d1 = penetration(y), penetration(nxt)
    if d1 > deepest then deepest = d1 end
    if d1 < 0 and d0 >= 0 and deepest > 0 then
      local s = d0 / (d0 - d1)
      local out = {}
      for i = 1, #y do out[i] = y[i] + s * (nxt[i] - y[i]) end
      return out, deepest
    end
    y = nxt
  end
  error("the contact did not open")
end

-- The time scale of a Hertz contact of mass m, stiffness k, closing at v:
-- (m v^2/k)^0.4 / v; a contact lasts about three of it.
local function contact_time(m, k, v) return (m * v * v / k) ^ 0.4 / v end

-- The rebound of a ball on a rigid floor through a force law, in the
-- contact's own scale: x = delta/delta*, s = t v/delta* with delta* =
-- (m v^2/k)^(1/(n+1)) turn m delta'' = -f into x'' = -x^n (1 + c x'),
-- x'(0) = 1, so the rebound ratio depends on the law and e alone.
-- Once the force has fallen to zero on the way out it stays zero (the rate
-- no longer changes), so the rebound speed is known from there on.
local function rebound_by_hand(law, e)
  local c = law == "flores" and 8 * (1 - e) / (5 * e) or 3 * (1 - e * e) / 4
  local function force(y) return y[1] > 0 and math.max(0, y[1] ^ 1.5 * (1 + c * y[2])) or 0 end
  local function f(y) return { y[2], -force(y) } end
  local y = { 0, 1 }
  for _ = 1, 100000 do
    y = rk4(f, y, 4e-3)
    if y[1] <= 0 or (y[2] < 0 and force(y) == 0) then return -y[2] end
  end
  error("the ball did not leave the floor")
end

-- The sweep of e from e0 in steps of 0.1 up to 1.
local function sweep(e0)
  local out = {}
  for k = 0, 20 do
    local e = e0 + 0.1 * k
    if e > 1 + 1e-9 then break end
    out[#out + 1] = math.min(e, 1)
  end
  return out
end

-- A ball of mass m dropped at speed v on a rigid floor through a law
-- (stiffness k, n = 1.5, restitution e): the rebound ratio of the run.
local function rebound(d, law, e)
  local m = mb.model { name = "ball on a floor", gravity = { 0, 0 } }
  local scale_ = (d.m * d.v ^ 2 / d.k) ^ 0.4
  m:body { name = "ball", mass = d.m, inertia = 0.4 * d.m * 0.05 ^ 2, pos = { 0, 0.05 + scale_ }, vel = { 0, -d.v } }
  m:point { name = "C", body = "ball" }
  m:contact { name = "floor", point = "C", radius = 0.05, law = law, k = d.k, e = e }
  local tf = (12 + 3 / e) * scale_ / d.v
  local r = m:simulate { tf = tf, dt = tf / 2 }
  local i = assert(r.impacts[1] and r.impacts[1].opening, "the ball did not leave the floor")
  return i / r.impacts[1].closing
end

-- the largest |e_eff - e_in| over a sweep
local function largest_gap(es, eff)
  local worst = 0
  for i, e in ipairs(es) do worst = math.max(worst, math.abs(eff[i] - e)) end
  return worst
end

------------------------------------------------------------------ models

-- Problem 11.1 (ours, after the figure): particle 1 flies at speed v at
-- the angle alpha below the x axis into the face of block 2, whose outward
-- normal n makes the angle beta with -x (n = {-cos beta, sin beta}). The
-- block slides along x on a smooth guide and is tied to a wall by a spring
-- k, undeformed at the start. piecewise: the particle touches the face
-- now; else it starts 0.05 s before and the contact is the force law.
local function particle_and_block(d, law)
  local m = mb.model { name = "particle and block", gravity = { 0, 0 } }
  local n = { -math.cos(d.beta), math.sin(d.beta) }
  local v = scale(d.v, unit(-d.alpha))
  local start = law and scale(-0.05, v) or { 0, 0 }
  m:body { name = "particle", mass = d.m1, inertia = 1e-3, pos = start, vel = v }
  m:point { name = "P", body = "particle" }
  m:body { name = "block", mass = d.m2, inertia = 0.1, pos = { 0.3, 0 } }
  m:point { name = "F", body = "block", at = { -0.3, 0 } }
  m:point { name = "middle", body = "block" }
  m:vector { name = "n", body = "block", dir = n }
  m:vector { name = "block.x", body = "block", dir = { 1, 0 } }
  m:point { name = "rail", body = "ground", at = { 0.3, 0 } }
  m:point { name = "wall", body = "ground", at = { 1.3, 0 } }
  m:vector { name = "x", body = "ground", dir = { 1, 0 } }
  m:joint { name = "guide", type = "translational", points = { "F", "rail" }, vectors = { "block.x", "x" } }
  m:force { name = "spring", type = "spring-damper", points = { "middle", "wall" }, k = d.k or 20, length = 1.0 }
  m:contact { name = "hit", point = "P", line = { "F", "n" }, e = d.e, law = law, k = law and d.kc, n = law and d.n }
  return m
end

-- Problem 11.11: the runs of both laws in a formulation: the particle's
-- velocity at the end (free since it left the face) and the block's x.
local function continuous_block(d, formulation)
  local out = {}
  for law, tag in pairs { ["lankarani-nikravesh"] = "ln", flores = "fl" } do
    local r = particle_and_block(d, law):simulate { formulation = formulation, tf = 2, dt = 0.05, tol = 1e-9 }
    local p = r:body("particle")
    out["v1_" .. tag] = { p.vx[#p.vx], p.vy[#p.vy] }
    out["x_" .. tag] = r:body("block").x
  end
  return out
end

-- Problems 11.2, 11.3 and 11.12: a particle m (a small ball: J = 0.001 m
-- L^2 about its centre, ours) on a massless rod of length L pinned at O, the rod at psi from the downward vertical when the
-- particle touches the ground (y = 0) to the right of O's foot; at that
-- moment it turns clockwise at phid towards the vertical. string: the
-- particle alone (a string cannot push). released: gravity on, the rod
-- starting at rest along +x (horizontal) and a force law.
local function pendulum(d, opts)
  opts = opts or {}
  local m = mb.model { name = "pendulum on the ground", gravity = { 0, opts.released and -g or 0 } }
  local O = { 0, d.L * math.cos(d.psi) }
  local phi = opts.released and 0 or d.psi - math.pi / 2   -- the rod's angle, O to the particle
  local s = scale(d.L, unit(phi))
  local w = opts.released and 0 or -d.phid
  m:body { name = "ball", mass = d.m, inertia = 1e-3 * d.m * d.L ^ 2, pos = add(O, s), angle = phi,
    vel = scale(w, perp(s)), omega = not opts.string and w or 0 }
  m:point { name = "tip", body = "ball" }
  if not opts.string then
    m:point { name = "ball.O", body = "ball", at = { -d.L, 0 } }
    m:point { name = "O", body = "ground", at = O }
    m:joint { name = "O", type = "revolute", points = { "ball.O", "O" } }
  end
  m:contact { name = "ground", point = "tip", e = d.e, law = opts.law, k = opts.law and d.k }
  return m
end

-- Problems 11.4, 11.5 and 11.13: pendulums of balls (radius R, mass m,
-- J = 2/5 m R^2) on massless rods of length L, hanging from pivots 2R
-- apart so that the balls just touch. The first swings in at v (or, with
-- released, starts horizontal at rest under gravity).
local function pendulums(d, count, opts)
  opts = opts or {}
  local m = mb.model { name = count .. " pendulums", gravity = { 0, opts.released and -g or 0 } }
  for i = 1, count do
    local O = { 2 * d.R * (i - 1), d.L }
    local name = "ball" .. i
    local start = (i == 1 and opts.released) and { -d.L, d.L } or { O[1], 0 }
    local angle = (i == 1 and opts.released) and math.pi or -math.pi / 2
    local w = (i == 1 and not opts.released) and d.v / d.L or 0
    m:body { name = name, mass = d.m, inertia = 0.4 * d.m * d.R ^ 2, pos = start, angle = angle,
      vel = scale(w, perp(sub(start, O))), omega = w }
    m:point { name = name .. ".c", body = name }
    m:point { name = name .. ".O", body = name, at = { -d.L, 0 } }
    m:point { name = "O" .. i, body = "ground", at = O }
    m:joint { name = "O" .. i, type = "revolute", points = { name .. ".O", "O" .. i } }
    if i > 1 then
      m:contact { name = "c" .. (i - 1), type = "circles", points = { "ball" .. (i - 1) .. ".c", name .. ".c" },
        radii = { d.R, d.R }, e = d.e, law = opts.law, k = opts.law and d.k }
    end
  end
  return m
end

-- Problem 11.6 (ours, after the figure): the particle m1 on its rod L1 and
-- a uniform bar (m2, J2, L2) hang from the same pivot O; the particle
-- strikes the bar's side L1 from O while both hang straight down, the
-- pendulum turning counter-clockwise at phid.
local function pendulum_and_bar(d)
  local m = mb.model { name = "pendulum and bar", gravity = { 0, 0 } }
  m:body { name = "ball", mass = d.m1, inertia = 1e-6 * d.m1 * d.L1 ^ 2, pos = { 0, -d.L1 }, angle = -math.pi / 2,
    vel = { d.phid * d.L1, 0 }, omega = d.phid }
  m:point { name = "tip", body = "ball" }
  m:point { name = "ball.O", body = "ball", at = { -d.L1, 0 } }
  m:body { name = "bar", mass = d.m2, inertia = d.J2, pos = { 0, -d.L2 / 2 }, angle = -math.pi / 2 }
  m:point { name = "bar.O", body = "bar", at = { -d.L2 / 2, 0 } }
  m:point { name = "face", body = "bar", at = { d.L1 - d.L2 / 2, 0 } }
  m:vector { name = "face.n", body = "bar", dir = { 0, -1 } }
  m:point { name = "O", body = "ground" }
  m:joint { name = "O1", type = "revolute", points = { "ball.O", "O" } }
  m:joint { name = "O2", type = "revolute", points = { "bar.O", "O" } }
  m:contact { name = "hit", point = "tip", line = { "face", "face.n" }, e = d.e }
  return m
end

-- Problems 11.7 and 11.8: a double pendulum of uniform links (L1, m1; L2,
-- m2) pinned at O, its tip B striking the ground y = 0 at the absolute
-- angles phi1, phi2 and rates phi1d, phi2d; friction mu when given.
local function double_pendulum(d, mu)
  local m = mb.model { name = "double pendulum", gravity = { 0, 0 } }
  local e1, e2 = unit(d.phi1), unit(d.phi2)
  local O = { 0, -(d.L1 * e1[2] + d.L2 * e2[2]) }
  local A = add(O, scale(d.L1, e1))
  local vA = scale(d.phi1d * d.L1, perp(e1))
  m:body { name = "link1", mass = d.m1, inertia = d.m1 * d.L1 ^ 2 / 12, pos = add(O, scale(d.L1 / 2, e1)),
    angle = d.phi1, vel = scale(d.phi1d * d.L1 / 2, perp(e1)), omega = d.phi1d }
  m:body { name = "link2", mass = d.m2, inertia = d.m2 * d.L2 ^ 2 / 12, pos = add(A, scale(d.L2 / 2, e2)),
    angle = d.phi2, vel = add(vA, scale(d.phi2d * d.L2 / 2, perp(e2))), omega = d.phi2d }
  m:point { name = "link1.O", body = "link1", at = { -d.L1 / 2, 0 } }
  m:point { name = "link1.A", body = "link1", at = { d.L1 / 2, 0 } }
  m:point { name = "link2.A", body = "link2", at = { -d.L2 / 2, 0 } }
  m:point { name = "B", body = "link2", at = { d.L2 / 2, 0 } }
  m:point { name = "O", body = "ground", at = O }
  m:joint { name = "O", type = "revolute", points = { "link1.O", "O" } }
  m:joint { name = "A", type = "revolute", points = { "link2.A", "link1.A" } }
  m:contact { name = "ground", point = "B", e = d.e, mu = mu }
  return m
end

-- The same impact by hand in the absolute angles (phi1, phi2): the mass
-- matrix of the two links about O and A, the tip's Jacobian, and Eq. 11.27
-- reduced to them, the impulse acting along w = u - s mu t (s the sign of
-- the tip's slip along t = x; mu = 0 without friction). Returns the rates
-- after, the impulse and the tip's velocity before and after.
local function double_pendulum_by_hand(d, mu)
  local c = math.cos(d.phi1 - d.phi2)
  local I1 = d.m1 * d.L1 ^ 2 / 3 + d.m2 * d.L1 ^ 2
  local I2 = d.m2 * d.L2 ^ 2 / 3
  local k = d.m2 * d.L1 * d.L2 / 2 * c
  local M = { { I1, k }, { k, I2 } }
  local t1, t2 = perp(unit(d.phi1)), perp(unit(d.phi2))
  local J = { { d.L1 * t1[1], d.L2 * t2[1] }, { d.L1 * t1[2], d.L2 * t2[2] } }
  local function tip(w) return { J[1][1] * w[1] + J[1][2] * w[2], J[2][1] * w[1] + J[2][2] * w[2] } end
  local before = tip { d.phi1d, d.phi2d }
  local slip = before[1] > 0 and 1 or -1
  local w = { -(mu or 0) * slip, 1 }
  -- [M, -J'w; u'J, 0] {dw; pi} = {0; -(1 + e) u'J w-}, u = {0, 1}
  local Jw = { J[1][1] * w[1] + J[2][1] * w[2], J[1][2] * w[1] + J[2][2] * w[2] }
  local K = { { M[1][1], M[1][2], -Jw[1] }, { M[2][1], M[2][2], -Jw[2] }, { J[2][1], J[2][2], 0 } }
  local x = mat(K):solve { 0, 0, -(1 + d.e) * before[2] }
  local after = { d.phi1d + x[1], d.phi2d + x[2] }
  return after, x[3], before, tip(after)
end

-- The data shared by problems on one system (a fresh list each time).
local function block_data(spread, more)
  local out = {
    { name = "v", value = 10, unit = "m/s", what = "the particle's speed", vary = 0.3 },
    { name = "m1", value = 1, unit = "kg", what = "the particle", vary = 0.3 },
    { name = "m2", value = 2, unit = "kg", what = "the block", vary = 0.3 },
    { name = "e", value = 0.6, unit = "", what = "restitution", vary = { abs = 0.2 } },
    { name = "alpha", value = 20, unit = "deg", what = "the particle's path below x", ours = true,
      vary = { abs = spread, step = 1 } },
    { name = "beta", value = 30, unit = "deg", what = "the face's normal from -x", ours = true, vary = { abs = spread, step = 1 } },
  }
  for _, e in ipairs(more or {}) do out[#out + 1] = e end
  return out
end
local function pendulum_data(what)
  return {
    { name = "m", value = 1, unit = "kg", what = "the particle", vary = 0.3 },
    { name = "L", value = 1, unit = "m", what = what, vary = 0.3 },
    { name = "e", value = 0.9, unit = "", what = "restitution", vary = { abs = 0.08 } },
    { name = "phid", value = 1, unit = "rad/s", what = "the rate at impact (clockwise)", vary = 0.4 },
    { name = "psi", value = 30, unit = "deg", what = what .. " from the vertical", ours = true, vary = { abs = 15, step = 1 } },
  }
end
local function pendulums_data()
  return {
    { name = "v", value = 0.5, unit = "m/s", what = "the first ball's speed", vary = 0.4 },
    { name = "L", value = 1, unit = "m", what = "pivot to ball centre", vary = 0.3 },
    { name = "R", value = 0.1, unit = "m", what = "the balls' radius", vary = 0.3 },
    { name = "m", value = 1, unit = "kg", what = "each ball", vary = 0.3 },
    { name = "e", value = 0.9, unit = "", what = "restitution", vary = { abs = 0.08 } },
  }
end
local function double_pendulum_data(friction)
  local out = {
    { name = "L1", value = 1, unit = "m", what = "link 1", ours = true, vary = 0.2 },
    { name = "m1", value = 2, unit = "kg", what = "link 1", ours = true, vary = 0.3 },
    { name = "L2", value = 0.8, unit = "m", what = "link 2", ours = true, vary = 0.2 },
    { name = "m2", value = 1, unit = "kg", what = "link 2", ours = true, vary = 0.3 },
    { name = "phi1", value = -40, unit = "deg", what = "link 1's angle at impact", ours = true, vary = { abs = 10, step = 1 } },
    { name = "phi2", value = -70, unit = "deg", what = "link 2's angle", ours = true, vary = { abs = 10, step = 1 } },
    { name = "phi1d", value = -1.5, unit = "rad/s", what = "link 1's rate", ours = true, vary = 0.3 },
    { name = "phi2d", value = -2.5, unit = "rad/s", what = "link 2's rate", ours = true, vary = 0.3 },
    { name = "e", value = 0.8, unit = "", what = "restitution", ours = true, vary = { abs = 0.1 } },
  }
  if friction then
    -- Problem 11.8's start: link 2 past the vertical and both turning faster, so
    -- that the tip slides the same way through the whole impact (at 11.7's
    -- -70 degrees, -1.5 and -2.5 rad/s the slip went from -2.84 to +4.02 m/s,
    -- +3.06 without friction: friction held one way while the slip reversed)
    out[6].value, out[7].value, out[8].value = -105, -2, -3
    out[#out + 1] = { name = "mu", value = 0.1, unit = "", what = "friction", ours = true, vary = { abs = 0.04 } }
  end
  return out
end

-- The particle of Problems 11.2 and 11.3 just after the impact: on its
-- rod (one degree of freedom: the rate turns over times e) or free on its
-- string (on a smooth floor only the vertical velocity turns over).
local function rod_after(d)
  local w = d.e * d.phid
  return w, scale(w, perp(scale(d.L, unit(d.psi - math.pi / 2))))
end
local function string_after(d)
  local before = scale(-d.phid, perp(scale(d.L, unit(d.psi - math.pi / 2))))
  return { before[1], -d.e * before[2] }
end

------------------------------------------------------------------ 11.9-11.10

local function restitution_sweep(number, law, title, text, faithful, extra_hint)
  return {
    number = number,
    title = title,
    text = text,
    build = "a ball on a floor with m:contact{ law = \"" .. law .. "\", ... }; r.impacts[1].opening / .closing",
    data = {
      { name = "m", value = 1, unit = "kg", what = "the sphere", vary = 0.5 },
      { name = "k", value = 1e10, unit = "N/m^1.5", what = "the contact's stiffness", vary = 0.5, step = 1e8 },
      { name = "v", value = 1, unit = "m/s", what = "speed before", vary = 0.5 },
      { name = "e0", value = 0.1, unit = "", what = "the first e_in of the sweep", ours = true,
        vary = { range = { 0.05, 0.15 }, step = 0.01 } },
    },
    asks = {
      { name = "e_eff", what = "e_eff for e_in = e0, e0 + 0.1, ... <= 1", unit = "", kind = "series" },
      { name = "gap", what = "the largest |e_eff - e_in| of the sweep", unit = "", tol = 3e-3 },
      { name = "faithful", what = "where e_eff stays within 0.06 of e_in", unit = "", kind = "choice",
        choices = { "everywhere", "high", "low" } },
    },
    answers = function(d)
      local es, eff = sweep(d.e0), {}
      for i, e in ipairs(es) do eff[i] = rebound(d, law, e) end
      local gap = largest_gap(es, eff)
      local low_ok = math.abs(eff[1] - es[1]) < 0.06
      return { e_eff = eff, gap = gap, faithful = gap < 0.06 and "everywhere" or low_ok and "low" or "high" }
    end,
    verify = function(d)
      -- the same rebound in the contact's own scale, by Runge-Kutta
      local es, eff = sweep(d.e0), {}
      for i, e in ipairs(es) do eff[i] = rebound_by_hand(law, e) end
      return { e_eff = eff, gap = largest_gap(es, eff), faithful = faithful }
    end,
    mistakes = {
      e_eff = { { value = function(d) return sweep(d.e0) end,
        say = "those are the e_in you put in: run each and measure what comes out." } },
    },
    hints = {
      "Drop the ball with a tiny gap above the floor and run just past the contact; r.impacts[1] has closing and opening.",
      "m, k and v drop out: in delta / (m v^2/k)^0.4 and t v / (m v^2/k)^0.4 the equation has only e left.",
      extra_hint,
    },
  }
end

return {
  chapter = 11,
  title = "Contact and impact",
  problems = {
    ------------------------------------------------------------------ 11.1
    { number = "11.1",
      title = "A particle strikes a block on a guide",
      text = [[
Particle 1 (m1) flies at v, at the angle alpha below the x axis, into the face of body 2
(m2). Ours, for the book's figure: body 2 is a block that slides along x on a smooth
guide (its spring matters only in Problem 11.11); the struck face's outward normal is n =
{-cos beta, sin beta}; no friction. With e, find the velocities of both just after the
impact (piecewise analysis, Eq. 11.27) and the size of the impulse.]],
      build = "a model of the two bodies with m:contact{ point = ..., line = {...}, e = ... }; m:impact",
      data = block_data(15),
      asks = {
        { name = "v1", what = "the particle's velocity after", unit = "m/s" },
        { name = "v2", what = "the block's velocity after", unit = "m/s" },
        { name = "impulse", what = "the impulse's size", unit = "N s" },
      },
      answers = function(d)
        local m = particle_and_block(d)
        local hit = m:impact("hit")
        local p, b = hit.bodies.particle, hit.bodies.block
        return { v1 = { p.vx, p.vy }, v2 = { b.vx, b.vy }, impulse = hit.impulse }
      end,
      verify = function(d)
        -- the block moves along x only: the guide takes the impulse's y.
        -- Restitution along n: pi (1/m1 + n_x^2/m2) = -(1 + e) n'(v1 - v2)
        local n = { -math.cos(d.beta), math.sin(d.beta) }
        local v1 = scale(d.v, unit(-d.alpha))
        local pi = -(1 + d.e) * dot(n, v1) / (1 / d.m1 + n[1] ^ 2 / d.m2)
        local after1, after2 = add(v1, scale(pi / d.m1, n)), { -pi * n[1] / d.m2, 0 }
        -- the x momentum is kept (the guide pushes only in y)
        assert(math.abs(d.m1 * after1[1] + d.m2 * after2[1] - d.m1 * v1[1]) < 1e-9 * d.m1 * d.v)
        return { v1 = after1, v2 = after2, impulse = pi }
      end,
      mistakes = {
        v2 = { { value = function(d, ref) return add(ref.v2, { 0, -ref.impulse * math.sin(d.beta) / d.m2 }) end,
          say = "the block cannot leave its guide: the guide's own impulse cancels the y part." } },
        impulse = { { value = function(d)
            local n = { -math.cos(d.beta), math.sin(d.beta) }
            return (1 + d.e) * -dot(n, scale(d.v, unit(-d.alpha))) / (1 / d.m1 + 1 / d.m2)
          end, say = "the block moves only along x: its share of the normal is n_x^2 / m2, not 1 / m2." } },
      },
      model = function(d) return particle_and_block(d) end,
      hints = {
        "Only the velocities along the normal change for the particle; the block can only move along x.",
        "Unknowns: the particle's two velocities, the block's x velocity and pi; momentum along n and x, and e on the normal speed.",
        "`m = p:model(); hit = m:impact(\"hit\")`: hit.bodies.particle.vx, hit.impulse.",
      } },

    ------------------------------------------------------------------ 11.2
    { number = "11.2",
      title = "A rod pendulum strikes the ground",
      text = [[
A particle m on a massless rod of length L swings about O and strikes the ground. Ours,
for the figure: at the impact the rod is psi from the downward vertical and turns towards
it (clockwise) at phid, the particle reaching the ground on the right of O's foot. With e,
give the rod's angular velocity just after (counter-clockwise positive) and the
particle's velocity then.]],
      build = "a pendulum with m:contact{ point = \"tip\", e = ... } against the ground; m:impact",
      data = pendulum_data("the rod"),
      asks = {
        { name = "omega", what = "the rod's angular velocity after", unit = "rad/s" },
        { name = "v", what = "the particle's velocity after", unit = "m/s" },
      },
      answers = function(d)
        local hit = pendulum(d):impact("ground")
        local b = hit.bodies.ball
        return { omega = b.omega, v = { b.vx, b.vy } }
      end,
      verify = function(d)
        -- one degree of freedom: the normal speed is proportional to the
        -- rate, so the rate itself turns over times e
        local w, v = rod_after(d)
        return { omega = w, v = v }
      end,
      mistakes = {
        v = { { value = string_after,
          say = "that is a free particle (Problem 11.3): the rod keeps the particle on its circle." } },
      },
      model = function(d) return pendulum(d) end,
      hints = {
        "The rod allows the particle only to move on its circle: one coordinate, the angle.",
        "The ground's normal speed of the particle is L phid times a fixed number, so restitution acts on phid itself.",
      } },

    ------------------------------------------------------------------ 11.3
    { number = "11.3",
      title = "The same pendulum on a string",
      text = [[
The rod of Problem 11.2 becomes a massless string; all else stays (the same geometry of
ours). A string can pull but never push: give the particle's velocity just after the
impact, and say whether the string is then "taut" or "slack".]],
      build = "the particle alone with its ground contact; m:impact; then the sign of its radial rate",
      data = pendulum_data("the string"),
      asks = {
        { name = "v", what = "the particle's velocity after", unit = "m/s" },
        { name = "string", what = "the string after: taut or slack", unit = "", kind = "choice", choices = { "taut", "slack" } },
      },
      answers = function(d)
        local hit = pendulum(d, { string = true }):impact("ground")
        local b = hit.bodies.ball
        local v = { b.vx, b.vy }
        local radial = scale(d.L, unit(d.psi - math.pi / 2))
        return { v = v, string = dot(v, radial) < 0 and "slack" or "taut" }
      end,
      verify = function(d)
        -- the string only pulls, so it goes slack when the particle moves
        -- towards O
        local v = string_after(d)
        return { v = v, string = dot(v, scale(d.L, unit(d.psi - math.pi / 2))) < 0 and "slack" or "taut" }
      end,
      mistakes = {
        v = { { value = function(d) return select(2, rod_after(d)) end,
          say = "that is the rod's answer (Problem 11.2): a string cannot push the particle back onto its circle." } },
        string = { { value = "taut", say = "after the bounce the particle moves towards O: the string cannot push, so it slackens." } },
      },
      model = function(d) return pendulum(d, { string = true }) end,
      hints = {
        "During the impact the string could only pull; check afterwards whether the particle moves towards O.",
        "On a smooth floor only the vertical component changes: times -e.",
      } },

    ------------------------------------------------------------------ 11.4
    { number = "11.4",
      title = "Two touching pendulums",
      text = [[
Two identical pendulums (a ball of radius R and mass m on a massless rod, the ball's
centre L below the pivot; ours: J = 2/5 m R^2 about the centre) hang with their balls just
touching. The first swings in and strikes the second at v. With e, give each ball's
velocity just after the impact (along the line of centres).]],
      build = "two pendulums with a contact of type \"circles\"; m:impact",
      data = pendulums_data(),
      asks = {
        { name = "v1", what = "the first ball after", unit = "m/s" },
        { name = "v2", what = "the second ball after", unit = "m/s" },
      },
      answers = function(d)
        local hit = pendulums(d, 2):impact("c1")
        return { v1 = hit.bodies.ball1.vx, v2 = hit.bodies.ball2.vx }
      end,
      verify = function(d)
        -- each pendulum is one mass m_eff = (m L^2 + J)/L^2 at its ball's
        -- centre; equal masses, the central impact of Eq. 11.6
        local me = (d.m * d.L ^ 2 + 0.4 * d.m * d.R ^ 2) / d.L ^ 2
        return { v1 = (me - d.e * me) * d.v / (2 * me), v2 = (1 + d.e) * me * d.v / (2 * me) }
      end,
      mistakes = {
        v1 = { { value = 0, say = "only with e = 1 does the striker stop; here it keeps (1 - e)/2 of its speed." } },
      },
      model = function(d) return pendulums(d, 2) end,
      hints = {
        "At the bottom both rods hang straight down and the line of centres is horizontal.",
        "Equal pendulums act like equal masses: v1 = (1 - e) v/2, v2 = (1 + e) v/2.",
      } },

    ------------------------------------------------------------------ 11.5
    { number = "11.5",
      title = "Three touching pendulums",
      text = [[
Problem 11.4 with three pendulums in a row, their balls just touching (data as there).
The first strikes the second at v. Work the impacts one after another, as long as some
pair still closes (each by Eq. 11.27 with e), and give the three balls' velocities when
no pair closes any more.]],
      build = "three pendulums, contacts c1 and c2; m:impact on each in turn until neither closes",
      data = pendulums_data(),
      asks = {
        { name = "v", what = "the three balls' velocities after", unit = "m/s", atol = 1e-6 },
        { name = "impacts", what = "how many impacts it took", unit = "", tol = 0 },
      },
      answers = function(d)
        local m = pendulums(d, 3)
        local count = 0
        for _ = 1, 100 do
          local any = false
          for _, c in ipairs { "c1", "c2" } do
            if m:impact(c).impulse > 1e-12 * d.m * d.v then count, any = count + 1, true end
          end
          if not any then break end
        end
        local out = {}
        for i = 1, 3 do
          local b = m.bodies["ball" .. i]
          out[i] = b.vel[1]
        end
        return { v = out, impacts = count }
      end,
      verify = function(d)
        -- equal effective masses: each impact of a closing pair keeps the
        -- pair's momentum and turns its closing speed over times e
        local v, count = { d.v, 0, 0 }, 0
        for _ = 1, 100 do
          local any = false
          for i = 1, 2 do
            local closing = v[i] - v[i + 1]
            if closing > 1e-12 * d.v then
              local mean = (v[i] + v[i + 1]) / 2
              v[i], v[i + 1] = mean - d.e * closing / 2, mean + d.e * closing / 2
              count, any = count + 1, true
            end
          end
          if not any then break end
        end
        return { v = v, impacts = count }
      end,
      mistakes = {
        v = { { value = function(d)
            -- both contacts at once: one system with two impulses
            local a = d.v * (1 - 2 * d.e) / 3
            return { a, a + d.e * d.v, a + d.e * d.v }
          end, say = "that solves both contacts at once; here the impacts come one after another, as long as a pair closes." },
          { value = function(d) return { (1 - d.e) * d.v / 2, (1 - d.e) * (1 + d.e) * d.v / 4, (1 + d.e) ^ 2 * d.v / 4 } end,
            say = "after the second impact the first ball is still faster than the second: they strike again, and so on." } },
      },
      model = function(d) return pendulums(d, 3) end,
      hints = {
        "After 1 strikes 2 and 2 strikes 3, compare the first two balls' velocities again.",
        "m:impact changes the model's velocities in place and does nothing to a pair that does not close.",
        "Loop: for each contact, hit = m:impact(c); stop when no hit.impulse is above 0.",
      } },

    ------------------------------------------------------------------ 11.6
    { number = "11.6",
      title = "A pendulum strikes a hanging bar",
      text = [[
A particle m1 on a massless rod L1 swings about O and strikes body 2 (m2, J2 about its
centre). Ours, for the figure: body 2 is a uniform bar of length L2 hanging from the same
pivot O; at the impact both hang straight down, so the particle strikes the bar's side at
L1 from O. The pendulum turns at phid (counter-clockwise). With e, give both angular
velocities just after the impact.]],
      build = "two bodies pinned at O; the particle against a line on the bar; m:impact",
      data = {
        { name = "m1", value = 1, unit = "kg", what = "the particle", vary = 0.3 },
        { name = "L1", value = 1, unit = "m", what = "its rod", vary = 0.2 },
        { name = "m2", value = 4, unit = "kg", what = "the bar", vary = 0.3 },
        { name = "J2", value = 0.75, unit = "kg m^2", what = "the bar's J about its centre", vary = 0.3 },
        { name = "L2", value = 1.5, unit = "m", what = "the bar", vary = 0.2 },
        { name = "e", value = 0.9, unit = "", what = "restitution", vary = { abs = 0.08 } },
        { name = "phid", value = 1, unit = "rad/s", what = "the pendulum's rate at impact", vary = 0.4 },
      },
      valid = function(d) return d.L2 > d.L1 + 0.1 end,
      asks = {
        { name = "omega1", what = "the pendulum after", unit = "rad/s" },
        { name = "omega2", what = "the bar after", unit = "rad/s" },
      },
      answers = function(d)
        local hit = pendulum_and_bar(d):impact("hit")
        return { omega1 = hit.bodies.ball.omega, omega2 = hit.bodies.bar.omega }
      end,
      verify = function(d)
        -- the pivot's impulse has no moment about O: angular momentum about
        -- O is kept; restitution at the struck point, L1 from O on both
        local I1 = d.m1 * d.L1 ^ 2 + 1e-6 * d.m1 * d.L1 ^ 2
        local I2 = d.J2 + d.m2 * (d.L2 / 2) ^ 2
        local w1 = (I1 * d.phid - I2 * d.e * d.phid) / (I1 + I2)
        return { omega1 = w1, omega2 = w1 + d.e * d.phid }
      end,
      mistakes = {
        omega2 = { { value = function(d)
            local I1 = d.m1 * d.L1 ^ 2
            return (1 + d.e) * I1 * d.phid / (I1 + d.J2 + d.m2 * d.L2 ^ 2)
          end, say = "the bar's centre is L2/2 from O: I2 = J2 + m2 (L2/2)^2." },
          { value = function(d)
            local I1 = d.m1 * d.L1 ^ 2
            return (1 + d.e) * I1 * d.phid / (I1 + d.J2)
          end, say = "J2 is about the bar's centre; about O add m2 (L2/2)^2." } },
      },
      model = function(d) return pendulum_and_bar(d) end,
      hints = {
        "Both turn about O: the pin's impulse has no moment about it.",
        "I1 w1 + I2 w2 is kept, with I2 about O; and L1 (w2 - w1) = e L1 phid at the struck point.",
      } },

    ------------------------------------------------------------------ 11.7
    { number = "11.7",
      title = "Eq. 11.27 in joint coordinates",
      text = [[
Transform the impact equation (11.27) to joint coordinates: with c' = B theta' (Ch. 9),
write it for the jumps of theta' and the impulse. Then use it on a double pendulum of
ours (uniform links L1, m1 and L2, m2 pinned at O; theta = {phi1, phi2 - phi1}) whose tip
strikes the ground at the absolute angles and rates below: give theta' after the impact
and the impulse.]],
      build = "m:joint_coords() gives B and B'MB; the tip's rows [I, s turned] in body coordinates",
      data = double_pendulum_data(),
      asks = {
        { name = "thetad", what = "theta' after (2)", unit = "rad/s" },
        { name = "impulse", what = "the impulse", unit = "N s" },
      },
      answers = function(d)
        local m = double_pendulum(d)
        local jc = m:joint_coords()
        local B, MM = jc.B:totable(), jc.M:totable()
        -- the tip's rows in body coordinates: [0 | I, s turned] (Eq. 11.25)
        local s = scale(d.L2 / 2, unit(d.phi2))
        local DP = { { 0, 0, 0, 1, 0, -s[2] }, { 0, 0, 0, 0, 1, s[1] } }
        local JB = {}   -- u'D_P B with u = {0, 1}
        for j = 1, 2 do
          JB[j] = 0
          for k = 1, 6 do JB[j] = JB[j] + DP[2][k] * B[k][j] end
        end
        local td = { jc.theta_d[1], jc.theta_d[2] }
        local K = mat { { MM[1][1], MM[1][2], -JB[1] }, { MM[2][1], MM[2][2], -JB[2] }, { JB[1], JB[2], 0 } }
        local x = K:solve { 0, 0, -(1 + d.e) * (JB[1] * td[1] + JB[2] * td[2]) }
        return { thetad = { td[1] + x[1], td[2] + x[2] }, impulse = x[3] }
      end,
      verify = function(d)
        -- Eq. 11.27 in body coordinates (m:impact), read as joint rates
        local hit = double_pendulum(d):impact("ground")
        local w1, w2 = hit.bodies.link1.omega, hit.bodies.link2.omega
        return { thetad = { w1, w2 - w1 }, impulse = hit.impulse }
      end,
      written = [[
Put c' = B theta' into Eq. 11.27 and premultiply its first row by B'. The joints' rows
vanish (D B = 0 for the joints the tree holds; cut joints keep their rows C = D B), and
M jumps become B'MB: [B'MB, -B'D_ij'u; u'D_ij B, 0] {d theta'; pi} = {0; -(e + 1) u'D_ij B
theta'-}; a closed chain adds its cut joints' rows C and their impulses, as Sec. 9.3 does.]],
      mistakes = {
        thetad = { { value = function(d)
            local m = double_pendulum(d)
            local hit = m:impact("ground")
            return { hit.bodies.link1.omega, hit.bodies.link2.omega }
          end, say = "those are the absolute rates phi'; theta2 is link 2 relative to link 1: phi2' - phi1'." } },
      },
      model = double_pendulum,
      hints = {
        "c' = B theta' and dc' = B d theta': premultiply M dc' - pi D_ij'u = 0 by B'.",
        "The contact row in joint coordinates is u'D_ij B, a 1 x 2 row; the restitution row keeps its form.",
        "`jc = m:joint_coords()`: jc.B, jc.M (= B'MB), jc.theta_d.",
      } },

    ------------------------------------------------------------------ 11.8
    { number = "11.8",
      title = "Eq. 11.27 with friction at the impact",
      text = [[
Revise Eq. 11.27 for Coulomb friction along the tangent while the contact point slides:
the impulse then acts along u - s mu t (t the tangent, s the sign of the slip before the
impact; here the tip slides the same way through the whole impact). Use it on the double
pendulum of Problem 11.7 (ours, at the angles and rates below) striking a floor with
friction mu: give both links' angular velocities after the impact, the normal impulse and
the friction impulse.]],
      build = "m:contact{ ..., e = ..., mu = ... }; m:impact",
      data = double_pendulum_data(true),
      valid = function(d)
        -- the tip comes down onto the floor, slides (sticking would take
        -- more than mu pi) and its slip
        -- keeps its sign from before to after, by a margin (the slip is
        -- linear in the impulse so far: the same sign at both ends is the
        -- same sign throughout), here and with a quarter more friction: no
        -- toggle near
        local function slides(mu)
          local hit = double_pendulum(d, mu):impact("ground")
          local _, _, before, after = double_pendulum_by_hand(d, mu)
          return before[2] < -0.1 * math.abs(before[1])
            and math.abs(math.abs(hit.friction_impulse) - mu * hit.impulse) <= 1e-9 * mu * hit.impulse
            and before[1] * after[1] > 0.1 * before[1] ^ 2
        end
        return slides(d.mu) and slides(1.25 * d.mu)
      end,
      asks = {
        { name = "omega", what = "phi1', phi2' after", unit = "rad/s" },
        { name = "impulse", what = "the normal impulse", unit = "N s" },
        { name = "friction", what = "the friction impulse's size", unit = "N s" },
      },
      answers = function(d)
        local hit = double_pendulum(d, d.mu):impact("ground")
        return { omega = { hit.bodies.link1.omega, hit.bodies.link2.omega }, impulse = hit.impulse,
          friction = math.abs(hit.friction_impulse) }
      end,
      verify = function(d)
        local after, pi = double_pendulum_by_hand(d, d.mu)
        return { omega = after, impulse = pi, friction = d.mu * pi }
      end,
      written = [[
The friction impulse is mu pi along -s t, so the impulse on the bodies is pi D_ij'(u - s mu
t): in Eq. 11.27 the column -D_ij'u becomes -D_ij'(u - s mu t), while the restitution row
stays u'D_ij (it speaks of the normal only). This holds while the point slides the same
way during the whole impact; if the tangential speed would reverse, the point sticks and
the tangent gets a row of its own, t'D_ij dc' = -t'D_ij c'-, with its own impulse.]],
      mistakes = {
        omega = { { value = function(d)
            local after = double_pendulum_by_hand(d, 0)
            return after
          end, say = "that is the impact without friction (Problem 11.7)." },
          { value = function(d)
            local after = double_pendulum_by_hand(d, -d.mu)
            return after
          end, say = "friction opposes the slip: it pushes the tip the other way from its tangential velocity." } },
      },
      model = function(d) return double_pendulum(d, d.mu) end,
      hints = {
        "The friction impulse is mu times the normal impulse while the point slides, against the slip.",
        "Only the impulse's direction changes: D_ij'u becomes D_ij'(u - s mu t); the restitution row stays.",
        "`m:contact{ name = \"ground\", point = \"B\", e = ..., mu = ... }` then `m:impact(\"ground\")`.",
      } },

    ------------------------------------------------------------------ 11.9
    restitution_sweep("11.9", "lankarani-nikravesh", "Eq. 11.42: the restitution a run really gives", [[
Test the contact law of Eq. 11.42 (lankarani-nikravesh): a sphere of mass m meets a rigid
floor at v (no gravity) with stiffness k. For e_in = e0, e0 + 0.1, ... up to 1, run it
through the contact and measure e_eff = |v after / v before|. Give e_eff over the sweep,
the largest |e_eff - e_in|, and where the law keeps its word (within 0.06):
"everywhere", "high" e only or "low" e only.]], "high",
      "Eq. 11.42's damping was derived for e near 1: compare the two ends of your series."),

    ------------------------------------------------------------------ 11.10
    restitution_sweep("11.10", "flores", "Eq. 11.43: the restitution a run really gives", [[
Repeat Problem 11.9 with the law of Eq. 11.43 (flores): for e_in = e0, e0 + 0.1, ... up to
1, measure e_eff. Give e_eff over the sweep, the largest |e_eff - e_in|, and where the law
keeps its word (within 0.06): "everywhere", "high" e only or "low" e only.]], "everywhere",
      "Compare with Problem 11.9's series: which law would you take for a soft, lossy contact?"),
    ------------------------------------------------------------------ 11.11
    { number = "11.11",
      title = "Problem 11.1 with contact forces, over two seconds",
      text = [[
Run the system of Problem 11.1 (ours: the block on its guide, tied to the wall by a
spring k that is undeformed at the start; no gravity) forward for 2 s, the particle
starting 0.05 s before it reaches the face, with a contact force instead of the jump:
Eq. 11.42 (lankarani-nikravesh) and Eq. 11.43 (flores), stiffness kc and exponent n
(ours). Give the particle's velocity after it has left the face, and the block's x every
0.05 s, for each law.]],
      build = "p:model() with m:contact{ law = ..., k = kc, n = n, e = e }; m:simulate{ tf = 2, dt = 0.05 }",
      data = block_data(10, {
        { name = "k", value = 20, unit = "N/m", what = "the block's spring", vary = 0.3 },
        { name = "kc", value = 1e6, unit = "N/m^n", what = "the contact's stiffness", ours = true },
        { name = "n", value = 1.5, unit = "", what = "its exponent", ours = true },
      }),
      valid = function(d)
        -- one contact each, over the whole run
        for _, law in ipairs { "lankarani-nikravesh", "flores" } do
          if #particle_and_block(d, law):simulate { tf = 2, dt = 0.05 }.impacts ~= 1 then return false end
        end
        return true
      end,
      asks = {
        { name = "v1_ln", what = "the particle after, Eq. 11.42", unit = "m/s" },
        { name = "x_ln", what = "the block's x over t, Eq. 11.42", unit = "m", kind = "series" },
        { name = "v1_fl", what = "the particle after, Eq. 11.43", unit = "m/s" },
        { name = "x_fl", what = "the block's x over t, Eq. 11.43", unit = "m", kind = "series" },
      },
      answers = function(d) return continuous_block(d, "body") end,
      verify = function(d)
        -- the same runs in point coordinates; the jump of Eq. 11.27 is near
        -- (the contact is short) but not equal: that is not compared
        return continuous_block(d, "point")
      end,
      mistakes = {
        v1_ln = { { value = function(d)
            local hit = particle_and_block(d):impact("hit")
            return { hit.bodies.particle.vx, hit.bodies.particle.vy }
          end, say = "that is the jump of Problem 11.1 (e exactly); a force law gives its own restitution." } },
      },
      model = function(d) return particle_and_block(d, "lankarani-nikravesh") end,
      hints = {
        "After the contact nothing acts on the particle: its velocity at t = 2 is its velocity after.",
        "`r:body(\"particle\").vx[#r.t]`; the block's x is `r:body(\"block\").x`.",
        "Run it twice, law = \"lankarani-nikravesh\" and law = \"flores\".",
      } },

    ------------------------------------------------------------------ 11.12
    { number = "11.12",
      title = "The pendulum of Problem 11.2 dropped on the ground",
      text = [[
The pendulum of Problem 11.2 (a particle on a massless rod; ours: the tip touches the
ground when the rod is psi from the vertical) is released at rest with its rod
horizontal and swings down under gravity onto the ground, a contact force of Eq. 11.42
(lankarani-nikravesh, stiffness k ours, e as in 11.2; the particle a small ball with J =
0.001 m L^2, ours). Run it for 3 s; give the tip's y every 0.02 s and the deepest the
tip goes into the ground.]],
      build = "p:model(); r = m:simulate{ tf = 3, dt = 0.02, tol = 1e-9 }; r.impacts",
      data = {
        { name = "m", value = 1, unit = "kg", what = "the particle", vary = 0.3 },
        { name = "L", value = 1, unit = "m", what = "the rod", vary = 0.3 },
        { name = "e", value = 0.9, unit = "", what = "restitution", vary = { abs = 0.08 } },
        { name = "psi", value = 30, unit = "deg", what = "the rod from the vertical at contact", ours = true,
          vary = { abs = 15, step = 1 } },
        { name = "k", value = 1e8, unit = "N/m^1.5", what = "the contact's stiffness", ours = true },
      },
      asks = {
        { name = "y", what = "the tip's y at t = 0, 0.02, ..., 3", unit = "m", kind = "series" },
        { name = "depth", what = "the deepest penetration", unit = "m" },
      },
      answers = function(d)
        local r = pendulum(d, { released = true, law = "lankarani-nikravesh" }):simulate { tf = 3, dt = 0.02, tol = 1e-9 }
        local deepest = 0
        for _, i in ipairs(r.impacts) do deepest = math.max(deepest, i.depth) end
        return { y = r:body("ball").y, depth = deepest }
      end,
      verify = function(d)
        -- the series in joint coordinates; the depth by hand: the first
        -- contact (the fastest) on the rod's angle alone, I phi'' = -m g L
        -- cos phi + f L cos phi with f from Eq. 11.42, from the speed that
        -- the fall gives
        local r = pendulum(d, { released = true, law = "lankarani-nikravesh" }):simulate { formulation = "joint", tf = 3,
          dt = 0.02, tol = 1e-9 }
        local I = d.m * d.L ^ 2 * (1 + 1e-3)
        local Oy = d.L * math.cos(d.psi)
        local phi = d.psi - math.pi / 2
        local w = -math.sqrt(-2 * d.m * g * d.L * math.sin(phi) / I)
        local approach = -d.L * math.cos(phi) * w
        local function delta(y) return -(Oy + d.L * math.sin(y[1])) end
        local function f(y)
          local rate = -d.L * math.cos(y[1]) * y[2]
          local fn = law_force("lankarani-nikravesh", d.k, 1.5, d.e, delta(y), rate, approach)
          return { y[2], (-d.m * g + fn) * d.L * math.cos(y[1]) / I }
        end
        local _, deepest = through_contact(f, { phi, w }, delta, contact_time(d.m, d.k, approach) / 300)
        return { y = r:body("ball").y, depth = deepest }
      end,
      mistakes = {
        depth = { { value = function(d)
            local phi = d.psi - math.pi / 2
            local v = math.sqrt(2 * g * d.L * -math.sin(phi))
            return (1.25 * d.m * v ^ 2 / d.k) ^ 0.4
          end, say = "that takes the whole speed into the ground, and no damping: only the vertical part of the tip's velocity closes, and the rod makes the tip heavier along it." } },
      },
      model = function(d) return pendulum(d, { released = true, law = "lankarani-nikravesh" }) end,
      hints = {
        "The run finds each impact; r.impacts[k].depth is its deepest penetration.",
        "The first impact is the fastest; later ones lose energy to the damping.",
        "`r = m:simulate{ tf = 3, dt = 0.02, tol = 1e-9 }; r:body(\"ball\").y`",
      } },

    ------------------------------------------------------------------ 11.13
    { number = "11.13",
      title = "The two pendulums of Problem 11.4, dropped",
      text = [[
The pendulums of Problem 11.4 (balls just touching at rest) again; the first is released
at rest with its rod horizontal and swings down under gravity onto the second. Use a
contact force of Eq. 11.42 between the balls (lankarani-nikravesh, stiffness k ours, e as
in 11.4). Run for 3 s; give both balls' x every 0.02 s and the deepest the balls
overlap.]],
      build = "p:model(); r = m:simulate{ tf = 3, dt = 0.02, tol = 1e-9 }",
      data = {
        { name = "L", value = 1, unit = "m", what = "pivot to ball centre", vary = 0.3 },
        { name = "R", value = 0.1, unit = "m", what = "the balls' radius", vary = 0.3 },
        { name = "m", value = 1, unit = "kg", what = "each ball", vary = 0.3 },
        { name = "e", value = 0.9, unit = "", what = "restitution", vary = { abs = 0.08 } },
        { name = "k", value = 1e8, unit = "N/m^1.5", what = "the contact's stiffness", ours = true },
      },
      asks = {
        { name = "x1", what = "ball 1's x at t = 0, 0.02, ..., 3", unit = "m", kind = "series" },
        { name = "x2", what = "ball 2's x", unit = "m", kind = "series" },
        { name = "depth", what = "the deepest overlap", unit = "m" },
      },
      answers = function(d)
        local r = pendulums(d, 2, { released = true, law = "lankarani-nikravesh" }):simulate { tf = 3, dt = 0.02, tol = 1e-9 }
        local deepest = 0
        for _, i in ipairs(r.impacts) do deepest = math.max(deepest, i.depth) end
        return { x1 = r:body("ball1").x, x2 = r:body("ball2").x, depth = deepest }
      end,
      verify = function(d)
        -- the series in joint coordinates; the depth by hand: both
        -- pendulums' angles from the vertical through the first contact,
        -- I theta'' = -m g L sin theta + (s x f), from the speed the fall
        -- gives at the bottom
        local r = pendulums(d, 2, { released = true, law = "lankarani-nikravesh" }):simulate { formulation = "joint",
          tf = 3, dt = 0.02, tol = 1e-9 }
        local I = d.m * d.L ^ 2 + 0.4 * d.m * d.R ^ 2
        local w = math.sqrt(2 * d.m * g * d.L / I)
        local O1, O2 = { 0, d.L }, { 2 * d.R, d.L }
        local function centres(y)
          return add(O1, scale(d.L, { math.sin(y[1]), -math.cos(y[1]) })), add(O2, scale(d.L, { math.sin(y[2]), -math.cos(y[2]) }))
        end
        local function delta(y)
          local c1, c2 = centres(y)
          local gap = sub(c2, c1)
          return 2 * d.R - math.sqrt(dot(gap, gap))
        end
        local function f(y)
          local c1, c2 = centres(y)
          local gap = sub(c2, c1)
          local n = scale(1 / math.sqrt(dot(gap, gap)), gap)
          local v1 = scale(d.L * y[3], { math.cos(y[1]), math.sin(y[1]) })
          local v2 = scale(d.L * y[4], { math.cos(y[2]), math.sin(y[2]) })
          local fn = law_force("lankarani-nikravesh", d.k, 1.5, d.e, delta(y), -dot(n, sub(v2, v1)), d.L * w)
          local t1 = vec.cross(sub(c1, O1), scale(-fn, n))
          local t2 = vec.cross(sub(c2, O2), scale(fn, n))
          return { y[3], y[4], (-d.m * g * d.L * math.sin(y[1]) + t1) / I, (-d.m * g * d.L * math.sin(y[2]) + t2) / I }
        end
        local v = d.L * w
        local _, deepest = through_contact(f, { 0, 0, w, 0 }, delta, contact_time(d.m, d.k, v) / 300)
        return { x1 = r:body("ball1").x, x2 = r:body("ball2").x, depth = deepest }
      end,
      model = function(d) return pendulums(d, 2, { released = true, law = "lankarani-nikravesh" }) end,
      hints = {
        "At the bottom ball 1 moves at sqrt(2 g L m / (m + J/L^2)) ... from its energy: I w^2/2 = m g L.",
        "r.impacts lists each contact with its depth; the first is the deepest.",
        "`r = m:simulate{ tf = 3, dt = 0.02, tol = 1e-9 }; r:body(\"ball1\").x, r:body(\"ball2\").x`",
      } },

  },
}
