-- SPDX-License-Identifier: GPL-3.0-or-later
-- The problems of Chapter 10 (Sec. 10.10): point coordinates. The book's
-- figures are not reproduced, so where a problem refers to "the system
-- shown" the system is ours and the sheet says so. Constraints derived by
-- hand are function answers, compared at test states with the program's
-- own rows (m:pieces{ formulation = "point" } of a model holding them) or,
-- for a row the program writes in another form (Eqs. 10.21, 10.22), with
-- the book's formula; verify differentiates Phi numerically or writes the
-- book's expanded forms out. Masses and forces on points use mb.points and
-- mb.mat as Secs. 10.6-10.8 do and are checked against closed forms and the
-- kinetic energy; the equations of motion of whole mechanisms come from
-- the point formulation and are checked against body coordinates.
local vec, mat = mb.vec, mb.mat

------------------------------------------------------------------ helpers

-- mb.vec's, on plain pairs
local dot, sub, add, scale, perp, norm, unit =
  vec.dot, vec.sub, vec.add, vec.scale, vec.perp, vec.norm, vec.unit
local function cross(a, b) return a[1] * b[2] - a[2] * b[1] end
local function ndot(a, b)
  local s = 0
  for k = 1, #a do s = s + a[k] * b[k] end
  return s
end
local function rows(A) return A:totable() end

-- the point k (1-based) of a list of coordinates {x1, y1, x2, y2, ...}
local function pt(r, k) return { r[2 * k - 1], r[2 * k] } end

-- a model's point-coordinate pieces at r (and rd), at t = 0
local function point_pieces(m, r, rd)
  local y = {}
  for k = 1, #r do y[k], y[#r + k] = r[k], rd and rd[k] or 0 end
  return m:pieces { formulation = "point", y = y }
end

