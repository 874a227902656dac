-- mechbench.help: `help`, `help "topic"` and `help(some_function)`.
-- Typing `help` alone prints the overview, because the table prints itself.
local mb = require "mechbench"

local topics = {}
local by_value = {}   -- function or table -> its help text

topics.overview = [[
mechbench: learn planar multibody dynamics at the prompt.

  lessons()          list the lessons and your progress
  lesson(2)          open lesson 2; then next(), back(), show(), run(),
                     hint(), check(answer)
  help "vec"         planar vectors:  mb.vec.rot, dot, cross, A, rotate ...
  help "mat"         matrices on GSL: mb.mat{{...}}, solve, inv, rank ...
  help "model"       mechanisms: mb.model, m:body, m:joint, m:simulate ...
  help "joints"      every joint type and what it takes (also "forces", "laws")
  help "contact"     contact and impact: m:contact, m:impact, r.impacts ...
  help "pictures"    r:animate(), r:plot("b.x"), mb.compare(m, {...})
  help "repl"        the prompt: =expr, multi-line input, completion, keys
  help "lessons"     how lessons work
  help(f)            help on one function, e.g. help(mb.vec.dot)

The book: P. E. Nikravesh, Planar Multibody Dynamics, 2nd ed.]]

topics.repl = [[
The prompt runs Lua 5.4.
  1 + 2              an expression prints its value (so does =1+2)
  a = {2, 3}         a statement runs quietly
  function f(x)      an unfinished chunk continues on the next line (>>)
  Tab                completes names, also after . and :  (mb.vec.<Tab>)
  Up / Down          history, kept between sessions
  Ctrl-C             clears the line, or stops a long computation
  Ctrl-C twice at an empty prompt, or Ctrl-D, leaves mechbench.]]

topics.lessons = [[
A lesson is a sequence of short steps: read, try, exercise.
  lessons()          the list, with your progress
  lesson(n)          open lesson n where you left it; lesson(n, step) jumps
  show()             show the current step again
  next(), back()     move between steps
  run()              run the code of a "try" step, line by line
  check(answer)      check your answer to an exercise (4 digits are enough)
  hint()             a hint; ask again for a stronger one
What run() makes belongs to the lesson: its m is lesson.m, and at the prompt
m is that same m unless you made an m of your own. run() never replaces a
variable of yours; it says so when the names meet.
Progress is saved as you go and kept between sessions.]]

topics.vec = [[
Planar vectors are tables {x, y}; results print as {x, y}.
  mb.vec(2, 3)            a vector (same as {2, 3} with arithmetic)
  a + b, a - b, 2 * a     arithmetic on vectors made by mb.vec
  mb.vec.rot(a)           a turned +90 degrees: {-a_y, a_x}   (Eq. 2.12)
  mb.vec.dot(a, b)        a'b                                 (Eq. 2.8)
  mb.vec.cross(a, b)      planar cross product, rot(a)'b      (Eq. 2.14)
  mb.vec.norm(a)          length
  mb.vec.unit(theta)      {cos theta, sin theta}; unit(a) normalises a
  mb.vec.angle(a)         angle from +x, atan2, in radians
  mb.vec.between(a, b)    signed angle from a to b
  mb.vec.A(phi)           the 2x2 rotation matrix A(phi)       (Eq. 2.68)
  mb.vec.rotate(phi, s)   A(phi) s]]

topics.mat = [[
Matrices are built from rows: A = mb.mat{{1, 2}, {3, 4}}; a flat table is
a column. Plain tables work wherever a matrix is expected.
  A + B, A - B, A * B, 2 * A, -A     arithmetic; A * {x, y} gives a table
  A(i, j), A[i]                      an entry; row i as a table
  A:t()                              transpose
  mb.mat.solve(A, b)                 x with A x = b, by LU      (Eq. 2.47)
  A:inv(), A:det(), A:rank()         inverse, determinant, numerical rank
  mb.mat.eye(n), zeros(m, n), diag{...}
  A:size(), A:totable(), A:norm()]]

