-- mechbench.repl: what the C prompt asks of Lua — the prompt text, how
-- results print, and tab-completion candidates.
local mb = require "mechbench"
local M = {}

function M.greet()
  io.write(string.format(
    "mechbench %s: a workbench for planar multibody dynamics (%s)\n" ..
    "Type help for a tour, lessons() to see the lessons, Ctrl-D to leave.\n",
    mb.version, _VERSION))
end

function M.prompt(continuation)
  if continuation then return ">> " end
  local where = mb.lesson.where()
  return where and string.format("mb[%s]> ", where) or "mb> "
end

function M.print_results(...)
  mb.pretty.print(...)
end

local keywords = {
  "and", "break", "do", "else", "elseif", "end", "false", "for", "function",
  "goto", "if", "in", "local", "nil", "not", "or", "repeat", "return", "then",
  "true", "until", "while",
}

-- Keys reachable from v: its own, then those its metatable's __index offers.
local function keys_of(v, methods_only, out, depth)
  depth = depth or 0
  if depth > 3 then return out end
  if type(v) == "table" then
    for k, val in pairs(v) do
      if type(k) == "string" and k:match("^[%a_][%w_]*$")
         and (not methods_only or type(val) == "function") then
        out[k] = val
      end
    end
  end
  local mt = getmetatable(v)
  if type(mt) == "table" and type(rawget(mt, "__index")) == "table" then
    keys_of(rawget(mt, "__index"), methods_only, out, depth + 1)
  end
  return out
end

local function lookup(path)
  local v = _G
  for name in path:gmatch("[^.:]+") do
    local ok, next_v = pcall(function() return v[name] end)
    if not ok or next_v == nil then return nil end
    v = next_v
  end
  return v
end

-- Completions of an expression such as "mb.vec.ro" or "a:no".
function M.complete(text)
  local base, sep, partial = text:match("^(.*)([.:])([%w_]*)$")
  local found = {}
  if base then
    if not base:match("^[%a_][%w_.]*$") then return {} end
    local v = lookup(base)
    if v == nil then return {} end
    for k, val in pairs(keys_of(v, sep == ":", {})) do
      if k:sub(1, #partial) == partial then
        found[#found + 1] = base .. sep .. k .. (type(val) == "function" and "(" or "")
      end
    end
  else
    for k, val in pairs(keys_of(_G, false, {})) do
      if k:sub(1, #text) == text then
        found[#found + 1] = k .. (type(val) == "function" and "(" or "")
      end
    end
    for _, k in ipairs(keywords) do
      if k:sub(1, #text) == text then found[#found + 1] = k end
    end
  end
  table.sort(found)
  return found
end

return M
