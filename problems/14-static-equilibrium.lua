-- SPDX-License-Identifier: GPL-3.0-or-later
-- The problems of Chapter 14 (Sec. 14.7): static analysis of a structure
-- (D'lambda = -h, Eq. 14.2), static equilibrium of mechanisms (Eq. 14.4 by
-- Newton-Raphson, as fsolve would), the stability and small oscillations
-- about a rest, and the correction of initial conditions (Eqs. 14.7, 14.9).
-- Answers come from m:pieces, m:equilibrium, m:modes, m:inverse_dynamics
-- and m:correct; verify works each again another way: free-body diagrams
-- solved by hand (Ch. 6), the minimum of the potential energy (the method
-- Sec. 14.2 sets aside) by golden sections, virtual work for holding
-- torques, the linearised equation of one coordinate for the modes, and
-- Eq. 14.7 iterated by hand. The book's figures hold the systems of
-- Problems 14.3 and 14.4: ours are on the sheets, starred.
local vec, mat = mb.vec, mb.mat
local tau = 2 * math.pi

------------------------------------------------------------------ helpers

local function copy(list)
  local out = {}
  for i, x in ipairs(list) do out[i] = x end
  return out
end

-- The minimum of f over [lo, hi]: a grid of n, then golden sections.
local function minimum(f, lo, hi, n)
  local best, bx = math.huge, lo
  for k = 0, n do
    local x = lo + (hi - lo) * k / n
    local v = f(x)
    if v < best then best, bx = v, x end
  end
  local a, b = bx - (hi - lo) / n, bx + (hi - lo) / n
  local r = (math.sqrt(5) - 1) / 2
  for _ = 1, 100 do
    local c, e = b - r * (b - a), a + r * (b - a)
    if f(c) < f(e) then b = e else a = c end
  end
  return (a + b) / 2
end

-- First and second derivatives of f at x by central differences.
local function slope(f, x, h)
  h = h or 1e-6
  return (f(x + h) - f(x - h)) / (2 * h)
end
local function curvature(f, x, h)
  h = h or 1e-4
  return (f(x + h) - 2 * f(x) + f(x - h)) / (h * h)
end

-- Where two circles meet (by_hand.circles_meet).
local meet = require("mechbench.by_hand").circles_meet

-- A point given globally on a body, kept in the body's frame.
local function point_at(m, name, body, where)
  local b = m.bodies[body]
  m:point { name = name, body = body, at = vec.rotate(-b.angle, vec.sub(where, b.pos)) }
end

-- A bar from p to q: a body whose x axis runs from p to q, its mass centre
-- in the middle, points NAME.a at p and NAME.b at q.
local function bar(m, name, p, q, mass, J)
  m:body { name = name, mass = mass, inertia = J, pos = vec.scale(0.5, vec.add(p, q)), angle = vec.angle(vec.sub(q, p)) }
  local half = vec.norm(vec.sub(q, p)) / 2
  m:point { name = name .. ".a", body = name, at = { -half, 0 } }
  m:point { name = name .. ".b", body = name, at = { half, 0 } }
end

-- The force on a joint's first body at the rest e (r:reaction gives the
-- force on its second body).
local function on_first(e, joint)
  local r = e:reaction(joint)
  return { -r.fx[1], -r.fy[1] }
end

-- The named slip of giving a force's opposite for the answer `name`.
local function opposite(name, say)
  return { { value = function(_, ref) return { -ref[name][1], -ref[name][2] } end, say = say } }
end
local on_ground = "r:reaction gives the force on a joint's second body, here the ground."

------------------------------------------------------------------ 14.1, 14.2: the structure

-- The two-link structure of Ex. 14.1 (examples/structure.lua): link 1 from
-- the ground pin O = (0, 0) to A = (3, 4), link 2 from the ground pin
-- Q = (3, 0) up to A, a horizontal force f at A on link 2; the masses and
-- g of d. The links start at c1, c2 when given (estimates).
local function structure(d, c1, c2)
  local m = mb.model { name = "two-link structure", gravity = { 0, -d.g } }
  c1, c2 = c1 or { 1.5, 2, math.atan(4, 3) }, c2 or { 3, 2, math.pi / 2 }
  m:body { name = "link1", mass = d.m1, inertia = d.m1 * 25 / 12, pos = { c1[1], c1[2] }, angle = c1[3] }
  m:body { name = "link2", mass = d.m2, inertia = d.m2 * 16 / 12, pos = { c2[1], c2[2] }, angle = c2[3] }
  m:point { name = "O", body = "ground" }
  m:point { name = "Q", body = "ground", at = { 3, 0 } }
  m:point { name = "O1", body = "link1", at = { -2.5, 0 } }
  m:point { name = "A1", body = "link1", at = { 2.5, 0 } }
  m:point { name = "Q2", body = "link2", at = { -2, 0 } }
  m:point { name = "A2", body = "link2", at = { 2, 0 } }
  m:joint { name = "O", type = "revolute", points = { "O1", "O" } }
  m:joint { name = "Q", type = "revolute", points = { "Q2", "Q" } }
  m:joint { name = "A", type = "revolute", points = { "A1", "A2" } }
  m:force { name = "load", type = "force", point = "A2", value = { d.f, 0 } }
  return m
end

-- The pins' forces by the free-body diagrams of Ch. 6: unknowns O (on link
-- 1), Q (on link 2) and A (link 1's on link 2; -A on link 1); per link the
-- sums of forces and the moments about its mass centre vanish.
local function structure_by_hand(d)
  local s1O, s1A, s2Q, s2A = { -1.5, -2 }, { 1.5, 2 }, { 0, -2 }, { 0, 2 }
  local w1, w2 = d.m1 * d.g, d.m2 * d.g
  -- moment of a unit force along x (y) at s: -s_y (s_x)
  local A = mat {
    { 1, 0, 0, 0, -1, 0 },
    { 0, 1, 0, 0, 0, -1 },
    { -s1O[2], s1O[1], 0, 0, s1A[2], -s1A[1] },
    { 0, 0, 1, 0, 1, 0 },
    { 0, 0, 0, 1, 0, 1 },
    { 0, 0, -s2Q[2], s2Q[1], -s2A[2], s2A[1] },
  }
  local x = mat.solve(A, { 0, w1, 0, -d.f, w2, s2A[2] * d.f })
  return { O_on_1 = { x[1], x[2] }, Q_on_2 = { x[3], x[4] }, A_on_2 = { x[5], x[6] } }
end

-- D' of Eq. 14.2 written out (rows: link 1's x, y, phi, link 2's; columns:
-- lambda of O, Q, A).
local function structure_Dt()
  local function rot(s) return { -s[2], s[1] } end
  local s1O, s1A, s2Q, s2A = rot { -1.5, -2 }, rot { 1.5, 2 }, rot { 0, -2 }, rot { 0, 2 }
  return {
    { 1, 0, 0, 0, 1, 0 },
    { 0, 1, 0, 0, 0, 1 },
    { s1O[1], s1O[2], 0, 0, s1A[1], s1A[2] },
    { 0, 0, 1, 0, -1, 0 },
    { 0, 0, 0, 1, 0, -1 },
    { 0, 0, s2Q[1], s2Q[2], -s2A[1], -s2A[2] },
  }