topics.model = [[
A mechanism, described once for every formulation (see man mechbench(7)):
  m = mb.model{ name = "slider" }            gravity {0, -9.81} by default
  m:body{ name, mass, inertia, pos = {x, y}, angle, vel = {vx, vy}, omega }
  m:point{ name, body, at = {xi, eta} }      body-fixed; body = "ground" too
  m:vector{ name, body, dir = {x, y} }       body-fixed unit vector
  m:joint{ name, type = "revolute", points = {"A", "B"} }   help "joints"
  m:force{ name, type = "spring-damper", points = {"A", "B"}, k, length, c }
                                             help "forces"
  m:contact{ name, point = "A", radius = 0.1, e = 0.8 }     see help "contact"
  r = m:simulate{ tf = 2, dt = 0.01 }        then r:body("b").x, r:summary()
  r = m:simulate{ formulation = "joint", tf = 2 }   joint coordinates (Ch. 9)
      or formulation = "point": two points per body, no angles (Ch. 10)
  m:joint_coords()                           the tree, B, M-bar, h-bar, C
  m:point_coords()                           the points, constant M, D (Ch. 10)
  m:evaluate()                               M, D, gamma, h, acc, lambda now
  m:correct()                                fix initial positions, velocities
  m:kinematics{ tf = 2, dt = 0.01, trace = true }     drivers fix the motion
  m:inverse_dynamics{ tf = 2 }               r:reaction("motor").torque
  m:equilibrium{ method = "newton" }         at rest: eq:body("b").angle[1]
                                             eq.stable, eq.lowest_omega2
  mb.newton(f, x0, { derivative = df })      Newton-Raphson, step by step]]

topics.contact = [[
Contact between bodies (Ch. 11; man mechbench(7) has every field):
  m:contact{ name = "floor", point = "C", radius = 0.1, e = 0.8 }
      a circle on a body against the ground's x axis; the impulse law:
      at each impact the velocities jump so the ball leaves at e times
      its closing speed (Eq. 11.27)
  m:contact{ name = "hit", type = "circles", points = {"C1", "C2"},
             radii = {0.01, 0.01}, e = 1 }               two balls
  line = {"O", "n"}          a line on another body: a point and its normal
  law = "lankarani-nikravesh", k = 1e11, e = 0.95       a force instead
      (every law and what it takes: help "laws")
  mu = 0.3                   Coulomb friction (at impact, or Eq. 4.44);
                             mu_s (mu), v_t (1e-3) for Eq. 4.44
  m:impact("floor")          the jump at the model's state, in place
  r.impacts                  t, contact, closing, opening, impulse, ...
  r:contact("floor").normal  penetration, rate, normal, friction over r.t
  mb.contact_force{ law = "flores", k = 1e11, e = 0.5, delta = 1e-3,
                    rate = 2, approach = 3 }           a law by itself
  mb.friction.brown_mcphee(v, {mu_s = 0.2, mu_d = 0.15, v_t = 1e-3})]]

