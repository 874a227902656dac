-- SPDX-License-Identifier: GPL-3.0-or-later
-- r:csv and r:json read back by parsers of their own here (RFC 4180 for the
-- CSV, RFC 8259 for the JSON): every header field matches its values, names
-- with commas and quotes survive, no "-0", every number reads back (JSON
-- exactly), "-" is standard output.
local T = dofile(arg[0]:match("(.*/)") .. "harness.lua")

---------------------------------------------------------------- the parsers

-- The records of a CSV text, each a list of fields (RFC 4180: a quoted
-- field may hold commas, line breaks and doubled quotes).
local function parse_csv(text)
  local records, record, field, i, n = {}, {}, {}, 1, #text
  local quoted = false
  while i <= n do
    local c = text:sub(i, i)
    if quoted then
      if c == '"' and text:sub(i + 1, i + 1) == '"' then
        field[#field + 1], i = '"', i + 1
      elseif c == '"' then
        quoted = false
      else
        field[#field + 1] = c
      end
    elseif c == '"' and #field == 0 then
      quoted = true
    elseif c == "," then
      record[#record + 1], field = table.concat(field), {}
    elseif c == "\n" or c == "\r" then
      if c == "\r" and text:sub(i + 1, i + 1) == "\n" then i = i + 1 end
      record[#record + 1], field = table.concat(field), {}
      records[#records + 1], record = record, {}
    else
      field[#field + 1] = c
    end
    i = i + 1
  end
  if #field > 0 or #record > 0 then
    record[#record + 1] = table.concat(field)
    records[#records + 1] = record
  end
  return records
end

local json_null = setmetatable({}, { __tostring = function() return "null" end })

-- A JSON value from text; objects keep their keys' order in .keys. Errors
-- on anything RFC 8259 does not allow (so a -nan, a bare inf, a trailing
-- comma or a stray byte fail the test).
local function parse_json(text)
  local pos = 1
  local function fail(what) error(("JSON: %s at byte %d: %q"):format(what, pos, text:sub(pos, pos + 20)), 0) end
  local function space() pos = text:find("[^ \t\r\n]", pos) or #text + 1 end
  local value
  local function str()
    local out = {}
    pos = pos + 1
    while true do
      local c = text:sub(pos, pos)
      if c == "" then fail("an unfinished string") end
      if c == '"' then pos = pos + 1 break end
      if c:byte() < 32 then fail("a control character in a string") end
      if c == "\\" then
        local e = text:sub(pos + 1, pos + 1)
        local simple = { ['"'] = '"', ["\\"] = "\\", ["/"] = "/", b = "\b", f = "\f", n = "\n", r = "\r", t = "\t" }
        if simple[e] then
          out[#out + 1], pos = simple[e], pos + 2
        elseif e == "u" and text:sub(pos + 2, pos + 5):match("^%x%x%x%x$") then
          out[#out + 1], pos = utf8.char(tonumber(text:sub(pos + 2, pos + 5), 16)), pos + 6
        else
          fail("a bad escape")
        end
      else
        out[#out + 1], pos = c, pos + 1
      end
    end
    return table.concat(out)
  end
  function value()
    space()
    local c = text:sub(pos, pos)
    if c == "{" then
      local obj, keys = {}, {}
      pos = pos + 1
      space()
      if text:sub(pos, pos) == "}" then pos = pos + 1 return setmetatable(obj, { keys = keys }) end
      while true do
        space()
        if text:sub(pos, pos) ~= '"' then fail("a key that is not a string") end
        local k = str()
        space()
        if text:sub(pos, pos) ~= ":" then fail("no colon") end
        pos = pos + 1
        obj[k], keys[#keys + 1] = value(), k
        space()
        local d = text:sub(pos, pos)
        pos = pos + 1
        if d == "}" then return setmetatable(obj, { keys = keys }) end
        if d ~= "," then fail("no comma between members") end
      end
    elseif c == "[" then
      local arr = {}
      pos = pos + 1
      space()
      if text:sub(pos, pos) == "]" then pos = pos + 1 return arr end
      while true do
        arr[#arr + 1] = value()
        space()
        local d = text:sub(pos, pos)
        pos = pos + 1
        if d == "]" then return arr end
        if d ~= "," then fail("no comma between elements") end
      end
    elseif c == '"' then
      return str()
    end
    for word, v in pairs { ["true"] = true, ["false"] = false, null = json_null } do
      if text:sub(pos, pos + #word - 1) == word then pos = pos + #word return v end
    end
    local num = text:match("^-?%d+%.?%d*[eE]?[-+]?%d*", pos)
    if not num or not num:match("^-?0[%.eE]") and num:match("^-?0%d") or not tonumber(num) then fail("not a value") end
    pos = pos + #num
    return tonumber(num)
  end
  local v = value()
  space()
  if pos <= #text then fail("text after the value") end
  return v
end
local function keys_of(obj) return (getmetatable(obj) or {}).keys or {} end

---------------------------------------------------------------- a run to write

-- A pendulum whose body's name needs quoting in CSV, beside a plain one:
-- 1 + 2 x 9 body columns, 2 x 3 reaction columns, 3 energies, violation.
local odd = 'rod, long "A"'
local m = mb.model{ name = "two pendulums" }
m:body{ name = odd, mass = 2, inertia = 2 / 12, pos = { 0.5, 0 } }
m:body{ name = "plain", mass = 1, inertia = 0.1, pos = { 0, -0.5 } }
m:point{ name = "A", body = odd, at = { -0.5, 0 } }
m:point{ name = "B", body = "plain", at = { 0, 0.5 } }
m:point{ name = "O", body = "ground" }
m:joint{ name = "pin", type = "revolute", points = { "A", "O" } }
m:joint{ name = 'pin "2"', type = "revolute", points = { "B", "O" } }
local r = m:simulate{ tf = 1, dt = 0.01 }
local columns = { "t" }
for _, b in ipairs { odd, "plain" } do
  for _, k in ipairs { "x", "y", "angle", "vx", "vy", "omega", "ax", "ay", "alpha" } do
    columns[#columns + 1] = { b .. "." .. k, r:body(b)[k] }
  end
end
for _, j in ipairs { "pin", 'pin "2"' } do
  for _, k in ipairs { "fx", "fy", "torque" } do columns[#columns + 1] = { j .. "." .. k, r:reaction(j)[k] } end
end
for _, k in ipairs { "kinetic", "potential", "total", "work" } do columns[#columns + 1] = { "energy." .. k, r.energy[k] } end
columns[#columns + 1] = { "violation", r.violation }
columns[1] = { "t", r.t }

local function slurp(path)
  local f = assert(io.open(path, "rb"))
  local text = f:read("a")
  f:close()
  return text
end

-- What writer(...) writes to standard output, through a file standing in
-- for it.
local function to_stdout(writer, ...)
  local path, real = os.tmpname(), io.stdout
  io.stdout = assert(io.open(path, "w"))
  local ok, res = pcall(writer, ...)
  local f = io.stdout
  io.stdout = real
  f:close()
  local text = slurp(path)
  os.remove(path)
  assert(ok, res)
  return text, res
end

---------------------------------------------------------------- CSV

local path = os.tmpname()
local wrote = r:csv(path)
T.eq(tostring(wrote), "wrote 101 rows to " .. path, "r:csv says what it wrote")
local text = slurp(path)
os.remove(path)
local rows = parse_csv(text)
T.eq(#rows, 1 + #r.t, "a header and a row per time")
T.eq(#rows[1], #columns, ("the header has %d fields (the issue's body name gave 26 over 17 values)"):format(#columns))
local widths_agree, worst, names_agree = true, 0, true
for i = 2, #rows do widths_agree = widths_agree and #rows[i] == #rows[1] end
T.ok(widths_agree, "every row has as many fields as the header")
for c, col in ipairs(columns) do
  names_agree = names_agree and rows[1][c] == col[1]
  for i = 2, #rows do
    local v, want = tonumber(rows[i][c]), col[2][i - 1]
    worst = math.max(worst, v and math.abs(v - want) / math.max(1, math.abs(want)) or math.huge)
  end
end
T.ok(names_agree, "the header names each column, the quoted body and joint names whole")
T.ok(worst <= 1e-9, ("every value reads back to 10 digits (worst %.3g)"):format(worst))
T.ok(text:find(',"rod, long ""A"".x",', 1, true) ~= nil, "a field with a comma and quotes is quoted, its quotes doubled")
T.ok(text:find("\nt,", 1, true) == nil and text:sub(1, 2) == "t,", "a plain field is not quoted")
local negative_zero = 0
for _, row in ipairs(rows) do
  for _, f in ipairs(row) do if f == "-0" then negative_zero = negative_zero + 1 end end
end
T.eq(negative_zero, 0, "no field is -0")
local zeros, fx2 = 0, 1 + 2 * 9 + 3 + 1 -- pin "2".fx
for i = 2, #rows do if rows[i][fx2] == "0" then zeros = zeros + 1 end end
T.eq(zeros, #r.t, 'the hanging pendulum: pin "2".fx is 0 at every time (it was -0, 101 times)')

-- "-" is standard output, and no file named "-" is made
os.remove("-")
local out, said = to_stdout(r.csv, r, "-")
T.eq(out, text, 'r:csv("-") writes the same text to standard output')
T.eq(tostring(said), "wrote 101 rows to standard output", "and says so")
T.ok(io.open("-") == nil, 'no file named "-"')

-- a value that is not finite leaves its field empty (no nan, inf or -nan)
local broken = setmetatable({}, getmetatable(r))
for k, v in pairs(r) do broken[k] = v end
broken.violation = { table.unpack(r.violation) }
broken.violation[2], broken.violation[3] = 0 / 0, math.huge
local broken_rows = parse_csv((to_stdout(r.csv, broken, "-")))
T.ok(broken_rows[3][#columns] == "" and broken_rows[4][#columns] == "", "NaN and inf are empty fields")

---------------------------------------------------------------- JSON

path = os.tmpname()
wrote = r:json(path)
T.eq(tostring(wrote), "wrote 101 samples to " .. path, "r:json says what it wrote")
text = slurp(path)
os.remove(path)
local ok, j = pcall(parse_json, text)
T.ok(ok, "the JSON parses: " .. (ok and "yes" or tostring(j)))
j = ok and j or { bodies = {}, reactions = {}, energy = {}, settings = {}, stats = {}, t = {} }
T.eq(table.concat(keys_of(j), " "),
  "model settings stats t bodies reactions contacts energy violation velocity_violation impacts switches warnings",
  "its members")
T.eq(j.model, "two pendulums", "the model's name")
T.eq(table.concat(keys_of(j.bodies), "|"), odd .. "|plain", "bodies in the model's order, names whole")
T.eq(table.concat(keys_of(j.reactions), "|"), 'pin|pin "2"', "reactions in the model's order")
T.ok(j.settings.tf == 1 and j.settings.dt == 0.01 and j.settings.formulation == "body"
  and j.settings.integrator == r.options.integrator, "the settings are the run's options")
T.ok(j.stats.fevals == r.stats.fevals and j.stats.steps == r.stats.steps and j.stats.wall == r.stats.wall,
  "the statistics, the wall time to the last digit")
local exact, count = true, 0
local function same(got, want)
  exact = exact and type(got) == "table" and #got == #want
  for i = 1, #want do
    exact = exact and got[i] == want[i]
    count = count + 1
  end
end
same(j.t, r.t)
for c = 2, #columns do
  local col = columns[c]
  local name, k = col[1]:match("^(.*)%.(%a+)$")
  if name == "energy" then same(j.energy[k], col[2])
  elseif name and j.bodies[name] then same(j.bodies[name][k], col[2])
  elseif name then same(j.reactions[name][k], col[2])
  else same(j.violation, col[2]) end
end
T.ok(exact, ("all %d numbers read back exactly"):format(count))
T.ok(not text:find("[^%w]%-0[,%]\n]"), "no -0 in the text")
T.eq(#j.warnings, 0, "no warnings, as a list")
local json_out = to_stdout(r.json, r, "-")
T.eq(json_out, text, 'r:json("-") writes the same text to standard output')
local broken_json = parse_json((to_stdout(r.json, broken, "-")))
T.ok(broken_json.violation[2] == json_null and broken_json.violation[3] == json_null,
  "NaN and inf are null")
-- impacts and contacts of a run with a contact
local drop = mb.model{ name = "drop" }
drop:body{ name = "ball", mass = 1, inertia = 0.1, pos = { 0, 0.1 } }
drop:point{ name = "C", body = "ball" }
drop:contact{ name = "floor", point = "C", radius = 0.05, e = 0.5 }
local rd = drop:simulate{ tf = 0.3, dt = 0.01 }
local jd = parse_json((to_stdout(rd.json, rd, "-")))
T.ok(#rd.impacts > 0 and #jd.impacts == #rd.impacts and jd.impacts[1].t == rd.impacts[1].t,
  ("the impacts, each an object (%d)"):format(#jd.impacts))
T.eq(table.concat(keys_of(jd.contacts), " "), "floor", "the contacts by name")

T.fails(function() r:json() end, "needs a file name", "r:json without a path")
T.fails(function() r:csv(42) end, "needs a file name", "r:csv of a number")
T.finish()
