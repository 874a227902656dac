-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.reference: one entry for every public function and method,
-- the single table behind help(f), help "name" and the check of the man
-- page (tests/lua/test_help.lua).
--
-- An entry:
--   name      how a user writes it: "mb.compare", "m:simulate", "r:body",
--             "c:table", "A:inv", "next"
--   sig       one line: how it is called
--   text      what it does, in a few lines of at most 78 columns
--   man       the section of man/mechbench.7 whose item documents it
--   aliases   other names of the same function ("mb.vec.perp")
--   topic     for a namespace that is also callable (mb.vec, mb.mat): the
--             help topic that describes it
--   internal  instead of man: why it is not documented for users
--
-- The name says where the function value is, so help(f) can map a value
-- back to its entry (see M.value):
--   "mb.a.b"   a path from the module mb
--   "m:name"   a method of a model: the Model metatable (mechbench.model)
--   "r:name"   a method of a result: the Result metatable (mechbench.result)
--   "c:name"   a method of a comparison: mechbench.compare's Comparison
--   "eq:name"  a method of m:equations' result: mechbench.equations_view's
--              Equations
--   "A:name"   a method of a matrix: a matrix's methods are mb.mat's
--              functions (A:inv() is mb.mat.inv(A))
--   "name"     a global the lesson machinery installs (next, check, ...)
local M = {}

-- the sections of man/mechbench.7
local LESSONS, VEC, MAT = "LESSON COMMANDS", "PLANAR VECTORS (mb.vec)", "MATRICES (mb.mat)"
local MODELS, ANALYSES, RESULTS = "MODELS", "ANALYSES", "RESULTS"
local PICTURES, OTHER = "PICTURES", "OTHER FIELDS"
local PROBLEMS = "PROBLEMS"

