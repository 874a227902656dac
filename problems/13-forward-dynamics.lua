-- SPDX-License-Identifier: GPL-3.0-or-later
-- The problems of Chapter 13 (Sec. 13.7): forward dynamic analysis. The
-- book's figures are not reproduced, so where a problem refers to "the
-- system shown" the geometry is ours and the sheet says so. The integrator
-- studies (13.1-13.9) run m:simulate with integrator = "rk4" at the book's
-- steps and "ode45" at tight tolerances, with stabilization = "baumgarte",
-- "penalty" or "momentum"; verify writes the chapter's equations out by
-- hand (M q'' - D'lambda = h in the book's few coordinates, Eq. 13.23, and
-- its remedies, Eqs. 13.31, 13.40, 13.41-13.47) and steps them with its own
-- Runge-Kutta, at the same step (the same numbers to round-off) or at a
-- small one for the ode45 runs, or uses a closed form. Problem 13.4's
-- parabola is no joint of the program: its answers are the chapter's
-- equations written out, and verify solves them the other way (Eqs.
-- 13.25-13.26) or in the one coordinate that is left. The contact problems
-- (13.10-13.19) run the piecewise method (m:contact, impulse law, r.impacts)
-- and events that add or remove a joint; verify works each phase by hand:
-- energy, momentum, the restitution law, a projectile, an elliptic integral.
local vec, mat = mb.vec, mb.mat

------------------------------------------------------------------ helpers

-- mb.vec's, on plain pairs
local dot, sub, add, scale, perp, norm, unit =
  vec.dot, vec.sub, vec.add, vec.scale, vec.perp, vec.norm, vec.unit

local g = 9.81

-- A x = b by Gaussian elimination with partial pivoting, in place: A and
-- b are the callers' fresh tables, overwritten (x is returned in b).
local function solve(a, x)
  local n = #x
  for k = 1, n do
    local p = k
    for i = k + 1, n do if math.abs(a[i][k]) > math.abs(a[p][k]) then p = i end end
    a[k], a[p], x[k], x[p] = a[p], a[k], x[p], x[k]
    for i = k + 1, n do
      local f = a[i][k] / a[k][k]
      for j = k, n do a[i][j] = a[i][j] - f * a[k][j] end
      x[i] = x[i] - f * x[k]
    end
  end
  for i = n, 1, -1 do
    local s = x[i]
    for j = i + 1, n do s = s - a[i][j] * x[j] end
    x[i] = s / a[i][i]
  end
  return x
end

local rk4 = require("mechbench.by_hand").rk4 -- one Runge-Kutta step (Eqs. 13.5-13.7) of size h for u' = f(u)

-- u' = f(u) from u over n steps of h; each(u, k) after step k when given.
local function march(f, u, h, n, each)
  for k = 1, n do
    u = rk4(f, u, h)
    if each then each(u, k) end
  end
  return u
end

