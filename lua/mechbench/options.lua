-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.options: the rules that join several options of a model's
-- analyses, written against what a formulation can do (its entry's can):
-- each option alone is declared once in C (util/option.h, read through
-- mechbench.kinds) and checked by args.check_options; here are the rules
-- that read two of them, or the model (a tree's joints, independent
-- coordinates against the degrees of freedom).
local core = require "mechbench.core"
local args = require "mechbench.args"
local kinds = require "mechbench.kinds"
local elements = require "mechbench.elements"
local where = args.where
local name_of, joint_kind = elements.name_of, elements.joint_kind
local formulation_names, formulation_entry = kinds.formulation_names, kinds.formulation_entry
local limits = kinds.options

local M = {}

-- Gruebler's count alone.
local function counted_dof(m)
  local desc = m:compile()
  local nc = 0
  for _, j in ipairs(desc.joints) do nc = nc + kinds.joint_rows(j) end
  return 3 * #desc.bodies - nc, nc
end

-- The formulations, quoted, that can (a key of their entry's can), for a
-- message.
local function names_that(can)
  local out = {}
  for _, name in ipairs(formulation_names) do
    if formulation_entry[name].can[can] then out[#out + 1] = ("%q"):format(name) end
  end
  return table.concat(out, ", ", 1, #out - 1) .. " or " .. out[#out]
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
-- coordinates: each a coordinate it takes, once, as many as the model's
-- degrees of freedom; bad(msg) raises at the user's line.
local function minimal_independent(m, o, bad)
  local list = o.independent
  if type(list) ~= "table" or #list == 0 then
    bad('independent must be a list such as {"crank.angle"}, or a list of such lists (the sets to switch between)')
  end
  local sets = type(list[1]) == "table" and list or { list }
  local known, set_of = minimal_candidates(m), {}
  for _, n in ipairs(known) do set_of[n] = true end
  local dof = m:dof{ quiet = true }
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
    end
    if #set ~= dof then
      bad(("independent: the model has %d degree%s of freedom, so name %d coordinate%s, not %d"):format(
        dof, dof == 1 and "" or "s", dof, dof == 1 and "" or "s", #set))
    end
  end
end

-- tree = {"pin", ...} (names or joints): the joints the tree may use,
-- as names for the C core. Joints that cannot be tree joints are cut, with
-- a word; a "tree" that closes a loop is refused.
local function tree_option(m, o, level)
  if o.tree == nil then return end
  m:compile() -- the model is checked first: the tree's joints must name what it has
  local function bad(msg) error(string.format("%s: %s", where(level + 1), msg), 0) end
  if type(o.tree) ~= "table" then bad('tree must be a list of joint names: tree = {"pin", ...}') end
  local root = {}
  local function find(b) while root[b] and root[b] ~= b do b = root[b] end return b end
  local names = {}
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
    end
    names[#names + 1] = j.name
  end
  o.tree = names
end

-- tf and dt of a run (checked each alone): dt at most tf, and at most
-- limits.max_reports reports between them; dt's default filled in.
local function times(o, bad)
  o.tf = o.tf or kinds.option("tf").default
  o.dt = o.dt or math.max(math.min(0.01, o.tf / 10), kinds.option("dt").lo)
  if o.dt > o.tf then bad(("dt must be at most tf = %g (got %g)"):format(o.tf, o.dt)) end
  if o.tf / o.dt > limits.max_reports then
    bad(("tf / dt is %.3g reports; at most %g fit in memory"):format(o.tf / o.dt, limits.max_reports))
  end
end

-- The options of m:simulate, checked; extra: those runs.lua reads itself
-- (events). Filled in: formulation, integrator, tf, dt, h (fixed steps),
-- tol, correct, progress.
function M.run_options(m, opts, level, extra)
  local o, taken = kinds.check_options("simulate", opts, "simulate", extra)
  local function bad(msg) error(string.format("%s: simulate: %s", where(level + 1), msg), 0) end
  local entry = formulation_entry[o.formulation]
  if not entry.can.dynamics then
    bad(("formulation '%s' is for kinematics only: it states the loops' constraints, no masses or forces. "
      .. 'Use m:kinematics{ formulation = "%s", ... } or m:inverse_dynamics; to simulate, use one of: %s'):format(
      o.formulation, o.formulation, names_that("dynamics")))
  end
  o.integrator = o.integrator or entry.integrator
  local fixed = kinds.fixed_step[o.integrator]
  if not entry.can.adaptive and not fixed then
    bad(("formulation %q tunes its joints to a fixed step h: integrator = %q (its default) or \"rk4\", not %q"):format(
      o.formulation, entry.integrator, o.integrator))
  end
  local stab = o.stabilization or "none"
  if not entry.can.constraints and stab ~= "none" then
    bad(("formulation %q has no constraint equations for stabilization = %q to act on: its joints are stiff springs "
      .. "and dampers of its own (omega, zeta set them)"):format(o.formulation, stab))
  end
  if entry.can.closed_form and stab ~= "none" then
    bad(("formulation %q has no constraint rows: the joints hold by construction, so stabilization = \"%s\" has "
      .. "nothing to act on (leave it out)"):format(o.formulation, stab))
  end
  if not entry.can.constraints and o.redundant == "drop" then
    bad(("formulation %q has no constraint rows to drop: redundant joints are springs side by side there, "
      .. "and run as they are"):format(o.formulation))
  end
  if o.integrator == "symplectic" and stab == "momentum" then
    bad('the symplectic step moves positions by rates; the momentum method integrates momenta: use integrator = "rk4"')
  end
  times(o, bad)
  if fixed then
    o.h = o.h or (entry.step > 0 and math.min(entry.step, o.dt)) or o.dt
  end
  if o.h and o.h > o.dt then bad(("h must be at most dt = %g (got %g)"):format(o.dt, o.h)) end
  if o.h and o.tf / o.h > limits.max_steps then
    bad(("tf / h is %.3g steps; at most %g are taken"):format(o.tf / o.h, limits.max_steps))
  end
  o.tol = o.tol or taken.tol.default
  if o.independent ~= nil and taken.independent.type == "names" then
    minimal_independent(m, o, bad) -- the formulation's own: its coordinates by name
  elseif o.independent ~= nil then
    -- partitioning's: body coordinates, integrated in place of those the
    -- Jacobian would pick, so only where the coordinates are the bodies'
    if not entry.can.body_coordinates then
      bad("independent names body coordinates; in " .. o.formulation
        .. " coordinates partitioning picks its independent coordinates from the Jacobian")
    end
    local index = {}
    for _, b in ipairs(m._order.bodies) do index[b.name] = true end
    local seen = {}
    for _, name in ipairs(o.independent) do
      local body, coord = tostring(name):match("^(.*)%.([%w]+)$")
      if not body or not index[body] or not ({ x = true, y = true, angle = true })[coord or ""] then
        bad("independent: '" .. tostring(name) .. "' is not body.x, body.y or body.angle of a body of the model")
      end
      if seen[name] then bad("independent: '" .. tostring(name) .. "' is named twice") end
      seen[name] = true
    end
    -- with redundant rows dropped the count is the rank's, checked when the run starts
    local dof = counted_dof(m)
    if #o.independent ~= dof and o.redundant ~= "drop" then
      bad(("independent: the model has %d degree%s of freedom, so name %d coordinate%s, not %d"):format(
        dof, dof == 1 and "" or "s", dof, dof == 1 and "" or "s", #o.independent))
    end
  end
  if o.correct == nil then o.correct = false end
  o.progress = o.progress or (core.mode == "interactive")
  tree_option(m, o, level + 1)
  return o
end

-- The options of a kinematic analysis, checked; what is the method's name
-- (kinematics, inverse_dynamics) for messages. Filled in: formulation, tf,
-- dt.
function M.kinematic_options(m, opts, what, level)
  local o = kinds.check_options("kinematics", opts, what)
  local function bad(msg) error(string.format("%s: %s: %s", where(level + 1), what, msg), 0) end
  times(o, bad)
  if not formulation_entry[o.formulation].can.constraints then
    bad(("formulation %q states no constraint equations for Newton-Raphson to solve: its joints are springs "
      .. "that act in a forward run (m:simulate). Use formulation = %s"):format(o.formulation, names_that("constraints")))
  end
  tree_option(m, o, level + 1)
  return o
end

-- The options of a look at one state (m:pieces, m:joint_coords,
-- m:point_coords, m:minimal_coords, m:explain), checked: analysis is its
-- name, formulation the one it is about (nil: the options'), extra the
-- caller's own declarations, what how messages name it (analysis).
-- Filled in: t (0).
function M.state_options(m, opts, analysis, formulation, level, extra, what)
  local o = kinds.check_options(analysis, opts, what or analysis, extra, formulation)
  local function bad(msg) error(("%s: %s: %s"):format(where(level + 1), analysis, msg), 0) end
  if o.independent ~= nil then minimal_independent(m, o, bad) end
  tree_option(m, o, level + 1)
  o.t = o.t or 0
  return o
end

-- Why m:simulate would refuse these options, said without the caller's
-- place, or nil and the options as it checks them: mb.compare skips a
-- formulation that cannot take the options shared by its runs.
function M.run_refusal(m, opts)
  local ok, o = pcall(M.run_options, m, opts, 2)
  if ok then return nil, o end
  return (tostring(o):gsub("^.-:%d+: ", ""):gsub("^simulate: ", ""))
end

-- What the options' checks noticed and let pass (o.notices): a run's
-- warnings (result.warn), or said at the user's line.
M.tree_option = tree_option

function M.say_notices(o, say)
  for _, text in ipairs(o.notices or {}) do say(text) end
end
return M