M.entries = {
  ------------------------------------------------------------ lesson commands
  { name = "help", aliases = { "mb.help" }, man = LESSONS,
    sig = 'help, help "topic", help "name", help(f)',
    text = [[
The overview; a topic page; one function by its name ("m:simulate",
"simulate", "r:plot", "mb.compare", "next"); or one function by its value:
help(mb.compare), help(m.simulate). help(m), help(r) and help(c) list the
methods of a model, a result and a comparison. A name that is not known
gets the nearest one that is.]] },
  { name = "lessons", aliases = { "mb.lesson.lessons" }, man = LESSONS,
    sig = "lessons()",
    text = [[
Lists the lessons, one per chapter of the book, with how far you got in
each.]] },
  { name = "lesson", aliases = { "mb.lesson.vars" }, man = LESSONS,
    sig = "lesson(n [, step])",
    text = [[
Opens lesson n at the step where you left it, or at the step given.
lesson.NAME is a variable that run() made for the lesson: lesson.m is the
lesson's model, which m at the prompt also reads unless you made your own.
What a step uses of earlier steps this session has not run is made again
quietly, and said; another lesson's variables are left behind.]] },
  { name = "next", man = LESSONS,
    sig = "next()",
    text = [[
Moves on to the next step of the open lesson. Leaving an exercise unsolved
is allowed, and said. With arguments it is Lua's own next(t, k), so loops
over tables keep working.]] },
  { name = "back", aliases = { "mb.lesson.back" }, man = LESSONS,
    sig = "back()",
    text = "Goes back one step in the open lesson." },
  { name = "show", aliases = { "mb.lesson.show" }, man = LESSONS,
    sig = "show()",
    text = "Shows the current step of the open lesson again." },
  { name = "run", aliases = { "mb.lesson.run" }, man = LESSONS,
    sig = "run()",
    text = [[
Runs the code of a "try" step line by line, as if you had typed it. What
it makes belongs to the lesson (lesson.m); it never overwrites a variable
of yours, and says so when a name is taken.]] },
  { name = "hint", aliases = { "mb.lesson.hint" }, man = LESSONS,
    sig = "hint()",
    text = [[
A hint for the current exercise; each call gives a stronger one, the last
being the worked answer.]] },
  { name = "check", aliases = { "mb.lesson.check" }, man = LESSONS,
    sig = "check(answer)",
    text = [[
Grades your answer to the current exercise: a number, a vector or a
matrix. Each number passes within 0.1 per cent, so four significant digits
are enough. A known slip (degrees for radians, a sign, a swapped pair) is
named; a near miss says how near. A formula you derived is given as a Lua
function of the coordinates, check(function(x, y, phi) return ... end),
and checked at 20 states against the program's.]] },
  { name = "mb.lesson.selftest", man = LESSONS,
    sig = "passed, failed, problems = mb.lesson.selftest(n)",
    text = [[
For whoever writes a lesson: works lesson n (or a lesson table) through
with no student. It runs every step's code and checks that each exercise
accepts its own answer, refuses a wrong one, names each listed mistake and
has hints whose numbers pass; the code in backquotes that its hints and
remarks give to type must run after the steps before it.]] },
  -- The lesson engine's own functions: reached through the commands above.
  { name = "mb.lesson.available", sig = "mb.lesson.available()",
    internal = "the lesson files found; lessons() shows them to students" },
  { name = "mb.lesson.load", sig = "mb.lesson.load(n)",
    internal = "reads a lesson file into its table, for lesson(n) and the tests" },
  { name = "mb.lesson.open", sig = "mb.lesson.open(n [, step])",
    internal = "what lesson(n) calls" },
  { name = "mb.lesson.next_step", sig = "mb.lesson.next_step()",
    internal = "what next() calls when it is given no arguments" },
  { name = "mb.lesson.grade", sig = "ok, message = mb.lesson.grade(step, x)",
    internal = "the grading rule behind check(), which the tests call on a step" },
  { name = "mb.lesson.compare", sig = "mb.lesson.compare(step, got, want)",
    internal = "the number-by-number comparison that grade() uses" },
  { name = "mb.lesson.map", sig = "mb.lesson.map(value, f)",
    internal = "f applied to every number of an answer, for grade() and the tests" },
  { name = "mb.lesson.snippets", sig = "mb.lesson.snippets(text)",
    internal = "the pieces of code in backquotes in a lesson's text, for the self-test and the tests" },
  { name = "mb.lesson.derived", sig = "pieces = mb.lesson.derived{ model, formulation, entry, args, params }",
    internal = "for lesson files: an exercise whose answer is a formula, checked as a function at fixed states" },
  { name = "mb.lesson.where", sig = "mb.lesson.where()",
    internal = 'the prompt\'s "2.3" while a lesson is open' },
  { name = "mb.lesson.install_globals", sig = "mb.lesson.install_globals(G)",
    internal = "puts the lesson commands into the globals at start-up" },

  { name = "mb.lesson.focus", sig = "mb.lesson.focus(f)",
    internal = "makes hint() call f (a problem's hints) until a lesson opens" },
  { name = "mb.lesson.wrap", sig = "mb.lesson.wrap(text, width [, first, rest])",
    internal = "the lessons' word wrap, shared with the problems' sheets" },

  ------------------------------------------------------------ problems
  { name = "problems", aliases = { "mb.problems" }, man = PROBLEMS,
    sig = "problems() or problems(n)",
    text = [[
The book's end-of-chapter problems: the chapters and how many each has; or
chapter n's problems, one line each. Returns them as a table too: { chapter,
title, count } each, or { number, asks, answers, written } each.]] },
  { name = "problem", aliases = { "mb.problem" }, man = PROBLEMS,
    sig = 'p = problem("2.2" [, { seed = "jdoe" }])',
    text = [[
A problem, printed at the prompt: the data with units, what to find, what
to build. With a seed, data varied for that student (the same seed always
gives the same data); without, the book's (or --seed's). p.number,
p.chapter, p.title, p.seed, p.data (angles in radians), p.asks = { { name,
what, unit }, ... }.]] },
  { name = "p:check", man = PROBLEMS,
    sig = "v = p:check{ name = value, ... }",
    text = [[
Judges your answers by name: right, how near, or the slip (a wrong sign,
degrees for radians, a transpose, the other assembly, a misprint). Numbers,
vectors, matrices, series, or functions (checked at test states). Returns
v.ok, v.right, v.total and v.answers[name] = { ok, say }.]] },
  { name = "p:hint", man = PROBLEMS,
    sig = "p:hint()",
    text = [[
The problem's next hint, stronger each time; hint() does the same for the
problem opened last.]] },
  { name = "p:model", man = PROBLEMS,
    sig = "m = p:model()",
    text = [[
The problem's mechanism built from p.data, where it has one: a new model
each call.]] },
  { name = "p:answers", man = PROBLEMS,
    sig = "p:answers()",
    text = [[
For instructors: the reference answers computed from p.data by the
chapter's method, and model_answer, the model answer of a written part.
Refused under --sandbox.]] },
  { name = "p:show", man = PROBLEMS,
    sig = "p:show()",
    text = "Prints the problem's sheet again (problem() prints it at the prompt)." },
  { name = "p:sheet", man = PROBLEMS,
    sig = 'p:sheet() or p:sheet{ file = "sheet.pdf" }',
    text = [[
The sheet as text, as p:show() and --problem print it; with file, written
as a PDF of A4 pages (as --problem N --sheet FILE.pdf): the statement, the
mechanism drawn where the problem has one, the data, what to hand in, the
seed on every page. Refused under --sandbox.]] },

  ------------------------------------------------------------ planar vectors
  { name = "mb.vec", topic = "vec", man = VEC,
    sig = "mb.vec(x, y) or mb.vec{x, y}",
    text = [[
A planar vector; + - and * by a number work on it. help "vec" lists the
vector functions.]] },
  { name = "mb.vec.new", man = VEC,
    sig = "mb.vec.new(x, y)",
    text = "The same as mb.vec(x, y)." },
  { name = "mb.vec.add", man = VEC,
    sig = "mb.vec.add(a, b)",
    text = "a + b, for plain tables {x, y} as well." },
  { name = "mb.vec.sub", man = VEC,
    sig = "mb.vec.sub(a, b)",
    text = "a - b, for plain tables {x, y} as well." },
  { name = "mb.vec.scale", man = VEC,
    sig = "mb.vec.scale(k, a)",
    text = "k times a; the number may come first or second." },
  { name = "mb.vec.rot", aliases = { "mb.vec.perp" }, man = VEC,
    sig = "mb.vec.rot(a)",
    text = "a turned +90 degrees, {-a_y, a_x} (Eq. 2.12). mb.vec.perp is the same." },
  { name = "mb.vec.dot", man = VEC,
    sig = "mb.vec.dot(a, b)",
    text = "The scalar product a'b = a_x b_x + a_y b_y (Eq. 2.8)." },
  { name = "mb.vec.cross", man = VEC,
    sig = "mb.vec.cross(a, b)",
    text = [[
rot(a)'b = a_x b_y - a_y b_x, the planar cross product; positive when b
is counter-clockwise from a (Eq. 2.14).]] },
  { name = "mb.vec.norm", man = VEC,
    sig = "mb.vec.norm(a)",
    text = "The length of a, sqrt(a'a)." },
  { name = "mb.vec.unit", man = VEC,
    sig = "mb.vec.unit(theta) or mb.vec.unit(a)",
    text = "{cos theta, sin theta}; or a / |a|, a unit vector along a." },
  { name = "mb.vec.angle", man = VEC,
    sig = "mb.vec.angle(a)",
    text = "atan2(a_y, a_x): the angle of a from +x, counter-clockwise, in radians." },
  { name = "mb.vec.between", man = VEC,
    sig = "mb.vec.between(a, b)",
    text = "The signed angle from a to b, atan2(cross(a, b), dot(a, b))." },
  { name = "mb.vec.A", man = VEC,
    sig = "mb.vec.A(phi)",
    text = "The rotation matrix [cos -sin; sin cos] of the angle phi (Eq. 2.68)." },
  { name = "mb.vec.rotate", man = VEC,
    sig = "mb.vec.rotate(phi, s)",
    text = "A(phi) s: a vector s given in a body's frame, seen in the global one." },

  ------------------------------------------------------------ matrices
  { name = "mb.mat", topic = "mat", man = MAT,
    sig = "A = mb.mat{{a, b}, {c, d}}",
    text = [[
A matrix from its rows; a flat table is a column. help "mat" lists what
matrices do.]] },
  { name = "mb.mat.new", man = MAT,
    sig = "mb.mat.new{{...}, ...} or mb.mat.new(A)",
    text = "The same as mb.mat{...}; given a matrix, a copy of it." },
  { name = "mb.mat.zeros", man = MAT,
    sig = "mb.mat.zeros(m [, n])",
    text = "An m x n matrix of zeros (n = m when left out)." },
  { name = "mb.mat.eye", man = MAT,
    sig = "mb.mat.eye(n)",
    text = "The n x n identity." },
  { name = "mb.mat.diag", man = MAT,
    sig = "mb.mat.diag{a, b, c}",
    text = "A square matrix with a, b, c on its diagonal." },
  { name = "mb.mat.solve", man = MAT,
    sig = "x = mb.mat.solve(A, b)",
    text = [[
The x with A x = b, by LU factorisation (GSL). A singular A is an error
that gives its rank.]] },
  { name = "A:size", aliases = { "mb.mat.size" }, man = MAT,
    sig = "rows, cols = A:size()",
    text = "The numbers of rows and columns." },
  { name = "A:get", aliases = { "mb.mat.get" }, man = MAT,
    sig = "A:get(i [, j]) or A(i, j)",
    text = "The entry in row i, column j (column 1 when j is left out)." },
  { name = "A:set", aliases = { "mb.mat.set" }, man = MAT,
    sig = "A:set(i, j, x)",
    text = "Puts x in row i, column j, in place; returns A." },
  { name = "A:t", aliases = { "mb.mat.t", "mb.mat.transpose", "A:transpose" }, man = MAT,
    sig = "A:t()",
    text = "The transpose A'. A:transpose() is the same." },
  { name = "A:inv", aliases = { "mb.mat.inv" }, man = MAT,
    sig = "A:inv()",
    text = "The inverse of a square matrix. For A x = b, mb.mat.solve is better." },
  { name = "A:det", aliases = { "mb.mat.det" }, man = MAT,
    sig = "A:det()",
    text = "The determinant." },
  { name = "A:rank", aliases = { "mb.mat.rank" }, man = MAT,
    sig = "A:rank()",
    text = "The numerical rank, counted from the singular values." },
  { name = "A:norm", aliases = { "mb.mat.norm" }, man = MAT,
    sig = "A:norm()",
    text = "The square root of the sum of the squares of all entries." },
  { name = "A:totable", aliases = { "mb.mat.totable" }, man = MAT,
    sig = "A:totable()",
    text = "A plain Lua table of rows, {{a, b}, {c, d}}." },

  { name = "A:eig", aliases = { "mb.mat.eig" }, man = MAT,
    sig = "values, vectors = A:eig([B])",
    text = [[
The eigenvalues of a symmetric A, ascending, and its unit eigenvectors as
the columns of a matrix; with a symmetric positive definite B, those of
A x = lambda B x with x'Bx = 1 (the modes' K x = omega^2 M x). On GSL.]] },
  { name = "A:eig_nonsym", aliases = { "mb.mat.eig_nonsym" }, man = MAT,
    sig = "re, im, V_re, V_im = A:eig_nonsym()",
    text = [[
The eigenvalues of any square A, real and imaginary parts, ascending in
size, and the eigenvectors as the columns of V_re + i V_im. On GSL.]] },
  { name = "A:svd", aliases = { "mb.mat.svd" }, man = MAT,
    sig = "s, U, V = A:svd()",
    text = [[
A = U diag(s) V' with s descending; V is the full square one: its columns
past s, and those whose s is zero, span the null space of A.]] },
  { name = "A:cond", aliases = { "mb.mat.cond" }, man = MAT,
    sig = "A:cond()",
    text = "The condition number: largest singular value over smallest (inf if zero)." },
  ------------------------------------------------------------ models
  { name = "mb.model", man = MODELS,
    sig = 'm = mb.model{ name = "...", gravity = {0, -9.81} }',
    text = [[
A new, empty mechanism. Give it bodies, points, vectors, joints, forces
and contacts with m:body{...} and the others; the ground is the body
"ground". One model runs in every formulation. help(m) lists its methods,
help "model" shows them at work.]] },
  { name = "mb.example", man = MODELS,
    sig = 'm = mb.example("four_bar" [, ...]), mb.example()',
    text = [[
One of the example models, built and ready to run; arguments after the
name go to the example (mb.example("cart", "B"), mb.example("chain", 20)),
which checks them: a wrong one is refused, saying what it may be; the
file's first lines say what each takes. With no name, the list of the
examples' names. Each is a file in the examples folder, which also runs
as a script.]] },
  { name = "m:body", man = MODELS,
    sig = "m:body{ name, mass, inertia, pos = {x, y}, angle, vel, omega }",
    text = [[
A body: its mass, its moment of inertia about the mass centre, and its
state at t = 0 (the mass centre's position and velocity, the angle and
the angular velocity). Returns the body, which may stand for its name.]] },
  { name = "m:point", man = MODELS,
    sig = "m:point{ name, body, at = {xi, eta} }",
    text = [[
A point fixed on a body, at = its coordinates in the body's own frame.
On the ground, body = "ground".]] },
  { name = "m:vector", man = MODELS,
    sig = "m:vector{ name, body, dir = {x, y} }",
    text = [[
A unit vector fixed on a body, in the body's frame, for translational
joints and contact lines.]] },
  { name = "m:joint", man = MODELS,
    sig = 'm:joint{ name, type = "revolute", points = {"A", "B"}, ... }',
    text = [[
A joint (Sec. 7.2) of one of the types help "joints" lists from the
table of kinds, each with the numbers it takes, or a driver that
prescribes a joint's motion as fn(t).]] },
  { name = "m:force", man = MODELS,
    sig = 'm:force{ name, type = "spring-damper", ... }',
    text = [[
An applied force (Sec. 4.4) of one of the types help "forces" lists
from the table of kinds, each with the numbers it takes; type = "user"
is your own fn(t, state). Gravity needs none.]] },
  { name = "m:contact", man = MODELS,
    sig = 'm:contact{ name, point = "C", radius, e, law, mu, ... }',
    text = [[
A contact (Ch. 11): a circle on a body against a line (by default the
ground's x axis) or against another circle. The law is impulse (the
velocities jump at each impact) or a force law; mu adds friction.
help "contact" and help "laws" say more.]] },
  { name = "mb.fn.poly", man = MODELS,
    sig = "mb.fn.poly{c1, c2, c3}",
    text = [[
f(t) = c1 + c2 t + c3 t^2, for a driver's fn (App. B.2, form a). Each
mb.fn function returns f(t) that gives f, f' and f'' exactly, so a driver
needs no finite differences.]] },
  { name = "mb.fn.smooth_step", man = MODELS,
    sig = "mb.fn.smooth_step{ from, to, t0, t1 }",
    text = [[
A smooth rise from `from` (0) to `to` (1) between t0 (0) and t1 (1),
starting and ending with zero rate and acceleration; held after (form b).]] },
  { name = "mb.fn.ramp_rate", man = MODELS,
    sig = "mb.fn.ramp_rate{ from, rate, t0, t1 }",
    text = [[
Starts at `from` (0); its rate grows smoothly from 0 to `rate` (1) between
t0 and t1, then stays at `rate` (form c): a motor spinning up.]] },

  ------------------------------------------------------------ analyses
  { name = "m:simulate", man = ANALYSES,
    sig = "r = m:simulate{ formulation, tf, dt, integrator, tol, correct, ... }",
    text = [[
Forward dynamics from the model's state at t = 0 to tf, reported every dt.
formulation: "body" (Ch. 7, the default), "joint" (Ch. 9), "point"
(Ch. 10), "point-recursive" (Attia's particles, tree = {...} picks the
cuts), "fbd" (free-body diagrams, Ch. 6), "minimal" (independent
coordinates only, switched before a singularity: r.switches), "discrete";
help "formulations". integrator: "ode45" (MATLAB's control, adaptive to
tol and abstol in every component, the default), "dopri5" (the same steps,
Hairer's root-mean-square control; also "rk45", "rkck", "rk8pd"), "rk4"
or "symplectic" (fixed step h); dense = false ends a step at every report
instead of interpolating. stabilization: "baumgarte" (alpha, beta), "penalty",
"momentum", "partitioning". correct = true first moves the start onto the
joints. events = {{t = 1, add = "lock"}} adds or removes joints during the
run, {t = 1, set = "spring", k = 400} changes a value. Returns a result r:
help(r) lists its methods.]] },
  { name = "m:kinematics", man = ANALYSES,
    sig = "r = m:kinematics{ tf, dt, tol, newton, max_iterations, trace }",
    text = [[
Kinematic analysis (Sec. 12.1): with a driver for every degree of freedom,
Newton-Raphson finds the positions at each reporting time, then the
velocities and accelerations. r.iterations counts each solve's steps;
trace = true keeps the first solve's residuals in r.trace. formulation =
"vector" solves the vector loops of Ch. 5 instead (m:loops()).]] },
  { name = "m:loops", man = ANALYSES,
    sig = "L = m:loops()",
    text = [[
The independent vector loops of the model's joints (Ch. 5): L[k] lists the
joints around loop k, L[k].equation is its sum of vectors = 0 in the
vector coordinates theta1, theta2, ... (L.coordinates: angles, slides);
L.positions and L.points give each mass centre and point as a sum of
vectors (Sec. 5.2). Printed, it shows each loop as an equation.
m:kinematics{ formulation = "vector" } solves them.]] },
  { name = "m:inverse_dynamics", man = ANALYSES,
    sig = "r = m:inverse_dynamics{ tf, dt, ... }",
    text = [[
Kinematic analysis read for its forces (Sec. 12.2): r:reaction("motor")
.torque is what the driver must supply, and every joint's reaction comes
with it. Takes the options of m:kinematics.]] },
  { name = "m:equilibrium", man = ANALYSES,
    sig = 'eq = m:equilibrium{ method = "newton", tol, max_iterations, stable }',
    text = [[
Static equilibrium (Sec. 14.2). "newton" solves the balance of forces and
the constraints by Newton-Raphson from the start; "dynamics" lets the
mechanism settle under added damping; stable = true settles, then Newton.
Returns a result with one time: eq:body("b").angle[1], eq.stable (from the
stiffness on the directions the joints allow). The start is left as it
was.]] },
  { name = "m:modes", man = ANALYSES,
    sig = "md = m:modes{ stable, method, tol }",
    text = [[
Small oscillations about the equilibrium, the joints included:
md.frequency[k] (Hz, ascending), md.damping[k] (zeta), md.shape[k] (body
displacements), md.rest. md:table() prints them, md:animate(k) plays one.]] },
  { name = "md:table", man = ANALYSES,
    sig = "md:table()",
    text = "Prints the modes: frequency, omega, damping ratio, what moves most." },
  { name = "md:text", man = ANALYSES,
    sig = "md:text()",
    text = "The table of md:table() as text; print(md) shows it too." },
  { name = "md:animate", man = ANALYSES,
    sig = "md:animate(k, { amplitude, periods, speed, text, file })",
    text = [[
Plays mode k about the rest (the linear motion, amplitude of its largest
entry: 0.1 of the model's size or 0.2 rad); a mode that does not
oscillate (unstable, overdamped, free) moves as its eigenvalue says over
three time constants, its title saying which; without a terminal, draws
its two extremes (or its start and end); file = "mode1.gif" writes it as
an animated GIF.]] },
  { name = "m:correct", man = ANALYSES,
    sig = "m:correct()",
    text = [[
Moves the initial positions and velocities onto the constraints, by least
squares in body coordinates (Sec. 14.3), in the model itself, and returns
them by body name.]] },
  { name = "m:dof", man = ANALYSES,
    sig = "dof, rows, info = m:dof{ quiet }",
    text = [[
Prints Gruebler's count (3 per body less the constraint rows) beside the
rank of the constraint Jacobian at the start, and where they differ names
the redundant joints. Returns the count, the rows and info: gruebler,
rows, rank, dof (3 per body less the rank), redundant, involved.]] },
  { name = "m:explain", man = ANALYSES,
    sig = "p = m:explain{ t = 0, formulation, result, tree, angles }",
    text = [[
Prints one evaluation step by step in a formulation (body by default):
sizes, the state, M, h, D (rows by joint, columns by coordinate), gamma,
the solved q'' and lambda, the condition number of D. At the model's start,
or at the state of result = r nearest t. Returns the pieces. Key e in an
animation shows it for the frame on screen.]] },
  { name = "m:evaluate", man = ANALYSES,
    sig = "p = m:evaluate([t])",
    text = [[
The equations of motion in body coordinates at the model's state and time
t (0): p.M, p.D, p.gamma, p.phi, p.h, p.acc, p.lambda (Eq. 7.56).]] },
  { name = "m:pieces", man = ANALYSES,
    sig = "p = m:pieces{ formulation, t, y, tree, angles, redundant, method }",
    text = [[
The same pieces in any formulation's own coordinates q, at the start or at
y = {q..., q'...}: q, qd, M, D, phi, vrhs (the right side of D q' = v),
gamma, h, acc, lambda.]] },
  { name = "m:equations", man = ANALYSES,
    sig = 'eq = m:equations{ formulation, joint, body, format, angles, tree }',
    text = [[
The equations derived symbolically in the model's own names: Phi, D, gamma
of every joint and M, h of M q'' = h + D'lambda, in body, joint or point
coordinates (formulation), as "text" (printed), "latex" (an align
environment) or "lua" (expressions for load()). Fields q, qd, rows, phi[i],
D[i][j], gamma[i], M[i][j], h[i], where. joint = or body = shows one.]] },
  { name = "eq:values", man = ANALYSES,
    sig = "env = eq:values(y [, t])",
    text = [[
The values of every name a Lua form of m:equations uses at y = {q...,
q'...} and t: load("return " .. eq.h[1], "h", "t", env)() evaluates an
entry. Drivers' f, df, ddf and forces given by name come with them.]] },
  { name = "m:impact", man = ANALYSES,
    sig = "m:impact(contact)",
    text = [[
The impact of a contact at the model's state (Sec. 11.1): the velocities
jump in place. Returns them by body name, with impulse, friction_impulse
and the normal speeds closing and opening.]] },
  { name = "m:joint_coords", man = ANALYSES,
    sig = "p = m:joint_coords{ t, tree, angles, theta, theta_d }",
    text = [[
Joint coordinates (Ch. 9) at the start, or at theta: printed, the tree
and the cut joints; as a table B, Bdtd, M, h, C, gamma, acc, lambda.]] },
  { name = "m:minimal_coords", man = ANALYSES,
    sig = "p = m:minimal_coords{ independent, t, y }",
    text = [[
Minimal coordinates at the start, or at y = {q_I..., q_I'...}: printed,
the independent coordinates and the groups the joints come apart into
(each placed body, each loop with its unknowns, condition and branch); as
a table also c, cd, B, eta, xi (c' = B q_I' + eta, c'' = B q_I'' + xi),
M = B'MB, h = B'(h - M xi), acc.]] },
  { name = "m:point_coords", man = ANALYSES,
    sig = "p = m:point_coords{ formulation, t, y, tree }",
    text = [[
Point coordinates (Ch. 10) at the start, or at y: printed, the points
chosen (one per pin, shared; stationary ones) and every constraint with
its type and joint; as a table points, rows, r, rd, M, D, phi, gamma, h,
acc, lambda. formulation = "point-recursive" adds Attia's chains, cut
joints and his linear system A x = b.]] },
  { name = "mb.newton", man = ANALYSES,
    sig = "x, h = mb.newton(f, x0 [, { derivative, tol, max_iterations }])",
    text = [[
Newton-Raphson as Sec. 12.1.2 teaches it, to watch it work. One unknown:
f(x) and derivative(x) give numbers. Several: f(q) returns Phi and its
Jacobian D, and D dq = -Phi is solved by LU. It stops at |f| <= tol (1e-4)
or after max_iterations (15). h.history has {n, x, f} of each iteration;
h.converged, h.evaluations. A residual, a derivative or a step that is not
finite stops it with an error at your line.]] },
  { name = "mb.formulations", man = ANALYSES,
    sig = "mb.formulations([titles])",
    text = [[
The formulations' names; with titles = true, a table for each: name,
title, the integrator and step a run takes unless told, and can:
constraints, adaptive, joint_forces (what it can do). help "formulations"
prints them.]] },
  { name = "mb.contact_force", man = ANALYSES,
    sig = "mb.contact_force{ law, k, n, c, e, delta, rate, approach }",
    text = [[
A contact force law by itself (Sec. 11.2): the normal force and the
elastic energy at penetration delta, closing at rate, for a contact that
began at speed approach (rate when left out). help "laws" lists the laws.]] },
  { name = "mb.points.along", man = ANALYSES,
    sig = "alpha, beta = mb.points.along(rA, rB, rP [, L])",
    text = [[
P's coordinates along the axis from A to B and across it, measured in the
length L (A to B when left out) (Eqs. 10.30-10.31).]] },
  { name = "mb.points.secondary", man = ANALYSES,
    sig = "rP = mb.points.secondary(rA, rB, alpha, beta [, L])",
    text = "A point from two primary points and its alpha, beta (Eq. 10.28)." },
  { name = "mb.points.share", man = ANALYSES,
    sig = "mb.points.share(s, sP)",
    text = [[
How a force at sP splits into parallel shares at the body's points s, the
shares summing to 1 (Eqs. 10.43-10.46): s is two numbers along a rod's
axis, or three {xi, eta} on a plate.]] },
  { name = "mb.points.masses", man = ANALYSES,
    sig = "mb.points.masses(m, J, si, sj [, so])",
    text = [[
Three particles at si, sj and so (0) on a rod's axis that have the body's
mass, mass centre and moment of inertia J (Eq. 10.52).]] },
  { name = "mb.points.condense", man = ANALYSES,
    sig = "mb.points.condense(m, J, si, sj)",
    text = [[
The 2 x 2 mass pattern of two points at si and sj on the axis: the body's
kinetic energy in their velocities (Eqs. 10.54, 10.56).]] },
  -- the model's machinery, not a user's business
  { name = "m:compile", sig = "desc = m:compile()",
    internal = "builds the plain description the C core reads; its shape follows the"
      .. " C side. m:evaluate and m:pieces show the same numbers" },
  { name = "m:resolved", sig = 'm:resolved("joint" or "force")',
    internal = "the joints or forces with their kinds, for drawing them" },

  ------------------------------------------------------------ results
  { name = "r:body", man = RESULTS,
    sig = 'r:body("name")',
    text = [[
A body's arrays over r.t: x, y, angle, vx, vy, omega, ax, ay, alpha.
r:body("rod").angle[#r.t] is the last angle.]] },
  { name = "r:reaction", man = RESULTS,
    sig = 'r:reaction("joint")',
    text = [[
A joint's reaction over r.t: fx, fy, torque on its second body in the
global frame; local_fx, local_fy in that body's frame; lambda[k], the
multipliers. For a driver, the torque or force that drives it.]] },
  { name = "r:contact", man = RESULTS,
    sig = 'r:contact("name")',
    text = [[
A contact over r.t: penetration (positive in contact), rate, normal and
friction forces (these for a force law).]] },
  { name = "r:force", man = RESULTS,
    sig = 'r:force("name")',
    text = [[
A force element over r.t, what its kind has: f along its line (tension,
its points pulled together, positive), fx and fy on its second point's
body, torque on its second body, length (a rotational one: angle), rate,
and power, the rate of its work on the bodies. r:plot("spring.f") plots
one; r:csv writes them all.]] },
  { name = "r:at", man = RESULTS,
    sig = "r:at(t)",
    text = [[
The state at a time inside the run, linear between samples: bodies,
reactions, energy, violation.]] },
  { name = "r:csv", man = RESULTS,
    sig = 'r:csv("out.csv")   r:csv("-")',
    text = [[
Writes the run as CSV: a header line, then a row per reporting time
(bodies, reactions, energies, violation); "-" writes to standard output.
A header field with a comma or a quote is quoted as RFC 4180 says; a
zero is 0, never -0. Returns what it wrote ("wrote 201 rows to ...").
Refused under --sandbox, but for "-".]] },
  { name = "r:json", man = RESULTS,
    sig = 'r:json("run.json")   r:json("-")',
    text = [[
Writes the run as one JSON object, for notebooks and other tools: model,
settings (the run's options), stats, t, and the series of bodies,
reactions and contacts (each an object of arrays over t), energy,
violation, impacts, switches, warnings. Numbers round-trip (17 digits);
"-" writes to standard output. Refused under --sandbox, but for "-".]] },
  { name = "r:summary", man = RESULTS,
    sig = "r:summary()",
    text = [[
A few lines of text: formulation, integrator and cost, the last poses,
the energy's drift, the largest violation. Printing r shows the same.]] },
  { name = "r:figures", man = RESULTS,
    sig = "r:figures()",
    text = [[
The run's figures as a table: fevals, wall (s), violation (the largest
|Phi|) and the energy's books, each the largest over the run:
energy_change, work (r.energy.work, put in by drivers and by forces
whose energy is not in the potential) and energy_drift, change less work
(nil where impacts or events make jumps: drift_unknown says which).]] },
  { name = "r:figures_text", sig = "r:figures_text()",
    internal = "r:figures laid out for a pane of r:animate and mb.compare" },

  ------------------------------------------------------------ pictures
  { name = "r:animate", man = PICTURES,
    sig = "r:animate{ speed, trails, labels, points, file, fps, width, height }",
    text = [[
Plays the run full screen: space pauses, arrows step, + and - change the
speed, r restarts, t trails, l labels, e explains the frame (m:explain),
q returns. In --batch the summary and the first and last frames are
printed instead. file = "run.gif" writes an animated GIF instead: one
frame per sample, or fps frames a second of the run; 640 x 480 pixels.]] },
  { name = "mb.animate", man = PICTURES,
    sig = "mb.animate(r [, options])",
    text = "The same as r:animate(options)." },
  { name = "r:fbd", man = PICTURES,
    sig = 'd = r:fbd("body", t [, { file, width, height }])',
    text = [[
The free-body diagram of a body at the sample nearest t (Ch. 6): its weight,
the force elements, each joint's reaction (its components named lambda1,
lambda2, ... as the book numbers them) and the drivers' T or f, each at its
point, each arrow's length to scale. Drawn at the prompt, and printed as a
table; d[k] = { name, kind, point, fx, fy, torque (about the mass centre) }
sums to d.inertial, m a and J alpha. With file = "crank.pdf" (.svg, .png)
the diagram is written there instead.]] },
  { name = "r:plot", man = PICTURES,
    sig = 'r:plot("rod.angle", ... [, { title, width, height, text, file }])',
    text = [[
Time histories, several at once: body.x, body.angle, joint.fx,
joint.lambda2, contact.normal, energy.total, violation; or a point's path
in x-y, "tip.path". With text = true it returns the plot as text; with
file = "angle.svg" (.pdf, .png) it writes it there, width x height
pixels (640 x 400).]] },
  { name = "r:series", man = PICTURES,
    sig = 'x, y, label, unit = r:series("rod.angle")',
    text = "The numbers behind r:plot(name), to use as you like." },
  { name = "r:path", man = PICTURES,
    sig = 'r:path("point")',
    text = "The point's global path and velocity over r.t: { x, y, vx, vy }." },
  { name = "r:frame", man = PICTURES,
    sig = "r:frame(t [, { width, height, unicode, labels, trails, file }])",
    text = [[
One frame, at the sample nearest t (a time inside the run; the first
sample without one), as text; with file = "x.png" (.svg, .pdf) written
there (640 x 480 pixels), labelled, trails if asked.]] },
  { name = "r:report", man = PICTURES,
    sig = 'r:report{ file = "run.pdf" [, plot = {"crank.angle"}, t, width, height] }',
    text = [[
One page for a handout: the mechanism at t (inside the run; the last
sample without one) with its trails, the energy, the constraint
violation, the quantities in plot (the first body's angle), and the
run's summary. PDF (A4), SVG or PNG.]] },
  { name = "r:frames", man = PICTURES,
    sig = 'r:frames("run.txt" [, n])',
    text = "Writes n frames (5) spread evenly over the run to a text file." },
  { name = "r:cast", man = PICTURES,
    sig = 'r:cast("run.cast" [, { width, height, fps, speed }])',
    text = "Writes the animation as an asciicast v2 file, for asciinema play." },
  { name = "mb.plot", man = PICTURES,
    sig = "mb.plot{ series = {{ x = xs, y = ys, label = s }, ...}, title, xlabel, ylabel }",
    text = [[
Plots any numbers: full screen at the prompt, printed in --batch. With
text = true it returns the plot as text; file = "p.svg" writes it. Without
x, y is plotted against 1, 2, 3 ...]] },
  { name = "mb.options", man = PICTURES,
    sig = 'mb.options{ graphics = "auto" | "sixel" | "kitty" | "text" }',
    text = [[
The session's options; mb.options() returns them. graphics: pictures at
the prompt as images where the terminal shows them (auto asks it, once),
in sixel or kitty's protocol whatever it says, or always as text.]] },
  { name = "mb.compare", man = PICTURES,
    sig = 'c = mb.compare(m, {"body", "joint", ...} | "all" [, options])',
    text = [[
Runs one model once per entry with the same options and shows the runs
side by side, each with its figures, over a plot of each run's distance
from the first (the reference); in --batch, a table. An entry is a
formulation's name or a table of options with a label:
{ label = "rk4", integrator = "rk4", h = 1e-3 }. "all" (or
mb.formulations()) runs every formulation that can: one that cannot do
the analysis, take the options or the model is not run, and c.skipped
lists it { name =, why = } (the table too). correct = true corrects the
start once, in body coordinates, for every run. analysis = "kinematics"
runs m:kinematics instead, as a listed "vector" does on a model whose
drivers take every degree of freedom. Then c.maxdiff_position (m),
c.maxdiff_angle (rad), c.results[label]; help(c) lists its methods.]] },
  { name = "m:compare", man = PICTURES,
    sig = 'c = m:compare{ "body", "joint", tf = 2, ... }',
    text = [[
mb.compare(m, ...) from the model: m:compare(entries, options), or one
table with the entries and the options; with no entries, every
formulation (m:compare{ tf = 2 } is mb.compare(m, "all", { tf = 2 })).]] },
  { name = "c:table", man = PICTURES,
    sig = "c:table()",
    text = [[
The comparison as text no wider than 80 columns: each run's figures and
its distance from the reference. Printing c shows the same.]] },
  { name = "c:show", man = PICTURES,
    sig = "c:show([{ text, labels, trails, speed }])",
    text = "The side-by-side panes again, then the table; in --batch the table." },
  { name = "c:animate", man = PICTURES,
    sig = "c:animate([options])",
    text = "The same as c:show(options)." },
  { name = "c:plot", man = PICTURES,
    sig = 'c:plot{ quantity = "crank.angle", file = "compare.svg", width, height }',
    text = [[
Each run's curve of the quantity (the first body's angle), each in its
formulation's colour, over each run's position difference from the
first; printed as text without a file.]] },

  ------------------------------------------------------------ other
  { name = "mb.friction.andersson", man = OTHER,
    sig = "mb.friction.andersson(v, { mu_s, mu_d, v_s, p, k_t })",
    text = [[
The friction coefficient of Eq. 4.43 at slip speed v, for a user force:
the friction force is -mu f_N. Every number finite, mu 0 or more, v_s,
p, k_t positive (defaults 1e-3, 2, 1e4); a misspelled name is an error.]] },
  { name = "mb.friction.brown_mcphee", man = OTHER,
    sig = "mb.friction.brown_mcphee(v, { mu_s, mu_d, v_t })",
    text = [[
The friction coefficient of Eq. 4.44 at slip speed v: mu_s at v = v_t,
mu_d well beyond. Contacts with mu use the same law. v_t (default 1e-3)
must be positive: the law divides by it.]] },
  { name = "mb.pretty.format", man = OTHER,
    sig = "mb.pretty.format(value)",
    text = [[
The text the prompt prints for a value: nested tables with sorted keys,
long arrays cut in the middle, at most mb.pretty.max_depth levels.]] },
  { name = "mb.pretty.print", man = OTHER,
    sig = "mb.pretty.print(...)",
    text = "Prints each value as the prompt would, one to a line." },
  { name = "mb.parameter", sig = 'x = mb.parameter(x, { "what it is", choices | number | numbers | options ... })',
    internal = "the check of an example builder's parameters (lua/mechbench/args.lua), on mb so that"
      .. " the example files also run as scripts under --sandbox" },
  { name = "mb.core", sig = "mb.core",
    internal = "the C core under the Lua modules; its tables follow the C side."
      .. " Everything a user needs is reached through the names in this table" },
}

-- Where the methods of each kind of value live (the "X:" of a name).
local owners = {
  m = function() return require("mechbench.model").Model end,
  r = function() return require("mechbench.result").Result end,
  c = function() return require("mechbench.compare").Comparison end,
  A = function() return require("mechbench.core").mat end,
  md = function() return require("mechbench.modes").Modes end,
  p = function() return require("mechbench.problem").Problem end,
  eq = function() return require("mechbench.equations_view").Equations end,
}
M.owner_names = { m = "a model m", r = "a result r", c = "a comparison c", A = "a matrix A",
  md = "the modes md", p = "a problem p", eq = "the equations eq" }

-- The value a public name stands for, or nil.
function M.value(name)
  local owner, method = name:match("^(%a+):([%w_]+)$")
  if owner then
    local t = owners[owner] and owners[owner]()
    return t and rawget(t, method)
  end
  local path = name:match("^mb%.(.+)$")
  if not path and name == "mb" then return require "mechbench.library" end
  if not path then return rawget(_G, name) end
  local v = require "mechbench.library"
  for key in path:gmatch("[^.]+") do
    if type(v) ~= "table" then return nil end
    v = rawget(v, key)
  end
  return v
end

-- The metatable of a kind of value ("m", "r", "c"), for help(m).
function M.owner(letter) return owners[letter] and owners[letter]() end

-- Lookups, made when first needed (the lesson globals are installed after
-- help is loaded).
local by_name, by_value
local function index()
  if by_name then return end
  by_name, by_value = {}, {}
  for _, e in ipairs(M.entries) do
    by_name[e.name] = e
    for _, a in ipairs(e.aliases or {}) do by_name[a] = e end
    local v = M.value(e.name)
    if v ~= nil then by_value[v] = by_value[v] or e end
  end
end

-- The entry of a name (or an alias), or nil.
function M.named(name) index() return by_name[name] end

-- The entry of a function value, or nil.
function M.of(value) index() return by_value[value] end

-- The part after the owner: "simulate" of "m:simulate", "dot" of "mb.vec.dot".
function M.short(name) return name:match("[:.]([^:.]+)$") or name end

-- Every entry whose short name is name ("body": m:body and r:body).
function M.short_matches(name)
  local out = {}
  for _, e in ipairs(M.entries) do if M.short(e.name) == name then out[#out + 1] = e end end
  return out
end

-- Every name help knows, for "did you mean".
function M.names()
  index()
  local out, seen = {}, {}
  local function add(n) if not seen[n] then seen[n], out[#out + 1] = true, n end end
  for _, e in ipairs(M.entries) do
    add(e.name)
    add(M.short(e.name))
    for _, a in ipairs(e.aliases or {}) do add(a) end
  end
  return out
end

-- What help prints for an entry (a topic entry shows its topic instead).
-- Words filled into lines of at most width columns.
function M.wrap(text, width)
  local lines, line = {}, ""
  for word in text:gmatch("%S+") do
    if line ~= "" and #line + 1 + #word > width then lines[#lines + 1], line = line, word
    else line = line == "" and word or line .. " " .. word end
  end
  lines[#lines + 1] = line
  return table.concat(lines, "\n")
end

-- How to open the man page: installed, "man 7 mechbench"; from a source
-- tree (lessons not under share/), the page in that tree.
local function man_command()
  local lessons = require("mechbench.core").paths.lessons or ""
  if lessons == "" or lessons:find("/share/mechbench/lessons$") then return "man 7 mechbench" end
  local tree = lessons:gsub("/lessons$", "")
  return "man -l " .. tree .. "/man/mechbench.7"
end

function M.render(e)
  local lines = { e.sig }
  if e.internal then
    lines[#lines + 1] = M.wrap("Used inside mechbench, not documented for users: " .. e.internal .. ".", 78)
  else
    lines[#lines + 1] = e.text
    lines[#lines + 1] = M.wrap(("More: %s, section %s."):format(man_command(), e.man), 78)
  end
  return table.concat(lines, "\n")
end

-- The methods of a kind of value ("m", "r", "c"), one signature a line.
function M.methods(letter)
  local lines = { ("Methods of %s (help \"%s:NAME\" for one):"):format(M.owner_names[letter], letter) }
  for _, e in ipairs(M.entries) do
    if e.name:sub(1, #letter + 1) == letter .. ":" and not e.internal then
      lines[#lines + 1] = "  " .. e.sig
    end
  end
  return table.concat(lines, "\n")
end

return M