end

-- The constraints of the structure at c = {x1, y1, phi1, x2, y2, phi2},
-- as the program writes them (m:pieces in body coordinates).
local function structure_rows(m)
  return function(c)
    local p = m:pieces { formulation = "body", y = { c[1], c[2], c[3], c[4], c[5], c[6], 0, 0, 0, 0, 0, 0 } }
    return copy(p.phi), p.D
  end
end

------------------------------------------------------------------ 14.3: the rod on a spring

-- The rod of Problems 13.5 and 14.3 (our reading of the figure): pinned to
-- the ground at O = (0, 0) by one end; a spring-damper from its other end
-- B to the ground point P = (a, 0); gravity down. phi is the rod's angle
-- from x (O to B); it starts at phi0 turning at w0.
local function spring_rod(d, phi0, w0)
  phi0, w0 = phi0 or -math.pi / 2, w0 or 0
  local m = mb.model { name = "rod on a spring" }
  local half = d.L / 2
  local u = vec.unit(phi0)
  m:body { name = "rod", mass = d.m, inertia = d.J, pos = vec.scale(half, u), angle = phi0,
    vel = vec.scale(half * w0, vec.rot(u)), omega = w0 }
  m:point { name = "O", body = "ground" }
  m:point { name = "P", body = "ground", at = { d.a, 0 } }
  m:point { name = "rod.O", body = "rod", at = { -half, 0 } }
  m:point { name = "rod.B", body = "rod", at = { half, 0 } }
  m:joint { name = "pin", type = "revolute", points = { "rod.O", "O" } }
  m:force { name = "spring", type = "spring-damper", points = { "rod.B", "P" }, k = d.k, length = d.L0, c = d.c }
  return m
end

-- By hand in the one coordinate phi: V = k (l - L0)^2 / 2 + m g (L/2) sin phi.
local function spring_rod_by_hand(d)
  local g = 9.81
  local function length(phi) return math.sqrt((d.L * math.cos(phi) - d.a) ^ 2 + (d.L * math.sin(phi)) ^ 2) end
  local function V(phi) return 0.5 * d.k * (length(phi) - d.L0) ^ 2 + d.m * g * d.L / 2 * math.sin(phi) end
  local phi = minimum(V, -math.pi, 0, 720)
  local l = length(phi)
  local tension = d.k * (l - d.L0)
  local B = { d.L * math.cos(phi), d.L * math.sin(phi) }
  local along = vec.scale(1 / l, vec.sub({ d.a, 0 }, B)) -- from B towards P
  -- the pin holds the weight and the spring's pull: O + T along + (0, -m g) = 0
  local pin = { -tension * along[1], d.m * g - tension * along[2] }
  local I = d.J + d.m * (d.L / 2) ^ 2
  local K = curvature(V, phi)
  local C = d.c * slope(length, phi) ^ 2
  return { phi = phi, tension = tension, pin = pin, frequency = math.sqrt(K / I) / tau,
    damping = C / (2 * math.sqrt(K * I)) }
end

------------------------------------------------------------------ 14.4, 14.7: three small systems

-- Our three systems for the book's figure of Problem 14.4 (its data:
-- lengths a, b, c, L2, L3, the spring k, L0, masses m, inertias J):
--  (a) link 2 pinned to the ground at O = (0, 0) by one end; the spring
--      from its other end B to the ground point K = (c, b).
--  (b) slider 1 on the x axis, the spring from K = (0, a) to its centre;
--      link 2 hangs from a pin at the slider's centre, link 3 from a pin
--      at link 2's lower end (three degrees of freedom).
--  (c) as (b), but link 3's lower end is pinned to the ground at
--      G = (L0 + b, -L2 - c), E on the right of the line from the slider
--      to G (one degree of freedom).
-- start: {x1, phi2, phi3} (phi from x along each link, from its upper pin).
local function small_system(d, which, start)
  local m = mb.model { name = "system (" .. which .. ")" }
  m:point { name = "O", body = "ground" }
  if which == "a" then
    local phi = start and start[2] or -math.pi / 3
    bar(m, "2", { 0, 0 }, vec.scale(d.L2, vec.unit(phi)), d.m[2], d.J[2])
    m:point { name = "K", body = "ground", at = { d.c, d.b } }
    m:joint { name = "O", type = "revolute", points = { "2.a", "O" } }
    m:force { name = "spring", type = "spring-damper", points = { "2.b", "K" }, k = d.k, length = d.L0 }
    return m
  end
  start = start or { math.sqrt(d.L0 ^ 2 - d.a ^ 2), -math.pi / 2, -math.pi / 2 }
  local S = { start[1], 0 }
  local E = vec.add(S, vec.scale(d.L2, vec.unit(start[2])))
  local F = vec.add(E, vec.scale(d.L3, vec.unit(start[3])))
  m:body { name = "1", mass = d.m[1], inertia = d.J[1], pos = S }
  m:point { name = "1.c", body = "1" }
  m:vector { name = "1.u", body = "1", dir = { 1, 0 } }
  m:vector { name = "x", body = "ground", dir = { 1, 0 } }
  m:point { name = "K", body = "ground", at = { 0, d.a } }
  m:joint { name = "guide", type = "translational", points = { "1.c", "O" }, vectors = { "1.u", "x" } }
  m:force { name = "spring", type = "spring-damper", points = { "1.c", "K" }, k = d.k, length = d.L0 }
  if which == "c" then
    local G = { d.L0 + d.b, -d.L2 - d.c }
    E = meet(S, G, d.L2, d.L3, -1)
    F = G
    m:point { name = "G", body = "ground", at = G }
  end
  bar(m, "2", S, E, d.m[2], d.J[2])
  bar(m, "3", E, F, d.m[3], d.J[3])
  m:joint { name = "S", type = "revolute", points = { "2.a", "1.c" } }
  m:joint { name = "E", type = "revolute", points = { "3.a", "2.b" } }
  if which == "c" then m:joint { name = "G", type = "revolute", points = { "3.b", "G" } } end
  return m
