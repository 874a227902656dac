-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.kinds: the C tables as Lua reads them, once (core.model.kinds()):
-- every joint kind, force kind and contact law with its numbers, its shape
-- (the points, vectors or bodies an element names), what it can do and how
-- it is drawn; the integrators; the formulations with what each can do.
-- Nothing about a kind or a formulation is kept in Lua beside them.
local core = require "mechbench.core"
local args = require "mechbench.args"

-- formulations, integrators, joints, forces, laws: the C tables' lists
local M = core.model.kinds()

-- Each kind by its name: M.of.joint.revolute, M.of.force[...], M.of.law[...]
M.of = { joint = {}, force = {}, law = {} }
for what, list in pairs { joint = M.joints, force = M.forces, law = M.laws } do
  for _, k in ipairs(list) do M.of[what][k.name] = k end
end

-- The names the C tables hold, in their order.
local formulation_names, formulation_entry, kinematic_only = {}, {}, {}
for _, f in ipairs(M.formulations) do
  formulation_names[#formulation_names + 1] = f.name
  formulation_entry[f.name] = f
  kinematic_only[f.name] = not f.can.dynamics or nil
end
M.formulation_names, M.formulation_entry, M.kinematic_only = formulation_names, formulation_entry,
  kinematic_only


-- mb.formulations(): the formulations' names; mb.formulations(true): each
-- one's entry: name, title, the integrator and fixed step a run takes unless
-- told (step 0: dt), and can = what it can do: constraints (it has
-- constraint rows, which the remedies, redundant = "drop" and kinematic
-- analysis act on), adaptive (adaptive integrators), joint_forces (its
-- joints are forces of its own, reported as their reactions), closed_form
-- (its coordinates are independent: no rows for a remedy, and only what it
-- solves in closed form), dynamics (forward dynamics: false for one without
-- masses or forces, the vector loops, which take kinematics only).
function M.formulation_list(with_titles)
  if with_titles ~= nil and type(with_titles) ~= "boolean" then
    args.fail("mb.formulations", "takes true (names with titles) or nothing (names), not %s", type(with_titles))
  end
  local out = {}
  for i, f in ipairs(M.formulations) do
    out[i] = with_titles and { name = f.name, title = f.title, integrator = f.integrator, step = f.step,
      can = { constraints = f.can.constraints, adaptive = f.can.adaptive, joint_forces = f.can.joint_forces,
        closed_form = f.can.closed_form, dynamics = f.can.dynamics } }
      or f.name
  end
  return out
end

-- The options, as C declares them (util/option.h): options.run (a run's),
-- .layer (formulation, stabilization, redundant), .state (a look at one
-- state's), .remedies (each remedy's own), and each formulation's own in
-- its entry (M.formulation_entry[name].options).
local options = M.options

-- The declaration of a run's, the layer's or a state's option by its name.
function M.option(name)
  for _, list in ipairs { options.run, options.layer, options.state } do
    for _, d in ipairs(list) do if d.name == name then return d end end
  end
end

-- What an analysis ("simulate", "kinematics", "pieces", "explain",
-- "joint_coords", "point_coords", "minimal_coords") takes with formulation
-- f and stabilization s (names; nil: none): name -> declaration; and the
-- options it takes with another formulation or remedy: name -> what each
-- goes with ('formulation = "joint"'), for the message. Another remedy's
-- numbers ride along, checked and left unused (lessons and comparisons
-- share them among runs of several remedies), unless f has its own option
-- of that name.
local function gather(analysis, f, s)
  local taken, elsewhere = {}, {}
  for _, list in ipairs { options.run, options.layer, options.state } do
    for _, d in ipairs(list) do if d.analyses[analysis] then taken[d.name] = d end end
  end
  local remedies, formulations = {}, {}
  local function own(list, is_chosen, owners, name)
    for _, d in ipairs(list or {}) do
      if d.analyses[analysis] then
        if is_chosen then taken[d.name] = d
        else
          owners[d.name] = owners[d.name] or {}
          table.insert(owners[d.name], ("%q"):format(name))
        end
      end
    end
  end
  for _, r in ipairs(options.remedies) do
    own(r.options, r.name == s, remedies, r.name)
    for _, d in ipairs(r.options) do
      if r.name ~= s and d.type == "number" and d.analyses[analysis] and not taken[d.name] then
        taken[d.name], remedies[d.name] = d, nil
      end
    end
  end
  for _, entry in ipairs(M.formulations) do own(entry.options, entry.name == f, formulations, entry.name) end
  for _, pair in ipairs { { remedies, "stabilization" }, { formulations, "formulation" } } do
    for name, list in pairs(pair[1]) do
      if not taken[name] then
        local phrase = pair[2] .. " = " .. table.concat(list, " or ")
        elsewhere[name] = elsewhere[name] and elsewhere[name] .. " or " .. phrase or phrase
      end
    end
  end
  return taken, elsewhere
end

-- M.taken's answers, kept: the declarations never change once loaded, and
-- gathering them anew cost a run some 100 us (issue 24). By extra (a
-- module's own options, or NONE), then analysis, formulation and remedy.
local kept, NONE = setmetatable({}, { __mode = "k" }), {}

-- gather's, with the options of extra added to what is taken; the tables
-- are shared: read them, never change them.
function M.taken(analysis, f, s, extra)
  local by_key = kept[extra or NONE]
  if not by_key then
    by_key = {}
    kept[extra or NONE] = by_key
  end
  local key = ("%s\0%s\0%s"):format(analysis, tostring(f), tostring(s))
  local found = by_key[key]
  if not found then
    local taken, elsewhere = gather(analysis, f, s)
    for name, d in pairs(extra or {}) do taken[name] = d end
    found = { taken, elsewhere }
    by_key[key] = found
  end
  return found[1], found[2]
end

-- The options opts given to an analysis, checked (args.check_options)
-- against what it takes with the formulation and the remedy they choose:
-- a copy, with o.formulation filled in when the analysis takes one. what
-- names it in messages ("simulate"); extra: the options a Lua module reads
-- itself (name -> declaration); formulation: the one the analysis is
-- about (m:joint_coords: "joint"), else opts.formulation or "body".
function M.check_options(analysis, opts, what, extra, formulation)
  local base = M.taken(analysis)
  opts = args.spelled(opts, base)
  local chosen = {}
  -- the formulation and the remedy first: they choose what else applies
  for _, key in ipairs { "formulation", "stabilization" } do
    local v = type(opts) == "table" and opts[key] or nil
    local d = base[key]
    if v ~= nil and d then
      local why = args.bad_option(v, d)
      if why then error(("%s: %s: %s"):format(args.where(), what, why), 0) end
      chosen[key] = v
    end
  end
  local f = formulation or chosen.formulation or (base.formulation and base.formulation.default)
  local taken, elsewhere = M.taken(analysis, f, chosen.stabilization or "none", extra)
  local o = args.check_options(opts, taken, what, elsewhere)
  if taken.formulation then o.formulation = f end
  return o, taken
end

-- Every option an analysis takes with some formulation or remedy (names,
-- sorted), and those of extra: for a function that passes options on.
function M.option_names(analysis, extra)
  local taken, elsewhere = M.taken(analysis)
  local out = {}
  for name in pairs(taken) do out[#out + 1] = name end
  for name in pairs(elsewhere) do out[#out + 1] = name end
  for name in pairs(extra or {}) do out[#out + 1] = name end
  table.sort(out)
  return out
end

-- An option described in one sentence, for help "options" and the man
-- page (its test compares the two): what it takes, its default, what it
-- does and the methods that take it; with: the choice it goes with.
local methods = { simulate = "m:simulate", kinematics = "m:kinematics, m:inverse_dynamics", pieces = "m:pieces",
  explain = "m:explain", joint_coords = "m:joint_coords", point_coords = "m:point_coords",
  minimal_coords = "m:minimal_coords", equilibrium = "m:equilibrium", modes = "m:modes", dof = "m:dof" }
local method_order = { "simulate", "kinematics", "pieces", "explain", "joint_coords", "point_coords",
  "minimal_coords", "equilibrium", "modes", "dof" }
function M.describe_option(d, with)
  local takes = ({
    number = ("a number from %g to %g"):format(d.lo or 0, d.hi or 0),
    whole = ("a whole number from %g to %g"):format(d.lo or 0, d.hi or 0),
    flag = "true or false",
    choice = d.choices and ('"%s"'):format(table.concat(d.choices, '", "')),
    names = "a list of names, or a list of such lists",
    joints = "a list of the model's joints by name",
    coordinates = 'a list of body coordinates such as "crank.angle"',
    numbers = "a list of numbers",
    time = "any finite number",
    list = "a list",
    result = "a result r",
  })[d.type] or d.type
  local default = d.default
  if type(default) == "number" then default = ("%g"):format(default)
  elseif type(default) == "string" then default = ('"%s"'):format(default)
  elseif default ~= nil then default = tostring(default)
  else default = d.said or "none" end
  local by = {}
  for _, a in ipairs(method_order) do if d.analyses[a] then by[#by + 1] = methods[a] end end
  return ("%s%s; default %s: %s. Taken by %s."):format(with and ("With %s, "):format(with) or "", takes, default,
    d.summary, table.concat(by, ", "))
end

-- The constraint rows of a compiled joint.
function M.joint_rows(j) return M.of.joint[j.kind].rows end

return M
