-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.model: a planar mechanism described once, in Lua, for every
-- formulation. Elements are kept by name; every element remembers the
-- file and line that defined it, so an error can point there. Values are
-- checked when an element is made and again when a run starts, because a
-- student may change them at the prompt (m.bodies.slider.mass = 6).
local core = require "mechbench.core"
local vec = core.vec

local M = {}
local Model = {}
Model.__index = Model

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
  local e = setmetatable({}, Element)
  for k, v in pairs(spec) do e[k] = v end
  e.kind_of, e.where = kind_of, where(level + 1)
  if type(e.name) ~= "string" or e.name == "" then
    e.name = kind_of .. " #" .. (#m._order[list] + 1)
  end
  if m[list][e.name] or (list == "bodies" and e.name == "ground") then
    fail(e, "the name is already used by another %s", kind_of)
  end
  return e
end

local function register(m, list, e)
  m[list][e.name] = e
  table.insert(m._order[list], e)
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
    if #kept ~= #order then m._order[list] = kept end
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

function check.body(m, b)
  known_fields(b, body_fields)
  number(b, "mass", body_range)
  number(b, "inertia", body_range)
  pair(b, "pos", { 0, 0 }); pair(b, "vel", { 0, 0 })
  number(b, "angle", { default = 0 }); number(b, "omega", { default = 0 })
end

function check.point(m, p)
  known_fields(p, set_of { "body", "at" })
  lookup(m, p, "body", p.body)
  pair(p, "at", { 0, 0 })
end

function check.vector(m, v)
  known_fields(v, set_of { "body", "dir" })
  lookup(m, v, "body", v.body)
  local d = pair(v, "dir") or fail(v, "needs dir = {x, y}")
  if d[1] == 0 and d[2] == 0 then fail(v, "dir has zero length, so it has no direction") end
end

------------------------------------------------------------------ kinds, from C

-- Every joint kind, force kind and contact law as its C table entry gives
-- it: its numbers, its shape (the points, vectors or bodies an element
-- names), what it can do and how it is drawn. Nothing about a kind is kept
-- here; the C entry also judges an element's numbers (core.model.check).
local kinds = core.model.kinds()
local kind_of_list = { joint = {}, force = {}, law = {} }
for what, list in pairs { joint = kinds.joints, force = kinds.forces, law = kinds.laws } do
  for _, k in ipairs(list) do kind_of_list[what][k.name] = k end
end

-- Gruebler's count alone, for the checks of options.
local function counted_dof(m)
  local desc = m:compile()
  local nc = 0
  for _, j in ipairs(desc.joints) do nc = nc + kind_of_list.joint[j.kind].rows end
  return 3 * #desc.bodies - nc, nc
end

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
  if type(f.c) ~= "number" or not (f.c > 0) then fail(f, "c must be positive (got %s)", tostring(f.c)) end
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

-- Two lines per kind of a list (what: "joint", "force" or "law"), for
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

-- Resolve element e (a joint or force) to its kind and what it names:
-- returns the kind's entry, the fields it is read from (the element's, with
-- its form's in front), and refs = { points, vectors, bodies }. Every
-- check of shape is made here, and the numbers are the C entry's to judge.
local function resolve(m, e, what)
  local kind, view = nil, {}
  local form = forms[what][e.type]
  if form then
    local known = set_of(form_usage[what][e.type].fields)
    known.type, known.active = true, what == "joint" or nil
    known_fields(e, known)
    local name
    name, view = form(m, e)
    kind = kind_of_list[what][name]
  else
    kind = kind_of_list[what][e.type]
    if not kind or kind.internal then
      fail(e, "%s", args.unknown("type", e.type, user_types(what)))
    end
    local known = kind_fields(kind)
    known.type, known.active = true, what == "joint" or nil
    known_fields(e, known)
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

function check.contact(m, k)
  if k.type == nil then k.type = k.points and "circles" or "circle-line" end
  local shape = checker(k, contact_shapes)
  k.law = k.law or "impulse"
  local law, numbers = law_of(k), {}
  local known = set_of(shape_fields[k.type])
  for _, key in ipairs { "type", "law", "mu", "mu_s", "v_t" } do known[key] = true end
  for _, p in ipairs(law.params) do known[p.name] = true end
  known_fields(k, known)
  shape(m, k)
  for _, p in ipairs(law.params) do numbers[p.name] = k[p.name] end
  local why = core.model.check("law", law.name, numbers)
  if why then fail(k, why:match("^needs ") and ("the %s law %s"):format(law.name, why) or why) end
  why = core.model.check("contact", "friction", { mu = k.mu, mu_s = k.mu_s, v_t = k.v_t })
  if why then fail(k, "%s", why) end
end

------------------------------------------------------------------ building

function M.new(opts)
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
  }, Model)
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
function Model:compile()
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
  return desc
end

------------------------------------------------------------------ analyses

