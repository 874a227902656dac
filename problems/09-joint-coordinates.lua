-- SPDX-License-Identifier: GPL-3.0-or-later
-- The problems of Chapter 9 (Sec. 9.5): joint coordinates. The open chains
-- of 9.1-9.9, 9.20 and 9.22 ask for what the book has the student derive
-- by hand: B(theta), Bdot theta' (Bdtd), the mass matrix M = B'MB and the
-- forces h = B'(h - M Bdot theta') as Lua functions of the joint
-- coordinates, checked at test states against the program's own
-- (m:joint_coords at that state), and the accelerations at one state. The
-- closed chains of 9.10-9.13 ask for the cut joints' Phi, C = D B and gamma
-- as functions; 9.14-9.19 and 9.21, whole mechanisms of Ch. 15 and 8, ask
-- for the arrays at the start. verify derives every answer again: the body
-- coordinates c(theta) written by hand and differentiated (B, Bdtd), the
-- forces by hand, the cut joints' constraints by hand (Table 9.2), or body
-- coordinates (formulation "body") and minimal coordinates for the
-- accelerations. The book's figures hold the geometry, so ours is on the
-- sheet; the errata's x1 = 0.07 m stands in 9.1-9.3 and 9.7.
local vec, mat = mb.vec, mb.mat
local g = 9.81

------------------------------------------------------------------ the program's side

local function copy(list)
  local out = {}
  for i, x in ipairs(list) do out[i] = x end
  return out
end

local function rows_of(A)
  if type(A) == "userdata" then return A:totable() end
  return A
end

