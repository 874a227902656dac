-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.elements: a model's elements (bodies, points, vectors, joints,
-- forces, contacts) made, checked and compiled into the description the C
-- core reads. Elements are kept by name; every element remembers the
-- file and line that defined it, so an error can point there. Values are
-- checked when an element is made and again when a run starts, because a
-- student may change them at the prompt (m.bodies.slider.mass = 6).
-- mechbench.model gathers these methods with the analyses' into the class
-- of a model.
local core = require "mechbench.core"
local vec = core.vec

local M = {}
local Model = {} -- the methods of this file (M.methods)
M.methods = Model

local args = require "mechbench.args"
local where = args.where

-- While a run checks its elements again (Model:compile), the run's line:
-- a value changed after its element was made is said where the run is,
-- with where the element was made.
local rechecking

local function fail(element, fmt, ...)
  local who = ("%s '%s'"):format(element.kind_of, tostring(element.name))
  local here = rechecking and ("%s: %s (made at %s)"):format(rechecking, who, element.where or "?")
    or ("%s: %s"):format(element.where or "?", who)
  error(here .. ": " .. string.format(fmt, ...), 0)
end

local plural = { body = "bodies", point = "points", vector = "vectors", joint = "joints", force = "forces",
  contact = "contacts" }

-- element[key], a finite number in range (args.bad_number's opts), or
-- opts.default when left out.
local function number(element, key, opts)
  local v = element[key]
  if v == nil and opts.default ~= nil then return opts.default end
  local why = args.bad_number(v, opts)
  if why then fail(element, "%s %s", key, why) end
  return v
end

-- element[key], a pair of finite numbers, or default when left out.
local function pair(element, key, default)
  local v = element[key]
  if v == nil then return default end
  local why = args.bad_pair(v)
  if why then fail(element, "%s", args.said(key, why)) end
  return { v[1], v[2] }
end

-- Every field of element e must be one its kind knows (a set).
local internal = { kind_of = true, where = true } -- the library sets them
local function known_fields(e, known)
  local set = { name = true }
  for k in pairs(known) do set[k] = true end
  local why = args.unknown_field(e, set, "field", internal)
  if why and rechecking then
    -- set at the prompt after the element was made: say how to take it back
    local key = why:match("^unknown field '(.-)'")
    why = why .. (key and ("; to take it away: m.%s[%q].%s = nil"):format(plural[e.kind_of], e.name, key) or "")
  end
  if why then fail(e, "%s", why) end
end

local function set_of(list)
  local out = {}
  for _, k in ipairs(list) do out[k] = true end
  return out
end

-- dir scaled to length 1; scaled by its larger component first, so that
-- {1e-170, 0} is {1, 0} rather than an underflow.
local function unit(v)
  local d = v.dir
  local big = math.max(math.abs(d[1]), math.abs(d[2]))
  local x, y = d[1] / big, d[2] / big
  local len = math.sqrt(x * x + y * y)
  return { x / len, y / len }
end

local function name_of(x) return type(x) == "table" and x.name or x end

local function names(list)
  local out = {}
  for _, e in ipairs(list) do out[#out + 1] = e.name end
  return #out > 0 and table.concat(out, ", ") or "none yet"
end

local function lookup(m, element, what, ref)
  local n = name_of(ref)
  if n == nil then fail(element, "needs a %s", what) end
  local found = m[what .. "s"] and m[what .. "s"][n]
  if what == "body" then found = n == "ground" and "ground" or m.bodies[n] end
  if not found then
    local all = what == "body" and m._order.bodies or m._order[what .. "s"]
    fail(element, "unknown %s '%s' (the %s are: %s)", what, tostring(n), what == "body" and "bodies" or what .. "s",
      (what == "body" and "ground, " or "") .. names(all))
  end
  return found
end

-- printing at the prompt
local function describe(e)
  return string.format("<%s '%s' defined at %s>", e.kind_of, e.name, e.where)
end
local Element = { __tostring = describe }

local function add(m, list, kind_of, spec, level)
  if type(spec) ~= "table" then
    error(("%s: m:%s takes a table: m:%s{ name = ..., ... }"):format(where(level + 1), kind_of, kind_of), 0)
  end
  local e = {}
  for k, v in pairs(spec) do e[k] = v end
  e.kind_of, e.where = kind_of, where(level + 1)
  if type(e.name) ~= "string" or e.name == "" then
    e.name = kind_of .. " #" .. (#m._order[list] + 1)
  end
  setmetatable(e, Element) -- after its fields: what is set later is judged there (Element.__newindex)
  if m[list][e.name] or (list == "bodies" and e.name == "ground") then
    fail(e, "the name is already used by another %s", kind_of)
  end
  return e
end

-- A model stays compiled while it is unchanged: Model:compile gives the
-- same description again, and the C core keeps the model it built from it
-- there (desc.compiled), so statics, modes and explain stop building it
-- again at each call. m._version counts the changes to which elements the
-- model has (one made, one taken away: touch); what the elements hold is
-- compared with what it was when compiled (snapshot below), since a value
-- set by assignment (m.bodies.rod.mass = 6), changed in place
-- (m.bodies.rod.pos[1] = 0.3) or in a table the user shares with the
-- model passes no metamethod. A Lua function an element holds (a driver's,
-- a user force's) is compared as which function it is: it is called at
-- every evaluation, so what it reads (an upvalue, a global) is never kept.
local function touch(m) m._version = m._version + 1 end

local function register(m, list, e)
  m[list][e.name] = e
  table.insert(m._order[list], e)
  touch(m)
  return e
end

-- The lists in the model's order follow its tables: an element taken away
-- at the prompt (m.forces.push = nil) leaves the model; one put in by
-- assignment, or renamed, is refused: elements are made by m:body{...} and
-- the others, which check them.
local singular = {}
for one, many in pairs(plural) do singular[many] = one end
local function sync(m)
  for list in pairs(m._order) do
    if type(m[list]) ~= "table" then
      error(("%s: model '%s': m.%s is %s, not the model's list of %s; elements are made by m:%s{...} and taken "
        .. "away one by one (m.%s.NAME = nil)"):format(where(), tostring(m.name), list,
        m[list] == nil and "nil" or "a " .. type(m[list]), list, singular[list], list), 0)
    end
  end
  for list, order in pairs(m._order) do
    local kept = {}
    for _, e in ipairs(order) do if m[list][e.name] == e then kept[#kept + 1] = e end end
    if #kept ~= #order then
      m._order[list] = kept
      touch(m)
    end
    for name, e in pairs(m[list]) do
      if getmetatable(e) ~= Element or e.name ~= name then
        error(("%s: model '%s': %s[%q] was set by assignment; make it with m:%s{ name = %q, ... }"):format(where(),
          m.name, list, tostring(name), singular[list], tostring(name)), 0)
      end
    end
  end
end

------------------------------------------------------------------ checks

local check = {}

-- A mass or an inertia beyond these is a slip of units: the Jacobian's
-- rank tests and the Schur complement lose every digit to the ratio.
local body_range = { positive = true, smallest = 1e-12, largest = 1e12 }
local body_fields = set_of { "mass", "inertia", "pos", "vel", "angle", "omega" }
local point_fields, vector_fields = set_of { "body", "at" }, set_of { "body", "dir" }

function check.body(m, b)
  known_fields(b, body_fields)
  number(b, "mass", body_range)
  number(b, "inertia", body_range)
  pair(b, "pos", { 0, 0 }); pair(b, "vel", { 0, 0 })
  number(b, "angle", { default = 0 }); number(b, "omega", { default = 0 })
end

function check.point(m, p)
  known_fields(p, point_fields)
  lookup(m, p, "body", p.body)
  pair(p, "at", { 0, 0 })
end

function check.vector(m, v)
  known_fields(v, vector_fields)
  lookup(m, v, "body", v.body)
  local d = pair(v, "dir") or fail(v, "needs dir = {x, y}")
  if d[1] == 0 and d[2] == 0 then fail(v, "dir has zero length, so it has no direction") end
end

------------------------------------------------------------------ kinds, from C

-- Every joint kind, force kind and contact law as its C table entry gives
-- it: its numbers, its shape (the points, vectors or bodies an element
-- names), what it can do and how it is drawn. Nothing about a kind is kept
-- here; the C entry also judges an element's numbers (core.model.check).
local kinds = require "mechbench.kinds"
local kind_of_list = kinds.of

-- Forms: a user's type that stands for a kind chosen by what the element
-- names. A form returns the kind's name and the fields that stand in for
-- the element's own.
local forms = { joint = {}, force = {} }

-- The points of a joint that has them, as point elements.
local function joint_points(m, element, j)
  if type(j.points) ~= "table" or #j.points ~= 2 then
    fail(element, "needs a joint between two points, and '%s' (a %s) has none", j.name, tostring(j.type))
  end
  return { m.points[name_of(j.points[1])], m.points[name_of(j.points[2])] }
end

-- What a joint element is, after its form: the kind's entry.
local function joint_kind(j)
  local kind = kind_of_list.joint[j.type]
  if kind then return kind end
  if j.type == "driver" then
    return j.joint == nil and j.points and kind_of_list.joint["driver-distance"] or kind_of_list.joint["driver-angle"]
  end
end

-- A driver prescribes a joint's motion (its angle if it turns, its length
-- along the guide if it slides), two points' distance, or a body's angle
-- (Sec. 7.2.8), as fn(t).
function forms.joint.driver(m, j)
  if type(j.fn) ~= "function" and type(j.fn) ~= "number" then
    fail(j, "needs fn = function(t) return ... end (the prescribed angle or distance)")
  end
  if j.joint ~= nil then
    local target = lookup(m, j, "joint", j.joint)
    local kind = joint_kind(target)
    if kind and kind.can.pin then
      local p = joint_points(m, j, target)
      return "driver-angle", { bodies = { p[1].body, p[2].body } }
    elseif kind and kind.can.slide then
      return "driver-distance", { points = target.points }
    end
    fail(j, "can drive a joint that turns or slides (such as revolute or translational), not '%s' (a %s)",
      target.name, tostring(target.type))
  elseif j.points ~= nil then
    return "driver-distance", {}
  elseif j.body ~= nil then
    return "driver-angle", { bodies = { j.body, "ground" } }
  end
  fail(j, 'needs joint = "...", points = {"A", "B"}, or body = "..."')
end

-- Viscous friction in a joint (Eq. 4.41): a rotational damper across a pin,
-- a damper along a slider's guide.
forms.force["joint-friction"] = function(m, f)
  local j = lookup(m, f, "joint", f.joint)
  if type(f.c) ~= "number" or not (f.c > 0) then fail(f, "c must be positive (got %s)", args.shown(f.c)) end
  local kind = joint_kind(j)
  if kind and kind.can.pin then
    local p = joint_points(m, f, j)
    return "rot-spring-damper", { bodies = { p[1].body, p[2].body } }
  elseif kind and kind.can.slide then
    return "slide-friction", { points = j.points, axis = unit(m.vectors[name_of(j.vectors[2])]) }
  end
  fail(f, "viscous friction needs a joint that turns or slides; '%s' is %s", j.name, tostring(j.type))
end

-- What the forms ask for, and what they are, for help; the fields they take.
local form_usage = {
  joint = { driver = { { 'joint = "pin or slider"', 'or points = {"P_i", "P_j"}', 'or body = "b"', "and fn = f(t)" },
    "drives that joint's angle or slide, the two points' distance, or the body's angle. A pin's driver holds "
      .. "angle(i) - angle(j) = fn(t), i and j the bodies of the joint's points in their order (Eq. 7.43):",
    fields = { "joint", "points", "body", "fn" },
    examples = {
      'pin with points = {"crank.O", "O"}, fn = function(t) return 0.7 + 2*t end:',
      '  the crank turns forward from 0.7 rad (angle(crank) = fn)',
      'pin with points = {"O", "crank.O"}, the same fn:',
      '  the crank jumps to -0.7 rad and turns backwards (angle(crank) = -fn)' } } },
  force = { ["joint-friction"] = { { 'joint = "pin or slider"', "c" }, "viscous friction in the joint (Eq. 4.41)",
    fields = { "joint", "c" } } },
}

-- The fields an element of a kind takes, as a set: what its shape names
-- and its numbers.
local function kind_fields(k)
  local out = {}
  if k.points == 2 then out.points = true elseif k.points == 1 then out.point = true end
  if (k.vectors or 0) > 0 then out.vectors = true end
  if k.bodies == 2 then out.bodies, out.joint = true, true elseif k.bodies == 1 then out.body = true end
  for _, q in ipairs(k.params) do if q.when ~= "derived" then out[q.name] = true end end
  if k.host then out.fn = true end
  return out
end

-- words (or the items of a list, when given a table) wrapped at 78
-- columns, each line indented by `indent`; an item is never split
local function wrap(text, indent)
  local words = {}
  if type(text) == "table" then
    for i, item in ipairs(text) do words[i] = item .. (i < #text and "," or "") end
  else
    for word in text:gmatch("%S+") do words[#words + 1] = word end
  end
  local lines, line = {}, indent
  for _, word in ipairs(words) do
    if #line + #word + 1 > 78 and line ~= indent then lines[#lines + 1] = line; line = indent end
    line = line .. (line == indent and "" or " ") .. word
  end
  lines[#lines + 1] = line
  return table.concat(lines, "\n")
end

-- Whether text has the word (case aside), or its plural: "spring" in
-- "rot-spring-damper", "unit" in "units", "k" in "k(0)" but not in "keeps".
function M.has_word(text, word)
  text = text:lower()
  local stem = "%f[%w_]" .. word:lower():gsub("%W", "%%%0")
  for _, tail in ipairs { "", "s", "es" } do
    if text:find(stem .. tail .. "%f[^%w_]") then return true end
  end
  return false
end

-- Two lines per kind of a list (what: "joint", "force" or "law"), for
-- help: the names it takes, then what it is. With word, only the kinds
-- whose name, fields or summary have it (help "spring").
function M.kinds_help(what, word)
  local lines = {}
  local indent = string.rep(" ", 22)
  local function entry(name, takes, summary)
    if word then
      local text = name .. " " .. (type(takes) == "table" and table.concat(takes, " ") or takes) .. " "
        .. (summary or "")
      if not M.has_word(text, word) then return false end
    end
    local first = #name < 20 and ("  %-20s"):format(name) or ("  " .. name .. " ")
    lines[#lines + 1] = first .. wrap(takes, indent):sub(#indent + 1)
    if summary then lines[#lines + 1] = wrap(summary, indent .. "  ") end
    return true
  end
  local list = what == "joint" and kinds.joints or what == "force" and kinds.forces or kinds.laws
  for _, k in ipairs(list) do
    if not k.internal then
      local takes = {}
      if k.points == 2 then takes[#takes + 1] = 'points = {"P_i", "P_j"}' end
      if k.points == 1 then takes[#takes + 1] = 'point = "P"' end
      if (k.vectors or 0) > 0 then takes[#takes + 1] = k.vectors == 2 and 'vectors = {"u_i", "u_j"}' or 'vectors = {"u_i"}' end
      if k.bodies == 2 then takes[#takes + 1] = 'bodies = {"a", "b"} (or joint = "J")' end
      if k.bodies == 1 then takes[#takes + 1] = 'body = "b"' end
      for _, q in ipairs(k.params) do
        local text = q.name
        if q.type == "choice" then text = text .. ' = "' .. table.concat(q.choices, '" | "') .. '"'
        elseif q.type == "pair" then text = text .. " = {a, b}" end
        if q.when == "fallback" then
          text = text .. "(" .. (q.choices and q.choices[q.fallback + 1] or ("%g"):format(q.fallback)) .. ")"
        elseif q.when == "from start" then
          text = text .. "(its start)"
        end
        if q.timed then text = text .. " or fn(t)" end
        if q.when ~= "derived" then takes[#takes + 1] = text end
      end
      if k.host then takes[#takes + 1] = "fn = function(t, state) ... end" end
      entry(k.name, takes, k.summary)
    end
  end
  local names = {}
  for name in pairs(form_usage[what] or {}) do names[#names + 1] = name end
  table.sort(names)
  for _, name in ipairs(names) do
    local usage = form_usage[what][name]
    if entry(name, usage[1], usage[2]) then
      for _, line in ipairs(usage.examples or {}) do lines[#lines + 1] = "    " .. line end
    end
  end
  return table.concat(lines, "\n")
end

-- The user's types of a list: its kinds not made by forms, and the forms.
local function user_types(what)
  local out = {}
  for name, k in pairs(kind_of_list[what]) do if not k.internal then out[#out + 1] = name end end
  for name in pairs(forms[what]) do out[#out + 1] = name end
  table.sort(out)
  return out
end

-- The elements named in field (points, vectors, bodies), count of them.
local function refs_of(m, e, list, field, what, count, usage)
  if type(list) ~= "table" or #list ~= count then fail(e, "needs %s = {%s}", field, usage) end
  local out = {}
  for k = 1, count do out[k] = lookup(m, e, what, list[k]) end
  return out
end

local function body_name(ref) return name_of(ref) end

-- The fields a joint or force (what) of e's type takes, as a set; nil for
-- a type that is not a user's.
local function typed_fields(e, what)
  local usage = form_usage[what][e.type]
  local kind = not usage and kind_of_list[what][e.type]
  if not usage and (not kind or kind.internal) then return nil end
  local known = usage and set_of(usage.fields) or kind_fields(kind)
  known.type, known.active = true, what == "joint" or nil
  return known
end

-- Resolve element e (a joint or force) to its kind and what it names:
-- returns the kind's entry, the fields it is read from (the element's, with
-- its form's in front), and refs = { points, vectors, bodies }. Every
-- check of shape is made here, and the numbers are the C entry's to judge.
local function resolve(m, e, what)
  local known = typed_fields(e, what)
  if not known then fail(e, "%s", args.unknown("type", e.type, user_types(what))) end
  known_fields(e, known)
  local kind, view = kind_of_list[what][e.type], {}
  local form = forms[what][e.type]
  if form then
    local name
    name, view = form(m, e)
    kind = kind_of_list[what][name]
  end
  local fields = setmetatable({}, { __index = function(_, key) if view[key] ~= nil then return view[key] end return e[key] end })
  local shape, refs = kind, {}
  if shape.points == 2 then
    refs.points = refs_of(m, e, fields.points, "points", "point", 2, '"P_i", "P_j"')
  elseif shape.points == 1 then
    refs.points = { lookup(m, e, "point", fields.point) }
  end
  if shape.vectors > 0 then
    refs.vectors = refs_of(m, e, fields.vectors, "vectors", "vector", shape.vectors,
      shape.vectors == 2 and '"u_i", "u_j"' or '"u_i"')
    for k, u in ipairs(refs.vectors) do
      local p = refs.points[k]
      if body_name(u.body) ~= body_name(p.body) then
        fail(e, "vector '%s' is on body '%s' but point '%s' is on body '%s'; each vector must be on its point's body",
          u.name, body_name(u.body), p.name, body_name(p.body))
      end
    end
  end
  if shape.bodies == 2 then
    local list = fields.bodies
    if list == nil and fields.joint ~= nil then -- the two bodies a joint joins
      local p = joint_points(m, e, lookup(m, e, "joint", fields.joint))
      list = { p[1].body, p[2].body }
    end
    refs.bodies = refs_of(m, e, list, "bodies", "body", 2, '"a", "b"')
  elseif shape.bodies == 1 then
    refs.bodies = { lookup(m, e, "body", fields.body), "ground" }
  end
  local first = refs.points and refs.points[1].body or refs.bodies and refs.bodies[1]
  local second = refs.points and refs.points[2] and refs.points[2].body or refs.bodies and shape.bodies == 2 and refs.bodies[2]
  if first and second and body_name(first) == body_name(second) then
    fail(e, "joins body '%s' to itself; a %s needs two different bodies", body_name(first), what)
  end
  if shape.moving and (body_name(first) == "ground" or (second and body_name(second) == "ground")) then
    fail(e, shape.bodies == 2 and "both bodies must be moving bodies, not the ground"
      or "the body must be a moving body, not the ground, which never moves")
  end
  local numbers = {}
  for _, p in ipairs(kind.params) do numbers[p.name] = fields[p.name] end
  local why = core.model.check(what, kind.name, numbers)
  if why then fail(e, "%s", why) end
  if kind.host and type(fields.fn) ~= "function" then fail(e, "needs fn = function(t, state) ... end") end
  return kind, fields, refs
end

function check.joint(m, j) resolve(m, j, "joint") end

-- Each joint (what = "joint") or force with its kind's entry, the fields
-- it is read from and what it names: for pictures.
function Model:resolved(what)
  local out = {}
  for _, e in ipairs(self._order[what == "joint" and "joints" or "forces"]) do
    local ok, kind, fields, refs = pcall(resolve, self, e, what)
    if ok then out[#out + 1] = { element = e, kind = kind, fields = fields, refs = refs } end
  end
  return out
end
function check.force(m, f) resolve(m, f, "force") end

-- Contacts (Ch. 11): the shape, then the law and its numbers.
local contact_shapes = {}
contact_shapes["circle-line"] = function(m, k)
  local p = lookup(m, k, "point", k.point)
  number(k, "radius", { default = 0 })
  if k.radius and k.radius < 0 then fail(k, "radius must be 0 (a point) or more") end
  if k.line ~= nil then
    if type(k.line) ~= "table" or #k.line ~= 2 then fail(k, 'line must be {"a point", "its normal vector"}') end
    local o, n = lookup(m, k, "point", k.line[1]), lookup(m, k, "vector", k.line[2])
    if name_of(o.body) ~= name_of(n.body) then
      fail(k, "the line's point '%s' and normal '%s' must be on the same body", o.name, n.name)
    end
    if name_of(o.body) == name_of(p.body) then fail(k, "the circle and the line are on the same body '%s'", name_of(p.body)) end
  elseif name_of(p.body) == "ground" then
    fail(k, "the point '%s' is on the ground, and so is the default line (the ground's x axis)", p.name)
  end
end
contact_shapes.circles = function(m, k)
  local pts = refs_of(m, k, k.points, "points", "point", 2, '"P_i", "P_j"')
  if name_of(pts[1].body) == name_of(pts[2].body) then fail(k, "both circles are on body '%s'", name_of(pts[1].body)) end
  local r = pair(k, "radii") or fail(k, "needs radii = {R_i, R_j}")
  if r[1] < 0 or r[2] < 0 or r[1] + r[2] <= 0 then fail(k, "radii must not be negative, and not both zero") end
end

-- The checker of e.type from a table of them, or an error listing them.
local function checker(e, checks)
  local f = checks[e.type]
  if f then return f end
  fail(e, "%s", args.unknown("type", e.type, args.sorted_keys(checks)))
end

local function law_of(k)
  local law = kind_of_list.law[k.law]
  if law then return law end
  fail(k, "%s", args.unknown("law", k.law, args.sorted_keys(kind_of_list.law)))
end

local shape_fields = { ["circle-line"] = { "point", "radius", "line" }, circles = { "points", "radii" } }

-- The fields a contact of k's shape and law takes, as a set; nil for a
-- shape or law the library does not have.
local function contact_fields(k)
  local shape, law = shape_fields[k.type], kind_of_list.law[k.law]
  if not shape or not law then return nil end
  local known = set_of(shape)
  for _, key in ipairs { "type", "law", "mu", "mu_s", "v_t" } do known[key] = true end
  for _, p in ipairs(law.params) do known[p.name] = true end
  return known
end

function check.contact(m, k)
  if k.type == nil then k.type = k.points and "circles" or "circle-line" end
  local shape = checker(k, contact_shapes)
  k.law = k.law or "impulse"
  local law, numbers = law_of(k), {}
  known_fields(k, contact_fields(k))
  shape(m, k)
  for _, p in ipairs(law.params) do numbers[p.name] = k[p.name] end
  local why = core.model.check("law", law.name, numbers)
  if why then fail(k, why:match("^needs ") and ("the %s law %s"):format(law.name, why) or why) end
  why = core.model.check("contact", "friction", { mu = k.mu, mu_s = k.mu_s, v_t = k.v_t })
  if why then fail(k, "%s", why) end
end

-- The fields an element may hold, by what it is (a set, or nil when its
-- type is not one the library has: the run says so).
local fields_of = {
  body = function() return body_fields end,
  point = function() return point_fields end,
  vector = function() return vector_fields end,
  joint = function(j) return typed_fields(j, "joint") end,
  force = function(f) return typed_fields(f, "force") end,
  contact = contact_fields,
}

-- A field an element did not hold, set at the prompt or in a script
-- (m.bodies.crank.mas = 2), is judged there: one its kind does not take is
-- refused at that line, naming the element and the fields it takes (it was
-- said at the next run's line). A field it holds is set without this
-- metamethod: its value is judged when a run starts.
function Element.__newindex(e, key, value)
  local known = fields_of[e.kind_of](e)
  local why = value ~= nil and known and args.unknown_field({ [key] = value }, known, "field", { name = true })
  if why then
    error(("%s: %s '%s' (made at %s): %s"):format(where(), e.kind_of, tostring(e.name), e.where, why), 0)
  end
  rawset(e, key, value)
end

------------------------------------------------------------------ building

-- A new model, of the class given (mechbench.model's).
function M.new(opts, class)
  opts = args.options(opts, { "name", "gravity" }, "mb.model")
  local here = where(2)
  local g = opts.gravity or { 0, -9.81 }
  local why = args.bad_pair(g)
  if why then error(("%s: mb.model: %s"):format(here, args.said("gravity", why)), 0) end
  if opts.name ~= nil and type(opts.name) ~= "string" then
    error(("%s: mb.model: name must be a string"):format(here), 0)
  end
  local m = setmetatable({
    name = opts.name or "model",
    gravity = g,
    where = here,
    bodies = {}, points = {}, vectors = {}, joints = {}, forces = {}, contacts = {},
    _order = { bodies = {}, points = {}, vectors = {}, joints = {}, forces = {}, contacts = {} },
    _version = 0,
  }, class)
  return m
end

for kind, list in pairs { body = "bodies", point = "points", vector = "vectors", joint = "joints", force = "forces",
  contact = "contacts" } do
  Model[kind] = function(m, spec)
    local e = add(m, list, kind, spec, 2)
    check[kind](m, e)
    return register(m, list, e)
  end
end

function Model:__tostring()
  sync(self)
  local contacts = #self._order.contacts
  local function count(n, one, many) return ("%d %s"):format(n, n == 1 and one or many) end
  return string.format("<model '%s': %s, %s, %s%s>", self.name, count(#self._order.bodies, "body", "bodies"),
    count(#self._order.joints, "joint", "joints"), count(#self._order.forces, "force", "forces"),
    contacts > 0 and string.format(", %d contact%s", contacts, contacts == 1 and "" or "s") or "")
end

------------------------------------------------------------------ compiling

local function body_index(m, ref)
  local n = name_of(ref)
  if n == "ground" then return -1 end
  for i, b in ipairs(m._order.bodies) do if b.name == n then return i - 1 end end
end

local function point_ref(m, ref)
  local p = m.points[name_of(ref)]
  return body_index(m, p.body), pair(p, "at", { 0, 0 })
end

-- The description of a joint or force that the C core reads: its kind,
-- its bodies and body-fixed points and vectors, and its numbers by the
-- names its entry gives (description.c reads them the same way).
local function compile_element(m, e, what)
  local kind, fields, refs = resolve(m, e, what)
  local d = { name = e.name, where = e.where, kind = kind.name }
  if refs.points then
    d.bi, d.si = point_ref(m, refs.points[1])
    if refs.points[2] then d.bj, d.sj = point_ref(m, refs.points[2]) end
  end
  if refs.vectors then
    d.ui = unit(refs.vectors[1])
    if refs.vectors[2] then d.uj = unit(refs.vectors[2]) end
  end
  if refs.bodies then d.bi, d.bj = body_index(m, refs.bodies[1]), body_index(m, refs.bodies[2]) end
  for _, p in ipairs(kind.params) do d[p.name] = fields[p.name] end
  d.fn = fields.fn
  return d
end

-- A user force sees a friendly state and returns forces by body name; the
-- C core wants the generalised forces of all bodies in one array.
local function wrap_user_force(m, f)
  local order = m._order.bodies
  local index = {}
  for i, b in ipairs(order) do index[b.name] = i end
  return function(t, c, cd)
    local state = { t = t, bodies = {} }
    for i, b in ipairs(order) do
      local k = 3 * (i - 1)
      state.bodies[b.name] = { x = c[k + 1], y = c[k + 2], angle = c[k + 3],
        vx = cd[k + 1], vy = cd[k + 2], omega = cd[k + 3] }
    end
    function state:body(n) return self.bodies[name_of(n)] end
    local out = f.fn(t, state)
    if out == nil then out = {} end
    local function bad(fmt, ...) error(("%s: force '%s': " .. fmt):format(f.where, f.name, ...), 0) end
    if type(out) ~= "table" then
      bad("the user function must return a list of forces { { body = ..., force = {fx, fy}, at = {x, y}, "
        .. "torque = ... }, ... }, not %s", type(out))
    end
    local h = {}
    for k = 1, 3 * #order do h[k] = 0 end
    for n, item in ipairs(out) do
      if type(item) ~= "table" then
        bad("item %d of what the user function returned must be a table { body = ..., force = {fx, fy}, ... }, not %s",
          n, type(item))
      end
      local i = index[name_of(item.body)]
      if not i then
        bad("the user function names an unknown body '%s'", tostring(name_of(item.body)))
      end
      for _, key in ipairs { "force", "at" } do
        -- infinite or NaN numbers are said by the run, as a non-finite force
        local why = item[key] ~= nil and args.bad_pair(item[key], { largest = math.huge })
        if why and not why:find("finite") and not why:find("NaN") then
          bad("item %d of what the user function returned: %s", n, args.said(key, why))
        end
      end
      if item.torque ~= nil and type(item.torque) ~= "number" then
        bad("item %d of what the user function returned: torque must be a number, not %s", n, type(item.torque))
      end
      local k = 3 * (i - 1)
      local fx, fy = (item.force or { 0, 0 })[1], (item.force or { 0, 0 })[2]
      local s = vec.rotate(c[k + 3], item.at or { 0, 0 })
      h[k + 1] = h[k + 1] + fx
      h[k + 2] = h[k + 2] + fy
      h[k + 3] = h[k + 3] + (item.torque or 0) + s[1] * fy - s[2] * fx
    end
    return h
  end
end

-- User forces the library makes whose fn takes (t, c, cd) and returns h,
-- the generalised forces, with no state tables made and checked at each
-- evaluation (statics.lua's damping). Kept here, not as a field, which a
-- user could set on a force of their own: their fn would then be given
-- arrays it does not expect.
local generalised = setmetatable({}, { __mode = "k" })

function M.generalised_force(m, spec)
  local f = m:force(spec)
  generalised[f] = true
  return f
end

local function compile_force(m, f)
  local d = compile_element(m, f, "force")
  if f.type == "user" then d.fn = generalised[f] and f.fn or wrap_user_force(m, f) end
  return d
end

local function compile_contact(m, k)
  local d = { name = k.name, where = k.where, shape = k.type, law = k.law, mu = k.mu, mu_s = k.mu_s, v_t = k.v_t }
  for _, p in ipairs(law_of(k).params) do d[p.name] = k[p.name] end
  if k.type == "circles" then
    d.bi, d.si = point_ref(m, k.points[1])
    d.bj, d.sj = point_ref(m, k.points[2])
    d.ri, d.rj = k.radii[1], k.radii[2]
  else
    d.bi, d.si = point_ref(m, k.point)
    d.ri = k.radius or 0
    if k.line then
      d.bj, d.sj = point_ref(m, k.line[1])
      d.normal = unit(m.vectors[name_of(k.line[2])])
    else
      d.bj, d.sj, d.normal = -1, { 0, 0 }, { 0, 1 }
    end
  end
  return d
end

-- Check everything again (values may have changed at the prompt) and build
-- the description the C core reads.
-- What a description was compiled from: each element's fields and, to a
-- few levels, the tables they hold (elements they name are recorded as
-- themselves), the model's name and gravity; as a flat list of table,
-- key, value, with the number of each table's fields under COUNT.
local COUNT = {}
local function snapshot(m)
  local out = {}
  local function add(t, k, v) out[#out + 1], out[#out + 2], out[#out + 3] = t, k, v end
  local function record(t, depth)
    local n = 0
    for k, v in pairs(t) do
      n = n + 1
      add(t, k, v)
      if type(v) == "table" and depth < 4 and getmetatable(v) ~= Element then record(v, depth + 1) end
    end
    add(t, COUNT, n)
  end
  add(m, "name", rawget(m, "name"))
  add(m, "gravity", rawget(m, "gravity"))
  if type(m.gravity) == "table" then record(m.gravity, 1) end
  for _, list in pairs(m._order) do
    for _, e in ipairs(list) do record(e, 1) end
  end
  return out
end

-- Whether everything a snapshot recorded holds what it held.
local function unchanged(s)
  for i = 1, #s, 3 do
    local t, k, v = s[i], s[i + 1], s[i + 2]
    if k == COUNT then
      local n = 0
      for _ in pairs(t) do n = n + 1 end
      if n ~= v then return false end
    elseif rawget(t, k) ~= v then
      return false
    end
  end
  return true
end

function Model:compile()
  local kept = self._compiled
  if kept and kept.version == self._version and unchanged(kept.snapshot) then return kept.desc end
  if #self._order.bodies == 0 then
    error(string.format("%s: model '%s' has no bodies yet: add one with m:body{...}", where(), self.name), 0)
  end
  rechecking = where()
  local ok, err = pcall(function()
    if type(self.name) ~= "string" then
      error(("%s: model: m.name must be a string, not %s (made at %s)"):format(rechecking, type(self.name), self.where), 0)
    end
    local why = args.bad_pair(self.gravity)
    if why then
      error(("%s: model '%s': %s (made at %s)"):format(rechecking, self.name, args.said("gravity", why), self.where), 0)
    end
    for _, kind in ipairs { "body", "point", "vector", "joint", "force", "contact" } do
      for _, e in ipairs(self._order[plural[kind]]) do check[kind](self, e) end
    end
  end)
  rechecking = nil
  if not ok then error(err, 0) end
  local desc = { name = self.name, gravity = { self.gravity[1], self.gravity[2] }, bodies = {}, joints = {}, forces = {},
    contacts = {} }
  for _, b in ipairs(self._order.bodies) do
    local p, v = b.pos or { 0, 0 }, b.vel or { 0, 0 }
    desc.bodies[#desc.bodies + 1] = { name = b.name, where = b.where, mass = b.mass, inertia = b.inertia,
      q = { p[1], p[2], b.angle or 0 }, v = { v[1], v[2], b.omega or 0 } }
  end
  for _, j in ipairs(self._order.joints) do
    if j.active ~= false then desc.joints[#desc.joints + 1] = compile_element(self, j, "joint") end
  end
  for _, f in ipairs(self._order.forces) do desc.forces[#desc.forces + 1] = compile_force(self, f) end
  for _, k in ipairs(self._order.contacts) do desc.contacts[#desc.contacts + 1] = compile_contact(self, k) end
  self._compiled = { version = self._version, snapshot = snapshot(self), desc = desc }
  return desc
end


-- A contact law by itself (Sec. 11.2): the normal force at penetration
-- delta closing at rate, when contact began at speed approach, and the
-- elastic energy stored. mb.contact_force{ law = "flores", k = 1e11,
-- e = 0.95, delta = 1e-3, rate = 2.5, approach = 6.5 }
function M.contact_force(p)
  local here = where(2)
  if type(p) ~= "table" then error(here .. ": mb.contact_force takes a table { law = ..., k = ..., delta = ... }", 0) end
  local element = setmetatable({ kind_of = "contact law", name = tostring(p.law), where = here }, { __index = p })
  local law = kind_of_list.law[p.law]
  if not law or law.impulsive then
    local forces = {}
    for _, l in ipairs(kinds.laws) do if not l.impulsive then forces[#forces + 1] = l.name end end
    error(here .. ": mb.contact_force: law must be " .. table.concat(forces, ", "), 0)
  end
  local delta, rate = number(element, "delta", {}), number(element, "rate", { default = 0 })
  local numbers = {}
  for _, q in ipairs(law.params) do numbers[q.name] = p[q.name] end
  local why = core.model.check("law", law.name, numbers)
  if why then fail(element, "%s", why) end
  local force, energy = core.model.contact_force(p.law, numbers, delta, rate, number(element, "approach", { default = rate }))
  if not (math.abs(force) <= args.LARGEST and math.abs(energy) <= args.LARGEST) then -- Flores' 1/e at e = 1e-300
    fail(element, "the force comes out %g, past %g: the law's numbers are too extreme", force, args.LARGEST)
  end
  return force, energy
end

-- What the other parts of a model use.
M.Element, M.plural, M.sync, M.resolve, M.joint_kind = Element, plural, sync, resolve, joint_kind
M.name_of, M.names, M.point_ref = name_of, names, point_ref
return M
