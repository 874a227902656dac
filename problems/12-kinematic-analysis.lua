-- SPDX-License-Identifier: GPL-3.0-or-later
-- The problems of Chapter 12 (Sec. 12.3): Newton-Raphson, kinematic analysis
-- with the coordinate-partitioning (CP) and appended-constraint (AC)
-- arrangements, the book's four-bar programs kap and idap revised, and
-- inverse dynamics. Answers come from mb.newton, m:pieces, m:kinematics and
-- m:inverse_dynamics (the chapter's methods); verify works each again: a
-- closed form (Viete's cubic, circles meeting, a crank's dead centres), a
-- Newton loop written out, the vector loops of Ch. 5 (formulation =
-- "vector", a second formulation), and the power balance of Algorithm ID2
-- for the torques (ID1 is the multipliers). Where the book's figure holds a
-- mechanism's dimensions, ours are on the sheet, starred.
local vec = mb.vec
local tau = 2 * math.pi
local g = 9.81

------------------------------------------------------------------ helpers

local function copy(list)
  local out = {}
  for i, x in ipairs(list) do out[i] = x end
  return out
end

-- The times where the sampled y crosses zero, by linear interpolation;
-- dir = 1 rising only, -1 falling only, nil both.
local function crossings(t, y, dir)
  local out = {}
  for i = 2, #t do
    local a, b = y[i - 1], y[i]
    if (a < 0 and b >= 0 and dir ~= -1) or (a > 0 and b <= 0 and dir ~= 1) then
      out[#out + 1] = t[i - 1] + (t[i] - t[i - 1]) * a / (a - b)
    end
  end
  return out
end

-- The largest (sign = 1) or smallest (sign = -1) of a sampled y, refined
-- by the parabola through the best sample and its neighbours; and where.
local function extreme(t, y, sign)
  sign = sign or 1
  local best = 1
  for i = 2, #y do if sign * y[i] > sign * y[best] then best = i end end
  if best == 1 or best == #y then return y[best], t[best] end
  local a, b, c = y[best - 1], y[best], y[best + 1]
  local h = t[best + 1] - t[best]
  local den = a - 2 * b + c
  if den == 0 then return b, t[best] end
  local s = 0.5 * (a - c) / den
  return b - 0.25 * (a - c) * s, t[best] + s * h
end

-- The sampled value of largest magnitude, refined as extreme does, with its sign.
local function largest_magnitude(t, y)
  local hi, lo = extreme(t, y, 1), extreme(t, y, -1)
  return math.abs(hi) >= math.abs(lo) and hi or lo
end

-- The same on a function of one variable over [lo, hi]: a grid of n, then
-- golden-section search around the best grid point.
local function extreme_of(f, lo, hi, n, sign)
  sign = sign or 1
  local best, bx = -math.huge, lo
  for k = 0, n do
    local x = lo + (hi - lo) * k / n
    local v = sign * f(x)
    if v > best then best, bx = v, x end
  end
  local a, b = bx - (hi - lo) / n, bx + (hi - lo) / n
  local r = (math.sqrt(5) - 1) / 2
  for _ = 1, 80 do
    local c, e = b - r * (b - a), a + r * (b - a)
    if sign * f(c) > sign * f(e) then b = e else a = c end
  end
  local x = (a + b) / 2
  return f(x), x
end

-- A root of f between a and b (f(a), f(b) of opposite signs), by bisection.
local function bisect(f, a, b)
  local fa = f(a)
  for _ = 1, 200 do
    local m = (a + b) / 2
    local fm = f(m)
    if (fm < 0) == (fa < 0) then a, fa = m, fm else b = m end
    if b - a < 1e-14 * math.max(1, math.abs(a)) then break end
  end
  return (a + b) / 2
end

-- Where two circles meet (by_hand.circles_meet).
local meet = require("mechbench.by_hand").circles_meet

-- An angle difference a - b brought into (-pi, pi].
local function wrap(a) return a - tau * math.floor((a + math.pi) / tau) end

-- Solve the 2 x 2 system [a b; c d] x = {e, f} by Cramer's rule.
local function solve2(a, b, c, d, e, f)
  local det = a * d - b * c
  return (e * d - b * f) / det, (a * f - e * c) / det
end

------------------------------------------------------------------ the four-bar

-- The four-bar of the book's kap/idap (Sec. 12.1.3), built by the program
-- of examples/four_bar_program.lua from d: RQ, L = {L1, L2, L3}, theta1
-- (rad), omega1, and optionally LP, beta (deg), m, J, LG, gamma (deg), g,
-- guesses th2, th3 (rad).
local function four_bar(d)
  return mb.example("four_bar_program", {
    name = d.name or "four-bar", RQ = d.RQ, L = d.L, LP = d.LP or { 0, 0, 0 }, beta = d.beta or { 0, 0, 0 },
    theta = { math.deg(d.theta1), math.deg(d.th2 or 1), math.deg(d.th3 or 1) }, omega1 = d.omega1,
    m = d.m or { 1, 1, 1 }, J = d.J or { 1, 1, 1 }, LG = d.LG or { 0, 0, 0 }, gamma = d.gamma or { 0, 0, 0 },
    g = d.g or 0 })
end

-- The four-bar by hand at crank angle th1 (rate w1, acceleration a1):
-- theta2, theta3 where the circles meet (side as meet), and the rates and
-- accelerations from the loop's derivatives (the 2 x 2 systems of Ex. 12.2).
local function four_bar_by_hand(d, th1, w1, a1, side)
  local L1, L2, L3 = d.L[1], d.L[2], d.L[3]
  local A = { L1 * math.cos(th1), L1 * math.sin(th1) }
  local B = meet(A, d.RQ, L2, L3, side)
  local th2, th3 = vec.angle(vec.sub(B, A)), vec.angle(vec.sub(B, d.RQ))
  local s1, c1, s2, c2, s3, c3 = math.sin(th1), math.cos(th1), math.sin(th2), math.cos(th2), math.sin(th3), math.cos(th3)
  local w2, w3 = solve2(-L2 * s2, L3 * s3, L2 * c2, -L3 * c3, L1 * s1 * w1, -L1 * c1 * w1)
  a1 = a1 or 0
  local a2, a3 = solve2(-L2 * s2, L3 * s3, L2 * c2, -L3 * c3,
    L1 * c1 * w1 ^ 2 + L1 * s1 * a1 + L2 * c2 * w2 ^ 2 - L3 * c3 * w3 ^ 2,
    L1 * s1 * w1 ^ 2 - L1 * c1 * a1 + L2 * s2 * w2 ^ 2 - L3 * s3 * w3 ^ 2)
  return { th2 = th2, th3 = th3, w2 = w2, w3 = w3, a2 = a2, a3 = a3, A = A, B = B,
    Ad = { -L1 * s1 * w1, L1 * c1 * w1 } }
end

-- A point on link 2 (from A) or link 3 (from Q) at distance LP and angle
-- beta (rad) from the link, and its velocity, by hand.
local function four_bar_point(d, h, link, LP, beta, w1)
  local base = link == 2 and h.A or d.RQ
  local th, w = link == 2 and h.th2 or h.th3, link == 2 and h.w2 or h.w3
  local u = vec.unit(th + beta)
  local v = vec.scale(LP * w, vec.rot(u))
  if link == 2 then v = vec.add(v, h.Ad) end
  return vec.add(base, vec.scale(LP, u)), v
end

-- Which side of A -> Q the model's start has B on.
local function start_side(d, th2)
  local A = { d.L[1] * math.cos(d.theta1), d.L[1] * math.sin(d.theta1) }
  local B = vec.add(A, vec.scale(d.L[2], vec.unit(th2)))
  return vec.cross(vec.sub(d.RQ, A), vec.sub(B, A)) > 0 and 1 or -1
end

------------------------------------------------------------------ 12.1, 12.2

-- x^3 + b x^2 + c x + e: the value and the slope
local function cubic(d) return function(x) return ((x + d.b) * x + d.c) * x + d.e end end
local function cubic_slope(d) return function(x) return (3 * x + 2 * d.b) * x + d.c end end

-- The three real roots of x^3 + b x^2 + c x + e, ascending, by Viete's
-- trigonometric form (nil when they are not all real).
local function viete(b, c, e)
  local p = c - b * b / 3
  local q = 2 * b ^ 3 / 27 - b * c / 3 + e
  if p >= 0 then return nil end
  local arg = 3 * q / (2 * p) * math.sqrt(-3 / p)
  if math.abs(arg) > 1 then return nil end
  local out = {}
  for k = 0, 2 do
    out[#out + 1] = 2 * math.sqrt(-p / 3) * math.cos(math.acos(arg) / 3 - tau * k / 3) - b / 3
  end
  table.sort(out)
  return out
end

-- Algorithm NR1 written out: the evaluations of f until |f| <= tol.
local function nr1_count(f, df, x, tol)
  local n = 0
  for _ = 1, 100 do
    local v = f(x)
    n = n + 1
    if math.abs(v) <= tol then return n, x end
    x = x - v / df(x)
  end
  return n, x
end

-- Problem 12.2's pair: 2x^2 - xy + y^2 - c1 = 0, 3x^3 - 2y^2 + 2xy + c2 = 0
local function pair(d)
  return function(q)
    local x, y = q[1], q[2]
    return { 2 * x * x - x * y + y * y - d.c1, 3 * x ^ 3 - 2 * y * y + 2 * x * y + d.c2 },
      { { 4 * x - y, 2 * y - x }, { 9 * x * x + 2 * y, 2 * x - 4 * y } }
  end
end

-- Its solutions by elimination: y^2 - xy = c1 - 2x^2 turns the second into
-- 3x^3 + 4x^2 + c2 - 2 c1 = 0, one real root; y from the first.
local function pair_by_hand(d)
  local k = d.c2 - 2 * d.c1
  local f = function(x) return (3 * x + 4) * x * x + k end
  local x = bisect(f, -10, 10)
  local root = math.sqrt(4 * d.c1 - 7 * x * x)
  return { x, (x + root) / 2 }, { x, (x - root) / 2 }
end

local function nrn_count(f, q, tol)
  local n = 0
  q = copy(q)
  for _ = 1, 100 do
    local phi, D = f(q)
    n = n + 1
    if math.sqrt(phi[1] ^ 2 + phi[2] ^ 2) <= tol then return n, q end
    local dx, dy = solve2(D[1][1], D[1][2], D[2][1], D[2][2], -phi[1], -phi[2])
    q[1], q[2] = q[1] + dx, q[2] + dy
  end
  return n, q
end

------------------------------------------------------------------ 12.3, 12.4

-- The four-bar of Problems 12.3 and 12.4 (our pick of the book's figure):
-- O at the origin, Q = (L0, 0), crank L1 at theta (driven at omega), coupler
-- L2, rocker L3, B above the line O-Q.
local function p12_3_model(d, th2, th3)
  return four_bar { RQ = { d.L0, 0 }, L = { d.L1, d.L2, d.L3 }, theta1 = d.theta, omega1 = d.omega,
    th2 = th2 or d.guess and d.guess[1], th3 = th3 or d.guess and d.guess[2] }
end

-- The program's Phi, D and gamma of the AC arrangement (the loop cut at B,
-- absolute angles, and the driver's row) at q = {theta1, theta2, theta3}.
local function ac_pieces(m, q, qd, t)
  -- the joint coordinates are ordered O (theta1), Q (theta3), A (theta2)
  local p = m:pieces { formulation = "joint", tree = { "O", "A", "Q" }, angles = "absolute",
    y = { q[1], q[3], q[2], qd[1], qd[3], qd[2] }, t = t }
  local D = p.D:totable()
  local rows = {}
  for i = 1, 3 do rows[i] = { D[i][1], D[i][3], D[i][2] } end
  return { phi = copy(p.phi), D = rows, gamma = copy(p.gamma) }
end

-- The same written out from Eqs. 12.4-12.6 (the loop L1 u1 + L2 u2 - L3 u3 - L0 u_x)
local function ac_by_hand(d, q, qd, t)
  local L1, L2, L3 = d.L1, d.L2, d.L3
  local c1, s1, c2, s2, c3, s3 = math.cos(q[1]), math.sin(q[1]), math.cos(q[2]), math.sin(q[2]), math.cos(q[3]), math.sin(q[3])
  local w1, w2, w3 = qd[1], qd[2], qd[3]
  return {
    phi = { L1 * c1 + L2 * c2 - L3 * c3 - d.L0, L1 * s1 + L2 * s2 - L3 * s3, q[1] - d.theta - d.omega * t },
    D = { { -L1 * s1, -L2 * s2, L3 * s3 }, { L1 * c1, L2 * c2, -L3 * c3 }, { 1, 0, 0 } },
    gamma = { L1 * c1 * w1 ^ 2 + L2 * c2 * w2 ^ 2 - L3 * c3 * w3 ^ 2, L1 * s1 * w1 ^ 2 + L2 * s2 * w2 ^ 2 - L3 * s3 * w3 ^ 2, 0 },
  }
end

-- The five answers of 12.3 as functions, from pieces(d, q, qd, t) (AC).
local function p12_3_functions(d, pieces)
  local function full(q2, qd2, t) -- CP's unknowns with theta1 from its driver
    return { d.theta + d.omega * t, q2[1], q2[2] }, { d.omega, qd2 and qd2[1] or 0, qd2 and qd2[2] or 0 }
  end
  return {
    phi_ac = function(q, t) return pieces(d, q, { 0, 0, 0 }, t).phi end,
    D_ac = function(q) return pieces(d, q, { 0, 0, 0 }, 0).D end,
    gamma_ac = function(q, qd) return pieces(d, q, qd, 0).gamma end,
    phi_cp = function(q, t)
      local p = pieces(d, full(q, nil, t), { 0, 0, 0 }, t)
      return { p.phi[1], p.phi[2] }
    end,
    D_cp = function(q)
      local p = pieces(d, { d.theta, q[1], q[2] }, { 0, 0, 0 }, 0)
      return { { p.D[1][2], p.D[1][3] }, { p.D[2][2], p.D[2][3] } }
    end,
    gamma_cp = function(q, qd, t)
      local qq, qqd = full(q, qd, t)
      local p = pieces(d, qq, qqd, t)
      return { p.gamma[1], p.gamma[2] }
    end,
  }
end

-- test states: q of n angles in [-pi, pi], qd in [-3, 3], t in [0, 1]
local function angle_probes(n, args)
  return function(rand)
    local out = {}
    for k = 1, 5 do
      local call = {}
      for _, a in ipairs(args) do
        if a == "t" then
          call[#call + 1] = rand()
        else
          local x = {}
          for j = 1, n do x[j] = a == "q" and (2 * rand() - 1) * math.pi or 6 * rand() - 3 end
          call[#call + 1] = x
        end
      end
      out[k] = call
    end
    return out
  end
end

local function fn_ask(name, what, args, n)
  return { name = name, what = what, unit = "", kind = "function", args = args, size = n,
    probes = angle_probes(n, args), tol = 1e-6 }
end

local function four_bar_valid(d)
  -- Grashof with the crank shortest: the crank turns fully
  local all = { d.L0, d.L1, d.L2, d.L3 }
  table.sort(all)
  return all[1] == d.L1 and all[1] + all[4] < all[2] + all[3] - 0.05
end

-- 12.4: the program's answers over one turn of the crank
local function p12_4_run(d, formulation)
  local m = p12_3_model(d)
  local period = tau / d.omega
  return m:kinematics { formulation = formulation, tf = period, dt = period / 12 }
end

------------------------------------------------------------------ 12.5: the quick-return

-- The quick-return of Secs. 5.3.3 and 15.3 with our dimensions d: Q at the
-- origin, the crank's pivot O = (0, a), the guide's line y = a + b; crank
-- L1 turning from theta0 at omega; link 3 (L3) about Q carries the block
-- on the crank pin; link 5 (L5) from link 3's tip B to the slider C, on
-- the right of B. Masses are Table 15.3's, as in examples/quick_return.lua.
local function quick_return(d)
  local a, b, L1, L3, L5 = d.a, d.b, d.L1, d.L3, d.L5
  local th1 = d.theta0 or 0
  local O, R = vec(0, a), vec(0, a + b)
  local A = O + L1 * vec.unit(th1)
  local th3 = vec.angle(A)
  local B = L3 * vec.unit(th3)
  local C = vec(B[1] + math.sqrt(L5 ^ 2 - (R[2] - B[2]) ^ 2), R[2])
  local m = mb.model { name = "quick-return" }
  m:body { name = "crank", mass = 1.0, inertia = 1.0, pos = O + 0.5 * L1 * vec.unit(th1), angle = th1 }
  m:body { name = "block", mass = 0.3, inertia = 0.0003, pos = A, angle = th3 }
  m:body { name = "link3", mass = 0.2, inertia = 0.006, pos = 0.5 * B, angle = th3 }
  m:body { name = "slider", mass = 0.4, inertia = 0.0004, pos = C }
  m:body { name = "link5", mass = 0.1, inertia = 0.003, pos = 0.5 * (B + C), angle = vec.angle(C - B) }
  m:point { name = "O", body = "ground", at = O }
  m:point { name = "Q", body = "ground" }
  m:point { name = "R", body = "ground", at = R }
  m:point { name = "crank.O", body = "crank", at = { -L1 / 2, 0 } }
  m:point { name = "crank.A", body = "crank", at = { L1 / 2, 0 } }
  m:point { name = "block.A", body = "block" }
  m:point { name = "link3.Q", body = "link3", at = { -L3 / 2, 0 } }
  m:point { name = "link3.B", body = "link3", at = { L3 / 2, 0 } }
  m:point { name = "link5.B", body = "link5", at = { -L5 / 2, 0 } }
  m:point { name = "link5.C", body = "link5", at = { L5 / 2, 0 } }
  m:point { name = "slider.C", body = "slider" }
  m:vector { name = "x", body = "ground", dir = { 1, 0 } }
  m:vector { name = "block.u", body = "block", dir = { 1, 0 } }
  m:vector { name = "link3.u", body = "link3", dir = { 1, 0 } }
  m:vector { name = "slider.u", body = "slider", dir = { 1, 0 } }
  m:joint { name = "O", type = "revolute", points = { "crank.O", "O" } }
  m:joint { name = "A", type = "revolute", points = { "block.A", "crank.A" } }
  m:joint { name = "slide", type = "translational", points = { "block.A", "link3.Q" }, vectors = { "block.u", "link3.u" } }
  m:joint { name = "Q", type = "revolute", points = { "link3.Q", "Q" } }
  m:joint { name = "B", type = "revolute", points = { "link5.B", "link3.B" } }
  m:joint { name = "C", type = "revolute", points = { "link5.C", "slider.C" } }
  m:joint { name = "guide", type = "translational", points = { "slider.C", "R" }, vectors = { "slider.u", "x" } }
  m:joint { name = "motor", type = "driver", joint = "O", fn = mb.fn.poly { th1, d.omega, 0 } }
  return m
end

-- The slider's stroke, the ratio of its slow stroke's time to its fast
-- one's, and its velocity at t = 0, from a kinematic analysis over a turn.
local function quick_return_answers(d, formulation)
  local period = tau / d.omega
  local r = quick_return(d):kinematics { formulation = formulation, tf = period, dt = period / 180 }
  local s = r:body("slider")
  local hi = extreme(r.t, s.x, 1)
  local lo = extreme(r.t, s.x, -1)
  local turn = crossings(r.t, s.vx)
  local one = turn[2] - turn[1]
  local ratio = math.max(one, period - one) / math.min(one, period - one)
  return { stroke = hi - lo, ratio = ratio, v0 = s.vx[1] }
end

-- By hand: link 3 turns between the crank's two positions at right angles
-- to QA (sin psi = L1 / a from the vertical); the slider follows link 3's
-- angle alone, so its extremes are there; the crank turns 180 + 2 psi
-- degrees one way and 180 - 2 psi the other.
local function quick_return_by_hand(d)
  local a, b, L1, L3, L5 = d.a, d.b, d.L1, d.L3, d.L5
  local function xc(th3)
    local B = { L3 * math.cos(th3), L3 * math.sin(th3) }
    return B[1] + math.sqrt(L5 ^ 2 - (a + b - B[2]) ^ 2)
  end
  local psi = math.asin(L1 / a)
  local stroke = math.abs(xc(math.pi / 2 - psi) - xc(math.pi / 2 + psi))
  local ratio = (math.pi + 2 * psi) / (math.pi - 2 * psi)
  -- the velocity at t = 0: link 3's rate from A = O + L1 u(theta0), then xc's slope
  local th = d.theta0 or 0
  local A = { L1 * math.cos(th), a + L1 * math.sin(th) }
  local Ad = { -L1 * math.sin(th) * d.omega, L1 * math.cos(th) * d.omega }
  local w3 = vec.cross(A, Ad) / vec.dot(A, A)
  local th3 = vec.angle(A)
  local h = 1e-6
  return { stroke = stroke, ratio = ratio, v0 = (xc(th3 + h) - xc(th3 - h)) / (2 * h) * w3 }
end

------------------------------------------------------------------ 12.6: the dwell mechanism

-- The six-bar dwell of Sec. 15.4 with examples/six_bar_dwell.lua's design
-- (ours: Hoekens' straight-line four-bar, the slotted output pivoted at G),
-- G given in d.G; the crank starts at 180 degrees (mid-dwell), at omega.
local dwell_dims = { crank = 0.1, coupler = 0.25, rocker = 0.25, ground = 0.2, extension = 0.5 }

local function dwell_points(th1)
  local D = dwell_dims
  local A = { D.crank * math.cos(th1), D.crank * math.sin(th1) }
  local B = meet(A, { D.ground, 0 }, D.coupler, D.rocker, 1)
  local P = vec.add(A, vec.scale(D.extension / D.coupler, vec.sub(B, A)))
  return A, B, P
end

local function dwell(d)
  local D = dwell_dims
  local th0 = math.pi
  local A, B, P = dwell_points(th0)
  local O, Q, G = { 0, 0 }, { D.ground, 0 }, d.G
  local psi = vec.angle(vec.sub(P, G))
  local m = mb.model { name = "six-bar dwell" }
  local function at(name, body, where)
    local b = m.bodies[body]
    m:point { name = name, body = body, at = vec.rotate(-b.angle, vec.sub(where, b.pos)) }
  end
  m:body { name = "crank", mass = 1.0, inertia = 1.0, pos = O, angle = th0 }
  m:body { name = "coupler", mass = 0.3, inertia = 0.0003, pos = vec.scale(0.5, vec.add(A, P)), angle = vec.angle(vec.sub(B, A)) }
  m:body { name = "rocker", mass = 0.2, inertia = 0.004, pos = vec.scale(0.5, vec.add(Q, B)), angle = vec.angle(vec.sub(B, Q)) }
  m:body { name = "output", mass = 0.3, inertia = 0.006, pos = vec.add(G, vec.scale(0.3, vec.unit(psi))), angle = psi }
  m:body { name = "block", mass = 0.4, inertia = 0.0004, pos = P, angle = psi }
  at("crank.O", "crank", O); at("crank.A", "crank", A)
  at("coupler.A", "coupler", A); at("coupler.B", "coupler", B); at("P", "coupler", P)
  at("rocker.Q", "rocker", Q); at("rocker.B", "rocker", B)
  at("output.G", "output", G); at("block.P", "block", P)
  m:vector { name = "slot", body = "output", dir = { 1, 0 } }
  m:vector { name = "block.u", body = "block", dir = { 1, 0 } }
  m:point { name = "O", body = "ground" }
  m:point { name = "Q", body = "ground", at = Q }
  m:point { name = "G", body = "ground", at = G }
  m:joint { name = "O", type = "revolute", points = { "crank.O", "O" } }
  m:joint { name = "A", type = "revolute", points = { "coupler.A", "crank.A" } }
  m:joint { name = "B", type = "revolute", points = { "coupler.B", "rocker.B" } }
  m:joint { name = "Q", type = "revolute", points = { "rocker.Q", "Q" } }
  m:joint { name = "P", type = "revolute", points = { "block.P", "P" } }
  m:joint { name = "slot", type = "translational", points = { "block.P", "output.G" }, vectors = { "block.u", "slot" } }
  m:joint { name = "G", type = "revolute", points = { "output.G", "G" } }
  m:joint { name = "motor", type = "driver", joint = "O", fn = mb.fn.poly { th0, tau, 0 } }
  return m
end

-- Over one turn from 180 degrees (t in s, the crank at 180 + 360 t
-- degrees): the output's whole swing, its swing while the crank turns 100
-- to 260 degrees, and the crank angle (0 to 360) where it is farthest from
-- its angle at 180 degrees.
local function dwell_answers(d, formulation)
  local r = dwell(d):kinematics { formulation = formulation, tf = 1, dt = 1 / 360 }
  local phi = r:body("output").angle
  local lo_all, hi_all = extreme(r.t, phi, -1), extreme(r.t, phi, 1)
  local lo, hi = math.huge, -math.huge
  local t, y = {}, {}
  for i = 1, #r.t do
    local crank = (180 + 360 * r.t[i]) % 360
    if crank >= 100 - 1e-9 and crank <= 260 + 1e-9 then lo, hi = math.min(lo, phi[i]), math.max(hi, phi[i]) end
    t[i], y[i] = r.t[i], math.abs(phi[i] - phi[1])
  end
  local _, at = extreme(t, y, 1)
  return { swing = math.deg(hi_all - lo_all), dwell = math.deg(hi - lo), far = (180 + 360 * at) % 360 }
end

local function dwell_by_hand(d)
  -- the output's angle from G to P, measured from its direction at 180 degrees
  local _, _, P0 = dwell_points(math.pi)
  local base = vec.angle(vec.sub(P0, d.G))
  local function out(crank_deg)
    local _, _, P = dwell_points(math.rad(crank_deg))
    return wrap(vec.angle(vec.sub(P, d.G)) - base)
  end
  local hi = extreme_of(out, 0, 360, 360, 1)
  local lo = extreme_of(out, 0, 360, 360, -1)
  local dhi = extreme_of(out, 100, 260, 160, 1)
  local dlo = extreme_of(out, 100, 260, 160, -1)
  local rest = out(180)
  local _, far = extreme_of(function(c) return math.abs(out(c) - rest) end, 0, 360, 360, 1)
  return { swing = math.deg(hi - lo), dwell = math.deg(dhi - dlo), far = far }
end

------------------------------------------------------------------ 12.7, 12.9: the film strip

-- The film-strip advancer of Ex. 12.5 (data.m's geometry), lengths in cm
-- (the book's figure) or, with metres = true, in m; d.omega the crank's
-- rate, d.LP2 and d.beta2 (deg) P2's place on the coupler.
local function film_strip_data(d, metres)
  local s = metres and 0.01 or 1
  return { name = "film-strip advancer", RQ = { -3 * s, 4.5 * s }, L = { 1.5 * s, 5 * s, 3 * s },
    LP = { 0, d.LP2 * s, 0 }, beta = { 0, math.deg(d.beta2), 0 }, theta1 = math.rad(30), omega1 = d.omega,
    th2 = math.rad(90), th3 = math.rad(30),
    m = { 0.4, 0.2, 0.05 }, J = { 0.5, 0.02, 0.0005 }, LG = { 0, 5 * s, 1.5 * s }, gamma = { 0, 0, 0 }, g = 0 }
end

-- P2's highest and lowest points over a turn, the time from the highest
-- down to the lowest (the pull), from a kinematic analysis.
local function film_answers(d)
  local fd = film_strip_data(d)
  local period = tau / math.abs(d.omega)
  local r = four_bar(fd):kinematics { tf = period, dt = period / 360 }
  local p = r:path("P2")
  local hi, t_hi = extreme(r.t, p.y, 1)
  local lo, t_lo = extreme(r.t, p.y, -1)
  local pull = (t_lo - t_hi) % period
  local spacing = hi - lo
  return { spacing = spacing, v_pull = spacing / pull, v_mean = spacing / period }
end

-- By hand: P2 from the circles at each crank angle, its extremes by
-- golden sections over the crank angle; times from the constant rate.
local function film_by_hand(d)
  local fd = film_strip_data(d)
  fd.RQ = { -3, 4.5 }
  local side = 1
  local m = four_bar(fd)
  side = start_side(fd, m.bodies.coupler.angle)
  local function y_at(th1)
    local h = four_bar_by_hand(fd, th1, 0, 0, side)
    return four_bar_point(fd, h, 2, d.LP2, d.beta2, 0)[2]
  end
  local hi, th_hi = extreme_of(y_at, 0, tau, 360, 1)
  local lo, th_lo = extreme_of(y_at, 0, tau, 360, -1)
  local period = tau / math.abs(d.omega)
  -- the crank turns the way omega's sign says: from the highest to the lowest
  local turn = (d.omega < 0 and (th_hi - th_lo) or (th_lo - th_hi)) % tau
  local spacing = hi - lo
  return { spacing = spacing, v_pull = spacing / (turn / math.abs(d.omega)), v_mean = spacing / period }
end

-- The film strip in metres with the film's drag: while P2 moves down it
-- pulls the film, which pushes back on it with f upwards.
local function film_strip_with_drag(d, f)
  local m = four_bar(film_strip_data(d, true))
  local at = m.points.P2.at
  m:force { name = "film", type = "user", fn = function(_, s)
    local b = s.bodies.coupler
    local vy = b.vy + b.omega * (math.cos(b.angle) * at[1] - math.sin(b.angle) * at[2])
    if vy < 0 then return { { body = "coupler", force = { 0, f }, at = at } } end
    return {}
  end }
  return m
end

------------------------------------------------------------------ 12.8: the web cutter

local function web_cutter_data(d)
  return { name = "web cutter", RQ = { 0.65, -0.1 }, L = { 0.1, 0.7, 1.0 }, LP = { 0, 1.0, 0.82 },
    beta = { 0, -36.87, math.deg(d.beta3) }, theta1 = math.rad(30), omega1 = d.omega,
    th2 = math.rad(90), th3 = math.rad(140),
    m = { 1, 10, 10 }, J = { 1.0, 5.0, 5.0 }, LG = { 0, 0.52, 0.68 }, gamma = { 0, -16.7, -17.1 }, g = 9.81 }
end

-- The blades C (P2) and D (P3) meet where delta = y_C - y_D falls through
-- zero: the crank's angle then, and the mean of the blades' x velocities.
local function web_answers(d)
  local period = tau / d.omega
  local r = four_bar(web_cutter_data(d)):kinematics { tf = period, dt = period / 360 }
  local c, e = r:path("P2"), r:path("P3")
  local delta = {}
  for i = 1, #r.t do delta[i] = c.y[i] - e.y[i] end
  local t = crossings(r.t, delta, -1)[1]
  -- the velocities at the cut: a kinematic step of the model started there
  local wd = web_cutter_data(d)
  wd.theta1 = wd.theta1 + d.omega * t
  local k = four_bar(wd):kinematics { tf = 1e-6, dt = 1e-6 }
  local vc, vd = k:path("P2"), k:path("P3")
  return { crank = math.deg(wd.theta1) % 360, web = (vc.vx[1] + vd.vx[1]) / 2 }
end

local function web_by_hand(d)
  local wd = web_cutter_data(d)
  local side = start_side(wd, four_bar(wd):kinematics({ tf = 1e-6, dt = 1e-6 }):body("coupler").angle[1])
  local b2, b3 = math.rad(-36.87), d.beta3
  local function delta(th1)
    local h = four_bar_by_hand(wd, th1, 0, 0, side)
    return four_bar_point(wd, h, 2, 1.0, b2, 0)[2] - four_bar_point(wd, h, 3, 0.82, b3, 0)[2]
  end
  -- delta falls through zero as the crank turns forward: find the sign change
  local th, step = wd.theta1, math.rad(1)
  while not (delta(th) > 0 and delta(th + step) <= 0) do th = th + step end
  local cut = bisect(delta, th, th + step)
  local h = four_bar_by_hand(wd, cut, d.omega, 0, side)
  local _, vc = four_bar_point(wd, h, 2, 1.0, b2, d.omega)
  local _, vd = four_bar_point(wd, h, 3, 0.82, b3, d.omega)
  return { crank = math.deg(cut) % 360, web = (vc[1] + vd[1]) / 2 }
end

------------------------------------------------------------------ power balance (ID2)

-- The driver's torque by Algorithm ID2 (Eq. 12.14) from a kinematic run:
-- the rate of the kinetic energy less the power of gravity and of the
-- applied forces (power(i), given), over the crank's rate.
local function power_balance(m, r, i, omega, power)
  local sum = 0
  for name, b in pairs(m.bodies) do
    local s = r:body(name)
    sum = sum + b.mass * (s.ax[i] * s.vx[i] + s.ay[i] * s.vy[i]) + b.inertia * s.alpha[i] * s.omega[i]
    sum = sum - b.mass * (m.gravity and m.gravity[2] or -g) * s.vy[i]
  end
  return (sum - (power and power(i) or 0)) / omega
end

------------------------------------------------------------------ 12.10: the dumpster

-- Our dumpster (the book gives its dimensions in a figure): a crank-rocker
-- whose rocker is the container, pinned to the ground at Q = (0.5, 0); the
-- crank L1 = 0.25 about O = (0, 0), the coupler L2 = 0.55 from the crank pin
-- to the container's B, 0.35 from Q. It starts where the container is at
-- rest at one end of its swing, upright to the ground's left; the motor
-- turns the crank CCW at omega. The container's mass centre is 0.6 m from
-- Q, at angle `offset` from QB.
local dump = { d = 0.5, L1 = 0.25, L2 = 0.55, L3 = 0.35 }

local function dump_start()
  -- the rocker's extreme: crank and coupler in line (A on the line O-B)
  local B = meet({ 0, 0 }, { dump.d, 0 }, dump.L1 + dump.L2, dump.L3, 1)
  local th1 = vec.angle(B)
  return th1, vec.angle(vec.sub(B, { dump.d, 0 }))
end

local function dumpster(d)
  local th1, th3 = dump_start()
  local m = mb.model { name = "dumpster" }
  local O, Q = { 0, 0 }, { dump.d, 0 }
  local A = vec.scale(dump.L1, vec.unit(th1))
  local B = vec.add(Q, vec.scale(dump.L3, vec.unit(th3)))
  local G = vec.add(Q, vec.scale(0.6, vec.unit(th3 + d.offset)))
  m:body { name = "crank", mass = d.m[1], inertia = d.J[1], pos = O, angle = th1 }
  m:body { name = "link", mass = d.m[2], inertia = d.J[2], pos = vec.scale(0.5, vec.add(A, B)), angle = vec.angle(vec.sub(B, A)) }
  m:body { name = "container", mass = d.m[3], inertia = d.J[3], pos = G, angle = th3 }
  local function at(name, body, where)
    local b = m.bodies[body]
    m:point { name = name, body = body, at = vec.rotate(-b.angle, vec.sub(where, b.pos)) }
  end
  at("crank.O", "crank", O); at("crank.A", "crank", A)
  at("link.A", "link", A); at("link.B", "link", B)
  at("container.B", "container", B); at("container.Q", "container", Q)
  m:point { name = "O", body = "ground" }
  m:point { name = "Q", body = "ground", at = Q }
  m:joint { name = "O", type = "revolute", points = { "crank.O", "O" } }
  m:joint { name = "A", type = "revolute", points = { "link.A", "crank.A" } }
  m:joint { name = "B", type = "revolute", points = { "link.B", "container.B" } }
  m:joint { name = "Q", type = "revolute", points = { "container.Q", "Q" } }
  m:joint { name = "motor", type = "driver", joint = "O", fn = mb.fn.poly { th1, d.omega, 0 } }
  return m
end

-- Inverse dynamics until the container has turned 90 degrees: the time
-- then, the torque at the start, the largest torque on the way.
local function dump_answers(d, formulation)
  local m = dumpster(d)
  local r = m:inverse_dynamics { formulation = formulation, tf = 30, dt = 0.05 }
  local phi = r:body("container").angle
  local turned = {}
  for i = 1, #r.t do turned[i] = math.abs(phi[i] - phi[1]) - math.pi / 2 end
  local t_up = crossings(r.t, turned, 1)[1]
  local tq, t, y = r:reaction("motor").torque, {}, {}
  for i = 1, #r.t do
    if r.t[i] <= t_up + 0.05 then t[i], y[i] = r.t[i], tq[i] end
  end
  return { t_up = t_up, torque0 = tq[1], peak = largest_magnitude(t, y) }, r, m
end

local function dump_by_hand(d)
  -- the torque by ID2 from the same run's motion; the time from the circles
  local _, r, m = dump_answers(d)
  local t, y = {}, {}
  for i = 1, #r.t do t[i], y[i] = r.t[i], power_balance(m, r, i, d.omega) end
  local th1, th3 = dump_start()
  local function turned(t_) -- the container's turn at time t_, by the circles
    local A = vec.scale(dump.L1, vec.unit(th1 + d.omega * t_))
    local B = meet(A, { dump.d, 0 }, dump.L2, dump.L3, 1)
    local a = vec.angle(vec.sub(B, { dump.d, 0 }))
    return math.abs((a - th3 + math.pi) % tau - math.pi) - math.pi / 2
  end
  local t_up = bisect(turned, 0.1, 25)
  local tt, yy = {}, {}
  for i = 1, #t do if t[i] <= t_up + 0.05 then tt[i], yy[i] = t[i], y[i] end end
  return { t_up = t_up, torque0 = y[1], peak = largest_magnitude(tt, yy) }
end

------------------------------------------------------------------ 12.11, 12.12: slider-crank inversions

-- Inversion 1: an offset slider-crank: crank L1 about O, rod L2, the slider
-- on the line y = -e. m, J, and f (a horizontal force on the slider) for idap.
local function inversion1(d, o)
  o = o or {}
  local L1, L2, e, th = d.L1, d.L2, d.e, 0
  local A = { L1 * math.cos(th), L1 * math.sin(th) }
  local B = { A[1] + math.sqrt(L2 ^ 2 - (A[2] + e) ^ 2), -e }
  local mass, J = o.m or { 1, 1, 1 }, o.J or { 0.01, 0.01, 0.01 }
  local m = mb.model { name = "offset slider-crank", gravity = { 0, o.gravity and -g or 0 } }
  m:body { name = "crank", mass = mass[1], inertia = J[1], pos = vec.scale(0.5, A), angle = th }
  m:body { name = "rod", mass = mass[2], inertia = J[2], pos = vec.scale(0.5, vec.add(A, B)), angle = vec.angle(vec.sub(B, A)) }
  m:body { name = "slider", mass = mass[3], inertia = J[3], pos = B }
  m:point { name = "O", body = "ground" }
  m:point { name = "R", body = "ground", at = { 0, -e } }
  m:point { name = "crank.O", body = "crank", at = { -L1 / 2, 0 } }
  m:point { name = "crank.A", body = "crank", at = { L1 / 2, 0 } }
  m:point { name = "rod.A", body = "rod", at = { -L2 / 2, 0 } }
  m:point { name = "rod.B", body = "rod", at = { L2 / 2, 0 } }
  m:point { name = "slider.B", body = "slider" }
  m:vector { name = "x", body = "ground", dir = { 1, 0 } }
  m:vector { name = "slide", body = "slider", dir = { 1, 0 } }
  m:joint { name = "O", type = "revolute", points = { "crank.O", "O" } }
  m:joint { name = "A", type = "revolute", points = { "rod.A", "crank.A" } }
  m:joint { name = "B", type = "revolute", points = { "slider.B", "rod.B" } }
  m:joint { name = "guide", type = "translational", points = { "slider.B", "R" }, vectors = { "slide", "x" } }
  m:joint { name = "motor", type = "driver", joint = "O", fn = mb.fn.poly { th, d.omega, 0 } }
  if o.f then m:force { name = "push", type = "force", point = "slider.B", value = { o.f, 0 } } end
  return m
end

-- Inversions 2 and 3: the crank L1 about O carries a pin A that slides in
-- a slot of a link pivoted on the ground at Q = (qx, qy), the slot's line
-- passing e from Q (A on its left, looking from Q along the slot). With Q
-- inside the crank's circle the link turns fully (inversion 2, the
-- Whitworth quick return); outside it, it rocks (inversion 3, the
-- oscillating cylinder).
local function slotted_angle(Q, e, A)
  local QA = vec.sub(A, Q)
  return vec.angle(QA) - math.asin(e / vec.norm(QA))
end

local function inversion_slot(d, Q)
  local L1, e = d.L1, d.e
  local A = { L1, 0 }
  local psi = slotted_angle(Q, e, A)
  local m = mb.model { name = "slider-crank inversion", gravity = { 0, 0 } }
  m:body { name = "crank", mass = 1, inertia = 0.01, pos = vec.scale(0.5, A), angle = 0 }
  m:body { name = "link", mass = 1, inertia = 0.01, pos = Q, angle = psi }
  m:point { name = "O", body = "ground" }
  m:point { name = "Q", body = "ground", at = Q }
  m:point { name = "crank.O", body = "crank", at = { -L1 / 2, 0 } }
  m:point { name = "crank.A", body = "crank", at = { L1 / 2, 0 } }
  m:point { name = "link.Q", body = "link" }
  m:vector { name = "link.u", body = "link", dir = { 1, 0 } }
  m:joint { name = "O", type = "revolute", points = { "crank.O", "O" } }
  m:joint { name = "Q", type = "revolute", points = { "link.Q", "Q" } }
  m:joint { name = "slot", type = "rev-tran", points = { "link.Q", "crank.A" }, vectors = { "link.u" }, length = -e }
  m:joint { name = "motor", type = "driver", joint = "O", fn = mb.fn.poly { 0, d.omega, 0 } }
  return m
end

-- The six answers of 12.11 from kinematic analyses over a turn.
local function inversions_answers(d, formulation)
  local period = tau / d.omega
  local o = { formulation = formulation, tf = period, dt = period / 180 }
  local r1 = inversion1(d):kinematics(o)
  local s = r1:body("slider")
  local turn = crossings(r1.t, s.vx)
  local one = turn[2] - turn[1]
  local r2 = inversion_slot(d, { 0, -d.q2 }):kinematics(o)
  local psi2 = r2:body("link").angle
  local half = {}
  for i = 1, #r2.t do half[i] = math.abs(psi2[i] - psi2[1]) - math.pi end
  local r3 = inversion_slot(d, { d.q3, 0 }):kinematics(o)
  local psi3 = r3:body("link").angle
  return {
    stroke1 = extreme(r1.t, s.x, 1) - extreme(r1.t, s.x, -1),
    ratio1 = math.max(one, period - one) / math.min(one, period - one),
    omega2 = r2:body("link").omega[1],
    half2 = math.deg(d.omega * crossings(r2.t, half, 1)[1]),
    swing3 = math.deg(extreme(r3.t, psi3, 1) - extreme(r3.t, psi3, -1)),
    omega3 = r3:body("link").omega[1],
  }
end

local function inversions_by_hand(d)
  local L1, L2, e = d.L1, d.L2, d.e
  -- inversion 1: the dead centres, crank and rod in line
  local far, near = math.sqrt((L1 + L2) ^ 2 - e * e), math.sqrt((L2 - L1) ^ 2 - e * e)
  local th_far = -math.asin(e / (L1 + L2))
  local th_near = math.pi - math.asin(e / (L2 - L1))
  local one = (th_near - th_far) % tau
  -- inversions 2 and 3: the slot's angle at crank angle th, its rate by differences
  local function psi(Q, th) return slotted_angle(Q, e, { L1 * math.cos(th), L1 * math.sin(th) }) end
  local function rate(Q)
    local h = 1e-6
    return wrap(psi(Q, h) - psi(Q, -h)) / (2 * h) * d.omega
  end
  local Q2, Q3 = { 0, -d.q2 }, { d.q3, 0 }
  local p0 = psi(Q2, 0)
  local half = bisect(function(th)
    local a = psi(Q2, th) - p0
    return (a % tau) - math.pi
  end, 0.1, tau - 0.1)
  local f3 = function(th) return wrap(psi(Q3, th) - psi(Q3, 0)) end
  local hi = extreme_of(f3, 0, tau, 360, 1)
  local lo = extreme_of(f3, 0, tau, 360, -1)
  return { stroke1 = far - near, ratio1 = math.max(one, tau - one) / math.min(one, tau - one),
    omega2 = rate(Q2), half2 = math.deg(half), swing3 = math.deg(hi - lo), omega3 = rate(Q3) }
end

local function idap_run(d, formulation)
  local m = inversion1(d, { m = d.m, J = d.J, f = d.f, gravity = true })
  local period = tau / d.omega
  return m:inverse_dynamics { formulation = formulation, tf = period, dt = period / 12 }, m
end

------------------------------------------------------------------ the problems

local four_bar_data = {
  { name = "L0", value = 2.0, unit = "m", what = "the ground link O-Q (Q on the x axis)", vary = 0.05 },
  { name = "L1", value = 1.0, unit = "m", what = "the crank", vary = 0.1 },
  { name = "L2", value = 1.8, unit = "m", what = "the coupler", vary = 0.05 },
  { name = "L3", value = 1.5, unit = "m", what = "the rocker", vary = 0.05 },
  { name = "theta", value = 30, unit = "deg", what = "the crank's angle at t = 0", vary = { abs = 20, step = 1 } },
  { name = "omega", value = 2 * math.pi, unit = "rad/s", what = "the crank's rate, CCW (2 pi)" },
}

return {
  chapter = 12,
  title = "Kinematic analysis and inverse dynamics",
  problems = {
    ------------------------------------------------------------------ 12.1
    { number = "12.1",
      title = "Newton-Raphson for the roots of a cubic",
      text = function(s)
        return ([[
Find every root of the cubic x^3 + (%g) x^2 + (%g) x + (%g) = 0 by Newton-Raphson in one unknown
(Algorithm NR1, Sec. 12.1.2): start it at different places and see where each start goes. Also
count how many times NR1 evaluates f when it starts at x0 below and stops at |f| <= 1e-4 (the
book's Ex. 12.3 counts the same way: its table has one row per evaluation).]]):format(s.b, s.c, s.e)
      end,
      build = "f and f' as Lua functions; mb.newton(f, x0, { derivative = df }) from several starts",
      data = {
        { name = "b", value = -10, unit = "", what = "the x^2 coefficient", vary = { int = 2 } },
        { name = "c", value = 13, unit = "", what = "the x coefficient", vary = { int = 3 } },
        { name = "e", value = 24, unit = "", what = "the constant", vary = { int = 4 } },
        { name = "x0", value = 10, unit = "", what = "the start for the count", vary = { int = 2 } },
      },
      valid = function(d)
        local r = viete(d.b, d.c, d.e)
        return r ~= nil and r[2] - r[1] > 0.8 and r[3] - r[2] > 0.8 and d.x0 > r[3] + 0.5
      end,
      asks = {
        { name = "roots", what = "the three roots, smallest first {x1, x2, x3}", unit = "" },
        { name = "evaluations", what = "f's evaluations by NR1 from x0 until |f| <= 1e-4", unit = "", tol = 0 },
      },
      answers = function(d)
        local f, df = cubic(d), cubic_slope(d)
        -- from far right and far left Newton falls on the outer roots; Vieta
        -- (the roots add to -b) starts it at the middle one
        local hi = mb.newton(f, d.x0, { derivative = df, tol = 1e-12, max_iterations = 100 })
        local lo = mb.newton(f, -d.x0, { derivative = df, tol = 1e-12, max_iterations = 100 })
        local mid = mb.newton(f, -d.b - hi - lo, { derivative = df, tol = 1e-12, max_iterations = 100 })
        local _, h = mb.newton(f, d.x0, { derivative = df, tol = 1e-4 })
        return { roots = { lo, mid, hi }, evaluations = h.evaluations }
      end,
      verify = function(d)
        return { roots = viete(d.b, d.c, d.e), evaluations = (nr1_count(cubic(d), cubic_slope(d), d.x0, 1e-4)) }
      end,
      mistakes = {
        roots = {
          { value = { -6, 2, 8 }, book_data_only = true,
            say = "those are the roots of Ex. 12.3's cubic x^3 - 4x^2 - 44x + 96, not this one." },
          { value = { -3, 2, 4 }, book_data_only = true,
            say = "those are the roots of the cubic Ex. 12.3's text prints (a misprint); this problem has its own." },
        },
        evaluations = {
          { value = function(_, ref) return ref.evaluations - 1 end,
            say = "that counts the corrections; the evaluation that finds |f| small enough counts too." },
        },
      },
      hints = {
        "Newton-Raphson goes to the root its start is drawn to: try starts right of, left of and between the roots.",
        "x, h = mb.newton(f, x0, { derivative = df }): h.evaluations is the count, h.history the table of Ex. 12.3.",
        "The three roots add up to minus the x^2 coefficient: two known roots put the third one's start close.",
      } },

    ------------------------------------------------------------------ 12.2
    { number = "12.2",
      title = "Newton-Raphson for two equations in two unknowns",
      text = function(s)
        return ([[
Solve 2x^2 - xy + y^2 - %g = 0 together with 3x^3 - 2y^2 + 2xy + %g = 0 by Newton-Raphson in n
unknowns (Algorithm NRn, Sec. 12.1.2): write Phi(x, y) and its Jacobian, and iterate from the
starts below (ours). Give the solution each start reaches, and the evaluations NRn makes from
the first start until the norm of Phi is at most 1e-6. How many real solutions are there? (Hint
for the count: add twice the first equation to the second.)]]):format(s.c1, s.c2)
      end,
      build = "f(q) returning {Phi1, Phi2} and {{...}, {...}}; mb.newton(f, start)",
      data = {
        { name = "c1", value = 4, unit = "", what = "the constant of the first equation", vary = { abs = 0.8 } },
        { name = "c2", value = 3, unit = "", what = "the constant of the second", vary = { abs = 0.8 } },
        { name = "start_a", value = { 1, 1 }, unit = "", what = "the first start {x, y}", ours = true },
        { name = "start_b", value = { 1, -1 }, unit = "", what = "the second start", ours = true },
      },
      valid = function(d)
        local a, b = pair_by_hand(d)
        if a[1] ~= a[1] or a[2] - b[2] < 1 then return false end
        local ok1, qa = pcall(mb.newton, pair(d), d.start_a, { tol = 1e-10, max_iterations = 50 })
        local ok2, qb = pcall(mb.newton, pair(d), d.start_b, { tol = 1e-10, max_iterations = 50 })
        return ok1 and ok2 and math.abs(qa[2] - a[2]) < 1e-6 and math.abs(qb[2] - b[2]) < 1e-6
      end,
      asks = {
        { name = "sol_a", what = "the solution {x, y} from the first start", unit = "" },
        { name = "sol_b", what = "the solution from the second start", unit = "" },
        { name = "evaluations", what = "NRn's evaluations from the first start, tol 1e-6", unit = "", tol = 0 },
        { name = "count", what = "how many real solutions the pair has", unit = "", tol = 0 },
      },
      answers = function(d)
        local a = mb.newton(pair(d), d.start_a, { tol = 1e-12, max_iterations = 50 })
        local b = mb.newton(pair(d), d.start_b, { tol = 1e-12, max_iterations = 50 })
        local _, h = mb.newton(pair(d), d.start_a, { tol = 1e-6 })
        -- the count: the cubic left after the elimination has one real root
        -- (its discriminant), and y^2 - xy + 2x^2 - c1 = 0 gives y two values
        -- (the discriminant of 3x^3 + 4x^2 + k is -256 k - 243 k^2)
        local k = d.c2 - 2 * d.c1
        local xs = -256 * k - 243 * k * k > 0 and 3 or 1
        return { sol_a = { a[1], a[2] }, sol_b = { b[1], b[2] }, evaluations = h.evaluations, count = 2 * xs }
      end,
      verify = function(d)
        local a, b = pair_by_hand(d)
        return { sol_a = a, sol_b = b, evaluations = (nrn_count(pair(d), d.start_a, 1e-6)), count = 2 }
      end,
      mistakes = {
        sol_a = { { value = function(_, ref) return { ref.sol_a[2], ref.sol_a[1] } end,
          say = "x and y are swapped: give {x, y}." } },
        count = { { value = 1, say = "the x you found gives y two values: y^2 - xy + 2x^2 - c1 = 0 is a quadratic in y." } },
      },
      hints = {
        "Phi = {2x^2 - xy + y^2 - c1, 3x^3 - 2y^2 + 2xy + c2}; its Jacobian holds the partial derivatives by x and by y.",
        "f = function(q) return {Phi1, Phi2}, {{dPhi1/dx, dPhi1/dy}, {dPhi2/dx, dPhi2/dy}} end; mb.newton(f, {1, 1}).",
        "The second plus twice the first leaves 3x^3 + 4x^2 + c2 - 2 c1 = 0 with no y in it.",
      } },

    ------------------------------------------------------------------ 12.3
    { number = "12.3",
      title = "A four-bar's constraints in the CP and AC arrangements",
      text = [[
Of the book's figure we take the four-bar (our pick; L4 and L5 belong to its other
mechanisms): O at the origin, Q = (L0, 0), crank L1 at theta1, coupler L2 at theta2, rocker L3
at theta3 from Q, all angles absolute from x. The crank is driven: theta1 = theta + omega t.
Write the vector loop as Ex. 12.2 does, L1 u1 + L2 u2 - L3 u3 - L0 u_x = 0, and give, as Lua
functions:

(I) CP: the unknowns q = {theta2, theta3}, theta1 from the driver: phi_cp(q, t), the 2 x 2
D_cp(q), and the right side of the acceleration equations gamma_cp(q, qd, t).

(II) AC: q = {theta1, theta2, theta3} with the driver's row theta1 - theta - omega t appended
last: phi_ac(q, t), the 3 x 3 D_ac(q), and gamma_ac(q, qd).]],
      build = "Lua functions of q (and qd, t); check them against m:pieces{ formulation = \"joint\", angles = \"absolute\" }",
      data = four_bar_data,
      valid = four_bar_valid,
      asks = {
        fn_ask("phi_cp", "(I) function(q, t): the loop's two rows", { "q", "t" }, 2),
        fn_ask("D_cp", "(I) function(q): the 2 x 2 Jacobian", { "q" }, 2),
        fn_ask("gamma_cp", "(I) function(q, qd, t): the acceleration's right side", { "q", "qd", "t" }, 2),
        fn_ask("phi_ac", "(II) function(q, t): the loop's rows and the driver's", { "q", "t" }, 3),
        fn_ask("D_ac", "(II) function(q): the 3 x 3 Jacobian", { "q" }, 3),
        fn_ask("gamma_ac", "(II) function(q, qd): the acceleration's right side", { "q", "qd" }, 3),
      },
      answers = function(d)
        -- the program's own rows: joint coordinates with absolute angles,
        -- the loop cut at B, and the motor's row
        local m = p12_3_model(d)
        return p12_3_functions(d, function(_, q, qd, t) return ac_pieces(m, q, qd, t) end)
      end,
      verify = function(d) return p12_3_functions(d, ac_by_hand) end,
      mistakes = {
        gamma_cp = { { value = function(d)
          return function(q, qd)
            local c2, s2, c3, s3 = math.cos(q[1]), math.sin(q[1]), math.cos(q[2]), math.sin(q[2])
            return { d.L2 * c2 * qd[1] ^ 2 - d.L3 * c3 * qd[2] ^ 2, d.L2 * s2 * qd[1] ^ 2 - d.L3 * s3 * qd[2] ^ 2 }
          end
        end, say = "the crank's own term is missing: theta1 moves, so L1 u1 omega^2 belongs on the right side too." } },
        phi_ac = { { value = function(d)
          return function(q, t)
            local L1, L2, L3 = d.L1, d.L2, d.L3
            return { L1 * math.cos(q[1]) + L2 * math.cos(q[2]) - L3 * math.cos(q[3]) - d.L0,
              L1 * math.sin(q[1]) + L2 * math.sin(q[2]) - L3 * math.sin(q[3]), d.theta + d.omega * t - q[1] }
          end
        end, say = "the driver's row has the opposite sign: theta1 - theta - omega t, as the appended rows of Sec. 12.1 are written." } },
      },
      model = function(d) return p12_3_model(d, math.rad(30), math.rad(75)) end,
      hints = {
        "Differentiate the loop once for velocities and twice for accelerations; gamma is what stays on the right when the q'' terms are on the left.",
        "In CP, theta1 is known: its terms go to the right side (L1 u1 omega^2 in gamma); in AC it is an unknown with the row {1, 0, 0}.",
        "m:pieces{ formulation = \"joint\", tree = {\"O\", \"A\", \"Q\"}, angles = \"absolute\", y = ..., t = ... } of p:model() gives the program's phi, D, gamma (its columns ordered O, Q, A).",
      } },

    ------------------------------------------------------------------ 12.4
    { number = "12.4",
      title = "The four-bar's kinematics by Newton-Raphson",
      text = [[
Program the kinematics of Problem 12.3's four-bar (the same data). (a) At t = 0 solve the
position equations by Newton-Raphson (NRn on the AC rows, theta1 started at its driven value,
theta2 and theta3 at the estimates below, tol 1e-6 on the norm of Phi): give theta2, theta3 and
the evaluations of Phi it takes. (b) Over one turn of the crank, reporting every 1/12 s (13
values), give the rocker's angle theta3. (c) At t = 0 give the rocker's angular velocity and
acceleration. (fsolve, the book's other way, is not in mechbench: Newton-Raphson is.)]],
      build = "mb.newton on the AC rows; p:model():kinematics{ tf = 1, dt = 1/12 }",
      data = (function()
        local out = copy(four_bar_data)
        out[#out + 1] = { name = "guess", value = { 35, 70 }, unit = "deg", what = "estimates of theta2, theta3", ours = true }
        return out
      end)(),
      valid = four_bar_valid,
      asks = {
        { name = "start", what = "(a) {theta2, theta3} at t = 0", unit = "rad" },
        { name = "evaluations", what = "(a) NRn's evaluations of Phi from the estimates", unit = "", tol = 0 },
        { name = "theta3", what = "(b) the rocker's angle over a turn (13 values)", unit = "rad", kind = "series" },
        { name = "omega3", what = "(c) the rocker's angular velocity at t = 0", unit = "rad/s" },
        { name = "alpha3", what = "(c) its angular acceleration at t = 0", unit = "rad/s^2" },
      },
      answers = function(d)
        local m = p12_3_model(d)
        local f = function(q)
          local p = ac_pieces(m, q, { 0, 0, 0 }, 0)
          return p.phi, p.D
        end
        local q = mb.newton(f, { d.theta, d.guess[1], d.guess[2] }, { tol = 1e-12 })
        local _, h = mb.newton(f, { d.theta, d.guess[1], d.guess[2] }, { tol = 1e-6 })
        local r = p12_4_run(d)
        local rocker = r:body("rocker")
        return { start = { q[2], q[3] }, evaluations = h.evaluations, theta3 = copy(rocker.angle),
          omega3 = rocker.omega[1], alpha3 = rocker.alpha[1] }
      end,
      verify = function(d)
        -- the circles for (a) and (c); NRn written out in CP form (theta1 is
        -- exact from the start); the vector loops of Ch. 5 for (b)
        local dd = { RQ = { d.L0, 0 }, L = { d.L1, d.L2, d.L3 } }
        local h = four_bar_by_hand(dd, d.theta, d.omega, 0, 1)
        local n = nrn_count(function(q)
          local p = ac_by_hand(d, { d.theta, q[1], q[2] }, { 0, 0, 0 }, 0)
          return { p.phi[1], p.phi[2] }, { { p.D[1][2], p.D[1][3] }, { p.D[2][2], p.D[2][3] } }
        end, d.guess, 1e-6)
        local r = p12_4_run(d, "vector")
        return { start = { h.th2, h.th3 }, evaluations = n, theta3 = copy(r:body("rocker").angle),
          omega3 = h.w3, alpha3 = h.a3 }
      end,
      mistakes = {
        start = { { value = function(d) return copy(d.guess) end, say = "those are the estimates: iterate until Phi is small." } },
        omega3 = { { value = function(d)
          local h = four_bar_by_hand({ RQ = { d.L0, 0 }, L = { d.L1, d.L2, d.L3 } }, d.theta, d.omega, 0, 1)
          return h.w2
        end, say = "that is the coupler's angular velocity; the rocker is link 3." } },
      },
      model = function(d) return p12_3_model(d) end,
      hints = {
        "At t = 0 the driver's row fixes theta1; Newton then moves theta2 and theta3 only.",
        "q, h = mb.newton(f, {theta, th2_guess, th3_guess}, { tol = 1e-6 }) with f returning Phi and D of Problem 12.3 (AC).",
        "r = p:model():kinematics{ tf = 1, dt = 1/12 }; r:body(\"rocker\").angle, .omega[1], .alpha[1].",
      } },

    ------------------------------------------------------------------ 12.5
    { number = "12.5",
      title = "The quick-return mechanism's kinematics",
      text = [[
Analyse the kinematics of the quick-return of Sec. 15.3 (as in Sec. 5.3.3; the dimensions are
in the book's figure only, so these are ours): link 3 is pinned to the ground at Q = (0, 0); the
crank L1 turns about O = (0, a) from theta0 = 0 at omega, its pin carrying a block that slides
along link 3; link 3's tip B (L3 from Q) drives link 5 (L5) whose other end C rides a
horizontal guide at y = a + b, on B's right. Over one turn of the crank find the slider's
stroke, the ratio of the durations of its slow and fast strokes, and its velocity at t = 0.]],
      build = "a model (examples/quick_return.lua is this one with the data fixed); m:kinematics over a turn",
      data = {
        { name = "a", value = 0.15, unit = "m", what = "Q to O", ours = true, vary = 0.1 },
        { name = "b", value = 0.2, unit = "m", what = "O to the guide's line", ours = true, vary = 0.1 },
        { name = "L1", value = 0.1, unit = "m", what = "the crank", ours = true, vary = 0.1 },
        { name = "L3", value = 0.45, unit = "m", what = "link 3", ours = true, vary = 0.05 },
        { name = "L5", value = 0.2, unit = "m", what = "link 5", ours = true, vary = 0.1 },
        { name = "omega", value = 2 * math.pi, unit = "rad/s", what = "the crank's rate", ours = true, vary = { rel = 0.3, step = 0.01 } },
      },
      valid = function(d)
        -- the crank turns fully, and link 5 reaches the guide everywhere with room to spare
        if d.L1 > 0.85 * d.a then return false end
        local low = d.L3 * math.cos(math.asin(d.L1 / d.a))
        return d.a + d.b - low < 0.9 * d.L5 and d.L3 - (d.a + d.b) < 0.9 * d.L5
      end,
      asks = {
        { name = "stroke", what = "the slider's stroke", unit = "m" },
        { name = "ratio", what = "slow stroke's time over fast stroke's time", unit = "" },
        { name = "v0", what = "the slider's x velocity at t = 0", unit = "m/s" },
      },
      answers = function(d) return quick_return_answers(d) end,
      verify = function(d)
        local out = quick_return_by_hand(d)
        -- and the stroke again through the vector loops of Ch. 5
        out.stroke = 0.5 * (out.stroke + quick_return_answers(d, "vector").stroke)
        return out
      end,
      mistakes = {
        ratio = { { value = function(_, ref) return 1 / ref.ratio end, say = "upside down: the slow stroke's time over the fast one's is above 1." } },
        stroke = { { value = function(d) return 2 * d.L1 end, say = "that is the crank's diameter; the slider's travel follows link 3's swing." } },
      },
      model = quick_return,
      hints = {
        "The slider is at an end of its stroke where its velocity changes sign: find those two times.",
        "r = m:kinematics{ tf = 2*pi/omega, dt = ... }; r:body(\"slider\").x and .vx; interpolate the sign changes.",
        "Link 3 is at its extremes when the crank is at right angles to QA: the crank then turns 180 + 2 asin(L1/a) degrees one way.",
      } },

    ------------------------------------------------------------------ 12.6
    { number = "12.6",
      title = "The dwell mechanism's kinematics",
      text = [[
Analyse the six-bar dwell mechanism of Sec. 15.4 with examples/six_bar_dwell.lua's design (the
book's dimensions are in its figure; this design is ours): Hoekens' four-bar (crank 0.1 m about
O = (0, 0), coupler 0.25 m, its point P 0.5 m out along it, rocker 0.25 m about Q = (0.2, 0)), P
carrying a block that slides in the output link's slot, the output pivoted at G below. The
crank starts at 180 degrees and turns once in 1 s. Find the output's whole swing, how much it
moves while the crank turns from 100 to 260 degrees (the dwell), and the crank's angle (0 to
360 degrees) where the output is farthest from its angle at 180 degrees.]],
      build = "the model of examples/six_bar_dwell.lua with G moved; m:kinematics{ tf = 1, dt = 1/360 }",
      data = {
        { name = "G", value = { 0.55, 0.4 }, unit = "m", what = "the output's pivot", ours = true,
          vary = function(rand) return { 0.505 + math.floor(90 * rand()) / 1000, 0.4 } end },
      },
      valid = function(d) return d.G[1] > 0.5 and d.G[1] < 0.6 end,
      asks = {
        { name = "swing", what = "the output's whole swing", unit = "deg" },
        { name = "dwell", what = "its swing while the crank turns 100 to 260 degrees", unit = "deg", tol = 5e-3 },
        { name = "far", what = "the crank angle where the output is farthest from its dwell", unit = "deg", tol = 2e-3 },
      },
      answers = function(d) return dwell_answers(d) end,
      verify = function(d) return dwell_by_hand(d) end,
      mistakes = {
        swing = { { value = function(_, ref) return math.rad(ref.swing) end, say = "that is in radians; this answer is in degrees." } },
      },
      model = dwell,
      hints = {
        "While P runs along Hoekens' nearly straight line through G, the slot hardly turns: that is the dwell.",
        "r = m:kinematics{ tf = 1, dt = 1/360 }; the crank is at 180 + 360 t degrees; r:body(\"output\").angle.",
        "The output's angle is the direction from G to P: atan2 of P - G.",
      } },

    ------------------------------------------------------------------ 12.7
    { number = "12.7",
      title = "The film-strip advancer: hole spacing and film speed",
      text = [[
Take the film-strip advancer of Ex. 12.5 with its data.m geometry (RQ = (-3, 4.5), links 1.5,
5, 3; lengths in cm as the book's figure gives them), the claw P2 on the coupler at LP2 and
beta2 below, the crank turning clockwise from 30 degrees at omega. P2 pulls the film while it
moves down, from its highest point to its lowest; the film advances one hole per turn. Find the
sprocket holes' spacing (P2's fall from its highest to its lowest point), the film's mean speed
while it is pulled, and its mean speed over a whole turn.]],
      build = "mb.example(\"four_bar_program\", {...}) with the data, or examples/film_strip.lua; m:kinematics over a turn; r:path(\"P2\")",
      data = {
        { name = "LP2", value = 10.5, unit = "cm", what = "P2's distance from A on the coupler", vary = { abs = 0.5 } },
        { name = "beta2", value = 2.73, unit = "deg", what = "its angle from the coupler", vary = { abs = 0.5 } },
        { name = "omega", value = -60 * math.pi, unit = "rad/s", what = "the crank's rate (1800 rpm clockwise)",
          vary = { range = { -220, -160 }, step = 0.1 } },
      },
      asks = {
        { name = "spacing", what = "the holes' spacing", unit = "cm" },
        { name = "v_pull", what = "the film's mean speed while pulled", unit = "cm/s" },
        { name = "v_mean", what = "its mean speed over a turn", unit = "cm/s" },
      },
      answers = film_answers,
      verify = film_by_hand,
      mistakes = {
        v_mean = { { value = function(_, ref) return ref.spacing / tau end,
          say = "that is for data.m's omega1 = -1 rad/s; the projector's crank turns at 60 pi rad/s (1800 rpm)." } },
        v_pull = { { value = function(_, ref) return ref.v_mean end,
          say = "that is the mean over the whole turn: the film moves only while P2 pulls it." } },
      },
      model = function(d) return four_bar(film_strip_data(d)) end,
      hints = {
        "The film moves with P2 only while the claw goes down; between pulls it stands.",
        "r = m:kinematics{ tf = 2*pi/|omega|, dt = ... }; p = r:path(\"P2\"): its highest and lowest y, and when.",
        "One hole per turn: the mean speed over a turn is the spacing times the turns per second.",
      } },

    ------------------------------------------------------------------ 12.8
    { number = "12.8",
      title = "The web cutter: crank angle and web speed at the cut",
      text = [[
Take the web cutter of Ex. 12.7 (its kap data: RQ = (0.65, -0.1), links 0.1, 0.7 and 1.0 m, the
blades C = P2 at 1.0 m and -36.87 degrees on the coupler and D = P3 at 0.82 m on the rocker at
beta3 below), the crank turning CCW from 30 degrees at omega. The blades cut where C comes down
through D's height (y_C - y_D falls through zero). Give the crank's angle then (0 to 360
degrees), and the speed the web must have: the mean of the two blades' x velocities then.]],
      build = "mb.example(\"four_bar_program\") with the data; m:kinematics over a turn; r:path(\"P2\"), r:path(\"P3\")",
      data = {
        { name = "beta3", value = -37.57, unit = "deg", what = "D's angle on the rocker", vary = { abs = 1, step = 0.01 } },
        { name = "omega", value = tau, unit = "rad/s", what = "the crank's rate (60 rpm)",
          vary = { range = { 4.5, 8 }, step = 0.01 } },
      },
      asks = {
        { name = "crank", what = "the crank's angle at the cut", unit = "deg" },
        { name = "web", what = "the web's velocity (mean blade x velocity)", unit = "m/s" },
      },
      answers = web_answers,
      verify = web_by_hand,
      mistakes = {
        crank = { { value = function(_, ref) return (ref.crank - 30) % 360 end,
          say = "that is how far the crank turned from its start; give its angle." } },
      },
      model = function(d) return four_bar(web_cutter_data(d)) end,
      hints = {
        "delta = y_C - y_D starts positive; the cut is where it first falls through zero.",
        "Sample a turn finely (r:path(\"P2\").y - r:path(\"P3\").y) and interpolate the sign change; the crank is at 30 + omega t in degrees.",
        "The velocities at the cut: run the kinematics again from that crank angle, or interpolate r:path(...).vx.",
      } },

    ------------------------------------------------------------------ 12.9
    { number = "12.9",
      title = "The film-strip advancer's motor torque",
      text = [[
Inverse dynamics of Problem 12.7's film-strip advancer (here in metres: RQ = (-0.03, 0.045), links
0.015, 0.05, 0.03 m, P2 at LP2 on the coupler; masses and moments of inertia of Table 15.1,
mass centres as Sec. 15.1 puts them: link 1 with its motor at O, link 2 at B, link 3 at its
middle; no gravity). While P2 pulls the film (moves down) the film pushes back on it with f
upwards. Give the motor's torque on the crank over one turn, every 1/12 of the period from t =
0 (13 values), and the part of it at t = 0 that is due to the film alone.]],
      build = "the model, a user force on the coupler at P2; m:inverse_dynamics over a turn; r:reaction(\"motor\").torque",
      data = {
        { name = "f", value = 1.0, unit = "N", what = "the film's resistance while pulled", vary = 0.5 },
        { name = "LP2", value = 0.105, unit = "m", what = "P2's distance from A", vary = { abs = 0.005, step = 0.0001 } },
        { name = "beta2", value = 2.73, unit = "deg", what = "its angle from the coupler" },
        { name = "omega", value = -60 * math.pi, unit = "rad/s", what = "the crank's rate (1800 rpm clockwise)",
          vary = { range = { -220, -160 }, step = 0.1 } },
      },
      asks = {
        { name = "torque", what = "the motor's torque, 13 values over a turn", unit = "N m", kind = "series" },
        { name = "film_part", what = "the film's share of the torque at t = 0", unit = "N m" },
      },
      answers = function(d)
        local dd = { LP2 = d.LP2 * 100, beta2 = d.beta2, omega = d.omega }
        local period = tau / math.abs(d.omega)
        local function run(f)
          return film_strip_with_drag(dd, f):inverse_dynamics { tf = period, dt = period / 12 }
        end
        local with, without = run(d.f), run(0)
        return { torque = copy(with:reaction("motor").torque),
          film_part = with:reaction("motor").torque[1] - without:reaction("motor").torque[1] }
      end,
      verify = function(d)
        -- ID2: the power balance on the kinematics, the film's power f vy at P2
        local dd = { LP2 = d.LP2 * 100, beta2 = d.beta2, omega = d.omega }
        local period = tau / math.abs(d.omega)
        local m = film_strip_with_drag(dd, d.f)
        local r = m:kinematics { tf = period, dt = period / 12 }
        local p = r:path("P2")
        local function film(i) return p.vy[i] < 0 and d.f * p.vy[i] or 0 end
        local out = {}
        for i = 1, #r.t do out[i] = power_balance(m, r, i, d.omega, film) end
        return { torque = out, film_part = -film(1) / d.omega }
      end,
      mistakes = {
        film_part = { { value = function(_, ref) return -ref.film_part end,
          say = "the sign: the crank turns clockwise (omega < 0), so a torque that feeds power in is negative." } },
      },
      model = function(d) return film_strip_with_drag({ LP2 = d.LP2 * 100, beta2 = d.beta2, omega = d.omega }, d.f) end,
      hints = {
        "The film's force acts only while P2 moves down: a user force that reads P2's velocity from the state.",
        "r = m:inverse_dynamics{ tf = T, dt = T/12 }; r:reaction(\"motor\").torque. Run it with f = 0 too for the film's share.",
        "Power balance (ID2): torque times omega plus the film's power f vy equals the rate of the kinetic energy.",
      } },

    ------------------------------------------------------------------ 12.10
    { number = "12.10",
      title = "The small dumpster's motor torque",
      text = [[
The dumpster's dimensions are in the book's figure only, so ours: a crank-rocker whose rocker
is the container, pinned to the ground at Q = (0.5, 0) m; the crank (0.25 m, with its motor,
mass centre at O) turns about O = (0, 0); a link of 0.55 m joins the crank's pin to the
container's point B, 0.35 m from Q; the container's mass centre (container and load) is 0.6 m
from Q at the angle offset from QB (it rises as the container turns). It starts at rest at the end of its swing (crank and link
in line) and the motor turns the crank CCW at omega; the container turns 90 degrees, then the
motor stops. By inverse dynamics (gravity 9.81 m/s^2 down) find when the container has turned
90 degrees, the motor's torque at the start, and the torque of largest magnitude on the way
(with its sign).]],
      build = "a four-bar model; m:inverse_dynamics{ tf = ..., dt = 0.05 }; r:reaction(\"motor\").torque",
      data = {
        { name = "omega", value = math.pi / 20, unit = "rad/s", what = "the crank's rate, CCW (pi/20)", vary = { rel = 0.3, step = 0.001 } },
        { name = "m", value = { 2, 1, 50 }, unit = "kg", what = "crank (and motor), link, container", vary = 0.2 },
        { name = "J", value = { 0.5, 0.01, 2.5 }, unit = "kg m^2", what = "their moments of inertia" },
        { name = "offset", value = -40, unit = "deg", what = "the mass centre's angle from QB", ours = true, vary = { abs = 5, step = 1 } },
      },
      asks = {
        { name = "t_up", what = "when the container has turned 90 degrees", unit = "s" },
        { name = "torque0", what = "the motor's torque at t = 0", unit = "N m" },
        { name = "peak", what = "the torque of largest magnitude before it stops", unit = "N m", tol = 2e-3 },
      },
      answers = function(d) return (dump_answers(d)) end,
      verify = dump_by_hand,
      mistakes = {
        t_up = { { value = function(d) return (math.pi / 2) / d.omega end,
          say = "the container is the rocker, not the crank: it turns 90 degrees while the crank turns more." } },
      },
      model = dumpster,
      hints = {
        "Inverse dynamics gives the driver's torque from the prescribed motion: M c'' - h = D' lambda, the motor's lambda among them.",
        "r = m:inverse_dynamics{ tf = 30, dt = 0.05 }; the container's angle in r:body(\"container\").angle; interpolate where it has turned pi/2.",
        "Check a torque by power: torque times omega = d(kinetic energy)/dt + m g (vertical speed), summed over the bodies.",
      } },

    ------------------------------------------------------------------ 12.11
    { number = "12.11",
      title = "kap revised: three inversions of an offset slider-crank",
      text = [[
The book's figure shows three inversions of a slider-crank with an offset; ours, each with the
crank L1 about O = (0, 0) turning CCW from 0 at omega:
  1. a slider on the line y = -e, joined to the crank's pin A by a rod L2;
  2. a link pivoted at Q = (0, -q2), inside the crank's circle, whose slot passes e from Q
     (A on its left) and holds A: the link turns fully (the Whitworth quick return);
  3. the same slotted link pivoted at Q = (q3, 0), outside the circle: it rocks.
Over one turn find: (1) the slider's stroke and the ratio of its slow and fast strokes' times;
(2) the link's angular velocity at t = 0, and the crank angle turned while the link turns its
first half turn; (3) the link's swing, and its angular velocity at t = 0.]],
      build = "three models (rev-tran joints for the slots); m:kinematics over a turn each",
      data = {
        { name = "L1", value = 0.1, unit = "m", what = "the crank", ours = true, vary = 0.1 },
        { name = "L2", value = 0.3, unit = "m", what = "the rod (inversion 1)", ours = true, vary = 0.1 },
        { name = "e", value = 0.03, unit = "m", what = "the offset", ours = true, vary = 0.3 },
        { name = "q2", value = 0.05, unit = "m", what = "Q below O (inversion 2)", ours = true, vary = 0.2 },
        { name = "q3", value = 0.25, unit = "m", what = "Q right of O (inversion 3)", ours = true, vary = 0.1 },
        { name = "omega", value = tau, unit = "rad/s", what = "the crank's rate", ours = true, vary = { rel = 0.3, step = 0.01 } },
      },
      valid = function(d) return d.e < 0.5 * (d.L2 - d.L1) and d.q2 + d.e < 0.8 * d.L1 and d.q3 - d.L1 > 2 * d.e end,
      asks = {
        { name = "stroke1", what = "(1) the slider's stroke", unit = "m" },
        { name = "ratio1", what = "(1) slow stroke's time over fast stroke's", unit = "" },
        { name = "omega2", what = "(2) the link's angular velocity at t = 0", unit = "rad/s" },
        { name = "half2", what = "(2) the crank's turn while the link turns 180 deg", unit = "deg" },
        { name = "swing3", what = "(3) the link's swing", unit = "deg" },
        { name = "omega3", what = "(3) the link's angular velocity at t = 0", unit = "rad/s" },
      },
      answers = function(d) return inversions_answers(d) end,
      verify = function(d)
        -- the dead centres and the slot's angle by hand; the stroke also
        -- through the vector loops of Ch. 5
        local out = inversions_by_hand(d)
        local v = inversions_answers(d, "vector")
        out.swing3 = 0.5 * (out.swing3 + v.swing3)
        return out
      end,
      mistakes = {
        stroke1 = { { value = function(d) return 2 * d.L1 end,
          say = "2 L1 is the stroke without an offset; with one the dead centres are not opposite, and the stroke is longer." } },
        ratio1 = { { value = 1, say = "with an offset the two strokes take different times." } },
      },
      model = function(d) return inversion1(d) end,
      hints = {
        "A slot whose line passes e from the pivot is a rev-tran joint with length = e (mind its sign).",
        "Each answer is read off a run over one turn: r:body(\"slider\").x and .vx, r:body(\"link\").angle and .omega.",
        "The slider's dead centres are where crank and rod are in line: sqrt((L2 + L1)^2 - e^2) and sqrt((L2 - L1)^2 - e^2) from O along x.",
      } },

    ------------------------------------------------------------------ 12.12
    { number = "12.12",
      title = "idap revised: the offset slider-crank's motor torque",
      text = [[
Inverse dynamics of inversion 1 of Problem 12.11 (the offset slider-crank with its data), with
our masses and moments of inertia below, gravity 9.81 m/s^2 down, mass centres at the links'
middles and the slider's pin, and a horizontal force f on the slider. Give the motor's torque
on the crank every 1/12 of a turn from t = 0 (13 values), and the pin O's force on the crank at
t = 0 {fx, fy}.]],
      build = "inversion 1 of 12.11 with masses and a force; m:inverse_dynamics; r:reaction(\"motor\"), r:reaction(\"O\")",
      data = {
        { name = "L1", value = 0.1, unit = "m", what = "the crank", ours = true, vary = 0.1 },
        { name = "L2", value = 0.3, unit = "m", what = "the rod", ours = true, vary = 0.1 },
        { name = "e", value = 0.03, unit = "m", what = "the offset", ours = true, vary = 0.3 },
        { name = "omega", value = tau, unit = "rad/s", what = "the crank's rate", ours = true, vary = { rel = 0.3, step = 0.01 } },
        { name = "m", value = { 1, 2, 3 }, unit = "kg", what = "crank, rod, slider", ours = true, vary = 0.3 },
        { name = "J", value = { 0.001, 0.015, 0.01 }, unit = "kg m^2", what = "their moments of inertia", ours = true, vary = 0.3 },
        { name = "f", value = -20, unit = "N", what = "the force on the slider (along x)", ours = true, vary = 0.5 },
      },
      valid = function(d) return d.e < 0.5 * (d.L2 - d.L1) end,
      asks = {
        { name = "torque", what = "the motor's torque, 13 values over a turn", unit = "N m", kind = "series" },
        { name = "pin_O", what = "pin O's force on the crank at t = 0 {fx, fy}", unit = "N" },
      },
      answers = function(d)
        local r = idap_run(d)
        local o = r:reaction("O")
        -- r:reaction gives the force on the joint's second body, the ground here
        return { torque = copy(r:reaction("motor").torque), pin_O = { -o.fx[1], -o.fy[1] } }
      end,
      verify = function(d)
        -- ID2 (power) for the torque on the same motion; pin O from the
        -- joint-coordinate formulation (a second formulation)
        local m = inversion1(d, { m = d.m, J = d.J, f = d.f, gravity = true })
        local period = tau / d.omega
        local r = m:kinematics { tf = period, dt = period / 12 }
        local s = r:body("slider")
        local out = {}
        for i = 1, #r.t do out[i] = power_balance(m, r, i, d.omega, function(k) return d.f * s.vx[k] end) end
        local o = idap_run(d, "joint"):reaction("O")
        return { torque = out, pin_O = { -o.fx[1], -o.fy[1] } }
      end,
      mistakes = {
        pin_O = { { value = function(_, ref) return { -ref.pin_O[1], -ref.pin_O[2] } end,
          say = "that is the crank's force on the ground: r:reaction gives the force on the joint's second body, here the ground." } },
      },
      model = function(d) return inversion1(d, { m = d.m, J = d.J, f = d.f, gravity = true }) end,
      hints = {
        "idap solves D' lambda = M c'' - h at every time: the motor's multiplier is its torque (ID1).",
        "r = m:inverse_dynamics{ tf = T, dt = T/12 }; r:reaction(\"motor\").torque; r:reaction(\"O\") is the force on the joint's second body.",
        "Check the torque by power (ID2): torque times omega = sum of m a.v + J alpha omega, less the power of gravity and f.",
      } },
  },
}
