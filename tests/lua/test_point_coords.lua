-- SPDX-License-Identifier: GPL-3.0-or-later
-- The point-coordinate formulation (Ch. 10): the points it chooses (one at
-- every pin, shared; stationary ones cost nothing; the mass centre and a
-- gyration point where a body has no pin), its constant exact mass matrix,
-- kinematics, and the Chapter 10 oracles, by hand through mb.points and
-- through the formulation itself. (Its Jacobian against finite
-- differences and its agreement with body coordinates on every example:
-- test_formulations.lua; the Done-when runs: test_point_recursive.lua.)
local T = dofile(arg[0]:match("(.*/)") .. "harness.lua")
local here = arg[0]:match("(.*/)")
local function example(name) return loadfile(here .. "../../examples/" .. name .. ".lua")("model") end

---------------------------------------------------------------- the pieces
do
  -- the pendulum (m = 2, L = 1, J = 2/12) pinned at its end: the pin is a
  -- stationary point, the mass centre G the one moving point
  local p = example("pendulum")():point_coords()
  local m, J, d = 2.0, 2.0 / 12, 0.5
  T.near_all(p.r, { 0.5, 0 }, 1e-12, "pendulum: one moving point, the mass centre G; the pin is stationary")
  -- exact inertia on the pin and G (Sec. 10.8): J/d^2 couples them, G adds m
  T.near_all(p.M, { { m + J / d ^ 2, 0 }, { 0, m + J / d ^ 2 } }, 1e-12, "the constant mass matrix (m + J/d^2) I on G")
  T.eq(#p.phi, 1, "one row: the rod's length between the pin and G (a pin costs nothing)")
  T.eq(p.rows[1].type, "length", "the row is a length constraint (Eq. 10.14)")
  local e = example("pendulum")():evaluate()
  T.near(p.acc[2], e.acc[2], 1e-9, "G falls as body coordinates' mass centre does")
  T.near(p.acc[1], e.acc[1], 1e-9, "and does not move sideways")
end

-- D = dPhi/dr and the agreement with body coordinates on every example:
-- test_formulations.lua

---------------------------------------------------------------- kinematics (the remedies: test_remedies.lua)
do
  local kb = example("slider_crank")(1.5):kinematics{ tf = 1, dt = 0.01 }
  local kp = example("slider_crank")(1.5):kinematics{ tf = 1, dt = 0.01, formulation = "point" }
  local d = 0
  for i = 1, #kb.t do
    d = math.max(d, math.abs(kb:body("slider").ax[i] - kp:body("slider").ax[i]),
      math.abs(kb:reaction("motor").torque[i] - kp:reaction("motor").torque[i]))
  end
  T.ok(d < 1e-9, ("kinematics and inverse dynamics in point coordinates match body coordinates (%.2g)"):format(d))
end

---------------------------------------------------------------- Chapter 10 by hand: mb.points
do
  local P = mb.points
  -- O-10.3: a coupler point from its axis
  local rA, rB, rP = { -0.42, 0.91 }, { 2.00, 2.70 }, { 0.07, 2.27 }
  local alpha, beta = P.along(rA, rB, rP, 3.0)
  T.near(alpha, 1.2067, 5e-4, "O-10.3 alpha with L = 3.0 (the book rounds it to 1.2)")
  T.near(beta, 0.8047, 5e-4, "O-10.3 beta with L = 3.0 (the book rounds it to 0.8)")
  T.near_all(P.secondary(rA, rB, 1.2, 0.8, 3.0), { 0.0707, 2.2713 }, 5e-4, "O-10.3 the point rebuilt from alpha = 1.2, beta = 0.8")
  -- O-10.4: a force at E shared by A and Q on the lower arm
  T.near_all(P.share({ 0.18, -0.24 }, 0), { 0.5714, 0.4286 }, 5e-5, "O-10.4 force shares of A and Q")
  -- O-10.5 and O-10.6: the uniform rod
  local masses = P.masses(1, 1 / 12, -0.5, 0.5)
  T.near_all(masses, { 1 / 6, 1 / 6, 2 / 3 }, 1e-12, "O-10.5 a uniform rod's three masses m/6, m/6, 2m/3")
  T.near_all(P.condense(1, 1 / 12, -0.5, 0.5), { { 2 / 6, 1 / 6 }, { 1 / 6, 2 / 6 } }, 1e-12,
    "O-10.6 the condensed rod (m/6)[2 1; 1 2]")
  -- O-10.7: a symmetric link, m = 2, J = 0.05, points at -0.21 and +0.21
  T.near_all(P.masses(2, 0.05, -0.21, 0.21), { 0.5669, 0.5669, 0.8662 }, 5e-5, "O-10.7 masses")
  T.near_all(P.condense(2, 0.05, -0.21, 0.21), { { 0.7834, 0.2166 }, { 0.2166, 0.7834 } }, 5e-5, "O-10.7 M")
  -- O-10.8: the centre of mass kept, an end point eliminated
  T.near_all(P.masses(2, 0.08, -0.2, 0.3), { 0.8, 0.5333, 0.6667 }, 5e-5, "O-10.8 masses at A, C and the centre B")
  T.near_all(P.condense(2, 0.08, -0.2, 0), { { 2.0, -2.0 }, { -2.0, 4.0 } }, 1e-9,
    "O-10.8 M on A and B, C eliminated: [2 -2; -2 4]")
  -- the formulation's own choice, P1 at the centre and P2 a radius of gyration out
  local rho = math.sqrt(0.08 / 2)
  T.near_all(P.condense(2, 0.08, 0, rho), { { 4, -2 }, { -2, 2 } }, 1e-9,
    "the formulation's M: points at the centre and a radius of gyration out, m [2 -1; -1 1]")
end

---------------------------------------------------------------- Chapter 10 through the formulation
-- A link between two pins is carried by the pins' points, so its exact
-- mass matrix on them (Sec. 10.8) is the book's condensed one. It is read
-- in a four-bar whose coupler is the link: M is linear in the masses, so
-- doubling the coupler's m and J and subtracting leaves its share alone.
local function coupler_mass(m, J, sA, sB)
  local function build(k)
    local fb = mb.model{ name = "four-bar", gravity = { 0, 0 } }
    local A, B = { 0, 1 }, { sB - sA, 1 }
    fb:body{ name = "crank", mass = 1, inertia = 0.1, pos = { 0, 0.5 }, angle = math.pi / 2 }
    fb:body{ name = "coupler", mass = k * m, inertia = k * J, pos = { -sA, 1 } }
    fb:body{ name = "rocker", mass = 1, inertia = 0.1, pos = { B[1], 0.5 }, angle = math.pi / 2 }
    fb:point{ name = "O", body = "ground" }
    fb:point{ name = "Q", body = "ground", at = { B[1], 0 } }
    fb:point{ name = "crank.O", body = "crank", at = { -0.5, 0 } }
    fb:point{ name = "crank.A", body = "crank", at = { 0.5, 0 } }
    fb:point{ name = "coupler.A", body = "coupler", at = { sA, 0 } }
    fb:point{ name = "coupler.B", body = "coupler", at = { sB, 0 } }
    fb:point{ name = "rocker.Q", body = "rocker", at = { -0.5, 0 } }
    fb:point{ name = "rocker.B", body = "rocker", at = { 0.5, 0 } }
    fb:joint{ name = "O", type = "revolute", points = { "crank.O", "O" } }
    fb:joint{ name = "A", type = "revolute", points = { "coupler.A", "crank.A" } }
    fb:joint{ name = "B", type = "revolute", points = { "coupler.B", "rocker.B" } }
    fb:joint{ name = "Q", type = "revolute", points = { "rocker.Q", "Q" } }
    return fb:point_coords()
  end
  local one, two = build(1), build(2)
  T.eq(#one.r, 4, "the four-bar's moving points are its pins A and B")
  local function d(i, j) return two.M(i, j) - one.M(i, j) end
  T.near_all({ d(1, 2), d(1, 4), d(2, 1) }, { 0, 0, 0 }, 1e-12, "the pattern times the 2 x 2 identity")
  return { { d(1, 1), d(1, 3) }, { d(3, 1), d(3, 3) } }
end

do -- O-10.6 and O-10.5: the uniform rod, m = 2, L = 1
  local M = coupler_mass(2, 2 / 12, -0.5, 0.5)
  -- exact fractions, reached to round-off
  T.near_all(M, { { 2 * 2 / 6, 2 / 6 }, { 2 / 6, 2 * 2 / 6 } }, 1e-12,
    "O-10.6 the formulation's M on the rod's end pins: (m/6)[2 1; 1 2]")
  -- condensing m_i, m_j at the ends and m_o at the centre gives M = [m_i + m_o/4, m_o/4; ...]
  T.near_all({ M[1][1] - M[1][2], 4 * M[1][2] }, { 2 / 6, 2 * 2 / 3 }, 1e-12,
    "O-10.5 the three masses behind it: m/6 at each end, 2m/3 at the centre")
end

do -- O-10.7: the symmetric link, m = 2, J = 0.05, A and B 0.21 either side of the centre
  local M = coupler_mass(2, 0.05, 0.21, -0.21)
  -- reached 4.5e-5 (the oracle's 4 decimals)
  T.near_all(M, { { 0.7834, 0.2166 }, { 0.2166, 0.7834 } }, 5e-4, "O-10.7 the formulation's M on pins A and B")
  T.near_all({ M[1][1] - M[1][2], 4 * M[1][2] }, { 0.5669, 0.8662 }, 1.5e-4, "O-10.7 masses m_A = m_B and m_o behind it")
end

do -- O-10.8: m = 2, J = 0.08, a pin at the centre B and one at A, -0.2 (C at 0.3 eliminated)
  local M = coupler_mass(2, 0.08, -0.2, 0)
  T.near_all(M, { { 2, -2 }, { -2, 4 } }, 1e-12, "O-10.8 the formulation's M on A and B: [2 -2; -2 4]")
  -- r_C = mu_j r_B - mu_i r_A with mu_i = 1.5, mu_j = 2.5 puts m_C mu_i^2,
  -- -m_C mu_i mu_j and m_C mu_j^2 on top of m_A and m_B: the masses behind M
  local mC = -M[1][2] / (1.5 * 2.5)
  -- reached 3.3e-5 (the oracle's 0.5333 and 0.6667)
  T.near_all({ M[1][1] - 1.5 ^ 2 * mC, M[2][2] - 2.5 ^ 2 * mC, mC }, { 0.8000, 0.6667, 0.5333 }, 4e-4,
    "O-10.8 masses at A, B and C behind it")
end

do -- O-10.15 (derived): a body with no pin gets its mass centre and a
  -- gyration point rho = sqrt(J/m) out, m [2 -1; -1 1]: two equal
  -- particles at +-rho replace it exactly, L/sqrt(3) apart for a uniform rod
  local l = mb.model{ name = "rod", gravity = { 0, 0 } }
  l:body{ name = "rod", mass = 2, inertia = 2 / 12 }
  local p = l:point_coords()
  T.near(p.r[3] - p.r[1], 1 / math.sqrt(12), 1e-12, "O-10.15 a free rod's two points rho = L/sqrt(12) apart")
  T.near_all(p.M, { { 4, 0, -2, 0 }, { 0, 4, 0, -2 }, { -2, 0, 2, 0 }, { 0, -2, 0, 2 } }, 1e-12,
    "a free body's M on its centre and gyration point: m [2I -I; -I I]")
end

do -- the constraint types of Sec. 10.3, each from its joint
  local types = {}
  for _, row in ipairs(example("slider_crank")(1.5):point_coords().rows) do types[#types + 1] = row.type end
  T.eq(table.concat(types, " "), "length length simple driver",
    "slider-crank: two lengths, the guide as a simple constraint (Eq. 10.24), the motor's row")
  types = {}
  for _, row in ipairs(example("inverted_slider_crank")():point_coords().rows) do types[#types + 1] = row.type end
  T.ok(table.concat(types, " "):find("parallel", 1, true) ~= nil,
    "inverted slider-crank: its slide is a parallel constraint (Ex 10.2): " .. table.concat(types, " "))
end

do -- O-10.4 by the formulation: the double A-arm settles where P-8.1 says,
  -- y2 = 0.32002, reached 1.3e-6
  local r = example("aa")():simulate{ formulation = "point", tf = 1, dt = 0.5, correct = true, tol = 1e-10 }
  T.near(r:body("wheel").y[#r.t], 0.32002, 2e-5, "P-8.1 the double A-arm in point coordinates settles at 0.32002 m")
end

do -- O-10.3: a four-bar with a coupler point P (measured positions, Ex 10.3)
  local O, Q, A, B, P = { 0, 0 }, { 2.00, 0.50 }, { -0.42, 0.91 }, { 2.00, 2.70 }, { 0.07, 2.27 }
  -- Each link has its mass centre at its first joint and its radius of
  -- gyration equal to its length, so the formulation's primary points
  -- are the book's joints O, A, B, Q and P is a secondary point of A, B.
  local function four_bar(driven)
    local m = mb.model{ name = "Ex 10.3 four-bar" }
    local function link(name, mass, from, to)
      local L = math.sqrt((to[1] - from[1]) ^ 2 + (to[2] - from[2]) ^ 2)
      m:body{ name = name, mass = mass, inertia = mass * L * L, pos = from,
        angle = math.atan(to[2] - from[2], to[1] - from[1]) }
      m:point{ name = name .. ".start", body = name }
      m:point{ name = name .. ".end", body = name, at = { L, 0 } }
    end
    link("crank", 1, O, A)
    link("coupler", 3, A, B)
    link("rocker", 2, Q, B)
    m:point{ name = "P", body = "coupler", at = { mb.points.along(A, B, P) } }
    m:point{ name = "O", body = "ground", at = O }
    m:point{ name = "Q", body = "ground", at = Q }
    m:joint{ name = "O", type = "revolute", points = { "crank.start", "O" } }
    m:joint{ name = "A", type = "revolute", points = { "coupler.start", "crank.end" } }
    m:joint{ name = "B", type = "revolute", points = { "coupler.end", "rocker.end" } }
    m:joint{ name = "Q", type = "revolute", points = { "rocker.start", "Q" } }
    if driven then
      m:joint{ name = "motor", type = "driver", joint = "O", fn = mb.fn.poly{ math.atan(A[2], A[1]), 1 } }
    end
    return m
  end
  local p = four_bar():point_coords()
  T.near_all(p.r, { A[1], A[2], B[1], B[2] }, 1e-12,
    "O-10.3 the formulation's moving points are the pins A and B; O and Q are stationary")
  local lengths = {}
  for k, row in ipairs(p.rows) do lengths[k] = row.type == "length" and row.value or 0 end
  -- reached 5.3e-5 and 6.6e-5 (the oracle's 4 decimals; the book rounds to 1.0, 3.0, 2.2)
  T.near_all(lengths, { 1.0023, 3.0100, 2.2 }, 7e-4, "O-10.3 its three rows: the lengths A-O, B-A, B-Q")
  local worst = 0
  for _, v in ipairs(p.phi) do worst = math.max(worst, math.abs(v)) end
  T.ok(worst < 1e-12, ("O-10.3 the points satisfy every joint and length row (%.2g)"):format(worst))
  -- reached 3.3e-5 (the oracle's 4 decimals)
  T.near_all({ mb.points.along({ p.r[1], p.r[2] }, { p.r[3], p.r[4] }, P, 3.0) }, { 1.2067, 0.8047 }, 4e-4,
    "O-10.3 alpha, beta of P on the formulation's A, B with L = 3.0")
  -- driven through a turn of the crank in point coordinates: P keeps
  -- those alpha, beta on the moving A, B and follows body coordinates'
  -- path (the oracle has no numbers for the motion)
  local kp = four_bar(true):kinematics{ tf = 1, dt = 0.05, formulation = "point" }
  local kb = four_bar(true):kinematics{ tf = 1, dt = 0.05 }
  local pa, pb, pp, bp = kp:path("coupler.start"), kp:path("coupler.end"), kp:path("P"), kb:path("P")
  local worst_ab, worst_path = 0, 0
  for i = 1, #kp.t do
    local alpha, beta = mb.points.along({ pa.x[i], pa.y[i] }, { pb.x[i], pb.y[i] }, { pp.x[i], pp.y[i] }, 3.0)
    worst_ab = math.max(worst_ab, math.abs(alpha - 1.2067), math.abs(beta - 0.8047))
    for _, f in ipairs { "x", "y", "vx", "vy" } do worst_path = math.max(worst_path, math.abs(pp[f][i] - bp[f][i])) end
  end
  T.ok(worst_ab < 4e-4, ("O-10.3 P keeps alpha, beta while the crank turns 1 rad (%.2g)"):format(worst_ab))
  T.ok(worst_path < 1e-10, ("O-10.3 P's path and speed in point coordinates match body coordinates (%.2g)"):format(worst_path))
  T.agree("O-10.3 four-bar swinging under gravity", four_bar(), "point")
end

---------------------------------------------------------------- a body's angle from its points
-- A turning body's angle is atan2 of its frame plus its whole turns, kept
-- from the angle it started at. A start may be anywhere up to 1e15 rad
-- (beyond 1.4e10 rad the turns no longer fit an int, which once reset
-- them to 0: the reported angle was off by the whole start).
for _, start in ipairs { 1e6, -3e11, 1e14 } do
  local m = mb.model{ name = "spinner" }
  m:body{ name = "b", mass = 2, inertia = 0.3, angle = start, omega = 5 }
  local rb = m:simulate{ tf = 1, dt = 0.1 }
  local rp = m:simulate{ tf = 1, dt = 0.1, formulation = "point" }
  local gap = 0
  for i = 1, #rb.t do gap = math.max(gap, math.abs(rb:body("b").angle[i] - rp:body("b").angle[i])) end
  -- both sum the turn onto the start, a rounding of 1e-16 of it
  T.ok(gap <= 1e-3 + 1e-15 * math.abs(start), ("a body spun from %g rad: its angle in point coordinates is body coordinates' (%.2g)"):format(start, gap))
end

-- The turns are counted where the frame crosses atan2's cut, from state to
-- state. An adaptive run's first trial steps at a hundredth of dt: at 1000
-- rad/s and dt = 0.5 s a trial turns 5 rad, its stages far apart, and is
-- refused; a count taken through those stages was a turn or two off for
-- the rest of the run (rkck, rk8pd). Counted from the last accepted step,
-- a refused trial leaves no trace.
for _, f in ipairs { "point", "point-recursive" } do
  for _, integrator in ipairs { "rkck", "rk8pd", "rk45" } do
    local m = mb.model{ name = "spinner" }
    m:body{ name = "b", mass = 2, inertia = 0.3, angle = 1, omega = 1000, vel = { 1, 2 } }
    local o = { tf = 2, dt = 0.5, integrator = integrator }
    local rb = m:simulate(o)
    o.formulation = f
    local rp = m:simulate(o)
    local gap = 0
    for i = 1, #rb.t do gap = math.max(gap, math.abs(rb:body("b").angle[i] - rp:body("b").angle[i])) end
    T.ok(gap < 1e-5, ("%s, %s: a body at 1000 rad/s keeps its turns through refused trial steps (%.2g)"):format(f, integrator, gap))
  end
end

-- Under the weights alone h is shared among the points once per run; an
-- event that sets a mass starts a new part of the run, whose h is the new
-- mass's (the run with the event moves b 0.14 m from the one without)
do
  local m = mb.model{ name = "double pendulum" }
  m:body{ name = "a", mass = 1, inertia = 0.1, pos = { 0.5, 0 } }
  m:body{ name = "b", mass = 1.5, inertia = 0.2, pos = { 1.5, 0 }, omega = 3 }
  m:point{ name = "O", body = "ground", at = { 0, 0 } }
  m:point{ name = "a0", body = "a", at = { -0.5, 0 } }
  m:point{ name = "a1", body = "a", at = { 0.5, 0 } }
  m:point{ name = "b0", body = "b", at = { -0.5, 0 } }
  m:joint{ name = "p1", type = "revolute", points = { "a0", "O" } }
  m:joint{ name = "p2", type = "revolute", points = { "b0", "a1" } }
  m:correct()
  local o = { tf = 1, dt = 0.01, tol = 1e-10, events = { { t = 0.3, set = "b", mass = 5, inertia = 0.5 } } }
  local rb = m:simulate(o)
  o.formulation = "point"
  local rp = m:simulate(o)
  local gap = 0
  for i = 1, #rb.t do gap = math.max(gap, math.abs(rb:body("b").y[i] - rp:body("b").y[i])) end
  T.ok(gap < 5e-9, ("a mass set by an event mid-run: point coordinates follow body coordinates (%.2g)"):format(gap))
end

T.finish()
