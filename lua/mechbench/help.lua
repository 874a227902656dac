-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.help: `help`, `help "topic"`, `help "name"` and `help(f)`.
-- Typing `help` alone prints the overview, because the table prints itself.
-- The topics are pages written here; every function's text comes from the
-- one table in mechbench.reference, which the man page is checked against.
local reference = require "mechbench.reference"
local args = require "mechbench.args"
local kinds = require "mechbench.kinds"
local elements = require "mechbench.elements"
local model = require "mechbench.model"

local topics = {}

topics.overview = [[
mechbench: learn planar multibody dynamics at the prompt.

  lessons()          list the lessons and your progress
  lesson(2)          open lesson 2; then next(), back(), show(), run(),
                     hint(), check(answer)
  help "vec"         planar vectors:  mb.vec.rot, dot, cross, A, rotate ...
  help "mat"         matrices on GSL: mb.mat{{...}}, solve, inv, rank ...
  help "model"       mechanisms: mb.model, m:body, m:joint, m:simulate ...
  help "options"     every option: its values, default, who takes it
  help "joints"      every joint type and what it takes (also "forces", "laws")
  help "contact"     contact and impact: m:contact, m:impact, r.impacts ...
  help "results"     what a run returns: r.t, r:body("b").x, r:csv ...
  help "pictures"    r:animate(), r:plot("b.x"), mb.compare(m, {...})
  help "repl"        the prompt: =expr, multi-line input, completion, keys
  help "units"       SI units, radians, and math.rad for degrees
  help "lessons"     how lessons work
  help "simulate"    one function by its name (also "m:simulate", "r:plot")
  help(f)            the same by value: help(mb.compare), help(m.simulate)

The book: P. E. Nikravesh, Planar Multibody Dynamics, 2nd ed.]]

topics.units = [[
SI units throughout; angles in radians.
  length m, mass kg, inertia kg m^2, time s, force N, torque N m
  angle rad, angular rate rad/s; gravity {0, -9.81} m/s^2 unless told
  spring k N/m, damper c N s/m; rotational k N m/rad, c N m s/rad
  degrees to radians: math.rad(65); back: math.deg(x)
  math.sin, math.cos, math.atan take and give radians:
  math.sin(math.rad(65)) = 0.906, while math.sin(65) = 0.827 (65 rad)
A number read off the book in degrees goes in through math.rad.]]