-- Phi, D and gamma of the rows `pick` (all when nil) of a model's point
-- coordinates, as functions of its coordinates r and rates rd
local function point_rows(m, pick)
  local function chosen(n)
    if pick then return pick end
    local all = {}
    for i = 1, n do all[i] = i end
    return all
  end
  return {
    phi = function(r)
      local p = point_pieces(m, r)
      local out = {}
      for i, k in ipairs(chosen(#p.phi)) do out[i] = p.phi[k] end
      return out
    end,
    D = function(r)
      local p = point_pieces(m, r)
      local D, out = p.D:totable(), {}
      for i, k in ipairs(chosen(#p.phi)) do out[i] = D[k] end
      return out
    end,
    gamma = function(r, rd)
      local p = point_pieces(m, r, rd)
      local out = {}
      for i, k in ipairs(chosen(#p.phi)) do out[i] = p.gamma[k] end
      return out
    end,
  }
end

-- numerical derivatives of a vector function phi(r): its Jacobian, and
-- gamma = -d2 phi(r + rd t)/dt2 at t = 0 (exact for the quadratic rows of
-- Sec. 10.3 up to round-off)
local function jacobian_fd(phi)
  return function(r)
    local h, out = 1e-6, {}
    for k = 1, #r do
      local a, b = { table.unpack(r) }, { table.unpack(r) }
      a[k], b[k] = r[k] + h, r[k] - h
      local fa, fb = phi(a), phi(b)
      for i = 1, #fa do
        out[i] = out[i] or {}
        out[i][k] = (fa[i] - fb[i]) / (2 * h)
      end
    end
    return out
  end
end
local function gamma_fd(phi)
  return function(r, rd)
    local h = 1e-3
    local a, b = {}, {}
    for k = 1, #r do a[k], b[k] = r[k] + h * rd[k], r[k] - h * rd[k] end
    local fa, f0, fb = phi(a), phi(r), phi(b)
    local out = {}
    for i = 1, #f0 do out[i] = -(fa[i] - 2 * f0[i] + fb[i]) / (h * h) end
    return out
  end
end

-- a single row as a function of r: the row k of a list-valued function
local function row_of(f, k) return function(...) return f(...)[k] end end

local function fn_ask(name, what, size, args)
  return { name = name, what = what, unit = "", kind = "function", args = args or { "r" }, size = size, tol = 1e-5 }
end

-- The rank of a list of rows by Gram-Schmidt, relative tolerance tol.
local function rank_by_hand(R, tol)
  local basis, scale_ = {}, 0
  for _, row in ipairs(R) do for _, x in ipairs(row) do scale_ = math.max(scale_, math.abs(x)) end end
  for _, row in ipairs(R) do
    local v = { table.unpack(row) }
    for _, b in ipairs(basis) do
      local c = 0
      for k = 1, #v do c = c + v[k] * b[k] end
      for k = 1, #v do v[k] = v[k] - c * b[k] end
    end
    local n = 0
    for k = 1, #v do n = n + v[k] * v[k] end
    n = math.sqrt(n)
    if n > (tol or 1e-8) * math.max(scale_, 1e-300) then
      for k = 1, #v do v[k] = v[k] / n end
      basis[#basis + 1] = v
    end
  end
  return #basis
end

-- A body (a "bar") carrying three pins at P[1], P[2], P[3], each held by
-- a short link to the ground, so that the point formulation puts its three
-- points first, r = {x1, y1, x2, y2, x3, y3}, and writes the bar's own
-- rows first: length 2-1, length 3-1, then a third length or, when the
-- three points are nearly in a line, the parallel row (Eq. 10.20).
local function three_pin_bar(P)
  local m = mb.model { name = "a bar on three pins", gravity = { 0, 0 } }
  local c = scale(1 / 3, add(add(P[1], P[2]), P[3]))
  local angle = vec.angle(sub(P[2], P[1]))
  m:body { name = "bar", mass = 1, inertia = 0.1, pos = c, angle = angle }
  for i, p in ipairs(P) do
    m:point { name = "bar" .. i, body = "bar", at = vec.rotate(-angle, sub(p, c)) }
    local top = add(p, scale(0.5, unit(angle + 0.9 + 1.4 * i)))
    m:body { name = "link" .. i, mass = 1, inertia = 0.01, pos = scale(0.5, add(p, top)), angle = vec.angle(sub(top, p)) }
    m:point { name = "link" .. i .. ".a", body = "link" .. i, at = { -0.25, 0 } }
    m:point { name = "link" .. i .. ".b", body = "link" .. i, at = { 0.25, 0 } }
    m:point { name = "top" .. i, body = "ground", at = top }
    m:joint { name = "P" .. i, type = "revolute", points = { "bar" .. i, "link" .. i .. ".a" } }
    m:joint { name = "T" .. i, type = "revolute", points = { "link" .. i .. ".b", "top" .. i } }
  end
  return m
end

-- three points on a line: from r0 at angle psi, at distances 0, a and b
local function collinear(r0, psi, a, b)
  local u = unit(psi)
  return { r0, add(r0, scale(a, u)), add(r0, scale(b, u)) }
end

-- Test states of a link A-B of length d.LAB in rigid motion: q = {A, B},
-- qd and qdd (B's from A's, the link's rate and angular acceleration), the
-- first n of them.
local function rigid_states(n) return function(rand, d)
  local out = {}
  for k = 1, 5 do
    local A, t = { 2 * rand() - 1, 2 * rand() - 1 }, 2 * math.pi * rand()
    local e = scale(d.LAB, unit(t))
    local vA, w = { 2 * rand() - 1, 2 * rand() - 1 }, 4 * rand() - 2
    local aA, a = { 2 * rand() - 1, 2 * rand() - 1 }, 4 * rand() - 2
    local B, vB = add(A, e), add(vA, scale(w, perp(e)))
    local aB = add(aA, add(scale(a, perp(e)), scale(-w * w, e)))
    out[k] = { table.unpack({ { A[1], A[2], B[1], B[2] }, { vA[1], vA[2], vB[1], vB[2] }, { aA[1], aA[2], aB[1], aB[2] } }, 1, n) }
  end
  return out
end end


-- x and lambda of [M -D'; D 0]{x; lambda} = {h; gamma} (Eq. 10.39 with
-- Eq. 10.11), by mb.mat: M, D as lists of rows, h and gamma lists.
local function solve_eom(M, D, h, gamma)
  local n, nc = #M, #D
  local K, b = {}, {}
  for i = 1, n + nc do K[i] = {}; for j = 1, n + nc do K[i][j] = 0 end end
  for i = 1, n do
    for j = 1, n do K[i][j] = M[i][j] end
    for c = 1, nc do K[i][n + c], K[n + c][i] = -D[c][i], D[c][i] end
    b[i] = h[i]
  end
  for c = 1, nc do b[n + c] = gamma[c] end
  local x = mat(K):solve(b)
  local acc, lambda = {}, {}
  for i = 1, n do acc[i] = x[i] end
  for c = 1, nc do lambda[c] = x[n + c] end
  return acc, lambda
end

-- lambda from M r'' - h = D'lambda, by least squares (to check a
-- solution found another way): (D D')^-1 D (M r'' - h)
local function multipliers(M, D, h, acc)
  local f = {}
  for i = 1, #M do
    f[i] = -h[i]
    for j = 1, #M do f[i] = f[i] + M[i][j] * acc[j] end
  end
  local G, b = {}, {}
  for a = 1, #D do
    G[a], b[a] = {}, ndot(D[a], f)
    for c = 1, #D do G[a][c] = ndot(D[a], D[c]) end
  end
  return mat(G):solve(b)
end

local function diag2(masses)
  local M = {}
  for i = 1, 2 * #masses do
    M[i] = {}
    for j = 1, 2 * #masses do M[i][j] = i == j and masses[(i + 1) // 2] or 0 end
  end
  return M
end

-- A body made of two particles ma at ra and mb at rb (a massless rod
-- between them): its mass, mass centre and moment of inertia.
local function two_particles(ma, ra, mb_, rb)
  local m = ma + mb_
  return m, scale(1 / m, add(scale(ma, ra), scale(mb_, rb))), ma * mb_ * dot(sub(rb, ra), sub(rb, ra)) / m
end

-- The accelerations of body points from body coordinates (m:pieces of the
-- body formulation at the model's start): a_P = a_G + alpha s-turned -
-- omega^2 s, for each {body, local} in list.
local function body_point_acc(m, list)
  local p = m:pieces { formulation = "body" }
  local index = {}
  for k, name in ipairs(p.coordinate_names) do
    local body = name:match("^body '(.*)' %(x%)$")
    if body then index[body] = (k + 2) // 3 end
  end
  local out = {}
  for _, item in ipairs(list) do
    local i = assert(index[item[1]], item[1])
    local s = vec.rotate(p.q[3 * i], item[2])
    local w = p.qd[3 * i]
    local a = add({ p.acc[3 * i - 2], p.acc[3 * i - 1] }, add(scale(p.acc[3 * i], perp(s)), scale(-w * w, s)))
    out[#out + 1] = a[1]
    out[#out + 1] = a[2]
  end
  return out, p
end

-- Eq. 10.51: four particles, three at s[1..3] (from the mass centre) and
-- one at the mass centre, with the body's mass m and inertia J (mb.mat).
local function plate_masses(m, J, s)
  local A = mat { { 1, 1, 1, 1 }, { s[1][1], s[2][1], s[3][1], 0 }, { s[1][2], s[2][2], s[3][2], 0 },
    { dot(s[1], s[1]), dot(s[2], s[2]), dot(s[3], s[3]), 0 } }
  local x = A:solve { m, 0, 0, J }
  return { x[1], x[2], x[3], x[4] }
end

-- Eq. 10.57 as B'MB (mb.mat): the centre particle o eliminated by r_o =
-- sum mu_a r_a; the 3 x 3 pattern of the 6 x 6 mass matrix (pattern x I).
local function condense_plate(mm)
  local sum = mm[1] + mm[2] + mm[3]
  local mu = { mm[1] / sum, mm[2] / sum, mm[3] / sum }
  local B, Mp = {}, {}
  for i = 1, 8 do
    B[i] = {}
    for j = 1, 6 do
      if i <= 6 then B[i][j] = i == j and 1 or 0
      else B[i][j] = (i - j) % 2 == 0 and mu[(j + 1) // 2] or 0 end
    end
  end
  for i = 1, 8 do
    Mp[i] = {}
    for j = 1, 8 do Mp[i][j] = i == j and mm[(i + 1) // 2] or 0 end
  end
  local Bm = mat(B)
  local M = (Bm:t() * mat(Mp) * Bm):totable()
  local out = {}
  for a = 1, 3 do
    out[a] = {}
    for b = 1, 3 do out[a][b] = M[2 * a - 1][2 * b - 1] end
  end
  return out
end

-- The same two steps by hand: Cramer's rule on the three conditions that
-- do not involve m_o, then Eq. 10.57 entry by entry; and a check that the
-- condensed matrix carries the body's kinetic energy in rigid motions.
local function det3(a)
  return a[1][1] * (a[2][2] * a[3][3] - a[2][3] * a[3][2]) - a[1][2] * (a[2][1] * a[3][3] - a[2][3] * a[3][1])
    + a[1][3] * (a[2][1] * a[3][2] - a[2][2] * a[3][1])
end
local function plate_by_hand(m, J, s)
  local A = { { s[1][1], s[2][1], s[3][1] }, { s[1][2], s[2][2], s[3][2] }, { dot(s[1], s[1]), dot(s[2], s[2]), dot(s[3], s[3]) } }
  local b, D0, mm = { 0, 0, J }, det3(A), {}
  for k = 1, 3 do
    local Ak = { { table.unpack(A[1]) }, { table.unpack(A[2]) }, { table.unpack(A[3]) } }
    for i = 1, 3 do Ak[i][k] = b[i] end
    mm[k] = det3(Ak) / D0
  end
  mm[4] = m - mm[1] - mm[2] - mm[3]
  local sum = mm[1] + mm[2] + mm[3]
  local P = {}
  for a = 1, 3 do
    P[a] = {}
    for c = 1, 3 do P[a][c] = mm[4] * mm[a] * mm[c] / sum ^ 2 + (a == c and mm[a] or 0) end
  end
  -- kinetic energy of a rigid motion (v, w): points move at v + w s turned
  local v, w = { 0.3, -0.7 }, 1.3
  local T = 0
  for a = 1, 3 do
    for c = 1, 3 do T = T + 0.5 * P[a][c] * dot(add(v, scale(w, perp(s[a]))), add(v, scale(w, perp(s[c])))) end
  end
  local want = 0.5 * m * dot(v, v) + 0.5 * J * w * w
  assert(math.abs(T - want) <= 1e-9 * want, ("the condensed plate's kinetic energy %g is not the body's %g"):format(T, want))
  return mm, P
end

-- The mass matrix of point coordinates assembled by hand (Secs. 10.7-10.9
-- for a body held by two points a and b anywhere on it): the mass centre
-- is r_G = (1 - z) r_a + z r_b with z complex (z r = Re z r + Im z r
-- turned), so m |r_G'|^2 gives m |1 - z|^2, m |z|^2 and m conj(1 - z) z,
-- and the rotation J phi'^2 with phi' = |r_b' - r_a'| / l gives J/l^2 on
-- the difference. A body with one point (a slider that does not turn) puts
-- m on it. Stationary points drop out; shared points add up (Eq. 10.58).
-- The body's points are those the listing names on it, the first two its
-- frame.
local function hand_point_M(m, pc)
  local n = 0
  for _, p in ipairs(pc.points) do if p.var then n = math.max(n, p.var + 1) end end
  local M = {}
  for i = 1, n do M[i] = {}; for j = 1, n do M[i][j] = 0 end end
  local function block(p, q, c)   -- M[p, q] += the 2 x 2 of complex c
    if p.var and q.var then
      local i, j = p.var, q.var
      M[i][j], M[i][j + 1] = M[i][j] + c[1], M[i][j + 1] - c[2]
      M[i + 1][j], M[i + 1][j + 1] = M[i + 1][j] + c[2], M[i + 1][j + 1] + c[1]
    end
  end
  for name, b in pairs(m.bodies) do
    local mine = {}
    for _, p in ipairs(pc.points) do
      for _, on in ipairs(p.bodies) do if on == name then mine[#mine + 1] = p end end
    end
    if #mine == 1 then
      block(mine[1], mine[1], { b.mass, 0 })
    elseif #mine >= 2 then
      local pa, pb = mine[1], mine[2]
      local sa = vec.rotate(-b.angle, sub(pa.at, b.pos))
      local sb = vec.rotate(-b.angle, sub(pb.at, b.pos))
      local e = sub(sb, sa)
      local l2 = dot(e, e)
      local z = { (-sa[1] * e[1] - sa[2] * e[2]) / l2, (-sa[2] * e[1] + sa[1] * e[2]) / l2 }
      local w = { 1 - z[1], -z[2] }
      local k = b.inertia / l2
      block(pa, pa, { b.mass * dot(w, w) + k, 0 })
      block(pb, pb, { b.mass * dot(z, z) + k, 0 })
      local wz = { w[1] * z[1] + w[2] * z[2], w[1] * z[2] - w[2] * z[1] }
      block(pa, pb, { b.mass * wz[1] - k, b.mass * wz[2] })
      block(pb, pa, { b.mass * wz[1] - k, -b.mass * wz[2] })
    end
  end
  return M
end

-- A mechanism's equations of motion in point coordinates at its start
-- (after m:correct()), and the same checked another way: the count of
-- coordinates and rows, the mass matrix by hand, the points' accelerations
-- from body coordinates, and a driver's torque (its last row) from them.
local function point_eom(m)
  m:correct()
  local p = m:pieces { formulation = "point" }
  local acc, lambda = {}, {}
  for i = 1, #p.acc do acc[i] = p.acc[i] end
  for i = 1, #p.lambda do lambda[i] = p.lambda[i] end
  return { nv = #p.q, nc = #p.phi, M = rows(p.M), acc = acc, torque = lambda[#lambda] }
end
local function body_eom(m)
  m:correct()
  local pc = m:point_coords()
  local list = {}
  for _, p in ipairs(pc.points) do
    if p.var then
      local b = m.bodies[p.bodies[1]]
      list[(p.var + 1) // 2] = { p.bodies[1], vec.rotate(-b.angle, sub(p.at, b.pos)) }
    end
  end
  local acc, pb = body_point_acc(m, list)
  return { M = hand_point_M(m, pc), acc = acc, torque = pb.lambda[#pb.lambda] }
end

-- The double A-arm of mb.example("aa") and the MacPherson strut of
-- mb.example("macpherson") (model A) with a sheet's masses and stiffness.
local function aa_model(d)
  local m = mb.example("aa")
  m.bodies["lower arm"].mass, m.bodies.wheel.mass, m.bodies["upper arm"].mass = d.m1, d.m2, d.m3
  m.forces.suspension.k = d.k
  return m
end
local function macpherson_model(d)
  local m = mb.example("macpherson")
  m.bodies.knuckle.mass, m.bodies["lower arm"].mass, m.bodies["strut rod"].mass = d.m1, d.m2, d.m3
  m.forces.suspension.k = d.k
  return m
end

-- The sliding pendulum of App. B (Ex. B.1, mb.example("sliding_pendulum"))
-- with a sheet's data: slider mass m1, pendulum m2 and J2, spring k, the
-- pendulum's starting angle phi0 (its mass centre 0.5 m from the pin).
local function sliding_pendulum_b1(d)
  local m = mb.model { name = "sliding pendulum" }
  local G = add({ 1, 0.2 }, vec.rotate(d.phi0, { 0, -0.5 }))
  m:body { name = "slider", mass = d.m1, inertia = 4, pos = { 1, 0.2 }, angle = 0 }
  m:body { name = "pendulum", mass = d.m2, inertia = d.J2, pos = G, angle = d.phi0 }
  m:point { name = "O", body = "ground", at = { 0, 0.2 } }
  m:point { name = "A", body = "slider", at = { 0, 0 } }
  m:point { name = "B", body = "pendulum", at = { 0, 0.5 } }
  m:vector { name = "guide", body = "ground", dir = { 1, 0 } }
  m:vector { name = "slide", body = "slider", dir = { 1, 0 } }
  m:force { name = "spring", type = "spring-damper", points = { "A", "O" }, k = d.k, length = 0.6 }
  m:joint { name = "track", type = "translational", points = { "A", "O" }, vectors = { "slide", "guide" } }
  m:joint { name = "pin", type = "revolute", points = { "A", "B" } }
  return m
end

-- Eqs. 14.7 and 14.9: the least correction of r that satisfies phi(r) = 0
-- (repeated), then the least correction of rd onto D rd = 0. at_estimate:
-- correct rd with D at the estimate (a slip, for the mistakes).
local function ic_correct(phi, D, r0, rd0, at_estimate)
  local function least(Dm, v)   -- D'(D D')^-1 v
    local G = {}
    for a = 1, #Dm do
      G[a] = {}
      for c = 1, #Dm do G[a][c] = ndot(Dm[a], Dm[c]) end
    end
    local y = mat(G):solve(v)
    local out = {}
    for k = 1, #Dm[1] do
      out[k] = 0
      for a = 1, #Dm do out[k] = out[k] + Dm[a][k] * y[a] end
    end
    return out
  end
  local r = { table.unpack(r0) }
  for _ = 1, 30 do
    local f = phi(r)
    local size = 0
    for _, x in ipairs(f) do size = math.max(size, math.abs(x)) end
    if size < 1e-13 then break end
    local dr = least(D(r), f)
    for k = 1, #r do r[k] = r[k] - dr[k] end
  end
  local Dm = D(at_estimate and r0 or r)
  local v = {}
  for a = 1, #Dm do v[a] = ndot(Dm[a], rd0) end
  local drd = least(Dm, v)
  local rd = {}
  for k = 1, #rd0 do rd[k] = rd0[k] - drd[k] end
  return { r = r, rd = rd }
end

-- A problem asking for a mechanism's equations of motion in points: its
-- asks among nv, nc, M, acc and torque (parts), answered by the point
-- formulation and checked by body coordinates, the mass matrix by hand
-- and the counts nv, nc made by hand (given).
local eom_asks = {
  nv = { what = "coordinates", unit = "" },
  nc = { what = "rows", unit = "" },
  M = { what = "the mass matrix (%d x %d)", unit = "kg" },
  acc = { what = "r'' (%d)", unit = "m/s^2" },
  torque = { what = "the motor's multiplier", unit = "N m" },
}
local function eom_problem(p, build, nv, nc, parts)
  local keep = {}
  p.asks = {}
  for i, name in ipairs(parts) do
    keep[name] = true
    p.asks[i] = { name = name, what = eom_asks[name].what:format(nv, nv), unit = eom_asks[name].unit }
  end
  local function only(out)
    for k in pairs(out) do if not keep[k] then out[k] = nil end end
    return out
  end
  p.answers = function(d) return only(point_eom(build(d))) end
  p.verify = function(d)
    local out = body_eom(build(d))
    out.nv, out.nc = nv, nc
    return only(out)
  end
  p.model = build
  return p
end

------------------------------------------------------------------ models

-- The slider-crank of Problem 10.1 (ours): crank L1 about O, rod L2, the
-- slider's pin B on the line y = h.
local function offset_slider_crank(d)
  local A = scale(d.L1, unit(d.theta))
  local B = { A[1] + math.sqrt(d.L2 ^ 2 - (d.h - A[2]) ^ 2), d.h }
  local m = mb.model { name = "offset slider-crank", gravity = { 0, 0 } }
  m:body { name = "crank", mass = 1, inertia = 0.01, pos = scale(0.5, A), angle = d.theta }
  m:point { name = "crank.O", body = "crank", at = { -d.L1 / 2, 0 } }
  m:point { name = "crank.A", body = "crank", at = { d.L1 / 2, 0 } }
  m:body { name = "rod", mass = 1, inertia = 0.02, pos = scale(0.5, add(A, B)), angle = vec.angle(sub(B, A)) }
  m:point { name = "rod.A", body = "rod", at = { -d.L2 / 2, 0 } }
  m:point { name = "rod.B", body = "rod", at = { d.L2 / 2, 0 } }
  m:body { name = "slider", mass = 1, inertia = 0.01, pos = B }
  m:point { name = "slider.B", body = "slider" }
  m:vector { name = "slider.u", body = "slider", dir = { 1, 0 } }
  m:point { name = "O", body = "ground" }
  m:point { name = "guide", body = "ground", at = { 0, d.h } }
  m:vector { name = "x", body = "ground", dir = { 1, 0 } }
  m:joint { name = "O", type = "revolute", points = { "crank.O", "O" } }
  m:joint { name = "A", type = "revolute", points = { "rod.A", "crank.A" } }
  m:joint { name = "B", type = "revolute", points = { "rod.B", "slider.B" } }
  m:joint { name = "guide", type = "translational", points = { "slider.B", "guide" }, vectors = { "slider.u", "x" } }
  return m
end

-- Problem 10.2 (ours): (a) a pendulum hanging from a block that slides on
-- the line y = c; (b) a double pendulum from O. A link's second point is
-- its mass centre G, at ell from its pin.
local function sliding_pendulum(d)
  local m = mb.model { name = "sliding pendulum", gravity = { 0, 0 } }
  local A = { 0.1, d.c }
  local G = add(A, scale(d.ell, unit(d.psi)))
  m:body { name = "block", mass = 1, inertia = 0.01, pos = A }
  m:point { name = "block.A", body = "block" }
  m:vector { name = "block.u", body = "block", dir = { 1, 0 } }
  m:body { name = "pendulum", mass = 1, inertia = 0.02, pos = G, angle = d.psi }
  m:point { name = "pendulum.A", body = "pendulum", at = { -d.ell, 0 } }
  m:point { name = "rail", body = "ground", at = { 0, d.c } }
  m:vector { name = "x", body = "ground", dir = { 1, 0 } }
  m:joint { name = "A", type = "revolute", points = { "pendulum.A", "block.A" } }
  m:joint { name = "rail", type = "translational", points = { "block.A", "rail" }, vectors = { "block.u", "x" } }
  return m
end
local function double_pendulum(d)
  local m = mb.model { name = "double pendulum", gravity = { 0, 0 } }
  local A = scale(d.L1, unit(d.psi1))
  local G2 = add(A, scale(d.ell2, unit(d.psi2)))
  m:body { name = "link1", mass = 1, inertia = 0.02, pos = scale(0.5, A), angle = d.psi1 }
  m:point { name = "link1.O", body = "link1", at = { -d.L1 / 2, 0 } }
  m:point { name = "link1.A", body = "link1", at = { d.L1 / 2, 0 } }
  m:body { name = "link2", mass = 1, inertia = 0.02, pos = G2, angle = d.psi2 }
  m:point { name = "link2.A", body = "link2", at = { -d.ell2, 0 } }
  m:point { name = "O", body = "ground" }
  m:joint { name = "O", type = "revolute", points = { "link1.O", "O" } }
  m:joint { name = "A", type = "revolute", points = { "link2.A", "link1.A" } }
  return m
end

-- Problem 10.3 (ours): a six-bar with a ternary coupler. Crank O-A, the
-- coupler plate A-B-C, a rocker Q-B, a link C-D and a rocker R-D; the
-- lengths follow from the pins' places at the start.
local six_bar_pins = { O = { 0, 0 }, A = { 0.10, 0.15 }, B = { 0.45, 0.25 }, C = { 0.30, 0.45 },
  Q = { 0.50, 0.00 }, D = { 0.60, 0.60 }, R = { 0.80, 0.30 } }
local function six_bar()
  local P = six_bar_pins
  local m = mb.model { name = "six-bar with a ternary link", gravity = { 0, 0 } }
  local function bar(name, ends)
    local c = { 0, 0 }
    for _, e in ipairs(ends) do c = add(c, scale(1 / #ends, P[e])) end
    m:body { name = name, mass = 1, inertia = 0.01, pos = c }
    for _, e in ipairs(ends) do m:point { name = name .. "." .. e, body = name, at = sub(P[e], c) } end
  end
  bar("crank", { "O", "A" }); bar("coupler", { "A", "B", "C" }); bar("rocker1", { "Q", "B" })
  bar("link", { "C", "D" }); bar("rocker2", { "R", "D" })
  for _, g in ipairs { "O", "Q", "R" } do m:point { name = g, body = "ground", at = P[g] } end
  m:joint { name = "O", type = "revolute", points = { "crank.O", "O" } }
  m:joint { name = "A", type = "revolute", points = { "coupler.A", "crank.A" } }
  m:joint { name = "B", type = "revolute", points = { "rocker1.B", "coupler.B" } }
  m:joint { name = "Q", type = "revolute", points = { "rocker1.Q", "Q" } }
  m:joint { name = "C", type = "revolute", points = { "link.C", "coupler.C" } }
  m:joint { name = "D", type = "revolute", points = { "rocker2.D", "link.D" } }
  m:joint { name = "R", type = "revolute", points = { "rocker2.R", "R" } }
  return m
end

-- The count of Sec. 10.2-10.3 by hand for a mechanism of pins only:
-- a moving point per pin off the ground, and per body one length for its
-- first two points and two rows for each further one.
local function count_pins_by_hand(bodies, ground_pins)
  local moving, rows = {}, 0
  for _, pins in pairs(bodies) do
    rows = rows + 2 * #pins - 3
    for _, p in ipairs(pins) do if not ground_pins[p] then moving[p] = true end end
  end
  local n = 0
  for _ in pairs(moving) do n = n + 1 end
  return 2 * n, rows
end

return {
  chapter = 10,
  title = "Point coordinates",
  problems = {
    ------------------------------------------------------------------ 10.1
    { number = "10.1",
      title = "A slider-crank as two moving points: its rows",
      text = [[
The book's figure shows several small systems; here is one of ours: a slider-crank whose
slider pin B runs on the line y = h (crank O-A of length L1 about the origin O, rod A-B of
length L2). Take A and B as the primary points, r = {xA, yA, xB, yB}, O stationary. Give
the number of coordinates and of constraints, and write the constraints in this order:
the crank's length, the rod's length (each as 1/2 (d'd - L^2), Eq. 10.14, with d from the
first-named point to the second: A-O, B-A), then the guide, yB - h = 0 (Eq. 10.24). Then
their Jacobian and gamma (Eqs. 10.15-10.16), all as Lua functions.]],
      build = "three functions of r (and rd); check them against m:pieces{ formulation = \"point\" }",
      data = {
        { name = "L1", value = 0.15, unit = "m", what = "crank length", ours = true, vary = 0.2 },
        { name = "L2", value = 0.40, unit = "m", what = "rod length", ours = true, vary = 0.2 },
        { name = "h", value = 0.05, unit = "m", what = "height of the slider's line", ours = true, vary = { abs = 0.04 } },
        { name = "theta", value = 50, unit = "deg", what = "the crank's angle (for the model)", ours = true,
          vary = { range = { 20, 160 }, step = 1 } },
      },
      valid = function(d) return d.L2 > d.L1 + math.abs(d.h) + 0.05 end,
      asks = {
        { name = "nv", what = "the number of coordinates", unit = "" },
        { name = "nc", what = "the number of constraints", unit = "" },
        fn_ask("phi", "Phi(r), three rows", 4),
        fn_ask("D", "the Jacobian D(r), 3 x 4", 4),
        fn_ask("gamma", "gamma(r, rd) of D r'' = gamma", 4, { "r", "rd" }),
      },
      answers = function(d)
        local m = offset_slider_crank(d)
        local p = m:pieces { formulation = "point" }
        local f = point_rows(m)
        return { nv = #p.q, nc = #p.phi, phi = f.phi, D = f.D, gamma = f.gamma }
      end,
      verify = function(d)
        local function phi(r)
          local A, B = pt(r, 1), pt(r, 2)
          local AB = sub(B, A)
          return { 0.5 * (dot(A, A) - d.L1 ^ 2), 0.5 * (dot(AB, AB) - d.L2 ^ 2), B[2] - d.h }
        end
        return {
          nv = 2 * 2, nc = 2 + 1, phi = phi,
          D = function(r)
            local A, B = pt(r, 1), pt(r, 2)
            return { { A[1], A[2], 0, 0 }, { A[1] - B[1], A[2] - B[2], B[1] - A[1], B[2] - A[2] }, { 0, 0, 0, 1 } }
          end,
          gamma = function(_, rd)
            local vA, vB = pt(rd, 1), pt(rd, 2)
            local v = sub(vB, vA)
            return { -dot(vA, vA), -dot(v, v), 0 }
          end,
        }
      end,
      mistakes = {
        nc = { { value = 2, say = "the guide is a constraint too: B's y is a coordinate, held by yB - h = 0." } },
        D = { { value = function(d)
            return function(r)
              local A, B = pt(r, 1), pt(r, 2)
              return { { 2 * A[1], 2 * A[2], 0, 0 }, { 2 * (A[1] - B[1]), 2 * (A[2] - B[2]), 2 * (B[1] - A[1]), 2 * (B[2] - A[2]) },
                { 0, 0, 0, 1 } }
            end
          end, say = "the lengths carry a factor 1/2 (Eq. 10.14): their rows are d', not 2 d'." } },
        gamma = { { value = function(d)
            return function(_, rd)
              local vA, vB = pt(rd, 1), pt(rd, 2)
              local v = sub(vB, vA)
              return { dot(vA, vA), dot(v, v), 0 }
            end
          end, say = "gamma is minus d-dot'd-dot (Eq. 10.16): the sign." } },
      },
      model = offset_slider_crank,
      hints = {
        "O does not move, so d = rA for the crank; the guide row touches yB only.",
        "Phi1 = 1/2 (xA^2 + yA^2 - L1^2); its row is {xA, yA, 0, 0} and its gamma -(xA'^2 + yA'^2).",
        "m = p:model(); m:point_coords() lists the points and rows the program uses.",
      } },

    ------------------------------------------------------------------ 10.2
    { number = "10.2",
      title = "Constraints of two small systems in points",
      text = [[
Two systems of ours stand for the book's figure. (a) A block slides on the line y = c; a
pendulum hangs from the block's pin A, its mass centre G at ell from A. (b) A double
pendulum: link 1 turns about O (the origin) with its other pin A at L1; link 2 hangs from
A, its mass centre G2 at ell2 from A. Points (a): r = {xA, yA, xG, yG}; (b): r = {xA, yA,
xG2, yG2}. Write each system's constraints as Lua functions: (a) first the pendulum's
length (G to A), then the slide, yA - c = 0; (b) first link 1 (A to O), then link 2 (G2
to A), each length as 1/2 (d'd - L^2). Give the degrees of freedom of each.]],
      build = "two functions of r; m:point_coords() of each model shows the program's rows",
      data = {
        { name = "c", value = 0.3, unit = "m", what = "(a) height of the slide", ours = true, vary = { abs = 0.2 } },
        { name = "ell", value = 0.25, unit = "m", what = "(a) A to G", ours = true, vary = 0.3 },
        { name = "psi", value = -70, unit = "deg", what = "(a) the pendulum's angle (for the model)", ours = true,
          vary = { abs = 30, step = 1 } },
        { name = "L1", value = 0.5, unit = "m", what = "(b) O to A", ours = true, vary = 0.3 },
        { name = "ell2", value = 0.2, unit = "m", what = "(b) A to G2", ours = true, vary = 0.3 },
        { name = "psi1", value = -60, unit = "deg", what = "(b) link 1's angle (for the model)", ours = true,
          vary = { abs = 30, step = 1 } },
        { name = "psi2", value = -100, unit = "deg", what = "(b) link 2's angle (for the model)", ours = true,
          vary = { abs = 30, step = 1 } },
      },
      asks = {
        fn_ask("phi_a", "(a) Phi(r), two rows", 4),
        { name = "dof_a", what = "(a) degrees of freedom", unit = "" },
        fn_ask("phi_b", "(b) Phi(r), two rows", 4),
        { name = "dof_b", what = "(b) degrees of freedom", unit = "" },
      },
      answers = function(d)
        local a, b = sliding_pendulum(d), double_pendulum(d)
        local pa, pb = a:pieces { formulation = "point" }, b:pieces { formulation = "point" }
        return { phi_a = point_rows(a).phi, dof_a = #pa.q - #pa.phi, phi_b = point_rows(b).phi, dof_b = #pb.q - #pb.phi }
      end,
      verify = function(d)
        return {
          phi_a = function(r)
            local GA = sub(pt(r, 2), pt(r, 1))
            return { 0.5 * (dot(GA, GA) - d.ell ^ 2), r[2] - d.c }
          end,
          dof_a = 4 - 2,
          phi_b = function(r)
            local A, GA = pt(r, 1), sub(pt(r, 2), pt(r, 1))
            return { 0.5 * (dot(A, A) - d.L1 ^ 2), 0.5 * (dot(GA, GA) - d.ell2 ^ 2) }
          end,
          dof_b = 4 - 2,
        }
      end,
      mistakes = {
        phi_a = { { value = function(d)
            return function(r)
              local GA = sub(pt(r, 2), pt(r, 1))
              return { dot(GA, GA) - d.ell ^ 2, r[2] - d.c }
            end
          end, say = "a length row carries the factor 1/2 (Eq. 10.14)." } },
        dof_b = { { value = 0, say = "four coordinates, two rows: the double pendulum has two degrees of freedom." } },
      },
      hints = {
        "A pin shared by two bodies is one point: it costs no row. A stationary point has no coordinates.",
        "(a) Phi = {1/2 ((xG - xA)^2 + (yG - yA)^2 - ell^2), yA - c}.",
        "Each model's rows: `m = ...; m:point_coords()`; p:model() is not given here, build them yourself.",
      } },

    ------------------------------------------------------------------ 10.3
    { number = "10.3",
      title = "How few coordinates and constraints a six-bar needs",
      text = [[
The book's figure holds its own mechanism; take ours: a six-bar of pins only (Stephenson
type). Crank O-A, a coupler plate with pins A, B and C, a rocker Q-B, a link C-D and a
rocker R-D; O, Q and R on the ground (places below, in m). With a point at every pin,
how many coordinates and how many constraints does the point formulation need at least,
and how many degrees of freedom remain?]],
      build = "count by the rules of Sec. 10.2; then mb.model of it and m:point_coords()",
      fixed = "the counts depend on the joints only; every seed would give the same numbers",
      data = {
        { name = "O", value = six_bar_pins.O, unit = "m", what = "ground pin of the crank", ours = true },
        { name = "A", value = six_bar_pins.A, unit = "m", what = "crank-plate pin", ours = true },
        { name = "B", value = six_bar_pins.B, unit = "m", what = "plate-rocker pin", ours = true },
        { name = "C", value = six_bar_pins.C, unit = "m", what = "plate-link pin", ours = true },
        { name = "Q", value = six_bar_pins.Q, unit = "m", what = "ground pin of the first rocker", ours = true },
        { name = "D", value = six_bar_pins.D, unit = "m", what = "link-rocker pin", ours = true },
        { name = "R", value = six_bar_pins.R, unit = "m", what = "ground pin of the second rocker", ours = true },
      },
      asks = {
        { name = "nv", what = "coordinates", unit = "" },
        { name = "nc", what = "constraints", unit = "" },
        { name = "dof", what = "degrees of freedom", unit = "" },
      },
      answers = function()
        local p = six_bar():pieces { formulation = "point" }
        return { nv = #p.q, nc = #p.phi, dof = #p.q - #p.phi }
      end,
      verify = function()
        local nv, nc = count_pins_by_hand({ crank = { "O", "A" }, coupler = { "A", "B", "C" }, rocker1 = { "Q", "B" },
          link = { "C", "D" }, rocker2 = { "R", "D" } }, { O = true, Q = true, R = true })
        return { nv = nv, nc = nc, dof = nv - nc }
      end,
      mistakes = {
        nv = { { value = 14, say = "O, Q and R do not move: stationary points have no coordinates." } },
        nc = { { value = 5, say = "the plate A-B-C needs three rows to stay rigid, not one." },
          { value = 21, say = "pins shared by two bodies' points cost no rows in point coordinates." } },
      },
      model = six_bar,
      hints = {
        "Moving pins A, B, C, D: two coordinates each. The ground's pins are stationary.",
        "A body with two points needs one length; each further point on it needs two more rows.",
        "Check with `p:model():point_coords()`.",
      } },

    ------------------------------------------------------------------ 10.4
    { number = "10.4",
      title = "Why not Eq. 10.21 with theta = 0 for parallel vectors?",
      text = [[
Points i, j and k lie on one line (from ri at angle psi, j at a and k at b from i).
Vectors d1 = rj - ri and d2 = rk - ri must stay parallel. Compare Eq. 10.20, Phi = d1
turned ' d2, with Eq. 10.21 at theta = 0, Phi = d1'd2 - a b. Turn d2 about i by a small
angle: how fast does each Phi change with that angle at the parallel position? With the
two lengths |d1| = a and |d2| = b as the other rows, what is the rank of the 3 x 6
Jacobian with each? Can Eq. 10.21 with theta = 0 replace Eq. 10.20 ("yes" or "no")?]],
      build = "each Phi at a turned d2 (or its derivative), and mb.mat's rank of the two Jacobians",
      data = {
        { name = "ri", value = { 0.2, 0.1 }, unit = "m", what = "point i", ours = true, vary = { abs = 0.3 } },
        { name = "psi", value = 35, unit = "deg", what = "the line's angle", ours = true, vary = { range = { -170, 170 }, step = 1 } },
        { name = "a", value = 0.6, unit = "m", what = "i to j", ours = true, vary = 0.3 },
        { name = "b", value = 1.0, unit = "m", what = "i to k", ours = true, vary = 0.3 },
      },
      valid = function(d) return math.abs(d.b - d.a) > 0.1 end,
      asks = {
        { name = "slope_parallel", what = "dPhi/dangle of Eq. 10.20", unit = "m^2" },
        { name = "slope_angle", what = "dPhi/dangle of Eq. 10.21, theta = 0", unit = "m^2", atol = 1e-6 },
        { name = "rank_parallel", what = "rank with Eq. 10.20", unit = "", tol = 0 },
        { name = "rank_angle", what = "rank with Eq. 10.21", unit = "", tol = 0 },
        { name = "usable", what = "can Eq. 10.21 at theta = 0 replace it?", unit = "", kind = "choice",
          choices = { "yes", "no" } },
      },
      answers = function(d)
        -- the program's own rows of a bar on three collinear pins: lengths
        -- j-i, k-i and the parallel row of Eq. 10.20
        local P = collinear(d.ri, d.psi, d.a, d.b)
        local f = point_rows(three_pin_bar(P), { 1, 2, 3 })
        local r = { P[1][1], P[1][2], P[2][1], P[2][2], P[3][1], P[3][2] }
        local function turned(eps)
          local k = add(P[1], vec.rotate(eps, sub(P[3], P[1])))
          return { r[1], r[2], r[3], r[4], k[1], k[2] }
        end
        local h = 1e-6
        local slope_parallel = (f.phi(turned(h))[3] - f.phi(turned(-h))[3]) / (2 * h)
        local angle = function(q)
          return vec.dot(sub(pt(q, 2), pt(q, 1)), sub(pt(q, 3), pt(q, 1))) - d.a * d.b
        end
        local D = f.D(r)
        -- the row of d1'd2 - a b: -(d1 + d2)' at i, d2' at j, d1' at k
        local d1, d2 = sub(P[2], P[1]), sub(P[3], P[1])
        local angle_row = { -d1[1] - d2[1], -d1[2] - d2[2], d2[1], d2[2], d1[1], d1[2] }
        return {
          slope_parallel = slope_parallel,
          slope_angle = (angle(turned(h)) - angle(turned(-h))) / (2 * h),
          rank_parallel = mat(D):rank(),
          rank_angle = mat { D[1], D[2], angle_row }:rank(),
          usable = "no",
        }
      end,
      verify = function(d)
        -- Phi of Eq. 10.20 at the angle t between them is a b sin t, of Eq.
        -- 10.21 a b (cos t - 1): slopes a b and 0. The ranks from
        -- Gram-Schmidt on rows written out by hand.
        local P = collinear(d.ri, d.psi, d.a, d.b)
        local d1, d2 = sub(P[2], P[1]), sub(P[3], P[1])
        local len1 = { -d1[1], -d1[2], d1[1], d1[2], 0, 0 }
        local len2 = { -d2[1], -d2[2], 0, 0, d2[1], d2[2] }
        local par = { perp(d2)[1] - perp(d1)[1], perp(d2)[2] - perp(d1)[2], -perp(d2)[1], -perp(d2)[2], perp(d1)[1], perp(d1)[2] }
        local ang = { -d1[1] - d2[1], -d1[2] - d2[2], d2[1], d2[2], d1[1], d1[2] }
        return {
          slope_parallel = d.a * d.b, slope_angle = 0,
          rank_parallel = rank_by_hand({ len1, len2, par }, 1e-6),
          rank_angle = rank_by_hand({ len1, len2, ang }, 1e-6),
          usable = "no",
        }
      end,
      written = [[
At theta = 0 the scalar product d1'd2 is at its largest, a b: as a function of the angle
t between the vectors Phi = a b (cos t - 1) has a double root, its slope is zero there.
So the row says nothing to first order about turning, and its gradient is a combination
of the two length rows' gradients: the Jacobian loses rank exactly at the configuration
it is meant to hold, Newton-Raphson loses its quadratic convergence and the multipliers
are not unique. Eq. 10.20 is a b sin t: its slope a b is largest there. (Without the
lengths held, d1'd2 = a b does not even force the vectors to be parallel.)]],
      mistakes = {
        slope_angle = { { value = function(d) return d.a * d.b end,
          say = "that is the slope of the cross product (Eq. 10.20); the dot product's slope is a b sin t, zero at t = 0." } },
        usable = { { value = "yes", say = "look at the rank you found: the rows of Eq. 10.21 at theta = 0 are dependent there." } },
      },
      hints = {
        "Write each Phi as a function of the angle t between d1 and d2: a b sin t and a b (cos t - 1).",
        "A row whose value has a zero slope at the solution adds nothing to the Jacobian's rank there.",
        "`mb.mat{row1, row2, row3}:rank()` with the rows of Eqs. 10.15 and of Phi = d1'd2 - a b.",
      } },

    ------------------------------------------------------------------ 10.5
    { number = "10.5",
      title = "Velocity and acceleration rows of Eqs. 10.20-10.22",
      text = [[
Differentiate the parallel row of Eq. 10.20 (points i, j, k), the angle row of Eq. 10.21
(i, j, k; L's and theta constant) and the four-point parallel row of Eq. 10.22 (i, j, k,
l) twice in time. Give each row of D as a Lua function of r = {xi, yi, xj, yj, xk, yk
(, xl, yl)}, and each gamma (of D r'' = gamma) as a function of r and rd.]],
      build = "six functions; the program writes Eq. 10.20 for a body on three pins in a line",
      asks = {
        fn_ask("D20", "the row of Eq. 10.20 (6 entries)", 6),
        fn_ask("gamma20", "its gamma", 6, { "r", "rd" }),
        fn_ask("D21", "the row of Eq. 10.21 (6 entries)", 6),
        fn_ask("gamma21", "its gamma", 6, { "r", "rd" }),
        fn_ask("D22", "the row of Eq. 10.22 (8 entries)", 8),
        fn_ask("gamma22", "its gamma", 8, { "r", "rd" }),
      },
      answers = function()
        -- Eq. 10.20 as the program writes it: the third row of a bar on three
        -- pins in a line (it depends on the bar's three points only)
        local bar = point_rows(three_pin_bar(collinear({ 0.2, 0.1 }, 0.6, 0.6, 1.0)), { 3 })
        -- Eqs. 10.21 and 10.22 by the book's formulas
        return {
          D20 = row_of(bar.D, 1), gamma20 = row_of(bar.gamma, 1),
          D21 = function(r)
            local a, b = sub(pt(r, 1), pt(r, 2)), sub(pt(r, 3), pt(r, 2))
            return { b[1], b[2], -a[1] - b[1], -a[2] - b[2], a[1], a[2] }
          end,
          gamma21 = function(_, rd)
            local va, vb = sub(pt(rd, 1), pt(rd, 2)), sub(pt(rd, 3), pt(rd, 2))
            return -2 * vec.dot(va, vb)
          end,
          D22 = function(r)
            local a, b = sub(pt(r, 1), pt(r, 2)), sub(pt(r, 3), pt(r, 4))
            local ta, tb = vec.rot(a), vec.rot(b)
            return { -tb[1], -tb[2], tb[1], tb[2], ta[1], ta[2], -ta[1], -ta[2] }
          end,
          gamma22 = function(_, rd)
            local va, vb = sub(pt(rd, 1), pt(rd, 2)), sub(pt(rd, 3), pt(rd, 4))
            return -2 * vec.cross(va, vb)
          end,
        }
      end,
      verify = function()
        local function phi20(r) return { cross(sub(pt(r, 1), pt(r, 2)), sub(pt(r, 1), pt(r, 3))) } end
        local function phi21(r) return { dot(sub(pt(r, 1), pt(r, 2)), sub(pt(r, 3), pt(r, 2))) - 0.7 } end
        local function phi22(r) return { cross(sub(pt(r, 1), pt(r, 2)), sub(pt(r, 3), pt(r, 4))) } end
        return {
          D20 = row_of(jacobian_fd(phi20), 1), gamma20 = row_of(gamma_fd(phi20), 1),
          D21 = row_of(jacobian_fd(phi21), 1), gamma21 = row_of(gamma_fd(phi21), 1),
          D22 = row_of(jacobian_fd(phi22), 1), gamma22 = row_of(gamma_fd(phi22), 1),
        }
      end,
      mistakes = {
        gamma21 = { { value = function()
            return function(_, rd)
              local va, vb = sub(pt(rd, 1), pt(rd, 2)), sub(pt(rd, 3), pt(rd, 2))
              return -vec.dot(va, vb)
            end
          end, say = "the product rule gives the cross term twice: gamma = -2 d-dot(i,j)'d-dot(k,j)." } },
        gamma20 = { { value = function()
            return function(_, rd)
              local va, vb = sub(pt(rd, 1), pt(rd, 2)), sub(pt(rd, 1), pt(rd, 3))
              return -vec.cross(va, vb)
            end
          end, say = "the product rule gives the cross term twice: gamma = -2 (turned d-dot(i,j))'d-dot(i,k)." } },
      },
      hints = {
        "Write each Phi with two vectors a and b; d/dt of a turned ' b is a-dot turned ' b + a turned ' b-dot.",
        "The row of a turned ' b: d/da gives -(b turned)', d/db gives (a turned)'; then the chain rule to the points.",
        "gamma is minus the terms without accelerations: -2 a-dot turned ' b-dot for Eqs. 10.20 and 10.22, -2 a-dot'b-dot for Eq. 10.21.",
      } },

    ------------------------------------------------------------------ 10.6
    { number = "10.6",
      title = "alpha and beta of a point on three primary points",
      text = [[
P is a secondary point of a body held by primary points A, B and C (Fig. 10.8c): rP = rA
+ alpha u + beta v, with u the unit vector from A to B and v the one from A to C (not at
right angles). Derive alpha and beta from rA, rB, rC and rP, and give them for the points
below (ours).]],
      build = "a 2 x 2 system [u v]{alpha; beta} = rP - rA, solved with mb.mat",
      data = {
        { name = "rA", value = { 0.1, 0.2 }, unit = "m", what = "A", ours = true, vary = { abs = 0.1 } },
        { name = "rB", value = { 0.9, 0.35 }, unit = "m", what = "B", ours = true, vary = { abs = 0.1 } },
        { name = "rC", value = { 0.3, 0.8 }, unit = "m", what = "C", ours = true, vary = { abs = 0.1 } },
        { name = "rP", value = { 0.55, 0.6 }, unit = "m", what = "P", ours = true, vary = { abs = 0.1 } },
      },
      valid = function(d)
        local u, v = vec.unit(sub(d.rB, d.rA)), vec.unit(sub(d.rC, d.rA))
        return math.abs(cross(u, v)) > 0.5 and math.abs(dot(u, v)) > 0.1
      end,
      asks = {
        { name = "alpha", what = "alpha, along A->B", unit = "m" },
        { name = "beta", what = "beta, along A->C", unit = "m" },
      },
      answers = function(d)
        local u, v = vec.unit(sub(d.rB, d.rA)), vec.unit(sub(d.rC, d.rA))
        local x = mat { { u[1], v[1] }, { u[2], v[2] } }:solve(sub(d.rP, d.rA))
        return { alpha = x[1], beta = x[2] }
      end,
      verify = function(d)
        -- premultiply by v turned (or u turned) to drop the other term
        local e = sub(d.rP, d.rA)
        local u, v = sub(d.rB, d.rA), sub(d.rC, d.rA)
        u, v = scale(1 / norm(u), u), scale(1 / norm(v), v)
        return { alpha = dot(perp(v), e) / dot(perp(v), u), beta = dot(perp(u), e) / dot(perp(u), v) }
      end,
      mistakes = {
        alpha = { { value = function(d) return vec.dot(vec.unit(sub(d.rB, d.rA)), sub(d.rP, d.rA)) end,
          say = "u'(rP - rA) is alpha only when v is at right angles to u (Eq. 10.30); here it is not." },
          { value = function(d) return norm(sub(d.rB, d.rA)) end,
            say = "that puts (rB - rA) where (rP - rA) belongs, the misprint of the book's Example 10.3." } },
        beta = { { value = function(d) return vec.dot(vec.unit(sub(d.rC, d.rA)), sub(d.rP, d.rA)) end,
          say = "v'(rP - rA) is beta only when u is at right angles to v; premultiply by u turned instead." },
          { value = 0, say = "with (rB - rA) as the second factor, as the book's Example 10.3 misprints it, beta is always 0: it is (rP - rA)." } },
      },
      hints = {
        "Premultiplying by a vector at right angles to v removes the beta term.",
        "alpha = (v turned)'(rP - rA) / ((v turned)'u), and beta likewise with u turned.",
        "`mb.mat{{u[1], v[1]}, {u[2], v[2]}}:solve(mb.vec.sub(rP, rA))`",
      } },

    ------------------------------------------------------------------ 10.7
    { number = "10.7",
      title = "A point placed by an angle and a length",
      text = [[
A link is held by primary points A and B. P is at length L from A, at angle theta from
the axis A->B (counter-clockwise). Write rP, its velocity and its acceleration in the
style of Eqs. 10.28, 10.30 and 10.31 (alpha = L cos theta, beta = L sin theta), and give
them for the state below (ours: B, its velocity and acceleration follow from the link's
angle phi, rate omega and angular acceleration alpha_a).]],
      build = "mb.points.secondary on positions, velocities and accelerations (it is linear)",
      data = {
        { name = "rA", value = { 0.3, 0.1 }, unit = "m", what = "A", ours = true, vary = { abs = 0.2 } },
        { name = "LAB", value = 0.8, unit = "m", what = "A to B", ours = true, vary = 0.3 },
        { name = "phi", value = 25, unit = "deg", what = "angle of A->B", ours = true, vary = { range = { -180, 180 }, step = 1 } },
        { name = "L", value = 0.5, unit = "m", what = "A to P", ours = true, vary = 0.3 },
        { name = "theta", value = 40, unit = "deg", what = "P's angle from the axis", ours = true, vary = { abs = 30, step = 1 } },
        { name = "vA", value = { 0.4, -0.2 }, unit = "m/s", what = "A's velocity", ours = true, vary = { abs = 0.3 } },
        { name = "omega", value = 1.5, unit = "rad/s", what = "the link's rate", ours = true, vary = { abs = 1 } },
        { name = "aA", value = { -0.3, 0.6 }, unit = "m/s^2", what = "A's acceleration", ours = true, vary = { abs = 0.3 } },
        { name = "alpha_a", value = -2.0, unit = "rad/s^2", what = "its angular acceleration", ours = true, vary = { abs = 1.5 } },
        { name = "rB", derived = function(d) return add(d.rA, scale(d.LAB, unit(d.phi))) end, unit = "m", what = "B" },
        { name = "vB", derived = function(d) return add(d.vA, scale(d.omega * d.LAB, perp(unit(d.phi)))) end,
          unit = "m/s", what = "B's velocity" },
        { name = "aB", derived = function(d)
            local e = unit(d.phi)
            return add(d.aA, add(scale(d.alpha_a * d.LAB, perp(e)), scale(-d.omega ^ 2 * d.LAB, e)))
          end, unit = "m/s^2", what = "B's acceleration" },
      },
      asks = {
        { name = "rP", what = "P's position", unit = "m" },
        { name = "vP", what = "P's velocity", unit = "m/s" },
        { name = "aP", what = "P's acceleration", unit = "m/s^2" },
      },
      answers = function(d)
        local alpha, beta = d.L * math.cos(d.theta), d.L * math.sin(d.theta)
        local S = mb.points.secondary
        return { rP = S(d.rA, d.rB, alpha, beta, d.LAB), vP = S(d.vA, d.vB, alpha, beta, d.LAB),
          aP = S(d.aA, d.aB, alpha, beta, d.LAB) }
      end,
      verify = function(d)
        -- a body turning at omega: s = L {cos, sin}(phi + theta) from A
        local s = scale(d.L, unit(d.phi + d.theta))
        return { rP = add(d.rA, s), vP = add(d.vA, scale(d.omega, perp(s))),
          aP = add(d.aA, add(scale(d.alpha_a, perp(s)), scale(-d.omega ^ 2, s))) }
      end,
      mistakes = {
        rP = { { value = function(d) return add(d.rA, scale(d.L, unit(d.phi - d.theta))) end,
          say = "theta is counter-clockwise from A->B: beta = L sin theta is positive for a positive theta." } },
        aP = { { value = function(d)
            local s = scale(d.L, unit(d.phi + d.theta))
            return add(d.aA, scale(d.alpha_a, perp(s)))
          end, say = "the centripetal term -omega^2 s is missing: use the same combination of A's and B's accelerations." } },
      },
      hints = {
        "alpha = L cos theta along the axis, beta = L sin theta across it: Eq. 10.28 as it stands.",
        "The coefficients of rA and rB are constant, so velocity and acceleration are the same combination (Eq. 10.27).",
        "`mb.points.secondary(p.data.vA, p.data.vB, L*cos(theta), L*sin(theta), p.data.LAB)` gives vP.",
      } },

    ------------------------------------------------------------------ 10.8
    { number = "10.8",
      title = "Three lengths on a line make dependent rows",
      text = [[
Points A, B and C lie on a link's axis, B between A and C. Constraints (a) and (b) keep
A-B and A-C at their lengths (as d'd - L^2 = 0); (c) keeps them parallel, (d) would keep
B-C at its length instead. Show that with (d) the Jacobian's rows are dependent: give the
rank of the 3 x 6 Jacobian with (c) and with (d), and the numbers k1, k2 with row(d) =
k1 row(a) + k2 row(b) at the configuration below (ours).]],
      build = "the rows of Eq. 10.15 (times 2) and the parallel row, mb.mat's rank and a least-squares fit",
      data = {
        { name = "rA", value = { 0.1, 0.4 }, unit = "m", what = "A", ours = true, vary = { abs = 0.3 } },
        { name = "psi", value = 20, unit = "deg", what = "the axis' angle", ours = true, vary = { range = { -170, 170 }, step = 1 } },
        { name = "LAB", value = 0.3, unit = "m", what = "A to B", ours = true, vary = 0.3 },
        { name = "LAC", value = 0.7, unit = "m", what = "A to C", ours = true, vary = 0.3 },
      },
      valid = function(d) return d.LAC > d.LAB + 0.1 end,
      asks = {
        { name = "rank_c", what = "rank with (a), (b), (c)", unit = "", tol = 0 },
        { name = "rank_d", what = "rank with (a), (b), (d)", unit = "", tol = 0 },
        { name = "k1", what = "row(d) = k1 row(a) + k2 row(b): k1", unit = "" },
        { name = "k2", what = "k2", unit = "" },
      },
      answers = function(d)
        local P = collinear(d.rA, d.psi, d.LAB, d.LAC)
        local r = { P[1][1], P[1][2], P[2][1], P[2][2], P[3][1], P[3][2] }
        -- (a), (b), (c): the program's own rows of a bar on three pins in a line
        local D = point_rows(three_pin_bar(P), { 1, 2, 3 }).D(r)
        local AB, AC, BC = sub(P[1], P[2]), sub(P[1], P[3]), sub(P[2], P[3])
        local ra = { 2 * AB[1], 2 * AB[2], -2 * AB[1], -2 * AB[2], 0, 0 }
        local rb = { 2 * AC[1], 2 * AC[2], 0, 0, -2 * AC[1], -2 * AC[2] }
        local rd = { 0, 0, 2 * BC[1], 2 * BC[2], -2 * BC[1], -2 * BC[2] }
        -- k from the normal equations of [ra' rb'] k = rd'
        local G = mat { { ndot(ra, ra), ndot(ra, rb) }, { ndot(rb, ra), ndot(rb, rb) } }
        local k = G:solve { ndot(ra, rd), ndot(rb, rd) }
        return { rank_c = mat(D):rank(), rank_d = mat { ra, rb, rd }:rank(), k1 = k[1], k2 = k[2] }
      end,
      verify = function(d)
        -- along the axis A, B, C sit at 0, LAB, LAC: column B gives k1, column C k2
        local LBC = d.LAC - d.LAB
        local P = collinear(d.rA, d.psi, d.LAB, d.LAC)
        local AB, AC, BC = sub(P[1], P[2]), sub(P[1], P[3]), sub(P[2], P[3])
        local ra = { AB[1], AB[2], -AB[1], -AB[2], 0, 0 }
        local rb = { AC[1], AC[2], 0, 0, -AC[1], -AC[2] }
        local rc = { perp(AB)[1] - perp(AC)[1], perp(AB)[2] - perp(AC)[2], perp(AC)[1], perp(AC)[2], -perp(AB)[1], -perp(AB)[2] }
        local rd = { 0, 0, BC[1], BC[2], -BC[1], -BC[2] }
        return { rank_c = rank_by_hand({ ra, rb, rc }, 1e-6), rank_d = rank_by_hand({ ra, rb, rd }, 1e-6),
          k1 = -LBC / d.LAB, k2 = LBC / d.LAC }
      end,
      written = [[
On a line every d is a multiple of the axis' unit vector, so each length row is (a
number) x {u', -u'} spread over two points, and the B-C row is a combination of the A-B
and A-C rows (k1 = -L_BC/L_AB, k2 = L_BC/L_AC). The three lengths then fix only two
things: the spacing along the line, not the rigid turning of C about the others. The
Jacobian is singular, and Newton-Raphson and the equations of motion fail. The parallel
row (c) brings the direction across the axis, which the lengths lack.]],
      mistakes = {
        rank_d = { { value = 3, say = "three rows need not be independent: on a line the B-C row is a combination of the other two." } },
        k1 = { { value = function(d) return (d.LAC - d.LAB) / d.LAB end, say = "watch the sign: d(B,C) points the other way from d(A,B)." } },
      },
      hints = {
        "On the line, d(A,B) = -LAB u, d(A,C) = -LAC u and d(B,C) = -LBC u.",
        "Compare the columns of B and of C in the three rows: B's fixes k1, C's fixes k2; A's then vanishes.",
        "`mb.mat{ra, rb, rd}:rank()` with the rows written out.",
      } },

    ------------------------------------------------------------------ 10.9
    { number = "10.9",
      title = "A secondary point as a function of A and B",
      text = [[
P is fixed on a link held by primary points A and B (ours: alpha along A->B and beta across
it, measured from A; the link's length LAB). Write rP as a function of q = {xA, yA, xB,
yB} (Eq. 10.28), its velocity as a function of q and qd, and its acceleration as a
function of q, qd and qdd. The test states are rigid motions of the link.]],
      build = "three Lua functions; mb.points.secondary does the position",
      data = {
        { name = "alpha", value = 0.35, unit = "m", what = "along A->B", ours = true, vary = 0.4 },
        { name = "beta", value = -0.15, unit = "m", what = "across it", ours = true, vary = 0.4 },
        { name = "LAB", value = 0.6, unit = "m", what = "A to B", ours = true, vary = 0.3 },
      },
      asks = {
        { name = "rP", what = "rP(q)", unit = "m", kind = "function", args = { "q" }, tol = 1e-6, probes = rigid_states(1) },
        { name = "vP", what = "P's velocity (q, qd)", unit = "m/s", kind = "function", args = { "q", "qd" }, tol = 1e-6,
          probes = rigid_states(2) },
        { name = "aP", what = "P's acceleration (q, qd, qdd)", unit = "m/s^2", kind = "function",
          args = { "q", "qd", "qdd" }, tol = 1e-6, probes = rigid_states(3) },
      },
      answers = function(d)
        local S = mb.points.secondary
        return {
          rP = function(q) return S(pt(q, 1), pt(q, 2), d.alpha, d.beta, d.LAB) end,
          vP = function(_, qd) return S(pt(qd, 1), pt(qd, 2), d.alpha, d.beta, d.LAB) end,
          aP = function(_, _, qdd) return S(pt(qdd, 1), pt(qdd, 2), d.alpha, d.beta, d.LAB) end,
        }
      end,
      verify = function(d)
        -- the link's angle, rate and angular acceleration from A and B, and
        -- P as the body point s = alpha e + beta e-turned
        local function frame(q)
          local e = sub(pt(q, 2), pt(q, 1))
          return e, norm(e)
        end
        local function s_of(q)
          local e, len = frame(q)
          e = scale(1 / len, e)
          return add(scale(d.alpha, e), scale(d.beta, perp(e)))
        end
        return {
          rP = function(q) return add(pt(q, 1), s_of(q)) end,
          vP = function(q, qd)
            local e, len = frame(q)
            local w = cross(e, sub(pt(qd, 2), pt(qd, 1))) / (len * len)
            return add(pt(qd, 1), scale(w, perp(s_of(q))))
          end,
          aP = function(q, qd, qdd)
            local e, len = frame(q)
            local w = cross(e, sub(pt(qd, 2), pt(qd, 1))) / (len * len)
            local a = cross(e, sub(pt(qdd, 2), pt(qdd, 1))) / (len * len)
            local s = s_of(q)
            return add(pt(qdd, 1), add(scale(a, perp(s)), scale(-w * w, s)))
          end,
        }
      end,
      mistakes = {
        rP = { { value = function(d)
            return function(q) return mb.points.secondary(pt(q, 1), pt(q, 2), d.alpha, -d.beta, d.LAB) end
          end, say = "beta goes along the axis turned +90 degrees: rB turned - rA turned, not the other way." } },
      },
      hints = {
        "rP = rA + alpha u + beta u-turned with u = (rB - rA)/LAB.",
        "LAB is constant, so the coefficients of rA and rB are too: the velocity is the same combination of the velocities.",
        "`function(q) return mb.points.secondary({q[1], q[2]}, {q[3], q[4]}, alpha, beta, LAB) end`",
      } },
    ------------------------------------------------------------------ 10.10
    { number = "10.10",
      title = "Three particles, two rods, two springs: M, h, D",
      text = [[
Two rods pinned at B are three particles A, B and C (no gravity: none is named). Spring
1 joins A and C, spring 2 joins B to the ground at Q. With all velocities zero, write the
equations of motion M r'' = h + D'lambda, D r'' = gamma in numbers for r = {xA, yA, xB,
yB, xC, yC}: the rods as lengths 1/2 (d'd - L^2) with d = rA - rB and d = rB - rC, in
that order. Solve them for the accelerations and the multipliers.]],
      build = "M, h and D by hand (mb.mat), then the 8 x 8 system; or a body model to compare",
      data = {
        { name = "mA", value = 0.5, unit = "kg", what = "particle A", vary = 0.3 },
        { name = "mB", value = 0.8, unit = "kg", what = "particle B", vary = 0.3 },
        { name = "mC", value = 0.6, unit = "kg", what = "particle C", vary = 0.3 },
        { name = "k1", value = 60, unit = "N/m", what = "spring 1 (A-C)", vary = 0.3 },
        { name = "k2", value = 80, unit = "N/m", what = "spring 2 (B-Q)", vary = 0.3 },
        { name = "L01", value = 2.0, unit = "m", what = "spring 1's free length", vary = 0.1 },
        { name = "L02", value = 2.0, unit = "m", what = "spring 2's free length", vary = 0.1 },
        { name = "rQ", value = { 3.5, 0.5 }, unit = "m", what = "Q", vary = { abs = 0.2 } },
        { name = "rA", value = { 1.0, 1.5 }, unit = "m", what = "A", vary = { abs = 0.2 } },
        { name = "rB", value = { 2.0, 0.5 }, unit = "m", what = "B", vary = { abs = 0.2 } },
        { name = "rC", value = { 3.0, 2.5 }, unit = "m", what = "C", vary = { abs = 0.2 } },
        { name = "LAB", derived = function(d) return norm(sub(d.rA, d.rB)) end, unit = "m", what = "rod A-B (sqrt 2 in the book)" },
        { name = "LBC", derived = function(d) return norm(sub(d.rB, d.rC)) end, unit = "m", what = "rod B-C (sqrt 5 in the book)" },
      },
      valid = function(d) return math.abs(cross(sub(d.rA, d.rB), sub(d.rC, d.rB))) > 0.5 end,
      asks = {
        { name = "M", what = "the mass matrix (6 x 6)", unit = "kg" },
        { name = "h", what = "the applied forces (6)", unit = "N" },
        { name = "D", what = "the Jacobian (2 x 6)", unit = "m" },
        { name = "acc", what = "r'' (6)", unit = "m/s^2" },
        { name = "lambda", what = "the multipliers (2)", unit = "N/m" },
      },
      answers = function(d)
        local M = diag2 { d.mA, d.mB, d.mC }
        local AC, BQ = sub(d.rA, d.rC), sub(d.rB, d.rQ)
        local f1, f2 = d.k1 * (norm(AC) - d.L01) / norm(AC), d.k2 * (norm(BQ) - d.L02) / norm(BQ)
        local h = { -f1 * AC[1], -f1 * AC[2], -f2 * BQ[1], -f2 * BQ[2], f1 * AC[1], f1 * AC[2] }
        local AB, BC = sub(d.rA, d.rB), sub(d.rB, d.rC)
        local D = { { AB[1], AB[2], -AB[1], -AB[2], 0, 0 }, { 0, 0, BC[1], BC[2], -BC[1], -BC[2] } }
        local acc, lambda = solve_eom(M, D, h, { 0, 0 })
        return { M = M, h = h, D = D, acc = acc, lambda = lambda }
      end,
      verify = function(d)
        -- h = -grad V of the springs' energy, D by differences, and r''
        -- from body coordinates: rod 1 = A and half of B, rod 2 = the rest
        local function V(r)
          local A, B, C = pt(r, 1), pt(r, 2), pt(r, 3)
          return 0.5 * d.k1 * (norm(sub(A, C)) - d.L01) ^ 2 + 0.5 * d.k2 * (norm(sub(B, d.rQ)) - d.L02) ^ 2
        end
        local r0 = { d.rA[1], d.rA[2], d.rB[1], d.rB[2], d.rC[1], d.rC[2] }
        local grad = jacobian_fd(function(r) return { V(r) } end)(r0)[1]
        local h = {}
        for k = 1, 6 do h[k] = -grad[k] end
        local D = jacobian_fd(function(r)
          local AB, BC = sub(pt(r, 1), pt(r, 2)), sub(pt(r, 2), pt(r, 3))
          return { 0.5 * (dot(AB, AB) - d.LAB ^ 2), 0.5 * (dot(BC, BC) - d.LBC ^ 2) }
        end)(r0)
        local m = mb.model { name = "two rods", gravity = { 0, 0 } }
        local m1, c1, J1 = two_particles(d.mA, d.rA, d.mB / 2, d.rB)
        local m2, c2, J2 = two_particles(d.mB / 2, d.rB, d.mC, d.rC)
        m:body { name = "rod1", mass = m1, inertia = J1, pos = c1 }
        m:body { name = "rod2", mass = m2, inertia = J2, pos = c2 }
        m:point { name = "A", body = "rod1", at = sub(d.rA, c1) }
        m:point { name = "B1", body = "rod1", at = sub(d.rB, c1) }
        m:point { name = "B2", body = "rod2", at = sub(d.rB, c2) }
        m:point { name = "C", body = "rod2", at = sub(d.rC, c2) }
        m:point { name = "Q", body = "ground", at = d.rQ }
        m:joint { name = "B", type = "revolute", points = { "B1", "B2" } }
        m:force { name = "s1", type = "spring-damper", points = { "A", "C" }, k = d.k1, length = d.L01 }
        m:force { name = "s2", type = "spring-damper", points = { "B2", "Q" }, k = d.k2, length = d.L02 }
        local acc = body_point_acc(m, { { "rod1", sub(d.rA, c1) }, { "rod1", sub(d.rB, c1) }, { "rod2", sub(d.rC, c2) } })
        local M = diag2 { d.mA, d.mB, d.mC }
        return { M = M, h = h, D = D, acc = acc, lambda = multipliers(M, D, h, acc) }
      end,
      mistakes = {
        h = { { value = function(_, ref) return vec.scale(-1, ref.h) end,
          say = "the springs pull when stretched: spring 1 (stretched) pulls A towards C." } },
        lambda = { { value = function(_, ref) return { 2 * ref.lambda[1], 2 * ref.lambda[2] } end,
          say = "with the factor 1/2 in Phi the rows are d', not 2 d': lambda is half that." } },
      },
      hints = {
        "M = diag(mA, mA, mB, mB, mC, mC). A spring's force on its first point is -k (L - L0) d/L with d from the second to the first.",
        "The rows: {dAB', -dAB', 0} and {0, dBC', -dBC'}; gamma = 0 since nothing moves yet.",
        "K = [M, -D'; D, 0] (8 x 8) and solve K {r''; lambda} = {h; 0} with mb.mat.",
      } },

    ------------------------------------------------------------------ 10.11
    { number = "10.11",
      title = "A rod whose end slides on a line, then on a curve",
      text = [[
A rod of length L is two particles A and B, r = {xA, yA, xB, yB}; a force fA acts on A
(no gravity). (a) B slides on the line through (c, 0) with unit normal u: Phi = {1/2 (d'd
- L^2) with d = rA - rB, u'rB - c u_x}. (b) B slides on the curve y = 0.1 + 5 (x - 0.2)^2
instead, Phi2 = yB - 0.1 - 5 (xB - 0.2)^2, and a force fB acts on B too. For the states
below (ours: B's place and rate along its path, the rod's angle and rate) give the
accelerations and multipliers, the rows of (a), and Phi and gamma of (b).]],
      build = "M r'' = h + D'lambda with mb.mat; for (a) also a slider model in points",
      data = {
        { name = "L", value = 0.5, unit = "m", what = "the rod", vary = 0.2 },
        { name = "mA", value = 1.0, unit = "kg", what = "particle A", vary = 0.3 },
        { name = "mB", value = 2.0, unit = "kg", what = "particle B", vary = 0.3 },
        { name = "fA", value = { 0.3, 0.4 }, unit = "N", what = "force on A", vary = 0.4 },
        { name = "fB", value = { 0.2, -0.7 }, unit = "N", what = "(b) force on B", vary = 0.4 },
        { name = "c", value = 0.2, unit = "m", what = "(a) the line meets the x axis", vary = { abs = 0.1 } },
        { name = "u", value = { -0.6, 0.8 }, unit = "", what = "(a) the line's unit normal",
          vary = { choices = { { -0.6, 0.8 }, { -0.8, 0.6 }, { 0.6, 0.8 }, { -0.28, 0.96 }, { 0.28, 0.96 } } } },
        { name = "s", value = 0.3, unit = "m", what = "(a) B along the line from (c, 0)", ours = true, vary = 0.3 },
        { name = "sd", value = 0.4, unit = "m/s", what = "(a) its rate", ours = true, vary = 0.4 },
        { name = "theta", value = 120, unit = "deg", what = "the rod's angle, B to A", ours = true, vary = { abs = 30, step = 1 } },
        { name = "omega", value = 1.2, unit = "rad/s", what = "its rate", ours = true, vary = 0.4 },
        { name = "xB", value = 0.35, unit = "m", what = "(b) B's x on the curve", ours = true, vary = { abs = 0.1 } },
        { name = "xBd", value = 0.3, unit = "m/s", what = "(b) its rate", ours = true, vary = 0.4 },
      },
      asks = {
        fn_ask("phi_a", "(a) Phi(r)", 4),
        { name = "acc_a", what = "(a) r'' (4)", unit = "m/s^2" },
        { name = "lambda_a", what = "(a) the multipliers (2)", unit = "" },
        fn_ask("phi_b", "(b) Phi(r)", 4),
        fn_ask("gamma_b", "(b) gamma(r, rd)", 4, { "r", "rd" }),
        { name = "acc_b", what = "(b) r'' (4)", unit = "m/s^2" },
        { name = "lambda_b", what = "(b) the multipliers (2)", unit = "" },
      },
      answers = function(d)
        -- (a) in the program's point formulation: a block B on the line, the
        -- rod a particle at A pinned to it (its own inertia ~ 0)
        local t = { d.u[2], -d.u[1] }
        local rB = add({ d.c, 0 }, scale(d.s, t))
        local e = unit(d.theta)
        local rA, vB = add(rB, scale(d.L, e)), scale(d.sd, t)
        local vA = add(vB, scale(d.omega * d.L, perp(e)))
        local m = mb.model { name = "rod on a line", gravity = { 0, 0 } }
        m:body { name = "rod", mass = d.mA, inertia = 1e-12, pos = rA, angle = d.theta, vel = vA, omega = d.omega }
        m:point { name = "rod.A", body = "rod" }
        m:point { name = "rod.B", body = "rod", at = { -d.L, 0 } }
        m:body { name = "block", mass = d.mB, inertia = 1e-12, pos = rB, angle = vec.angle(t), vel = vB }
        m:point { name = "block.B", body = "block" }
        m:vector { name = "block.x", body = "block", dir = { 1, 0 } }
        m:point { name = "X", body = "ground", at = { d.c, 0 } }
        m:vector { name = "line", body = "ground", dir = t }
        m:joint { name = "B", type = "revolute", points = { "rod.B", "block.B" } }
        m:joint { name = "line", type = "translational", points = { "block.B", "X" }, vectors = { "block.x", "line" } }
        m:force { name = "fA", type = "force", point = "rod.A", value = d.fA }
        local p = m:pieces { formulation = "point" }
        -- the program's points are B, A: put them in the sheet's order A, B
        local swap = function(x) return { x[3], x[4], x[1], x[2] } end
        local rows = point_rows(m)
        -- (b) by hand, Eqs. 10.14-10.16 and the curve's row
        local xB = d.xB
        local rBb = { xB, 0.1 + 5 * (xB - 0.2) ^ 2 }
        local vBb = { d.xBd, 10 * (xB - 0.2) * d.xBd }
        local rAb, vAb = add(rBb, scale(d.L, e)), add(vBb, scale(d.omega * d.L, perp(e)))
        local AB, vAB = sub(rAb, rBb), sub(vAb, vBb)
        local D = { { AB[1], AB[2], -AB[1], -AB[2] }, { 0, 0, -10 * (xB - 0.2), 1 } }
        local acc_b, lambda_b = solve_eom(diag2 { d.mA, d.mB }, D, { d.fA[1], d.fA[2], d.fB[1], d.fB[2] },
          { -dot(vAB, vAB), 10 * d.xBd ^ 2 })
        return {
          phi_a = function(r) return rows.phi(swap(r)) end,
          acc_a = swap(p.acc), lambda_a = { p.lambda[1], p.lambda[2] },
          phi_b = function(r)
            local d_ = sub(pt(r, 1), pt(r, 2))
            return { 0.5 * (dot(d_, d_) - d.L ^ 2), r[4] - 0.1 - 5 * (r[3] - 0.2) ^ 2 }
          end,
          gamma_b = function(_, rd)
            local v = sub(pt(rd, 1), pt(rd, 2))
            return { -dot(v, v), 10 * rd[3] ^ 2 }
          end,
          acc_b = acc_b, lambda_b = lambda_b,
        }
      end,
      verify = function(d)
        -- two coordinates, B's place sigma on its path and the rod's angle
        -- theta (Lagrange): r = r(q), (J'MJ) q'' = J'(h - M J'q'), lambda
        -- from the rows written out
        local function solve(P, dP, ddP, sigma, sigmad, h)
          local e = unit(d.theta)
          local J = { { dP[1], -d.L * e[2] }, { dP[2], d.L * e[1] }, { dP[1], 0 }, { dP[2], 0 } }
          local Jd = { ddP[1] * sigmad ^ 2 - d.L * d.omega ^ 2 * e[1], ddP[2] * sigmad ^ 2 - d.L * d.omega ^ 2 * e[2],
            ddP[1] * sigmad ^ 2, ddP[2] * sigmad ^ 2 }
          local mass = { d.mA, d.mA, d.mB, d.mB }
          local A, b = { { 0, 0 }, { 0, 0 } }, { 0, 0 }
          for i = 1, 2 do
            for j = 1, 2 do for k = 1, 4 do A[i][j] = A[i][j] + J[k][i] * mass[k] * J[k][j] end end
            for k = 1, 4 do b[i] = b[i] + J[k][i] * (h[k] - mass[k] * Jd[k]) end
          end
          local qdd = mat(A):solve(b)
          local acc = {}
          for k = 1, 4 do acc[k] = J[k][1] * qdd[1] + J[k][2] * qdd[2] + Jd[k] end
          local rA = add(P(sigma), scale(d.L, e))
          local AB = sub(rA, P(sigma))
          return acc, AB
        end
        local t = { d.u[2], -d.u[1] }
        local acc_a, ABa = solve(function(s) return add({ d.c, 0 }, scale(s, t)) end, t, { 0, 0 }, d.s, d.sd,
          { d.fA[1], d.fA[2], 0, 0 })
        local Da = { { ABa[1], ABa[2], -ABa[1], -ABa[2] }, { 0, 0, d.u[1], d.u[2] } }
        local curve = function(x) return { x, 0.1 + 5 * (x - 0.2) ^ 2 } end
        local hb = { d.fA[1], d.fA[2], d.fB[1], d.fB[2] }
        local acc_b, ABb = solve(curve, { 1, 10 * (d.xB - 0.2) }, { 0, 10 }, d.xB, d.xBd, hb)
        local Db = { { ABb[1], ABb[2], -ABb[1], -ABb[2] }, { 0, 0, -10 * (d.xB - 0.2), 1 } }
        local phi_b = function(r)
          local d_ = sub(pt(r, 1), pt(r, 2))
          return { 0.5 * (dot(d_, d_) - d.L ^ 2), r[4] - 0.1 - 5 * (r[3] - 0.2) ^ 2 }
        end
        return {
          phi_a = function(r)
            local d_ = sub(pt(r, 1), pt(r, 2))
            return { 0.5 * (dot(d_, d_) - d.L ^ 2), dot(d.u, sub(pt(r, 2), { d.c, 0 })) }
          end,
          acc_a = acc_a, lambda_a = multipliers(diag2 { d.mA, d.mB }, Da, { d.fA[1], d.fA[2], 0, 0 }, acc_a),
          phi_b = phi_b, gamma_b = gamma_fd(phi_b),
          acc_b = acc_b, lambda_b = multipliers(diag2 { d.mA, d.mB }, Db, hb, acc_b),
        }
      end,
      mistakes = {
        gamma_b = { { value = function()
            return function(_, rd)
              local v = sub(pt(rd, 1), pt(rd, 2))
              return { -dot(v, v), -10 * rd[3] ^ 2 }
            end
          end, say = "Phi2'' = yB'' - 10 (xB')^2 - 10 (xB - 0.2) xB'': the term without accelerations moves across as +10 (xB')^2." } },
      },
      hints = {
        "The curve's row: Phi2 = yB - 0.1 - 5 (xB - 0.2)^2 gives D = {0, 0, -10 (xB - 0.2), 1}.",
        "Its gamma: minus the part of Phi2'' without accelerations, +10 (xB')^2.",
        "Then [M, -D'; D, 0] {r''; lambda} = {h; gamma} with M = diag(mA, mA, mB, mB).",
      } },

    ------------------------------------------------------------------ 10.12
    { number = "10.12",
      title = "A particle sliding on a massless pinned rod",
      text = [[
A massless rod of length L turns about Q (the origin, stationary); its end is particle A,
and particle B slides along it. r = {xA, yA, xB, yB}; Phi = {1/2 (rA'rA - L^2), (rA
turned)'rB} (Eqs. 10.14 and 10.20 with Q at the origin). Forces fA and fB act (no gravity).
At the state below (ours: the rod's angle and rate, B's distance from Q and its rate)
give D, gamma, the accelerations and the multipliers.]],
      build = "M r'' = h + D'lambda by hand with mb.mat; a body model (rod and slider) to compare",
      data = {
        { name = "L", value = 5.0, unit = "m", what = "the rod", vary = 0.2 },
        { name = "mA", value = 1.0, unit = "kg", what = "particle A", vary = 0.3 },
        { name = "mB", value = 2.0, unit = "kg", what = "particle B", vary = 0.3 },
        { name = "fA", value = { 0.6, 0.1 }, unit = "N", what = "force on A", vary = 0.4 },
        { name = "fB", value = { -0.1, 0.6 }, unit = "N", what = "force on B", vary = 0.4 },
        { name = "theta", value = 30, unit = "deg", what = "the rod's angle", ours = true, vary = { range = { -180, 180 }, step = 1 } },
        { name = "omega", value = 0.5, unit = "rad/s", what = "its rate", ours = true, vary = 0.5 },
        { name = "rho", value = 2.0, unit = "m", what = "Q to B", ours = true, vary = 0.4 },
        { name = "rhod", value = 0.8, unit = "m/s", what = "its rate", ours = true, vary = 0.5 },
      },
      valid = function(d) return d.rho < d.L - 0.5 end,
      asks = {
        { name = "D", what = "the Jacobian (2 x 4)", unit = "m" },
        { name = "gamma", what = "gamma (2)", unit = "m^2/s^2" },
        { name = "acc", what = "r'' (4)", unit = "m/s^2" },
        { name = "lambda", what = "the multipliers (2)", unit = "" },
      },
      answers = function(d)
        local e = unit(d.theta)
        local rA, rB = scale(d.L, e), scale(d.rho, e)
        local vA, vB = scale(d.L * d.omega, perp(e)), add(scale(d.rhod, e), scale(d.rho * d.omega, perp(e)))
        local tA = vec.rot(rA)
        -- Phi2 = rA turned ' rB = cross(rA, rB): row {-(rB turned)', (rA turned)'}
        local tB = vec.rot(rB)
        local D = { { rA[1], rA[2], 0, 0 }, { -tB[1], -tB[2], tA[1], tA[2] } }
        local gamma = { -vec.dot(vA, vA), -2 * vec.cross(vA, vB) }
        local acc, lambda = solve_eom(diag2 { d.mA, d.mB }, D, { d.fA[1], d.fA[2], d.fB[1], d.fB[2] }, gamma)
        return { D = D, gamma = gamma, acc = acc, lambda = lambda }
      end,
      verify = function(d)
        -- D and gamma from Phi by differences; r'' from body coordinates (the
        -- rod a particle at A with no inertia of its own, B a block sliding
        -- on it); lambda by least squares from those
        local function phi(r) return { 0.5 * (dot(pt(r, 1), pt(r, 1)) - d.L ^ 2), cross(pt(r, 1), pt(r, 2)) } end
        local e = unit(d.theta)
        local rA, rB = scale(d.L, e), scale(d.rho, e)
        local vA, vB = scale(d.L * d.omega, perp(e)), add(scale(d.rhod, e), scale(d.rho * d.omega, perp(e)))
        local r, rd = { rA[1], rA[2], rB[1], rB[2] }, { vA[1], vA[2], vB[1], vB[2] }
        local m = mb.model { name = "rod and slider", gravity = { 0, 0 } }
        m:body { name = "rod", mass = d.mA, inertia = 1e-7, pos = rA, angle = d.theta, vel = vA, omega = d.omega }
        m:point { name = "rod.Q", body = "rod", at = { -d.L, 0 } }
        m:vector { name = "rod.x", body = "rod", dir = { 1, 0 } }
        m:body { name = "slider", mass = d.mB, inertia = 1e-7, pos = rB, angle = d.theta, vel = vB, omega = d.omega }
        m:point { name = "slider.B", body = "slider" }
        m:vector { name = "slider.x", body = "slider", dir = { 1, 0 } }
        m:point { name = "Q", body = "ground" }
        m:joint { name = "Q", type = "revolute", points = { "rod.Q", "Q" } }
        m:joint { name = "slide", type = "translational", points = { "slider.B", "rod.Q" }, vectors = { "slider.x", "rod.x" } }
        m:point { name = "rod.A", body = "rod" }
        m:force { name = "fA", type = "force", point = "rod.A", value = d.fA }
        m:force { name = "fB", type = "force", point = "slider.B", value = d.fB }
        local acc = body_point_acc(m, { { "rod", { 0, 0 } }, { "slider", { 0, 0 } } })
        local D = jacobian_fd(phi)(r)
        return { D = D, gamma = gamma_fd(phi)(r, rd), acc = acc,
          lambda = multipliers(diag2 { d.mA, d.mB }, D, { d.fA[1], d.fA[2], d.fB[1], d.fB[2] }, acc) }
      end,
      mistakes = {
        gamma = { { value = function(_, ref) return { ref.gamma[1], ref.gamma[2] / 2 } end,
          say = "the product rule gives the cross term twice: gamma2 = -2 (rA' turned)'rB'." } },
      },
      hints = {
        "Q is at the origin, so d(A,Q) = rA and d(B,Q) = rB.",
        "Row of (rA turned)'rB: -(rB turned)' for A, (rA turned)' for B; gamma2 = -2 (rA' turned)'rB'.",
        "[M, -D'; D, 0] {r''; lambda} = {h; gamma}, M = diag(mA, mA, mB, mB).",
      } },

    ------------------------------------------------------------------ 10.13
    { number = "10.13",
      title = "Two forces on a rod shared out to its two points",
      text = [[
A uniform rod of length L has primary points A and B at its ends (the figure's layout is
not in the text: ours below, the rod at angle phi, each force given by its distance from
A along the rod and the angle of its line). f1 = 100 N and f2 = 200 N act on it. Share
each force out to A and B with parallel shares (Eqs. 10.42-10.46) and give the total
force on each point.]],
      build = "mb.points.share({sA, sB}, sP) for each force, positions measured from the centre",
      data = {
        { name = "f1", value = 100, unit = "N", what = "the first force", vary = 0.3 },
        { name = "f2", value = 200, unit = "N", what = "the second force", vary = 0.3 },
        { name = "L", value = 2.0, unit = "m", what = "the rod", ours = true, vary = 0.3 },
        { name = "phi", value = 20, unit = "deg", what = "the rod's angle, A to B", ours = true, vary = { abs = 30, step = 1 } },
        { name = "a1", value = 0.5, unit = "m", what = "f1 from A, along the rod", ours = true, vary = 0.3 },
        { name = "a2", value = 1.5, unit = "m", what = "f2 from A", ours = true, vary = 0.2 },
        { name = "beta1", value = -90, unit = "deg", what = "f1's direction", ours = true, vary = { abs = 30, step = 1 } },
        { name = "beta2", value = 240, unit = "deg", what = "f2's direction", ours = true, vary = { abs = 30, step = 1 } },
        { name = "rA", value = { 0, 0 }, unit = "m", what = "A", ours = true },
      },
      valid = function(d)
        return d.a1 < d.L and d.a2 < d.L and math.abs(math.sin(d.beta1 - d.phi)) > 0.3
          and math.abs(math.sin(d.beta2 - d.phi)) > 0.3
      end,
      asks = {
        { name = "fA", what = "the force on A", unit = "N" },
        { name = "fB", what = "the force on B", unit = "N" },
      },
      answers = function(d)
        local fA, fB = { 0, 0 }, { 0, 0 }
        for _, f in ipairs { { d.a1, d.f1, d.beta1 }, { d.a2, d.f2, d.beta2 } } do
          local share = mb.points.share({ -d.L / 2, d.L / 2 }, f[1] - d.L / 2)
          local force = scale(f[2], unit(f[3]))
          fA, fB = add(fA, scale(share[1], force)), add(fB, scale(share[2], force))
        end
        return { fA = fA, fB = fB }
      end,
      verify = function(d)
        -- moments about B of each force and of its share at A (global vectors)
        local e = unit(d.phi)
        local rB = add(d.rA, scale(d.L, e))
        local fA, fB = { 0, 0 }, { 0, 0 }
        for _, f in ipairs { { d.a1, d.f1, d.beta1 }, { d.a2, d.f2, d.beta2 } } do
          local force = scale(f[2], unit(f[3]))
          local rP = add(d.rA, scale(f[1], e))
          local x = cross(sub(rP, rB), force) / cross(sub(d.rA, rB), force)
          fA, fB = add(fA, scale(x, force)), add(fB, scale(1 - x, force))
        end
        return { fA = fA, fB = fB }
      end,
      mistakes = {
        fA = { { value = function(_, ref) return ref.fB end, say = "that is B's share: the nearer point takes more of a force." } },
      },
      hints = {
        "Each force splits into parallel parts alpha_A f and alpha_B f with alpha_A + alpha_B = 1 (Eq. 10.43).",
        "The moments balance: alpha_A (sA - sP) + alpha_B (sB - sP) = 0 along the rod (Eq. 10.45).",
        "`mb.points.share({-L/2, L/2}, a1 - L/2)` gives f1's two shares.",
      } },

    ------------------------------------------------------------------ 10.14
    { number = "10.14",
      title = "An L-shaped rod as three points: its mass matrix",
      text = [[
A uniform L-shaped rod (arms L1 and L2 at right angles, total mass m) is held by three
primary points: ours are the end P1 of the long arm, the corner K and the end P2 of the
short arm (the book's figure is not in the text). In a frame at K with the long arm along
x and the short one along y, find the mass centre and the moment of inertia about it;
distribute the body to P1, K, P2 and a fourth particle o at the mass centre (Eq. 10.51);
eliminate o (Eq. 10.57) and give the 3 x 3 pattern of the 6 x 6 mass matrix (M = pattern
(x) I, rows and columns P1, K, P2).]],
      build = "mb.mat for Eq. 10.51, then B'MB with B = [I; mu_P1 I, mu_K I, mu_P2 I]",
      data = {
        { name = "L1", value = 2, unit = "m", what = "the long arm", vary = 0.2, step = 0.01 },
        { name = "L2", value = 1, unit = "m", what = "the short arm", vary = 0.2, step = 0.01 },
        { name = "m", value = 18, unit = "kg", what = "the whole rod", vary = 0.3, step = 0.1 },
      },
      valid = function(d)
        if d.L2 > 0.8 * d.L1 then return false end
        local c = { d.L1 ^ 2 / (2 * (d.L1 + d.L2)), d.L2 ^ 2 / (2 * (d.L1 + d.L2)) }
        local s = { sub({ d.L1, 0 }, c), scale(-1, c), sub({ 0, d.L2 }, c) }
        local ok, mm = pcall(plate_masses, d.m, 1, s)
        return ok and mm[1] > 0
      end,
      asks = {
        { name = "centre", what = "the mass centre from K", unit = "m" },
        { name = "J", what = "moment of inertia about it", unit = "kg m^2" },
        { name = "masses", what = "m_P1, m_K, m_P2, m_o", unit = "kg" },
        { name = "M", what = "the 3 x 3 pattern of M", unit = "kg" },
      },
      answers = function(d)
        -- each arm a uniform rod; the parallel-axis theorem
        local m1, m2 = d.m * d.L1 / (d.L1 + d.L2), d.m * d.L2 / (d.L1 + d.L2)
        local g1, g2 = { d.L1 / 2, 0 }, { 0, d.L2 / 2 }
        local c = scale(1 / d.m, add(scale(m1, g1), scale(m2, g2)))
        local J = m1 * d.L1 ^ 2 / 12 + m1 * vec.dot(sub(g1, c), sub(g1, c)) + m2 * d.L2 ^ 2 / 12
          + m2 * vec.dot(sub(g2, c), sub(g2, c))
        local mm = plate_masses(d.m, J, { sub({ d.L1, 0 }, c), scale(-1, c), sub({ 0, d.L2 }, c) })
        return { centre = c, J = J, masses = mm, M = condense_plate(mm) }
      end,
      verify = function(d)
        -- the centre and J by summing 4000 small pieces; the masses and M by
        -- hand (Cramer, Eq. 10.57 entry by entry)
        local n, total, c, pieces = 2000, d.L1 + d.L2, { 0, 0 }, {}
        for _, arm in ipairs { { d.L1, { 1, 0 } }, { d.L2, { 0, 1 } } } do
          local dm = d.m * arm[1] / total / n
          for k = 1, n do
            local p = scale((k - 0.5) * arm[1] / n, arm[2])
            pieces[#pieces + 1] = { dm, p, arm[1] / n }
            c = add(c, scale(dm / d.m, p))
          end
        end
        local J = 0
        for _, q in ipairs(pieces) do J = J + q[1] * dot(sub(q[2], c), sub(q[2], c)) + q[1] * q[3] ^ 2 / 12 end
        local mm, P = plate_by_hand(d.m, J, { sub({ d.L1, 0 }, c), scale(-1, c), sub({ 0, d.L2 }, c) })
        return { centre = c, J = J, masses = mm, M = P }
      end,
      mistakes = {
        J = { { value = function(d) return d.m * (d.L1 + d.L2) ^ 2 / 12 end,
          say = "that is a straight rod of length L1 + L2: the arms are at right angles." } },
      },
      hints = {
        "Each arm is a uniform rod with mass in proportion to its length; J by the parallel-axis theorem.",
        "Eq. 10.51 with the three points' positions from the mass centre; o sits at the centre.",
        "mu_a = m_a / (m_P1 + m_K + m_P2); M_ab = m_o mu_a mu_b, plus m_a on the diagonal.",
      } },

    ------------------------------------------------------------------ 10.15
    { number = "10.15",
      title = "Two particles that have a rod's mass, centre and inertia",
      text = [[
A slender rod (mass m, length L, J = m L^2/12) is replaced by two equal particles placed
symmetrically about its mass centre, not at its ends. How far apart must they be for all
three inertial conditions of Sec. 10.7 to hold? Give the spacing and each particle's mass
for the rod below (ours: the book leaves m and L as symbols).]],
      build = "the conditions by hand; or search the spacing where mb.points.masses gives no centre particle",
      data = {
        { name = "m", value = 3, unit = "kg", what = "the rod's mass", ours = true, vary = 0.4, step = 0.1 },
        { name = "L", value = 1.5, unit = "m", what = "its length", ours = true, vary = 0.4, step = 0.01 },
      },
      asks = {
        { name = "d", what = "the spacing of the two particles", unit = "m" },
        { name = "mp", what = "each particle's mass", unit = "kg" },
      },
      answers = function(d)
        -- three particles at -s, s and 0 (Eq. 10.52): the centre one's mass
        -- vanishes at the spacing sought
        local J = d.m * d.L ^ 2 / 12
        local function centre(s) return mb.points.masses(d.m, J, -s, s)[3] end
        local h = 1e-6
        local s = mb.newton(centre, d.L / 4, { tol = 1e-12,
          derivative = function(s_) return (centre(s_ + h) - centre(s_ - h)) / (2 * h) end })
        return { d = 2 * s, mp = mb.points.masses(d.m, J, -s, s)[1] }
      end,
      verify = function(d) return { d = d.L / math.sqrt(3), mp = d.m / 2 } end,
      mistakes = {
        d = { { value = function(d) return d.L / math.sqrt(12) end,
          say = "that is each particle's distance from the centre, the radius of gyration; the spacing is twice it." },
          { value = function(d) return d.L end, say = "at the ends two halves give J = m L^2/4, three times too much." } },
      },
      hints = {
        "Equal masses m/2 at +-s satisfy the mass and the centre; the inertia needs 2 (m/2) s^2 = J.",
        "s is the radius of gyration sqrt(J/m); the spacing is 2 s.",
      } },

    ------------------------------------------------------------------ 10.16
    { number = "10.16",
      title = "A force's shares and the exact mass matrix of a rod",
      text = [[
A rod (mass m, length L, J = m L^2/12) is held by primary points A and B, B at the mass
centre. A force of changing size and direction acts at P on the axis. (a) Give A's and
B's shares alpha_A, alpha_B. (b) Put a third particle at P, distribute the rod to A, B
and P (Eq. 10.52), eliminate P as in Sec. 10.8.1 (Eq. 10.56), and give the three masses
and the 2 x 2 pattern of the mass matrix (M = pattern (x) I, A then B). Places along the
axis from B are ours.]],
      build = "mb.points.share, mb.points.masses and mb.points.condense",
      data = {
        { name = "m", value = 2.4, unit = "kg", what = "the rod's mass", ours = true, vary = 0.3 },
        { name = "L", value = 0.8, unit = "m", what = "its length", ours = true, vary = 0.3 },
        { name = "sA", value = -0.4, unit = "m", what = "A along the axis from B", ours = true, vary = 0.3 },
        { name = "sP", value = 0.25, unit = "m", what = "P along the axis from B", ours = true, vary = 0.3 },
      },
      valid = function(d) return -d.sA <= d.L / 2 + 1e-9 and d.sP <= d.L / 2 and d.sP > 0.05 end,
      asks = {
        { name = "alphaA", what = "A's share", unit = "" },
        { name = "alphaB", what = "B's share", unit = "" },
        { name = "masses", what = "m_A, m_B, m_P", unit = "kg" },
        { name = "M", what = "the 2 x 2 pattern of M", unit = "kg" },
      },
      answers = function(d)
        local J = d.m * d.L ^ 2 / 12
        local share = mb.points.share({ d.sA, 0 }, d.sP)
        local three = mb.points.masses(d.m, J, d.sA, d.sP)   -- A, P, and B at the centre
        return { alphaA = share[1], alphaB = share[2], masses = { three[1], three[3], three[2] },
          M = mb.points.condense(d.m, J, d.sA, 0) }
      end,
      verify = function(d)
        local J = d.m * d.L ^ 2 / 12
        local mA = J / (d.sA * (d.sA - d.sP))
        local mP = J / (d.sP * (d.sP - d.sA))
        local mB = d.m - mA - mP
        local mi, mj = mA / mP, (mA + mP) / mP
        return { alphaA = d.sP / d.sA, alphaB = 1 - d.sP / d.sA, masses = { mA, mB, mP },
          M = { { mA + mP * mi ^ 2, -mP * mi * mj }, { -mP * mi * mj, mB + mP * mj ^ 2 } } }
      end,
      mistakes = {
        alphaA = { { value = function(d) return (d.sP - d.sA) / (0 - d.sA) end, say = "that is B's share." } },
      },
      hints = {
        "alpha_A + alpha_B = 1 and alpha_A sA + alpha_B 0 = sP (Eq. 10.45).",
        "With B at the centre: mA sA + mP sP = 0 and mA sA^2 + mP sP^2 = J.",
        "P follows A and B: rP = mu_j rB - mu_i rA with mu_i = mA/mP, mu_j = (mA + mP)/mP; then B'MB.",
      } },

    ------------------------------------------------------------------ 10.17
    { number = "10.17",
      title = "Equal corner masses: Eq. 10.57 for an equilateral plate",
      text = [[
A plate's three primary points form an equilateral triangle (side a) whose centre is the
mass centre, and its mass is spread symmetrically, so the corner particles are equal.
Simplify Eq. 10.57 for this case: give the corner mass, the centre particle's mass, and
the diagonal and off-diagonal entries of the pattern of the 6 x 6 mass matrix, for the
plate below (ours).]],
      build = "Eq. 10.51 and Eq. 10.57 with mb.mat, or by hand with mu = 1/3",
      data = {
        { name = "a", value = 0.5, unit = "m", what = "the triangle's side", ours = true, vary = 0.3 },
        { name = "m", value = 3, unit = "kg", what = "the plate's mass", ours = true, vary = 0.3 },
        { name = "J", value = 0.08, unit = "kg m^2", what = "its moment of inertia", ours = true, vary = 0.3, step = 0.001 },
      },
      valid = function(d) return d.J < 0.9 * d.m * d.a ^ 2 / 3 end,
      asks = {
        { name = "m_corner", what = "each corner's mass", unit = "kg" },
        { name = "m_o", what = "the centre particle's mass", unit = "kg" },
        { name = "M_diag", what = "a diagonal entry of the pattern", unit = "kg" },
        { name = "M_off", what = "an off-diagonal entry", unit = "kg" },
      },
      answers = function(d)
        local R = d.a / math.sqrt(3)
        local s = { scale(R, unit(math.pi / 2)), scale(R, unit(math.pi / 2 + 2 * math.pi / 3)),
          scale(R, unit(math.pi / 2 + 4 * math.pi / 3)) }
        local mm = plate_masses(d.m, d.J, s)
        local P = condense_plate(mm)
        return { m_corner = mm[1], m_o = mm[4], M_diag = P[1][1], M_off = P[1][2] }
      end,
      verify = function(d)
        local mc = d.J / d.a ^ 2
        local mo = d.m - 3 * mc
        return { m_corner = mc, m_o = mo, M_diag = mc + mo / 9, M_off = mo / 9 }
      end,
      mistakes = {
        m_corner = { { value = function(d) return d.m / 3 end, say = "m/3 at each corner ignores the inertia: the corners carry J/a^2." } },
      },
      hints = {
        "Each corner is a/sqrt(3) from the centre; three equal masses there give J = 3 m_c a^2/3.",
        "mu = 1/3 for each corner: M_aa = m_c + m_o/9, M_ab = m_o/9.",
      } },

    ------------------------------------------------------------------ 10.18
    -- moving pins A, C, D and a second point on the block's slot axis;
    -- rows: a length per crank, block, rocker and link, two for the slot,
    -- one for the rail, one for the motor
    eom_problem({ number = "10.18",
      title = "The six-bar quick-return in point coordinates",
      text = [[
Construct the equations of motion of the quick-return mechanism of Sec. 15.3 in point
coordinates. The book gives its dimensions only in Fig. 15.3b; take ours, as in
mb.example("six_bar_quick_return", theta0) (Table 15.3's masses, the motor turning the
crank at 2 pi rad/s, the crank starting at theta0). At the start, with the velocities
made consistent (m:correct()), give the number of coordinates and of rows, the constant
mass matrix M, the accelerations r'' and the motor's torque (its multiplier).]],
      build = "m = mb.example(\"six_bar_quick_return\", theta0); m:correct(); m:point_coords()",
      data = {
        { name = "theta0", value = 90, unit = "deg", what = "the crank's starting angle", ours = true,
          vary = { range = { 30, 150 }, step = 1 } },
      },
      hints = {
        "A pin on two moving bodies is one point; the block turns, so it needs a second point on its axis.",
        "M comes from each body's m and J on its two points (Secs. 10.7-10.9): read it with m:point_coords().M.",
        "`p = m:pieces{ formulation = \"point\" }`: p.M, p.acc, p.lambda (the motor's is the last).",
      } }, function(d) return mb.example("six_bar_quick_return", d.theta0) end, 2 * 4, 4 + 2 + 1 + 1,
      { "nv", "nc", "M", "acc", "torque" }),

    ------------------------------------------------------------------ 10.19
    -- moving pins A, B, P and a second point on the output link and on the
    -- block; rows: crank 1, the coupler's three points 3, rocker, output and
    -- block 1 each, the slot 2, the motor 1
    eom_problem({ number = "10.19",
      title = "The six-bar dwell mechanism in point coordinates",
      text = [[
Construct the equations of motion of the dwell mechanism of Sec. 15.4 in point
coordinates. Its dimensions are in the book's figure only; take ours, as in
mb.example("six_bar_dwell", theta0) (Table 15.4's masses, the motor at 2 pi rad/s). At the
start (after m:correct()), give the number of coordinates and of rows, the accelerations
r'' and the motor's torque.]],
      build = "m = mb.example(\"six_bar_dwell\", theta0); m:correct(); m:point_coords()",
      data = {
        { name = "theta0", value = 180, unit = "deg", what = "the crank's starting angle", ours = true,
          vary = { range = { 20, 340 }, step = 1 } },
      },
      mistakes = {
        nc = { { value = 9, say = "the coupler has three points: it needs three rows (2 x 3 - 3), not two." } },
      },
      hints = {
        "The coupler carries three pins A, B and P: two lengths and a third row hold it rigid.",
        "`m:point_coords()` lists the points and each row's type and source.",
      } }, function(d) return mb.example("six_bar_dwell", d.theta0) end, 2 * 5, 1 + 3 + 1 + 1 + 1 + 2 + 1,
      { "nv", "nc", "acc", "torque" }),

    ------------------------------------------------------------------ 10.20
    -- moving pins A and B; a length for each of the three bodies
    eom_problem({ number = "10.20",
      title = "The double A-arm suspension in point coordinates",
      text = [[
Construct the equations of motion of the double A-arm suspension of Sec. 15.6 in point
coordinates (the model of mb.example("aa"): its data are App. B.4.1's, masses and the
spring's stiffness varied on your sheet). At the start (after m:correct()), give the
number of coordinates and of rows, the constant mass matrix and the accelerations r''.]],
      build = "m = mb.example(\"aa\"), set the data, m:correct(), m:pieces{ formulation = \"point\" }",
      data = {
        { name = "m1", value = 2, unit = "kg", what = "the lower arm", vary = 0.2 },
        { name = "m2", value = 30, unit = "kg", what = "the wheel assembly", vary = 0.2 },
        { name = "m3", value = 1, unit = "kg", what = "the upper arm", vary = 0.2 },
        { name = "k", value = 90000, unit = "N/m", what = "the suspension spring", vary = 0.2, step = 1000 },
      },
      hints = {
        "The chassis is the ground: its pins are stationary points; A and B move.",
        "The wheel's mass sits on A and B through its two-point pattern (Sec. 10.8).",
      } }, aa_model, 2 * 2, 3, { "nv", "nc", "M", "acc" }),

    ------------------------------------------------------------------ 10.21
    { number = "10.21",
      title = "Exact masses of the MacPherson wheel assembly on A, B, C",
      text = [[
Distribute the wheel assembly of the MacPherson suspension (Sec. 15.7, link (2)) exactly
to its three primary points A, B and C and a fourth particle at its mass centre (Eq.
10.51), then eliminate the centre one (Eq. 10.57). The places of A, B, C from the mass
centre (in its frame) and m, J are those of the book's program (App. B.4.2); Table 15.6
prints m and J of this body on the row of body (1). Give the four masses (one may come
out negative: that is allowed) and the 3 x 3 pattern of the mass matrix.]],
      build = "mb.mat for Eq. 10.51, then B'MB",
      data = {
        { name = "m", value = 20, unit = "kg", what = "the wheel assembly", vary = 0.2 },
        { name = "J", value = 2.5, unit = "kg m^2", what = "its moment of inertia", vary = 0.2 },
        { name = "sA", value = { 0, -0.07 }, unit = "m", what = "A from the mass centre", vary = { abs = 0.01 } },
        { name = "sB", value = { -0.17, 0.25 }, unit = "m", what = "B from the mass centre", vary = { abs = 0.01 } },
        { name = "sC", value = { 0.11, -0.02 }, unit = "m", what = "C from the mass centre", vary = { abs = 0.01 } },
      },
      valid = function(d) return math.abs(cross(sub(d.sB, d.sA), sub(d.sC, d.sA))) > 0.01 end,
      asks = {
        { name = "masses", what = "m_A, m_B, m_C, m_o", unit = "kg" },
        { name = "M", what = "the 3 x 3 pattern of M (A, B, C)", unit = "kg" },
      },
      answers = function(d)
        local mm = plate_masses(d.m, d.J, { d.sA, d.sB, d.sC })
        return { masses = mm, M = condense_plate(mm) }
      end,
      verify = function(d)
        local mm, P = plate_by_hand(d.m, d.J, { d.sA, d.sB, d.sC })
        return { masses = mm, M = P }
      end,
      mistakes = {
        masses = { { value = function(d) return plate_masses(2, 0.5, { d.sA, d.sB, d.sC }) end, book_data_only = true,
          say = "2 kg and 0.5 kg m^2 are the lower arm's (Table 15.6's row (2)); the wheel assembly is 20 kg, 2.5 kg m^2." } },
      },
      hints = {
        "Four conditions (mass, mass centre x and y, inertia) for four particles, the fourth at the centre.",
        "mu_a = m_a / (m_A + m_B + m_C); the pattern is m_o mu_a mu_b, plus m_a on the diagonal.",
      } },

    ------------------------------------------------------------------ 10.22
    -- moving points: the pin A, the strut's point B on the knuckle and a
    -- second point on the strut rod's axis; rows: a length per body, two
    -- for the sliding joint
    eom_problem({ number = "10.22",
      title = "The MacPherson suspension in point coordinates",
      text = [[
Construct the equations of motion of the MacPherson suspension of Sec. 15.7 in point
coordinates: the three-body model with the strut's sliding joint, mb.example("macpherson")
(App. B.4.2's data; the wheel assembly's and the strut rod's masses and the spring's
stiffness varied on your sheet). At the start (after m:correct()), give the number of
coordinates and of rows, the constant mass matrix and the accelerations r''.]],
      build = "m = mb.example(\"macpherson\"), set the data, m:correct(), m:pieces{ formulation = \"point\" }",
      data = {
        { name = "m1", value = 20, unit = "kg", what = "the wheel assembly (knuckle)", vary = 0.2 },
        { name = "m2", value = 2, unit = "kg", what = "the lower arm", vary = 0.2 },
        { name = "m3", value = 0.5, unit = "kg", what = "the strut rod", vary = 0.2 },
        { name = "k", value = 20000, unit = "N/m", what = "the suspension spring", vary = 0.2, step = 100 },
      },
      hints = {
        "The strut is a sliding joint between two turning bodies: two parallel rows (Eqs. 10.20, 10.22).",
        "The lower arm turns about a ground pin: one moving point, A, and a stationary one.",
      } }, macpherson_model, 2 * 3, 3 + 2, { "nv", "nc", "M", "acc" }),

    ------------------------------------------------------------------ 10.23
    { number = "10.23",
      title = "Forward dynamics in point coordinates (project)",
      text = [[
The project asks for a forward-dynamics program in point coordinates like DAP_BC. In the
workbench it is formulation = "point". Run the sliding pendulum of the book's App. B
(Example B.1, mb.example("sliding_pendulum"), data varied on your sheet) from rest for
2 s, reporting every 0.05 s, with tol = 1e-9, and give the slider's x over time and the
pendulum's angle at the end. Compare with body coordinates.]],
      build = "m:simulate{ formulation = \"point\", tf = 2, dt = 0.05, tol = 1e-9 }",
      data = {
        { name = "m1", value = 5, unit = "kg", what = "the slider", vary = 0.3 },
        { name = "m2", value = 2, unit = "kg", what = "the pendulum", vary = 0.3 },
        { name = "J2", value = 0.2, unit = "kg m^2", what = "its moment of inertia", vary = 0.3 },
        { name = "k", value = 20, unit = "N/m", what = "the spring", vary = 0.3 },
        { name = "phi0", value = 30, unit = "deg", what = "the pendulum's starting angle", vary = { abs = 20, step = 1 } },
      },
      asks = {
        { name = "x", what = "the slider's x at t = 0, 0.05, ..., 2", unit = "m", kind = "series" },
        { name = "phi_end", what = "the pendulum's angle at t = 2", unit = "rad", kind = "angle" },
      },
      answers = function(d)
        local r = sliding_pendulum_b1(d):simulate { formulation = "point", tf = 2, dt = 0.05, tol = 1e-9 }
        local phi = r:body("pendulum").angle
        return { x = r:body("slider").x, phi_end = phi[#phi] }
      end,
      verify = function(d)
        local r = sliding_pendulum_b1(d):simulate { formulation = "body", tf = 2, dt = 0.05, tol = 1e-9 }
        local phi = r:body("pendulum").angle
        return { x = r:body("slider").x, phi_end = phi[#phi] }
      end,
      model = sliding_pendulum_b1,
      hints = {
        "The point formulation integrates the points' coordinates and rates; r:body gives the bodies back.",
        "`r = m:simulate{ formulation = \"point\", tf = 2, dt = 0.05, tol = 1e-9 }; r:body(\"slider\").x`",
      } },

    ------------------------------------------------------------------ 10.24
    { number = "10.24",
      title = "Correcting initial conditions in point coordinates",
      text = [[
Extend the project with a correction of the initial conditions like DAP_BC's ic_correct:
Eq. 14.7 repeated, r <- r - D'(D D')^-1 Phi, until Phi vanishes, then Eq. 14.9 for the
rates, rd <- rd - D'(D D')^-1 D rd, with D at the corrected r. Try it on the four-bar of
mb.example("four_bar") (crank O-A, coupler A-B, rocker Q-B; O at the origin, Q on the x
axis) from the estimated points and rates below (ours), r = {xA, yA, xB, yB}.]],
      build = "a loop over m:pieces{ formulation = \"point\", y = ... } (phi and D), or the rows by hand",
      data = {
        { name = "L1", value = 0.1, unit = "m", what = "crank O-A" },
        { name = "L2", value = 0.35, unit = "m", what = "coupler A-B" },
        { name = "L3", value = 0.25, unit = "m", what = "rocker Q-B" },
        { name = "xQ", value = 0.4, unit = "m", what = "Q's x" },
        { name = "r0", value = { 0.054, 0.083, 0.357, 0.252 }, unit = "m", what = "estimated points", ours = true,
          vary = { abs = 0.004 } },
        { name = "rd0", value = { -0.6, 0.3, -0.4, 0.05 }, unit = "m/s", what = "estimated rates", ours = true, vary = { abs = 0.1 } },
      },
      asks = {
        { name = "r", what = "the corrected points", unit = "m", tol = 1e-6 },
        { name = "rd", what = "the corrected rates", unit = "m/s", tol = 1e-6 },
      },
      answers = function(d)
        local f = point_rows(mb.example("four_bar"))
        return ic_correct(f.phi, f.D, d.r0, d.rd0)
      end,
      verify = function(d)
        local function phi(r)
          local A, B = pt(r, 1), pt(r, 2)
          return { 0.5 * (dot(A, A) - d.L1 ^ 2), 0.5 * (dot(sub(B, A), sub(B, A)) - d.L2 ^ 2),
            0.5 * (dot(sub({ d.xQ, 0 }, B), sub({ d.xQ, 0 }, B)) - d.L3 ^ 2) }
        end
        local function D(r)
          local A, B = pt(r, 1), pt(r, 2)
          local AB = sub(A, B)
          return { { A[1], A[2], 0, 0 }, { AB[1], AB[2], -AB[1], -AB[2] }, { 0, 0, B[1] - d.xQ, B[2] } }
        end
        local out = ic_correct(phi, D, d.r0, d.rd0)
        for _, x in ipairs(phi(out.r)) do assert(math.abs(x) < 1e-12, "the corrected points violate the rows") end
        return out
      end,
      mistakes = {
        rd = { { value = function(d)
            local f = point_rows(mb.example("four_bar"))
            return ic_correct(f.phi, f.D, d.r0, d.rd0, true).rd
          end, say = "correct the rates with D at the corrected points, not at the estimate." } },
      },
      model = function() return mb.example("four_bar") end,
      hints = {
        "Each step moves r the least distance that makes the linearized rows vanish: D'(D D')^-1 Phi.",
        "Stop when |Phi| is below 1e-12; then project rd onto D rd = 0 the same way.",
        "`p = m:pieces{ formulation = \"point\", y = {r..., rd...} }` gives p.phi and p.D at r.",
      } },

  },
}
