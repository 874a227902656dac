-- Lesson 10: the point-coordinate formulation.
local example = mb.example

return {
  number = 10,
  title = "Point coordinates",
  book = "Nikravesh, Planar Multibody Dynamics, Ch. 10 (Sec. 10.2-10.8)",
  objectives = {
    "place a secondary point from two primary points, and back",
    "replace a body by particles with the same mass, mass centre and inertia",
    "condense those particles onto two points and read the mass matrix",
    "run a mechanism in point coordinates and compare it with the others",
  },
  steps = {
    { title = "Bodies as particles",
      text = [[
In point coordinates a body is a few points that move as particles, at fixed
distances from one another (Sec. 10.2). There is no angle among the
coordinates: a body's orientation is the direction from one of its points
to another. The price: more coordinates, and a length constraint per pair,
1/2 (d'd - L^2) = 0 (Eq. 10.14). The reward: simple constraints and, as
you will see, a constant mass matrix.]] },

    { title = "A point between two points",
      text = [[
Any other point P of a body follows its primary points A and B: with
alpha along the axis A->B and beta across it (Eq. 10.28),
  rP = (1 - alpha/L) rA + (alpha/L) rB + (beta/L) (rB^ - rA^)
where ^ turns a vector by 90 degrees. The book's Example 10.3: the
four-bar's coupler with A = (-0.42, 0.91), B = (2.00, 2.70), L = 3.0.]],
      code = [[
rA, rB, rP = {-0.42, 0.91}, {2.00, 2.70}, {0.07, 2.27}
mb.points.along(rA, rB, rP, 3.0)            -- alpha, beta of the measured P
mb.points.secondary(rA, rB, 1.2, 0.8, 3.0)  -- and P back from alpha, beta]] },

    { title = "Rebuild the coupler point",
      text = [[
With the book's alpha = 1.2 and beta = 0.8 (L = 3.0), what is the x
coordinate of P, in metres?   check(value)]],
      answer = function() return mb.points.secondary({ -0.42, 0.91 }, { 2.00, 2.70 }, 1.2, 0.8, 3.0)[1] end,
      book = { id = "O-10.3", value = 0.0707, note = "rebuilt from alpha and beta; the measured point is 0.07" },
      mistakes = {
        { value = 0.07, say = "0.07 is the measured point; rebuild it from alpha and beta (it comes out a little different)." },
        { value = (1 - 1.2 / 3) * -0.42 + 1.2 / 3 * 2.0, say = "you left out the term across the axis, (beta/L)(rB^ - rA^)." },
      },
      hints = {
        "rB^ - rA^ is (rB - rA) turned by 90 degrees: (-(2.70 - 0.91), 2.00 + 0.42).",
        "x is `0.6 * (-0.42) + 0.4 * 2.00 + (0.8 / 3) * (-1.79)`",
        "About 0.0707 m.",
      } },

    { title = "Mass to particles",
      text = [[
Particles replace a body exactly when they have its mass, its mass centre
and its moment of inertia (Sec. 10.7). Along a rod that is three
conditions, so three particles: at the ends i, j and at the centre o,
  [1 1 1; si sj 0; si^2 sj^2 0] {mi; mj; mo} = {m; 0; J}    (Eq. 10.52)
A uniform rod gets m/6 at each end and 2m/3 at the centre; two particles of
m/2 at the ends would give it J = m L^2 / 4, three times too much.]],
      code = [[
mb.points.masses(1, 1/12, -0.5, 0.5)     -- the uniform rod of length 1
mb.points.masses(2, 0.05, -0.21, 0.21)   -- the book's Example 10.7]] },

    { title = "An end particle",
      text = [[
Example 10.7: a link of 2 kg with J = 0.05 kg m^2, its points 0.21 m on
each side of the mass centre. What mass sits at each end, in kg?
check(value)]],
      answer = function() return mb.points.masses(2, 0.05, -0.21, 0.21)[1] end,
      book = { id = "O-10.7", value = 0.5669 },
      mistakes = {
        { value = 1.0, say = "that is the classical lump, half the mass at each end: its inertia comes out wrong." },
        { value = 2 / 6, say = "m/6 is the uniform rod's share; this link's J is not m L^2 / 12." },
      },
      hints = {
        "With the centre particle at 0: mi = mj, and 2 mi (0.21)^2 = J.",
        "mi is `0.05 / (2 * 0.21^2)`",
        "0.5669 kg at each end, 0.8662 kg at the centre.",
      } },

    { title = "Condensing onto two points",
      text = [[
The centre particle follows the end points, ro = mu_i ri + mu_j rj, so it
can be eliminated (Sec. 10.8): the kinetic energy of the three particles,
written in the two end points' velocities, gives a 2 x 2 pattern (times
the 2 x 2 identity) that is constant. Condensing onto a point that is not
the mass centre can make an entry larger than m and the coupling
negative, as in Example 10.8 (m = 2, J = 0.08, A at -0.2, B at the centre,
C at 0.3 eliminated).]],
      code = [[
mb.points.condense(1, 1/12, -0.5, 0.5)   -- (m/6) [2 1; 1 2], Example 10.6
mb.points.masses(2, 0.08, -0.2, 0.3)     -- A, C and the centre B
mb.points.condense(2, 0.08, -0.2, 0)     -- keep A and B]] },

    { title = "A negative coupling",
      text = [[
In Example 10.8, what is the entry of the condensed mass matrix that
belongs to B alone (row 2, column 2), in kg?   check(value)]],
      answer = function() return mb.points.condense(2, 0.08, -0.2, 0)[2][2] end,
      book = { id = "O-10.8", value = 4.0 },
      mistakes = {
        { value = 2.0, say = "that is A's entry (row 1). Row 2 belongs to B." },
        { value = -2.0, say = "that is the coupling between A and B, off the diagonal." },
        { value = 0.6667, say = "that is B's own particle; condensing adds C's share to it." },
      },
      hints = {
        "mC = 0.5333 kg moves as rC = -1.5 rA + 2.5 rB.",
        "M_BB = mB + mC * 2.5^2",
        "4.0 kg: more than the whole link's mass, as the book warns.",
      } },

    { title = "The workbench's choice",
      text = [[
formulation = "point" gives every body two primary points: P1 at its mass
centre and P2 at its radius of gyration rho = sqrt(J/m) along its x axis.
Condensing onto those two points gives m [2 -1; -1 1] for every body:
constant, as Ch. 10 promises. A torque becomes a couple on P1 and P2
(Sec. 10.6). Each joint keeps its meaning, written through the points.
Look at the pendulum: 4 coordinates, 2 rows for its pin, 1 for its length.]],
      code = [[
pd = mb.example("pendulum")
pc = pd:point_coords()
pc.r
pc.M
pc.D
pc.acc]] },

    { title = "The length row",
      text = [[
The last row of the pendulum's D is its length constraint,
1/2 (d'd - rho^2) with d = P2 - P1. What is its entry for P2's x
coordinate, `pc.D(3, 3)`?   check(value)]],
      answer = function() return example("pendulum"):point_coords().D(3, 3) end,
      mistakes = {
        { value = -math.sqrt(1 / 12), say = "that is P1's entry, -d_x; P2 gets +d_x." },
        { value = 1, say = "the row is d' for P2: its entry is d_x, the x distance from P1 to P2." },
      },
      hints = {
        "The derivative of 1/2 (d'd - rho^2) with respect to P2 is d'.",
        "d = P2 - P1 = (rho, 0) at the start, rho = sqrt(J/m) with m = 2, J = 2/12.",
        "rho = 0.2887 m.",
      } },

    { title = "Four formulations, one model",
      text = [[
The same four-bar in body, joint and point coordinates and through
free-body diagrams. Compare the state sizes and the work per step in the
table; the motions agree.]],
      code = [[
fb = mb.example("four_bar")
c = mb.compare(fb, {"body", "joint", "point", "fbd"},
  { tf = 2, dt = 0.01 })]] },

    { title = "Counting rows",
      text = [[
How many constraint rows does the four-bar have in point coordinates?
(It has 3 bodies and 4 pins.)   check(value)]],
      answer = function() return #example("four_bar"):point_coords().phi end,
      tol = 0,
      mistakes = {
        { value = 8, say = "8 are the pins' rows, as in body coordinates; each body adds its length row." },
        { value = 12, say = "12 is the number of coordinates (4 per body); count the rows." },
      },
      hints = {
        "Two rows per pin, one length row per body.",
        "4 x 2 + 3",
        "11 rows for 12 coordinates: 1 degree of freedom.",
      } },
  },
  wrap_up = [[
You placed points from other points, replaced bodies by particles with the
right inertia, condensed them to a constant mass matrix, and ran a
mechanism with no angle among its coordinates. Lesson 11 lets bodies
collide.

Challenge: run the four-bar in point coordinates with RK4 at h = 0.01 s for
10 s, with and without stabilization = "partitioning". Where does the
violation go?]],
}
