-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.points: the hand calculations of Chapter 10 (point coordinates)
-- for lessons and checks; the formulation itself is formulation = "point".
-- Positions along a body's axis are measured from its mass centre.
local vec, mat = require("mechbench.core").vec, require("mechbench.core").mat

local args = require "mechbench.args"
local M = {}

local function check(cond, fmt, ...)
  if not cond then args.fail("mb.points", fmt, ...) end
end

-- What a function returns, every number in it finite: points so close
-- that dividing by their distance overflows are refused rather than
-- answered with inf or NaN.
local function finite(what, ...)
  local function ok(v)
    if type(v) == "number" then return v == v and math.abs(v) < math.huge end
    for i = 1, #v do if not ok(v[i]) then return false end end
    return true
  end
  for i = 1, select("#", ...) do
    if not ok((select(i, ...))) then
      args.fail("mb.points." .. what, "the points are too close together: the result overflows")
    end
  end
  return ...
end

-- x = A \ b, a singular A said at the user's line.
local function solve(what, A, b)
  local ok, x = pcall(mat.solve, A, b)
  if not ok then args.fail("mb.points." .. what, "%s", (tostring(x):gsub("^[^:]*:%d+: ", ""))) end
  return x
end

-- Each argument, named, must be a finite number or, for a point, a pair.
local function numbers(what, list)
  for _, a in ipairs(list) do
    local name, v, kind = a[1], a[2], a[3]
    if v ~= nil or not a.optional then
      local why = kind == "point" and args.bad_pair(v) or kind ~= "point" and args.bad_number(v)
      if why then args.fail("mb.points." .. what, "%s", args.said(name, why)) end
    end
  end
end

-- The coordinates of P along the axis A->B and across it (Eqs. 10.30-10.31):
-- alpha = (rB - rA)'(rP - rA) / L, beta = (rB - rA)^'(rP - rA) / L, with L
-- the length A-B (measured, unless given).
function M.along(rA, rB, rP, L)
  numbers("along", { { "rA", rA, "point" }, { "rB", rB, "point" }, { "rP", rP, "point" }, { "L", L, optional = true } })
  local d, e = vec.sub(rB, rA), vec.sub(rP, rA)
  if L ~= nil and not (L > 0) then args.fail("mb.points.along", "L must be positive (got %g)", L) end
  L = L or vec.norm(d)
  check(L > 0, "A and B coincide")
  return finite("along", vec.dot(d, e) / L, vec.dot(vec.rot(d), e) / L)
end

-- A secondary point from two primary ones (Eq. 10.28):
-- rP = (1 - a/L) rA + (a/L) rB + (b/L)(rB^ - rA^).
function M.secondary(rA, rB, alpha, beta, L)
  numbers("secondary", { { "rA", rA, "point" }, { "rB", rB, "point" }, { "alpha", alpha }, { "beta", beta },
    { "L", L, optional = true } })
  local d = vec.sub(rB, rA)
  if L ~= nil and not (L > 0) then args.fail("mb.points.secondary", "L must be positive (got %g)", L) end
  L = L or vec.norm(d)
  check(L > 0, "A and B coincide")
  local a, b = finite("secondary", alpha / L, beta / L)
  return vec.add(vec.add(vec.scale(1 - a, rA), vec.scale(a, rB)), vec.scale(b, vec.rot(d)))
end

-- How a force at sP on a body is shared among its points s (Eqs. 10.43-
-- 10.46): parallel forces alpha_i f with sum(alpha) = 1 and sum(alpha s) = sP.
-- On a rod the s are numbers along its axis; on a plate, three {xi, eta}.
function M.share(s, sP)
  if type(s) ~= "table" then args.fail("mb.points.share", "s must be a list of points, not %s", type(s)) end
  if type(s[1]) == "number" then
    numbers("share", { { "s[1]", s[1] }, { "s[2]", s[2] }, { "sP", sP } })
    check(#s == 2 and s[1] ~= s[2], "a rod needs two different points")
    return finite("share", { (sP - s[2]) / (s[1] - s[2]), (sP - s[1]) / (s[2] - s[1]) })
  end
  check(#s == 3, "a plate needs three points {xi, eta}")
  numbers("share", { { "s[1]", s[1], "point" }, { "s[2]", s[2], "point" }, { "s[3]", s[3], "point" }, { "sP", sP, "point" } })
  local A = mat { { 1, 1, 1 }, { s[1][1], s[2][1], s[3][1] }, { s[1][2], s[2][2], s[3][2] } }
  return finite("share", solve("share", A, { 1, sP[1], sP[2] }))
end

-- Three particles on a rod's axis, at si, sj and so (the centre by
-- default), with the mass m, the mass centre and the moment of inertia J
-- of the body (Eq. 10.52).
function M.masses(m, J, si, sj, so)
  numbers("masses", { { "m", m }, { "J", J }, { "si", si }, { "sj", sj }, { "so", so, optional = true } })
  check(m > 0 and J > 0, "the mass and the moment of inertia must be positive")
  so = so or 0
  local A = mat { { 1, 1, 1 }, { si, sj, so }, { si * si, sj * sj, so * so } }
  check(A:rank() == 3, "the three points must be different")
  return finite("masses", solve("masses", A, { m, 0, J }))
end

-- The 2 x 2 pattern of the mass matrix of two primary points at si and sj
-- on the axis (M = pattern (x) I): the body's kinetic energy written in
-- their velocities, m |r_G'|^2 / 2 with r_G = (sj ri - si rj)/(sj - si),
-- plus J phi'^2 / 2 with phi' L = |rj' - ri'|. It equals condensing the
-- three masses of Eq. 10.52 onto the two points (Eqs. 10.54, 10.56).
function M.condense(m, J, si, sj)
  numbers("condense", { { "m", m }, { "J", J }, { "si", si }, { "sj", sj } })
  local L = sj - si
  check(L ~= 0, "the two points must be different")
  local mi, mj, k = sj / L, -si / L, J / (L * L)
  return finite("condense", { { m * mi * mi + k, m * mi * mj - k }, { m * mi * mj - k, m * mj * mj + k } })
end

return M
