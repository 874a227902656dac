-- SPDX-License-Identifier: GPL-3.0-or-later
-- The problems of Chapter 2 (Sec. 2.6): planar vectors, arrays, matrices,
-- derivatives. Statements are ours; the data are the book's, or ours where
-- a problem asks for "any" vector or angle (said on the sheet). The answers
-- use mb.vec and mb.mat, as the chapter's lesson does; verify works each
-- one out again by hand from components, angles or finite differences.
local vec, mat = mb.vec, mb.mat
local rad, deg = math.rad, math.deg

-- A matrix as plain rows, for answers.
local function rows(A) return A:totable() end

-- d/dt of g(q + qd t) at t = 0, and d/dq_k of g, by central differences
local by_hand = require "mechbench.by_hand"
local rate, partials = by_hand.rate, by_hand.partials

-- the quadrant (1..4) of an angle in radians
local function quadrant(theta) return math.floor((theta % (2 * math.pi)) / (math.pi / 2)) + 1 end

-- Problems 2.16-2.17 by hand: a = A1 alpha, b = A2 beta and d = r2 - r1 at
-- the coordinates c = {x1, y1, phi1, x2, y2, phi2}, written out.
local function two_bodies(d)
  return function(c)
    local c1, s1, c2, s2 = math.cos(c[3]), math.sin(c[3]), math.cos(c[6]), math.sin(c[6])
    local a = { c1 * d.alpha[1] - s1 * d.alpha[2], s1 * d.alpha[1] + c1 * d.alpha[2] }
    local b = { c2 * d.beta[1] - s2 * d.beta[2], s2 * d.beta[1] + c2 * d.beta[2] }
    return a, b, { c[4] - c[1], c[5] - c[2] }
  end
end

local function not_parallel(a, b) return math.abs(vec.cross(a, b)) > 0.05 * vec.norm(a) * vec.norm(b) end

