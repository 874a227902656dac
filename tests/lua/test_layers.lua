-- SPDX-License-Identifier: GPL-3.0-or-later
-- The layers of src/: the include graph has no cycle (no strongly connected
-- component of more than one unit, a unit being a .c file with its .h), no
-- folder includes one above it, only the Lua bindings include Lua, and no
-- C file is longer than LONGEST lines (a file that grows past it mixes jobs:
-- split it by phase, building apart from evaluating).
--   util -> model -> formulation -> analysis -> view -> lua -> main.c
local here = arg[0]:match("(.*/)") or "./"
local T = dofile(here .. "harness.lua")
local src = here .. "../../src/"

local rank = { util = 1, model = 2, formulation = 3, analysis = 4, view = 5, lua = 6 }
local function layer(path)
  local top = path:match("^([%w_]+)/")
  return top and rank[top] or 7, top or "main"
end

-- every .c and .h below src/, by its path from src/
local files = {}
local list = assert(io.popen("cd '" .. src .. "' && find . -name '*.[ch]' | sort"))
for line in list:lines() do files[#files + 1] = line:gsub("^%./", "") end
list:close()
T.ok(#files > 40, ("found the sources (%d files)"):format(#files))

-- unit = the path without its extension; edges from each #include "..."
local LONGEST = 1500
local edges, units, lua_includes, upward, long = {}, {}, {}, {}, {}
for _, path in ipairs(files) do
  local unit = path:gsub("%.[ch]$", "")
  units[unit] = true
  edges[unit] = edges[unit] or {}
  local f = assert(io.open(src .. path))
  local n = 0
  for line in f:lines() do
    n = n + 1
    local target = line:match('^#include%s+"([^"]+)%.h"')
    if target and target ~= unit then
      edges[unit][target] = true
      local from, from_name = layer(path)
      local to, to_name = layer(target)
      if to > from then upward[#upward + 1] = ("%s:%d includes %s.h (%s above %s)"):format(path, n, target, to_name, from_name) end
    end
    if line:match("^#include%s+<lua") or line:match("^#include%s+<lauxlib") then
      if not path:match("^lua/") then lua_includes[#lua_includes + 1] = path .. ":" .. n end
    end
  end
  f:close()
  if n > LONGEST then long[#long + 1] = ("%s (%d lines)"):format(path, n) end
end

T.ok(#upward == 0, "no layer includes one above it" .. (#upward > 0 and (": " .. table.concat(upward, "; ")) or ""))
T.ok(#long == 0, ("no C file over %d lines"):format(LONGEST) .. (#long > 0 and (": " .. table.concat(long, ", ")) or ""))
T.ok(#lua_includes == 0, "only src/lua/ includes Lua's headers" ..
  (#lua_includes > 0 and (": " .. table.concat(lua_includes, ", ")) or ""))

-- Tarjan's strongly connected components
local index, low, on_stack, stack, counter, cycles = {}, {}, {}, {}, 0, {}
local function connect(v)
  counter = counter + 1
  index[v], low[v] = counter, counter
  stack[#stack + 1] = v
  on_stack[v] = true
  for w in pairs(edges[v] or {}) do
    if units[w] then
      if not index[w] then
        connect(w)
        low[v] = math.min(low[v], low[w])
      elseif on_stack[w] then
        low[v] = math.min(low[v], index[w])
      end
    end
  end
  if low[v] == index[v] then
    local component = {}
    repeat
      local w = table.remove(stack)
      on_stack[w] = nil
      component[#component + 1] = w
    until w == v
    if #component > 1 then
      table.sort(component)
      cycles[#cycles + 1] = "{" .. table.concat(component, ", ") .. "}"
    end
  end
end
local names = {}
for u in pairs(units) do names[#names + 1] = u end
table.sort(names)
for _, u in ipairs(names) do if not index[u] then connect(u) end end
T.ok(#cycles == 0, "no include cycle" .. (#cycles > 0 and (": " .. table.concat(cycles, "; ")) or ""))
T.finish()
