-- SPDX-License-Identifier: GPL-3.0-or-later
-- Lesson 10: the point-coordinate formulation.
local example = mb.example

-- gamma of the four-bar coupler's length row, derived by hand: checked as
-- a function of the points' rates against the program's (m:equations)
local coupler_gamma = mb.lesson.derived { model = function() return example("four_bar") end,
  formulation = "point", entry = { "gamma", 2 }, args = { "dx_A", "dy_A", "dx_B", "dy_B" },
  params = { "dxA", "dyA", "dxB", "dyB" }, spread = 0.05 }

return {
  number = 10,
  title = "Point coordinates",
  book = "Nikravesh, Planar Multibody Dynamics, Ch. 10 (Sec. 10.2-10.8); Attia, KSME Int. J. 17(12), 2003",
  objectives = {
    "place a secondary point from two primary points, and back",
    "replace a body by particles with the same mass, mass centre and inertia",
    "condense those particles onto two points and read the mass matrix",
    "read the points the workbench chooses and each joint's constraint types",
    "explain Attia's recursive point coordinates and run them side by side",
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
four-bar's coupler with A = (-0.42, 0.91), B = (2.00, 2.70), L = 3.0.
Its alpha and beta (Eqs. 10.30-10.31) are (rB - rA)'(rP - rA)/L and
(rB - rA)^'(rP - rA)/L: 1.2067 and 0.8047, printed rounded to 1.2 and
0.8. The example misprints both with (rB - rA) as the second factor
too, which gives 3.02 and 0 whatever P is.]],
      code = [[
rA, rB, rP = {-0.42, 0.91}, {2.00, 2.70}, {0.07, 2.27}
mb.points.along(rA, rB, rP, 3.0)            -- alpha, beta of the measured P
mb.points.secondary(rA, rB, 1.5, 0, 3.0)  -- alpha = L/2, beta = 0]] },

    { title = "Rebuild the coupler point",
      text = [[
With the book's alpha = 1.2 and beta = 0.8 (L = 3.0), what is the x
coordinate of P, in metres?   check(value)]],
      answer = function() return mb.points.secondary({ -0.42, 0.91 }, { 2.00, 2.70 }, 1.2, 0.8, 3.0)[1] end,
      book = { id = "O-10.3", value = 0.0707, note = "rebuilt from alpha and beta; the measured point is 0.07" },
      mistakes = {
        { value = 0.07, say = "0.07 is the measured point; rebuild it from alpha and beta (it comes out a little different)." },
        { value = (1 - 1.2 / 3) * -0.42 + 1.2 / 3 * 2.0, say = "you left out the term across the axis, (beta/L)(rB^ - rA^)." },
        { value = 2.0163, say = "that is P rebuilt from alpha = 3.02 and beta = 0, the example's misprinted formulas: they measure B, not P. Use 1.2 and 0.8." },
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
mb.points.masses(1, 1/12, -0.5, 0.5)     -- the uniform rod of length 1]] },

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

    { title = "Choosing the points",
      text = [[
formulation = "point" picks the primary points by the book's rules of
thumb (Sec. 10.2): one point at every pin, shared by the bodies it joins
(a pin then costs no constraint); a pin on the ground is a stationary
point (no coordinates); two points on a sliding axis; and where a body
still has fewer than two, its mass centre G and a gyration point rho =
sqrt(J/m) along its x axis. Each body's mass sits on its points exactly
(Sec. 10.8), so M is constant. The pendulum: one moving point, G.]],
      code = [[
pd = mb.example("pendulum")
pc = pd:point_coords()
print(pc)
pc.M
free = mb.model{ name = "free rod" }
free:body{ name = "rod", mass = 2, inertia = 2/12 }]] },

    { title = "Two particles for a rod",
      text = [[
The free rod (m = 2 kg, L = 1 m, J = m L^2/12) has no pin, so it gets its
mass centre and a gyration point (`print(free:point_coords())` lists them:
look after you answer). How far from G is the gyration point, in metres?
check(value)]],
      answer = function()
        local free = mb.model{ name = "free rod" }
        free:body{ name = "rod", mass = 2, inertia = 2 / 12 }
        local r = free:point_coords().r
        return math.sqrt((r[3] - r[1]) ^ 2 + (r[4] - r[2]) ^ 2)
      end,
      mistakes = {
        { value = 0.5, say = "0.5 m is half the rod; the gyration point is at rho = sqrt(J/m)." },
        { value = 1 / math.sqrt(3), say = "that is 2 rho: two particles of m/2 at +-rho are L/sqrt(3) apart (Problem 10.15)." },
        { value = 1 / 12, say = "that is J/m, rho squared: take its square root." },
      },
      hints = {
        "rho = sqrt(J/m), the radius of gyration.",
        "`math.sqrt((2/12) / 2)`",
        "rho = 0.2887 m: two particles of m/2 at +-rho have the rod's J.",
      } },

    { title = "Joints in points",
      text = [[
Each joint becomes the constraint types of Sec. 10.3 on the points:
  length    1/2 (d'd - L^2) = 0          (Eq. 10.14)
  normal    d(i,j)' d(i,k) = 0           (Eq. 10.17)
  parallel  d(i,j)^' d(k,l) = 0          (Eqs. 10.20, 10.22)
  angle     d(i,j)' d(k,j) - L L cos(theta) = 0  (Eq. 10.21)
  simple    x(i) - c = 0                 (Eq. 10.23)
A body with two points needs one length row; a pin, none. The slider-crank
turns its guide into a simple row on the wrist; the inverted slider-crank's
slide is parallel rows (Example 10.2).]],
      code = [[
print(mb.example("slider_crank"):point_coords())
print(mb.example("inverted_slider_crank"):point_coords())]] },

    { title = "Counting rows",
      text = [[
The four-bar has 3 bodies and 4 pins; two of the pins are on the ground.
How many constraints does it have in point coordinates?   check(value)]],
      answer = function() return #example("four_bar"):point_coords().phi end,
      tol = 0,
      mistakes = {
        { value = 11, say = "11 would be 2 rows per pin and a length per body: here the pins cost nothing." },
        { value = 8, say = "8 are the pins' rows in body coordinates; shared points need none." },
        { value = 4, say = "4 is the number of coordinates (A and B move); count the rows." },
      },
      hints = {
        "Pins are shared points; the two on the ground are stationary.",
        "Moving points A and B: 4 coordinates. Each body needs its length.",
        "3 length rows for 4 coordinates: 1 degree of freedom. `#mb.example('four_bar'):point_coords().phi`",
      } },

    { title = "A row's gamma by hand",
      text = [[
The coupler keeps A and B 0.35 m apart: Phi2 = 1/2 d'd - 1/2 L^2 with
d = r_A - r_B (Eq. 10.14). Differentiate it twice with the points'
accelerations zero and change the sign: gamma2. Write it as a function of
the points' velocities,
    f = function(dxA, dyA, dxB, dyB) return ... end
and give the function: check(f). It is tried at 20 states.]],
      answer = coupler_gamma.answer, at = coupler_gamma.at, at_args = coupler_gamma.at_args,
      components = coupler_gamma.components,
      mistakes = {
        { value = function(dxA, dyA, dxB, dyB) return -0.5 * ((dxA - dxB) ^ 2 + (dyA - dyB) ^ 2) end,
          say = "the 1/2 goes at the first derivative: d/dt of 1/2 d'd is d'd', no half left." },
        { value = function(dxA, dyA) return -(dxA ^ 2 + dyA ^ 2) end,
          say = "d' is the difference of the two points' velocities, B moves too." },
      },
      hints = {
        "Phi2' = d'd', with d' = r_A' - r_B'.",
        "Phi2'' = d''d + d'd' = d'd' when the accelerations are zero; gamma2 = -d'd'.",
        "`function(dxA, dyA, dxB, dyB) return -((dxA - dxB)^2 + (dyA - dyB)^2) end`",
      } },

    { title = "The rows and M as formulas",
      text = [[
The four-bar in point coordinates, derived: the length rows in the
points' x and y (A and B move, O2 and O4 stand still), their D and gamma,
and the constant mass matrix from the distributed masses (Secs. 10.7-10.9):
each body's m/4 on its two points and J/L^2 on their difference. Your
gamma2 is there.]],
      code = [[
mb.example("four_bar"):equations{ formulation = "point" }]] },

    { title = "The recursive idea",
      text = [[
Attia's recursive point coordinates (KSME Int. J. 17, 2003) go further.
Each body is particles with its mass, mass centre and inertia; adjacent
bodies' particles coincide at the pins, so an open chain has no joint
rows at all. The motion comes from each body's linear and angular
momentum, from the tip of a chain towards its base: a body's own
particles follow its base particle's acceleration, so one pass solves
the chain, in time linear in its length. A loop is cut at a pin: the cut
joint's two rows and their reactions close it again.]],
      code = [[
fb = mb.example("four_bar")
print(fb:point_coords{ formulation = "point-recursive" })]] },

    { title = "Attia's platform",
      text = [[
His example: a platform held by three chains of two links, two loops.
Cut at one chain's foot and at another's head (his tree, which the example
returns beside the model), two serial branches remain, and one linear
system gives the accelerations of the moving particles and the reactions
at the cuts. The listing ends with its size; `p.A` and `p.b` are the
system itself.]],
      code = [[
pl, attia = mb.example("platform")
p = pl:point_coords{ formulation = "point-recursive", tree = attia }
print(p)]] },

    { title = "Fewer unknowns",
      text = [[
Attia's system has 20 unknowns: 16 particle accelerations and 4 cut
reactions. The same platform in body coordinates solves Eq. 7.56 for
every body's accelerations and every joint's multipliers at once. How
many unknowns is that?   check(value)]],
      answer = function()
        local p = example("platform"):pieces{}
        return #p.acc + #p.lambda
      end,
      tol = 0,
      mistakes = {
        { value = 21, say = "21 are the accelerations (3 per body); the 9 pins add their multipliers." },
        { value = 18, say = "18 are the 9 pins' multipliers; add the 7 bodies' accelerations." },
        { value = 20, say = "20 is Attia's system; count the body-coordinate one." },
      },
      hints = {
        "7 bodies, 9 pins; each pin has two rows, so two multipliers.",
        "3 x 7 + 2 x 9",
        "39, as Attia counts it: nearly twice the recursive system.",
      } },

    { title = "Five formulations, one model",
      text = [[
The same four-bar in body, joint, point and recursive point coordinates,
and through free-body diagrams. The table gives each state size (the
integrator's coordinates and rates) and the effort it took; the motions
agree. On a long chain an evaluation's cost grows about linearly with the
links in four of them: body coordinates solve through the joints' tree
from 32 rows on, point coordinates factor their system sparse from 12
rows, joint coordinates use the articulated-body algorithm, the recursive
formulation goes link by link. Free-body diagrams factor their whole
square system densely (make bench, in a shell, fits the exponents).]],
      code = [[
fb = mb.example("four_bar")
five = {"body", "joint", "point", "point-recursive", "fbd"}
c = mb.compare(fb, five, { tf = 2, dt = 0.01 })]] },
  },
  wrap_up = [[
You placed points from other points, replaced bodies by particles with the
right inertia, condensed them to a constant mass matrix, read how each
joint becomes length, parallel or simple rows on shared points, and ran
Attia's recursive formulation, which needs no rows for an open chain.
Lesson 11 lets bodies collide.
The chapter's problems derive rows, masses and whole models in points:
problems(10), problem("10.4").

Challenge: run the four-bar in point coordinates with RK4 at h = 0.01 s for
10 s, with and without stabilization = "partitioning". Where does the
violation go, and why does the run without it stop near t = 6 s?]],
}
