-- SPDX-License-Identifier: GPL-3.0-or-later
-- Lesson 4: forces on a body and the accelerations they cause.
local vec = mb.vec

local function free_body_4_3()
  local m = mb.model{ name = "Example 4.3", gravity = {0, 0} }
  m:body{ name = "b", mass = 2.5, inertia = 1.2, pos = {2.5, 1.2}, angle = 5.6723 }
  m:point{ name = "A", body = "b", at = {2.18, 0} }
  m:point{ name = "B", body = "b", at = {-1.8, 1.3} }
  m:force{ name = "fA", type = "force", point = "A", value = {2, -1} }
  m:force{ name = "fB", type = "force", point = "B", value = {-3, 2} }
  return m
end

local function sda_4_4()
  local m = mb.model{ name = "Example 4.4", gravity = {0, 0} }
  m:body{ name = "b1", mass = 1, inertia = 1, pos = {0.1, 0.05}, angle = math.pi / 4, vel = {0.1, 0.2}, omega = -0.25 }
  m:body{ name = "b2", mass = 1, inertia = 1, pos = {0.3, -0.05}, angle = math.rad(20), vel = {-0.2, 0.1}, omega = 0.12 }
  m:point{ name = "A", body = "b1", at = {0.15, 0} }
  m:point{ name = "B", body = "b2", at = {0, 0.1} }
  m:force{ name = "sda", type = "spring-damper", points = {"A", "B"}, k = 10, length = 0.15, c = 5, actuator = -2 }
  return m
end

local n_42 = vec.cross(vec.rotate(math.pi / 6, {-0.2, 0.3}), {1.2, 1.0})

