-- SPDX-License-Identifier: GPL-3.0-or-later
-- Every public function (the entries of lua/mechbench/reference.lua, the
-- table behind help) called wrongly: the error names this file and the
-- line of the call, so a student's own line is where the message points.
-- A function without a case here fails the test: a new public function
-- comes with its wrong call.
local T = dofile(arg[0]:match("(.*/)") .. "harness.lua")
local me = debug.getinfo(1, "S").short_src
local here = arg[0]:match("(.*/)")

local function pendulum()
  local m = mb.model{ name = "pendulum" }
  m:body{ name = "rod", mass = 2, inertia = 2 / 12, pos = { 0.5, 2 } }
  m:point{ name = "A", body = "rod", at = { -0.5, 0 } }
  m:point{ name = "O", body = "ground", at = { 0, 2 } }
  m:point{ name = "tip", body = "rod", at = { 0.5, 0 } }
  m:joint{ name = "pin", type = "revolute", points = { "A", "O" } }
  m:contact{ name = "floor", point = "tip", radius = 0, e = 0.5 }
  return m
end
local m = pendulum()
local r = m:simulate{ tf = 0.2, dt = 0.1 }
local c = mb.compare(m, { "body" }, { tf = 0.2, dt = 0.1, show = false })
local A = mb.mat { { 1, 2 }, { 3, 4 } }
local empty = mb.model{ name = "empty" }
local swing = mb.model{ name = "swing" }
swing:body{ name = "rod", mass = 2, inertia = 2 / 12, pos = { 0, -0.5 } }
swing:point{ name = "A", body = "rod", at = { 0, 0.5 } }
swing:point{ name = "O", body = "ground" }
swing:joint{ name = "pin", type = "revolute", points = { "A", "O" } }
local md = swing:modes{}
local eq = swing:equations{}
local out = os.tmpname()