end

-- The rests by hand, as minima of the potential energy in one coordinate
-- ((a): link 2's angle; (c): the slider's x), (b) in closed form.
local function small_by_hand(d)
  local g = 9.81
  local K = { d.c, d.b }
  local function Va(phi)
    local B = vec.scale(d.L2, vec.unit(phi))
    return 0.5 * d.k * (vec.norm(vec.sub(B, K)) - d.L0) ^ 2 + d.m[2] * g * B[2] / 2
  end
  local phi2 = minimum(Va, -math.pi, math.pi / 2, 720)
  local G = { d.L0 + d.b, -d.L2 - d.c }
  local function pose_c(x)
    local S = { x, 0 }
    local E = meet(S, G, d.L2, d.L3, -1)
    return S, E
  end
  local function Vc(x)
    local S, E = pose_c(x)
    return 0.5 * d.k * (math.sqrt(x * x + d.a * d.a) - d.L0) ^ 2 + d.m[2] * g * E[2] / 2 + d.m[3] * g * (E[2] + G[2]) / 2
  end
  -- the slider's reach: S within L2 + L3 of G
  local reach = math.sqrt((d.L2 + d.L3) ^ 2 - G[2] ^ 2)
  local x = minimum(Vc, G[1] - reach + 1e-9, G[1] + reach - 1e-9, 400)
  local _, E = pose_c(x)
  return { a_phi2 = phi2, b_x1 = math.sqrt(d.L0 ^ 2 - d.a ^ 2), b_phi = { -math.pi / 2, -math.pi / 2 },
    c_x1 = x, c_phi3 = vec.angle(vec.sub(G, E)) }
end

local small_data = {
  { name = "a", value = 0.01, unit = "m", what = "K's y in (b), (c)", vary = 0.3 },
  { name = "b", value = 0.03, unit = "m", what = "K's y in (a); G's x is L0 + b in (c)", vary = 0.2 },
  { name = "c", value = 0.02, unit = "m", what = "K's x in (a); G's y is -L2 - c in (c)", vary = 0.2 },
  { name = "L2", value = 0.06, unit = "m", what = "link 2", vary = 0.1 },
  { name = "L3", value = 0.04, unit = "m", what = "link 3", vary = 0.1 },
  { name = "k", value = 100, unit = "N/m", what = "the spring", vary = 0.3 },
  { name = "L0", value = 0.08, unit = "m", what = "its free length", vary = 0.1 },
  { name = "m", value = { 0.3, 0.2, 0.15 }, unit = "kg", what = "masses of bodies 1, 2, 3", vary = 0.3 },
  { name = "J", value = { 0.05, 0.001, 0.0008 }, unit = "kg m^2", what = "their moments of inertia" },
}

------------------------------------------------------------------ 14.5, 14.6

-- Ex. 6.6's slider-crank (Ex. 6.4's data): crank 0.12 m, rod 0.26 m,
-- masses 1, 2, 4 kg, a force f along x on the slider, gravity down. The
-- motor holds the crank at theta (rad) when hold, else there is none.
local function slider_crank(d, theta, hold)
  return mb.example("slider_crank", hold and 0 or false, { L1 = 0.12, L2 = 0.26, theta = math.deg(theta),
    m = d.m, J = { 0.001, 0.01, 0.02 }, force = d.f })
end

-- By hand: x_B and the mass centres' heights as functions of the crank angle.
local function slider_crank_energy(d)
  local g = 9.81
  local function pose(th)
    local A = { 0.12 * math.cos(th), 0.12 * math.sin(th) }
    local xB = A[1] + math.sqrt(0.26 ^ 2 - A[2] ^ 2)
    return xB, A[2] / 2, A[2] / 2
  end
  -- the potential of gravity and of the constant force
  return function(th)
    local xB, y1, y2 = pose(th)
    return d.m[1] * g * y1 + d.m[2] * g * y2 - d.f * xB
  end, pose
end

-- Ex. 6.5's four-bar (Ex. 5.2's geometry): O = (0, 0), Q = (0.2, 0),
-- crank 0.1, coupler 0.3 (its mass centre 0.16 from A at 12 degrees),
-- rocker 0.22; the damper from P (0.2 from A at 30 degrees) to R = (0,
-- 0.2); the crank at theta1 (rad); hold: the motor holds it there.
local function four_bar_65(d, theta1, hold)
  local A = { 0.1 * math.cos(theta1), 0.1 * math.sin(theta1) }
  local B = meet(A, { 0.2, 0 }, 0.3, 0.22, 1)
  local m = mb.example("four_bar_program", {
    name = "four-bar (Ex. 6.5)", RQ = { 0.2, 0 }, L = { 0.1, 0.3, 0.22 }, LP = { 0, 0.2, 0 }, beta = { 0, 30, 0 },
    theta = { math.deg(theta1), math.deg(vec.angle(vec.sub(B, A))), math.deg(vec.angle(vec.sub(B, { 0.2, 0 }))) },
    omega1 = 0, m = { 1, 6, d.m3 }, J = { 0.001, 0.1, d.J3 }, LG = { 0.05, 0.16, 0.11 }, gamma = { 0, 12, 0 },
    g = 9.81, damper = { c = 125, at = { 0, 0.2 } } })
  if not hold then m.joints.motor.active = false end
  return m
end

local function four_bar_65_energy(d)
  local g = 9.81
  return function(th)
    local A = { 0.1 * math.cos(th), 0.1 * math.sin(th) }
    local B = meet(A, { 0.2, 0 }, 0.3, 0.22, 1)
    local u2 = vec.unit(vec.angle(vec.sub(B, A)) + math.rad(12))
    local y1, y2, y3 = A[2] / 2, A[2] + 0.16 * u2[2], B[2] / 2
    return g * (1 * y1 + 6 * y2 + d.m3 * y3)
  end
end

------------------------------------------------------------------ 14.7

