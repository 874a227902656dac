-- SPDX-License-Identifier: GPL-3.0-or-later
-- The problems of Chapter 5 (Sec. 5.4): open chains written as sums of
-- vectors, closed chains as vector loops solved at each crank angle. Open
-- chains are worked with mb.vec from Eqs. 5.6-5.13; closed ones with the
-- workbench's vector-loop kinematics (m:kinematics{ formulation = "vector" },
-- Ch. 5's method), each checked against body coordinates (Ch. 7) or a closed
-- form by hand. The book's figures of Sec. 15 hold the applications'
-- dimensions: the examples' own (ours) are used and the sheets say so.
local vec = mb.vec
local tau = 2 * math.pi

-- whether a model's crank can stand where it starts: one kinematic step
local function assembles(build)
  return pcall(function() build():kinematics { tf = 1e-6, dt = 1e-6 } end)
end

-- d/dt and d2/dt2 at 0 of a function of time f(t) -> {x, y}, by central differences
local function rate(f, h)
  local a, c = f(h), f(-h)
  return { (a[1] - c[1]) / (2 * h), (a[2] - c[2]) / (2 * h) }
end
local function rate2(f, h)
  local a, b, c = f(h), f(0), f(-h)
  return { (a[1] - 2 * b[1] + c[1]) / (h * h), (a[2] - 2 * b[2] + c[2]) / (h * h) }
end

-- one full turn of a crank at rate omega in 5 degree steps: 72 samples
local function turn_kinematics(m, omega, formulation)
  local period = tau / math.abs(omega)
  return m:kinematics { formulation = formulation, tf = period * 71 / 72, dt = period / 72 }
end

-- a point's path over a run, as rows {{x, y}, ...}
local function path_rows(k, point)
  local p = k:path(point)
  local out = {}
  for i = 1, #p.x do out[i] = { p.x[i], p.y[i] } end
  return out
end

------------------------------------------------------------------ open chains

-- Problems 5.3 and 5.4: the triple pendulum's mass centres (Eqs. 5.9-5.13);
-- u2 and u3 at the angles t2, t3 (absolute) and their rates w2, w3.
local function triple(L1, L2, L3, t1, w1, a1, t2, w2, a2, t3, w3, a3)
  local u1, u2, u3 = vec.unit(t1), vec.unit(t2), vec.unit(t3)
  local n1, n2, n3 = vec.rot(u1), vec.rot(u2), vec.rot(u3)
  local S = vec.scale
  local r = { S(L1, u1), vec.add(S(-L3, n1), S(L2, u2)), vec.add(S(L3, n1), S(L2, u3)) }
  local v = { S(L1 * w1, n1), vec.add(S(L3 * w1, u1), S(L2 * w2, n2)), vec.add(S(-L3 * w1, u1), S(L2 * w3, n3)) }
  local a = {
    vec.sub(S(L1 * a1, n1), S(L1 * w1 ^ 2, u1)),
    vec.add(vec.add(S(L3 * a1, u1), S(L3 * w1 ^ 2, n1)), vec.sub(S(L2 * a2, n2), S(L2 * w2 ^ 2, u2))),
    vec.add(vec.add(S(-L3 * a1, u1), S(-L3 * w1 ^ 2, n1)), vec.sub(S(L2 * a3, n3), S(L2 * w3 ^ 2, u3))),
  }
  return { r = r, v = v, a = a }
end

-- the same positions by hand, at time t along constant accelerations
local function triple_path(d, k, relative)
  return function(t)
    local function at(i) return d.theta[i] + d.thetad[i] * t + d.thetadd[i] * t * t / 2 end
    local t1, t2, t3 = at(1), at(2), at(3)
    if relative then t2, t3 = t1 - math.pi / 2 + t2, t1 - math.pi / 2 + t3 end
    local c1, s1 = math.cos(t1), math.sin(t1)
    local pts = {
      { d.L1 * c1, d.L1 * s1 },
      { d.L3 * s1 + d.L2 * math.cos(t2), -d.L3 * c1 + d.L2 * math.sin(t2) },
      { -d.L3 * s1 + d.L2 * math.cos(t3), d.L3 * c1 + d.L2 * math.sin(t3) },
    }
    return pts[k]
  end
end
local function triple_by_hand(d, relative)
  local out = { r = {}, v = {}, a = {} }
  for k = 1, 3 do
    local f = triple_path(d, k, relative)
    out.r[k], out.v[k], out.a[k] = f(0), rate(f, 1e-5), rate2(f, 1e-4)
  end
  return out
end

local triple_data = function(theta, thetad, thetadd)
  return {
    { name = "L1", value = 0.20, unit = "m", what = "to pendulum 1's mass centre", vary = 0.2 },
    { name = "L2", value = 0.15, unit = "m", what = "the side pendulums' arms", vary = 0.2 },
    { name = "L3", value = 0.15, unit = "m", what = "half the T-bar", vary = 0.2 },
    { name = "theta", value = theta, unit = "deg", what = "theta1, theta2, theta3", vary = { abs = 15, step = 1 } },
    { name = "thetad", value = thetad, unit = "rad/s", what = "their rates", vary = 0.4 },
    { name = "thetadd", value = thetadd, unit = "rad/s^2", what = "their accelerations", vary = 0.4 },
  }
end

------------------------------------------------------------------ slider-cranks

-- An offset slider-crank (Fig. 5.10): crank L1 about O, rod L2, the slider
-- on the line y = -a; the crank at theta turning at omega.
local function offset_slider_crank(L1, L2, a, theta, omega)
  local m = mb.model { name = "offset slider-crank", gravity = { 0, 0 } }
  local A = vec.scale(L1, vec.unit(theta))
  local B = { A[1] + math.sqrt(L2 ^ 2 - (A[2] + a) ^ 2), -a }
  m:body { name = "crank", mass = 1, inertia = 0.01, pos = vec.scale(0.5, A), angle = theta }
  m:body { name = "rod", mass = 1, inertia = 0.01, pos = vec.scale(0.5, vec.add(A, B)), angle = vec.angle(vec.sub(B, A)) }
  m:body { name = "slider", mass = 1, inertia = 0.01, pos = B }
  m:point { name = "O", body = "ground" }
  m:point { name = "R", body = "ground", at = { 0, -a } }
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
  m:joint { name = "motor", type = "driver", joint = "O", fn = function(t) return theta + omega * t end }
  return m
end

-- the slider's velocity by hand (Eq. 5.19's derivatives), crank at t1, rate w
local function slider_speed(L1, L2, a, t1, w)
  local t2 = math.asin(-(L1 * math.sin(t1) + a) / L2)
  local w2 = -L1 * math.cos(t1) * w / (L2 * math.cos(t2))
  return -L1 * math.sin(t1) * w - L2 * math.sin(t2) * w2
end

