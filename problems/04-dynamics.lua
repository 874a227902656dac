-- SPDX-License-Identifier: GPL-3.0-or-later
-- The problems of Chapter 4 (Sec. 4.7): particles and single bodies under
-- gravity, forces, torques, springs and dampers; moments in either frame;
-- the non-centroidal equations; the friction laws of Eqs. 4.43-4.44.
-- Answers come from mb models (their forces gathered by the program, the
-- accelerations from M c'' = h: m:pieces) or from mb.vec and mb.friction
-- where the chapter computes by hand; verify writes Newton's and Euler's
-- laws out by hand. Where the book's figure holds a direction or a
-- dimension the text lacks, the value is ours and the sheet says so.
local vec, mat = mb.vec, mb.mat
local g = 9.81

-- The accelerations M c'' = h of a model at its start, in body coordinates.
local function accelerations(m) return m:pieces { formulation = "body" }.acc end

-- The tension of the one element of a single-body model (no other force),
-- read from the model's own force array: the element puts -f u on the body,
-- u the unit vector from the ground point `to` to the body's point `at`.
local function tension(m, at, to)
  local h = m:pieces { formulation = "body" }.h
  local u = vec.unit(vec.sub(at, to))
  return -(h[1] * u[1] + h[2] * u[2])
end

-- A spring-damper's force by hand (Eqs. 4.26-4.32): f along d = rA - rB,
-- tension positive; returns f, u (unit from B to A), the force on A (-f u).
local function spring_damper(rA, rB, vA, vB, k, L0, c)
  local d, dd = vec.sub(rA, rB), vec.sub(vA, vB)
  local L = vec.norm(d)
  local u = vec.scale(1 / L, d)
  local f = k * (L - L0) + c * vec.dot(u, dd)
  return f, u, vec.scale(-f, u)
end

-- a body-fixed point's position and velocity by hand
local function place(r, phi, s)
  local c, si = math.cos(phi), math.sin(phi)
  return { r[1] + c * s[1] - si * s[2], r[2] + si * s[1] + c * s[2] }
end
local function turned(phi, s)
  local c, si = math.cos(phi), math.sin(phi)
  return { -(si * s[1] + c * s[2]), c * s[1] - si * s[2] }
end

-- Two particles on straight guides, joined by a spring-damper (4.3, 4.4):
-- each is a body held to its line (a simple joint on the other coordinate
-- and on its angle), with its external force.
local function particles(d, axisB)
  local m = mb.model { name = "two particles", gravity = { 0, 0 } }
  m:body { name = "A", mass = d.mA, inertia = 1, pos = d.rA, vel = d.vA }
  m:body { name = "B", mass = d.mB, inertia = 1, pos = d.rB, vel = d.vB }
  m:joint { name = "A on x", type = "simple", body = "A", coord = "y" }
  m:joint { name = "A square", type = "simple", body = "A", coord = "angle" }
  m:joint { name = "B on its axis", type = "simple", body = "B", coord = axisB == "x" and "y" or "x" }
  m:joint { name = "B square", type = "simple", body = "B", coord = "angle" }
  m:point { name = "a", body = "A" }
  m:point { name = "b", body = "B" }
  m:force { name = "sd", type = "spring-damper", points = { "a", "b" }, k = d.k, length = d.L0, c = d.dc }
  m:force { name = "fA", type = "force", point = "a", value = d.fA }
  m:force { name = "fB", type = "force", point = "b", value = d.fB }
  return m
end

-- The single body of Problems 4.7-4.11.
local function one_body(d, opts)
  local m = mb.model { name = "one body", gravity = { 0, opts.gravity and -g or 0 } }
  m:body { name = "body", mass = d.m, inertia = d.J, pos = d.r, angle = d.phi, vel = d.rd or { 0, 0 }, omega = d.phid or 0 }
  m:point { name = "P", body = "body", at = d.sP }
  if opts.force then
    m:force { name = "f", type = "force", point = "P", value = d.f }
    m:force { name = "T", type = "torque", body = "body", value = d.T }
  end
  if opts.spring then
    m:point { name = "A", body = "ground", at = d.rA }
    m:force { name = "spring", type = "spring-damper", points = { "P", "A" }, k = d.k, length = d.L0, c = opts.damped and d.dc or 0 }
  end
  if opts.damper then
    m:point { name = "Q", body = "body", at = d.sQ }
    m:point { name = "B", body = "ground", at = d.rB }
    m:force { name = "damper", type = "spring-damper", points = { "Q", "B" }, c = d.dc, length = 1 }
  end
  return m
end

-- Newton and Euler by hand for one body: forces { {at = global point, f = {fx, fy}} }, torque
local function newton_euler(d, forces, torque, gravity)
  local fx, fy, n = 0, gravity and -d.m * g or 0, torque or 0
  for _, f in ipairs(forces) do
    fx, fy = fx + f.f[1], fy + f.f[2]
    local s = vec.sub(f.at, d.r)
    n = n + s[1] * f.f[2] - s[2] * f.f[1]
  end
  return { fx / d.m, fy / d.m, n / d.J }
end

