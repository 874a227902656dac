-- SPDX-License-Identifier: GPL-3.0-or-later
-- Lesson 7: the body-coordinate formulation.
local function rod_model()
  local m = mb.model{ name = "rod" }
  m:body{ name = "rod", mass = 2, inertia = 2 * 1^2 / 12, pos = {0.5, 0} }
  m:point{ name = "A", body = "rod", at = {-0.5, 0} }
  m:point{ name = "O", body = "ground" }
  m:joint{ name = "pin", type = "revolute", points = {"A", "O"} }
  return m
end

local function two_bodies()
  local m = mb.model{ name = "Example 7.2" }
  m:body{ name = "b1", mass = 0.2, inertia = 0.03, pos = {0.02, 0.2}, angle = math.rad(45),
          vel = {-0.05, 0.1}, omega = -0.3 }
  m:body{ name = "b2", mass = 0.15, inertia = 0.02, pos = {0.22, 0.1}, angle = math.rad(15),
          vel = {-0.09, 0.13}, omega = 0.07 }
  m:point{ name = "A", body = "b1", at = {0.15, 0} }
  m:point{ name = "B", body = "b1", at = {-0.15, 0} }
  m:point{ name = "C", body = "b2", at = {0, 0.12} }
  m:point{ name = "D", body = "b2", at = {0, -0.12} }
  m:point{ name = "Q", body = "ground" }
  m:force{ name = "spring", type = "spring-damper", points = {"A", "C"}, k = 50, length = 0.2 }
  m:force{ name = "damper", type = "spring-damper", points = {"B", "Q"}, c = 20 }
  m:joint{ name = "link", type = "rev-rev", points = {"B", "D"}, length = 0.355 }
  return m
end

-- gamma2 of the pinned rod's pin, derived by hand: checked as a function
-- of the rod's coordinates and rates against the program's (m:equations)
local pin_gamma = mb.lesson.derived { model = rod_model, formulation = "body", entry = { "gamma", 2 },
  args = { "x_rod", "y_rod", "phi_rod", "dx_rod", "dy_rod", "dphi_rod" },
  params = { "x", "y", "phi", "dx", "dy", "dphi" } }

