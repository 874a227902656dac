-- SPDX-License-Identifier: GPL-3.0-or-later
-- What a user gives is checked where it is given: a misspelled option or
-- field, a number that is not finite or not sane, each refused at the
-- user's own line with the nearest known name.
local T = dofile(arg[0]:match("(.*/)") .. "harness.lua")
local me = arg[0]:match("[^/]*$")

-- "test_arguments.lua:<the calling line>": the location an error must carry
local function here() return me .. ":" .. debug.getinfo(2, "l").currentline .. ": " end
-- the same, for a call on the line above
local function above() return me .. ":" .. debug.getinfo(2, "l").currentline - 1 .. ": " end

local function pendulum()
  local m = mb.model{ name = "pendulum" }
  m:body{ name = "rod", mass = 2, inertia = 2 / 12, pos = { 0.5, 0 } }
  m:point{ name = "A", body = "rod", at = { -0.5, 0 } }
  m:point{ name = "O", body = "ground" }
  m:vector{ name = "u", body = "rod", dir = { 1, 0 } }
  m:joint{ name = "pin", type = "revolute", points = { "A", "O" } }
  return m
end
local m = pendulum()

---------------------------------------------------------------- misspelled names

T.fails(function() m:simulate{ formulaton = "joint" } end,
  above() .. "simulate: unknown option 'formulaton': did you mean 'formulation'?", "simulate option misspelled")
T.fails(function() m:body{ name = "b", mass = 1, inertia = 1, omgea = 3 } end,
  above() .. "body 'b': unknown field 'omgea': did you mean 'omega'?", "body field misspelled (letters swapped)")
T.fails(function() mb.model{ gravty = { 0, -1 } } end,
  above() .. "mb.model: unknown option 'gravty': did you mean 'gravity'?", "model option misspelled")
T.fails(function() m:point{ name = "P", body = "rod", att = { 1, 0 } } end,
  above() .. "point 'P': unknown field 'att': did you mean 'at'?", "point field misspelled")
T.fails(function() m:vector{ name = "v", body = "rod", dri = { 1, 0 } } end,
  above() .. "vector 'v': unknown field 'dri': did you mean 'dir'?", "vector field misspelled")
T.fails(function() m:joint{ name = "j", type = "rev-rev", points = { "A", "O" }, lenght = 1 } end,
  above() .. "joint 'j': unknown field 'lenght': did you mean 'length'?", "a kind's number misspelled")
T.fails(function() m:joint{ name = "d", type = "driver", joint = "pin", fn = 1, fucntion = 2 } end,
  above() .. "joint 'd': unknown field 'fucntion'", "a form's field unknown")
T.fails(function() m:force{ name = "s", type = "spring-damper", points = { "A", "O" }, stiffness = 1 } end,
  above() .. "force 's': unknown field 'stiffness' (it takes: actuator, c, k, length, name, points, type)",
  "a force's field unknown: the fields it takes listed")
T.fails(function() m:contact{ name = "k", point = "A", radius = 0.1, law = "impulse", e = 0.5, mu = 0.1, muu = 1 } end,
  above() .. "contact 'k': unknown field 'muu': did you mean 'mu'?", "a contact's field misspelled")
T.fails(function() m:joint{ name = "j", type = "revolut", points = { "A", "O" } } end,
  above() .. "joint 'j': unknown type 'revolut': did you mean 'revolute'?", "a type misspelled")
T.fails(function() m:simulate{ formulation = "joints" } end,
  above() .. "simulate: unknown formulation 'joints': did you mean 'joint'?", "a formulation misspelled")
T.fails(function() m:simulate{ stabilization = "baumgart" } end,
  above() .. "simulate: unknown stabilization 'baumgart': did you mean 'baumgarte'?", "a remedy misspelled")
T.fails(function() m:simulate{ integrator = "rk54" } end,
  above() .. "simulate: unknown integrator 'rk54'", "an integrator misspelled")
T.fails(function() m:kinematics{ tff = 1 } end,
  above() .. "kinematics: unknown option 'tff': did you mean 'tf'?", "kinematics option misspelled")
T.fails(function() m:inverse_dynamics{ dtt = 1 } end,
  above() .. "inverse_dynamics: unknown option 'dtt': did you mean 'dt'?", "inverse dynamics option misspelled")
