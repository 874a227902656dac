-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.pretty: values printed the way a student wants to read them.
-- Tables nest with sorted keys, long arrays are cut in the middle, depth is
-- limited, cycles are named; anything with __tostring prints as itself.
local M = {}

M.max_depth = 3
M.max_items = 12
-- A table goes on one line when it fits the terminal's 80 columns after
-- what comes before it on that line (the indent and its key, and a comma
-- after it); at the top, when it is short.
M.short = 72
M.columns = 79

local function one_line(line, lead)
  return (lead > 0 or #line <= M.short) and lead + #line + 1 <= M.columns and not line:find("\n")
end

local function is_array(t)
  local n = #t
  for k in pairs(t) do
    if math.type(k) ~= "integer" or k < 1 or k > n then return false end
  end
  return true, n
end

local function scalar(v)
  local ty = type(v)
  if ty == "number" then
    if math.type(v) == "integer" then return tostring(v) end
    if v ~= v then return "nan" end
    if v == math.huge then return "inf" elseif v == -math.huge then return "-inf" end
    if v == 0 then return "0" end   -- also -0, which only confuses
    return string.format("%.10g", v)
  elseif ty == "string" then
    return string.format("%q", v)
  elseif ty == "function" then
    local info = debug.getinfo(v, "S")
    if info.what == "C" then return "<builtin function>" end
    return string.format("<function %s:%d>", info.short_src, info.linedefined)
  end
  return tostring(v)
end

local function has_tostring(v)
  local mt = getmetatable(v)
  return type(mt) == "table" and mt.__tostring ~= nil
end

local function key_order(a, b)
  local ta, tb = type(a), type(b)
  if ta ~= tb then return ta == "number" end
  if ta == "number" or ta == "string" then return a < b end
  return tostring(a) < tostring(b)
end

local function key_text(k)
  if type(k) == "string" and k:match("^[%a_][%w_]*$") then return k end
  return "[" .. scalar(k) .. "]"
end

local format

-- A long array shows its first max_items - 3 values and its last two, and
-- says how many it leaves out of how many.
local function format_array(t, n, depth, seen, indent, lead)
  local parts = {}
  local cut = n > M.max_items
  local head, tail = M.max_items - 3, 2
  for i = 1, n do
    if cut and i == head + 1 then
      parts[#parts + 1] = string.format("... (%d hidden, %d in all) ...", n - head - tail, n)
    end
    if not cut or i <= head or i > n - tail then
      parts[#parts + 1] = format(t[i], depth + 1, seen, indent .. "  ", #indent + 2)
    end
  end
  local line = "{" .. table.concat(parts, ", ") .. "}"
  if one_line(line, lead) then return line end
  return "{\n" .. indent .. "  " .. table.concat(parts, ",\n" .. indent .. "  ") .. "\n" .. indent .. "}"
end

-- lead: the columns its line already holds before the value
format = function(v, depth, seen, indent, lead)
  if type(v) ~= "table" or has_tostring(v) then
    if has_tostring(v) then return tostring(v) end
    return scalar(v)
  end
  if seen[v] then return "<cycle>" end
  if depth >= M.max_depth then return "{...}" end
  seen[v] = true
  local array, n = is_array(v)
  local out
  if array then
    out = format_array(v, n, depth, seen, indent, lead)
  else
    local keys = {}
    for k in pairs(v) do keys[#keys + 1] = k end
    table.sort(keys, key_order)
    local lines = {}
    for _, k in ipairs(keys) do
      local key = key_text(k) .. " = "
      lines[#lines + 1] = key .. format(v[k], depth + 1, seen, indent .. "  ", #indent + 2 + #key)
    end
    local line = "{" .. table.concat(lines, ", ") .. "}"
    if one_line(line, lead) then
      out = line
    else
      out = "{\n" .. indent .. "  " .. table.concat(lines, ",\n" .. indent .. "  ") .. "\n" .. indent .. "}"
    end
  end
  seen[v] = nil
  return out
end

-- The text of any value; strings at the top print as they are.
function M.format(v)
  if type(v) == "string" then return v end
  return format(v, 0, {}, "", 0)
end

-- At the prompt on a terminal a string wider than it (an error caught by
-- pcall, say) is wrapped at words, as errors are, so the terminal does not
-- cut a word at its edge; elsewhere it prints as it is.
function M.print(...)
  local core = require "mechbench.core"
  local width = core.mode == "interactive" and core.isatty(1) and core.term_size(1) - 1
  local n = select("#", ...)
  for i = 1, n do
    local v = select(i, ...)
    local text = M.format(v)
    if width and type(v) == "string" then text = require("mechbench.message").wrap(text, width) end
    io.write(text, "\n")
  end
end

return M
