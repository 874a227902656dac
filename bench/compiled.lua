-- SPDX-License-Identifier: GPL-3.0-or-later
-- bench/compiled.lua: the compiled model kept while the Lua model is
-- unchanged (issue 24). For m:equilibrium{} and m:modes{} of some examples:
-- how often the model is compiled, in Lua (a description made by
-- m:compile) and in C (a model built from a description: a core call given
-- one that holds no compiled model), counted by wrapping the entry points;
-- and the processor time of one call (os.clock), the least of `repeats`,
-- measured apart with nothing wrapped. bench/run.sh runs it under this
-- build and the one before and prints the ratios. A benchmark, never a
-- test. Prints "analysis:model lua_compiles c_builds seconds" per case.
local repeats = tonumber(arg and arg[1]) or 10
local core = mb.core
local Model = getmetatable(mb.model{})

local c_builds, lua_compiles, seen = 0, 0, setmetatable({}, { __mode = "k" })
local plain, counted = {}, {}
for name, f in pairs(core.model) do
  if type(f) == "function" then
    plain[name] = f
    counted[name] = function(d, ...)
      if type(d) == "table" and d.bodies and rawget(d, "compiled") == nil then c_builds = c_builds + 1 end
      return f(d, ...)
    end
  end
end
local compile = Model.compile
local function counted_compile(m)
  local d = compile(m)
  if not seen[d] then seen[d], lua_compiles = true, lua_compiles + 1 end
  return d
end
local function counting(on)
  for name in pairs(plain) do core.model[name] = on and counted[name] or plain[name] end
  Model.compile = on and counted_compile or compile
end

for _, name in ipairs { "pendulum", "double_pendulum", "four_bar", "slider_crank", "quick_return" } do
  for _, analysis in ipairs { "equilibrium", "modes" } do
    local function call()
      local m = mb.example(name)
      local ok = pcall(require("mechbench.result").quietly, m[analysis], m, {})
      return ok
    end
    counting(true)
    c_builds, lua_compiles = 0, 0
    call()
    local counts = { lua_compiles, c_builds }
    counting(false)
    local best = math.huge
    for _ = 1, repeats do
      local m = mb.example(name)
      collectgarbage()
      local t0 = os.clock()
      pcall(require("mechbench.result").quietly, m[analysis], m, {})
      best = math.min(best, os.clock() - t0)
    end
    print(("%s:%s %d %d %.9f"):format(analysis, name, counts[1], counts[2], best))
  end
end
