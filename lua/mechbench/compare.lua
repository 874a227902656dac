-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.compare: one model through several formulations (or several
-- integrators, remedies, steps) with the same options, side by side.
--   c = mb.compare(m, {"body", "joint"}, { tf = 2, dt = 0.01 })
--   c.results.body, c.maxdiff_position, c.maxdiff_angle, c.diff.joint.position,
--   c.figures.body, c.start_difference, c.correction
-- An entry is a formulation name or a table of options with a label:
--   mb.compare(m, {"body", { label = "rk4", integrator = "rk4", h = 1e-3 }}, {...})
-- With analysis = "kinematics" (and whenever a run's formulation is for
-- kinematics only, such as "vector") each run is m:kinematics instead.
-- With correct = true the start is corrected once, in body coordinates
-- (m:correct()), and every run starts from that state: each formulation
-- correcting in its own coordinates would start each from a different
-- state, and the comparison would measure that instead of the methods.
local core = require "mechbench.core"
local view = require "mechbench.view"
local args = require "mechbench.args"
local result = require "mechbench.result"
local kinds = require "mechbench.kinds"
local figure = require "mechbench.figure"
local cv = core.view

local M = {}
local Comparison = {}
Comparison.__index = Comparison
M.Comparison = Comparison -- for help: its methods are looked up here (mechbench.reference)

local WIDTH = 80 -- the table fits a terminal of 80 columns

local function copy(t)
  local out = {}
  for k, v in pairs(t or {}) do out[k] = v end
  return out
end

-- Largest difference of positions (m) and angles (rad) between two runs,
-- per sample.
local function difference(a, b)
  local pos, ang = {}, {}
  for i = 1, #a.t do
    local p, q = 0, 0
    for _, name in ipairs(a.body_order) do
      local ba, bb = a.bodies[name], b.bodies[name]
      p = math.max(p, math.abs(ba.x[i] - bb.x[i]), math.abs(ba.y[i] - bb.y[i]))
      q = math.max(q, math.abs(ba.angle[i] - bb.angle[i]))
    end
    pos[i], ang[i] = p, q
  end
  local mp, ma = 0, 0
  for i = 1, #pos do mp, ma = math.max(mp, pos[i]), math.max(ma, ang[i]) end
  return { position = pos, angle = ang, max_position = mp, max_angle = ma }
end

local STATE = { "x", "y", "angle", "vx", "vy", "omega" }
local UNIT = { x = "m", y = "m", angle = "rad", vx = "m/s", vy = "m/s", omega = "rad/s" }

-- Largest difference of any body's position, angle or velocity at the
-- first sample of two runs.
local function start_difference(a, b)
  local worst = 0
  for _, name in ipairs(a.body_order) do
    local ba, bb = a.bodies[name], b.bodies[name]
    for _, k in ipairs(STATE) do worst = math.max(worst, math.abs(ba[k][1] - bb[k][1])) end
  end
  return worst
end

-- The model's initial state by body, and back.
local function save_state(model)
  local saved = {}
  for _, b in ipairs(model._order.bodies) do saved[b] = { b.pos, b.angle, b.vel, b.omega } end
  return saved
end

local function restore_state(saved)
  for b, s in pairs(saved) do b.pos, b.angle, b.vel, b.omega = s[1], s[2], s[3], s[4] end
end

local function state_of(b)
  local pos, vel = b.pos or { 0, 0 }, b.vel or { 0, 0 }
  return { x = pos[1], y = pos[2], angle = b.angle or 0, vx = vel[1], vy = vel[2], omega = b.omega or 0 }
end

