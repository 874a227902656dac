-- SPDX-License-Identifier: GPL-3.0-or-later
-- mb.vec and mb.mat against the Chapter 2 oracles (O-2.x).
local T = dofile(arg[0]:match("(.*/)") .. "harness.lua")
local vec, mat = mb.vec, mb.mat

-- O-2.L1, O-2.3
T.near_all(vec.rot{2, 3}, {-3, 2}, 0, "rot{2,3}")
T.eq(vec.cross({2, 3}, {4, 5}), -2.0, "a x b")
T.eq(vec.cross({4, 5}, {2, 3}), 2.0, "b x a")
T.eq(vec.dot({2, 3}, {4, 5}), 23.0, "a'b")
T.near(vec.norm{4, 3}, 5, 1e-15, "norm{4,3}")
T.near_all(vec(2, 3) + vec(4, 5), {6, 8}, 0, "vector +")
T.near_all(2 * vec(2, 3) - vec{1, 1}, {3, 5}, 0, "scale and -")
T.eq(tostring(vec(2, 3)), "{2, 3}", "vectors print as {x, y}")
T.fails(function() return vec(1, 2) * vec(3, 4) end, "ambiguous", "vector*vector is refused")
T.fails(function() return vec.dot({1}, {2, 3}) end, "two numbers", "a one-number vector is refused")
T.fails(function() return vec.unit{0, 0} end, "zero vector", "unit of zero vector")

-- A(phi), Eq. 2.68, orthonormal (2.44-2.45)
local A = vec.A(math.rad(30))
T.near_all(A:t() * A, {{1, 0}, {0, 1}}, 1e-15, "A'A = I")
T.near_all(A * {1, 0}, {math.cos(math.rad(30)), 0.5}, 1e-15, "A * {1,0} is a vector")
T.near_all(vec.rotate(math.pi / 2, {1, 0}), {0, 1}, 1e-15, "rotate 90 degrees")
T.eq(tostring(vec.A(math.pi / 2)), "2 x 2 matrix\n   0  -1\n   1   0", "round-off prints as 0")

-- O-2.L2, O-2.L3, O-2.4
local M = mat{{2, 3, 4}, {5, 6, 7}}
T.eq(M(2, 3), 7.0, "A(2,3)")
T.near_all(M:t(), {{2, 5}, {3, 6}, {4, 7}}, 0, "transpose")
T.near_all(mat.diag{2, 3, 4}, {{2, 0, 0}, {0, 3, 0}, {0, 0, 4}}, 0, "diag")
T.near_all(mat.eye(2), {{1, 0}, {0, 1}}, 0, "eye")
T.near_all(mat.zeros(2, 3), {{0, 0, 0}, {0, 0, 0}}, 0, "zeros")
local Am, Bm = mat{{1, 2, 3}, {4, 5, 6}}, mat{{7, 8, 9}, {-1, -2, -3}}
T.near_all(Am + Bm, {{8, 10, 12}, {3, 3, 3}}, 0, "O-2.4 A + B")
T.near_all(Am * Bm:t(), {{50, -14}, {122, -32}}, 0, "O-2.4 A B'")
T.fails(function() return Am * Bm end, "inner sizes differ", "size mismatch named")

-- O-2.5: ranks and the null combinations
T.eq(Am:rank(), 2, "rows of A independent")
T.eq(mat{{1, 2, 3}, {3, 6, 9}}:rank(), 1, "B rank 1")
local C = mat{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}
T.eq(C:rank(), 2, "C rank 2")
T.near_all(mat{{-1, 2, -1}} * C, {{0, 0, 0}}, 1e-14, "{-1 2 -1}' C = 0")

-- O-2.L4
T.near_all(mat{{1, 2}, {3, 4}}:inv(), {{-2, 1}, {1.5, -0.5}}, 1e-14, "inv")
T.near(mat{{1, 2}, {3, 4}}:det(), -2, 1e-14, "det")

-- O-2.6: D \ rhs = inv(D) rhs = {6.2832, 0.7066, 3.4776}
local D = mat{{-1, -1.64, 2.14}, {0, 2.51, -0.51}, {1, 0, 0}}
local rhs = {0, 0, 2 * math.pi}
local x = mat.solve(D, rhs)
T.near_all(x, {6.283185, 0.706599, 3.477573}, 1e-6, "O-2.6 solve")
T.near_all(D:inv() * rhs, x, 1e-12, "O-2.6 inverse agrees")
T.near_all(D * x, rhs, 1e-12, "residual")
T.fails(function() return mat.solve(C, {1, 2, 3}) end, "singular (rank 2)", "singular solve explained")
T.fails(function() return mat{{1, 2}, {3}} end, "row 2 has 1 entries", "ragged rows named")
T.fails(function() return mat{{1, "a"}} end, "[1][2]", "bad entry located")

-- eigenvalues and singular values (on GSL): K x = w^2 M x of two masses
-- (m = 1, 2) on springs k = 3 from the wall and 1 between them:
-- 2 w^4 - 9 w^2 + 3 = 0, w^2 = (9 -+ sqrt(57))/4, each x scaled so x'Mx = 1
local K, Mm = mat{{4, -1}, {-1, 1}}, mat{{1, 0}, {0, 2}}
local w2, X = K:eig(Mm)
T.near_all(w2, {(9 - math.sqrt(57)) / 4, (9 + math.sqrt(57)) / 4}, 1e-14, "eig(K, M): ascending")
for k = 1, 2 do
  local x = { X(1, k), X(2, k) }
  T.near(x[1]^2 + 2 * x[2]^2, 1, 1e-14, "eig(K, M): x'Mx = 1, mode " .. k)
  T.near_all(K * x, { w2[k] * x[1], w2[k] * 2 * x[2] }, 1e-13, "eig(K, M): K x = w^2 M x, mode " .. k)
end
T.near_all((mat{{2, 1}, {1, 2}}:eig()), {1, 3}, 1e-14, "eig: a symmetric matrix")
T.fails(function() return mat{{1, 2}, {3, 4}}:eig() end, "eig_nonsym", "eig: not symmetric, pointed elsewhere")
T.fails(function() return K:eig(mat{{1, 0}, {0, -1}}) end, "positive definite", "eig: B not positive definite")
-- x'' + 0.4 x' + 4 x = 0 as a first-order system: s = -0.2 +- i sqrt(3.96)
local re, im, Vr, Vi = mat{{0, 1}, {-4, -0.4}}:eig_nonsym()
T.near_all(re, {-0.2, -0.2}, 1e-14, "eig_nonsym: real parts")
T.near_all(im, {math.sqrt(3.96), -math.sqrt(3.96)}, 1e-14, "eig_nonsym: the positive imaginary part first")
T.near(Vr(2, 1) - (-0.2 * Vr(1, 1) - math.sqrt(3.96) * Vi(1, 1)), 0, 1e-14, "eig_nonsym: v2 = s v1 (real part)")
local sv, U, V = mat{{1, 0, 0}, {0, 2, 0}}:svd()
T.near_all(sv, {2, 1}, 1e-15, "svd: descending, min(rows, cols) of them")
T.eq(select(2, U:size()), 2, "svd: U is rows x min(rows, cols)")
T.near(math.abs(V(3, 3)), 1, 1e-15, "svd: V's last column spans the null space (z)")
T.near(mat{{1, 0}, {0, 1e-3}}:cond(), 1e3, 1e-10, "cond")
T.eq(mat{{1, 1}, {1, 1}}:cond(), math.huge, "cond of a singular matrix: inf")

T.finish()
