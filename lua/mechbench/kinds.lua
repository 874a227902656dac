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

-- The constraint rows of a compiled joint.
function M.joint_rows(j) return M.of.joint[j.kind].rows end

return M
