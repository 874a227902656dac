-- SPDX-License-Identifier: GPL-3.0-or-later
-- vectors.lua: the Chapter 2 helpers in a few lines.
--   mechbench --batch examples/vectors.lua
local vec, mat = mb.vec, mb.mat

local r, phi, s_local = {1, 2}, math.rad(30), {0.5, 0.2}
local rP = vec(r) + vec.rotate(phi, s_local)          -- r + A(phi) s'
print("point P in the fixed frame:", rP)

local D = mat{{-1, -1.64, 2.14}, {0, 2.51, -0.51}, {1, 0, 0}}
print("solution of the book's Example 2.6:", mb.pretty.format(mat.solve(D, {0, 0, 2 * math.pi})))
