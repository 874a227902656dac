-- Input nobody wrote a test for: the defects a fuzz campaign found (issue
-- 11), each a regression test here. Under `make asan` and valgrind these
-- also prove the memory is sound; in a plain build they prove each input
-- is refused with a message, or runs, and never crashes.
local T = dofile(arg[0]:match("(.*/)") .. "harness.lua")
local core = require "mechbench.core"

-- the row names of point coordinates' trace outlive its workspace
for _, analysis in ipairs { "kinematics", "inverse_dynamics" } do
  local m = mb.example("slider_crank")
  local r = m[analysis](m, { formulation = "point", trace = true, tf = 0.1 })
  local named = #r.trace > 0
  for _, step in ipairs(r.trace) do
    named = named and type(step.worst) == "string" and step.worst:find("^[%w%s'%(%)%.,_-]+$") ~= nil
  end
  T.ok(named, analysis .. " in point coordinates with trace: every step names its worst row in plain words")
end

-- more constraint rows than coordinates (a pendulum also welded to the
-- ground) under partitioning, in every formulation
for _, f in ipairs(T.formulations("dynamics")) do
  local weld = mb.example("pendulum")
  weld:joint{ name = "weld", type = "rigid", bodies = { "rod", "ground" } }
  T.fails(function() weld:simulate{ formulation = f, stabilization = "partitioning", tf = 0.1 } end,
    "redundant", f .. ": partitioning with redundant rows is refused, naming the redundancy")
  local r = weld:simulate{ formulation = f, stabilization = "partitioning", redundant = "drop", tf = 0.1 }
  T.near(r:body("rod").angle[#r.t], weld.bodies.rod.angle or 0, 1e-12, f .. ": with drop the welded rod stays")
end

-- a renamed body is refused (its points would compile onto the ground)
local renamed = mb.example("pendulum")
renamed.bodies.rod.name = "renamed"
T.fails(function() renamed:simulate{ stabilization = "penalty", tf = 0.1 } end, "was set by assignment",
  "a renamed body is refused")

-- counts and casts: every number is checked before it becomes a count
local crank = mb.example("slider_crank")
T.fails(function() crank:kinematics{ tf = 1, dt = 1e-15 } end, "tf / dt is 1e+15 reports", "kinematics: dt = 1e-15")
T.fails(function() crank:simulate{ tf = 1, integrator = "rk4", h = 1e-300 } end, "tf / h is 1e+300 steps",
  "rk4 with h = 1e-300")
T.fails(function() crank:simulate{ tf = math.huge } end, "tf must be a positive, finite time", "tf = math.huge")
for _, it in ipairs { -1, 0 / 0, 2 ^ 31, 2.5 } do
  T.fails(function() crank:kinematics{ tf = 0.1, max_iterations = it } end,
    "max_iterations must be a whole number from 1 to 1000", "max_iterations = " .. tostring(it))
end
T.fails(function() mb.example("pendulum"):equilibrium{ max_iterations = 2 ^ 40 } end, "max_iterations must be at most",
  "equilibrium's iterations are bounded")

-- the C boundary is checked too: scripts can reach mechbench.core
local d = mb.example("four_bar"):compile()
local function raw_error(f) local ok, r = pcall(f) return ok and r.error or r end
local cases = {
  { "a body index out of range", function() local e = mb.example("four_bar"):compile() e.joints[1].bi = 99
    return core.model.simulate(e, { tf = 0.1 }) end, "a body index is out of range" },
  { "no bodies", function() local e = mb.example("four_bar"):compile() e.bodies = {}
    return core.model.simulate(e, { tf = 0.1 }) end, "the model has no bodies" },
  { "dt = 1e-15", function() return core.model.kinematics(crank:compile(), { tf = 1, dt = 1e-15 }) end,
    "tf / dt is 1e+15 reports" },
  { "h = 1e-300", function() return core.model.simulate(d, { tf = 1, integrator = "rk4", h = 1e-300, dt = 0.1 }) end,
    "tf / h is 1e+300 steps" },
  { "tf = inf", function() return core.model.simulate(d, { tf = math.huge }) end, "option tf must be a number" },
  { "max_iterations = -5", function() return core.model.kinematics(crank:compile(), { tf = 0.1, max_iterations = -5 }) end,
    "option max_iterations must be a number from 1 to 1000" },
  { "an unknown integrator", function() return core.model.simulate(d, { tf = 0.1, integrator = "euler" }) end,
    "unknown integrator 'euler'" },
  { "zeta < 0", function() return core.model.simulate(d, { tf = 0.1, stabilization = "penalty", zeta = -1 }) end,
    "option zeta must be a number from 0" },
  { "an independent coordinate out of range", function()
    return core.model.simulate(d, { tf = 0.1, stabilization = "partitioning", independent_coords = { 1e9 } }) end,
    "independent: coordinate 1000000000 is not one of the 9 coordinates" },
  { "a user force that returns a number", function()
    local e = mb.example("four_bar"):compile()
    e.forces[1] = { name = "u", where = "here", kind = "user", fn = function() return 5 end }
    return core.model.simulate(e, { tf = 0.1 }) end, "a user force must return a table of forces, not a number" },
  { "t = NaN", function() return core.model.evaluate(d, 0 / 0) end, "a finite number expected" },
  { "pieces at t = NaN", function() return core.model.pieces(d, { formulation = "body" }, 0 / 0) end,
    "a finite number expected" },
  { "a contact force at delta = NaN", function()
    return core.model.contact_force("flores", { k = 1e11, n = 1.5, e = 0.5 }, 0 / 0, 1, 1) end,
    "a finite number expected" },
  { "a scene naming a body it has not", function()
    return core.view.scene({ bodies = { { name = "b", points = {} } }, trails = {},
      links = { { kind = "pin", bi = 5, bj = -7, si = { 0, 0 }, sj = { 0, 0 } } } }) end, "scene: link 1 names a body beyond" },
  { "a plot 1e12 wide", function() return core.view.plot_text({ series = { { x = { 1 }, y = { 1 } } } }, 1e12, 10) end,
    "a plot of 1000000000000 x 10 characters is not sensible" },
}
for _, c in ipairs(cases) do
  local said = tostring(raw_error(c[2]))
  T.ok(said:find(c[3], 1, true) ~= nil, "core, " .. c[1] .. ": " .. said:sub(1, 100))
end

-- drawing what cannot be drawn: NaN and huge coordinates are off the picture
local r = mb.example("four_bar"):simulate{ tf = 0.1 }
for _, x in ipairs { 0 / 0, 1e308, -1e308, math.huge } do
  r.bodies.crank.x[1] = x
  r._poses = nil
  local ok, text = pcall(r.frame, r, 0, { width = 40, height = 12, unicode = false })
  T.ok(ok and type(text) == "string", ("a frame with the crank at x = %g is drawn without it"):format(x))
end
local wide = core.view.plot_text({ series = { { x = { 1, 2, 3 }, y = { -1e308, 0, 1e308 } } } }, 40, 8, false)
T.ok(wide:find("0 +", 1, true) ~= nil, "a plot with values of 1e308 places the others and leaves those out")

T.finish()
