-- SPDX-License-Identifier: GPL-3.0-or-later
-- Lesson 11: contact and impact, piecewise and continuous.
local example = mb.example

-- O-11.3's rod, its end C touching the ground; at = the end's local point.
local function falling_rod(at)
  local m = mb.model{ name = "rod", gravity = {0, 0} }
  local phi = math.rad(315)
  local tip = mb.vec.rotate(phi, at)
  m:body{ name = "rod", mass = 1, inertia = 0.01, pos = {0, -tip[2]}, angle = phi, vel = {0, -6.5} }
  m:point{ name = "C", body = "rod", at = at }
  m:contact{ name = "ground", point = "C", e = 0.95 }
  return m
end

-- A ball dropped on the floor through a force law; its rebound ratio.
local function rebound(law, e)
  local m = mb.model{ name = "ball", gravity = {0, 0} }
  m:body{ name = "ball", mass = 1, inertia = 0.004, pos = {0, 0.1001}, vel = {0, -1} }
  m:point{ name = "C", body = "ball" }
  m:contact{ name = "floor", point = "C", radius = 0.1, law = law, k = 1e10, e = e }
  local i = m:simulate{ tf = 0.01, dt = 0.001 }.impacts[1]
  return i.opening / i.closing
end

return {
  number = 11,
  title = "Contact and impact",
  book = "Nikravesh, Planar Multibody Dynamics, Ch. 11 and Sec. 13.4",
  objectives = {
    "compute the velocities after an impact from momentum and restitution",
    "let the workbench do it for bodies with joints (Eq. 11.27)",
    "watch impacts found during a run: the book's impacting pendulums",
    "compare contact force laws by the restitution they really give",
  },
  steps = {
    { title = "Restitution",
      text = [[
Two bodies collide in an instant: their positions stay put, their
velocities jump. Two facts fix the jump (Sec. 11.1.2). Momentum is kept,
m_i dv_i + m_j dv_j = 0 (Eq. 11.9). And the speed at which they part is a
fraction e of the speed at which they met, v_i' - v_j' = -e (v_i - v_j)
(Eq. 11.6): e = 1 is perfectly elastic, e = 0 they move on together.]] },

    { title = "By hand",
      text = [[
Particle i (0.2 kg) moves right at 3 m/s, particle j (0.4 kg) left at
2 m/s; e = 0.5. What is the velocity of i after the impact, in m/s?
check(value)]],
      answer = function() return -2.0 end,
      book = { id = "O-11.1", value = -2.0 },
      mistakes = {
        { value = 2.0, say = "the size is right, but i bounces back: its velocity turns negative." },
        { value = -1 / 3, say = "that is e = 0: both moving on together. With e = 0.5 they part." },
        { value = -11 / 3, say = "that is e = 1, a perfectly elastic impact. Here e = 0.5." },
      },
      hints = {
        "Two equations: 0.2 v_i' + 0.4 v_j' = 0.2*3 + 0.4*(-2), and v_i' - v_j' = -0.5 (3 - (-2)).",
        "From the second, v_j' = v_i' + 2.5; put it in the first.",
        "0.6 v_i' + 1.0 = -0.2, so v_i' = -2.0 m/s (and v_j' = 0.5 m/s).",
      } },

    { title = "The same on the workbench",
      text = [[
A contact names two circles (a point is a circle of radius 0) and a law.
The impulse law is the one you just used. `pp:impact("hit")` makes the
velocities jump at the model's state, in place, and returns them.
Note the book's problem statement prints 3.0 m/s for j, but its solution
uses -2.0 m/s, as here.]],
      code = [[
pp = mb.model{ name = "two particles", gravity = {0, 0} }
pp:body{ name = "i", mass = 0.2, inertia = 1, vel = {3, 0} }
pp:body{ name = "j", mass = 0.4, inertia = 1, pos = {0.1, 0},
         vel = {-2, 0} }
pp:point{ name = "Ci", body = "i" }
pp:point{ name = "Cj", body = "j" }
pp:contact{ name = "hit", type = "circles", points = {"Ci", "Cj"},
            radii = {0.05, 0.05}, e = 0.5 }
pp:impact("hit")]] },

    { title = "A body that spins",
      text = [[
When the contact point is off the mass centre, the impulse also turns the
body. With pi the impulse along the normal u, M dc' = pi D_ij' u, and the
contact point must leave at -e times its closing speed (Eqs. 11.20-11.23).
The book's Example 11.3: a 2 m rod at 315 degrees falls flat at 6.5 m/s
and its end C at (1, 0) on the rod strikes the ground (e = 0.95).]],
      code = [[
rod = mb.model{ name = "rod", gravity = {0, 0} }
phi = math.rad(315)
rod:body{ name = "rod", mass = 1, inertia = 0.01, pos = {0, math.sin(-phi)},
          angle = phi, vel = {0, -6.5} }
rod:point{ name = "C", body = "rod", at = {1, 0} }
rod:contact{ name = "ground", point = "C", e = 0.95 }
hit = rod:impact("ground")
hit.impulse]] },

    { title = "Its spin",
      text = [[
What is the rod's angular velocity just after it strikes the ground, in
rad/s?   check(value)]],
      answer = function() return falling_rod({1, 0}):impact("ground").bodies.rod.omega end,
      book = { id = "O-11.3", value = 17.5737 },
      mistakes = {
        { value = falling_rod({0.5, 0}):impact("ground").bodies.rod.omega,
          say = "that is the contact point (0.5, 0) the book's text names; its code and results use the rod's end, (1, 0)." },
        { value = 0, say = "the impulse acts at the end, off the mass centre: the rod must spin." },
      },
      hints = {
        "`hit` is what the impact returned: read `hit.bodies.rod.omega`.",
        "The impulse was about 0.2485 N s; J dphi' = (s x u) pi with J = 0.01.",
        "17.574 rad/s.",
      } },

    { title = "Impacts during a run",
      text = [[
In a simulation the integrator must stop at the very instant a contact
closes, make the jump, and start again (Sec. 13.4). The workbench finds the
instant to round-off between two steps and keeps the reporting times. The
book's Example 13.9: two pendulum balls, e = 1, one released at 60 degrees.
Joints take part in the impact too: the pins keep D dc' = 0 (Eq. 11.27).]],
      code = [[
bp = mb.example("impacting_pendulums")
r = bp:simulate{ tf = 2, dt = 0.005, tol = 1e-9 }
#r.impacts
r:animate()
r:plot("ball1.omega", "ball2.omega")]] },

    { title = "The first impact",
      text = [[
At what time does ball 1 first strike ball 2, in seconds?   check(value)]],
      answer = function()
        return example("impacting_pendulums"):simulate{ tf = 0.3, dt = 0.01, tol = 1e-10 }.impacts[1].t
      end,
      book = { id = "H-13.9", value = 0.17062, derived = true, note = "the book shows this run only as a plot" },
      mistakes = {
        { value = 0.16534, say = "that is a release at 45 degrees, as the book's text says; its program, and this model, release at 60." },
        { value = 0.5119, say = "that is the second impact: look at `r.impacts[1].t`." },
      },
      hints = {
        "`r.impacts[1].t`",
        "A pendulum from 60 degrees reaches the bottom after a quarter period, K(sin 30) / w0.",
        "0.17062 s; the later impacts follow at 3, 5, 7, ... times that.",
      } },

    { title = "Contact as a force",
      text = [[
The continuous method lets the bodies overlap a little, by delta, and puts a
stiff spring between them while they do (Sec. 11.2). A damped one loses
energy like e < 1. Lankarani and Nikravesh (Eq. 11.42) and Flores et al.
(Eq. 11.43) tie the damping to e and to the speed at first touch. Each law
can be evaluated alone: the book's Example 11.6 at delta = 1 mm, closing at
2.5 m/s after touching at 6.5 m/s: here Eq. 11.42; Eq. 11.43 is yours
to work out next.]],
      code = [[
touch = { k = 1e11, e = 0.15, delta = 1e-3, rate = 2.5, approach = 6.5 }
touch.law = "lankarani-nikravesh"
mb.contact_force(touch)]] },

    { title = "Example 11.6 checked",
      text = [[
What force does Eq. 11.43 (flores) give at e = 0.15, in newtons?
check(value)]],
      answer = function()
        return (mb.contact_force{ law = "flores", k = 1e11, e = 0.15, delta = 1e-3, rate = 2.5, approach = 6.5 })
      end,
      book = { id = "O-11.6", value = 1.4190e7, note = "as the errata correct it; the text prints 3.26e6" },
      mistakes = {
        { value = 3.26e6, say = "that is the value in the book's text, which the errata correct: work it out from Eq. 11.43." },
      },
      hints = {
        "k delta^1.5 = 1e11 * (1e-3)^1.5 = 3.162e6 N before damping.",
        "Multiply by 1 + 8 (1 - e) / (5 e) * 2.5 / 6.5.",
        "About 1.42e7 N: the errata's value.",
      } },

    { title = "What restitution do they give?",
      text = [[
A law's e is an input; the restitution it really produces comes from a run.
Drop a ball (1 kg, no gravity, 1 m/s) on the floor with k = 1e10 and
measure the ratio of speeds out and in, first for Eq. 11.42 at e = 0.5.]],
      code = [[
function bounce(law, e)
  local m = mb.model{ name = "ball", gravity = {0, 0} }
  m:body{ name = "ball", mass = 1, inertia = 0.004, pos = {0, 0.1001},
          vel = {0, -1} }
  m:point{ name = "C", body = "ball" }
  m:contact{ name = "floor", point = "C", radius = 0.1, law = law,
             k = 1e10, e = e }
  local i = m:simulate{ tf = 0.01, dt = 0.001 }.impacts[1]
  return i.opening / i.closing, i.duration, i.peak_force
end
bounce("lankarani-nikravesh", 0.5)]] },

    { title = "Which law keeps its word?",
      text = [[
With the flores law at e = 0.5, what ratio of speeds out and in does the
ball really show?   check(value)]],
      answer = function() return rebound("flores", 0.5) end,
      mistakes = {
        { value = 0.5, say = "that is the e you asked for; measure what the run gives: `bounce(\"flores\", 0.5)`." },
        { value = rebound("lankarani-nikravesh", 0.5), say = "that is the lankarani-nikravesh law, which is meant for e near 1." },
      },
      hints = {
        "`bounce(\"flores\", 0.5)` returns the ratio first.",
        "It comes out a little under 0.5.",
        "About 0.47; Eq. 11.42 gives about 0.73 at the same e.",
      } },
  },
  wrap_up = [[
You computed an impact by hand, then with joints and spin on the workbench,
watched impacts found to round-off during a run, and measured what the
contact force laws really do. Lesson 12 turns to kinematics: motion fixed
by drivers.
The chapter's problems work impacts and contact runs: problems(11),
problem("11.4").

Challenge: give the impacting pendulums e = 0.8
(`mb.example("impacting_pendulums", { e = 0.8 })`) and run them for 10 s.
How many impacts until the two balls swing together as one, and what
fraction of the energy above the rest position is left?]],
}
