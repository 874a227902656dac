-- SPDX-License-Identifier: GPL-3.0-or-later
-- The layers of src/: the include graph has no cycle (no strongly connected
-- component of more than one unit, a unit being a .c file with its .h), no
-- folder includes one above it, only the Lua bindings include Lua, and no
-- C file is longer than LONGEST lines (a file that grows past it mixes jobs:
-- split it by phase, building apart from evaluating).
--   util -> model -> formulation -> analysis -> view -> lua -> main.c
-- And the layers of lua/mechbench/, as the README's table names them: the
-- require graph (requires inside functions too) has no cycle and no module
-- requires one above it.
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
local c_sources = {}
for _, path in ipairs(files) do
  local f = assert(io.open(src .. path))
  c_sources[#c_sources + 1] = { path = path, text = f:read("a") }
  f:close()
end

-- Tarjan's strongly connected components of graph (node -> set of nodes):
-- each of more than one node, as "{a, b, ...}".
local function strongly_connected(graph)
  local index, low, on_stack, stack, counter, cycles = {}, {}, {}, {}, 0, {}
  local function connect(v)
    counter = counter + 1
    index[v], low[v] = counter, counter
    stack[#stack + 1] = v
    on_stack[v] = true
    for w in pairs(graph[v] or {}) do
      if graph[w] then
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
  for u in pairs(graph) do names[#names + 1] = u end
  table.sort(names)
  for _, u in ipairs(names) do if not index[u] then connect(u) end end
  return cycles
end

-- The C sources' faults: upward includes (file:line), files over LONGEST
-- lines, Lua's headers outside src/lua/, include cycles ({a, b, ...}).
local function c_faults(sources)
  local edges, upward, long, lua_includes = {}, {}, {}, {}
  for _, source in ipairs(sources) do
    local path = source.path
    local unit = path:gsub("%.[ch]$", "")
    edges[unit] = edges[unit] or {}
    local n = 0
    for line in (source.text .. (source.text:sub(-1) == "\n" and "" or "\n")):gmatch("(.-)\n") do
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
    if n > LONGEST then long[#long + 1] = ("%s (%d lines)"):format(path, n) end
  end
  return upward, long, lua_includes, strongly_connected(edges)
end

local upward, long, lua_includes, cycles = c_faults(c_sources)
T.ok(#upward == 0, "no layer includes one above it" .. (#upward > 0 and (": " .. table.concat(upward, "; ")) or ""))
T.ok(#long == 0, ("no C file over %d lines"):format(LONGEST) .. (#long > 0 and (": " .. table.concat(long, ", ")) or ""))
T.ok(#lua_includes == 0, "only src/lua/ includes Lua's headers" ..
  (#lua_includes > 0 and (": " .. table.concat(lua_includes, ", ")) or ""))
T.ok(#cycles == 0, "no include cycle" .. (#cycles > 0 and (": " .. table.concat(cycles, "; ")) or ""))

-- The checks above, shown on planted faults: a file grown to LONGEST lines
-- passes and one line more fails, named with its length; an include
-- within a layer that closes a cycle (model.h asking for the joint graph
-- built on it); an upward include that closes one too (vec2.h asking for
-- the model); Lua's header in the model.
local function c_planted(path, grow_to, code)
  local copy = {}
  for i, source in ipairs(c_sources) do
    copy[i] = source
    if source.path == path then
      local text = source.text .. (code or "")
      local n = select(2, text:gsub("\n", ""))
      copy[i] = { path = path, text = text .. ("\n"):rep(math.max(0, (grow_to or 0) - n)) }
    end
  end
  return c_faults(copy)
end
-- whether one of list holds every one of the words
local function holds(list, ...)
  for _, item in ipairs(list) do
    local all = true
    for _, word in ipairs { ... } do all = all and item:find(word, 1, true) ~= nil end
    if all then return true end
  end
  return false
end
local _, at_limit = c_planted("model/joints/joints.c", LONGEST)
T.eq(#at_limit, #long, ("a C file of %d lines passes"):format(LONGEST))
local _, over = c_planted("model/joints/joints.c", LONGEST + 1)
T.ok(holds(over, ("model/joints/joints.c (%d lines)"):format(LONGEST + 1)),
  ("a C file of %d lines fails, named with its length"):format(LONGEST + 1))
local up, _, _, within = c_planted("model/model.h", 0, '#include "model/joint_graph.h"\n')
T.ok(#up == #upward and holds(within, "model/joint_graph", "model/model"),
  "a planted include of joint_graph.h in model.h is within a layer and closes a cycle")
local up_vec, _, _, through = c_planted("util/vec2.h", 0, '#include "model/model.h"\n')
T.ok(holds(up_vec, "util/vec2.h", "includes model/model.h (model above util)"), "a planted include of model.h in vec2.h is upward")
T.ok(holds(through, "model/model", "util/vec2"), "and closes a cycle through vec2 and model")
local _, _, lua_in_model = c_planted("model/model.c", 0, "#include <lua.h>\n")
T.ok(holds(lua_in_model, "model/model.c:"), "a planted include of Lua's header in the model is said")

-- The Lua half (lua/mechbench/): the layers the README's table names, a
-- require (at a module's top or inside a function) only to its own layer
-- or below, and no cycle in the require graph.
local root = here .. "../../"
local lua_dir = root .. "lua/mechbench/"

-- The README's table: "| N name | `a` `b` ... | what |" under "Lua layer".
local lua_rank, lua_layer_names = { ["mechbench.core"] = 0 }, {}
local misshapen_rows = {} -- rows of the table with other than its three cells
do
  local f = assert(io.open(root .. "README.md"))
  local in_table = false
  for line in f:lines() do
    if line:match("^| Lua layer |") then in_table = true
    elseif in_table and not line:match("^|") then break
    elseif in_table then
      -- a row is "| a | b | c |": a paragraph run into the last row (no
      -- blank line after it) rendered inside the table as a fourth cell
      if not line:match("^|[^|]+|[^|]+|[^|]+|$") then misshapen_rows[#misshapen_rows + 1] = line end
      local n, name, modules = line:match("^| (%d+) ([^|]-) | ([^|]+) |")
      if n then
        lua_layer_names[tonumber(n)] = name
        for module in modules:gmatch("`([%w_]+)`") do
          lua_rank[module == "mechbench" and "mechbench" or "mechbench." .. module] = tonumber(n)
        end
      end
    end
  end
  f:close()
end
T.ok(#lua_layer_names >= 5, ("the README names the Lua layers (%d)"):format(#lua_layer_names))
T.ok(#misshapen_rows == 0, "each row of the README's Lua layer table has its three cells and ends the line" ..
  (#misshapen_rows > 0 and (": " .. misshapen_rows[1]) or ""))

-- Each string literal a global require is called with, and its line: the
-- source read as Lua's lexer would (comments and strings skipped), so a
-- require inside a function counts and one in a comment or a message does not.
local function requires_of(text)
  local out, i, line, n = {}, 1, 1, #text
  local function skip_long(at) -- at a "[" of [==[: the index after its close, or nil
    local eq = text:match("^%[(=*)%[", at)
    if not eq then return nil end
    local close = text:find("]" .. eq .. "]", at, true)
    local stop = close and close + #eq + 2 or n + 1
    local _, lines = text:sub(at, stop - 1):gsub("\n", "")
    line = line + lines
    return stop
  end
  local function skip_string(at) -- at a quote: the index after the closing one, and the string
    local quote, j, parts = text:sub(at, at), at + 1, {}
    while j <= n do
      local c = text:sub(j, j)
      if c == "\\" then parts[#parts + 1] = text:sub(j, j + 1); j = j + 2
      elseif c == quote or c == "\n" then break
      else parts[#parts + 1] = c; j = j + 1 end
    end
    return j + 1, table.concat(parts)
  end
  while i <= n do
    local c = text:sub(i, i)
    if c == "\n" then line, i = line + 1, i + 1
    elseif text:sub(i, i + 1) == "--" then
      i = skip_long(i + 2) or (text:find("\n", i, true) or n + 1)
    elseif c == "[" and text:match("^%[=*%[", i) then i = skip_long(i)
    elseif c == '"' or c == "'" then i = skip_string(i)
    elseif c:match("[%a_]") then
      local word = text:match("^[%w_]+", i)
      local before = i > 1 and text:sub(i - 1, i - 1) or ""
      local after = i + #word
      if word == "require" and before ~= "." and before ~= ":" then
        local at = text:match("^%s*%(?%s*()[\"']", after)
        if at then
          local _, name = skip_string(at)
          out[#out + 1] = { name = name, line = line }
        end
      end
      i = after
    else i = i + 1 end
  end
  return out
end

-- Every module's source, by module name (init.lua is "mechbench").
local lua_sources = {}
do
  local list = assert(io.popen("cd '" .. lua_dir .. "' && ls *.lua"))
  for file in list:lines() do
    local module = file == "init.lua" and "mechbench" or "mechbench." .. file:gsub("%.lua$", "")
    local f = assert(io.open(lua_dir .. file))
    lua_sources[module] = { file = "lua/mechbench/" .. file, text = f:read("a") }
    f:close()
  end
  list:close()
end

-- What is wrong with the graph of these sources: modules in no layer,
-- upward requires (file:line), cycles ({a, b, ...}).
local function lua_graph_faults(sources)
  local unplaced, upward, graph = {}, {}, {}
  for module, s in pairs(sources) do
    if not lua_rank[module] then unplaced[#unplaced + 1] = s.file end
    graph[module] = {}
    for _, r in ipairs(requires_of(s.text)) do
      if r.name == "mechbench" or r.name:match("^mechbench%.") then
        graph[module][r.name] = true
        local from, to = lua_rank[module], lua_rank[r.name]
        if from and to and to > from then
          upward[#upward + 1] = ("%s:%d requires %s (layer %d %s, above %d %s)"):format(s.file, r.line, r.name, to,
            lua_layer_names[to], from, lua_layer_names[from])
        elseif not to then
          upward[#upward + 1] = ("%s:%d requires %s, which is in no layer"):format(s.file, r.line, r.name)
        end
      end
    end
  end
  table.sort(unplaced)
  table.sort(upward)
  return unplaced, upward, strongly_connected(graph)
end

local unplaced, upward_lua, lua_cycles = lua_graph_faults(lua_sources)
local count = 0
for _ in pairs(lua_sources) do count = count + 1 end
T.ok(count > 20, ("found the Lua modules (%d)"):format(count))
T.ok(#unplaced == 0, "every Lua module is in a layer of the README's table" ..
  (#unplaced > 0 and (": not " .. table.concat(unplaced, ", ")) or ""))
for module in pairs(lua_rank) do
  T.ok(module == "mechbench.core" or lua_sources[module] ~= nil, ("the README's Lua layer of %s names a module that exists"):format(module))
end
T.ok(#upward_lua == 0, "no Lua module requires one above it" ..
  (#upward_lua > 0 and (": " .. table.concat(upward_lua, "; ")) or ""))
T.ok(#lua_cycles == 0, "no require cycle in the Lua half" ..
  (#lua_cycles > 0 and (": " .. table.concat(lua_cycles, "; ")) or ""))

-- The check above, shown on planted requires inside functions: one upward
-- that closes a cycle (the kinds asking the class of a model), one within a
-- layer that closes a cycle (the runs asking the statics built on them);
-- and a require in a comment or a message that counts for nothing.
local function planted(module, code)
  local copy = {}
  for name, s in pairs(lua_sources) do copy[name] = s end
  copy[module] = { file = lua_sources[module].file, text = lua_sources[module].text .. code }
  return lua_graph_faults(copy)
end
local lines_kinds = select(2, lua_sources["mechbench.kinds"].text:gsub("\n", "")) + 1
local _, up, cycles = planted("mechbench.kinds", '\nlocal function class() return require("mechbench.model").Model end\n')
T.ok(holds(up, ("kinds.lua:%d requires mechbench.model"):format(lines_kinds + 1)),
  "a planted require of model inside a function of kinds is upward, said at its line")
T.ok(holds(cycles, "mechbench.kinds", "mechbench.model"), "and closes a cycle through kinds and model")
_, up, cycles = planted("mechbench.runs", '\nlocal function rest(m) return require "mechbench.statics".equilibrium(m) end\n')
T.eq(#up, #upward_lua, "a planted require of statics in runs is within a layer")
T.ok(holds(cycles, "mechbench.runs", "mechbench.statics"), "and closes a cycle through runs and statics")
_, up, cycles = planted("mechbench.kinds", '\n-- require "mechbench.model"\nlocal s = [[require "mechbench.model"]] .. \'require("mechbench.compare")\'\n')
T.ok(#up == #upward_lua and #cycles == #lua_cycles, "a require in a comment or a string counts for nothing")
T.finish()