return {
  number = 4,
  title = "Dynamics of a body: forces, moments, Newton-Euler",
  book = "Nikravesh, Planar Multibody Dynamics, Ch. 4 (Sec. 4.1-4.4, 4.6)",
  objectives = {
    "find a mass centre and its acceleration for a set of particles",
    "move a force to the mass centre, and write M c'' = h for a free body",
    "compute a spring-damper-actuator force between two bodies",
  },
  steps = {
    { title = "Particles and their mass centre",
      text = [[
The mass centre of particles m_i at r_i is r_C = sum(m_i r_i) / sum(m_i),
and it moves as if the whole mass sat there under the sum of the forces:
m r_C'' = sum(f_i) (Eqs. 4.2-4.7). Example 4.1 has three particles.]],
      code = [[
r, mass = { {2, 1}, {1, 4}, {-3, 2} }, { 2, 5, 3 }
f = { {-6, -2}, {0, 0}, {5, -1} }
rC, F, total = mb.vec(0, 0), mb.vec(0, 0), 0
for i = 1, 3 do rC = rC + mass[i] * mb.vec(r[i]) end
for i = 1, 3 do F, total = F + mb.vec(f[i]), total + mass[i] end
F / total      -- r_C''; rC / total is r_C]] },

    { title = "Height of the mass centre",
      text = [[
In Example 4.1, what is the y coordinate of the mass centre?   check(y)]],
      answer = function() return (2 * 1 + 5 * 4 + 3 * 2) / 10 end,
      book = { id = "O-4.1", value = 2.8 },
      mistakes = {
        { value = (1 + 4 + 2) / 3, say = "that is the plain average; weigh each particle by its mass." },
      },
      hints = {
        "y_C = (m1 y1 + m2 y2 + m3 y3) / (m1 + m2 + m3).",
        "(2*1 + 5*4 + 3*2) / 10",
        "y_C = 2.8 m.",
      } },

    { title = "A force off the mass centre",
      text = [[
For a rigid body the equations are m r'' = f and J phi'' = n, with n the
sum of moments about the mass centre: M c'' = h, M = diag(m, m, J),
h = {f; n} (Eqs. 4.13-4.15). A force f at point P adds the moment
n = rot(s_P)' f = s_P x f, where s_P = A s'_P  (Eq. 4.11).

The book's Example 4.2: phi = 30 deg, s'_P = {-0.2, 0.3}, f = {1.2, 1.0},
and a torque of 0.15 N m clockwise. What is h3, the total moment?
check(value)]],
      answer = function() return n_42 - 0.15 end,
      book = { id = "O-4.2", value = -0.6650, note = "recomputed; the book prints h3 = 3.1362" },
      mistakes = {
        { value = 3.1362, say = "that is the value the book prints, and it cannot be right: |s||f| = 0.563 "
          .. "bounds the moment. Turn s'_P by A(phi) first, then take the cross product." },
        { value = n_42 + 0.15, say = "clockwise torques are negative." },
        { value = vec.cross({-0.2, 0.3}, {1.2, 1.0}) - 0.15, say = "s'_P is local: turn it into s_P = A s'_P first." },
      },
      hints = {
        "`s_P = mb.vec.rotate(math.pi / 6, {-0.2, 0.3})`, then `n = mb.vec.cross(s_P, {1.2, 1.0})`.",
        "h3 = n + T with T = -0.15.",
        "n = -0.5150, so h3 = -0.6650 N m. (The book prints 3.1362: a misprint.)",
      } },

    { title = "A free body in the model",
      text = [[
The same computation through a model: a free body with two forces at two
points (the book's Example 4.3, no gravity). `m:evaluate()` assembles h
and solves M c'' = h; `e.acc` holds c'', which an exercise asks for soon.]],
      code = [[
m = mb.model{ name = "Example 4.3", gravity = {0, 0} }
m:body{ name = "b", mass = 2.5, inertia = 1.2,
        pos = {2.5, 1.2}, angle = 5.6723 }
m:point{ name = "A", body = "b", at = {2.18, 0} }
m:point{ name = "B", body = "b", at = {-1.8, 1.3} }
m:force{ name = "fA", type = "force", point = "A", value = {2, -1} }
m:force{ name = "fB", type = "force", point = "B", value = {-3, 2} }
e = m:evaluate()
e.h]] },

    { title = "Watch it go",
      text = [[
The same body for one second: the forces stay fixed in direction while
the body turns, so its moment changes as it spins. Plot the angle and the
spin; `r:animate()` shows the motion (q returns here).]],
      code = [[
r = m:simulate{ tf = 1, dt = 0.01 }
r:plot("b.angle", "b.omega")
r:animate{ labels = true }]] },

    { title = "Angular acceleration",
      text = [[
What is phi'' of the body in Example 4.3, in rad/s^2?   check(value)]],
      answer = function() return free_body_4_3():evaluate().acc[3] end,
      book = { id = "O-4.3", value = 4.6247 },
      mistakes = {
        { value = 4.65, say = "4.65 is the rounded value Example 3.2 used; compute it from the forces." },
      },
      hints = {
        "phi'' = n / J, with n the sum of both moments.",
        "`m:evaluate().acc[3]`",
        "phi'' = 4.6247 rad/s^2.",
      } },

    { title = "Spring, damper and actuator",
      text = [[
Between point A on body i and B on body j: d = r_A - r_B, L = |d|,
u = d / L, L' = u'd'. The element pulls with f = k (L - L0) + c L' + f_a;
body i gets -f u at A, body j gets +f u at B (Eqs. 4.22-4.32).
Example 4.4: k = 10, L0 = 0.15, c = 5, an actuator pushing with 2 N
(f_a = -2). What moment n1 does the element put on body 1?   check(value)]],
      answer = function() return sda_4_4():evaluate().h[3] end,
      book = { id = "O-4.4", value = 0.3848 },
      mistakes = {
        { value = -sda_4_4():evaluate().h[3], say = "right size, wrong sign: body i gets -f u, not +f u." },
      },
      hints = {
        "Build the two bodies and the element (a force of type \"spring-damper\") in a model: its evaluate() gives h.",
        "Or by hand: n1 = rot(s_A)'(-f u), with f = k(L - L0) + c L' - 2.",
        "n1 = 0.3848 N m. (The book prints L' = +0.090; it is -0.090, or f_d could not be -0.452.)",
      } },
  },
  wrap_up = [[
You moved forces to the mass centre, wrote M c'' = h for a body, and
computed a spring-damper-actuator. Chapter 7 adds the joints: the
reaction forces D'lambda join h, and the constraints fix the rest.

Challenge: in Example 4.4, set c = 0 and f_a = 0 and check that the moment
on body 2 is what rot(s_B)'(f u) gives by hand.]],
}