-- the single body's data, as the book gives it for 4.7-4.11
local function body_data(extra)
  local out = {
    { name = "m", value = 5.0, unit = "kg", what = "mass", vary = 0.3 },
    { name = "J", value = 3.5, unit = "kg m^2", what = "moment of inertia", vary = 0.3 },
    { name = "r", value = { 2.0, 1.6 }, unit = "m", what = "the mass centre", vary = 0.2 },
    { name = "phi", value = 30, unit = "deg", what = "the body's angle", vary = { abs = 20, step = 1 } },
    { name = "sP", value = { -1.6, 0.8 }, unit = "m", what = "P, local", vary = 0.2 },
  }
  for _, e in ipairs(extra) do out[#out + 1] = e end
  return out
end

-- The friction laws by hand, Eqs. 4.43 and 4.44 (coefficients: times f_N).
local function andersson(v, o)
  return (o.mu_d + (o.mu_s - o.mu_d) * math.exp(-(math.abs(v) / o.v_s) ^ o.p)) * math.tanh(o.k_t * v)
end
local function brown_mcphee(v, o)
  local vr = v / o.v_t
  return o.mu_d * math.tanh(4 * vr) + (o.mu_s - o.mu_d) * vr / (0.25 * vr * vr + 0.75) ^ 2
end

local function sweep(d)
  local out = {}
  for k = 0, 50 do out[k + 1] = k * d.dv end
  return out
end

return {
  chapter = 4,
  title = "Planar dynamics: particles and bodies",
  problems = {
    ------------------------------------------------------------------ 4.1
    { number = "4.1",
      title = "The first moment about the mass centre vanishes",
      text = [[
From the definition of a system's mass centre, derive Eq. 4.7: the sum of m_i s_i, s_i
being each particle's position from the mass centre, is zero. Check it on the three
particles below (ours).]],
      build = "a derivation on paper; a few lines with mb.vec",
      data = {
        { name = "masses", value = { 1.5, 2.0, 0.8 }, unit = "kg", what = "m1, m2, m3", ours = true, vary = 0.4 },
        { name = "positions", value = { { 0.4, 1.2 }, { -0.9, 0.3 }, { 1.7, -0.6 } }, unit = "m", what = "r1, r2, r3 (rows)",
          ours = true, vary = 0.4 },
      },
      asks = {
        { name = "rC", what = "the mass centre", unit = "m" },
        { name = "first_moment", what = "the sum of m_i (r_i - rC)", unit = "kg m", atol = 1e-9 },
      },
      answers = function(d)
        local total, sum = 0, { 0, 0 }
        for i, mi in ipairs(d.masses) do
          total = total + mi
          sum = vec.add(sum, vec.scale(mi, d.positions[i]))
        end
        local rC = vec.scale(1 / total, sum)
        local moment = { 0, 0 }
        for i, mi in ipairs(d.masses) do moment = vec.add(moment, vec.scale(mi, vec.sub(d.positions[i], rC))) end
        return { rC = rC, first_moment = moment }
      end,
      verify = function(d)
        local M, x, y = 0, 0, 0
        for i, mi in ipairs(d.masses) do M, x, y = M + mi, x + mi * d.positions[i][1], y + mi * d.positions[i][2] end
        return { rC = { x / M, y / M }, first_moment = { 0, 0 } }
      end,
      written = [[
The mass centre is rC = (sum m_i r_i) / m with m = sum m_i. With r_i = rC + s_i,
sum m_i r_i = m rC + sum m_i s_i; the left side is m rC by the definition, so
sum m_i s_i = 0 (Eq. 4.7).]],
      hints = {
        "Write r_i = rC + s_i and put it into the definition of rC.",
        "rC = sum(m_i r_i) / sum(m_i); then add up m_i (r_i - rC).",
      } },

    ------------------------------------------------------------------ 4.2
    { number = "4.2",
      title = "Mass centre of four particles: where, how fast",
      text = [[
Four particles have the masses, positions, velocities and forces below. As in Example 4.1,
find the mass centre's position, velocity and acceleration, and each particle's position
from the mass centre.]],
      build = "a script that sums m_i r_i, m_i v_i and f_i (mb.vec)",
      data = {
        { name = "m", value = { 2, 5, 1.6, 2.7 }, unit = "kg", what = "the masses", vary = 0.3 },
        { name = "r", value = { { -1, 3 }, { 2, -2 }, { 1, 2 }, { -4, -1 } }, unit = "m", what = "positions (rows)", vary = { abs = 1 } },
        { name = "v", value = { { 2, -0.5 }, { -1.5, 1.2 }, { 1, -1.2 }, { -2.1, 0 } }, unit = "m/s", what = "velocities",
          vary = { abs = 0.8 } },
        { name = "f", value = { { 1, -2 }, { 3, 0 }, { 0, 0 }, { -3, 4 } }, unit = "N", what = "forces", vary = { abs = 1.5 } },
      },
      asks = {
        { name = "rC", what = "the mass centre", unit = "m" },
        { name = "vC", what = "its velocity", unit = "m/s" },
        { name = "aC", what = "its acceleration (sum of forces over the mass)", unit = "m/s^2" },
        { name = "s", what = "each particle from the mass centre, as rows", unit = "m" },
      },
      answers = function(d)
        local M, r, v, f = 0, { 0, 0 }, { 0, 0 }, { 0, 0 }
        for i, mi in ipairs(d.m) do
          M = M + mi
          r, v, f = vec.add(r, vec.scale(mi, d.r[i])), vec.add(v, vec.scale(mi, d.v[i])), vec.add(f, d.f[i])
        end
        local rC = vec.scale(1 / M, r)
        local s = {}
        for i = 1, #d.m do s[i] = vec.sub(d.r[i], rC) end
        return { rC = rC, vC = vec.scale(1 / M, v), aC = vec.scale(1 / M, f), s = s }
      end,
      verify = function(d)
        local M, x, y, vx, vy, fx, fy = 0, 0, 0, 0, 0, 0, 0
        for i, mi in ipairs(d.m) do
          M, x, y = M + mi, x + mi * d.r[i][1], y + mi * d.r[i][2]
          vx, vy, fx, fy = vx + mi * d.v[i][1], vy + mi * d.v[i][2], fx + d.f[i][1], fy + d.f[i][2]
        end
        local s = {}
        for i = 1, 4 do s[i] = { d.r[i][1] - x / M, d.r[i][2] - y / M } end
        return { rC = { x / M, y / M }, vC = { vx / M, vy / M }, aC = { fx / M, fy / M }, s = s }
      end,
      mistakes = {
        aC = { { value = function(d)
            local f, a = { 0, 0 }, { 0, 0 }
            for i, mi in ipairs(d.m) do a = vec.add(a, vec.scale(1 / mi, d.f[i])) end
            return vec.scale(1 / #d.m, a)
          end, say = "the mass centre's acceleration is the total force over the total mass (Eq. 4.6)." } },
      },
      hints = {
        "rC = sum(m_i r_i)/m, vC = sum(m_i v_i)/m, and m aC = sum f_i (the internal forces cancel).",
        "Loop over the particles adding `mb.vec.scale(p.data.m[i], p.data.r[i])`.",
      } },

    ------------------------------------------------------------------ 4.3
    { number = "4.3",
      title = "Two particles on a line joined by a spring-damper",
      text = [[
Particles A and B slide on the x axis, joined by a spring-damper; external forces act on
each (the book's figure shows their directions: ours are below, as signed x components).
Write the equations of motion, and find the force in the spring-damper (tension positive)
and both accelerations in the configuration given.]],
      build = "a model of two bodies held to the x axis with a spring-damper, or Newton by hand",
      data = {
        { name = "mA", value = 1, unit = "kg", what = "A's mass", vary = 0.3 },
        { name = "mB", value = 2, unit = "kg", what = "B's mass", vary = 0.3 },
        { name = "k", value = 800, unit = "N/m", what = "stiffness", vary = 0.3 },
        { name = "L0", value = 0.2, unit = "m", what = "free length", vary = 0.2 },
        { name = "dc", value = 15, unit = "N s/m", what = "damping", vary = 0.3 },
        { name = "xA", value = 0.15, unit = "m", what = "A's position", vary = 0.2 },
        { name = "xB", value = 0.33, unit = "m", what = "B's position", vary = 0.2 },
        { name = "vxA", value = 30, unit = "m/s", what = "A's velocity", vary = 0.3 },
        { name = "vxB", value = 40, unit = "m/s", what = "B's velocity", vary = 0.3 },
        { name = "fxA", value = -35, unit = "N", what = "the force on A (ours: along -x)", ours = true, vary = 0.3 },
        { name = "fxB", value = 35, unit = "N", what = "the force on B (ours: along +x)", ours = true, vary = 0.3 },
      },
      valid = function(d) return d.xB - d.xA > 0.05 end,
      asks = {
        { name = "f", what = "the spring-damper's force, tension positive", unit = "N" },
        { name = "xdd_A", what = "A's acceleration", unit = "m/s^2" },
        { name = "xdd_B", what = "B's acceleration", unit = "m/s^2" },
      },
      answers = function(d)
        local m = particles({ mA = d.mA, mB = d.mB, rA = { d.xA, 0 }, rB = { d.xB, 0 }, vA = { d.vxA, 0 },
          vB = { d.vxB, 0 }, k = d.k, L0 = d.L0, dc = d.dc, fA = { d.fxA, 0 }, fB = { d.fxB, 0 } }, "x")
        local acc = accelerations(m)
        local f = spring_damper({ d.xA, 0 }, { d.xB, 0 }, { d.vxA, 0 }, { d.vxB, 0 }, d.k, d.L0, d.dc)
        return { f = f, xdd_A = acc[1], xdd_B = acc[4] }
      end,
      verify = function(d)
        local L, Ld = d.xB - d.xA, d.vxB - d.vxA
        local f = d.k * (L - d.L0) + d.dc * Ld  -- tension pulls A towards +x, B towards -x
        return { f = f, xdd_A = (f + d.fxA) / d.mA, xdd_B = (-f + d.fxB) / d.mB }
      end,
      mistakes = {
        xdd_A = { { value = function(d)
            local f = d.k * (d.xB - d.xA - d.L0) + d.dc * (d.vxB - d.vxA)
            return (-f + d.fxA) / d.mA
          end, say = "a spring in tension pulls A towards B, here towards +x." } },
      },
      hints = {
        "L = xB - xA and its rate is vB - vA; f = k (L - L0) + dc L'.",
        "In tension the element pulls A towards B and B towards A: mA xA'' = f + fA, mB xB'' = -f + fB.",
      } },

    ------------------------------------------------------------------ 4.4
    { number = "4.4",
      title = "Particles on two axes joined by a spring-damper",
      text = [[
Particle A slides on the x axis and B on the y axis, joined by a spring-damper; external
forces act on each (directions ours, below, as signed components along each axis). Write
the equations of motion and find the element's force (tension positive) and the two
accelerations in the configuration given.]],
      build = "a model of two bodies held to their axes with a spring-damper (m:pieces), or by hand",
      data = {
        { name = "mA", value = 10, unit = "kg", what = "A's mass", vary = 0.3 },
        { name = "mB", value = 20, unit = "kg", what = "B's mass", vary = 0.3 },
        { name = "k", value = 150, unit = "N/m", what = "stiffness", vary = 0.3 },
        { name = "L0", value = 6, unit = "m", what = "free length", vary = 0.2 },
        { name = "dc", value = 300, unit = "N s/m", what = "damping", vary = 0.3 },
        { name = "xA", value = 4, unit = "m", what = "A's position on x", vary = 0.2 },
        { name = "yB", value = 3, unit = "m", what = "B's position on y", vary = 0.2 },
        { name = "vxA", value = 0.1, unit = "m/s", what = "A's velocity", vary = 0.5 },
        { name = "vyB", value = -0.2, unit = "m/s", what = "B's velocity", vary = 0.5 },
        { name = "fxA", value = 15, unit = "N", what = "the force on A (ours: along +x)", ours = true, vary = 0.3 },
        { name = "fyB", value = -5, unit = "N", what = "the force on B (ours: along -y)", ours = true, vary = 0.3 },
      },
      asks = {
        { name = "f", what = "the spring-damper's force, tension positive", unit = "N" },
        { name = "xdd_A", what = "A's acceleration", unit = "m/s^2" },
        { name = "ydd_B", what = "B's acceleration", unit = "m/s^2" },
      },
      answers = function(d)
        local m = particles({ mA = d.mA, mB = d.mB, rA = { d.xA, 0 }, rB = { 0, d.yB }, vA = { d.vxA, 0 },
          vB = { 0, d.vyB }, k = d.k, L0 = d.L0, dc = d.dc, fA = { d.fxA, 0 }, fB = { 0, d.fyB } }, "y")
        local acc = accelerations(m)
        local f = spring_damper({ d.xA, 0 }, { 0, d.yB }, { d.vxA, 0 }, { 0, d.vyB }, d.k, d.L0, d.dc)
        return { f = f, xdd_A = acc[1], ydd_B = acc[5] }
      end,
      verify = function(d)
        local L = math.sqrt(d.xA ^ 2 + d.yB ^ 2)
        local Ld = (d.xA * d.vxA + d.yB * d.vyB) / L
        local f = d.k * (L - d.L0) + d.dc * Ld
        -- tension pulls A towards B (-x) and B towards A (-y)
        return { f = f, xdd_A = (-f * d.xA / L + d.fxA) / d.mA, ydd_B = (-f * d.yB / L + d.fyB) / d.mB }
      end,
      hints = {
        "L = sqrt(xA^2 + yB^2); differentiate it for L'.",
        "Only the component of the element's force along each guide moves the particle: f times xA/L for A.",
      } },

    ------------------------------------------------------------------ 4.5
    { number = "4.5",
      title = "A moment in the body's frame and in the global one",
      text = [[
Two forces act on a body at A and B; points and forces are given by their components in the
body's frame, whose angle is phi. Compute the sum of their moments about the body's origin
from the local components, then again after turning everything into the global frame.]],
      build = "mb.vec.cross in either frame (mb.vec.rotate to turn)",
      data = {
        { name = "sA", value = { 1, -1 }, unit = "m", what = "A, local", vary = 0.4 },
        { name = "fA", value = { 3, 1 }, unit = "N", what = "the force at A, local", vary = 0.4 },
        { name = "sB", value = { -3, 2 }, unit = "m", what = "B, local", vary = 0.4 },
        { name = "fB", value = { -2, 1 }, unit = "N", what = "the force at B, local", vary = 0.4 },
        { name = "phi", value = -35, unit = "deg", what = "the body's angle", vary = { abs = 40, step = 1 } },
      },
      asks = {
        { name = "n_local", what = "the moment from the local components", unit = "N m" },
        { name = "n_global", what = "the moment from the global components", unit = "N m" },
      },
      answers = function(d)
        local R = function(v) return vec.rotate(d.phi, v) end
        return { n_local = vec.cross(d.sA, d.fA) + vec.cross(d.sB, d.fB),
          n_global = vec.cross(R(d.sA), R(d.fA)) + vec.cross(R(d.sB), R(d.fB)) }
      end,
      verify = function(d)
        local n = d.sA[1] * d.fA[2] - d.sA[2] * d.fA[1] + d.sB[1] * d.fB[2] - d.sB[2] * d.fB[1]
        return { n_local = n, n_global = n }
      end,
      written = [[
Both give the same moment: (A s)~'(A f) = s~' A'A f = s~'f, because turning both vectors by
the same angle leaves their cross product alone (the planar version of Eq. 2.18).]],
      hints = {
        "The moment of f at s is s x f = (s turned)'f = sx fy - sy fx.",
        "`mb.vec.cross(p.data.sA, p.data.fA) + mb.vec.cross(p.data.sB, p.data.fB)`; then turn each by phi first.",
      } },

    ------------------------------------------------------------------ 4.6
    { number = "4.6",
      title = "A rod held by a spring",
      text = [[
A uniform rod is attached to the ground by a spring at one end, in a configuration of the
book's figure: our placement is below (the rod's centre, its angle, and the ground point,
chosen so the spring's length is the book's 0.2 m). Gravity is not part of this problem.
Write the equations of motion and find the spring's force and the rod's accelerations.]],
      build = "a model: a body, a ground point, a spring (m:pieces)",
      data = {
        { name = "m", value = 4, unit = "kg", what = "mass", vary = 0.3 },
        { name = "J", value = 3, unit = "kg m^2", what = "moment of inertia (as the book gives it)", vary = 0.3 },
        { name = "half", value = 0.15, unit = "m", what = "half the rod's 0.3 m length" },
        { name = "r", value = { 0.2, 0.1 }, unit = "m", what = "the rod's centre", ours = true, vary = 0.3 },
        { name = "phi", value = 20, unit = "deg", what = "its angle", ours = true, vary = { abs = 15, step = 1 } },
        { name = "theta", value = 70, unit = "deg", what = "the spring's direction from the rod's end", ours = true,
          vary = { abs = 20, step = 1 } },
        { name = "L", value = 0.2, unit = "m", what = "the spring's length now" },
        { name = "k", value = 40, unit = "N/m", what = "stiffness", vary = 0.3 },
        { name = "L0", value = 0.15, unit = "m", what = "free length", vary = 0.2 },
        { name = "Q", unit = "m", what = "the spring's ground point (from the above)",
          derived = function(d)
            local tip = vec.add(d.r, vec.rotate(d.phi, { d.half, 0 }))
            return vec.add(tip, vec.scale(d.L, vec.unit(d.theta)))
          end },
      },
      asks = {
        { name = "f", what = "the spring's force, tension positive", unit = "N" },
        { name = "acc", what = "{x'', y'', phi''} of the rod", unit = "m/s^2, rad/s^2" },
      },
      answers = function(d)
        local m = mb.model { name = "rod on a spring", gravity = { 0, 0 } }
        m:body { name = "rod", mass = d.m, inertia = d.J, pos = d.r, angle = d.phi }
        m:point { name = "tip", body = "rod", at = { d.half, 0 } }
        m:point { name = "Q", body = "ground", at = d.Q }
        m:force { name = "spring", type = "spring-damper", points = { "tip", "Q" }, k = d.k, length = d.L0 }
        local acc = accelerations(m)
        return { f = d.k * (vec.norm(vec.sub(d.Q, vec.add(d.r, vec.rotate(d.phi, { d.half, 0 })))) - d.L0),
          acc = { acc[1], acc[2], acc[3] } }
      end,
      verify = function(d)
        local tip = place(d.r, d.phi, { d.half, 0 })
        local f, _, on_tip = spring_damper(tip, d.Q, { 0, 0 }, { 0, 0 }, d.k, d.L0, 0)
        return { f = f, acc = newton_euler(d, { { at = tip, f = on_tip } }) }
      end,
      model = function(d)
        local m = mb.model { name = "rod on a spring", gravity = { 0, 0 } }
        m:body { name = "rod", mass = d.m, inertia = d.J, pos = d.r, angle = d.phi }
        m:point { name = "tip", body = "rod", at = { d.half, 0 } }
        m:point { name = "Q", body = "ground", at = d.Q }
        m:force { name = "spring", type = "spring-damper", points = { "tip", "Q" }, k = d.k, length = d.L0 }
        return m
      end,
      hints = {
        "The spring pulls the rod's end towards the ground point with k (L - L0).",
        "m r'' = f, J phi'' = the moment of f about the centre: (s turned)'f.",
      } },

    ------------------------------------------------------------------ 4.7
    { number = "4.7",
      title = "One body under gravity, a force and a torque",
      text = [[
A body carries a constant force at P (global components) and a clockwise torque, under
gravity (g = 9.81 m/s^2 along -y). Write its equations of motion and compute its
accelerations.]],
      build = "a model with a force and a torque (m:pieces), or Newton-Euler by hand",
      data = body_data {
        { name = "f", value = { 1.2, 0.5 }, unit = "N", what = "the force at P, global", vary = 0.4 },
        { name = "T", value = -0.8, unit = "N m", what = "the torque (0.8 clockwise)", vary = 0.4 },
      },
      asks = {
        { name = "acc", what = "{x'', y'', phi''}", unit = "m/s^2, rad/s^2" },
      },
      answers = function(d)
        local acc = accelerations(one_body(d, { gravity = true, force = true }))
        return { acc = { acc[1], acc[2], acc[3] } }
      end,
      verify = function(d) return { acc = newton_euler(d, { { at = place(d.r, d.phi, d.sP), f = d.f } }, d.T, true) } end,
      model = function(d) return one_body(d, { gravity = true, force = true }) end,
      mistakes = {
        acc = { { value = function(d) return newton_euler(d, { { at = place(d.r, d.phi, d.sP), f = d.f } }, -d.T, true) end,
          say = "a clockwise torque is negative." } },
      },
      hints = {
        "m x'' = fx, m y'' = fy - m g, J phi'' = (s_P turned)'f + T, with s_P = A s'_P.",
        "`m = p:model()` then `m:pieces{ formulation = \"body\" }.acc`, or the three lines by hand.",
      } },

    ------------------------------------------------------------------ 4.8
    { number = "4.8",
      title = "One body held by a spring to a ground point",
      text = [[
The body of Problem 4.7 loses its gravity, force and torque; a spring joins P to the ground
point A instead. Write the equations of motion and compute the accelerations.]],
      build = "a model with a spring-damper of c = 0 (m:pieces)",
      data = body_data {
        { name = "rA", value = { -2.0, 3.0 }, unit = "m", what = "the ground point A", vary = 0.2 },
        { name = "k", value = 6.0, unit = "N/m", what = "stiffness", vary = 0.3 },
        { name = "L0", value = 1.4, unit = "m", what = "free length", vary = 0.2 },
      },
      asks = {
        { name = "f", what = "the spring's force, tension positive", unit = "N" },
        { name = "acc", what = "{x'', y'', phi''}", unit = "m/s^2, rad/s^2" },
      },
      answers = function(d)
        local acc = accelerations(one_body(d, { spring = true }))
        return { f = d.k * (vec.norm(vec.sub(vec.add(d.r, vec.rotate(d.phi, d.sP)), d.rA)) - d.L0), acc = { acc[1], acc[2], acc[3] } }
      end,
      verify = function(d)
        local P = place(d.r, d.phi, d.sP)
        local f, _, onP = spring_damper(P, d.rA, { 0, 0 }, { 0, 0 }, d.k, d.L0, 0)
        return { f = f, acc = newton_euler(d, { { at = P, f = onP } }) }
      end,
      model = function(d) return one_body(d, { spring = true }) end,
      hints = {
        "d = r_P - r_A, L = |d|, u = d/L; the spring puts -k (L - L0) u on the body at P.",
        "Its moment about the centre is (s_P turned)'(force), s_P = A s'_P.",
      } },

    ------------------------------------------------------------------ 4.9
    { number = "4.9",
      title = "The same body in a frame away from its mass centre",
      text = [[
Take the body of Problem 4.8 with its frame moved to a point O on it (the body's angle is
unchanged), the velocities all zero. Write the non-centroidal equations of motion (Eqs.
4.16-4.19) and solve them for the accelerations of O and the angular acceleration.]],
      build = "the 3 x 3 system of Eq. 4.16 with mb.mat.solve",
      data = {
        { name = "m", value = 5.0, unit = "kg", what = "mass", vary = 0.3 },
        { name = "J", value = 3.5, unit = "kg m^2", what = "moment of inertia about the mass centre", vary = 0.3 },
        { name = "phi", value = 30, unit = "deg", what = "the body's angle", vary = { abs = 20, step = 1 } },
        { name = "rO", value = { 0.6144, 0.8 }, unit = "m", what = "O, global", vary = 0.2 },
        { name = "sC", value = { 1.6, 0 }, unit = "m", what = "the mass centre from O, local", vary = 0.2 },
        { name = "sP", value = { 0, 0.8 }, unit = "m", what = "P from O, local", vary = { abs = 0.2 } },
        { name = "rA", value = { -2.0, 3.0 }, unit = "m", what = "the spring's ground point", vary = 0.2 },
        { name = "k", value = 6.0, unit = "N/m", what = "stiffness", vary = 0.3 },
        { name = "L0", value = 1.4, unit = "m", what = "free length", vary = 0.2 },
      },
      asks = {
        { name = "JO", what = "the moment of inertia about O", unit = "kg m^2" },
        { name = "aO", what = "O's acceleration", unit = "m/s^2" },
        { name = "phidd", what = "the angular acceleration", unit = "rad/s^2" },
      },
      answers = function(d)
        local sC, P = vec.rotate(d.phi, d.sC), vec.add(d.rO, vec.rotate(d.phi, d.sP))
        local f = spring_damper(P, d.rA, { 0, 0 }, { 0, 0 }, d.k, d.L0, 0)
        local fP = vec.scale(-f, vec.unit(vec.sub(P, d.rA)))
        local JO = d.J + d.m * vec.dot(sC, sC)                      -- Eq. 4.17
        -- Eq. 4.16: [m I, m sC~; m sC~', J_O], sC~ the mass centre's offset turned +90 degrees
        local msr = vec.scale(d.m, vec.rot(sC))
        local M = mat { { d.m, 0, msr[1] }, { 0, d.m, msr[2] }, { msr[1], msr[2], JO } }
        local nO = vec.cross(vec.rotate(d.phi, d.sP), fP)          -- Eq. 4.19
        local x = mat.solve(M, { fP[1], fP[2], nO })
        return { JO = JO, aO = { x[1], x[2] }, phidd = x[3] }
      end,
      verify = function(d)
        -- the centroidal equations, then O's acceleration from the centre's: aO = aC - sC~ phi'' (phi' = 0)
        local sC = place({ 0, 0 }, d.phi, d.sC)
        local rC = vec.add(d.rO, sC)
        local P = place(d.rO, d.phi, d.sP)
        local _, _, onP = spring_damper(P, d.rA, { 0, 0 }, { 0, 0 }, d.k, d.L0, 0)
        local a = newton_euler({ m = d.m, J = d.J, r = rC }, { { at = P, f = onP } })
        local st = turned(d.phi, d.sC)
        return { JO = d.J + d.m * (d.sC[1] ^ 2 + d.sC[2] ^ 2), aO = { a[1] - st[1] * a[3], a[2] - st[2] * a[3] }, phidd = a[3] }
      end,
      mistakes = {
        JO = { { value = function(d) return d.J end, say = "about O the moment of inertia grows by m |s_C|^2 (Eq. 4.17)." } },
      },
      hints = {
        "J_O = J + m s_C's_C; with the velocities zero, f_O is the spring's force itself.",
        "Eq. 4.16: [m I, m s_C turned; m (s_C turned)', J_O] {r_O''; phi''} = {f; n_O}.",
      } },

    ------------------------------------------------------------------ 4.10
    { number = "4.10",
      title = "The spring of 4.8 with a damper beside it",
      text = [[
Add a damper beside the spring of Problem 4.8 and give the body the velocities below. Write
the equations of motion and compute the accelerations.]],
      build = "a model with a spring-damper (m:pieces)",
      data = body_data {
        { name = "rA", value = { -2.0, 3.0 }, unit = "m", what = "the ground point A", vary = 0.2 },
        { name = "k", value = 6.0, unit = "N/m", what = "stiffness", vary = 0.3 },
        { name = "L0", value = 1.4, unit = "m", what = "free length", vary = 0.2 },
        { name = "dc", value = 2.0, unit = "N s/m", what = "damping", vary = 0.3 },
        { name = "rd", value = { 0.1, -0.3 }, unit = "m/s", what = "the centre's velocity", vary = 0.5 },
        { name = "phid", value = 0.5, unit = "rad/s", what = "the angular velocity (counter-clockwise)", vary = 0.5 },
      },
      asks = {
        { name = "f", what = "the spring-damper's force, tension positive", unit = "N" },
        { name = "acc", what = "{x'', y'', phi''}", unit = "m/s^2, rad/s^2" },
      },
      answers = function(d)
        local m = one_body(d, { spring = true, damped = true })
        local acc = accelerations(m)
        return { f = tension(m, vec.add(d.r, vec.rotate(d.phi, d.sP)), d.rA), acc = { acc[1], acc[2], acc[3] } }
      end,
      verify = function(d)
        local P = place(d.r, d.phi, d.sP)
        local st = turned(d.phi, d.sP)
        local vP = { d.rd[1] + st[1] * d.phid, d.rd[2] + st[2] * d.phid }
        local f, _, onP = spring_damper(P, d.rA, vP, { 0, 0 }, d.k, d.L0, d.dc)
        return { f = f, acc = newton_euler(d, { { at = P, f = onP } }) }
      end,
      model = function(d) return one_body(d, { spring = true, damped = true }) end,
      mistakes = {
        acc = { { value = function(d)
            local P = place(d.r, d.phi, d.sP)
            local _, _, onP = spring_damper(P, d.rA, d.rd, { 0, 0 }, d.k, d.L0, d.dc)
            return newton_euler(d, { { at = P, f = onP } })
          end, say = "P's velocity is the centre's plus (s_P turned) phi': the turning counts too." } },
      },
      hints = {
        "The damper's force is dc L', with L' = u'(v_P - v_A) and v_P = r' + (s_P turned) phi'.",
        "Spring and damper act along the same line: f = k (L - L0) + dc L'.",
      } },

    ------------------------------------------------------------------ 4.11
    { number = "4.11",
      title = "One body with a spring and a separate damper",
      text = [[
The body now has a spring from P to the ground point A and a damper from Q to the ground
point B, and the velocities below. Write the equations of motion and compute the
accelerations.]],
      build = "a model with two spring-dampers (m:pieces)",
      data = body_data {
        { name = "sQ", value = { 2.0, 0 }, unit = "m", what = "Q, local", vary = { abs = 0.3 } },
        { name = "rA", value = { -2.0, 3.0 }, unit = "m", what = "the spring's ground point A", vary = 0.2 },
        { name = "rB", value = { 4.0, 0 }, unit = "m", what = "the damper's ground point B", vary = { abs = 0.5 } },
        { name = "k", value = 6.0, unit = "N/m", what = "stiffness", vary = 0.3 },
        { name = "L0", value = 1.4, unit = "m", what = "free length", vary = 0.2 },
        { name = "dc", value = 2.0, unit = "N s/m", what = "damping", vary = 0.3 },
        { name = "rd", value = { 0.1, -0.3 }, unit = "m/s", what = "the centre's velocity", vary = 0.5 },
        { name = "phid", value = 0.5, unit = "rad/s", what = "the angular velocity", vary = 0.5 },
      },
      asks = {
        { name = "f_spring", what = "the spring's force, tension positive", unit = "N" },
        { name = "f_damper", what = "the damper's force, tension positive", unit = "N" },
        { name = "acc", what = "{x'', y'', phi''}", unit = "m/s^2, rad/s^2" },
      },
      answers = function(d)
        local acc = accelerations(one_body(d, { spring = true, damper = true }))
        -- each element's tension from a model that holds it alone
        local P, Q = vec.add(d.r, vec.rotate(d.phi, d.sP)), vec.add(d.r, vec.rotate(d.phi, d.sQ))
        return { f_spring = tension(one_body(d, { spring = true }), P, d.rA),
          f_damper = tension(one_body(d, { damper = true }), Q, d.rB), acc = { acc[1], acc[2], acc[3] } }
      end,
      verify = function(d)
        local P, Q = place(d.r, d.phi, d.sP), place(d.r, d.phi, d.sQ)
        local st = turned(d.phi, d.sQ)
        local vQ = { d.rd[1] + st[1] * d.phid, d.rd[2] + st[2] * d.phid }
        local fs, _, onP = spring_damper(P, d.rA, { 0, 0 }, { 0, 0 }, d.k, d.L0, 0)
        local fd, _, onQ = spring_damper(Q, d.rB, vQ, { 0, 0 }, 0, 0, d.dc)
        return { f_spring = fs, f_damper = fd, acc = newton_euler(d, { { at = P, f = onP }, { at = Q, f = onQ } }) }
      end,
      model = function(d) return one_body(d, { spring = true, damper = true }) end,
      hints = {
        "Each element acts along its own line; add their forces and their moments about the centre.",
        "The damper's force is dc (u'v_Q), u along Q - B, v_Q = r' + (s_Q turned) phi'.",
      } },

    ------------------------------------------------------------------ 4.12
    { number = "4.12",
      title = "Two friction laws near sticking, side by side",
      text = [[
Compare the friction laws of Eqs. 4.43 and 4.44 for slip speeds v from 0 to 50 steps of
dv (0.005 m/s in the book), with mu_s, mu_d and f_N below and mu_v = 0: (a) with v_s, p,
k_t for Eq. 4.43 and v_t for Eq. 4.44; (b) the same with v_s doubled; (c) the same as (a)
with v_t doubled. Give each force as a series over v and plot them.]],
      build = "two series with mb.friction.andersson and brown_mcphee; mb.plot",
      data = {
        { name = "mu_s", value = 0.8, unit = "", what = "static coefficient", vary = 0.2 },
        { name = "mu_d", value = 0.5, unit = "", what = "dynamic coefficient", vary = 0.2 },
        { name = "fN", value = 1.0, unit = "N", what = "normal force", vary = 0.5 },
        { name = "dv", value = 0.0001, unit = "m/s", what = "the speed step", vary = 0.5 },
        { name = "v_s", value = 0.001, unit = "m/s", what = "Stribeck speed, Eq. 4.43 (a)", vary = 0.3 },
        { name = "p", value = 2, unit = "", what = "exponent, Eq. 4.43", vary = { choices = { 1, 2, 3 } } },
        { name = "k_t", value = 10000, unit = "s/m", what = "tanh's steepness, Eq. 4.43", vary = 0.3 },
        { name = "v_t", value = 0.0005, unit = "m/s", what = "transition speed, Eq. 4.44 (a)", vary = 0.3 },
      },
      valid = function(d) return d.mu_s > d.mu_d + 0.05 end,
      asks = {
        { name = "f43_a", what = "Eq. 4.43's force over the speeds, (a)", unit = "N", kind = "series" },
        { name = "f44_a", what = "Eq. 4.44's force over the speeds, (a)", unit = "N", kind = "series" },
        { name = "f43_b", what = "Eq. 4.43 with v_s doubled, (b)", unit = "N", kind = "series" },
        { name = "f44_c", what = "Eq. 4.44 with v_t doubled, (c)", unit = "N", kind = "series" },
      },
      answers = function(d)
        local out = { f43_a = {}, f44_a = {}, f43_b = {}, f44_c = {} }
        local a = { mu_s = d.mu_s, mu_d = d.mu_d, v_s = d.v_s, p = d.p, k_t = d.k_t }
        local b = { mu_s = d.mu_s, mu_d = d.mu_d, v_s = 2 * d.v_s, p = d.p, k_t = d.k_t }
        for i, v in ipairs(sweep(d)) do
          out.f43_a[i] = d.fN * mb.friction.andersson(v, a)
          out.f43_b[i] = d.fN * mb.friction.andersson(v, b)
          out.f44_a[i] = d.fN * mb.friction.brown_mcphee(v, { mu_s = d.mu_s, mu_d = d.mu_d, v_t = d.v_t })
          out.f44_c[i] = d.fN * mb.friction.brown_mcphee(v, { mu_s = d.mu_s, mu_d = d.mu_d, v_t = 2 * d.v_t })
        end
        return out
      end,
      verify = function(d)
        local out = { f43_a = {}, f44_a = {}, f43_b = {}, f44_c = {} }
        for i, v in ipairs(sweep(d)) do
          out.f43_a[i] = d.fN * andersson(v, { mu_s = d.mu_s, mu_d = d.mu_d, v_s = d.v_s, p = d.p, k_t = d.k_t })
          out.f43_b[i] = d.fN * andersson(v, { mu_s = d.mu_s, mu_d = d.mu_d, v_s = 2 * d.v_s, p = d.p, k_t = d.k_t })
          out.f44_a[i] = d.fN * brown_mcphee(v, { mu_s = d.mu_s, mu_d = d.mu_d, v_t = d.v_t })
          out.f44_c[i] = d.fN * brown_mcphee(v, { mu_s = d.mu_s, mu_d = d.mu_d, v_t = 2 * d.v_t })
        end
        return out
      end,
      written = [[
Eq. 4.43 rises through tanh(k_t v) to a peak below mu_s f_N and decays towards mu_d f_N
with the Stribeck speed v_s: a larger v_s keeps the force high over a wider range. Eq. 4.44
reaches mu_s f_N exactly at v = v_t and then falls towards mu_d f_N; doubling v_t moves its
peak to twice the speed and makes the rise gentler.]],
      hints = {
        "The speeds are 0, dv, 2 dv, ..., 50 dv: 51 values.",
        "`mb.friction.andersson(v, { mu_s = ..., mu_d = ..., v_s = ..., p = ..., k_t = ... })` is the coefficient: times f_N.",
      } },
  },
}
