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

function Model:dof(opts)
  local o = args.options(opts, { "quiet" }, "dof")
  local info = explain.dof(self)
  if not o.quiet then print(explain.dof_text(self, info)) end
  return info.gruebler, info.rows, setmetatable(info, DofInfo)
end

-- What the rest of the library takes from here.
M.formulations, M.kinematic_only, M.simulate_options = kinds.formulation_list, kinds.kinematic_only,
  options.simulate_options
M.contact_force = elements.contact_force

args.methods(Model, "m", elements.sync)
M.Model = Model
return M
