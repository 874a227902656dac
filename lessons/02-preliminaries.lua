-- SPDX-License-Identifier: GPL-3.0-or-later
-- Lesson 2: the algebra every later chapter leans on.
local vec, mat = mb.vec, mb.mat

return {
  number = 2,
  title = "Preliminaries: planar vectors, rotation, matrices, linear solves",
  book = "Nikravesh, Planar Multibody Dynamics, Ch. 2 (Sec. 2.1-2.5)",
  objectives = {
    "give a planar vector's angle and components the way the book measures them",
    "turn a vector by +90 degrees and use it for the planar cross product",
    "move a body-fixed vector into the global frame with A(phi)",
    "multiply matrices, find a rank, and solve A x = c without an inverse",
    "check a derivative by finite differences",
  },
  steps = {
    { title = "Frames and angles",
      text = [[
There is one fixed frame, x-y, and every moving body carries its own frame,
xi-eta. Angles are measured counter-clockwise from the +x axis; a clockwise
angle is negative. The book likes angles between 0 and 360 degrees, so it
writes 300 rather than -60 (Sec. 2.2).

mechbench computes in radians. math.rad and math.deg convert.]] },

    { title = "Angle of a vector",
      text = [[
A vector starts at the origin, points into the third quadrant (x < 0,
y < 0) and makes 30 degrees with the -y axis, as in the book's Example 2.1.

What is its angle, in degrees between 0 and 360?   check(your_angle)]],
      example = "180",
      answer = function() return 240 end,
      book = { id = "O-2.1", value = 240 },
      mistakes = {
        { value = -120, say = "-120 is the same direction, but use 0..360 here: add 360." },
        { value = 210, say = "210 is 30 degrees from the -x axis; the 30 degrees are from the -y axis." },
        { value = 120, say = "120 points into the second quadrant (x < 0, y > 0)." },
        { value = 300, say = "300 is 30 degrees from -y, but towards +x: the fourth quadrant." },
      },
      hints = {
        "Draw it: the -y axis is at 270 degrees. Is the vector before or after it?",
        "Leaning 30 degrees from -y towards -x takes you 30 degrees back from 270.",
        "270 - 30 = 240.",
      } },

    { title = "Components",
      text = [[
A vector of length s at angle theta has components s*cos(theta) and
s*sin(theta) (Eq. 2.1). `mb.vec.unit(theta)` is the unit vector
{cos theta, sin theta}; a number times a vector scales it. Run the code
with run() and look at the signs of the two components.]],
      code = [[
s = 0.2 * mb.vec.unit(math.rad(120))
s
mb.vec.norm(s)
math.deg(mb.vec.angle(s))]] },

    { title = "Reading a component",
      text = [[
Now a vector 0.3 m long at 200 degrees: what is its y component, in
metres?   check(value)]],
      answer = function() return 0.3 * math.sin(math.rad(200)) end,
      mistakes = {
        { value = 0.3 * math.cos(math.rad(200)), say = "that is the x component; the y component uses sin." },
      },
      hints = {
        "y = s sin(theta), with theta in radians: 200 degrees is in the third quadrant, so y < 0.",
        "`0.3 * math.sin(math.rad(200))`",
        "0.3 * sin(200 deg) = 0.3 * (-0.34202) = -0.10261.",
      } },

    { title = "The perpendicular vector",
      text = [[
Turning a vector a = {a_x, a_y} by +90 degrees gives {-a_y, a_x}, written
with a breve in the book (Eq. 2.12); here it is `mb.vec.rot(a)`. It is always
orthogonal to a, so their dot product is zero. The planar cross product is
the dot product of rot(a) with b (Eq. 2.14): `mb.vec.cross(a, b)`.]],
      code = [[
a = mb.vec(2, 3)
b = mb.vec(4, 5)
mb.vec.rot(a)
mb.vec.dot(mb.vec.rot(a), a)
mb.vec.dot(mb.vec.rot(a), b)
mb.vec.cross(a, b)]] },

    { title = "Order matters",
      text = [[
With a = {2, 3} and b = {4, 5}, what is rot(b)'a, the cross product
taken the other way round (b x a)?   check(value)]],
      answer = function() return vec.cross({4, 5}, {2, 3}) end,
      book = { id = "O-2.3", value = 2 },
      mistakes = {
        { value = -2, say = "-2 is rot(a)'b = a x b. Swapping the order flips the sign." },
        { value = 23, say = "23 is the dot product a'b; the cross product uses rot(b)." },
      },
      hints = {
        "a x b = -(b x a) (Eq. 2.16).",
        "rot(b) = {-5, 4}; dot it with {2, 3}.",
        "-5*2 + 4*3 = 2.",
      } },

    { title = "The rotation matrix",
      text = [[
A(phi) = [cos phi, -sin phi; sin phi, cos phi] turns a vector given in a
body's frame (s', local) into the fixed frame: s = A s' (Eq. 2.68). A is
orthonormal: its transpose is its inverse (Eq. 2.44), so A' s takes a global
vector back into the body frame. Run the code: A'A is the identity.]],
      code = [[
A = mb.vec.A(math.rad(30))
A
A:t() * A
A * {1, 0}]] },

    { title = "A point on a moving body",
      text = [[
A body's frame sits at r = {1, 2} and is turned phi = 30 degrees. A point P
is fixed on the body at s'P = {0.5, 0.2} in the body's own frame.
Where is P in the fixed frame?  r_P = r + A(phi) s'P.   check({x, y})]],
      answer = function() return vec.add({1, 2}, vec.rotate(math.rad(30), {0.5, 0.2})) end,
      components = { "x", "y" },
      mistakes = {
        { value = vec.rotate(math.rad(30), {0.5, 0.2}),
          say = "that is A s'P alone: add the body's position r." },
        { value = vec.add({1, 2}, vec.A(math.rad(30)):t() * {0.5, 0.2}),
          say = "you turned the wrong way: use A(phi) s'P, not its transpose." },
        { value = vec.add({1, 2}, vec.rotate(30, {0.5, 0.2})),
          say = "`mb.vec.A` and `mb.vec.rotate` take radians: `math.rad(30)`." },
      },
      hints = {
        "Build A with `mb.vec.A(math.rad(30))` and multiply it by {0.5, 0.2}.",
        "`mb.vec({1, 2}) + mb.vec.rotate(math.rad(30), {0.5, 0.2})`",
        "A s'P = {0.33301, 0.42321}, so r_P = {1.33301, 2.42321}.",
      } },

    { title = "Matrices",
      text = [[
`mb.mat{{...}, {...}}` builds a matrix from its rows. +, -, * and :t() (the
transpose) work as in the book (Sec. 2.3). These are the matrices of the
book's Example 2.4.]],
      code = [[
A = mb.mat{{1, 2, 3}, {4, 5, 6}}
B = mb.mat{{7, 8, 9}, {-1, -2, -3}}
A + B
A:size()]] },

    { title = "A product",
      text = [[
With A and B of the last step, compute D = A B' (B transposed).
What is D?   check(D)   (a matrix, or rows as {{...}, {...}})]],
      answer = function()
        return mat{{1, 2, 3}, {4, 5, 6}} * mat{{7, 8, 9}, {-1, -2, -3}}:t()
      end,
      book = { id = "O-2.4", value = { { 50, -14 }, { 122, -32 } } },
      mistakes = {
        { value = {{50, 122}, {-14, -32}}, say = "that is B A', the transpose of A B'." },
      },
      hints = {
        "A is 2x3, B' is 3x2, so D is 2x2.",
        "`D = A * B:t()`",
        "D = {{50, -14}, {122, -32}}: e.g. 1*7 + 2*8 + 3*9 = 50.",
      } },

    { title = "Independence and rank",
      text = [[
Rows are linearly independent when no combination of them, other than all
zeros, gives the zero row. The rank counts the independent rows (Sec.
2.3.1). A square matrix of full rank is nonsingular and has an inverse.
Below, C's rows combine with weights {-1, 2, -1} to zero, so C is singular.]],
      code = [[
C = mb.mat{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}
C:rank()
mb.mat{{-1, 2, -1}} * C
mb.mat{{1, 2}, {3, 4}}:inv()]] },

    { title = "Counting independent rows",
      text = [[
What is the rank of the matrix with rows {1, 2, 3} and {3, 6, 9}?
check(rank)]],
      answer = function() return mat{{1, 2, 3}, {3, 6, 9}}:rank() end,
      tol = 0,
      mistakes = {
        { value = 2, say = "look again: the second row is 3 times the first." },
        { value = 3, say = "a 2-row matrix has rank 2 at most." },
      },
      hints = {
        "Is one row a multiple of the other?",
        "{3, 6, 9} = 3 * {1, 2, 3}: only one independent row.",
        "The rank is 1; `mb.mat{{1, 2, 3}, {3, 6, 9}}:rank()` agrees.",
      } },

    { title = "Solving linear equations",
      text = [[
A x = c is solved without forming the inverse: a factorisation (LU here,
done by GSL) is cheaper and more accurate (Sec. 2.3.2). `mb.mat.solve(A, c)`
does it. The matrix below is the book's Example 2.6; the inverse gives the
same answer, only with more work.]],
      code = [[
D = mb.mat{{-1, -1.64, 2.14}, {0, 2.51, -0.51}, {1, 0, 0}}
rhs = {1, 0, 0}
x = mb.mat.solve(D, rhs)
x
D:inv() * rhs]] },

    { title = "Another right-hand side",
      text = [[
The book solves the same D with the right side {0, 0, 2 pi}: the crank of
Example 2.6 turning at 2 pi rad/s. What is the third unknown, `x[3]`,
then?   check(value)]],
      answer = function()
        return mat.solve({{-1, -1.64, 2.14}, {0, 2.51, -0.51}, {1, 0, 0}}, {0, 0, 2 * math.pi})[3]
      end,
      book = { id = "O-2.6", value = 3.4776 },
      mistakes = {
        { value = 2 * math.pi, say = "that is `x[1]`; the question asks for `x[3]`." },
        { value = 0.706599, say = "that is `x[2]`; the question asks for `x[3]`." },
      },
      hints = {
        "Solve D x = {0, 0, 2 pi} as the last step solved D x = {1, 0, 0}.",
        "`mb.mat.solve(D, {0, 0, 2 * math.pi})[3]`",
        "x = {6.28319, 0.70660, 3.47757}.",
      } },

    { title = "The angle between two vectors",
      text = [[
The dot product gives cos of the angle between a and b, the cross product
gives its sine (Eqs. 2.10, 2.14). atan2(cross, dot) is the signed angle
from a to b, correct in every quadrant; acos alone loses the sign.
What is the signed angle from a = {2, 3} to b = {4, 5}, in radians?
check(value)]],
      answer = function() return math.atan(vec.cross({2, 3}, {4, 5}), vec.dot({2, 3}, {4, 5})) end,
      mistakes = {
        { value = math.acos(23 / (math.sqrt(13) * math.sqrt(41))),
          say = "acos gives the size but not the sign: is b clockwise from a?" },
      },
      hints = {
        "The cross product of {2, 3} and {4, 5} is negative: b is clockwise from a.",
        "`math.atan(mb.vec.cross(a, b), mb.vec.dot(a, b))` (given two numbers, math.atan is atan2)",
        "atan2(-2, 23) = -0.086738 rad.",
      } },

    { title = "Derivatives, checked numerically",
      text = [[
Jacobians (Sec. 2.4.2) are the partial derivatives of expressions with
respect to coordinates; all later chapters need them. A quick check of any
derivative is a central difference: (f(x+h) - f(x-h)) / (2h).
Here f = a'b with a = {x-y, x+y, y-1}, b = {-x+y, x+2, -x-y}, the book's
Example 2.10. The code prints df/dx at x = 1, y = 2.]],
      code = [[
f = function(x, y) return (x-y)*(-x+y) + (x+y)*(x+2) + (y-1)*(-x-y) end
h = 1e-6
(f(1 + h, 2) - f(1 - h, 2)) / (2 * h)]] },

    { title = "The other derivative",
      text = [[
Now find df/dy at x = 1, y = 2, by hand (the book's result is
2x - 4y + 3) or by a central difference.   check(value)]],
      answer = function() return 2 * 1 - 4 * 2 + 3 end,
      book = { id = "O-2.10", value = -3, note = "2x - 4y + 3 at x = 1, y = 2" },
      mistakes = {
        { value = 7, say = "7 is df/dx; vary y this time." },
      },
      hints = {
        "Change y by +h and -h with x fixed at 1.",
        "`(f(1, 2 + h) - f(1, 2 - h)) / (2 * h)`",
        "2*1 - 4*2 + 3 = -3.",
      } },
  },
  wrap_up = [[
You measured angles the book's way, turned vectors with rot and A(phi),
placed a body-fixed point in the fixed frame, and solved a linear system
with an LU factorisation. Chapter 3 uses exactly these to describe where a
body is and how fast it moves.

Challenge: show with mb.vec that rot(a)'rot(b) equals a'b for any a, b
(Eq. 2.18), then explain why in one sentence.]],
}
