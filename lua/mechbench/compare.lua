-- mechbench.compare: one model through several formulations (or several
-- integrators, remedies, steps) with the same options, side by side.
--   c = mb.compare(m, {"body", "joint"}, { tf = 2, dt = 0.01 })
--   c.results.body, c.maxdiff, c.diff.joint.position, c.figures.body
-- An entry is a formulation name or a table of options with a label:
--   mb.compare(m, {"body", { label = "rk4", integrator = "rk4", h = 1e-3 }}, {...})
local core = require "mechbench.core"
local view = require "mechbench.view"
local cv = core.view

local M = {}
local Comparison = {}
Comparison.__index = Comparison

local function copy(t)
  local out = {}
  for k, v in pairs(t or {}) do out[k] = v end
  return out
end

-- Largest difference of positions and angles between two runs, per sample.
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

function M.compare(model, entries, opts)
  if type(model) ~= "table" or type(model.simulate) ~= "function" then
    error("mb.compare(model, {\"body\", ...}, options): the first argument must be a model, not "
      .. (model == nil and "nil" or type(model)), 2)
  end
  if type(entries) ~= "table" or #entries == 0 then
    error('mb.compare(model, {"body", ...}, options) needs at least one formulation', 2)
  end
  local c = setmetatable({ results = {}, order = {}, diff = {}, figures = {}, maxdiff = 0,
    model_name = model.name }, Comparison)
  for k, entry in ipairs(entries) do
    local o = copy(opts)
    if type(entry) == "string" then o.formulation = entry else for key, v in pairs(entry) do o[key] = v end end
    local label = type(entry) == "table" and entry.label or o.formulation or "body"
    if c.results[label] then label = label .. " #" .. k end
    -- the display's options are the comparison's, not a run's
    for _, key in ipairs { "label", "show", "text", "labels", "trails", "speed" } do o[key] = nil end
    c.results[label] = model:simulate(o)
    c.order[#c.order + 1] = label
    c.figures[label] = c.results[label]:figures()
  end
  local reference = c.results[c.order[1]]
  for k = 2, #c.order do
    local d = difference(reference, c.results[c.order[k]])
    c.diff[c.order[k]] = d
    c.maxdiff = math.max(c.maxdiff, d.max_position, d.max_angle)
  end
  if (opts or {}).show ~= false then c:show(opts) end
  return c
end

function Comparison:table()
  local lines = {}
  local ref = self.results[self.order[1]]
  lines[1] = string.format("%s: %d runs, t = %g to %g, %d samples", self.model_name, #self.order,
    ref.t[1], ref.t[#ref.t], #ref.t)
  local width = 16
  for _, label in ipairs(self.order) do width = math.max(width, #label) end
  local row = "  %-" .. width .. "s %9s %10s %12s %12s %14s %14s"
  lines[2] = string.format(row, "run", "fevals", "wall ms", "max |Phi|", "energy drift", "max dpos [m]", "max dangle")
  for k, label in ipairs(self.order) do
    local f, d = self.figures[label], self.diff[label]
    lines[#lines + 1] = string.format(row, label, f.fevals, string.format("%.3g", 1e3 * f.wall),
      string.format("%.3g", f.violation), string.format("%.3g", f.energy_drift),
      d and string.format("%.3g", d.max_position) or (k == 1 and "(reference)" or "-"),
      d and string.format("%.3g", d.max_angle) or "")
  end
  lines[#lines + 1] = string.format("  largest difference from %s: %.3g", self.order[1], self.maxdiff)
  return table.concat(lines, "\n")
end

Comparison.__tostring = Comparison.table

-- Side by side at the prompt, each pane with its figures and a plot of the
-- differences below; in --batch the table.
function Comparison:show(opts)
  opts = opts or {}
  local terminal = core.mode ~= "batch" and core.isatty(0) and core.isatty(1)
  if terminal and not opts.text then
    local panes = {}
    for _, label in ipairs(self.order) do
      local r = self.results[label]
      local f = self.figures[label]
      r:frame(r.t[1], { width = 1, height = 1 }) -- builds the scene and poses once
      panes[#panes + 1] = { scene = r._scene, poses = r._poses, title = label,
        -- short enough for three panes side by side at 80 columns
        figures = string.format("%d evals, %.3g ms\n|Phi| %.1e dE %.1e", f.fevals, 1e3 * f.wall,
          f.violation, f.energy_drift) }
    end
    local plot
    if #self.order > 1 then
      local series = {}
      for k = 2, #self.order do
        local d = self.diff[self.order[k]]
        series[#series + 1] = { x = self.results[self.order[1]].t, y = d.position,
          label = self.order[k] .. " - " .. self.order[1] .. " [m]" }
      end
      plot = { series = series, title = "largest position difference", xlabel = "t [s]" }
    end
    local ok, err = cv.animate{ panes = panes, plot = plot, labels = opts.labels,
      trails = opts.trails, speed = opts.speed, unicode = view.unicode }
    if ok then return self end
    io.stderr:write("compare: " .. tostring(err) .. "; showing the table instead\n")
  end
  print(self:table())
  return self
end

function Comparison:animate(opts) return self:show(opts) end

return M
