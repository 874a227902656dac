-- SPDX-License-Identifier: GPL-3.0-or-later
-- The problems of Chapter 7 (Sec. 7.6): constraints in body coordinates,
-- their Jacobians and gamma, and the equations of motion M c'' = h + D'lambda.
-- A derived Phi, D or gamma is asked as a Lua function of the coordinates
-- and checked at test states against the program's own (m:pieces of a model
-- holding that joint); verify writes the book's expanded forms by hand, or
-- differences. Numbers of the equations of motion come from m:pieces in body
-- coordinates and are checked against free-body diagrams (formulation =
-- "fbd") or by hand. Where the figure holds a dimension, ours is on the sheet.
local vec, mat = mb.vec, mb.mat
local g = 9.81

------------------------------------------------------------------ helpers

-- Two free bodies (1 and 2, gravity off unless asked) to hold a joint:
-- add(m) adds points, vectors and the joint; the pieces at the state y.
local function pair(add, gravity)
  local m = mb.model { name = "two bodies", gravity = { 0, gravity and -g or 0 } }
  m:body { name = "b1", mass = 1, inertia = 1, pos = { 0.3, 0.2 }, angle = 0.4 }
  m:body { name = "b2", mass = 1, inertia = 1, pos = { 1.1, -0.3 }, angle = -0.7 }
  add(m)
  return m
end

-- Phi, D and gamma of a model's constraints as functions of the state
local function pieces_at(m)
  local function at(q, qd)
    local y = {}
    for k = 1, #q do y[k], y[#q + k] = q[k], (qd or {})[k] or 0 end
    return m:pieces { formulation = "body", y = y }
  end
  return {
    phi = function(q) local p = at(q); local out = {} for i = 1, #p.phi do out[i] = p.phi[i] end return out end,
    D = function(q) return at(q).D:totable() end,
    gamma = function(q, qd) local p = at(q, qd); local out = {} for i = 1, #p.gamma do out[i] = p.gamma[i] end return out end,
  }
end

-- by hand: a body point and a body vector at the coordinates q (body k: q[3k-2..3k])
local function point(q, k, s)
  local c, si = math.cos(q[3 * k]), math.sin(q[3 * k])
  return { q[3 * k - 2] + c * s[1] - si * s[2], q[3 * k - 1] + si * s[1] + c * s[2] }
end
local function along(q, k, u)
  local c, si = math.cos(q[3 * k]), math.sin(q[3 * k])
  return { c * u[1] - si * u[2], si * u[1] + c * u[2] }
end
local dot, perp = vec.dot, vec.perp -- mb.vec's, on plain pairs

-- differences: the Jacobian of f(q) and gamma = -d2 f/dt2 along q + qd t
local function jacobian(f, q)
  local h, out = 1e-6, {}
  for k = 1, #q do
    local a, b = { table.unpack(q) }, { table.unpack(q) }
    a[k], b[k] = q[k] + h, q[k] - h
    local fa, fb = f(a), f(b)
    for i = 1, #fa do out[i] = out[i] or {}; out[i][k] = (fa[i] - fb[i]) / (2 * h) end
  end
  return out
end
local function gamma_fd(f, q, qd)
  local h = 1e-4
  local a, b = {}, {}
  for k = 1, #q do a[k], b[k] = q[k] + h * qd[k], q[k] - h * qd[k] end
  local fa, f0, fb = f(a), f(q), f(b)
  local out = {}
  for i = 1, #f0 do out[i] = -(fa[i] - 2 * f0[i] + fb[i]) / (h * h) end
  return out
end

-- A seed's change of a pose {x, y, angle in degrees}: x and y each within
-- dxy (written to `places` decimals), the angle by whole degrees within
-- ddeg. (A plain abs = 0.03 would move the angle by hundredths of a degree.)
local function pose_vary(dxy, ddeg, places)
  local scale = 10 ^ places
  local function near(x) return math.floor(x * scale + 0.5) / scale end
  return function(rand, v)
    local x, y = v[1] + (2 * rand() - 1) * dxy, v[2] + (2 * rand() - 1) * dxy
    return { near(x), near(y), v[3] + math.floor(rand() * (2 * ddeg + 1)) - ddeg }
  end
end

-- a function ask of q (6 coordinates: two bodies) or of q and qd
local function fn_ask(name, what, args)
  return { name = name, what = what, unit = "", kind = "function", args = args or { "q" }, size = 6, tol = 1e-5 }
end
local function fn_ask3(name, what, args)
  return { name = name, what = what, unit = "", kind = "function", args = args or { "q" }, size = 3, tol = 1e-5 }
end

-- the count of nonzero entries of a matrix, and their share in percent
local function nonzeros(D)
  local rows, cols = D:size()
  local n = 0
  for i = 1, rows do for j = 1, cols do if math.abs(D(i, j)) > 1e-12 then n = n + 1 end end end
  return rows, cols, 100 * n / (rows * cols)
end

-- accelerations and multipliers of a model at its start, in a formulation
local function solve(m, formulation)
  local p = m:pieces { formulation = formulation or "body" }
  local acc, h = {}, {}
  for i, a in ipairs(p.acc) do acc[i] = a end
  for i, x in ipairs(p.h) do h[i] = x end
  return acc, h, p
end

------------------------------------------------------------------ models for 7.17-7.27

-- A four-bar in a general position (no entry of its Jacobian zero by chance),
-- pins only: crank 0.1 about O, coupler 0.3, rocker 0.22 about Q = (0.2, 0).
local function four_bar()
  local m = mb.model { name = "four-bar", gravity = { 0, 0 } }
  local O, Q = { 0, 0 }, { 0.2, 0 }
  local A = vec.scale(0.1, vec.unit(0.9))
  local dx, dy = Q[1] - A[1], Q[2] - A[2]
  local dist = math.sqrt(dx * dx + dy * dy)
  local along_ = (0.3 ^ 2 - 0.22 ^ 2 + dist * dist) / (2 * dist)
  local hh = math.sqrt(0.3 ^ 2 - along_ ^ 2)
  local B = { A[1] + (along_ * dx - hh * dy) / dist, A[2] + (along_ * dy + hh * dx) / dist }
  local function bar(name, p, q)
    local half = vec.norm(vec.sub(q, p)) / 2
    m:body { name = name, mass = 1, inertia = 0.01, pos = vec.scale(0.5, vec.add(p, q)), angle = vec.angle(vec.sub(q, p)) }
    m:point { name = name .. "0", body = name, at = { -half, 0 } }
    m:point { name = name .. "1", body = name, at = { half, 0 } }
  end
  bar("crank", O, A); bar("coupler", A, B); bar("rocker", Q, B)
  m:point { name = "O", body = "ground", at = O }
  m:point { name = "Q", body = "ground", at = Q }
  m:joint { name = "pO", type = "revolute", points = { "crank0", "O" } }
  m:joint { name = "pA", type = "revolute", points = { "coupler0", "crank1" } }
  m:joint { name = "pB", type = "revolute", points = { "coupler1", "rocker1" } }
  m:joint { name = "pQ", type = "revolute", points = { "rocker0", "Q" } }
  return m
end

-- The slider-crank three ways (Problem 7.18): crank 0.12 about O at 0.9 rad,
-- rod 0.26, the slider's point at its mass centre on the x axis.
local function slider_crank(kind)
  local m = mb.model { name = "slider-crank (" .. kind .. ")", gravity = { 0, 0 } }
  local A = vec.scale(0.12, vec.unit(0.9))
  local B = { A[1] + math.sqrt(0.26 ^ 2 - A[2] ^ 2), 0 }
  m:body { name = "crank", mass = 1, inertia = 0.01, pos = vec.scale(0.5, A), angle = 0.9 }
  m:point { name = "crank.O", body = "crank", at = { -0.06, 0 } }
  m:point { name = "crank.A", body = "crank", at = { 0.06, 0 } }
  m:point { name = "O", body = "ground" }
  m:vector { name = "x", body = "ground", dir = { 1, 0 } }
  m:joint { name = "O", type = "revolute", points = { "crank.O", "O" } }
  if kind ~= "b" then
    m:body { name = "rod", mass = 1, inertia = 0.01, pos = vec.scale(0.5, vec.add(A, B)), angle = vec.angle(vec.sub(B, A)) }
    m:point { name = "rod.A", body = "rod", at = { -0.13, 0 } }
    m:point { name = "rod.B", body = "rod", at = { 0.13, 0 } }
    m:joint { name = "A", type = "revolute", points = { "rod.A", "crank.A" } }
  end
  if kind ~= "c" then
    m:body { name = "slider", mass = 1, inertia = 0.01, pos = B }
    m:point { name = "slider.B", body = "slider" }
    m:vector { name = "slider.x", body = "slider", dir = { 1, 0 } }
    m:joint { name = "guide", type = "translational", points = { "slider.B", "O" }, vectors = { "slider.x", "x" } }
  end
  if kind == "a" then m:joint { name = "B", type = "revolute", points = { "slider.B", "rod.B" } } end
  if kind == "b" then m:joint { name = "rod", type = "rev-rev", points = { "crank.A", "slider.B" }, length = 0.26 } end
  if kind == "c" then m:joint { name = "slot", type = "rev-tran", points = { "O", "rod.B" }, vectors = { "x" } } end
  return m
end

-- Two bodies with an element from A on body 1 to B on body 2 (7.19-7.20,
-- 7.25): c1, c2 = {x, y, angle in degrees}, c1d, c2d their velocities.
local function two_bodies(d, o)
  local m = mb.model { name = "two bodies", gravity = { 0, o.gravity and -g or 0 } }
  local v1, v2 = d.c1d or { 0, 0, 0 }, d.c2d or { 0, 0, 0 }
  m:body { name = "b1", mass = d.mJ[1], inertia = d.mJ[2], pos = { d.c1[1], d.c1[2] }, angle = math.rad(d.c1[3]),
    vel = { v1[1], v1[2] }, omega = v1[3] }
  m:body { name = "b2", mass = d.mJ[3], inertia = d.mJ[4], pos = { d.c2[1], d.c2[2] }, angle = math.rad(d.c2[3]),
    vel = { v2[1], v2[2] }, omega = v2[3] }
  m:point { name = "A", body = "b1", at = d.sA }
  m:point { name = "B", body = "b2", at = d.sB }
  m:force { name = "element", type = "spring-damper", points = { "A", "B" }, k = o.spring and d.k or 0,
    length = d.L0, c = o.damper and d.dc or 0, actuator = o.actuator and d.fa or 0 }
  return m
end

-- the same by hand (Eqs. 4.22-4.32): the element's force, h and c''
local function by_hand(d, o)
  local q = { d.c1[1], d.c1[2], math.rad(d.c1[3]), d.c2[1], d.c2[2], math.rad(d.c2[3]) }
  local v1, v2 = d.c1d or { 0, 0, 0 }, d.c2d or { 0, 0, 0 }
  local A, B = point(q, 1, d.sA), point(q, 2, d.sB)
  local sa, sb = along(q, 1, d.sA), along(q, 2, d.sB)
  local vA = { v1[1] - sa[2] * v1[3], v1[2] + sa[1] * v1[3] }
  local vB = { v2[1] - sb[2] * v2[3], v2[2] + sb[1] * v2[3] }
  local dd = { A[1] - B[1], A[2] - B[2] }
  local L = math.sqrt(dot(dd, dd))
  local u = { dd[1] / L, dd[2] / L }
  local f = (o.spring and d.k * (L - d.L0) or 0) + (o.damper and d.dc * dot(u, { vA[1] - vB[1], vA[2] - vB[2] }) or 0)
    + (o.actuator and d.fa or 0)
  local fA, fB = { -f * u[1], -f * u[2] }, { f * u[1], f * u[2] }
  local w1, w2 = o.gravity and d.mJ[1] * g or 0, o.gravity and d.mJ[3] * g or 0
  local h = { fA[1], fA[2] - w1, sa[1] * fA[2] - sa[2] * fA[1], fB[1], fB[2] - w2, sb[1] * fB[2] - sb[2] * fB[1] }
  local M = { d.mJ[1], d.mJ[1], d.mJ[2], d.mJ[3], d.mJ[3], d.mJ[4] }
  local acc = {}
  for i = 1, 6 do acc[i] = h[i] / M[i] end
  return { f = f, h = h, acc = acc }
end

-- Problem 7.25's data (angles in radians) in the form two_bodies takes
local function radians_725(d)
  local e = {}
  for k, v in pairs(d) do e[k] = v end
  e.c1 = { d.c1r[1], d.c1r[2], math.deg(d.c1r[3]) }
  e.c2 = { d.c2r[1], d.c2r[2], math.deg(d.c2r[3]) }
  return e
