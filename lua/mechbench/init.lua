-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench: the Lua side of the workbench, preloaded as the global `mb`:
-- the library (mechbench.library) and help, which describes it.
local mb = require "mechbench.library"
mb.help = require "mechbench.help"   -- help(f) finds the functions through mechbench.reference
mb.problem = require("mechbench.problem").new     -- the book's problems as homework
mb.problems = require("mechbench.problem").list

-- The lesson commands and help live at top level, where students type them.
mb.lesson.install_globals(_G)
require("mechbench.problem").install_globals(_G)
_G.help = mb.help

return mb