return {
  number = 7,
  title = "Body coordinates: constraints, Jacobian, equations of motion",
  book = "Nikravesh, Planar Multibody Dynamics, Ch. 7 (Sec. 7.1-7.5)",
  objectives = {
    "describe a mechanism with bodies, points and joints in mb.model",
    "read a joint's constraints Phi, Jacobian D and right side gamma",
    "solve the constrained equations for accelerations and reactions",
    "interpret a Lagrange multiplier as a force",
    "check a run by its energy and its constraint violation",
  },
  steps = {
    { title = "Three numbers per body",
      text = [[
In body coordinates every moving body has c_i = {x_i, y_i, phi_i}: the
position of its mass centre and its angle (Sec. 7.1). Joints become
equations Phi(c) = 0 among these coordinates. Differentiating twice gives
the acceleration constraints  D c'' = gamma,  where D = dPhi/dc is the
Jacobian (Eqs. 7.4-7.7). Each joint brings its own rows of Phi, D, gamma.]] },

    { title = "A pinned rod",
      text = [[
A 1 m rod of 2 kg is pinned to the ground at its left end and held
horizontal. `m:evaluate()` returns the pieces of the equations at the
model's initial state: M, D, gamma, Phi, the applied forces h, the
accelerations and the multipliers. Run it and look at D: two rows (the
pin holds x and y of point A), three columns (x, y, phi of the rod).]],
      code = [[
m = mb.model{ name = "rod" }
m:body{ name = "rod", mass = 2, inertia = 2/12, pos = {0.5, 0} }
m:point{ name = "A", body = "rod", at = {-0.5, 0} }
m:point{ name = "O", body = "ground" }
m:joint{ name = "pin", type = "revolute", points = {"A", "O"} }
e = m:evaluate()
e.D
e.gamma]] },

    { title = "The pin's equations, as formulas",
      text = [[
m:evaluate gives numbers at one state. `m:equations{}` derives the same
pieces as formulas in the model's own names: each joint's Phi from its
geometry, then D = dPhi/dc and gamma = -Phi'' with c'' = 0 (Eqs. 7.14 to
7.18), by a small algebra of the program's own. First the pin's two rows:
point A, 0.5 m back along the rod, held on O.]],
      code = [[
eq = m:equations{}
eq.phi]] },

    { title = "Gamma by hand",
      text = [[
Phi2 = y_rod - 0.5 sin(phi_rod). Differentiate it twice in time, drop the
terms with an acceleration (c'' = 0) and change the sign: that is gamma2,
the second row of Eq. 7.18. Write it as a Lua function of the rod's
coordinates and rates,
    f = function(x, y, phi, dx, dy, dphi) return ... end
and give the function itself: check(f). It is tried at 20 states against
the program's own derivation.]],
      answer = pin_gamma.answer, at = pin_gamma.at, at_args = pin_gamma.at_args,
      components = pin_gamma.components,
      mistakes = {
        { value = function(_, _, phi, _, _, dphi) return -0.5 * dphi * math.sin(phi) end,
          say = "phi' comes in twice: once for each derivative of sin(phi)." },
        { value = function(_, _, phi, _, _, dphi) return -0.5 * dphi ^ 2 * math.cos(phi) end,
          say = "that is gamma1, the x row: the y row has the sine." },
      },
      hints = {
        "d/dt sin(phi) = cos(phi) phi'; once more, with phi'' = 0: -sin(phi) phi'^2.",
        "Phi2'' = y'' + 0.5 sin(phi) phi'^2 once y'' and phi'' go; gamma2 is minus it.",
        "`function(x, y, phi, dx, dy, dphi) return -0.5 * dphi^2 * math.sin(phi) end`",
      } },

    { title = "What the program derived",
      text = [[
The program's derivation of the whole rod: Phi, D, gamma, M and h. Rates
carry a dot, powers are superscripts, m_rod, J_rod and g are named (their
values under it). Your gamma2 is there. `m:equations{ format = "latex" }`
gives the same as LaTeX for a report; format = "lua" as Lua expressions.]],
      code = [[
m:equations{}]] },

    { title = "Counting freedom",
      text = [[
A model has 3 coordinates per body and one equation per constraint row.
How many degrees of freedom does the pinned rod have?   check(n)
(`m:dof()` will tell you afterwards.)]],
      answer = function() return 1 end,
      tol = 0,
      mistakes = {
        { value = 3, say = "3 is the count of coordinates; the pin removes two of them." },
        { value = 2, say = "2 is the count of constraint rows; subtract them from the coordinates." },
      },
      hints = {
        "Degrees of freedom = coordinates - independent constraint rows.",
        "One body: 3 coordinates. A revolute joint: 2 rows.",
        "3 - 2 = 1: the rod can only swing.",
      } },

    { title = "The equations of motion",
      text = [[
Newton-Euler for every body, M c'' = h + D'lambda, plus the acceleration
constraints D c'' = gamma, make one linear system (Eq. 7.56):
    [ M  -D' ] {c''}   {h    }
    [ D   0  ] {lam} = {gamma}
The reaction forces are D'lambda: lambda holds one unknown force per
constraint row. mechbench solves it with a Cholesky factorisation of
D M^-1 D' (GSL). Run it for the rod released from rest: e.acc then holds
c'' and e.lambda the multipliers. Work the next two exercises by hand
first, then look at them.]],
      code = [[
e = m:evaluate()
e.h
#e.acc, #e.lambda]] },

    { title = "Angular acceleration at release",
      text = [[
At the instant of release, what is the rod's angular acceleration
phi'' in rad/s^2 (take g = 9.81)?   check(value)]],
      answer = function() return rod_model():evaluate().acc[3] end,
      mistakes = {
        { value = -9.81, say = "-g/L is the answer for a point mass at the tip; a rod's mass is spread out." },
        { value = -(2 * 9.81 * 0.5) / (2 / 12), say = "that uses the inertia about the mass centre; the rod turns about the pin." },
      },
      hints = {
        "Take moments about the pin: the weight m g acts at L/2.",
        "J_O = m L^2 / 3, so phi'' = -(m g L / 2) / J_O.",
        "phi'' = -3 g / (2 L) = -14.715 rad/s^2 (clockwise).",
      } },

    { title = "What lambda means",
      text = [[
For a revolute joint, lambda = {lambda1, lambda2} is the force the pin
applies to the joint's first body, here the rod (Sec. 7.4.1). At release
the rod is at rest, so the pin force is vertical. What is its vertical
component, in newtons?   check(value)]],
      answer = function() return rod_model():evaluate().lambda[2] end,
      mistakes = {
        { value = 2 * 9.81, say = "that is the whole weight: the pin would carry it only if the rod did not accelerate." },
        { value = 2 * 9.81 / 2, say = "m g / 2 is what each support carries for a rod resting on two supports." },
        { value = -2 * 9.81 / 4, say = "right size, but that is the force on the ground; lambda acts on the rod." },
      },
      hints = {
        "The mass centre accelerates down at (L/2) |phi''|.",
        "m y'' = lambda2 - m g, with y'' = -(L/2)(3g/2L) = -3g/4.",
        "lambda2 = m g - 3 m g / 4 = m g / 4 = 4.905 N.",
      } },

    { title = "Two free bodies",
      text = [[
The book's Example 7.2: two free bodies joined by a massless link of
length 0.355 m (a rev-rev joint), with a spring between them and a damper
to the ground. First the bodies, moving, and their points.]],
      code = [[
m2 = mb.model{ name = "Example 7.2" }
m2:body{ name = "b1", mass = 0.2, inertia = 0.03, pos = {0.02, 0.2},
         angle = math.rad(45), vel = {-0.05, 0.1}, omega = -0.3 }
m2:body{ name = "b2", mass = 0.15, inertia = 0.02, pos = {0.22, 0.1},
         angle = math.rad(15), vel = {-0.09, 0.13}, omega = 0.07 }
m2:point{ name = "A", body = "b1", at = {0.15, 0} }
m2:point{ name = "B", body = "b1", at = {-0.15, 0} }
m2:point{ name = "C", body = "b2", at = {0, 0.12} }
m2:point{ name = "D", body = "b2", at = {0, -0.12} }
m2:point{ name = "Q", body = "ground" }]] },

    { title = "A constraint that is not quite met",
      text = [[
Now the spring, the damper and the link. The given positions do not
satisfy the link exactly; Phi shows by how much. The book solves Eq. 7.56
anyway, and so do we, to compare numbers (Sec. 7.4).]],
      code = [[
m2:force{ name = "spring", type = "spring-damper", points = {"A", "C"},
          k = 50, length = 0.2 }
m2:force{ name = "damper", type = "spring-damper", points = {"B", "Q"},
          c = 20 }
m2:joint{ name = "link", type = "rev-rev", points = {"B", "D"},
          length = 0.355 }
e2 = m2:evaluate()
e2.phi
e2.D]] },

    { title = "The force in the link",
      text = [[
For the rev-rev joint, lambda is the force along the link acting on its
first body (here b1), positive along u = d / L with d = r_B - r_D.
What is lambda for Example 7.2, in newtons?   check(value)]],
      answer = function() return two_bodies():evaluate().lambda[1] end,
      book = { id = "O-7.2", value = -1.7821 },
      mistakes = {
        { value = 1.7821, say = "right size, wrong sign: a negative lambda pulls B towards D." },
      },
      hints = {
        "Run the last step and look at `e2.lambda`.",
        "`e2.lambda[1]`",
        "lambda = -1.7821 N: the link pulls the bodies together.",
      } },

    { title = "Energy as a check",
      text = [[
With no dampers and no friction, kinetic plus potential energy stays
constant (Sec. 7.5). It is the quickest check of a simulation. Run the
pinned rod for 2 s and compare the total energy at the start and end,
and the largest constraint violation |Phi| over the run.]],
      code = [[
r = m:simulate{ tf = 2, dt = 0.01 }
r.energy.total[1]
r.energy.total[#r.t]
r]] },

    { title = "Watching the swing and its energy",
      text = [[
Pictures: `r:animate()` shows the rod swing (space pauses, arrows step, q
returns here), and `r:plot(name, ...)` draws time histories. Kinetic and
potential energy trade places; their sum stays flat.]],
      code = [[
r:plot("energy.kinetic", "energy.potential", "energy.total")
r:plot("pin.fx", "pin.fy")
r:animate{ trails = true }]] },

    { title = "Energy of the sliding pendulum",
      text = [[
The sliding pendulum of Appendix B: slider 5 kg at height 0.2 m; pendulum
2 kg with its centre at y = 0.2 - 0.5 cos 30 deg; a spring k = 20 N/m of
free length 0.6 m stretched to 1 m; everything at rest. With V = m g y for
gravity and k (L - L0)^2 / 2 for the spring, what is the total energy, J?
check(value)]],
      answer = function() return 5 * 9.81 * 0.2 + 2 * 9.81 * (0.2 - 0.5 * math.cos(math.pi / 6)) + 0.5 * 20 * 0.4^2 end,
      book = { id = "O-B.1", value = 6.838291, derived = true, note = "the energy constant; not printed in the book" },
      mistakes = {
        { value = 5 * 9.81 * 0.2 + 2 * 9.81 * (0.2 - 0.5 * math.cos(math.pi / 6)),
          say = "you left out the spring: it is stretched 0.4 m." },
        { value = 5 * 9.81 * 0.2 + 2 * 9.81 * (0.2 - 0.5 * math.cos(math.pi / 6)) + 0.5 * 20 * 0.6^2,
          say = "the spring stretch is L - L0 = 1 - 0.6, not its free length." },
      },
      hints = {
        "Three terms: two weights times heights, one spring.",
        "5 g (0.2) + 2 g (0.2 - 0.5 cos 30) + 0.5 (20) (0.4)^2",
        "9.81 - 4.5717 + 1.6 = 6.8383 J.",
      } },
  },
  wrap_up = [[
You built models from bodies, points and joints, read Phi, D and gamma,
solved the equations of motion for accelerations and reactions, and
checked a run by its energy. Lesson 8 puts these pieces together the way
the book's DAP_BC program does, with initial-condition correction.

Challenge: give the pinned rod a damper to the ground (a force of type
"spring-damper" with c > 0) and watch the total energy fall.]],
}