end

-- Problem 7.21: two rods and three elements
local function rod_ends(r) -- {x, y, angle in degrees, half}: its left and right ends
  local u = { math.cos(math.rad(r[3])), math.sin(math.rad(r[3])) }
  return { r[1] - r[4] * u[1], r[2] - r[4] * u[2] }, { r[1] + r[4] * u[1], r[2] + r[4] * u[2] }, u
end
local function rods_721(d)
  local m = mb.model { name = "two rods", gravity = { 0, 0 } }
  for k, r in ipairs(d.rods) do
    m:body { name = "rod" .. k, mass = d.mJ[2 * k - 1], inertia = d.mJ[2 * k], pos = { r[1], r[2] }, angle = math.rad(r[3]),
      omega = d.omega[k] }
    m:point { name = "rod" .. k .. ".left", body = "rod" .. k, at = { -r[4], 0 } }
    m:point { name = "rod" .. k .. ".right", body = "rod" .. k, at = { r[4], 0 } }
  end
  m:point { name = "g1", body = "ground", at = d.grounds[1] }
  m:point { name = "g3", body = "ground", at = d.grounds[2] }
  m:force { name = "e1", type = "spring-damper", points = { "rod1.left", "g1" }, k = d.e1[1], length = d.e1[2], c = d.e1[3] }
  m:force { name = "e2", type = "spring-damper", points = { "rod1.right", "rod2.left" }, k = d.e2[1], length = d.e2[2], c = d.e2[3] }
  m:force { name = "e3", type = "spring-damper", points = { "rod2.right", "g3" }, k = d.e3[1], length = d.e3[2], c = d.e3[3] }
  return m
end
local function rods_721_by_hand(d)
  local h = { 0, 0, 0, 0, 0, 0 }
  local ends, vel, centres = {}, {}, {}
  for k, r in ipairs(d.rods) do
    local l, rr = rod_ends(r)
    centres[k] = { r[1], r[2] }
    ends[k] = { l, rr }
    vel[k] = {}
    for e, p in ipairs { l, rr } do
      local s = { p[1] - r[1], p[2] - r[2] }
      vel[k][e] = { -s[2] * d.omega[k], s[1] * d.omega[k] }
    end
  end
  -- an element from P (body kp or ground) to Q (body kq or ground)
  local function element(e, kp, ep, P, kq, eq, Q)
    local vP = kp and vel[kp][ep] or { 0, 0 }
    local vQ = kq and vel[kq][eq] or { 0, 0 }
    local dd = { P[1] - Q[1], P[2] - Q[2] }
    local L = math.sqrt(dot(dd, dd))
    local u = { dd[1] / L, dd[2] / L }
    local f = e[1] * (L - e[2]) + e[3] * dot(u, { vP[1] - vQ[1], vP[2] - vQ[2] })
    for _, side in ipairs { { kp, P, -1 }, { kq, Q, 1 } } do
      local k, at, sign = side[1], side[2], side[3]
      if k then
        local F = { sign * f * u[1], sign * f * u[2] }
        local s = { at[1] - centres[k][1], at[2] - centres[k][2] }
        h[3 * k - 2], h[3 * k - 1] = h[3 * k - 2] + F[1], h[3 * k - 1] + F[2]
        h[3 * k] = h[3 * k] + s[1] * F[2] - s[2] * F[1]
      end
    end
  end
  element(d.e1, 1, 1, ends[1][1], nil, nil, d.grounds[1])
  element(d.e2, 1, 2, ends[1][2], 2, 1, ends[2][1])
  element(d.e3, 2, 2, ends[2][2], nil, nil, d.grounds[2])
  local M = { d.mJ[1], d.mJ[1], d.mJ[2], d.mJ[3], d.mJ[3], d.mJ[4] }
  local acc = {}
  for i = 1, 6 do acc[i] = h[i] / M[i] end
  return { h = h, acc = acc }
end

-- Problem 7.22: two bodies, a pin, a force on each
local function pinned_pair_722(d)
  local m = mb.model { name = "Problem 7.22", gravity = { 0, 0 } }
  m:body { name = "b1", mass = d.mJ[1], inertia = d.mJ[2], pos = { d.c1[1], d.c1[2] }, angle = math.rad(d.c1[3]),
    vel = { d.c1d[1], d.c1d[2] }, omega = d.c1d[3] }
  m:body { name = "b2", mass = d.mJ[3], inertia = d.mJ[4], pos = { d.c2[1], d.c2[2] }, angle = math.rad(d.c2[3]),
    vel = { d.c2d[1], d.c2d[2] }, omega = d.c2d[3] }
  m:point { name = "A1", body = "b1", at = d.sA1 }
  m:point { name = "A2", body = "b2", at = d.sA2 }
  m:point { name = "C1", body = "b1" }
  m:point { name = "C2", body = "b2" }
  m:joint { name = "pin", type = "revolute", points = { "A1", "A2" } }
  m:force { name = "f1", type = "force", point = "C1", value = { d.f[1], 0 } }
  m:force { name = "f2", type = "force", point = "C2", value = { 0, d.f[2] } }
  return m
end

-- Problem 7.23: a pendulum from a ground point
local function pendulum_723(d)
  local m = mb.model { name = "pendulum", gravity = { 0, -g } }
  m:body { name = "pendulum", mass = d.mJ[1], inertia = d.mJ[2], pos = { d.c[1], d.c[2] }, angle = math.rad(d.c[3]),
    vel = { d.cd[1], d.cd[2] }, omega = d.cd[3] }
  m:point { name = "pendulum.A", body = "pendulum", at = d.sA }
  m:point { name = "A", body = "ground", at = d.rA }
  m:joint { name = "pin", type = "revolute", points = { "pendulum.A", "A" } }
  return m
end

-- Problem 7.24: two rods pinned to the ground, a spring-damper-actuator
-- between their free ends; the model and the element's force
local function rods_724(d)
  local m = mb.model { name = "two pinned rods", gravity = { 0, -g } }
  local tips, vels = {}, {}
  for k = 1, 2 do
    local u = vec.unit(d.angles[k])
    local name = "rod" .. k
    m:body { name = name, mass = d.mJ[2 * k - 1], inertia = d.mJ[2 * k], pos = vec.add(d.pivots[k], vec.scale(d.L[k] / 2, u)),
      angle = d.angles[k], vel = vec.scale(d.omega[k] * d.L[k] / 2, vec.rot(u)), omega = d.omega[k] }
    m:point { name = name .. ".pivot", body = name, at = { -d.L[k] / 2, 0 } }
    m:point { name = name .. ".tip", body = name, at = { d.L[k] / 2, 0 } }
    m:point { name = "ground" .. k, body = "ground", at = d.pivots[k] }
    m:joint { name = "pin" .. k, type = "revolute", points = { name .. ".pivot", "ground" .. k } }
    tips[k] = vec.add(d.pivots[k], vec.scale(d.L[k], u))
    vels[k] = vec.scale(d.omega[k] * d.L[k], vec.rot(u))
  end
  m:force { name = "sda", type = "spring-damper", points = { "rod1.tip", "rod2.tip" }, k = d.sda[1], length = d.sda[2],
    c = d.sda[3], actuator = d.sda[4] }
  local dd = vec.sub(tips[1], tips[2])
  local f = d.sda[1] * (vec.norm(dd) - d.sda[2]) + d.sda[3] * vec.dot(vec.unit(dd), vec.sub(vels[1], vels[2])) + d.sda[4]
  return m, f
end

-- Problem 7.26: two rods pinned together, springs to the ground
local function rods_726(d, v2)
  local m = mb.model { name = "two rods on springs", gravity = { 0, -g } }
  local u1, u2 = vec.unit(d.angles[1]), vec.unit(d.angles[2])
  local r1 = { 0, 0 }
  local pin = vec.add(r1, vec.scale(d.half, u1))
  local r2 = vec.add(pin, vec.scale(d.half, u2))
  m:body { name = "rod1", mass = d.mJ[1], inertia = d.mJ[2], pos = r1, angle = d.angles[1], vel = { d.known[1], d.known[2] },
    omega = d.known[3] }
  m:body { name = "rod2", mass = d.mJ[1], inertia = d.mJ[2], pos = r2, angle = d.angles[2], vel = v2, omega = d.known[4] }
  m:point { name = "rod1.left", body = "rod1", at = { -d.half, 0 } }
  m:point { name = "rod1.right", body = "rod1", at = { d.half, 0 } }
  m:point { name = "rod2.left", body = "rod2", at = { -d.half, 0 } }
  m:point { name = "rod2.right", body = "rod2", at = { d.half, 0 } }
  m:point { name = "g1", body = "ground", at = d.grounds[1] }
  m:point { name = "g2", body = "ground", at = d.grounds[2] }
  m:joint { name = "pin", type = "revolute", points = { "rod1.right", "rod2.left" } }
  m:force { name = "spring1", type = "spring-damper", points = { "rod1.left", "g1" }, k = d.k[1], length = d.L0[1] }
  m:force { name = "spring2", type = "spring-damper", points = { "rod2.right", "g2" }, k = d.k[2], length = d.L0[2], c = d.dc }
  return m
end
local function rods_726_velocity(d)
  local p = rods_726(d, { 0, 0 }):pieces { formulation = "body" }
  local known = { d.known[1], d.known[2], d.known[3], 0, 0, d.known[4] }
  local rhs = {}
  for i = 1, 2 do
    rhs[i] = 0
    for k = 1, 6 do rhs[i] = rhs[i] - p.D(i, k) * known[k] end
  end
  return mat.solve({ { p.D(1, 4), p.D(1, 5) }, { p.D(2, 4), p.D(2, 5) } }, rhs)
end

-- Problem 7.27: Problem 6.3's systems, from its own builder
local function systems_63(d, kind) return require("mechbench.problem").find("6.3").model(d, kind) end

