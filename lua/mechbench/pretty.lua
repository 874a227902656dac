-- mechbench.pretty: values printed the way a student wants to read them.
-- Tables nest with sorted keys, long arrays are cut in the middle, depth is
-- limited, cycles are named; anything with __tostring prints as itself.
-- Errors and warnings go to stderr through M.to_stderr, wrapped at words
-- when a student reads them at the prompt.
local core = require "mechbench.core"

local M = {}

M.max_depth = 3
M.max_items = 12

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
local function format_array(t, n, depth, seen, indent)
  local parts = {}
  local cut = n > M.max_items
  local head, tail = M.max_items - 3, 2
  for i = 1, n do
    if cut and i == head + 1 then
      parts[#parts + 1] = string.format("... (%d hidden, %d in all) ...", n - head - tail, n)
    end
    if not cut or i <= head or i > n - tail then
      parts[#parts + 1] = format(t[i], depth + 1, seen, indent .. "  ")
    end
  end
  local line = "{" .. table.concat(parts, ", ") .. "}"
  if #line <= 72 and not line:find("\n") then return line end
  return "{\n" .. indent .. "  " .. table.concat(parts, ",\n" .. indent .. "  ") .. "\n" .. indent .. "}"
end

format = function(v, depth, seen, indent)
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
    out = format_array(v, n, depth, seen, indent)
  else
    local keys = {}
    for k in pairs(v) do keys[#keys + 1] = k end
    table.sort(keys, key_order)
    local lines = {}
    for _, k in ipairs(keys) do
      lines[#lines + 1] = key_text(k) .. " = " .. format(v[k], depth + 1, seen, indent .. "  ")
    end
    local line = "{" .. table.concat(lines, ", ") .. "}"
    if #line <= 72 and not line:find("\n") then
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
  return format(v, 0, {}, "")
end

-- Display columns of UTF-8 text (its bytes when it is not UTF-8); a tab
-- counts as the 8 it usually takes.
local function columns(s)
  local _, tabs = s:gsub("\t", "")
  return (utf8.len(s) or #s) + 7 * tabs
end

-- One line cut at spaces into lines of at most width columns. Its own
-- indentation stays; the lines it continues on are indented two spaces
-- more. The first word, with a leading "file:line:" whole, never splits,
-- nor does any word longer than a line: it overflows instead.
local function wrap_line(line, width)
  local lead, rest = line:match("^(%s*)(.*)$")
  local first = rest:match("^.-:%d+:") or rest:match("^%S*")
  local words = { { "", first } }
  for space, word in rest:sub(#first + 1):gmatch("(%s*)(%S+)") do words[#words + 1] = { space, word } end
  local out, current, indent = {}, lead .. first, lead .. "  "
  for i = 2, #words do
    local space, word = words[i][1], words[i][2]
    if columns(current .. space .. word) <= width then
      current = current .. space .. word
    else
      out[#out + 1] = current
      current = indent .. word
    end
  end
  out[#out + 1] = current
  return table.concat(out, "\n")
end

-- A message wrapped at word boundaries to width columns, line by line.
function M.wrap(text, width)
  local out = {}
  for line in (text .. "\n"):gmatch("(.-)\n") do out[#out + 1] = wrap_line(line, width) end
  return table.concat(out, "\n")
end

-- Write an error or a warning (one trailing newline optional) on stderr.
-- At the prompt on a terminal it is wrapped at words to the terminal's
-- width, so no word is cut at the edge; in scripts, --batch, and whenever
-- input or stderr is not a terminal it is written as it is, one line per
-- message for grep.
function M.to_stderr(text)
  text = tostring(text):gsub("\n$", "")
  if core.mode == "interactive" and core.isatty(0) and core.isatty(2) then
    text = M.wrap(text, core.term_size(2) - 1)
  end
  io.stdout:flush()
  io.stderr:write(text, "\n")
  io.stderr:flush()
end

function M.print(...)
  local n = select("#", ...)
  for i = 1, n do
    io.write(M.format((select(i, ...))), "\n")
  end
end

return M