-- A system written as the chapter writes it: n coordinates q with masses
-- mass[i] (M diagonal), the applied forces h(q, qd), and constraints phi(q),
-- their Jacobian D(q) (rows) and gamma(q, qd) = -(D qd)' qd. how picks the
-- way q'' is found:
--   nil / "standard": [M, -D'; D, 0] {q''; lambda} = {h; gamma} (Eq. 13.23)
--   "two-step": (D M^-1 D') lambda = gamma - D M^-1 h, q'' = M^-1 (h + D'lambda)
--     (Eqs. 13.25-13.26)
--   { alpha, beta }: Baumgarte, gamma - 2 alpha Phi' - beta^2 Phi (Eq. 13.31)
--   { mc, zeta, omega }: the penalty method,
--     (M + mc D'D) q'' = h - mc D'(-gamma + 2 zeta omega Phi' + omega^2 Phi) (Eq. 13.40)
local function accelerations(s, q, qd, how)
  local n, h = #q, s.h(q, qd)
  local phi, D, gam = s.phi(q), s.D(q), s.gamma(q, qd)
  local nc = #phi
  local rate = {}
  for i = 1, nc do
    rate[i] = 0
    for j = 1, n do rate[i] = rate[i] + D[i][j] * qd[j] end
  end
  if type(how) == "table" and how.mc and how.split then
    -- the same, by the multipliers: lambda = -mc (D q'' + e) and q'' = M^-1 (h + D'lambda)
    -- give (D M^-1 D' + I / mc) lambda = -(D M^-1 h + e)
    local two_zw, w2 = 2 * how.zeta * how.omega, how.omega ^ 2
    local A, b = {}, {}
    for i = 1, nc do
      A[i] = {}
      for j = 1, nc do
        local sum = i == j and 1 / how.mc or 0
        for k = 1, n do sum = sum + D[i][k] * D[j][k] / s.mass[k] end
        A[i][j] = sum
      end
      local dmh = 0
      for k = 1, n do dmh = dmh + D[i][k] * h[k] / s.mass[k] end
      b[i] = -(dmh - gam[i] + two_zw * rate[i] + w2 * phi[i])
    end
    local lambda = solve(A, b)
    local acc = {}
    for k = 1, n do
      local f = h[k]
      for i = 1, nc do f = f + D[i][k] * lambda[i] end
      acc[k] = f / s.mass[k]
    end
    return acc
  end
  if type(how) == "table" and how.mc then
    local two_zw, w2 = 2 * how.zeta * how.omega, how.omega ^ 2
    local A, b = {}, {}
    for i = 1, n do
      A[i] = {}
      for j = 1, n do
        local sum = 0
        for r = 1, nc do sum = sum + D[r][i] * D[r][j] end
        A[i][j] = (i == j and s.mass[i] or 0) + how.mc * sum
      end
      local rhs = h[i]
      for r = 1, nc do rhs = rhs - how.mc * D[r][i] * (-gam[r] + two_zw * rate[r] + w2 * phi[r]) end
      b[i] = rhs
    end
    return solve(A, b)
  end
  if type(how) == "table" then
    for i = 1, nc do gam[i] = gam[i] - 2 * how.alpha * rate[i] - how.beta ^ 2 * phi[i] end
  end
  if how == "two-step" then
    local A, b = {}, {}
    for i = 1, nc do
      A[i] = {}
      for j = 1, nc do
        local sum = 0
        for k = 1, n do sum = sum + D[i][k] * D[j][k] / s.mass[k] end
        A[i][j] = sum
      end
      local dmh = 0
      for k = 1, n do dmh = dmh + D[i][k] * h[k] / s.mass[k] end
      b[i] = gam[i] - dmh
    end
    local lambda = solve(A, b)
    local acc = {}
    for k = 1, n do
      local f = h[k]
      for i = 1, nc do f = f + D[i][k] * lambda[i] end
      acc[k] = f / s.mass[k]
    end
    return acc
  end
  local K, b = {}, {}
  for i = 1, n + nc do
    K[i] = {}
    for j = 1, n + nc do K[i][j] = 0 end
  end
  for i = 1, n do
    K[i][i] = s.mass[i]
    b[i] = h[i]
    for r = 1, nc do K[i][n + r], K[n + r][i] = -D[r][i], D[r][i] end
  end
  for r = 1, nc do b[n + r] = gam[r] end
  local x = solve(K, b)
  local acc = {}
  for i = 1, n do acc[i] = x[i] end
  return acc
end

-- u = {q; qd} at time T (a whole number of steps h) by Runge-Kutta.
-- how as for accelerations, or "momentum": u = {q; p}, p = M qd, the rates
-- from [M, -D'; D, 0] {qd; sigma} = {p; 0} (Eqs. 13.41-13.47). Returns q,
-- qd and, when s.watch(q, qd) is given, its largest value at every
-- `every`-th step (every step when nil).
local function integrate(s, how, h, T, every)
  local n = #s.q0
  local steps = math.floor(T / h + 0.5)
  local function rates(q, p)
    local D, nc = s.D(q), #s.phi(q)
    local K, b = {}, {}
    for i = 1, n + nc do
      K[i] = {}
      for j = 1, n + nc do K[i][j] = 0 end
    end
    for i = 1, n do
      K[i][i], b[i] = s.mass[i], p[i]
      for r = 1, nc do K[i][n + r], K[n + r][i] = -D[r][i], D[r][i] end
    end
    for r = 1, nc do b[n + r] = 0 end
    local x = solve(K, b)
    local qd = {}
    for i = 1, n do qd[i] = x[i] end
    return qd
  end
  local function split(u)
    local q, v = {}, {}
    for i = 1, n do q[i], v[i] = u[i], u[n + i] end
    return q, v
  end
  local function f(u)
    local q, v = split(u)
    local qd = how == "momentum" and rates(q, v) or v
    local acc = accelerations(s, q, qd, how ~= "momentum" and how or nil)
    local out = {}
    for i = 1, n do
      out[i] = qd[i]
      out[n + i] = how == "momentum" and s.mass[i] * acc[i] or acc[i]
    end
    return out
  end
  local u = {}
  for i = 1, n do
    u[i] = s.q0[i]
    u[n + i] = how == "momentum" and s.mass[i] * s.qd0[i] or s.qd0[i]
  end
  local worst = 0
  u = march(f, u, h, steps, s.watch and function(v, k)
    if every and k % every ~= 0 then return end
    local q, w = split(v)
    if how == "momentum" then w = rates(q, w) end
    worst = math.max(worst, s.watch(q, w))
  end)
  local q, v = split(u)
  if how == "momentum" then v = rates(q, v) end
  return q, v, worst
end

-- a model's run and the value of body.field at its last report
local function last(r, body, field)
  local b = r:body(body)
  return b[field][#r.t]
end

------------------------------------------------------------------ 13.1

-- Two particles on the x axis tied by a spring: free bodies in the plane
-- (nothing moves them off the axis, so no joint is needed). A particle's
-- moment of inertia plays no part (nothing turns it, or a joint holds its
-- angle): it is set to its mass in numbers, which keeps J M^-1 J' well
-- conditioned in the runs with constrained particles.
local function two_particles(d)
  local m = mb.model { name = "two particles and a spring", gravity = { 0, 0 } }
  m:body { name = "p1", mass = d.m1, inertia = d.m1, pos = { d.x1, 0 }, vel = { d.v1, 0 } }
  m:body { name = "p2", mass = d.m2, inertia = d.m2, pos = { d.x2, 0 }, vel = { d.v2, 0 } }
  m:point { name = "p1.c", body = "p1" }
  m:point { name = "p2.c", body = "p2" }
  m:force { name = "spring", type = "spring-damper", points = { "p1.c", "p2.c" }, k = d.k, length = d.L0 }
  return m
end

local function two_particles_by_hand(d)
  return {
    q0 = { d.x1, d.x2 }, qd0 = { d.v1, d.v2 }, mass = { d.m1, d.m2 },
    h = function(q)
      local f = d.k * (q[2] - q[1] - d.L0) -- the spring's tension (x2 > x1)
      return { f, -f }
    end,
    phi = function() return {} end, D = function() return {} end, gamma = function() return {} end,
  }
end

local function omega_two(d) return math.sqrt(d.k * (d.m1 + d.m2) / (d.m1 * d.m2)) end

------------------------------------------------------------------ 13.2

-- Particle 1 slides on the y axis, particle 2 on the x axis, a massless rod
-- L between them: the book's two coordinates y1, x2 are p1.y and p2.x.
local function trammel(d)
  local m = mb.model { name = "particles on the axes", gravity = { 0, 0 } }
  m:body { name = "p1", mass = d.m1, inertia = d.m1, pos = { 0, d.y1 }, vel = { 0, d.y1d } }
  m:body { name = "p2", mass = d.m2, inertia = d.m2, pos = { d.x2, 0 }, vel = { d.x2d, 0 } }
  m:point { name = "A", body = "p1" }
  m:point { name = "B", body = "p2" }
  m:point { name = "O", body = "ground" }
  m:vector { name = "y", body = "ground", dir = { 0, 1 } }
  m:vector { name = "x", body = "ground", dir = { 1, 0 } }
  m:vector { name = "p1.y", body = "p1", dir = { 0, 1 } }
  m:vector { name = "p2.x", body = "p2", dir = { 1, 0 } }
  m:joint { name = "on y", type = "translational", points = { "O", "A" }, vectors = { "y", "p1.y" } }
  m:joint { name = "on x", type = "translational", points = { "O", "B" }, vectors = { "x", "p2.x" } }
  m:joint { name = "rod", type = "rev-rev", points = { "A", "B" }, length = d.L }
  return m
end

-- the rod's row as the program writes rev-rev: (d'd - L^2) / (2L)
local function trammel_by_hand(d)
  return {
    q0 = { d.y1, d.x2 }, qd0 = { d.y1d, d.x2d }, mass = { d.m1, d.m2 },
    h = function() return { 0, 0 } end,
    phi = function(q) return { (q[1] ^ 2 + q[2] ^ 2 - d.L ^ 2) / (2 * d.L) } end,
    D = function(q) return { { q[1] / d.L, q[2] / d.L } } end,
    gamma = function(_, qd) return { -(qd[1] ^ 2 + qd[2] ^ 2) / d.L } end,
    watch = function(q) return math.abs(math.sqrt(q[1] ^ 2 + q[2] ^ 2) - d.L) end,
  }
end

local trammel_data = {
  { name = "m1", value = 2, unit = "kg", what = "particle 1 (on y)", vary = 0.3 },
  { name = "m2", value = 3, unit = "kg", what = "particle 2 (on x)", vary = 0.3 },
  { name = "L", value = 0.5, unit = "m", what = "the rod" },
  { name = "y1", value = 0.3, unit = "m", what = "particle 1's y at t = 0", vary = { abs = 0.1 } },
  { name = "y1d", value = -2, unit = "m/s", what = "particle 1's rate at t = 0", vary = 0.3 },
  { name = "x2", derived = function(d) return math.sqrt(d.L ^ 2 - d.y1 ^ 2) end, unit = "m",
    what = "particle 2's x (the book's 0.4)" },
  { name = "x2d", derived = function(d) return -d.y1 * d.y1d / d.x2 end, unit = "m/s",
    what = "particle 2's rate (the book's 1.5: D qd = 0)" },
}

------------------------------------------------------------------ 13.3, 13.4

-- Two particles A and B on a massless rod L; B on a line through {x0, 0}
-- with normal u (13.3) or on the parabola y = 0.1 + 5 (x - 0.2)^2 (13.4).
-- The book's A is not exactly L from B (0.255 and 0.246 m): ours keeps B
-- and the direction psi from B to the book's A, and puts A at L.
local function rod_points(d)
  local B = { d.xB, d.yB }
  return add(B, scale(d.L, unit(d.psi))), B
end

local line_u = { -0.6, 0.8 }
local function on_line(d)
  local m = mb.model { name = "particle on a line", gravity = { 0, 0 } }
  local A, B = rod_points(d)
  m:body { name = "A", mass = d.mA, inertia = d.mA, pos = A }
  m:body { name = "B", mass = d.mB, inertia = d.mB, pos = B }
  m:point { name = "A.c", body = "A" }
  m:point { name = "B.c", body = "B" }
  m:point { name = "P0", body = "ground", at = { d.x0, 0 } }
  m:point { name = "Q", body = "ground", at = d.Q }
  m:vector { name = "line", body = "ground", dir = perp(scale(-1, line_u)) }
  m:vector { name = "B.line", body = "B", dir = perp(scale(-1, line_u)) }
  m:joint { name = "slide", type = "translational", points = { "P0", "B.c" }, vectors = { "line", "B.line" } }
  m:joint { name = "rod", type = "rev-rev", points = { "A.c", "B.c" }, length = d.L }
  m:force { name = "spring", type = "spring-damper", points = { "Q", "A.c" }, k = d.k, length = d.L0 }
  return m
end

-- q = {xA, yA, xB, yB}; the rod's row as rev-rev (d'd - L^2)/(2L), then
-- the path's row
local function rod_rows(d, q, qd)
  local dx, dy = q[1] - q[3], q[2] - q[4]
  local vx, vy = qd and qd[1] - qd[3], qd and qd[2] - qd[4]
  return (dx * dx + dy * dy - d.L ^ 2) / (2 * d.L), { dx / d.L, dy / d.L, -dx / d.L, -dy / d.L },
    qd and -(vx * vx + vy * vy) / d.L
end
local function length_error(d, q) return math.abs(math.sqrt((q[1] - q[3]) ^ 2 + (q[2] - q[4]) ^ 2) - d.L) end

local function on_line_by_hand(d)
  local A, B = rod_points(d)
  return {
    q0 = { A[1], A[2], B[1], B[2] }, qd0 = { 0, 0, 0, 0 }, mass = { d.mA, d.mA, d.mB, d.mB },
    h = function(q)
      local s = sub({ q[1], q[2] }, d.Q)
      local l = norm(s)
      local f = d.k * (l - d.L0)
      return { -f * s[1] / l, -f * s[2] / l, 0, 0 }
    end,
    phi = function(q) return { (rod_rows(d, q)), line_u[1] * (q[3] - d.x0) + line_u[2] * q[4] } end,
    D = function(q) return { select(2, rod_rows(d, q)), { 0, 0, line_u[1], line_u[2] } } end,
    gamma = function(q, qd) return { select(3, rod_rows(d, q, qd)), 0 } end,
    watch = function(q) return length_error(d, q) end,
  }
end

local function parabola_by_hand(d)
  local A, B = rod_points(d)
  return {
    q0 = { A[1], A[2], B[1], B[2] }, qd0 = { 0, 0, 0, 0 }, mass = { d.mA, d.mA, d.mB, d.mB },
    h = function() return { 0, -d.F, 0, 0 } end,
    phi = function(q) return { (rod_rows(d, q)), q[4] - 0.1 - 5 * (q[3] - 0.2) ^ 2 } end,
    D = function(q) return { select(2, rod_rows(d, q)), { 0, 0, -10 * (q[3] - 0.2), 1 } } end,
    gamma = function(q, qd) return { select(3, rod_rows(d, q, qd)), 10 * qd[3] ^ 2 } end,
    watch = function(q) return length_error(d, q) end,
  }
end

-- Problem 13.4 in the coordinates left once both rows hold: B's x and the
-- rod's angle psi (A = B + L {cos psi, sin psi}); Lagrange's equations
-- M(s) s'' = f - (the quadratic terms), by Runge-Kutta. Returns
-- {xA, yA, xB, yB} at T.
local function parabola_minimal(d, h, T)
  local function accel(x, p, xd, pd)
    local yx, yxx = 10 * (x - 0.2), 10
    -- rB = {x, y(x)}, rA = rB + L e(p); velocities: rB' = {1, yx} xd,
    -- rA' = rB' + L e'(p) pd; kinetic energy 1/2 (mB |rB'|^2 + mA |rA'|^2)
    local e, ep = unit(p), perp(unit(p))
    local a1 = { 1, yx }          -- d rB / dx
    local M11 = (d.mA + d.mB) * (1 + yx * yx)
    local M12 = d.mA * d.L * dot(a1, ep)
    local M22 = d.mA * d.L ^ 2
    -- the velocity-squared terms of the accelerations: rB'' has {0, yxx xd^2},
    -- rA'' adds -L e pd^2
    local cB = { 0, yxx * xd * xd }
    local cA = add(cB, scale(-d.L * pd * pd, e))
    local F = { 0, -d.F }
    local f1 = dot(a1, F) - d.mB * dot(a1, cB) - d.mA * dot(a1, cA)
    local f2 = d.L * dot(ep, F) - d.mA * d.L * dot(ep, cA)
    local s = solve({ { M11, M12 }, { M12, M22 } }, { f1, f2 })
    return s[1], s[2]
  end
  local u = march(function(u)
    local a, b = accel(u[1], u[2], u[3], u[4])
    return { u[3], u[4], a, b }
  end, { d.xB, d.psi, 0, 0 }, h, math.floor(T / h + 0.5))
  local yB = 0.1 + 5 * (u[1] - 0.2) ^ 2
  return { u[1] + d.L * math.cos(u[2]), yB + d.L * math.sin(u[2]), u[1], yB }
end

local function rod_data(more)
  local out = {
    { name = "mA", value = 1, unit = "kg", what = "particle A", vary = 0.3 },
    { name = "mB", value = 2, unit = "kg", what = "particle B", vary = 0.3 },
    { name = "L", value = 0.25, unit = "m", what = "the rod" },
  }
  for _, e in ipairs(more) do out[#out + 1] = e end
  return out
end

local line_data = rod_data {
  { name = "k", value = 100, unit = "N/m", what = "the spring", vary = 0.3 },
  { name = "L0", value = 0.3, unit = "m", what = "its free length", vary = 0.2 },
  { name = "x0", value = 0.2, unit = "m", what = "where the line meets the x axis" },
  { name = "xB", value = 0.8, unit = "m", what = "B's x at t = 0", vary = { abs = 0.1 } },
  { name = "yB", derived = function(d) return 0.75 * (d.xB - d.x0) end, unit = "m", what = "B's y (on the line)" },
  { name = "psi", value = 154, unit = "deg", what = "the rod's angle from x, B to A (the book's A)", vary = { abs = 10, step = 1 } },
  { name = "Q", value = { 0.6, 0.9 }, unit = "m", what = "the spring's ground end", ours = true },
}

local parabola_data = rod_data {
  { name = "F", value = 1, unit = "N", what = "the force on A, along -y", vary = 0.3 },
  { name = "xB", value = 0.5, unit = "m", what = "B's x at t = 0", vary = { abs = 0.05 } },
  { name = "yB", derived = function(d) return 0.1 + 5 * (d.xB - 0.2) ^ 2 end, unit = "m", what = "B's y (on the curve)" },
  { name = "psi", value = 114, unit = "deg", what = "the rod's angle from x, B to A (the book's A)", vary = { abs = 10, step = 1 } },
}

------------------------------------------------------------------ 13.5, 13.6

-- A uniform rod (m, J about its centre, length L) pinned to the ground at
-- O = {0, 0}, starting horizontal along +x and turning clockwise; a
-- spring-damper from its free end to Q = {L, -a}, below the free end's
-- start (ours). Gravity on.
local function rod_on_spring(d)
  local m = mb.model { name = "rod on a spring-damper" }
  m:body { name = "rod", mass = d.m, inertia = d.J, pos = { d.L / 2, 0 }, angle = 0,
    vel = { 0, -d.w0 * d.L / 2 }, omega = -d.w0 }
  m:point { name = "rod.O", body = "rod", at = { -d.L / 2, 0 } }
  m:point { name = "tip", body = "rod", at = { d.L / 2, 0 } }
  m:point { name = "O", body = "ground" }
  m:point { name = "Q", body = "ground", at = { d.L, -d.a } }
  m:joint { name = "pin", type = "revolute", points = { "rod.O", "O" } }
  m:force { name = "spring", type = "spring-damper", points = { "tip", "Q" }, k = d.k, length = d.L0, c = d.c }
  return m
end

-- the moment about O of gravity and the spring-damper at angle p, rate w
local function rod_moment(d, p, w)
  local e = unit(p)
  local tip = scale(d.L, e)
  local s = sub(tip, { d.L, -d.a })
  local l = norm(s)
  local u = scale(1 / l, s)
  local rate = dot(u, scale(w * d.L, perp(e)))
  local F = scale(-(d.k * (l - d.L0) + d.c * rate), u)
  return -d.m * g * d.L / 2 * e[1] + (tip[1] * F[2] - tip[2] * F[1])
end

-- body coordinates by hand: q = {x, y, phi}; the pin's rows as the
-- program's revolute (r + A s_O = 0)
local function rod_by_hand(d)
  local sO = { -d.L / 2, 0 }
  local function A(p, s) return { math.cos(p) * s[1] - math.sin(p) * s[2], math.sin(p) * s[1] + math.cos(p) * s[2] } end
  return {
    q0 = { d.L / 2, 0, 0 }, qd0 = { 0, -d.w0 * d.L / 2, -d.w0 }, mass = { d.m, d.m, d.J },
    h = function(q, qd)
      local r, p = { q[1], q[2] }, q[3]
      local tip = add(r, A(p, { d.L / 2, 0 }))
      local vtip = add({ qd[1], qd[2] }, scale(qd[3], perp(A(p, { d.L / 2, 0 }))))
      local s = sub(tip, { d.L, -d.a })
      local l = norm(s)
      local u = scale(1 / l, s)
      local F = scale(-(d.k * (l - d.L0) + d.c * dot(u, vtip)), u)
      local arm = A(p, { d.L / 2, 0 })
      return { F[1], F[2] - d.m * g, arm[1] * F[2] - arm[2] * F[1] }
    end,
    phi = function(q) local P = add({ q[1], q[2] }, A(q[3], sO)); return { P[1], P[2] } end,
    D = function(q)
      local b = perp(A(q[3], sO))
      return { { 1, 0, b[1] }, { 0, 1, b[2] } }
    end,
    gamma = function(q, qd) local s = A(q[3], sO); return { s[1] * qd[3] ^ 2, s[2] * qd[3] ^ 2 } end,
    watch = function(q) local P = add({ q[1], q[2] }, A(q[3], sO)); return norm(P) end,
  }
end

-- the rod about O alone: I_O phi'' = moment, by Runge-Kutta
local function rod_about_O(d, h, T)
  local I = d.J + d.m * d.L ^ 2 / 4
  local u = march(function(u) return { u[2], rod_moment(d, u[1], u[2]) / I } end, { 0, -d.w0 }, h,
    math.floor(T / h + 0.5))
  return u[1], u[2]
end

-- The rest angle (the stable zero of the moment nearest the start, by a
-- scan and bisection) and the small oscillation about it: I_O, stiffness
-- and damping by differences.
local function rod_linear(d)
  local lo, hi
  for k = 0, 300 do
    for _, p in ipairs { -0.01 * k, 0.01 * k } do
      if not lo and rod_moment(d, p, 0) > 0 and rod_moment(d, p + 0.01, 0) <= 0 then lo, hi = p, p + 0.01 end
    end
  end
  for _ = 1, 100 do
    local mid = (lo + hi) / 2
    if rod_moment(d, mid, 0) > 0 then lo = mid else hi = mid end
  end
  local p = (lo + hi) / 2
  local I = d.J + d.m * d.L ^ 2 / 4
  local eps = 1e-6
  local kt = -(rod_moment(d, p + eps, 0) - rod_moment(d, p - eps, 0)) / (2 * eps)
  local ct = -(rod_moment(d, p, eps) - rod_moment(d, p, -eps)) / (2 * eps)
  local wn = math.sqrt(kt / I)
  return p, wn, ct / (2 * I * wn)
end

local rod_data = {
  { name = "L", value = 0.3, unit = "m", what = "the rod", vary = 0.2 },
  { name = "m", value = 4, unit = "kg", what = "its mass", vary = 0.3 },
  { name = "J", value = 0.03, unit = "kg m^2", what = "its moment of inertia (centre)", vary = 0.3, step = 0.001 },
  { name = "a", value = 0.6, unit = "m", what = "Q's depth below the free end's start", vary = 0.2 },
  { name = "k", value = 100, unit = "N/m", what = "the spring", vary = 0.3 },
  { name = "L0", value = 0.8, unit = "m", what = "its free length", vary = 0.15 },
  { name = "c", value = 20, unit = "N s/m", what = "the damper", vary = 0.3 },
  { name = "w0", value = 1, unit = "rad/s", what = "the rod's rate at t = 0, clockwise", vary = 0.5 },
}

------------------------------------------------------------------ contact

-- the first time a sampled f(i) (i = 1..n over times t) crosses zero
-- upwards after index `from`, by a linear interpolation
local function crossing(t, f, from)
  for i = (from or 1) + 1, #t do
    local a, b = f(i - 1), f(i)
    if a < 0 and b >= 0 then return t[i - 1] + (t[i] - t[i - 1]) * a / (a - b), i - 1, a / (a - b) end
  end
  error("no crossing in the run")
end

-- a body's state at the crossing (i, s) of crossing(): linear between samples
local function state_at(r, name, i, s)
  local b = r:body(name)
  local function at(f) return b[f][i] + s * (b[f][i + 1] - b[f][i]) end
  return { pos = { at("x"), at("y") }, vel = { at("vx"), at("vy") }, angle = at("angle"), omega = at("omega") }
end

-- The complete elliptic integral of the first kind K(k), by the
-- arithmetic-geometric mean: K = pi / (2 AGM(1, sqrt(1 - k^2))).
local function elliptic_K(k)
  local a, b = 1, math.sqrt(1 - k * k)
  for _ = 1, 30 do a, b = (a + b) / 2, math.sqrt(a * b) end
  return math.pi / (2 * a)
end

-- A pendulum model released along +x, run until its body passes under
-- the pivot at the origin (x = 0): the time and the body's state then.
local function swing_to_bottom(m, body)
  local r = m:simulate { tf = 2, dt = 1e-3, tol = 1e-11 }
  local b = r:body(body)
  local t, i, s = crossing(r.t, function(k) return -b.x[k] end)
  return t, state_at(r, body, i, s)
end

-- A sphere (m, J, radius R) on a massless rod or string of length L1 from
-- the pivot O = {0, L0} over the ground y = 0, released along +x at rest.
-- rod: pinned (the sphere turns with the rod); string: a rev-rev joint to
-- the sphere's centre (active = false: slack). law, k: a force law for the
-- ground instead of the impulse; contact = false: no ground.
local function pendulum(d, o)
  o = o or {}
  local m = mb.model { name = "pendulum over the ground" }
  local at = o.at or { pos = { d.L1, d.L0 }, vel = { 0, 0 }, angle = 0, omega = 0 }
  m:body { name = "ball", mass = d.m, inertia = d.J, pos = at.pos, vel = at.vel, angle = at.angle, omega = at.omega }
  m:point { name = "c", body = "ball" }
  m:point { name = "O", body = "ground", at = { 0, d.L0 } }
  if o.string then
    m:joint { name = "string", type = "rev-rev", points = { "c", "O" }, length = d.L1, active = o.active }
  else
    m:point { name = "ball.O", body = "ball", at = { -d.L1, 0 } }
    m:joint { name = "rod", type = "revolute", points = { "ball.O", "O" } }
  end
  if o.contact ~= false then
    m:contact { name = "ground", point = "c", radius = d.R, e = d.e, law = o.law, k = o.k }
  end
  return m
end

-- The fall by hand: the angle theta from +x (down negative) of a pendulum of
-- moment I about O, from rest along +x, until the sphere's centre is R above
-- the ground (sin theta = -(L0 - R) / L1); Runge-Kutta at 1e-4 s and a
-- linear interpolation of the last step. Returns the time and the rate.
local function fall_by_hand(d, I)
  local target = -(d.L0 - d.R) / d.L1
  local function f(u) return { u[2], -d.m * g * d.L1 * math.cos(u[1]) / I } end
  local u, t, h = { 0, 0 }, 0, 1e-4
  while true do
    local nxt = rk4(f, u, h)
    if math.sin(nxt[1]) <= target then
      local a, b = math.sin(u[1]) - target, math.sin(nxt[1]) - target
      local s = a / (a - b)
      return t + s * h, u[2] + s * (nxt[2] - u[2]), math.asin(target)
    end
    u, t = nxt, t + h
  end
end

-- From the angle th0 at the rate w0 (up, positive) back to th0: the time.
local function flight_by_hand(d, I, th0, w0)
  local function f(u) return { u[2], -d.m * g * d.L1 * math.cos(u[1]) / I } end
  local u, t, h = { th0, w0 }, 0, 1e-4
  while true do
    local nxt = rk4(f, u, h)
    if nxt[1] <= th0 and nxt[2] < 0 then
      local s = (u[1] - th0) / (u[1] - nxt[1])
      return t + s * h
    end
    u, t = nxt, t + h
  end
end

local function law_force(k, e, delta, rate, approach)
  if delta <= 0 then return 0 end
  return math.max(0, k * delta ^ 1.5 * (1 + 3 * (1 - e * e) / 4 * rate / approach))
end

local function pendulum_data(more)
  local out = {
    { name = "L0", value = 0.5, unit = "m", what = "the pivot's height over the ground", vary = 0.15 },
    { name = "L1", value = 1, unit = "m", what = "pivot to the sphere's centre", vary = 0.15 },
    { name = "R", value = 0.1, unit = "m", what = "the sphere's radius", vary = 0.2 },
    { name = "m", value = 1, unit = "kg", what = "the sphere", vary = 0.3 },
    { name = "J", value = 0.004, unit = "kg m^2", what = "its moment of inertia", vary = 0.3, step = 0.0001 },
  }
  for _, e in ipairs(more or {}) do out[#out + 1] = e end
  return out
end

------------------------------------------------------------------ runs

-- the violations the studies watch, at report i of a run
local function trammel_gap(d)
  return function(r, i) return math.abs(math.sqrt(r:body("p1").y[i] ^ 2 + r:body("p2").x[i] ^ 2) - d.L) end
end
local function rod_gap(d)
  return function(r, i)
    local a, b = r:body("A"), r:body("B")
    return math.abs(math.sqrt((a.x[i] - b.x[i]) ^ 2 + (a.y[i] - b.y[i]) ^ 2) - d.L)
  end
end
local function pin_gap(d)
  return function(r, i)
    local b = r:body("rod")
    return norm { b.x[i] - d.L / 2 * math.cos(b.angle[i]), b.y[i] - d.L / 2 * math.sin(b.angle[i]) }
  end
end
local function largest_gap(r, gap)
  local worst = 0
  for i = 1, #r.t do worst = math.max(worst, gap(r, i)) end
  return worst
end

-- The runs of a study: each { h = step (nil: ode45 at tol 1e-9, reports
-- every 0.02 s), alpha = (Baumgarte), mc = (penalty), momentum = true }.
local function run(m, spec, T)
  local o = { tf = T, dt = spec.h or 0.02, formulation = spec.formulation }
  if spec.h then o.integrator, o.h = "rk4", spec.h else o.tol = 1e-9 end
  if spec.alpha then o.stabilization, o.alpha, o.beta = "baumgarte", spec.alpha, spec.alpha end
  if spec.mc then o.stabilization, o.mc, o.zeta, o.omega = "penalty", spec.mc, 1, 20 * math.pi end
  if spec.momentum then o.stabilization = "momentum" end
  return m:simulate(o)
end

-- the same run of the equations written out: ode45's by a step of 0.005
local function run_by_hand(s, spec, T, every)
  local how = spec.alpha and { alpha = spec.alpha, beta = spec.alpha }
    or spec.mc and { mc = spec.mc, zeta = 1, omega = 20 * math.pi, split = spec.split }
    or spec.momentum and "momentum" or spec.how
  local h = spec.h or spec.mc and 0.0025 or 0.005
  return integrate(s, how, h, T, every or (spec.h and 1 or math.floor(0.02 / h + 0.5)))
end

local penalties = { { mc = 1000 }, { mc = 100 }, { mc = 10 }, { mc = 1 } }

-- the largest violation of each penalty run, by the program and by hand
local function penalty_gaps(m, gap, T, formulation)
  local out = {}
  for i, spec in ipairs(penalties) do
    out[i] = largest_gap(run(m, { mc = spec.mc, formulation = formulation }, T), gap)
  end
  return out
end
local function penalty_gaps_by_hand(s, T, split)
  local out = {}
  for i, spec in ipairs(penalties) do out[i] = select(3, run_by_hand(s, { mc = spec.mc, split = split }, T)) end
  return out
end

local function written_study(extra)
  return [[
With the step well below a tenth of the shortest period the fixed-step runs follow the
ode45 benchmark closely; near a tenth they drift visibly, and beyond it the answer is
wrong (amplitude lost or gained, the phase off) although nothing warns. Constraint
violations grow with the step as well, since Eq. 13.23 keeps only the accelerations on
the constraints; the positions and velocities wander off them and the error feeds on
itself. ]] .. (extra or "")
end

------------------------------------------------------------------ problems

local steps_13_2 = { {}, { h = 0.02 }, { h = 0.1 }, { h = 0.14 }, { h = 0.14, alpha = 2 } }
local steps_13_3 = { {}, { h = 0.02 }, { h = 0.1 }, { h = 0.15 }, { h = 0.15, alpha = 2 } }
local steps_13_4 = { {}, { h = 0.02 }, { h = 0.1 }, { h = 0.15 }, { h = 0.15, alpha = 2 }, { h = 0.15, alpha = 5 } }
local steps_13_5 = { {}, { h = 0.02 }, { h = 0.1 }, { h = 0.2 }, { h = 0.2, alpha = 2 }, { alpha = 2 } }

-- A's x and y at T of each run of a study of the rod systems (13.3, 13.4):
-- by the program or by the hand-written equations (how for the fixed
-- steps: "standard" or "two-step"; ode45's run by `benchmark`)
local function rod_study_by_hand(s, steps, T, how, benchmark)
  local xA, yA, drift = {}, {}, {}
  for i, spec in ipairs(steps) do
    local q
    if not spec.h and not spec.alpha and benchmark then
      q = benchmark()
    else
      q = run_by_hand(s, { h = spec.h, alpha = spec.alpha, how = how }, T)
    end
    xA[i], yA[i] = q[1], q[2]
    if spec.h then drift[#drift + 1] = length_error(s.d, q) end
  end
  return xA, yA, { drift[2], drift[3], drift[4] }
end

-- The systems of Problems 13.8 and 13.9 from their shared data: the book's
-- values but for the masses (and forces) that the data set
local function book(list, over)
  local d = {}
  for _, e in ipairs(list) do
    if e.derived then d[e.name] = e.derived(d)
    else
      local v = e.value
      if e.unit == "deg" then v = math.rad(v) end
      d[e.name] = over[e.name] or v
    end
  end
  return d
end
local trammel_book, line_book, parabola_book, rod_book = trammel_data, line_data, parabola_data, rod_data
local function systems_13_8(d)
  return {
    trammel = book(trammel_book, { m1 = d.m1, m2 = d.m2 }),
    line = book(line_book, { mA = d.mA, mB = d.mB, k = d.k }),
    parabola = book(parabola_book, { mA = d.mA, mB = d.mB, F = d.F }),
    rod = book(rod_book, { m = d.m, c = d.c }),
  }
end

-- Problem 13.10 (ours, after the figure): the sphere flies at v, alpha below
-- x, onto the top face y = 0 of block 2 (centre 0.1 below it), which slides
-- on a vertical guide and hangs on a spring at rest; the sphere reaches the
-- face at t = gap.
local function sphere_and_block(d, gap)
  local m = mb.model { name = "sphere and sprung block", gravity = { 0, 0 } }
  local v = { d.v * math.cos(d.alpha), -d.v * math.sin(d.alpha) }
  m:body { name = "sphere", mass = d.m1, inertia = d.J1, pos = { -v[1] * gap, d.R - v[2] * gap }, vel = v }
  m:point { name = "sphere.c", body = "sphere" }
  m:body { name = "block", mass = d.m2, inertia = 0.1, pos = { 0, -0.1 } }
  m:point { name = "block.c", body = "block" }
  m:point { name = "face", body = "block", at = { 0, 0.1 } }
  m:vector { name = "n", body = "block", dir = { 0, 1 } }
  m:point { name = "guide", body = "ground", at = { 0, -0.1 } }
  m:point { name = "base", body = "ground", at = { 0, -3.1 } } -- far below the swing
  m:vector { name = "up", body = "ground", dir = { 0, 1 } }
  m:joint { name = "guide", type = "translational", points = { "guide", "block.c" }, vectors = { "up", "n" } }
  m:force { name = "spring", type = "spring-damper", points = { "base", "block.c" }, k = d.k, length = 3 }
  m:contact { name = "hit", point = "sphere.c", radius = d.R, line = { "face", "n" }, e = d.e }
  return m
end

-- Problem 13.14: the sphere of 13.13 with the string a stiff spring ks that
-- only pulls (a user force) and the ground a Lankarani-Nikravesh contact.
local function elastic_string(d)
  local m = pendulum(d, { string = true, active = false, law = "lankarani-nikravesh", k = d.k })
  m:force { name = "string", type = "user", fn = function(_, s)
    local b = s:body("ball")
    local dx, dy = b.x, b.y - d.L0
    local l = math.sqrt(dx * dx + dy * dy)
    if l <= d.L1 then return {} end
    local f = d.ks * (l - d.L1)
    return { { body = "ball", force = { -f * dx / l, -f * dy / l } } }
  end }
  return m
end

-- Problem 13.15 (ours, after the figure): the sphere moves along x towards
-- the block's face L0 ahead; the block's string runs from its centre to
-- the anchor h beside its path. taut: the string on, from the block's
-- state `at` (the sphere left out).
local function sphere_block_string(d, at, taut)
  local m = mb.model { name = "sphere, block and string", gravity = { 0, 0 } }
  if not taut then
    m:body { name = "sphere", mass = d.m1, inertia = d.J1, pos = { -d.L1 - d.L0 - d.R, 0 }, vel = { d.v, 0 } }
    m:point { name = "sphere.c", body = "sphere" }
  end
  at = at or { pos = { 0, 0 }, vel = { 0, 0 }, angle = 0, omega = 0 }
  m:body { name = "block", mass = d.m2, inertia = d.J2, pos = at.pos, vel = at.vel, angle = at.angle, omega = at.omega }
  m:point { name = "block.c", body = "block" }
  m:point { name = "face", body = "block", at = { -d.L1, 0 } }
  m:vector { name = "n", body = "block", dir = { -1, 0 } }
  m:point { name = "anchor", body = "ground", at = { 0, -d.h } }
  m:joint { name = "string", type = "rev-rev", points = { "block.c", "anchor" }, length = d.L2, active = taut or false }
  if not taut then m:contact { name = "hit", point = "sphere.c", radius = d.R, line = { "face", "n" }, e = d.e } end
  return m
end

-- Example 13.9's pendulums: pivots at {2R, 0} and {0, 0}, balls on rods L
-- (pinned: the balls turn with them); pendulum 1 (the right one) released
-- theta0 from the vertical; Hertz's contact (law "spring", n = 1.5).
local function hertz_pendulums(d)
  local m = mb.model { name = "Example 13.9's pendulums, Hertz" }
  for i, start in ipairs { d.theta0, 0 } do
    local O = { i == 1 and 2 * d.R or 0, 0 }
    local a = -math.pi / 2 + start
    local name = "ball" .. i
    m:body { name = name, mass = d.m, inertia = d.m * d.R ^ 2 / 2, pos = add(O, scale(d.L, unit(a))), angle = a }
    m:point { name = name .. ".c", body = name }
    m:point { name = name .. ".O", body = name, at = { -d.L, 0 } }
    m:point { name = "O" .. i, body = "ground", at = O }
    m:joint { name = "O" .. i, type = "revolute", points = { name .. ".O", "O" .. i } }
  end
  m:contact { name = "hit", type = "circles", points = { "ball2.c", "ball1.c" }, radii = { d.R, d.R },
    law = "spring", k = d.k, n = 1.5 }
  return m
end

-- Problems 13.17 and 13.18: the sphere on a string L1 from the pivot at the
-- origin, released along +x; from `at` (the vertical) on the string L1 - L0
-- from the peg {0, -L0}, or free when held is false.
local function peg_pendulum(d, at, held)
  local m = mb.model { name = "string pendulum and peg" }
  at = at or { pos = { d.L1, 0 }, vel = { 0, 0 }, angle = 0, omega = 0 }
  m:body { name = "ball", mass = d.m, inertia = d.J, pos = at.pos, vel = at.vel, angle = at.angle, omega = at.omega }
  m:point { name = "c", body = "ball" }
  if held ~= false then
    local peg = at.pos[1] == d.L1 and { 0, 0 } or { 0, -d.L0 }
    m:point { name = "P", body = "ground", at = peg }
    m:joint { name = "string", type = "rev-rev", points = { "c", "P" }, length = norm(sub(at.pos, peg)) }
  end
  return m
end

-- Problem 13.19 (ours, after the figure): the disc on a rev-rev rod L1 from
-- the pivot at the origin, released along +x spinning at w0; body 2's face
-- at x = -R meets it at the bottom. contact = false: no block.
local function disc_and_block(d, at, contact)
  local m = mb.model { name = "spinning disc and block" }
  at = at or { pos = { d.L1, 0 }, vel = { 0, 0 }, angle = 0, omega = d.w0 }
  m:body { name = "disc", mass = d.m1, inertia = d.J, pos = at.pos, vel = at.vel, angle = at.angle, omega = at.omega }
  m:point { name = "c", body = "disc" }
  m:point { name = "O", body = "ground" }
  m:joint { name = "rod", type = "rev-rev", points = { "c", "O" }, length = d.L1 }
  if contact ~= false then
    m:body { name = "block", mass = d.m2, inertia = 0.1, pos = { -d.R - 0.1, -d.L1 } }
    m:point { name = "block.c", body = "block" }
    m:point { name = "face", body = "block", at = { 0.1, 0 } }
    m:vector { name = "n", body = "block", dir = { 1, 0 } }
    m:point { name = "rail", body = "ground", at = { 0, -d.L1 } }
    m:vector { name = "x", body = "ground", dir = { 1, 0 } }
    m:joint { name = "guide", type = "translational", points = { "rail", "block.c" }, vectors = { "x", "n" } }
    m:contact { name = "hit", point = "c", radius = d.R, line = { "face", "n" }, e = d.e, mu = d.mu_d }
  end
  return m
end

-- Problem 13.10 by hand: after the first impact the sphere flies up at
-- v1y and body 2 swings, y2 = (v2 / w) sin(w t); the time they meet again
-- within body 2's first swing (nil if they do not), and w
local function second_meeting(d)
  local vn = -d.v * math.sin(d.alpha)
  local M = d.m1 + d.m2
  local v1y, v2 = (d.m1 - d.e * d.m2) / M * vn, d.m1 * (1 + d.e) / M * vn
  local w = math.sqrt(d.k / d.m2)
  local function gap(t) return v1y * t - v2 / w * math.sin(w * t) end
  local hi = math.pi / w
  while gap(hi) > 0 do
    hi = hi + 1e-3
    if hi > 2 * math.pi / w then return nil end
  end
  local lo = hi - 1e-3
  for _ = 1, 60 do
    local mid = (lo + hi) / 2
    if gap(mid) > 0 then lo = mid else hi = mid end
  end
  return (lo + hi) / 2, w
end

-- Problem 13.13 by hand: nil when the sphere bounces more than 15 times
-- before the string is taut (the bouncing would die out first)
local function string_by_hand(d)
  -- the fall about O (no spin: I = m L1^2), the smooth bounces (only the
  -- vertical speed turns over, times e), projectiles between them until
  -- |r - O| = L1, then the velocity without its part along the string
  local t1, w, th = fall_by_hand(d, d.m * d.L1 ^ 2)
  local r0 = { d.L1 * math.cos(th), d.R }
  local v = scale(w * d.L1, { -math.sin(th), math.cos(th) })
  v = { v[1], -d.e * v[2] }
  local first, total, bounces = v, t1, -1
  while bounces < 15 do
    bounces = bounces + 1
    local function at(t) return { r0[1] + v[1] * t, r0[2] + v[2] * t - g * t * t / 2 } end
    local function out(t) local p = at(t); return p[1] ^ 2 + (p[2] - d.L0) ^ 2 - d.L1 ^ 2 end
    local land = 2 * v[2] / g
    local hi = 1e-3
    while hi < land and out(hi) < 0 do hi = hi + 1e-3 end
    if hi < land or out(land) >= 0 then
      local lo = hi - 1e-3
      for _ = 1, 60 do
        local mid = (lo + hi) / 2
        if out(mid) < 0 then lo = mid else hi = mid end
      end
      local t = (lo + hi) / 2
      local p, vt = at(t), { v[1], v[2] - g * t }
      local u = scale(1 / d.L1, { p[1], p[2] - d.L0 })
      return { v_bounce = first, bounces = bounces, t_taut = total + t, v_taut = sub(vt, scale(dot(vt, u), u)) }
    end
    r0, v, total = at(land), { v[1], d.e * v[2] }, total + land
    r0[2] = d.R
  end
  return nil -- the bouncing dies out first
end

return {
  chapter = 13,
  title = "Forward dynamic analysis",
  problems = {
    ------------------------------------------------------------------ 13.1
    { number = "13.1",
      title = "Two particles and a spring: RK4's step against ode45",
      text = [[
Two particles (m1, m2) move on the x axis, tied by a spring (k, free length L0). Write
their equations of motion in the two coordinates x1, x2 (no constraints, Eq. 13.1) and
integrate them for 5 s: ode45 (tight tolerances, as the chapter recommends) and RK4 at
dt = 0.02, 0.10 and 0.20 s. Give x1 at t = 5 s from each run, the period of the
oscillation, and say what the runs show.]],
      build = "two free bodies and a spring-damper; m:simulate{ integrator = \"rk4\", h = ... } and the default ode45",
      data = {
        { name = "m1", value = 2, unit = "kg", what = "particle 1", vary = 0.3 },
        { name = "m2", value = 3, unit = "kg", what = "particle 2", vary = 0.3 },
        { name = "k", value = 50, unit = "N/m", what = "the spring", vary = 0.3 },
        { name = "L0", value = 0.3, unit = "m", what = "its free length", vary = 0.2 },
        { name = "x1", value = 0.2, unit = "m", what = "particle 1 at t = 0", vary = { abs = 0.05 } },
        { name = "x2", value = 0.6, unit = "m", what = "particle 2 at t = 0", vary = { abs = 0.05 } },
        { name = "v1", value = -0.1, unit = "m/s", what = "particle 1's rate", vary = 0.5 },
        { name = "v2", value = 0.1, unit = "m/s", what = "particle 2's rate", vary = 0.5 },
      },
      -- dt = 0.2 stays past tau/10 and inside RK4's stability (omega h < 2.8)
      valid = function(d) local w = omega_two(d); return w * 0.2 > 1 and w * 0.2 < 1.8 end,
      asks = {
        { name = "tau", what = "the period of the oscillation", unit = "s" },
        { name = "x1_ode45", what = "x1 at t = 5 s by ode45", unit = "m" },
        { name = "x1_rk4", what = "x1 at t = 5 s by RK4 at dt = 0.02, 0.10, 0.20", unit = "m" },
      },
      answers = function(d)
        local m = two_particles(d)
        local md = m:modes {}
        local x = {}
        for i, h in ipairs { 0.02, 0.1, 0.2 } do x[i] = last(run(m, { h = h }, 5), "p1", "x") end
        return { tau = 1 / md.frequency[#md.frequency], x1_ode45 = last(run(m, {}, 5), "p1", "x"), x1_rk4 = x }
      end,
      verify = function(d)
        -- the mass centre drifts at a constant rate; the stretch z = x2 - x1 - L0
        -- oscillates at omega^2 = k (m1 + m2) / (m1 m2)
        local w, M = omega_two(d), d.m1 + d.m2
        local xc = (d.m1 * d.x1 + d.m2 * d.x2 + (d.m1 * d.v1 + d.m2 * d.v2) * 5) / M
        local z0, zd0 = d.x2 - d.x1 - d.L0, d.v2 - d.v1
        local z = z0 * math.cos(w * 5) + zd0 / w * math.sin(w * 5)
        local x = {}
        for i, h in ipairs { 0.02, 0.1, 0.2 } do x[i] = integrate(two_particles_by_hand(d), nil, h, 5)[1] end
        return { tau = 2 * math.pi / w, x1_ode45 = xc - d.m2 / M * (z + d.L0), x1_rk4 = x }
      end,
      mistakes = {
        tau = { { value = function(d) return 2 * math.pi / math.sqrt(d.k / d.m1) end,
          say = "particle 2 moves too: the spring sees the reduced mass m1 m2 / (m1 + m2)." } },
      },
      hints = {
        "Nothing pushes the particles off the x axis: two free bodies and one spring are the whole model.",
        "omega^2 = k (m1 + m2) / (m1 m2); Eq. 13.12 asks for dt below a tenth of 2 pi / omega.",
        "`r = m:simulate{ tf = 5, dt = 0.1, integrator = \"rk4\", h = 0.1 }`; `r:body(\"p1\").x[#r.t]`.",
      },
      model = two_particles,
      written = [[
tau is about 0.97 s, so Eq. 13.12 allows about 0.1 s. RK4 at 0.02 s matches ode45 to many
digits, at 0.10 s it is still close (the step sits at the limit), at 0.20 s the
oscillation loses amplitude and shifts phase: a fixed step must be chosen from the
fastest motion, and only a comparison with a smaller step (or ode45) reveals the error.]] },

    ------------------------------------------------------------------ 13.2
    { number = "13.2",
      title = "Particles on the axes: step size and Baumgarte",
      text = [[
Particle 1 (m1) slides on the y axis and particle 2 (m2) on the x axis; a massless rod L
joins them; no external force. Write the equations in the two coordinates y1, x2 with
one constraint (Eq. 13.23) and integrate from the given state: ode45 (tight), RK4 at dt =
0.02, 0.10 and 0.14, and RK4 at 0.14 with Baumgarte's alpha = beta = 2 (Eq. 13.31). Give
y1 at t = 4.2 s (a whole number of steps of every dt) from each of the five runs, the
rod's length error |sqrt(y1^2 + x2^2) - L| then for RK4 at 0.10 and 0.14 without and at
0.14 with Baumgarte, and say what you conclude.]],
      build = "two bodies on translational joints along the axes and a rev-rev rod; m:simulate with rk4 and stabilization = \"baumgarte\"",
      data = trammel_data,
      valid = function(d) return pcall(run, trammel(d), { h = 0.14 }, 4.2) end,
      asks = {
        { name = "y1", what = "y1 at 4.2 s: ode45, RK4 0.02, 0.10, 0.14, 0.14 + Baumgarte", unit = "m" },
        { name = "drift", what = "the length error at 4.2 s: RK4 0.10, 0.14, 0.14 + Baumgarte", unit = "m" },
      },
      answers = function(d)
        local m, y1, drift = trammel(d), {}, {}
        for i, spec in ipairs(steps_13_2) do
          local r = run(m, spec, 4.2)
          y1[i] = last(r, "p1", "y")
          if i >= 3 then drift[i - 2] = trammel_gap(d)(r, #r.t) end
        end
        return { y1 = y1, drift = drift }
      end,
      verify = function(d)
        local s, y1, drift = trammel_by_hand(d), {}, {}
        for i, spec in ipairs(steps_13_2) do
          local q = run_by_hand(s, spec, 4.2)
          y1[i] = q[1]
          if i >= 3 then drift[i - 2] = s.watch(q) end
        end
        return { y1 = y1, drift = drift }
      end,
      hints = {
        "Two coordinates, one constraint y1^2 + x2^2 - L^2 = 0: q'' and lambda from Eq. 13.23 at every stage of RK4.",
        "Baumgarte replaces gamma by gamma - 2 alpha Phi' - beta^2 Phi; the program takes stabilization = \"baumgarte\", alpha, beta.",
        "`for _, h in ipairs{0.02, 0.1, 0.14} do r = m:simulate{ tf = 4.2, dt = h, integrator = \"rk4\", h = h } ... end`",
      },
      model = trammel,
      written = written_study [[
At 0.14 s RK4 without a remedy lets the rod stretch by a sizeable fraction of L and y1 is
meaningless; Baumgarte's terms pull the positions back towards the constraint and keep
the violation two orders smaller, but the motion still lags the benchmark: stabilization
repairs the constraint, not the integrator's truncation error.]] },

    ------------------------------------------------------------------ 13.3
    { number = "13.3",
      title = "A particle on a line and a spring: paths by step",
      text = [[
Particles A (mA) and B (mB) are joined by a massless rod L; B slides on the line through
{x0, 0} with unit normal u = {-0.6, 0.8}; a spring (k, L0) ties A to the ground point Q
(ours, for the figure); no gravity; released at rest. The book's A is 0.255 m from its B:
ours keeps B and the direction psi from B to the book's A and puts A at L. Write the
equations in four coordinates with two constraints and integrate: ode45 (tight), RK4 at
dt = 0.02, 0.10, 0.15 and RK4 at 0.15 with alpha = beta = 2. Give A's x and y at t = 4.5
s from each run, the rod's length error then for RK4 0.10, 0.15 and 0.15 with Baumgarte,
and say what the paths show.]],
      build = "bodies A and B, a translational joint for B, a rev-rev rod, a spring; m:simulate by step",
      data = line_data,
      asks = {
        { name = "xA", what = "A's x at 4.5 s: ode45, RK4 0.02, 0.10, 0.15, 0.15 + Baumgarte", unit = "m" },
        { name = "yA", what = "A's y at 4.5 s, the same five runs", unit = "m" },
        { name = "drift", what = "the length error at 4.5 s: RK4 0.10, 0.15, 0.15 + Baumgarte", unit = "m" },
      },
      answers = function(d)
        local m, xA, yA, drift = on_line(d), {}, {}, {}
        for i, spec in ipairs(steps_13_3) do
          local r = run(m, spec, 4.5)
          xA[i], yA[i] = last(r, "A", "x"), last(r, "A", "y")
          if i >= 3 then drift[i - 2] = rod_gap(d)(r, #r.t) end
        end
        return { xA = xA, yA = yA, drift = drift }
      end,
      verify = function(d)
        -- the equations written out, solved by Eqs. 13.25-13.26 (Baumgarte's
        -- runs by Eq. 13.23 with its terms)
        local s = on_line_by_hand(d)
        s.d = d
        local xA, yA, drift = rod_study_by_hand(s, steps_13_3, 4.5, "two-step")
        return { xA = xA, yA = yA, drift = drift }
      end,
      hints = {
        "q = {xA, yA, xB, yB}: the rod's row and u'(rB - {x0, 0}) = 0; the spring acts on A alone.",
        "A translational joint along the line holds B; a rev-rev joint of length L is the massless rod.",
        "`r = m:simulate{ tf = 4.5, dt = 0.15, integrator = \"rk4\", h = 0.15, stabilization = \"baumgarte\", alpha = 2, beta = 2 }`",
      },
      model = on_line,
      written = written_study [[
The paths of ode45 and RK4 at 0.02 s lie on each other; at 0.15 s A's path drifts away
from the circle about B and B leaves nothing behind to correct it, until Baumgarte's
terms bring the rod's length back.]] },

    ------------------------------------------------------------------ 13.4
    { number = "13.4",
      title = "A particle on a parabola: paths by step",
      text = [[
Particles A (mA) and B (mB) are joined by a massless rod L; B slides on the curve y = 0.1
+ 5 (x - 0.2)^2; a constant force F acts on A along -y; released at rest. The book's A is
0.246 m from its B: ours keeps B and the direction psi from B to the book's A and puts A
at L. Write the equations in four coordinates with two constraints and integrate: ode45
(tight), RK4 at dt = 0.02, 0.10, 0.15 and RK4 at 0.15 with alpha = beta = 2 and with
alpha = beta = 5. Give A's x and y at t = 4.5 s from each run, the rod's length error then
for RK4 0.10, 0.15 and 0.15 with alpha = beta = 2, and say what you conclude.]],
      build = "the equations written out: M, Phi, D, gamma, h as Lua functions, Eq. 13.23 at each stage of your own RK4",
      data = parabola_data,
      asks = {
        { name = "xA", what = "A's x at 4.5 s: ode45, RK4 0.02, 0.10, 0.15, + alpha 2, + alpha 5", unit = "m" },
        { name = "yA", what = "A's y at 4.5 s, the same six runs", unit = "m" },
        { name = "drift", what = "the length error at 4.5 s: RK4 0.10, 0.15, 0.15 + alpha 2", unit = "m" },
      },
      answers = function(d)
        local s = parabola_by_hand(d)
        s.d = d
        local xA, yA, drift = rod_study_by_hand(s, steps_13_4, 4.5, "standard")
        return { xA = xA, yA = yA, drift = drift }
      end,
      verify = function(d)
        -- the fixed steps again through Eqs. 13.25-13.26; ode45's run in the
        -- two coordinates left (B's x and the rod's angle), by Lagrange
        local s = parabola_by_hand(d)
        s.d = d
        local xA, yA, drift = rod_study_by_hand(s, steps_13_4, 4.5, "two-step",
          function() return parabola_minimal(d, 0.005, 4.5) end)
        return { xA = xA, yA = yA, drift = drift }
      end,
      hints = {
        "The curve's row: yB - 0.1 - 5 (xB - 0.2)^2 = 0, with D row {0, 0, -10 (xB - 0.2), 1} and gamma = 10 xB'^2.",
        "The program has no joint for a curve: write M, Phi, D, gamma and h yourself and solve Eq. 13.23 inside your RK4 step.",
        "Baumgarte: gamma - 2 alpha D q' - beta^2 Phi in place of gamma.",
      },
      written = written_study [[
Both Baumgarte runs keep the rod near its length; alpha = beta = 5 holds it closer than
2, but with a step as coarse as 0.15 s larger values soon make the stabilised equations
themselves stiff for RK4, so the remedy cannot replace a sensible step.]] },

    ------------------------------------------------------------------ 13.5
    { number = "13.5",
      title = "A rod on a spring-damper in body coordinates",
      text = [[
A uniform rod (L, m, J about its centre) is pinned to the ground at one end O. Ours, for
the figure: O = {0, 0}, the rod starts along +x turning clockwise at w0, and a
spring-damper (k, L0, c) joins its free end to Q = {L, -a} below it; gravity acts. Write
the equations in body coordinates (three coordinates, the pin's two rows) and integrate
for 5 s: ode45, RK4 at dt = 0.02, 0.10, 0.20, RK4 at 0.20 with alpha = beta = 2, and
ode45 with alpha = beta = 2. Give the rod's angle at 5 s from each run, the pin's gap
(the distance of the rod's end from O) at 5 s for RK4 0.10, 0.20 and 0.20 with
Baumgarte, and what you conclude.]],
      build = "a rod, a revolute joint to the ground and a spring-damper; m:simulate by step, with and without Baumgarte",
      data = rod_data,
      valid = function(d)
        local _, wn, zeta = rod_linear(d)
        return zeta < 0.95 and wn * 0.2 < 2.2 and pcall(run, rod_on_spring(d), { h = 0.2 }, 5)
      end,
      asks = {
        { name = "phi", what = "the rod's angle at 5 s: ode45, RK4 0.02, 0.10, 0.20, 0.20 + B., ode45 + B.", unit = "rad" },
        { name = "drift", what = "the pin's gap at 5 s: RK4 0.10, 0.20, 0.20 + Baumgarte", unit = "m" },
      },
      answers = function(d)
        local m, phi, drift = rod_on_spring(d), {}, {}
        for i, spec in ipairs(steps_13_5) do
          local r = run(m, spec, 5)
          phi[i] = last(r, "rod", "angle")
          if i >= 3 and i <= 5 then drift[i - 2] = pin_gap(d)(r, #r.t) end
        end
        return { phi = phi, drift = drift }
      end,
      verify = function(d)
        -- the fixed steps in body coordinates written out; ode45's runs as
        -- the rod about O (one coordinate, where Baumgarte has nothing to do)
        local s, phi, drift = rod_by_hand(d), {}, {}
        for i, spec in ipairs(steps_13_5) do
          if spec.h then
            local q = run_by_hand(s, spec, 5)
            phi[i] = q[3]
            if i >= 3 then drift[#drift + 1] = s.watch(q) end
          else
            phi[i] = rod_about_O(d, 0.005, 5)
          end
        end
        return { phi = phi, drift = drift }
      end,
      mistakes = {
        phi = { { value = function(_, ref) return scale(-1, ref.phi) end, say = "clockwise is negative: the rod starts turning down." } },
      },
      hints = {
        "q = {x, y, phi} of the rod; the pin's rows r + A s_O = 0; the spring-damper's force at the free end and its moment.",
        "Compare the pin's gap of each run: only the runs without a remedy let it grow.",
        "`m:simulate{ tf = 5, dt = 0.2, integrator = \"rk4\", h = 0.2, stabilization = \"baumgarte\", alpha = 2, beta = 2 }`",
      },
      model = rod_on_spring,
      written = written_study [[
The damper settles the rod at its rest angle within a few seconds, so the answers differ
less at 5 s than during the swing; the pin's gap still shows the step's effect, and
ode45 with Baumgarte gives the benchmark's angle.]] },

    ------------------------------------------------------------------ 13.6
    { number = "13.6",
      title = "The rod in joint coordinates: choosing RK4's step",
      text = [[
Problem 13.5's rod in joint coordinates (the pin's angle alone). Estimate the natural
frequency of its small oscillation about the rest angle and its damping ratio (from an
ode45 plot, or from the linearised equation), the period tau = 2 pi / omega_n, and the
largest step dt = tau / 10 of Eq. 13.12 rounded down to 0.01 s. Then run RK4 with dt,
2 dt and 3 dt and give the angle at t = 6 dt (a whole number of steps of each) from each.]],
      build = "the model of Problem 13.5; m:modes, then m:simulate{ formulation = \"joint\", integrator = \"rk4\", ... }",
      data = rod_data,
      valid = function(d) local _, wn, zeta = rod_linear(d); return zeta < 0.95 and wn * 0.2 < 2.2 end,
      asks = {
        { name = "omega_n", what = "the natural frequency", unit = "rad/s", tol = 2e-3 },
        { name = "zeta", what = "the damping ratio", unit = "", tol = 2e-3 },
        { name = "tau", what = "the period 2 pi / omega_n", unit = "s", tol = 2e-3 },
        { name = "dt", what = "tau / 10 rounded down to 0.01 s", unit = "s" },
        { name = "phi", what = "the angle at t = 6 dt: RK4 dt, 2 dt, 3 dt", unit = "rad" },
      },
      answers = function(d)
        local m = rod_on_spring(d)
        local md = m:modes { stable = true }
        local wn = 2 * math.pi * md.frequency[1]
        local tau = 2 * math.pi / wn
        local dt = math.floor(tau / 10 * 100 + 1e-9) / 100
        local phi = {}
        for k = 1, 3 do
          local h = k * dt
          local r = m:simulate { formulation = "joint", integrator = "rk4", h = h, dt = h, tf = 6 * dt }
          phi[k] = last(r, "rod", "angle")
        end
        return { omega_n = wn, zeta = md.damping[1], tau = tau, dt = dt, phi = phi }
      end,
      verify = function(d)
        local _, wn, zeta = rod_linear(d)
        local tau = 2 * math.pi / wn
        local dt = math.floor(tau / 10 * 100 + 1e-9) / 100
        local phi = {}
        for k = 1, 3 do
          local h = k * dt
          phi[k] = rod_about_O(d, h, 6 * dt)
        end
        return { omega_n = wn, zeta = zeta, tau = tau, dt = dt, phi = phi }
      end,
      mistakes = {
        omega_n = { { value = function(d) return math.sqrt(d.k / d.m) end,
          say = "the rod turns about O: the stiffness and inertia about the pin, not k / m." } },
      },
      hints = {
        "About the rest angle the rod obeys I_O phi'' + c_t phi' + k_t phi = 0: k_t and c_t from how the moment about O changes.",
        "m:modes{} gives md.frequency (Hz) and md.damping; omega_n = 2 pi f.",
        "`m:simulate{ formulation = \"joint\", integrator = \"rk4\", h = dt, dt = dt, tf = 6 * dt }`",
      },
      model = rod_on_spring,
      written = [[
RK4 at dt follows ode45 closely; at 2 dt the angle is still near, at 3 dt the run is
past the rule and its error shows, the more so the less damping there is. The damped
period read from the plot is a little longer than 2 pi / omega_n; for the step the
undamped value is the safe one.]] },

    ------------------------------------------------------------------ 13.7
    { number = "13.7",
      title = "The penalty method on Problem 13.2",
      text = [[
Integrate Problem 13.2's system for 5 s in its two coordinates y1, x2 (only the rod's
row is a constraint; in the program, joint coordinates) by the penalty method (Eq.
13.40) with ode45, zeta = 1, omega = 20 pi and mc = 1000, 100, 10 and 1 kg, and by the
standard method (Eq. 13.23). Give y1 at t = 1 s of the standard run and of the four
penalty runs, the largest length error |sqrt(y1^2 + x2^2) - L| of each penalty run at
the reports every 0.02 s over the first second, and what you conclude.]],
      build = "the model of Problem 13.2; m:simulate{ formulation = \"joint\", stabilization = \"penalty\", mc = ..., ... }",
      data = trammel_data,
      asks = {
        { name = "y1", what = "y1 at 1 s: standard, then mc = 1000, 100, 10, 1", unit = "m", tol = 2e-3 },
        { name = "gap", what = "the largest length error to 1 s, mc = 1000, 100, 10, 1", unit = "m", tol = 2e-2 },
      },
      answers = function(d)
        -- joint coordinates: the slides are the book's y1 and x2, the rod the
        -- one row the penalty softens
        local m, y1 = trammel(d), {}
        y1[1] = last(run(m, { formulation = "joint" }, 1), "p1", "y")
        for i, spec in ipairs(penalties) do
          y1[i + 1] = last(run(m, { mc = spec.mc, formulation = "joint" }, 1), "p1", "y")
        end
        return { y1 = y1, gap = penalty_gaps(m, trammel_gap(d), 1, "joint") }
      end,
      verify = function(d)
        local s, y1 = trammel_by_hand(d), {}
        y1[1] = run_by_hand(s, {}, 1)[1]
        for i, spec in ipairs(penalties) do y1[i + 1] = run_by_hand(s, spec, 1)[1] end
        return { y1 = y1, gap = penalty_gaps_by_hand(s, 1) }
      end,
      hints = {
        "Eq. 13.40: (M + mc D'D) q'' = h - mc D'(-gamma + 2 zeta omega Phi' + omega^2 Phi): one n x n system, no multipliers.",
        "The violation scales about as 1 / mc: the constraint is a spring of stiffness mc omega^2.",
        "`m:simulate{ formulation = \"joint\", tf = 1, dt = 0.02, tol = 1e-9, stabilization = \"penalty\", mc = 100, zeta = 1, omega = 20 * math.pi }`",
      },
      model = trammel,
      written = [[
With mc = 1000 the penalty run matches the standard one and the rod's length error is
tiny; each tenfold drop of mc makes the error about ten times larger, since the
constraint becomes a softer spring (stiffness mc omega^2). At mc = 1 the rod stretches
by a visible fraction and the motion departs from the standard run. The method needs no
multipliers and tolerates redundant rows, but its accuracy rests on a large mc.]] },

    ------------------------------------------------------------------ 13.8
    { number = "13.8",
      title = "The penalty method on Problems 13.3, 13.4 and 13.5",
      text = [[
Repeat Problem 13.7 (mc = 1000, 100, 10 and 1 kg, zeta = 1, omega = 20 pi) for the
systems of Problems 13.3 (the particle on a line), 13.4 (the particle on the parabola)
and 13.5 (the rod on a spring-damper), with the data below (the other data as in those
problems). For each system and each mc give the largest violation at the reports every
0.02 s over the first 0.5 s: the rod's length error for 13.3 and 13.4, the pin's gap
for 13.5.]],
      build = "the models of 13.3 and 13.5 with stabilization = \"penalty\"; 13.4's equations written out with Eq. 13.40",
      data = {
        { name = "mA", value = 1, unit = "kg", what = "particle A (13.3, 13.4)", vary = 0.3 },
        { name = "mB", value = 2, unit = "kg", what = "particle B (13.3, 13.4)", vary = 0.3 },
        { name = "k", value = 100, unit = "N/m", what = "the spring of 13.3", vary = 0.3 },
        { name = "F", value = 1, unit = "N", what = "the force on A in 13.4", vary = 0.3 },
        { name = "m", value = 4, unit = "kg", what = "the rod of 13.5", vary = 0.3 },
        { name = "c", value = 20, unit = "N s/m", what = "the damper of 13.5", vary = 0.3 },
      },
      asks = {
        { name = "line", what = "13.3: the largest length error, mc = 1000, 100, 10, 1", unit = "m", tol = 2e-2 },
        { name = "parabola", what = "13.4: the same", unit = "m", tol = 2e-2 },
        { name = "rod", what = "13.5: the largest pin gap, mc = 1000, 100, 10, 1", unit = "m", tol = 2e-2 },
      },
      answers = function(d)
        local sys = systems_13_8(d)
        return {
          line = penalty_gaps(on_line(sys.line), rod_gap(sys.line), 0.5),
          parabola = penalty_gaps_by_hand(parabola_by_hand(sys.parabola), 0.5),
          rod = penalty_gaps(rod_on_spring(sys.rod), pin_gap(sys.rod), 0.5),
        }
      end,
      verify = function(d)
        -- 13.3 and 13.5 written out (Eq. 13.40); 13.4 through the multipliers
        -- (D M^-1 D' + I/mc) lambda = -(D M^-1 h + e)
        local sys = systems_13_8(d)
        return {
          line = penalty_gaps_by_hand(on_line_by_hand(sys.line), 0.5),
          parabola = penalty_gaps_by_hand(parabola_by_hand(sys.parabola), 0.5, true),
          rod = penalty_gaps_by_hand(rod_by_hand(sys.rod), 0.5),
        }
      end,
      hints = {
        "The violation of each system falls about tenfold with each tenfold rise of mc.",
        "Eq. 13.40 needs only D, gamma, Phi and Phi' of each row: the same pieces as Eq. 13.23.",
        "`m:simulate{ tf = 0.5, dt = 0.02, tol = 1e-9, stabilization = \"penalty\", mc = 10, zeta = 1, omega = 20 * math.pi }`",
      },
      written = [[
In every system the violation is roughly inversely proportional to mc: the penalty turns
each constraint into a stiff spring-damper whose stretch is the constraint force over
mc omega^2. With mc a thousand times the largest mass the constraints hold to a fraction
of a millimetre, at mc = 1 they visibly give; a larger omega would stiffen them too, at
the cost of smaller steps.]] },

    ------------------------------------------------------------------ 13.9
    { number = "13.9",
      title = "The momentum method on Problems 13.2 to 13.5",
      text = [[
Integrate the systems of Problems 13.2, 13.3, 13.4 and 13.5 (the data below, the rest as
there) by the momentum method of Sec. 13.3.5 (u = {q; p}, p = M q', the rates from
[M, -D'; D, 0] {q'; sigma} = {p; 0}) with RK4 at the coarse steps of those problems:
0.10 s (13.2, to 4.2 s), 0.15 s (13.3 and 13.4, to 4.5 s) and 0.20 s (13.5, to 5 s).
Give, at the end of each run, the position violation (the rod's length error, the pin's
gap) by the momentum method and by the standard method at the same step, and whether the
momentum method's velocities meet D q' = 0 there to round-off.]],
      build = "the models with m:simulate{ integrator = \"rk4\", h = ..., stabilization = \"momentum\" }; 13.4 written out",
      data = {
        { name = "m1", value = 2, unit = "kg", what = "particle 1 of 13.2", vary = 0.3 },
        { name = "m2", value = 3, unit = "kg", what = "particle 2 of 13.2", vary = 0.3 },
        { name = "mA", value = 1, unit = "kg", what = "particle A (13.3, 13.4)", vary = 0.3 },
        { name = "mB", value = 2, unit = "kg", what = "particle B (13.3, 13.4)", vary = 0.3 },
        { name = "m", value = 4, unit = "kg", what = "the rod of 13.5", vary = 0.3 },
      },
      valid = function(d)
        local sys = systems_13_8(d)
        return pcall(run, trammel(sys.trammel), { h = 0.1 }, 4.2) and pcall(run, rod_on_spring(sys.rod), { h = 0.2 }, 5)
          and pcall(run, trammel(sys.trammel), { h = 0.1, momentum = true }, 4.2)
          and pcall(run, rod_on_spring(sys.rod), { h = 0.2, momentum = true }, 5)
      end,
      asks = {
        { name = "momentum", what = "the violation at the end: 13.2, 13.3, 13.4, 13.5, momentum", unit = "m" },
        { name = "standard", what = "the same by the standard method", unit = "m" },
        { name = "velocities", what = "D q' = 0 holds at the end (momentum)", unit = "", kind = "choice" },
      },
      answers = function(d)
        local sys = systems_13_8(d)
        local function ends(spec)
          local out, held = {}, true
          local r = run(trammel(sys.trammel), { h = 0.1, momentum = spec.momentum }, 4.2)
          out[1] = trammel_gap(sys.trammel)(r, #r.t)
          local n, a, b = #r.t, r:body("p1"), r:body("p2")
          held = held and math.abs(a.y[n] * a.vy[n] + b.x[n] * b.vx[n]) < 1e-9
          r = run(on_line(sys.line), { h = 0.15, momentum = spec.momentum }, 4.5)
          out[2] = rod_gap(sys.line)(r, #r.t)
          local q, v = integrate(parabola_by_hand(sys.parabola), spec.momentum and "momentum" or nil, 0.15, 4.5)
          out[3] = length_error(sys.parabola, q)
          local D = parabola_by_hand(sys.parabola).D(q)
          for _, row in ipairs(D) do
            local sum = 0
            for k = 1, 4 do sum = sum + row[k] * v[k] end
            held = held and math.abs(sum) < 1e-9
          end
          r = run(rod_on_spring(sys.rod), { h = 0.2, momentum = spec.momentum }, 5)
          out[4] = pin_gap(sys.rod)(r, #r.t)
          return out, held
        end
        local momentum, held = ends { momentum = true }
        return { momentum = momentum, standard = ends {}, velocities = held }
      end,
      verify = function(d)
        local sys = systems_13_8(d)
        local out = { momentum = {}, standard = {} }
        local held = true
        for _, how in ipairs { "momentum", "standard" } do
          for i, c in ipairs { { trammel_by_hand(sys.trammel), 0.1, 4.2 }, { on_line_by_hand(sys.line), 0.15, 4.5 },
            { parabola_by_hand(sys.parabola), 0.15, 4.5 }, { rod_by_hand(sys.rod), 0.2, 5 } } do
            local q, v = integrate(c[1], how == "momentum" and "momentum" or nil, c[2], c[3])
            out[how][i] = c[1].watch(q)
            if how == "momentum" then
              for _, row in ipairs(c[1].D(q)) do
                local sum = 0
                for k = 1, #v do sum = sum + row[k] * v[k] end
                held = held and math.abs(sum) < 1e-9
              end
            end
          end
        end
        out.velocities = held
        return out
      end,
      hints = {
        "The momenta p = M q' are integrated; the rates come from a solve that imposes D q' = 0 at every stage.",
        "Compare the position violation of both methods at the same step: the momentum method removes only the velocity-level part of the drift.",
        "`m:simulate{ tf = 4.2, dt = 0.1, integrator = \"rk4\", h = 0.1, stabilization = \"momentum\" }`",
      },
      written = [[
The momentum method's velocities meet the velocity constraints exactly at every report,
since they are found from the momenta with D q' = 0 imposed; the positions still drift,
because integrating rates that are tangent to the constraints at each stage does not
keep a curved constraint satisfied. Its drift is usually smaller than the standard
method's at the same step, but it is not zero, so a coarse step still needs a check.]] },

    ------------------------------------------------------------------ 13.10
    { number = "13.10",
      title = "A sphere strikes a block on a spring: two impacts",
      text = [[
Sphere 1 (m1, J1; radius R, ours) flies at speed v, alpha below the x axis (ours, for
the figure), onto the flat top of body 2 (m2), which only translates vertically on a
spring k that is at rest at the start; no gravity; e at every impact. (The book's list
says m1 twice: the second is body 2's mass.) Run the piecewise method (Eq. 11.27 at each
impact, the integration restarted after it) and give: the sphere's velocity and body 2's
vertical velocity just after the first impact, the time from the first impact to the
second (body 2 swings back up and catches the sphere), and the separation speed after
the second impact.]],
      build = "a sphere, a block on a vertical translational joint and a spring; m:contact{ point, radius, line = {...}, e }; m:simulate and r.impacts",
      data = {
        { name = "v", value = 10, unit = "m/s", what = "the sphere's speed", vary = 0.3 },
        { name = "m1", value = 1, unit = "kg", what = "the sphere", vary = 0.2 },
        { name = "J1", value = 0.004, unit = "kg m^2", what = "its moment of inertia", vary = 0.3, step = 0.0001 },
        { name = "m2", value = 2, unit = "kg", what = "body 2", vary = 0.2 },
        { name = "k", value = 20, unit = "N/m", what = "the spring", vary = 0.3 },
        { name = "e", value = 0.6, unit = "", what = "restitution", vary = { abs = 0.1 } },
        { name = "alpha", value = 30, unit = "deg", what = "the path below x", ours = true, vary = { abs = 10, step = 1 } },
        { name = "R", value = 0.05, unit = "m", what = "the sphere's radius", ours = true },
      },
      -- the sphere bounces off upwards, and body 2 catches it in its first swing
      valid = function(d) return d.m1 < d.e * d.m2 and second_meeting(d) ~= nil end,
      asks = {
        { name = "v1", what = "the sphere's velocity after the first impact", unit = "m/s" },
        { name = "v2", what = "body 2's vertical velocity after it", unit = "m/s" },
        { name = "t2", what = "the time from the first impact to the second", unit = "s" },
        { name = "opening2", what = "the separation speed after the second", unit = "m/s" },
      },
      answers = function(d)
        local hit = sphere_and_block(d, 0):impact("hit")
        local r = sphere_and_block(d, 0.02):simulate { tf = 0.02 + 3 * math.pi * math.sqrt(d.m2 / d.k), dt = 0.01 }
        local i1, i2 = r.impacts[1], assert(r.impacts[2], "no second impact")
        return { v1 = { hit.bodies.sphere.vx, hit.bodies.sphere.vy }, v2 = hit.bodies.block.vy,
          t2 = i2.t - i1.t, opening2 = i2.opening }
      end,
      verify = function(d)
        -- along the normal (y) a two-body impact; x and the spin are kept
        local vn = -d.v * math.sin(d.alpha)
        local M = d.m1 + d.m2
        local v1y = (d.m1 - d.e * d.m2) / M * vn
        local v2 = d.m1 * (1 + d.e) / M * vn
        local t2, w = second_meeting(d)
        local closing = v2 * math.cos(w * t2) - v1y
        return { v1 = { d.v * math.cos(d.alpha), v1y }, v2 = v2, t2 = t2, opening2 = d.e * closing }
      end,
      mistakes = {
        v2 = { { value = function(d) return -(1 + d.e) * d.v * math.sin(d.alpha) * d.m1 / d.m2 end,
          say = "the sphere's momentum is shared: the jump of body 2 has m1 / (m1 + m2), not m1 / m2." } },
        t2 = { { value = function(d) return math.pi * math.sqrt(d.m2 / d.k) end,
          say = "half a period brings body 2 back to where it was, but the sphere has moved on: solve for where they meet." } },
      },
      hints = {
        "Along the normal: momentum of both bodies and e on the relative speed; along the face the sphere keeps its velocity.",
        "Between impacts body 2 is a mass on a spring: y2 = (v2 / omega) sin(omega t); the sphere moves at its constant velocity.",
        "`r = m:simulate{ tf = 3, dt = 0.01 }`: r.impacts[2].t - r.impacts[1].t, r.impacts[2].opening.",
      },
      model = function(d) return sphere_and_block(d, 0.02) end },

    ------------------------------------------------------------------ 13.11
    { number = "13.11",
      title = "A rod pendulum falls onto the ground: piecewise",
      text = [[
A sphere (m, J, radius R) on a massless rod L1 swings about a pivot L0 above the ground
(ours, for the figure: L0 is the pivot's height, L1 reaches the sphere's centre). It is
released at rest with the rod horizontal, falls under gravity and strikes the ground
with restitution e. Run the piecewise method and give the time of the first impact, the
sphere's normal (vertical) speed just before and just after it, and the time from the
first impact to the second.]],
      build = "a sphere pinned at L1 from the pivot, m:contact{ point = \"c\", radius = R, e = e } with the ground; r.impacts",
      data = pendulum_data { { name = "e", value = 0.8, unit = "", what = "restitution", vary = { abs = 0.1 } } },
      asks = {
        { name = "t1", what = "the time of the first impact", unit = "s" },
        { name = "closing", what = "the vertical speed just before it", unit = "m/s" },
        { name = "opening", what = "the vertical speed just after it", unit = "m/s" },
        { name = "t2", what = "the time from the first impact to the second", unit = "s" },
      },
      answers = function(d)
        -- the bouncing may die out before tf (the impulse law then stops the
        -- run): the samples up to there are kept in the model's .last
        local m = pendulum(d)
        local ok, r = pcall(m.simulate, m, { tf = 2, dt = 0.01 })
        if not ok then r = m.last end
        local i1, i2 = r.impacts[1], assert(r.impacts[2], "no second impact")
        return { t1 = i1.t, closing = i1.closing, opening = i1.opening, t2 = i2.t - i1.t }
      end,
      verify = function(d)
        -- the fall and the rise about O by Runge-Kutta, the speed by energy,
        -- the jump of one degree of freedom: the rate turns over times e
        local I = d.m * d.L1 ^ 2 + d.J
        local t1, _, th = fall_by_hand(d, I)
        local w = math.sqrt(2 * d.m * g * d.L1 * -math.sin(th) / I)
        local closing = w * d.L1 * math.cos(th)
        return { t1 = t1, closing = closing, opening = d.e * closing, t2 = flight_by_hand(d, I, th, d.e * w) }
      end,
      mistakes = {
        closing = { { value = function(d) return math.sqrt(2 * g * (d.L0 - d.R)) end,
          say = "that is a free fall; on the rod the sphere moves along a circle, and J slows it a little too." } },
      },
      hints = {
        "The sphere touches when its centre is R above the ground: L0 + L1 sin(theta) = R.",
        "With one degree of freedom and no friction the normal speed simply turns over times e at each impact.",
        "`r = m:simulate{ tf = 2, dt = 0.01 }`: r.impacts[1].t, .closing, .opening.",
      },
      model = function(d) return pendulum(d) end },

    ------------------------------------------------------------------ 13.12
    { number = "13.12",
      title = "The rod pendulum and the ground: a continuous contact",
      text = [[
Problem 13.11 again with a continuous contact: the ground pushes the sphere with the
Lankarani-Nikravesh law (Sec. 11.2, n = 1.5) of stiffness k (ours) and restitution e.
Give the time the first contact starts, its rebound ratio (vertical speed after over
before), the deepest penetration and how long the contact lasts.]],
      build = "the model of Problem 13.11 with m:contact{ ..., law = \"lankarani-nikravesh\", k = k, e = e }",
      data = pendulum_data {
        { name = "e", value = 0.8, unit = "", what = "restitution", vary = { abs = 0.1 } },
        { name = "k", value = 1e9, unit = "N/m^1.5", what = "the contact's stiffness", ours = true, vary = 0.5, step = 1e7 },
      },
      asks = {
        { name = "t1", what = "the time the first contact starts", unit = "s" },
        { name = "ratio", what = "its rebound ratio", unit = "", tol = 2e-3 },
        { name = "depth", what = "the deepest penetration", unit = "m", tol = 3e-3 },
        { name = "duration", what = "how long it lasts", unit = "s", tol = 3e-3 },
      },
      answers = function(d)
        local r = pendulum(d, { law = "lankarani-nikravesh", k = d.k }):simulate { tf = 0.6, dt = 0.01, tol = 1e-10 }
        local i1 = r.impacts[1]
        return { t1 = i1.t, ratio = i1.opening / i1.closing, depth = i1.depth, duration = i1.duration }
      end,
      verify = function(d)
        -- the fall as in 13.11, then the contact in the rod's angle by
        -- Runge-Kutta at 1e-6 s: I theta'' = (F - m g) L1 cos(theta)
        local I = d.m * d.L1 ^ 2 + d.J
        local t1, w, th = fall_by_hand(d, I)
        local approach = -w * d.L1 * math.cos(th)
        local function delta(u) return d.R - d.L0 - d.L1 * math.sin(u[1]) end
        local function f(u)
          local F = law_force(d.k, d.e, delta(u), -d.L1 * math.cos(u[1]) * u[2], approach)
          return { u[2], (F - d.m * g) * d.L1 * math.cos(u[1]) / I }
        end
        local u, t, h, deepest = { th, w }, 0, 1e-6, 0
        while true do
          local nxt = rk4(f, u, h)
          deepest = math.max(deepest, delta(nxt))
          if delta(nxt) < 0 then
            local s = delta(u) / (delta(u) - delta(nxt))
            local rate = u[2] + s * (nxt[2] - u[2])
            return { t1 = t1, ratio = rate * d.L1 * math.cos(th) / approach, depth = deepest, duration = t + s * h }
          end
          u, t = nxt, t + h
        end
      end,
      hints = {
        "The contact starts where the piecewise impact was: the fall is the same.",
        "During the contact the force is k delta^1.5 (1 + 3 (1 - e^2) / 4 * delta' / approach): it pushes, never pulls.",
        "`r.impacts[1]` of a force law also has depth and duration.",
      },
      model = function(d) return pendulum(d, { law = "lankarani-nikravesh", k = d.k }) end,
      written = [[
The contact lasts well under a millisecond, so the pendulum barely turns while it acts
and the rebound ratio is close to e (for this law a little above it at moderate e); the
integrator has to take tiny steps through the contact, which the piecewise method avoids
at the price of a model of the impact itself.]] },

    ------------------------------------------------------------------ 13.13
    { number = "13.13",
      title = "A string pendulum bounces: slack and taut again",
      text = [[
Problem 13.11 with a massless string in place of the rod (ours: tied to the sphere's
centre, so the sphere does not turn). It falls as a pendulum and strikes the ground
(restitution e, smooth ground); the bounce sends it towards the pivot, so the string goes
slack and the sphere flies and bounces freely until the string is taut again, which adds
the string's constraint with a jump of the velocities (Sec. 13.5, a plastic jump along
the string). Give the sphere's velocity just after the first bounce, how many more times
it strikes the ground while the string is slack, the time from release at which the
string is taut again, and the velocity just after that.]],
      build = "a rev-rev joint as the string (active = false while slack); m:impact at the ground; a free flight; m:correct() when taut",
      data = pendulum_data { { name = "e", value = 0.8, unit = "", what = "restitution", vary = { abs = 0.1 } } },
      valid = function(d)
        local _, _, th = fall_by_hand(d, d.m * d.L1 ^ 2)
        return math.abs(math.sin(th)) > 0.2 and string_by_hand(d) ~= nil -- taut before the bouncing dies out
      end,
      asks = {
        { name = "v_bounce", what = "the velocity just after the first bounce", unit = "m/s" },
        { name = "bounces", what = "the ground impacts after it while slack", unit = "", tol = 0 },
        { name = "t_taut", what = "the time from release when the string is taut", unit = "s", tol = 2e-3 },
        { name = "v_taut", what = "the velocity just after it tightens", unit = "m/s", tol = 3e-3 },
      },
      answers = function(d)
        local t1 = pendulum(d, { string = true }):simulate { tf = 1, dt = 0.01 }.impacts[1].t
        local fall = pendulum(d, { string = true, contact = false }):simulate { tf = t1, dt = t1 / 40, tol = 1e-11 }
        local at = state_at(fall, "ball", #fall.t - 1, 1)
        local hit = pendulum(d, { string = true, active = false, at = at }):impact("ground")
        at.vel = { hit.bodies.ball.vx, hit.bodies.ball.vy }
        -- the bouncing may die out later (the impulse law then stops the run):
        -- the samples up to there are kept in the model's .last
        local free = pendulum(d, { string = true, active = false, at = at })
        local ok, flight = pcall(free.simulate, free, { tf = 4, dt = 1e-3, tol = 1e-11 })
        if not ok then flight = free.last end
        local b = flight:body("ball")
        local t, i, s = crossing(flight.t, function(k) return norm { b.x[k], b.y[k] - d.L0 } - d.L1 end, 2)
        local bounces = 0
        for _, e in ipairs(flight.impacts) do if e.t < t then bounces = bounces + 1 end end
        local taut = pendulum(d, { string = true, contact = false, at = state_at(flight, "ball", i, s) })
        local c = taut:correct().ball
        return { v_bounce = at.vel, bounces = bounces, t_taut = t1 + t, v_taut = { c.vx, c.vy } }
      end,
      verify = function(d) return string_by_hand(d) end,
      mistakes = {
        v_bounce = { { value = function(d, ref) return { -d.e * ref.v_bounce[1], ref.v_bounce[2] } end,
          say = "smooth ground: only the vertical speed turns over; the horizontal one is kept." } },
      },
      hints = {
        "Before the bounce the string is taut and the sphere swings; at the bounce only the sphere meets the ground.",
        "While slack the sphere is a projectile between bounces: find when its distance from the pivot is L1 again.",
        "A string that snaps taut removes the velocity along it (no rebound): v - (v . u) u.",
      },
      model = function(d) return pendulum(d, { string = true }) end,
      written = [[
Repeating the cycle (swing, bounce, free flight, snap) gives the several impacts the book
asks for; each snap loses the radial part of the velocity, so the motion decays even
with e = 1.]] },

    ------------------------------------------------------------------ 13.14
    { number = "13.14",
      title = "The string pendulum with continuous models",
      text = [[
Problem 13.13 with continuous models throughout: the ground pushes with the
Lankarani-Nikravesh law (k, e; ours) and the string is a stiff spring ks that only pulls
(ours: a user force, zero while the sphere is closer to the pivot than L1). Give the time
the first ground contact starts, its rebound ratio (vertical speed after over before),
and the time from release at which the string pulls again.]],
      build = "m:force{ type = \"user\", fn = ... } for the string, m:contact{ law = \"lankarani-nikravesh\", ... }; one m:simulate",
      data = pendulum_data {
        { name = "e", value = 0.8, unit = "", what = "restitution", vary = { abs = 0.1 } },
        { name = "k", value = 1e9, unit = "N/m^1.5", what = "the contact's stiffness", ours = true, vary = 0.5, step = 1e7 },
        { name = "ks", value = 1e5, unit = "N/m", what = "the string's stiffness", ours = true, vary = 0.5, step = 1e3 },
      },
      valid = function(d)
        local _, _, th = fall_by_hand(d, d.m * d.L1 ^ 2)
        return math.abs(math.sin(th)) > 0.2
      end,
      asks = {
        { name = "t1", what = "the time the ground contact starts", unit = "s", tol = 2e-3 },
        { name = "ratio", what = "its rebound ratio", unit = "", tol = 3e-3 },
        { name = "t_taut", what = "the time from release the string pulls again", unit = "s", tol = 3e-3 },
      },
      answers = function(d)
        -- most strings are taut again within 2 s; the run is cut there (a Lua
        -- force is called at every step) unless it is not
        local r = elastic_string(d):simulate { tf = 2, dt = 1e-3, tol = 1e-10 }
        local ball = r:body("ball")
        if not pcall(crossing, r.t, function(k) return norm { ball.x[k], ball.y[k] - d.L0 } - d.L1 end, 2) then
          r = elastic_string(d):simulate { tf = 4, dt = 1e-3, tol = 1e-10 }
        end
        local i1 = r.impacts[1]
        local b = r:body("ball")
        local after = math.floor((i1.t + i1.duration) / 1e-3) + 2
        local t = crossing(r.t, function(k) return norm { b.x[k], b.y[k] - d.L0 } - d.L1 end, after)
        return { t1 = i1.t, ratio = i1.opening / i1.closing, t_taut = t }
      end,
      verify = function(d)
        -- the same sphere by hand: {x, y, vx, vy} by Runge-Kutta, 1e-4 s
        -- steps, 2e-6 s near the ground, 1e-3 s in free flight; the string's
        -- and the ground's forces
        local approach -- of the contact under way
        local function f(u)
          local dx, dy = u[1], u[2] - d.L0
          local l = math.sqrt(dx * dx + dy * dy)
          local fx, fy = 0, -d.m * g
          if l > d.L1 then fx, fy = fx - d.ks * (l - d.L1) * dx / l, fy - d.ks * (l - d.L1) * dy / l end
          if approach then fy = fy + law_force(d.k, d.e, d.R - u[2], -u[4], approach) end
          return { u[3], u[4], fx / d.m, fy / d.m }
        end
        local u, t = { d.L1, d.L0, 0, 0 }, 0
        local t1, closing, opening, left
        while true do
          -- a slack string and no ground near: a parabola, which RK4 follows
          -- exactly at any step
          local l = math.sqrt(u[1] ^ 2 + (u[2] - d.L0) ^ 2)
          local h = u[2] - d.R < 1e-4 and 2e-6 or (l > d.L1 - 2e-3 or u[2] - d.R < 1e-2) and 1e-4 or 1e-3
          local nxt = rk4(f, u, h)
          local a, b = u[2] - d.R, nxt[2] - d.R
          if not approach and b <= 0 then
            -- a contact starts: step only onto its start, where it closes
            h = h * a / (a - b)
            nxt = rk4(f, u, h)
            approach = -nxt[4]
            if not t1 then t1, closing = t + h, approach end
          elseif approach and b > 0 then
            if not opening then opening = u[4] + (nxt[4] - u[4]) * a / (a - b) end
            approach, left = nil, true
          end
          if left then
            local la = math.sqrt(u[1] ^ 2 + (u[2] - d.L0) ^ 2) - d.L1
            local lb = math.sqrt(nxt[1] ^ 2 + (nxt[2] - d.L0) ^ 2) - d.L1
            if la < 0 and lb >= 0 then
              return { t1 = t1, ratio = opening / closing, t_taut = t + h * la / (la - lb) }
            end
          end
          u, t = nxt, t + h
        end
      end,
      hints = {
        "The string's force: ks (l - L1) towards the pivot when l > L1, none otherwise; a user force returns it by body.",
        "The ground's push ends when the penetration is gone; the string pulls again when the distance reaches L1.",
        "`m:force{ name = \"string\", type = \"user\", fn = function(t, s) local b = s:body(\"ball\") ... end }`",
      },
      model = function(d) return elastic_string(d) end,
      written = [[
The continuous run gives nearly the same times as the piecewise one of Problem 13.13,
but it needs tiny steps through the contact and while the stiff string is taut (its
frequency sqrt(ks / m) is high); when the string snaps taut it now bounces elastically
instead of losing the radial velocity, unless a damper is added to it.]] },

    ------------------------------------------------------------------ 13.15
    { number = "13.15",
      title = "A sphere strikes a block on a string: impact, then taut",
      text = [[
On a smooth horizontal table (no gravity in the plane) a sphere (m1, J1; radius R, ours)
moves at speed v (ours) along x towards a block (m2, J2) whose face is L0 ahead of the
sphere; the block's half-width is L1 (ours, for the figure). A string of length L2 ties
the block's centre to an anchor h beside its path (ours), slack at the start. Work (a)
the impact (restitution e) and (b) the moment the block's string becomes taut, which
adds its constraint with a jump (Sec. 13.5). Give the time of the impact, the sphere's
and the block's x velocities after it, the time the string becomes taut and the block's
velocity just after.]],
      build = "two bodies, m:contact against the block's face, a rev-rev string (active = false); r.impacts, then m:correct() with the string on",
      data = {
        { name = "v", value = 1, unit = "m/s", what = "the sphere's speed", ours = true, vary = 0.3 },
        { name = "L0", value = 0.4, unit = "m", what = "the gap to the block's face", vary = 0.2 },
        { name = "L1", value = 0.1, unit = "m", what = "the block's half-width", vary = 0.2 },
        { name = "m1", value = 1, unit = "kg", what = "the sphere", vary = 0.3 },
        { name = "J1", value = 0.001, unit = "kg m^2", what = "its moment of inertia", vary = 0.3, step = 0.0001 },
        { name = "m2", value = 2, unit = "kg", what = "the block", vary = 0.3 },
        { name = "J2", value = 0.01, unit = "kg m^2", what = "its moment of inertia", vary = 0.3 },
        { name = "e", value = 0.9, unit = "", what = "restitution", vary = { abs = 0.05 } },
        { name = "L2", value = 1, unit = "m", what = "the string", vary = 0.2 },
        { name = "h", value = 0.6, unit = "m", what = "the anchor beside the block's path", ours = true, vary = 0.2 },
        { name = "R", value = 0.05, unit = "m", what = "the sphere's radius", ours = true },
      },
      valid = function(d) return d.h < 0.9 * d.L2 and d.m1 < d.e * d.m2 end,
      asks = {
        { name = "t_hit", what = "the time of the impact", unit = "s" },
        { name = "v1", what = "the sphere's x velocity after it", unit = "m/s" },
        { name = "v2", what = "the block's x velocity after it", unit = "m/s" },
        { name = "t_taut", what = "the time the string becomes taut", unit = "s", tol = 2e-3 },
        { name = "v_taut", what = "the block's velocity just after", unit = "m/s", tol = 2e-3 },
      },
      answers = function(d)
        local go = math.sqrt(d.L2 ^ 2 - d.h ^ 2)
        local t_hit = d.L0 / d.v
        local r = sphere_block_string(d):simulate { tf = 1.5 * (t_hit + go / (d.v * 0.2)), dt = 1e-3, tol = 1e-11 }
        local i1 = r.impacts[1]
        local mid = math.floor(i1.t / 1e-3) + 3
        local b = r:body("block")
        local t, i, s = crossing(r.t, function(k) return norm { b.x[k], b.y[k] + d.h } - d.L2 end, mid)
        local taut = sphere_block_string(d, state_at(r, "block", i, s), true)
        local c = taut:correct().block
        return { t_hit = i1.t, v1 = r:body("sphere").vx[mid], v2 = b.vx[mid], t_taut = t, v_taut = { c.vx, c.vy } }
      end,
      verify = function(d)
        local M = d.m1 + d.m2
        local v1, v2 = (d.m1 - d.e * d.m2) / M * d.v, (1 + d.e) * d.m1 / M * d.v
        local go = math.sqrt(d.L2 ^ 2 - d.h ^ 2)
        local u = { go / d.L2, d.h / d.L2 } -- from the anchor to the block
        local vt = sub({ v2, 0 }, scale(v2 * u[1], u))
        return { t_hit = d.L0 / d.v, v1 = v1, v2 = v2, t_taut = d.L0 / d.v + go / v2, v_taut = vt }
      end,
      mistakes = {
        v_taut = { { value = function() return { 0, 0 } end,
          say = "the string stops only the part of the velocity along it; the block goes on around the anchor." } },
      },
      hints = {
        "The impact is along x between two free bodies: momentum and e.",
        "The string is taut when the block has gone sqrt(L2^2 - h^2) from its start.",
        "Adding the string's constraint removes the velocity along it (Eq. 13.55 for one body): v - (v . u) u.",
      },
      model = function(d) return sphere_block_string(d) end },

    ------------------------------------------------------------------ 13.16
    { number = "13.16",
      title = "Example 13.9's pendulums with a Hertz contact",
      text = [[
Example 13.9's two pendulums (balls of radius R and mass m on massless rods L; J = m
R^2 / 2; pivots 2R apart so the hanging balls touch) with a continuous contact: Hertz's
force k delta^n, n = 3/2 (Eq. 11.33), no damping. Pendulum 1 is released at theta0 from
the vertical (the example's text says 45 degrees, its program pi/3: we follow the
program). Give the time the first contact starts, how long it lasts, the deepest
penetration, and pendulum 2's rate just after.]],
      build = "two pendulums, m:contact{ type = \"circles\", law = \"spring\", k = k, n = 1.5 }; r.impacts[1]",
      data = {
        { name = "R", value = 0.01, unit = "m", what = "the balls' radius", vary = 0.2 },
        { name = "L", value = 0.1, unit = "m", what = "pivot to ball centre", vary = 0.2 },
        { name = "m", value = 0.1, unit = "kg", what = "each ball", vary = 0.3 },
        { name = "k", value = 1e9, unit = "N/m^1.5", what = "the contact's stiffness", vary = 0.5, step = 1e7 },
        { name = "theta0", value = 60, unit = "deg", what = "pendulum 1's release from vertical", vary = { abs = 15, step = 1 } },
      },
      asks = {
        { name = "t1", what = "the time the contact starts", unit = "s" },
        { name = "duration", what = "how long it lasts", unit = "s", tol = 3e-3 },
        { name = "depth", what = "the deepest penetration", unit = "m", tol = 3e-3 },
        { name = "w2", what = "pendulum 2's rate just after", unit = "rad/s", tol = 3e-3 },
      },
      answers = function(d)
        local m = hertz_pendulums(d)
        local r = m:simulate { tf = 0.25, dt = 1e-3, tol = 1e-11 }
        local i1 = r.impacts[1]
        local after = math.floor((i1.t + i1.duration) / 1e-3) + 2
        return { t1 = i1.t, duration = i1.duration, depth = i1.depth, w2 = r:body("ball2").omega[after] }
      end,
      verify = function(d)
        -- a compound pendulum (I = m L^2 + J about its pivot) from theta0:
        -- a quarter period K(sin(theta0/2)) / omega0 (K by the AGM), the rate
        -- 2 omega0 sin(theta0/2) at the bottom; the contact of two equal
        -- effective masses I/L^2 (reduced mass half that) closing at v:
        -- delta_max = (5 m* v^2 / (4k))^(2/5), duration 2.9432 delta_max / v,
        -- and the rates exchange
        local I = d.m * d.L ^ 2 + d.m * d.R ^ 2 / 2
        local w0 = math.sqrt(d.m * g * d.L / I)
        local kk = math.sin(d.theta0 / 2)
        local K = elliptic_K(kk)
        local rate = 2 * w0 * kk
        local v = rate * d.L
        local ms = I / d.L ^ 2 / 2
        local depth = (5 * ms * v * v / (4 * d.k)) ^ 0.4
        return { t1 = K / w0, duration = 2.9432 * depth / v, depth = depth, w2 = -rate } -- it swings to -x
      end,
      hints = {
        "Until they touch, pendulum 1 is a compound pendulum released from theta0: a quarter period, with K of sin(theta0/2).",
        "The contact is over in microseconds: the two balls behave as two free masses I/L^2 meeting at the speed of pendulum 1.",
        "Equal masses and an elastic law: the rates exchange.",
      },
      model = function(d) return hertz_pendulums(d) end,
      written = [[
The contact takes a few microseconds, against about 5 ms steps away from it, so an
adaptive integrator must shrink its step by three orders of magnitude and grow it
again; the piecewise method of Example 13.9 gives the same exchange of rates with one
jump, and the continuous model adds the contact's duration and depth.]] },

    ------------------------------------------------------------------ 13.17
    { number = "13.17",
      title = "A string pendulum catches on a peg",
      text = [[
A sphere (m, J) on a string L1 (ours: tied to its centre, so J plays no part) is
released at rest with the string horizontal. When the string hangs vertical it meets a
peg L0 below the pivot and the sphere swings on about the peg with the shorter string L1
- L0 (switching from one constraint to another, piecewise). Give the time from release
to the peg, the speed there, the angle above the peg's horizontal at which the string
goes slack, and the time from the peg to that moment.]],
      build = "a rev-rev string to the pivot; at the vertical, a new model (or an event) with a rev-rev to the peg; the string's pull from r:reaction",
      data = {
        { name = "L0", value = 0.5, unit = "m", what = "the peg below the pivot", vary = 0.15 },
        { name = "L1", value = 1, unit = "m", what = "the string", vary = 0.15 },
        { name = "R", value = 0.1, unit = "m", what = "the sphere's radius" },
        { name = "m", value = 1, unit = "kg", what = "the sphere", vary = 0.3 },
        { name = "J", value = 0.004, unit = "kg m^2", what = "its moment of inertia" },
      },
      valid = function(d)
        local s = (2 * d.L1 / (d.L1 - d.L0) - 2) / 3
        return s > 0.2 and s < 0.8
      end,
      asks = {
        { name = "t_peg", what = "the time from release to the peg", unit = "s" },
        { name = "v_peg", what = "the speed there", unit = "m/s" },
        { name = "beta", what = "the angle above the peg's horizontal where the string slackens", unit = "deg", tol = 2e-3 },
        { name = "t_slack", what = "the time from the peg to then", unit = "s", tol = 2e-3 },
      },
      answers = function(d)
        local t, at = swing_to_bottom(peg_pendulum(d), "ball")
        local r = peg_pendulum(d, at):simulate { tf = 1.5, dt = 1e-3, tol = 1e-11 }
        local ball, pull = r:body("ball"), r:reaction("string")
        local function tension(k)
          local u = { ball.x[k], ball.y[k] + d.L0 }
          return (pull.fx[k] * u[1] + pull.fy[k] * u[2]) / norm(u)
        end
        local ts, j, s2 = crossing(r.t, function(k) return -tension(k) end)
        local p = state_at(r, "ball", j, s2).pos
        return { t_peg = t, v_peg = norm(at.vel), beta = math.deg(math.atan(p[2] + d.L0, math.abs(p[1]))), t_slack = ts }
      end,
      verify = function(d)
        -- a simple pendulum from 90 degrees: a quarter period sqrt(L1/g) K(sin 45);
        -- v^2 = 2 g L1; on the radius r = L1 - L0 the pull m v'^2 / r - m g sin(beta)
        -- vanishes where v'^2 = v^2 - 2 g r (1 + sin beta): sin beta = (v^2/(g r) - 2)/3
        local r = d.L1 - d.L0
        local v2 = 2 * g * d.L1
        local beta = math.asin((v2 / (g * r) - 2) / 3)
        -- the swing about the peg, psi from the downward vertical, until psi = pi/2 + beta
        local u, t, h = { 0, math.sqrt(v2) / r }, 0, 1e-4
        while true do
          local nxt = rk4(function(y) return { y[2], -g / r * math.sin(y[1]) } end, u, h)
          if nxt[1] >= math.pi / 2 + beta then
            t = t + h * (math.pi / 2 + beta - u[1]) / (nxt[1] - u[1])
            break
          end
          u, t = nxt, t + h
        end
        return { t_peg = math.sqrt(d.L1 / g) * elliptic_K(math.sqrt(0.5)), v_peg = math.sqrt(v2), beta = math.deg(beta), t_slack = t }
      end,
      mistakes = {
        t_peg = { { value = function(d) return math.pi / 2 * math.sqrt(d.L1 / g) end,
          say = "a quarter of the small-swing period; from the horizontal the swing is far from small (K(sin 45) > pi/2)." } },
      },
      hints = {
        "Energy gives the speed at the bottom; the swing there takes a quarter of a large-amplitude period.",
        "On the short string the pull is m v^2 / r - m g sin(beta): it falls to zero before the top when v^2 < 5 g r.",
        "`r:reaction(\"string\")` has the string's force over the run; find where its pull changes sign.",
      },
      model = function(d) return peg_pendulum(d) end,
      written = [[
After the string goes slack the sphere flies as a projectile inside the circle until
the string is taut again (a jump, as in Problem 13.13), so the simulation alternates
between constraint sets: the same bookkeeping as an impact.]] },

    ------------------------------------------------------------------ 13.18
    { number = "13.18",
      title = "The string breaks at the peg",
      text = [[
Problem 13.17, but the string breaks as it meets the peg (a constraint removed: no jump
of the velocities). Give the time from release to the break, the speed then, and the
sphere's position 0.3 s after the break (pivot at the origin).]],
      build = "the model of Problem 13.17; at the vertical, the string removed (events = { { t = ..., remove = \"string\" } } or a new model)",
      data = {
        { name = "L1", value = 1, unit = "m", what = "the string", vary = 0.2 },
        { name = "R", value = 0.1, unit = "m", what = "the sphere's radius" },
        { name = "m", value = 1, unit = "kg", what = "the sphere", vary = 0.3 },
        { name = "J", value = 0.004, unit = "kg m^2", what = "its moment of inertia" },
      },
      asks = {
        { name = "t_break", what = "the time from release to the break", unit = "s" },
        { name = "v_break", what = "the speed then", unit = "m/s" },
        { name = "pos", what = "the position 0.3 s after it", unit = "m" },
      },
      answers = function(d)
        local t, at = swing_to_bottom(peg_pendulum(d), "ball")
        local r = peg_pendulum(d, at, false):simulate { tf = 0.3, dt = 0.01 }
        return { t_break = t, v_break = norm(at.vel), pos = { last(r, "ball", "x"), last(r, "ball", "y") } }
      end,
      verify = function(d)
        local v = math.sqrt(2 * g * d.L1)
        return { t_break = math.sqrt(d.L1 / g) * elliptic_K(math.sqrt(0.5)), v_break = v,
          pos = { -v * 0.3, -d.L1 - g * 0.3 ^ 2 / 2 } }
      end,
      mistakes = {
        pos = { { value = function(d) local v = math.sqrt(2 * g * d.L1); return { -v * 0.3, -d.L1 } end,
          say = "gravity acts on the free sphere: it falls g t^2 / 2 as it flies." } },
      },
      hints = {
        "Removing a constraint needs no jump: the sphere leaves with the velocity it has.",
        "After the break it is a projectile from the lowest point, moving horizontally.",
      },
      model = function(d) return peg_pendulum(d) end },

    ------------------------------------------------------------------ 13.19
    { number = "13.19",
      title = "A spinning disc pendulum strikes a sliding block",
      text = [[
A disc (m1, J, radius R) spins at w0 on the end of a massless rod L1 (ours: pinned at
its centre, so the spin is free) and is released with the rod horizontal. At the bottom
of its swing it strikes the vertical face of body 2 (m2), which slides on a smooth
horizontal guide. The surfaces are rough (mu_s, mu_d); e is ours (the book gives none).
Work the impact with friction (Eq. 11.27 with Coulomb's law): give body 2's and the
disc centre's x velocities and the disc's spin just after, and whether the slip at the
contact stops during the impact.]],
      build = "a disc on a rev-rev rod, a block on a translational joint, m:contact{ ..., e = e, mu = mu_d }; m:impact at the bottom",
      data = {
        { name = "L1", value = 1, unit = "m", what = "the rod", vary = 0.2 },
        { name = "R", value = 0.2, unit = "m", what = "the disc's radius", vary = 0.2 },
        { name = "m1", value = 1, unit = "kg", what = "the disc", vary = 0.3 },
        { name = "J", value = 0.004, unit = "kg m^2", what = "its moment of inertia", vary = 0.3, step = 0.0001 },
        { name = "m2", value = 2, unit = "kg", what = "body 2", vary = 0.3 },
        { name = "w0", value = 6.2832, unit = "rad/s", what = "the disc's spin (2 pi)", vary = 0.3 },
        { name = "mu_s", value = 0.4, unit = "", what = "static friction", vary = { abs = 0.1 } },
        { name = "mu_d", value = 0.3, unit = "", what = "dynamic friction", vary = { abs = 0.1 } },
        { name = "e", value = 0.6, unit = "", what = "restitution", ours = true, vary = { abs = 0.2 } },
      },
      valid = function(d) return d.mu_d < d.mu_s end,
      asks = {
        { name = "v2", what = "body 2's x velocity after", unit = "m/s" },
        { name = "v1", what = "the disc centre's x velocity after", unit = "m/s", atol = 1e-6 },
        { name = "omega", what = "the disc's spin after", unit = "rad/s", atol = 1e-6 },
        { name = "stuck", what = "the slip stops during the impact", unit = "", kind = "choice" },
      },
      answers = function(d)
        local _, at = swing_to_bottom(disc_and_block(d, nil, false), "disc")
        local hit = disc_and_block(d, at):impact("hit")
        local after = hit.bodies.disc.omega
        return { v2 = hit.bodies.block.vx, v1 = hit.bodies.disc.vx, omega = after,
          stuck = math.abs(after) < 1e-6 * math.abs(d.w0) }
      end,
      verify = function(d)
        -- along x: the disc (its centre moves along x at the bottom) and body 2,
        -- momentum and e; along y the rod and the guide take the impulses, so
        -- friction only changes the spin: J dw = -R Pt, |Pt| <= mu Pn
        local v = -math.sqrt(2 * g * d.L1)
        local M = d.m1 + d.m2
        local Pn = d.m1 * d.m2 / M * (1 + d.e) * -v
        local stop = d.J * math.abs(d.w0) / d.R -- the impulse that stops the slip
        local stuck = stop <= d.mu_d * Pn
        local omega = stuck and 0 or d.w0 - (d.w0 > 0 and 1 or -1) * d.mu_d * Pn * d.R / d.J
        return { v2 = v * (1 + d.e) * d.m1 / M, v1 = v * (d.m1 - d.e * d.m2) / M, omega = omega, stuck = stuck }
      end,
      hints = {
        "The disc reaches the block with the speed of a pendulum from the horizontal; its spin does not change the swing.",
        "The normal impulse is as without friction; the friction impulse is at most mu times it, and no more than stops the slip.",
        "`hit = m:impact(\"hit\")`: hit.bodies.disc.omega, hit.friction_impulse.",
      },
      model = function(d) return disc_and_block(d) end,
      written = [[
Here the friction needed to stop the slip is far below mu times the normal impulse, so
the disc's spin is killed during the impact and only then does body 2 slide away; the
friction impulse goes into the rod and the guide and does not change the velocities
along x.]] },
  },
}

