-- SPDX-License-Identifier: GPL-3.0-or-later
-- help(f), help "name" and the man page, all from one table
-- (lua/mechbench/reference.lua): every entry is reached both ways; every
-- public function on mb, on a model, a result, a comparison and among the
-- lesson globals has an entry (a new one without help fails here); every
-- entry not marked internal has an item in its section of
-- man/mechbench.7; every help text fits 80 columns.
local T = dofile(arg[0]:match("(.*/)") .. "harness.lua")
local reference = require "mechbench.reference"

local capture = T.capture
local function said(what) return capture(help, what) end

local function callable(v)
  if type(v) == "function" then return true end
  local mt = getmetatable(v)
  return type(mt) == "table" and rawget(mt, "__call") ~= nil
end

-- the text help gives for an entry: its own, or its topic's page
local function expected(e) return e.topic and said(e.topic) or reference.render(e) end

---------------------------------------------------------------- the table itself

local names, count, internal = {}, 0, 0
for _, e in ipairs(reference.entries) do
  count = count + 1
  if e.internal then internal = internal + 1 end
  for _, n in ipairs { e.name, table.unpack(e.aliases or {}) } do
    T.ok(not names[n], ("'%s' is named once in the table"):format(n))
    names[n] = true
  end
  T.ok(type(e.sig) == "string" and not e.sig:find("\n"), e.name .. ": a signature of one line")
  if e.internal then
    T.ok(type(e.internal) == "string" and e.man == nil, e.name .. ": internal, with the reason why")
  else
    T.ok(type(e.text) == "string" and type(e.man) == "string", e.name .. ": a text and a man section")
  end
end
T.ok(count >= 100, ("the table has %d entries (%d internal)"):format(count, internal))

---------------------------------------------------------------- (a) every entry is reached

for _, e in ipairs(reference.entries) do
  local v = reference.value(e.name)
  T.ok(callable(v) or (e.internal and type(v) == "table"), e.name .. " exists and is a function")
  if v ~= nil then
    T.ok(reference.of(v) == e, ("help(%s) finds its entry"):format(e.name))
    T.eq(said(v), expected(e), ("help(%s) prints its text"):format(e.name))
  end
  local by_name = said(e.name)
  if not by_name:find(expected(e), 1, true) then
    -- a topic of the same name comes first, and points to the function
    local pointer = e.name .. "()"
    T.ok(by_name:find(('help "%s"'):format(pointer), 1, true), ('help "%s" points to help "%s"'):format(e.name, pointer))
    by_name = said(pointer)
  end
  T.ok(by_name:find(expected(e), 1, true), ('help "%s" prints its text'):format(e.name))
  for _, a in ipairs(e.aliases or {}) do
    T.ok(rawequal(reference.value(a), v), ("%s is the same function as %s"):format(a, e.name))
    T.ok(said(a):find(expected(e), 1, true), ('help "%s" prints the text of %s'):format(a, e.name))
  end
end

---------------------------------------------------------------- (b) every public function has an entry

-- A function found at path needs an entry that goes by that name, so that
-- help(f) and help "path" both answer.
local function needs_entry(path, v)
  local e = reference.of(v)
  local listed = e and (e.name == path)
  for _, a in ipairs(e and e.aliases or {}) do listed = listed or a == path end
  T.ok(listed, ("%s has an entry in lua/mechbench/reference.lua%s"):format(path,
    e and (" (its value is " .. e.name .. "'s: add '" .. path .. "' to its aliases)") or ""))
end

