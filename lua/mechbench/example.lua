-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.example: the example models by name.
--   m = mb.example("four_bar")         the model, ready to run
--   m = mb.example("cart", "B")        arguments go to the example's builder,
--                                      which checks them (args.parameter)
--   mb.example()                       the names of the examples
-- An example file builds its model when loaded with the argument "model"
-- (it then returns its builder, and perhaps data beside it); run as a
-- script it simulates and prints.
local core = require "mechbench.core"
local args = require "mechbench.args"

-- The example files that build models, by name, from their folder.
local function available()
  local names, dir = {}, core.paths.examples
  for _, file in ipairs(core.files(dir)) do
    local name = file:match("^([%w_]+)%.lua$")
    local f = name and io.open(dir .. "/" .. file)
    if f then
      if f:read("a"):find('%.%.%. == "model" then return build') then names[#names + 1] = name end
      f:close()
    end
  end
  return names
end

-- The list at the prompt: every name, wrapped at words (the printer's cut
-- of a long array hid 25 of 36)
local Names = {
  __tostring = function(names)
    return require("mechbench.message").wrap(("%d examples: %s"):format(#names, table.concat(names, ", ")), 79)
  end,
}

return function(name, ...)
  local names = available()
  if name == nil then return setmetatable(names, Names) end
  local found = false
  for _, n in ipairs(names) do found = found or n == name end
  if not found then args.fail("mb.example", "%s", args.unknown("example", name, names)) end
  local chunk, err = loadfile(core.paths.examples .. "/" .. name .. ".lua")
  if not chunk then args.fail("mb.example", "%s", err) end
  local loaded = table.pack(chunk("model"))
  -- more arguments than the builder has parameters would be dropped
  -- unseen (mb.example("aa", "B") built the one AA): refused, named
  local build, given = loaded[1], table.pack(...)
  local shape = debug.getinfo(build, "u")
  local last = 0
  for i = 1, given.n do if given[i] ~= nil then last = i end end
  if not shape.isvararg and last > shape.nparams then
    local names, gave = {}, {}
    for i = 1, shape.nparams do names[i] = debug.getlocal(build, i) end
    for i = 1, last do gave[i] = args.shown(given[i]) end
    args.fail("mb.example", "%s takes %s, you gave %s", name, shape.nparams == 0 and "no arguments"
      or ("%d argument%s (%s)"):format(shape.nparams, shape.nparams == 1 and "" or "s", table.concat(names, ", ")),
      table.concat(gave, ", "))
  end
  -- the example's own complaint, said at the user's line
  local ok, model = pcall(build, ...)
  if not ok then args.fail("mb.example", "%s: %s", name, tostring(model):gsub("^[^:]*:%d+: ", "")) end
  return model, table.unpack(loaded, 2, loaded.n)
end
