-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.joint_geometry: a joint's constraints Φ as expressions
-- (mechbench.algebra), derived from its geometry written in a closed
-- vocabulary, never from its kind's name:
--   position terms: a point (P_i = P_j), a fixed offset on a body
--     (r_i = r_j + A_j d'), a slide along a body vector (P_i - P_j along
--     u, at a fixed offset across it), a link of fixed length with its
--     own angle (|P_i - P_j| = L), a driven length (|P_i - P_j| = f(t)),
--     a length tied to rolling (a disc on the ground's x axis), a body
--     coordinate held at a value;
--   an angle tie: none, fixed (by the bodies' vectors kept parallel, or by
--     an angle held), driven (f(t)), or rolling (two discs' angles);
-- and the coordinate it offers a tree (an angle, a slide, none).
-- Each term gives its rows from the bodies' poses, which may be symbols
-- (body coordinates) or expressions in other coordinates (joint
-- coordinates), so the same words serve every formulation.
local A = require "mechbench.algebra"

local M = {}

-- The declarations, by kind, in the vocabulary above. The C kinds' table
-- is to carry them (issue 24); until it does, they are written here, once.
local DECLARED = {
  ["revolute"] = { terms = { { "point" } }, angle = { "none" }, offers = "angle" },
  ["translational"] = { terms = { { "slide", along = "j" } }, angle = { "fixed", by = "vectors" },
    offers = "slide" },
  ["rev-rev"] = { terms = { { "link", length = "length" } }, angle = { "none" } },
  ["rev-tran"] = { terms = { { "slide", along = "i", offset = "length" } }, angle = { "none" } },
  ["rigid"] = { terms = { { "offset", on = "j", value = "offset" } }, angle = { "fixed", by = "angle", value = "angle" } },
  ["simple"] = { terms = { { "coordinate", which = "coord", value = "value" } }, angle = { "none" } },
  ["disc"] = { terms = { { "rolling", radius = "radius", x0 = "x0", phi0 = "phi0" } }, angle = { "none" } },
  ["disc-disc"] = { terms = {}, angle = { "rolling", radii = "radii", start = "start angles" } },
  ["driver-angle"] = { terms = {}, angle = { "driven" } },
  ["driver-distance"] = { terms = { { "driven length" } }, angle = { "none" } },
}

-- A kind's geometry: its declaration (the C table's, when it carries one).
function M.of(kind)
  if type(kind) == "table" and kind.geometry then return kind.geometry end
  local name = type(kind) == "table" and kind.name or kind
  return DECLARED[name]
end

---------------------------------------------------------------- vectors
-- A planar vector is { x, y } of expressions.

local function vsub(a, b) return { a[1] - b[1], a[2] - b[2] } end
local function dot(a, b) return a[1] * b[1] + a[2] * b[2] end
local function perp(a) return { -a[2], a[1] } end -- ă: turned +90°

-- A(φ) s for a pose { x, y, phi } and a body-fixed {sx, sy} (numbers).
local function turned(pose, s)
  if s[1] == 0 and s[2] == 0 then return { A.number(0), A.number(0) } end
  local c, sn = A.cos(pose.phi), A.sin(pose.phi)
  return { c * s[1] - sn * s[2], sn * s[1] + c * s[2] }
end
M.turned = turned

-- r + A(φ) s: a body-fixed point in the global frame.
local function point(pose, s)
  local t = turned(pose, s)
  return { pose.x + t[1], pose.y + t[2] }
end
M.point = point

---------------------------------------------------------------- terms
-- Each gives its rows from the joint's context: the poses i and j, the
-- points P_i and P_j, the joint's vectors and numbers, and f(t) for a
-- driver (an expression in the functions of time).

local position = {}

position["point"] = function(c) -- P_i - P_j = 0
  local d = vsub(c.Pi, c.Pj)
  return { d[1], d[2] }
end

position["slide"] = function(c, term) -- ŭ'(P_i - P_j) - offset = 0, u on body i or j
  local u = term.along == "i" and c.ui or c.uj
  local offset = term.offset and c.param(term.offset) or 0
  return { dot(perp(u), vsub(c.Pi, c.Pj)) - offset }
end

position["link"] = function(c, term) -- (d'd - L²) / 2L = 0
  local L = c.param(term.length)
  local d = vsub(c.Pi, c.Pj)
  return { (dot(d, d) - L * L) / (2 * L) }
end

position["driven length"] = function(c) -- (d'd - f²) / 2f = 0
  local d = vsub(c.Pi, c.Pj)
  local f = c.f()
  return { (dot(d, d) - f * f) * A.power(f, -1) * 0.5 }
end

position["offset"] = function(c, term) -- r_i - r_j - A_j d' = 0
  local o = c.param(term.value)
  local s = turned(c.pose_j, o)
  return { c.pose_i.x - c.pose_j.x - s[1], c.pose_i.y - c.pose_j.y - s[2] }
end

position["coordinate"] = function(c, term) -- q - value = 0
  local which = c.param(term.which)
  local q = ({ x = c.pose_i.x, y = c.pose_i.y, angle = c.pose_i.phi })[which]
  return { q - c.param(term.value) }
end

position["rolling"] = function(c, term) -- y - R = 0, R (φ - φ0) + (x - x0) = 0
  local R = c.param(term.radius)
  local p = c.pose_i
  return { p.y - R, (p.phi - c.param(term.phi0)) * R + (p.x - c.param(term.x0)) }
end

local angle = {}
angle["none"] = function() return {} end
angle["fixed"] = function(c, tie)
  if tie.by == "vectors" then return { dot(perp(c.uj), c.ui) } end -- ŭ_j'u_i = 0
  return { c.pose_i.phi - c.pose_j.phi - c.param(tie.value) } -- φ_i - φ_j - θ = 0
end
angle["driven"] = function(c) return { c.pose_i.phi - c.pose_j.phi - c.f() } end
angle["rolling"] = function(c, tie) -- R_i (φ_i - φ_i0) + R_j (φ_j - φ_j0) = 0
  local R, start = c.param(tie.radii), c.param(tie.start)
  return { (c.pose_i.phi - start[1]) * R[1] + (c.pose_j.phi - start[2]) * R[2] }
end

-- The rows Φ of a joint. joint: its compiled description with its numbers
-- as prepared (params by name) and its kind's declaration (geometry);
-- pose_i, pose_j: { x, y, phi } expressions (zeros for the ground); f: a
-- function giving f(t) as an expression, for drivers.
function M.rows(joint, geometry, pose_i, pose_j, f)
  local c = {
    pose_i = pose_i, pose_j = pose_j, f = f,
    Pi = point(pose_i, joint.si or { 0, 0 }), Pj = point(pose_j, joint.sj or { 0, 0 }),
    ui = turned(pose_i, joint.ui or { 1, 0 }), uj = turned(pose_j, joint.uj or { 1, 0 }),
    param = function(name) return joint.params[name] end,
  }
  local rows = {}
  for _, term in ipairs(geometry.terms) do
    for _, r in ipairs(position[term[1]](c, term)) do rows[#rows + 1] = A.lift(r) end
  end
  for _, r in ipairs(angle[geometry.angle[1]](c, geometry.angle)) do rows[#rows + 1] = A.lift(r) end
  return rows
end

return M