-- the slower stroke's time over the faster's, from the dead centres
local function stroke_ratio_dead_centres(L1, L2, a)
  local te = math.asin(-a / (L1 + L2))          -- crank and rod in line, stretched
  local tf = math.pi - math.asin(a / (L2 - L1)) -- folded
  local forward = (te + tau) - tf               -- folded to stretched, turning forward
  local back = tf - te
  return math.max(forward, back) / math.min(forward, back)
end

-- the same from where the slider's velocity changes sign (bisection)
local function stroke_ratio_by_speed(L1, L2, a)
  local zeros, n = {}, 720
  local function v(t) return slider_speed(L1, L2, a, t, 1) end
  for i = 0, n - 1 do
    local lo, hi = tau * i / n, tau * (i + 1) / n
    if v(lo) * v(hi) < 0 then
      for _ = 1, 60 do
        local mid = (lo + hi) / 2
        if v(lo) * v(mid) <= 0 then hi = mid else lo = mid end
      end
      zeros[#zeros + 1] = (lo + hi) / 2
    end
  end
  local one = zeros[2] - zeros[1]
  return math.max(one, tau - one) / math.min(one, tau - one)
end

local function offset_sweep(d, a)
  local k = turn_kinematics(offset_slider_crank(d.L1, d.L2, a, 0, tau), tau, "vector")
  local vx = k:body("slider").vx
  local out = {}
  for i = 1, #vx do out[i] = vx[i] end
  return out
end
local function offset_sweep_by_hand(d, a)
  local out = {}
  for i = 1, 72 do out[i] = slider_speed(d.L1, d.L2, a, math.rad(5 * (i - 1)), tau) end
  return out
end

-- Ex. 5.1's slider-crank as Newton solves it from an estimate (Eq. 5.14)
local function slider_crank_newton(L1, L2, theta1, guess)
  local function f(q)
    local t2, x = q[1], q[2]
    return { L1 * math.cos(theta1) + L2 * math.cos(t2) - x, L1 * math.sin(theta1) + L2 * math.sin(t2) },
      { { -L2 * math.sin(t2), -1 }, { L2 * math.cos(t2), 0 } }
  end
  local x = mb.newton(f, guess, { tol = 1e-12, max_iterations = 50 })
  return x[1], x[2]
end
local function slider_crank_closed(L1, L2, theta1, assembly)
  local t2 = math.asin(-L1 * math.sin(theta1) / L2)
  if assembly == 2 then t2 = math.pi - t2 end
  return t2, L1 * math.cos(theta1) + L2 * math.cos(t2)
end

------------------------------------------------------------------ four-bars

-- the four-bar of Ex. 5.2 by hand: the coupler point at crank angle t1
local function four_bar_point(d, t1, beta)
  local A = vec.scale(d.L1, vec.unit(t1))
  local Q = { d.L0, 0 }
  -- B where circles about A (L2) and Q (L3) meet, on the assembly of Ex. 5.2 (B above AQ)
  local dx, dy = Q[1] - A[1], Q[2] - A[2]
  local dist = math.sqrt(dx * dx + dy * dy)
  local along = (d.L2 ^ 2 - d.L3 ^ 2 + dist * dist) / (2 * dist)
  local h = math.sqrt(d.L2 ^ 2 - along ^ 2)
  local B = { A[1] + (along * dx - h * dy) / dist, A[2] + (along * dy + h * dx) / dist }
  local t2 = vec.angle(vec.sub(B, A))
  return vec.add(A, vec.scale(0.2, vec.unit(t2 + beta)))
end

local function four_bar_model(d, beta)
  return mb.example("four_bar_ch5", { omega = tau, L = { d.L1, d.L2, d.L3 }, ground = d.L0, beta = beta })
end

local function grashof_crank(d)
  local L = { d.L0, d.L1, d.L2, d.L3 }
  table.sort(L)
  return d.L1 == L[1] and L[1] + L[4] < L[2] + L[3] - 0.01
end

------------------------------------------------------------------ applications (Ch. 15)

-- a model's body angle or point coordinate over one crank turn, two formulations
local function swing(m, omega, formulation, body)
  local k = turn_kinematics(m, omega, formulation)
  local b = k:body(body)
  local angle, rate = {}, {}
  for i = 1, #b.angle do angle[i], rate[i] = b.angle[i], b.omega[i] end
  return angle, rate, k
end

local function spread(list, from, to)
  local lo, hi = math.huge, -math.huge
  for i = from or 1, to or #list do lo, hi = math.min(lo, list[i]), math.max(hi, list[i]) end
  return hi - lo
end

local function largest_speed(k, point)
  local p, top = k:path(point), 0
  for i = 1, #p.vx do top = math.max(top, math.sqrt(p.vx[i] ^ 2 + p.vy[i] ^ 2)) end
  return top
end

-- The applications of Sec. 15 through the examples and the book's four-bar
-- program (examples/four_bar_program.lua).
local function four_bar_program() return loadfile(mb.core.paths.examples .. "/four_bar_program.lua")("model") end

-- the film-strip advancer (Sec. 15.1) with the crank at omega
local function film_strip(d)
  local _, data = loadfile(mb.core.paths.examples .. "/film_strip.lua")("model")
  local copy = {}
  for k, v in pairs(data) do copy[k] = v end
  copy.omega1 = d.omega
  return four_bar_program()(copy)
end

-- the web cutter (Sec. 15.2, Ex. 12.7's data) with the crank at omega
local function web_cutter(d)
  return four_bar_program() {
    name = "web cutter", RQ = { 0.65, -0.1 }, L = { 0.1, 0.7, 1.0 }, LP = { 0, 1.0, 0.82 },
    beta = { 0, -36.87, -37.57 }, theta = { 30, 90, 140 }, omega1 = d.omega, m = { 1, 10, 10 },
    J = { 1.0, 5.0, 5.0 }, LG = { 0, 0.52, 0.68 }, gamma = { 0, -16.7, -17.1 }, g = 9.81 }
end

-- its blades over a turn in 1 degree steps: paths every 5 degrees, and
-- their x velocities at the cut: where they come nearest while C comes
-- down past D. They pass within the same 2 mm again on the way back up
-- (at 240 degrees against the cut's 103, the two gaps equal to 1e-7 m), so
-- the nearest step alone may pick the wrong pass (apart = true: that one).
local function web_cut(d, formulation, apart)
  local period = tau / math.abs(d.omega)
  local k = web_cutter(d):kinematics { formulation = formulation, tf = period * 359 / 360, dt = period / 360 }
  local C, D = k:path("P2"), k:path("P3")
  local out = { path_C = {}, path_D = {} }
  local nearest, gap = 1, math.huge
  for i = 1, #C.x do
    if (i - 1) % 5 == 0 then
      out.path_C[#out.path_C + 1] = { C.x[i], C.y[i] }
      out.path_D[#out.path_D + 1] = { D.x[i], D.y[i] }
    end
    local g = math.sqrt((C.x[i] - D.x[i]) ^ 2 + (C.y[i] - D.y[i]) ^ 2)
    if g < gap and (C.vy[i] < D.vy[i]) ~= (apart == true) then nearest, gap = i, g end
  end
  out.vx_C, out.vx_D = C.vx[nearest], D.vx[nearest]
  return out
end

-- The same by hand, without a model: at each crank angle B where the
-- circles about A (coupler) and Q (rocker) meet, on the side the start's
-- estimates (90 and 140 degrees) pick, a crank-rocker keeping it; the rates
-- from the loop's derivative L2 u2~ w2 - L3 u3~ w3 = -L1 u1~ w1; C and D at
-- Ex. 12.7's distances and angles on the coupler and the rocker.
local function web_cut_by_hand(d)
  local Q, L1, L2, L3 = { 0.65, -0.1 }, 0.1, 0.7, 1.0
  local LC, bC, LD, bD = 1.0, math.rad(-36.87), 0.82, math.rad(-37.57)
  local function meet(A, side)
    local dx, dy = Q[1] - A[1], Q[2] - A[2]
    local dist = math.sqrt(dx * dx + dy * dy)
    local along = (L2 * L2 - L3 * L3 + dist * dist) / (2 * dist)
    local h = side * math.sqrt(L2 * L2 - along * along)
    return { A[1] + (along * dx - h * dy) / dist, A[2] + (along * dy + h * dx) / dist }
  end
  local A0 = vec.scale(L1, vec.unit(math.rad(30)))
  local side = math.abs(vec.angle(vec.sub(meet(A0, 1), A0)) - math.rad(90))
    < math.abs(vec.angle(vec.sub(meet(A0, -1), A0)) - math.rad(90)) and 1 or -1
  local out = { path_C = {}, path_D = {} }
  local nearest, gap = nil, math.huge
  for i = 0, 359 do
    local t1 = math.rad(30 + i)
    local A = vec.scale(L1, vec.unit(t1))
    local B = meet(A, side)
    local t2, t3 = vec.angle(vec.sub(B, A)), vec.angle(vec.sub(B, Q))
    -- [L2 n2, -L3 n3] {w2; w3} = -L1 n1 w1, by Cramer's rule
    local n1, n2, n3 = vec.rot(vec.unit(t1)), vec.rot(vec.unit(t2)), vec.rot(vec.unit(t3))
    local a, b, c, e = L2 * n2[1], -L3 * n3[1], L2 * n2[2], -L3 * n3[2]
    local r1, r2 = -L1 * n1[1] * d.omega, -L1 * n1[2] * d.omega
    local det = a * e - b * c
    local w2, w3 = (r1 * e - b * r2) / det, (a * r2 - c * r1) / det
    local C = vec.add(A, vec.scale(LC, vec.unit(t2 + bC)))
    local D = vec.add(Q, vec.scale(LD, vec.unit(t3 + bD)))
    local vC = vec.add(vec.scale(L1 * d.omega, n1), vec.scale(LC * w2, vec.rot(vec.unit(t2 + bC))))
    local vD = vec.scale(LD * w3, vec.rot(vec.unit(t3 + bD)))
    if i % 5 == 0 then
      out.path_C[#out.path_C + 1], out.path_D[#out.path_D + 1] = C, D
    end
    local g = vec.norm(vec.sub(C, D))
    if g < gap and vC[2] < vD[2] then nearest, gap = { vC[1], vD[1] }, g end
  end
  out.vx_C, out.vx_D = nearest[1], nearest[2]
  return out
end

-- A suspension (Secs. 15.6, 15.7) with its lower arm swinging as
-- start + swing sin(2 pi t) by a driver on the pin Q (angle(i) - angle(j) =
-- fn, i and j the bodies of the pin's points in their order).
local suspensions = {
  aa = { sign = 1, start = -0.0367, body = "wheel" },        -- Q: lower arm first
  macpherson = { sign = -1, start = 0, body = "knuckle", point = "C1" }, -- Q: ground first
}
local function suspension_model(d, which)
  local s = suspensions[which]
  local m = mb.example(which)
  m:joint { name = "sweep", type = "driver", joint = "Q",
    fn = function(t) return s.sign * (s.start + d.swing * math.sin(tau * t)) end }
  return m
end
local function suspension(d, which, formulation)
  local s = suspensions[which]
  local k = suspension_model(d, which):kinematics { formulation = formulation, tf = 1, dt = 0.1 }
  local b = k:body(s.body)
  local out = { path = {}, angle = {} }
  local p = s.point and k:path(s.point)
  for i = 1, #b.x do
    out.path[i] = p and { p.x[i], p.y[i] } or { b.x[i], b.y[i] }
    out.angle[i] = b.angle[i]
  end
  return out
end

return {
  chapter = 5,
  title = "Vector kinematics: chains and loops",
  problems = {
    ------------------------------------------------------------------ 5.1
    { number = "5.1",
      title = "A point of a sliding pendulum from two vector coordinates",
      text = [[
A block slides along x at the height a while a pendulum of length L swings from it: the
slide theta1 and the angle theta2 are the vector coordinates (Fig. 5.5, Eqs. 5.6-5.8).
From their values, rates and accelerations, find the position, velocity and acceleration
of the pendulum's tip A.]],
      build = "Eqs. 5.6-5.8 with mb.vec",
      data = {
        { name = "a", value = 0.01, unit = "m", what = "the guide's height", vary = 0.3 },
        { name = "L", value = 0.1, unit = "m", what = "the pendulum's length", vary = 0.3 },
        { name = "theta1", value = 0.15, unit = "m", what = "the slide", vary = 0.3 },
        { name = "theta2", value = 285, unit = "deg", what = "the pendulum's angle", vary = { abs = 30, step = 1 } },
        { name = "theta1d", value = -0.02, unit = "m/s", what = "the slide's rate", vary = 0.5 },
        { name = "theta2d", value = 0.6, unit = "rad/s", what = "the angle's rate", vary = 0.5 },
        { name = "theta1dd", value = 0.12, unit = "m/s^2", what = "the slide's acceleration", vary = 0.5 },
        { name = "theta2dd", value = -0.02, unit = "rad/s^2", what = "the angle's acceleration", vary = 0.5 },
      },
      asks = {
        { name = "rA", what = "A's position", unit = "m" },
        { name = "vA", what = "A's velocity", unit = "m/s" },
        { name = "aA", what = "A's acceleration", unit = "m/s^2" },
      },
      answers = function(d)
        local u2 = vec.unit(d.theta2)
        local n2 = vec.rot(u2)
        return {
          rA = vec.add({ d.theta1, d.a }, vec.scale(d.L, u2)),
          vA = vec.add({ d.theta1d, 0 }, vec.scale(d.L * d.theta2d, n2)),
          aA = vec.add({ d.theta1dd, 0 }, vec.sub(vec.scale(d.L * d.theta2dd, n2), vec.scale(d.L * d.theta2d ^ 2, u2))),
        }
      end,
      verify = function(d)
        local f = function(t)
          local s = d.theta1 + d.theta1d * t + d.theta1dd * t * t / 2
          local th = d.theta2 + d.theta2d * t + d.theta2dd * t * t / 2
          return { s + d.L * math.cos(th), d.a + d.L * math.sin(th) }
        end
        return { rA = f(0), vA = rate(f, 1e-5), aA = rate2(f, 1e-4) }
      end,
      mistakes = {
        aA = { { value = function(d)
            local u2 = vec.unit(d.theta2)
            return vec.add({ d.theta1dd, 0 }, vec.scale(d.L * d.theta2dd, vec.rot(u2)))
          end, say = "the pendulum's normal part -L u2 theta2'^2 is missing (Eq. 5.8)." } },
      },
      hints = {
        "r_A = a u_y + theta1 u_x + L u2 (Eq. 5.6); u2's rate is u2 turned times theta2'.",
        "Differentiate twice: the slide adds theta1'' u_x; the pendulum L u2~ theta2'' - L u2 theta2'^2.",
      } },

    ------------------------------------------------------------------ 5.2
    { number = "5.2",
      title = "Recursive kinematics of an open chain",
      text = [[
For each open chain of the book's figure, choose the vectors and the vector coordinates
(absolute angles) and write recursive expressions for the points of interest and the mass
centres. To check your method, take this chain of ours: a block slides along x at the
height a (slide theta1); a link of length L2 is pinned to it at the block's point {c, b}
from its centre, at the angle theta2; a second link of length L is pinned to the first's
far end, at the angle theta3. Find the positions, velocities and accelerations of the two
links' mass centres (their middles) and of the second link's tip.]],
      build = "recursive vector sums with mb.vec, like Eqs. 5.9-5.10",
      data = {
        { name = "a", value = 0.01, unit = "m", what = "the guide's height", vary = 0.3 },
        { name = "b", value = 0.03, unit = "m", what = "the pin's height on the block", vary = 0.3 },
        { name = "c", value = 0.02, unit = "m", what = "the pin's offset along the block", vary = 0.3 },
        { name = "L2", value = 0.06, unit = "m", what = "link 2's length", vary = 0.3 },
        { name = "L", value = 0.06, unit = "m", what = "link 3's length", vary = 0.3 },
        -- the slide within 5 cm, each angle by whole degrees within 20 (abs = 0.05
        -- on all three moved the angles by hundredths of a degree)
        { name = "theta", value = { 0.15, 285, 205 }, unit = "m, deg, deg", what = "theta1 (m), theta2, theta3 (deg)",
          vary = function(rand, v)
            return { math.floor((v[1] + (2 * rand() - 1) * 0.05) * 1000 + 0.5) / 1000,
              v[2] + math.floor(rand() * 41) - 20, v[3] + math.floor(rand() * 41) - 20 }
          end },
        { name = "thetad", value = { -0.02, 0.6, -0.5 }, unit = "m/s, rad/s", what = "their rates", vary = 0.4 },
        { name = "thetadd", value = { 0.12, -0.02, 0.05 }, unit = "m/s^2, rad/s^2", what = "their accelerations", vary = 0.4 },
      },
      asks = {
        { name = "r", what = "positions of G2, G3 and the tip, as rows", unit = "m" },
        { name = "v", what = "their velocities, as rows", unit = "m/s" },
        { name = "a", what = "their accelerations, as rows", unit = "m/s^2" },
      },
      answers = function(d)
        local s, t2, t3 = d.theta[1], math.rad(d.theta[2]), math.rad(d.theta[3])
        local sd, w2, w3 = d.thetad[1], d.thetad[2], d.thetad[3]
        local sdd, a2, a3 = d.thetadd[1], d.thetadd[2], d.thetadd[3]
        local u2, u3 = vec.unit(t2), vec.unit(t3)
        local n2, n3 = vec.rot(u2), vec.rot(u3)
        local S = vec.scale
        local B = { s + d.c, d.a + d.b }
        local C = vec.add(B, S(d.L2, u2))
        local r = { vec.add(B, S(d.L2 / 2, u2)), vec.add(C, S(d.L / 2, u3)), vec.add(C, S(d.L, u3)) }
        local vB, aB = { sd, 0 }, { sdd, 0 }
        local function vel(k2, k3) return vec.add(vec.add(vB, S(k2 * w2, n2)), S(k3 * w3, n3)) end
        local function acc(k2, k3)
          return vec.add(aB, vec.add(vec.sub(S(k2 * a2, n2), S(k2 * w2 ^ 2, u2)), vec.sub(S(k3 * a3, n3), S(k3 * w3 ^ 2, u3))))
        end
        return { r = r, v = { vel(d.L2 / 2, 0), vel(d.L2, d.L / 2), vel(d.L2, d.L) },
          a = { acc(d.L2 / 2, 0), acc(d.L2, d.L / 2), acc(d.L2, d.L) } }
      end,
      verify = function(d)
        local function at(k)
          return function(t)
            local function q(i) return d.theta[i] + d.thetad[i] * t + d.thetadd[i] * t * t / 2 end
            local s = q(1)
            local t2 = math.rad(d.theta[2]) + d.thetad[2] * t + d.thetadd[2] * t * t / 2
            local t3 = math.rad(d.theta[3]) + d.thetad[3] * t + d.thetadd[3] * t * t / 2
            local k2, k3 = ({ d.L2 / 2, d.L2, d.L2 })[k], ({ 0, d.L / 2, d.L })[k]
            return { s + d.c + k2 * math.cos(t2) + k3 * math.cos(t3), d.a + d.b + k2 * math.sin(t2) + k3 * math.sin(t3) }
          end
        end
        local out = { r = {}, v = {}, a = {} }
        for k = 1, 3 do
          local f = at(k)
          out.r[k], out.v[k], out.a[k] = f(0), rate(f, 1e-5), rate2(f, 1e-4)
        end
        return out
      end,
      written = [[
For each system of the figure: one vector coordinate per degree of freedom (a slide's
length, each link's absolute angle), each point reached by a sum of vectors from a ground
point along the chain. Velocities and accelerations follow by differentiating each term:
a slide gives theta' u and theta'' u, a link of fixed length L at angle theta gives
L u~ theta' and L u~ theta'' - L u theta'^2 (Eqs. 5.3-5.5).]],
      hints = {
        "Walk the chain from the guide: the block's pin, then along link 2, then along link 3.",
        "Each link's term L u(theta) has the rate L u~ theta' and the acceleration L u~ theta'' - L u theta'^2.",
      } },

    ------------------------------------------------------------------ 5.3
    { number = "5.3",
      title = "The triple pendulum with absolute angles",
      text = [[
For the triple pendulum of Fig. 5.6, evaluate Eqs. 5.9-5.10: the positions, velocities and
accelerations of the three mass centres for the values below (all angles absolute, from x;
the book's "215 degrees rad" means degrees).]],
      build = "a script of Eqs. 5.9-5.10 with mb.vec",
      data = triple_data({ 255, 120, 215 }, { -0.2, 0.6, -0.5 }, { 0.03, -0.02, 0.05 }),
      asks = {
        { name = "r", what = "the mass centres G1, G2, G3, as rows", unit = "m" },
        { name = "v", what = "their velocities, as rows", unit = "m/s" },
        { name = "a", what = "their accelerations, as rows", unit = "m/s^2" },
      },
      answers = function(d)
        local th, w, al = d.theta, d.thetad, d.thetadd
        return triple(d.L1, d.L2, d.L3, th[1], w[1], al[1], th[2], w[2], al[2], th[3], w[3], al[3])
      end,
      verify = function(d) return triple_by_hand(d, false) end,
      mistakes = {
        v = { { value = function(d)
            local t = triple(d.L1, d.L2, d.L3, d.theta[1], d.thetad[1], d.thetadd[1], d.theta[2], d.thetad[2],
              d.thetadd[2], d.theta[3], d.thetad[3], d.thetadd[3])
            local out = {}
            for k = 1, 3 do out[k] = t.v[k] end
            out[2] = vec.sub(out[2], vec.scale(2 * d.L3 * d.thetad[1], vec.unit(d.theta[1])))
            return out
          end, say = "the rate of -L3 u1~ is +L3 u1 theta1': turning u1~ once more reverses it." } },
      },
      hints = {
        "r_G2 = -L3 u1~ + L2 u2 (Eq. 5.9): the T-bar's arm is perpendicular to pendulum 1.",
        "The rate of u~ is -u theta'; of u, u~ theta'.",
      } },

    ------------------------------------------------------------------ 5.4
    { number = "5.4",
      title = "The triple pendulum with relative angles",
      text = [[
For the triple pendulum of Fig. 5.7, theta2 and theta3 are measured from the T-bar's
crossbar (relative), theta1 from x. Evaluate Eqs. 5.9, 5.12 and 5.13 for the values below.
The book prints theta2 = 285 degrees and theta3' = 50 (degrees?); its errata give 315
degrees and -0.3 rad/s, used here.]],
      build = "a script of Eqs. 5.12-5.13",
      data = triple_data({ 255, 315, 50 }, { -0.2, 0.8, -0.3 }, { 0.03, -0.05, 0.02 }),
      asks = {
        { name = "r", what = "the mass centres G1, G2, G3, as rows", unit = "m" },
        { name = "v", what = "their velocities, as rows", unit = "m/s" },
        { name = "a", what = "their accelerations, as rows", unit = "m/s^2" },
      },
      answers = function(d)
        local th, w, al = d.theta, d.thetad, d.thetadd
        local base = th[1] - math.pi / 2
        return triple(d.L1, d.L2, d.L3, th[1], w[1], al[1], base + th[2], w[1] + w[2], al[1] + al[2],
          base + th[3], w[1] + w[3], al[1] + al[3])
      end,
      verify = function(d) return triple_by_hand(d, true) end,
      mistakes = {
        r = { { book_data_only = true, say = "those are the positions for the book's misprinted theta2 = 285 degrees; "
            .. "its errata give 315.", value = function(d)
            local th, w, al = d.theta, d.thetad, d.thetadd
            local base = th[1] - math.pi / 2
            return triple(d.L1, d.L2, d.L3, th[1], w[1], al[1], base + math.rad(285), w[1] + w[2], al[1] + al[2],
              base + th[3], w[1] + w[3], al[1] + al[3]).r
          end } },
        v = { { value = function(d)
            local th, w, al = d.theta, d.thetad, d.thetadd
            local base = th[1] - math.pi / 2
            return triple(d.L1, d.L2, d.L3, th[1], w[1], al[1], base + th[2], w[2], al[2], base + th[3], w[3], al[3]).v
          end, say = "with relative angles the side pendulums turn at theta1' + theta2' and theta1' + theta3' (Eq. 5.12)." } },
      },
      hints = {
        "u2 is at theta1 - 90 degrees + theta2: add the angles before taking cos and sin.",
        "The rate of u2 is u2~ (theta1' + theta2'), and so on for the accelerations (Eq. 5.13).",
      } },

    ------------------------------------------------------------------ 5.5
    { number = "5.5",
      title = "The slider-crank's position by Newton from an estimate",
      text = [[
Solve the position constraints of Example 5.1's slider-crank (Eq. 5.14) numerically, as
fsolve would, instead of by the analytical formula: (a) for theta1 = 65 degrees from the
estimates theta2 = -0.4 rad and theta3 = 0.3 m; (b) for theta1 = 55 degrees from the same
estimates.]],
      build = "mb.newton on the two loop equations",
      data = {
        { name = "L1", value = 0.12, unit = "m", what = "the crank", vary = 0.2 },
        { name = "L2", value = 0.26, unit = "m", what = "the connecting rod", vary = 0.2 },
        { name = "theta1_a", value = 65, unit = "deg", what = "the crank's angle, (a)", vary = { abs = 10, step = 1 } },
        { name = "theta1_b", value = 55, unit = "deg", what = "the crank's angle, (b)", vary = { abs = 10, step = 1 } },
        { name = "guess", value = { -0.4, 0.3 }, unit = "rad, m", what = "the estimates of theta2 and theta3" },
      },
      valid = function(d) return d.L2 > 1.6 * d.L1 end,
      asks = {
        { name = "theta2_a", what = "the rod's angle, (a)", unit = "rad", kind = "angle" },
        { name = "theta3_a", what = "the slider's position, (a)", unit = "m" },
        { name = "theta2_b", what = "the rod's angle, (b)", unit = "rad", kind = "angle" },
        { name = "theta3_b", what = "the slider's position, (b)", unit = "m" },
      },
      answers = function(d)
        local t2a, t3a = slider_crank_newton(d.L1, d.L2, d.theta1_a, d.guess)
        local t2b, t3b = slider_crank_newton(d.L1, d.L2, d.theta1_b, d.guess)
        return { theta2_a = t2a, theta3_a = t3a, theta2_b = t2b, theta3_b = t3b }
      end,
      verify = function(d)
        local t2a, t3a = slider_crank_closed(d.L1, d.L2, d.theta1_a, 1)
        local t2b, t3b = slider_crank_closed(d.L1, d.L2, d.theta1_b, 1)
        return { theta2_a = t2a, theta3_a = t3a, theta2_b = t2b, theta3_b = t3b }
      end,
      book = {
        { ask = "theta2_a", value = -0.4316, where = "Ex. 5.1 (O-5.1a)" },
        { ask = "theta3_a", value = 0.2869, where = "Ex. 5.1 (O-5.1a)" },
      },
      mistakes = {
        theta3_a = { { value = function(d) return select(2, slider_crank_closed(d.L1, d.L2, d.theta1_a, 2)) end,
          say = "that is the other assembly, the slider on the crank's far side; Newton from these estimates finds the near one." } },
        theta2_a = { { value = function(d) return (slider_crank_closed(d.L1, d.L2, d.theta1_a, 2)) end,
          say = "that is the other assembly's rod angle." } },
      },
      hints = {
        "Phi = {L1 cos t1 + L2 cos t2 - t3, L1 sin t1 + L2 sin t2}; its Jacobian in (t2, t3) is [-L2 sin t2, -1; L2 cos t2, 0].",
        "`mb.newton(function(q) return {...}, {{...}, {...}} end, {-0.4, 0.3})` returns the solution.",
      } },

    ------------------------------------------------------------------ 5.6
    { number = "5.6",
      title = "An offset slider-crank is a quick-return mechanism",
      text = [[
For the offset slider-crank of Fig. 5.10 (the slider's line a below the crank's pivot),
write the position, velocity and acceleration constraints, then turn the crank at 2 pi
rad/s through a revolution from 0 in 5 degree steps. Give the slider's velocity at each
step for the offsets a, a/2 and 0, and the ratio of the slower stroke's time to the
faster's for the offset a. Plot the three velocities against the crank angle.]],
      build = "a model with a driver and m:kinematics{ formulation = \"vector\" }, or Eq. 5.19 solved by hand",
      data = {
        { name = "L1", value = 0.12, unit = "m", what = "the crank", vary = 0.15 },
        { name = "L2", value = 0.26, unit = "m", what = "the rod", vary = 0.15 },
        { name = "a", value = 0.1, unit = "m", what = "the offset (the book's (e): 0.05 and 0)", vary = 0.2 },
      },
      valid = function(d) return d.L2 - d.L1 > d.a + 0.02 end,
      asks = {
        { name = "v_a", what = "the slider's velocity at 0, 5, ..., 355 degrees, offset a", unit = "m/s", kind = "series" },
        { name = "v_half", what = "the same for the offset a/2", unit = "m/s", kind = "series" },
        { name = "v_none", what = "the same with no offset", unit = "m/s", kind = "series" },
        { name = "ratio", what = "slower stroke's time over faster's, offset a", unit = "", tol = 1e-3 },
      },
      answers = function(d)
        return { v_a = offset_sweep(d, d.a), v_half = offset_sweep(d, d.a / 2), v_none = offset_sweep(d, 0),
          ratio = stroke_ratio_dead_centres(d.L1, d.L2, d.a) }
      end,
      verify = function(d)
        return { v_a = offset_sweep_by_hand(d, d.a), v_half = offset_sweep_by_hand(d, d.a / 2),
          v_none = offset_sweep_by_hand(d, 0), ratio = stroke_ratio_by_speed(d.L1, d.L2, d.a) }
      end,
      model = function(d) return offset_slider_crank(d.L1, d.L2, d.a, 0, tau) end,
      mistakes = {
        ratio = { { value = 1, say = "1 is the centred slider-crank's ratio: with an offset the strokes take different times." } },
      },
      written = [[
With the offset, the two dead centres (crank and rod in line, stretched and folded) are not
half a turn apart: the crank sweeps more than 180 degrees one way between them and less
the other, so at constant crank speed one stroke is slower. Without offset they are exactly
opposite and both strokes take the same time: the larger the offset, the quicker the return.]],
      hints = {
        "The loop: L1 cos t1 + L2 cos t2 - t3 = 0, L1 sin t1 + L2 sin t2 + a = 0 (Eq. 5.19).",
        "`m = p:model()` has a driver; `m:kinematics{ formulation = \"vector\", tf = 71/72, dt = 1/72 }` steps 5 degrees.",
        "The strokes end where crank and rod are in line: sin t1 = -a/(L1 + L2) stretched, a/(L2 - L1) folded.",
      } },

    ------------------------------------------------------------------ 5.7
    { number = "5.7",
      title = "The offset slider-crank with one vector from O to B",
      text = [[
Write the offset slider-crank's loop with a single vector from O straight to the slider's
pin B instead of going through Q. How many equations and how many unknowns are there for a
known crank angle, and how can they be solved?]],
      build = "a vector loop on paper",
      data = {},
      asks = {
        { name = "equations", what = "how many scalar loop equations", unit = "", tol = 0 },
        { name = "unknowns", what = "how many unknowns for a known crank angle", unit = "", tol = 0 },
      },
      answers = function() return { equations = 2, unknowns = 3 } end,
      verify = function()
        -- L1 u1 + L2 u2 - d u_d = 0: a planar vector equation; unknowns theta2, d, and d's angle
        local unknowns = { "theta2", "length of OB", "angle of OB" }
        return { equations = 2, unknowns = #unknowns }
      end,
      written = [[
L1 u1 + L2 u2 - r u_r = 0 is one planar vector equation, two scalar ones, in theta2 and in
the length r and angle psi of the vector OB: three unknowns. The missing equation is the
slider's guide: B stays on its line, r sin psi = -a. With it the three can be solved
(Newton on all three, or psi from the guide once r is known); without it the loop does not
fix the mechanism. The point Q of Fig. 5.10 builds that condition into the loop.]],
      hints = {
        "A planar vector equation is two scalar equations.",
        "A vector of unknown length and unknown angle brings two unknowns.",
      } },

    ------------------------------------------------------------------ 5.8
    { number = "5.8",
      title = "Coupler curves of Example 5.2's four-bar",
      text = [[
Turn the crank of Example 5.2's four-bar through a revolution in 5 degree steps (from its
45 degrees) and record the coupler point P, 0.2 m from A, for beta2 = 30, 15 and -15
degrees. Give the three paths, plot them, and P's position at the start for beta2 = 30
degrees.]],
      build = "mb.example(\"four_bar_ch5\", { omega = 2*math.pi, beta = ... }) and m:kinematics",
      data = {
        { name = "L0", value = 0.2, unit = "m", what = "the ground link", vary = 0.1 },
        { name = "L1", value = 0.1, unit = "m", what = "the crank", vary = 0.1 },
        { name = "L2", value = 0.3, unit = "m", what = "the coupler", vary = 0.1 },
        { name = "L3", value = 0.22, unit = "m", what = "the rocker", vary = 0.1 },
      },
      valid = grashof_crank,
      asks = {
        { name = "rP", what = "P at the start (45 degrees), beta2 = 30 degrees", unit = "m" },
        { name = "path30", what = "P's path, beta2 = 30 degrees: 72 rows {x, y}", unit = "m", kind = "series" },
        { name = "path15", what = "the same, beta2 = 15 degrees", unit = "m", kind = "series" },
        { name = "path_15", what = "the same, beta2 = -15 degrees", unit = "m", kind = "series" },
      },
      answers = function(d)
        local out = {}
        for _, b in ipairs { { "path30", 30 }, { "path15", 15 }, { "path_15", -15 } } do
          out[b[1]] = path_rows(turn_kinematics(four_bar_model(d, b[2]), tau, "vector"), "P2")
        end
        out.rP = out.path30[1]
        return out
      end,
      verify = function(d)
        local out = {}
        for _, b in ipairs { { "path30", 30 }, { "path15", 15 }, { "path_15", -15 } } do
          local rows = {}
          for i = 1, 72 do rows[i] = four_bar_point(d, math.rad(45 + 5 * (i - 1)), math.rad(b[2])) end
          out[b[1]] = rows
        end
        out.rP = out.path30[1]
        return out
      end,
      book = { { ask = "rP", value = { 0.2107, 0.2136 }, where = "Ex. 5.2 (O-5.2d)" } },
      model = function(d) return four_bar_model(d, 30) end,
      hints = {
        "`mb.example(\"four_bar_ch5\", { omega = 2 * math.pi, beta = 15 })` builds it with a motor at 2 pi rad/s.",
        "One revolution in 72 steps: `m:kinematics{ formulation = \"vector\", tf = 71/72, dt = 1/72 }`, then `k:path(\"P2\")`.",
      } },
    ------------------------------------------------------------------ 5.9
    { number = "5.9",
      title = "The six-bar quick-return, loop by loop",
      text = [[
Solve the constraints of the six-bar quick-return of Sec. 5.3.3 (Eqs. 5.29-5.34) over one
revolution of the crank in 5 degree steps, the crank turning at omega from theta0: once
with both loops as one set, once as two loosely coupled sets. The book's Sec. 15.3 holds
its data in a figure: the workbench's example quick_return has our dimensions (the
sheet's model). Give the output slider's position and velocity at each step.]],
      build = "mb.example(\"quick_return\", omega, theta0) and m:kinematics{ formulation = \"vector\" }",
      data = {
        { name = "omega", value = 2 * math.pi, unit = "rad/s", what = "the crank's rate", vary = { rel = 0.4, step = 0.01 } },
        { name = "theta0", value = 0, unit = "deg", what = "the crank's start", vary = { range = { 0, 355 }, step = 5 } },
      },
      valid = function(d) return assembles(function() return mb.example("quick_return", d.omega, math.deg(d.theta0)) end) end,
      asks = {
        { name = "x", what = "the slider's x at each of the 72 steps", unit = "m", kind = "series" },
        { name = "vx", what = "its velocity at each step", unit = "m/s", kind = "series" },
      },
      answers = function(d)
        local k = turn_kinematics(mb.example("quick_return", d.omega, math.deg(d.theta0)), d.omega, "vector")
        local s = k:body("slider")
        local x, vx = {}, {}
        for i = 1, #s.x do x[i], vx[i] = s.x[i], s.vx[i] end
        return { x = x, vx = vx }
      end,
      verify = function(d)
        local k = turn_kinematics(mb.example("quick_return", d.omega, math.deg(d.theta0)), d.omega, "body")
        local s = k:body("slider")
        local x, vx = {}, {}
        for i = 1, #s.x do x[i], vx[i] = s.x[i], s.vx[i] end
        return { x = x, vx = vx }
      end,
      model = function(d) return mb.example("quick_return", d.omega, math.deg(d.theta0)) end,
      written = [[
The two loops share only link 3's angle (Eqs. 5.29-5.30). Solved as one set, Newton works
on all four unknowns at once. Loosely coupled, loop 1 (the inverted slider-crank) gives
theta2 and theta3 from the crank; loop 2 then takes theta3 as known and gives theta4 and
theta5: two small systems instead of one, at every level (position, velocity,
acceleration), with the same results.]],
      hints = {
        "`m = p:model()`, then one revolution: `m:kinematics{ formulation = \"vector\", tf = T * 71/72, dt = T/72 }` with T = 2 pi/omega.",
        "`k:body(\"slider\").x` and `.vx` are the series.",
      } },

    ------------------------------------------------------------------ 5.10
    { number = "5.10",
      title = "The six-bar dwell mechanism and its dwell",
      text = [[
Solve the constraints of the six-bar dwell mechanism of Sec. 5.3.4 (Eqs. 5.35-5.37) over a
revolution of the crank at 2 pi rad/s in 5 degree steps from theta0, and show that the
output link dwells. Sec. 15.4 holds its data in a figure: the workbench's example
six_bar_dwell has our design. Give the output link's angle at each step, how much it turns
while the crank goes from 100 to 260 degrees, and how much over the whole turn.]],
      build = "mb.example(\"six_bar_dwell\", theta0) and m:kinematics{ formulation = \"vector\" }",
      data = {
        { name = "theta0", value = 180, unit = "deg", what = "the crank's start", vary = { range = { 0, 355 }, step = 5 } },
      },
      valid = function(d) return assembles(function() return mb.example("six_bar_dwell", d.theta0) end) end,
      asks = {
        { name = "angle", what = "the output link's angle at each of the 72 steps", unit = "rad", kind = "series" },
        { name = "dwell", what = "how much it turns while the crank goes from 100 to 260 degrees", unit = "rad", tol = 1e-2 },
        { name = "swing", what = "how much it turns over the whole revolution", unit = "rad", tol = 1e-3 },
      },
      answers = function(d)
        local angle = swing(mb.example("six_bar_dwell", d.theta0), tau, "vector", "output")
        local inside = {}
        for i = 1, 72 do
          local crank = (math.deg(d.theta0) + 5 * (i - 1)) % 360
          if crank >= 100 and crank <= 260 then inside[#inside + 1] = angle[i] end
        end
        return { angle = angle, dwell = spread(inside), swing = spread(angle) }
      end,
      verify = function(d)
        local angle = swing(mb.example("six_bar_dwell", d.theta0), tau, "body", "output")
        local inside = {}
        for i = 1, 72 do
          local crank = (math.deg(d.theta0) + 5 * (i - 1)) % 360
          if crank >= 100 and crank <= 260 then inside[#inside + 1] = angle[i] end
        end
        return { angle = angle, dwell = spread(inside), swing = spread(angle) }
      end,
      model = function(d) return mb.example("six_bar_dwell", d.theta0) end,
      hints = {
        "The crank starts at theta0 and turns 5 degrees per step: step i is at theta0 + 5 (i - 1) degrees.",
        "`k:body(\"output\").angle` over the run; compare its spread inside 100-260 degrees with the whole turn's.",
      } },

    ------------------------------------------------------------------ 5.11
    { number = "5.11",
      title = "The film-strip advancer's claw path",
      text = [[
For the film-strip advancer of Sec. 15.1 (a four-bar whose coupler point P2 pulls the
film), define the vectors and vector coordinates, write the position constraints and the
expression for the coupler point, and solve them over a revolution of the crank in 5
degree steps from its 30 degrees. Give P2's path, how far it travels along y, and its largest
speed with the crank at the rate below (the book: 1800 rpm clockwise).]],
      build = "the example's data through the four-bar program; m:kinematics{ formulation = \"vector\" }",
      data = {
        { name = "omega", value = -60 * math.pi, unit = "rad/s", what = "the crank's rate", vary = { rel = 0.3, step = 0.1 } },
      },
      asks = {
        { name = "path", what = "P2's path, 72 rows {x, y} (cm, as the figure)", unit = "cm", kind = "series" },
        { name = "travel", what = "P2's travel along y", unit = "cm" },
        { name = "vmax", what = "P2's largest speed", unit = "cm/s", tol = 1e-2 },
      },
      answers = function(d)
        local k = turn_kinematics(film_strip(d), d.omega, "vector")
        local rows = path_rows(k, "P2")
        local ys = {}
        for i, r in ipairs(rows) do ys[i] = r[2] end
        return { path = rows, travel = spread(ys), vmax = largest_speed(k, "P2") }
      end,
      verify = function(d)
        local k = turn_kinematics(film_strip(d), d.omega, "body")
        local rows = path_rows(k, "P2")
        local ys = {}
        for i, r in ipairs(rows) do ys[i] = r[2] end
        return { path = rows, travel = spread(ys), vmax = largest_speed(k, "P2") }
      end,
      model = function(d) return film_strip(d) end,
      hints = {
        "One loop: crank + coupler - rocker - ground = 0; P2 = A + 10.5 along the coupler at 2.73 degrees.",
        "`m = p:model()`; the crank turns clockwise: T = 2 pi/|omega|.",
      } },

    ------------------------------------------------------------------ 5.12
    { number = "5.12",
      title = "The web cutter's blades",
      text = [[
For the web cutter of Sec. 15.2 (a four-bar carrying a blade at C on the coupler and one at
D on the rocker: the workbench's points P2 and P3), write the vector loop and the blades'
expressions, and solve over a revolution of the crank in 1 degree steps from its 30 degrees. Give
both blades' paths (every fifth step: 72 rows each) and the x velocity of each blade at
the cut: the step where they come closest while C comes down past D (they pass as closely
again on the way back up, apart).]],
      build = "the four-bar program's web cutter, m:kinematics{ formulation = \"vector\" }",
      data = {
        { name = "omega", value = 2 * math.pi, unit = "rad/s", what = "the crank's rate", vary = { rel = 0.3, step = 0.01 } },
      },
      asks = {
        { name = "path_C", what = "blade C's path, every 5 degrees: 72 rows", unit = "m", kind = "series" },
        { name = "path_D", what = "blade D's path, every 5 degrees: 72 rows", unit = "m", kind = "series" },
        { name = "vx_C", what = "C's x velocity at the cut", unit = "m/s", tol = 1e-2 },
        { name = "vx_D", what = "D's x velocity at the cut", unit = "m/s", tol = 1e-2 },
      },
      answers = function(d) return web_cut(d, "vector") end,
      verify = web_cut_by_hand,
      mistakes = {
        vx_C = { { value = function(d) return web_cut(d, "vector", true).vx_C end,
          say = "that is where the blades pass again going apart, C rising past D: the cut is on the way down." } },
      },
      model = function(d) return web_cutter(d) end,
      hints = {
        "The blades are coupler and rocker points: `k:path(\"P2\")` and `k:path(\"P3\")`.",
        "The cut is the step where the blades are nearest while C moves down relative to D; read both vx there.",
      } },

    ------------------------------------------------------------------ 5.13
    { number = "5.13",
      title = "The double A-arm suspension's wheel",
      text = [[
For the double A-arm suspension of Sec. 15.6 (the workbench's example aa, chassis held),
write the vector loop and the expression for the wheel's centre C, and solve its
kinematics as the lower arm swings to start + swing sin(2 pi t) at t = 0, 0.1, ..., 1 s
(its start: -0.0367 rad). Give C's path and the wheel's angle at the 11 positions.]],
      build = "mb.example(\"aa\") with a driver on the lower arm's pin Q; m:kinematics{ formulation = \"vector\" }",
      data = {
        { name = "swing", value = 0.15, unit = "rad", what = "the lower arm's swing each way", ours = true,
          vary = { range = { 0.08, 0.2 }, step = 0.01 } },
      },
      asks = {
        { name = "path", what = "C (the wheel's centre): 11 rows {x, y}", unit = "m", kind = "series" },
        { name = "angle", what = "the wheel's angle at each position", unit = "rad", kind = "series" },
      },
      answers = function(d) return suspension(d, "aa", "vector") end,
      verify = function(d) return suspension(d, "aa", "body") end,
      model = function(d) return suspension_model(d, "aa") end,
      hints = {
        "One loop: lower arm + wheel link - upper arm - chassis = 0, as a four-bar.",
        "`m = p:model()` has the driver: `m:kinematics{ formulation = \"vector\", tf = 1, dt = 0.1 }`, then the wheel's x, y, angle.",
      } },

    ------------------------------------------------------------------ 5.14
    { number = "5.14",
      title = "The MacPherson strut's knuckle",
      text = [[
For the MacPherson suspension of Sec. 15.7 (the workbench's example macpherson, model A,
chassis held), write the vector loop (it has a slide in the strut) and the expression for
the knuckle's point C, and solve its kinematics as the lower arm swings to start + swing
sin(2 pi t) at t = 0, 0.1, ..., 1 s (its start: 0). Give C's path and the knuckle's angle
at the 11 positions.]],
      build = "mb.example(\"macpherson\") with a driver on the lower arm; m:kinematics{ formulation = \"vector\" }",
      data = {
        { name = "swing", value = 0.15, unit = "rad", what = "the lower arm's swing each way", ours = true,
          vary = { range = { 0.08, 0.2 }, step = 0.01 } },
      },
      asks = {
        { name = "path", what = "C (the knuckle's point C1): 11 rows {x, y}", unit = "m", kind = "series" },
        { name = "angle", what = "the knuckle's angle at each position", unit = "rad", kind = "series" },
      },
      answers = function(d) return suspension(d, "macpherson", "vector") end,
      verify = function(d) return suspension(d, "macpherson", "body") end,
      model = function(d) return suspension_model(d, "macpherson") end,
      hints = {
        "One loop through the lower arm, the knuckle and the strut, whose length is a vector coordinate.",
        "`m = p:model()` has the driver; the knuckle is `k:body(\"knuckle\")`, C is `k:path(\"C1\")`.",
      } },
  },
}
