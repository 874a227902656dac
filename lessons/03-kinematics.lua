-- SPDX-License-Identifier: GPL-3.0-or-later
-- Lesson 3: where a point on a moving body is, and how fast it moves.
local vec = mb.vec
local r, phi = {2.5, 1.2}, 5.6723
local sA, sB = {2.18, 0}, {-1.8, 1.3}
local rd, w, rdd, alpha = {1, -2}, 1.0, {-0.4, 0.4}, 4.65

local function s(local_s) return vec.rotate(phi, local_s) end

return {
  number = 3,
  title = "Kinematics of a body: points, velocities, accelerations",
  book = "Nikravesh, Planar Multibody Dynamics, Ch. 3 (Sec. 3.1-3.3)",
  objectives = {
    "place a body-fixed point in the fixed frame: r_P = r + A s'_P",
    "find the velocity of a point: r_P' = r' + rot(s_P) phi'",
    "find its acceleration, with the centripetal term: r_P'' = r'' + rot(s_P) phi'' - s_P phi'^2",
    "check each formula against a finite difference",
  },
  steps = {
    { title = "A body and its frame",
      text = [[
A body's pose is the position r of the origin of its own frame (xi-eta)
and the angle phi of that frame (Sec. 3.1). A point P fixed on the body has
constant local coordinates s'_P. Seen from the fixed frame it is at
    r_P = r + A(phi) s'_P              (Eq. 3.3)
The book's Example 3.1: r = {2.5, 1.2}, phi = 5.6723 rad (325 degrees),
and two points A and B with s'_A = {2.18, 0}, s'_B = {-1.8, 1.3}.]] },

    { title = "Turning a local vector",
      text = [[
First the rotation alone. The code turns s' = {2, 3} by 30 degrees, as the
book's A_matrix listing does. Then it finds s_A = A s'_A for Example 3.1.]],
      code = [[
mb.vec.rotate(math.pi / 6, {2, 3})
r, phi = mb.vec(2.5, 1.2), 5.6723
sA = mb.vec.rotate(phi, {2.18, 0})
sA]] },

    { title = "Where is A?",
      text = [[
With r, phi and s'_A of Example 3.1, where is point A in the fixed frame?
check({x, y})]],
      answer = function() return vec.add(r, s(sA)) end,
      components = { "x", "y" },
      book = { id = "O-3.1", value = { 4.2857, -0.0504 } },
      mistakes = {
        { value = s(sA), say = "that is s_A alone; add the body's position r." },
        { value = vec.add(r, vec.A(phi):t() * sA), say = "you turned the wrong way: A(phi) s', not A' s'." },
      },
      hints = {
        "r_A = r + A(phi) s'_A.",
        "`r + mb.vec.rotate(phi, {2.18, 0})`",
        "r_A = {4.2857, -0.0504}.",
      } },

    { title = "From A to B",
      text = [[
The vector from A to B, s_BA = r_B - r_A, does not depend on r: it is
A(phi) (s'_B - s'_A). Compute it either way.   check({x, y})]],
      answer = function() return vec.sub(vec.add(r, s(sB)), vec.add(r, s(sA))) end,
      components = { "x", "y" },
      book = { id = "O-3.1", value = { -2.5145, 3.3478 } },
      mistakes = {
        { value = vec.sub(vec.add(r, s(sA)), vec.add(r, s(sB))), say = "that is A minus B; the vector from A to B is r_B - r_A." },
        { value = vec.sub(sB, sA), say = "those are local coordinates; turn the difference by A(phi)." },
      },
      hints = {
        "Find r_B like r_A, then subtract.",
        "`mb.vec.rotate(phi, mb.vec(-1.8, 1.3) - mb.vec(2.18, 0))`",
        "s_BA = {-2.5145, 3.3478}.",
      } },

    { title = "Velocity of a point",
      text = [[
Differentiate r_P = r + A s'_P: s'_P is constant and dA/dt s' = rot(s) phi',
so
    r_P' = r' + rot(s_P) phi'          (Eq. 3.9)
The point moves with the body's origin plus a turn about it. The code
checks the formula for point B against a central difference of r_B(t).]],
      code = [[
rd, w = mb.vec(1, -2), 1.0
sB = mb.vec.rotate(phi, {-1.8, 1.3})
vB = rd + w * mb.vec.rot(sB)
vB
h = 1e-6
pos = function(t)
  return r + t * rd + mb.vec.rotate(phi + w * t, {-1.8, 1.3})
end
(pos(h) - pos(-h)) / (2 * h)]] },

    { title = "The velocity of A",
      text = [[
With r' = {1, -2} and phi' = 1.0 rad/s (the book's Example 3.2), what is
the velocity of point A?   check({vx, vy})]],
      answer = function() return vec.add(rd, vec.scale(w, vec.rot(s(sA)))) end,
      components = { "vx", "vy" },
      book = { id = "O-3.2", value = { 2.2504, -0.2143 } },
      mistakes = {
        { value = vec.scale(w, vec.rot(s(sA))), say = "that is only the turning part; add the body's own velocity r'." },
        { value = vec.add(rd, vec.scale(w, s(sA))), say = "use rot(s_A), the vector turned 90 degrees, not s_A itself." },
      },
      hints = {
        "r_A' = r' + rot(s_A) phi'.",
        "`rd + w * mb.vec.rot(sA)`",
        "r_A' = {2.2504, -0.2143}.",
      } },

    { title = "Acceleration of a point",
      text = [[
Once more: d/dt of rot(s) phi' gives rot(s) phi'' - s phi'^2, so
    r_P'' = r'' + rot(s_P) phi'' - s_P phi'^2      (Eq. 3.11)
The last term points from P back towards the origin of the body frame: the
centripetal acceleration. With r'' = {-0.4, 0.4} and phi'' = 4.65 rad/s^2
(Example 3.2), what is the acceleration of A?   check({ax, ay})]],
      answer = function()
        return vec.sub(vec.add(rdd, vec.scale(alpha, vec.rot(s(sA)))), vec.scale(w * w, s(sA)))
      end,
      components = { "ax", "ay" },
      book = { id = "O-3.2", value = { 3.6288, 9.9541 } },
      mistakes = {
        { value = vec.add(rdd, vec.scale(alpha, vec.rot(s(sA)))),
          say = "you left out the centripetal term -s_A phi'^2." },
        { value = vec.add(vec.add(rdd, vec.scale(alpha, vec.rot(s(sA)))), vec.scale(w * w, s(sA))),
          say = "the centripetal term points inwards: subtract s_A phi'^2." },
      },
      hints = {
        "Three terms: the origin's acceleration, the turning one, the centripetal one.",
        "`mb.vec(-0.4, 0.4) + 4.65 * mb.vec.rot(sA) - 1.0^2 * sA`",
        "r_A'' = {3.6288, 9.9541}.",
      } },

    { title = "Seeing a point move",
      text = [[
A point on a moving body traces a path. The slider-crank's crank pin A1
goes round a circle; the rod's midpoint traces an oval. `rs:animate()`
shows the mechanism moving (q returns here); `rs:plot("A1.path")` draws a
path.]],
      code = [[
sc = mb.example("slider_crank")
sc:correct()
rs = sc:simulate{ tf = 4.2, dt = 0.02 }
rs:plot("A1.path", "A2.path")
rs:animate{ trails = true }]] },
  },
  wrap_up = [[
You placed body-fixed points in the fixed frame and found their velocities
and accelerations, the three formulas every joint of Chapter 7 is made of.
Lesson 4 adds forces: what moves the body.

Challenge: find the point of the body whose velocity is zero at this
instant (the instantaneous centre): solve r' + rot(s) phi' = 0 for s.]],
}
