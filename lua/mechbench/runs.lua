-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.runs: the runs of a model: forward dynamics (m:simulate, with
-- events that add or remove joints and set values), kinematic analysis
-- and inverse dynamics (m:kinematics, m:inverse_dynamics).
local core = require "mechbench.core"
local args = require "mechbench.args"
local kinds = require "mechbench.kinds"
local elements = require "mechbench.elements"
local options = require "mechbench.options"
local pieces = require "mechbench.pieces"
local result = require "mechbench.result"
local where = args.where
local name_of, plural, Element, resolve = elements.name_of, elements.plural, elements.Element, elements.resolve
local body_name = name_of
local formulation_entry = kinds.formulation_entry
local run_options = options.run_options
local correct_at = pieces.correct_at

-- A message raised by the C core, which checks its own arguments again,
-- said at the user's line: any library file and line in front taken away.
local function core_said(msg)
  return (tostring(msg):gsub("^[^\n]-mechbench/[%w_]+%.lua:%d+: ", ""))
end

local M = {}
local Model = {} -- the methods of this file (M.methods)
M.methods = Model

-- The option this file reads itself (run_segments), declared as C declares
-- the others (util/option.h; args.bad_option checks it).
M.options = {
  events = { name = "events", type = "list", analyses = { simulate = true }, said = "none",
    summary = "joints added or removed and values set during the run: {{t = 1, add = \"lock\"}}",
    check = function(v)
      if type(v) ~= "table" then return ('events must be a list such as { {t = 1, add = "lock"} } (got %s)'):format(args.shown(v)) end
    end },
}

-- Constraints added or deleted during a run (Sec. 13.5): the run goes in
-- segments. Deleting a joint changes nothing at that instant; adding one
-- acts like an impact: the velocities jump to the mass-weighted projection
-- onto the new constraints (Eq. 13.55). The model is left as it was.
local run_segments

