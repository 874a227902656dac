-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.result: the one result type every formulation returns.
--   r.t, r:body(name).x/.y/.angle/.vx/.vy/.omega/.ax/.ay/.alpha,
--   r:reaction(name).fx/.fy/.torque, r.energy.kinetic/.potential/.total,
--   r:contact(name).penetration/.rate/.normal/.friction, r.impacts,
--   r.violation, r.stats.fevals/.wall/.steps, r:at(t), r:csv(path), r:json(path), r:summary()
local core = require "mechbench.core"
local view = require "mechbench.view"
local args = require "mechbench.args"
local kinds = require "mechbench.kinds"
local figure = require "mechbench.figure"
local message = require "mechbench.message"
local cv = core.view

local M = {}
local Result = {}
Result.__index = Result
M.Result = Result -- for help: its methods are looked up here (mechbench.reference)

-- The quantities of a body, a joint, a contact or the energy answer a
-- misspelled name (r:body("crank").angel) with an error at the user's line
-- rather than a silent nil.
-- derived: quantities made from the others when first read (name ->
-- function of the table), so a run whose energy nobody reads works out
-- none of it.
local function strict_fields(t, what, derived)
  return setmetatable(t, { __index = function(_, key)
    if derived and derived[key] then
      local v = derived[key](t)
      rawset(t, key, v)
      return v
    end
    local known = args.sorted_keys(t)
    for name in pairs(derived or {}) do if rawget(t, name) == nil then known[#known + 1] = name end end
    table.sort(known)
    args.fail(what, "has no quantity '%s'%s (it has: %s)", tostring(key), args.suggest(key, known),
      table.concat(known, ", "))
  end })
end

local function make_strict(r)
  for kind, list in pairs { body = r.bodies, reaction = r.reactions, contact = r.contacts or {}, force = r.forces or {} } do
    for name, fields in pairs(list) do strict_fields(fields, ("r:%s(%q)"):format(kind, name)) end
  end
  -- the work since the start, made from the power when first read
  strict_fields(r.energy, "r.energy", rawget(r.energy, "power") and { work = function(e) return M.work_of(r.t, e.power) end })
end

-- The work done since the start at each sample, from the power at each:
-- the trapezoid rule with its end correction (Euler-Maclaurin), the
-- power's rate by differences, so the error falls as dt^4 for a smooth
-- power: W_k = trapezoid - (h^2 / 12) (P'(t_k) - P'(t_1)) on even steps.
local function work_of(t, power)
  local n, work = #t, { 0 }
  if n < 2 then return work end
  local function slope(k) -- P' at sample k, second order
    if n < 3 then return (power[2] - power[1]) / (t[2] - t[1]) end
    if k == 1 then return (-3 * power[1] + 4 * power[2] - power[3]) / (t[3] - t[1]) end
    if k == n then return (3 * power[n] - 4 * power[n - 1] + power[n - 2]) / (t[n] - t[n - 2]) end
    return (power[k + 1] - power[k - 1]) / (t[k + 1] - t[k - 1])
  end
  local sum = 0
  for k = 2, n do
    local h = t[k] - t[k - 1]
    sum = sum + 0.5 * h * (power[k] + power[k - 1])
    work[k] = sum - h * h / 12 * (slope(k) - slope(1))
  end
  return work
end
M.work_of = work_of

-- The scene of a model (view.describe), made once per compiled
-- description: m:compile() gives the same one while the model is unchanged
-- (a changed model gives a new one, so a result keeps the scene of its
-- run). Shared by the results of one description: never changed (drawing
-- adds its trails to a copy).
local scenes = setmetatable({}, { __mode = "k" })
local function scene_of(model, desc)
  if not desc then return view.describe(model) end
  local scene = scenes[desc]
  if not scene then
    scene = view.describe(model)
    scenes[desc] = scene
  end
  return scene
end

-- desc: the model as the run compiled it (m:compile()), for what looks at
-- its elements later (r:fbd).
function M.new(model, raw, opts, here, desc)
  local r = setmetatable(raw, Result)
  r.where = here
  r._desc = desc
  r.model_name = model.name
  r.options = opts
  r.body_order, r.joint_order, r.contact_order = {}, {}, {}
  for _, b in ipairs(model._order.bodies) do r.body_order[#r.body_order + 1] = b.name end
  for _, j in ipairs(model._order.joints) do -- an inactive joint takes no part and has no reaction
    if not raw.reactions or raw.reactions[j.name] then
      r.joint_order[#r.joint_order + 1] = j.name
    else
      r.inactive_joints = r.inactive_joints or {}
      r.inactive_joints[j.name] = true
    end
  end
  for _, k in ipairs(model._order.contacts) do r.contact_order[#r.contact_order + 1] = k.name end
  r.force_order = {}
  for _, f in ipairs(model._order.forces) do
    if raw.forces and raw.forces[f.name] then r.force_order[#r.force_order + 1] = f.name end
  end
  r._scene_desc = scene_of(model, desc) -- a snapshot: later edits of the model do not move it
  r._model = model -- for the animation's key e (m:explain at a frame's state)
  r.stats.formulation = opts.formulation
  r.stats.integrator = opts.integrator
  r.switches = r.switches or {}
  r.warnings = {}
  make_strict(r)
  if raw.correction and raw.correction ~= "" then
    M.warn(r, "correct = true moved the start onto the constraints: " .. raw.correction)
  end
  if raw.near_singular then M.warn(r, raw.near_singular .. " (m:explain{ t = ..., result = r } shows it)") end
  if raw.stiff then M.warn(r, raw.stiff) end
  if raw.corrected and #r.t > 0 then
    r.corrected = {}
    for _, name in ipairs(r.body_order) do
      local b = r.bodies[name]
      r.corrected[name] = { x = b.x[1], y = b.y[1], angle = b.angle[1], vx = b.vx[1], vy = b.vy[1],
        omega = b.omega[1] }
    end
  end
  return r
end

-- Note what a run noticed and carried on through: in r.warnings, and once
-- on stderr (unless the run is quiet, as the runs inside a comparison are
-- until it has said each once).
local silent = 0 -- inside M.quietly

function M.warn(r, text)
  r.warnings = r.warnings or {}
  r.warnings[#r.warnings + 1] = text
  if silent == 0 and not (r.options and r.options.quiet) then
    require("mechbench.message").to_stderr((r.where and (r.where .. ": ") or "") .. "warning: " .. r.model_name .. ": " .. text)
  end
end

-- f(...) with the warnings of the results it makes kept in each r.warnings
-- but not said: for an analysis built on another that says the same
-- thing its own way (m:modes names a neutral or unstable rest itself).
function M.quietly(f, ...)
  silent = silent + 1
  local res = table.pack(pcall(f, ...))
  silent = silent - 1
  if not res[1] then error(res[2], 0) end
  return table.unpack(res, 2, res.n)
end

local function pick(r, list, order, what, method, name)
  name = type(name) == "table" and name.name or name
  local v = r[list][name]
  if not v and list == "reactions" and r.inactive_joints and r.inactive_joints[name] then
    args.fail("r:" .. method, "joint '%s' was inactive in this run: it took no part and carries no reaction", name)
  end
  if not v then
    args.fail("r:" .. method, "the result has no %s '%s'%s (it has: %s)", what, tostring(name),
      args.suggest(name, order), #order > 0 and table.concat(order, ", ") or "none")
  end
  return v
end

function Result:body(name) return pick(self, "bodies", self.body_order, "body", "body", name) end
function Result:reaction(name) return pick(self, "reactions", self.joint_order, "joint", "reaction", name) end
function Result:contact(name) return pick(self, "contacts", self.contact_order, "contact", "contact", name) end
function Result:force(name) return pick(self, "forces", self.force_order or {}, "force element", "force", name) end

-- The options of the picture methods, by method.
local picture_options = {
  frame = { "width", "height", "unicode", "labels", "trails", "points", "file" },
  animate = { "speed", "trails", "labels", "points", "text", "width", "height", "file", "fps", "title" },
  plot = { "title", "width", "height", "text", "unicode", "file" },
  fbd = { "width", "height", "file" },
  report = { "file", "width", "height", "plot", "t", "trails", "points" },
  cast = { "width", "height", "fps", "speed", "unicode", "labels", "trails", "points" },
  frames = { "width", "height", "unicode", "labels", "trails", "points" },
}

-- Checked picture options: known names, sizes that are whole and sane.
local function picture(method, opts)
  local o = args.options(opts, picture_options[method], "r:" .. method)
  for _, key in ipairs(o.file == nil and { "width", "height" } or {}) do -- a file's are pixels (mechbench.figure)
    -- a plot's axes and their labels need 10 columns
    local least = (method == "plot" and key == "width") and 10 or 8
    local why = o[key] ~= nil and args.bad_whole(o[key], least, 1000, "characters")
    if why then args.fail("r:" .. method, "%s %s", key, why) end
  end
  for _, key in ipairs { "speed", "fps" } do
    local why = o[key] ~= nil and args.bad_number(o[key], { positive = true, smallest = 1e-3, largest = 1e3 })
    if why then args.fail("r:" .. method, "%s %s", key, why) end
  end
  if o.points ~= nil and type(o.points) ~= "table" then
    args.fail("r:" .. method, 'points must be a list of point names, such as {"tip"}')
  end
  for i, p in ipairs(o.points or {}) do
    if type(p) ~= "string" and not (type(p) == "table" and type(rawget(p, "name")) == "string") then
      args.fail("r:" .. method, 'points[%d] must be a point\'s name, such as "tip", not %s', i, type(p))
    end
  end
  return o
end

-- A time given to a result: a finite number.
local function time_of(method, t)
  local why = args.bad_number(t)
  if why then args.fail("r:" .. method, "t %s", why) end
  return t
end

local function nearest(r, t)
  local best, gap = 1, math.huge
  for i, ti in ipairs(r.t) do
    local d = math.abs(ti - t)
    if d < gap then best, gap = i, d end
  end
  return best
end

-- The sample nearest t, a time inside the run (give or take a rounding, as
-- r:frames' last time has): r:at, r:frame, r:fbd and r:report refuse a time
-- past either end rather than show the end sample as if it were at t.
-- subject: what the message names before the time ("crank at ").
local function sample_at(r, method, t, subject)
  local ts = r.t
  if #ts == 0 then args.fail("r:" .. method, "the result has no samples") end
  time_of(method, t)
  local slack = 1e-9 * math.max(1, math.abs(ts[#ts]))
  if t < ts[1] - slack or t > ts[#ts] + slack then
    args.fail("r:" .. method, "%st = %g is outside the run (t = %g to %g s)", subject or "", t, ts[1], ts[#ts])
  end
  return nearest(r, t)
end

-- What a file writer returns: the file and its count, which prints as a
-- sentence at the prompt ("wrote 201 rows to out.csv") rather than a bare number.
local Written = { __tostring = function(w) return ("wrote %d %s to %s"):format(w.count, w.what, w.path) end }
local function written(path, count, what) return setmetatable({ path = path, count = count, what = what }, Written) end

-- A file to write: a path that opens.
local function open_for_writing(method, path)
  if core.sandbox then -- no file is written in the sandbox (mechbench.sandbox says why)
    args.fail("r:" .. method, "writing a file is not allowed in the sandbox (a sandboxed script leaves no file behind)")
  end
  if type(path) ~= "string" or path == "" then args.fail("r:" .. method, "needs a file name, such as \"run.csv\"") end
  local f, err = io.open(path, "w")
  if not f then args.fail("r:" .. method, "cannot write %s", tostring(err)) end
  return f
end

-- Linear interpolation between the two reporting times around t.
function Result:at(t)
  local ts = self.t
  sample_at(self, "at", t)
  local i = 1
  while i < #ts and ts[i + 1] < t do i = i + 1 end
  local j = math.min(i + 1, #ts)
  local w = ts[j] > ts[i] and (t - ts[i]) / (ts[j] - ts[i]) or 0
  local function lerp(a) return a[i] + w * (a[j] - a[i]) end
  local out = { t = t, bodies = {}, reactions = {}, energy = {} }
  for name, b in pairs(self.bodies) do
    local s = {}
    for k, arr in pairs(b) do s[k] = lerp(arr) end
    out.bodies[name] = s
  end
  for name, j in pairs(self.reactions) do
    out.reactions[name] = { fx = lerp(j.fx), fy = lerp(j.fy), torque = lerp(j.torque) }
  end
  for k, arr in pairs(self.energy) do out.energy[k] = lerp(arr) end
  out.violation = lerp(self.violation)
  return out
end

-- Where r:csv and r:json write: "-" is standard output (which a sandboxed
-- script may write to, as print does), any other path a file.
local function output(method, path)
  if path == "-" then return io.stdout, "standard output" end
  return open_for_writing(method, path), path
end

local function finish_output(f)
  if f == io.stdout then f:flush() else f:close() end
end

-- A number as the files write it: never "-0" (a zero is "0"), and nothing
-- for a value that is not finite (CSV leaves the field empty, JSON writes
-- null).
local function number_text(v, format)
  if v ~= v or v == math.huge or v == -math.huge then return nil end
  if v == 0 then return "0" end
  if math.type(v) == "integer" then return string.format("%d", v) end
  return string.format(format, v)
end

local BODY_FIELDS = { "x", "y", "angle", "vx", "vy", "omega", "ax", "ay", "alpha" }

-- A CSV field per RFC 4180: quoted, its quotes doubled, when it holds a
-- comma, a quote or a line break.
local function csv_field(text)
  if text:find('[,"\r\n]') then return '"' .. text:gsub('"', '""') .. '"' end
  return text
end

function Result:csv(path)
  local f, name = output("csv", path)
  local cols, arrays = { "t" }, { self.t }
  for _, body in ipairs(self.body_order) do
    for _, k in ipairs(BODY_FIELDS) do
      cols[#cols + 1] = body .. "." .. k
      arrays[#arrays + 1] = self.bodies[body][k]
    end
  end
  for _, joint in ipairs(self.joint_order) do
    for _, k in ipairs { "fx", "fy", "torque" } do
      cols[#cols + 1] = joint .. "." .. k
      arrays[#arrays + 1] = self.reactions[joint][k]
    end
  end
  for _, name in ipairs(self.force_order or {}) do
    local fields = self.forces[name]
    for _, k in ipairs { "f", "fx", "fy", "torque", "length", "angle", "rate", "power" } do
      if rawget(fields, k) then
        cols[#cols + 1] = name .. "." .. k
        arrays[#arrays + 1] = fields[k]
      end
    end
  end
  for _, k in ipairs { "kinetic", "potential", "total", "work" } do
    local arr = rawget(self.energy, k) or (k == "work" and rawget(self.energy, "power") and self.energy.work)
    if arr then
      cols[#cols + 1] = "energy." .. k
      arrays[#arrays + 1] = arr
    end
  end
  cols[#cols + 1] = "violation"
  arrays[#arrays + 1] = self.violation
  for c = 1, #cols do cols[c] = csv_field(cols[c]) end
  f:write(table.concat(cols, ","), "\n")
  for i = 1, #self.t do
    local row = {}
    for c = 1, #arrays do row[c] = number_text(arrays[c][i], "%.10g") or "" end
    f:write(table.concat(row, ","), "\n")
  end
  finish_output(f)
  return written(name, #self.t, "rows")
end

-- JSON text of a string: escaped quotes, backslashes and control
-- characters; bytes that are not UTF-8 taken as Latin-1.
local function json_string(s)
  local valid = utf8.len(s) ~= nil
  return '"' .. s:gsub('[%c"\\\128-\255]', function(c)
    if c == '"' or c == "\\" then return "\\" .. c end
    if c:byte() >= 128 then return valid and c or string.format("\\u%04x", c:byte()) end
    return string.format("\\u%04x", c:byte())
  end) .. '"'
end

-- JSON text of a Lua value: a table with keys 1..n only is an array (an
-- empty one too), any other an object with its string keys sorted; a
-- function or userdata (a user force in the settings) is left out of an
-- object, null in an array. rawget and rawlen: a result's tables answer an
-- unknown key with an error.
local function json_value(v, out, depth)
  local kind = type(v)
  if kind == "number" then
    out[#out + 1] = number_text(v, "%.17g") or "null"
  elseif kind == "string" then
    out[#out + 1] = json_string(v)
  elseif kind == "boolean" then
    out[#out + 1] = tostring(v)
  elseif kind == "table" and depth < 32 then
    local keys = {}
    for k in pairs(v) do keys[#keys + 1] = k end
    local n = rawlen(v) -- after pairs: a run's series is made when first walked
    if #keys == n then
      out[#out + 1] = "["
      for i = 1, n do
        if i > 1 then out[#out + 1] = "," end
        json_value(rawget(v, i), out, depth + 1)
      end
      out[#out + 1] = "]"
      return
    end
    local names = {}
    for _, k in ipairs(keys) do
      local t = type(rawget(v, k))
      if (type(k) == "string" or type(k) == "number") and t ~= "function" and t ~= "userdata" and t ~= "thread" then
        names[#names + 1] = tostring(k)
      end
    end
    table.sort(names)
    out[#out + 1] = "{"
    for i, k in ipairs(names) do
      out[#out + 1] = (i > 1 and "," or "") .. json_string(k) .. ":"
      json_value(rawget(v, k) == nil and rawget(v, tonumber(k)) or rawget(v, k), out, depth + 1)
    end
    out[#out + 1] = "}"
  else
    out[#out + 1] = "null"
  end
end

-- The named series of a list (bodies, reactions, contacts) in the model's
-- order, each an object of arrays.
local function json_series(out, list, order)
  out[#out + 1] = "{"
  for i, name in ipairs(order) do
    out[#out + 1] = (i > 1 and ",\n  " or "\n  ") .. json_string(name) .. ":"
    json_value(list[name], out, 0)
  end
  out[#out + 1] = "}"
end

function Result:json(path)
  local f, name = output("json", path)
  local out = { "{" }
  local function field(key, write)
    out[#out + 1] = (#out > 1 and ",\n" or "\n") .. json_string(key) .. ":"
    write()
  end
  local function value(key, v) field(key, function() json_value(v, out, 0) end) end
  value("model", self.model_name)
  value("settings", self.options)
  value("stats", self.stats)
  value("t", self.t)
  field("bodies", function() json_series(out, self.bodies, self.body_order) end)
  field("reactions", function() json_series(out, self.reactions, self.joint_order) end)
  field("contacts", function() json_series(out, self.contacts or {}, self.contact_order) end)
  value("energy", self.energy)
  value("violation", self.violation)
  if self.velocity_violation then value("velocity_violation", self.velocity_violation) end
  value("impacts", self.impacts or {})
  value("switches", self.switches)
  value("warnings", self.warnings)
  out[#out + 1] = "\n}\n"
  f:write(table.concat(out))
  finish_output(f)
  return written(name, #self.t, "samples")
end

local function max_abs_dev(a)
  local worst = 0
  for i = 1, #a do worst = math.max(worst, math.abs(a[i] - a[1])) end
  return worst
end

-- How a formulation is named in a sentence: its title up to a colon or a
-- parenthesis ("body coordinates", "the discrete-time method").
local function method_name(formulation)
  for _, f in ipairs(kinds.formulation_list(true)) do
    if f.name == formulation then return (f.title:gsub("%s*[(:].*$", "")) end
  end
  return tostring(formulation) .. " coordinates"
end

function Result:summary()
  local n = #self.t
  local lines = {}
  local function add(...) lines[#lines + 1] = string.format(...) end
  -- an equilibrium is one state at rest: its counts are Newton's, not a run's
  local static = self.stats.analysis and self.stats.analysis:find("^static") ~= nil
  if static then
    add("%s: %s, %s", self.model_name, self.stats.analysis, self.iterations
      and ("%d iteration%s"):format(self.iterations, self.iterations == 1 and "" or "s") or "settled")
  else
    add("%s: %s, %s, t = %g to %g (%d samples)", self.model_name,
      method_name(self.stats.formulation), self.stats.integrator, self.t[1] or 0, self.t[n] or 0, n)
    add("  %d function evaluations, %d steps, %s", self.stats.fevals, self.stats.steps,
      M.duration(self.stats.wall))
  end
  if self.corrected then
    add("  corrected initial conditions:")
    add("  %-10s %10s %10s %10s %10s %10s %10s", "body", "x", "y", "angle", "vx", "vy", "omega")
    for _, name in ipairs(self.body_order) do
      local c = self.corrected[name]
      add("  %-10s %10.5g %10.5g %10.5g %10.5g %10.5g %10.5g", name, c.x, c.y, c.angle, c.vx, c.vy, c.omega)
    end
  end
  if n > 0 then
    add("  %-12s %10s %10s %10s   (%s)", "body", "x", "y", "angle", static and "at rest" or ("at t = %g"):format(self.t[n]))
    for _, name in ipairs(self.body_order) do
      local b = self.bodies[name]
      add("  %-12s %10.5g %10.5g %10.5g", name, b.x[n], b.y[n], b.angle[n])
    end
    local e = self.energy.total
    local worst = 0
    for i = 1, n do worst = math.max(worst, self.violation[i]) end
    if static then
      add("  potential energy %.6g; constraint violation %.3g", self.energy.potential[1], worst)
    else
      add("  energy: %.6g at start, %.6g at end (largest change %.3g)", e[1], e[n], max_abs_dev(e))
      add("  largest constraint violation: %.3g", worst)
    end
  end
  for _, name in ipairs(self.contact_order or {}) do
    local k, impacts, deepest, strongest = self.contacts[name], 0, 0, 0
    for _, e in ipairs(self.impacts or {}) do if e.contact == name then impacts = impacts + 1 end end
    for i = 1, n do deepest, strongest = math.max(deepest, k.penetration[i]), math.max(strongest, k.normal[i]) end
    if impacts > 0 then
      add("  contact %s: %d impact%s", name, impacts, impacts == 1 and "" or "s")
    else
      add("  contact %s: deepest sampled penetration %.3g m, largest sampled force %.4g N", name, deepest, strongest)
    end
  end
  if self.equilibrium_note then add("%s", message.wrap("  " .. self.equilibrium_note, 78, "    ")) end
  if self.error then add("  STOPPED: %s", self.error) end
  return table.concat(lines, "\n")
end

-- Join a segment r (times shifted by t0) onto a run made of segments; a
-- joint absent from a segment has zero reactions there.
function M.append(acc, r, t0, model)
  local start = 1
  if acc == nil then
    acc = setmetatable({ t = {}, bodies = {}, reactions = {}, energy = { kinetic = {}, potential = {}, total = {} },
      violation = {}, velocity_violation = {}, stats = { fevals = 0, steps = 0, wall = 0, cpu = 0 } }, Result)
    for k, v in pairs(r) do
      if acc[k] == nil and k ~= "reactions" and k ~= "bodies" then acc[k] = v end
    end
    acc.stats.formulation, acc.stats.integrator = r.stats.formulation, r.stats.integrator
    acc._scene_desc = r._scene_desc
    acc._desc = r._desc
    for _, name in ipairs(r.body_order) do acc.bodies[name] = {} end
    for _, j in ipairs(model._order.joints) do acc.reactions[j.name] = { fx = {}, fy = {}, torque = {}, local_fx = {}, local_fy = {}, lambda = {} } end
    acc.joint_order = {}
    for i, j in ipairs(model._order.joints) do acc.joint_order[i] = j.name end
    acc.contacts, acc.impacts = {}, {}
    for name in pairs(r.contacts or {}) do acc.contacts[name] = { penetration = {}, rate = {}, normal = {}, friction = {} } end
    acc.forces, acc.force_order, acc.energy.power = {}, r.force_order, {}
    for name, fields in pairs(r.forces or {}) do
      acc.forces[name] = {}
      for field in pairs(fields) do acc.forces[name][field] = {} end
    end
    acc.segments = 0
  else
    start = 2 -- the segment's first sample repeats the last one
  end
  local n0 = #acc.t
  for i = start, #r.t do
    local k = n0 + i - start + 1
    acc.t[k] = r.t[i] + t0
    for name, b in pairs(r.bodies) do
      for field, arr in pairs(b) do
        acc.bodies[name][field] = rawget(acc.bodies[name], field) or {}
        acc.bodies[name][field][k] = arr[i]
      end
    end
    for name, rx in pairs(acc.reactions) do
      local src = r.reactions[name]
      for _, f in ipairs { "fx", "fy", "torque", "local_fx", "local_fy" } do rx[f][k] = src and src[f][i] or 0 end
    end
    for _, f in ipairs { "kinetic", "potential", "total", "power" } do acc.energy[f][k] = r.energy[f][i] end
    for name, fields in pairs(acc.forces) do
      for field, arr in pairs(fields) do arr[k] = r.forces[name][field][i] end
    end
    for name, kc in pairs(acc.contacts) do
      for f, arr in pairs(kc) do arr[k] = r.contacts[name][f][i] end
    end
    acc.violation[k] = r.violation[i]
    acc.velocity_violation[k] = r.velocity_violation[i]
  end
  for _, f in ipairs { "fevals", "steps", "refused", "wall", "cpu" } do acc.stats[f] = (acc.stats[f] or 0) + (r.stats[f] or 0) end
  -- each segment starts where an event changed the model: the energy may
  -- jump there, which no power accounts for (Result:figures says so)
  acc.segments = acc.segments + 1
  rawset(acc.energy, "work", nil) -- made again from the power when read
  for _, e in ipairs(r.impacts or {}) do
    local shifted = {}
    for key, v in pairs(e) do shifted[key] = v end
    shifted.t = e.t + t0
    acc.impacts[#acc.impacts + 1] = shifted
  end
  acc._scene, acc._poses, acc._drawn_key = nil, nil, nil
  make_strict(acc)
  return acc
end

------------------------------------------------------------------ pictures

local terminal = view.terminal

-- The scene and poses, made once per result (and per choice of trails).
local function drawing(r, trail_points)
  local names = {}
  for i, p in ipairs(trail_points or {}) do names[i] = type(p) == "table" and p.name or p end
  local key = trail_points and table.concat(names, "\0") or ""
  if r._drawn_key ~= key then
    local scene = {} -- the shared scene's copy, with these trails
    for k, v in pairs(r._scene_desc) do scene[k] = v end
    scene.trails = view.trails(r._scene_desc, trail_points)
    r._scene = cv.scene(scene)
    r._drawn_key = key
  end
  if not r._poses then
    local bodies = {}
    for i, name in ipairs(r.body_order) do bodies[i] = r.bodies[name] end
    r._poses = cv.poses(bodies, r.t)
  end
  return r._scene, r._poses
end

-- One frame as text: r:frame(t, {width, height, unicode, labels, trails,
-- points}); with file = "x.svg" (.pdf, .png) written there; shown inline
-- at a prompt whose terminal shows pictures (then it returns nothing).
function Result:frame(t, opts)
  opts = picture("frame", opts)
  local i = sample_at(self, "frame", t or self.t[1])
  local target = figure.target("r:frame", opts, figure.STILL, "frame")
  local scene, poses = drawing(self, opts.points)
  if target then return figure.write("r:frame", figure.frame_spec(self, scene, poses, i, opts), target) end
  if figure.show("r:frame", figure.frame_spec(self, scene, poses, i, opts)) then return end
  local unicode = opts.unicode
  if unicode == nil then unicode = view.unicode end
  return cv.frame(scene, poses, i, opts.width or 78, opts.height or 22,
    { unicode = unicode, labels = opts.labels, trails = opts.trails })
end

-- A time taken, to read at a glance: "0.575 ms", "589 ms", "5.89 s",
-- "1234 s" (it said "5.89e+03 ms").
function M.duration(seconds)
  if seconds < 1 then return ("%.3g ms"):format(1e3 * seconds) end
  if seconds < 1000 then return ("%.3g s"):format(seconds) end
  return ("%.0f s"):format(seconds)
end

-- The run's figures: evaluations, time, the largest |Phi|, and the energy
-- balance: the largest change of the total energy from the start, the
-- largest work put in by drivers and by the forces whose energy is not in
-- the potential (r.energy.work), and the largest drift, change less work,
-- which a run that keeps its energy books exactly has at 0. A jump no
-- power accounts for (an impulsive impact, an event that changed the
-- model) leaves the drift unknown (nil), and drift_unknown says why.
function Result:figures()
  local worst, change, work, drift, e, w = 0, 0, 0, 0, self.energy.total,
    rawget(self.energy, "power") and self.energy.work
  for i = 1, #self.t do
    worst = math.max(worst, self.violation[i])
    change = math.max(change, math.abs(e[i] - e[1]))
    if w then
      work = math.max(work, math.abs(w[i]))
      drift = math.max(drift, math.abs(e[i] - e[1] - w[i]))
    end
  end
  local unknown
  for _, hit in ipairs(self.impacts or {}) do
    if hit.duration == nil then unknown = "impacts" end
  end
  if (self.segments or 1) > 1 then unknown = "events" end
  if not w then unknown = unknown or "no power" end
  return { fevals = self.stats.fevals, wall = self.stats.wall, violation = worst, energy_change = change,
    work = work, energy_drift = not unknown and drift or nil, drift_unknown = unknown }
end

-- The figures over a picture: items separated by newlines, which the view
-- sets side by side as they fit its width (after a tab, a shorter form for
-- narrow panes). |Phi(0)| and |Phi'(0)|, the residuals of the first
-- sample, say whether the run started on its constraints.
function Result:figures_text()
  local f = self:figures()
  local vv = self.velocity_violation and self.velocity_violation[1]
  return table.concat({
    string.format("%s states", self.state_size or "?"),
    string.format("%d evals", f.fevals),
    M.duration(f.wall),
    string.format("max |Phi| %.1e\t|Phi| %.1e", f.violation, f.violation),
    string.format("E change %.1e\tdE %.1e", f.energy_change, f.energy_change),
    string.format("work %.1e\tW %.1e", f.work, f.work),
    f.energy_drift and string.format("drift %.1e", f.energy_drift) or ("drift - (%s)"):format(f.drift_unknown),
    string.format("|Phi(0)| %.1g", self.violation[1] or 0),
    string.format("|Phi'(0)| %.1g", vv or 0),
  }, "\n")
end

-- The notes an animation shows under a pane's figures: the independent
-- coordinates in use, from the start and after each switch (r.switches:
-- its number, the new coordinates, its time). None without switches.
function M.switch_notes(r)
  local notes = {}
  if #r.switches == 0 then return notes end
  notes[1] = { t = r.t[1], text = table.concat(r.switches[1].from, ", ") .. " (start)" }
  for i, sw in ipairs(r.switches) do
    notes[#notes + 1] = { t = sw.t, text = ("#%d: %s, %.3g s"):format(i, table.concat(sw.to, ", "), sw.t) }
  end
  return notes
end

-- Full-screen animation at the prompt; in --batch (or with no terminal) the
-- summary and the first and last frames instead. It returns nothing: at the
-- prompt a returned r printed its summary under the step a student had
-- come back to.
function Result:animate(opts)
  opts = picture("animate", opts)
  if view.quiet then return end -- a lesson re-making its steps
  local target = figure.target("r:animate", opts, figure.ANIMATION, "frame")
  local scene, poses = drawing(self, opts.points)
  if target then return figure.animation("r:animate", self, scene, poses, opts, target) end
  if terminal() and not opts.text then
    local explain
    if self._model then
      local o = self.options or {}
      explain = function(frame)
        return (require("mechbench.explain").text(self._model, { t = self.t[frame], result = self,
          formulation = self.stats.formulation, tree = o.tree, angles = o.angles }))
      end
    end
    local ok, err = cv.animate{ panes = { { scene = scene, poses = poses,
      title = self.model_name .. " (" .. method_name(self.stats.formulation) .. ")",
      figures = self:figures_text(), notes = M.switch_notes(self) } },
      labels = opts.labels, trails = opts.trails, speed = opts.speed, unicode = view.unicode,
      explain = explain }
    if ok then return end
    require("mechbench.message").to_stderr("animate: " .. tostring(err) .. "; showing text instead")
  end
  print(self:summary())
  for _, t in ipairs { self.t[1], self.t[#self.t] } do
    print(string.format("-- t = %g", t))
    print(self:frame(t, { width = opts.width or 72, height = opts.height or 18, labels = true,
      points = opts.points }))
  end
end

------------------------------------------------------------------ free-body diagrams

-- r:fbd(body, t): the free-body diagram of one body at the sample nearest
-- t (Ch. 6): every force on it (its weight, the force elements, each
-- joint's reaction with its components' names, the drivers' torques or
-- forces) at its point of application, drawn at a terminal and listed as a
-- table. The list's forces sum to m a and their moments about the mass
-- centre to J alpha.
local Diagram = {}
Diagram.__index = Diagram
M.Diagram = Diagram

-- the arrows' colours by what they are (the palette of src/view/canvas.h):
-- the weight in ink, reactions purple, applied forces green, drivers
-- orange; one that is the body's own colour is drawn grey instead
local COLOR = { weight = 0, force = 3, contacts = 3, reaction = 4, driver = 5 }
local GREY = 7

local function lambdas(first, count)
  local letter = view.unicode and "\u{3bb}" or "lambda"
  local out = {}
  for k = first, first + count - 1 do out[#out + 1] = letter .. k end
  return table.concat(out, ",")
end

function Result:fbd(name, t, opts)
  opts = picture("fbd", opts)
  local b = pick(self, "bodies", self.body_order, "body", "fbd", name)
  name = type(name) == "table" and name.name or name
  local ts = self.t
  local i = sample_at(self, "fbd", t or ts[1], name .. " at ")
  local desc = self._desc
  if not desc then args.fail("r:fbd", "this result does not keep its model, so it has no diagram") end
  local c, cd, lambda, index = {}, {}, {}, 0
  for k, body in ipairs(desc.bodies) do
    local q = self.bodies[body.name]
    c[3 * k - 2], c[3 * k - 1], c[3 * k] = q.x[i], q.y[i], q.angle[i]
    cd[3 * k - 2], cd[3 * k - 1], cd[3 * k] = q.vx[i], q.vy[i], q.omega[i]
    if body.name == name then index = k end
  end
  for _, j in ipairs(desc.joints) do
    local rows = rawget(self.reactions[j.name], "lambda") or {}
    if #rows == 0 then
      args.fail("r:fbd", "this result does not keep the joints' multipliers (a run with events), so it has no diagram")
    end
    for _, arr in ipairs(rows) do lambda[#lambda + 1] = arr[i] end
  end
  local ok, raw = pcall(core.model.fbd, desc, index, ts[i], c, cd, lambda)
  if not ok then args.fail("r:fbd", "%s", raw) end
  local mass, inertia = desc.bodies[index].mass, desc.bodies[index].inertia
  local d = setmetatable({ body = name, t = ts[i], model_name = self.model_name,
    formulation = self.stats.formulation, centre = { b.x[i], b.y[i] } }, Diagram)
  local sum = { 0, 0, 0 }
  for k, f in ipairs(raw) do
    local torque = f.arm[1] * f.force[2] - f.arm[2] * f.force[1] + f.couple
    local entry = { name = f.name or f.kind, kind = f.type or f.kind, role = f.kind,
      point = { b.x[i] + f.arm[1], b.y[i] + f.arm[2] }, arm = f.arm, fx = f.force[1], fy = f.force[2],
      torque = torque, couple = f.couple }
    if f.rows > 0 then
      entry.lambda = {}
      for r = f.row, f.row + f.rows - 1 do entry.lambda[#entry.lambda + 1] = lambda[r] end
      -- a driver's multiplier is the torque or force it takes: Eq. 6.7's x
      entry.unknowns = f.kind == "driver" and (f.type == "driver-angle" and "T" or "f") or lambdas(f.row, f.rows)
    end
    d[k] = entry
    sum[1], sum[2], sum[3] = sum[1] + entry.fx, sum[2] + entry.fy, sum[3] + torque
  end
  -- its outline: the body's points, from its mass centre
  d.outline = {}
  local phi = b.angle[i]
  for _, p in pairs(self._scene_desc.points) do
    if p.body == index - 1 then
      local x, y = p.at[1], p.at[2]
      d.outline[#d.outline + 1] = { b.x[i] + math.cos(phi) * x - math.sin(phi) * y,
        b.y[i] + math.sin(phi) * x + math.cos(phi) * y }
    end
  end
  d.resultant = { fx = sum[1], fy = sum[2], torque = sum[3] }
  d.inertial = { fx = mass * b.ax[i], fy = mass * b.ay[i], torque = inertia * b.alpha[i] }
  d.gap = math.max(math.abs(sum[1] - d.inertial.fx), math.abs(sum[2] - d.inertial.fy),
    math.abs(sum[3] - d.inertial.torque))
  d.color = 1 + (index - 1) % 6 -- the body's colour in the mechanism's pictures
  local target = figure.target("r:fbd", opts, figure.STILL, "fbd")
  if target then return d, figure.write("r:fbd", d:spec(), target) end
  if not figure.show("r:fbd", d:spec()) and terminal() then print(d:picture()) end
  print(d:table())
  return d
end

-- The diagram for the drawing (lua_view.c): its body, arrows and labels.
function Diagram:spec()
  local scale = 0
  for _, f in ipairs(self) do scale = math.max(scale, math.abs(f.fx), math.abs(f.fy), math.abs(f.couple)) end
  local arrows = {}
  for k, f in ipairs(self) do
    local size = math.sqrt(f.fx ^ 2 + f.fy ^ 2)
    local text = f.name .. (f.unknowns and (" " .. f.unknowns) or "")
    if size > 1e-12 * scale then text = text .. (" %.4g N"):format(size) end
    if math.abs(f.couple) > 1e-12 * scale then text = text .. (" %+.4g N m"):format(f.couple) end
    arrows[k] = { at = f.point, force = size > 1e-12 * scale and { f.fx, f.fy } or { 0, 0 },
      couple = math.abs(f.couple) > 1e-12 * scale and f.couple or 0, label = text,
      color = COLOR[f.role] == self.color and GREY or COLOR[f.role] }
  end
  return { kind = "fbd", centre = self.centre, points = self.outline or {}, arrows = arrows, color = self.color,
    title = ("free-body diagram of '%s' at t = %g s"):format(self.body, self.t) }
end

-- The diagram as a picture of w x h characters: by default the terminal's
-- width, and a height that leaves the table and the prompt on a 24-row
-- screen (the picture's top scrolled away before).
function Diagram:picture(w, h)
  local cols, rows = core.term_size()
  local _, table_lines = self:table():gsub("\n", "")
  w, h = w or math.max(40, math.min(cols, 100) - 2), h or math.max(8, math.min(18, rows - table_lines - 6))
  local text = cv.fbd_text(self:spec(), w, h, view.unicode)
  local r, m = self.resultant, self.inertial
  return ("%s\n  resultant (%.4g, %.4g) N, moment %.4g N m about the mass centre\n"
    .. "  m a       (%.4g, %.4g) N, J alpha %.4g N m"):format(text, r.fx, r.fy, r.torque, m.fx, m.fy, m.torque)
end

-- The diagram as a table: one row per force, then the sums and m a, J
-- alpha; 80 columns (a long name takes a line of its own).
function Diagram:table()
  local lines = {}
  local function pad(text, width) -- by characters, not bytes (a lambda is two)
    return text .. (" "):rep(math.max(0, width - (utf8.len(text) or #text)))
  end
  local function g(v, digits) return ("%." .. (digits or 5) .. "g"):format(math.abs(v) < 5e-13 and 0 or v) end
  local function row(label, kind, at, fx, fy, moment)
    lines[#lines + 1] = ("  %s%s%s%10s%10s%13s"):format(pad(label, 15), pad(kind, 14), pad(at, 16), fx, fy, moment)
  end
  lines[1] = ("free-body diagram of '%s' at t = %g s (%s, %s coordinates)"):format(self.body, self.t,
    self.model_name, self.formulation)
  row("force", "kind", "at x, y [m]", "fx [N]", "fy [N]", "moment [N m]")
  for _, f in ipairs(self) do
    local label = f.name .. (f.unknowns and (" (" .. f.unknowns .. ")") or "")
    if (utf8.len(label) or #label) > 14 then lines[#lines + 1] = "  " .. label label = "" end
    local kind = #f.kind > 13 and f.kind:sub(1, 12) .. "." or f.kind
    row(label, kind, ("%s, %s"):format(g(f.point[1], 3), g(f.point[2], 3)), g(f.fx), g(f.fy), g(f.torque))
  end
  local r, m = self.resultant, self.inertial
  row("sum", "", "", g(r.fx), g(r.fy), g(r.torque))
  row("m a, J alpha", "", "", g(m.fx), g(m.fy), g(m.torque))
  return table.concat(lines, "\n")
end

function Diagram:__tostring()
  return ("<fbd of '%s' at t = %g: %d forces, summing to m a, J alpha within %.2g>"):format(
    self.body, self.t, #self, self.gap)
end

local units = { x = "m", y = "m", angle = "rad", vx = "m/s", vy = "m/s", omega = "rad/s",
  ax = "m/s^2", ay = "m/s^2", alpha = "rad/s^2", fx = "N", fy = "N", torque = "N m",
  local_fx = "N", local_fy = "N", force = "N", kinetic = "J", potential = "J", total = "J",
  penetration = "m", rate = "m/s", normal = "N", friction = "N", f = "N", length = "m", power = "W", work = "J" }

-- The global path of a point, with its velocity:
-- {x = {...}, y = {...}, vx = {...}, vy = {...}} (Eqs. 3.3 and 3.9).
function Result:path(name)
  local p = self._scene_desc.points[type(name) == "table" and name.name or name]
  if not p then
    local known = args.sorted_keys(self._scene_desc.points)
    args.fail("r:path", "no point '%s'%s in this result's model (its points: %s)", tostring(name),
      args.suggest(name, known), table.concat(known, ", "))
  end
  local x, y, vx, vy = {}, {}, {}, {}
  if p.body < 0 then
    for i = 1, #self.t do x[i], y[i], vx[i], vy[i] = p.at[1], p.at[2], 0, 0 end
    return { x = x, y = y, vx = vx, vy = vy }
  end
  local b = self.bodies[self.body_order[p.body + 1]]
  for i = 1, #self.t do
    local c, s = math.cos(b.angle[i]), math.sin(b.angle[i])
    local sx, sy = c * p.at[1] - s * p.at[2], s * p.at[1] + c * p.at[2] -- A s'
    x[i], y[i] = b.x[i] + sx, b.y[i] + sy
    vx[i], vy[i] = b.vx[i] - b.omega[i] * sy, b.vy[i] + b.omega[i] * sx -- r' + rot(s) phi'
  end
  return { x = x, y = y, vx = vx, vy = vy }
end

-- "body.field", "joint.field", "energy.kind", "violation", or "point.path"
-- (an x-y curve); returns x, y, label, unit.
function Result:series(name)
  if type(name) ~= "string" then args.fail("r:plot", "a quantity is a name such as \"crank.angle\", not %s", type(name)) end
  if name == "violation" then return self.t, self.violation, "violation", "" end
  local head, field = name:match("^(.-)%.([%w_]+)$")
  if not head then head, field = name, nil end
  if head == "energy" then
    field = field or "total"
    return self.t, rawget(self.energy, field) or args.fail("r:plot", "energy has kinetic, potential, total, work "
      .. "and power, not '%s'", field), "energy." .. field, field == "power" and "W" or "J"
  end
  if field == "path" then
    local p = self:path(head)
    return p.x, p.y, head .. " path", "m"
  end
  local owner = self.bodies[head] or self.reactions[head] or (self.contacts or {})[head] or (self.forces or {})[head]
  local row = field and tonumber(field:match("^lambda(%d+)$"))
  if row and self.reactions[head] and self.reactions[head].lambda[row] then
    return self.t, self.reactions[head].lambda[row], name, ""
  end
  if not owner or not field or rawget(owner, field) == nil then
    local known = { "violation" }
    for _, list in ipairs { self.bodies, self.reactions, self.contacts or {}, self.forces or {}, { energy = self.energy } } do
      for who, fields in pairs(list) do
        for q, v in pairs(fields) do
          if q == "lambda" and type(v) == "table" then -- lambda1, lambda2, ...: one series per row
            for k = 1, #v do known[#known + 1] = who .. ".lambda" .. k end
          elseif type(v) == "table" then
            known[#known + 1] = who .. "." .. q
          end
        end
      end
    end
    local near = args.nearest(name, known)
    if near then args.fail("r:plot", "cannot plot '%s': did you mean '%s'?", name, near) end
    args.fail("r:plot", "cannot plot '%s': use body.x|y|angle|vx|vy|omega|ax|ay|alpha, "
      .. "joint.fx|fy|torque|lambda1, contact.penetration|rate|normal|friction, "
      .. "force.f|fx|fy|torque|length|angle|rate|power, energy.total|work, "
      .. "violation or point.path (bodies: %s; joints: %s; contacts: %s)",
      name, table.concat(self.body_order, ", "), table.concat(self.joint_order, ", "),
      #(self.contact_order or {}) > 0 and table.concat(self.contact_order, ", ") or "none")
  end
  local unit = field == "rate" and rawget(owner, "angle") and "rad/s" or units[field] -- a rotational element
  return self.t, owner[field], name, unit or ""
end

-- r:plot("pendulum.angle", "slider.x", {title = ..., width, height})
function Result:plot(...)
  local names, opts = {}, nil
  for i = 1, select("#", ...) do
    local a = select(i, ...)
    if type(a) == "table" and i == select("#", ...) then opts = a
    elseif type(a) == "string" then names[#names + 1] = a
    else args.fail("r:plot", "argument %d must be a name such as \"crank.angle\" (or the options last), not %s", i, type(a)) end
  end
  opts = picture("plot", opts)
  if #names == 0 then names = { "energy.total" } end
  local spec = figure.plot_of(self, names, opts.title or self.model_name, figure.body_colors(self, names))
  spec.kind = nil
  spec.width, spec.height, spec.text, spec.unicode, spec.file = opts.width, opts.height, opts.text, opts.unicode,
    opts.file
  return M.plot(spec, "r:plot")
end

-- r:report{ file = "run.pdf", plot = {"crank.angle"}, t = 1 }: one page
-- for a handout (mechbench.figure).
function Result:report(opts)
  opts = picture("report", opts)
  local target = figure.target("r:report", opts, figure.STILL, "report")
  if not target then args.fail("r:report", 'needs a file to write, such as { file = "run.pdf" }') end
  local i = sample_at(self, "report", opts.t or self.t[#self.t])
  for _, n in ipairs(type(opts.plot) == "table" and opts.plot or { opts.plot }) do
    if type(n) ~= "string" then args.fail("r:report", 'plot is a name such as "crank.angle", or a list of them') end
    self:series(n)
  end
  local scene, poses = drawing(self, opts.points)
  return figure.report(self, scene, poses, i, opts, target)
end

-- Write the animation as an asciicast v2 file (asciinema play FILE).
function Result:cast(path, opts)
  opts = picture("cast", opts)
  local width, height = opts.width or 80, opts.height or 24
  local f = open_for_writing("cast", path)
  local function json(s)
    return '"' .. s:gsub('[%c"\\]', function(c)
      if c == "\n" then return "\\r\\n" end
      return string.format("\\u%04x", c:byte())
    end) .. '"'
  end
  f:write(string.format('{"version": 2, "width": %d, "height": %d, "title": %s}\n', width, height + 1,
    json(self.model_name)))
  local fps, last = opts.fps or 30, -math.huge
  local count = 0
  for i, t in ipairs(self.t) do
    if t - last >= 1 / fps - 1e-12 or i == #self.t then
      local picture = self:frame(t, { width = width, height = height, unicode = opts.unicode,
        labels = opts.labels, trails = opts.trails, points = opts.points })
      local text = "\27[H\27[2J" .. picture .. string.format("\n t = %.3f s", t)
      f:write(string.format('[%.4f, "o", %s]\n', (t - self.t[1]) / (opts.speed or 1), json(text)))
      last, count = t, count + 1
    end
  end
  f:close()
  return written(path, count, "frames")
end

-- Write n frames evenly spread over the run as plain text.
function Result:frames(path, n, opts)
  opts = picture("frames", opts)
  local why = n ~= nil and args.bad_whole(n, 1, 1000, "frames")
  if why then args.fail("r:frames", "n %s", why) end
  n = n or 5
  local f = open_for_writing("frames", path)
  local t0, t1 = self.t[1], self.t[#self.t]
  for k = 0, n - 1 do
    local t = n == 1 and t0 or t0 + (t1 - t0) * k / (n - 1)
    f:write(string.format("-- %s, t = %.4g s\n", self.model_name, self.t[nearest(self, t)]))
    f:write(self:frame(t, { width = opts.width or 72, height = opts.height or 20,
      unicode = opts.unicode or false, labels = opts.labels, trails = opts.trails, points = opts.points }), "\n\n")
  end
  f:close()
  return written(path, n, "frames")
end

-- mb.plot{ series = {{x = ..., y = ..., label = ...}, ...}, title, xlabel, ylabel }
-- Full screen at the prompt, printed in --batch; with text = true it only
-- returns the text (width, height, unicode as given).
local plot_options = { "series", "title", "xlabel", "ylabel", "width", "height", "text", "unicode", "file" }

-- what: the method the user called (r:plot), for its errors
function M.plot(spec, what)
  if type(spec) ~= "table" or type(spec.series) ~= "table" or #spec.series == 0 then
    args.fail("mb.plot", "needs { series = { {x = {...}, y = {...}, label = \"...\"}, ... } }")
  end
  spec = args.options(spec, plot_options, "mb.plot")
  for i, s in ipairs(spec.series) do
    if type(s) ~= "table" or type(s.y) ~= "table" or #s.y == 0 then args.fail("mb.plot", "series %d has no y values", i) end
    local why = args.unknown_field(s, { x = true, y = true, label = true, color = true, style = true }, "field")
    if why then args.fail("mb.plot", "series %d: %s", i, why) end
    if s.x and (type(s.x) ~= "table" or #s.x ~= #s.y) then
      args.fail("mb.plot", "series %d: x must be a list as long as y (%d values)", i, #s.y)
    end
    for k = 1, #s.y do
      local bad = args.bad_number(s.y[k]) or (s.x and args.bad_number(s.x[k]))
      if bad then args.fail("mb.plot", "series %d: value %d %s", i, k, bad) end
    end
    if not s.x then
      local x = {}
      for k = 1, #s.y do x[k] = k end
      spec.series[i] = { x = x, y = s.y, label = s.label, color = s.color, style = s.style }
    end
  end
  what = what or "mb.plot"
  local target = figure.target(what, spec, figure.STILL, "plot")
  spec.kind = "plot"
  if target then return figure.write(what, spec, target) end
  for _, key in ipairs { "width", "height" } do
    local least = key == "width" and 10 or 8 -- the axes and their labels need 10 columns
    local why = spec[key] ~= nil and args.bad_whole(spec[key], least, 1000, "characters")
    if why then args.fail("mb.plot", "%s %s", key, why) end
  end
  if view.quiet and not spec.text then return end -- a lesson re-making its steps
  local unicode = spec.unicode
  if unicode == nil then unicode = view.unicode end
  -- shown (full screen at the prompt, printed otherwise) it returns nothing,
  -- so the prompt prints nothing after it; with text = true, the text
  if not spec.text and figure.show(what, spec) then return end
  if terminal() and not spec.text then
    if cv.show_plot(spec, unicode) then return end
  end
  local cols = core.term_size()
  local text = cv.plot_text(spec, spec.width or math.min(cols, 100), spec.height or 20, unicode)
  if spec.text then return text end
  print(text)
end

Result.__tostring = Result.summary
args.methods(Result, "r")

return M