return {
  chapter = 7,
  title = "Body coordinates: constraints and equations of motion",
  problems = {
    ------------------------------------------------------------------ 7.1
    { number = "7.1",
      title = "The vector between points of two bodies",
      text = [[
A is on body 1, B on body 2 (the book prints s_2^B twice: the first is s_1^A). From the
bodies' coordinates, give the vector d from A to B and the unit vector along it.]],
      build = "r + A s' for each point (mb.vec), then their difference",
      data = {
        { name = "sA", value = { 0.8, -0.5 }, unit = "m", what = "A on body 1, local", vary = 0.3 },
        { name = "sB", value = { -0.3, 1.2 }, unit = "m", what = "B on body 2, local", vary = 0.3 },
        { name = "r1", value = { 2.0, 1.5 }, unit = "m", what = "body 1", vary = 0.2 },
        { name = "phi1", value = 30, unit = "deg", what = "", vary = { abs = 20, step = 1 } },
        { name = "r2", value = { 4.5, 2.3 }, unit = "m", what = "body 2", vary = 0.2 },
        { name = "phi2", value = 135, unit = "deg", what = "", vary = { abs = 20, step = 1 } },
      },
      asks = {
        { name = "d", what = "the vector from A to B", unit = "m" },
        { name = "u", what = "the unit vector along d", unit = "" },
      },
      answers = function(d)
        local dv = vec.sub(vec.add(d.r2, vec.rotate(d.phi2, d.sB)), vec.add(d.r1, vec.rotate(d.phi1, d.sA)))
        return { d = dv, u = vec.unit(dv) }
      end,
      verify = function(d)
        local q = { d.r1[1], d.r1[2], d.phi1, d.r2[1], d.r2[2], d.phi2 }
        local a, b = point(q, 1, d.sA), point(q, 2, d.sB)
        local dv = { b[1] - a[1], b[2] - a[2] }
        local len = math.sqrt(dot(dv, dv))
        return { d = dv, u = { dv[1] / len, dv[2] / len } }
      end,
      mistakes = {
        d = { { value = function(d)
            return vec.sub(vec.add(d.r1, vec.rotate(d.phi1, d.sA)), vec.add(d.r2, vec.rotate(d.phi2, d.sB)))
          end, say = "that points from B to A." } },
      },
      hints = {
        "r_A = r_1 + A_1 s'_A, r_B = r_2 + A_2 s'_B; d = r_B - r_A.",
        "`mb.vec.add(p.data.r1, mb.vec.rotate(p.data.phi1, p.data.sA))` is A.",
      } },

    ------------------------------------------------------------------ 7.2
    { number = "7.2",
      title = "How far two vector constraints are violated",
      text = [[
Vector a is fixed on body 1, b and c on body 2 (local components below). a and c are meant
to stay perpendicular, a and b parallel. With the bodies where they are, by how much is
each constraint violated (Phi = a'c and Phi = (a turned)'b)?]],
      build = "the two vectors in the global frame, then a dot and a cross product",
      data = {
        { name = "a", value = { 0.1, -0.4 }, unit = "", what = "a on body 1", vary = 0.3 },
        { name = "b", value = { -0.5, 0.2 }, unit = "", what = "b on body 2", vary = 0.3 },
        { name = "c", value = { -0.2, -0.4 }, unit = "", what = "c on body 2", vary = 0.3 },
        { name = "phi1", value = 30, unit = "deg", what = "body 1's angle", vary = { abs = 20, step = 1 } },
        { name = "phi2", value = 135, unit = "deg", what = "body 2's angle", vary = { abs = 20, step = 1 } },
      },
      asks = {
        { name = "perpendicular", what = "Phi = a'c", unit = "" },
        { name = "parallel", what = "Phi = (a turned)'b", unit = "" },
      },
      answers = function(d)
        local a, b, c = vec.rotate(d.phi1, d.a), vec.rotate(d.phi2, d.b), vec.rotate(d.phi2, d.c)
        return { perpendicular = vec.dot(a, c), parallel = vec.cross(a, b) }
      end,
      verify = function(d)
        local q = { 0, 0, d.phi1, 0, 0, d.phi2 }
        local a, b, c = along(q, 1, d.a), along(q, 2, d.b), along(q, 2, d.c)
        return { perpendicular = dot(a, c), parallel = dot(perp(a), b) }
      end,
      hints = {
        "Turn each vector into the global frame with its body's A first.",
        "Perpendicular: a'c = 0; parallel: (a turned)'b = 0. Their values now are the violations.",
      } },

    ------------------------------------------------------------------ 7.3
    { number = "7.3",
      title = "How far a revolute joint is violated",
      text = [[
A on body 1 and B on body 2 should coincide to form a revolute joint (the errata add
phi2 = 135 degrees). With the bodies where they are, what is the violation Phi = r_A - r_B?]],
      build = "a model of the two bodies with the pin: m:pieces{ formulation = \"body\" }.phi",
      data = {
        { name = "sA", value = { 1.5, 1.2 }, unit = "m", what = "A on body 1, local", vary = 0.3 },
        { name = "r1", value = { 2.0, 1.5 }, unit = "m", what = "body 1", vary = 0.2 },
        { name = "phi1", value = 30, unit = "deg", what = "", vary = { abs = 20, step = 1 } },
        { name = "r2", value = { 4.5, 2.3 }, unit = "m", what = "body 2", vary = 0.2 },
        { name = "phi2", value = 135, unit = "deg", what = "(from the errata)", vary = { abs = 20, step = 1 } },
        -- the book's {2.0, 0.6} is where A falls in body 2's frame, rounded to
        -- 0.1 m (1.973, 0.574): a joint nearly in place, as every seed's is
        { name = "sB", unit = "m", what = "B on body 2, local",
          derived = function(d)
            local rA = vec.add(d.r1, vec.rotate(d.phi1, d.sA))
            local s = vec.rotate(-d.phi2, vec.sub(rA, d.r2))
            return { math.floor(s[1] * 10 + 0.5) / 10, math.floor(s[2] * 10 + 0.5) / 10 }
          end },
      },
      valid = function(d)
        local rA = vec.add(d.r1, vec.rotate(d.phi1, d.sA))
        return vec.norm(vec.sub(rA, vec.add(d.r2, vec.rotate(d.phi2, d.sB)))) > 0.005
      end,
      asks = {
        { name = "phi", what = "r_A - r_B", unit = "m" },
      },
      answers = function(d)
        local m = pair(function(m)
          m:point { name = "A", body = "b1", at = d.sA }
          m:point { name = "B", body = "b2", at = d.sB }
          m:joint { name = "pin", type = "revolute", points = { "A", "B" } }
        end)
        return { phi = pieces_at(m).phi { d.r1[1], d.r1[2], d.phi1, d.r2[1], d.r2[2], d.phi2 } }
      end,
      verify = function(d)
        local q = { d.r1[1], d.r1[2], d.phi1, d.r2[1], d.r2[2], d.phi2 }
        local a, b = point(q, 1, d.sA), point(q, 2, d.sB)
        return { phi = { a[1] - b[1], a[2] - b[2] } }
      end,
      hints = {
        "Phi = r_1 + A_1 s'_A - r_2 - A_2 s'_B (Eq. 7.14).",
        "Both components are zero when the joint holds; whatever they are now is the violation.",
      } },
    ------------------------------------------------------------------ 7.4
    { number = "7.4",
      title = "Three joints' constraints and Jacobians, written out",
      text = [[
Expand, in the two bodies' coordinates q = {x1, y1, phi1, x2, y2, phi2}, the constraints
and the Jacobians of (a) a translational joint (Eqs. 7.19, 7.21), (b) a revolute-revolute
joint (Eqs. 7.27, 7.29, in the form (d'd - L^2)/(2L)), (c) a revolute-translational joint
(Eqs. 7.31, 7.33), with the points, vectors and lengths below (ours; body 1 is i). Give
each as a Lua function of q: they are checked against the program's own.]],
      build = "six Lua functions of q",
      data = {
        { name = "t_si", value = { 0.2, 0.1 }, unit = "m", what = "(a) P_i on body 1", ours = true, vary = 0.3 },
        { name = "t_sj", value = { -0.1, 0.3 }, unit = "m", what = "(a) P_j on body 2", ours = true, vary = 0.3 },
        { name = "t_ui", value = 20, unit = "deg", what = "(a) u_i's angle on body 1", ours = true, vary = { abs = 30, step = 1 } },
        { name = "t_uj", value = 50, unit = "deg", what = "(a) u_j's angle on body 2", ours = true, vary = { abs = 30, step = 1 } },
        { name = "r_si", value = { 0.25, 0 }, unit = "m", what = "(b) the link's end on body 1", ours = true, vary = 0.3 },
        { name = "r_sj", value = { -0.2, 0.1 }, unit = "m", what = "(b) its end on body 2", ours = true, vary = 0.3 },
        { name = "r_L", value = 0.5, unit = "m", what = "(b) the link's length", ours = true, vary = 0.3 },
        { name = "s_si", value = { 0.1, 0 }, unit = "m", what = "(c) a point of the slot on body 1", ours = true, vary = 0.3 },
        { name = "s_ui", value = 0, unit = "deg", what = "(c) the slot's angle on body 1", ours = true, vary = { abs = 40, step = 1 } },
        { name = "s_sj", value = { 0, 0.2 }, unit = "m", what = "(c) the pin on body 2", ours = true, vary = 0.3 },
      },
      asks = {
        fn_ask("trans_phi", "(a) function(q): the two constraints"),
        fn_ask("trans_D", "(a) function(q): the 2 x 6 Jacobian"),
        fn_ask("rr_phi", "(b) function(q): the constraint, (d'd - L^2)/(2L)"),
        fn_ask("rr_D", "(b) function(q): the 1 x 6 Jacobian, as one row {{...}}"),
        fn_ask("rt_phi", "(c) function(q): the constraint, (u_i turned)'d"),
        fn_ask("rt_D", "(c) function(q): the 1 x 6 Jacobian, as one row {{...}}"),
      },
      answers = function(d)
        local t = pieces_at(pair(function(m)
          m:point { name = "Pi", body = "b1", at = d.t_si }
          m:point { name = "Pj", body = "b2", at = d.t_sj }
          m:vector { name = "ui", body = "b1", dir = vec.unit(d.t_ui) }
          m:vector { name = "uj", body = "b2", dir = vec.unit(d.t_uj) }
          m:joint { name = "t", type = "translational", points = { "Pi", "Pj" }, vectors = { "ui", "uj" } }
        end))
        local r = pieces_at(pair(function(m)
          m:point { name = "Pi", body = "b1", at = d.r_si }
          m:point { name = "Pj", body = "b2", at = d.r_sj }
          m:joint { name = "rr", type = "rev-rev", points = { "Pi", "Pj" }, length = d.r_L }
        end))
        local s = pieces_at(pair(function(m)
          m:point { name = "Pi", body = "b1", at = d.s_si }
          m:point { name = "Pj", body = "b2", at = d.s_sj }
          m:vector { name = "ui", body = "b1", dir = vec.unit(d.s_ui) }
          m:joint { name = "rt", type = "rev-tran", points = { "Pi", "Pj" }, vectors = { "ui" } }
        end))
        return { trans_phi = t.phi, trans_D = t.D, rr_phi = r.phi, rr_D = r.D, rt_phi = s.phi, rt_D = s.D }
      end,
      verify = function(d)
        local function trans(q)
          local dd = vec.sub(point(q, 1, d.t_si), point(q, 2, d.t_sj))
          local nj = perp(along(q, 2, vec.unit(d.t_uj)))
          return { dot(nj, dd), dot(nj, along(q, 1, vec.unit(d.t_ui))) }
        end
        local function rr(q)
          local dd = vec.sub(point(q, 1, d.r_si), point(q, 2, d.r_sj))
          return { (dot(dd, dd) - d.r_L ^ 2) / (2 * d.r_L) }
        end
        local function rt(q)
          local dd = vec.sub(point(q, 2, d.s_sj), point(q, 1, d.s_si))
          return { dot(perp(along(q, 1, vec.unit(d.s_ui))), vec.scale(-1, dd)) }
        end
        return { trans_phi = trans, trans_D = function(q) return jacobian(trans, q) end, rr_phi = rr,
          rr_D = function(q) return jacobian(rr, q) end, rt_phi = rt, rt_D = function(q) return jacobian(rt, q) end }
      end,
      hints = {
        "d = r_1 + A_1 s'_i - r_2 - A_2 s'_j; each constraint is a dot product of global vectors built from q.",
        "Differentiate: d/dphi of A s' is (A s') turned; d/dphi_2 of u_j turned is -u_j.",
        "Write each as `function(q) local x1, y1, p1, x2, y2, p2 = table.unpack(q) ... end`.",
      } },

    ------------------------------------------------------------------ 7.5
    { number = "7.5",
      title = "Joints to the ground, simplified",
      text = [[
Simplify the constraints, the Jacobians and gamma for four joints between a body and the
ground, in its coordinates q = {x, y, phi}: (a) a revolute joint at the ground point O;
(b) a translational joint along the ground's line through O with direction u0; (c) a
revolute-revolute link of length L to O; (d) a pin fixed on the ground at O, in a slot of
the body along u (through the body's point P). Data are ours. Give each as a Lua function
of q (gamma: of q and qd).]],
      build = "twelve Lua functions (three per joint)",
      data = {
        { name = "sP", value = { 0.3, 0.1 }, unit = "m", what = "P on the body", ours = true, vary = 0.3 },
        { name = "O", value = { 0.5, -0.2 }, unit = "m", what = "the ground point", ours = true, vary = 0.3 },
        { name = "u", value = 10, unit = "deg", what = "the body's vector (b, d)", ours = true, vary = { abs = 30, step = 1 } },
        { name = "u0", value = 30, unit = "deg", what = "the ground's vector (b)", ours = true, vary = { abs = 30, step = 1 } },
        { name = "L", value = 0.6, unit = "m", what = "the link's length (c)", ours = true, vary = 0.3 },
      },
      asks = {
        fn_ask3("rev_phi", "(a) function(q): Phi"), fn_ask3("rev_D", "(a) function(q): D, 2 x 3"),
        fn_ask3("rev_gamma", "(a) function(q, qd): gamma", { "q", "qd" }),
        fn_ask3("trans_phi", "(b) function(q): Phi"), fn_ask3("trans_D", "(b) function(q): D, 2 x 3"),
        fn_ask3("trans_gamma", "(b) function(q, qd): gamma", { "q", "qd" }),
        fn_ask3("rr_phi", "(c) function(q): Phi = (d'd - L^2)/(2L)"), fn_ask3("rr_D", "(c) function(q): D, {{...}}"),
        fn_ask3("rr_gamma", "(c) function(q, qd): gamma", { "q", "qd" }),
        fn_ask3("rt_phi", "(d) function(q): Phi = (u turned)'(r_P - O)"), fn_ask3("rt_D", "(d) function(q): D, {{...}}"),
        fn_ask3("rt_gamma", "(d) function(q, qd): gamma", { "q", "qd" }),
      },
      answers = function(d)
        local function one(add)
          local m = mb.model { name = "one body", gravity = { 0, 0 } }
          m:body { name = "b", mass = 1, inertia = 1, pos = { 0.1, 0.1 } }
          m:point { name = "P", body = "b", at = d.sP }
          m:point { name = "O", body = "ground", at = d.O }
          m:vector { name = "u", body = "b", dir = vec.unit(d.u) }
          m:vector { name = "u0", body = "ground", dir = vec.unit(d.u0) }
          add(m)
          return pieces_at(m)
        end
        local a = one(function(m) m:joint { name = "j", type = "revolute", points = { "P", "O" } } end)
        local b = one(function(m) m:joint { name = "j", type = "translational", points = { "P", "O" }, vectors = { "u", "u0" } } end)
        local c = one(function(m) m:joint { name = "j", type = "rev-rev", points = { "P", "O" }, length = d.L } end)
        local e = one(function(m) m:joint { name = "j", type = "rev-tran", points = { "P", "O" }, vectors = { "u" } } end)
        return { rev_phi = a.phi, rev_D = a.D, rev_gamma = a.gamma, trans_phi = b.phi, trans_D = b.D, trans_gamma = b.gamma,
          rr_phi = c.phi, rr_D = c.D, rr_gamma = c.gamma, rt_phi = e.phi, rt_D = e.D, rt_gamma = e.gamma }
      end,
      verify = function(d)
        local function P(q) return point(q, 1, d.sP) end
        local function rev(q) local p = P(q); return { p[1] - d.O[1], p[2] - d.O[2] } end
        local function trans(q)
          local n0 = perp(vec.unit(d.u0))
          return { dot(n0, vec.sub(P(q), d.O)), dot(n0, along(q, 1, vec.unit(d.u))) }
        end
        local function rr(q) local dd = vec.sub(P(q), d.O); return { (dot(dd, dd) - d.L ^ 2) / (2 * d.L) } end
        local function rt(q) return { dot(perp(along(q, 1, vec.unit(d.u))), vec.sub(P(q), d.O)) } end
        local out = {}
        for name, f in pairs { rev = rev, trans = trans, rr = rr, rt = rt } do
          out[name .. "_phi"] = f
          out[name .. "_D"] = function(q) return jacobian(f, q) end
          out[name .. "_gamma"] = function(q, qd) return gamma_fd(f, q, qd) end
        end
        return out
      end,
      hints = {
        "With the ground as body j, its coordinates are constants: every term of body j drops out of D and gamma.",
        "gamma = -(dD/dt) q': for a pin, A s' phi'^2; check each one by differentiating Phi twice along q + q' t.",
      } },

    ------------------------------------------------------------------ 7.6
    { number = "7.6",
      title = "Keeping a point's x or y constant",
      text = [[
Point P of a body has local coordinates s'P. In expanded form, derive the constraint, the
Jacobian and gamma that keep (a) its x coordinate at c1, (b) its y coordinate at c2. Give
them as Lua functions of q = {x, y, phi} (gamma of q and qd).]],
      build = "six Lua functions",
      data = {
        { name = "sP", value = { 0.4, -0.15 }, unit = "m", what = "P on the body", ours = true, vary = 0.3 },
        { name = "c1", value = 0.7, unit = "m", what = "x's value", ours = true, vary = 0.3 },
        { name = "c2", value = -0.2, unit = "m", what = "y's value", ours = true, vary = 0.3 },
      },
      asks = {
        fn_ask3("x_phi", "(a) function(q): x + xi cos phi - eta sin phi - c1, as a list {Phi}"),
        fn_ask3("x_D", "(a) function(q): D, {{...}}"),
        fn_ask3("x_gamma", "(a) function(q, qd): gamma, a list", { "q", "qd" }),
        fn_ask3("y_phi", "(b) function(q): y + xi sin phi + eta cos phi - c2, as a list"),
        fn_ask3("y_D", "(b) function(q): D, {{...}}"),
        fn_ask3("y_gamma", "(b) function(q, qd): gamma, a list", { "q", "qd" }),
      },
      answers = function(d)
        local xi, eta = d.sP[1], d.sP[2]
        return {
          x_phi = function(q) return { q[1] + vec.rotate(q[3], d.sP)[1] - d.c1 } end,
          x_D = function(q) return { { 1, 0, vec.rot(vec.rotate(q[3], d.sP))[1] } } end,
          x_gamma = function(q, qd) return { vec.rotate(q[3], d.sP)[1] * qd[3] ^ 2 } end,
          y_phi = function(q) return { q[2] + vec.rotate(q[3], d.sP)[2] - d.c2 } end,
          y_D = function(q) return { { 0, 1, vec.rot(vec.rotate(q[3], d.sP))[2] } } end,
          y_gamma = function(q, qd) return { vec.rotate(q[3], d.sP)[2] * qd[3] ^ 2 } end,
        }
      end,
      verify = function(d)
        local xi, eta = d.sP[1], d.sP[2]
        local fx = function(q) return { q[1] + xi * math.cos(q[3]) - eta * math.sin(q[3]) - d.c1 } end
        local fy = function(q) return { q[2] + xi * math.sin(q[3]) + eta * math.cos(q[3]) - d.c2 } end
        return { x_phi = fx, x_D = function(q) return jacobian(fx, q) end, x_gamma = function(q, qd) return gamma_fd(fx, q, qd) end,
          y_phi = fy, y_D = function(q) return jacobian(fy, q) end, y_gamma = function(q, qd) return gamma_fd(fy, q, qd) end }
      end,
      hints = {
        "x_P = x + xi cos(phi) - eta sin(phi); differentiate it with respect to x, y and phi.",
        "gamma = -(d/dt of D) q' = (xi cos phi - eta sin phi) phi'^2 for (a).",
      } },

    ------------------------------------------------------------------ 7.7
    { number = "7.7",
      title = "Two axes kept perpendicular",
      text = [[
An axis of body i has the unit vector u_i (local components below); an axis of body j
passes through its points B and C. Keep the two perpendicular: write the constraint, the
velocity constraint and the Jacobian in the coordinates q = {x_i, y_i, phi_i, x_j, y_j,
phi_j}, as Lua functions (the velocity constraint's left side of q and qd).]],
      build = "three Lua functions with mb.vec",
      data = {
        { name = "ui", value = { 0.6, -0.8 }, unit = "", what = "u_i, local",
          vary = function(rand) local t = -0.927 + (rand() - 0.5) * 0.8; return { math.floor(math.cos(t) * 1e4 + 0.5) / 1e4,
            math.floor(math.sin(t) * 1e4 + 0.5) / 1e4 } end },
        { name = "sB", value = { 0.5, 0.4 }, unit = "m", what = "B on body j", vary = 0.3 },
        { name = "sC", value = { 1.3, -0.2 }, unit = "m", what = "C on body j", vary = 0.3 },
      },
      asks = {
        fn_ask("phi", "function(q): Phi = (A_i u_i)'(A_j (s_C - s_B)), a list"),
        fn_ask("phid", "function(q, qd): Phi' = D q', a list", { "q", "qd" }),
        fn_ask("D", "function(q): the 1 x 6 Jacobian, {{...}}"),
      },
      answers = function(d)
        local v = vec.sub(d.sC, d.sB)
        local function parts(q) return vec.rotate(q[3], d.ui), vec.rotate(q[6], v) end
        return {
          phi = function(q) local a, b = parts(q); return { vec.dot(a, b) } end,
          D = function(q) local a, b = parts(q); return { { 0, 0, vec.dot(vec.rot(a), b), 0, 0, vec.dot(a, vec.rot(b)) } } end,
          phid = function(q, qd) local a, b = parts(q); return { vec.dot(vec.rot(a), b) * qd[3] + vec.dot(a, vec.rot(b)) * qd[6] } end,
        }
      end,
      verify = function(d)
        local v = { d.sC[1] - d.sB[1], d.sC[2] - d.sB[2] }
        local f = function(q) return { dot(along(q, 1, d.ui), along(q, 2, v)) } end
        return { phi = f, D = function(q) return jacobian(f, q) end,
          phid = function(q, qd) local J = jacobian(f, q); local s = 0 for k = 1, 6 do s = s + J[1][k] * qd[k] end return { s } end }
      end,
      hints = {
        "Only the angles move the two vectors: four of the six Jacobian entries are zero.",
        "d/dphi_i of A_i u_i is (A_i u_i) turned.",
      } },

    ------------------------------------------------------------------ 7.8
    { number = "7.8",
      title = "Jacobians of s1's2 and of s1'd",
      text = [[
Vectors s1 and s2 are fixed on bodies 1 and 2, and c = {x1, y1, phi1, x2, y2, phi2}. (a)
Evaluate the Jacobian of Phi = s1's2 at the angles below; (b) that of Phi = s1'd, d = r1 - r2
joining the origins, at the coordinates below.]],
      build = "the partial derivatives, evaluated with mb.vec",
      data = {
        { name = "s1", value = { 1.2, -0.5 }, unit = "m", what = "on body 1, local", vary = 0.3 },
        { name = "s2", value = { -0.3, 0.8 }, unit = "m", what = "on body 2, local", vary = 0.3 },
        { name = "r1", value = { 6.2, 1 }, unit = "m", what = "x1, y1", vary = 0.3 },
        { name = "phi1", value = 30, unit = "deg", what = "", vary = { abs = 20, step = 1 } },
        { name = "r2", value = { -1.9, 2.3 }, unit = "m", what = "x2, y2", vary = 0.3 },
        { name = "phi2", value = 45, unit = "deg", what = "", vary = { abs = 20, step = 1 } },
      },
      asks = {
        { name = "D_a", what = "(a) d(s1's2)/dc, a list of six", unit = "" },
        { name = "D_b", what = "(b) d(s1'd)/dc, a list of six", unit = "" },
      },
      answers = function(d)
        local a, b = vec.rotate(d.phi1, d.s1), vec.rotate(d.phi2, d.s2)
        local dd = vec.sub(d.r1, d.r2)
        return { D_a = { 0, 0, vec.dot(vec.rot(a), b), 0, 0, vec.dot(a, vec.rot(b)) },
          D_b = { a[1], a[2], vec.dot(vec.rot(a), dd), -a[1], -a[2], 0 } }
      end,
      verify = function(d)
        local q = { d.r1[1], d.r1[2], d.phi1, d.r2[1], d.r2[2], d.phi2 }
        local fa = function(c) return { dot(along(c, 1, d.s1), along(c, 2, d.s2)) } end
        local fb = function(c) return { dot(along(c, 1, d.s1), { c[1] - c[4], c[2] - c[5] }) } end
        return { D_a = jacobian(fa, q)[1], D_b = jacobian(fb, q)[1] }
      end,
      hints = {
        "d(A s')/dphi = (A s') turned; d = r1 - r2 depends on the x's and y's with signs + and -.",
        "(a) has only the two angle entries; (b) has s1's components against x1, y1 and their negatives against x2, y2.",
      } },

    ------------------------------------------------------------------ 7.9
    { number = "7.9",
      title = "A four-bar's two pins: violated or not?",
      text = [[
Bodies 1, 2 and 3 of a four-bar are where c1, c2, c3 put them (angles in degrees). Pin A
joins bodies 1 and 2, pin B bodies 2 and 3, at the local points below. Evaluate both pins'
constraints: are they violated?]],
      build = "a model of the three bodies and the two pins: m:pieces{ formulation = \"body\" }.phi",
      data = {
        -- varied a little: the book's bodies are a few centimetres off the pins,
        -- and a seed's stay near that (abs = 0.2 on all made them 0.3-0.5 m off,
        -- and moved the angles by 0.2 degree)
        { name = "s1A", value = { 0, 1.5 }, unit = "m", what = "A on body 1", vary = { abs = 0.05 } },
        { name = "s2A", value = { -2.2, 0 }, unit = "m", what = "A on body 2", vary = { abs = 0.05 } },
        { name = "s2B", value = { 2.2, 0 }, unit = "m", what = "B on body 2", vary = { abs = 0.05 } },
        { name = "s3B", value = { 2.0, 0 }, unit = "m", what = "B on body 3", vary = { abs = 0.05 } },
        { name = "c1", value = { -2.0, 2.5, -12 }, unit = "m, m, deg", what = "body 1", vary = pose_vary(0.03, 1, 2) },
        { name = "c2", value = { 0.5, 3.6, -8 }, unit = "m, m, deg", what = "body 2", vary = pose_vary(0.03, 1, 2) },
        { name = "c3", value = { 1.6, 1.7, 56 }, unit = "m, m, deg", what = "body 3", vary = pose_vary(0.03, 1, 2) },
      },
      asks = {
        { name = "phi_A", what = "pin A's constraint, r_1A - r_2A", unit = "m" },
        { name = "phi_B", what = "pin B's constraint, r_2B - r_3B", unit = "m" },
        { name = "violated", what = "are they violated (off by more than 1 mm)? true or false", unit = "", kind = "choice",
          choices = { true, false } },
      },
      answers = function(d)
        local m = mb.model { name = "Problem 7.9", gravity = { 0, 0 } }
        for k = 1, 3 do m:body { name = "b" .. k, mass = 1, inertia = 1 } end
        m:point { name = "1A", body = "b1", at = d.s1A }
        m:point { name = "2A", body = "b2", at = d.s2A }
        m:point { name = "2B", body = "b2", at = d.s2B }
        m:point { name = "3B", body = "b3", at = d.s3B }
        m:joint { name = "A", type = "revolute", points = { "1A", "2A" } }
        m:joint { name = "B", type = "revolute", points = { "2B", "3B" } }
        local q = {}
        for k, c in ipairs { d.c1, d.c2, d.c3 } do q[3 * k - 2], q[3 * k - 1], q[3 * k] = c[1], c[2], math.rad(c[3]) end
        local phi = pieces_at(m).phi(q)
        local worst = math.max(math.abs(phi[1]), math.abs(phi[2]), math.abs(phi[3]), math.abs(phi[4]))
        return { phi_A = { phi[1], phi[2] }, phi_B = { phi[3], phi[4] }, violated = worst > 1e-3 }
      end,
      verify = function(d)
        local q = {}
        for k, c in ipairs { d.c1, d.c2, d.c3 } do q[3 * k - 2], q[3 * k - 1], q[3 * k] = c[1], c[2], math.rad(c[3]) end
        local a1, a2, b2, b3 = point(q, 1, d.s1A), point(q, 2, d.s2A), point(q, 2, d.s2B), point(q, 3, d.s3B)
        local A, B = { a1[1] - a2[1], a1[2] - a2[2] }, { b2[1] - b3[1], b2[2] - b3[2] }
        return { phi_A = A, phi_B = B, violated = math.max(math.abs(A[1]), math.abs(A[2]), math.abs(B[1]), math.abs(B[2])) > 1e-3 }
      end,
      hints = {
        "Each pin: r_i + A_i s'_i - r_j - A_j s'_j; the angles of c are in degrees.",
        "A few centimetres off is violated: the bodies' coordinates do not assemble the linkage.",
      } },
    ------------------------------------------------------------------ 7.10
    { number = "7.10",
      title = "Contact between a circle, a point and a line",
      text = [[
Bodies i and j move freely in the plane. Write the constraint that keeps them in contact
(a line on a body is a point on it and a unit normal, both local): (a) a circle of radius
R on body i touching a line of body j, free to roll or slide, as the signed distance of
the circle's centre from the line less R; (b) a point P of body i on a circle of radius R
of body j, as the distance from the centre less R; (c) a point P of i on a line of j, as
the signed distance. Give each as a Lua function of q = {x_i, y_i, phi_i, x_j, y_j,
phi_j}; the data are ours.]],
      build = "three Lua functions with mb.vec",
      data = {
        { name = "sC_i", value = { 0.1, 0.05 }, unit = "m", what = "(a) the circle's centre on i", ours = true, vary = 0.3 },
        { name = "R", value = 0.15, unit = "m", what = "the radius (a, b)", ours = true, vary = 0.3 },
        { name = "sQ_j", value = { -0.2, 0.1 }, unit = "m", what = "(a, c) a point of the line on j", ours = true, vary = 0.3 },
        { name = "n_j", value = 100, unit = "deg", what = "(a, c) the line's normal's angle on j", ours = true,
          vary = { abs = 30, step = 1 } },
        { name = "sP_i", value = { 0.3, -0.1 }, unit = "m", what = "(b, c) the point P on i", ours = true, vary = 0.3 },
        { name = "sO_j", value = { 0.05, 0.2 }, unit = "m", what = "(b) the circle's centre on j", ours = true, vary = 0.3 },
      },
      asks = {
        fn_ask("circle_line", "(a) function(q): {n'(r_C - r_Q) - R}"),
        fn_ask("point_circle", "(b) function(q): {|r_P - r_O| - R}"),
        fn_ask("point_line", "(c) function(q): {n'(r_P - r_Q)}"),
      },
      answers = function(d)
        local function at(q, k, s) return vec.add({ q[3 * k - 2], q[3 * k - 1] }, vec.rotate(q[3 * k], s)) end
        local function normal(q) return vec.rotate(q[6], vec.unit(d.n_j)) end
        return {
          circle_line = function(q) return { vec.dot(normal(q), vec.sub(at(q, 1, d.sC_i), at(q, 2, d.sQ_j))) - d.R } end,
          point_circle = function(q) return { vec.norm(vec.sub(at(q, 1, d.sP_i), at(q, 2, d.sO_j))) - d.R } end,
          point_line = function(q) return { vec.dot(normal(q), vec.sub(at(q, 1, d.sP_i), at(q, 2, d.sQ_j))) } end,
        }
      end,
      verify = function(d)
        local nl = { math.cos(d.n_j), math.sin(d.n_j) }
        return {
          circle_line = function(q) local c, p = point(q, 1, d.sC_i), point(q, 2, d.sQ_j); return { dot(along(q, 2, nl), { c[1] - p[1], c[2] - p[2] }) - d.R } end,
          point_circle = function(q) local p, o = point(q, 1, d.sP_i), point(q, 2, d.sO_j); return { math.sqrt((p[1] - o[1]) ^ 2 + (p[2] - o[2]) ^ 2) - d.R } end,
          point_line = function(q) local p, o = point(q, 1, d.sP_i), point(q, 2, d.sQ_j); return { dot(along(q, 2, nl), { p[1] - o[1], p[2] - o[2] }) } end,
        }
      end,
      hints = {
        "A signed distance from a line: the normal's dot product with any vector from the line's point.",
        "Turn the local normal and points with each body's A first.",
      } },

    ------------------------------------------------------------------ 7.11
    { number = "7.11",
      title = "The fewest bodies and constraints for a mechanism",
      text = [[
For the mechanism of the book's figure, find the minimum numbers of bodies, coordinates and
constraint equations for kinematic analysis in body coordinates (a driver counted), (a)
with revolute and translational joints only, (b) with revolute-revolute and
revolute-translational joints too. Check your counting on our mechanism: the six-bar
quick-return of Sec. 5.3.3 (the example quick_return: crank, block, link 3, link 5,
slider).]],
      build = "counts by hand; the example's model checks (a)",
      data = {},
      asks = {
        { name = "a", what = "(a) {bodies, coordinates, constraints}", unit = "", tol = 0 },
        { name = "b", what = "(b) {bodies, coordinates, constraints}", unit = "", tol = 0 },
      },
      answers = function()
        local m = mb.example("quick_return")
        local p = m:pieces { formulation = "body" }
        local bodies, rows = #p.q / 3, #p.phi
        -- (b): the block and its two joints (a pin, a slide: 4 rows) become one rev-tran row;
        -- link 5 and its two pins (4 rows) become one rev-rev row
        local b_bodies, b_rows = bodies - 2, rows - 4 + 1 - 4 + 1
        return { a = { bodies, 3 * bodies, rows }, b = { b_bodies, 3 * b_bodies, b_rows } }
      end,
      verify = function()
        -- pins O, A, Q, B, C (2 each), the block's slide and the slider's guide (2 each), the motor (1)
        local a_rows = 5 * 2 + 2 * 2 + 1
        -- pins O, Q (2 each), the crank's pin in link 3's slot (1), link 5 as a rod (1), the guide (2), the motor (1)
        local b_rows = 2 * 2 + 1 + 1 + 2 + 1
        return { a = { 5, 15, a_rows }, b = { 3, 9, b_rows } }
      end,
      written = [[
Count each body's three coordinates and each joint's rows: a pin or a slider 2, a
revolute-revolute link or a pin in a slot 1, a driver 1. For kinematics the rows equal the
coordinates. A massless binary link between two pins can be replaced by a
revolute-revolute joint, and a block that only carries a pin along a slot by a
revolute-translational one: each saves a body and three rows.]],
      hints = {
        "3 coordinates per body; for kinematic analysis the constraints (drivers included) equal the coordinates.",
        "A link with a pin at each end and nothing else on it is a revolute-revolute joint; a block in a slot carrying a pin is a revolute-translational joint.",
      } },

    ------------------------------------------------------------------ 7.12
    { number = "7.12",
      title = "A translational joint whose d passes through zero",
      text = [[
In a translational joint, d = r_i^P - r_j^P can become zero as the bodies slide. Does it
cause numerical trouble? Look at the Jacobian's rank when d = 0, for the joint below
(ours) at the state where P_i and P_j coincide.]],
      build = "a model of the joint at d = 0; m:pieces{ formulation = \"body\" }.D:rank()",
      data = {
        { name = "si", value = { 0.2, 0.1 }, unit = "m", what = "P_i on body i", ours = true, vary = 0.3 },
        { name = "sj", value = { -0.1, 0.3 }, unit = "m", what = "P_j on body j", ours = true, vary = 0.3 },
        { name = "angle", value = 25, unit = "deg", what = "the bodies' common angle (u parallel)", ours = true,
          vary = { abs = 60, step = 1 } },
      },
      asks = {
        { name = "rank", what = "the rank of the 2 x 6 Jacobian at d = 0", unit = "", tol = 0 },
        { name = "trouble", what = "does d = 0 cause numerical trouble? true or false", unit = "", kind = "choice",
          choices = { true, false } },
      },
      answers = function(d)
        local m = pair(function(m)
          m:point { name = "Pi", body = "b1", at = d.si }
          m:point { name = "Pj", body = "b2", at = d.sj }
          m:vector { name = "ui", body = "b1", dir = { 1, 0 } }
          m:vector { name = "uj", body = "b2", dir = { 1, 0 } }
          m:joint { name = "t", type = "translational", points = { "Pi", "Pj" }, vectors = { "ui", "uj" } }
        end)
        -- body 2 placed so that P_j = P_i: r_2 = r_1 + A s_i - A s_j
        local r1 = { 0.3, 0.2 }
        local r2 = vec.add(r1, vec.sub(vec.rotate(d.angle, d.si), vec.rotate(d.angle, d.sj)))
        local D = mat(pieces_at(m).D { r1[1], r1[2], d.angle, r2[1], r2[2], d.angle })
        return { rank = D:rank(), trouble = D:rank() < 2 }
      end,
      verify = function(d)
        -- at d = 0, row 1 is [n', u's_i, -n', -u's_j] and row 2 [0, 0, 1, 0, 0, -1]: the x and phi_i
        -- columns alone give the 2 x 2 minor [n_x, u's_i; 0, 1], whose determinant n_x is non-zero
        -- unless the slide is along y; then the y column has n_y
        local n = { -math.sin(d.angle), math.cos(d.angle) }
        local minor = math.max(math.abs(n[1]), math.abs(n[2]))
        return { rank = minor > 1e-9 and 2 or 1, trouble = minor <= 1e-9 }
      end,
      written = [[
No. Row 1 of the Jacobian holds the slide's normal n_j in the x-y columns, which does not
depend on d; row 2 holds 1 and -1 in the angle columns. The two rows stay independent
whatever d is, so D keeps its rank 2 at d = 0: nothing divides by d's length.]],
      hints = {
        "Numerical trouble means the Jacobian losing rank: look at which entries could vanish with d.",
        "Row 1's x-y entries are the normal n_j itself; row 2 is [0 0 1 0 0 -1].",
      } },

    ------------------------------------------------------------------ 7.13
    { number = "7.13",
      title = "A disc on an incline, with and without slip",
      text = [[
A disc of radius R (its centre is its body's origin) rolls on a straight incline at the
angle beta through the ground's origin. Write the constraints in q = {x, y, phi}: (a) with
slip, the centre kept at R from the incline; (b) without slip, also the rolling: the
distance the centre moves along the incline plus R (phi - phi0) stays at its start's value
(x0, y0 below). Give each as a Lua function of q.]],
      build = "two Lua functions with mb.vec",
      data = {
        { name = "beta", value = 20, unit = "deg", what = "the incline's angle", ours = true, vary = { abs = 10, step = 1 } },
        { name = "R", value = 0.3, unit = "m", what = "the disc's radius", ours = true, vary = 0.3 },
        { name = "phi0", value = 0, unit = "deg", what = "the disc's start angle", ours = true, vary = { abs = 90, step = 1 } },
        { name = "s0", value = 1.0, unit = "m", what = "its start along the incline", ours = true, vary = 0.3 },
      },
      asks = {
        fn_ask3("slip", "(a) function(q): {u_n'r - R}, u_n the incline's upward normal"),
        fn_ask3("no_slip", "(b) function(q): {u_n'r - R, u'r - s0 + R (phi - phi0)}, u along the incline"),
      },
      answers = function(d)
        local u = vec.unit(d.beta)
        local n = vec.rot(u)
        return {
          slip = function(q) return { vec.dot(n, { q[1], q[2] }) - d.R } end,
          no_slip = function(q) return { vec.dot(n, { q[1], q[2] }) - d.R, vec.dot(u, { q[1], q[2] }) - d.s0 + d.R * (q[3] - d.phi0) } end,
        }
      end,
      verify = function(d)
        local c, s = math.cos(d.beta), math.sin(d.beta)
        return {
          slip = function(q) return { -s * q[1] + c * q[2] - d.R } end,
          no_slip = function(q) return { -s * q[1] + c * q[2] - d.R, c * q[1] + s * q[2] - d.s0 + d.R * (q[3] - d.phi0) } end,
        }
      end,
      hints = {
        "u = {cos beta, sin beta} along the incline, its normal u turned; the centre is R from the line: u_n'r = R.",
        "Rolling forward along u by s turns the disc clockwise by s/R: s + R (phi - phi0) stays constant.",
      } },

    ------------------------------------------------------------------ 7.14
    { number = "7.14",
      title = "Two discs joined by a belt",
      text = [[
Two discs i and j (radii R_i, R_j) are pinned to a body k and joined by an open belt
without slip. Write the constraint, its Jacobian and gamma: (a) k is the ground, q =
{x_i, y_i, phi_i, x_j, y_j, phi_j}; (b) k moves too, q = {..., x_k, y_k, phi_k}. The belt
makes R_i (phi_i - phi_k) - R_j (phi_j - phi_k) constant: its value at the start is c
below. Give each as a Lua function.]],
      build = "Lua functions of q (and q, qd for gamma)",
      data = {
        { name = "Ri", value = 0.2, unit = "m", what = "disc i's radius", ours = true, vary = 0.3 },
        { name = "Rj", value = 0.12, unit = "m", what = "disc j's radius", ours = true, vary = 0.3 },
        { name = "c", value = 0.05, unit = "m", what = "the constraint's start value", ours = true, vary = 0.5 },
      },
      asks = {
        fn_ask("phi_a", "(a) function(q): {R_i phi_i - R_j phi_j - c}"),
        fn_ask("D_a", "(a) function(q): the 1 x 6 Jacobian, {{...}}"),
        { name = "phi_b", what = "(b) function(q), q of 9: {R_i (phi_i - phi_k) - R_j (phi_j - phi_k) - c}", unit = "",
          kind = "function", args = { "q" }, size = 9, tol = 1e-5 },
        { name = "D_b", what = "(b) function(q): the 1 x 9 Jacobian, {{...}}", unit = "", kind = "function", args = { "q" },
          size = 9, tol = 1e-5 },
        { name = "gamma", what = "(a) and (b): gamma, a number", unit = "", atol = 1e-6 },
      },
      answers = function(d)
        return {
          phi_a = function(q) return { d.Ri * q[3] - d.Rj * q[6] - d.c } end,
          D_a = function() return { { 0, 0, d.Ri, 0, 0, -d.Rj } } end,
          phi_b = function(q) return { d.Ri * (q[3] - q[9]) - d.Rj * (q[6] - q[9]) - d.c } end,
          D_b = function() return { { 0, 0, d.Ri, 0, 0, -d.Rj, 0, 0, d.Rj - d.Ri } } end,
          gamma = 0,
        }
      end,
      verify = function(d)
        local fa = function(q) return { d.Ri * q[3] - d.Rj * q[6] - d.c } end
        local fb = function(q) return { d.Ri * (q[3] - q[9]) - d.Rj * (q[6] - q[9]) - d.c } end
        return { phi_a = fa, D_a = function(q) return jacobian(fa, q) end, phi_b = fb, D_b = function(q) return jacobian(fb, q) end,
          gamma = gamma_fd(fb, { 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9 }, { 1, -1, 2, -2, 0.5, 0.3, -0.4, 0.1, 1.5 })[1] }
      end,
      hints = {
        "An open belt runs both discs the same way: the belt's speed is R_i phi_i' = R_j phi_j' relative to k.",
        "The constraint is linear in the angles: its Jacobian is constant and gamma is zero.",
      } },

    ------------------------------------------------------------------ 7.15
    { number = "7.15",
      title = "A point following a circular slot",
      text = [[
The slot of body j is a circle of radius R about j's origin; point P of body i follows it.
Write the constraint in the form (d'd - R^2)/(2R), d = r_i^P - r_j, and its Jacobian, as
Lua functions of q = {x_i, y_i, phi_i, x_j, y_j, phi_j}.]],
      build = "two Lua functions; the program's revolute-revolute joint has the same form",
      data = {
        { name = "sP", value = { 0.25, -0.1 }, unit = "m", what = "P on body i", ours = true, vary = 0.3 },
        { name = "R", value = 0.4, unit = "m", what = "the slot's radius", ours = true, vary = 0.3 },
      },
      asks = {
        fn_ask("phi", "function(q): {(d'd - R^2)/(2R)}"),
        fn_ask("D", "function(q): the 1 x 6 Jacobian, {{...}}"),
      },
      answers = function(d)
        local p = pieces_at(pair(function(m)
          m:point { name = "P", body = "b1", at = d.sP }
          m:point { name = "centre", body = "b2" }
          m:joint { name = "slot", type = "rev-rev", points = { "P", "centre" }, length = d.R }
        end))
        return { phi = p.phi, D = p.D }
      end,
      verify = function(d)
        local f = function(q) local p = point(q, 1, d.sP); local dd = { p[1] - q[4], p[2] - q[5] }; return { (dot(dd, dd) - d.R ^ 2) / (2 * d.R) } end
        return { phi = f, D = function(q) return jacobian(f, q) end }
      end,
      hints = {
        "The slot's centre is r_j itself: d = r_i + A_i s'_P - r_j.",
        "It is a revolute-revolute link of length R from P to j's origin: D = [d'/R, d's~/R, -d'/R, 0].",
      } },

    ------------------------------------------------------------------ 7.16
    { number = "7.16",
      title = "Speed constraints: holonomic or not",
      text = [[
Keep a body's translational speed along a direction u equal to s: (a) u fixed on the
ground, (b) u fixed on the body (local components below). Write each velocity constraint
as a Lua function of q and qd (its value, zero when it holds), and say whether each is
holonomic (integrable to a constraint on positions).]],
      build = "two Lua functions; an integration on paper",
      data = {
        { name = "u", value = 30, unit = "deg", what = "u's angle (on the ground, or on the body)", ours = true,
          vary = { abs = 40, step = 1 } },
        { name = "s", value = 0.8, unit = "m/s", what = "the speed", ours = true, vary = 0.4 },
      },
      asks = {
        fn_ask3("ground", "(a) function(q, qd): {u'r' - s}", { "q", "qd" }),
        fn_ask3("body", "(b) function(q, qd): {(A u')'r' - s}", { "q", "qd" }),
        { name = "holonomic_a", what = "(a) holonomic? true or false", unit = "", kind = "choice", choices = { true, false } },
        { name = "holonomic_b", what = "(b) holonomic? true or false", unit = "", kind = "choice", choices = { true, false } },
      },
      answers = function(d)
        local u = vec.unit(d.u)
        return {
          ground = function(q, qd) return { vec.dot(u, { qd[1], qd[2] }) - d.s } end,
          body = function(q, qd) return { vec.dot(vec.rotate(q[3], u), { qd[1], qd[2] }) - d.s } end,
          holonomic_a = true, holonomic_b = false,
        }
      end,
      verify = function(d)
        local c, s = math.cos(d.u), math.sin(d.u)
        return {
          ground = function(q, qd) return { c * qd[1] + s * qd[2] - d.s } end,
          body = function(q, qd) return { math.cos(q[3] + d.u) * qd[1] + math.sin(q[3] + d.u) * qd[2] - d.s } end,
          holonomic_a = true, holonomic_b = false,
        }
      end,
      written = [[
(a) u'r' - s = 0 is the time derivative of u'r - s t = constant: a constraint on positions
and time, so it is holonomic (a driver). (b) (A(phi) u')'r' - s = 0 mixes the angle into
the coefficients of x' and y'; no function of x, y, phi and t has it as its derivative
(like a knife edge, the body can reach any position by turning), so it is non-holonomic.]],
      hints = {
        "A velocity constraint is holonomic when it is the time derivative of some Phi(q, t).",
        "With u on the ground, u'r' = d/dt(u'r). With u on the body, try the same: the angle gets in the way.",
      } },

    ------------------------------------------------------------------ 7.17
    { number = "7.17",
      title = "The four-bar's Jacobian: size and non-zeros",
      text = [[
A four-bar is modelled by three moving bodies and four revolute joints. What is the size of
its Jacobian, where are its non-zero entries, and what share of the entries are non-zero?
(Check the pattern on the model the sheet's p:model() builds.)]],
      build = "the pattern by hand; m:pieces{ formulation = \"body\" }.D on the model",
      data = {},
      asks = {
        { name = "rows", what = "its rows", unit = "", tol = 0 },
        { name = "cols", what = "its columns", unit = "", tol = 0 },
        { name = "percent", what = "the share of non-zero entries, in percent", unit = "%" },
      },
      answers = function()
        local rows, cols, percent = nonzeros(four_bar():pieces { formulation = "body" }.D)
        return { rows = rows, cols = cols, percent = percent }
      end,
      verify = function()
        -- a pin to the ground: 2 rows x (1 and one s~ entry) = 4; between two bodies 8
        local nz = 2 * 4 + 2 * 8
        return { rows = 8, cols = 9, percent = 100 * nz / 72 }
      end,
      model = function() return four_bar() end,
      hints = {
        "Each pin gives two rows; each row has entries only in the columns of the pin's bodies.",
        "A pin's row x: 1 under x, 0 under y, -s_y under phi: two non-zeros per body.",
      } },

    ------------------------------------------------------------------ 7.18
    { number = "7.18",
      title = "The slider-crank's Jacobian, three ways",
      text = [[
Give the size of the slider-crank's Jacobian and the share of its non-zero entries when it
is modelled (a) by three bodies with three revolute joints and a translational one; (b) by
two bodies (crank, slider) with a revolute, a revolute-revolute and a translational joint;
(c) by two bodies (crank, rod) with two revolute joints and a revolute-translational joint
(the rod's end in a slot along the ground). Our models (the sheet's p:model() is (a)) put
each slider's point at its mass centre, which zeroes one entry of its rows.]],
      build = "the patterns by hand; three models' m:pieces{ formulation = \"body\" }.D",
      data = {},
      asks = {
        { name = "a", what = "(a) {rows, columns, percent non-zero}", unit = "" },
        { name = "b", what = "(b) the same", unit = "" },
        { name = "c", what = "(c) the same", unit = "" },
      },
      answers = function()
        local out = {}
        for _, k in ipairs { "a", "b", "c" } do out[k] = { nonzeros(slider_crank(k):pieces { formulation = "body" }.D) } end
        return out
      end,
      verify = function()
        -- (a) pins O (4), A (8), B (6: the slider's side has no moment arm), the slide (2);
        -- (b) O (4), the rod (3 + 2), the slide (2); (c) O (4), A (8), the slot's row on the rod (2:
        -- the horizontal slot's normal has no x part)
        return { a = { 8, 9, 100 * (4 + 8 + 6 + 2) / 72 }, b = { 5, 6, 100 * (4 + 5 + 2) / 30 },
          c = { 5, 6, 100 * (4 + 8 + 2) / 30 } }
      end,
      model = function() return slider_crank("a") end,
      hints = {
        "Rows: 2 per pin or slide, 1 per revolute-revolute or revolute-translational joint; columns: 3 per body.",
        "A row has non-zeros only under the bodies it joins; with the slider's point at its centre, s~ is zero there.",
      } },
    ------------------------------------------------------------------ 7.19
    { number = "7.19",
      title = "Two free bodies joined by a spring, under gravity",
      text = [[
Two bodies are joined by a point-to-point spring from A on body 1 to B on body 2, under
gravity. Construct their equations of motion M c'' = h and solve them: give h and the
accelerations.]],
      build = "a model of two bodies and a spring: m:pieces{ formulation = \"body\" }",
      data = {
        { name = "sA", value = { 0.11, 0 }, unit = "m", what = "A on body 1", vary = 0.3 },
        { name = "sB", value = { -0.15, 0 }, unit = "m", what = "B on body 2", vary = 0.3 },
        { name = "c1", value = { -0.20, -0.05, 90 }, unit = "m, m, deg", what = "body 1", vary = pose_vary(0.03, 15, 3) },
        { name = "c2", value = { -0.05, 0.20, 0 }, unit = "m, m, deg", what = "body 2", vary = pose_vary(0.03, 15, 3) },
        { name = "mJ", value = { 0.2, 0.03, 0.15, 0.02 }, unit = "kg, kg m^2", what = "m1, J1, m2, J2", vary = 0.3 },
        { name = "k", value = 50, unit = "N/m", what = "stiffness", vary = 0.3 },
        { name = "L0", value = 0.1, unit = "m", what = "free length", vary = 0.3 },
      },
      asks = {
        { name = "h", what = "the force array h (6)", unit = "N, N m" },
        { name = "acc", what = "the accelerations (6)", unit = "m/s^2, rad/s^2" },
      },
      answers = function(d)
        local acc, h = solve(two_bodies(d, { gravity = true, spring = true }))
        return { h = h, acc = acc }
      end,
      verify = function(d) return by_hand(d, { gravity = true, spring = true }) end,
      model = function(d) return two_bodies(d, { gravity = true, spring = true }) end,
      hints = {
        "h holds each body's forces and its moment about its mass centre: weights, the spring's pair (Eq. 4.26).",
        "M is diagonal: each acceleration is its h entry over its mass or moment of inertia.",
      } },

    ------------------------------------------------------------------ 7.20
    { number = "7.20",
      title = "Two free bodies joined by a spring-damper",
      text = [[
Two moving bodies are joined by a point-to-point spring-damper from A on body 1 to B on
body 2 (no gravity). Construct their equations of motion and solve them: give h and the
accelerations.]],
      build = "a model of two bodies and a spring-damper: m:pieces{ formulation = \"body\" }",
      data = {
        { name = "sA", value = { -0.11, 0 }, unit = "m", what = "A on body 1", vary = 0.3 },
        { name = "sB", value = { -0.15, 0 }, unit = "m", what = "B on body 2", vary = 0.3 },
        { name = "c1", value = { -0.15, 0.05, 0 }, unit = "m, m, deg", what = "body 1", vary = pose_vary(0.03, 15, 3) },
        { name = "c1d", value = { 0.04, -0.06, 0.1 }, unit = "m/s, rad/s", what = "its velocities", vary = 0.4 },
        { name = "c2", value = { -0.05, 0.20, 0 }, unit = "m, m, deg", what = "body 2", vary = pose_vary(0.03, 15, 3) },
        { name = "c2d", value = { -0.01, 0.03, -0.2 }, unit = "m/s, rad/s", what = "its velocities", vary = 0.4 },
        { name = "mJ", value = { 0.2, 0.03, 0.15, 0.02 }, unit = "kg, kg m^2", what = "m1, J1, m2, J2", vary = 0.3 },
        { name = "k", value = 50, unit = "N/m", what = "stiffness", vary = 0.3 },
        { name = "L0", value = 0.1, unit = "m", what = "free length", vary = 0.3 },
        { name = "dc", value = 30, unit = "N s/m", what = "damping", vary = 0.3 },
      },
      asks = {
        { name = "h", what = "the force array h (6)", unit = "N, N m" },
        { name = "acc", what = "the accelerations (6)", unit = "m/s^2, rad/s^2" },
      },
      answers = function(d)
        local acc, h = solve(two_bodies(d, { spring = true, damper = true }))
        return { h = h, acc = acc }
      end,
      verify = function(d) return by_hand(d, { spring = true, damper = true }) end,
      model = function(d) return two_bodies(d, { spring = true, damper = true }) end,
      hints = {
        "L' = u'(v_A - v_B), with v_A = r1' + (A1 s'_A) turned phi1' (Eq. 4.30).",
        "f = k (L - L0) + dc L'; body 1 gets -f u at A, body 2 +f u at B, each with its moment.",
      } },
    ------------------------------------------------------------------ 7.21
    { number = "7.21",
      title = "Two rods among springs and dampers",
      text = [[
Two uniform rods are joined to each other and to the ground by point-to-point springs and
dampers: element 1 (a spring-damper) from the ground to rod 1's left end, element 2 (a
spring) from rod 1's right end to rod 2's left end, element 3 (a spring-damper) from rod
2's right end to the ground. The figure's geometry is ours (below). Only the angular
velocities are non-zero (the book's "gamma1'" is phi1'). No gravity. Construct the
equations of motion: give h and the accelerations.]],
      build = "a model of two rods and three elements: m:pieces{ formulation = \"body\" }",
      data = {
        { name = "mJ", value = { 0.4, 0.3, 0.3, 0.1 }, unit = "kg, kg m^2", what = "m1, J1, m2, J2", vary = 0.3 },
        { name = "e1", value = { 40, 0.12, 12 }, unit = "N/m, m, N s/m", what = "element 1: k, L0, dc", vary = 0.3 },
        { name = "e2", value = { 60, 0.2, 0 }, unit = "N/m, m, N s/m", what = "element 2", vary = 0.3 },
        { name = "e3", value = { 25, 0.13, 24 }, unit = "N/m, m, N s/m", what = "element 3", vary = 0.3 },
        { name = "omega", value = { -0.3, -0.15 }, unit = "rad/s", what = "phi1', phi2'", vary = 0.4 },
        { name = "rods", value = { { 0, 0.3, 0, 0.15 }, { 0.4, 0.35, 30, 0.125 } }, unit = "m, m, deg, m",
          what = "each rod: x, y, angle, half-length", ours = true },
        { name = "grounds", value = { { -0.3, 0.2 }, { 0.65, 0.2 } }, unit = "m", what = "the elements' ground points", ours = true },
      },
      asks = {
        { name = "h", what = "the force array h (6)", unit = "N, N m" },
        { name = "acc", what = "the accelerations (6)", unit = "m/s^2, rad/s^2" },
      },
      answers = function(d) local acc, h = solve(rods_721(d)); return { h = h, acc = acc } end,
      verify = function(d) return rods_721_by_hand(d) end,
      model = function(d) return rods_721(d) end,
      hints = {
        "Place each element's ends first: the rods' ends are +-half-length along their axes.",
        "Only the turning makes the ends move: v_end = (s turned) phi'.",
      } },

    ------------------------------------------------------------------ 7.22
    { number = "7.22",
      title = "Two pinned bodies: violations, accelerations, the pin",
      text = [[
Two bodies are joined by a revolute joint at A (local points below); a 10 N force acts on
body 1's mass centre along -x and a 15 N force on body 2's along +y (no gravity). The
coordinates and velocities given do not quite satisfy the joint: evaluate its position and
velocity violations, then solve the constrained equations of motion (Eq. 7.56) for the
accelerations and the pin's force on body 1.]],
      build = "a model with the pin and two forces: m:pieces{ formulation = \"body\" }",
      data = {
        { name = "sA1", value = { 0.11, 0 }, unit = "m", what = "A on body 1", vary = 0.2 },
        { name = "sA2", value = { 0, 0.15 }, unit = "m", what = "A on body 2", vary = 0.2 },
        { name = "c1", value = { -0.07, 0.10, 60 }, unit = "m, m, deg", what = "body 1", vary = pose_vary(0.02, 10, 3) },
        { name = "c1d", value = { 0.04, -0.06, 0.1 }, unit = "m/s, rad/s", what = "its velocities", vary = 0.4 },
        { name = "c2", value = { 0.10, 0.09, 45 }, unit = "m, m, deg", what = "body 2", vary = pose_vary(0.02, 10, 3) },
        { name = "c2d", value = { 0.01, -0.08, -0.2 }, unit = "m/s, rad/s", what = "its velocities", vary = 0.4 },
        { name = "mJ", value = { 0.2, 0.03, 0.15, 0.02 }, unit = "kg, kg m^2", what = "m1, J1, m2, J2", vary = 0.3 },
        { name = "f", value = { -10, 15 }, unit = "N", what = "f1 along x, f2 along y", vary = 0.3 },
      },
      asks = {
        { name = "phi", what = "the position violation r_1A - r_2A", unit = "m" },
        { name = "phid", what = "the velocity violation D c'", unit = "m/s" },
        { name = "acc", what = "the accelerations (6)", unit = "m/s^2, rad/s^2" },
        { name = "pin", what = "the pin's force on body 1, {fx, fy}", unit = "N" },
      },
      answers = function(d)
        local m = pinned_pair_722(d)
        local acc, h, p = solve(m)
        local cd = { d.c1d[1], d.c1d[2], d.c1d[3], d.c2d[1], d.c2d[2], d.c2d[3] }
        local v = {}
        for i = 1, 2 do v[i] = 0 for k = 1, 6 do v[i] = v[i] + p.D(i, k) * cd[k] end end
        return { phi = { p.phi[1], p.phi[2] }, phid = v, acc = acc, pin = { d.mJ[1] * acc[1] - h[1], d.mJ[1] * acc[2] - h[2] } }
      end,
      verify = function(d)
        local m = pinned_pair_722(d)
        local acc, h = solve(m, "fbd")
        local q = { d.c1[1], d.c1[2], math.rad(d.c1[3]), d.c2[1], d.c2[2], math.rad(d.c2[3]) }
        local a, b = point(q, 1, d.sA1), point(q, 2, d.sA2)
        local ta, tb = along(q, 1, perp(d.sA1)), along(q, 2, perp(d.sA2))
        local va = { d.c1d[1] + ta[1] * d.c1d[3], d.c1d[2] + ta[2] * d.c1d[3] }
        local vb = { d.c2d[1] + tb[1] * d.c2d[3], d.c2d[2] + tb[2] * d.c2d[3] }
        return { phi = { a[1] - b[1], a[2] - b[2] }, phid = { va[1] - vb[1], va[2] - vb[2] }, acc = acc,
          pin = { d.mJ[1] * acc[1] - h[1], d.mJ[1] * acc[2] - h[2] } }
      end,
      model = function(d) return pinned_pair_722(d) end,
      hints = {
        "The violations: Phi = r_1 + A_1 s'_1 - r_2 - A_2 s'_2 and Phi' = D c' with the velocities given.",
        "[M, -D'; D, 0]{c''; lambda} = {h; gamma} (Eq. 7.56); the pin's force on body 1 is what is left of m1 a1 after f1.",
      } },

    ------------------------------------------------------------------ 7.23
    { number = "7.23",
      title = "A pendulum's equations of motion, evaluated",
      text = [[
A single pendulum hangs from the ground point A by a revolute joint at its point s'A,
under gravity. For the coordinates and velocities below (angle in degrees), evaluate the
variable entries of its equations of motion (the Jacobian, gamma, h), then solve them for
the accelerations and the pin's force on the pendulum.]],
      build = "a model of the pendulum: m:pieces{ formulation = \"body\" } at the state",
      data = {
        { name = "rA", value = { 0.1, 0.3 }, unit = "m", what = "the ground point A", vary = 0.2 },
        { name = "sA", value = { 0.11, 0 }, unit = "m", what = "A on the pendulum", vary = 0.2 },
        { name = "mJ", value = { 0.2, 0.03 }, unit = "kg, kg m^2", what = "m, J", vary = 0.3 },
        { name = "c", value = { 0.15, 0.20, 120 }, unit = "m, m, deg", what = "the pendulum", vary = pose_vary(0.02, 10, 3) },
        { name = "cd", value = { -0.19, -0.11, -2.0 }, unit = "m/s, rad/s", what = "its velocities", vary = 0.3 },
      },
      asks = {
        { name = "D", what = "the 2 x 3 Jacobian", unit = "" },
        { name = "gamma", what = "gamma (2)", unit = "m/s^2" },
        { name = "h", what = "h (3)", unit = "N, N m" },
        { name = "acc", what = "the accelerations (3)", unit = "m/s^2, rad/s^2" },
        { name = "pin", what = "the pin's force on the pendulum, {fx, fy}", unit = "N" },
      },
      answers = function(d)
        local acc, h, p = solve(pendulum_723(d))
        local g2 = { p.gamma[1], p.gamma[2] }
        return { D = p.D:totable(), gamma = g2, h = h, acc = acc,
          pin = { d.mJ[1] * acc[1] - h[1], d.mJ[1] * acc[2] - h[2] } }
      end,
      verify = function(d)
        local phi = math.rad(d.c[3])
        local s = { math.cos(phi) * d.sA[1] - math.sin(phi) * d.sA[2], math.sin(phi) * d.sA[1] + math.cos(phi) * d.sA[2] }
        local w = d.cd[3]
        local acc, h = solve(pendulum_723(d), "fbd")
        return { D = { { 1, 0, -s[2] }, { 0, 1, s[1] } }, gamma = { s[1] * w * w, s[2] * w * w },
          h = { 0, -d.mJ[1] * g, 0 }, acc = acc, pin = { d.mJ[1] * acc[1] - h[1], d.mJ[1] * acc[2] - h[2] } }
      end,
      model = function(d) return pendulum_723(d) end,
      hints = {
        "Phi = r + A s'_A - r_A: D = [I, s_A turned], gamma = s_A phi'^2 (Eqs. 7.15-7.18).",
        "h = {0, -m g, 0}; solve [M, -D'; D, 0]{c''; lambda} = {h; gamma}.",
      } },

    ------------------------------------------------------------------ 7.24
    { number = "7.24",
      title = "Two pinned rods with a spring-damper-actuator",
      text = [[
Two rods (1.5 and 2.0 m) are pinned to the ground at one end each; a spring-damper-actuator
joins their free ends. Rod 1 turns at 1.0 rad/s clockwise, rod 2 at 2.5 rad/s
counter-clockwise; gravity acts. The figure's placement is ours (below). Construct the
equations of motion and give the element's force (tension positive) and the accelerations.]],
      build = "a model of the two rods: m:pieces{ formulation = \"body\" }",
      data = {
        { name = "L", value = { 1.5, 2.0 }, unit = "m", what = "the rods' lengths", vary = 0.2 },
        { name = "mJ", value = { 0.8, 0.15, 1.2, 0.40 }, unit = "kg, kg m^2", what = "m1, J1, m2, J2", vary = 0.3 },
        { name = "sda", value = { 100, 2, 20, 30 }, unit = "N/m, m, N s/m, N", what = "k, L0, dc, the actuator's pull", vary = 0.3 },
        { name = "omega", value = { -1.0, 2.5 }, unit = "rad/s", what = "the rods' rates", vary = 0.3 },
        { name = "pivots", value = { { 0, 0 }, { 2.5, 0 } }, unit = "m", what = "the ground pins", ours = true },
        { name = "angles", value = { 60, 110 }, unit = "deg", what = "the rods' angles", ours = true, vary = { abs = 10, step = 1 } },
      },
      asks = {
        { name = "f", what = "the element's force, tension positive", unit = "N" },
        { name = "acc", what = "the accelerations (6)", unit = "m/s^2, rad/s^2" },
      },
      answers = function(d)
        local m, f = rods_724(d)
        local acc = solve(m)
        return { f = f, acc = acc }
      end,
      verify = function(d)
        local m = rods_724(d)
        local acc = solve(m, "fbd")
        local tips, vels = {}, {}
        for k = 1, 2 do
          local u = { math.cos(d.angles[k]), math.sin(d.angles[k]) }
          tips[k] = { d.pivots[k][1] + d.L[k] * u[1], d.pivots[k][2] + d.L[k] * u[2] }
          vels[k] = { -d.omega[k] * d.L[k] * u[2], d.omega[k] * d.L[k] * u[1] }
        end
        local dd = { tips[1][1] - tips[2][1], tips[1][2] - tips[2][2] }
        local len = math.sqrt(dot(dd, dd))
        local rate = dot(dd, { vels[1][1] - vels[2][1], vels[1][2] - vels[2][2] }) / len
        return { f = d.sda[1] * (len - d.sda[2]) + d.sda[3] * rate + d.sda[4], acc = acc }
      end,
      model = function(d) return (rods_724(d)) end,
      hints = {
        "f = k (L - L0) + dc L' + f_a (Eq. 4.31), the actuator's pull counted as tension.",
        "Each rod: a pin to the ground (two rows); solve [M, -D'; D, 0]{c''; lambda} = {h; gamma}.",
      } },

    ------------------------------------------------------------------ 7.25
    { number = "7.25",
      title = "Two free bodies joined by a spring-damper-actuator",
      text = [[
A point-to-point spring-damper-actuator joins A on body 1 to B on body 2; the actuator pulls
with the force below. The bodies have the coordinates and velocities below (angles in
rad); no gravity. Construct their equations of motion: give the element's force (tension
positive), h and the accelerations.]],
      build = "a model of two bodies and the element: m:pieces{ formulation = \"body\" }",
      data = {
        { name = "sA", value = { -0.25, 0.12 }, unit = "m", what = "A on body 1", vary = 0.3 },
        { name = "sB", value = { 0.15, 0.20 }, unit = "m", what = "B on body 2", vary = 0.3 },
        { name = "c1r", value = { 0.32, 0.23, -0.55 }, unit = "m, m, rad", what = "body 1", vary = 0.2 },
        { name = "c2r", value = { -0.12, 0.16, 0.60 }, unit = "m, m, rad", what = "body 2", vary = 0.2 },
        { name = "c1d", value = { -0.10, 0.21, 0.0 }, unit = "m/s, rad/s", what = "body 1's velocities", vary = 0.4 },
        { name = "c2d", value = { 0.18, 0.09, -0.20 }, unit = "m/s, rad/s", what = "body 2's velocities", vary = 0.4 },
        { name = "mJ", value = { 1.5, 2.0, 1.3, 1.8 }, unit = "kg, kg m^2", what = "m1, J1, m2, J2", vary = 0.3 },
        { name = "k", value = 30, unit = "N/m", what = "stiffness", vary = 0.3 },
        { name = "L0", value = 0.35, unit = "m", what = "free length", vary = 0.3 },
        { name = "dc", value = 15, unit = "N s/m", what = "damping", vary = 0.3 },
        { name = "fa", value = 4.5, unit = "N", what = "the actuator's pull", vary = 0.3 },
      },
      asks = {
        { name = "f", what = "the element's force, tension positive", unit = "N" },
        { name = "h", what = "the force array h (6)", unit = "N, N m" },
        { name = "acc", what = "the accelerations (6)", unit = "m/s^2, rad/s^2" },
      },
      answers = function(d)
        local e = radians_725(d)
        local acc, h = solve(two_bodies(e, { spring = true, damper = true, actuator = true }))
        -- the tension from the model's force array: body 2 gets +f u, u from B to A
        local u = vec.unit(vec.sub(vec.add({ e.c1[1], e.c1[2] }, vec.rotate(e.c1r[3], e.sA)),
          vec.add({ e.c2[1], e.c2[2] }, vec.rotate(e.c2r[3], e.sB))))
        return { f = h[4] * u[1] + h[5] * u[2], h = h, acc = acc }
      end,
      verify = function(d)
        local r = by_hand(radians_725(d), { spring = true, damper = true, actuator = true })
        return { f = r.f, h = r.h, acc = r.acc }
      end,
      model = function(d) return two_bodies(radians_725(d), { spring = true, damper = true, actuator = true }) end,
      hints = {
        "A pulling actuator adds to the tension: f = k (L - L0) + dc L' + f_a.",
        "Body 1 gets -f u at A, body 2 +f u at B, u = (r_A - r_B)/L, each with its moment about its mass centre.",
      } },

    ------------------------------------------------------------------ 7.26
    { number = "7.26",
      title = "Two pinned rods on springs: the missing velocities",
      text = [[
Two uniform rods are pinned to each other; spring 1 holds rod 1's free end to the ground,
spring 2 with a damper holds rod 2's free end; gravity acts. The figure's geometry is ours
(below). Of the velocities, x1', y1', phi1' and phi2' are known: find x2' and y2' from the
pin's velocity constraint, then construct the equations of motion and give the
accelerations.]],
      build = "a model of the two rods; the pin's rows of D c' = 0 for the two unknowns",
      data = {
        { name = "mJ", value = { 6, 12.5 }, unit = "kg, kg m^2", what = "each rod's m, J", vary = 0.3 },
        { name = "k", value = { 20, 30 }, unit = "N/m", what = "k1, k2", vary = 0.3 },
        { name = "L0", value = { 5, 4.5 }, unit = "m", what = "free lengths", vary = 0.2 },
        { name = "dc", value = 6, unit = "N s/m", what = "the damper with spring 2", vary = 0.3 },
        { name = "known", value = { 0.5, -0.2, 0.6, -0.3 }, unit = "m/s, rad/s", what = "x1', y1', phi1', phi2'", vary = 0.3 },
        { name = "half", value = 3, unit = "m", what = "each rod's half-length", ours = true },
        { name = "angles", value = { 10, -30 }, unit = "deg", what = "the rods' angles", ours = true, vary = { abs = 10, step = 1 } },
        { name = "grounds", value = { { -2.5, -3 }, { 7, -2 } }, unit = "m", what = "the springs' ground points", ours = true },
      },
      asks = {
        { name = "v2", what = "{x2', y2'}", unit = "m/s" },
        { name = "acc", what = "the accelerations (6)", unit = "m/s^2, rad/s^2" },
      },
      answers = function(d)
        local v2 = rods_726_velocity(d)
        local acc = solve(rods_726(d, v2))
        return { v2 = v2, acc = acc }
      end,
      verify = function(d)
        local a1, a2 = math.rad(0) + d.angles[1], d.angles[2]
        -- the pin: r1 + half u1 = r2 - half u2, differentiated
        local w1, w2 = d.known[3], d.known[4]
        local t1 = { -d.half * math.sin(a1), d.half * math.cos(a1) }
        local t2 = { d.half * math.sin(a2), -d.half * math.cos(a2) }
        local v2 = { d.known[1] + t1[1] * w1 - t2[1] * w2, d.known[2] + t1[2] * w1 - t2[2] * w2 }
        return { v2 = v2, acc = (solve(rods_726(d, v2), "fbd")) }
      end,
      model = function(d) return rods_726(d, rods_726_velocity(d)) end,
      hints = {
        "The pin's velocity constraint, D c' = 0, is two equations: solve them for the two unknown velocities.",
        "Then [M, -D'; D, 0]{c''; lambda} = {h; gamma} as usual.",
      } },

    ------------------------------------------------------------------ 7.27
    { number = "7.27",
      title = "Three small systems in body coordinates",
      text = [[
Construct the body-coordinate equations of motion of the book's three systems of Problem
6.3, with gravity (the errata put body 1 at x1 = 0.07 m, the spring's length). As in
Problem 6.3 the same data go into our three systems, at rest: (a) a block on a guide
with a spring to the wall and a pendulum; (b) with a second pendulum; (c) with the
pendulum's end in a block on a vertical guide. Give each system's accelerations.]],
      build = "the three models and m:pieces{ formulation = \"body\" }",
      data = {
        { name = "b", value = 0.03, unit = "m", what = "the pin below the block's centre", vary = 0.3 },
        { name = "c", value = 0.02, unit = "m", what = "the pin along the block", vary = 0.3 },
        { name = "L2", value = 0.06, unit = "m", what = "pendulum 2", vary = 0.2 },
        { name = "L3", value = 0.04, unit = "m", what = "pendulum 3", vary = 0.2 },
        { name = "k", value = 100, unit = "N/m", what = "stiffness", vary = 0.3 },
        { name = "L0", value = 0.08, unit = "m", what = "the spring's free length", vary = 0.1 },
        { name = "x1", value = 0.07, unit = "m", what = "the block's place (errata)", vary = 0.1 },
        { name = "m1", value = 0.3, unit = "kg", what = "", vary = 0.3 },
        { name = "m2", value = 0.2, unit = "kg", what = "", vary = 0.3 },
        { name = "m3", value = 0.15, unit = "kg", what = "", vary = 0.3 },
        { name = "J1", value = 0.05, unit = "kg m^2", what = "", vary = 0.3 },
        { name = "J2", value = 0.001, unit = "kg m^2", what = "", vary = 0.3 },
        { name = "J3", value = 0.0008, unit = "kg m^2", what = "", vary = 0.3 },
        { name = "phi2", value = -60, unit = "deg", what = "pendulum 2's angle", ours = true, vary = { abs = 15, step = 1 } },
        { name = "phi3", value = -100, unit = "deg", what = "pendulum 3's angle, (b)", ours = true, vary = { abs = 15, step = 1 } },
      },
      asks = {
        { name = "acc_a", what = "(a): the six accelerations", unit = "m/s^2, rad/s^2" },
        { name = "acc_b", what = "(b): the nine", unit = "m/s^2, rad/s^2" },
        { name = "acc_c", what = "(c): the nine", unit = "m/s^2, rad/s^2" },
      },
      answers = function(d)
        local out = {}
        for _, k in ipairs { "a", "b", "c" } do out["acc_" .. k] = (solve(systems_63(d, k))) end
        return out
      end,
      verify = function(d)
        local out = {}
        for _, k in ipairs { "a", "b", "c" } do out["acc_" .. k] = (solve(systems_63(d, k), "fbd")) end
        return out
      end,
      model = function(d) return systems_63(d, "b") end,
      hints = {
        "Each body: three coordinates; each joint: its rows of Phi, D and gamma (Sec. 7.2).",
        "[M, -D'; D, 0]{c''; lambda} = {h; gamma}: `p:model():pieces{ formulation = \"body\" }.acc` is (b).",
      } },
  },
}