-- Correct once in body coordinates; the list of what moved, in model order.
local function correct_once(model)
  local before = {}
  for _, b in ipairs(model._order.bodies) do before[b.name] = state_of(b) end
  model:correct()
  local moved = {}
  for _, b in ipairs(model._order.bodies) do
    local now = state_of(b)
    for _, k in ipairs(STATE) do
      local from, to = before[b.name][k], now[k]
      if math.abs(to - from) > 1e-12 * math.max(1, math.abs(from)) then
        moved[#moved + 1] = { body = b.name, field = k, from = from, to = to, unit = UNIT[k] }
      end
    end
  end
  return moved
end

-- What the comparison itself takes besides the runs' options.
local display_options = { "show", "text", "labels", "trails", "speed", "analysis" }

-- The options a kinematic analysis takes of a run's (m:kinematics).
local kinematic_keys = { formulation = true, tf = true, dt = true, tol = true, angles = true, tree = true,
  correct = true }

-- The options of a run, with the display's or an entry's label as well.
local function checked(opts, extra, what)
  local known = {}
  for _, k in ipairs(require("mechbench.model").simulate_options) do known[#known + 1] = k end
  for _, k in ipairs(extra) do known[#known + 1] = k end
  return args.options(opts, known, what)
end

-- The formulation an entry runs.
local function formulation_of(entry, opts)
  return type(entry) == "string" and entry or entry.formulation or opts.formulation or "body"
end

-- Whether the model's drivers take every degree of freedom (a kinematic
-- analysis can follow them), and how many they leave free.
local function free_degrees(model)
  local ok, info = pcall(require("mechbench.explain").dof, model)
  return ok and info.dof or nil
end

-- The analysis of the runs: the one asked for; else a kinematic analysis
-- when a formulation for kinematics only is listed and the drivers take
-- every degree of freedom; else forward dynamics.
local function analysis_of(model, entries, opts)
  local analysis = opts.analysis
  if analysis ~= nil and analysis ~= "kinematics" and analysis ~= "dynamics" then
    args.fail("mb.compare", 'analysis must be "dynamics" (m:simulate, the default) or "kinematics" (m:kinematics)')
  end
  if analysis then return analysis end
  local kinematic_only = require("mechbench.model").kinematic_only
  for _, entry in ipairs(entries) do
    if kinematic_only[formulation_of(entry, opts)] then
      return free_degrees(model) == 0 and "kinematics" or "dynamics"
    end
  end
  return "dynamics"
end

-- Why formulation f cannot do the analysis with options o (the run's own,
-- checked), or nil: what it can do (its table entry), what m:simulate's
-- checks refuse, and a model its set-up refuses (m:pieces at the start).
local function cannot(model, f, o, analysis)
  local entry
  for _, e in ipairs(require("mechbench.model").formulations(true)) do
    if e.name == f then entry = e end
  end
  local checked = o
  if analysis == "dynamics" then
    if not entry.can.dynamics then
      local free = free_degrees(model)
      if free and free > 0 then
        return ("kinematics only, and %d degree%s of freedom %s no driver"):format(free, free == 1 and "" or "s",
          free == 1 and "has" or "have"), true
      end
      return 'kinematics only: analysis = "kinematics" runs it', true
    end
    local why
    why, checked = require("mechbench.options").run_refusal(model, o)
    if why then return why end
  elseif not entry.can.constraints then
    return 'no constraint equations for Newton-Raphson: forward runs only (analysis = "dynamics")', true
  end
  local ok, err = pcall(core.model.pieces, model:compile(), checked, 0)
  if not ok then return (tostring(err):gsub("^pieces: ", "")) end
end

-- mb.compare(m, entries, opts): entries lists formulations' names and
-- tables of options, or is "all" (every formulation, mb.formulations()).
-- A formulation that cannot do the analysis (or take the options, or the
-- model) is not run: c.skipped lists it with why, and the table shows it.
function M.compare(model, entries, opts)
  if type(model) ~= "table" or getmetatable(model) ~= require("mechbench.model").Model then
    args.fail("mb.compare", "the first argument must be a model (mb.model{...}), not %s", type(model))
  end
  local formulations = require("mechbench.model").formulations()
  if entries == "all" then entries = formulations end
  if type(entries) ~= "table" or #entries == 0 then
    args.fail("mb.compare", 'the second argument lists the runs, such as {"body", "joint"}, or is "all"')
  end
  opts = checked(opts, display_options, "mb.compare")
  for k, entry in ipairs(entries) do
    if type(entry) == "table" then
      checked(entry, { "label" }, ("mb.compare: run %d"):format(k))
      if entry.label ~= nil and (type(entry.label) ~= "string" or entry.label == "") then
        args.fail("mb.compare", "run %d: label must be a name such as \"rk4\", not %s", k,
          type(entry.label) == "string" and "an empty string" or type(entry.label))
      end
    elseif type(entry) ~= "string" then
      args.fail("mb.compare", "run %d must be a formulation's name or a table of options, not %s", k, type(entry))
    end
    local f = formulation_of(entry, opts)
    local known = false
    for _, name in ipairs(formulations) do known = known or name == f end
    local remedies = { baumgarte = true, penalty = true, momentum = true, partitioning = true }
    if not known and remedies[f] then
      args.fail("mb.compare", 'run %d: %s is a stabilization, not a formulation: { label = "%s", stabilization = "%s" }',
        k, f, f, f)
    end
    if not known then args.fail("mb.compare", "run %d: %s", k, args.unknown("formulation", f, formulations, "available")) end
  end

  model:compile() -- the model is checked first: its start is read below
  local analysis = analysis_of(model, entries, opts)
  local c = setmetatable({ results = {}, order = {}, diff = {}, figures = {}, maxdiff = 0, analysis = analysis,
    maxdiff_position = 0, maxdiff_angle = 0, start_difference = 0, model_name = model.name, skipped = {} },
    Comparison)
  local runs, correct = {}, (opts or {}).correct == true
  local not_this_analysis = {} -- the runs skipped for what their formulation can do at all
  for k, entry in ipairs(entries) do
    local o = copy(opts)
    if type(entry) == "string" then o.formulation = entry else for key, v in pairs(entry) do o[key] = v end end
    -- an option shared by all runs that another formulation or remedy takes
    -- is left out of this one (angles = "absolute" for a joint run beside a
    -- vector run); one given to this run is its own
    local _, elsewhere = kinds.taken(analysis == "kinematics" and "kinematics" or "simulate",
      o.formulation or "body", o.stabilization or "none")
    for key in pairs(opts) do
      if elsewhere[key] and not (type(entry) == "table" and entry[key] ~= nil) then o[key] = nil end
    end
    local label = type(entry) == "table" and entry.label or o.formulation or "body"
    if c.results[label] or runs[label] then label = label .. " #" .. k end
    -- the display's options are the comparison's, not a run's
    for _, key in ipairs { "label", "show", "text", "labels", "trails", "speed", "analysis" } do o[key] = nil end
    if analysis == "kinematics" then
      for key in pairs(o) do
        if not kinematic_keys[key] then
          args.fail("mb.compare", "run '%s': option %s does not apply to a kinematic analysis", label, key)
        end
      end
    end
    local why, by_analysis = cannot(model, o.formulation or "body", o, analysis)
    if why then
      c.skipped[#c.skipped + 1] = { name = label, why = why }
      not_this_analysis[label] = by_analysis
    else
      correct = correct or o.correct == true -- one start for all, whoever asked
      runs[label] = o
      c.order[#c.order + 1] = label
    end
  end
  if #c.order == 0 then
    -- one reason shared by every run that could do the analysis (a bad tf)
    -- is the options' fault: said once
    local list, reasons, distinct = {}, {}, 0
    for _, s in ipairs(c.skipped) do
      list[#list + 1] = s.name .. ": " .. s.why
      if not not_this_analysis[s.name] and not reasons[s.why] then reasons[s.why], distinct = true, distinct + 1 end
    end
    if distinct == 1 then args.fail("mb.compare", "%s", (next(reasons))) end
    args.fail("mb.compare", "no run can do %s: %s", analysis == "kinematics" and "a kinematic analysis"
      or "forward dynamics", table.concat(list, "; "))
  end

  local saved = correct and save_state(model)
  local ok, err = pcall(function()
    if correct then c.correction = correct_once(model) end
    for _, label in ipairs(c.order) do
      local o = runs[label]
      if correct then o.correct = false end -- already on the constraints
      if analysis == "kinematics" then
        o.correct = nil -- Newton-Raphson starts every kinematic run on its constraints
        c.results[label] = model:kinematics(o)
      else
        c.results[label] = model:simulate(o)
      end
      c.figures[label] = c.results[label]:figures()
    end
  end)
  if saved then restore_state(saved) end -- the model is left as it was
  if not ok then error(err, 0) end

  local reference = c.results[c.order[1]]
  for k = 2, #c.order do
    local r = c.results[c.order[k]]
    local d = difference(reference, r)
    c.diff[c.order[k]] = d
    c.maxdiff_position = math.max(c.maxdiff_position, d.max_position)
    c.maxdiff_angle = math.max(c.maxdiff_angle, d.max_angle)
    c.start_difference = math.max(c.start_difference, start_difference(reference, r))
  end
  -- one number for "do they agree": the larger of the two, metres and
  -- radians alike (read the two apart to say by how much)
  c.maxdiff = math.max(c.maxdiff_position, c.maxdiff_angle)
  if opts.show ~= false then
    c:show { text = opts.text, labels = opts.labels, trails = opts.trails, speed = opts.speed }
  end
  return c
end

-- m:compare(entries, opts) is mb.compare(m, entries, opts); one table
-- may hold both, m:compare{ "body", "joint", tf = 2 }, and without names
-- it compares every formulation, m:compare{ tf = 2 }.
function M.method(model, entries, opts)
  if type(model) ~= "table" or getmetatable(model) ~= require("mechbench.model").Model then
    args.fail("m:compare", "call it with a colon, m:compare{...}, on a model (got %s)", model == nil and "nothing"
      or type(model))
  end
  if type(entries) == "table" and opts == nil then
    local list, options = {}, {}
    for k, v in pairs(entries) do
      if math.type(k) == "integer" then list[k] = v else options[k] = v end
    end
    if #list == 0 then list = "all" end
    entries, opts = list, options
  elseif entries == nil then
    entries = "all"
  end
  return M.compare(model, entries, opts)
end

-- Rows of a table no wider than WIDTH: a label column, then cells. A label
-- too long for its column goes on a line of its own above its cells.
local function rows(lines, labels, cells, header, top)
  local rest = #string.format(header.format, table.unpack(header.cells))
  local width = 3
  for _, l in ipairs(labels) do width = math.max(width, #l) end
  width = math.min(width, WIDTH - 2 - rest)
  local function row(label, values)
    local text = ("  %-" .. width .. "s"):format(label) .. header.format:format(table.unpack(values))
    return (text:gsub("%s+$", ""))
  end
  if top then lines[#lines + 1] = (" "):rep(2 + width) .. top end
  lines[#lines + 1] = row("run", header.cells)
  for i, label in ipairs(labels) do
    if #label > width then
      lines[#lines + 1] = "  " .. label
      label = ""
    end
    lines[#lines + 1] = row(label, cells[i])
  end
end

-- text in lines of at most width columns, the first after head, the
-- others after indent
local function wrap(text, width, head, indent)
  local out, line = {}, head
  for word in text:gmatch("%S+") do
    if #line + 1 + #word > width and line ~= head and line ~= indent then
      out[#out + 1] = line
      line = indent .. word
    else
      line = line .. ((line == head or line == indent) and "" or " ") .. word
    end
  end
  out[#out + 1] = line
  return table.concat(out, "\n")
end

local function g(v, fmt) return v and string.format(fmt or "%.2g", v) or "-" end

-- "2 -> 1.824": four digits, or as many more as tell the two apart (a
-- correction of 6e-7 m read "x 1 -> 1 m", as if nothing had moved)
local function from_to(from, to)
  local a, b
  for digits = 4, 12 do
    a, b = ("%." .. digits .. "g"):format(from), ("%." .. digits .. "g"):format(to)
    if a ~= b then break end
  end
  return a .. " -> " .. b
end

function Comparison:table()
  local lines = {}
  local ref_label = self.order[1]
  local ref = self.results[ref_label]
  local what = self.analysis == "kinematics" and " (kinematic analysis)" or ""
  lines[1] = string.format("%s: %s; t = %g to %g s, %d samples%s", self.model_name,
    table.concat(self.order, ", "), ref.t[1], ref.t[#ref.t], #ref.t, what)
  if #lines[1] > WIDTH then
    lines[1] = string.format("%s: %d runs; t = %g to %g s, %d samples%s", self.model_name,
      #self.order, ref.t[1], ref.t[#ref.t], #ref.t, what)
  end
  if self.correction then
    lines[#lines + 1] = "  correct = true: the start was corrected once, in body coordinates, and"
    lines[#lines + 1] = "  every run starts there (the model is left as it was). What moved:"
    local by_body, order = {}, {}
    for _, mv in ipairs(self.correction) do
      if not by_body[mv.body] then by_body[mv.body], order[#order + 1] = {}, mv.body end
      local list = by_body[mv.body]
      list[#list + 1] = string.format("%s %s %s", mv.field, from_to(mv.from, mv.to), mv.unit)
    end
    for _, body in ipairs(order) do
      local line = string.format("    %-10s", body)
      for k, item in ipairs(by_body[body]) do
        local sep = k == 1 and " " or ", "
        if #line + #sep + #item > WIDTH then
          lines[#lines + 1] = line .. ","
          line, sep = string.rep(" ", 15), ""
        end
        line = line .. sep .. item
      end
      lines[#lines + 1] = line
    end
    if #self.correction == 0 then lines[#lines + 1] = "    nothing: the start was on its constraints" end
  end

  local cost = {}
  for i, label in ipairs(self.order) do
    local r, f = self.results[label], self.figures[label]
    cost[i] = { r.state_size and tostring(r.state_size) or "-", tostring(f.fevals),
      g(1e3 * f.wall, f.wall < 0.1 and "%.3g" or "%.0f"), g(f.violation), g(f.energy_change), g(f.work),
      f.energy_drift and g(f.energy_drift) or f.drift_unknown }
  end
  -- the energy's change is the drivers' and dampers' work and the drift
  -- (a driven slider-crank's 2.7 J of change was called its drift): the
  -- three apart, change - work = drift
  rows(lines, self.order, cost,
    { format = " %6s %7s %7s %9s %8s %8s %8s",
      cells = { "states", "fevals", "wall ms", "max |Phi|", "change", "work in", "drift" } },
    (" "):rep(35) .. "energy [J]:")

  local accuracy = {}
  for i, label in ipairs(self.order) do
    local r, d = self.results[label], self.diff[label]
    accuracy[i] = { g(r.violation[1]), g(r.velocity_violation and r.velocity_violation[1]),
      d and g(d.max_position) or (i == 1 and "(reference)" or "-"), d and g(d.max_angle) or "" }
  end
  rows(lines, self.order, accuracy,
    { format = "  %9s  %9s   %12s  %11s", cells = { "|Phi|", "|Phi'|", "position [m]", "angle [rad]" } },
    string.format("  %-20s   %s", "    at the start", "   largest difference"))
  -- what was not run, and why: a line each, wrapped under its name
  if #self.skipped > 0 then
    lines[#lines + 1] = "  not run (they cannot do this analysis here):"
    local width = 0
    for _, s in ipairs(self.skipped) do width = math.max(width, #s.name) end
    width = math.min(width, 16)
    for _, s in ipairs(self.skipped) do
      local head = ("    %-" .. width .. "s  "):format(s.name)
      lines[#lines + 1] = wrap(s.why, WIDTH, head, (" "):rep(#head))
    end
  end
  if #self.order > 1 then
    local last = string.format("  largest difference from %s: %.3g m in position, %.3g rad in angle",
      ref_label, self.maxdiff_position, self.maxdiff_angle)
    if #last > WIDTH then
      last = string.format("  largest difference: %.3g m in position, %.3g rad in angle",
        self.maxdiff_position, self.maxdiff_angle)
    end
    lines[#lines + 1] = last
    lines[#lines + 1] = string.format("  first samples (positions, angles, velocities) agree to %.2g",
      self.start_difference)
  end
  return table.concat(lines, "\n")
end

-- At the prompt a comparison prints one line: its table has been shown.
function Comparison:__tostring()
  local skipped = {}
  for i, s in ipairs(self.skipped) do skipped[i] = s.name end
  return ("<comparison of '%s': %s%s; c:table() prints the table>"):format(self.model_name,
    table.concat(self.order, ", "), #skipped > 0 and ("; not run: " .. table.concat(skipped, ", ")) or "")
end

-- Side by side at the prompt, each pane with its figures and a plot of the
-- differences below, then the table once q leaves; in --batch the table.
-- The panes at the prompt, then the table; in --batch the table. Returns
-- nothing, so the prompt does not print the comparison again.
function Comparison:show(opts)
  opts = args.options(opts, { "text", "labels", "trails", "speed" }, "c:show")
  local terminal = view.terminal()
  if terminal and not opts.text then
    local panes = {}
    for _, label in ipairs(self.order) do
      local r = self.results[label]
      r:frame(r.t[1], { width = 8, height = 8 }) -- builds the scene and poses once
      panes[#panes + 1] = { scene = r._scene, poses = r._poses, title = label,
        figures = r:figures_text(), notes = result.switch_notes(r) }
    end
    local plot
    if #self.order > 1 then
      local series = {}
      for k = 2, #self.order do
        local d = self.diff[self.order[k]]
        series[#series + 1] = { x = self.results[self.order[1]].t, y = d.position, label = self.order[k] }
      end
      plot = { series = series, title = "position difference from " .. self.order[1] .. " [m]",
        xlabel = "t [s]" }
    end
    -- the key e: one evaluation at the frame's state in each formulation, one after another
    local function explain(frame)
      local parts = {}
      for _, name in ipairs(self.order) do
        local r = self.results[name]
        local o = r.options or {}
        parts[#parts + 1] = require("mechbench.explain").text(r._model, { t = r.t[frame], result = r,
          formulation = r.stats.formulation, tree = o.tree, angles = o.angles })
      end
      return table.concat(parts, "\n\n")
    end
    local ok, err = cv.animate{ panes = panes, plot = plot, labels = opts.labels,
      trails = opts.trails, speed = opts.speed, unicode = view.unicode, explain = explain }
    if not ok then require("mechbench.message").to_stderr("compare: " .. tostring(err) .. "; showing the table instead") end
  end
  print(self:table())
end

function Comparison:animate(opts) self:show(opts) end

-- c:plot{ quantity = "crank.angle", file = "compare.svg" }: each run's
-- curve of the quantity, and each one's difference from the first
-- (mechbench.figure); printed as text without a file.
function Comparison:plot(opts)
  opts = args.options(opts, { "quantity", "file", "width", "height" }, "c:plot")
  local plots = figure.comparison(self, opts)
  local target = figure.target("c:plot", opts, figure.STILL, "compare")
  if target then return figure.write("c:plot", { kind = "plots", plots = plots }, target) end
  if figure.show("c:plot", { kind = "plots", plots = plots }) then return end
  for _, p in ipairs(plots) do
    p.kind, p.text, p.width, p.height = nil, true, opts.width, opts.height
    print(result.plot(p, "c:plot"))
  end
end

args.methods(Comparison, "c")
return M
