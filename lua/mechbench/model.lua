-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.model: a planar mechanism described once, in Lua, for every
-- formulation: the class of a model, its methods gathered from the files
-- that do each job: mechbench.elements (making, checking and compiling its
-- elements), mechbench.runs (simulate, kinematics, inverse dynamics),
-- mechbench.pieces (one state: the pieces of every formulation, correction,
-- impacts), and the analyses built on them (statics, modes, explain, loops).
local args = require "mechbench.args"
local kinds = require "mechbench.kinds"
local elements = require "mechbench.elements"
local options = require "mechbench.options"
local runs = require "mechbench.runs"
local pieces = require "mechbench.pieces"
local explain = require "mechbench.explain"
local loops = require "mechbench.loops"
local statics = require "mechbench.statics"
local modes = require "mechbench.modes"
local equations = require "mechbench.equations_view"
local where = args.where

local M = {}
local Model = {}
Model.__index = Model
for _, part in ipairs { elements, runs, pieces } do
  for name, f in pairs(part.methods) do Model[name] = f end
end

function M.new(opts) return elements.new(opts, Model) end

-- The independent vector loops of the joint graph (Ch. 5), as equations.
function Model:loops()
  if #self._order.bodies == 0 then
    error(string.format("%s: model '%s' has no bodies yet: add one with m:body{...}", where(2), self.name), 0)
  end
  return loops.of(self, where(2))
end
function Model:equilibrium(opts) return statics.equilibrium(self, opts, where(2)) end
function Model:modes(opts) return modes.modes(self, opts, where(2)) end
-- The equations derived symbolically (mechbench.equations_view).
function Model:equations(opts) return equations.equations(self, opts, where(2)) end

-- Degrees of freedom: Gruebler's count (3 per body less the rows), the
-- rows, and { gruebler, rows, rank, dof, redundant, involved } from the
-- rank of D at the start (mechbench.explain); printed unless quiet.
-- One evaluation shown step by step (mechbench.explain): printed, and the
-- pieces returned.
-- At the prompt the returned pieces show as one line (the text above has
-- their numbers already), not as every array they hold.
local ExplainedPieces = {
  __tostring = function(p)
    return ("<pieces: %d coordinates, %d rows (q, D, gamma%s)>"):format(#p.q,
      #p.gamma, p.M and ", M, h, acc, lambda" or "")
  end,
}

function Model:explain(opts)
  local text, p = explain.text(self, opts)
  print(text)
  return setmetatable(p, ExplainedPieces)
end

-- m:dof's info at the prompt: one line after the text that said it all
-- (a dump of its fields scrolled that text away)
local DofInfo = {
  __tostring = function(i)
    local names = {}
    for k, r in ipairs(i.redundant) do names[k] = r.joint end
    return ("<dof info: gruebler = %d, rank = %d of %d rows, dof = %d%s>"):format(i.gruebler, i.rank, i.rows, i.dof,
      #names > 0 and ", redundant: " .. table.concat(names, ", ") or "")
  end,
}

-- Its one option, declared as C declares a run's (util/option.h).
local DOF_OPTIONS = { quiet = { name = "quiet", type = "flag", default = false, analyses = { dof = true },
  summary = "returns the counts without printing them" } }

function Model:dof(opts)
  local o = args.check_options(opts, DOF_OPTIONS, "dof")
  local info = explain.dof(self)
  if not o.quiet then print(explain.dof_text(self, info)) end
  return info.gruebler, info.rows, setmetatable(info, DofInfo)
end

-- Every option a user can give, declared once: C's (a run's, the
-- formulation layer's, a look at one state's, each remedy's and each
-- formulation's own: mechbench.kinds) and those the Lua modules read
-- themselves (events, result, equilibrium's, quiet), as { d = declaration,
-- with = the choice it goes with or nil } each, for help "options" and the
-- man page's test. An option two formulations declare alike (tree) is one.
function M.declared_options()
  local out, seen = {}, {}
  local function add(list, with)
    local sorted = {}
    for key, d in pairs(list) do sorted[#sorted + 1] = type(key) == "number" and d or d end
    table.sort(sorted, function(a, b) return a.name < b.name end)
    for _, d in ipairs(sorted) do
      if next(d.analyses) then
        local key = d.name .. "\0" .. d.summary
        if seen[key] and with then
          seen[key].with = seen[key].with .. " or " .. with:match('"[^"]*"$')
        elseif not seen[key] then
          seen[key] = { d = d, with = with }
          out[#out + 1] = seen[key]
        end
      end
    end
  end
  for _, list in ipairs { kinds.options.layer, kinds.options.run, runs.options, kinds.options.state, explain.options } do
    add(list)
  end
  for _, r in ipairs(kinds.options.remedies) do add(r.options, ('stabilization = "%s"'):format(r.name)) end
  for _, f in ipairs(kinds.formulations) do add(f.options, ('formulation = "%s"'):format(f.name)) end
  add(statics.options)
  add(DOF_OPTIONS)
  return out
end

-- What the rest of the library takes from here.
-- (every option m:simulate takes with some formulation or remedy: for
-- mb.compare, which passes its options on to the runs)
M.formulations, M.kinematic_only = kinds.formulation_list, kinds.kinematic_only
M.simulate_options = kinds.option_names("simulate", runs.options)
M.contact_force = elements.contact_force

args.methods(Model, "m", elements.sync)
M.Model = Model
return M