-- The joint-coordinate pieces of model m (m:joint_coords, m:pieces) in our
-- order of the coordinates: `bodies` lists the bodies whose joints give the
-- coordinates, in the order the sheet states (a floating body gives its x,
-- y and angle). opts: angles, tree. The results are kept by state, since a
-- check calls the same state several times.
local function joint_side(m, opts, bodies)
  local p0 = m:joint_coords(opts)
  local width = { ["x, y, angle"] = 3 }
  local at = {}
  for _, t in ipairs(p0.tree) do at[t.body] = { first = t.coordinate, n = width[t.kind] or 1 } end
  local perm = {} -- our k -> the program's index
  for _, name in ipairs(bodies) do
    local e = assert(at[name], "no joint coordinate for body " .. name)
    for j = 0, e.n - 1 do perm[#perm + 1] = e.first + j end
  end
  assert(#perm == #p0.theta, "the sheet's coordinates are not the program's")
  local n = #perm
  local function theirs(x)
    local out = {}
    for k = 1, n do out[perm[k]] = x and x[k] or 0 end
    return out
  end
  local function ours_vector(v)
    local out = {}
    for k = 1, n do out[k] = v[perm[k]] end
    return out
  end
  local function ours_columns(A)
    local out = {}
    for i, row in ipairs(rows_of(A)) do
      out[i] = {}
      for k = 1, n do out[i][k] = row[perm[k]] end
    end
    return out
  end
  local function ours_square(A)
    local rows, out = rows_of(A), {}
    for i = 1, n do
      out[i] = {}
      for k = 1, n do out[i][k] = rows[perm[i]][perm[k]] end
    end
    return out
  end
  local cache = {}
  local function state(theta, thetad)
    local key = table.concat(theta, " ") .. "|" .. table.concat(thetad or {}, " ")
    if cache[key] then return cache[key] end
    local o = {}
    for k, v in pairs(opts) do o[k] = v end
    o.theta, o.theta_d = theirs(theta), theirs(thetad)
    local p = m:joint_coords(o)
    local s = { B = ours_columns(p.B), Bdtd = copy(p.Bdtd), M = ours_square(p.M), h = ours_vector(p.h),
      acc = ours_vector(p.acc), C = {}, phi = {}, gamma = {} }
    if #p0.gamma > 0 then -- the cut joints' Phi, C = D B and gamma
      local y = {}
      for k = 1, n do y[k], y[n + k] = o.theta[k], o.theta_d[k] end
      local q = m:pieces { formulation = "joint", angles = opts.angles, tree = opts.tree, y = y }
      s.C, s.phi, s.gamma = ours_columns(q.D), copy(q.phi), copy(q.gamma)
    end
    cache[key] = s
    return s
  end
  return {
    theta = ours_vector(p0.theta), thetad = ours_vector(p0.theta_d), acc = ours_vector(p0.acc), n = n, rows = #p0.gamma,
    start = state(ours_vector(p0.theta), ours_vector(p0.theta_d)),
    B = function(theta) return state(theta).B end,
    Bdtd = function(theta, thetad) return state(theta, thetad).Bdtd end,
    M = function(theta) return state(theta).M end,
    h = function(theta, thetad) return state(theta, thetad).h end,
    phi = function(theta) return state(theta).phi end,
    C = function(theta) return state(theta).C end,
    gamma = function(theta, thetad) return state(theta, thetad).gamma end,
  }
end

------------------------------------------------------------------ by hand

-- d f / d x by central differences: a matrix with a column per entry of x
local function jacobian(f, x)
  local h, cols = 1e-6, {}
  for k = 1, #x do
    local a, b = copy(x), copy(x)
    a[k], b[k] = x[k] + h, x[k] - h
    local fa, fb = f(a), f(b)
    cols[k] = {}
    for i = 1, #fa do cols[k][i] = (fa[i] - fb[i]) / (2 * h) end
  end
  local out = {}
  for i = 1, #cols[1] do
    out[i] = {}
    for k = 1, #x do out[i][k] = cols[k][i] end
  end
  return out
end

-- d2 f(x + xd t)/dt2 at t = 0 by differences: Bdot theta' for f = c(theta)
local function second_rate(f, x, xd)
  local h = 1e-4
  local a, b = {}, {}
  for k = 1, #x do a[k], b[k] = x[k] + h * xd[k], x[k] - h * xd[k] end
  local fa, f0, fb = f(a), f(x), f(b)
  local out = {}
  for i = 1, #f0 do out[i] = (fa[i] - 2 * f0[i] + fb[i]) / (h * h) end
  return out
end

local function times(A, x)
  local out = {}
  for i, row in ipairs(A) do
    local s = 0
    for k, a in ipairs(row) do s = s + a * x[k] end
    out[i] = s
  end
  return out
end

local function transpose(A)
  local out = {}
  for i, row in ipairs(A) do
    for k, a in ipairs(row) do out[k] = out[k] or {}; out[k][i] = a end
  end
  return out
end

-- A point s (local) of the body at c[3k-2..3k], and its velocity
local function body_point(c, k, s)
  local cs, sn = math.cos(c[3 * k]), math.sin(c[3 * k])
  return { c[3 * k - 2] + cs * s[1] - sn * s[2], c[3 * k - 1] + sn * s[1] + cs * s[2] }
end
local function body_point_rate(c, cd, k, s)
  local cs, sn = math.cos(c[3 * k]), math.sin(c[3 * k])
  local w = cd[3 * k]
  return { cd[3 * k - 2] - w * (sn * s[1] + cs * s[2]), cd[3 * k - 1] + w * (cs * s[1] - sn * s[2]) }
end

-- The forces on the bodies (Eq. 4.x, by hand): gravity, and a list of
-- point-to-point elements { k, L0, c, fa, i, si, j, sj } (body 0: the
-- ground, s then global), torques { body, T }.
local function body_forces(masses, elements, torques)
  return function(c, cd)
    local h = {}
    for k, mk in ipairs(masses) do h[3 * k - 2], h[3 * k - 1], h[3 * k] = 0, -mk * g, 0 end
    for _, e in ipairs(elements or {}) do
      local Pi = e.i > 0 and body_point(c, e.i, e.si) or e.si
      local Pj = e.j > 0 and body_point(c, e.j, e.sj) or e.sj
      local vi = e.i > 0 and body_point_rate(c, cd, e.i, e.si) or { 0, 0 }
      local vj = e.j > 0 and body_point_rate(c, cd, e.j, e.sj) or { 0, 0 }
      local d = { Pi[1] - Pj[1], Pi[2] - Pj[2] }
      local L = math.sqrt(d[1] ^ 2 + d[2] ^ 2)
      local u = { d[1] / L, d[2] / L }
      local rate = u[1] * (vi[1] - vj[1]) + u[2] * (vi[2] - vj[2])
      local f = e.k * (L - e.L0) + (e.c or 0) * rate + (e.fa or 0)
      for _, side in ipairs { { e.i, Pi, -1 }, { e.j, Pj, 1 } } do
        local k, P, sign = side[1], side[2], side[3]
        if k > 0 then
          local F = { sign * f * u[1], sign * f * u[2] }
          h[3 * k - 2], h[3 * k - 1] = h[3 * k - 2] + F[1], h[3 * k - 1] + F[2]
          h[3 * k] = h[3 * k] + (P[1] - c[3 * k - 2]) * F[2] - (P[2] - c[3 * k - 1]) * F[1]
        end
      end
    end
    for _, t in ipairs(torques or {}) do h[3 * t[1]] = h[3 * t[1]] + t[2] end
    return h
  end
end

-- Everything an open chain's joint coordinates give, derived by hand from
-- c(theta) (the body coordinates written out), the body masses and
-- inertias (mJ = { {m, J}, ... }) and the body forces h(c, c'):
-- B = dc/dtheta, Bdtd = d2c/dt2 at theta'' = 0, M = B'MB,
-- h = B'(h - M Bdtd), and theta'' from M theta'' = h.
local function by_hand(c_of, mJ, forces)
  local hand = {}
  local Mdiag = {}
  for k, e in ipairs(mJ) do Mdiag[3 * k - 2], Mdiag[3 * k - 1], Mdiag[3 * k] = e[1], e[1], e[2] end
  function hand.B(theta) return jacobian(c_of, theta) end
  function hand.Bdtd(theta, thetad) return second_rate(c_of, theta, thetad) end
  function hand.M(theta)
    local B = hand.B(theta)
    local out = {}
    for i = 1, #theta do
      out[i] = {}
      for k = 1, #theta do
        local s = 0
        for r = 1, #B do s = s + B[r][i] * Mdiag[r] * B[r][k] end
        out[i][k] = s
      end
    end
    return out
  end
  -- B'h alone, the slip of leaving out the velocity terms
  function hand.h_without(theta, thetad)
    local B = hand.B(theta)
    return times(transpose(B), forces(c_of(theta), times(B, thetad)))
  end
  function hand.h(theta, thetad)
    local B, b = hand.B(theta), hand.Bdtd(theta, thetad)
    local f = forces(c_of(theta), times(B, thetad))
    for r = 1, #f do f[r] = f[r] - Mdiag[r] * b[r] end
    return times(transpose(B), f)
  end
  function hand.acc(theta, thetad) return mat.solve(mat(hand.M(theta)), hand.h(theta, thetad)) end
  return hand
end

-- Test states for functions of theta (nargs 1) or (theta, theta'), n
-- coordinates each: ranges keeps the entries it names inside a range (a
-- slide whose spring would flip past zero), angles and rates in [-2, 2].
local function probes_with(ranges, n, nargs)
  return function(rand)
    local out = {}
    for s = 1, 5 do
      local theta, thetad = {}, {}
      for k = 1, n do
        local r = ranges[k] or { -2, 2 }
        theta[k] = r[1] + (r[2] - r[1]) * rand()
        thetad[k] = 4 * rand() - 2
      end
      out[s] = nargs == 1 and { theta } or { theta, thetad }
    end
    return out
  end
end

-- The four asks of an open chain, and its accelerations at the sheet's state
local function chain_asks(n, ranges)
  local function fn(name, what, args) return { name = name, what = what, unit = "", kind = "function", args = args,
    size = n, probes = probes_with(ranges, n, #args), tol = 1e-5 } end
  return {
    fn("B", "function(theta) returning B, one row per body coordinate", { "theta" }),
    fn("Bdtd", "function(theta, thetad) returning Bdot theta'", { "theta", "thetad" }),
    fn("M", "function(theta) returning the n x n mass matrix B'MB", { "theta" }),
    fn("h", "function(theta, thetad) returning the forces B'(h - M Bdot theta')", { "theta", "thetad" }),
    { name = "acc", what = "theta'' at the state of the data", unit = "m/s^2, rad/s^2" },
  }
end

-- The answers of an open chain from the program, and again by hand
local function chain_answers(side)
  return { B = side.B, Bdtd = side.Bdtd, M = side.M, h = side.h, acc = side.start.acc }
end
local function chain_verify(hand, theta, thetad)
  return { B = hand.B, Bdtd = hand.Bdtd, M = hand.M, h = hand.h, acc = hand.acc(theta, thetad) }
end

-- Slips worth naming in an open chain's answers
local function chain_mistakes(hand_of)
  return {
    h = { { value = function(d) return hand_of(d).h_without end,
      say = "you left out the velocity terms: h = B'(h - M Bdot theta'), not B'h." } },
    M = { { value = function(d)
      local hand = hand_of(d)
      return function(theta)
        local B = hand.B(theta)
        local out = {}
        for i = 1, #theta do
          out[i] = {}
          for k = 1, #theta do
            local s = 0
            for r = 1, #B do s = s + B[r][i] * B[r][k] end
            out[i][k] = s
          end
        end
        return out
      end
    end, say = "that is B'B: the body masses and inertias go in between, B'MB." } },
  }
end

-- An open-chain problem: spec gives number, title, text, build, data,
-- valid, the model (model(d)), the bodies in the order of the sheet's
-- coordinates, the joint-coordinate options (angles), the body coordinates
-- by hand (c_of(d) returns c(theta)), the masses and inertias (mJ(d)), the
-- body forces (forces(d)), the sheet's state (state(d) = theta, theta'),
-- the test states' ranges, the slips (extra mistakes), hints.
local function open_chain(spec)
  local function hand_of(d) return by_hand(spec.c_of(d), spec.mJ(d), spec.forces(d)) end
  local mistakes = chain_mistakes(hand_of)
  for name, list in pairs(spec.mistakes or {}) do
    mistakes[name] = mistakes[name] or {}
    for _, m in ipairs(list) do table.insert(mistakes[name], m) end
  end
  return {
    number = spec.number, title = spec.title, text = spec.text, build = spec.build, data = spec.data, valid = spec.valid,
    asks = chain_asks(spec.size, spec.ranges or {}),
    answers = function(d) return chain_answers(joint_side(spec.model(d), { angles = spec.angles }, spec.bodies)) end,
    verify = function(d)
      local theta, thetad = spec.state(d)
      return chain_verify(hand_of(d), theta, thetad)
    end,
    mistakes = mistakes,
    model = spec.model,
    hints = spec.hints,
  }
end

------------------------------------------------------------------ the models

-- A link of length L hung from point P at angle phi (its mass centre in the
-- middle, its x axis along it), turning at omega, P moving at vP: the
-- body's fields, and its far end and that end's velocity.
local function link_from(P, vP, L, phi, omega)
  local u = vec.unit(phi)
  local half = vec.scale(L / 2, u)
  local turn = vec.scale(omega * L / 2, vec.rot(u))
  return { pos = vec.add(P, half), angle = phi, vel = vec.add(vP, turn), omega = omega },
    vec.add(P, vec.scale(L, u)), vec.add(vP, vec.scale(2, turn))
end

-- Problems 9.1-9.3 and 9.7: a block (body 1) on a horizontal guide through
-- the wall point O, its spring from O along the guide, so x1 is both the
-- block's place and the spring's length; links hang from the block's pins.
-- layout "one": link 2 from {a, -b}; "two": link 3 from link 2's end;
-- "branches": link 2 from {c, -b} and link 3 from {-c, -b}.
local function block_system(d, layout)
  local m = mb.model { name = "Problem 9 block system (" .. layout .. ")" }
  local x1, v1 = d.x1, { d.rates[1], 0 }
  m:body { name = "block", mass = d.m[1], inertia = d.J[1], pos = { x1, 0 }, vel = v1 }
  m:point { name = "O", body = "ground" }
  m:point { name = "block.C", body = "block" }
  m:vector { name = "x", body = "ground", dir = { 1, 0 } }
  m:vector { name = "block.x", body = "block", dir = { 1, 0 } }
  m:joint { name = "guide", type = "translational", points = { "block.C", "O" }, vectors = { "block.x", "x" } }
  m:force { name = "spring", type = "spring-damper", points = { "block.C", "O" }, k = d.k, length = d.L0 }
  local function hang(k, name, on, at, P, vP, L)
    local b, tip, vtip = link_from(P, vP, L, d.phi[k - 1], d.rates[k])
    b.name, b.mass, b.inertia = name, d.m[k], d.J[k]
    m:body(b)
    m:point { name = name .. ".P", body = name, at = { -L / 2, 0 } }
    m:point { name = name .. ".E", body = name, at = { L / 2, 0 } }
    m:point { name = on .. ".pin" .. k, body = on, at = at }
    m:joint { name = "pin" .. k, type = "revolute", points = { name .. ".P", on .. ".pin" .. k } }
    return tip, vtip
  end
  local off2 = layout == "branches" and d.c or d.a
  local tip, vtip = hang(2, "link2", "block", { off2, -d.b }, { x1 + off2, -d.b }, v1, d.L2)
  if layout == "two" then
    hang(3, "link3", "link2", { d.L2 / 2, 0 }, tip, vtip, d.L3)
  elseif layout == "branches" then
    hang(3, "link3", "block", { -d.c, -d.b }, { x1 - d.c, -d.b }, v1, d.L3)
  end
  return m
end

-- The same by hand: c(theta) for theta = {x1, phi2[, phi3]}, absolute
-- angles (relative = true: theta3 = phi3 - phi2).
local function block_c(d, layout, relative)
  return function(t)
    local x1, p2 = t[1], t[2]
    local off2 = layout == "branches" and d.c or d.a
    local P = { x1 + off2, -d.b }
    local u2 = vec.unit(p2)
    local c = { x1, 0, 0, P[1] + d.L2 / 2 * u2[1], P[2] + d.L2 / 2 * u2[2], p2 }
    if layout ~= "one" then
      local p3 = relative and p2 + t[3] or t[3]
      local u3 = vec.unit(p3)
      local Q = layout == "two" and { P[1] + d.L2 * u2[1], P[2] + d.L2 * u2[2] } or { x1 - d.c, -d.b }
      c[7], c[8], c[9] = Q[1] + d.L3 / 2 * u3[1], Q[2] + d.L3 / 2 * u3[2], p3
    end
    return c
  end
end

local function block_mJ(d)
  local out = {}
  for k = 1, #d.m do out[k] = { d.m[k], d.J[k] } end
  return out
end
local function block_forces(d)
  return body_forces(d.m, { { k = d.k, L0 = d.L0, i = 1, si = { 0, 0 }, j = 0, sj = { 0, 0 } } })
end

-- The triple pendulum of Fig. 5.6 (Problems 9.4, 9.8): links from O at the
-- origin, pinned end to end, mass centres in the middles.
local function triple_pendulum(d)
  local m = mb.model { name = "triple pendulum" }
  m:point { name = "O", body = "ground" }
  local P, vP, on = { 0, 0 }, { 0, 0 }, "O"
  for k = 1, 3 do
    local name = "link" .. k
    local b, tip, vtip = link_from(P, vP, d.L[k], d.phi[k], d.rates[k])
    b.name, b.mass, b.inertia = name, d.m[k], d.J[k]
    m:body(b)
    m:point { name = name .. ".P", body = name, at = { -d.L[k] / 2, 0 } }
    m:point { name = name .. ".E", body = name, at = { d.L[k] / 2, 0 } }
    m:joint { name = "pin" .. k, type = "revolute", points = { name .. ".P", on } }
    P, vP, on = tip, vtip, name .. ".E"
  end
  return m
end
local function triple_c(d, relative)
  return function(t)
    local phi = relative and { t[1], t[1] + t[2], t[1] + t[2] + t[3] } or t
    local c, P = {}, { 0, 0 }
    for k = 1, 3 do
      local u = vec.unit(phi[k])
      c[3 * k - 2], c[3 * k - 1], c[3 * k] = P[1] + d.L[k] / 2 * u[1], P[2] + d.L[k] / 2 * u[2], phi[k]
      P = { P[1] + d.L[k] * u[1], P[2] + d.L[k] * u[2] }
    end
    return c
  end
end

-- Problem 9.5: two rods pinned to the ground, a spring-damper-actuator
-- between their free ends (the system of Problem 7.24).
local function two_rods(d)
  local m = mb.model { name = "two pinned rods" }
  for k = 1, 2 do
    local name = "rod" .. k
    local b = link_from(d.pivots[k], { 0, 0 }, d.L[k], d.phi[k], d.rates[k])
    b.name, b.mass, b.inertia = name, d.m[k], d.J[k]
    m:body(b)
    m:point { name = name .. ".P", body = name, at = { -d.L[k] / 2, 0 } }
    m:point { name = name .. ".E", body = name, at = { d.L[k] / 2, 0 } }
    m:point { name = "pivot" .. k, body = "ground", at = d.pivots[k] }
    m:joint { name = "pin" .. k, type = "revolute", points = { name .. ".P", "pivot" .. k } }
  end
  m:force { name = "sda", type = "spring-damper", points = { "rod1.E", "rod2.E" }, k = d.k, length = d.L0, c = d.dc,
    actuator = d.fa }
  return m
end
local function two_rods_c(d)
  return function(t)
    local c = {}
    for k = 1, 2 do
      local u = vec.unit(t[k])
      c[3 * k - 2], c[3 * k - 1], c[3 * k] = d.pivots[k][1] + d.L[k] / 2 * u[1], d.pivots[k][2] + d.L[k] / 2 * u[2], t[k]
    end
    return c
  end
end

-- Problems 9.6 and 9.9: rod 1 floats (no joint to the ground), rod 2 is
-- pinned to its right end; spring 1 holds rod 1's left end to G1, spring 2
-- and a damper hold rod 2's right end to G2 (the system of Problem 7.26).
local function floating_rods(d)
  local m = mb.model { name = "two rods on springs" }
  local v1 = { d.rates[1], d.rates[2] }
  local b1, pin, vpin = link_from(vec.sub(d.r1, vec.scale(d.L[1] / 2, vec.unit(d.phi[1]))),
    vec.sub(v1, vec.scale(d.rates[3] * d.L[1] / 2, vec.rot(vec.unit(d.phi[1])))), d.L[1], d.phi[1], d.rates[3])
  b1.name, b1.mass, b1.inertia = "rod1", d.m[1], d.J[1]
  m:body(b1)
  local b2 = link_from(pin, vpin, d.L[2], d.phi[2], d.rates[4])
  b2.name, b2.mass, b2.inertia = "rod2", d.m[2], d.J[2]
  m:body(b2)
  m:point { name = "rod1.L", body = "rod1", at = { -d.L[1] / 2, 0 } }
  m:point { name = "rod1.R", body = "rod1", at = { d.L[1] / 2, 0 } }
  m:point { name = "rod2.L", body = "rod2", at = { -d.L[2] / 2, 0 } }
  m:point { name = "rod2.R", body = "rod2", at = { d.L[2] / 2, 0 } }
  m:point { name = "G1", body = "ground", at = d.grounds[1] }
  m:point { name = "G2", body = "ground", at = d.grounds[2] }
  m:joint { name = "pin", type = "revolute", points = { "rod2.L", "rod1.R" } }
  m:force { name = "spring1", type = "spring-damper", points = { "rod1.L", "G1" }, k = d.k[1], length = d.L0[1] }
  m:force { name = "spring2", type = "spring-damper", points = { "rod2.R", "G2" }, k = d.k[2], length = d.L0[2], c = d.dc }
  return m
end
local function floating_c(d, relative)
  return function(t)
    local p1, p2 = t[3], relative and t[3] + t[4] or t[4]
    local u1, u2 = vec.unit(p1), vec.unit(p2)
    local pin = { t[1] + d.L[1] / 2 * u1[1], t[2] + d.L[1] / 2 * u1[2] }
    return { t[1], t[2], p1, pin[1] + d.L[2] / 2 * u2[1], pin[2] + d.L[2] / 2 * u2[2], p2 }
  end
end
local function floating_forces(d)
  return body_forces(d.m, {
    { k = d.k[1], L0 = d.L0[1], i = 1, si = { -d.L[1] / 2, 0 }, j = 0, sj = d.grounds[1] },
    { k = d.k[2], L0 = d.L0[2], c = d.dc, i = 2, si = { d.L[2] / 2, 0 }, j = 0, sj = d.grounds[2] },
  })
end

local function pairs_mJ(d)
  local out = {}
  for k = 1, #d.m do out[k] = { d.m[k], d.J[k] } end
  return out
end

-- theta and theta' of the sheet's state, for the chains whose joint
-- coordinates are the block's x and the links' angles
local function block_state(d, relative)
  local theta, thetad = { d.x1 }, { d.rates[1] }
  for k = 1, #d.phi do
    theta[k + 1] = (relative and k > 1) and d.phi[k] - d.phi[k - 1] or d.phi[k]
    thetad[k + 1] = (relative and k > 1) and d.rates[k + 1] - d.rates[k] or d.rates[k + 1]
  end
  return theta, thetad
end

-- Data shared by Problems 9.1-9.3 and 9.7 (the errata's x1 = 0.07 m)
local function block_data(extra)
  local out = {
    { name = "x1", value = 0.07, unit = "m", what = "block's x, spring's length (errata)",
      vary = 0.15 },
    { name = "k", value = 100, unit = "N/m", what = "the spring", vary = 0.3 },
    { name = "L0", value = 0.08, unit = "m", what = "its free length", vary = 0.1 },
  }
  for _, e in ipairs(extra) do out[#out + 1] = e end
  return out
end

-- The data of Problems 9.2 and 9.7, 9.4 and 9.8, 9.6 and 9.9: the second of
-- each pair says its angles and rates are absolute (note).
local function double_block_data(note)
  return block_data {
    { name = "a", value = 0.01, unit = "m", what = "the pin along the block", vary = 0.3 },
    { name = "b", value = 0.03, unit = "m", what = "the pin below the block's centre", vary = 0.3 },
    { name = "L2", value = 0.06, unit = "m", what = "link 2", vary = 0.2 },
    { name = "L3", value = 0.04, unit = "m", what = "link 3", vary = 0.2 },
    { name = "m", value = { 0.3, 0.2, 0.15 }, unit = "kg", what = "m1, m2, m3", vary = 0.3 },
    { name = "J", value = { 0.05, 0.001, 0.0008 }, unit = "kg m^2", what = "J1, J2, J3", vary = 0.3 },
    { name = "phi", value = { -60, -100 }, unit = "deg", what = "phi2, phi3" .. note, ours = true, vary = { abs = 20, step = 1 } },
    { name = "rates", value = { 0.05, 1.5, -2 }, unit = "m/s, rad/s", what = "x1', phi2', phi3'" .. note, ours = true, vary = 0.5 },
  }
end
local function triple_data(note)
  return {
    { name = "L", value = { 0.2, 0.15, 0.15 }, unit = "m", what = "L1, L2, L3", vary = 0.2 },
    { name = "m", value = { 0.4, 0.15, 0.15 }, unit = "kg", what = "m1, m2, m3", vary = 0.3 },
    { name = "J", value = { 0.001, 0.001, 0.001 }, unit = "kg m^2", what = "J1, J2, J3", vary = 0.3 },
    { name = "phi", value = { 255, 120, 215 }, unit = "deg", what = "phi1, phi2, phi3" .. note, ours = true, vary = { abs = 20, step = 1 } },
    { name = "rates", value = { -0.2, 0.6, -0.5 }, unit = "rad/s", what = "phi1', phi2', phi3'" .. note, ours = true, vary = 0.5 },
  }
end
local function floating_data(note)
  return {
    { name = "L", value = { 0.5, 0.5 }, unit = "m", what = "L1, L2", vary = 0.2 },
    { name = "k", value = { 20, 30 }, unit = "N/m", what = "k1, k2", vary = 0.3 },
    { name = "L0", value = { 0.5, 0.45 }, unit = "m", what = "their free lengths", vary = 0.2 },
    { name = "dc", value = 6.0, unit = "N s/m", what = "the damper with spring 2", vary = 0.3 },
    { name = "m", value = { 0.6, 0.6 }, unit = "kg", what = "m1, m2", vary = 0.3 },
    { name = "J", value = { 0.125, 0.125 }, unit = "kg m^2", what = "J1, J2", vary = 0.3 },
    { name = "rates", value = { 0.05, -0.02, 0.06, -0.03 }, unit = "m/s, rad/s", what = "x1', y1', phi1', phi2'" .. note, vary = 0.5 },
    { name = "r1", value = { 0, 0 }, unit = "m", what = "rod 1's mass centre", ours = true },
    { name = "phi", value = { 10, -30 }, unit = "deg", what = "phi1, phi2" .. note, ours = true, vary = { abs = 10, step = 1 } },
    { name = "grounds", value = { { -0.25, -0.3 }, { 0.7, -0.2 } }, unit = "m", what = "G1, G2", ours = true },
  }
end

local open_hints = {
  "Write each mass centre as a sum of link vectors from the ground: c(theta). B is dc/dtheta, column by column.",
  "Bdot theta' is d2c/dt2 with theta'' = 0: each a L u(phi) term gives -a L u(phi) phi'^2; the slide's column is constant.",
  "`s = p:model():joint_coords{ angles = \"absolute\" }` shows s.B, s.Bdtd, s.M, s.h, s.acc at the start to compare with.",
}
local relative_hints = {
  "With relative angles a body's angle is the sum of the joint angles from the ground to it: c(theta) changes, the motion does not.",
  "If theta_abs = T theta_rel (T lower triangular, ones), then B_rel = B_abs T and M_rel = T'M_abs T.",
  "`p:model():joint_coords{ angles = \"relative\" }` shows B, Bdtd, M, h, acc at the start.",
}

local block_ranges = { { 0.04, 0.12 } }

local chain_text = [[
The functions take theta (and thetad) in the order listed, and return B with one row per
body coordinate, {x1, y1, phi1, x2, ...} (bodies in the order listed), Bdot theta' as a
list, M as rows and h as a list; acc is theta'' at the data's state.]]


------------------------------------------------------------------ closed chains

-- The upper intersection of the circles of radius ra about a and rb about b
-- (to the left of the way from a to b), or nil
local function circles(a, ra, b, rb)
  local dx, dy = b[1] - a[1], b[2] - a[2]
  local dist = math.sqrt(dx * dx + dy * dy)
  local along = (ra * ra - rb * rb + dist * dist) / (2 * dist)
  if ra * ra - along * along <= 0 then return nil end
  local h = math.sqrt(ra * ra - along * along)
  return { a[1] + (along * dx - h * dy) / dist, a[2] + (along * dy + h * dx) / dist }
end

-- A bar from P to Q as a body: mass centre in the middle, points name.P and
-- name.Q at its ends (or the names given).
local function bar(m, name, P, Q, mass, ends)
  local half = vec.norm(vec.sub(Q, P)) / 2
  m:body { name = name, mass = mass or 1, inertia = (mass or 1) * (2 * half) ^ 2 / 12, pos = vec.scale(0.5, vec.add(P, Q)),
    angle = vec.angle(vec.sub(Q, P)) }
  m:point { name = name .. "." .. (ends and ends[1] or "P"), body = name, at = { -half, 0 } }
  m:point { name = name .. "." .. (ends and ends[2] or "Q"), body = name, at = { half, 0 } }
end

-- The four-bar of Problems 9.10 and 9.11: O at the origin, Q = {a, 0};
-- the crank from O to A, the coupler from A to B, the rocker from Q to B
-- (each body's x axis along it). Each pin's Phi is its first point minus
-- its second: A crank - coupler, B coupler - rocker, Q rocker - ground.
local function four_bar(d)
  local m = mb.model { name = "four-bar", gravity = { 0, 0 } }
  local Q = { d.a, 0 }
  local A = vec.scale(d.L[1], vec.unit(d.crank))
  local B = circles(A, d.L[2], Q, d.L[3])
  bar(m, "crank", { 0, 0 }, A, 1, { "O", "A" })
  bar(m, "coupler", A, B, 1, { "A", "B" })
  bar(m, "rocker", Q, B, 1, { "Q", "B" })
  m:point { name = "O", body = "ground" }
  m:point { name = "Q", body = "ground", at = Q }
  m:joint { name = "O", type = "revolute", points = { "crank.O", "O" } }
  m:joint { name = "A", type = "revolute", points = { "crank.A", "coupler.A" } }
  m:joint { name = "B", type = "revolute", points = { "coupler.B", "rocker.B" } }
  m:joint { name = "Q", type = "revolute", points = { "rocker.Q", "Q" } }
  return m
end
local four_bar_trees = { A = { "O", "B", "Q" }, B = { "O", "A", "Q" }, Q = { "O", "A", "B" } }
local four_bar_bodies = { "crank", "coupler", "rocker" }
local function four_bar_ok(d)
  local B = circles(vec.scale(d.L[1], vec.unit(d.crank)), d.L[2], { d.a, 0 }, d.L[3])
  return B ~= nil and B[2] > 0.02
end

-- The loop by hand with absolute angles (any cut gives it, Sec. 9.3.1):
-- Phi = L1 u1 + L2 u2 - L3 u3 - {a, 0}, C its Jacobian (the turned u's),
-- gamma = -C' theta' = sum of L u theta'^2 with the same signs.
local function loop_phi(d, t)
  local u1, u2, u3 = vec.unit(t[1]), vec.unit(t[2]), vec.unit(t[3])
  return { d.L[1] * u1[1] + d.L[2] * u2[1] - d.L[3] * u3[1] - d.a, d.L[1] * u1[2] + d.L[2] * u2[2] - d.L[3] * u3[2] }
end
local function loop_C(d, t)
  local r1, r2, r3 = vec.rot(vec.unit(t[1])), vec.rot(vec.unit(t[2])), vec.rot(vec.unit(t[3]))
  return { { d.L[1] * r1[1], d.L[2] * r2[1], -d.L[3] * r3[1] }, { d.L[1] * r1[2], d.L[2] * r2[2], -d.L[3] * r3[2] } }
end
local function loop_gamma(d, t, w)
  local u1, u2, u3 = vec.unit(t[1]), vec.unit(t[2]), vec.unit(t[3])
  local a, b, c = d.L[1] * w[1] ^ 2, d.L[2] * w[2] ^ 2, -d.L[3] * w[3] ^ 2
  return { a * u1[1] + b * u2[1] + c * u3[1], a * u1[2] + b * u2[2] + c * u3[2] }
end

-- Relative angles of the four-bar per cut: the absolute angles from theta
-- (theta = {crank's, coupler's, rocker's joint angle}), and T = dphi/dtheta
local four_bar_relative = {
  A = { function(t) return { t[1], t[2] + t[3], t[3] } end, { { 1, 0, 0 }, { 0, 1, 1 }, { 0, 0, 1 } } },
  B = { function(t) return { t[1], t[1] + t[2], t[3] } end, { { 1, 0, 0 }, { 1, 1, 0 }, { 0, 0, 1 } } },
  Q = { function(t) return { t[1], t[1] + t[2], t[1] + t[2] + t[3] } end, { { 1, 0, 0 }, { 1, 1, 0 }, { 1, 1, 1 } } },
}

-- A matrix (rows) times a matrix
local function product(A, B)
  local out = {}
  for i = 1, #A do
    out[i] = {}
    for j = 1, #B[1] do
      local s = 0
      for k = 1, #B do s = s + A[i][k] * B[k][j] end
      out[i][j] = s
    end
  end
  return out
end

-- The slider-crank of Problem 9.12 in its four models: O at the origin,
-- the crank (1) from O to A, the rod (2) from A to B, the block (3) with
-- its centre B on the x axis. "a": pins O, A, B and the slide, cut A;
-- "b": the same, cut the slide; "c": no rod, a rev-rev link A-B; "d": no
-- block, B in a slot along the x axis (rev-tran).
local slider_crank_trees = { a = { "O", "slide", "B" }, b = { "O", "A", "B" }, c = { "O", "slide" }, d = { "O", "A" } }
local slider_crank_bodies = { a = { "crank", "rod", "block" }, b = { "crank", "rod", "block" }, c = { "crank", "block" },
  d = { "crank", "rod" } }
local function slider_crank(d, kind)
  local m = mb.model { name = "slider-crank (" .. kind .. ")", gravity = { 0, 0 } }
  local A = vec.scale(d.L[1], vec.unit(d.crank))
  local B = { A[1] + math.sqrt(d.L[2] ^ 2 - A[2] ^ 2), 0 }
  bar(m, "crank", { 0, 0 }, A, 1, { "O", "A" })
  m:point { name = "O", body = "ground" }
  m:vector { name = "x", body = "ground", dir = { 1, 0 } }
  m:joint { name = "O", type = "revolute", points = { "crank.O", "O" } }
  if kind ~= "c" then
    bar(m, "rod", A, B, 1, { "A", "B" })
    m:joint { name = "A", type = "revolute", points = { "crank.A", "rod.A" } }
  end
  if kind ~= "d" then
    m:body { name = "block", mass = 1, inertia = 0.01, pos = B }
    m:point { name = "block.C", body = "block" }
    m:vector { name = "block.x", body = "block", dir = { 1, 0 } }
    m:joint { name = "slide", type = "translational", points = { "block.C", "O" }, vectors = { "block.x", "x" } }
  end
  if kind == "a" or kind == "b" then m:joint { name = "B", type = "revolute", points = { "rod.B", "block.C" } } end
  if kind == "c" then m:joint { name = "AB", type = "rev-rev", points = { "crank.A", "block.C" }, length = d.L[2] } end
  if kind == "d" then m:joint { name = "slot", type = "rev-tran", points = { "O", "rod.B" }, vectors = { "x" } } end
  return m
end

-- Its cut joints by hand: Phi, C and gamma for each model
local slider_crank_hand = {
  a = function(d)
    -- Phi = A on the crank - A on the rod = L1 u1 + L2 u2 - {s, 0}
    return {
      phi = function(t)
        local u1, u2 = vec.unit(t[1]), vec.unit(t[2])
        return { d.L[1] * u1[1] + d.L[2] * u2[1] - t[3], d.L[1] * u1[2] + d.L[2] * u2[2] }
      end,
      C = function(t)
        local r1, r2 = vec.rot(vec.unit(t[1])), vec.rot(vec.unit(t[2]))
        return { { d.L[1] * r1[1], d.L[2] * r2[1], -1 }, { d.L[1] * r1[2], d.L[2] * r2[2], 0 } }
      end,
      gamma = function(t, w)
        local u1, u2 = vec.unit(t[1]), vec.unit(t[2])
        local a, b = d.L[1] * w[1] ^ 2, d.L[2] * w[2] ^ 2
        return { a * u1[1] + b * u2[1], a * u1[2] + b * u2[2] }
      end,
    }
  end,
  b = function(d)
    -- Phi = { B's height, sin(phi3) } (across the guide, and the block's tilt)
    return {
      phi = function(t) return { d.L[1] * math.sin(t[1]) + d.L[2] * math.sin(t[2]), math.sin(t[3]) } end,
      C = function(t) return { { d.L[1] * math.cos(t[1]), d.L[2] * math.cos(t[2]), 0 }, { 0, 0, math.cos(t[3]) } } end,
      gamma = function(t, w)
        return { d.L[1] * math.sin(t[1]) * w[1] ^ 2 + d.L[2] * math.sin(t[2]) * w[2] ^ 2, math.sin(t[3]) * w[3] ^ 2 }
      end,
    }
  end,
  c = function(d)
    -- Phi = (d'd - L2^2) / (2 L2), d = A - B = L1 u1 - {s, 0}
    local function gap(t) local u = vec.unit(t[1]); return { d.L[1] * u[1] - t[2], d.L[1] * u[2] } end
    return {
      phi = function(t) local g2 = gap(t); return { (g2[1] ^ 2 + g2[2] ^ 2 - d.L[2] ^ 2) / (2 * d.L[2]) } end,
      C = function(t)
        local g2, r = gap(t), vec.rot(vec.unit(t[1]))
        return { { d.L[1] * (g2[1] * r[1] + g2[2] * r[2]) / d.L[2], -g2[1] / d.L[2] } }
      end,
      gamma = function(t, w)
        local g2, u, r = gap(t), vec.unit(t[1]), vec.rot(vec.unit(t[1]))
        local rate = { d.L[1] * r[1] * w[1] - w[2], d.L[1] * r[2] * w[1] }
        local inward = d.L[1] * w[1] ^ 2 * (g2[1] * u[1] + g2[2] * u[2])
        return { -(rate[1] ^ 2 + rate[2] ^ 2 - inward) / d.L[2] }
      end,
    }
  end,
  d = function(d)
    -- Phi = the turned x axis times (O - B) = -(B's height)
    return {
      phi = function(t) return { -(d.L[1] * math.sin(t[1]) + d.L[2] * math.sin(t[2])) } end,
      C = function(t) return { { -d.L[1] * math.cos(t[1]), -d.L[2] * math.cos(t[2]) } } end,
      gamma = function(t, w) return { -(d.L[1] * math.sin(t[1]) * w[1] ^ 2 + d.L[2] * math.sin(t[2]) * w[2] ^ 2) } end,
    }
  end,
}

-- Our six-bar of Problem 9.13 (two loops): the four-bar O-A-B-Q of
-- lengths L1, L2, L3 on the ground O Q = L0, and a dyad from the rocker's
-- end B: link 4 (L4) from B to C and link 5 (L5) from the ground point R
-- to C. Cut joints: B (coupler - rocker) and C (link 4 - link 5).
local function six_bar_positions(d, theta1)
  local A = vec.scale(d.L[1], vec.unit(theta1))
  local B = circles(A, d.L[2], { d.L0, 0 }, d.L[3])
  if not B then return nil end
  local C = circles(B, d.L[4], d.R, d.L[5])
  if not C then return nil end
  return A, B, C
end
local function six_bar_angles(d, theta1)
  local A, B, C = six_bar_positions(d, theta1)
  if not A then return nil end
  return { theta1, vec.angle(vec.sub(B, A)), vec.angle(vec.sub(B, { d.L0, 0 })), vec.angle(vec.sub(C, B)),
    vec.angle(vec.sub(C, d.R)) }
end
local six_bar_tree = { "O", "A", "Q", "D", "R" }
local six_bar_bodies = { "crank", "coupler", "rocker", "link4", "link5" }
-- The model placed at the estimates of the unknown angles (not assembled)
local function six_bar(d)
  local m = mb.model { name = "six-bar", gravity = { 0, 0 } }
  local ends, P = {}, {}
  local Q, R = { d.L0, 0 }, d.R
  local from = { { 0, 0 }, nil, Q, nil, R }
  local angle = { d.theta1, d.guess[1], d.guess[2], d.guess[3], d.guess[4] }
  local A = vec.scale(d.L[1], vec.unit(angle[1]))
  from[2] = A
  local B = vec.add(Q, vec.scale(d.L[3], vec.unit(angle[3])))
  from[4] = B
  for k, name in ipairs(six_bar_bodies) do
    P[k] = from[k]
    ends[k] = vec.add(P[k], vec.scale(d.L[k], vec.unit(angle[k])))
    bar(m, name, P[k], ends[k], 1)
  end
  m:point { name = "O", body = "ground" }
  m:point { name = "Q", body = "ground", at = Q }
  m:point { name = "R", body = "ground", at = R }
  m:joint { name = "O", type = "revolute", points = { "crank.P", "O" } }
  m:joint { name = "A", type = "revolute", points = { "crank.Q", "coupler.P" } }
  m:joint { name = "B", type = "revolute", points = { "coupler.Q", "rocker.Q" } }
  m:joint { name = "Q", type = "revolute", points = { "rocker.P", "Q" } }
  m:joint { name = "D", type = "revolute", points = { "rocker.Q", "link4.P" } }
  m:joint { name = "C", type = "revolute", points = { "link4.Q", "link5.Q" } }
  m:joint { name = "R", type = "revolute", points = { "link5.P", "R" } }
  return m
end
-- By hand: B coupler - rocker, C link 4 - link 5, in absolute angles
local function six_bar_hand(d)
  local L = d.L
  local function u(t, k) return vec.unit(t[k]) end
  local function r(t, k) return vec.rot(vec.unit(t[k])) end
  return {
    phi = function(t)
      local B1 = vec.add(vec.scale(L[1], u(t, 1)), vec.scale(L[2], u(t, 2)))
      local B3 = vec.add({ d.L0, 0 }, vec.scale(L[3], u(t, 3)))
      local C4 = vec.add(B3, vec.scale(L[4], u(t, 4)))
      local C5 = vec.add(d.R, vec.scale(L[5], u(t, 5)))
      return { B1[1] - B3[1], B1[2] - B3[2], C4[1] - C5[1], C4[2] - C5[2] }
    end,
    C = function(t)
      local c = {}
      for k = 1, 5 do c[k] = vec.scale(L[k], r(t, k)) end
      return {
        { c[1][1], c[2][1], -c[3][1], 0, 0 }, { c[1][2], c[2][2], -c[3][2], 0, 0 },
        { 0, 0, c[3][1], c[4][1], -c[5][1] }, { 0, 0, c[3][2], c[4][2], -c[5][2] },
      }
    end,
    gamma = function(t, w)
      local a = {}
      for k = 1, 5 do a[k] = vec.scale(L[k] * w[k] ^ 2, u(t, k)) end
      return { a[1][1] + a[2][1] - a[3][1], a[1][2] + a[2][2] - a[3][2], a[3][1] + a[4][1] - a[5][1],
        a[3][2] + a[4][2] - a[5][2] }
    end,
  }
end

-- A function ask of a closed chain's cut joints
local function cut_ask(name, what, n, args)
  return { name = name, what = what, unit = "", kind = "function", args = args or { "theta" }, size = n, tol = 1e-5 }
end


------------------------------------------------------------------ whole mechanisms

-- The joint-coordinate arrays of a whole model at its start, in the
-- program's order of theta (as m:joint_coords lists them).
local function whole(m, opts)
  local p = m:joint_coords(opts)
  return { n = #p.theta, rows = #p.gamma, C = rows_of(p.C), gamma = copy(p.gamma), M = rows_of(p.M), h = copy(p.h),
    acc = copy(p.acc), B = rows_of(p.B), Bdtd = copy(p.Bdtd), theta = copy(p.theta), thetad = copy(p.theta_d),
    row_joint = copy(p.row_joint), tree = p.tree }
end

-- The same arrays another way, from the body coordinates (Ch. 7) and B:
-- C = *D B and gamma = *gamma - *D Bdot theta' from the cut joints' rows
-- (Eqs. 9.28, 9.31); M = B'MB and h = B'(h - M Bdot theta') (Eqs. 9.23-9.24);
-- theta'' from the body coordinates' c'' = B theta'' + Bdot theta', by least
-- squares; n from the tree's bodies, the rows from the body coordinates'
-- count (3 per body less the degrees of freedom the cut system keeps).
local function whole_again(m, j)
  local body = m:pieces { formulation = "body" }
  local D, gam = rows_of(body.D), body.gamma
  local Dcut, gcut, taken = {}, {}, {}
  for r, joint in ipairs(j.row_joint) do -- a joint's rows come in the same order in both
    local want, count = (taken[joint] or 0) + 1, 0
    for k, bj in ipairs(body.row_joint) do
      if bj == joint then
        count = count + 1
        if count == want then Dcut[r], gcut[r] = D[k], gam[k] end
      end
    end
    taken[joint] = want
  end
  local C = product(Dcut, j.B)
  local DB = times(Dcut, j.Bdtd)
  local gamma = {}
  for r = 1, #gcut do gamma[r] = gcut[r] - DB[r] end
  local Mb, hb = rows_of(body.M), body.h
  local Bt = transpose(j.B)
  local M = product(Bt, product(Mb, j.B))
  local MBd = times(Mb, j.Bdtd)
  local f = {}
  for r = 1, #hb do f[r] = hb[r] - MBd[r] end
  local rhs = {}
  for r = 1, #body.acc do rhs[r] = body.acc[r] - j.Bdtd[r] end
  local acc = mat.solve(mat(product(Bt, j.B)), times(Bt, rhs))
  local n = 0
  for _, t in ipairs(j.tree) do n = n + (t.kind == "x, y, angle" and 3 or 1) end
  return { n = n, rows = #body.phi - #body.q + n, C = C, gamma = gamma, M = M, h = times(Bt, f), acc = acc }
end


-- The asks of a whole mechanism's arrays at its start
local whole_asks = {
  n = { name = "n", what = "the number of joint coordinates", unit = "" },
  rows = { name = "rows", what = "the cut-joint rows (a driver's row counts)", unit = "" },
  C = { name = "C", what = "C at the start (rows: cut joints; columns: theta)", unit = "" },
  gamma = { name = "gamma", what = "gamma at the start", unit = "" },
  M = { name = "M", what = "the mass matrix B'MB at the start", unit = "kg, kg m, kg m^2" },
  h = { name = "h", what = "the forces B'(h - M Bdot theta') at the start", unit = "N, N m" },
  acc = { name = "acc", what = "theta'' at the start", unit = "m/s^2, rad/s^2" },
}

-- A problem on a whole mechanism: spec gives number, title, text, build,
-- data, valid, model(d) (the start corrected), opts (angles), the asks
-- by name (keys of whole_asks), mistakes, hints.
local function whole_problem(spec)
  local asks = {}
  for i, key in ipairs(spec.asks) do asks[i] = whole_asks[key] end
  local function pick(t)
    local out = {}
    for _, key in ipairs(spec.asks) do out[key] = t[key] end
    return out
  end
  return {
    number = spec.number, title = spec.title, text = spec.text, build = spec.build, data = spec.data, valid = spec.valid,
    asks = asks,
    answers = function(d) return pick(whole(spec.model(d), spec.opts)) end,
    verify = function(d)
      local m = spec.model(d)
      return pick(whole_again(m, whole(m, spec.opts)))
    end,
    mistakes = spec.mistakes, model = spec.model, hints = spec.hints,
  }
end

local whole_text = [[
Work in absolute angles with the tree the program picks (m:joint_coords() prints it and its
cut joints); theta and the columns of C in the order it lists the coordinates.]]

local whole_hints = {
  "Each tree joint gives one coordinate (a floating body three); each cut joint keeps its rows of Ch. 7, a driver one more.",
  "C = D B restricted to the cut joints' rows (Eq. 9.28); gamma = gamma* - D* (Bdot theta') (Eq. 9.31).",
  "`s = m:joint_coords{ angles = \"absolute\" }` after m:correct(): #s.theta, #s.gamma, s.C, s.gamma, s.M, s.h, s.acc.",
}

-- mb.example(name, ...) with its start corrected (its velocities made to
-- agree with a driver as well)
local function corrected(name, ...)
  local m = mb.example(name, ...)
  m:correct()
  return m
end

-- The double A-arm and the MacPherson strut with the problem's masses
local function with_masses(m, names, d)
  for k, name in ipairs(names) do m.bodies[name].mass, m.bodies[name].inertia = d.m[k], d.J[k] end
  m:correct()
  return m
end

-- The half-car of Sec. 15.8 (examples/half_car.lua), built at rest once per
-- suspension (its build finds the rest, which takes a while) and handed out
-- as built, with the problem's chassis: each use puts back the bodies'
-- start as it was built, in case a student's script moved it.
local half_cars = {}
local function half_car(suspension, d)
  local kept = half_cars[suspension]
  if not kept then
    local m = mb.example("half_car", 1, 0, "left", suspension)
    local start = {}
    for name, b in pairs(m.bodies) do
      start[name] = { pos = copy(b.pos), angle = b.angle, vel = copy(b.vel or { 0, 0 }), omega = b.omega or 0, mass = b.mass,
        inertia = b.inertia }
    end
    kept = { model = m, start = start }
    half_cars[suspension] = kept
  end
  for name, b in pairs(kept.model.bodies) do
    local s0 = kept.start[name]
    b.pos, b.angle, b.vel, b.omega, b.mass, b.inertia = copy(s0.pos), s0.angle, copy(s0.vel), s0.omega, s0.mass, s0.inertia
  end
  kept.model.bodies.chassis.mass, kept.model.bodies.chassis.inertia = d.chassis[1], d.chassis[2]
  return kept.model
end
local function half_car_problem(spec)
  return {
    number = spec.number, title = spec.title, text = spec.text, build = spec.build, data = spec.data,
    asks = {
      whole_asks.n, whole_asks.rows,
      { name = "mass", what = "M(1,1): the mass the chassis's x coordinate carries", unit = "kg" },
      { name = "inertia", what = "M(3,3): what its angle carries, relative angles", unit = "kg m^2" },
      whole_asks.C,
    },
    answers = function(d)
      local m = half_car(spec.suspension, d)
      local j, r = whole(m, { angles = "absolute" }), whole(m, { angles = "relative" })
      return { n = j.n, rows = j.rows, mass = r.M[1][1], inertia = r.M[3][3], C = j.C }
    end,
    verify = function(d)
      -- the whole car moves with the chassis's x, and turns as one rigid
      -- body with its angle when the other joints' relative angles stay:
      -- the sums of m and of J + m |r - r_chassis|^2
      local m = half_car(spec.suspension, d)
      local again = whole_again(m, whole(m, { angles = "absolute" }))
      local ch = m.bodies.chassis.pos
      local total, turning = 0, 0
      for _, b in pairs(m.bodies) do
        total = total + b.mass
        turning = turning + b.inertia + b.mass * ((b.pos[1] - ch[1]) ^ 2 + (b.pos[2] - ch[2]) ^ 2)
      end
      return { n = again.n, rows = again.rows, mass = total, inertia = turning, C = again.C }
    end,
    mistakes = {
      mass = { { value = function(d) return d.chassis[1] end,
        say = "that is the chassis alone: every body moves with the floating joint's x." } },
      inertia = { { value = function(d)
        local m = half_car(spec.suspension, d)
        return whole(m, { angles = "absolute" }).M[3][3]
      end, say = "that is M(3,3) in absolute angles, where the arms keep their angles as the chassis turns: use relative ones." } },
    },
    model = function(d) return half_car(spec.suspension, d) end,
    hints = {
      "The chassis has no joint to the ground: a floating joint gives it three coordinates, x, y and its angle.",
      "Each side adds a coordinate per tree pin and cuts one joint per loop: count them from m:joint_coords().",
      "M(1,1) is the whole car's mass; with relative angles M(3,3) is the whole car turning rigidly about the chassis's centre.",
    },
  }
end

-- The rolling disc of Problem 9.20: a disc of radius R rolling on the x
-- axis without slip, pushed at its centre.
local function rolling_disc(d)
  local m = mb.model { name = "rolling disc" }
  m:body { name = "disc", mass = d.m, inertia = d.J, pos = { 0, d.R } }
  m:point { name = "centre", body = "disc" }
  m:joint { name = "roll", type = "disc", body = "disc", radius = d.R }
  m:force { name = "push", type = "force", point = "centre", value = { d.f, 0 } }
  return m
end

-- The cart of Sec. 8.1.3, model C (a motor torque 20 N m at rest), with the
-- problem's masses.
local function cart(d)
  local m = mb.example("cart", "C")
  m.bodies.chassis.mass, m.bodies.chassis.inertia = d.chassis[1], d.chassis[2]
  for _, w in ipairs { "rear", "front" } do m.bodies[w].mass, m.bodies[w].inertia = d.wheel[1], d.wheel[2] end
  return m
end

-- The robot of Problem 9.22 (ours): link 1 pinned to the ground at O,
-- link 2 pinned to link 1's end, link 3 sliding along link 2 (its centre s
-- from link 2's near end); a motor torque at each pin, a linear actuator
-- pushing link 3 out along link 2.
local function robot(d)
  local m = mb.model { name = "robot" }
  local b1, E, vE = link_from({ 0, 0 }, { 0, 0 }, d.L[1], d.phi[1], d.rates[1])
  b1.name, b1.mass, b1.inertia = "link1", d.m[1], d.J[1]
  m:body(b1)
  local b2 = link_from(E, vE, d.L[2], d.phi[2], d.rates[2])
  b2.name, b2.mass, b2.inertia = "link2", d.m[2], d.J[2]
  m:body(b2)
  local u2 = vec.unit(d.phi[2])
  m:body { name = "link3", mass = d.m[3], inertia = d.J[3], pos = vec.add(E, vec.scale(d.s, u2)), angle = d.phi[2],
    vel = vec.add(vec.add(vE, vec.scale(d.rates[3], u2)), vec.scale(d.rates[2] * d.s, vec.rot(u2))), omega = d.rates[2] }
  m:point { name = "O", body = "ground" }
  m:point { name = "link1.P", body = "link1", at = { -d.L[1] / 2, 0 } }
  m:point { name = "link1.E", body = "link1", at = { d.L[1] / 2, 0 } }
  m:point { name = "link2.P", body = "link2", at = { -d.L[2] / 2, 0 } }
  m:point { name = "link3.C", body = "link3" }
  m:vector { name = "link2.u", body = "link2", dir = { 1, 0 } }
  m:vector { name = "link3.u", body = "link3", dir = { 1, 0 } }
  m:joint { name = "base", type = "revolute", points = { "link1.P", "O" } }
  m:joint { name = "elbow", type = "revolute", points = { "link2.P", "link1.E" } }
  m:joint { name = "slide", type = "translational", points = { "link3.C", "link2.P" }, vectors = { "link3.u", "link2.u" } }
  m:force { name = "motor1", type = "rot-spring-damper", bodies = { "ground", "link1" }, actuator = d.T[1] }
  m:force { name = "motor2", type = "rot-spring-damper", bodies = { "link1", "link2" }, actuator = d.T[2] }
  m:force { name = "ram", type = "spring-damper", points = { "link2.P", "link3.C" }, actuator = -d.F3 }
  return m
end
local function robot_c(d)
  return function(t)
    local u1, u2 = vec.unit(t[1]), vec.unit(t[2])
    local E = vec.scale(d.L[1], u1)
    return { d.L[1] / 2 * u1[1], d.L[1] / 2 * u1[2], t[1], E[1] + d.L[2] / 2 * u2[1], E[2] + d.L[2] / 2 * u2[2], t[2],
      E[1] + t[3] * u2[1], E[2] + t[3] * u2[2], t[2] }
  end
end
local function robot_forces(d)
  return body_forces(d.m, { { k = 0, L0 = 0, fa = -d.F3, i = 2, si = { -d.L[2] / 2, 0 }, j = 3, sj = { 0, 0 } } },
    { { 1, d.T[1] - d.T[2] }, { 2, d.T[2] } })
end


-- Problems 9.14 and 9.15: a six-bar of Ch. 15 driven by its motor, its
-- crank started at an angle (spec.start, varied by spec.swing degrees).
local function driven_six_bar(spec)
  return whole_problem {
    number = spec.number, title = spec.title,
    text = spec.what .. [[, its crank started at the angle below and driven at 2 pi rad/s; correct
the start (m:correct()) so the velocities agree with the motor. Two loops: the tree the
program picks cuts ]] .. spec.cuts .. [[, and the motor adds its row. Give the number of joint
coordinates and of cut-joint rows, and at the start C, gamma and theta''.

]] .. whole_text,
    build = ("mb.example(%q, theta0); m:correct(); m:joint_coords{ angles = \"absolute\" }"):format(spec.example),
    data = {
      { name = "theta0", value = spec.start, unit = "deg", what = "the crank's angle at the start",
        vary = { abs = spec.swing, step = 1 } },
    },
    model = function(d) return corrected(spec.example, d.theta0) end,
    opts = { angles = "absolute" }, asks = { "n", "rows", "C", "gamma", "acc" },
    mistakes = {
      rows = { { value = 4, say = "the motor is a constraint too: its row theta1 = f(t) joins the cut joints' (Sec. 9.3.6)." } },
    },
    hints = whole_hints,
  }
end

return {
  chapter = 9,
  title = "Joint coordinates",
  problems = {
    ------------------------------------------------------------------ 9.1
    open_chain { number = "9.1", size = 2,
      title = "A block on a spring with a pendulum: B, M, h, theta''",
      text = [[
The system of Problem 9.1 (the book's figure; ours: a block on a horizontal guide through the
wall point O, its spring from O along the guide, and a link of length L2 pinned to the
block's point {a, -b}, its mass centre in the middle). Gravity acts. Joint coordinates
theta = {x1, phi2}: the block's slide (its x, the spring's length) and the link's absolute
angle. Find B, Bdot theta', the mass matrix and the forces, and theta''.

]] .. chain_text,
      build = "a model of the two bodies; m:joint_coords{ angles = \"absolute\" }, and the functions by hand",
      data = block_data {
        { name = "a", value = 0.01, unit = "m", what = "the pin along the block", vary = 0.3 },
        { name = "b", value = 0.03, unit = "m", what = "the pin below the block's centre", vary = 0.3 },
        { name = "L2", value = 0.06, unit = "m", what = "the link", vary = 0.2 },
        { name = "m", value = { 0.3, 0.2 }, unit = "kg", what = "m1, m2", vary = 0.3 },
        { name = "J", value = { 0.05, 0.001 }, unit = "kg m^2", what = "J1, J2", vary = 0.3 },
        { name = "phi", value = { -60 }, unit = "deg", what = "phi2", ours = true, vary = { abs = 20, step = 1 } },
        { name = "rates", value = { 0.05, 1.5 }, unit = "m/s, rad/s", what = "x1', phi2'", ours = true, vary = 0.5 },
      },
      model = function(d) return block_system(d, "one") end,
      bodies = { "block", "link2" }, angles = "absolute", ranges = block_ranges,
      c_of = function(d) return block_c(d, "one") end, mJ = block_mJ, forces = block_forces,
      state = function(d) return block_state(d) end,
      hints = open_hints },

    ------------------------------------------------------------------ 9.2
    open_chain { number = "9.2", size = 3,
      title = "The block with a double pendulum: B, M, h, theta''",
      text = [[
Problem 9.2's system (ours, as in Problem 9.1: the block on its guide and spring, link 2 of
length L2 from the block's point {a, -b}, and link 3 of length L3 pinned to link 2's far end,
mass centres in the middles). Gravity acts. theta = {x1, phi2, phi3}, absolute angles. Find B,
Bdot theta', the mass matrix, the forces and theta''.

]] .. chain_text,
      build = "a model of the three bodies; m:joint_coords{ angles = \"absolute\" }, and the functions by hand",
      data = double_block_data(""),
      model = function(d) return block_system(d, "two") end,
      bodies = { "block", "link2", "link3" }, angles = "absolute", ranges = block_ranges,
      c_of = function(d) return block_c(d, "two") end, mJ = block_mJ, forces = block_forces,
      state = function(d) return block_state(d) end,
      hints = open_hints },

    ------------------------------------------------------------------ 9.3
    open_chain { number = "9.3", size = 3,
      title = "The block with two pendulums side by side",
      text = [[
Problem 9.3's system (the errata move its axes as on p. 109; ours: the block on its guide and
spring with two branches, link 2 of length L2 from the block's point {c, -b} and link 3 of
length L3 from {-c, -b}, mass centres in the middles). Gravity acts. theta = {x1, phi2,
phi3}, absolute angles. Find B, Bdot theta', the mass matrix, the forces and theta''.

]] .. chain_text,
      build = "a model of the three bodies; m:joint_coords{ angles = \"absolute\" }, and the functions by hand",
      data = block_data {
        { name = "b", value = 0.03, unit = "m", what = "the pins below the block's centre", vary = 0.3 },
        { name = "c", value = 0.02, unit = "m", what = "the pins either side of it", vary = 0.3 },
        { name = "L2", value = 0.06, unit = "m", what = "link 2", vary = 0.2 },
        { name = "L3", value = 0.04, unit = "m", what = "link 3", vary = 0.2 },
        { name = "m", value = { 0.3, 0.2, 0.15 }, unit = "kg", what = "m1, m2, m3", vary = 0.3 },
        { name = "J", value = { 0.05, 0.001, 0.0008 }, unit = "kg m^2", what = "J1, J2, J3", vary = 0.3 },
        { name = "phi", value = { -70, -120 }, unit = "deg", what = "phi2, phi3", ours = true, vary = { abs = 20, step = 1 } },
        { name = "rates", value = { -0.04, 1, 2 }, unit = "m/s, rad/s", what = "x1', phi2', phi3'", ours = true, vary = 0.5 },
      },
      model = function(d) return block_system(d, "branches") end,
      bodies = { "block", "link2", "link3" }, angles = "absolute", ranges = block_ranges,
      c_of = function(d) return block_c(d, "branches") end, mJ = block_mJ, forces = block_forces,
      state = function(d) return block_state(d) end,
      mistakes = {
        B = { { value = function(d)
          local e = {}
          for k, v in pairs(d) do e[k] = v end
          e.a = d.c
          return by_hand(block_c(e, "two"), block_mJ(e), block_forces(e)).B
        end, say = "that B hangs link 3 from link 2's end: here both links hang from the block, two branches." } },
      },
      hints = {
        "Two branches: link 3's row of B has no entry in link 2's column, and the other way round.",
        open_hints[2], open_hints[3],
      } },

    ------------------------------------------------------------------ 9.4
    open_chain { number = "9.4", size = 3,
      title = "A triple pendulum: B, M, h, theta''",
      text = [[
The triple pendulum of Problem 9.4 (the links of Fig. 5.6, pinned end to end from O at the
origin; ours: mass centres in the middles, and the angles and rates of Problem 5.3 as the
state). Gravity acts. theta = {phi1, phi2, phi3}, absolute angles. Find B, Bdot theta', the
mass matrix, the forces and theta''.

]] .. chain_text,
      build = "a model of the three links; m:joint_coords{ angles = \"absolute\" }, and the functions by hand",
      data = triple_data(""),
      model = triple_pendulum,
      bodies = { "link1", "link2", "link3" }, angles = "absolute",
      c_of = function(d) return triple_c(d) end, mJ = pairs_mJ, forces = function(d) return body_forces(d.m) end,
      state = function(d) return copy(d.phi), copy(d.rates) end,
      mistakes = {
        B = { { value = function(d) return by_hand(triple_c(d, true), pairs_mJ(d), body_forces(d.m)).B end,
          say = "that is B for relative angles (theta2 = phi2 - phi1, ...): here each theta is the link's own angle." } },
      },
      hints = open_hints },

    ------------------------------------------------------------------ 9.5
    open_chain { number = "9.5", size = 2,
      title = "Two pinned rods and a spring-damper-actuator",
      text = [[
Problem 9.5's system (that of Problem 7.24): two rods pinned to the ground at one end each,
a spring-damper-actuator between their free ends (the actuator's force counted as tension).
Gravity acts. Ours: the pivots and the angles. Two trees from the ground: theta = {phi1,
phi2}, absolute angles; rod 1 turns clockwise, rod 2 counter-clockwise. Find B, Bdot
theta', the mass matrix, the forces and theta''.

]] .. chain_text,
      build = "a model of the two rods and the element; m:joint_coords{ angles = \"absolute\" }",
      data = {
        { name = "L", value = { 1.5, 2.0 }, unit = "m", what = "L1, L2", vary = 0.15 },
        { name = "k", value = 100, unit = "N/m", what = "the spring", vary = 0.3 },
        { name = "L0", value = 2.0, unit = "m", what = "its free length", vary = 0.2 },
        { name = "dc", value = 200, unit = "N s/m", what = "the damper", vary = 0.3 },
        { name = "fa", value = 30, unit = "N", what = "the actuator", vary = 0.3 },
        { name = "m", value = { 0.8, 1.2 }, unit = "kg", what = "m1, m2", vary = 0.3 },
        { name = "J", value = { 0.15, 0.40 }, unit = "kg m^2", what = "J1, J2", vary = 0.3 },
        { name = "rates", value = { -1.0, 2.5 }, unit = "rad/s", what = "phi1' (clockwise), phi2' (counter-clockwise)", vary = 0.3 },
        { name = "pivots", value = { { 0, 0 }, { 2.5, 0 } }, unit = "m", what = "the ground pins", ours = true },
        { name = "phi", value = { 60, 110 }, unit = "deg", what = "phi1, phi2", ours = true, vary = { abs = 10, step = 1 } },
      },
      model = two_rods,
      bodies = { "rod1", "rod2" }, angles = "absolute",
      c_of = two_rods_c, mJ = pairs_mJ,
      forces = function(d)
        return body_forces(d.m, { { k = d.k, L0 = d.L0, c = d.dc, fa = d.fa, i = 1, si = { d.L[1] / 2, 0 }, j = 2,
          sj = { d.L[2] / 2, 0 } } })
      end,
      state = function(d) return copy(d.phi), copy(d.rates) end,
      mistakes = {
        h = { { value = function(d)
          return by_hand(two_rods_c(d), pairs_mJ(d), body_forces(d.m, { { k = d.k, L0 = d.L0, c = d.dc, fa = -d.fa, i = 1,
            si = { d.L[1] / 2, 0 }, j = 2, sj = { d.L[2] / 2, 0 } } })).h
        end, say = "the actuator's force has the wrong sign: a positive actuator pulls the ends together, like tension." } },
      },
      hints = {
        "Two trees: each rod's rows of B have a single entry, in its own column; the mass matrix is diagonal.",
        "The element's force f = k (l - L0) + dc l' + fa pulls the two ends together; its moments about the pivots are the forces h.",
        open_hints[3],
      } },

    ------------------------------------------------------------------ 9.6
    open_chain { number = "9.6", size = 4,
      title = "Two rods on springs, one floating: B, M, h, theta''",
      text = [[
Problem 9.6's system (that of Problem 7.26, scaled): rod 1 has no joint to the ground, rod 2
is pinned to rod 1's right end; spring 1 holds rod 1's left end to the ground point G1,
spring 2 with a damper holds rod 2's right end to G2. Gravity acts. Ours: where the rods are
(rod 1's mass centre r1) and G1, G2. Rod 1 needs a floating joint: theta = {x1, y1, phi1,
phi2}, absolute angles. Find B, Bdot theta', the mass matrix, the forces and theta''.

]] .. chain_text,
      build = "a model of the two rods and springs; m:joint_coords{ angles = \"absolute\" }",
      data = floating_data(""),
      model = floating_rods,
      bodies = { "rod1", "rod2" }, angles = "absolute",
      c_of = function(d) return floating_c(d) end, mJ = pairs_mJ, forces = floating_forces,
      state = function(d)
        return { d.r1[1], d.r1[2], d.phi[1], d.phi[2] }, copy(d.rates)
      end,
      hints = {
        "A floating joint's coordinates are the body's own x, y and angle: rod 1's rows of B are the identity.",
        open_hints[2], open_hints[3],
      } },

    ------------------------------------------------------------------ 9.7
    open_chain { number = "9.7", size = 3,
      title = "Problem 9.2 with a relative angle at the second pin",
      text = [[
Problem 9.2 again (your data below), but link 3's joint coordinate is relative: theta =
{x1, phi2, phi3 - phi2}. Find B, Bdot theta', the mass matrix, the forces and theta''.

]] .. chain_text,
      build = "the model of Problem 9.2; m:joint_coords{ angles = \"relative\" }",
      data = double_block_data(" (absolute)"),
      model = function(d) return block_system(d, "two") end,
      bodies = { "block", "link2", "link3" }, angles = "relative", ranges = block_ranges,
      c_of = function(d) return block_c(d, "two", true) end, mJ = block_mJ, forces = block_forces,
      state = function(d) return block_state(d, true) end,
      mistakes = {
        B = { { value = function(d) return by_hand(block_c(d, "two"), block_mJ(d), block_forces(d)).B end,
          say = "that is B for absolute angles: here the third coordinate is phi3 - phi2." } },
        acc = { { value = function(d)
          local theta, thetad = block_state(d)
          return by_hand(block_c(d, "two"), block_mJ(d), block_forces(d)).acc(theta, thetad)
        end, say = "those are the absolute accelerations: the third is phi3'' - phi2'' here." } },
      },
      hints = relative_hints },

    ------------------------------------------------------------------ 9.8
    open_chain { number = "9.8", size = 3,
      title = "Problem 9.4 with relative angles at A and B",
      text = [[
The triple pendulum of Problem 9.4 again (your data below), with relative joint coordinates
at the pins A and B: theta = {phi1, phi2 - phi1, phi3 - phi2}. Find B, Bdot theta', the mass
matrix, the forces and theta''.

]] .. chain_text,
      build = "the model of Problem 9.4; m:joint_coords{ angles = \"relative\" }",
      data = triple_data(" (absolute)"),
      model = triple_pendulum,
      bodies = { "link1", "link2", "link3" }, angles = "relative",
      c_of = function(d) return triple_c(d, true) end, mJ = pairs_mJ, forces = function(d) return body_forces(d.m) end,
      state = function(d)
        return { d.phi[1], d.phi[2] - d.phi[1], d.phi[3] - d.phi[2] },
          { d.rates[1], d.rates[2] - d.rates[1], d.rates[3] - d.rates[2] }
      end,
      mistakes = {
        B = { { value = function(d) return by_hand(triple_c(d), pairs_mJ(d), body_forces(d.m)).B end,
          say = "that is B for absolute angles: here theta2 = phi2 - phi1 and theta3 = phi3 - phi2." } },
      },
      hints = relative_hints },

    ------------------------------------------------------------------ 9.9
    open_chain { number = "9.9", size = 4,
      title = "Problem 9.6 with a relative angle at the pin",
      text = [[
Problem 9.6 again (your data below), with a relative joint coordinate at the pin: theta =
{x1, y1, phi1, phi2 - phi1}. Find B, Bdot theta', the mass matrix, the forces and theta''.

]] .. chain_text,
      build = "the model of Problem 9.6; m:joint_coords{ angles = \"relative\" }",
      data = floating_data(" (absolute)"),
      model = floating_rods,
      bodies = { "rod1", "rod2" }, angles = "relative",
      c_of = function(d) return floating_c(d, true) end, mJ = pairs_mJ, forces = floating_forces,
      state = function(d)
        return { d.r1[1], d.r1[2], d.phi[1], d.phi[2] - d.phi[1] },
          { d.rates[1], d.rates[2], d.rates[3], d.rates[4] - d.rates[3] }
      end,
      mistakes = {
        B = { { value = function(d) return by_hand(floating_c(d), pairs_mJ(d), floating_forces(d)).B end,
          say = "that is B for an absolute angle: here the fourth coordinate is phi2 - phi1." } },
      },
      hints = relative_hints },

    ------------------------------------------------------------------ 9.10
    { number = "9.10",
      title = "A four-bar cut open at A, at B or at Q",
      text = [[
The four-bar of Problem 9.10: O at the origin, Q = {a, 0}; the crank (1) from O to A, the
coupler (2) from A to B, the rocker (3) from Q to B, each body's x axis along it and its
mass centre in the middle. theta = {phi1, phi2, phi3}, absolute angles, for every cut.

Cut the pin at A, at B or at Q in turn; the rest is the tree. For each cut give B(theta),
one row per body coordinate (crank, coupler, rocker). A cut pin's Phi is its first point
minus its second: A on the crank minus A on the coupler, B on the coupler minus B on the
rocker, Q on the rocker minus the ground's Q. Give the cut-joint constraints Phi(theta),
their Jacobian C(theta) = D B and gamma(theta, thetad) = -C' theta' (each once), and say
whether the three cuts give the same ones.]],
      build = "a model of the four-bar; m:joint_coords{ angles = \"absolute\", tree = {...} } per cut; m:pieces",
      data = {
        { name = "L", value = { 0.1, 0.15, 0.12 }, unit = "m", what = "L1, L2, L3", vary = 0.1 },
        { name = "a", value = 0.14, unit = "m", what = "O to Q", vary = 0.1 },
        { name = "crank", value = 60, unit = "deg", what = "the crank's angle in the model", ours = true, vary = { abs = 20, step = 1 } },
      },
      valid = four_bar_ok,
      asks = {
        cut_ask("B_A", "B(theta) when A is cut (9 x 3)", 3),
        cut_ask("B_B", "B(theta) when B is cut", 3),
        cut_ask("B_Q", "B(theta) when Q is cut", 3),
        cut_ask("phi", "Phi(theta) of the cut pin (2)", 3),
        cut_ask("C", "C(theta), 2 x 3", 3),
        cut_ask("gamma", "gamma(theta, thetad) (2)", 3, { "theta", "thetad" }),
        { name = "same", what = "do the three cuts give the same Phi, C, gamma? true or false", unit = "", kind = "choice" },
      },
      answers = function(d)
        local m = four_bar(d)
        local side = {}
        for cut, tree in pairs(four_bar_trees) do side[cut] = joint_side(m, { angles = "absolute", tree = tree }, four_bar_bodies) end
        local same = true
        for _, t in ipairs { { 0.3, -0.4, 1.1 }, { 2.0, 0.2, -1.7 } } do
          local w = { 0.5, -1.5, 2 }
          for _, cut in ipairs { "B", "Q" } do
            local a, b = side.A.gamma(t, w), side[cut].gamma(t, w)
            local p, q = side.A.phi(t), side[cut].phi(t)
            for i = 1, 2 do same = same and math.abs(a[i] - b[i]) < 1e-12 and math.abs(p[i] - q[i]) < 1e-12 end
          end
        end
        return { B_A = side.A.B, B_B = side.B.B, B_Q = side.Q.B, phi = side.A.phi, C = side.A.C, gamma = side.A.gamma,
          same = same }
      end,
      verify = function(d)
        -- each tree's c(theta) by hand, differentiated; the loop by hand
        local a, L = { d.a, 0 }, d.L
        local function c_of(cut)
          return function(t)
            local u1, u2, u3 = vec.unit(t[1]), vec.unit(t[2]), vec.unit(t[3])
            local A = vec.scale(L[1], u1)
            local c1 = vec.scale(0.5 * L[1], u1)
            local c2, c3
            if cut == "A" then
              local B = vec.add(a, vec.scale(L[3], u3))
              c3, c2 = vec.add(a, vec.scale(0.5 * L[3], u3)), vec.sub(B, vec.scale(0.5 * L[2], u2))
            elseif cut == "B" then
              c2, c3 = vec.add(A, vec.scale(0.5 * L[2], u2)), vec.add(a, vec.scale(0.5 * L[3], u3))
            else
              local B = vec.add(A, vec.scale(L[2], u2))
              c2, c3 = vec.add(A, vec.scale(0.5 * L[2], u2)), vec.sub(B, vec.scale(0.5 * L[3], u3))
            end
            return { c1[1], c1[2], t[1], c2[1], c2[2], t[2], c3[1], c3[2], t[3] }
          end
        end
        return { B_A = function(t) return jacobian(c_of("A"), t) end, B_B = function(t) return jacobian(c_of("B"), t) end,
          B_Q = function(t) return jacobian(c_of("Q"), t) end, phi = function(t) return loop_phi(d, t) end,
          C = function(t) return loop_C(d, t) end, gamma = function(t, w) return loop_gamma(d, t, w) end, same = true }
      end,
      mistakes = {
        gamma = { { value = function(d) return function(t, w)
          local g2 = loop_gamma(d, t, w)
          return { -g2[1], -g2[2] }
        end end, say = "that is C' theta', the other sign: gamma is what is left on the right side, -C' theta'." } },
        same = { { value = false, say = "with absolute angles each cut's Phi is the same loop, L1 u1 + L2 u2 - L3 u3 - {a, 0} = 0." } },
      },
      model = four_bar,
      hints = {
        "Write the cut pin's two points from the ground along each tree, then subtract: the loop L1 u1 + L2 u2 - L3 u3 - {a, 0}.",
        "C = dPhi/dtheta: each column is L ŭ(theta_i) with its sign (Table 9.2); gamma = sum of L u theta'^2 with the same signs.",
        "`m:joint_coords{ angles = \"absolute\", tree = {\"O\", \"B\", \"Q\"} }` is the cut at A; m:pieces{ formulation = \"joint\", ... } has phi.",
      } },

    ------------------------------------------------------------------ 9.11
    { number = "9.11",
      title = "The four-bar's cut joints in relative angles",
      text = [[
Problem 9.10's four-bar (your data below) with relative joint coordinates: each body's
coordinate is its angle minus its parent's in the tree, so theta depends on the cut. Cut at
A: theta = {phi1, phi2 - phi3, phi3} (the coupler hangs from the rocker); at B: {phi1, phi2
- phi1, phi3}; at Q: {phi1, phi2 - phi1, phi3 - phi2}. Give C(theta) and gamma(theta,
thetad) for each cut (the pins' Phi as in Problem 9.10).]],
      build = "the four-bar; m:pieces{ formulation = \"joint\", angles = \"relative\", tree = {...}, y = ... }",
      data = {
        { name = "L", value = { 0.1, 0.15, 0.12 }, unit = "m", what = "L1, L2, L3", vary = 0.1 },
        { name = "a", value = 0.14, unit = "m", what = "O to Q", vary = 0.1 },
        { name = "crank", value = 60, unit = "deg", what = "the crank's angle in the model", ours = true, vary = { abs = 20, step = 1 } },
      },
      valid = four_bar_ok,
      asks = {
        cut_ask("C_A", "C(theta), A cut (2 x 3)", 3), cut_ask("gamma_A", "gamma(theta, thetad), A cut", 3, { "theta", "thetad" }),
        cut_ask("C_B", "C(theta), B cut", 3), cut_ask("gamma_B", "gamma(theta, thetad), B cut", 3, { "theta", "thetad" }),
        cut_ask("C_Q", "C(theta), Q cut", 3), cut_ask("gamma_Q", "gamma(theta, thetad), Q cut", 3, { "theta", "thetad" }),
      },
      answers = function(d)
        local m = four_bar(d)
        local out = {}
        for cut, tree in pairs(four_bar_trees) do
          local side = joint_side(m, { angles = "relative", tree = tree }, four_bar_bodies)
          out["C_" .. cut], out["gamma_" .. cut] = side.C, side.gamma
        end
        return out
      end,
      verify = function(d)
        -- the absolute loop by hand, through phi(theta): C = C_abs T, and
        -- gamma alike with the absolute rates T theta'
        local out = {}
        for cut, rel in pairs(four_bar_relative) do
          local to_abs, T = rel[1], rel[2]
          out["C_" .. cut] = function(t) return product(loop_C(d, to_abs(t)), T) end
          out["gamma_" .. cut] = function(t, w) return loop_gamma(d, to_abs(t), times(T, w)) end
        end
        return out
      end,
      mistakes = {
        C_Q = { { value = function(d) return function(t) return loop_C(d, t) end end,
          say = "that is C for absolute angles: with relative ones each column gathers the links downstream of its joint." } },
      },
      model = four_bar,
      hints = {
        "Write each absolute angle as a sum of relative ones along the tree; then the loop of Problem 9.10 holds as before.",
        "By the chain rule C_rel = C_abs T, with T = dphi/dtheta (ones and zeros); gamma keeps its form in the absolute rates T theta'.",
        "m:pieces{ formulation = \"joint\", angles = \"relative\", tree = {\"O\", \"A\", \"B\"}, y = {theta..., thetad...} }.D is C for the cut at Q.",
      } },

    ------------------------------------------------------------------ 9.12
    { number = "9.12",
      title = "A slider-crank with four choices of cut joint",
      text = [[
The slider-crank of Problem 9.12: O at the origin, the crank (1) from O to A, the rod (2)
from A to B, the block (3) centred at B on the x axis; absolute angles, s the block's x.
Four models, each with its own tree:

  (a) cut the pin A: theta = {phi1, phi2, s};
      Phi = A on the crank - A on the rod.
  (b) cut the slide: theta = {phi1, phi2, phi3};
      Phi = {B's height, sin phi3} (Eq. 7.19: across the guide, the tilt).
  (c) the rod as a rev-rev link A-B (no rod body): theta = {phi1, s};
      Phi = (d'd - L2^2) / (2 L2), d = A - B.
  (d) B in a slot along the x axis (rev-tran, no block): theta = {phi1, phi2};
      Phi = the turned x axis times (O - B).

For each give C(theta) and gamma(theta, thetad).]],
      build = "four models; m:pieces{ formulation = \"joint\", angles = \"absolute\", tree = {...}, y = ... }",
      data = {
        { name = "L", value = { 0.1, 0.2 }, unit = "m", what = "L1, L2", vary = 0.15 },
        { name = "crank", value = 40, unit = "deg", what = "the crank's angle in the models", ours = true, vary = { abs = 20, step = 1 } },
      },
      asks = {
        cut_ask("C_a", "(a) C(theta), 2 x 3", 3), cut_ask("gamma_a", "(a) gamma(theta, thetad)", 3, { "theta", "thetad" }),
        cut_ask("C_b", "(b) C(theta), 2 x 3", 3), cut_ask("gamma_b", "(b) gamma(theta, thetad)", 3, { "theta", "thetad" }),
        cut_ask("C_c", "(c) C(theta), 1 x 2", 2), cut_ask("gamma_c", "(c) gamma(theta, thetad)", 2, { "theta", "thetad" }),
        cut_ask("C_d", "(d) C(theta), 1 x 2", 2), cut_ask("gamma_d", "(d) gamma(theta, thetad)", 2, { "theta", "thetad" }),
      },
      answers = function(d)
        local out = {}
        for kind, tree in pairs(slider_crank_trees) do
          local side = joint_side(slider_crank(d, kind), { angles = "absolute", tree = tree }, slider_crank_bodies[kind])
          out["C_" .. kind], out["gamma_" .. kind] = side.C, side.gamma
        end
        return out
      end,
      verify = function(d)
        local out = {}
        for kind, hand in pairs(slider_crank_hand) do
          local h = hand(d)
          out["C_" .. kind], out["gamma_" .. kind] = h.C, h.gamma
        end
        return out
      end,
      mistakes = {
        C_c = { { value = function(d) return function(t)
          local row = slider_crank_hand.c(d).C(t)[1]
          return { { row[1] * 2 * d.L[2], row[2] * 2 * d.L[2] } }
        end end, say = "that is the Jacobian of d'd - L2^2: this Phi is divided by 2 L2, so that its lambda is the link's force." } },
        C_b = { { value = function(d) return function(t)
          local C = slider_crank_hand.b(d).C(t)
          return { C[1], { 0, 0, 1 } }
        end end, say = "the tilt's row {0, 0, 1} is Eq. 7.21's, exact only on the joint (phi3 = 0): here C is wanted at any "
          .. "theta, and the derivative of sin phi3 is cos phi3." } },
        gamma_b = { { value = function(d) return function(t, w)
          return { slider_crank_hand.b(d).gamma(t, w)[1], 0 }
        end end, say = "the tilt's gamma is 0 only on the joint: from sin phi3 it is sin(phi3) phi3'^2." } },
      },
      model = function(d) return slider_crank(d, "a") end,
      hints = {
        "Each tree puts the cut joint's two points at the end of two paths from the ground: Phi compares them.",
        "C = dPhi/dtheta; gamma = -(dC/dt) theta', the terms in theta'^2 and theta'_i theta'_j, with theta'' = 0.",
        "m:pieces{ formulation = \"joint\", angles = \"absolute\", tree = {\"O\", \"slide\", \"B\"}, y = ... }: its D is C, its gamma gamma, for (a).",
      } },

    ------------------------------------------------------------------ 9.13
    { number = "9.13",
      title = "A six-bar with two cut joints",
      text = [[
Problem 9.13's six-bar (the book's figure; ours: the four-bar O-A-B-Q, crank L1 at the
angle theta1, coupler L2, rocker L3, ground O Q = L0 along x; and a dyad on the rocker's end B:
link 4 (L4) from B to C and link 5 (L5) from the ground point R to C, upper branches).
Bodies 1 to 5: crank, coupler, rocker, link 4, link 5, each x axis from its first named end.
Cut the pins B (coupler minus rocker) and C (link 4 minus link 5): theta = {phi1, ..., phi5},
absolute angles. First place the mechanism: solve the cut joints' Phi = 0 for phi2 ... phi5
at phi1 = theta by Newton-Raphson from the estimates below (Sec. 9.3.4). Then give Phi(theta),
C(theta) and gamma(theta, thetad).]],
      build = "a model of the five bodies at the estimates; m:pieces{ formulation = \"joint\", ... }; mb.newton",
      data = {
        { name = "L0", value = 2.0, unit = "m", what = "O to Q", vary = 0.05 },
        { name = "L", value = { 1.0, 1.5, 1.2, 1.0, 2.0 }, unit = "m", what = "L1 ... L5", vary = 0.05 },
        { name = "theta1", value = 30, unit = "deg", what = "the crank's angle", vary = { abs = 10, step = 1 } },
        { name = "R", value = { 3.8, 0.6 }, unit = "m", what = "link 5's ground pin", ours = true },
        { name = "guess", value = { 30, 80, 70, 130 }, unit = "deg", what = "estimates of phi2 ... phi5", ours = true },
      },
      valid = function(d)
        local want = six_bar_angles(d, d.theta1)
        if not want then return false end
        for k = 2, 5 do
          local diff = math.abs((want[k] - d.guess[k - 1] + math.pi) % (2 * math.pi) - math.pi)
          if diff > math.rad(30) then return false end
        end
        return true
      end,
      asks = {
        { name = "angles", what = "{phi2, phi3, phi4, phi5} placed, each in (-180, 180]", unit = "deg" },
        cut_ask("phi", "Phi(theta) of the cut pins B and C (4)", 5),
        cut_ask("C", "C(theta), 4 x 5", 5),
        cut_ask("gamma", "gamma(theta, thetad) (4)", 5, { "theta", "thetad" }),
      },
      answers = function(d)
        local side = joint_side(six_bar(d), { angles = "absolute", tree = six_bar_tree }, six_bar_bodies)
        local x = mb.newton(function(q)
          local t = { d.theta1, q[1], q[2], q[3], q[4] }
          local C = side.C(t)
          local D = {}
          for i = 1, 4 do D[i] = { C[i][2], C[i][3], C[i][4], C[i][5] } end
          return side.phi(t), mb.mat(D)
        end, copy(d.guess), { tol = 1e-12, max_iterations = 30 })
        local angles = {}
        for k = 1, 4 do angles[k] = math.deg(math.atan(math.sin(x[k]), math.cos(x[k]))) end
        return { angles = angles, phi = side.phi, C = side.C, gamma = side.gamma }
      end,
      verify = function(d)
        local hand = six_bar_hand(d)
        local a = six_bar_angles(d, d.theta1)
        return { angles = { math.deg(a[2]), math.deg(a[3]), math.deg(a[4]), math.deg(a[5]) }, phi = hand.phi, C = hand.C,
          gamma = hand.gamma }
      end,
      mistakes = {
        angles = { { value = function(d)
          local out = {}
          for k = 1, 4 do out[k] = math.deg(d.guess[k]) end
          return out
        end, say = "those are the estimates: Newton-Raphson moves them until Phi = 0." } },
      },
      model = six_bar,
      hints = {
        "Two cut pins, two rows each: 5 coordinates less 4 rows leaves the crank's 1 degree of freedom.",
        "Phi_B = (L1 u1 + L2 u2) - (Q + L3 u3); Phi_C = (Q + L3 u3 + L4 u4) - (R + L5 u5); C's columns are the turned u's.",
        "mb.newton(function(q) ... return phi, D end, guess) with D the columns 2 to 5 of C at theta = {theta1, q...}.",
      } },

    ------------------------------------------------------------------ 9.14
    driven_six_bar { number = "9.14", example = "six_bar_quick_return", start = 90, swing = 60,
      title = "The six-bar quick-return in joint coordinates",
      what = "The six-bar quick-return of Sec. 15.3 (examples/six_bar_quick_return.lua: its dimensions are ours, the book's are in its figure)",
      cuts = "the slot and the pin D" },

    ------------------------------------------------------------------ 9.15
    driven_six_bar { number = "9.15", example = "six_bar_dwell", start = 180, swing = 40,
      title = "The six-bar dwell mechanism in joint coordinates",
      what = "The six-bar dwell mechanism of Sec. 15.4 (examples/six_bar_dwell.lua, our design for the book's figure)",
      cuts = "the pins B and P" },

    ------------------------------------------------------------------ 9.16
    whole_problem { number = "9.16",
      title = "The double A-arm suspension in joint coordinates",
      text = [[
The double A-arm of Sec. 15.6 and Fig. 8.1 (examples/aa.lua, App. B's data; the masses
below), at Ex. 8.1's start put on its joints (m:correct()). One loop: the program's tree
cuts the pin B. Give the number of joint coordinates and of cut-joint rows, and at the
start the mass matrix, the forces, C and theta''.

]] .. whole_text,
      build = "mb.example(\"aa\"), its masses set; m:correct(); m:joint_coords{ angles = \"absolute\" }",
      data = {
        { name = "m", value = { 2, 30, 1 }, unit = "kg", what = "lower arm, wheel, upper arm", vary = 0.3 },
        { name = "J", value = { 0.5, 2.5, 0.5 }, unit = "kg m^2", what = "their inertias", vary = 0.3 },
      },
      model = function(d) return with_masses(mb.example("aa"), { "lower arm", "wheel", "upper arm" }, d) end,
      opts = { angles = "absolute" }, asks = { "n", "rows", "M", "h", "C", "acc" },
      hints = whole_hints },

    ------------------------------------------------------------------ 9.17
    { number = "9.17",
      title = "The MacPherson strut with three bodies and with two",
      text = [[
The MacPherson suspension of Sec. 15.7 in joint coordinates, as MP_A (three bodies: knuckle,
lower arm, strut rod, with a slide in the strut; Fig. 8.5) and as MP_B (two bodies: the strut
rod folded into a rev-tran joint; Fig. 8.7): examples/macpherson.lua, models "A" and "B",
with the masses below, each start put on its joints. For each give the number of joint
coordinates and of cut-joint rows. Which joint is the best cut in MP_B (name it as the
model does), and what are MP_B's theta'' at the start (absolute angles, the program's
order)?]],
      build = "mb.example(\"macpherson\", \"A\") and \"B\"; m:correct(); m:joint_coords{ angles = \"absolute\" }",
      data = {
        { name = "m", value = { 20, 2, 0.5 }, unit = "kg", what = "knuckle, lower arm, strut rod", vary = 0.3 },
        { name = "J", value = { 2.5, 0.5, 0.2 }, unit = "kg m^2", what = "their inertias", vary = 0.3 },
      },
      asks = {
        { name = "n_A", what = "MP_A: joint coordinates", unit = "" },
        { name = "rows_A", what = "MP_A: cut-joint rows", unit = "" },
        { name = "n_B", what = "MP_B: joint coordinates", unit = "" },
        { name = "rows_B", what = "MP_B: cut-joint rows", unit = "" },
        { name = "cut_B", what = "MP_B's best cut joint: \"A\", \"Q\" or \"strut\"", unit = "", kind = "choice",
          choices = { "A", "Q", "strut" } },
        { name = "acc_B", what = "MP_B: theta'' at the start", unit = "rad/s^2" },
      },
      answers = function(d)
        local a = whole(with_masses(mb.example("macpherson", "A"), { "knuckle", "lower arm", "strut rod" }, d), { angles = "absolute" })
        local mb_ = with_masses(mb.example("macpherson", "B"), { "knuckle", "lower arm" }, d)
        local b = whole(mb_, { angles = "absolute" })
        return { n_A = a.n, rows_A = a.rows, n_B = b.n, rows_B = b.rows, cut_B = mb_:joint_coords{}.cut[1], acc_B = b.acc }
      end,
      verify = function(d)
        -- the counts and theta'' from body coordinates; the best cut by the
        -- rows each choice leaves: a rev-tran joint cannot be in the tree, so
        -- cutting a pin leaves it cut as well
        local ma = with_masses(mb.example("macpherson", "A"), { "knuckle", "lower arm", "strut rod" }, d)
        local mb_ = with_masses(mb.example("macpherson", "B"), { "knuckle", "lower arm" }, d)
        local a, b = whole_again(ma, whole(ma, { angles = "absolute" })), whole_again(mb_, whole(mb_, { angles = "absolute" }))
        local rows = { A = 2, Q = 2, strut = 1 } -- a pin's rows, the rev-tran's
        local best, fewest = nil, math.huge
        for _, cut in ipairs { "A", "Q", "strut" } do
          local n = rows[cut] + (cut ~= "strut" and rows.strut or 0)
          if n < fewest then best, fewest = cut, n end
        end
        return { n_A = a.n, rows_A = a.rows, n_B = b.n, rows_B = b.rows, cut_B = best, acc_B = b.acc }
      end,
      mistakes = {
        cut_B = { { value = "A", say = "a rev-tran joint cannot be a tree joint: cut the pin A and the strut must be cut too, three rows." },
          { value = "Q", say = "a rev-tran joint cannot be a tree joint: cut the pin Q and the strut must be cut too, three rows." } },
        rows_B = { { value = 2, say = "that is a pin's two rows: the rev-tran joint, cut, keeps one." } },
      },
      model = function(d) return with_masses(mb.example("macpherson", "B"), { "knuckle", "lower arm" }, d) end,
      hints = {
        "A tree is made of pins and sliders only; composite joints (rev-rev, rev-tran) can only be cut (Sec. 9.1.1).",
        "MP_A: three pins and a slider in one loop; MP_B: two pins and a rev-tran in one loop.",
        "`m:joint_coords()` prints the tree and the cut joints of each model.",
      } },

    ------------------------------------------------------------------ 9.18
    half_car_problem { number = "9.18", suspension = "AA",
      title = "The half-car with double A-arms, a floating chassis",
      text = [[
The half-car of Sec. 15.8 with double A-arm suspensions (examples/half_car.lua, suspension
"AA": the chassis is ours, below), at rest on a flat road. The chassis has no joint to the
ground: it needs a floating joint (x, y, angle). Give the number of joint coordinates and of
cut-joint rows (the program's tree), the mass matrix's entries for the chassis's x and
angle, M(1,1) and M(3,3), with relative angles, and C at the start (absolute angles, the
program's order).]],
      build = "mb.example(\"half_car\", 1, 0, \"left\", \"AA\"), the chassis set; m:joint_coords",
      data = {
        { name = "chassis", value = { 680, 300 }, unit = "kg, kg m^2", what = "the chassis's mass and inertia", ours = true, vary = 0.2 },
      } },

    ------------------------------------------------------------------ 9.19
    half_car_problem { number = "9.19", suspension = "MP",
      title = "The half-car with MacPherson struts",
      text = [[
The half-car of Sec. 15.8 with MacPherson suspensions (examples/half_car.lua, suspension
"MP": model MP_A on each side; the chassis is ours, below), at rest on a flat road, its
chassis on a floating joint. Give the number of joint coordinates and of cut-joint rows
(the program's tree), M(1,1) and M(3,3) with relative angles, and C at the start (absolute
angles, the program's order).]],
      build = "mb.example(\"half_car\", 1, 0, \"left\", \"MP\"), the chassis set; m:joint_coords",
      data = {
        { name = "chassis", value = { 600, 250 }, unit = "kg, kg m^2", what = "the chassis's mass and inertia", ours = true, vary = 0.2 },
      } },

    ------------------------------------------------------------------ 9.20
    { number = "9.20",
      title = "A rolling disc: its rotation or its travel as the coordinate",
      text = [[
A disc of radius R rolls without slip on the x axis, pushed at its centre by a horizontal
force f (our data). Derive the recursive formulas with one joint coordinate, first the
disc's angle phi, then its centre's x: c' = B theta'. Give each B (a list of 3), each 1 x 1
mass matrix B'MB, and each theta'' (phi'' and x''). In mechbench the disc joint is cut from a
floating disc (m:joint_coords(): three coordinates, two rows): B for one coordinate spans
the null space of C.]],
      build = "a model of the disc with a disc joint; m:joint_coords; by hand",
      data = {
        { name = "R", value = 0.1, unit = "m", what = "the radius", ours = true, vary = 0.3 },
        { name = "m", value = 2, unit = "kg", what = "the mass", ours = true, vary = 0.3 },
        { name = "J", value = 0.01, unit = "kg m^2", what = "the inertia", ours = true, vary = 0.3 },
        { name = "f", value = 5, unit = "N", what = "the push", ours = true, vary = 0.5 },
      },
      asks = {
        { name = "B_phi", what = "B with theta = phi: {x', y', phi'} per unit phi'", unit = "m, -, -" },
        { name = "B_x", what = "B with theta = x", unit = "-, -, 1/m" },
        { name = "M_phi", what = "B'MB with theta = phi", unit = "kg m^2" },
        { name = "M_x", what = "B'MB with theta = x", unit = "kg" },
        { name = "acc_phi", what = "phi''", unit = "rad/s^2" },
        { name = "acc_x", what = "x''", unit = "m/s^2" },
      },
      answers = function(d)
        -- the floating disc's C has two rows: B for one coordinate is the
        -- null vector of C, scaled to 1 in that coordinate; then Eqs. 9.23-9.24
        local j = whole(rolling_disc(d), { angles = "absolute" })
        local c1, c2 = j.C[1], j.C[2]
        local null = { c1[2] * c2[3] - c1[3] * c2[2], c1[3] * c2[1] - c1[1] * c2[3], c1[1] * c2[2] - c1[2] * c2[1] }
        local function reduced(k)
          local v = times(j.B, { null[1] / null[k], null[2] / null[k], null[3] / null[k] })
          local Mv = times(j.M, v)
          local M = v[1] * Mv[1] + v[2] * Mv[2] + v[3] * Mv[3]
          return v, M, (v[1] * j.h[1] + v[2] * j.h[2] + v[3] * j.h[3]) / M
        end
        local Bp, Mp, ap = reduced(3)
        local Bx, Mx, ax = reduced(1)
        return { B_phi = Bp, B_x = Bx, M_phi = Mp, M_x = Mx, acc_phi = ap, acc_x = ax }
      end,
      verify = function(d)
        -- by hand: x = -R phi; the accelerations from body coordinates
        local p = rolling_disc(d):pieces { formulation = "body" }
        return { B_phi = { -d.R, 0, 1 }, B_x = { 1, 0, -1 / d.R }, M_phi = d.m * d.R ^ 2 + d.J, M_x = d.m + d.J / d.R ^ 2,
          acc_phi = p.acc[3], acc_x = p.acc[1] }
      end,
      mistakes = {
        B_phi = { { value = function(d) return { d.R, 0, 1 } end,
          say = "a disc turning counter-clockwise rolls to the left: x' = -R phi'." } },
        M_x = { { value = function(d) return d.m end, say = "the disc also spins as it rolls: add J / R^2." } },
        acc_x = { { value = function(d) return d.f / d.m end,
          say = "f / m ignores the spin: rolling, the push also turns the disc, x'' = f / (m + J / R^2)." } },
      },
      model = rolling_disc,
      hints = {
        "Rolling without slip: x = x0 - R phi and y = R, so one coordinate places the disc.",
        "B is dc/dtheta: {-R, 0, 1} for theta = phi. B'MB = m R^2 + J; the push's share is B'{f, -mg, 0}.",
        "In mechbench: `s = p:model():joint_coords()`; the null vector of s.C (two rows) is B for one coordinate.",
      } },

    ------------------------------------------------------------------ 9.21
    { number = "9.21",
      title = "The cart on rolling discs in joint coordinates",
      text = [[
The cart of Sec. 8.1.3 (examples/cart.lua, model C: the motor gives 20 N m at rest; our
masses below, as the example's are ours) starts at rest. In mechbench the disc joints are
cut: the chassis floats, the wheels hang from it on pins. Give the number of joint
coordinates and of cut-joint rows, theta'' at the start (absolute angles, the program's
order), and the chassis's x''. Say also how the book's own tree would run (written part).]],
      build = "mb.example(\"cart\", \"C\"), its masses set; m:joint_coords{ angles = \"absolute\" }",
      data = {
        { name = "chassis", value = { 20, 2 }, unit = "kg, kg m^2", what = "the chassis's mass and inertia", ours = true, vary = 0.3 },
        { name = "wheel", value = { 2, 0.01 }, unit = "kg, kg m^2", what = "each wheel's mass and inertia", ours = true, vary = 0.3 },
      },
      asks = {
        whole_asks.n, whole_asks.rows, whole_asks.acc,
        { name = "xdd", what = "the chassis's x''", unit = "m/s^2" },
      },
      answers = function(d)
        local m = cart(d)
        local j = whole(m, { angles = "absolute" })
        local c = times(j.B, j.acc)
        return { n = j.n, rows = j.rows, acc = j.acc, xdd = c[1] + j.Bdtd[1] }
      end,
      verify = function(d)
        -- body coordinates for the counts and theta''; by hand, the motor's
        -- torque T turns into a push T / R on the whole cart, which rolls
        local m = cart(d)
        local again = whole_again(m, whole(m, { angles = "absolute" }))
        local R = 0.1
        return { n = again.n, rows = again.rows, acc = again.acc,
          xdd = (20 / R) / (d.chassis[1] + 2 * d.wheel[1] + 2 * d.wheel[2] / R ^ 2) }
      end,
      mistakes = {
        xdd = { { value = function(d) return (20 / 0.1) / (d.chassis[1] + 2 * d.wheel[1]) end,
          say = "the wheels spin up as the cart speeds up: their inertias J / R^2 add to the mass." } },
      },
      written = [[
The book's tree runs through the rolling: the rear wheel hangs from the ground by its
rolling joint (one coordinate, its angle, with x = x0 - R phi as in Problem 9.20), the
chassis from the rear wheel by the rear axle's pin, the front wheel from the chassis by its
pin: three coordinates. The front wheel's rolling joint is cut: two rows (its height and
no slip), leaving one degree of freedom. mechbench cannot put a disc joint in its tree, so
it floats the chassis instead: five coordinates and both disc joints cut, four rows.]],
      model = cart,
      hints = {
        "A floating chassis has three coordinates, each wheel on a pin one more; each cut disc joint keeps two rows.",
        "`s = m:joint_coords{ angles = \"absolute\" }`: s.acc is theta''; the chassis's x'' is the first row of B theta'' + Bdot theta'.",
        "Check x'' by hand: the torque T drives the cart with T / R, against m_total + the wheels' J / R^2.",
      } },

    ------------------------------------------------------------------ 9.22
    open_chain { number = "9.22", size = 3,
      title = "A robot: two pins and a slide, each with an actuator",
      text = [[
The robot of Problem 9.22 (ours: link 1 pinned to the ground at O, link 2 pinned to link 1's
far end, link 3 sliding along link 2; a motor torque T1 on link 1 from the ground, T2 on link
2 from link 1, and a ram pushing link 3 out along link 2 with F3). Gravity acts. theta =
{phi1, phi2, s}: absolute angles and link 3's centre's distance from link 2's near end. Find
B, Bdot theta', the mass matrix, the forces and theta''.

]] .. chain_text,
      build = "a model of the three links and the actuators; m:joint_coords{ angles = \"absolute\" }",
      data = {
        { name = "L", value = { 0.5, 0.6 }, unit = "m", what = "L1, L2", ours = true, vary = 0.2 },
        { name = "m", value = { 2, 1.5, 0.5 }, unit = "kg", what = "m1, m2, m3", ours = true, vary = 0.3 },
        { name = "J", value = { 0.05, 0.05, 0.01 }, unit = "kg m^2", what = "J1, J2, J3", ours = true, vary = 0.3 },
        { name = "T", value = { 5, 2 }, unit = "N m", what = "T1, T2", ours = true, vary = 0.5 },
        { name = "F3", value = 3, unit = "N", what = "the ram's push", ours = true, vary = 0.5 },
        { name = "phi", value = { 60, 20 }, unit = "deg", what = "phi1, phi2", ours = true, vary = { abs = 20, step = 1 } },
        { name = "s", value = 0.3, unit = "m", what = "link 3's place", ours = true, vary = 0.3 },
        { name = "rates", value = { 0.2, -0.4, 0.1 }, unit = "rad/s, m/s", what = "phi1', phi2', s'", ours = true, vary = 0.5 },
      },
      model = robot,
      bodies = { "link1", "link2", "link3" }, angles = "absolute", ranges = { nil, nil, { 0.1, 0.5 } },
      c_of = robot_c, mJ = pairs_mJ, forces = robot_forces,
      state = function(d) return { d.phi[1], d.phi[2], d.s }, copy(d.rates) end,
      mistakes = {
        h = { { value = function(d)
          return by_hand(robot_c(d), pairs_mJ(d), body_forces(d.m, { { k = 0, L0 = 0, fa = -d.F3, i = 2, si = { -d.L[2] / 2, 0 },
            j = 3, sj = { 0, 0 } } }, { { 1, d.T[1] }, { 2, d.T[2] } })).h
        end, say = "T2 acts on both links: +T2 on link 2 and -T2 on link 1, its reaction." } },
      },
      hints = {
        "c3 = L1 u1 + s u2, phi3 = phi2: the slide's column of B is {0, 0, 0, 0, 0, 0, u2, 0}.",
        "The motors' torques and the ram's push enter h as they act on the bodies; B' turns them into each coordinate's force.",
        open_hints[3],
      } },
  },
}
