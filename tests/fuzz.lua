-- SPDX-License-Identifier: GPL-3.0-or-later
-- tests/fuzz.lua: a seeded generator of model scripts (issue 11).
--
--   mechbench --batch tests/fuzz.lua FIRST COUNT DIR
--
-- writes DIR/fzSEED.lua for each SEED from FIRST to FIRST + COUNT - 1. The
-- seed is the whole case: the generator draws its own random numbers
-- (splitmix64 on Lua's integers), so a seed writes the same script on every
-- machine. tests/fuzz.sh runs the scripts and judges them.
--
-- A script builds a small model, either random bodies on a tree of joints
-- assembled at the start (every joint kind, force kind and contact law
-- the program's own tables list, and the forms driver and joint-friction)
-- or an example's, then, in most cases, makes mistakes in it: non-finite,
-- extreme and wrongly typed values, misspelled fields, renamed, deleted,
-- aliased and assigned elements, elements made before what they name.
-- Then it runs analyses (simulate in every formulation, integrator and
-- stabilization, kinematics, inverse dynamics, equilibrium, compare,
-- pieces, joint_coords, point_coords, evaluate, correct, impact,
-- contact_force) with valid and invalid options, and reads the results
-- (r:at, r:plot{text = true}, r:frame, r:csv, r:cast, r:frames, r:path, ...).
-- Every run is short: tf at most 0.2 s, a few dozen reports, three bodies
-- at most, bounded iteration counts.
--
-- Some calls are bare (an error ends the script: tests/fuzz.sh checks that
-- it names the script's line), some are caught with pcall, and then the
-- script itself checks the message. What a script prints:
--   = LABEL VALUE          a result's number (nan or inf here is a defect)
--   = LABEL / text         a result's text (a summary, a plot, a frame)
--   caught LABEL: MSG      a caught error that named the script's line
--   FUZZ-NOLOC LABEL: MSG  a caught error that did not (a defect)
--   FUZZ-LIBRARY LABEL: MSG  a caught error that also names a file of the
--                          library or a C function: the cause said from
--                          inside (a defect)
--   FUZZ-NOLAST LABEL      a failed run that said it kept its samples in
--                          the model's .last, and did not (a defect)
local core = require "mechbench.core"
local KINDS = core.model.kinds()

------------------------------------------------------------ random numbers

local function rng(seed)
  local state = seed * 0x2545F4914F6CDD1D + 0x632BE59BD9B4E019
  local function next64()
    state = state + 0x9E3779B97F4A7C15
    local z = state
    z = (z ~ (z >> 30)) * 0xBF58476D1CE4E5B9
    z = (z ~ (z >> 27)) * 0x94D049BB133111EB
    return z ~ (z >> 31)
  end
  local R = {}
  function R.int(a, b) return a + ((next64() >> 1) % (b - a + 1)) end
  function R.real(a, b) return a + (b - a) * ((next64() >> 11) / 2.0 ^ 53) end
  function R.chance(p) return R.real(0, 1) < p end
  function R.pick(list) return list[R.int(1, #list)] end
  function R.shuffle(list)
    for i = #list, 2, -1 do
      local j = R.int(1, i)
      list[i], list[j] = list[j], list[i]
    end
    return list
  end
  return R
end

------------------------------------------------------------ Lua text

-- code"..." is a piece of Lua written as it is; a record keeps its keys in
-- the order they were set (pairs has no fixed order).
local Code = {}
local function code(s) return setmetatable({ s }, Code) end
local Rec = {}
Rec.__index = Rec
local function rec(...)
  local r = setmetatable({ keys = {}, vals = {} }, Rec)
  local list = { ... }
  for i = 1, #list, 2 do r:set(list[i], list[i + 1]) end
  return r
end
function Rec:set(k, v)
  if v == nil then
    if self.vals[k] ~= nil then
      for i, kk in ipairs(self.keys) do if kk == k then table.remove(self.keys, i) break end end
    end
  elseif self.vals[k] == nil then
    self.keys[#self.keys + 1] = k
  end
  self.vals[k] = v
  return self
end
function Rec:get(k) return self.vals[k] end

local lit
function lit(v)
  local mt = getmetatable(v)
  if mt == Code then return v[1] end
  local t = type(v)
  if t == "number" then
    if v ~= v then return "0/0" end
    if v == math.huge then return "math.huge" end
    if v == -math.huge then return "-math.huge" end
    if math.type(v) == "integer" then
      if v == math.mininteger then return "math.mininteger" end
      return ("%d"):format(v)
    end
    if v == 0 then return 1 / v < 0 and "-0.0" or "0.0" end
    local s
    for digits = 15, 17 do -- the shortest that reads back the same
      s = ("%." .. digits .. "g"):format(v)
      if tonumber(s) == v then break end
    end
    if not s:find("[%.eEn]") then s = s .. ".0" end
    return s
  elseif t == "string" then
    return ("%q"):format(v)
  elseif t == "boolean" or t == "nil" then
    return tostring(v)
  elseif mt == Rec then
    local parts = {}
    for _, k in ipairs(v.keys) do
      local key = type(k) == "string" and k:match("^[%a_][%w_]*$") and k or ("[" .. lit(k) .. "]")
      parts[#parts + 1] = key .. " = " .. lit(v.vals[k])
    end
    return "{ " .. table.concat(parts, ", ") .. " }"
  elseif t == "table" then
    local parts = {}
    for i = 1, #v do parts[i] = lit(v[i]) end
    return "{ " .. table.concat(parts, ", ") .. " }"
  end
  error("cannot write a " .. t)
end

local function round(x, digits) local f = 10 ^ (digits or 4) return math.floor(x * f + 0.5) / f end

------------------------------------------------------------ the kinds

local JOINT_KIND, FORCE_KIND, LAW_KIND = {}, {}, {}
local JOINT_TYPES, FORCE_TYPES, LAWS, INTERNAL = {}, {}, {}, {}
for _, k in ipairs(KINDS.joints) do
  JOINT_KIND[k.name] = k
  if k.internal then INTERNAL[#INTERNAL + 1] = k.name else JOINT_TYPES[#JOINT_TYPES + 1] = k.name end
end
JOINT_TYPES[#JOINT_TYPES + 1] = "driver"
for _, k in ipairs(KINDS.forces) do
  FORCE_KIND[k.name] = k
  if k.internal then INTERNAL[#INTERNAL + 1] = k.name else FORCE_TYPES[#FORCE_TYPES + 1] = k.name end
end
FORCE_TYPES[#FORCE_TYPES + 1] = "joint-friction"
for _, k in ipairs(KINDS.laws) do LAW_KIND[k.name] = k; LAWS[#LAWS + 1] = k.name end
local FORMULATIONS = mb.formulations()
local INTEGRATORS = KINDS.integrators
local STABILIZATIONS = { "none", "baumgarte", "penalty", "momentum", "partitioning" }
local ROWS = { driver = 1 }
for name, k in pairs(JOINT_KIND) do ROWS[name] = k.rows end

------------------------------------------------------------ bad values

local NASTY = { 0 / 0, math.huge, -math.huge, 1e-320, -1e-320, 1e308, -1e308, 0, -0.0, -1, -1e-3, 1e15, 1e16,
  2 ^ 53, math.maxinteger, math.mininteger, 1e-12, 1e-13, 2.5, 1e12, 1e13, 1e-300, 4.9e-324 }
local WRONG = { "1", "abc", "", code "{}", code "{ 1, 2 }", code "{ 0/0 }", code "function() return 1 end", true,
  false, code "mb.vec(1, 2)", code "mb.mat{ { 1, 2 } }", code "m", code "io.stdout", code "print" }
local BAD_PAIRS = { code "{ 0/0, 0 }", code "{ 1 }", code "{ 1, 2, 3 }", code "{}", code "{ math.huge, 1 }",
  code "{ 1e308, 1e308 }", code "{ -1e308, 1e-320 }", code "{ x = 1, y = 2 }", code "{ 1, \"2\" }",
  code "mb.vec(1, 0/0)", code "{ { 1 }, { 2 } }", "ab", 5, code "{ 1e16, 0 }", code "{ 0, -math.huge }" }

local function nasty_number(R) return R.chance(0.7) and R.pick(NASTY) or R.pick(WRONG) end
local function nasty_pair(R) return R.chance(0.75) and R.pick(BAD_PAIRS) or R.pick(WRONG) end
local function nasty_name(R, known)
  return R.pick { "nobody", "", "ground", 5, 0 / 0, code "{}", code "{ name = 5 }", true,
    (known and known ~= "" and known:upper() or "X"), (known or "x") .. " ", code "m" }
end
-- a name near a known one: a typing slip
local function misspell(R, word)
  local i = R.int(1, math.max(1, #word))
  local how = R.int(1, 4)
  if how == 1 then return word:sub(1, i - 1) .. word:sub(i + 1) end
  if how == 2 then return word:sub(1, i) .. word:sub(i, i) .. word:sub(i + 1) end
  if how == 3 and i < #word then return word:sub(1, i - 1) .. word:sub(i + 1, i + 1) .. word:sub(i, i) .. word:sub(i + 2) end
  return word:upper()
end

------------------------------------------------------------ geometry

local function rot(a, v) local c, s = math.cos(a), math.sin(a) return { c * v[1] - s * v[2], s * v[1] + c * v[2] } end
local function rotT(a, v) local c, s = math.cos(a), math.sin(a) return { c * v[1] + s * v[2], -s * v[1] + c * v[2] } end
local function add(a, b) return { a[1] + b[1], a[2] + b[2] } end
local function sub(a, b) return { a[1] - b[1], a[2] - b[2] } end
local function scale(k, a) return { k * a[1], k * a[2] } end
local function len(a) return math.sqrt(a[1] * a[1] + a[2] * a[2]) end
local function cross(a, b) return a[1] * b[2] - a[2] * b[1] end
local function polar(r, a) return { r * math.cos(a), r * math.sin(a) } end

------------------------------------------------------------ the script being written

local S -- the case: its random numbers R, its lines, the model it knows

local function emit(fmt, ...) S.lines[#S.lines + 1] = select("#", ...) > 0 and fmt:format(...) or fmt end

-- A statement that may be caught: bare (an error ends the script, and
-- tests/fuzz.sh checks its message), or in try (the script checks the
-- message and goes on).
local function call(label, stmt, bare)
  if bare == nil then bare = S.R.chance(0.35) end
  if bare then emit("%s", stmt) else emit("try(%q, function() %s end)", label, stmt) end
end

-- The same for an expression whose value is kept: "local var = expr".
local function value(var, label, expr, bare)
  if bare == nil then bare = S.R.chance(0.35) end
  if bare then emit("local %s = %s", var, expr) else emit("local %s = try(%q, function() return %s end)", var, label, expr) end
end

local PREAMBLE = [[
-- fuzz case %d, written by tests/fuzz.lua: mechbench --batch fz%d.lua
local ME = debug.getinfo(1, "S").short_src
local STEM = ME:gsub("%%.lua$", "")
local shown = 0
local function say(label, v, depth, seen)
  depth, seen = depth or 0, seen or {}
  local t = type(v)
  if t == "number" then
    if shown < 400 or v ~= v or v == math.huge or v == -math.huge then print(("= %%s %%.6g"):format(label, v)) end
    shown = shown + 1
  elseif t == "string" then
    print("= " .. label) print(v)
  elseif t == "boolean" or t == "nil" then
    print("= " .. label .. " " .. tostring(v))
  elseif (t == "table" or t == "userdata") and depth < 6 and not seen[v] then
    seen[v] = true
    local ok, plain = pcall(function() return v:totable() end)
    if t == "userdata" then if ok then say(label, plain, depth + 1, seen) end return end
    local keys = {}
    for k in pairs(v) do
      if k ~= "options" and k ~= "where" and k ~= "warnings" and k ~= "_scene_desc" and k ~= "_poses" then
        keys[#keys + 1] = k
      end
    end
    table.sort(keys, function(a, b)
      if type(a) == type(b) and (type(a) == "number" or type(a) == "string") then return a < b end
      return type(a) < type(b)
    end)
    for _, k in ipairs(keys) do
      if type(v[k]) ~= "function" then say(label .. "." .. tostring(k), v[k], depth + 1, seen) end
    end
  end
end
-- A caught error must start with this file's name and a line, and name
-- no file of the library's nor a C function.
local function check(label, msg)
  if type(msg) ~= "string" or msg:sub(1, #ME + 1) ~= ME .. ":" or not msg:find("^%%d+:", #ME + 2) then
    print("FUZZ-NOLOC " .. label .. ": " .. (tostring(msg):gsub("\n", " | ")))
  elseif msg:find("mechbench/[%%w_]+%%.lua:%%d+") or msg:find("[C]:", 1, true) or msg:find("(unknown)", 1, true) then
    print("FUZZ-LIBRARY " .. label .. ": " .. (msg:gsub("\n", " | ")))
  else
    print("caught " .. label .. ": " .. (msg:gsub("\n", " | ")))
  end
end
local function try(label, f, ...)
  local res = table.pack(pcall(f, ...))
  if res[1] then return table.unpack(res, 2, res.n) end
  local msg = res[2]
  check(label, msg)
end
-- A run caught here: when it says it kept its samples, they are in m.last.
local function run(label, m, method, opts)
  m.last = nil
  local res = table.pack(pcall(m[method], m, opts))
  if res[1] then return res[2] end
  local msg = res[2]
  check(label, msg)
  if type(msg) == "string" and msg:find("kept in the model's .last", 1, true) then
    if type(m.last) ~= "table" or type(m.last.t) ~= "table" then print("FUZZ-NOLAST " .. label)
    else say(label .. ".last", m.last.t[#m.last.t]) try(label .. ".last:summary", function() say(label .. ".last", m.last:summary()) end) end
  end
end
]]

------------------------------------------------------------ a random model

-- The model the script builds, as the generator knows it: bodies with their
-- start, points and vectors with where they are, joints, forces, contacts.
local function new_model()
  return { bodies = {}, body = {}, points = {}, vectors = {}, joints = {}, forces = {}, contacts = {},
    decl = {}, rows = 0, driven = {} }
end

local function body_state(M, name)
  if name == "ground" then return { 0, 0 }, 0 end
  local b = M.body[name]
  return b.pos, b.angle
end

-- A declaration: one m:kind{...} statement (in M.decl, so that its order
-- can be shuffled and some caught).
local function declare(M, kind, spec)
  M.decl[#M.decl + 1] = { kind = kind, spec = spec }
  return spec
end

local function new_point(M, body, g)
  local R = S.R
  local pos, ang = body_state(M, body)
  local name = "P" .. (#M.points + 1)
  local at = rotT(ang, sub(g, pos))
  local spec = rec("name", name, "body", body)
  if at[1] ~= 0 or at[2] ~= 0 or R.chance(0.3) then spec:set("at", at) end
  local p = { name = name, body = body, g = g, spec = spec }
  M.points[#M.points + 1] = p
  declare(M, "point", spec)
  return p
end

local function new_vector(M, body, gdir)
  local R = S.R
  local _, ang = body_state(M, body)
  local name = "u" .. (#M.vectors + 1)
  local d = rotT(ang, gdir)
  if R.chance(0.3) then d = scale(R.pick { 2, 0.5, 1e-3, 1e3 }, d) end -- not unit: the library scales it
  local spec = rec("name", name, "body", body, "dir", d)
  local v = { name = name, body = body, g = gdir, spec = spec }
  M.vectors[#M.vectors + 1] = v
  declare(M, "vector", spec)
  return v
end

-- A driver's fn: its value at t = 0 is a0, its rate at 0 is 0 unless
-- `moving` (kinematics does not mind a rate; a run's start check does).
local function driver_fn(a0, moving)
  local R = S.R
  local c, w = round(R.real(-2, 2)), round(R.real(-3, 3))
  if R.chance(0.08) then
    return code(R.pick {
      "function(t) return 0/0 end", "function(t) return \"x\" end", "function(t) return nil end",
      "function(t) error(\"the driver broke\") end", ("function(t) return %s, 0/0 end"):format(lit(a0)),
      ("function(t) return %s, \"x\", {} end"):format(lit(a0)), "function(t) return 1e308 end",
      ("function(t) if t > 0.01 then return 0/0 end return %s end"):format(lit(a0)), "function(t) return math.huge end",
      ("function(t) return %s, 1e308, -1e308 end"):format(lit(a0)), "\"abc\"", "{}", "0/0", "true",
      "function(t) return {} end", ("function(t) return %s + t * 1e200 end"):format(lit(a0)) })
  end
  if moving and R.chance(0.5) then
    return code(("function(t) return %s + %s * t end"):format(lit(a0), lit(w)))
  end
  local form = R.int(1, 6)
  if form == 1 then return code(("function(t) return %s + %s * t * t end"):format(lit(a0), lit(c)))
  elseif form == 2 then return code(("mb.fn.poly{ %s, 0, %s }"):format(lit(a0), lit(c)))
  elseif form == 3 then return code(("mb.fn.smooth_step{ from = %s, to = %s, t0 = 0, t1 = %s }"):format(lit(a0),
    lit(a0 + c), lit(round(R.real(0.05, 1)))))
  elseif form == 4 then return code(("mb.fn.ramp_rate{ from = %s, rate = %s, t0 = 0, t1 = %s }"):format(lit(a0),
    lit(w), lit(round(R.real(0.05, 1)))))
  elseif form == 5 then return a0
  end
  -- value and both derivatives given
  return code(("function(t) return %s + %s * t * t, 2 * %s * t, 2 * %s end"):format(lit(a0), lit(c), lit(c), lit(c)))
end

local function add_joint(M, spec, info)
  info.name = spec:get("name")
  info.spec = spec
  M.joints[#M.joints + 1] = info
  M.rows = M.rows + (ROWS[info.type] or 1)
  declare(M, "joint", spec)
  return info
end

-- A joint of type kind between body a and body (or ground) b, assembled
-- at the start.
local function make_joint(M, kind, a, b)
  local R = S.R
  local name = "J" .. (#M.joints + 1)
  local pa, anga = body_state(M, a)
  local spec = rec("name", name, "type", kind)
  if kind == "revolute" then
    local g = add(pa, polar(R.real(0.1, 0.6), R.real(-math.pi, math.pi)))
    local P, Q = new_point(M, a, g), new_point(M, b, g)
    if R.chance(0.5) then P, Q = Q, P end
    spec:set("points", { P.name, Q.name })
    return add_joint(M, spec, { type = kind, pin = true, points = { P, Q } })
  elseif kind == "translational" then
    local u = polar(1, R.real(-math.pi, math.pi))
    local gi = add(pa, polar(R.real(0, 0.5), R.real(-math.pi, math.pi)))
    local s = round(R.real(0.1, 0.5))
    local P, Q = new_point(M, a, gi), new_point(M, b, add(gi, scale(s, u)))
    local ui, uj = new_vector(M, a, u), new_vector(M, b, R.chance(0.5) and u or scale(-1, u))
    if R.chance(0.5) then P, Q, ui, uj = Q, P, uj, ui end
    spec:set("points", { P.name, Q.name }):set("vectors", { ui.name, uj.name })
    return add_joint(M, spec, { type = kind, slide = true, points = { P, Q }, length = s })
  elseif kind == "rev-rev" then
    local P = new_point(M, a, add(pa, polar(R.real(0, 0.4), R.real(-math.pi, math.pi))))
    local pb = body_state(M, b)
    local Q = new_point(M, b, add(pb, polar(R.real(0, 0.4), R.real(-math.pi, math.pi))))
    local d = len(sub(P.g, Q.g))
    if d < 1e-3 then return make_joint(M, "revolute", a, b) end
    spec:set("points", { P.name, Q.name }):set("length", d)
    return add_joint(M, spec, { type = kind, points = { P, Q } })
  elseif kind == "rev-tran" then
    local u = polar(1, R.real(-math.pi, math.pi))
    local P = new_point(M, a, add(pa, polar(R.real(0, 0.4), R.real(-math.pi, math.pi))))
    local pb = body_state(M, b)
    local Q = new_point(M, b, add(pb, polar(R.real(0, 0.4), R.real(-math.pi, math.pi))))
    local ui = new_vector(M, a, u)
    spec:set("points", { P.name, Q.name }):set("vectors", { ui.name })
    local off = cross(u, sub(Q.g, P.g))
    if math.abs(off) > 1e-12 or R.chance(0.5) then spec:set("length", off) end
    return add_joint(M, spec, { type = kind, points = { P, Q } })
  elseif kind == "rigid" then
    spec:set("bodies", R.chance(0.5) and { a, b } or { b, a })
    if R.chance(0.2) then spec:set("angle", 0) end -- most likely off its start: a start check
    return add_joint(M, spec, { type = kind, bodies = { a, b } })
  elseif kind == "simple" then
    local coord = R.pick { "x", "y", "angle" }
    spec:set("body", a):set("coord", coord)
    if R.chance(0.4) then spec:set("value", coord == "x" and pa[1] or coord == "y" and pa[2] or anga) end
    return add_joint(M, spec, { type = kind, bodies = { a, "ground" }, coord = coord })
  elseif kind == "disc" then
    spec:set("body", a):set("radius", pa[2])
    return add_joint(M, spec, { type = kind, bodies = { a, "ground" } })
  elseif kind == "disc-disc" then
    local pb = body_state(M, b)
    local d = len(sub(pa, pb))
    local share = R.real(0.2, 0.8)
    spec:set("bodies", { a, b }):set("radii", { d * share, d * (1 - share) })
    return add_joint(M, spec, { type = kind, bodies = { a, b } })
  elseif kind == "driver" then -- the body's angle
    spec:set("body", a):set("fn", driver_fn(anga, false))
    M.driven[a] = true
    return add_joint(M, spec, { type = kind, bodies = { a, "ground" }, driver = true })
  end
  -- a kind this generator does not know yet: what its shape names, numbers by type
  local k = JOINT_KIND[kind]
  if k.points == 2 then
    local P = new_point(M, a, pa)
    local Q = new_point(M, b, (body_state(M, b)))
    spec:set("points", { P.name, Q.name })
    if (k.vectors or 0) > 0 then
      local list = { new_vector(M, a, { 1, 0 }).name }
      if k.vectors == 2 then list[2] = new_vector(M, b, { 1, 0 }).name end
      spec:set("vectors", list)
    end
  elseif k.bodies == 2 then spec:set("bodies", { a, b })
  elseif k.bodies == 1 then spec:set("body", a) end
  for _, q in ipairs(k.params) do
    if q.when ~= "derived" and (q.when == "required" or R.chance(0.5)) then
      spec:set(q.name, q.type == "pair" and { R.real(0.1, 1), R.real(0.1, 1) } or q.type == "choice" and q.choices[1]
        or R.real(0.1, 1))
    end
  end
  return add_joint(M, spec, { type = kind })
end

-- A driver of joint J (a pin or a slider), of its own value at the start.
local function drive_joint(M, J)
  local spec = rec("name", "D" .. (#M.joints + 1), "type", "driver", "joint", J.name)
  local a0
  if J.pin then
    local _, ai = body_state(M, J.points[1].body)
    local _, aj = body_state(M, J.points[2].body)
    a0 = ai - aj
  else
    a0 = J.length
  end
  spec:set("fn", driver_fn(a0, S.moving_drivers))
  J.driven = true
  return add_joint(M, spec, { type = "driver", driver = true })
end

local function drive_something(M)
  local R = S.R
  local free = {}
  for _, J in ipairs(M.joints) do if (J.pin or J.slide) and not J.driven then free[#free + 1] = J end end
  if #free > 0 and R.chance(0.7) then return drive_joint(M, R.pick(free)) end
  local undriven = {}
  for _, b in ipairs(M.bodies) do if not M.driven[b.name] then undriven[#undriven + 1] = b.name end end
  if #undriven > 0 and R.chance(0.6) then
    local b = R.pick(undriven)
    M.driven[b] = true
    local _, ang = body_state(M, b)
    local spec = rec("name", "D" .. (#M.joints + 1), "type", "driver", "body", b, "fn", driver_fn(ang, S.moving_drivers))
    return add_joint(M, spec, { type = "driver", driver = true })
  end
  -- the distance of a point of a body from a point of the ground
  local b = R.pick(M.bodies)
  local P = new_point(M, b.name, add(b.pos, polar(R.real(0, 0.3), R.real(-math.pi, math.pi))))
  local Q = new_point(M, "ground", add(P.g, polar(R.real(0.2, 1), R.real(-math.pi, math.pi))))
  local spec = rec("name", "D" .. (#M.joints + 1), "type", "driver", "points", { P.name, Q.name },
    "fn", driver_fn(len(sub(P.g, Q.g)), S.moving_drivers))
  return add_joint(M, spec, { type = "driver", driver = true })
end

local function pick_body(M, moving)
  local R = S.R
  if not moving and R.chance(0.3) then return "ground" end
  return R.pick(M.bodies).name
end

-- A force element of type kind.
local function make_force(M, kind)
  local R = S.R
  local spec = rec("name", "F" .. (#M.forces + 1), "type", kind)
  local function actuator()
    if R.chance(0.6) then return round(R.real(-5, 5)) end
    if R.chance(0.85) then return code(("function(t) return %s * math.sin(%s * t) end"):format(lit(round(R.real(-5, 5))),
      lit(round(R.real(0, 20))))) end
    return code(R.pick { "function(t) return 0/0 end", "function(t) return \"x\" end", "function(t) return nil end",
      "function(t) error(\"actuator failed\") end", "function(t) return 1e308 end", "function(t) return {} end" })
  end
  if kind == "spring-damper" then
    local a = pick_body(M, true)
    local b = pick_body(M, false)
    if b == a then b = "ground" end
    local P = new_point(M, a, add(M.body[a].pos, polar(R.real(0, 0.3), R.real(-math.pi, math.pi))))
    local pb = body_state(M, b)
    local Q = new_point(M, b, add(pb, polar(R.real(0, 0.5), R.real(-math.pi, math.pi))))
    spec:set("points", R.chance(0.5) and { P.name, Q.name } or { Q.name, P.name })
    if R.chance(0.8) then spec:set("k", round(R.real(0, 200))) end
    if R.chance(0.6) then spec:set("length", round(R.real(0, 1))) end
    if R.chance(0.5) then spec:set("c", round(R.real(0, 5))) end
    if R.chance(0.3) then spec:set("actuator", actuator()) end
  elseif kind == "rot-spring-damper" then
    local pins = {}
    for _, J in ipairs(M.joints) do if J.pin then pins[#pins + 1] = J end end
    if #pins > 0 and R.chance(0.4) then
      spec:set("joint", R.pick(pins).name)
    else
      local a = pick_body(M, true)
      local b = pick_body(M, false)
      if b == a then b = "ground" end
      spec:set("bodies", { a, b })
    end
    if R.chance(0.8) then spec:set("k", round(R.real(0, 50))) end
    if R.chance(0.5) then spec:set("angle", round(R.real(-1, 1))) end
    if R.chance(0.5) then spec:set("c", round(R.real(0, 2))) end
    if R.chance(0.3) then spec:set("actuator", actuator()) end
  elseif kind == "force" then
    local a = pick_body(M, true)
    local P = R.chance(0.5) and #M.points > 0 and M.points[R.int(1, #M.points)] or
      new_point(M, a, add(M.body[a].pos, polar(R.real(0, 0.3), R.real(-math.pi, math.pi))))
    spec:set("point", P.name):set("value", { round(R.real(-20, 20)), round(R.real(-20, 20)) })
    if R.chance(0.5) then spec:set("frame", R.pick { "global", "local" }) end
  elseif kind == "torque" then
    spec:set("body", pick_body(M, true)):set("value", actuator())
  elseif kind == "user" then
    local b = pick_body(M, true)
    local fns = {
      ('function(t, s) local b = s:body(%q) return { { body = %q, force = { -2 * b.vx, -2 * b.vy }, torque = -0.5 * b.omega } } end'):format(b, b),
      ('function(t, s) return { { body = %q, force = { %s, %s }, at = { %s, %s } } } end'):format(b,
        lit(round(R.real(-10, 10))), lit(round(R.real(-10, 10))), lit(round(R.real(-0.3, 0.3))), lit(round(R.real(-0.3, 0.3)))),
      ('function(t, s) return { { body = %q, torque = %s * t } } end'):format(b, lit(round(R.real(-10, 10)))),
      'function(t, s) return {} end', 'function(t, s) end',
      ('function(t, s) return { { body = s.bodies[%q] and %q, force = { 0, 1 } } } end'):format(b, b),
    }
    local bad = {
      'function(t, s) return 5 end', 'function(t, s) return "x" end',
      'function(t, s) return { { body = "nobody", force = { 1, 0 } } } end',
      ('function(t, s) return { { body = %q, force = { 0/0, 0 } } } end'):format(b),
      ('function(t, s) return { { body = %q, force = "x" } } end'):format(b),
      ('function(t, s) return { { body = %q, force = { 1 } } } end'):format(b),
      ('function(t, s) return { { body = %q, torque = "x" } } end'):format(b),
      ('function(t, s) return { { body = %q, torque = {} } } end'):format(b),
      ('function(t, s) return { { body = %q, at = { 0/0, 0 }, force = { 1, 1 } } } end'):format(b),
      ('function(t, s) return { { body = %q, at = "x", force = { 1, 1 } } } end'):format(b),
      'function(t, s) error("the user force broke") end',
      'function(t, s) error({ code = 1 }) end',
      'function(t, s) return { { body = 5 } } end', 'function(t, s) return { 5 } end',
      ('function(t, s) return { { body = %q, force = { 1e308, 1e308 } } } end'):format(b),
      ('function(t, s) return { { body = %q, force = { math.huge, 0 } } } end'):format(b),
      'function(t, s) return { { body = s, force = { 0, 0 } } } end',
      'function(t, s) return s.bodies.nobody.x end',
      ('function(t, s) return { { body = %q, force = { 1, 0 }, torque = 1e308 * s:body(%q).omega } } end'):format(b, b),
      ('function(t, s) return { [3] = { body = %q, force = { 1, 0 } } } end'):format(b),
      ('function(t, s) s.bodies[%q].x = 0/0 return {} end'):format(b),
    }
    spec:set("fn", code(R.chance(0.8) and R.pick(fns) or R.pick(bad)))
  elseif kind == "joint-friction" then
    local js = {}
    for _, J in ipairs(M.joints) do if J.pin or J.slide then js[#js + 1] = J end end
    spec:set("joint", #js > 0 and R.pick(js).name or (M.joints[1] and M.joints[1].name or "J1"))
    spec:set("c", round(R.real(0.01, 3)))
  else
    -- a kind this generator does not know yet: its shape and its numbers
    local k = FORCE_KIND[kind]
    local a = pick_body(M, true)
    if k.points == 2 then
      spec:set("points", { new_point(M, a, M.body[a].pos).name, new_point(M, "ground", { 0, 0 }).name })
    elseif k.points == 1 then
      spec:set("point", new_point(M, a, M.body[a].pos).name)
    end
    if k.bodies == 2 then spec:set("bodies", { a, "ground" }) elseif k.bodies == 1 then spec:set("body", a) end
    for _, q in ipairs(k.params) do
      if q.when ~= "derived" and (q.when == "required" or R.chance(0.5)) then
        spec:set(q.name, q.type == "pair" and { 1, 0 } or q.type == "choice" and q.choices[1] or round(R.real(0, 1)))
      end
    end
    if k.host then spec:set("fn", code "function(t, s) return {} end") end
  end
  M.forces[#M.forces + 1] = { name = spec:get("name"), type = kind, spec = spec }
  declare(M, "force", spec)
end

-- A law's numbers, sensible for a short run.
local function law_numbers(spec, law)
  local R = S.R
  for _, q in ipairs(LAW_KIND[law].params) do
    if q.when == "required" or R.chance(0.5) then
      local v
      if q.name == "k" then v = R.pick { 1e3, 1e4, 1e4, 1e5, 1e5, 1e6 }
      elseif q.name == "n" then v = R.pick { 1, 1.5, 2 }
      elseif q.name == "e" then v = round(R.real(0, 1), 2)
      elseif q.name == "c" then v = round(R.real(0, 50))
      elseif q.type == "fraction" then v = round(R.real(0, 1), 2)
      else v = round(R.real(0.1, 10)) end
      spec:set(q.name, v)
    end
  end
end

local function make_contact(M)
  local R = S.R
  local spec = rec("name", "K" .. (#M.contacts + 1))
  local law = R.pick(LAWS)
  local shape = R.int(1, 3)
  local a = pick_body(M, true)
  local r = R.chance(0.2) and 0 or round(R.real(0.01, 0.15))
  local gap = R.chance(0.15) and -0.001 or round(R.real(0, 0.02))
  if shape == 1 then -- a circle over the ground's x axis
    local g = { M.body[a].pos[1] + round(R.real(-0.2, 0.2)), r + gap }
    local P = new_point(M, a, g)
    if R.chance(0.5) then spec:set("type", "circle-line") end
    spec:set("point", P.name):set("radius", r)
  elseif shape == 2 then -- a circle over a line of another body (or the ground)
    local b = pick_body(M, false)
    if b == a then b = "ground" end
    local pb = body_state(M, b)
    local O = new_point(M, b, add(pb, polar(R.real(0, 0.3), R.real(-math.pi, math.pi))))
    local n = polar(1, R.real(-math.pi, math.pi))
    local nv = new_vector(M, b, n)
    local P = new_point(M, a, add(O.g, add(scale(r + gap, n), scale(R.real(-0.2, 0.2), { -n[2], n[1] }))))
    spec:set("type", "circle-line"):set("point", P.name):set("radius", r):set("line", { O.name, nv.name })
  else -- two circles
    local b = pick_body(M, false)
    if b == a then b = "ground" end
    local rj = round(R.real(0.01, 0.15))
    local P = new_point(M, a, add(M.body[a].pos, polar(R.real(0, 0.2), R.real(-math.pi, math.pi))))
    local Q = new_point(M, b, add(P.g, polar(r + rj + gap, R.real(-math.pi, math.pi))))
    if R.chance(0.5) then spec:set("type", "circles") end
    spec:set("points", { P.name, Q.name }):set("radii", { r, rj })
  end
  if law ~= "impulse" or R.chance(0.5) then spec:set("law", law) end
  law_numbers(spec, law)
  if R.chance(0.3) then spec:set("mu", round(R.real(0, 0.6), 2)) end
  if R.chance(0.15) then spec:set("mu_s", round(R.real(0, 0.8), 2)) end
  if R.chance(0.15) then spec:set("v_t", round(R.real(1e-4, 0.1), 4)) end
  M.contacts[#M.contacts + 1] = { name = spec:get("name"), law = law, spec = spec }
  declare(M, "contact", spec)
end

-- Bodies on a tree of joints, extra joints and drivers, forces, contacts.
local function random_model(plan)
  local R = S.R
  local M = new_model()
  local n = R.int(1, 3)
  local kinds_by_body = {}
  for k = 1, n do
    local name = "b" .. k
    local kind = R.chance(0.08) and "free" or R.pick(JOINT_TYPES)
    local parent = (k == 1 or R.chance(0.4)) and "ground" or ("b" .. R.int(1, k - 1))
    if kind == "disc" then parent = "ground" end
    if kind == "disc-disc" and parent == "ground" then kind = k > 1 and kind or "revolute"; parent = k > 1 and ("b" .. R.int(1, k - 1)) or "ground" end
    if (kind == "simple" or kind == "driver") and R.chance(0.5) then parent = "ground" end
    local base = parent == "ground" and { 0, 0 } or M.body[parent].pos
    local pos = add(base, polar(R.real(0.2, 0.8), R.real(-math.pi, math.pi)))
    if kind == "disc" then pos[2] = round(R.real(0.05, 0.5)) end
    local L = R.real(0.2, 1)
    local mass = R.chance(0.7) and round(R.real(0.2, 5), 3) or R.pick { 1, 2, 0.5 }
    local b = { name = name, pos = pos, angle = R.chance(0.3) and 0 or R.real(-math.pi, math.pi), mass = mass,
      inertia = mass * L * L / 12 }
    local spec = rec("name", name, "mass", b.mass, "inertia", b.inertia, "pos", b.pos)
    if b.angle ~= 0 or R.chance(0.3) then spec:set("angle", b.angle) end
    if R.chance(kind == "free" and 0.6 or 0.1) then
      spec:set("vel", { round(R.real(-1, 1)), round(R.real(-1, 1)) }); spec:set("omega", round(R.real(-2, 2)))
      S.needs_correct = S.needs_correct or kind ~= "free"
    end
    b.spec = spec
    M.bodies[#M.bodies + 1] = b
    M.body[name] = b
    declare(M, "body", spec)
    kinds_by_body[k] = kind
    if kind ~= "free" then make_joint(M, kind, name, parent) end
  end
  -- a loop closed by another joint
  if R.chance(0.2) then
    local a = R.pick(M.bodies).name
    local b = pick_body(M, false)
    if b ~= a then make_joint(M, R.pick { "revolute", "rev-rev", "translational", "rev-tran" }, a, b) end
  end
  -- a joint made inactive, for events
  if plan.events then
    local a = R.pick(M.bodies).name
    local J = make_joint(M, R.pick { "revolute", "rigid", "simple" }, a, "ground")
    J.spec:set("active", false)
    J.inactive = true
    M.rows = M.rows - (ROWS[J.type] or 1)
  end
  -- drivers: as many as the freedoms for kinematics, now and then one otherwise
  if plan.drive then
    local want = 3 * n - M.rows + (R.chance(0.1) and R.pick { -1, 1 } or 0)
    for _ = 1, math.min(want, 9) do drive_something(M) end
  elseif R.chance(0.25) then
    drive_something(M)
  end
  for _ = 1, R.pick { 0, 0, 1, 1, 2, 3 } do make_force(M, R.pick(FORCE_TYPES)) end
  for _ = 1, (plan.contact and R.int(1, 2) or (R.chance(0.25) and 1 or 0)) do make_contact(M) end
  return M
end

-- An example's model, with what the generator needs to know of it: its
-- elements' names, read from the model itself.
local EXAMPLES = {}
for _, name in ipairs(mb.example()) do
  local ok, m = pcall(mb.example, name)
  if ok and type(m) == "table" and m._order then
    local e = { name = name, bodies = {}, points = {}, vectors = {}, joints = {}, forces = {}, contacts = {},
      dof = select(2, pcall(m.dof, m)) }
    for _, list in ipairs { "bodies", "points", "vectors", "joints", "forces", "contacts" } do
      for _, el in ipairs(m._order[list]) do
        e[list][#e[list] + 1] = { name = el.name, type = el.type, law = el.law,
          pin = el.type == "revolute", slide = el.type == "translational", body = el.body }
      end
    end
    if #e.bodies <= 8 then EXAMPLES[#EXAMPLES + 1] = e end
  end
end

------------------------------------------------------------ writing the model

local function write_model(M)
  local R = S.R
  local g
  if R.chance(0.1) then g = { round(R.real(-5, 5)), round(R.real(-15, 0)) } elseif R.chance(0.03) then g = nasty_pair(R) end
  local opts = rec("name", R.chance(0.98) and "fz" or R.pick { 5, code "{}", "" })
  if g then opts:set("gravity", g) end
  if R.chance(0.01) then opts:set(misspell(R, "gravity"), { 0, -9.81 }) end
  if R.chance(0.005) then emit("local m = mb.model(%s)", lit(R.pick { 5, "fz", code "nil", true })) return end
  emit("local m = mb.model%s", lit(opts))
  local decl = M.decl
  -- order mistakes: an element before what it names
  if R.chance(0.04) then
    local i, j = R.int(1, #decl), R.int(1, #decl)
    decl[i], decl[j] = decl[j], decl[i]
  end
  for _, d in ipairs(decl) do
    local spec = d.spec
    -- mistakes made where the element is made
    if R.chance(0.008) then
      local keys = spec.keys
      local k = keys[R.int(1, #keys)]
      local old = spec:get(k)
      local bad
      if type(old) == "number" then bad = nasty_number(R)
      elseif type(old) == "table" and getmetatable(old) == nil then bad = R.chance(0.5) and nasty_pair(R) or R.pick(WRONG)
      elseif type(old) == "string" then bad = k == "type" and R.pick { misspell(R, old), R.pick(INTERNAL), 5 } or nasty_name(R, old)
      else bad = R.pick(WRONG) end
      spec = rec()
      for _, kk in ipairs(d.spec.keys) do spec:set(kk, kk == k and bad or d.spec:get(kk)) end
    elseif R.chance(0.006) then
      spec = rec()
      for _, kk in ipairs(d.spec.keys) do spec:set(kk, d.spec:get(kk)) end
      local k = spec.keys[R.int(1, #spec.keys)]
      if k ~= "name" then spec:set(misspell(R, k), spec:get(k)); spec:set(k, nil) end
    elseif R.chance(0.004) then
      spec = rec()
      for _, kk in ipairs(d.spec.keys) do spec:set(kk, d.spec:get(kk)) end
      spec:set(spec.keys[R.int(1, #spec.keys)], nil)
    end
    local text = lit(spec)
    if R.chance(0.002) then text = "(" .. lit(R.pick { 5, "b1", code "nil", code "{ 1, 2 }" }) .. ")" end
    if R.chance(0.05) then emit("try(%q, m.%s, m, %s)", d.kind, d.kind, text:gsub("^%((.*)%)$", "%1"))
    else emit("m:%s%s", d.kind, text) end
  end
end

-- Statements that change the model after it is made, as a student might
-- at the prompt; each run checks the model again.
local function mutate(M)
  local R = S.R
  local function any(list) return #list > 0 and R.pick(list) or nil end
  local choice = R.int(1, 16)
  local b, j, f, k, p, v = any(M.bodies), any(M.joints), any(M.forces), any(M.contacts), any(M.points), any(M.vectors)
  if choice == 1 and b then
    emit("m.bodies[%q].%s = %s", b.name, R.pick { "mass", "inertia", "angle", "omega" }, lit(nasty_number(R)))
  elseif choice == 2 and b then
    emit("m.bodies[%q].%s = %s", b.name, R.pick { "pos", "vel" }, lit(nasty_pair(R)))
  elseif choice == 3 and p then
    if R.chance(0.5) then emit("m.points[%q].at = %s", p.name, lit(nasty_pair(R)))
    else emit("m.points[%q].body = %s", p.name, lit(nasty_name(R, p.body))) end
  elseif choice == 4 and v then
    emit("m.vectors[%q].dir = %s", v.name, lit(R.chance(0.4) and code "{ 0, 0 }" or R.chance(0.5) and code "{ 1e-320, 0 }"
      or nasty_pair(R)))
  elseif choice == 5 and j then
    local field = R.pick { "type", "points", "vectors", "length", "radius", "radii", "value", "fn", "body", "bodies",
      "joint", "coord", "offset", "angle", "active" }
    local val
    if field == "type" then val = R.pick { misspell(R, j.type), R.pick(JOINT_TYPES), R.pick(INTERNAL), 5 }
    elseif field == "points" or field == "vectors" or field == "bodies" or field == "radii" or field == "offset" then
      val = R.chance(0.5) and nasty_pair(R) or R.pick { code "{ \"P1\" }", code "{ \"P1\", \"P1\" }", code "{ \"nobody\", \"P1\" }" }
    elseif field == "fn" then val = R.pick { code "function(t) return 0/0 end", code "\"abc\"", 5, code "function(t) return {} end" }
    elseif field == "active" then val = R.pick { false, true, 0, "no" }
    elseif field == "coord" then val = R.pick { "z", "X", 5, "angle" }
    elseif field == "body" or field == "joint" then val = nasty_name(R, "b1")
    else val = nasty_number(R) end
    emit("m.joints[%q].%s = %s", j.name, field, lit(val))
  elseif choice == 6 and f then
    local field = R.pick { "k", "c", "length", "angle", "actuator", "value", "frame", "fn", "points", "bodies", "body", "point" }
    local val = (field == "points" or field == "bodies") and nasty_pair(R) or field == "frame" and R.pick { "glob", 5, "local" }
      or (field == "body" or field == "point") and nasty_name(R, "b1")
      or field == "fn" and R.pick { code "function(t, s) return 0/0 end", 5 } or nasty_number(R)
    emit("m.forces[%q].%s = %s", f.name, field, lit(val))
  elseif choice == 7 and k then
    local field = R.pick { "radius", "radii", "e", "k", "n", "c", "mu", "mu_s", "v_t", "law", "type", "line", "point", "points" }
    local val = (field == "radii" or field == "line" or field == "points") and nasty_pair(R)
      or field == "law" and R.pick { misspell(R, k.law or "impulse"), R.pick(LAWS), 5 }
      or field == "type" and R.pick { "circle", "circles", "circle-line", 5 }
      or field == "point" and nasty_name(R, "P1") or nasty_number(R)
    emit("m.contacts[%q].%s = %s", k.name, field, lit(val))
  elseif choice == 8 then -- a misspelled field set at the prompt
    local list, what, fields
    if b and R.chance(0.5) then list, what, fields = "bodies", b.name, { "mass", "inertia", "omega", "angle", "pos" }
    elseif j then list, what, fields = "joints", j.name, { "points", "length", "type", "fn" }
    elseif b then list, what, fields = "bodies", b.name, { "mass" } end
    if list then emit("m.%s[%q].%s = 1", list, what, misspell(R, R.pick(fields))) end
  elseif choice == 9 then -- deleted
    local list = R.pick { "bodies", "points", "vectors", "joints", "forces", "contacts" }
    local el = any(M[list])
    if el then emit("m.%s[%q] = nil", list, el.name) end
  elseif choice == 10 then -- renamed
    local list = R.pick { "bodies", "points", "joints", "forces", "contacts" }
    local el = any(M[list])
    if el then emit("m.%s[%q].name = %s", list, el.name, lit(R.pick { "zz", 5, el.name .. "2", "ground", code "nil" })) end
  elseif choice == 11 then -- made by assignment, or the same element under two names
    local list = R.pick { "bodies", "joints", "forces", "points" }
    local el = any(M[list])
    if el and R.chance(0.5) then emit("m.%s.alias = m.%s[%q]", list, list, el.name)
    else emit("m.%s.extra = %s", list, lit(R.pick { code "{ mass = 1, inertia = 1 }", code "{}", 5, "x" })) end
  elseif choice == 12 then
    emit("m.gravity = %s", lit(nasty_pair(R)))
  elseif choice == 13 then
    emit("m.name = %s", lit(R.pick { 5, code "{}", "", code "nil", "renamed" }))
  elseif choice == 14 and b then -- a body taken away that others name: points, joints
    emit("m.bodies[%q] = nil", b.name)
  elseif choice == 15 then -- values changed in range: a new start, off the joints
    if b then emit("m.bodies[%q].angle = %s", b.name, lit(round(R.real(-3, 3)))) end
  elseif choice == 16 then -- a whole list replaced
    emit("m.%s = %s", R.pick { "joints", "forces", "bodies", "contacts", "points" }, lit(R.pick { code "{}", 5, code "nil" }))
  end
end

------------------------------------------------------------ analyses

-- An option's value: usually fine, now and then not.
local function maybe_bad(v, p)
  local R = S.R
  if R.chance(p or 0.04) then return nasty_number(R) end
  return v
end

local function sim_options(M, for_compare)
  local R = S.R
  local o = rec()
  if R.chance(0.8) then
    o:set("formulation", R.chance(0.97) and R.pick(FORMULATIONS) or R.pick { misspell(R, "joint"), 5, "" })
  end
  local integrator = R.chance(0.6) and R.pick(INTEGRATORS) or nil
  if R.chance(0.02) then integrator = R.pick { "euler", misspell(R, "rk45"), 5 } end
  o:set("integrator", integrator)
  local tf = R.pick { 0.02, 0.05, 0.1, 0.1, 0.2, round(R.real(0.01, 0.2), 3) }
  o:set("tf", maybe_bad(tf, 0.03))
  local dt = tf / R.int(2, 30)
  if R.chance(0.85) then o:set("dt", maybe_bad(dt, 0.03)) end
  if integrator == "rk4" and R.chance(0.7) then o:set("h", maybe_bad(dt / R.int(1, 4), 0.05)) end
  if R.chance(0.2) then o:set("tol", maybe_bad(R.pick { 1e-6, 1e-8, 1e-10, 1e-4 }, 0.1)) end
  if R.chance(0.5) then
    local stab = R.chance(0.97) and R.pick(STABILIZATIONS) or R.pick { "stabilisation", misspell(R, "penalty"), 5 }
    o:set(R.chance(0.05) and "stabilisation" or "stabilization", stab)
    if stab == "baumgarte" then
      if R.chance(0.6) then o:set("alpha", maybe_bad(round(R.real(0, 20)), 0.1)) end
      if R.chance(0.6) then o:set("beta", maybe_bad(round(R.real(0, 20)), 0.1)) end
    elseif stab == "penalty" then
      if R.chance(0.5) then o:set("mc", maybe_bad(R.pick { 10, 100, 1e3, 1e4 }, 0.1)) end
      if R.chance(0.5) then o:set("zeta", maybe_bad(round(R.real(0, 2)), 0.1)) end
      if R.chance(0.5) then o:set("omega", maybe_bad(round(R.real(1, 100)), 0.1)) end
    elseif stab == "partitioning" and M and (o:get("formulation") or "body") == "body" and R.chance(0.3) then
      local names = {}
      for _ = 1, R.int(1, 3) do
        local bb = R.pick(M.bodies)
        names[#names + 1] = (bb and bb.name or "b1") .. "." .. R.pick { "x", "y", "angle", "z" }
      end
      o:set("independent", names)
    end
  end
  if R.chance(S.needs_correct and 0.7 or 0.15) then o:set("correct", R.chance(0.95) and true or R.pick { 1, "yes" }) end
  if R.chance(0.15) then o:set("dense", R.chance(0.95) or "no") end
  if R.chance(0.1) then o:set("redundant", R.chance(0.8) and "drop" or R.pick { "stop", "keep", 5 }) end
  if R.chance(0.1) then o:set("progress", false) end
  if o:get("formulation") == "joint" and M then
    if R.chance(0.3) then o:set("angles", R.pick { "relative", "absolute", "absolut" }) end
    if R.chance(0.3) and #M.joints > 0 then
      local t = {}
      for _ = 1, R.int(1, 2) do t[#t + 1] = R.pick(M.joints).name end
      if R.chance(0.1) then t[#t + 1] = "nojoint" end
      o:set("tree", t)
    end
  end
  if o:get("formulation") == "minimal" and M then
    if R.chance(0.3) then o:set("switching", R.chance(0.9) and R.chance(0.5) or R.pick { "no", 0 }) end
    if R.chance(0.3) then -- a set, or sets to switch between: counts may be wrong, names misspelled
      local function set()
        local names = {}
        for _ = 1, R.int(1, 3) do
          local bb = R.pick(M.bodies)
          names[#names + 1] = (bb and bb.name or "b1") .. "." .. R.pick { "x", "y", "angle", "angel" }
        end
        return names
      end
      o:set("independent", R.chance(0.7) and set() or { set(), set() })
    end
  end
  if M and M.events and not for_compare then
    local n = math.floor(tf / dt + 0.5)
    local list = {}
    for _ = 1, R.int(1, 2) do
      local at = dt * R.int(1, math.max(1, n - 1))
      if R.chance(0.1) then at = dt * 0.5 end
      local J = R.chance(0.5) and M.events or (R.pick(M.joints) or M.events)
      list[#list + 1] = rec("t", at, J.inactive and "add" or "remove", J.name)
    end
    if R.chance(0.05) then list = R.pick { 5, code "{ 5 }", code "{ { t = 0.01, add = \"nojoint\" } }" } end
    o:set("events", list)
  end
  if R.chance(0.03) then o:set(misspell(R, R.pick { "formulation", "integrator", "tf", "dt", "stabilization" }), 1) end
  return o
end

local function kin_options()
  local R = S.R
  local o = rec()
  if R.chance(0.7) then o:set("formulation", R.chance(0.97) and R.pick(FORMULATIONS) or "bodies") end
  local tf = R.pick { 0.05, 0.1, 0.2, round(R.real(0.01, 0.3), 3) }
  o:set("tf", maybe_bad(tf, 0.03))
  if R.chance(0.8) then o:set("dt", maybe_bad(tf / R.int(2, 30), 0.04)) end
  if R.chance(0.2) then o:set("tol", maybe_bad(R.pick { 1e-6, 1e-10, 1e-12, 1e-15 }, 0.1)) end
  if R.chance(0.2) then o:set("max_iterations", maybe_bad(R.pick { 1, 2, 5, 20, 100 }, 0.15)) end
  if R.chance(0.2) then o:set("newton", R.pick { "full", "modified", "modifed" }) end
  if R.chance(0.2) then o:set("trace", R.chance(0.9) and true or "yes") end
  if o:get("formulation") == "joint" and R.chance(0.3) then o:set("angles", R.pick { "relative", "absolute" }) end
  if R.chance(0.02) then o:set(misspell(R, "max_iterations"), 3) end
  return o
end

local function eq_options()
  local R = S.R
  local o = rec()
  local method = R.chance(0.7) and "newton" or "dynamics"
  if R.chance(0.03) then method = R.pick { "newtn", 5, "static" } end
  if method ~= "newton" or R.chance(0.5) then o:set("method", method) end
  if R.chance(0.3) then o:set("tol", maybe_bad(R.pick { 1e-6, 1e-9, 1e-12 }, 0.1)) end
  if method == "newton" then
    if R.chance(0.3) then o:set("max_iterations", maybe_bad(R.pick { 1, 5, 20, 50 }, 0.15)) end
    if R.chance(0.3) then o:set("max_step", maybe_bad(R.pick { 0.1, 0.25, 1, 1e-3 }, 0.15)) end
  else
    o:set("max_chunks", R.chance(0.9) and R.int(1, 2) or R.pick { 0, -1, 0 / 0, 2.5, 1e308 })
    if R.chance(0.5) then o:set("damping", maybe_bad(R.pick { 1, 5, 20 }, 0.15)) end
  end
  if R.chance(0.03) then o:set(R.pick { "max_chunks", "damping", "max_step", "iterations" }, 1) end
  return o
end

-- Reading a result r of a run (or of an equilibrium).
local function read_result(var, M, kind)
  local R = S.R
  local names = {}
  local function body_name() return (#M.bodies > 0 and R.chance(0.95)) and R.pick(M.bodies).name or nasty_name(R, "b1") end
  local function joint_name() return (#M.joints > 0 and R.chance(0.95)) and R.pick(M.joints).name or nasty_name(R, "J1") end
  local function point_name() return (#M.points > 0 and R.chance(0.95)) and R.pick(M.points).name or nasty_name(R, "P1") end
  local function quantity()
    local c = R.int(1, 9)
    if c <= 3 and #M.bodies > 0 then
      return R.pick(M.bodies).name .. "." .. R.pick { "x", "y", "angle", "vx", "vy", "omega", "ax", "ay", "alpha" }
    elseif c <= 5 and #M.joints > 0 then
      return R.pick(M.joints).name .. "." .. R.pick { "fx", "fy", "torque", "lambda1", "lambda2", "lambda7", "local_fx" }
    elseif c == 6 then return R.pick { "energy.total", "energy.kinetic", "energy.potential", "violation", "energy" }
    elseif c == 7 and #M.points > 0 then return R.pick(M.points).name .. ".path"
    elseif c == 8 and #M.contacts > 0 then
      return R.pick(M.contacts).name .. "." .. R.pick { "penetration", "rate", "normal", "friction" }
    end
    return R.pick { "nothing.x", "b1.z", "", "energy.heat", "violation.x" }
  end
  local function time()
    if R.chance(0.9) then return code(("%s.t[#%s.t] * %s"):format(var, var, lit(round(R.real(0, 1), 3)))) end
    return R.pick { 0 / 0, math.huge, -1, 1e308, "0.1", code "{}", -1e-320 }
  end
  local function size()
    if R.chance(0.9) then return R.int(8, 80) end
    return R.pick { 7, 1001, 2.5, 0 / 0, -1, math.maxinteger, "40" }
  end
  local function picture_opts(extra)
    local o = rec()
    if R.chance(0.5) then o:set("width", size()) end
    if R.chance(0.5) then o:set("height", size()) end
    if R.chance(0.4) then o:set("unicode", R.chance(0.95) and R.chance(0.5) or 1) end
    for _, key in ipairs(extra or {}) do
      if R.chance(0.3) then
        if key == "points" then o:set(key, R.chance(0.9) and { point_name() } or "P1")
        elseif key == "fps" or key == "speed" then o:set(key, maybe_bad(R.pick { 1, 10, 30, 0.5 }, 0.2))
        else o:set(key, R.chance(0.95) and R.chance(0.5) or "yes") end
      end
    end
    if R.chance(0.03) then o:set(misspell(R, "width"), 40) end
    return o
  end
  local reads = R.int(1, 6)
  for _ = 1, reads do
    local c = R.int(1, 17)
    if c == 1 then call("summary", ("say(%q, %s:summary())"):format("summary", var), true)
    elseif c == 2 then call("body", ("say(%q, %s:body(%s))"):format("body", var, lit(body_name())))
    elseif c == 3 then call("reaction", ("say(%q, %s:reaction(%s))"):format("reaction", var, lit(joint_name())))
    elseif c == 4 then
      local name = #M.contacts > 0 and R.pick(M.contacts).name or "K1"
      call("contact", ("say(%q, %s:contact(%s))"):format("contact", var, lit(name)))
    elseif c == 5 then call("at", ("say(%q, %s:at(%s))"):format("at", var, lit(time())))
    elseif c == 6 then
      local args = {}
      for _ = 1, R.int(0, 3) do args[#args + 1] = lit(quantity()) end
      if R.chance(0.03) then args[#args + 1] = lit(R.pick { 5, code "{ 1 }" }) end
      local o = picture_opts()
      o:set("text", R.chance(0.97) and true or nil)
      if R.chance(0.2) then o:set("title", R.pick { "t", 5 }) end
      args[#args + 1] = lit(o)
      call("plot", ("say(%q, %s:plot(%s))"):format("plot", var, table.concat(args, ", ")))
    elseif c == 7 then call("series", ("say(%q, { %s:series(%s) })"):format("series", var, lit(quantity())))
    elseif c == 8 then call("path", ("say(%q, %s:path(%s))"):format("path", var, lit(point_name())))
    elseif c == 9 then
      call("frame", ("say(%q, %s:frame(%s, %s))"):format("frame", var, lit(R.chance(0.1) and code "nil" or time()),
        lit(picture_opts { "labels", "trails", "points" })))
    elseif c == 10 then
      local path = R.chance(0.93) and code "STEM .. \".csv\"" or R.pick { "/nonexistent/dir/x.csv", 5, "", code "{}" }
      call("csv", ("say(%q, %s:csv(%s))"):format("csv", var, lit(path)))
      emit("do local f = io.open(STEM .. \".csv\") if f then say(\"csv\", f:read(\"a\")) f:close() os.remove(STEM .. \".csv\") end end")
    elseif c == 11 then
      call("cast", ("say(%q, %s:cast(STEM .. \".cast\", %s))"):format("cast", var,
        lit(picture_opts { "fps", "speed", "labels", "trails", "points" })))
      emit("os.remove(STEM .. \".cast\")")
    elseif c == 12 then
      local nframes = R.chance(0.9) and R.int(1, 4) or R.pick { 0, 1001, 2.5, "3" }
      call("frames", ("say(%q, %s:frames(STEM .. \".txt\", %s, %s))"):format("frames", var, lit(nframes),
        lit(picture_opts { "labels", "trails", "points" })))
      emit("do local f = io.open(STEM .. \".txt\") if f then say(\"frames\", f:read(\"a\")) f:close() os.remove(STEM .. \".txt\") end end")
    elseif c == 13 then call("figures", ("say(%q, %s:figures())"):format("figures", var))
    elseif c == 14 then
      emit("say(%q, { %s.t, %s.energy, %s.violation, %s.velocity_violation, %s.impacts, %s.stats.fevals, %s.state_size })",
        "fields", var, var, var, var, var, var, var)
      if kind == "equilibrium" then
        emit("say(%q, { %s.stable, %s.stability, %s.lowest_stiffness, %s.stiffnesses, %s.lowest_omega2, %s.omega2, %s.dof, %s.history, %s.iterations, %s.stiffness_asymmetry, %s.trace })",
          "eq", var, var, var, var, var, var, var, var, var, var, var)
      end
    elseif c == 15 then call("animate", ("%s:animate(%s)"):format(var, lit(picture_opts { "labels", "trails", "points" })))
    elseif c == 16 then emit("say(%q, %s.bodies) say(%q, %s.reactions)", "bodies", var, "reactions", var)
    elseif c == 17 then
      if kind == "equilibrium" then emit("say(%q, %s.equilibrium_note)", "note", var)
      else emit("say(%q, %s.iterations) say(%q, %s.trace)", "iterations", var, "trace", var) end
    end
  end
  if R.chance(0.03) then -- a dot for a colon
    call("dot", ("%s.summary()"):format(var), R.chance(0.5))
  end
end

local function random_y(n)
  local R = S.R
  if R.chance(0.7) then
    local y = {}
    for i = 1, n do y[i] = round(R.real(-1, 1)) end
    return y
  end
  local y = {}
  for i = 1, R.pick { 0, 1, n - 1, n + 1, 2 * n + 5 } do y[i] = R.chance(0.9) and round(R.real(-1, 1)) or nasty_number(R) end
  if R.chance(0.2) then return R.pick { 5, "y", code "{ \"a\", \"b\" }" } end
  return y
end

-- One analysis of the model, and reading what it gives.
local function analysis(M, what, nth)
  local R = S.R
  local var = "r" .. nth
  local bare = R.chance(0.3)
  if what == "simulate" then
    local o = sim_options(M)
    if bare then emit("local %s = m:simulate%s", var, lit(o))
    else emit("local %s = run(%q, m, \"simulate\", %s)", var, "simulate", lit(o)) end
    emit("if %s then", var)
    read_result(var, M, "run")
    emit("end")
  elseif what == "kinematics" or what == "inverse_dynamics" then
    local o = kin_options()
    if bare then emit("local %s = m:%s%s", var, what, lit(o))
    else emit("local %s = run(%q, m, %q, %s)", var, what, what, lit(o)) end
    emit("if %s then", var)
    read_result(var, M, "run")
    emit("end")
  elseif what == "equilibrium" then
    local o = eq_options()
    if bare then emit("local %s = m:equilibrium%s", var, lit(o))
    else emit("local %s = run(%q, m, \"equilibrium\", %s)", var, "equilibrium", lit(o)) end
    emit("if %s then", var)
    read_result(var, M, "equilibrium")
    emit("end")
  elseif what == "compare" then
    local entries = {}
    for _ = 1, R.int(1, 3) do
      if R.chance(0.6) then entries[#entries + 1] = R.pick(FORMULATIONS)
      else
        local e = sim_options(M, true)
        e:set("tf", nil); e:set("dt", nil); e:set("h", nil); e:set("events", nil)
        if R.chance(0.6) then e:set("label", R.pick { "one", "two", "one", 5 }) end
        entries[#entries + 1] = e
      end
    end
    if R.chance(0.03) then entries = R.pick { code "{}", 5, code "{ 5 }", code "{ \"nobody\" }" } end
    local o = rec("tf", R.pick { 0.05, 0.1 }, "dt", R.pick { 0.01, 0.025 }, "show", false)
    if R.chance(0.2) then o:set("correct", true) end
    if R.chance(0.05) then o:set("show", R.pick { true, "no" }) end
    if R.chance(0.02) then o:set("sho", false) end
    value(var, "compare", ("mb.compare(m, %s, %s)"):format(lit(entries), lit(o)), bare)
    emit("if %s then", var)
    emit("say(%q, %s:table()) say(%q, { %s.maxdiff, %s.maxdiff_position, %s.maxdiff_angle, %s.start_difference, %s.figures, %s.diff, %s.correction })",
      "table", var, "compare", var, var, var, var, var, var, var)
    emit("local first = %s.results[%s.order[1]]", var, var)
    emit("if first then")
    read_result("first", M, "run")
    emit("end")
    emit("end")
  elseif what == "pieces" then
    local o = rec()
    if R.chance(0.8) then o:set("formulation", R.chance(0.97) and R.pick(FORMULATIONS) or "bodies") end
    if R.chance(0.3) then o:set("t", maybe_bad(round(R.real(0, 1)), 0.2)) end
    if R.chance(0.3) then o:set("y", random_y(6 * #M.bodies)) end
    value(var, "pieces", "m:pieces" .. lit(o), bare)
    emit("say(%q, %s)", "pieces", var)
  elseif what == "joint_coords" then
    local o = rec()
    if R.chance(0.3) then o:set("angles", R.pick { "relative", "absolute", "abs" }) end
    if R.chance(0.2) then o:set("t", maybe_bad(0.1, 0.3)) end
    if R.chance(0.2) then o:set("theta", random_y(#M.bodies * R.int(1, 3))) end
    if R.chance(0.2) then o:set("theta_d", random_y(#M.bodies * R.int(1, 3))) end
    if R.chance(0.2) and #M.joints > 0 then o:set("tree", { R.pick(M.joints).name }) end
    value(var, "joint_coords", "m:joint_coords(" .. (R.chance(0.1) and "" or lit(o)) .. ")", bare)
    emit("say(%q, %s) say(%q, tostring(%s))", "joint_coords", var, "joint_coords", var)
  elseif what == "point_coords" then
    local args = R.chance(0.5) and "" or lit(random_y(8 * #M.bodies))
    if R.chance(0.2) then args = args .. (args == "" and "nil" or "") .. ", " .. lit(maybe_bad(0.1, 0.3)) end
    value(var, "point_coords", "m:point_coords(" .. args .. ")", bare)
    emit("say(%q, %s)", "point_coords", var)
  elseif what == "evaluate" then
    value(var, "evaluate", "m:evaluate(" .. (R.chance(0.6) and "" or lit(maybe_bad(0.1, 0.3))) .. ")", bare)
    emit("say(%q, %s)", "evaluate", var)
  elseif what == "correct" then
    value(var, "correct", "m:correct()", bare)
    emit("say(%q, %s)", "correct", var)
  elseif what == "dof" then
    emit("say(%q, { try(%q, m.dof, m) })", "dof", "dof")
    emit("say(%q, tostring(m))", "model")
  elseif what == "impact" then
    local name = #M.contacts > 0 and R.chance(0.9) and R.pick(M.contacts).name or nasty_name(R, "K1")
    value(var, "impact", "m:impact(" .. lit(name) .. ")", bare)
    emit("say(%q, %s)", "impact", var)
  elseif what == "contact_force" then
    local law = R.chance(0.9) and R.pick(LAWS) or R.pick { "hertz", 5 }
    local o = rec("law", law)
    if LAW_KIND[law] then law_numbers(o, law) end
    o:set("delta", maybe_bad(R.pick { 1e-3, 1e-5, 0, -1e-3, 0.1 }, 0.2))
    if R.chance(0.7) then o:set("rate", maybe_bad(round(R.real(-3, 3)), 0.2)) end
    if R.chance(0.5) then o:set("approach", maybe_bad(round(R.real(0, 5)), 0.2)) end
    if R.chance(0.15) then
      local key = R.pick { "k", "n", "c", "e" }
      o:set(key, nasty_number(R))
    end
    emit("say(%q, { try(%q, mb.contact_force, %s) })", "contact_force", "contact_force", lit(o))
  end
end

------------------------------------------------------------ a case

local ANALYSES = { "simulate", "simulate", "simulate", "simulate", "simulate", "kinematics", "inverse_dynamics",
  "equilibrium", "equilibrium", "compare", "pieces", "joint_coords", "point_coords", "evaluate", "correct", "dof",
  "impact", "contact_force" }

local function case(seed)
  local R = rng(seed)
  S = { R = R, lines = {} }
  emit(PREAMBLE:format(seed, seed))
  local first = R.pick(ANALYSES)
  local plan = { drive = (first == "kinematics" or first == "inverse_dynamics") and R.chance(0.9),
    contact = first == "impact" or R.chance(0.1), events = first == "simulate" and R.chance(0.08) }
  S.moving_drivers = plan.drive and R.chance(0.5)
  local M
  if R.chance(0.2) and #EXAMPLES > 0 then
    local e = R.pick(EXAMPLES)
    M = e
    emit("local m = mb.example(%q)", e.name)
  else
    M = random_model(plan)
    if plan.events then
      for _, J in ipairs(M.joints) do if J.inactive then M.events = J end end
    end
    write_model(M)
  end
  -- the mistakes: none in about half the cases, so the analyses go deep
  local mistakes = R.chance(0.5) and 0 or R.int(1, 3)
  for _ = 1, mistakes do mutate(M) end
  if R.chance(0.01) then emit("m.simulate{ tf = 0.1 }") end
  if R.chance(0.01) then emit("m:simulate(%s)", lit(R.pick { 5, "body", true })) end
  local list = { first }
  for _ = 1, R.pick { 0, 0, 1, 1, 2 } do
    list[#list + 1] = R.pick(ANALYSES)
    if R.chance(0.3) then mutate(M) end
  end
  for i, what in ipairs(list) do analysis(M, what, i) end
  emit("print(\"done\")")
  return table.concat(S.lines, "\n") .. "\n"
end

------------------------------------------------------------ main

local FIRST, COUNT, DIR = math.tointeger(tonumber(arg[1])), math.tointeger(tonumber(arg[2])), arg[3]
if not (FIRST and COUNT and DIR) then
  error("usage: mechbench --batch tests/fuzz.lua FIRST COUNT DIR", 0)
end
for seed = FIRST, FIRST + COUNT - 1 do
  local path = ("%s/fz%d.lua"):format(DIR, seed)
  local f = assert(io.open(path, "w"))
  f:write(case(seed))
  f:close()
end
