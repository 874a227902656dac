-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.library: the functions of `mb`, gathered from the modules
-- that do each job. mechbench (init.lua) adds help, which describes them,
-- and puts the lesson commands where students type them.
local core = require "mechbench.core"

local mb = {
  version = core.version,
  batch = core.mode == "batch",     -- no terminal UI: print summaries instead
  interactive = core.mode == "interactive",
  sandbox = core.sandbox == true,   -- untrusted code: see mechbench.sandbox
  paths = core.paths,
  vec = core.vec,
  mat = core.mat,
  core = core,
}

mb.pretty = require "mechbench.pretty"
mb.lesson = require "mechbench.lesson"
mb.model = require("mechbench.model").new
mb.example = require "mechbench.example"
mb.parameter = require("mechbench.args").parameter -- the examples' own check, here for --sandbox
mb.contact_force = require("mechbench.model").contact_force
mb.formulations = require("mechbench.model").formulations
mb.fn = require "mechbench.fn"
mb.friction = require "mechbench.friction"
mb.points = require "mechbench.points"
mb.newton = require "mechbench.newton"
mb.plot = require("mechbench.result").plot
mb.options = require("mechbench.session").options -- the session's options (graphics, ...)
function mb.animate(r, opts)
  if getmetatable(r) ~= require("mechbench.result").Result then
    require("mechbench.args").fail("mb.animate", "takes a result (r = m:simulate{...}), not %s", type(r))
  end
  return r:animate(opts)
end
mb.compare = require("mechbench.compare").compare
-- m:compare{...}: the model's own door to mb.compare (compare is above model)
require("mechbench.model").Model.compare = require("mechbench.compare").method

return mb