-- The wrong calls, one line each: the error must name that line.
local cases = {
  ["mb.lesson.selftest"] = function() mb.lesson.selftest(99) end,
  ["mb.vec"] = function() mb.vec("a", 2) end,
  ["mb.vec.new"] = function() mb.vec.new({}, 2) end,
  ["mb.vec.add"] = function() mb.vec.add({ 1, 2 }, 3) end,
  ["mb.vec.sub"] = function() mb.vec.sub(3, { 1, 2 }) end,
  ["mb.vec.scale"] = function() mb.vec.scale({ 1, 2 }, { 1, 2 }) end,
  ["mb.vec.rot"] = function() mb.vec.rot("x") end,
  ["mb.vec.dot"] = function() mb.vec.dot({ 1, 2 }, nil) end,
  ["mb.vec.cross"] = function() mb.vec.cross({ 1 }, { 1, 2 }) end,
  ["mb.vec.norm"] = function() mb.vec.norm(5) end,
  ["mb.vec.unit"] = function() mb.vec.unit("north") end,
  ["mb.vec.angle"] = function() mb.vec.angle(true) end,
  ["mb.vec.between"] = function() mb.vec.between({ 1, 0 }, "b") end,
  ["mb.vec.A"] = function() mb.vec.A({ 1, 2 }) end,
  ["mb.vec.rotate"] = function() mb.vec.rotate("phi", { 1, 2 }) end,
  ["mb.mat"] = function() mb.mat { { 1, 2 }, { 3 } } end,
  ["mb.mat.new"] = function() mb.mat.new { { 1, "x" } } end,
  ["mb.mat.zeros"] = function() mb.mat.zeros(-1, 2) end,
  ["mb.mat.eye"] = function() mb.mat.eye(2.5) end,
  ["mb.mat.diag"] = function() mb.mat.diag(4) end,
  ["mb.mat.solve"] = function() mb.mat.solve(A, { 1, 2, 3 }) end,
  ["A:size"] = function() A.size(42) end,
  ["A:get"] = function() A:get(3, 1) end,
  ["A:set"] = function() A:set(1, 5, 0) end,
  ["A:t"] = function() A.t("A") end,
  ["A:inv"] = function() mb.mat { { 1, 2 }, { 2, 4 } }:inv() end,
  ["A:det"] = function() mb.mat { { 1, 2, 3 } }:det() end,
  ["A:rank"] = function() A.rank(nil) end,
  ["A:norm"] = function() A.norm("A") end,
  ["A:totable"] = function() A.totable(7) end,
  ["A:eig"] = function() mb.mat { { 1, 2 }, { 3, 4 } }:eig() end,
  ["A:eig_nonsym"] = function() mb.mat { { 1, 2, 3 } }:eig_nonsym() end,
  ["A:svd"] = function() A.svd("A") end,
  ["A:cond"] = function() A.cond(nil) end,
  ["mb.model"] = function() mb.model { nmae = "x" } end,
  ["mb.example"] = function() mb.example("fourbar") end,
  ["m:body"] = function() m:body { name = "b", mass = -1, inertia = 1 } end,
  ["m:point"] = function() m:point { name = "P", body = "nobody" } end,
  ["m:vector"] = function() m:vector { name = "u", body = "rod", dir = { 0, 0 } } end,
  ["m:joint"] = function() m:joint { name = "j", type = "hinge", points = { "A", "O" } } end,
  ["m:force"] = function() m:force { name = "f", type = "spring-damper", points = { "A" } } end,
  ["m:contact"] = function() m:contact { name = "k", point = "tip", law = "elastic" } end,
  ["mb.fn.poly"] = function() mb.fn.poly("1, 2") end,
  ["mb.fn.smooth_step"] = function() mb.fn.smooth_step { from = 0, to = 1, t0 = 2, t1 = 1 } end,
  ["mb.fn.ramp_rate"] = function() mb.fn.ramp_rate { from = 0, rate = "fast", t0 = 0, t1 = 1 } end,
  ["m:simulate"] = function() m:simulate { tf = 1, integrater = "rk4" } end,
  ["m:kinematics"] = function() m:kinematics { dt = -1 } end,
  ["m:loops"] = function() empty:loops() end,
  ["m:inverse_dynamics"] = function() m:inverse_dynamics { newton = "quasi" } end,
  ["m:equilibrium"] = function() m:equilibrium { methd = "newton" } end,
  ["m:correct"] = function() empty:correct() end,
  ["m:dof"] = function() empty:dof() end,
  ["m:modes"] = function() m:modes { stabel = true } end,
  ["m:explain"] = function() m:explain { formulation = "bdy" } end,
  ["md:table"] = function() md.table({}) end,
  ["md:text"] = function() md.text(5) end,
  ["md:animate"] = function() md:animate(9) end,
  ["m:evaluate"] = function() m:evaluate("now") end,
  ["m:pieces"] = function() m:pieces { formulation = "vector" } end,
  ["m:equations"] = function() m:equations { formulation = "minimal" } end,
  ["eq:values"] = function() eq.values(5) end,
  ["m:impact"] = function() m:impact("wall") end,
  ["m:joint_coords"] = function() m:joint_coords { tree = { "nojoint" } } end,
  ["m:minimal_coords"] = function() m:minimal_coords { independent = { "rod.angel" } } end,
  ["m:point_coords"] = function() m:point_coords({ 1, 2 }) end,
  ["mb.newton"] = function() mb.newton(function(x) return x * x - 2 end, 1) end,
  ["mb.formulations"] = function() mb.formulations("titles please") end,
  ["mb.contact_force"] = function() mb.contact_force { law = "impulse", delta = 1 } end,
  ["mb.points.along"] = function() mb.points.along({ 0, 0 }, { 0, 0 }, { 1, 1 }) end,
  ["mb.points.secondary"] = function() mb.points.secondary({ 0, 0 }, { 1, 0 }, "a", 0) end,
  ["mb.points.share"] = function() mb.points.share({ 0, 0 }, 1) end,
  ["mb.points.masses"] = function() mb.points.masses(-1, 1, { 1, 0 }, { -1, 0 }) end,
  ["mb.points.condense"] = function() mb.points.condense(1, 1, { 0, 0 }, { 0, 0 }) end,
  ["r:body"] = function() r:body("Rod") end,
  ["r:fbd"] = function() r:fbd("nobody", 0) end,
  ["r:reaction"] = function() r:reaction("pn") end,
  ["r:contact"] = function() r:contact("flor") end,
  ["r:force"] = function() r:force("sprung") end,
  ["r:at"] = function() r:at(5) end,
  ["r:csv"] = function() r:csv("/nonexistent-dir/out.csv") end,
  ["r:json"] = function() r:json("/nonexistent-dir/out.json") end,
  ["r:summary"] = function() r.summary({}) end,
  ["r:figures"] = function() r.figures("r") end,
  ["r:animate"] = function() r:animate { sped = 2 } end,
  ["mb.animate"] = function() mb.animate(m) end,
  ["r:plot"] = function() r:plot("rod.angel", { text = true }) end,
  ["r:report"] = function() r:report{ file = out .. ".jpg" } end,
  ["r:series"] = function() r:series(42) end,
  ["r:path"] = function() r:path("nosuch") end,
  ["r:frame"] = function() r:frame(0, { width = 3 }) end,
  ["r:frames"] = function() r:frames(out, 0) end,
  ["r:cast"] = function() r:cast(out, { fps = 0 }) end,
  ["mb.plot"] = function() mb.plot { series = { { y = { 1, 0 / 0 } } } } end,
  ["mb.options"] = function() mb.options { graphics = "sixels" } end,
  ["mb.compare"] = function() mb.compare(m, { "body" }, { tf = 0.1, shwo = false }) end,
  ["m:compare"] = function() m:compare { "body", tf = 0.1, shwo = false } end,
  ["c:table"] = function() c.table({}) end,
  ["c:plot"] = function() c:plot{ file = out, width = 10 } end,
  ["c:show"] = function() c:show { labls = true } end,
  ["c:animate"] = function() c:animate { speeed = 2 } end,
  ["mb.friction.andersson"] = function() mb.friction.andersson(1, { mu_s = -1 }) end,
  ["mb.friction.brown_mcphee"] = function() mb.friction.brown_mcphee("fast", {}) end,
  ["mb.pretty.print"] = function() mb.pretty.print(setmetatable({}, { __tostring = function() error("no") end })) end,
  problem = function() problem("2.99") end,
  problems = function() problems(99) end,
  ["p:check"] = function() problem("2.2"):check(3) end,
  ["p:hint"] = function() problem("2.2").hint() end,
  ["p:model"] = function() problem("2.2"):model() end,
  ["p:answers"] = function() problem("2.2").answers({}) end,
  ["p:sheet"] = function() problem("2.2").sheet("2.2") end,
  ["p:show"] = function() problem("2.2").show() end,
}

