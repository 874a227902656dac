-- SPDX-License-Identifier: GPL-3.0-or-later
-- mb.compare of every formulation at once (issue 25): mb.formulations()
-- or "all" runs each that can do the analysis, and lists the others in
-- c.skipped with why; m:compare{...} reaches mb.compare from the model.
local T = dofile(arg[0]:match("(.*/)") .. "harness.lua")

local function names(list)
  local out = {}
  for i, s in ipairs(list) do out[i] = type(s) == "table" and s.name or s end
  return table.concat(out, ",")
end
local function skipped(c, name)
  for _, s in ipairs(c.skipped) do if s.name == name then return s.why end end
end

---------------------------------------------------------------- a free four-bar: forward dynamics

local fb = mb.example("four_bar")
local c = mb.compare(fb, mb.formulations(), { tf = 0.2, dt = 0.01, show = false })
T.eq(c.analysis, "dynamics", "a four-bar without a driver: forward dynamics")
T.eq(names(c.order), "body,joint,point,point-recursive,minimal,fbd,discrete",
  "every formulation that does forward dynamics ran")
T.eq(names(c.skipped), "vector", "the vector loops are skipped")
T.ok((skipped(c, "vector") or ""):find("kinematics only, and 1 degree of freedom has no driver", 1, true),
  "and why: " .. tostring(skipped(c, "vector")))
-- the runs agree: the integrated ones to their tolerance, the discrete
-- method (its joints are stiff springs, h = 1e-5) to its own accuracy
for _, name in ipairs { "joint", "point", "point-recursive", "minimal", "fbd" } do
  T.ok(c.diff[name].max_position < 1e-9 and c.diff[name].max_angle < 1e-9,
    ("%s agrees with body coordinates: %.2g m, %.2g rad"):format(name, c.diff[name].max_position, c.diff[name].max_angle))
end
T.ok(c.diff.discrete.max_position < 1e-4 and c.diff.discrete.max_angle < 1e-3,
  ("discrete within its accuracy: %.2g m, %.2g rad"):format(c.diff.discrete.max_position, c.diff.discrete.max_angle))
local text = c:table()
T.ok(text:find("not run", 1, true) and text:find("vector%s+kinematics only"), "the table shows what was not run, and why")
for line in (text .. "\n"):gmatch("(.-)\n") do
  T.ok(#line <= 80, "the table fits 80 columns: " .. line)
end
T.ok(tostring(c):find("not run: vector", 1, true), "printing c says what was not run")

-- "all" is the same list
local all = mb.compare(fb, "all", { tf = 0.05, dt = 0.01, show = false })
T.eq(names(all.order), names(c.order), '"all" runs the same formulations')
T.eq(names(all.skipped), "vector", '"all" skips the same')

---------------------------------------------------------------- a driven slider-crank: kinematics

local sc = mb.example("slider_crank")
local k = mb.compare(sc, "all", { tf = 0.1, dt = 0.01, show = false })
T.eq(k.analysis, "kinematics", "a fully driven model with the vector loops listed: a kinematic analysis")
T.eq(names(k.skipped), "discrete", "the discrete method (no constraint equations) is skipped")
T.ok(skipped(k, "discrete"):find('analysis = "dynamics"', 1, true), "and says how to run it instead")
T.ok(k.maxdiff < 1e-9, ("the kinematic analyses agree: %.2g"):format(k.maxdiff))
-- the same model in forward dynamics: the vector loops are skipped
local d = mb.compare(sc, "all", { tf = 0.1, dt = 0.01, show = false, analysis = "dynamics", correct = true })
T.eq(names(d.skipped), "vector", 'analysis = "dynamics": the vector loops are skipped')
T.ok((skipped(d, "vector") or ""):find('analysis = "kinematics" runs it', 1, true), "a driven model: how to run it")
T.ok(d.results.discrete ~= nil and d.diff.discrete.max_angle < 1e-3, "and the discrete method ran")
-- an explicit list with the vector loops and dynamics asked: skipped, not an error
local bv = mb.compare(fb, { "body", "vector" }, { tf = 0.05, analysis = "dynamics", show = false })
T.eq(names(bv.order) .. "|" .. names(bv.skipped), "body|vector", "vector listed with dynamics asked: skipped")

---------------------------------------------------------------- what the model or the options refuse

-- a loop minimal coordinates cannot solve in closed form
local robot = mb.example("creeping_robot")
local r = mb.compare(robot, "all", { tf = 0.02, dt = 0.01, analysis = "dynamics", correct = true, show = false })
T.ok((skipped(r, "minimal") or ""):find("cannot be solved in closed form", 1, true),
  "minimal coordinates refuse the creeping robot's loop: " .. tostring(skipped(r, "minimal")))
T.ok((skipped(r, "vector") or "") ~= "" and r.results.body and r.results.discrete, "the others ran")
-- an impulse law the discrete method cannot take
local ip = mb.compare(mb.example("impacting_pendulums"), "all", { tf = 0.05, dt = 0.01, show = false })
T.ok((skipped(ip, "discrete") or ""):find("impulse law", 1, true), "the discrete method refuses an impulse law")
-- a stabilization shared by every run: those without constraint rows skip it
local st = mb.compare(fb, "all", { tf = 0.05, dt = 0.01, stabilization = "baumgarte", show = false })
T.ok((skipped(st, "minimal") or ""):find("no constraint rows", 1, true)
  and (skipped(st, "discrete") or ""):find("no constraint equations", 1, true),
  "baumgarte for all: minimal and discrete skipped with why")
T.ok(st.results.body and st.results.fbd and st.results.point, "the others ran with it")

---------------------------------------------------------------- errors stay errors

T.fails(function() mb.compare(fb, { "vector" }, { tf = 0.05, show = false }) end,
  "mb.compare: no run can do forward dynamics: vector: kinematics only", "nothing that can run: an error, with why")
T.fails(function() mb.compare(fb, "all", { tf = -1, show = false }) end, "test_compare.lua:85: mb.compare: tf must be a number from 1e-12 to 1e+12 (got -1)",
  "an option no run takes is an error")
T.fails(function() mb.compare(fb, "every", { tf = 0.1, show = false }) end, 'or is "all"',
  "a string other than all")
T.fails(function() mb.compare(sc, "all", { tf = 0.05, show = false, analysis = "dynamics" }) end,
  "correct = true", "a start off its drivers is an error for every run, said as such")

---------------------------------------------------------------- m:compare

local mc = fb:compare { "body", "joint", tf = 0.05, dt = 0.01, show = false }
T.eq(names(mc.order), "body,joint", "m:compare{ names, options } in one table")
T.ok(mc.maxdiff < 1e-9, "and the runs agree")
local ma = fb:compare { tf = 0.05, dt = 0.01, show = false }
T.eq(names(ma.order), names(c.order), "m:compare{ options } compares every formulation")
local mt = fb:compare({ "body", "point" }, { tf = 0.05, show = false })
T.eq(names(mt.order), "body,point", "m:compare(entries, options)")
T.fails(function() fb.compare(5) end, "m:compare: call it with a colon", "m.compare without a model")

T.finish()
