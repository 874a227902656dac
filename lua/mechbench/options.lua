-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.options: the options the analyses of a model take, checked at
-- the user's line: a run's (m:simulate), and those several analyses share
-- (tree, independent, the notices a check lets pass).
local core = require "mechbench.core"
local args = require "mechbench.args"
local kinds = require "mechbench.kinds"
local elements = require "mechbench.elements"
local result = require "mechbench.result"
local message = require "mechbench.message"
local where = args.where
local name_of, joint_kind = elements.name_of, elements.joint_kind
local formulation_names, formulation_entry, kinematic_only = kinds.formulation_names, kinds.formulation_entry,
  kinds.kinematic_only

local M = {}

local function counted_dof(m)
  local desc = m:compile()
  local nc = 0
  for _, j in ipairs(desc.joints) do nc = nc + kinds.joint_rows(j) end
  return 3 * #desc.bodies - nc, nc
end



-- The formulations that take forward dynamics, as a list for a message.
local function dynamic_names()
  local out = {}
  for _, name in ipairs(formulation_names) do if not kinematic_only[name] then out[#out + 1] = name end end
  return table.concat(out, ", ")
end

-- The formulations with constraint rows, quoted, for a message.
local function constrained_names()
  local out = {}
  for _, name in ipairs(formulation_names) do
    if formulation_entry[name].can.constraints then out[#out + 1] = ("%q"):format(name) end
  end
  return table.concat(out, ", ", 1, #out - 1) .. " or " .. out[#out]
end

-- The options m:simulate takes; the remedies' numbers with their remedy.
local simulate_options = { "formulation", "integrator", "tf", "dt", "h", "tol", "abstol", "correct", "dense", "progress",
  "stabilization", "alpha", "beta", "mc", "zeta", "omega", "redundant", "independent", "angles", "tree", "method",
  "events", "switching" }
M.simulate_options = simulate_options
-- The remedies' numbers, each with the range the C core takes (Baumgarte's
-- alpha and beta; the penalty's mass, damping ratio and frequency).
local remedy_numbers = { alpha = { 0, 1e12 }, beta = { 0, 1e12 }, mc = { 1e-12, 1e15 }, zeta = { 0, 1e6 },
  omega = { 1e-6, 1e9 } }
-- The reaches of time a run takes: shorter, or longer, is a slip of units.
local SHORTEST, LONGEST = 1e-12, 1e12

local stabilizations = { "none", "baumgarte", "penalty", "momentum", "partitioning" }

-- Why name is not one of list (an error's words), or nil.
local function one_of(name, list, what)
  for _, k in ipairs(list) do if k == name then return end end
  return args.unknown(what, name, list, "available")
end

-- The coordinates minimal coordinates may take as independent: every
-- body's x, y and angle, and the coordinate a joint's kind offers (its
-- declared geometry, read from C: a pin's relative angle, a slider's slide).
local function minimal_candidates(m)
  local names = {}
  for _, b in ipairs(m._order.bodies) do
    for _, k in ipairs { "x", "y", "angle" } do names[#names + 1] = b.name .. "." .. k end
  end
  for _, j in ipairs(m._order.joints) do
    local kind = joint_kind(j)
    if j.active ~= false and kind and kind.offers then names[#names + 1] = j.name .. "." .. kind.offers end
  end
  return names
end

-- independent = {"crank.angle"} (the first set; later ones are chosen) or
-- {{"crank.angle"}, {"B.angle"}} (the sets to switch between) for minimal
-- coordinates, into o.minimal_sets (flat) and o.minimal_set_size; bad(msg)
-- raises at the user's line.
local function minimal_independent(m, o, bad)
  local list = o.independent
  if type(list) ~= "table" or #list == 0 then
    bad('independent must be a list such as {"crank.angle"}, or a list of such lists (the sets to switch between)')
  end
  local sets = type(list[1]) == "table" and list or { list }
  local known, set_of = minimal_candidates(m), {}
  for _, n in ipairs(known) do set_of[n] = true end
  local dof = m:dof{ quiet = true }
  local flat = {}
  for i, set in ipairs(sets) do
    if type(set) ~= "table" then bad("independent: set " .. i .. " must be a list of names") end
    local seen = {}
    for _, name in ipairs(set) do
      if type(name) ~= "string" or not set_of[name] then
        bad(("independent: '%s' is no coordinate minimal coordinates take%s (they are body.x, body.y, body.angle, "
          .. "a pin's joint.angle and a slider's joint.slide)"):format(tostring(name), args.suggest(tostring(name), known)))
      end
      if seen[name] then bad("independent: '" .. name .. "' is named twice") end
      seen[name] = true
      flat[#flat + 1] = name
    end
    if #set ~= dof then
      bad(("independent: the model has %d degree%s of freedom, so name %d coordinate%s, not %d"):format(
        dof, dof == 1 and "" or "s", dof, dof == 1 and "" or "s", #set))
    end
  end
  o.minimal_sets, o.minimal_set_size = flat, dof
end

local fixed_step = { rk4 = true, symplectic = true }

local function run_options(m, opts, level)
  local o = args.options(opts, simulate_options, "simulate")
  o.formulation = o.formulation or "body"
  local entry = formulation_entry[o.formulation]
  o.integrator = o.integrator or (entry and entry.integrator) or "ode45"
  o.tf = o.tf or 1
  local function bad(msg) error(string.format("%s: simulate: %s", where(level + 1), msg), 0) end
  local function positive(key, why)
    local v = o[key]
    if v ~= nil and args.bad_number(v, { positive = true, smallest = 0, largest = math.huge }) then
      local got = type(v) == "string" and ("%q"):format(v) or type(v) ~= "number" and "a " .. type(v)
        or v ~= v and "NaN" or tostring(v)
      bad(("%s %s (got %s)"):format(key, why, got))
    end
  end
  positive("tf", "must be a positive, finite time")
  if o.tf < SHORTEST or o.tf > LONGEST then bad(("tf must be from %g to %g s (got %g)"):format(SHORTEST, LONGEST, o.tf)) end
  o.dt = o.dt or math.min(0.01, o.tf / 10)
  positive("dt", "must be a positive, finite reporting step")
  if o.dt > o.tf then bad("dt must be at most tf") end
  if o.tf / o.dt > 1e7 then bad(("tf / dt is %.3g reports; at most 1e7 fit in memory"):format(o.tf / o.dt)) end
  local why = one_of(o.formulation, formulation_names, "formulation")
    or one_of(o.integrator, kinds.integrators, "integrator")
  if why then bad(why) end
  if kinematic_only[o.formulation] then
    bad(("formulation '%s' is for kinematics only: it states the loops' constraints, no masses or forces. "
      .. 'Use m:kinematics{ formulation = "%s", ... } or m:inverse_dynamics; to simulate, use one of: %s'):format(
      o.formulation, o.formulation, dynamic_names()))
  end
  if o.redundant ~= nil and o.redundant ~= "stop" and o.redundant ~= "drop" then
    bad('redundant must be "stop" (the default: explain and stop) or "drop" (carry on without them)')
  end
  local stab = o.stabilization or "none"
  why = one_of(stab, stabilizations, "stabilization")
  if why then bad(why) end
  if not entry.can.adaptive and not fixed_step[o.integrator] then
    bad(("formulation %q tunes its joints to a fixed step h: integrator = %q (its default) or \"rk4\", not %q"):format(
      o.formulation, entry.integrator, o.integrator))
  end
  if not entry.can.constraints and stab ~= "none" then
    bad(("formulation %q has no constraint equations for stabilization = %q to act on: its joints are stiff springs "
      .. "and dampers of its own (omega, zeta set them)"):format(o.formulation, stab))
  end
  if not entry.can.constraints and o.redundant == "drop" then
    bad(("formulation %q has no constraint rows to drop: redundant joints are springs side by side there, "
      .. "and run as they are"):format(o.formulation))
  end
  if o.integrator == "symplectic" and stab == "momentum" then
    bad('the symplectic step moves positions by rates; the momentum method integrates momenta: use integrator = "rk4"')
  end
  -- a remedy's numbers may ride along in options shared by several runs
  for key, range in pairs(remedy_numbers) do
    local w = o[key] ~= nil and args.bad_number(o[key], { nonnegative = true })
    if w then bad(key .. " " .. w) end
    if o[key] ~= nil and (o[key] < range[1] or o[key] > range[2]) then
      bad(("%s must be from %g to %g (got %g)"):format(key, range[1], range[2], o[key]))
    end
  end
  if o.formulation == "minimal" and stab ~= "none" then
    bad(('minimal coordinates have no constraint rows: the joints hold by construction, so stabilization = "%s" has nothing '
      .. "to act on (leave it out)"):format(stab))
  end
  if o.switching ~= nil and (type(o.switching) ~= "boolean" or o.formulation ~= "minimal") then
    bad('switching = true or false goes with formulation = "minimal" (whether its independent coordinates may change)')
  end
  if o.independent ~= nil and o.formulation == "minimal" then
    minimal_independent(m, o, bad)
  elseif o.independent ~= nil then
    -- partitioning: names such as "crank.angle" to coordinate indices (0-based)
    if stab ~= "partitioning" then bad('independent coordinates go with stabilization = "partitioning" (or formulation = "minimal")') end
    if type(o.independent) ~= "table" then bad('independent must be a list such as {"crank.angle"}') end
    local index = {}
    for i, b in ipairs(m._order.bodies) do index[b.name] = i - 1 end
    local idx, seen = {}, {}
    for _, name in ipairs(o.independent) do
      local body, coord = tostring(name):match("^(.*)%.([%w]+)$")
      local k = ({ x = 0, y = 1, angle = 2 })[coord or ""]
      if not body or not index[body] or not k then
        bad("independent: '" .. tostring(name) .. "' is not body.x, body.y or body.angle of a body of the model")
      end
      if seen[name] then bad("independent: '" .. tostring(name) .. "' is named twice") end
      seen[name] = true
      idx[#idx + 1] = 3 * index[body] + k
    end
    -- with redundant rows dropped the count is the rank's, checked when the run starts
    local dof = counted_dof(m)
    if #idx ~= dof and o.redundant ~= "drop" then
      bad(("independent: the model has %d degree%s of freedom, so name %d coordinate%s, not %d"):format(
        dof, dof == 1 and "" or "s", dof, dof == 1 and "" or "s", #idx))
    end
    o.independent_coords = idx
  end
  if o.formulation ~= "body" and o.formulation ~= "minimal" and o.independent ~= nil then
    bad("independent names body coordinates; in " .. o.formulation .. " coordinates partitioning picks its independent coordinates from the Jacobian")
  end
  if o.angles ~= nil and o.angles ~= "relative" and o.angles ~= "absolute" then
    bad('angles must be "relative" or "absolute"')
  end
  if o.method ~= nil and o.method ~= "aba" and o.method ~= "crb" then
    bad('method must be "aba" (the articulated-body algorithm) or "crb" (M̄ written out and factored)')
  end
  if o.method ~= nil and o.formulation ~= "joint" then
    bad("method chooses how joint coordinates solve their equations; formulation is " .. o.formulation)
  end
  if fixed_step[o.integrator] then
    o.h = o.h or (entry.step > 0 and math.min(entry.step, o.dt)) or o.dt
    positive("h", "must be a positive step, at most dt")
    if o.h > o.dt then bad(("h must be at most dt = %g (got %g)"):format(o.dt, o.h)) end
    if o.tf / o.h > 1e9 then bad(("tf / h is %.3g steps: too many to take"):format(o.tf / o.h)) end
  end
  o.tol = o.tol or 1e-10
  positive("tol", "must be a positive number, a relative error")
  if o.tol < 1e-14 then bad(("tol must be at least 1e-14: double precision cannot do better (got %g)"):format(o.tol)) end
  if o.tol > 1 then bad(("tol must be at most 1, a relative error (got %g)"):format(o.tol)) end
  -- the absolute tolerance, in the state's own units (m, rad, m/s, rad/s)
  positive("abstol", "must be a positive number, an absolute error (the default is tol)")
  if o.abstol ~= nil and (o.abstol < 1e-300 or o.abstol > 1e12) then
    bad(("abstol must be from 1e-300 to 1e12, an absolute error (got %g)"):format(o.abstol))
  end
  for _, key in ipairs { "correct", "dense", "progress" } do
    if o[key] ~= nil and type(o[key]) ~= "boolean" then bad(key .. " must be true or false") end
  end
  if o.correct == nil then o.correct = false end
  o.progress = o.progress or (core.mode == "interactive")
  return o
end

-- Joint coordinates: a tree the user picked, as joint indices (0-based).
-- Joints that cannot be tree joints are cut, with a word; a "tree" that
-- closes a loop is refused.
local function tree_option(m, o, level)
  if o.tree == nil then return end
  m:compile() -- the model is checked first: the tree's joints must name what it has
  local function bad(msg) error(string.format("%s: %s", where(level + 1), msg), 0) end
  if type(o.tree) ~= "table" then bad('tree must be a list of joint names: tree = {"pin", ...}') end
  local index, root = {}, {}
  for i, j in ipairs(m._order.joints) do index[j.name] = i - 1 end
  local function find(b) while root[b] and root[b] ~= b do b = root[b] end return b end
  local idx = {}
  for _, ref in ipairs(o.tree) do
    local j = m.joints[name_of(ref)]
    if not j then bad("tree: unknown joint '" .. tostring(name_of(ref)) .. "'") end
    local kind = joint_kind(j)
    if not (kind and (kind.can.pin or kind.can.slide)) then
      -- said as the run's warning, once the run has its result
      o.notices = o.notices or {}
      o.notices[#o.notices + 1] = ("joint '%s' (%s) cannot be a tree joint in joint coordinates; it is cut instead"):format(
        j.name, j.type)
    else
      local a = find(name_of(m.points[name_of(j.points[1])].body))
      local b = find(name_of(m.points[name_of(j.points[2])].body))
      if a == b then bad("tree: joint '" .. j.name .. "' closes a loop with the joints before it; a tree has no loops") end
      root[a] = b
      idx[#idx + 1] = index[j.name]
    end
  end
  o.tree_joints = idx
end

-- Why m:simulate would refuse these options, said without the caller's
-- place, or nil and the options as it checks them: mb.compare skips a
-- formulation that cannot take the options shared by its runs.
local function run_refusal(m, opts)
  local ok, o = pcall(function()
    local o = run_options(m, opts, 2)
    tree_option(m, o, 2)
    return o
  end)
  if ok then return nil, o end
  return (tostring(o):gsub("^.-:%d+: ", ""):gsub("^simulate: ", ""))
end

-- What the options' checks noticed and let pass (o.notices): a run's
-- warnings when there is a run r, else said at the user's line.
local function say_notices(o, r)
  for _, text in ipairs(o.notices or {}) do
    if r then result.warn(r, text)
    else message.to_stderr(("%s: warning: %s"):format(where(), text)) end
  end
end


M.simulate_options, M.SHORTEST, M.LONGEST = simulate_options, SHORTEST, LONGEST
M.one_of, M.constrained_names, M.minimal_independent = one_of, constrained_names, minimal_independent
M.run_options, M.tree_option, M.say_notices, M.run_refusal = run_options, tree_option, say_notices, run_refusal
return M