T.fails(function() m:pieces{ formulaton = "joint" } end,
  above() .. "pieces: unknown option 'formulaton'", "pieces option misspelled")
T.fails(function() m:joint_coords{ tre = {} } end,
  above() .. "joint_coords: unknown option 'tre': did you mean 'tree'?", "joint_coords option misspelled")
T.fails(function() m:simulate("fast") end,
  above() .. "simulate: the options must be a table { ... }, not string", "options not a table")

-- British spelling of an option is taken as ours
local r = m:simulate{ tf = 0.5, dt = 0.05, stabilisation = "baumgarte", alpha = 5, beta = 5 }
local plain = m:simulate{ tf = 0.5, dt = 0.05, stabilization = "baumgarte", alpha = 5, beta = 5 }
T.eq(r.stats.fevals, plain.stats.fevals, "stabilisation is stabilization")
T.eq(r:body("rod").angle[#r.t], plain:body("rod").angle[#r.t], "the same run")

---------------------------------------------------------------- numbers

T.fails(function() m:body{ name = "b", mass = 1, inertia = 1, pos = { 0 / 0, 0 } } end,
  above() .. "body 'b': pos[1] must be a number, not NaN", "NaN position")
T.fails(function() m:body{ name = "b", mass = math.huge, inertia = 1 } end,
  above() .. "body 'b': mass must be finite, not inf", "infinite mass")
T.fails(function() m:body{ name = "b", mass = 1e-320, inertia = 1 } end,
  above() .. "body 'b': mass must be at least 1e-12", "a denormal mass is a slip of units")
T.fails(function() m:body{ name = "b", mass = 1, inertia = 1e300 } end,
  above() .. "body 'b': inertia must be at most 1e+12 in size", "an absurd inertia")
T.fails(function() m:body{ name = "b", mass = 1, inertia = 1, omega = -math.huge } end,
  above() .. "body 'b': omega must be finite, not -inf", "infinite rate")
T.fails(function() m:point{ name = "P", body = "rod", at = { 1, 1 / 0 } } end,
  above() .. "point 'P': at[2] must be finite, not inf", "infinite point")
T.fails(function() m:joint{ name = "j", type = "rev-rev", points = { "A", "O" }, length = 1e300 } end,
  above() .. "joint 'j': length must be finite and at most 1e+15 in size", "a kind's number too large (judged in C)")
T.fails(function() m:joint{ name = "j", type = "rev-rev", points = { "A", "O" }, length = 0 / 0 } end,
  above() .. "joint 'j': length must be a number, not NaN", "a kind's NaN is not 'left out'")
T.fails(function() m:force{ name = "f", type = "force", point = "A", value = { 0 / 0, 1 } } end,
  above() .. "force 'f': value must be a pair of numbers {a, b}, not NaN", "a kind's pair with NaN")
T.fails(function() mb.model{ gravity = { 0, 0 / 0 } } end,
  above() .. "mb.model: gravity[2] must be a number, not NaN", "NaN gravity")
T.fails(function() m:simulate{ tf = math.huge } end, here() .. "simulate: tf must be a number from 1e-12 to 1e+12 (got inf)", "infinite tf")
T.fails(function() m:simulate{ tf = 1, dt = 0 / 0 } end, here() .. "simulate: dt must be a number from 1e-12 to 1e+12 (got NaN)", "NaN dt")
T.fails(function() m:simulate{ tf = 1e9, dt = 1e-3 } end, here() .. "simulate: tf / dt is 1e+12 reports", "too many reports")
T.fails(function() m:evaluate(0 / 0) end, here() .. "evaluate: t must be a number, not NaN", "NaN time")
T.fails(function() m:kinematics{ max_iterations = 2.5 } end,
  above() .. "kinematics: max_iterations must be a whole number from 1 to 1000 (got 2.5)", "iterations not whole")

-- a NaN given where a whole number, a choice or a name goes is said "NaN",
-- never as Lua's tostring writes it ("-nan"), at the user's line
do
  local nan = 0 / 0
  local run = mb.example("pendulum"):simulate{ tf = 0.2, dt = 0.1 }
  local crank = mb.example("slider_crank")
  local cases = {
    { function() run:frame(0, { width = nan }) end, "r:frame: width must be a whole number of characters from 8 to 1000 (got NaN)" },
    { function() run:frame(0, { height = nan, file = "x.png" }) end, "r:frame: height must be a whole number of pixels" },
    { function() run:frames("x.txt", nan) end, "r:frames: n must be a whole number of frames from 1 to 1000 (got NaN)" },
    { function() mb.plot{ series = { { y = { 1, 2 } } }, width = nan, text = true } end, "mb.plot: width must be" },
    { function() mb.newton(function(x) return x end, 1, { max_iterations = nan }) end,
      "mb.newton: max_iterations must be a whole number of iterations from 1 to 100000 (got NaN)" },
    { function() m:modes():animate(nan) end, "md:animate: k must be a mode's number, 1 to 1 (got NaN)" },
    { function() mb.options{ graphics = nan } end, "mb.options: graphics must be one of auto, sixel, kitty, text (got NaN)" },
    { function() problem(nan) end, "problem: there is no problem NaN:" },
    { function() problems(nan) end, "problems: there are no problems of chapter NaN;" },
    { function() crank:force{ name = "drag", type = "joint-friction", joint = "motor", c = nan } end,
      "force 'drag': c must be positive (got NaN)" },
    { function() m:simulate{ tf = nan } end, "simulate: tf must be a number from 1e-12 to 1e+12 (got NaN)" },
    { function() m:simulate{ tf = 1, tol = nan } end, "simulate: tol must be a number from 1e-14 to 1 (got NaN)" },
    { function() m:equilibrium{ tol = nan } end, "equilibrium: tol must be a number from 1e-14 to 1e+15 (got NaN)" },
  }
  for _, case in ipairs(cases) do
    local line = debug.getinfo(case[1], "S").linedefined
    local ok, err = pcall(case[1])
    err = tostring(err)
    T.ok(not ok and err:find(me .. ":" .. line .. ": " .. case[2], 1, true)
      and err:find("NaN", 1, true) and not err:find("nan"), case[2] .. " -- message: " .. err)
  end
  local ok, err = pcall(lesson, nan)
  T.ok(not ok and tostring(err):find("there is no lesson NaN;", 1, true), "lesson(NaN) -- message: " .. tostring(err))
end

-- a change at the prompt is judged when the run starts, at the run's line,
-- naming where the element was made
local made = debug.getinfo(1, "S").short_src .. ":" .. debug.getinfo(pendulum, "S").linedefined + 2
m.bodies.rod.pos = { 0 / 0, 0 }
T.fails(function() m:simulate{ tf = 0.1 } end, here() .. "body 'rod' (made at " .. made .. "): pos[1] must be a number, not NaN",
  "NaN set at the prompt: said at the run, with where the body was made")
m.bodies.rod.pos = { 0.5, 0 }
-- a field misspelled at the prompt is refused at its own line, with the
-- fields the element takes (it was said at the next run's line)
T.fails(function() m.bodies.rod.omgea = 3 end, here() .. "body 'rod' (made at " .. made .. "): unknown field 'omgea': "
  .. "did you mean 'omega'? (it takes: angle, inertia, mass, omega, pos, vel)", "a body's field misspelled at the prompt")
T.eq(rawget(m.bodies.rod, "omgea"), nil, "and it is not kept")
m:force{ name = "s", type = "spring-damper", points = { "A", "O" }, k = 1, length = 1 }
local made_s = debug.getinfo(1, "S").short_src .. ":" .. debug.getinfo(1, "l").currentline - 1
T.fails(function() m.forces.s.lenght = 2 end, here() .. "force 's' (made at " .. made_s .. "): unknown field 'lenght': "
  .. "did you mean 'length'?", "a force's field misspelled at the prompt")
T.fails(function() m.joints.pin.fn = function() return 0 end end, "joint 'pin' (made at ", "a revolute joint has no fn")
-- a field the kind takes but the element was made without is set
m.forces.s.c = 0.5
T.eq(m.forces.s.c, 0.5, "a field left out when made is set at the prompt")
-- a type changed at the prompt leaves fields the new kind does not take: the run says which, and how to take it away
m.forces.s.type = "force"
T.fails(function() m:simulate{ tf = 0.1 } end, 'to take it away: m.forces["s"].', "fields of the old type, at the run")
m.forces.s = nil

-- an element taken away at the prompt leaves the model; one put in by
-- assignment is refused
local cut = pendulum()
cut:point{ name = "tip", body = "rod", at = { 0.5, 0 } }
cut:force{ name = "push", type = "force", point = "tip", value = { 0, -100 } }
local pushed = cut:simulate{ tf = 0.1, dt = 0.05 }
cut.forces.push = nil
local free = cut:simulate{ tf = 0.1, dt = 0.05 }
T.ok(tostring(cut):find("0 forces", 1, true), "m.forces.push = nil: the model has no force left: " .. tostring(cut))
local plain = pendulum():simulate{ tf = 0.1, dt = 0.05 }
T.ok(math.abs(pushed:body("rod").angle[3] - plain:body("rod").angle[3]) > 1e-3, "the push moved the rod")
T.eq(free:body("rod").angle[3], plain:body("rod").angle[3], "without it the run is the plain pendulum's, bit for bit")
cut.joints.pin = nil
T.eq(cut:dof(), 3, "m.joints.pin = nil: the rod is free (3 degrees of freedom)")
cut.bodies.extra = { name = "extra", mass = 1, inertia = 1 }
T.fails(function() cut:simulate{ tf = 0.1 } end,
  above() .. "model 'pendulum': bodies[\"extra\"] was set by assignment; make it with m:body{ name = \"extra\", ... }",
  "an element set by assignment is refused, with how to make it")

-- a direction far below 1 in size is still a direction
local slider = mb.model{ name = "slider" }
slider:body{ name = "s", mass = 1, inertia = 1 }
slider:point{ name = "G", body = "ground" }
slider:point{ name = "S", body = "s" }
slider:vector{ name = "w", body = "ground", dir = { 1e-170, 0 } }
slider:vector{ name = "us", body = "s", dir = { 1, 0 } }
slider:joint{ name = "guide", type = "translational", points = { "G", "S" }, vectors = { "w", "us" } }
local run = slider:simulate{ tf = 0.1, dt = 0.05 }
T.near(run:body("s").y[#run.t], 0, 1e-15, "a guide along {1e-170, 0} holds the slider level (no underflow)")

---------------------------------------------------------------- results and comparisons
local run = m:simulate{ tf = 0.1, dt = 0.05 }
T.fails(function() return run:body("rod").angel end,
  above() .. "r:body(\"rod\"): has no quantity 'angel' (did you mean 'angle'?)", "a result's quantity misspelled")
T.fails(function() return run.energy.kinetik end, here() .. "r.energy: has no quantity 'kinetik'", "an energy misspelled")
T.fails(function() run:plot("rod.angel", { text = true }) end,
  above() .. "r:plot: cannot plot 'rod.angel': did you mean 'rod.angle'?", "a plotted quantity misspelled")
T.fails(function() mb.compare(m, { "body", "joints" }, { tf = 0.1, show = false }) end,
  above() .. "mb.compare: run 2: unknown formulation 'joints': did you mean 'joint'?", "a compared formulation misspelled")
T.fails(function() mb.compare(m, { "body", "minimal", "partitioning" }, { tf = 0.1, show = false }) end,
  above() .. 'mb.compare: run 3: partitioning is a stabilization, not a formulation: { label = "partitioning", '
  .. 'stabilization = "partitioning" }', "a remedy named as a compared run says how to ask for it")
T.fails(function() m:simulate{ tf = "2" } end, here() .. "simulate: tf must be a number from 1e-12 to 1e+12 (got '2')",
  "the bad value is echoed")
-- a tolerance or a step of the wrong type is named as such, not as too small
T.fails(function() m:simulate{ tf = 1, tol = "1e-6" } end,
  above() .. "simulate: tol must be a number from 1e-14 to 1 (got '1e-6')", "tol as a string")
T.fails(function() m:simulate{ tf = 1, abstol = "1e-9" } end,
  above() .. "simulate: abstol must be a number from 1e-300 to 1e+12 (got '1e-9')",
  "abstol as a string")
T.fails(function() m:simulate{ tf = 1, abstol = 1e20 } end,
  above() .. "simulate: abstol must be a number from 1e-300 to 1e+12 (got 1e+20)", "abstol too large")
T.fails(function() m:simulate{ tf = 1, dt = 0.1, integrator = "rk4", h = "0.01" } end,
  above() .. "simulate: h must be a number from 1e-12 to 1e+12 (got '0.01')", "h as a string")
T.fails(function() m:simulate{ tf = 1, dt = 0.1, integrator = "rk4", h = 0.5 } end,
  above() .. "simulate: h must be at most dt = 0.1 (got 0.5)", "h past dt")
T.fails(function() m:simulate{ tf = 1, tol = 0 / 0 } end,
  above() .. "simulate: tol must be a number from 1e-14 to 1 (got NaN)", "NaN tol said as NaN")
T.fails(function() mb.example("chain", "ten") end,
  above() .. "mb.example: chain: the number of links is a whole number from 1 to 1000 (8 by default), not 'ten'",
  "an example's own check, said at the user's line")
local corrected = pendulum()
corrected.bodies.rod.omega = 3
local wide = 0
for line in corrected:simulate{ tf = 0.1, correct = true }:summary():gmatch("[^\n]+") do wide = math.max(wide, #line) end
T.ok(wide <= 80, ("a summary with corrected initial conditions fits 80 columns (%d)"):format(wide))

---------------------------------------------------------------- a state that overflows during a run
-- A push of 1e300 N while the puck is slower than 1e300 m/s: within one
-- step its rate is far beyond what a square can hold. Every formulation
-- stops there, naming the time, the body and the quantity.
local runaway = mb.model{ name = "runaway" }
runaway:body{ name = "puck", mass = 1, inertia = 1, vel = { 1, 0 } }
runaway:force{ name = "push", type = "user", fn = function(t, s)
  local v = s.bodies.puck.vx
  return { { body = "puck", force = { v < 1e300 and 1e300 or 0, 0 } } }
end }
for _, f in ipairs(T.formulations("dynamics")) do
  T.fails(function() runaway:simulate{ formulation = f, tf = 1, integrator = "rk4", h = 0.01 } end,
    "at t = 0.005 the state is not finite or beyond 1e150: the rate of ", f .. ": an overflowing state stops the run")
  T.ok(runaway.last and runaway.last.t[#runaway.last.t] == 0 and runaway.last:body("puck").vx[1] == 1,
    f .. ": the samples before it are kept, finite")
end
T.fails(function() runaway:simulate{ tf = 1, integrator = "rk4", h = 0.01 } end,
  "the rate of body 'puck' (x) is 5e+297", "body coordinates name the body and the coordinate")

---------------------------------------------------------------- a driver asking what no mechanism does
-- A body held by three drivers, one of them an angle of 1e308 rad: every
-- constraint stays finite, but the pose and the acceleration the drivers
-- ask cannot be reported. Minimal coordinates place the driven body from
-- the functions alone (no coordinate of its own), and used to report its
-- angular acceleration as -inf and its ax as NaN (fuzz case 160442).
local driven = mb.model{ name = "driven" }
driven:body{ name = "b1", mass = 2, inertia = 0.01, pos = { -0.19, -0.4 }, angle = -1.12 }
driven:point{ name = "P1", body = "b1", at = { 0.089, -0.102 } }
driven:point{ name = "P2", body = "ground", at = { -0.887, -0.024 } }
driven:joint{ name = "D1", type = "driver", points = { "P1", "P2" }, fn = mb.fn.poly{ 0.813, 0, 0.004 } }
driven:joint{ name = "D2", type = "driver", body = "b1", fn = function(t) return 1e308 end }
driven:point{ name = "P3", body = "b1", at = { -0.0047, -0.0886 } }
driven:point{ name = "P4", body = "ground", at = { -0.282, 0.0218 } }
driven:joint{ name = "D3", type = "driver", points = { "P3", "P4" }, fn = 0.454 }
local why = { "the constraints are not finite", "no closed loop", "states no constraint equations" }
for _, f in ipairs(mb.formulations()) do
  local ok, err = pcall(driven.kinematics, driven, { formulation = f, tf = 0.01, dt = 0.005 })
  local at = above()
  err = tostring(err)
  local said = false
  for _, w in ipairs(why) do said = said or err:find(w, 1, true) ~= nil end
  if f == "minimal" then
    said = err:find("at t = 0 the position of body 'b1' (its angle) is 1e+308, beyond 1e150 (a driver's function", 1,
      true)
  end
  T.ok(not ok and err:find(at, 1, true) and said,
    ("%s: an angle of 1e308 from a driver stops the kinematics, said at the user's line (%s)"):format(f, err))
  for _, v in ipairs(driven.last and driven.last.bodies and driven.last.bodies.b1.alpha or {}) do
    T.ok(v == v and math.abs(v) < math.huge, f .. ": no sample kept holds a non-finite acceleration")
  end
end


T.finish()