-- A run with checked options o, its errors said at here.
local function simulate_checked(m, o, here)
  if o.events then return run_segments(m, o, here) end
  local desc = m:compile()
  local ok, raw = pcall(core.model.simulate, desc, o)
  if not ok then error(("%s: simulate: %s"):format(here, core_said(raw)), 0) end
  local r = result.new(m, raw, o, here, desc)
  options.say_notices(o, function(text) result.warn(r, text) end)
  if raw.error then
    m.last = r
    local t = raw.t[#raw.t]
    error(string.format("%s: simulation of '%s' stopped: %s%s", here, m.name, raw.error,
      t and string.format(" (the samples up to t = %g are kept in the model's .last)", t) or ""), 0)
  end
  return r
end

function Model:simulate(opts)
  return simulate_checked(self, run_options(self, opts, 2, M.options), where(2))
end

-- A run for a search made of many short runs (statics.lua's damped
-- dynamics): adaptive, it ends where it turns stiff (r.stiff says when,
-- its samples stop there) instead of crawling on to tf for minutes, and
-- its warnings are kept in r.warnings, not said.
function M.simulate_until_stiff(m, opts)
  local o = run_options(m, opts, 2, M.options)
  o.stop_when_stiff = true
  return result.quietly(simulate_checked, m, o, where(2))
end

-- Kinematic analysis (Sec. 12.1, Algorithm K): the drivers fix the motion;
-- Newton-Raphson finds the positions at each reporting time. The samples
-- also carry every multiplier (inverse dynamics, Sec. 12.2), so
-- r:reaction("motor").torque is the driving torque. r.iterations counts
-- the Newton steps of each solve; with trace = true, r.trace lists the
-- residual of each step of the first solve and the joint that is worst.
-- What kinematics does to the start at each driver the start does not
-- meet: one sentence per driver off by more than 1e-6. A driver holds
-- angle(i) - angle(j) of its two bodies, in its joint's order (Eq. 7.43),
-- or the distance between two points (Eq. 7.45), at fn(t).
local function driver_jumps(m)
  local ok, e = pcall(core.model.evaluate, m:compile(), 0)
  if not ok then return {} end -- the run itself says why
  local out, row = {}, 0
  for _, j in ipairs(m._order.joints) do
    if j.active ~= false then
      local kind, fields, refs = resolve(m, j, "joint")
      local phi = e.phi[row + 1]
      row = row + kind.rows
      if j.type == "driver" and math.abs(phi) > 1e-6 then
        local fn = fields.fn
        local f0 = type(fn) == "number" and fn or fn(0)
        if kind.name == "driver-angle" then
          local a, b = body_name(refs.bodies[1]), body_name(refs.bodies[2])
          local held = b == "ground" and ("angle(%s)"):format(a)
            or a == "ground" and ("-angle(%s)"):format(b)
            or ("angle(%s) - angle(%s)"):format(a, b)
          local start = phi + f0
          local advice = a == "ground" and (" To drive %s's own angle, list its point first in joint '%s', or negate fn."):format(
            b, name_of(j.joint) or "?") or ""
          out[#out + 1] = ("driver '%s' holds %s = fn(t), the first body's angle minus the second's in its joint's order "
            .. "(Eq. 7.43): fn(0) = %.6g where the start has %.6g, so the start was turned by %.3g rad at t = 0.%s"):format(
            j.name, held, f0, start, f0 - start, advice)
        else
          local p, q = refs.points[1].name, refs.points[2].name
          local start = math.sqrt(math.max(0, 2 * f0 * phi + f0 * f0))
          out[#out + 1] = ("driver '%s' holds the distance from '%s' to '%s' = fn(t): fn(0) = %.6g where the start has "
            .. "%.6g, so the start was moved by %.3g m at t = 0."):format(j.name, p, q, f0, start, f0 - start)
        end
      end
    end
  end
  return out
end


local function kinematic(m, opts, analysis, level)
  local o = options.kinematic_options(m, opts, analysis == "inverse dynamics" and "inverse_dynamics" or "kinematics",
    level + 1)
  local function bad(msg) error(string.format("%s: %s: %s", where(level + 1), analysis, msg), 0) end
  o.integrator = "Newton-Raphson"
  local jumps = driver_jumps(m)
  local desc = m:compile()
  local ok, raw = pcall(core.model.kinematics, desc, o)
  if not ok then bad(core_said(raw)) end
  local r = result.new(m, raw, o, where(level + 1), desc)
  options.say_notices(o, function(text) result.warn(r, text) end)
  r.stats.analysis = analysis
  for _, text in ipairs(jumps) do result.warn(r, text) end
  if raw.error then
    m.last = r
    local t = raw.t[#raw.t]
    error(string.format("%s: %s of '%s' stopped: %s%s", where(level + 1), analysis, m.name, raw.error,
      t and string.format(" (the samples up to t = %g are kept in the model's .last)", t) or ""), 0)
  end
  return r
end

function Model:kinematics(opts) return kinematic(self, opts, "kinematic analysis", 2) end
function Model:inverse_dynamics(opts) return kinematic(self, opts, "inverse dynamics", 2) end

-- The element an event sets: an element, or a name among the forces,
-- joints, contacts and bodies; nil and why not.
local settable = { "forces", "joints", "contacts", "bodies" }
local function event_element(m, ref)
  if type(ref) == "table" and getmetatable(ref) == Element then
    return m[plural[ref.kind_of]] and m[plural[ref.kind_of]][ref.name] == ref and ref or nil,
      ("'%s' is not an element of this model"):format(ref.name)
  end
  local found
  for _, list in ipairs(settable) do
    local e = m[list][ref]
    if e and found then return nil, ("'%s' names a %s and a %s: pass the element itself (m.%s[%q])"):format(
      ref, found.kind_of, e.kind_of, list, ref) end
    found = found or e
  end
  return found, ("the model has no force, joint, contact or body '%s'"):format(tostring(ref))
end

run_segments = function(m, o, here)
  local function bad(msg) error(string.format("%s: simulate: events: %s", here, msg), 0) end
  if type(o.events) ~= "table" then bad("a list such as { {t = 1, add = \"lock\"} }") end
  local events = {}
  for i, e in ipairs(o.events) do
    if type(e) ~= "table" or type(e.t) ~= "number" or not (e.t > 0 and e.t < o.tf) then
      bad(("event %d needs a time t between 0 and tf"):format(i))
    end
    local steps = e.t / o.dt
    if math.abs(steps - math.floor(steps + 0.5)) > 1e-9 then bad(("event %d at t = %g is not a multiple of dt = %g"):format(i, e.t, o.dt)) end
    if e.set ~= nil then
      local element, why = event_element(m, e.set)
      if not element then bad(("event %d: %s"):format(i, why)) end
      local values = {}
      for k, v in pairs(e) do
        if k ~= "t" and k ~= "set" then
          if type(k) ~= "string" or k == "name" then bad(("event %d sets %s, which an event cannot change"):format(i, tostring(k))) end
          values[k] = v
        end
      end
      if next(values) == nil then bad(("event %d sets nothing: give the new values, as { t = 1, set = \"spring\", k = 200 }"):format(i)) end
      events[#events + 1] = { t = e.t, element = element, values = values }
    else
      local name = e.add or e.remove
      if not name or not m.joints[name_of(name)] then
        bad(("event %d must add or remove a joint of the model, or set an element's values"):format(i))
      end
      events[#events + 1] = { t = e.t, joint = m.joints[name_of(name)], add = e.add ~= nil }
    end
  end
  table.sort(events, function(a, b) return a.t < b.t end)

  local saved = {}
  for _, b in ipairs(m._order.bodies) do saved[b] = { b.pos, b.angle, b.vel, b.omega } end
  local active = {}
  for _, j in ipairs(m._order.joints) do active[j] = j.active end
  local was = {} -- each value an event sets, as it was before the run
  for _, e in ipairs(events) do
    for k in pairs(e.values or {}) do
      was[e.element] = was[e.element] or {}
      if was[e.element][k] == nil then was[e.element][k] = { e.element[k] } end
    end
  end
  local function restore()
    for b, s in pairs(saved) do b.pos, b.angle, b.vel, b.omega = s[1], s[2], s[3], s[4] end
    for j, a in pairs(active) do j.active = a end
    for element, values in pairs(was) do for k, v in pairs(values) do element[k] = v[1] end end
  end
  -- the discrete-time method carries on through any change as it is: its
  -- joints are forces, which close a gap or take a jump themselves
  local forces_hold = formulation_entry[o.formulation].can.joint_forces

  local merged, t0 = nil, 0
  local ok, err = pcall(function()
    for k = 1, #events + 1 do
      local t1 = events[k] and events[k].t or o.tf
      local seg = {}
      for key, v in pairs(o) do seg[key] = v end
      seg.events, seg.tf, seg.t0 = nil, t1 - t0, t0
      -- events one report apart make a segment of one dt, which the
      -- subtraction can leave a rounding short of dt
      seg.dt = math.min(o.dt, seg.tf)
      seg.resumed = k > 1 and forces_hold -- no start check, no correction
      local r = simulate_checked(m, seg, here)
      merged = result.append(merged, r, 0, m)
      local last = #r.t
      for _, b in ipairs(m._order.bodies) do
        local rb = r:body(b.name)
        b.pos, b.angle = { rb.x[last], rb.y[last] }, rb.angle[last]
        b.vel, b.omega = { rb.vx[last], rb.vy[last] }, rb.omega[last]
      end
      local e = events[k]
      if e then
        if e.element then
          for key, v in pairs(e.values) do e.element[key] = v end
        else
          e.joint.active = e.add
        end
        -- a constrained formulation starts the next part on its joints: one
        -- added, or a driver changed, acts like an impact (Eq. 13.55)
        local phi = 0
        if not forces_hold then for _, x in ipairs(m:evaluate(t1).phi) do phi = math.max(phi, math.abs(x)) end end
        if not forces_hold and (e.add or phi > 1e-9) then
          local v = {}
          for i, b in ipairs(m._order.bodies) do v[i] = { b.vel, b.omega } end
          if phi > 1e-9 then correct_at(m, t1, here) end -- the new joint must hold where it closes
          for i, b in ipairs(m._order.bodies) do b.vel, b.omega = v[i][1], v[i][2] end
          local cd = core.model.impulse(m:compile(), t1)
          for i, b in ipairs(m._order.bodies) do
            b.vel, b.omega = { cd[3 * i - 2], cd[3 * i - 1] }, cd[3 * i]
          end
        end
      end
      t0 = t1
    end
  end)
  restore()
  if not ok then error(err, 0) end
  merged.stats.events = #events
  return merged
end


return M
