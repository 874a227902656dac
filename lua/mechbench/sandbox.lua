-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.sandbox: the globals of untrusted code (mechbench --sandbox).
--
-- Under --sandbox every chunk the user gives (the script, -e, a line at
-- the prompt, and through the lesson commands the code they run) has the
-- table M.environment() makes as its globals; mechbench's own modules keep
-- the real ones, so the library works as it always does. In the sandbox:
--   Lua's base functions, and copies of string, table, math, utf8 and
--   coroutine (what a script changes in them stays in the sandbox);
--   os.clock, os.time and os.date;
--   load of Lua source, with the sandbox's globals unless given others;
--   require of mechbench and its public modules (those mb holds);
--   mb without mb.core, the lesson commands, problem(), problems() and help;
--   mb's tables and the modules require gives are the script's own copies.
-- Everything else a script could reach the machine with is there as a name
-- that raises "X is not allowed in the sandbox" at the script's line when
-- it is touched: io, the rest of os, debug, package.loadlib and the rest of
-- package, dofile, loadfile, load of a binary chunk, require of anything
-- else (mechbench.core, the C core, among them), getmetatable of a string
-- (its methods are the real string library, shared with mechbench) and of
-- a userdata (a vector, a matrix, a run: the C core's).
--
-- dofile and loadfile are refused outright, not limited to the script's
-- folder: a folder being graded holds other students' scripts, and an
-- error of a chunk that does not parse quotes the file's text. For the same
-- reason a sandboxed script writes no file: r:csv, r:json, r:cast and r:frames say
-- so (result.lua), and lesson progress is not saved (lesson.lua).
local args = require "mechbench.args"

local M = {}
local env -- the sandbox's globals, once made

-- The globals of the user's code: the sandbox's, or the real ones.
function M.globals() return env or _G end

-- Raise "FILE:LINE: what is not allowed in the sandbox (why)" at the
-- script's line.
local function refuse(what, why)
  error(("%s: %s is not allowed in the sandbox%s"):format(args.where(), what,
    why and (" (" .. why .. ")") or ""), 0)
end
M.refuse = refuse

-- A library of which only `allowed` is given; any other field raises.
local function closed(name, allowed, why)
  local t = {}
  for _, k in ipairs(allowed) do t[k] = _G[name][k] end
  return setmetatable(t, {
    __index = function(_, k) refuse(("%s.%s"):format(name, tostring(k)), why) end,
    __tostring = function() return name .. " (in the sandbox: " .. why .. ")" end,
  })
end

local function copy(t)
  local out = {}
  for k, v in pairs(t) do out[k] = v end
  return out
end

-- mb's public modules, as require names them.
local public = { "pretty", "lesson", "model", "example", "fn", "friction", "points",
  "newton", "result", "compare", "help" }

function M.environment()
  if env then return env end
  local mb = require "mechbench"
  local g = {}
  for _, k in ipairs { "assert", "error", "ipairs", "next", "pairs", "pcall", "print",
    "rawequal", "rawget", "rawlen", "rawset", "select", "setmetatable", "tonumber",
    "tostring", "type", "xpcall", "collectgarbage", "warn", "_VERSION" } do
    g[k] = _G[k]
  end
  for _, lib in ipairs { "string", "table", "math", "utf8", "coroutine" } do g[lib] = copy(_G[lib]) end
  g._G = g

  function g.getmetatable(v)
    if type(v) == "string" then
      refuse("getmetatable of a string", "the string methods are shared with mechbench")
    end
    if type(v) == "userdata" then
      refuse("getmetatable of a userdata", "its metatable is the C core's: its __gc called by hand frees what is in use")
    end
    return getmetatable(v)
  end

  g.io = closed("io", {}, "a sandboxed script reads and writes no files; print writes the output")
  g.os = closed("os", { "clock", "time", "date" }, "of os, only os.clock, os.time and os.date are")
  g.debug = closed("debug", {}, "it reaches past the sandbox")

  function g.dofile() refuse("dofile", "a sandboxed script reads no other file") end
  function g.loadfile() refuse("loadfile", "a sandboxed script reads no other file") end

  -- load: Lua source only, in the sandbox unless an environment is given
  function g.load(chunk, name, mode, ...)
    local has_env, chunk_env = select("#", ...) > 0, ...
    if mode ~= nil and not tostring(mode):find("t", 1, true) then
      refuse(("load in mode %q"):format(tostring(mode)), "only Lua source can be loaded")
    end
    local binary = false
    if type(chunk) == "string" then
      binary = chunk:byte(1) == 27
    elseif type(chunk) == "function" then
      local reader, first = chunk, true
      chunk = function()
        local piece = reader()
        if first and type(piece) == "string" and piece ~= "" then
          first = false
          if piece:byte(1) == 27 then binary = true; return nil end
        end
        return piece
      end
    end
    if binary then refuse("load of a binary chunk (string.dump)", "only Lua source can be loaded") end
    local f, err = load(chunk, name, "t", (has_env and chunk_env) or (not has_env and g) or nil)
    if binary then refuse("load of a binary chunk (string.dump)", "only Lua source can be loaded") end
    return f, err
  end

  -- require: mechbench's public modules, mb for "mechbench". The script
  -- gets copies of mb's tables and of the modules, as of string and math:
  -- the library reads its own (mb.paths is core.paths, where it loads
  -- examples, lessons and problems from with its full globals; pointed at
  -- the script's folder, mb.example ran the script itself out of the sandbox).
  -- The library's own records are left out of the copies: mb.fn.forms,
  -- which the C core reads, was read-only but open to rawset.
  local sandbox_mb, own_copy = {}, {}
  local withheld = { [require("mechbench.fn").forms] = true }
  local function detached(t)
    if type(t) ~= "table" then return t end
    if not own_copy[t] then
      local c = copy(t)
      for k, v in pairs(c) do if withheld[v] then c[k] = nil end end
      own_copy[t] = setmetatable(c, getmetatable(t))
    end
    return own_copy[t]
  end
  for k, v in pairs(mb) do if k ~= "core" then sandbox_mb[k] = detached(v) end end
  local loaded = { mechbench = sandbox_mb, _G = g }
  for _, lib in ipairs { "string", "table", "math", "utf8", "coroutine" } do loaded[lib] = g[lib] end
  local allowed = {}
  for _, name in ipairs(public) do allowed["mechbench." .. name] = true end
  function g.require(name)
    if loaded[name] ~= nil then return loaded[name] end
    if type(name) ~= "string" or not allowed[name] then
      local shown = type(name) == "string" and ("require %q"):format(name) or "require of a " .. type(name)
      refuse(shown, type(name) == "string" and name:find("^mechbench%.") and
        "an internal module; what a script may use is in mb" or "only mechbench's own modules can be required")
    end
    loaded[name] = detached(require(name))
    return loaded[name]
  end
  g.package = setmetatable({ loaded = loaded, config = package.config }, {
    __index = function(_, k) refuse("package." .. tostring(k), "only require of mechbench's modules is") end,
  })

  g.mb = sandbox_mb
  g.help = sandbox_mb.help
  g.arg = {}
  mb.lesson.install_globals(g) -- lessons(), lesson(n), next(), check(x), ...
  require("mechbench.problem").install_globals(g) -- problems(), problem("2.2")
  env = g
  return g
end

return M