-- Eq. 14.7 by hand for system (b): c = {x1, y1, phi1, x2, y2, phi2, x3,
-- y3, phi3}; the guide's two rows as the program writes them (y1 and the
-- sine of phi1), the pins S and E.
local function system_b_rows(d)
  return function(c)
    local function at(k, s)
      local cs, sn = math.cos(c[3 * k]), math.sin(c[3 * k])
      return { c[3 * k - 2] + cs * s[1] - sn * s[2], c[3 * k - 1] + sn * s[1] + cs * s[2] },
        { -sn * s[1] - cs * s[2], cs * s[1] - sn * s[2] }
    end
    local h2, h3 = d.L2 / 2, d.L3 / 2
    local P2a, r2a = at(2, { -h2, 0 })
    local P2b, r2b = at(2, { h2, 0 })
    local P3a, r3a = at(3, { -h3, 0 })
    local phi = { c[2], math.sin(c[3]), P2a[1] - c[1], P2a[2] - c[2], P3a[1] - P2b[1], P3a[2] - P2b[2] }
    local D = {
      { 0, 1, 0, 0, 0, 0, 0, 0, 0 },
      { 0, 0, math.cos(c[3]), 0, 0, 0, 0, 0, 0 },
      { -1, 0, 0, 1, 0, r2a[1], 0, 0, 0 },
      { 0, -1, 0, 0, 1, r2a[2], 0, 0, 0 },
      { 0, 0, 0, -1, 0, -r2b[1], 1, 0, r3a[1] },
      { 0, 0, 0, 0, -1, -r2b[2], 0, 1, r3a[2] },
    }
    return phi, D
  end
end

local function least_norm_step(c, D, e)
  local n = #D
  local A = {}
  for i = 1, n do
    A[i] = {}
    for j = 1, n do
      local s = 0
      for k = 1, #c do s = s + D[i][k] * D[j][k] end
      A[i][j] = s
    end
  end
  local lambda = mat.solve(mat(A), e)
  local out = copy(c)
  for i = 1, n do for k = 1, #c do out[k] = out[k] - D[i][k] * lambda[i] end end
  return out
end

-- The estimates of Problem 14.7 as a model of system (b).
local function estimated(d)
  local m = small_system(d, "b", { d.r1[1], d.phi2, d.phi3 })
  local b1, b2, b3 = m.bodies["1"], m.bodies["2"], m.bodies["3"]
  b1.pos, b2.pos, b3.pos = copy(d.r1), copy(d.r2), copy(d.r3)
  b2.angle, b3.angle = d.phi2, d.phi3
  b1.vel = { d.x1d, 0 }
  b2.omega, b3.omega = d.phi2d, d.phi3d
  return m
end

------------------------------------------------------------------ the problems

-- An estimate {x, y, phi (deg)} moved by up to 0.1 m (in cm) and 5 degrees.
local function estimate(rand, v)
  local function cm(x) return math.floor(x * 100 + 0.5) / 100 end
  return { cm(v[1] + 0.2 * (rand() - 0.5)), cm(v[2] + 0.2 * (rand() - 0.5)), v[3] + math.floor(10 * rand()) - 5 }
end

local structure_data = {
  { name = "f", value = 50, unit = "N", what = "the horizontal force at A", vary = 0.5 },
  { name = "m1", value = 2.5, unit = "kg", what = "link 1 (5 m)", vary = 0.3 },
  { name = "m2", value = 2.0, unit = "kg", what = "link 2 (4 m)", vary = 0.3 },
  { name = "g", value = 9.8, unit = "m/s^2", what = "gravity (the book's numbers use 9.8)" },
}

local rod_data = {
  { name = "L", value = 0.3, unit = "m", what = "the rod" },
  { name = "m", value = 4.0, unit = "kg", what = "its mass", vary = 0.2 },
  { name = "J", value = 0.03, unit = "kg m^2", what = "its moment of inertia (the book prints N m^2)", vary = 0.2 },
  { name = "a", value = 0.6, unit = "m", what = "O to the spring's ground point P", vary = 0.1 },
  { name = "k", value = 100, unit = "N/m", what = "the spring", vary = 0.2 },
  { name = "L0", value = 0.8, unit = "m", what = "its free length", vary = 0.05 },
  { name = "c", value = 20, unit = "N s/m", what = "the damper", vary = 0.2 },
}

