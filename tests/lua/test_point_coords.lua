-- The point-coordinate formulation (Ch. 10): its constant mass matrix, its
-- Jacobian against finite differences, agreement with body coordinates on
-- every example model, the remedies on the four-bar, kinematics, and the
-- Chapter 10 oracles, by hand through mb.points and through the
-- formulation itself.
local T = dofile(arg[0]:match("(.*/)") .. "harness.lua")
local here = arg[0]:match("(.*/)")
local function example(name) return loadfile(here .. "../../examples/" .. name .. ".lua")("model") end

---------------------------------------------------------------- the pieces
do
  local p = example("pendulum")():point_coords()
  local m, J = 2.0, 2.0 / 12
  local rho = math.sqrt(J / m)
  T.near_all(p.r, { 0.5, 0, 0.5 + rho, 0 }, 1e-12, "pendulum: P1 at the mass centre, P2 a radius of gyration along x")
  T.near_all(p.M, { { 2 * m, 0, -m, 0 }, { 0, 2 * m, 0, -m }, { -m, 0, m, 0 }, { 0, -m, 0, m } }, 1e-12,
    "the constant mass matrix m [2I -I; -I I]")
  T.eq(#p.phi, 3, "two rows for the pin, one for the body's own length")
  -- at rest the pin carries the weight: P1 falls at g with nothing else (the pin is at the rod's end)
  local e = example("pendulum")():evaluate()
  local cdd_phi = (p.acc[4] - p.acc[2]) / rho -- phi'' from the points, at angle 0
  T.near(cdd_phi, e.acc[3], 1e-9, "the angular acceleration the points give equals body coordinates'")
  T.near(p.acc[2], e.acc[2], 1e-9, "so does the mass centre's")
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
-- The same oracles, now from the formulation's own pieces (m:point_coords())
-- and runs. Its primary points are P1 at a body's mass centre and P2 a
-- radius of gyration rho along its x axis; any point at s along that axis
-- is r = (1 - s/rho) r1 + (s/rho) r2 (Eq. 10.28 with beta = 0), so the
-- mass matrix and the applied forces can be read on the book's points.
local function on_axis(rho, s1, s2) -- [r(s1); r(s2)] = T [r1; r2], per component
  return mb.mat{ { 1 - s1 / rho, s1 / rho }, { 1 - s2 / rho, s2 / rho } }
end
local function mass_on(p, body, rho, s1, s2) -- the same kinetic energy in the book's points' velocities
  local i, j = 4 * body - 3, 4 * body - 1 -- x of P1 and P2 (the y block is the same)
  local Ti = on_axis(rho, s1, s2):inv()
  return Ti:t() * mb.mat{ { p.M[i][i], p.M[i][j] }, { p.M[j][i], p.M[j][j] } } * Ti
end
local function forces_on(p, body, rho, s1, s2) -- the same virtual work on the book's points
  local k = 4 * body - 3
  local Tit = on_axis(rho, s1, s2):inv():t()
  return Tit * { p.h[k], p.h[k + 2] }, Tit * { p.h[k + 1], p.h[k + 3] }
end
local function one_link(m, J, points) -- a free body with points along its x axis
  local l = mb.model{ name = "link", gravity = { 0, 0 } }
  l:body{ name = "link", mass = m, inertia = J }
  for name, s in pairs(points) do l:point{ name = name, body = "link", at = { s, 0 } } end
  return l
end
local function pinned(l, point) -- the same link hanging from one of its points, under gravity
  l.gravity = { 0, -9.81 }
  l:point{ name = "pivot", body = "ground" }
  l:joint{ name = "pin", type = "revolute", points = { point, "pivot" } }
  l.bodies.link.angle = 0.7
  return l
end

do -- O-10.5, O-10.6: the uniform rod (examples/pendulum.lua, m = 2, L = 1)
  local M = mass_on(example("pendulum")():point_coords(), 1, math.sqrt(1 / 12), -0.5, 0.5)
  -- exact fractions, reached to round-off (3e-16)
  T.near_all(M, { { 2 * 2 / 6, 2 / 6 }, { 2 / 6, 2 * 2 / 6 } }, 1e-12,
    "O-10.6 the formulation's M read on the rod's ends: (m/6)[2 1; 1 2]")
  -- condensing m_i, m_j at the ends and m_o at the centre gives M = [m_i + m_o/4, m_o/4; ...]
  T.near_all({ M[1][1] - M[1][2], 4 * M[1][2] }, { 2 / 6, 2 * 2 / 3 }, 1e-12,
    "O-10.5 the three masses behind it: m/6 at each end, 2m/3 at the centre")
end

do -- O-10.7: the symmetric link, m = 2, J = 0.05, A and B 0.21 either side of the centre
  local l = one_link(2, 0.05, { A = 0.21, B = -0.21 })
  local M = mass_on(l:point_coords(), 1, math.sqrt(0.05 / 2), 0.21, -0.21)
  -- reached 4.7e-5 (the oracle's 4 decimals)
  T.near_all(M, { { 0.7834, 0.2166 }, { 0.2166, 0.7834 } }, 5e-4, "O-10.7 the formulation's M read on A and B")
  -- reached 6.6e-6 and 1.3e-5
  T.near_all({ M[1][1] - M[1][2], 4 * M[1][2] }, { 0.5669, 0.8662 }, 1.5e-4, "O-10.7 masses m_A = m_B and m_o behind it")
  T.agree("O-10.7 link hanging from A", pinned(l, "A"), "point")
end

do -- O-10.8: m = 2, J = 0.08, the centre B, A at -0.2 and C at +0.3 eliminated
  local l = one_link(2, 0.08, { A = -0.2, B = 0, C = 0.3 })
  local M = mass_on(l:point_coords(), 1, math.sqrt(0.08 / 2), -0.2, 0)
  T.near_all(M, { { 2, -2 }, { -2, 4 } }, 1e-12, "O-10.8 the formulation's M read on A and B: [2 -2; -2 4]")
  -- r_C = mu_j r_B - mu_i r_A with mu_i = 1.5, mu_j = 2.5 puts m_C mu_i^2,
  -- -m_C mu_i mu_j and m_C mu_j^2 on top of m_A and m_B: the masses behind M
  local mC = -M[1][2] / (1.5 * 2.5)
  -- reached 3.3e-5 (the oracle's 0.5333 and 0.6667)
  T.near_all({ M[1][1] - 1.5 ^ 2 * mC, M[2][2] - 2.5 ^ 2 * mC, mC }, { 0.8000, 0.6667, 0.5333 }, 4e-4,
    "O-10.8 masses at A, B and C behind it")
  T.agree("O-10.8 link hanging from C", pinned(l, "C"), "point")
end

do -- O-10.4: the double A-arm's lower arm (examples/aa.lua), Q at -0.24 and A at +0.18 from E
  local rho = math.sqrt(0.5 / 2)
  local p = example("aa")():point_coords()
  local hx, hy = forces_on(p, 1, rho, 0.18, -0.24)
  local fx, fy = hx[1] + hx[2], hy[1] + hy[2]
  -- the spring at E and the weight: reached 2.9e-5 (the oracle's 4 decimals)
  T.near_all({ hx[1] / fx, hx[2] / fx, hy[1] / fy, hy[2] / fy }, { 0.5714, 0.4286, 0.5714, 0.4286 }, 3e-4,
    "O-10.4 the formulation's h on the lower arm read on A and Q: shares 0.571 and 0.429")
  -- E is the arm's mass centre, so that force reaches P1 alone; move the
  -- centre 0.1 m towards A and push across the arm at E: now the
  -- formulation must turn the moment into a couple on P1 and P2 (Sec.
  -- 10.6), and the shares must not change. (A force along the arm has no
  -- unique share: the arm's length row takes any pair of equal and
  -- opposite pulls.)
  local arm = one_link(2, 0.5, { E = -0.1 })
  arm:force{ name = "push", type = "force", point = "E", value = { 0, -7 } }
  local _, across = forces_on(arm:point_coords(), 1, rho, 0.18 - 0.1, -0.24 - 0.1)
  T.near_all({ across[1] / -7, across[2] / -7 }, { 0.5714, 0.4286 }, 3e-4,
    "O-10.4 the shares again with the mass centre off E (a couple on the points)")
  -- the model of Ex 10.4 run in point coordinates settles where P-8.1 says:
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
  T.near_all(p.r, { O[1], O[2], A[1], A[2], A[1], A[2], B[1], B[2], Q[1], Q[2], B[1], B[2] }, 1e-12,
    "O-10.3 the formulation's primary points are O, A (crank), A, B (coupler), Q, B (rocker)")
  local function apart(k) return math.sqrt((p.r[k + 2] - p.r[k]) ^ 2 + (p.r[k + 3] - p.r[k + 1]) ^ 2) end
  -- reached 5.3e-5 and 6.6e-5 (the oracle's 4 decimals; the book rounds to 1.0, 3.0, 2.2)
  T.near_all({ apart(1), apart(5), apart(9) }, { 1.0023, 3.0100, 2.2 }, 7e-4,
    "O-10.3 the lengths A-O, B-A, B-Q between the formulation's points")
  local worst = 0
  for _, v in ipairs(p.phi) do worst = math.max(worst, math.abs(v)) end
  T.ok(worst < 1e-12, ("O-10.3 the points satisfy every joint and length row (%.2g)"):format(worst))
  -- reached 3.3e-5 (the oracle's 4 decimals)
  T.near_all({ mb.points.along({ p.r[5], p.r[6] }, { p.r[7], p.r[8] }, P, 3.0) }, { 1.2067, 0.8047 }, 4e-4,
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

T.finish()
