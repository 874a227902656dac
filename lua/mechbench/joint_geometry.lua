-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.joint_geometry: a joint's constraints Φ as expressions
-- (mechbench.algebra), derived from the geometry its kind declares in the
-- closed vocabulary of src/model/joints/geometry.h, never from the kind's
-- name. A joint relates its point P_i on body i to P_j on body j (or the
-- mass centres, for a kind that names bodies) by a sum of terms, and ties
-- the bodies' angles:
--     P_i - P_j = Σ terms,    tie(φ_i, φ_j, t) = 0;
-- a term is a fixed offset on a body, a slide of free length along a body
-- vector, a link of fixed length with an angle of its own, a length tied
-- to rolling, or a driven length; the tie none, fixed (as the difference
-- of the angles or as two body vectors kept parallel), driven or geared.
-- Its rows say how Φ is written, g being P_i - P_j less the known terms:
-- gap x, gap y, across (ŭ'g), along (u'g), length ((g'g - ℓ²)/2ℓ), tie.
-- This is joint_geometry_phi of the C side, with the bodies' poses as
-- expressions: symbols in body coordinates, the tree's kinematics in joint
-- coordinates, so that one routine serves every formulation.
local A = require "mechbench.algebra"

local M = {}

-- The declaration that holds for a joint of kind with these numbers, from
-- the kind's declarations as the C kinds' table exports them (kind.geometry
-- of core.model.kinds(): one per choice of a kind with a choice, in the
-- vocabulary's words, its numbers named by parameter): the one of its
-- choice, else the first; nil when the kind declares none.
function M.declaration(kind, params)
  local list = kind.geometry
  if not list then return nil end
  for _, p in ipairs(kind.params) do
    if p.choices then
      for i, c in ipairs(p.choices) do if params[p.name] == c then return list[i] end end
    end
  end
  return list[1]
end

---------------------------------------------------------------- vectors
-- A planar vector is { x, y } of expressions.

local function vsub(a, b) return { a[1] - b[1], a[2] - b[2] } end
local function dot(a, b) return a[1] * b[1] + a[2] * b[2] end
local function perp(a) return { -a[2], a[1] } end -- ŭ: turned +90°
local function scaled(a, k) return { a[1] * k, a[2] * k } end

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

-- A number of the declaration: { param = its name, index = 1 or 2 (a
-- pair's component) }, read from the joint's numbers as prepared.
local function number_of(params, ref)
  local v = params[ref.param]
  if type(v) == "table" then return v[ref.index] end
  return v
end

-- A declared vector in numbers, body-fixed on its side's body.
local function vector_of(joint, side, v)
  local base
  if v.base == "u" or v.base == "u_perp" then
    local u = side == "j" and (joint.uj or { 1, 0 }) or (joint.ui or { 1, 0 })
    base = v.base == "u" and { u[1], u[2] } or { -u[2], u[1] }
  elseif v.base == "pair" then
    local pair = joint.params[v.pair.param]
    base = { pair[v.pair.index], pair[v.pair.index + 1] }
  else
    base = { v.x, v.y }
  end
  local k = v.scale and number_of(joint.params, v.scale) or 1
  return { base[1] * k, base[2] * k }
end

-- The rows Φ of a joint. joint: its compiled description (bi, bj, si, sj,
-- ui, uj) with params (its numbers as prepared, by name); decl: its
-- declaration; pose_i, pose_j: { x, y, phi } expressions (zeros for the
-- ground); f: a function giving f(t) as an expression (drivers).
function M.rows(joint, decl, pose_i, pose_j, f)
  local params = joint.params
  local pose = { i = pose_i, j = pose_j }
  local gap = vsub(point(pose_i, joint.si or { 0, 0 }), point(pose_j, joint.sj or { 0, 0 }))
  local u, length = nil, nil
  for _, term in ipairs(decl.terms) do
    local on = pose[term.on]
    if term.kind == "offset" then
      gap = vsub(gap, turned(on, vector_of(joint, term.on, term.vector)))
    elseif term.kind == "slide" then
      u = turned(on, vector_of(joint, term.on, term.vector))
    elseif term.kind == "roll" then -- ℓ = x0 - R (φ_i - φ0) along u
      u = turned(on, vector_of(joint, term.on, term.vector))
      local R, x0, phi0 = number_of(params, term.radius), number_of(params, term.x0), number_of(params, term.phi0)
      gap = vsub(gap, scaled(u, x0 + R * phi0 - pose_i.phi * R))
    elseif term.kind == "link" then
      length = A.number(number_of(params, term.length))
    elseif term.kind == "driven" then
      length = f()
    else
      error(("joint '%s': a term '%s' is not in the vocabulary"):format(joint.name, tostring(term.kind)), 0)
    end
  end
  local tie = decl.tie
  local rows = {}
  for _, row in ipairs(decl.rows) do
    local phi
    if row == "gap x" then
      phi = gap[1]
    elseif row == "gap y" then
      phi = gap[2]
    elseif row == "across" then
      phi = dot(perp(u), gap)
    elseif row == "along" then
      phi = dot(u, gap)
    elseif row == "length" then
      phi = (dot(gap, gap) - length * length) * A.power(length, -1) * 0.5
    elseif tie.kind == "geared" then -- R_i (φ_i - φ_i0) + R_j (φ_j - φ_j0)
      phi = (pose_i.phi - number_of(params, tie.phi0_i)) * number_of(params, tie.radius_i)
        + (pose_j.phi - number_of(params, tie.phi0_j)) * number_of(params, tie.radius_j)
    elseif tie.form == "parallel" then -- (A_j ŭ_j)'(A_i u_i)
      phi = dot(perp(turned(pose_j, joint.uj or { 1, 0 })), turned(pose_i, joint.ui or { 1, 0 }))
    else
      local value = tie.kind == "driven" and f() or A.number(tie.value and number_of(params, tie.value) or 0)
      phi = pose_i.phi - pose_j.phi - value
    end
    rows[#rows + 1] = A.lift(phi)
  end
  return rows
end

return M
