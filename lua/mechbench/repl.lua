-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.repl: what the C prompt asks of Lua — the prompt text, how
-- results print, and tab-completion candidates.
local mb = require "mechbench"
local M = {}

-- The greeting, unless a lesson was opened (--lesson N): its step is on
-- the screen and says what to type; a greeting after it would push it up.
function M.greet()
  if mb.lesson.where() then return end
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

-- The values of what was typed (src). A lone name that is nil says so: a
-- misspelt or never-set variable printed a bare nil.
function M.print_results(src, ...)
  local name = select("#", ...) == 1 and (...) == nil and src:match("^%s*([%a_][%w_]*)%s*$")
  if name and name ~= "nil" then
    print(("nil (no variable %s is set)"):format(name))
    return
  end
  mb.pretty.print(...)
end

-- The chunk's code with each comment and string turned into a space, so
-- that only code words are left to read.
local function code_only(src)
  local out, i, n = {}, 1, #src
  while i <= n do
    local c = src:sub(i, i)
    local level = src:match("^%-%-%[(=*)%[", i) or src:match("^%[(=*)%[", i)
    local skip_to -- the last byte of a comment or string
    if level then -- a long comment or string: to its closing bracket
      local _, close = src:find("]" .. level .. "]", i + 2, true)
      skip_to = close or n
    elseif src:find("^%-%-", i) then -- a comment: to the end of the line
      skip_to = src:find("\n", i, true) or n
    elseif c == '"' or c == "'" then -- a string: to its quote, past escapes
      local j = i + 1
      while j <= n and src:sub(j, j) ~= c and src:sub(j, j) ~= "\n" do
        j = j + (src:sub(j, j) == "\\" and 2 or 1)
      end
      skip_to = j
    end
    out[#out + 1] = skip_to and " " or c
    i = (skip_to or i) + 1
  end
  return table.concat(out)
end

-- Whether a chunk declares a local outside every block (function, do,
-- loop, if, repeat): such a local ends with the chunk.
local function top_level_local(src)
  local depth = 0
  for word in code_only(src):gmatch("[%a_][%w_]*") do
    if word == "function" or word == "do" or word == "if" or word == "repeat" then
      depth = depth + 1
    elseif word == "end" or word == "until" then
      depth = depth - 1
    elseif word == "local" and depth == 0 then
      return true
    end
  end
  return false
end
M.top_level_local = top_level_local

-- The names a chunk declares local outside every block, in the order
-- written: `local a, b = ...` and `local function f` on a line that starts
-- at depth 0 (a script's usual layout).
local function top_level_locals(src)
  local depth, names, seen = 0, {}, {}
  for line in (code_only(src) .. "\n"):gmatch("(.-)\n") do
    if depth == 0 then
      local list = line:match("^%s*local%s+function%s+([%a_][%w_]*)")
        or (line:match("^%s*local%s+([^=]*)") or ""):gsub("<%a+>", "")
      for name in list:gmatch("[%a_][%w_]*") do
        if not seen[name] then seen[name], names[#names + 1] = true, name end
      end
    end
    for word in line:gmatch("[%a_][%w_]*") do
      if word == "function" or word == "do" or word == "if" or word == "repeat" then
        depth = depth + 1
      elseif word == "end" or word == "until" then
        depth = depth - 1
      end
    end
  end
  return names
end
M.top_level_locals = top_level_locals

-- After a script that -i keeps the prompt open for: its top-level locals
-- ended with it, as every chunk's do; name them, and what to do.
function M.script_locals(path)
  local f = io.open(path, "r")
  if not f then return end
  local src = f:read("a")
  f:close()
  local names = top_level_locals(src)
  if #names == 0 then return end
  local shown = table.concat(names, ", ", 1, math.min(#names, 8)) .. (#names > 8 and ", ..." or "")
  io.write(require("mechbench.message").wrap(("The script's locals (%s) ended with it, as a chunk's locals do: "
    .. "for the prompt to see them, leave out 'local' in the script (its globals stay here)."):format(shown),
    mb.core.term_size() - 1), "\n")
end

-- After a chunk typed at the prompt has run: the first time one declares a
-- top-level local, say once why it will be gone at the next line (a script
-- pasted line by line is how students meet this).
local said_local = false
function M.after_chunk(src)
  if said_local or not top_level_local(src) then return end
  said_local = true
  io.write(require("mechbench.message").wrap("At the prompt each line is its own chunk: a local ends with it. Drop 'local'.",
    mb.core.term_size() - 1), "\n")
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

-- Names are completed among the user's globals (the sandbox's under --sandbox).
local function globals() return require("mechbench.sandbox").globals() end

local function lookup(path)
  local v = globals()
  for name in path:gmatch("[^.:]+") do
    local ok, next_v = pcall(function() return v[name] end)
    if not ok or next_v == nil then return nil end
    v = next_v
  end
  return v
end

-- Whether a completion is the library's own business, not a student's: a
-- metamethod (__tostring), a name that starts with _ (_order) unless one
-- was typed, an entry of the reference marked internal (m:compile, mb.core).
local function internal(v, key, partial)
  if key:sub(1, 2) == "__" or (key:sub(1, 1) == "_" and partial:sub(1, 1) ~= "_") then return true end
  local reference = require "mechbench.reference"
  local mt = getmetatable(v)
  for _, letter in ipairs { "m", "r", "c", "md" } do
    if mt ~= nil and rawequal(mt, reference.owner(letter)) then
      local e = reference.named(letter .. ":" .. key)
      return e ~= nil and e.internal ~= nil
    end
  end
  if rawequal(v, mb) then
    local e = reference.named("mb." .. key)
    return e ~= nil and e.internal ~= nil
  end
  return false
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
      if k:sub(1, #partial) == partial and not internal(v, k, partial) then
        found[#found + 1] = base .. sep .. k .. (type(val) == "function" and "(" or "")
      end
    end
  else
    for k, val in pairs(keys_of(globals(), false, {})) do
      if k:sub(1, #text) == text and not internal(globals(), k, text) then
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
