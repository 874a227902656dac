-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.fn: functions of time for drivers and actuators, the forms the
-- book's DAP_BC offers (App. B.2). Each returns function(t) -> f, f', f''
-- with exact derivatives, so drivers need no finite differences.
local args = require "mechbench.args"
local M = {}

-- Each function made here, with its form and numbers: the C core evaluates
-- these forms itself (src/model/time_forms.c), with no call into Lua.
-- M.forms reads them, a copy each time, and cannot be written: a script
-- that set an entry had its own function replaced in every run by a form
-- no check had seen (a function it wrote returning 0 ran as a poly).
local made_forms = setmetatable({}, { __mode = "k" })
M.forms = setmetatable({}, {
  __index = function(_, f)
    local form = made_forms[f]
    return form and table.move(form, 1, #form, 1, {})
  end,
  __newindex = function()
    error(("%s: mb.fn.forms is mechbench's record of the functions mb.fn made: it cannot be changed"):format(
      args.where()), 0)
  end,
  __metatable = false,
})
local function made(f, ...)
  made_forms[f] = { ... }
  return f
end

-- o's numbers by name, each finite (defaults where left out), or an error
-- at the user's line naming the function and the field.
local function numbers(what, o, known)
  if type(o) ~= "table" then args.fail(what, "takes a table of numbers, not %s", type(o)) end
  local set = {}
  for _, k in ipairs(known) do set[k[1]] = true end
  local why = args.unknown_field(o, set)
  if why then args.fail(what, "%s", why) end
  local out = {}
  for i, k in ipairs(known) do
    local v = o[k[1]]
    if v == nil then v = k[2] end
    local bad = args.bad_number(v)
    if bad then args.fail(what, "%s %s", k[1], bad) end
    out[i] = v
  end
  return table.unpack(out)
end

-- The time a made function is called at: a finite number (NaN in, NaN out
-- would pass for an answer).
local function time(what, t)
  local why = args.bad_number(t)
  if why then args.fail(what, "t %s", why) end
  return t
end

-- Type a: f = c1 + c2 t + c3 t^2
function M.poly(c)
  local c1, c2, c3 = numbers("mb.fn.poly", c, { { 1, 0 }, { 2, 0 }, { 3, 0 } })
  return made(function(t)
    t = time("mb.fn.poly", t)
    return c1 + c2 * t + c3 * t * t, c2 + 2 * c3 * t, 2 * c3
  end, "poly", c1, c2, c3)
end

-- A change over [t0, t1] too quick for its size: the largest second
-- derivative it needs would pass args.LARGEST (or overflow).
local function too_quick(what, T, change, largest)
  if not (largest <= args.LARGEST) then
    args.fail(what, "t1 - t0 = %g s is too short for %s: its second derivative would reach %g", T, change, largest)
  end
end

-- Type b: a smooth rise from `from` to `to` over [t0, t1], with zero first
-- and second derivatives at both ends (10s^3 - 15s^4 + 6s^5), held after.
function M.smooth_step(o)
  local f0, f1, t0, t1 = numbers("mb.fn.smooth_step", o, { { "from", 0 }, { "to", 1 }, { "t0", 0 }, { "t1", 1 } })
  local T, D = t1 - t0, f1 - f0
  if not (T > 0) then args.fail("mb.fn.smooth_step", "t1 must be after t0 (got t0 = %g, t1 = %g)", t0, t1) end
  too_quick("mb.fn.smooth_step", T, ("a change of %g"):format(D), 10 / math.sqrt(3) * math.abs(D) / T ^ 2) -- f'' peak
  return made(function(t)
    t = time("mb.fn.smooth_step", t)
    if t <= t0 then return f0, 0, 0 end
    if t >= t1 then return f1, 0, 0 end
    local s = (t - t0) / T
    return f0 + D * s^3 * (10 - 15 * s + 6 * s * s),
           D * 30 * s * s * (1 - s)^2 / T,
           D * 60 * s * (1 - s) * (1 - 2 * s) / (T * T)
  end, "smooth_step", f0, f1, t0, t1)
end

-- Type c: the rate f' ramps smoothly from 0 to `rate` over [t0, t1]
-- (f = f0 + c2 tau^4 + c3 tau^5 + c4 tau^6), then stays at `rate`.
function M.ramp_rate(o)
  local f0, v, t0, t1 = numbers("mb.fn.ramp_rate", o, { { "from", 0 }, { "rate", 1 }, { "t0", 0 }, { "t1", 1 } })
  local T = t1 - t0
  if not (T > 0) then args.fail("mb.fn.ramp_rate", "t1 must be after t0 (got t0 = %g, t1 = %g)", t0, t1) end
  too_quick("mb.fn.ramp_rate", T, ("a rate of %g"):format(v), 1.875 * math.abs(v) / T) -- f'' peaks at 15/8 v/T
  local c2, c3, c4 = 2.5 * v / T^3, -3 * v / T^4, v / T^5
  if not (math.abs(c4) < math.huge) then -- T^5 underflows below 1e-62 s
    args.fail("mb.fn.ramp_rate", "t1 - t0 = %g s is too short to hold its coefficients", T)
  end
  return made(function(t)
    t = time("mb.fn.ramp_rate", t)
    if t <= t0 then return f0, 0, 0 end
    local tau = t - t0
    if tau >= T then return f0 + 0.5 * v * T + v * (tau - T), v, 0 end
    return f0 + c2 * tau^4 + c3 * tau^5 + c4 * tau^6,
           4 * c2 * tau^3 + 5 * c3 * tau^4 + 6 * c4 * tau^5,
           12 * c2 * tau^2 + 20 * c3 * tau^3 + 30 * c4 * tau^4
  end, "ramp_rate", f0, v, t0, t1)
end

return M