-- every kind with the names it takes, from the kinds' own entries; made
-- when first asked for, so start-up does not pay for them
local generated = {
  joints = function(model)
    return "Joint types, m:joint{ name = ..., type = ..., ... } (book Sec. 7.2):\n"
      .. model.kinds_help("joint") .. "\nA number given as name(x) may be left out: it is then x."
  end,
  forces = function(model)
    return "Force types, m:force{ name = ..., type = ..., ... } (book Sec. 4.4):\n"
      .. model.kinds_help("force") .. "\nA number given as name(x) may be left out: it is then x."
  end,
  laws = function(model) return "Contact laws, m:contact{ ..., law = ..., ... } (book Ch. 11):\n" .. model.kinds_help("law") end,
  formulations = function(model)
    local f = {}
    for _, entry in ipairs(model.formulations(true)) do f[#f + 1] = ("  %-8s %s"):format(entry.name, entry.title) end
    return "Formulations, m:simulate{ formulation = ... }:\n" .. table.concat(f, "\n")
  end,
}
setmetatable(topics, { __index = function(t, name)
  local make = generated[name]
  if not make then return nil end
  t[name] = make(require "mechbench.model")
  return t[name]
end })

topics.pictures = [[
Pictures of a run r = m:simulate{...} (full screen at the prompt, text in --batch):
  r:animate{ trails = true }     space pause, arrows step, + - speed, r, t, l, q
  r:plot("rod.angle", "rod.omega")        time histories, several at once
  r:plot("tip.path")                      a point's path (x-y)
  r:plot("pin.fx", "energy.total", "violation")
  r:frame(1.5)                            one frame as text
  r:cast("run.cast")                      asciicast for asciinema play
  mb.compare(m, {"body", {label = "rk4", integrator = "rk4", h = 0.01}}, {tf = 2})
NO_COLOR turns colour off; MECHBENCH_ASCII forces plain ASCII.]]

local function_docs = {
  ["mb.vec.rot"] = "mb.vec.rot(a): a turned +90 degrees, {-a_y, a_x} (Eq. 2.12).",
  ["mb.vec.perp"] = "mb.vec.perp(a): the same as mb.vec.rot(a).",
  ["mb.vec.dot"] = "mb.vec.dot(a, b): the scalar product a'b = a_x b_x + a_y b_y (Eq. 2.8).",
  ["mb.vec.cross"] = "mb.vec.cross(a, b): rot(a)'b = a_x b_y - a_y b_x; positive when b is\n"
    .. "counter-clockwise from a (Eq. 2.14).",
  ["mb.vec.norm"] = "mb.vec.norm(a): the length of a, sqrt(a'a).",
  ["mb.vec.unit"] = "mb.vec.unit(theta): {cos theta, sin theta}; mb.vec.unit(a): a / |a|.",
  ["mb.vec.angle"] = "mb.vec.angle(a): atan2(a_y, a_x), radians, CCW from +x.",
  ["mb.vec.between"] = "mb.vec.between(a, b): the signed angle from a to b,\n"
    .. "atan2(cross(a, b), dot(a, b)).",
  ["mb.vec.A"] = "mb.vec.A(phi): the rotation matrix [cos -sin; sin cos] (Eq. 2.68).",
  ["mb.vec.rotate"] = "mb.vec.rotate(phi, s): A(phi) s, a body-fixed vector seen globally.",
  ["mb.mat.solve"] = "mb.mat.solve(A, b): x with A x = b, by LU factorisation (GSL).\n"
    .. "Fails with the rank when A is singular.",
  ["mb.mat.inv"] = "A:inv(): the inverse of a square matrix. Prefer solve() for A x = b.",
  ["mb.mat.rank"] = "A:rank(): the numerical rank, counted from the singular values.",
  ["mb.mat.det"] = "A:det(): the determinant.",
  ["mb.mat.t"] = "A:t(): the transpose A'.",
  ["mb.mat.eye"] = "mb.mat.eye(n): the n x n identity.",
  ["mb.mat.zeros"] = "mb.mat.zeros(m, n): an m x n matrix of zeros.",
  ["mb.mat.diag"] = "mb.mat.diag{a, b, c}: a diagonal matrix.",
  ["mb.contact_force"] = "mb.contact_force{ law, k, n, c, e, delta, rate, approach }: the normal force\n"
    .. "and elastic energy of a contact law at penetration delta closing at rate (Sec. 11.2).",
  ["mb.friction.andersson"] = "mb.friction.andersson(v, {mu_s, mu_d, v_s, p, k_t}): the friction\n"
    .. "coefficient of Eq. 4.43 at slip speed v; the force is -mu f_N.",
  ["mb.friction.brown_mcphee"] = "mb.friction.brown_mcphee(v, {mu_s, mu_d, v_t}): the friction\n"
    .. "coefficient of Eq. 4.44 at slip speed v: mu_s at v = v_t, mu_d beyond.",
}

local help = setmetatable({}, {
  __tostring = function() return topics.overview end,
  __call = function(_, what)
    local text
    if what == nil then
      text = topics.overview
    elseif type(what) == "string" then
      text = topics[what] or function_docs[what] or function_docs["mb." .. what]
        or ("No help on '" .. what .. "'. Topics: repl, lessons, vec, mat, model, joints, forces, laws,"
          .. " formulations, contact, pictures.")
    else
      text = by_value[what] or "No help for that value. Type help for the topics."
    end
    print(text)
  end,
})

-- Later modules add their own topics and function texts here.
function help.add(topic, text) topics[topic] = text end
function help.add_function(value, text) by_value[value] = text end

-- Resolve the documented names once, so help(mb.vec.dot) finds its text.
local function resolve(path)
  local v = { mb = mb }
  for name in path:gmatch("[^.]+") do
    if type(v) ~= "table" and type(v) ~= "userdata" then return nil end
    v = v[name]
  end
  return v
end
for path, text in pairs(function_docs) do
  local v = resolve(path)
  if v ~= nil then by_value[v] = text end
end
by_value[mb.vec] = topics.vec
by_value[mb.mat] = topics.mat

return help