topics.repl = [[
The prompt runs Lua 5.4.
  1 + 2              an expression prints its value (so does =1+2)
  a = {2, 3}         a statement runs quietly
  m = mb.model{}     not local m: each line is its own chunk, and a local ends
                     with it (pasting a script line by line, leave out local)
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
variable of yours; it says so when the names meet. m = lesson.m takes the
lesson's m, which then follows the lesson's later steps.
Code in `backquotes` in a step or a hint is what you can type.
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
      or "point": shared points at the pins, no angles (Ch. 10)
      or "point-recursive": Attia's particles, chains tip to base
      or "minimal": the independent coordinates alone
  m:joint_coords()                           the tree, B, M-bar, h-bar, C
  m:minimal_coords()                         the closed-form groups, B, M'
  m:point_coords()                           the points, constraint types, M
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
  joints = function()
    return "Joint types, m:joint{ name = ..., type = ..., ... } (book Sec. 7.2):\n"
      .. elements.kinds_help("joint") .. "\nA number given as name(x) may be left out: it is then x."
  end,
  forces = function()
    return "Force types, m:force{ name = ..., type = ..., ... } (book Sec. 4.4):\n"
      .. elements.kinds_help("force") .. "\nA number given as name(x) may be left out: it is then x."
  end,
  -- every option, from its one declaration (the man page's OPTIONS agree)
  options = function()
    local lines = { "Options, as m:simulate{ tol = 1e-8 } takes them: each is declared once (in C,",
      "or beside the Lua that reads it) and checked there; the run refuses any other." }
    for _, o in ipairs(model.declared_options()) do
      lines[#lines + 1] = "  " .. o.d.name
      for line in reference.wrap(kinds.describe_option(o.d, o.with), 74):gmatch("[^\n]+") do
        lines[#lines + 1] = "    " .. line
      end
    end
    return table.concat(lines, "\n")
  end,
  laws = function() return "Contact laws, m:contact{ ..., law = ..., ... } (book Ch. 11):\n" .. elements.kinds_help("law") end,
  results = function()
    return [[
A run r = m:simulate{...} (also m:kinematics, m:inverse_dynamics,
m:equilibrium) holds arrays over the reporting times r.t:
  r.energy.kinetic, .potential, .total    r.violation  |Phi| at each sample
  r.stats.fevals, .steps, .wall           r.warnings   what the run noticed
  r.impacts (contacts)                    r.state_size the integrator's states
]] .. reference.methods("r")
  end,
  formulations = function()
    local f, rowless = {}, {}
    for _, entry in ipairs(kinds.formulation_list(true)) do
      f[#f + 1] = ("  %-16s %s"):format(entry.name, entry.title)
      if not entry.can.constraints then
        rowless[#rowless + 1] = ("%s: integrator %q, h = %g s unless told.\n"
          .. "  No constraint rows: no remedy, redundant = \"drop\" or kinematics.\n"
          .. "  omega and zeta set its joints' springs."):format(entry.name, entry.integrator, entry.step)
      end
    end
    return "Formulations, m:simulate{ formulation = ... }:\n" .. table.concat(f, "\n")
      .. '\nvector is for kinematics only: m:kinematics{ formulation = "vector" }, m:loops()'
      .. (#rowless > 0 and "\n" .. table.concat(rowless, "\n") or "") .. "\n" .. [[
minimal: one coordinate per degree of freedom; every body follows in closed
form, group by group (m:minimal_coords() shows them). It chooses its
independent coordinates unless independent = {"crank.angle"} names them
(body.x, body.y, body.angle, a pin's joint.angle, a slider's joint.slide),
or {{"crank.angle"}, {"B.angle"}} lists the sets to switch between. Before
a group turns singular it switches (r.switches: t, from, to, condition);
switching = false stops there instead. No rows, so no stabilization.]]
  end,
}
setmetatable(topics, { __index = function(t, name)
  local make = generated[name]
  if not make then return nil end
  t[name] = make()
  return t[name]
end })

topics.pictures = [[
Pictures of a run r = m:simulate{...}: full screen at the prompt, text in
--batch.
  r:animate{ trails = true }     space pause, arrows step, + - speed, r, t, l, q
  r:plot("rod.angle", "rod.omega")        time histories, several at once
  r:plot("tip.path")                      a point's path (x-y)
  r:plot("pin.fx", "energy.total", "violation")
  r:frame(1.5)                            one frame as text
  r:cast("run.cast")                      asciicast for asciinema play
  mb.compare(m, {"body", {label = "rk4", integrator = "rk4", h = 0.01}},
             {tf = 2})                    the same model run several ways
NO_COLOR turns colour off; MECHBENCH_ASCII forces plain ASCII.]]

-- The overview's topics, for "no help on ..." and for "did you mean".
local topic_names = { "repl", "lessons", "vec", "mat", "model", "options", "joints", "forces", "laws",
  "formulations", "contact", "pictures", "results", "units" }

-- Words that ask for the methods of a kind of value.
local method_words = { m = "m", r = "r", c = "c", result = "r", results = "r", comparison = "c" }

-- A function of Lua's own standard library: its name, or nil.
local function lua_name(value)
  for _, lib in ipairs { "string", "table", "math", "io", "os", "coroutine", "utf8", "debug" } do
    local t = rawget(_G, lib)
    if type(t) == "table" then
      for k, f in pairs(t) do if rawequal(f, value) then return lib .. "." .. k end end
    end
  end
  for k, f in pairs(_G) do
    if type(k) == "string" and rawequal(f, value) and type(f) == "function" then return k end
  end
end

-- The text of an entry of the reference: a namespace (mb.vec) shows its topic.
local function entry_text(e) return e.topic and topics[e.topic] or reference.render(e) end

-- Under a topic, the functions that share its name: 'Also: help "m:contact"'.
local function also(topic)
  local names = {}
  for _, e in ipairs(reference.entries) do
    if not e.internal and e.topic ~= topic and (e.name == topic or reference.short(e.name) == topic) then
      names[#names + 1] = ('help "%s"'):format(e.name == topic and topic .. "()" or e.name)
    end
  end
  return #names > 0 and ("\nAlso: " .. table.concat(names, ", ") .. ".") or ""
end

-- Entries that share a name, in the order a student most likely means:
-- a result's, mb's, a model's and the prompt's before a comparison's, the
-- modes' and a matrix's (help "animate" is r:animate first).
local owner_rank = { r = 1, mb = 2, m = 3, [""] = 4, c = 5, md = 6, A = 7 }
local function rank_of(e)
  local owner = e.name:match("^(%a+):") or e.name:match("^(mb)%.") or ""
  return owner_rank[owner] or 8
end
local function by_owner(found)
  for i, e in ipairs(found) do e._at = i end
  table.sort(found, function(a, b)
    if rank_of(a) ~= rank_of(b) then return rank_of(a) < rank_of(b) end
    return a._at < b._at
  end)
  for _, e in ipairs(found) do e._at = nil end
  return found
end

-- The help for a name: a topic, the methods of a kind of value, or the
-- entries of the reference that go by that name; nil if none. A bare word
-- ("show", "body", "simulate") brings every function of that name.
local function by_name(what)
  local call = what:match("^([%w_]+)%(%)$")  -- "lessons()": the function, not the topic
  if topics[what] then return topics[what] .. also(what) end
  if method_words[what] then return reference.methods(method_words[what]) end
  what = call or what
  local found = {}
  if what:find("^[%w_]+$") then
    for _, internal in ipairs { false, true } do  -- internal ones only when nothing else
      for _, e in ipairs(reference.entries) do
        if (e.name == what or reference.short(e.name) == what) and (e.internal ~= nil) == internal then
          found[#found + 1] = e
        end
      end
      if #found > 0 then break end
    end
  end
  local e = #found == 0 and (reference.named(what)
    or reference.named((what:gsub("^([mrcA])%.([%w_]+)$", "%1:%2")))  -- m.simulate
    or reference.named("mb." .. what))                                -- vec.dot
  if e then found[1] = e end
  if #found == 0 then return nil end
  -- the first in full; the others too while they fit a screen, else named
  local texts, rest, rows = {}, {}, 0
  for i, f in ipairs(by_owner(found)) do
    local text = entry_text(f)
    local lines = select(2, text:gsub("\n", "")) + 2
    if i == 1 or rows + lines <= 18 then
      texts[#texts + 1], rows = text, rows + lines
    else
      rest[#rest + 1] = ('help "%s"'):format(f.name)
    end
  end
  local also_text = #rest > 0 and reference.wrap("Also: " .. table.concat(rest, ", ") .. ".", 78) or nil
  return table.concat(texts, "\n\n") .. (also_text and ("\n\n" .. also_text) or "")
end

-- Whether text has the word, or its plural ("unit" in "units").
local function mentions(text, word)
  return elements.has_word(text, word)
end

-- help "word" for a word that names nothing: what it could mean, best
-- first. Names and topics that begin with it; the kinds of joint, force
-- and contact law whose name, fields or summary have it; the topics and
-- entries whose text has it; last, a name one slip of typing away. Nil
-- when nothing has.
local function search(what)
  if not what:find("^[%w_%.:%-]+$") then return nil end
  local word = what:gsub("^.*[:.]", "")
  if word == "" then return nil end
  local lines, listed = {}, {}
  local function list(name, sig)
    if listed[name] then return end
    listed[name] = true
    local head = ('  help %-22s'):format('"' .. name .. '"')
    lines[#lines + 1] = #head + 1 + #sig <= 78 and (head .. " " .. sig) or head:gsub("%s+$", "")
  end
  local function public(e) return not e.internal end
  -- names and topics that begin with the word (three letters or more)
  local begins, near_topics = {}, {}
  if #word >= 3 then
    for _, e in ipairs(reference.entries) do
      if public(e) and (e.name:lower():find(what:lower(), 1, true) == 1
          or reference.short(e.name):lower():find(word:lower(), 1, true) == 1) then
        begins[#begins + 1] = e
      end
    end
    by_owner(begins)
    for _, t in ipairs(topic_names) do
      if t:find(word:lower(), 1, true) == 1 then near_topics[#near_topics + 1] = t end
    end
  end
  -- the kinds that have it
  local kind_lines = {}
  for _, kind in ipairs { { "joint", "Joint types", "joints" }, { "force", "Force types", "forces" },
    { "law", "Contact laws", "laws" } } do
    local text = elements.kinds_help(kind[1], word)
    if text ~= "" then
      kind_lines[#kind_lines + 1] = ('%s with "%s" (help "%s" lists them all):'):format(kind[2], word, kind[3])
      kind_lines[#kind_lines + 1] = text
    end
  end
  local head
  local first = near_topics[1] or (begins[1] and begins[1].name)
  if first then
    head = ("No help on '%s': did you mean '%s'? Type help \"%s\"."):format(what, first, first)
    listed[first] = true
  end
  for _, t in ipairs(near_topics) do list(t, "(a topic)") end
  for _, e in ipairs(begins) do list(e.name, e.sig) end
  -- the topics and entries whose text has the word, when nothing closer
  if not head and #kind_lines == 0 then
    for _, t in ipairs(topic_names) do
      if mentions(topics[t], word) then list(t, "(a topic)") end
    end
    local found = {}
    for _, e in ipairs(reference.entries) do
      if public(e) and mentions(e.sig .. " " .. (e.text or ""), word) then found[#found + 1] = e end
    end
    for _, e in ipairs(by_owner(found)) do list(e.name, e.sig) end
    if #lines == 0 then return nil end
    head = ("No function or topic is called '%s'; these mention it:"):format(what)
  end
  local most = 10
  if #lines > most then
    local left = #lines - most + 1
    for k = #lines, most, -1 do lines[k] = nil end
    lines[most] = ("  and %d more"):format(left)
  end
  local out = {}
  if head then out[#out + 1] = reference.wrap(head, 78) end
  for _, l in ipairs(kind_lines) do out[#out + 1] = l end
  if #lines > 0 then
    if #out > 0 and not head:find("mention it:$") then out[#out + 1] = "Also:" end
    for _, l in ipairs(lines) do out[#out + 1] = l end
  end
  return table.concat(out, "\n")
end

-- "No help on 'simulat': did you mean 'simulate'?" and where to look.
local function not_found(what)
  local known = reference.names()
  for _, t in ipairs(topic_names) do known[#known + 1] = t end
  local near = args.nearest(what, known)
  if near then
    return ("No help on '%s': did you mean '%s'? Type help \"%s\"."):format(what, near, near)
  end
  return reference.wrap(("No help on '%s'. The topics are %s. Or a function by its name:"
    .. ' help "m:simulate", help "plot", help "mb.compare".'):format(what,
    table.concat(topic_names, ", ")), 78)
end

-- The help for a value: a function's entry, a model's, result's or
-- comparison's methods, a vector's or matrix's topic.
local function by_value(value)
  local e = reference.of(value)
  if e then return entry_text(e) end
  local mt = getmetatable(value)
  if mt ~= nil then
    for _, letter in ipairs { "m", "r", "c" } do
      if rawequal(mt, reference.owner(letter)) then return reference.methods(letter) end
    end
    local kind = type(mt) == "table" and rawget(mt, "__name")
    if kind == "vector" then return topics.vec end
    if kind == "matrix" then return topics.mat end
  end
  local lua = lua_name(value)
  if lua then
    return ("%s is Lua's own function: see the Lua 5.4 manual,\n"
      .. "https://www.lua.org/manual/5.4/manual.html#pdf-%s"):format(lua, lua)
  end
  if type(value) == "function" then
    return "No help for that function: it is not one of mechbench's.\nType help for the topics."
  end
  return ("help takes a topic, a function's name or a function, not a %s.\nType help for the topics.")
    :format(type(value))
end

local help = setmetatable({}, {
  __tostring = function() return topics.overview end,
  __call = function(_, what)
    local text
    if what == nil then
      text = topics.overview
    elseif type(what) == "string" then
      text = by_name(what) or search(what) or not_found(what)
    else
      text = by_value(what)
    end
    print(text)
  end,
})

return help
