-- SPDX-License-Identifier: GPL-3.0-or-later
-- Lesson 5: vector loops, the classical kinematics of mechanisms.
local example = mb.example
local book51 = { L1 = 0.12, L2 = 0.26, theta = 65 }
local function with(extra)
  local d = {}
  for k, v in pairs(book51) do d[k] = v end
  for k, v in pairs(extra or {}) do d[k] = v end
  return d
end
local function vector_run(m, tf) return m:kinematics{ formulation = "vector", tf = tf or 0.1, dt = 0.01 } end

return {
  number = 5,
  title = "Vector loops: kinematics as sums of vectors",
  book = "Nikravesh, Planar Multibody Dynamics, Ch. 5 (Sec. 5.1-5.3)",
  objectives = {
    "write a closed chain as a loop of vectors and name its vector coordinates",
    "solve a slider-crank's loop by hand, then by Newton-Raphson, in both assemblies",
    "find velocities and accelerations from the differentiated loop",
    "follow a coupler point round its curve",
    "see where a linkage that is not Grashof stops, and why",
  },
  steps = {
    { title = "Closing the loop",
      text = [[
A mechanism is a closed chain: leave the ground, walk through its links
and joints, and you come back to where you started. Lay a vector along
each piece of the walk and their sum is zero: a vector loop (Sec. 5.1).
A vector can be fixed (an offset on the ground), turn with a link (fixed
length, variable angle), slide (variable length) or do both (Sec. 5.1.2).
The variable lengths and angles are the vector coordinates, theta1,
theta2, ...; each loop gives two equations among them, its x and y rows.]] },

    { title = "The loops of a model",
      text = [[
`sc:loops()` walks a model's joints: a tree from the ground, and a loop for
each joint the tree leaves out (joints - bodies + 1, the ground counted).
Here is the slider-crank of Example 5.1, crank 0.12 m and rod 0.26 m, with
its crank at 30 degrees (the exercises take the book's 65). Compare its
loop with Eq. 5.14.]],
      code = [[
sc30 = mb.example("slider_crank", 1.6, { L1 = 0.12, L2 = 0.26, theta = 30 })
L = sc30:loops()
L
L[1].equation]] },

    { title = "theta2 by hand",
      text = [[
The loop's y row, 0.12 sin(theta1) + 0.26 sin(theta2) = 0, has one
unknown. With theta1 = 65 degrees, what is the rod's angle theta2, in
radians, on the branch between -90 and 90 degrees?   check(theta2)]],
      answer = function() return math.asin(-0.12 * math.sin(math.rad(65)) / 0.26) end,
      book = { id = "O-5.1", value = -0.4316 },
      mistakes = {
        { value = math.pi - math.asin(-0.12 * math.sin(math.rad(65)) / 0.26),
          say = "that is the other assembly's theta2 (Fig. 5.9); take the branch between -90 and 90 degrees." },
      },
      hints = {
        "Solve the y row for sin(theta2), then take the arcsine.",
        "`math.asin(-0.12 * math.sin(math.rad(65)) / 0.26)`",
        "theta2 = -0.4316 rad, which is -24.73 degrees.",
      } },

    { title = "The slider by hand",
      text = [[
The x row then gives the slider's distance from O:
theta3 = 0.12 cos(theta1) + 0.26 cos(theta2). Where is the slider, in
metres?   check(theta3)]],
      answer = function()
        local th2 = math.asin(-0.12 * math.sin(math.rad(65)) / 0.26)
        return 0.12 * math.cos(math.rad(65)) + 0.26 * math.cos(th2)
      end,
      book = { id = "O-5.1", value = 0.2869 },
      mistakes = {
        { value = 0.12 * math.cos(65) + 0.26 * math.cos(-0.431568),
          say = "`math.cos(65)` takes radians: use `math.cos(math.rad(65))`." },
      },
      hints = {
        "Use theta2 from the last step.",
        "`0.12 * math.cos(math.rad(65)) + 0.26 * math.cos(-0.431568)`",
        "theta3 = 0.2869 m.",
      } },

    { title = "Newton-Raphson on the loop",
      text = [[
`sc:kinematics{ formulation = "vector" }` solves the loop equations by
Newton-Raphson at each time (lesson 12), then the velocities and the
accelerations from the differentiated loop. trace = true keeps the steps of
the first solve; the rod is knocked off on purpose, so watch the residual
square at each step. Then the same motion beside body coordinates: the
loop needs 3 coordinates, body coordinates 9 (the table's states count
their rates too: 6 and 18).]],
      code = [[
sc = mb.example("slider_crank", 1.6, { L1 = 0.12, L2 = 0.26, theta = 65 })
sc.bodies.rod.angle = -0.8
k = sc:kinematics{ formulation = "vector", tf = 4, trace = true }
for i, s in ipairs(k.trace) do print(i, s.residual) end
k:body("slider").x[1]
c = mb.compare(sc, {"body", "vector"}, { tf = 4, dt = 0.02 })]] },

    { title = "Two assemblies",
      text = [[
The same crank angle fits a second slider-crank with the same links, the
slider on the far side (Fig. 5.9). Newton-Raphson finds the assembly
nearest its start: this model starts near the second. The frames show
both (each drawn to fit its own frame).]],
      code = [[
sc2 = mb.example("slider_crank", 1.6,
  { L1 = 0.12, L2 = 0.26, theta = 65, assembly = 2 })
k2 = sc2:kinematics{ formulation = "vector", tf = 0.5 }
k:frame(0, { height = 8 })
k2:frame(0, { height = 8 })]] },

    { title = "The other assembly",
      text = [[
Where is the second assembly's slider, theta3, in metres?   check(theta3)]],
      answer = function() return vector_run(example("slider_crank", 1.6, with { assembly = 2 })):body("slider").x[1] end,
      book = { id = "O-5.1", value = -0.185447, note = "the book prints 0.185, the distance without its sign" },
      mistakes = {
        { value = 0.185447, say = "the book prints 0.185, the distance; theta3 runs along +x from O, and this slider is left of O." },
      },
      hints = {
        "Read the slider's x at t = 0 in the last step's run.",
        "`k2:body('slider').x[1]`",
        "theta3 = -0.1854 m: the book prints 0.185, leaving out the sign.",
      } },

    { title = "Velocities and accelerations",
      text = [[
Differentiate the loop and each turning vector gives its length times
its unit vector turned by 90 degrees, times its angle's rate: for the
slider-crank [0.26 rot(u2), -u_x] {theta2', theta3'} = -0.12 rot(u1) theta1'
(Eq. 5.16). The matrix is the loop's Jacobian; once more and the squares
of the rates join (Eq. 5.18), with 2 r' theta' (Coriolis) for a vector
that slides and turns at once (Eq. 5.5). Here they are at the book's
solution, y = {angles, rates}; D's third row is the driver, theta1.
Solving D with the right sides v gives the rates; with gamma, the
accelerations, which the next exercise asks for.]],
      code = [[
p = sc:pieces{ formulation = "vector",
  y = { math.rad(65), -0.4316, 0.2869, 1.6, -0.3436, -0.2114 } }
p.D
p.gamma
mb.mat.solve(p.D, p.vrhs)]] },

    { title = "The rod's angular acceleration",
      text = [[
The crank turns steadily at 1.6 rad/s (theta1'' = 0). In the first
assembly, what is the rod's angular acceleration theta2'', in rad/s^2, at
65 degrees?   check(value)]],
      answer = function() return vector_run(example("slider_crank", 1.6, with())):body("rod").alpha[1] end,
      book = { id = "O-5.1", value = 1.1246 },
      mistakes = {
        { value = -0.343591, say = "that is theta2', the rate; the acceleration is alpha." },
      },
      hints = {
        "`mb.mat.solve(p.D, p.gamma)[2]`, or `k:body('rod').alpha[1]` from the run of the first assembly.",
        "The loop, differentiated twice, is Eq. 5.18.",
        "theta2'' = 1.1246 rad/s^2.",
      } },

    { title = "A number the book gets wrong",
      text = [[
In the second assembly, how fast does the slider move at the start,
theta3' in m/s?   check(value)]],
      answer = function() return vector_run(example("slider_crank", 1.6, with { assembly = 2 })):body("slider").vx[1] end,
      book = { id = "O-5.1", value = -0.136643, note = "the book prints -0.2114, assembly 1's value again" },
      mistakes = {
        { value = -0.2114, say = "that is what the book prints, but it repeats assembly 1's value: solve Eq. 5.16 with the second assembly's angles." },
      },
      hints = {
        "`k2:body('slider').vx[1]`",
        "The book's -0.2114 is assembly 1's; checking numbers pays.",
        "theta3' = -0.1366 m/s.",
      } },

    { title = "A four-bar, and a guess",
      text = [[
A four-bar's loop has no formula for its angles (Eq. 5.20): Newton-Raphson
starts from a guess, and the guess picks the assembly. Example 5.2 starts
from (0.5, 1.3) rad, and from (4.0, 4.0); from there an undamped
Newton-Raphson runs away, so start at (4.0, 3.9). The two frames show the
two assemblies.]],
      code = [[
fb = mb.example("four_bar_ch5")
fb:loops()
k1 = fb:kinematics{ formulation = "vector", tf = 0.5, dt = 0.01 }
fb2 = mb.example("four_bar_ch5", { guess = {4.0, 3.9} })
k2 = fb2:kinematics{ formulation = "vector", tf = 0.5, dt = 0.01 }
k1:frame(0, { height = 10 })
k2:frame(0, { height = 10 })]] },

    { title = "The coupler's angle",
      text = [[
From the guess (0.5, 1.3), what is the coupler's angle theta2 at the
start, in radians?   check(value)]],
      answer = function() return vector_run(example("four_bar_ch5")):body("coupler").angle[1] end,
      book = { id = "O-5.2", value = 0.2721 },
      mistakes = {
        { value = 0.758631, say = "that is theta3, the rocker's angle." },
      },
      hints = {
        "`k1:body('coupler').angle[1]`",
        "The book finds 15.6 degrees.",
        "theta2 = 0.2721 rad.",
      } },

    { title = "The second assembly",
      text = [[
From (4.0, 3.9), what is the rocker's angle theta3, in degrees between 0
and 360?   check(value)]],
      answer = function()
        return math.deg(vector_run(example("four_bar_ch5", { guess = { 4.0, 3.9 } })):body("rocker").angle[1]) % 360
      end,
      book = { id = "O-5.2", value = 259.184 },
      mistakes = {
        { value = 287.058, say = "that is theta2, the coupler's angle." },
      },
      hints = {
        "`math.deg(k2:body('rocker').angle[1]) % 360`: Newton-Raphson went round more than once, and an angle is the same after 360 degrees.",
        "The book gives 4.5 rad.",
        "theta3 = 259.18 degrees.",
      } },

    { title = "The coupler point",
      text = [[
P2 is fixed on the coupler 0.2 m from A, at 30 degrees to its axis
(Eqs. 5.25-5.28). `fb:loops().points.P2` writes its position as a sum of
vectors (Eq. 5.26), and `k1:path('P2')` follows it. Where is it at the
start?   check({x, y})]],
      answer = function()
        local p = vector_run(example("four_bar_ch5")):path("P2")
        return { p.x[1], p.y[1] }
      end,
      components = { "x", "y" },
      book = { id = "O-5.2", value = { 0.2107, 0.2136 } },
      mistakes = {
        { value = { 0.1, 0 }, say = "that is a point of the crank; P2 is on the coupler." },
      },
      hints = {
        "r^P = 0.1 u(theta1) + 0.2 u(theta2 + 30 degrees).",
        "`k1:path('P2').x[1]`, and the same with y.",
        "{0.2107, 0.2136}",
      } },

    { title = "A coupler curve",
      text = [[
Turn the crank once at constant speed and follow P2: its path is the
coupler curve (Problem 5.8). This four-bar is Grashof, so its shortest
link, the crank, turns all the way round. Move P2 to 15 degrees and the
curve changes shape: the last plot puts the two curves together.]],
      code = [[
fc = mb.example("four_bar_ch5", { omega = 2 * math.pi })
kc = fc:kinematics{ formulation = "vector", tf = 1, dt = 0.01 }
kc:plot("P2.path")
f15 = mb.example("four_bar_ch5", { omega = 2 * math.pi, beta = 15 })
k15 = f15:kinematics{ formulation = "vector", tf = 1, dt = 0.01 }
a, b = kc:path("P2"), k15:path("P2")
mb.plot{ title = "coupler curves", xlabel = "x [m]", ylabel = "y [m]",
  series = { { x = a.x, y = a.y, label = "P2 at 30 deg" },
             { x = b.x, y = b.y, label = "P2 at 15 deg" } } }]] },

    { title = "Where a loop cannot close",
      text = [[
Grashof: when the shortest and the longest links together are longer than
the other two, no link turns all the way round (Sec. 5.3.5). Make the crank
0.3 m: 0.2 + 0.3 > 0.25 + 0.22. Driven round, the run stops where the loop
cannot close and says which loop and at what angle. `ng.last` keeps the
samples up to there: then type `ng.last:plot("rocker.angle")`.]],
      code = [[
ng = mb.example("four_bar_ch5",
  { L = {0.3, 0.25, 0.22}, omega = 2 * math.pi, guess = {-0.65, 0.28} })
ng:kinematics{ formulation = "vector", tf = 1 }]],
      raises = "loop 1 (O, A, B, Q) cannot close" },

    { title = "The end of the range",
      text = [[
At the limit the coupler and the rocker lie in one line: A is 0.25 + 0.22
= 0.47 m from Q. In the triangle O, A, Q (OA = 0.3, OQ = 0.2), at what
crank angle is that, in degrees?   check(value)]],
      answer = function() return math.deg(math.acos((0.2 ^ 2 + 0.3 ^ 2 - 0.47 ^ 2) / (2 * 0.2 * 0.3))) end,
      mistakes = {
        { value = 180 - math.deg(math.acos((0.2 ^ 2 + 0.3 ^ 2 - 0.47 ^ 2) / (2 * 0.2 * 0.3))),
          say = "that is its supplement: at the limit the crank points away from Q." },
      },
      hints = {
        "The law of cosines: 0.47^2 = 0.2^2 + 0.3^2 - 2 (0.2)(0.3) cos(theta1).",
        "`math.deg(math.acos((0.2^2 + 0.3^2 - 0.47^2) / (2 * 0.2 * 0.3)))`",
        "139.24 degrees: the run stops just past it.",
      } },
  },
  wrap_up = [[
You wrote loops as sums of vectors, solved a slider-crank by hand and by
Newton-Raphson in both assemblies, caught a number the book repeats by
mistake, followed a coupler point round its curve and met a linkage's
limit. Lesson 6 asks what forces that motion takes, body by body.

Challenge: the six-bar quick-return of Sec. 5.3.3 has two loops that share
one angle: `qr = mb.example("quick_return")`, then `qr:loops()`. Which
vector coordinate do they share, and why does it make the loops easy to
solve one after the other?]],
}
