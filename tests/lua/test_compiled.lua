-- SPDX-License-Identifier: GPL-3.0-or-later
-- A model stays compiled while it is unchanged (lua/mechbench/elements.lua,
-- Model:compile; src/lua/description.c, mb_model_arg): the same description
-- again, the C model built once; and never a stale one: every way a model
-- can change after a run is seen by the next run, which must equal, bit for
-- bit, the run of a model made afresh with the changed values.
local here = arg[0]:match("(.*/)") or "./"
local T = dofile(here .. "harness.lua")
local core = mb.core

-- C models built from descriptions, counted at the core's entry points
local builds = 0
for name, f in pairs(core.model) do
  if type(f) == "function" then
    core.model[name] = function(d, ...)
      if type(d) == "table" and d.bodies and rawget(d, "compiled") == nil then builds = builds + 1 end
      return f(d, ...)
    end
  end
end

-- A pendulum on a pin with a point force at its tip and a torsion spring:
-- what the changes below act on. values: the numbers to make it with.
local function pendulum(values)
  values = values or {}
  local g = values.g or { 0, -9.81 }
  local m = mb.model{ name = "pendulum", gravity = g }
  m:body{ name = "rod", mass = values.mass or 2, inertia = 0.2, pos = { 0.5, 0 } }
  m:point{ name = "A", body = "rod", at = { -0.5, 0 } }
  m:point{ name = "tip", body = "rod", at = { 0.5, 0 } }
  m:point{ name = "O", body = "ground" }
  m:joint{ name = "pin", type = "revolute", points = { "A", "O" } }
  m:force{ name = "push", type = "force", point = "tip", value = values.push or { 0, 1 } }
  if values.spring ~= false then
    m:force{ name = "coil", type = "rot-spring-damper", bodies = { "rod", "ground" }, k = values.k or 5 }
  end
  if values.torque then m:force{ name = "motor", type = "torque", body = "rod", value = values.torque } end
  return m, g
end