-- What cannot be called wrongly, and why.
local cannot = {
  lessons = "takes no arguments (extras are ignored, as Lua's own functions do)",
  ["mb.pretty.format"] = "formats any value, nil included",
}

-- The prompt's commands answer in words (printed, or an error the prompt
-- prints without a location): what is allowed.
local said = {
  help = { function() help "simulat" end, "did you mean" },
  lesson = { function() lesson(99) end, "there is no lesson 99; the lessons are" },
  next = { function() next() end, "no lesson is open" },
  back = { function() back() end, "no lesson is open" },
  show = { function() show() end, "no lesson is open" },
  run = { function() run() end, "no lesson is open" },
  hint = { function() hint() end, "no lesson or problem is open: lessons() or problems() lists them" },
  check = { function() check(1) end, "no lesson is open" },
}


local public = {}
for _, e in ipairs(require("mechbench.reference").entries) do
  if not e.internal then public[#public + 1] = e.name end
end
for _, name in ipairs(public) do
  local f, words = cases[name], said[name]
  if cannot[name] then
    T.ok(f == nil and words == nil, name .. ": " .. cannot[name])
  elseif words then
    local text, err = T.printed(words[1])
    text = text .. (err and ("\n" .. tostring(err)) or "")
    T.ok(text:find(words[2], 1, true), ("%s: a wrong call says '%s' (said: %s)"):format(name, words[2], text:sub(1, 120)))
  elseif not f then
    T.ok(false, name .. " has a wrong call in tests/lua/test_wrong_args.lua")
  else
    local line = debug.getinfo(f, "S").linedefined
    local ok, err = pcall(f)
    local want = me .. ":" .. line .. ": "
    T.ok(not ok and tostring(err):find(want, 1, true) == 1,
      ("%s: the error names this line (%s): %s"):format(name, want, ok and "no error raised" or tostring(err):sub(1, 160)))
  end
end
for name in pairs(cases) do
  T.ok(#name > 0 and (function() for _, p in ipairs(public) do if p == name then return true end end end)(),
    name .. " is a public function of the reference table")
end
os.remove(out)
local _ = here

-- a run that stops (rather than an option refused) names the line of the
-- call itself, not that of the function around it (before, a frame too
-- many was skipped: a top-level call in a script said "(unknown)")
local undriven = pendulum()
local stopped_at
local function analyse(method)
  local function inner()
    stopped_at = debug.getinfo(1, "l").currentline + 1
    undriven[method](undriven, { tf = 0.1 })
  end
  inner()
end
for _, method in ipairs { "kinematics", "inverse_dynamics" } do
  local ok, err = pcall(analyse, method)
  T.ok(not ok and tostring(err):find(me .. ":" .. stopped_at .. ": ", 1, true) == 1,
    ("m:%s stopped for want of drivers: said at the call's line (%s)"):format(method, tostring(err):sub(1, 90)))
end

-- a dot for a colon, the commonest slip with methods, is answered at the line
T.fails(function() r.body("rod") end, "r:body: call it with a colon, r:body(...), on a result (got string)", "r.body(...)")
T.fails(function() m.simulate{ tf = 1 } end, "m:simulate: call it with a colon, m:simulate(...), on a model (got table)",
  "m.simulate{...}")

T.finish()
