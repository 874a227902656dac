-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.session: the options of a session, declared once here and set
-- with mb.options{ name = value, ... }; mb.options() returns them all. A
-- library module reads one with session.get(name). A new option is one
-- entry in `declared`.
local args = require "mechbench.args"

local M = {}

M.declared = {
  graphics = {
    choices = { "auto", "sixel", "kitty", "text" }, default = "auto",
    text = "pictures inline at the prompt: auto asks the terminal (sixel or kitty's protocol), "
      .. "text keeps character pictures",
  },
}

local values = {}

function M.get(name)
  local v = values[name]
  if v == nil then return M.declared[name].default end
  return v
end

-- mb.options{ graphics = "text" }: sets the ones given (each checked) and
-- returns every option's value; mb.options() only returns them.
function M.options(t)
  if t ~= nil and type(t) ~= "table" then
    args.fail("mb.options", 'takes a table such as { graphics = "text" }, not %s', type(t))
  end
  local names = args.sorted_keys(M.declared)
  for name, value in pairs(t or {}) do
    local spec = M.declared[name]
    if not spec then
      args.fail("mb.options", "%s", args.unknown("option", tostring(name), names, "the options are"))
    end
    local ok = false
    for _, c in ipairs(spec.choices) do ok = ok or value == c end
    if not ok then
      args.fail("mb.options", "%s must be one of %s (got %s)", name, table.concat(spec.choices, ", "),
        args.shown(value))
    end
  end
  for name, value in pairs(t or {}) do values[name] = value end
  local out = {}
  for _, name in ipairs(names) do out[name] = M.get(name) end
  return out
end

return M
