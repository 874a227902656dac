-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.json: JSON text from Lua data and back (RFC 8259), for the
-- grader's reports and the answers a graded script hands back. Data only:
-- numbers, strings, booleans, arrays and objects. A number that JSON cannot
-- hold (NaN, an infinity) is written as the string "NaN", "Infinity" or
-- "-Infinity", and read back as that string: a check then says it is not a
-- number. Decoding runs no code, so a text from an untrusted process is
-- safe to read.
local M = {}

local escapes = { ['"'] = '\\"', ["\\"] = "\\\\", ["\b"] = "\\b", ["\f"] = "\\f",
  ["\n"] = "\\n", ["\r"] = "\\r", ["\t"] = "\\t" }

local function quote(s)
  return '"' .. s:gsub('[%c"\\]', function(c)
    return escapes[c] or ("\\u%04x"):format(c:byte())
  end) .. '"'
end

local function number(x)
  if x ~= x then return '"NaN"' end
  if x == math.huge then return '"Infinity"' end
  if x == -math.huge then return '"-Infinity"' end
  if math.type(x) == "integer" then return tostring(x) end
  return (("%.17g"):format(x))
end

-- An array when its keys are exactly 1..n (an empty table is an empty array).
local function is_array(t)
  local n = #t
  for k in next, t do
    if math.type(k) ~= "integer" or k < 1 or k > n then return false end
  end
  return true, n
end

local function encode(v, out, depth)
  local ty = type(v)
  if ty == "number" then
    out[#out + 1] = number(v)
  elseif ty == "string" then
    out[#out + 1] = quote(v)
  elseif ty == "boolean" then
    out[#out + 1] = tostring(v)
  elseif v == nil then
    out[#out + 1] = "null"
  elseif ty == "table" then
    if depth > 64 then error("json: nested deeper than 64 levels", 0) end
    local array, n = is_array(v)
    if array then
      out[#out + 1] = "["
      for i = 1, n do
        if i > 1 then out[#out + 1] = "," end
        encode(v[i], out, depth + 1)
      end
      out[#out + 1] = "]"
    else
      local keys = {}
      for k in next, v do keys[#keys + 1] = tostring(k) end
      table.sort(keys)
      local by_name = {}
      for k, x in next, v do by_name[tostring(k)] = x end
      out[#out + 1] = "{"
      for i, k in ipairs(keys) do
        if i > 1 then out[#out + 1] = "," end
        out[#out + 1] = quote(k)
        out[#out + 1] = ":"
        encode(by_name[k], out, depth + 1)
      end
      out[#out + 1] = "}"
    end
  else
    error("json: cannot write a " .. ty, 0)
  end
end

-- The JSON text of v, on one line; object keys sorted, so equal data give
-- equal text.
function M.encode(v)
  local out = {}
  encode(v, out, 0)
  return table.concat(out)
end

------------------------------------------------------------------ reading

local function fail(text, at, what)
  local line = select(2, text:sub(1, at):gsub("\n", "")) + 1
  error(("json: %s at line %d, character %d"):format(what, line, at), 0)
end

local function skip(text, at) return text:find("[^ \t\r\n]", at) or #text + 1 end

local decode_value

local function decode_string(text, at)
  local out, i = {}, at + 1
  while true do
    local j = text:find('["\\%c]', i)
    if not j then fail(text, at, "a string that does not end") end
    out[#out + 1] = text:sub(i, j - 1)
    local c = text:sub(j, j)
    if c == '"' then return table.concat(out), j + 1 end
    if c ~= "\\" then fail(text, j, "a control character inside a string") end
    local e = text:sub(j + 1, j + 1)
    local simple = { b = "\b", f = "\f", n = "\n", r = "\r", t = "\t", ['"'] = '"', ["\\"] = "\\", ["/"] = "/" }
    if simple[e] then
      out[#out + 1] = simple[e]
      i = j + 2
    elseif e == "u" then
      local hex = text:match("^%x%x%x%x", j + 2)
      if not hex then fail(text, j, "a bad \\u escape") end
      local code = tonumber(hex, 16)
      i = j + 6
      local low = code >= 0xD800 and code <= 0xDBFF and text:match("^\\u(%x%x%x%x)", i)
      if low then
        code = 0x10000 + (code - 0xD800) * 0x400 + (tonumber(low, 16) - 0xDC00)
        i = i + 6
      end
      out[#out + 1] = utf8.char(code)
    else
      fail(text, j, "a bad escape")
    end
  end
end

local function decode_array(text, at, depth)
  local out, n = {}, 0
  at = skip(text, at + 1)
  if text:sub(at, at) == "]" then return out, at + 1 end
  while true do
    local v
    v, at = decode_value(text, at, depth + 1)
    n = n + 1
    out[n] = v
    at = skip(text, at)
    local c = text:sub(at, at)
    if c == "]" then return out, at + 1 end
    if c ~= "," then fail(text, at, "',' or ']' expected") end
    at = skip(text, at + 1)
  end
end

local function decode_object(text, at, depth)
  local out = {}
  at = skip(text, at + 1)
  if text:sub(at, at) == "}" then return out, at + 1 end
  while true do
    if text:sub(at, at) ~= '"' then fail(text, at, "a name in quotes expected") end
    local key
    key, at = decode_string(text, at)
    at = skip(text, at)
    if text:sub(at, at) ~= ":" then fail(text, at, "':' expected") end
    local v
    v, at = decode_value(text, skip(text, at + 1), depth + 1)
    out[key] = v
    at = skip(text, at)
    local c = text:sub(at, at)
    if c == "}" then return out, at + 1 end
    if c ~= "," then fail(text, at, "',' or '}' expected") end
    at = skip(text, at + 1)
  end
end

-- JSON's null, as a value that can sit in a table (nil cannot).
M.null = setmetatable({}, { __tostring = function() return "null" end })

function decode_value(text, at, depth)
  if depth > 200 then fail(text, at, "nesting deeper than 200 levels") end
  at = skip(text, at)
  local c = text:sub(at, at)
  if c == "{" then return decode_object(text, at, depth) end
  if c == "[" then return decode_array(text, at, depth) end
  if c == '"' then return decode_string(text, at) end
  if text:find("^true", at) then return true, at + 4 end
  if text:find("^false", at) then return false, at + 5 end
  if text:find("^null", at) then return M.null, at + 4 end
  local num = text:match("^-?%d+%.?%d*[eE]?[-+]?%d*", at)
  if num and num ~= "" and num ~= "-" then
    local v = math.tointeger(tonumber(num)) or tonumber(num)
    if v then return v, at + #num end
  end
  fail(text, at, c == "" and "the text ends where a value was expected" or ("an unexpected '" .. c .. "'"))
end

-- The value of one JSON text; an error "json: what at line L, character C"
-- when it is not JSON.
function M.decode(text)
  local v, at = decode_value(text, 1, 0)
  at = skip(text, at)
  if at <= #text then fail(text, at, "text after the value") end
  return v
end

return M