local run_opts = { tf = 0.2, dt = 0.05 }
local function final_angle(m) local r = m:simulate(run_opts) return r:body("rod").angle[#r.t] end

---------------------------------------------------------------- kept while unchanged
do
  local m = pendulum()
  local d = m:compile()
  T.ok(m:compile() == d, "an unchanged model gives the same description again")
  builds = 0
  m:simulate(run_opts)
  m:pieces{}
  m:pieces{ y = m:pieces{}.q and nil }
  m:evaluate()
  T.eq(builds, 1, "four calls on an unchanged model build its C model once")
  m.bodies.rod.mass = 2 -- the same value again: nothing changed
  T.ok(m:compile() == d, "a value set to what it was changes nothing")
  builds = 0
  local eq = require("mechbench.result").quietly(m.equilibrium, m, {})
  T.ok(eq ~= nil and builds <= 2, ("m:equilibrium builds the model at most twice (%d; before: once per evaluation)")
    :format(builds))
end

---------------------------------------------------------------- every change is seen
-- Each case changes a model after a run, and the next run must be the
-- run of a fresh model with the new values (bit for bit).
local cases = {
  { "an element added", function(m) m:force{ name = "motor", type = "torque", body = "rod", value = 3 } end,
    { torque = 3 } },
  { "an element taken away", function(m) m.forces.coil = nil end, { spring = false } },
  { "a number set", function(m) m.bodies.rod.mass = 3 end, { mass = 3 } },
  { "a kind's number set", function(m) m.forces.coil.k = 50 end, { k = 50 } },
  { "a pair replaced", function(m) m.forces.push.value = { 2, 1 } end, { push = { 2, 1 } } },
  { "a pair changed in place", function(m) m.forces.push.value[1] = 2 end, { push = { 2, 1 } } },
  { "gravity changed in place", function(m) m.gravity[2] = -1.62 end, { g = { 0, -1.62 } } },
  { "gravity replaced", function(m) m.gravity = { 0, -1.62 } end, { g = { 0, -1.62 } } },
}
for _, case in ipairs(cases) do
  local m = pendulum()
  local before = final_angle(m)
  case[2](m)
  local after = final_angle(m)
  local fresh = final_angle(pendulum(case[3]))
  T.ok(after ~= before, ("%s: the next run changes (%.17g, was %.17g)"):format(case[1], after, before))
  T.eq(after, fresh, case[1] .. ": the next run is the run of a model made with it")
end

-- a table the user shares with the model, changed in the user's hands
do
  local m, g = pendulum()
  local before = final_angle(m)
  g[2] = -1.62
  local after = final_angle(m)
  T.ok(after ~= before and after == final_angle(pendulum{ g = { 0, -1.62 } }),
    "gravity shared with the user and changed there: seen by the next run")
end

-- a joint made inactive, and a driver's function replaced
do
  local m = pendulum()
  m:joint{ name = "lock", type = "driver", joint = "pin", fn = function(t) return t end }
  local r1 = m:kinematics{ tf = 0.2, dt = 0.05 }
  m.joints.lock.fn = function(t) return 2 * t end
  local r2 = m:kinematics{ tf = 0.2, dt = 0.05 }
  T.near(r2:body("rod").angle[#r2.t] - r1:body("rod").angle[#r1.t], 0.2, 1e-9,
    "a driver's function replaced: the next analysis follows the new one")
  m.joints.lock.active = false
  local free = m:simulate(run_opts)
  T.eq(free:body("rod").angle[#free.t], final_angle(pendulum()), "a driver made inactive: the next run is free")
end

-- a change refused where it is refused on a fresh model
do
  local m = pendulum()
  m:simulate(run_opts)
  m.bodies.rod.inertia = -1
  T.fails(function() m:simulate(run_opts) end, "inertia must be positive (got -1)",
    "a bad value set after a run is refused by the next")
end

---------------------------------------------------------------- what a student does after a run
-- a joint added after a run (a driver that holds the pin to a motion)
do
  local m = pendulum()
  local before = final_angle(m)
  local motion = function(t) return 0.5 * t * t end
  m:joint{ name = "lock", type = "driver", joint = "pin", fn = motion }
  local after = final_angle(m)
  local fresh = pendulum()
  fresh:joint{ name = "lock", type = "driver", joint = "pin", fn = motion }
  T.ok(after ~= before, "a joint added after a run: the next run changes")
  T.eq(after, final_angle(fresh), "a joint added after a run: the next run is the run of a model made with it")
end

-- a misspelt field set after a run (mass written m) is refused where it is
-- set, by name, and the model is left as it was
do
  local m = pendulum()
  m:simulate(run_opts)
  T.fails(function() m.bodies.rod.m = 3 end, "unknown field 'm'", "a misspelt field set after a run is refused")
  T.eq(final_angle(m), final_angle(pendulum()), "and the next run is the first one's")
end

-- the options of a run are no part of the compiled model: another
-- formulation or tolerance on the same model is the run of a fresh one
do
  local m = pendulum()
  for _, o in ipairs { { formulation = "joint" }, { formulation = "point", tol = 1e-10 }, {} } do
    o.tf, o.dt = run_opts.tf, run_opts.dt
    local r, fresh = m:simulate(o), pendulum():simulate(o)
    T.eq(r:body("rod").angle[#r.t], fresh:body("rod").angle[#fresh.t],
      ("options changed (formulation %s): the run of a fresh model"):format(o.formulation or "default"))
  end
end

-- A Lua function is never cached, only which function an element holds:
-- it is called at every evaluation, so a value it reads from outside (an
-- upvalue, a global) changed between runs is seen by the next run.
do
  local lift = 1
  local function user(t) return { { body = "rod", force = { 0, lift } } } end
  local function with_user() local m = pendulum() m:force{ name = "user", type = "user", fn = user } return m end
  local m = with_user()
  local before = final_angle(m)
  lift = 5
  local after = final_angle(m)
  T.ok(after ~= before and after == final_angle(with_user()),
    "a user force's upvalue changed after a run: the next run follows it")
end

---------------------------------------------------------------- a result keeps its own model
do
  local m = pendulum()
  local r = m:simulate(run_opts)
  m.bodies.rod.mass = 5
  m:simulate(run_opts)
  collectgarbage()
  local again = pendulum():simulate(run_opts)
  T.eq(r:reaction("pin").fy[3], again:reaction("pin").fy[3],
    "reactions read later are the run's model's, not the changed model's")
end

-- the scene a result draws (view.describe) is made once per compiled
-- model, shared by its runs, and never changed by drawing one of them
do
  local m = pendulum()
  local r1, r2 = m:simulate(run_opts), m:simulate(run_opts)
  T.ok(r1._scene_desc == r2._scene_desc, "two runs of an unchanged model share its scene")
  local trails = r2._scene_desc.trails
  r1:frame(0.1, { width = 40, height = 12, unicode = false, trails = true })
  T.ok(r2._scene_desc.trails == trails, "a run drawn with trails leaves the shared scene as it was")
  m.points.tip.at = { 0.4, 0 }
  local r3 = m:simulate(run_opts)
  T.ok(r3._scene_desc ~= r1._scene_desc and r3._scene_desc.points.tip.at[1] == 0.4
    and r1._scene_desc.points.tip.at[1] == 0.5, "a changed model gives its runs a new scene, the old runs keep theirs")
end

---------------------------------------------------------------- from a coroutine that is gone
-- a model compiled (and a run made) inside a coroutine, used after the
-- coroutine has been collected: its Lua functions are called on the
-- thread that uses it now
do
  local m = pendulum()
  m:force{ name = "user", type = "user", fn = function(t) return { { body = "rod", force = { 0, t } } } end }
  local co = coroutine.create(function() return m:simulate(run_opts) end)
  local ok, r = coroutine.resume(co)
  co = nil
  collectgarbage()
  collectgarbage()
  local fy = ok and r:reaction("pin").fy[3]
  local r2 = m:simulate(run_opts)
  T.ok(ok and fy == r2:reaction("pin").fy[3], "a run made in a collected coroutine reads its reactions, and the "
    .. "model it compiled runs again outside it")
end

T.finish()