-- mb and the tables under it; a table whose entry is internal (mb.core) is
-- not walked, a callable table only when it is a namespace (mb.vec)
local seen = {}
local function walk(t, prefix)
  seen[t] = true
  local keys = {}
  for k in pairs(t) do if type(k) == "string" and not k:find("^_") then keys[#keys + 1] = k end end
  table.sort(keys)
  for _, k in ipairs(keys) do
    local v, path = rawget(t, k), prefix .. k
    local e = reference.of(v)
    if callable(v) then needs_entry(path, v) end
    if type(v) == "table" and not seen[v] and not (e and e.internal)
      and (not callable(v) or (e and e.topic)) then
      walk(v, path .. ".")
    end
  end
end
walk(mb, "mb.")

-- the methods of a model, a result and a comparison, from their metatables
for _, letter in ipairs { "m", "r", "c", "md", "p" } do
  local owner = reference.owner(letter)
  T.ok(type(owner) == "table", ("the methods of %s are found"):format(reference.owner_names[letter]))
  for k, v in pairs(owner or {}) do
    if type(k) == "string" and not k:find("^_") and callable(v) then needs_entry(letter .. ":" .. k, v) end
  end
end

-- the globals mechbench adds (Lua's own are C functions; next is replaced)
local lua_globals = {}
for n in ([[assert collectgarbage dofile error getmetatable ipairs load loadfile next pairs
  pcall print rawequal rawget rawlen rawset require select setmetatable tonumber tostring
  type warn xpcall]]):gmatch("%S+") do lua_globals[n] = true end
local globals = 0
for k, v in pairs(_G) do
  if type(k) == "string" and callable(v)
    and (not lua_globals[k] or type(v) ~= "function" or debug.getinfo(v, "S").what ~= "C") then
    needs_entry(k, v)
    globals = globals + 1
  end
end
T.ok(globals >= 9, ("the lesson commands and help are among the globals (%d)"):format(globals))

-- The check above, shown on a method added without help.
do
  local Model = reference.owner("m")
  Model.spin = function() end
  local before = T.failed
  local out = capture(needs_entry, "m:spin", Model.spin)
  Model.spin = nil
  local caught = T.failed == before + 1
  T.failed = before
  T.ok(caught and out:find("m:spin has an entry", 1, true), "a method without an entry fails the test")
end

---------------------------------------------------------------- (c) every entry is in the man page

local man_path = arg[0]:match("(.*/)") .. "../../man/mechbench.7"
local file = io.open(man_path)
T.ok(file, "man/mechbench.7 can be read")
local tags = {}   -- section -> the tag lines of its items (the line after .TP)
if file then
  local section, after_tp = nil, false
  for line in file:lines() do
    local sh = line:match('^%.SH "?(.-)"?$')
    if sh then
      section, tags[sh] = sh, {}
    elseif after_tp and section then
      tags[section][#tags[section] + 1] = line
    end
    after_tp = line == ".TP"
  end
  file:close()
end

local function escaped(name) return (name:gsub("[%^%$%(%)%%%.%[%]%*%+%-%?]", "%%%0")) end
for _, e in ipairs(reference.entries) do
  if not e.internal then
    local pattern = "%f[%w_.:]" .. escaped(e.name) .. "%f[^%w_.:]"
    local found = false
    for _, line in ipairs(tags[e.man] or {}) do found = found or line:find(pattern) ~= nil end
    T.ok(found, ("%s has an item in section %s of man/mechbench.7"):format(e.name, e.man))
  end
end

-- Every joint and force kind offered by name has its words in the man
-- page's item for m:joint or m:force (".B rev\-rev" and the numbers it
-- takes): the one place a new kind touches outside its file and its table
-- line, checked here; help "joints" and "forces" list them from the tables.
local items = {} -- the tag line's first word -> the item's lines
do
  local f = assert(io.open(man_path))
  local tag, after_tp = nil, false
  for line in f:lines() do
    if after_tp then
      tag = line:match("^%.B[RI]?%s+(%S+)")
      items[tag or ""] = {}
    elseif line:match("^%.SH") or line:match("^%.SS") or line == ".TP" then
      tag = nil
    elseif tag then
      table.insert(items[tag], line)
    end
    after_tp = line == ".TP"
  end
  f:close()
end
local kinds = require "mechbench.kinds"
for what, list in pairs { joint = kinds.joints, force = kinds.forces } do
  local item = table.concat(items["m:" .. what] or {}, "\n") .. "\n"
  for _, k in ipairs(list) do
    if not k.internal then
      local words = ".B " .. k.name:gsub("%-", "\\-")
      T.ok(item:find(words .. "\n", 1, true) ~= nil,
        ("the %s kind %s has its words in the man page's m:%s item"):format(what, k.name, what))
    end
  end
end

---------------------------------------------------------------- (d) 80 columns

local function fits(text, what)
  local widest = 0
  for line in (text .. "\n"):gmatch("(.-)\n") do widest = math.max(widest, utf8.len(line) or #line) end
  T.ok(widest <= 80, ("%s fits 80 columns (widest line %d)"):format(what, widest))
end
for _, e in ipairs(reference.entries) do
  fits(said(e.name), 'help "' .. e.name .. '"')
  fits(reference.render(e), "the entry " .. e.name)
end
fits(tostring(help), "help")
for _, topic in ipairs { "repl", "lessons", "vec", "mat", "model", "joints", "forces", "laws",
  "formulations", "contact", "pictures", "results", "m", "r", "c" } do
  local text = said(topic)
  T.ok(not text:find("^No help"), ('help "%s" is a topic'):format(topic))
  fits(text, ('help "%s"'):format(topic))
end
T.ok(#tostring(help):gsub("[^\n]", "") + 2 <= 24, "the overview fits 24 rows with the prompt")

---------------------------------------------------------------- as a student meets it

-- "did you mean", from args.nearest
local function suggests(typed, meant)
  local text = said(typed)
  T.ok(text:find(("did you mean '%s'"):format(meant), 1, true), ('help "%s" suggests %s: %s'):format(typed, meant, text))
  fits(text, ('help "%s"'):format(typed))
end
suggests("simulat", "m:simulate")
suggests("m:simulat", "m:simulate")
suggests("mb.comapre", "mb.compare")
suggests("equilibrum", "equilibrium")
suggests("formulation", "formulations")
local nothing = said("xyzzy")
T.ok(nothing:find("No help on 'xyzzy'", 1, true) and nothing:find("pictures", 1, true),
  "a name far from every known one gets the topics")
fits(nothing, 'help "xyzzy"')

-- the ways of asking named in the brief
local m = mb.model { name = "pendulum" }
m:body { name = "rod", mass = 1, inertia = 0.1, pos = { 0.5, 0 } }
m:point { name = "O", body = "ground", at = { 0, 0 } }
m:point { name = "A", body = "rod", at = { -0.5, 0 } }
m:joint { name = "pin", type = "revolute", points = { "O", "A" } }
local simulate = reference.named("m:simulate")
T.eq(said(m.simulate), reference.render(simulate), "help(m.simulate): a method through a model")
T.eq(said("simulate"), reference.render(simulate), 'help "simulate"')
T.eq(said("m.simulate"), reference.render(simulate), 'help "m.simulate" reads as m:simulate')
T.ok(said("compare"):find(said(mb.compare), 1, true), 'help "compare" holds help(mb.compare)')
T.ok(said(mb.model):find("mb.model{", 1, true), "help(mb.model)")
T.ok(said("r:plot"):find("r:plot(", 1, true), 'help "r:plot"')
T.ok(said(next):find("next()", 1, true), "help(next)")
T.ok(said("body"):find("m:body{", 1, true) and said("body"):find('r:body("name")', 1, true),
  'help "body" shows m:body and r:body')
T.ok(said(mb.vec.dot):find("Eq. 2.8", 1, true), "help(mb.vec.dot) as before")
T.ok(said(mb.vec):find("Planar vectors", 1, true), "help(mb.vec) shows the vector topic")
T.ok(said(mb.mat.inv) == said("A:inv") and said("mb.mat.inv") == said("A:inv"), "A:inv is mb.mat.inv")
T.ok(said(m):find("m:simulate{", 1, true), "help(m) lists a model's methods")
local r = m:simulate { tf = 0.02, dt = 0.01 }
T.ok(said(r):find("r:plot(", 1, true), "help(r) lists a result's methods")
local c = mb.compare(m, { "body", "joint" }, { tf = 0.02, dt = 0.01, show = false })
T.ok(said(c):find("c:table()", 1, true), "help(c) lists a comparison's methods")
T.ok(said(r.plot) == said("r:plot") and said(c.table) == said("c:table"), "help(r.plot), help(c.table)")
T.ok(said(math.sin):find("Lua's own", 1, true), "help(math.sin) points to the Lua manual")
T.ok(said(m.compile):find("not documented for users", 1, true), "an internal method says so")

---------------------------------------------------------------- searching (issue 25)

-- a name several things share: the one a student most likely means first
local animate = said("animate")
T.ok(animate:find("^r:animate{"), 'help "animate" answers with r:animate first: ' .. animate:sub(1, 40))
fits(animate, 'help "animate"')
T.ok(said("compare"):find("^c = mb.compare"), 'help "compare" answers with mb.compare first')
-- a word that is a kind's name or field, not a function's: the kinds
local spring = said("spring")
T.ok(spring:find("spring-damper", 1, true) and spring:find("rot-spring-damper", 1, true)
  and not spring:find("print", 1, true), 'help "spring" lists the spring kinds, not print: ' .. spring:sub(1, 60))
fits(spring, 'help "spring"')
T.ok(said("damper"):find("spring-damper", 1, true), 'help "damper" finds the spring-damper')
T.ok(said("hertz"):find("hunt-crossley", 1, true) or said("hertz"):find("spring", 1, true),
  'help "hertz" finds a contact law by its summary')
local k = said("k")
T.ok(k:find("spring-damper", 1, true) and not k:find("rigid", 1, true),
  'help "k": the kinds with a field k, not every word that begins with k')
-- a topic for units, not mb.vec.unit
local units = said("units")
T.ok(units:find("radians", 1, true) and units:find("math.rad(65)", 1, true) and not units:find("did you mean"),
  'help "units" is a topic on units: ' .. units:sub(1, 60))
fits(units, 'help "units"')
-- the beginning of a name: that name, and the others that begin so
local anim = said("anim")
T.ok(anim:find("did you mean 'r:animate'", 1, true) and anim:find('help "md:animate"', 1, true),
  'help "anim" offers r:animate, then the other animates')
-- a word in the texts only: where it is mentioned
local energy = said("energy")
T.ok(energy:find('help "results"', 1, true) and energy:find('help "r:summary"', 1, true),
  'help "energy" lists where energy is mentioned')
fits(energy, 'help "energy"')
local tol = said("tol")
T.ok(not tol:find('help "units"', 1, true) and tol:find('help "m:simulate"', 1, true),
  'help "tol" finds tol, not "told"')

---------------------------------------------------------------- (e) the options

-- Every option is declared once (C's util/option.h, or beside the Lua that
-- reads it); help "options" prints each one's sentence, and the man page's
-- OPTIONS section has an item with the same words, and no other.
do
  local kinds = require "mechbench.kinds"
  local declared = require("mechbench.model").declared_options()
  T.ok(#declared >= 40, ("every option is declared (%d)"):format(#declared))
  local items, tag, body = {}, nil, nil
  local function close() if tag then items[#items + 1] = { tag = tag, body = table.concat(body, " ") } end tag = nil end
  local in_options, after_tp = false, false
  for line in io.lines(man_path) do
    if line:match("^%.SH") then close(); in_options = line == ".SH OPTIONS"
    elseif in_options and line == ".TP" then close(); after_tp = true
    elseif in_options and after_tp then tag, body, after_tp = line:match("^%.B (.+)$"), {}, false
    elseif in_options and tag then
      body[#body + 1] = (line:gsub("\\%-", "-"):gsub("\\%(dq", '"'):gsub("\\e", "\\"))
    end
  end
  close()
  T.eq(#items, #declared, "the man page's OPTIONS has one item per declared option")
  local text = said("options")
  for _, o in ipairs(declared) do
    local sentence = kinds.describe_option(o.d, o.with)
    local found = false
    for _, item in ipairs(items) do found = found or (item.tag:gsub("\\%-", "-") == o.d.name and item.body == sentence) end
    T.ok(found, ("the man page's OPTIONS says of %s: %s"):format(o.d.name, sentence))
    local flat = text:gsub("%s+", " ")
    T.ok(flat:find(sentence, 1, true) ~= nil, ('help "options" says of %s what its declaration does'):format(o.d.name))
  end
end

T.finish()
