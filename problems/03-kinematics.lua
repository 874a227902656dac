-- SPDX-License-Identifier: GPL-3.0-or-later
-- The problems of Chapter 3 (Sec. 3.4): a body's frame, its points, their
-- velocities and accelerations, constraints and degrees of freedom. The
-- book's figures hold what Problems 3.1-3.3, 3.6 and 3.10 measure: those
-- values are ours, said so on the sheet. Answers follow the chapter's
-- r = r_body + A s' (Eq. 3.8) and its derivatives (Eqs. 3.12, 3.17) with
-- mb.vec; degrees of freedom come from mb models (m:dof); verify works each
-- one again from components, finite differences or Gruebler's count.
local vec, mat = mb.vec, mb.mat

local function rows(A) return A:totable() end

-- d/dt of g(q + qd t) at t = 0, and the Jacobian of g, by central differences
local differences = require "mechbench.by_hand"
local rate, partials = differences.rate, differences.partials

-- A point's global position by hand: x + xi cos - eta sin, y + xi sin + eta cos (Eq. 2.70)
local function by_hand(r, phi, s)
  local c, si = math.cos(phi), math.sin(phi)
  return { r[1] + s[1] * c - s[2] * si, r[2] + s[1] * si + s[2] * c }
end

-- The local coordinates of the points of Problem 3.2's link (ours).
local link = {
  { name = "A", value = { -0.35, 0.0 }, unit = "m", what = "point A on the link, local", ours = true },
  { name = "B", value = { 0.35, 0.0 }, unit = "m", what = "point B", ours = true },
  { name = "C", value = { 0.0, 0.12 }, unit = "m", what = "point C", ours = true },
  { name = "D", value = { -0.15, -0.1 }, unit = "m", what = "point D", ours = true },
  { name = "E", value = { 0.2, 0.25 }, unit = "m", what = "point E", ours = true },
}
local function link_data(extra, varied)
  local out = {}
  for _, e in ipairs(link) do
    out[#out + 1] = { name = e.name, value = e.value, unit = e.unit, what = e.what, ours = true,
      vary = varied and { abs = 0.05 } or nil }
  end
  for _, e in ipairs(extra or {}) do out[#out + 1] = e end
  return out
end
local function link_valid(d)
  -- no two points closer than 5 cm, so every unit vector is well defined
  local names = { "A", "B", "C", "D", "E" }
  for i = 1, 5 do
    for j = i + 1, 5 do
      if vec.norm(vec.sub(d[names[i]], d[names[j]])) < 0.05 then return false end
    end
  end
  return true
end

------------------------------------------------------------------ our systems for 3.6

-- Gruebler's count for a planar system: 3 per moving body less the rows.
local function gruebler(bodies, rows_removed) return 3 * bodies - rows_removed end

local meet = differences.circles_meet -- where two circles meet

-- A bar from p to q as a body with a point at each end (name0, name1).
local function bar(m, name, p, q)
  local half = vec.norm(vec.sub(q, p)) / 2
  m:body { name = name, mass = 1, inertia = 0.1, pos = vec.scale(0.5, vec.add(p, q)), angle = vec.angle(vec.sub(q, p)) }
  m:point { name = name .. "0", body = name, at = { -half, 0 } }
  m:point { name = name .. "1", body = name, at = { half, 0 } }
end

local function pin(m, name, a, b) m:joint { name = name, type = "revolute", points = { a, b } } end

-- Six systems like those of the book's figure, each as a model, with the
-- moving bodies and constraint rows a count by hand needs.
local function systems(L)
  local out = {}
  do -- (a) a double pendulum: open
    local m = mb.model { name = "double pendulum" }
    bar(m, "upper", { 0, 0 }, { L, 0 })
    bar(m, "lower", { L, 0 }, { 2 * L, 0 })
    m:point { name = "O", body = "ground" }
    pin(m, "top", "upper0", "O")
    pin(m, "knee", "lower0", "upper1")
    out[1] = { model = m, bodies = 2, rows = 4, joints = 2 }
  end
  do -- (b) a four-bar
    local m = mb.model { name = "four-bar" }
    local O, Q = { 0, 0 }, { 2.5 * L, 0 }
    local A = vec.scale(L, vec.unit(1.2))
    local B = meet(A, Q, 2.2 * L, 1.6 * L, -1)
    bar(m, "crank", O, A); bar(m, "coupler", A, B); bar(m, "rocker", Q, B)
    m:point { name = "O", body = "ground", at = O }
    m:point { name = "Q", body = "ground", at = Q }
    pin(m, "pO", "crank0", "O"); pin(m, "pA", "coupler0", "crank1")
    pin(m, "pB", "coupler1", "rocker1"); pin(m, "pQ", "rocker0", "Q")
    out[2] = { model = m, bodies = 3, rows = 8, joints = 4 }
  end
  do -- (c) a slider-crank
    local m = mb.model { name = "slider-crank" }
    local A = vec.scale(L, vec.unit(0.9))
    local B = { A[1] + math.sqrt((2.5 * L) ^ 2 - A[2] ^ 2), 0 }
    bar(m, "crank", { 0, 0 }, A); bar(m, "rod", A, B)
    m:body { name = "slider", mass = 1, inertia = 0.1, pos = B }
    m:point { name = "S", body = "slider" }
    m:point { name = "O", body = "ground" }
    m:vector { name = "us", body = "slider", dir = { 1, 0 } }
    m:vector { name = "ux", body = "ground", dir = { 1, 0 } }
    pin(m, "pO", "crank0", "O"); pin(m, "pA", "rod0", "crank1"); pin(m, "pB", "rod1", "S")
    m:joint { name = "slide", type = "translational", points = { "S", "O" }, vectors = { "us", "ux" } }
    out[3] = { model = m, bodies = 3, rows = 8, joints = 4 }
  end
  do -- (d) a five-bar: two cranks and two couplers
    local m = mb.model { name = "five-bar" }
    local O, Q = { 0, 0 }, { 2 * L, 0 }
    local A, C = vec.scale(L, vec.unit(1.3)), vec.add(Q, vec.scale(L, vec.unit(1.9)))
    local B = meet(A, C, 1.5 * L, 1.5 * L, -1)
    bar(m, "left", O, A); bar(m, "right", Q, C); bar(m, "a", A, B); bar(m, "b", C, B)
    m:point { name = "O", body = "ground", at = O }
    m:point { name = "Q", body = "ground", at = Q }
    pin(m, "pO", "left0", "O"); pin(m, "pQ", "right0", "Q"); pin(m, "pA", "a0", "left1")
    pin(m, "pC", "b0", "right1"); pin(m, "pB", "a1", "b1")
    out[4] = { model = m, bodies = 4, rows = 10, joints = 5 }
  end
  do -- (e) a disc on the ground that may slip: only its height is held
    local m = mb.model { name = "disc, slipping" }
    m:body { name = "disc", mass = 1, inertia = 0.05, pos = { 0, L } }
    m:joint { name = "contact", type = "simple", body = "disc", coord = "y" }
    out[5] = { model = m, bodies = 1, rows = 1, joints = 1 }
  end
  do -- (f) the same disc rolling without slip
    local m = mb.model { name = "disc, rolling" }
    m:body { name = "disc", mass = 1, inertia = 0.05, pos = { 0, L } }
    m:joint { name = "roll", type = "disc", body = "disc", radius = L }
    out[6] = { model = m, bodies = 1, rows = 2, joints = 1 }
  end
  return out
end

------------------------------------------------------------------ the problems

-- Problems 3.2 and 3.10: unit vectors of the link between its points.
local function link_units(d)
  return { vec.unit(vec.sub(d.B, d.A)), vec.unit(vec.sub(d.E, d.B)), vec.unit(vec.sub(d.E, d.A)) }
end
local function units_by_hand(d)
  local out = {}
  for i, pair in ipairs { { d.A, d.B }, { d.B, d.E }, { d.A, d.E } } do
    local dx, dy = pair[2][1] - pair[1][1], pair[2][2] - pair[1][2]
    local len = math.sqrt(dx * dx + dy * dy)
    out[i] = { dx / len, dy / len }
  end
  return out
end

-- The revolute joint of Problem 3.7: P on body 4 at s4, on body 1 at s1.
local function pinned_pair(d)
  local m = mb.model { name = "Problem 3.7", gravity = { 0, 0 } }
  m:body { name = "body1", mass = 1, inertia = 1 }
  m:body { name = "body4", mass = 1, inertia = 1 }
  m:point { name = "P1", body = "body1", at = d.s1 }
  m:point { name = "P4", body = "body4", at = d.s4 }
  m:joint { name = "pin", type = "revolute", points = { "P4", "P1" } }
  return m
end

-- a point's path r(t) + A(phi(t)) s' under constant accelerations (3.11)
local function point_path(d)
  return function(t)
    local r = vec.add(vec.add(d.r, vec.scale(t, d.rd)), vec.scale(t * t / 2, d.rdd))
    local phi = d.phi + d.phid * t + d.phidd * t * t / 2
    return by_hand(r, phi, d.sQ)
  end
end
local function second_difference(f, h)
  local a, b, c = f(h), f(0), f(-h)
  return { (a[1] - 2 * b[1] + c[1]) / (h * h), (a[2] - 2 * b[2] + c[2]) / (h * h) }
end
local function first_difference(f, h)
  local a, c = f(h), f(-h)
  return { (a[1] - c[1]) / (2 * h), (a[2] - c[2]) / (2 * h) }
end

return {
  chapter = 3,
  title = "Planar kinematics: frames, points, constraints",
  problems = {
    ------------------------------------------------------------------ 3.1
    { number = "3.1",
      title = "A body-fixed vector in both frames",
      text = [[
A vector s is fixed on a body whose xi axis makes the angle phi with x (the book's figure;
our values below). Given its xi-eta components, find its x-y components (Eq. 3.4), and its
length from each set. Are the two lengths the same? Why?]],
      build = "a few lines with mb.vec.rotate and mb.vec.norm; a sketch",
      data = {
        { name = "phi", value = 35, unit = "deg", what = "the angle of xi from x", ours = true, vary = { abs = 25, step = 1 } },
        { name = "s_local", value = { 0.6, 0.25 }, unit = "m", what = "s in the xi-eta frame", ours = true, vary = 0.4 },
      },
      asks = {
        { name = "s", what = "s in the x-y frame", unit = "m" },
        { name = "len_global", what = "its length from the x-y components", unit = "m" },
        { name = "len_local", what = "its length from the xi-eta components", unit = "m" },
        { name = "same", what = "are the two lengths equal? true or false", unit = "", kind = "choice", choices = { true, false } },
      },
      answers = function(d)
        local s = vec.rotate(d.phi, d.s_local)
        return { s = s, len_global = vec.norm(s), len_local = vec.norm(d.s_local), same = true }
      end,
      verify = function(d)
        local s = by_hand({ 0, 0 }, d.phi, d.s_local)
        return { s = s, len_global = math.sqrt(s[1] ^ 2 + s[2] ^ 2),
          len_local = math.sqrt(d.s_local[1] ^ 2 + d.s_local[2] ^ 2), same = true }
      end,
      mistakes = {
        s = { { value = function(d) return vec.rotate(-d.phi, d.s_local) end,
          say = "that turns the wrong way: x-y components are A s', with A of +phi." } },
      },
      written = [[
The lengths agree: s's = (A s')'(A s') = s'' A'A s' = s''s' (Eq. 3.7), since A is orthonormal.
A length is a property of the vector, not of the frame it is written in.]],
      hints = {
        "s = A(phi) s' (Eq. 3.4); the length is sqrt(s's) in either frame.",
        "`mb.vec.rotate(p.data.phi, p.data.s_local)` gives the x-y components.",
      } },

    ------------------------------------------------------------------ 3.2
    { number = "3.2",
      title = "Unit vectors between points of a link",
      text = [[
A link carries five points A to E (the book's figure; our local coordinates below). Give,
in the link's own frame, the unit vectors from A to B, from B to E and from A to E.]],
      build = "mb.vec.sub and mb.vec.unit on the local coordinates",
      data = link_data(nil, true),
      valid = link_valid,
      asks = {
        { name = "u_AB", what = "the unit vector from A to B, local", unit = "" },
        { name = "u_BE", what = "the unit vector from B to E, local", unit = "" },
        { name = "u_AE", what = "the unit vector from A to E, local", unit = "" },
      },
      answers = function(d)
        local u = link_units(d)
        return { u_AB = u[1], u_BE = u[2], u_AE = u[3] }
      end,
      verify = function(d)
        local u = units_by_hand(d)
        return { u_AB = u[1], u_BE = u[2], u_AE = u[3] }
      end,
      mistakes = {
        u_BE = { { value = function(d) return vec.unit(vec.sub(d.B, d.E)) end,
          say = "that points from E to B: the vector from B to E is E minus B." } },
      },
      hints = {
        "The vector from B to E is E's coordinates minus B's; divide by its length.",
        "`mb.vec.unit(mb.vec.sub(p.data.E, p.data.B))`.",
      } },

    ------------------------------------------------------------------ 3.3
    { number = "3.3",
      title = "The A matrix from the axes' unit vectors",
      text = [[
A moving frame's xi axis makes the angle theta with x (the book's figure; our angle
below). Give the unit vectors along xi and eta, the A matrix whose columns they are, check
that A'A = I, and compare with A(theta) from Eq. 3.5.]],
      build = "mb.vec.unit, mb.vec.rot, mb.mat, mb.vec.A",
      data = {
        { name = "theta", value = 25, unit = "deg", what = "the angle of the xi axis", ours = true,
          vary = { range = { -170, 170 }, step = 1 } },
      },
      asks = {
        { name = "u_xi", what = "the unit vector along xi", unit = "" },
        { name = "u_eta", what = "the unit vector along eta", unit = "" },
        { name = "A", what = "[u_xi u_eta]", unit = "" },
        { name = "AtA", what = "A'A", unit = "" },
        { name = "A_angle", what = "A(theta) from Eq. 3.5", unit = "" },
      },
      answers = function(d)
        local u = vec.unit(d.theta)
        local e = vec.rot(u)
        local A = mat { { u[1], e[1] }, { u[2], e[2] } }
        return { u_xi = u, u_eta = e, A = rows(A), AtA = rows(A:t() * A), A_angle = rows(vec.A(d.theta)) }
      end,
      verify = function(d)
        local c, s = math.cos(d.theta), math.sin(d.theta)
        return { u_xi = { c, s }, u_eta = { -s, c }, A = { { c, -s }, { s, c } }, AtA = { { 1, 0 }, { 0, 1 } },
          A_angle = { { c, -s }, { s, c } } }
      end,
      hints = {
        "eta is xi turned by +90 degrees.",
        "The columns of A are u_xi and u_eta; `mb.vec.A(p.data.theta)` is Eq. 3.5.",
      } },

    ------------------------------------------------------------------ 3.4
    { number = "3.4",
      title = "A body's origin from one of its points",
      text = [[
A point P of body i has local coordinates s'P and global coordinates rP, and the body's
angle is phi. Where is the body's origin (its translational coordinates)? Sketch the frame
and P.]],
      build = "r = rP - A s'P with mb.vec",
      data = {
        { name = "sP", value = { 1.3, -2.2 }, unit = "m", what = "P in the body's frame", vary = 0.3 },
        { name = "rP", value = { -1.7, 0.5 }, unit = "m", what = "P in the global frame", vary = 0.3 },
        { name = "phi", value = 32, unit = "deg", what = "the body's angle", vary = { abs = 20, step = 1 } },
      },
      asks = {
        { name = "r", what = "the body's origin, {x, y}", unit = "m" },
      },
      answers = function(d) return { r = vec.sub(d.rP, vec.rotate(d.phi, d.sP)) } end,
      verify = function(d)
        local s = by_hand({ 0, 0 }, d.phi, d.sP)
        return { r = { d.rP[1] - s[1], d.rP[2] - s[2] } }
      end,
      mistakes = {
        r = {
          { value = function(d) return vec.add(d.rP, vec.rotate(d.phi, d.sP)) end,
            say = "rP = r + A s'P, so r = rP - A s'P: subtract." },
          { value = function(d) return vec.sub(d.rP, d.sP) end,
            say = "s'P is in the body's frame: turn it by A(phi) before subtracting." },
        },
      },
      hints = {
        "rP = r + A(phi) s'P (Eq. 3.8): solve it for r.",
        "`mb.vec.sub(p.data.rP, mb.vec.rotate(p.data.phi, p.data.sP))`.",
      } },

    ------------------------------------------------------------------ 3.5
    { number = "3.5",
      title = "Points of a body: global and local coordinates",
      text = [[
Body i is at r with angle phi. A and B are given in its frame, C in the global frame.
Find A's global coordinates, the global components of the vector s_B from the body's
origin to B, and C's local coordinates.]],
      build = "mb.vec.rotate (A s'), and its inverse with -phi (A's)",
      data = {
        { name = "r", value = { 3.2, 2.8 }, unit = "m", what = "the body's origin", vary = 0.3 },
        { name = "phi", value = 80, unit = "deg", what = "the body's angle", vary = { abs = 30, step = 1 } },
        { name = "sA", value = { -1.1, -0.4 }, unit = "m", what = "A, local", vary = 0.3 },
        { name = "sB", value = { -1.9, 2.3 }, unit = "m", what = "B, local", vary = 0.3 },
        { name = "rC", value = { 5.3, 4.0 }, unit = "m", what = "C, global", vary = 0.3 },
      },
      asks = {
        { name = "rA", what = "A's global coordinates", unit = "m" },
        { name = "s_B", what = "the global components of s_B", unit = "m" },
        { name = "sC", what = "C's local coordinates", unit = "m" },
      },
      answers = function(d)
        return { rA = vec.add(d.r, vec.rotate(d.phi, d.sA)), s_B = vec.rotate(d.phi, d.sB),
          sC = vec.rotate(-d.phi, vec.sub(d.rC, d.r)) }
      end,
      verify = function(d)
        local c, s = math.cos(d.phi), math.sin(d.phi)
        local dx, dy = d.rC[1] - d.r[1], d.rC[2] - d.r[2]
        return { rA = by_hand(d.r, d.phi, d.sA), s_B = by_hand({ 0, 0 }, d.phi, d.sB),
          sC = { c * dx + s * dy, -s * dx + c * dy } }
      end,
      mistakes = {
        rA = { { value = function(d) return vec.rotate(d.phi, d.sA) end,
          say = "that is s_A, from the body's origin: add r for A's coordinates." } },
        sC = { { value = function(d) return vec.rotate(d.phi, vec.sub(d.rC, d.r)) end,
          say = "local components are A'(rC - r): turn by -phi, not +phi." } },
      },
      hints = {
        "Global from local: r + A s'. Local from global: A'(r_C - r), A' being A of -phi.",
        "`mb.vec.rotate(-p.data.phi, mb.vec.sub(p.data.rC, p.data.r))` is C's local coordinates.",
      } },

    ------------------------------------------------------------------ 3.6
    { number = "3.6",
      title = "Open or closed, loops, and degrees of freedom",
      text = [[
For each system of the book's figure say whether it is an open or a closed chain, name its
independent loops, and count its degrees of freedom (for the discs, with and without slip).
To check your counting, do the same for six systems of ours, built as models: (1) a double
pendulum, (2) a four-bar, (3) a slider-crank, (4) a five-bar with two cranks, (5) a disc
on the ground that may slip, (6) the same disc rolling without slip.]],
      build = "the counts by hand (Gruebler: 3 per moving body less the constraints); m:dof() checks them",
      data = {
        { name = "L", value = 0.2, unit = "m", what = "a length the models are built to", ours = true },
      },
      fixed = "the counts do not depend on the dimensions: the lengths only build the models",
      asks = {
        { name = "dof", what = "degrees of freedom of systems 1 to 6, a list", unit = "", tol = 0 },
        { name = "loops", what = "independent loops of systems 1 to 6, a list", unit = "", tol = 0 },
      },
      answers = function(d)
        local dof, loops = {}, {}
        for i, s in ipairs(systems(d.L)) do
          local _, _, info = s.model:dof { quiet = true }
          dof[i] = info.dof
          loops[i] = i <= 4 and #s.model:loops() or 0
        end
        return { dof = dof, loops = loops }
      end,
      verify = function(d)
        local dof, loops = {}, {}
        for i, s in ipairs(systems(d.L)) do
          dof[i] = gruebler(s.bodies, s.rows)
          loops[i] = s.joints - s.bodies  -- a connected system: joints less moving bodies
        end
        return { dof = dof, loops = loops }
      end,
      model = function(d) return systems(d.L)[2].model end,
      written = [[
Count for each system: n_dof = 3 n_b - n_c, with n_b the moving bodies and n_c the
constraints (2 for a pin or a slider, 1 for a pin in a slot or a disc that may slip, 2 for
one rolling without slip), and check that no constraint is redundant. A chain is closed
when some body can be reached from the ground along two paths; its independent loops
number the joints less the moving bodies. A disc on the ground has 2 degrees of freedom
when it slips and 1 when it rolls.]],
      hints = {
        "A planar body has 3 degrees of freedom; a pin or a slider takes 2 away.",
        "Loops: in a connected system, the number of joints less the number of moving bodies.",
        "`m = p:model()` builds system 2; `m:dof()` prints Gruebler's count beside the Jacobian's rank.",
      } },

    ------------------------------------------------------------------ 3.7
    { number = "3.7",
      title = "Velocity and acceleration constraints of a pin",
      text = function(d)
        local s1, s4 = d.s1, d.s4
        return ([[
Two constraints join bodies 1 and 4:

  Phi1 = x4 + %g cos(phi4) - %g sin(phi4) - x1 + %g sin(phi1)
  Phi2 = y4 + %g sin(phi4) + %g cos(phi4) - y1 - %g cos(phi1)

With q = {x1, y1, phi1, x4, y4, phi4}, give the Jacobian D = dPhi/dq as a function of q,
and the right side gamma of the acceleration constraints D q'' = gamma as a function of q
and q'.]]):format(s4[1], s4[2], s1[2], s4[1], s4[2], s1[2])
      end,
      build = "two Lua functions, D(q) and gamma(q, qd); a revolute joint's model checks them",
      data = {
        { name = "s1", value = { 0, 0.75 }, unit = "m", what = "the pin on body 1, local (read off Phi)",
          vary = function(rand, v) return { 0, math.floor((0.4 + 0.8 * rand()) * 100 + 0.5) / 100 } end },
        { name = "s4", value = { 1.6, 0.3 }, unit = "m", what = "the pin on body 4, local (read off Phi)", vary = 0.3 },
      },
      asks = {
        { name = "D", what = "function(q): the 2 x 6 Jacobian", unit = "", kind = "function", args = { "q" }, size = 6 },
        { name = "gamma", what = "function(q, qd): gamma, a 2-array", unit = "", kind = "function",
          args = { "q", "qd" }, size = 6 },
      },
      answers = function(d)
        -- Phi = r4 + A4 s4 - r1 - A1 s1: D = [-I, -A1 s1 turned, I, A4 s4 turned],
        -- gamma = A4 s4 phi4'^2 - A1 s1 phi1'^2 (Eqs. 3.12, 3.17)
        local function D(q)
          local a1, a4 = vec.rot(vec.rotate(q[3], d.s1)), vec.rot(vec.rotate(q[6], d.s4))
          return { { -1, 0, -a1[1], 1, 0, a4[1] }, { 0, -1, -a1[2], 0, 1, a4[2] } }
        end
        local function gamma(q, qd)
          return vec.sub(vec.scale(qd[6] ^ 2, vec.rotate(q[6], d.s4)), vec.scale(qd[3] ^ 2, vec.rotate(q[3], d.s1)))
        end
        return { D = D, gamma = gamma }
      end,
      verify = function(d)
        -- a model of the pin: its body-coordinate pieces at each state
        local m = pinned_pair(d)
        local function at(q, qd)
          local y = {}
          for k = 1, 6 do y[k], y[6 + k] = q[k], (qd or {})[k] or 0 end
          return m:pieces { formulation = "body", y = y }
        end
        return {
          D = function(q) return at(q).D:totable() end,
          gamma = function(q, qd) local p = at(q, qd); return { p.gamma[1], p.gamma[2] } end,
        }
      end,
      mistakes = {
        gamma = { { value = function(_, ref) return function(q, qd) return vec.scale(-1, ref.gamma(q, qd)) end end,
          say = "gamma is minus the quadratic velocity terms: D q'' + (dD/dt) q' = 0 gives D q'' = -(dD/dt) q'." } },
      },
      hints = {
        "Each Phi is linear in x and y: their columns hold 1, -1 or 0. Only the angles' columns change.",
        "d/dt of A s' is (A s') turned times phi'; once more: (A s') turned phi'' - A s' phi'^2.",
        "gamma collects what is left when q'' is moved aside: A4 s4 phi4'^2 - A1 s1 phi1'^2.",
      } },

    ------------------------------------------------------------------ 3.8
    { number = "3.8",
      title = "Components in the other frame",
      text = [[
The xi-eta frame is at the angle phi to x-y. The vector a is given in x-y, b in xi-eta. Give
a in xi-eta and b in x-y (A_matrix in the book: here mb.vec.A).]],
      build = "mb.vec.A(phi), its transpose, and two products",
      data = {
        { name = "phi", value = 328, unit = "deg", what = "the frames' angle", vary = { abs = 25, step = 1 } },
        { name = "a", value = { -1.5, 0.6 }, unit = "", what = "a in x-y", vary = 0.4 },
        { name = "b", value = { -0.7, -0.4 }, unit = "", what = "b in xi-eta", vary = 0.4 },
      },
      asks = {
        { name = "a_local", what = "a in xi-eta", unit = "" },
        { name = "b_global", what = "b in x-y", unit = "" },
      },
      answers = function(d)
        local A = vec.A(d.phi)
        local al = A:t() * mat(d.a)
        local bg = A * mat(d.b)
        return { a_local = { al(1), al(2) }, b_global = { bg(1), bg(2) } }
      end,
      verify = function(d)
        local c, s = math.cos(d.phi), math.sin(d.phi)
        return { a_local = { c * d.a[1] + s * d.a[2], -s * d.a[1] + c * d.a[2] }, b_global = by_hand({ 0, 0 }, d.phi, d.b) }
      end,
      mistakes = {
        a_local = { { value = function(d) return vec.rotate(d.phi, d.a) end,
          say = "that is A a; components in xi-eta are A'a." } },
      },
      hints = {
        "s = A s' and s' = A's (Eqs. 3.4, 3.6).",
        "`A = mb.vec.A(p.data.phi)`; `A:t() * mb.mat(p.data.a)` gives a's local components.",
      } },

    ------------------------------------------------------------------ 3.9
    { number = "3.9",
      title = "The same frames at -32 degrees",
      text = [[
Do Problem 3.8 again with the angle written as a negative number (the book: -32 degrees,
its 328 minus a whole turn; your data below). Then work the same with phi + 360 degrees:
are the results the same?]],
      build = "the script of 3.8 with the new angle",
      data = {
        { name = "phi", value = -32, unit = "deg", what = "the frames' angle", vary = { abs = 25, step = 1 } },
        { name = "a", value = { -1.5, 0.6 }, unit = "", what = "a in x-y", vary = 0.4 },
        { name = "b", value = { -0.7, -0.4 }, unit = "", what = "b in xi-eta", vary = 0.4 },
      },
      asks = {
        { name = "a_local", what = "a in xi-eta", unit = "" },
        { name = "b_global", what = "b in x-y", unit = "" },
        { name = "same", what = "the same as with phi + 360 degrees? true or false", unit = "", kind = "choice",
          choices = { true, false } },
      },
      answers = function(d)
        local A = vec.A(d.phi)
        local al = A:t() * mat(d.a)
        local bg = A * mat(d.b)
        local A2 = vec.A(d.phi + 2 * math.pi)
        local same = (A - A2):norm() < 1e-12
        return { a_local = { al(1), al(2) }, b_global = { bg(1), bg(2) }, same = same }
      end,
      verify = function(d)
        local c, s = math.cos(d.phi), math.sin(d.phi)
        return { a_local = { c * d.a[1] + s * d.a[2], -s * d.a[1] + c * d.a[2] }, b_global = by_hand({ 0, 0 }, d.phi, d.b),
          same = true }
      end,
      written = [[
-32 and 328 degrees differ by a whole turn: cos and sin, hence A and every result, are the
same. An angle matters only up to whole turns.]],
      hints = {
        "328 = -32 + 360.",
        "cos and sin repeat every 360 degrees.",
      } },

    ------------------------------------------------------------------ 3.10
    { number = "3.10",
      title = "The link of Problem 3.2 placed in the plane",
      text = [[
Place the link of Problem 3.2 (your local coordinates below) at r with the angle phi. Give
the global coordinates of its five points and the global components of its three unit
vectors (A to B, B to E, A to E).]],
      build = "r + A s' for each point, A u' for each unit vector",
      data = link_data({
        { name = "r", value = { 2, -3 }, unit = "m", what = "the link's origin", vary = 0.4 },
        { name = "phi", value = 30, unit = "deg", what = "its angle", vary = { abs = 40, step = 1 } },
      }, true),
      valid = link_valid,
      asks = {
        { name = "points", what = "A to E, global, as rows {{x, y}, ...}", unit = "m" },
        { name = "units", what = "the unit vectors A-B, B-E, A-E, global, as rows", unit = "" },
      },
      answers = function(d)
        local pts, us = {}, {}
        for i, n in ipairs { "A", "B", "C", "D", "E" } do pts[i] = vec.add(d.r, vec.rotate(d.phi, d[n])) end
        for i, u in ipairs(link_units(d)) do us[i] = vec.rotate(d.phi, u) end
        return { points = pts, units = us }
      end,
      verify = function(d)
        local pts = {}
        for i, n in ipairs { "A", "B", "C", "D", "E" } do pts[i] = by_hand(d.r, d.phi, d[n]) end
        local global = { A = pts[1], B = pts[2], E = pts[5] }
        return { points = pts, units = units_by_hand(global) }
      end,
      hints = {
        "A point: r + A s'. A unit vector has no origin: just A u'.",
        "`mb.vec.add(p.data.r, mb.vec.rotate(p.data.phi, p.data.A))` is A's position.",
      } },

    ------------------------------------------------------------------ 3.11
    { number = "3.11",
      title = "Position, velocity and acceleration of a point",
      text = [[
Point Q is fixed on a body. From the body's position, velocity and acceleration below find
Q's global position, velocity and acceleration (the book's r_Point, r_Point_d and
r_Point_dd; Eqs. 3.8, 3.12, 3.17). Sketch the body and Q to check the position.]],
      build = "r + s, r' + s turned phi', r'' + s turned phi'' - s phi'^2 with mb.vec",
      data = {
        { name = "sQ", value = { 1.2, -0.5 }, unit = "m", what = "Q, local", vary = 0.3 },
        { name = "r", value = { 3, 2 }, unit = "m", what = "the body's origin", vary = 0.3 },
        { name = "phi", value = 60, unit = "deg", what = "its angle (the book's: pi/3)", vary = { abs = 30, step = 1 } },
        { name = "rd", value = { -0.4, 1.1 }, unit = "m/s", what = "the origin's velocity", vary = 0.4 },
        { name = "phid", value = 0.2 * math.pi, unit = "rad/s", what = "the angular velocity (the book's: 0.2 pi)",
          vary = { rel = 0.5, step = 0.01 } },
        { name = "rdd", value = { -0.2, -0.3 }, unit = "m/s^2", what = "the origin's acceleration", vary = 0.4 },
        { name = "phidd", value = -0.1 * math.pi, unit = "rad/s^2", what = "the angular acceleration (the book's: -0.1 pi)",
          vary = { rel = 0.5, step = 0.01 } },
      },
      asks = {
        { name = "rQ", what = "Q's position", unit = "m" },
        { name = "vQ", what = "Q's velocity", unit = "m/s" },
        { name = "aQ", what = "Q's acceleration", unit = "m/s^2" },
      },
      answers = function(d)
        local s = vec.rotate(d.phi, d.sQ)
        return { rQ = vec.add(d.r, s), vQ = vec.add(d.rd, vec.scale(d.phid, vec.rot(s))),
          aQ = vec.add(d.rdd, vec.sub(vec.scale(d.phidd, vec.rot(s)), vec.scale(d.phid ^ 2, s))) }
      end,
      verify = function(d)
        local path = point_path(d)
        return { rQ = path(0), vQ = first_difference(path, 1e-5), aQ = second_difference(path, 1e-4) }
      end,
      mistakes = {
        aQ = { { value = function(d)
            local s = vec.rotate(d.phi, d.sQ)
            return vec.add(d.rdd, vec.scale(d.phidd, vec.rot(s)))
          end, say = "the centripetal part -s phi'^2 is missing (Eq. 3.17)." } },
      },
      hints = {
        "s = A s'Q; its rate is s turned times phi' (Eq. 3.12).",
        "The acceleration of s has two parts: s turned phi'' along the circle and -s phi'^2 towards the origin.",
      } },

    ------------------------------------------------------------------ 3.12
    { number = "3.12",
      title = "A global point in the body's frame",
      text = [[
Point B is at rB globally; the body's frame is at r with the angle phi. Give the vector
from the origin to B in the body's frame.]],
      build = "s' = A'(rB - r) with mb.vec",
      data = {
        { name = "rB", value = { 5, -2 }, unit = "m", what = "B, global", vary = 0.3 },
        { name = "r", value = { 4, -1 }, unit = "m", what = "the body's origin", vary = 0.3 },
        { name = "phi", value = 25, unit = "deg", what = "the body's angle", vary = { abs = 30, step = 1 } },
      },
      valid = function(d) return vec.norm(vec.sub(d.rB, d.r)) > 0.3 end,
      asks = {
        { name = "sB", what = "s_B in the body's frame", unit = "m" },
      },
      answers = function(d) return { sB = vec.rotate(-d.phi, vec.sub(d.rB, d.r)) } end,
      verify = function(d)
        local c, s = math.cos(d.phi), math.sin(d.phi)
        local dx, dy = d.rB[1] - d.r[1], d.rB[2] - d.r[2]
        return { sB = { c * dx + s * dy, -s * dx + c * dy } }
      end,
      mistakes = {
        sB = {
          { value = function(d) return vec.rotate(d.phi, vec.sub(d.rB, d.r)) end,
            say = "local components are A'(rB - r): turn by -phi." },
          { value = function(d) return vec.sub(d.rB, d.r) end,
            say = "that is s_B in the global frame: turn it into the body's with A'." },
        },
      },
      hints = {
        "s_B = rB - r globally; its local components are A's_B.",
        "`mb.vec.rotate(-p.data.phi, mb.vec.sub(p.data.rB, p.data.r))`.",
      } },

    ------------------------------------------------------------------ 3.13
    { number = "3.13",
      title = "The distance between points of two bodies",
      text = [[
A is fixed on body 1, B on body 2. From the bodies' coordinates, how far apart are A and B?]],
      build = "r + A s' for each point, then mb.vec.norm of the difference",
      data = {
        { name = "sA", value = { 2, -3 }, unit = "m", what = "A on body 1, local", vary = 0.3 },
        { name = "sB", value = { -1, 2 }, unit = "m", what = "B on body 2, local", vary = 0.3 },
        { name = "r1", value = { 6, 4 }, unit = "m", what = "body 1's origin", vary = 0.3 },
        { name = "phi1", value = 25, unit = "deg", what = "body 1's angle", vary = { abs = 30, step = 1 } },
        { name = "r2", value = { -3, 7 }, unit = "m", what = "body 2's origin", vary = 0.3 },
        { name = "phi2", value = -85, unit = "deg", what = "body 2's angle", vary = { abs = 30, step = 1 } },
      },
      asks = {
        { name = "distance", what = "the distance from A to B", unit = "m" },
      },
      answers = function(d)
        local rA = vec.add(d.r1, vec.rotate(d.phi1, d.sA))
        local rB = vec.add(d.r2, vec.rotate(d.phi2, d.sB))
        return { distance = vec.norm(vec.sub(rB, rA)) }
      end,
      verify = function(d)
        local a, b = by_hand(d.r1, d.phi1, d.sA), by_hand(d.r2, d.phi2, d.sB)
        return { distance = math.sqrt((a[1] - b[1]) ^ 2 + (a[2] - b[2]) ^ 2) }
      end,
      mistakes = {
        distance = { { value = function(d) return vec.norm(vec.sub(vec.add(d.r2, d.sB), vec.add(d.r1, d.sA))) end,
          say = "the local coordinates must be turned by each body's angle first." } },
      },
      hints = {
        "Place each point first: rA = r1 + A1 s'A, rB = r2 + A2 s'B.",
        "The distance is the length of rB - rA.",
      } },

    ------------------------------------------------------------------ 3.14
    { number = "3.14",
      title = "Two ways to the acceleration of a body-fixed vector",
      text = [[
A body-fixed vector s turns with its body: s' = s turned times phi'. Its second derivative
is s turned phi'' - s phi'^2, or equally s turned phi'' + (s' turned) phi'. Compute both
for s and the rates below (the book writes the rate as phi; it is phi') and show that they
agree.]],
      build = "both formulas with mb.vec.rot and scale",
      data = {
        { name = "s", value = { -1, 2 }, unit = "m", what = "the vector now", vary = 0.4 },
        { name = "phid", value = 2.5, unit = "rad/s", what = "the angular velocity", vary = 0.4 },
        { name = "phidd", value = -0.8, unit = "rad/s^2", what = "the angular acceleration", vary = 0.5 },
      },
      asks = {
        { name = "sd", what = "s' (the first derivative)", unit = "m/s" },
        { name = "sdd_centripetal", what = "s turned phi'' - s phi'^2", unit = "m/s^2" },
        { name = "sdd_from_rate", what = "s turned phi'' + (s' turned) phi'", unit = "m/s^2" },
      },
      answers = function(d)
        local sr = vec.rot(d.s)
        local sd = vec.scale(d.phid, sr)
        return { sd = sd, sdd_centripetal = vec.sub(vec.scale(d.phidd, sr), vec.scale(d.phid ^ 2, d.s)),
          sdd_from_rate = vec.add(vec.scale(d.phidd, sr), vec.scale(d.phid, vec.rot(sd))) }
      end,
      verify = function(d)
        -- s(t) = A(phi' t + phi'' t^2 / 2) s, differenced
        local f = function(t) return vec.rotate(d.phid * t + d.phidd * t * t / 2, d.s) end
        local sdd = second_difference(f, 1e-4)
        return { sd = first_difference(f, 1e-5), sdd_centripetal = sdd, sdd_from_rate = sdd }
      end,
      mistakes = {
        sdd_centripetal = { { value = function(d) return vec.add(vec.scale(d.phidd, vec.rot(d.s)), vec.scale(d.phid ^ 2, d.s)) end,
          say = "the centripetal part points inward: -s phi'^2." } },
      },
      hints = {
        "(s' turned) = (s turned phi') turned = -s phi', since turning twice reverses.",
        "So s turned phi'' + (s' turned) phi' = s turned phi'' - s phi'^2: the same.",
      } },
  },
}
