-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench: the Lua side of the workbench, preloaded as the global `mb`:
-- the library (mechbench.library) and help, which describes it.
local mb = require "mechbench.library"
mb.help = require "mechbench.help"   -- help(f) finds the functions through mechbench.reference

-- The lesson commands and help live at top level, where students type them.
mb.lesson.install_globals(_G)
_G.help = mb.help

return mb
