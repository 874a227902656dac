-- SPDX-License-Identifier: GPL-3.0-or-later
-- test_time_forms.lua: mb.fn's functions of time are evaluated in C
-- (src/model/time_forms.c) when a driver or an actuator is one of them; a
-- run gives the same numbers, bit for bit, as the same function called in
-- Lua, and takes no Lua call an evaluation.
local T = dofile("tests/lua/harness.lua")

local forms = {
  poly = mb.fn.poly{ 0.3, 1.5, -0.4 },
  smooth_step = mb.fn.smooth_step{ from = 0.5, to = 2, t0 = 0.2, t1 = 0.7 },
  ramp_rate = mb.fn.ramp_rate{ from = 0.5, rate = 3, t0 = 0.1, t1 = 0.6 },
}

-- mb.fn.forms is read, not written: a function of the user's set there ran
-- in C as the form given, in place of what it returns; a form's numbers
-- changed there ran unchecked (a smooth step over no time divides by 0)
do
  local own = function() return 0, 0, 0 end
  T.fails(function() mb.fn.forms[own] = { "poly", 0, 1, 0 } end, "mb.fn.forms is mechbench's record",
    "a form cannot be set for a function of the user's")
  T.ok(mb.fn.forms[own] == nil, "and none was set")
  local step = forms.smooth_step
  mb.fn.forms[step][5] = 0.2
  T.eq(mb.fn.forms[step][5], 0.7, "a form's numbers read are a copy: t1 stays 0.7")
end

-- the slider-crank driven by fn, or by a Lua function that calls it
local function crank(fn)
  local m = mb.example("slider_crank", false)
  m:joint{ name = "motor", type = "driver", joint = "main", fn = fn }
  m:correct()
  return m:simulate{ tf = 1, dt = 0.01, integrator = "rk4", h = 1e-3, progress = false }
end

for name, f in pairs(forms) do
  T.ok(mb.fn.forms[f] ~= nil and mb.fn.forms[f][1] == name, name .. ": mb.fn keeps its form for C")
  local in_c, in_lua = crank(f), crank(function(t) return f(t) end)
  local same = #in_c.t == #in_lua.t
  for _, body in ipairs(in_c.body_order) do
    for _, key in ipairs { "angle", "omega", "alpha", "x", "vx" } do
      for i = 1, #in_c.t do same = same and in_c.bodies[body][key][i] == in_lua.bodies[body][key][i] end
    end
  end
  for i = 1, #in_c.t do
    same = same and in_c:reaction("motor").torque[i] == in_lua:reaction("motor").torque[i]
  end
  T.ok(same, name .. ": the run in C is the run in Lua, bit for bit")
  -- a Lua function runs the driver through the host; a form never does,
  -- and costs less (measured on the slider-crank: a Lua call is about a
  -- third of an evaluation)
  T.ok(in_c.stats.fevals == in_lua.stats.fevals, name .. ": the same evaluations")
end

T.finish()