return {
  chapter = 2,
  title = "Preliminaries: vectors, arrays, matrices",
  problems = {
    ------------------------------------------------------------------ 2.1
    { number = "2.1",
      title = "Unit vectors at angles in each of the four quadrants",
      text = [[
Eq. 2.5 writes a unit vector at angle theta as {cos theta, sin theta}. Take one angle in
each quadrant (ours below) and give the four unit vectors; then check the signs of their
components against a sketch of each.]],
      build = "a few lines with mb.vec.unit, and a sketch of the four vectors",
      data = {
        { name = "theta", value = { 35, 150, 230, 320 }, unit = "deg", ours = true,
          what = "one angle in each quadrant", vary = { abs = 25, step = 1 } },
      },
      valid = function(d)
        for i, t in ipairs(d.theta) do if quadrant(t) ~= i then return false end end
        return true
      end,
      asks = {
        { name = "u", what = "the four unit vectors as rows, {{ux, uy}, ...}", unit = "" },
      },
      answers = function(d)
        local u = {}
        for i, t in ipairs(d.theta) do u[i] = vec.unit(t) end
        return { u = u }
      end,
      verify = function(d)
        -- from the acute angle to the nearest x axis, with the quadrant's signs
        local signs = { { 1, 1 }, { -1, 1 }, { -1, -1 }, { 1, -1 } }
        local u = {}
        for i, t in ipairs(d.theta) do
          local acute = math.atan(math.abs(math.tan(t)))
          u[i] = { signs[i][1] * math.cos(acute), signs[i][2] * math.sin(acute) }
        end
        return { u = u }
      end,
      hints = {
        "In the second quadrant x is negative and y positive; in the third both are negative.",
        "`mb.vec.unit(math.rad(150))` is the unit vector at 150 degrees; mb works in radians.",
        "u = {} then for i = 1, 4 do u[i] = mb.vec.unit(p.data.theta[i]) end (p.data holds radians).",
      } },

    ------------------------------------------------------------------ 2.2
    { number = "2.2",
      title = "Products, lengths, angles and rotations of two vectors",
      text = [[
Two vectors a and b and a number alpha are given. Work out the scaled vector, the sum, the
unit vectors, both scalar products, the angle from a to b, the lengths, the vectors turned by
+90 degrees, the angle from a to its turned self, and the two mixed products of a turned
vector with the other one.]],
      build = "a script using mb.vec (scale, add, unit, dot, norm, rot, between)",
      data = {
        { name = "a", value = { 1.5, 0.4 }, unit = "", what = "the vector a", vary = 0.4 },
        { name = "b", value = { -0.6, 1.2 }, unit = "", what = "the vector b", vary = 0.4 },
        { name = "alpha", value = -0.3, unit = "", what = "a number", vary = { range = { -0.9, -0.1 }, step = 0.1 } },
      },
      valid = function(d) return not_parallel(d.a, d.b) end,
      asks = {
        { name = "c", what = "c = alpha b", unit = "" },
        { name = "d", what = "d = a + alpha b", unit = "" },
        { name = "u_a", what = "the unit vector along a", unit = "" },
        { name = "u_b", what = "the unit vector along b", unit = "" },
        { name = "ab", what = "a'b", unit = "" },
        { name = "ba", what = "b'a", unit = "" },
        { name = "angle", what = "the angle from a to b, counter-clockwise positive", unit = "rad", kind = "angle" },
        { name = "len_a", what = "the length of a", unit = "" },
        { name = "len_b", what = "the length of b", unit = "" },
        { name = "a_rot", what = "a turned by +90 degrees", unit = "" },
        { name = "b_rot", what = "b turned by +90 degrees", unit = "" },
        { name = "angle_rot", what = "the angle from a to a turned", unit = "rad", kind = "angle" },
        { name = "arot_b", what = "(a turned)'b", unit = "" },
        { name = "brot_a", what = "(b turned)'a", unit = "" },
      },
      answers = function(d)
        local a, b = d.a, d.b
        return {
          c = vec.scale(d.alpha, b), d = vec.add(a, vec.scale(d.alpha, b)),
          u_a = vec.unit(a), u_b = vec.unit(b), ab = vec.dot(a, b), ba = vec.dot(b, a),
          angle = vec.between(a, b), len_a = vec.norm(a), len_b = vec.norm(b),
          a_rot = vec.rot(a), b_rot = vec.rot(b), angle_rot = vec.between(a, vec.rot(a)),
          arot_b = vec.dot(vec.rot(a), b), brot_a = vec.dot(vec.rot(b), a),
        }
      end,
      verify = function(d)
        local a1, a2, b1, b2, k = d.a[1], d.a[2], d.b[1], d.b[2], d.alpha
        local la, lb = math.sqrt(a1 * a1 + a2 * a2), math.sqrt(b1 * b1 + b2 * b2)
        return {
          c = { k * b1, k * b2 }, d = { a1 + k * b1, a2 + k * b2 },
          u_a = { a1 / la, a2 / la }, u_b = { b1 / lb, b2 / lb },
          ab = a1 * b1 + a2 * b2, ba = b1 * a1 + b2 * a2,
          angle = math.atan(b2, b1) - math.atan(a2, a1), len_a = la, len_b = lb,
          a_rot = { -a2, a1 }, b_rot = { -b2, b1 }, angle_rot = math.pi / 2,
          arot_b = a1 * b2 - a2 * b1, brot_a = b1 * a2 - b2 * a1,
        }
      end,
      mistakes = {
        angle = { { value = function(d) return math.acos(vec.dot(vec.unit(d.a), vec.unit(d.b))) end,
          say = "acos gives the size of the angle, never its sign: use mb.vec.between(a, b).",
          tol = 1e-6 } },
      },
      hints = {
        "The turned vector of {x, y} is {-y, x} (Eq. 2.12); the planar cross product a x b is (a turned)'b.",
        "The signed angle from a to b is atan2((a turned)'b, a'b): `mb.vec.between({1, 0}, {0, 1})`.",
        "answers = { c = mb.vec.scale(d.alpha, d.b), angle = mb.vec.between(d.a, d.b), ... } with d = p.data.",
      } },

    ------------------------------------------------------------------ 2.3
    { number = "2.3",
      title = "The scalar product from the components",
      text = [[
Starting from a'b = ab cos(theta) (Eq. 2.8), show that it equals a1 b1 + a2 b2. Then try
it on the two vectors below (ours): compute a'b both ways.]],
      build = "a proof on paper, and two lines that compute both sides",
      data = {
        { name = "a", value = { 1.8, 0.6 }, unit = "", what = "a vector", ours = true, vary = 0.5 },
        { name = "b", value = { -0.5, 1.4 }, unit = "", what = "another vector", ours = true, vary = 0.5 },
      },
      asks = {
        { name = "by_components", what = "a1 b1 + a2 b2", unit = "" },
        { name = "by_angle", what = "|a| |b| cos of the angle between them", unit = "" },
      },
      answers = function(d)
        local ab = vec.dot(d.a, d.b)
        return { by_components = ab,
          by_angle = vec.norm(d.a) * vec.norm(d.b) * math.cos(vec.between(d.a, d.b)) }
      end,
      verify = function(d)
        local ta, tb = math.atan(d.a[2], d.a[1]), math.atan(d.b[2], d.b[1])
        local la, lb = math.sqrt(d.a[1] ^ 2 + d.a[2] ^ 2), math.sqrt(d.b[1] ^ 2 + d.b[2] ^ 2)
        return { by_components = d.a[1] * d.b[1] + d.a[2] * d.b[2], by_angle = la * lb * math.cos(tb - ta) }
      end,
      written = [[
Write a = a {cos ta, sin ta} and b = b {cos tb, sin tb}, with ta and tb the angles from +x.
Then a1 b1 + a2 b2 = ab (cos ta cos tb + sin ta sin tb) = ab cos(tb - ta), and tb - ta is
the angle between the vectors (its sign does not matter to the cosine).]],
      hints = {
        "Write each vector as its length times {cos, sin} of its angle from +x.",
        "cos(x)cos(y) + sin(x)sin(y) = cos(x - y).",
      } },

    ------------------------------------------------------------------ 2.4
    { number = "2.4",
      title = "A vector turned by +90 degrees, in any quadrant",
      text = [[
Show that turning a vector a by +90 degrees gives {-a2, a1} (Eq. 2.12) whatever the
quadrant of a. Then turn the four vectors below (ours, one per quadrant).]],
      build = "a proof on paper, and mb.vec.rot on the four vectors",
      data = {
        { name = "a", value = { { 0.8, 0.5 }, { -1.1, 0.7 }, { -0.4, -1.3 }, { 1.2, -0.9 } }, unit = "",
          what = "four vectors, one per quadrant (rows)", ours = true, vary = 0.3 },
      },
      asks = {
        { name = "turned", what = "each vector turned +90 degrees, as rows", unit = "" },
      },
      answers = function(d)
        local out = {}
        for i, a in ipairs(d.a) do out[i] = vec.rot(a) end
        return { turned = out }
      end,
      verify = function(d)
        local out = {}
        for i, a in ipairs(d.a) do
          local len, t = math.sqrt(a[1] ^ 2 + a[2] ^ 2), math.atan(a[2], a[1]) + math.pi / 2
          out[i] = { len * math.cos(t), len * math.sin(t) }
        end
        return { turned = out }
      end,
      written = [[
With a = a {cos t, sin t}, the turned vector has the same length at t + 90 degrees:
a {cos(t + 90), sin(t + 90)} = a {-sin t, cos t} = {-a2, a1}. The identities
cos(t + 90) = -sin t and sin(t + 90) = cos t hold for every t, so for every quadrant.]],
      hints = {
        "Turning by 90 degrees keeps the length and adds 90 degrees to the angle.",
        "cos(t + 90 deg) = -sin t and sin(t + 90 deg) = cos t; `mb.vec.rot({0.8, 0.5})` does it.",
      } },

    ------------------------------------------------------------------ 2.5
    { number = "2.5",
      title = "A vector turned by -90 degrees (clockwise)",
      text = [[
Turn a vector by 90 degrees clockwise instead. What are its components in terms of a1
and a2? Give them for the vector below (ours).]],
      build = "one line of arithmetic, or mb.vec.rotate with -pi/2",
      data = {
        { name = "a", value = { 1.2, 0.7 }, unit = "", what = "a vector", ours = true, vary = { abs = 1.5 } },
      },
      valid = function(d) return vec.norm(d.a) > 0.2 end,
      asks = {
        { name = "a_cw", what = "a turned by -90 degrees", unit = "" },
      },
      answers = function(d) return { a_cw = vec.scale(-1, vec.rot(d.a)) } end,
      verify = function(d) return { a_cw = vec.rotate(-math.pi / 2, d.a) } end,
      hints = {
        "Clockwise by 90 degrees is the opposite of counter-clockwise by 90 degrees.",
        "Counter-clockwise gives {-a2, a1}; clockwise gives its negative.",
      } },

    ------------------------------------------------------------------ 2.6
    { number = "2.6",
      title = "The rotation matrix is orthonormal",
      text = [[
Show that A = [cos phi, -sin phi; sin phi, cos phi] is orthonormal for any phi: A'A = I.
Then compute A, A'A and det A for the angle below (ours).]],
      build = "a proof on paper; mb.vec.A(phi), A:t(), A:det()",
      data = {
        { name = "phi", value = 40, unit = "deg", what = "an angle", ours = true, vary = { range = { -170, 170 }, step = 1 } },
      },
      asks = {
        { name = "A", what = "the matrix A(phi)", unit = "" },
        { name = "AtA", what = "A'A", unit = "" },
        { name = "det", what = "det A", unit = "" },
      },
      answers = function(d)
        local A = vec.A(d.phi)
        return { A = rows(A), AtA = rows(A:t() * A), det = A:det() }
      end,
      verify = function(d)
        local c, s = math.cos(d.phi), math.sin(d.phi)
        return { A = { { c, -s }, { s, c } }, AtA = { { c * c + s * s, -c * s + s * c }, { -s * c + c * s, s * s + c * c } },
          det = c * c + s * s }
      end,
      written = [[
The columns of A are {cos phi, sin phi} and {-sin phi, cos phi}: each has length
cos^2 + sin^2 = 1, and their scalar product is -cos sin + sin cos = 0. So A'A = I for
every phi, and A' is A's inverse (Eq. 2.44).]],
      hints = {
        "An orthonormal matrix has columns of unit length, each orthogonal to the others.",
        "`A = mb.vec.A(p.data.phi)` then `A:t() * A` and `A:det()`.",
      } },

    ------------------------------------------------------------------ 2.7
    { number = "2.7",
      title = "A unit vector and its turned self make an orthonormal matrix",
      text = [[
For a unit vector u and u turned by +90 degrees, show that the matrix with these two
columns is orthonormal. Check it for the u at the angle below (ours).]],
      build = "a proof on paper; mb.mat from the two columns",
      data = {
        { name = "theta", value = 110, unit = "deg", what = "the angle of u", ours = true, vary = { range = { -175, 175 }, step = 1 } },
      },
      asks = {
        { name = "A", what = "the matrix [u, u turned]", unit = "" },
        { name = "AtA", what = "A'A", unit = "" },
      },
      answers = function(d)
        local u = vec.unit(d.theta)
        local r = vec.rot(u)
        local A = mat { { u[1], r[1] }, { u[2], r[2] } }
        return { A = rows(A), AtA = rows(A:t() * A) }
      end,
      verify = function(d)
        local c, s = math.cos(d.theta), math.sin(d.theta)
        return { A = { { c, -s }, { s, c } }, AtA = { { 1, 0 }, { 0, 1 } } }
      end,
      written = [[
A'A holds the scalar products of the columns: u'u = 1 (u is a unit vector), (u turned)'
(u turned) = 1 (turning keeps the length), and u'(u turned) = 0 (Eq. 2.13). So A'A = I.
In fact A is the rotation matrix of u's angle.]],
      hints = {
        "The entries of A'A are the scalar products of A's columns with each other.",
        "u turned is {-u2, u1}; u'(u turned) = -u1 u2 + u2 u1.",
      } },

    ------------------------------------------------------------------ 2.8
    { number = "2.8",
      title = "Stacking two arrays: a column, a row and a matrix",
      text = [[
From the two 3-arrays a and b, build c, the 6-array with a above b; d, the row made of a'
then b'; and E, the 3 x 2 matrix with columns a and b.]],
      build = "a few lines of tables (a column is a flat list, a row is {{...}})",
      data = {
        { name = "a", value = { 1, 2, 3 }, unit = "", what = "a 3-array", vary = { int = 3 } },
        { name = "b", value = { 4, 5, 6 }, unit = "", what = "another 3-array", vary = { int = 3 } },
      },
      asks = {
        { name = "c", what = "the column {a; b}, a flat list of six", unit = "" },
        { name = "d", what = "the row {a' b'}, one row of six: {{...}}", unit = "" },
        { name = "E", what = "the matrix [a b], three rows of two", unit = "" },
      },
      answers = function(d)
        local a, b = d.a, d.b
        local E = mat.zeros(3, 2)
        for i = 1, 3 do E:set(i, 1, a[i]); E:set(i, 2, b[i]) end
        return { c = { a[1], a[2], a[3], b[1], b[2], b[3] }, d = { { a[1], a[2], a[3], b[1], b[2], b[3] } }, E = rows(E) }
      end,
      verify = function(d)
        local c, E = {}, {}
        for i = 1, 3 do c[i], c[i + 3], E[i] = d.a[i], d.b[i], { d.a[i], d.b[i] } end
        return { c = c, d = { c }, E = E }
      end,
      mistakes = {
        d = { { value = function(d) return { d.a[1], d.a[2], d.a[3], d.b[1], d.b[2], d.b[3] } end,
          say = "that is a column (a flat list); d is a row, one row of six numbers: {{...}}." } },
      },
      hints = {
        "A column array is a flat Lua list; a row is a matrix with one row, {{...}}.",
        "E has a in its first column: its first row is {a[1], b[1]}.",
      } },

    ------------------------------------------------------------------ 2.9
    { number = "2.9",
      title = "Matrix products, and the ones that are not defined",
      text = [[
With the matrices A (3 x 3) and B (3 x 4) and the arrays c (3) and d (4), compute Ac, Bd,
AB, B'A and c'B. Two of the book's products, BA and c'd, have sizes that do not fit: say
whether each is defined.]],
      build = "mb.mat products (*, :t()); the sizes decide which exist",
      data = {
        { name = "A", value = { { 2, 1, -1 }, { -1, 3, 0 }, { 0, -2, 1 } }, unit = "", what = "3 x 3", vary = { int = 2 } },
        { name = "B", value = { { -1, 0, 2, 1 }, { 1, 2, -1, 3 }, { 3, 1, 0, -2 } }, unit = "", what = "3 x 4", vary = { int = 2 } },
        { name = "c", value = { 2, 1, -1 }, unit = "", what = "a 3-array", vary = { int = 2 } },
        { name = "d", value = { 2, 0, -1, 1 }, unit = "", what = "a 4-array", vary = { int = 2 } },
      },
      asks = {
        { name = "Ac", what = "A c, a 3-array", unit = "" },
        { name = "Bd", what = "B d, a 3-array", unit = "" },
        { name = "AB", what = "A B, 3 x 4", unit = "" },
        { name = "BA_defined", what = "is B A defined? true or false", unit = "", kind = "choice", choices = { true, false } },
        { name = "BtA", what = "B'A, 4 x 3", unit = "" },
        { name = "ctd_defined", what = "is c'd defined? true or false", unit = "", kind = "choice", choices = { true, false } },
        { name = "ctB", what = "c'B, one row of four: {{...}}", unit = "" },
      },
      answers = function(d)
        local A, B, c, dd = mat(d.A), mat(d.B), mat(d.c), mat(d.d)
        local flat = function(M) local t = M:totable(); local out = {} for i = 1, #t do out[i] = t[i][1] end return out end
        return { Ac = flat(A * c), Bd = flat(B * dd), AB = rows(A * B), BA_defined = false,
          BtA = rows(B:t() * A), ctd_defined = false, ctB = rows(c:t() * B) }
      end,
      verify = function(d)
        local function mul(X, Y, tx)   -- X Y (X' Y when tx) by sums
          local n = tx and #X[1] or #X
          local out = {}
          for i = 1, n do
            out[i] = {}
            for j = 1, #Y[1] do
              local s = 0
              for k = 1, #Y do s = s + (tx and X[k][i] or X[i][k]) * Y[k][j] end
              out[i][j] = s
            end
          end
          return out
        end
        local function col(v) local out = {} for i, x in ipairs(v) do out[i] = { x } end return out end
        local function flat(M) local out = {} for i, r in ipairs(M) do out[i] = r[1] end return out end
        return { Ac = flat(mul(d.A, col(d.c))), Bd = flat(mul(d.B, col(d.d))), AB = mul(d.A, d.B),
          BA_defined = #d.B[1] == #d.A, BtA = mul(d.B, d.A, true), ctd_defined = #d.c == #d.d,
          ctB = mul(col(d.c), d.B, true) }
      end,
      hints = {
        "X Y exists only when X has as many columns as Y has rows; the result has X's rows and Y's columns.",
        "`mb.mat(p.data.A) * mb.mat(p.data.c)` multiplies; a flat table makes a column, `:t()` transposes.",
      } },

    ------------------------------------------------------------------ 2.10
    { number = "2.10",
      title = "Turning both vectors keeps their scalar product",
      text = [[
Show that (a turned)'(b turned) = a'b (Eq. 2.18). Then compute both sides for the two
vectors below (ours).]],
      build = "a proof on paper, and mb.vec.rot and dot",
      data = {
        { name = "a", value = { 0.9, -1.4 }, unit = "", what = "a vector", ours = true, vary = 0.5 },
        { name = "b", value = { 2.1, 0.3 }, unit = "", what = "another vector", ours = true, vary = 0.5 },
      },
      asks = {
        { name = "turned", what = "(a turned)'(b turned)", unit = "" },
        { name = "plain", what = "a'b", unit = "" },
      },
      answers = function(d)
        return { turned = vec.dot(vec.rot(d.a), vec.rot(d.b)), plain = vec.dot(d.a, d.b) }
      end,
      verify = function(d)
        local v = (-d.a[2]) * (-d.b[2]) + d.a[1] * d.b[1]
        return { turned = v, plain = d.a[1] * d.b[1] + d.a[2] * d.b[2] }
      end,
      written = [[
(a turned)'(b turned) = (-a2)(-b2) + (a1)(b1) = a1 b1 + a2 b2 = a'b. Turning both vectors
by the same angle leaves the angle between them and their lengths as they were.]],
      hints = {
        "Write out the components of both turned vectors.",
        "{-a2, a1}'{-b2, b1} = a2 b2 + a1 b1.",
      } },

    ------------------------------------------------------------------ 2.11
    { number = "2.11",
      title = "Rank, singularity and an inverse",
      text = [[
Find the ranks of A and B, say which of them is singular, and give the inverse of the one
that has one. (The book uses MATLAB's rank() and inv(); here A:rank() and A:inv().)]],
      build = "mb.mat with :rank(), :det(), :inv()",
      data = {
        { name = "A", value = { { 2, 1, -1 }, { -1, 3, 0 }, { 0, -2, 1 } }, unit = "", what = "3 x 3", vary = { int = 2 } },
        { name = "B", value = { { 2, 4, -2 }, { -1, -3, 2 }, { 0, -2, 2 } }, unit = "",
          what = "3 x 3 (its third row is the first plus twice the second)",
          vary = function(rand, B)
            local out = { {}, {} }
            for i = 1, 2 do for j = 1, 3 do out[i][j] = B[i][j] + math.floor(rand() * 5) - 2 end end
            out[3] = { out[1][1] + 2 * out[2][1], out[1][2] + 2 * out[2][2], out[1][3] + 2 * out[2][3] }
            return out
          end },
      },
      valid = function(d) return math.abs(mat(d.A):det()) >= 1 and mat(d.B):rank() == 2 end,
      asks = {
        { name = "rank_A", what = "the rank of A", unit = "", tol = 0 },
        { name = "rank_B", what = "the rank of B", unit = "", tol = 0 },
        { name = "singular_A", what = "is A singular? true or false", unit = "", kind = "choice", choices = { true, false } },
        { name = "singular_B", what = "is B singular? true or false", unit = "", kind = "choice", choices = { true, false } },
        { name = "inv_A", what = "the inverse of A", unit = "" },
      },
      answers = function(d)
        local A, B = mat(d.A), mat(d.B)
        return { rank_A = A:rank(), rank_B = B:rank(), singular_A = A:rank() < 3, singular_B = B:rank() < 3,
          inv_A = rows(A:inv()) }
      end,
      verify = function(d)
        local function det3(M)
          return M[1][1] * (M[2][2] * M[3][3] - M[2][3] * M[3][2]) - M[1][2] * (M[2][1] * M[3][3] - M[2][3] * M[3][1])
            + M[1][3] * (M[2][1] * M[3][2] - M[2][2] * M[3][1])
        end
        local A, dA = d.A, det3(d.A)
        -- the inverse as the adjugate over the determinant
        local inv = {}
        for i = 1, 3 do
          inv[i] = {}
          for j = 1, 3 do
            local r, c = {}, {}
            for k = 1, 3 do if k ~= j then r[#r + 1] = k end; if k ~= i then c[#c + 1] = k end end
            local minor = A[r[1]][c[1]] * A[r[2]][c[2]] - A[r[1]][c[2]] * A[r[2]][c[1]]
            inv[i][j] = ((i + j) % 2 == 0 and 1 or -1) * minor / dA
          end
        end
        -- B: rank 3 if its determinant is not zero; else 2 if some 2 x 2
        -- minor is not zero; else 1 (B is not the zero matrix)
        local rank_B = 3
        if math.abs(det3(d.B)) < 1e-9 then
          rank_B = 1
          for r1 = 1, 2 do for r2 = r1 + 1, 3 do for c1 = 1, 2 do for c2 = c1 + 1, 3 do
            if math.abs(d.B[r1][c1] * d.B[r2][c2] - d.B[r1][c2] * d.B[r2][c1]) > 1e-9 then rank_B = 2 end
          end end end end
        end
        return { rank_A = dA ~= 0 and 3 or 2, rank_B = rank_B, singular_A = dA == 0, singular_B = rank_B < 3, inv_A = inv }
      end,
      mistakes = {
        rank_B = { { value = 3, say = "B's third row is the first plus twice the second: its rows are not independent." } },
      },
      hints = {
        "A square matrix is singular when its rank is below its size, i.e. its determinant is zero.",
        "`mb.mat(p.data.B):rank()`; and `mb.mat(p.data.A):inv()` (never invert B: it has no inverse).",
      } },

    ------------------------------------------------------------------ 2.12
    { number = "2.12",
      title = "Projecting one vector on another",
      text = [[
Make the unit vector along a, project b on it to get b's part along a, and take what is
left, c = b minus that part. Check that c is perpendicular to a, and that (a turned)'c and
(a turned)'b are equal, i.e. a x c = a x b.]],
      build = "mb.vec: unit, dot, scale, sub, rot",
      data = {
        { name = "a", value = { 4, 2 }, unit = "", what = "a vector", vary = { int = 2 } },
        { name = "b", value = { 2, 3 }, unit = "", what = "another vector", vary = { int = 2 } },
      },
      -- nor perpendicular: then b's part along a is zero and c is b itself
      valid = function(d)
        return vec.norm(d.a) >= 1 and vec.norm(d.b) >= 1 and not_parallel(d.a, d.b)
          and math.abs(vec.dot(d.a, d.b)) > 0.1 * vec.norm(d.a) * vec.norm(d.b)
      end,
      asks = {
        { name = "u_a", what = "the unit vector along a", unit = "" },
        { name = "b_a", what = "b's part along a, (u_a'b) u_a", unit = "" },
        { name = "c", what = "c = b - b_a", unit = "" },
        { name = "c_dot_a", what = "c'a", unit = "", atol = 1e-6 },
        { name = "arot_c", what = "(a turned)'c", unit = "" },
        { name = "arot_b", what = "(a turned)'b", unit = "" },
      },
      answers = function(d)
        local u = vec.unit(d.a)
        local ba = vec.scale(vec.dot(u, d.b), u)
        local c = vec.sub(d.b, ba)
        return { u_a = u, b_a = ba, c = c, c_dot_a = vec.dot(c, d.a), arot_c = vec.cross(d.a, c), arot_b = vec.cross(d.a, d.b) }
      end,
      verify = function(d)
        local a1, a2, b1, b2 = d.a[1], d.a[2], d.b[1], d.b[2]
        local aa = a1 * a1 + a2 * a2
        local k = (a1 * b1 + a2 * b2) / aa   -- b_a = (a'b / a'a) a
        local c1, c2 = b1 - k * a1, b2 - k * a2
        local l = math.sqrt(aa)
        return { u_a = { a1 / l, a2 / l }, b_a = { k * a1, k * a2 }, c = { c1, c2 }, c_dot_a = 0,
          arot_c = -a2 * c1 + a1 * c2, arot_b = -a2 * b1 + a1 * b2 }
      end,
      mistakes = {
        b_a = { { value = function(d) return vec.dot(vec.unit(d.a), d.b) end,
          say = "that is the length of b's part along a (a number, Eq. 2.20); the part itself is that times u_a." } },
      },
      hints = {
        "u_a'b is how long b's shadow on a is; times u_a it becomes a vector along a.",
        "`u = mb.vec.unit(p.data.a)`, `ba = mb.vec.scale(mb.vec.dot(u, p.data.b), u)`, `c = mb.vec.sub(p.data.b, ba)`.",
      } },

    ------------------------------------------------------------------ 2.13
    { number = "2.13",
      title = "A diagonal matrix three ways",
      text = [[
Make the 3 x 3 matrix with the number k on its diagonal and zeros elsewhere: by writing its
rows, with mb.mat.diag, and as k times the identity. All three must be the same.]],
      build = "mb.mat{...}, mb.mat.diag{...}, k * mb.mat.eye(3)",
      data = {
        { name = "k", value = 5, unit = "", what = "the diagonal entry", vary = { int = 4 } },
      },
      valid = function(d) return d.k ~= 0 end,
      asks = {
        { name = "D", what = "the matrix, as rows", unit = "" },
      },
      answers = function(d) return { D = rows(mat.diag { d.k, d.k, d.k }) } end,
      verify = function(d) return { D = rows(d.k * mat.eye(3)) } end,
      hints = {
        "`mb.mat.diag{5, 5, 5}` puts the numbers on the diagonal.",
        "A number times `mb.mat.eye(3)` scales the identity.",
      } },

    ------------------------------------------------------------------ 2.14
    { number = "2.14",
      title = "The Jacobian and the time derivative of two functions",
      text = function(d)
        local p, r = d.p, d.r
        local function term(k, w, first)
          local sign = k < 0 and (first and "-" or " - ") or (first and "" or " + ")
          local size = math.abs(k) == 1 and "" or (math.abs(k) .. " ")
          return sign .. size .. w
        end
        return ("Phi(q), q = {x, y, z}, has two rows:\n\n  Phi1 = %s%s%s%s%s%s\n  Phi2 = %s%s%s%s%s\n\n"):format(
          term(p[1], "x", true), term(p[2], "x y"), term(p[3], "y^2"), term(p[4], "x z"), term(p[5], "y z^2"), term(p[6], "x y z"),
          term(r[1], "x^2", true), term(r[2], "x y^2"), term(r[3], "y"), term(r[4], "y z"), term(r[5], "x z^2"))
          .. [[Give the Jacobian dPhi/dq as a function of q, and the time derivative of Phi as a
function of q and its rate qd. Check that the second equals the first times qd.]]
      end,
      build = "two Lua functions: D = function(q) ... end and phid = function(q, qd) ... end",
      data = {
        { name = "p", value = { 2, -3, 1, -1, 1, -4 }, unit = "", what = "Phi1's factors (x, xy, y^2, xz, yz^2, xyz)", vary = { int = 2 } },
        { name = "r", value = { -1, 1, -2, 5, -1 }, unit = "", what = "Phi2's factors (x^2, xy^2, y, yz, xz^2)", vary = { int = 2 } },
      },
      valid = function(d)
        for _, k in ipairs(d.p) do if k == 0 then return false end end
        for _, k in ipairs(d.r) do if k == 0 then return false end end
        return true
      end,
      asks = {
        { name = "D", what = "function(q) returning the 2 x 3 Jacobian", unit = "", kind = "function", args = { "q" }, size = 3 },
        { name = "phid", what = "function(q, qd) returning the 2-array dPhi/dt", unit = "", kind = "function",
          args = { "q", "qd" }, size = 3 },
      },
      answers = function(d)
        local p, r = d.p, d.r
        local function D(q)
          local x, y, z = q[1], q[2], q[3]
          return {
            { p[1] + p[2] * y + p[4] * z + p[6] * y * z, p[2] * x + 2 * p[3] * y + p[5] * z * z + p[6] * x * z,
              p[4] * x + 2 * p[5] * y * z + p[6] * x * y },
            { 2 * r[1] * x + r[2] * y * y + r[5] * z * z, 2 * r[2] * x * y + r[3] + r[4] * z, r[4] * y + 2 * r[5] * x * z },
          }
        end
        local function phid(q, qd)
          local J = D(q)
          return { J[1][1] * qd[1] + J[1][2] * qd[2] + J[1][3] * qd[3], J[2][1] * qd[1] + J[2][2] * qd[2] + J[2][3] * qd[3] }
        end
        return { D = D, phid = phid }
      end,
      verify = function(d)
        local p, r = d.p, d.r
        local function phi(q)
          local x, y, z = q[1], q[2], q[3]
          return { p[1] * x + p[2] * x * y + p[3] * y * y + p[4] * x * z + p[5] * y * z * z + p[6] * x * y * z,
            r[1] * x * x + r[2] * x * y * y + r[3] * y + r[4] * y * z + r[5] * x * z * z }
        end
        return { D = function(q) return partials(phi, q) end, phid = function(q, qd) return rate(phi, q, qd) end }
      end,
      mistakes = {
        D = { { value = function(_, ref) return function(q)
            local J = ref.D(q)
            return { { J[1][1], J[2][1] }, { J[1][2], J[2][2] }, { J[1][3], J[2][3] } }
          end end, say = "that is the transpose: the Jacobian has a row per function and a column per coordinate." } },
      },
      hints = {
        "Row i of the Jacobian holds the partial derivatives of Phi_i with respect to x, y and z.",
        "By the chain rule dPhi/dt = (dPhi/dq) qd, so phid can call D.",
        "answers = { D = function(q) local x, y, z = q[1], q[2], q[3]; return { {...}, {...} } end, ... }",
      } },

    ------------------------------------------------------------------ 2.15
    { number = "2.15",
      title = "The rate of a vector of constant length",
      text = [[
A vector a keeps its length while it turns at the rate phid. Write the components of its
time derivative in terms of those of a, and show that the derivative is perpendicular to a.
Compute both for the values below (ours).]],
      build = "a derivation on paper; mb.vec.rot and dot",
      data = {
        { name = "a", value = { 0.3, -0.4 }, unit = "m", what = "the vector now", ours = true, vary = 0.6 },
        { name = "phid", value = 2.5, unit = "rad/s", what = "its rate of turning", ours = true, vary = { range = { -4, 4 }, step = 0.1 } },
      },
      valid = function(d) return math.abs(d.phid) >= 0.2 and vec.norm(d.a) > 0.05 end,
      asks = {
        { name = "a_dot", what = "the time derivative of a", unit = "m/s" },
        { name = "a_dot_a", what = "(time derivative of a)'a", unit = "m^2/s", atol = 1e-9 },
      },
      answers = function(d)
        local ad = vec.scale(d.phid, vec.rot(d.a))
        return { a_dot = ad, a_dot_a = vec.dot(ad, d.a) }
      end,
      verify = function(d)
        -- a(t) = A(phid t) a: the derivative at t = 0 by differences
        local f = function(q) return vec.rotate(d.phid * q[1], d.a) end
        return { a_dot = rate(f, { 0 }, { 1 }), a_dot_a = 0 }
      end,
      written = [[
With a = a {cos t, sin t} and a constant, da/dt = a tdot {-sin t, cos t} = (a turned) tdot:
the components are {-a2, a1} times the rate. Then (da/dt)'a = tdot (a turned)'a = 0 by
Eq. 2.13, so the derivative is perpendicular to a.]],
      hints = {
        "Only the angle changes: differentiate {a cos t, a sin t} with a fixed.",
        "da/dt = (a turned) * phid: `mb.vec.scale(p.data.phid, mb.vec.rot(p.data.a))`.",
      } },

    ------------------------------------------------------------------ 2.16
    { number = "2.16",
      title = "Time derivatives of a'b and of (a turned)'d",
      text = [[
a = A1 alpha and b = A2 beta are body-fixed vectors of two bodies at angles phi1 and phi2,
and d = {x2 - x1, y2 - y1} joins their origins. With the coordinates and rates below, use
the product rule (Eq. 2.52) to find the rate of change of Phi = a'b and of Phi = (a
turned)'d.]],
      build = "a script with mb.vec (rotate, rot, dot)",
      data = {
        { name = "alpha", value = { 1.2, -0.5 }, unit = "", what = "a in body 1's frame", vary = 0.3 },
        { name = "beta", value = { -0.3, 0.8 }, unit = "", what = "b in body 2's frame", vary = 0.3 },
        { name = "r1", value = { 6.2, 1.0 }, unit = "", what = "x1, y1", vary = 0.3 },
        { name = "phi1", value = 30, unit = "deg", what = "body 1's angle", vary = { abs = 20, step = 1 } },
        { name = "r2", value = { -1.9, 2.3 }, unit = "", what = "x2, y2", vary = 0.3 },
        { name = "phi2", value = 45, unit = "deg", what = "body 2's angle", vary = { abs = 20, step = 1 } },
        { name = "r1d", value = { 0.3, -0.2 }, unit = "1/s", what = "x1 and y1's rates", vary = 0.5 },
        { name = "phi1d", value = 1.2, unit = "rad/s", what = "phi1's rate", vary = 0.5 },
        { name = "r2d", value = { -0.6, 0.8 }, unit = "1/s", what = "x2 and y2's rates", vary = 0.5 },
        { name = "phi2d", value = -0.5, unit = "rad/s", what = "phi2's rate", vary = 0.5 },
      },
      asks = {
        { name = "ab_dot", what = "d/dt of a'b", unit = "1/s" },
        { name = "ad_dot", what = "d/dt of (a turned)'d", unit = "1/s" },
      },
      answers = function(d)
        local a, b = vec.rotate(d.phi1, d.alpha), vec.rotate(d.phi2, d.beta)
        local ad, bd = vec.scale(d.phi1d, vec.rot(a)), vec.scale(d.phi2d, vec.rot(b))
        local dd = vec.sub(d.r2, d.r1)
        local ddd = vec.sub(d.r2d, d.r1d)
        return { ab_dot = vec.dot(ad, b) + vec.dot(a, bd), ad_dot = vec.dot(vec.rot(ad), dd) + vec.dot(vec.rot(a), ddd) }
      end,
      verify = function(d)
        local q = { d.r1[1], d.r1[2], d.phi1, d.r2[1], d.r2[2], d.phi2 }
        local qd = { d.r1d[1], d.r1d[2], d.phi1d, d.r2d[1], d.r2d[2], d.phi2d }
        local parts = two_bodies(d)
        return {
          ab_dot = rate(function(c) local a, b = parts(c); return a[1] * b[1] + a[2] * b[2] end, q, qd),
          ad_dot = rate(function(c) local a, _, dd = parts(c); return -a[2] * dd[1] + a[1] * dd[2] end, q, qd),
        }
      end,
      hints = {
        "d/dt (a'b) = (da/dt)'b + a'(db/dt), and a body-fixed vector's rate is its turned self times the body's rate.",
        "d/dt of (a turned) is (da/dt) turned; d's rate is {x2d - x1d, y2d - y1d}.",
        "a = `mb.vec.rotate(p.data.phi1, p.data.alpha)`; ad = `mb.vec.scale(p.data.phi1d, mb.vec.rot(a))`.",
      } },

    ------------------------------------------------------------------ 2.17
    { number = "2.17",
      title = "Jacobians of a'b and of (a turned)'d",
      text = [[
For the vectors and values of Problem 2.16 (your data below), with q = {x1, y1, phi1, x2,
y2, phi2}, give dPhi/dq for Phi = a'b and for Phi = (a turned)'d (Eq. 2.65).]],
      build = "a script with mb.vec: the six partial derivatives of each",
      data = {
        { name = "alpha", value = { 1.2, -0.5 }, unit = "", what = "a in body 1's frame", vary = 0.3 },
        { name = "beta", value = { -0.3, 0.8 }, unit = "", what = "b in body 2's frame", vary = 0.3 },
        { name = "r1", value = { 6.2, 1.0 }, unit = "", what = "x1, y1", vary = 0.3 },
        { name = "phi1", value = 30, unit = "deg", what = "body 1's angle", vary = { abs = 20, step = 1 } },
        { name = "r2", value = { -1.9, 2.3 }, unit = "", what = "x2, y2", vary = 0.3 },
        { name = "phi2", value = 45, unit = "deg", what = "body 2's angle", vary = { abs = 20, step = 1 } },
      },
      asks = {
        { name = "ab_q", what = "d(a'b)/dq, a list of six", unit = "" },
        { name = "ad_q", what = "d((a turned)'d)/dq, a list of six", unit = "" },
      },
      answers = function(d)
        local a, b = vec.rotate(d.phi1, d.alpha), vec.rotate(d.phi2, d.beta)
        local dd = vec.sub(d.r2, d.r1)
        local ar = vec.rot(a)
        -- d(A alpha)/dphi = (A alpha) turned
        return {
          ab_q = { 0, 0, vec.dot(ar, b), 0, 0, vec.dot(a, vec.rot(b)) },
          ad_q = { -ar[1], -ar[2], vec.dot(vec.rot(ar), dd), ar[1], ar[2], 0 },
        }
      end,
      verify = function(d)
        local q = { d.r1[1], d.r1[2], d.phi1, d.r2[1], d.r2[2], d.phi2 }
        local parts = two_bodies(d)
        return {
          ab_q = partials(function(c) local a, b = parts(c); return a[1] * b[1] + a[2] * b[2] end, q),
          ad_q = partials(function(c) local a, _, dd = parts(c); return -a[2] * dd[1] + a[1] * dd[2] end, q),
        }
      end,
      hints = {
        "a'b does not depend on x1, y1, x2, y2 at all: four of its six entries are zero.",
        "d(A alpha)/dphi is (A alpha) turned by +90 degrees; d depends on x1 with a minus sign.",
      } },

    ------------------------------------------------------------------ 2.18
    { number = "2.18",
      title = "Which inverse tangent gives a vector's angle",
      text = [[
Find the angle of the vector a from +x, and that of -a, in degrees. Try asin, acos, atan
(one argument) and atan2 (math.atan with two arguments) on each, and say which one is right
every time.]],
      build = "a few lines of math.asin, math.acos, math.atan",
      data = {
        { name = "a", value = { 1.2, -0.4 }, unit = "", what = "the vector", vary = { abs = 0.6 } },
      },
      valid = function(d) return d.a[1] > 0.1 and d.a[2] < -0.1 end,
      asks = {
        { name = "phi_a", what = "the angle of a", unit = "deg", kind = "angle" },
        { name = "phi_minus_a", what = "the angle of -a", unit = "deg", kind = "angle" },
        { name = "which", what = 'the function that is right every time: "asin", "acos", "atan" or "atan2"', unit = "",
          kind = "choice", choices = { "asin", "acos", "atan", "atan2" } },
      },
      answers = function(d)
        return { phi_a = deg(vec.angle(d.a)), phi_minus_a = deg(vec.angle(vec.scale(-1, d.a))), which = "atan2" }
      end,
      verify = function(d)
        -- the acute angle to the x axis, placed by the quadrant (a is in the fourth)
        local acute = deg(math.atan(math.abs(d.a[2]) / math.abs(d.a[1])))
        return { phi_a = 360 - acute, phi_minus_a = 180 - acute, which = "atan2" }
      end,
      mistakes = {
        phi_a = { { value = function(d) return deg(math.acos(d.a[1] / vec.norm(d.a))) end,
          say = "acos gives angles from 0 to 180 only: it cannot tell a vector below the x axis from one above." } },
        phi_minus_a = {
          { value = function(d) return deg(math.atan(d.a[2] / d.a[1])) end,
            say = "atan(y/x) gives the same for a and -a: the ratio loses both signs. Use atan2." },
          { value = function(d) return deg(math.asin(-d.a[2] / vec.norm(d.a))) end,
            say = "asin gives angles from -90 to 90 only: it cannot reach the second quadrant." },
        },
        which = {
          { value = "atan", say = "atan(y/x) cannot tell a from -a." },
          { value = "asin", say = "asin misses the second and third quadrants." },
          { value = "acos", say = "acos misses the third and fourth quadrants." },
        },
      },
      hints = {
        "Draw a and -a: they point into opposite quadrants, so their angles differ by 180 degrees.",
        "`math.deg(math.atan(y, x))` takes the quadrant from the signs of x and y.",
      } },

    ------------------------------------------------------------------ 2.19
    { number = "2.19",
      title = "The signed angle from one vector to another",
      text = [[
For each of three pairs, find the angle from a to b, counter-clockwise positive, in degrees:
once as the difference of their atan2 angles, and once as atan2 of the cross and scalar
products. Both must agree (up to whole turns).]],
      build = "a script with math.atan(y, x), mb.vec.cross and dot",
      data = {
        { name = "a1", value = { 2.0, 1.0 }, unit = "", what = "case 1: a", vary = { abs = 0.8 } },
        { name = "b1", value = { 2.0, 3.0 }, unit = "", what = "case 1: b", vary = { abs = 0.8 } },
        { name = "a2", value = { -2.0, 1.0 }, unit = "", what = "case 2: a", vary = { abs = 0.8 } },
        { name = "b2", value = { 2.0, 3.0 }, unit = "", what = "case 2: b", vary = { abs = 0.8 } },
        { name = "a3", value = { -2.0, 1.0 }, unit = "", what = "case 3: a", vary = { abs = 0.8 } },
        { name = "b3", value = { 2.0, -3.0 }, unit = "", what = "case 3: b", vary = { abs = 0.8 } },
      },
      valid = function(d)
        for k = 1, 3 do
          local a, b = d["a" .. k], d["b" .. k]
          if vec.norm(a) < 0.5 or vec.norm(b) < 0.5 or not not_parallel(a, b) then return false end
        end
        return true
      end,
      asks = {
        { name = "case1", what = "the angle from a to b, case 1", unit = "deg", kind = "angle" },
        { name = "case2", what = "the angle from a to b, case 2", unit = "deg", kind = "angle" },
        { name = "case3", what = "the angle from a to b, case 3", unit = "deg", kind = "angle" },
      },
      answers = function(d)
        local out = {}
        for k = 1, 3 do out["case" .. k] = deg(vec.between(d["a" .. k], d["b" .. k])) end
        return out
      end,
      verify = function(d)
        local out = {}
        for k = 1, 3 do
          local a, b = d["a" .. k], d["b" .. k]
          out["case" .. k] = deg(math.atan(b[2], b[1]) - math.atan(a[2], a[1]))
        end
        return out
      end,
      mistakes = {
        case2 = { { value = function(d) return deg(math.acos(vec.dot(vec.unit(d.a2), vec.unit(d.b2)))) end,
          say = "acos of the scalar product gives the size of the angle only: its sign comes from the cross product.",
          tol = 1e-6 } },
      },
      hints = {
        "The cross product (a turned)'b is |a||b| sin, the scalar product |a||b| cos, of the angle from a to b.",
        "`math.deg(math.atan(mb.vec.cross(a, b), mb.vec.dot(a, b)))`.",
      } },
  },
}