-- The names the C tables hold, in their order.
local formulation_names, formulation_entry, kinematic_only = {}, {}, {}
for _, f in ipairs(kinds.formulations) do
  formulation_names[#formulation_names + 1] = f.name
  formulation_entry[f.name] = f
  kinematic_only[f.name] = not f.can.dynamics or nil
end
M.kinematic_only = kinematic_only

-- The formulations that take forward dynamics, as a list for a message.
local function dynamic_names()
  local out = {}
  for _, name in ipairs(formulation_names) do if not kinematic_only[name] then out[#out + 1] = name end end
  return table.concat(out, ", ")
end

-- The formulations with constraint rows, quoted, for a message.
local function constrained_names()
  local out = {}
  for _, name in ipairs(formulation_names) do
    if formulation_entry[name].can.constraints then out[#out + 1] = ("%q"):format(name) end
  end
  return table.concat(out, ", ", 1, #out - 1) .. " or " .. out[#out]
end

-- mb.formulations(): the formulations' names; mb.formulations(true): each
-- one's entry: name, title, the integrator and fixed step a run takes unless
-- told (step 0: dt), and can = what it can do: constraints (it has
-- constraint rows, which the remedies, redundant = "drop" and kinematic
-- analysis act on), adaptive (adaptive integrators), joint_forces (its
-- joints are forces of its own, reported as their reactions), closed_form
-- (its coordinates are independent: no rows for a remedy, and only what it
-- solves in closed form), dynamics (forward dynamics: false for one without
-- masses or forces, the vector loops, which take kinematics only).
function M.formulations(with_titles)
  if with_titles ~= nil and type(with_titles) ~= "boolean" then
    args.fail("mb.formulations", "takes true (names with titles) or nothing (names), not %s", type(with_titles))
  end
  local out = {}
  for i, f in ipairs(kinds.formulations) do
    out[i] = with_titles and { name = f.name, title = f.title, integrator = f.integrator, step = f.step,
      can = { constraints = f.can.constraints, adaptive = f.can.adaptive, joint_forces = f.can.joint_forces,
        closed_form = f.can.closed_form, dynamics = f.can.dynamics } }
      or f.name
  end
  return out
end

-- The options m:simulate takes; the remedies' numbers with their remedy.
local simulate_options = { "formulation", "integrator", "tf", "dt", "h", "tol", "abstol", "correct", "dense", "progress",
  "stabilization", "alpha", "beta", "mc", "zeta", "omega", "redundant", "independent", "angles", "tree", "method",
  "events", "switching" }
M.simulate_options = simulate_options
-- The remedies' numbers, each with the range the C core takes (Baumgarte's
-- alpha and beta; the penalty's mass, damping ratio and frequency).
local remedy_numbers = { alpha = { 0, 1e12 }, beta = { 0, 1e12 }, mc = { 1e-12, 1e15 }, zeta = { 0, 1e6 },
  omega = { 1e-6, 1e9 } }
-- The reaches of time a run takes: shorter, or longer, is a slip of units.
local SHORTEST, LONGEST = 1e-12, 1e12

-- A message raised by the C core, which checks its own arguments again,
-- said at the user's line: any library file and line in front taken away.
local function core_said(msg)
  return (tostring(msg):gsub("^[^\n]-mechbench/[%w_]+%.lua:%d+: ", ""))
end
local stabilizations = { "none", "baumgarte", "penalty", "momentum", "partitioning" }

-- Why name is not one of list (an error's words), or nil.
local function one_of(name, list, what)
  for _, k in ipairs(list) do if k == name then return end end
  return args.unknown(what, name, list, "available")
end

-- The coordinates minimal coordinates may take as independent: every
-- body's x, y and angle, a pin's relative angle and a slider's slide.
local function minimal_candidates(m)
  local names = {}
  for _, b in ipairs(m._order.bodies) do
    for _, k in ipairs { "x", "y", "angle" } do names[#names + 1] = b.name .. "." .. k end
  end
  for _, j in ipairs(m._order.joints) do
    if j.active ~= false and (j.type == "revolute" or j.type == "translational") then
      names[#names + 1] = j.name .. (j.type == "revolute" and ".angle" or ".slide")
    end
  end
  return names
end

-- independent = {"crank.angle"} (the first set; later ones are chosen) or
-- {{"crank.angle"}, {"B.angle"}} (the sets to switch between) for minimal
-- coordinates, into o.minimal_sets (flat) and o.minimal_set_size; bad(msg)
-- raises at the user's line.
local function minimal_independent(m, o, bad)
  local list = o.independent
  if type(list) ~= "table" or #list == 0 then
    bad('independent must be a list such as {"crank.angle"}, or a list of such lists (the sets to switch between)')
  end
  local sets = type(list[1]) == "table" and list or { list }
  local known, set_of = minimal_candidates(m), {}
  for _, n in ipairs(known) do set_of[n] = true end
  local dof = m:dof{ quiet = true }
  local flat = {}
  for i, set in ipairs(sets) do
    if type(set) ~= "table" then bad("independent: set " .. i .. " must be a list of names") end
    local seen = {}
    for _, name in ipairs(set) do
      if type(name) ~= "string" or not set_of[name] then
        bad(("independent: '%s' is no coordinate minimal coordinates take%s (they are body.x, body.y, body.angle, "
          .. "a pin's joint.angle and a slider's joint.slide)"):format(tostring(name), args.suggest(tostring(name), known)))
      end
      if seen[name] then bad("independent: '" .. name .. "' is named twice") end
      seen[name] = true
      flat[#flat + 1] = name
    end
    if #set ~= dof then
      bad(("independent: the model has %d degree%s of freedom, so name %d coordinate%s, not %d"):format(
        dof, dof == 1 and "" or "s", dof, dof == 1 and "" or "s", #set))
    end
  end
  o.minimal_sets, o.minimal_set_size = flat, dof
end

local fixed_step = { rk4 = true, symplectic = true }

local function run_options(m, opts, level)
  local o = args.options(opts, simulate_options, "simulate")
  o.formulation = o.formulation or "body"
  local entry = formulation_entry[o.formulation]
  o.integrator = o.integrator or (entry and entry.integrator) or "dopri5"
  o.tf = o.tf or 1
  local function bad(msg) error(string.format("%s: simulate: %s", where(level + 1), msg), 0) end
  local function positive(key, why)
    local v = o[key]
    if v ~= nil and args.bad_number(v, { positive = true, smallest = 0, largest = math.huge }) then
      local got = type(v) == "string" and ("%q"):format(v) or type(v) ~= "number" and "a " .. type(v)
        or v ~= v and "NaN" or tostring(v)
      bad(("%s %s (got %s)"):format(key, why, got))
    end
  end
  positive("tf", "must be a positive, finite time")
  if o.tf < SHORTEST or o.tf > LONGEST then bad(("tf must be from %g to %g s (got %g)"):format(SHORTEST, LONGEST, o.tf)) end
  o.dt = o.dt or math.min(0.01, o.tf / 10)
  positive("dt", "must be a positive, finite reporting step")
  if o.dt > o.tf then bad("dt must be at most tf") end
  if o.tf / o.dt > 1e7 then bad(("tf / dt is %.3g reports; at most 1e7 fit in memory"):format(o.tf / o.dt)) end
  local why = one_of(o.formulation, formulation_names, "formulation")
    or one_of(o.integrator, kinds.integrators, "integrator")
  if why then bad(why) end
  if kinematic_only[o.formulation] then
    bad(("formulation '%s' is for kinematics only: it states the loops' constraints, no masses or forces. "
      .. 'Use m:kinematics{ formulation = "%s", ... } or m:inverse_dynamics; to simulate, use one of: %s'):format(
      o.formulation, o.formulation, dynamic_names()))
  end
  if o.redundant ~= nil and o.redundant ~= "stop" and o.redundant ~= "drop" then
    bad('redundant must be "stop" (the default: explain and stop) or "drop" (carry on without them)')
  end
  local stab = o.stabilization or "none"
  why = one_of(stab, stabilizations, "stabilization")
  if why then bad(why) end
  if not entry.can.adaptive and not fixed_step[o.integrator] then
    bad(("formulation %q tunes its joints to a fixed step h: integrator = %q (its default) or \"rk4\", not %q"):format(
      o.formulation, entry.integrator, o.integrator))
  end
  if not entry.can.constraints and stab ~= "none" then
    bad(("formulation %q has no constraint equations for stabilization = %q to act on: its joints are stiff springs "
      .. "and dampers of its own (omega, zeta set them)"):format(o.formulation, stab))
  end
  if not entry.can.constraints and o.redundant == "drop" then
    bad(("formulation %q has no constraint rows to drop: redundant joints are springs side by side there, "
      .. "and run as they are"):format(o.formulation))
  end
  if o.integrator == "symplectic" and stab == "momentum" then
    bad('the symplectic step moves positions by rates; the momentum method integrates momenta: use integrator = "rk4"')
  end
  -- a remedy's numbers may ride along in options shared by several runs
  for key, range in pairs(remedy_numbers) do
    local w = o[key] ~= nil and args.bad_number(o[key], { nonnegative = true })
    if w then bad(key .. " " .. w) end
    if o[key] ~= nil and (o[key] < range[1] or o[key] > range[2]) then
      bad(("%s must be from %g to %g (got %g)"):format(key, range[1], range[2], o[key]))
    end
  end
  if o.formulation == "minimal" and stab ~= "none" then
    bad(('minimal coordinates have no constraint rows: the joints hold by construction, so stabilization = "%s" has nothing '
      .. "to act on (leave it out)"):format(stab))
  end
  if o.switching ~= nil and (type(o.switching) ~= "boolean" or o.formulation ~= "minimal") then
    bad('switching = true or false goes with formulation = "minimal" (whether its independent coordinates may change)')
  end
  if o.independent ~= nil and o.formulation == "minimal" then
    minimal_independent(m, o, bad)
  elseif o.independent ~= nil then
    -- partitioning: names such as "crank.angle" to coordinate indices (0-based)
    if stab ~= "partitioning" then bad('independent coordinates go with stabilization = "partitioning" (or formulation = "minimal")') end
    if type(o.independent) ~= "table" then bad('independent must be a list such as {"crank.angle"}') end
    local index = {}
    for i, b in ipairs(m._order.bodies) do index[b.name] = i - 1 end
    local idx, seen = {}, {}
    for _, name in ipairs(o.independent) do
      local body, coord = tostring(name):match("^(.*)%.([%w]+)$")
      local k = ({ x = 0, y = 1, angle = 2 })[coord or ""]
      if not body or not index[body] or not k then
        bad("independent: '" .. tostring(name) .. "' is not body.x, body.y or body.angle of a body of the model")
      end
      if seen[name] then bad("independent: '" .. tostring(name) .. "' is named twice") end
      seen[name] = true
      idx[#idx + 1] = 3 * index[body] + k
    end
    -- with redundant rows dropped the count is the rank's, checked when the run starts
    local dof = counted_dof(m)
    if #idx ~= dof and o.redundant ~= "drop" then
      bad(("independent: the model has %d degree%s of freedom, so name %d coordinate%s, not %d"):format(
        dof, dof == 1 and "" or "s", dof, dof == 1 and "" or "s", #idx))
    end
    o.independent_coords = idx
  end
  if o.formulation ~= "body" and o.formulation ~= "minimal" and o.independent ~= nil then
    bad("independent names body coordinates; in " .. o.formulation .. " coordinates partitioning picks its independent coordinates from the Jacobian")
  end
  if o.angles ~= nil and o.angles ~= "relative" and o.angles ~= "absolute" then
    bad('angles must be "relative" or "absolute"')
  end
  if o.method ~= nil and o.method ~= "aba" and o.method ~= "crb" then
    bad('method must be "aba" (the articulated-body algorithm) or "crb" (M̄ written out and factored)')
  end
  if o.method ~= nil and o.formulation ~= "joint" then
    bad("method chooses how joint coordinates solve their equations; formulation is " .. o.formulation)
  end
  if fixed_step[o.integrator] then
    o.h = o.h or (entry.step > 0 and math.min(entry.step, o.dt)) or o.dt
    positive("h", "must be a positive step, at most dt")
    if o.h > o.dt then bad(("h must be at most dt = %g (got %g)"):format(o.dt, o.h)) end
    if o.tf / o.h > 1e9 then bad(("tf / h is %.3g steps: too many to take"):format(o.tf / o.h)) end
  end
  o.tol = o.tol or 1e-10
  positive("tol", "must be a positive number, a relative error")
  if o.tol < 1e-14 then bad(("tol must be at least 1e-14: double precision cannot do better (got %g)"):format(o.tol)) end
  if o.tol > 1 then bad(("tol must be at most 1, a relative error (got %g)"):format(o.tol)) end
  -- the absolute tolerance, in the state's own units (m, rad, m/s, rad/s)
  positive("abstol", "must be a positive number, an absolute error (the default is tol)")
  if o.abstol ~= nil and (o.abstol < 1e-300 or o.abstol > 1e12) then
    bad(("abstol must be from 1e-300 to 1e12, an absolute error (got %g)"):format(o.abstol))
  end
  for _, key in ipairs { "correct", "dense", "progress" } do
    if o[key] ~= nil and type(o[key]) ~= "boolean" then bad(key .. " must be true or false") end
  end
  if o.correct == nil then o.correct = false end
  o.progress = o.progress or (core.mode == "interactive")
  return o
end

-- Joint coordinates: a tree the user picked, as joint indices (0-based).
-- Joints that cannot be tree joints are cut, with a word; a "tree" that
-- closes a loop is refused.
local function tree_option(m, o, level)
  if o.tree == nil then return end
  m:compile() -- the model is checked first: the tree's joints must name what it has
  local function bad(msg) error(string.format("%s: %s", where(level + 1), msg), 0) end
  if type(o.tree) ~= "table" then bad('tree must be a list of joint names: tree = {"pin", ...}') end
  local index, root = {}, {}
  for i, j in ipairs(m._order.joints) do index[j.name] = i - 1 end
  local function find(b) while root[b] and root[b] ~= b do b = root[b] end return b end
  local idx = {}
  for _, ref in ipairs(o.tree) do
    local j = m.joints[name_of(ref)]
    if not j then bad("tree: unknown joint '" .. tostring(name_of(ref)) .. "'") end
    local kind = joint_kind(j)
    if not (kind and (kind.can.pin or kind.can.slide)) then
      -- said as the run's warning, once the run has its result
      o.notices = o.notices or {}
      o.notices[#o.notices + 1] = ("joint '%s' (%s) cannot be a tree joint in joint coordinates; it is cut instead"):format(
        j.name, j.type)
    else
      local a = find(name_of(m.points[name_of(j.points[1])].body))
      local b = find(name_of(m.points[name_of(j.points[2])].body))
      if a == b then bad("tree: joint '" .. j.name .. "' closes a loop with the joints before it; a tree has no loops") end
      root[a] = b
      idx[#idx + 1] = index[j.name]
    end
  end
  o.tree_joints = idx
end

-- Why m:simulate would refuse these options, said without the caller's
-- place, or nil and the options as it checks them: mb.compare skips a
-- formulation that cannot take the options shared by its runs.
function M.run_refusal(m, opts)
  local ok, o = pcall(function()
    local o = run_options(m, opts, 2)
    tree_option(m, o, 2)
    return o
  end)
  if ok then return nil, o end
  return (tostring(o):gsub("^.-:%d+: ", ""):gsub("^simulate: ", ""))
end

-- What the options' checks noticed and let pass (o.notices): a run's
-- warnings when there is a run r, else said at the user's line.
local function say_notices(o, r)
  for _, text in ipairs(o.notices or {}) do
    if r then require("mechbench.result").warn(r, text)
    else require("mechbench.message").to_stderr(("%s: warning: %s"):format(where(), text)) end
  end
end

-- Constraints added or deleted during a run (Sec. 13.5): the run goes in
-- segments. Deleting a joint changes nothing at that instant; adding one
-- acts like an impact: the velocities jump to the mass-weighted projection
-- onto the new constraints (Eq. 13.55). The model is left as it was.
local run_segments, correct_at

-- A run with checked options o, its errors said at here.
local function simulate_checked(m, o, here)
  if o.events then return run_segments(m, o, here) end
  local desc = m:compile()
  local ok, raw = pcall(core.model.simulate, desc, o)
  if not ok then error(("%s: simulate: %s"):format(here, core_said(raw)), 0) end
  local r = require("mechbench.result").new(m, raw, o, here, desc)
  say_notices(o, r)
  if raw.error then
    m.last = r
    local t = raw.t[#raw.t]
    error(string.format("%s: simulation of '%s' stopped: %s%s", here, m.name, raw.error,
      t and string.format(" (the samples up to t = %g are kept in the model's .last)", t) or ""), 0)
  end
  return r
end

function Model:simulate(opts)
  local o = run_options(self, opts, 2)
  tree_option(self, o, 2)
  return simulate_checked(self, o, where(2))
end

-- A run for a search made of many short runs (statics.lua's damped
-- dynamics): adaptive, it ends where it turns stiff (r.stiff says when,
-- its samples stop there) instead of crawling on to tf for minutes, and
-- its warnings are kept in r.warnings, not said.
function M.simulate_until_stiff(m, opts)
  local o = run_options(m, opts, 2)
  o.stop_when_stiff = true
  return require("mechbench.result").quietly(simulate_checked, m, o, where(2))
end

-- Kinematic analysis (Sec. 12.1, Algorithm K): the drivers fix the motion;
-- Newton-Raphson finds the positions at each reporting time. The samples
-- also carry every multiplier (inverse dynamics, Sec. 12.2), so
-- r:reaction("motor").torque is the driving torque. r.iterations counts
-- the Newton steps of each solve; with trace = true, r.trace lists the
-- residual of each step of the first solve and the joint that is worst.
-- What kinematics does to the start at each driver the start does not
-- meet: one sentence per driver off by more than 1e-6. A driver holds
-- angle(i) - angle(j) of its two bodies, in its joint's order (Eq. 7.43),
-- or the distance between two points (Eq. 7.45), at fn(t).
local function driver_jumps(m)
  local ok, e = pcall(core.model.evaluate, m:compile(), 0)
  if not ok then return {} end -- the run itself says why
  local out, row = {}, 0
  for _, j in ipairs(m._order.joints) do
    if j.active ~= false then
      local kind, fields, refs = resolve(m, j, "joint")
      local phi = e.phi[row + 1]
      row = row + kind.rows
      if j.type == "driver" and math.abs(phi) > 1e-6 then
        local fn = fields.fn
        local f0 = type(fn) == "number" and fn or fn(0)
        if kind.name == "driver-angle" then
          local a, b = body_name(refs.bodies[1]), body_name(refs.bodies[2])
          local held = b == "ground" and ("angle(%s)"):format(a)
            or a == "ground" and ("-angle(%s)"):format(b)
            or ("angle(%s) - angle(%s)"):format(a, b)
          local start = phi + f0
          local advice = a == "ground" and (" To drive %s's own angle, list its point first in joint '%s', or negate fn."):format(
            b, name_of(j.joint) or "?") or ""
          out[#out + 1] = ("driver '%s' holds %s = fn(t), the first body's angle minus the second's in its joint's order "
            .. "(Eq. 7.43): fn(0) = %.6g where the start has %.6g, so the start was turned by %.3g rad at t = 0.%s"):format(
            j.name, held, f0, start, f0 - start, advice)
        else
          local p, q = refs.points[1].name, refs.points[2].name
          local start = math.sqrt(math.max(0, 2 * f0 * phi + f0 * f0))
          out[#out + 1] = ("driver '%s' holds the distance from '%s' to '%s' = fn(t): fn(0) = %.6g where the start has "
            .. "%.6g, so the start was moved by %.3g m at t = 0."):format(j.name, p, q, f0, start, f0 - start)
        end
      end
    end
  end
  return out
end

local kinematic_options = { "formulation", "tf", "dt", "tol", "max_iterations", "newton", "trace", "angles", "tree" }

local function kinematic(m, opts, analysis, level)
  local o = args.options(opts, kinematic_options, analysis == "inverse dynamics" and "inverse_dynamics" or "kinematics")
  local function bad(msg) error(string.format("%s: %s: %s", where(level + 1), analysis, msg), 0) end
  o.tf = o.tf or 1
  if args.bad_number(o.tf, { positive = true, smallest = 0 }) then bad("tf must be a positive, finite time") end
  if o.tf < SHORTEST or o.tf > LONGEST then bad(("tf must be from %g to %g s (got %g)"):format(SHORTEST, LONGEST, o.tf)) end
  o.dt = o.dt or math.min(0.01, o.tf / 10)
  if args.bad_number(o.dt, { positive = true, smallest = 0 }) or o.dt > o.tf then bad("dt must be positive and at most tf") end
  if o.tf / o.dt > 1e7 then bad(("tf / dt is %.3g reports; at most 1e7 fit in memory"):format(o.tf / o.dt)) end
  if o.tol ~= nil and (args.bad_number(o.tol, { positive = true, smallest = 0 }) or o.tol < 1e-15 or o.tol > 1) then
    bad("tol must be a positive number from 1e-15 to 1")
  end
  local it = o.max_iterations
  if it ~= nil and not (type(it) == "number" and it == math.floor(it) and it >= 1 and it <= 1000) then
    bad(("max_iterations must be a whole number from 1 to 1000 (got %s)"):format(tostring(o.max_iterations)))
  end
  if o.newton and o.newton ~= "full" and o.newton ~= "modified" then bad('newton must be "full" or "modified"') end
  if o.angles ~= nil and o.angles ~= "relative" and o.angles ~= "absolute" then bad('angles must be "relative" or "absolute"') end
  o.formulation = o.formulation or "body"
  local why = one_of(o.formulation, formulation_names, "formulation")
  if why then bad(why) end
  if not formulation_entry[o.formulation].can.constraints then
    bad(("formulation %q states no constraint equations for Newton-Raphson to solve: its joints are springs "
      .. "that act in a forward run (m:simulate). Use formulation = %s"):format(o.formulation, constrained_names()))
  end
  tree_option(m, o, level + 1)
  o.integrator = "Newton-Raphson"
  local jumps = driver_jumps(m)
  local desc = m:compile()
  local ok, raw = pcall(core.model.kinematics, desc, o)
  if not ok then bad(core_said(raw)) end
  local result = require "mechbench.result"
  local r = result.new(m, raw, o, where(level + 1), desc)
  say_notices(o, r)
  r.stats.analysis = analysis
  for _, text in ipairs(jumps) do result.warn(r, text) end
  if raw.error then
    m.last = r
    local t = raw.t[#raw.t]
    error(string.format("%s: %s of '%s' stopped: %s%s", where(level + 1), analysis, m.name, raw.error,
      t and string.format(" (the samples up to t = %g are kept in the model's .last)", t) or ""), 0)
  end
  return r
end

function Model:kinematics(opts) return kinematic(self, opts, "kinematic analysis", 2) end
-- The independent vector loops of the joint graph (Ch. 5), as equations.
function Model:loops()
  if #self._order.bodies == 0 then
    error(string.format("%s: model '%s' has no bodies yet: add one with m:body{...}", where(2), self.name), 0)
  end
  return require("mechbench.loops").of(self, where(2))
end
function Model:equilibrium(opts) return require("mechbench.statics").equilibrium(self, opts, where(2)) end
function Model:modes(opts) return require("mechbench.modes").modes(self, opts, where(2)) end
function Model:inverse_dynamics(opts) return kinematic(self, opts, "inverse dynamics", 2) end

-- The element an event sets: an element, or a name among the forces,
-- joints, contacts and bodies; nil and why not.
local settable = { "forces", "joints", "contacts", "bodies" }
local function event_element(m, ref)
  if type(ref) == "table" and getmetatable(ref) == Element then
    return m[plural[ref.kind_of]] and m[plural[ref.kind_of]][ref.name] == ref and ref or nil,
      ("'%s' is not an element of this model"):format(ref.name)
  end
  local found
  for _, list in ipairs(settable) do
    local e = m[list][ref]
    if e and found then return nil, ("'%s' names a %s and a %s: pass the element itself (m.%s[%q])"):format(
      ref, found.kind_of, e.kind_of, list, ref) end
    found = found or e
  end
  return found, ("the model has no force, joint, contact or body '%s'"):format(tostring(ref))
end

run_segments = function(m, o, here)
  local function bad(msg) error(string.format("%s: simulate: events: %s", here, msg), 0) end
  if type(o.events) ~= "table" then bad("a list such as { {t = 1, add = \"lock\"} }") end
  local events = {}
  for i, e in ipairs(o.events) do
    if type(e) ~= "table" or type(e.t) ~= "number" or not (e.t > 0 and e.t < o.tf) then
      bad(("event %d needs a time t between 0 and tf"):format(i))
    end
    local steps = e.t / o.dt
    if math.abs(steps - math.floor(steps + 0.5)) > 1e-9 then bad(("event %d at t = %g is not a multiple of dt = %g"):format(i, e.t, o.dt)) end
    if e.set ~= nil then
      local element, why = event_element(m, e.set)
      if not element then bad(("event %d: %s"):format(i, why)) end
      local values = {}
      for k, v in pairs(e) do
        if k ~= "t" and k ~= "set" then
          if type(k) ~= "string" or k == "name" then bad(("event %d sets %s, which an event cannot change"):format(i, tostring(k))) end
          values[k] = v
        end
      end
      if next(values) == nil then bad(("event %d sets nothing: give the new values, as { t = 1, set = \"spring\", k = 200 }"):format(i)) end
      events[#events + 1] = { t = e.t, element = element, values = values }
    else
      local name = e.add or e.remove
      if not name or not m.joints[name_of(name)] then
        bad(("event %d must add or remove a joint of the model, or set an element's values"):format(i))
      end
      events[#events + 1] = { t = e.t, joint = m.joints[name_of(name)], add = e.add ~= nil }
    end
  end
  table.sort(events, function(a, b) return a.t < b.t end)

  local saved = {}
  for _, b in ipairs(m._order.bodies) do saved[b] = { b.pos, b.angle, b.vel, b.omega } end
  local active = {}
  for _, j in ipairs(m._order.joints) do active[j] = j.active end
  local was = {} -- each value an event sets, as it was before the run
  for _, e in ipairs(events) do
    for k in pairs(e.values or {}) do
      was[e.element] = was[e.element] or {}
      if was[e.element][k] == nil then was[e.element][k] = { e.element[k] } end
    end
  end
  local function restore()
    for b, s in pairs(saved) do b.pos, b.angle, b.vel, b.omega = s[1], s[2], s[3], s[4] end
    for j, a in pairs(active) do j.active = a end
    for element, values in pairs(was) do for k, v in pairs(values) do element[k] = v[1] end end
  end
  -- the discrete-time method carries on through any change as it is: its
  -- joints are forces, which close a gap or take a jump themselves
  local forces_hold = formulation_entry[o.formulation].can.joint_forces

  local merged, t0 = nil, 0
  local ok, err = pcall(function()
    for k = 1, #events + 1 do
      local t1 = events[k] and events[k].t or o.tf
      local seg = {}
      for key, v in pairs(o) do seg[key] = v end
      seg.events, seg.tf, seg.t0 = nil, t1 - t0, t0
      -- events one report apart make a segment of one dt, which the
      -- subtraction can leave a rounding short of dt
      seg.dt = math.min(o.dt, seg.tf)
      seg.resumed = k > 1 and forces_hold -- no start check, no correction
      local r = simulate_checked(m, seg, here)
      merged = require("mechbench.result").append(merged, r, 0, m)
      local last = #r.t
      for _, b in ipairs(m._order.bodies) do
        local rb = r:body(b.name)
        b.pos, b.angle = { rb.x[last], rb.y[last] }, rb.angle[last]
        b.vel, b.omega = { rb.vx[last], rb.vy[last] }, rb.omega[last]
      end
      local e = events[k]
      if e then
        if e.element then
          for key, v in pairs(e.values) do e.element[key] = v end
        else
          e.joint.active = e.add
        end
        -- a constrained formulation starts the next part on its joints: one
        -- added, or a driver changed, acts like an impact (Eq. 13.55)
        local phi = 0
        if not forces_hold then for _, x in ipairs(m:evaluate(t1).phi) do phi = math.max(phi, math.abs(x)) end end
        if not forces_hold and (e.add or phi > 1e-9) then
          local v = {}
          for i, b in ipairs(m._order.bodies) do v[i] = { b.vel, b.omega } end
          if phi > 1e-9 then correct_at(m, t1, here) end -- the new joint must hold where it closes
          for i, b in ipairs(m._order.bodies) do b.vel, b.omega = v[i][1], v[i][2] end
          local cd = core.model.impulse(m:compile(), t1)
          for i, b in ipairs(m._order.bodies) do
            b.vel, b.omega = { cd[3 * i - 2], cd[3 * i - 1] }, cd[3 * i]
          end
        end
      end
      t0 = t1
    end
  end)
  restore()
  if not ok then error(err, 0) end
  merged.stats.events = #events
  return merged
end

-- The equations of motion of any formulation at the start, or at y =
-- {q..., q̇...}: q, qd, M, D (the Jacobian in q), phi, vrhs, gamma, h, acc
-- and lambda. opts: formulation (body by default) and its options, t.
-- A time given to a teaching function: a finite number, 0 when left out.
local function time_arg(t, what)
  if t == nil then return 0 end
  local why = args.bad_number(t)
  if why then error(("%s: %s: t %s"):format(where(3), what, why), 0) end
  return t
end

function Model:pieces(opts)
  local o = args.options(opts, { "formulation", "t", "y", "tree", "angles", "independent", "redundant", "method" },
    "pieces")
  o.formulation = o.formulation or "body"
  if o.redundant ~= nil and o.redundant ~= "stop" and o.redundant ~= "drop" then
    error(('%s: pieces: redundant must be "stop" (the default) or "drop", not %s'):format(where(2), tostring(o.redundant)), 0)
  end
  local why = one_of(o.formulation, formulation_names, "formulation")
  if why then error(("%s: pieces: %s"):format(where(2), why), 0) end
  local function bad(msg) error(("%s: pieces: %s"):format(where(3), msg), 0) end
  if o.independent ~= nil and o.formulation ~= "minimal" then
    bad('independent goes with formulation = "minimal" here')
  elseif o.independent ~= nil then
    minimal_independent(self, o, bad)
  end
  tree_option(self, o, 2)
  if o.method ~= nil and (o.formulation ~= "joint" or (o.method ~= "aba" and o.method ~= "crb")) then
    error(('%s: pieces: method is "aba" or "crb", for formulation = "joint"'):format(where(2)), 0)
  end
  local t = time_arg(o.t, "pieces")
  if o.y ~= nil and type(o.y) ~= "table" then error(("%s: pieces: y must be a table of numbers"):format(where(2)), 0) end
  local ok, p = pcall(core.model.pieces, self:compile(), o, t, o.y)
  if not ok then error(string.format("%s: pieces: %s", where(2), p), 0) end
  say_notices(o)
  return p
end

-- The pieces of Eq. 7.56 at the initial state: M, D, γ, Φ, h, c̈, λ.
function Model:evaluate(t)
  t = time_arg(t, "evaluate")
  local desc = self:compile()
  local ok, p = pcall(core.model.evaluate, desc, t)
  if not ok then error(string.format("%s: %s", where(2), p), 0) end
  return p
end

-- The impact of a contact at the model's state (Sec. 11.1): the velocities
-- jump in place, as they would the instant the contact closes during a run.
-- Returns the velocities by body name, the normal and friction impulses,
-- and the normal speeds before (closing) and after (opening).
function Model:impact(name)
  local index
  for i, k in ipairs(self._order.contacts) do if k.name == name_of(name) then index = i end end
  if not index then
    error(string.format("%s: model '%s' has no contact '%s' (its contacts: %s)", where(2), self.name,
      tostring(name_of(name)), names(self._order.contacts)), 0)
  end
  local desc = self:compile()
  local ok, out = pcall(core.model.impact, desc, index)
  if not ok then error(string.format("%s: %s", where(2), out), 0) end
  local result = { impulse = out.impulse, friction_impulse = out.friction_impulse,
    closing = out.closing, opening = out.opening, bodies = {} }
  for i, b in ipairs(self._order.bodies) do
    local k = 3 * (i - 1)
    b.vel, b.omega = { out.v[k + 1], out.v[k + 2] }, out.v[k + 3]
    result.bodies[b.name] = { vx = out.v[k + 1], vy = out.v[k + 2], omega = out.v[k + 3] }
  end
  return result
end

-- Correct the initial positions and velocities (Sec. 14.3) in place, and
-- return them by body name.
-- (at: the drivers' time, 0 unless a run's event corrects later on; here:
-- where errors are said)
correct_at = function(self, at, here)
  local desc = self:compile()
  local ok, y = pcall(core.model.correct, desc, at)
  if not ok then error(string.format("%s: %s", here, y), 0) end
  local n = #self._order.bodies
  local out = {}
  for i, b in ipairs(self._order.bodies) do
    local k = 3 * (i - 1)
    b.pos, b.angle = { y[k + 1], y[k + 2] }, y[k + 3]
    b.vel, b.omega = { y[3 * n + k + 1], y[3 * n + k + 2] }, y[3 * n + k + 3]
    out[b.name] = { x = y[k + 1], y = y[k + 2], angle = y[k + 3],
      vx = b.vel[1], vy = b.vel[2], omega = b.omega }
  end
  return out
end
function Model:correct() return correct_at(self, 0, where(2)) end

-- The joint-coordinate pieces at the initial state (Ch. 9): the tree, the
-- cut joints, B, Ḃθ̇ (Bdtd), M̄ (M), h̄ (h), C, γ̄ (gamma), θ̈ (acc), λ.
local JointPieces = {}
JointPieces.__index = JointPieces
function JointPieces:__tostring()
  local lines = { string.format("joint coordinates of '%s': %d coordinates, %d cut-joint rows",
    self.model_name, #self.theta, #self.gamma) }
  for _, t in ipairs(self.tree) do
    lines[#lines + 1] = string.format("  %-12s hangs from %-12s by %-14s coordinate %d (%s)",
      t.body, t.parent, t.joint or "(floating)", t.coordinate, t.kind)
  end
  if #self.cut > 0 then lines[#lines + 1] = "  cut joints: " .. table.concat(self.cut, ", ") end
  return table.concat(lines, "\n")
end

function Model:joint_coords(opts)
  local o = args.options(opts, { "t", "tree", "angles", "theta", "theta_d" }, "joint_coords")
  local t = time_arg(o.t, "joint_coords")
  tree_option(self, o, 2)
  local desc = self:compile()
  local ok, p = pcall(core.model.joint_pieces, desc, o, t)
  if not ok then error(string.format("%s: %s", where(2), p), 0) end
  say_notices(o)
  local bodies, joints = self._order.bodies, self._order.joints
  local kinds = { [0] = "x, y, angle", [1] = "angle", [2] = "slide" }
  p.model_name = self.name
  p.tree = {}
  for i, b in ipairs(bodies) do
    local parent = p.parent[i] == 0 and "ground" or bodies[p.parent[i]].name
    p.tree[i] = { body = b.name, parent = parent, joint = p.joint[i] > 0 and joints[p.joint[i]].name or nil,
      coordinate = p.coord[i], kind = kinds[p.kind[i]] }
  end
  local cut = {}
  for i, k in ipairs(p.cut) do cut[i] = joints[k].name end
  p.cut = cut
  return setmetatable(p, JointPieces)
end

-- Point coordinates (Ch. 10) as the formulation chose them: its points
-- and its constraints, printed as the book lays them out, and the pieces
-- of its equations; with formulation = "point-recursive", Attia's chains,
-- each body's particles and his system A {r''; lambda} = b.
local PointPieces = {}
PointPieces.__index = PointPieces

local function fmt_number(v) return (("%.4g"):format(v):gsub("^%-0$", "0")) end
-- round-off below a picometre is shown as 0
local function fmt_pair(v)
  local function snap(x) return math.abs(x) < 1e-12 and 0 or x end
  return "(" .. fmt_number(snap(v[1])) .. ", " .. fmt_number(snap(v[2])) .. ")"
end

function PointPieces:__tostring()
  local moving, stationary = 0, 0
  for _, pt in ipairs(self.points) do
    if pt.var then moving = moving + 1 else stationary = stationary + 1 end
  end
  local dof = #self.r - #self.phi
  -- three lines, so that a long model name still fits 80 columns
  local lines = { ("%s of '%s':"):format(self.recursive and "recursive point coordinates" or "point coordinates",
    self.model_name), ("  %d moving point%s (%d coordinates) and %d stationary"):format(moving,
    moving == 1 and "" or "s", #self.r, stationary), ("  %d constraint%s: %d degree%s of freedom"):format(#self.phi,
    #self.phi == 1 and "" or "s", dof, dof == 1 and "" or "s") }
  lines[#lines + 1] = "  point         coordinates    at                    on"
  for _, pt in ipairs(self.points) do
    local coords = pt.var and ("r[%d], r[%d]"):format(pt.var, pt.var + 1) or "stationary"
    lines[#lines + 1] = ("  %-12s  %-13s  %-20s  %s"):format(pt.label, coords, fmt_pair(pt.at), pt.on)
  end
  lines[#lines + 1] = "  constraint  type      on                    from"
  for i, row in ipairs(self.rows) do
    local on = table.concat(row.point_labels, ", ")
    lines[#lines + 1] = ("  %-10d  %-8s  %-20s  %s"):format(i, row.type, on, row.from)
  end
  if self.recursive then
    lines[#lines + 1] = "  chains (each body hangs from its base particle; the tree's pins share theirs)"
    for _, g in ipairs(self.chain) do lines[#lines + 1] = "    " .. g end
    if #self.cut > 0 then lines[#lines + 1] = "  cut joints: " .. table.concat(self.cut, ", ") end
    lines[#lines + 1] = ("  Attia's system: %d x %d (%d point accelerations, %d reactions)"):format(
      #self.b, #self.b, #self.r, #self.b - #self.r)
  end
  return table.concat(lines, "\n")
end

-- The minimal-coordinate pieces at the start, or at y = {q_I..., q̇_I...}:
-- the independent coordinates' names, the groups the joints were taken
-- apart into (each: kind, joints, bodies, unknowns, condition, branch), and
-- M' (M), h' (h), q̈_I (acc) as m:pieces gives them.
local MinimalPieces = {}
MinimalPieces.__index = MinimalPieces
function MinimalPieces:__tostring()
  local lines = { string.format("minimal coordinates of '%s': %d independent (%s), %d group%s",
    self.model_name, #self.independent, #self.independent > 0 and table.concat(self.independent, ", ")
      or "none: the drivers fix every body", #self.groups, #self.groups == 1 and "" or "s") }
  for i, g in ipairs(self.groups) do
    if g.kind == "placed" then
      lines[#lines + 1] = string.format("  %d. %s placed by %s", i, g.bodies, g.joints)
    else
      lines[#lines + 1] = string.format("  %d. %s: the loop through %s, %s", i, g.bodies, g.joints, g.kind)
      -- the unknowns on a line of their own: two names fill most of 80 columns
      lines[#lines + 1] = string.format("     unknowns %s", g.unknowns)
      lines[#lines + 1] = string.format("     condition %.3g%s", g.condition,
        g.branch ~= 0 and string.format(", branch %+d", g.branch) or "")
    end
  end
  return table.concat(lines, "\n")
end

function Model:minimal_coords(opts)
  local o = args.options(opts, { "t", "y", "independent" }, "minimal_coords")
  local t = time_arg(o.t, "minimal_coords")
  local function bad(msg) error(("%s: minimal_coords: %s"):format(where(3), msg), 0) end
  if o.independent ~= nil then minimal_independent(self, o, bad) end
  if o.y ~= nil and type(o.y) ~= "table" then bad("y must be a table of numbers") end
  local ok, p = pcall(core.model.minimal_pieces, self:compile(), o, t, o.y)
  if not ok then error(string.format("%s: minimal_coords: %s", where(2), p), 0) end
  p.model_name = self.name
  return setmetatable(p, MinimalPieces)
end

function Model:point_coords(opts)
  local o = args.options(opts, { "formulation", "t", "y", "tree" }, "point_coords")
  o.formulation = o.formulation or "point"
  local why = one_of(o.formulation, { "point", "point-recursive" }, "formulation")
  if why then error(("%s: point_coords: %s"):format(where(2), why), 0) end
  tree_option(self, o, 2)
  local t = time_arg(o.t, "point_coords")
  if o.y ~= nil and type(o.y) ~= "table" then error(("%s: point_coords: y must be a table of numbers"):format(where(2)), 0) end
  local desc = self:compile()
  local ok, p = pcall(core.model.point_pieces, desc, o, t, o.y)
  if not ok then error(string.format("%s: point_coords: %s", where(2), p), 0) end
  say_notices(o)
  p.model_name, p.recursive, p.r, p.rd = self.name, o.formulation == "point-recursive", p.q, p.qd
  local function body_name(i) return i == 0 and "ground" or desc.bodies[i].name end
  -- a point is named after its pin, or after the model's point where it lies
  local seen = {}
  for _, pt in ipairs(p.points) do
    local label
    if pt.role == "pin" then label = desc.joints[pt.joint].name end
    for _, mp in ipairs(self._order.points) do
      local b, at = point_ref(self, mp.name)
      if not label and b + 1 == pt.body and math.abs(at[1] - pt["local"][1]) + math.abs(at[2] - pt["local"][2]) < 1e-9 then
        label = mp.name
      end
    end
    label = label or (body_name(pt.body) .. (pt.role == "centre" and ".G" or pt.role == "gyration" and ".rho" or ".axis"))
    while seen[label] do label = label .. "'" end
    seen[label], pt.label = true, label
  end
  for _, pt in ipairs(p.points) do pt.bodies = {} end
  for _, g in ipairs(p.groups) do
    for _, k in ipairs(g.points) do
      local list = p.points[k].bodies
      list[#list + 1] = body_name(g.ref)
    end
  end
  for _, pt in ipairs(p.points) do
    pt.on = #pt.bodies > 0 and table.concat(pt.bodies, ", ") or "ground"
    if pt.role == "pin" then pt.on = pt.on .. " (pin)" end
  end
  for _, row in ipairs(p.rows) do
    row.point_labels = {}
    for k, i in ipairs(row.points) do row.point_labels[k] = p.points[i].label end
    row.from = row.joint and ("joint '%s'"):format(desc.joints[row.joint].name)
      or ("body '%s'"):format(body_name(row.body))
    row.joint_name = row.joint and desc.joints[row.joint].name
    row.body_name = not row.joint and body_name(row.body) or nil
  end
  if p.recursive then
    p.chain, p.cut = {}, {}
    local tree = {}
    for _, g in ipairs(p.order) do
      local G = p.groups[g]
      local base = p.points[G.points[1]].label
      if G.parent == -1 then
        p.chain[#p.chain + 1] = ("%s floats, its base %s"):format(body_name(G.ref), base)
      else
        local from = G.parent == 0 and "the ground" or body_name(p.groups[G.parent].ref)
        p.chain[#p.chain + 1] = ("%s hangs from %s at %s"):format(body_name(G.ref), from, base)
        tree[G.parent_joint] = true
      end
    end
    for _, row in ipairs(p.rows) do
      if row.joint and not tree[row.joint] then
        local name = desc.joints[row.joint].name
        if p.cut[#p.cut] ~= name then p.cut[#p.cut + 1] = name end
      end
    end
  end
  return setmetatable(p, PointPieces)
end

-- The constraint rows of a compiled joint.
function M.joint_rows(j) return kind_of_list.joint[j.kind].rows end

-- Degrees of freedom: Gruebler's count (3 per body less the rows), the
-- rows, and { gruebler, rows, rank, dof, redundant, involved } from the
-- rank of D at the start (mechbench.explain); printed unless quiet.
-- One evaluation shown step by step (mechbench.explain): printed, and the
-- pieces returned.
-- At the prompt the returned pieces show as one line (the text above has
-- their numbers already), not as every array they hold.
local ExplainedPieces = {
  __tostring = function(p)
    return ("<pieces: %d coordinates, %d rows (q, D, gamma%s)>"):format(#p.q,
      #p.gamma, p.M and ", M, h, acc, lambda" or "")
  end,
}

function Model:explain(opts)
  local text, p = require("mechbench.explain").text(self, opts)
  print(text)
  return setmetatable(p, ExplainedPieces)
end

-- m:dof's info at the prompt: one line after the text that said it all
-- (a dump of its fields scrolled that text away)
local DofInfo = {
  __tostring = function(i)
    local names = {}
    for k, r in ipairs(i.redundant) do names[k] = r.joint end
    return ("<dof info: gruebler = %d, rank = %d of %d rows, dof = %d%s>"):format(i.gruebler, i.rank, i.rows, i.dof,
      #names > 0 and ", redundant: " .. table.concat(names, ", ") or "")
  end,
}

function Model:dof(opts)
  local o = args.options(opts, { "quiet" }, "dof")
  local explain = require "mechbench.explain"
  local info = explain.dof(self)
  if not o.quiet then print(explain.dof_text(self, info)) end
  return info.gruebler, info.rows, setmetatable(info, DofInfo)
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
  return core.model.contact_force(p.law, numbers, delta, rate, number(element, "approach", { default = rate }))
end

args.methods(Model, "m", sync)
M.Model = Model
return M