return {
  chapter = 14,
  title = "Static equilibrium and initial conditions",
  problems = {
    ------------------------------------------------------------------ 14.1
    { number = "14.1",
      title = "The two-link structure's pin forces, DAP_BC style",
      text = [[
Model the structure of Ex. 14.1 (Fig. 14.2) in body coordinates as DAP_BC would: link 1 from
the ground pin O = (0, 0) to A = (3, 4) m, link 2 from the ground pin Q = (3, 0) m up to A,
a horizontal force f at A on link 2, gravity g down. As many constraints as coordinates:
the reactions follow from D'lambda = -h (Eq. 14.2). Give D' (6 x 6: rows link 1's x, y, phi,
then link 2's; columns lambda of the pins O, Q, A, each x then y), the right side -h, and the
pins' forces: O's on link 1, Q's on link 2, and link 1's on link 2 at A, each {fx, fy}.]],
      build = "examples/structure.lua with the data; m:pieces (D, h); m:equilibrium{}; r:reaction",
      data = structure_data,
      asks = {
        { name = "Dt", what = "D', 6 x 6", unit = "" },
        { name = "rhs", what = "-h, the right side of Eq. 14.2", unit = "N, N m" },
        { name = "O_on_1", what = "pin O's force on link 1", unit = "N" },
        { name = "Q_on_2", what = "pin Q's force on link 2", unit = "N" },
        { name = "A_on_2", what = "link 1's force on link 2 at A", unit = "N" },
      },
      answers = function(d)
        local m = structure(d)
        local p = m:pieces { formulation = "body" }
        local rhs = {}
        for i, x in ipairs(p.h) do rhs[i] = -x end
        local e = m:equilibrium {}
        local A = e:reaction("A")
        return { Dt = p.D:t():totable(), rhs = rhs, O_on_1 = on_first(e, "O"), Q_on_2 = on_first(e, "Q"),
          A_on_2 = { A.fx[1], A.fy[1] } }
      end,
      verify = function(d)
        local out = structure_by_hand(d)
        out.Dt = structure_Dt()
        out.rhs = { 0, d.m1 * d.g, 0, -d.f, d.m2 * d.g, 2 * d.f }
        return out
      end,
      book = {
        { ask = "Dt", value = { { 1, 0, 0, 0, 1, 0 }, { 0, 1, 0, 0, 0, 1 }, { 2.0, -1.5, 0, 0, -2.0, 1.5 },
          { 0, 0, 1, 0, -1, 0 }, { 0, 0, 0, 1, 0, -1 }, { 0, 0, 2.0, 0.0, 2.0, 0 } }, where = "Ex. 14.1, the coefficient matrix" },
        { ask = "rhs", value = { 0, -24.5, 0, 50.0, -19.6, -100.0 }, where = "Ex. 14.1, the right side",
          misprint = "Ex. 14.1 prints +h where Eq. 14.2 has -h (more-misprints.md, Ex 14.1; O-14.1)" },
      },
      mistakes = {
        O_on_1 = opposite("O_on_1", "that is link 1's force on the ground: " .. on_ground),
        Q_on_2 = opposite("Q_on_2", "that is link 2's force on the ground: " .. on_ground),
        A_on_2 = opposite("A_on_2", "that is link 2's force on link 1; the question asks for link 1's on link 2."),
      },
      model = structure,
      hints = {
        "A structure has as many constraint rows as coordinates: D is square, and D'lambda = -h gives every pin force at once.",
        "m:pieces{ formulation = \"body\" } has D and h; e = m:equilibrium{} has e:reaction(\"O\") (the force on the joint's second body).",
        "Check with free-body diagrams: per link, the forces and the moments about its mass centre sum to zero.",
      } },

    ------------------------------------------------------------------ 14.2
    { number = "14.2",
      title = "The structure from rough estimates, by Newton-Raphson",
      text = [[
For the structure of Problem 14.1, suppose only rough estimates of the links' coordinates are
known (c1 and c2 below, angles in degrees). Solve Phi(c) = 0 for the six coordinates by
Newton-Raphson (the book uses fsolve; in mechbench, mb.newton on the rows m:pieces gives), then
find the pins' forces there. Give c1 and c2 as solved, and pin O's force on link 1.]],
      build = "the structure model; mb.newton on its rows from the estimates; m:equilibrium{} there",
      data = {
        { name = "c1", value = { 1.6, 1.9, 45 }, unit = "m, m, deg", what = "link 1's {x, y, phi} (deg in p.data too)",
          vary = estimate },
        { name = "c2", value = { 2.9, 2.1, 90 }, unit = "m, m, deg", what = "link 2's estimate", vary = estimate },
        { name = "f", value = 50, unit = "N", what = "the force at A", vary = 0.5 },
        { name = "m1", value = 2.5, unit = "kg", what = "link 1" },
        { name = "m2", value = 2.0, unit = "kg", what = "link 2" },
        { name = "g", value = 9.8, unit = "m/s^2", what = "gravity" },
      },
      valid = function(d)
        -- Newton from the estimates lands on the structure as drawn
        local ok, c = pcall(mb.newton, structure_rows(structure(d)), { d.c1[1], d.c1[2], math.rad(d.c1[3]),
          d.c2[1], d.c2[2], math.rad(d.c2[3]) }, { tol = 1e-10, max_iterations = 30 })
        return ok and math.abs(c[1] - 1.5) < 1e-6 and math.abs(c[5] - 2) < 1e-6
      end,
      asks = {
        { name = "c1", what = "link 1's coordinates {x, y, phi}", unit = "m, m, rad" },
        { name = "c2", what = "link 2's coordinates {x, y, phi}", unit = "m, m, rad" },
        { name = "O_on_1", what = "pin O's force on link 1", unit = "N" },
      },
      answers = function(d)
        local c = mb.newton(structure_rows(structure(d)), { d.c1[1], d.c1[2], math.rad(d.c1[3]),
          d.c2[1], d.c2[2], math.rad(d.c2[3]) }, { tol = 1e-12, max_iterations = 30 })
        local e = structure(d, { c[1], c[2], c[3] }, { c[4], c[5], c[6] }):equilibrium {}
        return { c1 = { c[1], c[2], c[3] }, c2 = { c[4], c[5], c[6] }, O_on_1 = on_first(e, "O") }
      end,
      verify = function(d)
        return { c1 = { 1.5, 2, math.atan(4, 3) }, c2 = { 3, 2, math.pi / 2 }, O_on_1 = structure_by_hand(d).O_on_1 }
      end,
      mistakes = {
        c1 = { { value = function(d) return { d.c1[1], d.c1[2], math.rad(d.c1[3]) } end,
          say = "those are the estimates: Newton moves them onto the joints." } },
        O_on_1 = opposite("O_on_1", "that is link 1's force on the ground: " .. on_ground),
      },
      model = function(d) return structure(d, { d.c1[1], d.c1[2], math.rad(d.c1[3]) }, { d.c2[1], d.c2[2], math.rad(d.c2[3]) }) end,
      hints = {
        "Six rows (three pins) in six coordinates: Newton-Raphson solves Phi(c) = 0 as it would a kinematic analysis.",
        "f = function(c) local p = m:pieces{ formulation = \"body\", y = {c..., 0, 0, 0, 0, 0, 0} } return p.phi, p.D end; mb.newton(f, c0).",
        "The answer is the drawn structure: link 1's centre halfway from O to A, at atan(4/3).",
      } },

    ------------------------------------------------------------------ 14.3
    { number = "14.3",
      title = "The rod on a spring-damper: its rest and its swing",
      text = [[
The rod of Problem 13.5, pinned to the ground at O by one end (the book's figure; our reading:
the spring-damper runs from the rod's other end B to the ground point P = (a, 0), level with O;
gravity 9.81 m/s^2 down; the rod's angle phi is measured from x, O to B). Write its static
equilibrium equations (Eq. 14.4) and solve them by Newton-Raphson (the book's fsolve) from
the rod hanging straight down. Give the angle at rest, the spring's tension there, and the
pin's force on the rod; then, about the rest, the natural frequency and damping ratio of its
small swings (m:modes).]],
      build = "a model of the rod; m:equilibrium{}; m:modes{}",
      data = rod_data,
      asks = {
        { name = "phi", what = "the rod's angle at rest", unit = "rad", kind = "angle" },
        { name = "tension", what = "the spring's tension there (< 0: it pushes)", unit = "N" },
        { name = "pin", what = "the pin's force on the rod {fx, fy}", unit = "N" },
        { name = "frequency", what = "the natural frequency about the rest", unit = "Hz" },
        { name = "damping", what = "the damping ratio", unit = "" },
      },
      answers = function(d)
        local m = spring_rod(d)
        local md = m:modes {}
        local e = md.rest
        local phi = e:body("rod").angle[1]
        -- the spring's length from the rod's pose at rest
        local B = { d.L * math.cos(phi), d.L * math.sin(phi) }
        return { phi = phi, tension = d.k * (vec.norm(vec.sub(B, { d.a, 0 })) - d.L0), pin = on_first(e, "pin"),
          frequency = md.frequency[1], damping = md.damping[1] }
      end,
      verify = function(d) return spring_rod_by_hand(d) end,
      mistakes = {
        phi = { { value = -math.pi / 2, say = "that is where it starts, hanging straight down: the spring moves it off." } },
        pin = opposite("pin", "that is the rod's force on the ground when the rod's point comes first in the joint: " .. on_ground),
        frequency = { { value = function(_, ref) return ref.frequency * tau end,
          say = "that is omega in rad/s; the frequency in Hz is omega / (2 pi)." } },
      },
      model = function(d) return spring_rod(d) end,
      written = [[
The equations (14.3 a). The rod's body coordinates c = {x, y, phi}, u = {cos phi, sin phi},
u_perp = {-sin phi, cos phi}. The pin: Phi = {x - (L/2) cos phi, y - (L/2) sin phi} = 0, so
D = [I, -(L/2) u_perp]. The end B = {x, y} + (L/2) u; the spring's length l = |B - P|, its
unit vector e = (B - P) / l, its force on the rod at B f = -k (l - L0) e (the damper carries
nothing at rest). h = {f_x, f_y - m g, (L/2) u_perp . f}. At rest (Eq. 14.4) h + D' lambda = 0
with Phi = 0: five equations in x, y, phi and lambda, the pin's force on the rod. The first
two give lambda = {-f_x, m g - f_y}; the third is then the balance of moments about O,
L u_perp . f = m g (L/2) cos phi, one equation in phi, which is dV/dphi = 0 for
V = k (l - L0)^2 / 2 + m g (L/2) sin phi.]],
      hints = {
        "At rest the accelerations and velocities vanish: h(c) + D'lambda = 0 with Phi(c) = 0; the damper does nothing.",
        "md = m:modes{} finds the rest too: md.rest:body(\"rod\").angle[1], md.rest:reaction(\"pin\") (on the joint's second body); md.frequency[1], md.damping[1].",
        "One coordinate: the rest is the minimum of V = k (l - L0)^2 / 2 + m g (L/2) sin(phi); omega^2 = V''/I_O.",
      } },

    ------------------------------------------------------------------ 14.4
    { number = "14.4",
      title = "Three small systems at rest",
      text = [[
The book's figure shows three systems; ours, with the book's data (gravity 9.81 m/s^2 down):

  (a) link 2 pinned to the ground at O = (0, 0) by one end; the spring from
      its other end B to the ground point K = (c, b);
  (b) slider 1 on the x axis, the spring from K = (0, a) to its centre;
      link 2 hangs from a pin at the slider's centre, link 3 from a pin
      at link 2's lower end;
  (c) as (b), but link 3's lower end is pinned to the ground at
      G = (L0 + b, -L2 - c), link 2's lower end on the right of the line
      from the slider to G.

Write each system's equilibrium equations and solve them by Newton-Raphson (the book's
fsolve). Give (a) link 2's angle at rest; (b) the slider's x and the links' angles; (c) the
slider's x and link 3's angle (from its upper pin to G). Angles are from x along each link,
from its upper (first) pin.]],
      build = "three models; m:equilibrium{} of each",
      data = small_data,
      valid = function(d)
        -- (c) must stay assembled near its rest, and (a) have its rest
        -- where our start leads
        local ok, h = pcall(small_by_hand, d)
        return ok and h.c_x1 > 0.01 and d.a < 0.5 * d.L0
      end,
      asks = {
        { name = "a_phi2", what = "(a) link 2's angle at rest", unit = "rad", kind = "angle" },
        { name = "b_x1", what = "(b) the slider's x at rest", unit = "m" },
        { name = "b_phi", what = "(b) links 2 and 3's angles {phi2, phi3}", unit = "rad" },
        { name = "c_x1", what = "(c) the slider's x at rest", unit = "m" },
        { name = "c_phi3", what = "(c) link 3's angle at rest", unit = "rad", kind = "angle" },
      },
      answers = function(d)
        local ea = small_system(d, "a"):equilibrium {}
        local eb = small_system(d, "b"):equilibrium {}
        local ec = small_system(d, "c", { d.L0 - 0.01, 0, 0 }):equilibrium {}
        return { a_phi2 = ea:body("2").angle[1], b_x1 = eb:body("1").x[1],
          b_phi = { eb:body("2").angle[1], eb:body("3").angle[1] }, c_x1 = ec:body("1").x[1], c_phi3 = ec:body("3").angle[1] }
      end,
      verify = small_by_hand,
      mistakes = {
        b_x1 = { { value = function(d) return d.L0 end,
          say = "the spring's free length along its own line: K is above the axis, so the slider stops at sqrt(L0^2 - a^2)." } },
      },
      model = function(d) return small_system(d, "c", { d.L0 - 0.01, 0, 0 }) end,
      hints = {
        "Each is a model of bars, pins, a slider and a spring; the rest solves h + D'lambda = 0 with Phi = 0.",
        "m:equilibrium{} from a start near the rest; e:body(\"2\").angle[1], e:body(\"1\").x[1].",
        "Check (b) by hand: the links hang straight down, and the spring along its line has its free length.",
      } },

    ------------------------------------------------------------------ 14.5
    { number = "14.5",
      title = "The slider-crank of Ex. 6.6 in static equilibrium",
      text = [[
Take the slider-crank of Ex. 6.6 (Ex. 6.4's data: crank 0.12 m, rod 0.26 m, masses below,
moments of inertia 0.001, 0.01 and 0.02 kg m^2, mass centres at the links' middles and the
slider's pin, a force f along x on the slider, gravity 9.81 m/s^2 down). (a) At rest at the
crank angle theta (as drawn), what torque must the motor hold on the crank? (b) With the motor
free, where does the mechanism rest stably: give the crank's angle and the slider's x.]],
      build = "mb.example(\"slider_crank\", 0 or false, {...}); m:inverse_dynamics at t = 0; m:equilibrium{ stable = true }",
      data = {
        { name = "theta", value = 65, unit = "deg", what = "the crank's angle for (a)", vary = { abs = 20, step = 1 } },
        { name = "m", value = { 1, 2, 4 }, unit = "kg", what = "crank, rod, slider", vary = 0.3 },
        { name = "f", value = 50, unit = "N", what = "the force on the slider", vary = 0.5 },
      },
      asks = {
        { name = "torque", what = "(a) the holding torque on the crank", unit = "N m" },
        { name = "rest", what = "(b) the crank's angle at the stable rest", unit = "rad", kind = "angle" },
        { name = "x_rest", what = "(b) the slider's x there", unit = "m" },
      },
      answers = function(d)
        local r = slider_crank(d, d.theta, true):inverse_dynamics { tf = 1e-3, dt = 1e-3 }
        -- Newton from a start near the stretched-out position; eq.stable says it is a stable rest
        local e = slider_crank(d, 0.2, false):equilibrium {}
        assert(e.stable, "the rest found is not stable")
        return { torque = r:reaction("motor").torque[1], rest = e:body("crank").angle[1], x_rest = e:body("slider").x[1] }
      end,
      verify = function(d)
        -- virtual work for (a); the potential energy's minimum for (b)
        local V, pose = slider_crank_energy(d)
        local rest = minimum(V, -math.pi / 2, math.pi / 2, 360)
        return { torque = slope(V, d.theta), rest = rest, x_rest = (pose(rest)) }
      end,
      mistakes = {
        torque = { { value = function(_, ref) return -ref.torque end,
          say = "the sign: the motor's torque on the crank must balance what the loads do to it." } },
        rest = { { value = function(d)
          local V = slider_crank_energy(d)
          return minimum(function(th) return -V(th) end, math.pi / 2, 3 * math.pi / 2, 360)
        end, say = "that rest is unstable (folded, with the force trying to unfold it): the stable one is stretched out." } },
      },
      model = function(d) return slider_crank(d, d.theta, true) end,
      written = [[
The free-body diagrams are those of Ex. 6.6 without the inertia terms: on the crank its weight,
the ground pin's force, the rod's force at A and the motor's torque T; on the rod its weight
and the forces at A and B; on the slider its weight, f, the rod's force at B, the guide's
normal force and moment. Each body's forces and moments about its mass centre sum to zero:
nine equations, linear in the nine unknowns (six pin components, the guide's two, T) at a
given theta. That is h + D'lambda = 0 with the driver's row in D. With the motor free, T and
the driver's row are gone and the pose is unknown: the nine balances with the eight rows of
Phi = 0, nonlinear in the nine coordinates and eight multipliers (Eq. 14.4), are solved by
Newton-Raphson from a start near the rest.]],
      hints = {
        "(a) At rest only the loads act: D'lambda = -h with the motor's torque among the unknowns, the static form of Ex. 6.6.",
        "(a) a driver holding the angle (rate 0) and m:inverse_dynamics at t = 0; (b) m:equilibrium{ stable = true } without a driver.",
        "Virtual work checks (a): the torque times a small turn equals minus the work of gravity and f over it.",
      } },

    ------------------------------------------------------------------ 14.6
    { number = "14.6",
      title = "The four-bar of Ex. 6.7 in static equilibrium",
      text = [[
Take the four-bar of Ex. 6.7 (Ex. 6.5's model: O = (0, 0), Q = (0.2, 0), crank 0.1, coupler 0.3
with its mass centre 0.16 m from A at 12 degrees, rocker 0.22 m; masses 1, 6 and m3 kg,
moments of inertia 0.001, 0.1 and J3 kg m^2; links 1 and 3 with their mass centres at their
middles; the damper from P to R = (0, 0.2) m, 125 N s/m; gravity 9.81 m/s^2 down; the open
assembly, B above the line from A to Q). (a) Holding the crank at theta1 (at rest), what torque
must the motor apply? (b) With the motor free, at what crank angle does the four-bar rest
stably? (c) About that rest, what are the natural frequency (in Hz) and damping ratio of its
small swings?]],
      build = "mb.example(\"four_bar_program\", {...}); m:inverse_dynamics; m.joints.motor.active = false; m:equilibrium; m:modes",
      data = {
        { name = "theta1", value = 45, unit = "deg", what = "the crank's angle for (a)", vary = { abs = 20, step = 1 } },
        { name = "m3", value = 4.0, unit = "kg", what = "the rocker's mass (the listing has 3.0)", vary = 0.3 },
        { name = "J3", value = 0.02, unit = "kg m^2", what = "its moment of inertia (the listing: 0.015)", vary = 0.3 },
      },
      asks = {
        { name = "torque", what = "(a) the holding torque on the crank", unit = "N m" },
        { name = "rest", what = "(b) the crank's angle at the stable rest", unit = "rad", kind = "angle" },
        { name = "frequency", what = "(c) the natural frequency", unit = "Hz" },
        { name = "damping", what = "(c) the damping ratio", unit = "" },
      },
      answers = function(d)
        local r = four_bar_65(d, d.theta1, true):inverse_dynamics { tf = 1e-3, dt = 1e-3 }
        -- from the crank hanging down, Newton finds the rest, and m:modes
        -- linearises about it (md.rest)
        local md = four_bar_65(d, -math.pi / 2, false):modes {}
        local e = md.rest
        assert(e.stable, "the rest found is not stable")
        return { torque = r:reaction("motor").torque[1], rest = e:body("crank").angle[1],
          frequency = md.frequency[1], damping = md.damping[1] }
      end,
      verify = function(d)
        -- virtual work and the potential's minimum by hand; the swing from
        -- the one-coordinate equation (generalised mass, damping, stiffness)
        local V = four_bar_65_energy(d)
        local rest = minimum(V, -math.pi, math.pi, 720)
        local function poses(th) -- mass centres, angles and P
          local A = { 0.1 * math.cos(th), 0.1 * math.sin(th) }
          local B = meet(A, { 0.2, 0 }, 0.3, 0.22, 1)
          local t2, t3 = vec.angle(vec.sub(B, A)), vec.angle(vec.sub(B, { 0.2, 0 }))
          local G2 = vec.add(A, vec.scale(0.16, vec.unit(t2 + math.rad(12))))
          local P = vec.add(A, vec.scale(0.2, vec.unit(t2 + math.rad(30))))
          return { vec.scale(0.5, A), G2, vec.add({ 0.2, 0 }, vec.scale(0.11, vec.unit(t3))) }, { th, t2, t3 }, P
        end
        local h = 1e-6
        local ra, aa, Pa = poses(rest + h)
        local rb, ab, Pb = poses(rest - h)
        local mass, J = { 1, 6, d.m3 }, { 0.001, 0.1, d.J3 }
        local Mg = 0
        for i = 1, 3 do
          local dx, dy = (ra[i][1] - rb[i][1]) / (2 * h), (ra[i][2] - rb[i][2]) / (2 * h)
          Mg = Mg + mass[i] * (dx * dx + dy * dy) + J[i] * ((aa[i] - ab[i]) / (2 * h)) ^ 2
        end
        -- the damper acts along R-P: its rate is the change of that distance
        local function dist(P) return vec.norm(vec.sub(P, { 0, 0.2 })) end
        local C = 125 * ((dist(Pa) - dist(Pb)) / (2 * h)) ^ 2
        local K = curvature(V, rest)
        return { torque = slope(V, d.theta1), rest = rest, frequency = math.sqrt(K / Mg) / tau,
          damping = C / (2 * math.sqrt(K * Mg)) }
      end,
      mistakes = {
        torque = { { value = function(d)
          local dd = { m3 = 3.0, J3 = 0.015 }
          return slope(four_bar_65_energy(dd), d.theta1)
        end, book_data_only = true, say = "that uses the listing's m3 = 3.0 kg; the text of Ex. 6.5 gives 4.0 kg." } },
      },
      model = function(d) return four_bar_65(d, d.theta1, true) end,
      hints = {
        "At rest the damper carries nothing; the motor's torque balances gravity alone.",
        "(a) a driver at rate 0 and m:inverse_dynamics at t = 0; (b) m.joints.motor.active = false, m:equilibrium{ stable = true }; (c) m:modes{ stable = true }.",
        "One degree of freedom: omega^2 = V''(theta1) / M(theta1), with M the kinetic energy's coefficient of theta1'^2 / 2.",
      } },

    ------------------------------------------------------------------ 14.7
    { number = "14.7",
      title = "Correcting estimated initial conditions",
      text = [[
Take system (b) of Problem 14.4 with its data. Our estimates (the book's r1 = (0.6, 0.1),
r2 = (0.7, 0.15), r3 = (0.6, -0.3) m do not fit links of 0.06 and 0.04 m, so the positions are
ours; the angles are the book's: link 2 at 20 degrees from the vertical, link 3 at 10 degrees
from the horizontal; phi2 and phi3 below are those angles from x). (a) Correct the positions by
the iteration of Eq. 14.7 (the least change that puts the pins and the guide right). (b) Correct
the velocities keeping the known ones (x1', phi2', phi3') as they are, the other components
starting at zero. Give link 2's and link 3's corrected {x, y} and the corrected velocities
{x2', y2'} and {x3', y3'}.]],
      build = "system (b) of 14.4 placed at the estimates; m:correct(); drivers holding the known rates while correcting",
      data = (function()
        local out = copy(small_data)
        local more = {
          { name = "r1", value = { 0.08, 0.004 }, unit = "m", what = "slider 1's estimate", ours = true, vary = { abs = 0.004 } },
          { name = "r2", value = { 0.095, -0.03 }, unit = "m", what = "link 2's estimate", ours = true, vary = { abs = 0.004 } },
          { name = "r3", value = { 0.135, -0.058 }, unit = "m", what = "link 3's estimate", ours = true, vary = { abs = 0.004 } },
          { name = "phi2", value = -70, unit = "deg", what = "link 2, 20 deg from the vertical", vary = { abs = 5, step = 1 } },
          { name = "phi3", value = -10, unit = "deg", what = "link 3, 10 deg from the horizontal", vary = { abs = 5, step = 1 } },
          { name = "x1d", value = 0.2, unit = "m/s", what = "the slider's x', known", vary = 0.5 },
          { name = "phi2d", value = -0.3, unit = "rad/s", what = "link 2's rate, known", vary = 0.5 },
          { name = "phi3d", value = 0.4, unit = "rad/s", what = "link 3's rate, known", vary = 0.5 },
        }
        for _, e in ipairs(more) do out[#out + 1] = e end
        return out
      end)(),
      asks = {
        { name = "r2", what = "(a) link 2's corrected {x, y}", unit = "m" },
        { name = "r3", what = "(a) link 3's corrected {x, y}", unit = "m" },
        { name = "v2", what = "(b) link 2's corrected {x', y'}", unit = "m/s" },
        { name = "v3", what = "(b) link 3's corrected {x', y'}", unit = "m/s" },
      },
      answers = function(d)
        local m = estimated(d)
        local c = m:correct()
        -- the known rates held by drivers at the corrected positions, then the velocities again
        local guide = m:joint { name = "keep x1", type = "driver", joint = "guide", fn = mb.fn.poly { c["1"].x, d.x1d, 0 } }
        local k2 = m:joint { name = "keep phi2", type = "driver", body = "2", fn = mb.fn.poly { c["2"].angle, d.phi2d, 0 } }
        local k3 = m:joint { name = "keep phi3", type = "driver", body = "3", fn = mb.fn.poly { c["3"].angle, d.phi3d, 0 } }
        m.bodies["1"].vel = { d.x1d, 0 }
        m.bodies["2"].vel, m.bodies["3"].vel = { 0, 0 }, { 0, 0 }
        m.bodies["2"].omega, m.bodies["3"].omega = d.phi2d, d.phi3d
        local v = m:correct()
        guide.active, k2.active, k3.active = false, false, false
        return { r2 = { c["2"].x, c["2"].y }, r3 = { c["3"].x, c["3"].y }, v2 = { v["2"].vx, v["2"].vy },
          v3 = { v["3"].vx, v["3"].vy } }
      end,
      verify = function(d)
        -- Eq. 14.7 by hand; the velocities from the pins' kinematics: with
        -- x1', phi2', phi3' known, every other rate follows
        local rows = system_b_rows(d)
        local c = { d.r1[1], d.r1[2], 0, d.r2[1], d.r2[2], d.phi2, d.r3[1], d.r3[2], d.phi3 }
        for _ = 1, 30 do
          local phi, D = rows(c)
          c = least_norm_step(c, D, phi)
        end
        local h2, h3 = d.L2 / 2, d.L3 / 2
        local u2, u3 = vec.unit(c[6]), vec.unit(c[9])
        local v2 = vec.add({ d.x1d, 0 }, vec.scale(h2 * d.phi2d, vec.rot(u2)))
        local v3 = vec.add(vec.add({ d.x1d, 0 }, vec.scale(2 * h2 * d.phi2d, vec.rot(u2))), vec.scale(h3 * d.phi3d, vec.rot(u3)))
        return { r2 = { c[4], c[5] }, r3 = { c[7], c[8] }, v2 = v2, v3 = v3 }
      end,
      mistakes = {
        r2 = { { value = function(d) return copy(d.r2) end, say = "that is the estimate: correct it onto the pins." } },
        v2 = { { value = function(d)
          local m = estimated(d)
          local c = m:correct()
          return { c["2"].vx, c["2"].vy }
        end, say = "that is the plain least-squares correction, which changes the known rates too: hold them while correcting." } },
      },
      model = estimated,
      hints = {
        "Eq. 14.7 moves every coordinate by the least amount (least squares) until Phi = 0; Eq. 14.9 does the same once for the velocities.",
        "c = m:correct() does both; to keep a rate, hold it while correcting: a driver on the guide's slide and on each link's angle, fn = mb.fn.poly{value, rate, 0}.",
        "An open chain: with x1', phi2' and phi3' known, each pin's velocity follows from the one above it.",
      } },
  },
}
