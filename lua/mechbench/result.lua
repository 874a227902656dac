-- mechbench.result: the one result type every formulation returns.
--   r.t, r:body(name).x/.y/.angle/.vx/.vy/.omega/.ax/.ay/.alpha,
--   r:reaction(name).fx/.fy/.torque, r.energy.kinetic/.potential/.total,
--   r.violation, r.stats.fevals/.wall/.steps, r:at(t), r:csv(path), r:summary()
local M = {}
local Result = {}
Result.__index = Result

function M.new(model, raw, opts)
  local r = setmetatable(raw, Result)
  r.model_name = model.name
  r.options = opts
  r.body_order, r.joint_order = {}, {}
  for _, b in ipairs(model._order.bodies) do r.body_order[#r.body_order + 1] = b.name end
  for _, j in ipairs(model._order.joints) do r.joint_order[#r.joint_order + 1] = j.name end
  r.stats.formulation = opts.formulation
  r.stats.integrator = opts.integrator
  if raw.corrected then
    local n, y = #r.body_order, raw.corrected
    r.corrected = {}
    for i, name in ipairs(r.body_order) do
      local k = 3 * (i - 1)
      r.corrected[name] = { x = y[k + 1], y = y[k + 2], angle = y[k + 3],
        vx = y[3 * n + k + 1], vy = y[3 * n + k + 2], omega = y[3 * n + k + 3] }
    end
  end
  return r
end

local function pick(r, list, order, what, name)
  name = type(name) == "table" and name.name or name
  local v = r[list][name]
  if not v then
    error(string.format("the result has no %s '%s' (it has: %s)", what, tostring(name),
      table.concat(order, ", ")), 3)
  end
  return v
end

function Result:body(name) return pick(self, "bodies", self.body_order, "body", name) end
function Result:reaction(name) return pick(self, "reactions", self.joint_order, "joint", name) end

-- Linear interpolation between the two reporting times around t.
function Result:at(t)
  local ts = self.t
  if t < ts[1] or t > ts[#ts] then
    error(string.format("t = %g is outside the run (%g to %g)", t, ts[1], ts[#ts]), 2)
  end
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

function Result:csv(path)
  local f, err = io.open(path, "w")
  if not f then error("cannot write " .. tostring(err), 2) end
  local cols, arrays = { "t" }, { self.t }
  for _, name in ipairs(self.body_order) do
    for _, k in ipairs { "x", "y", "angle", "vx", "vy", "omega", "ax", "ay", "alpha" } do
      cols[#cols + 1] = name .. "." .. k
      arrays[#arrays + 1] = self.bodies[name][k]
    end
  end
  for _, name in ipairs(self.joint_order) do
    for _, k in ipairs { "fx", "fy", "torque" } do
      cols[#cols + 1] = name .. "." .. k
      arrays[#arrays + 1] = self.reactions[name][k]
    end
  end
  for _, k in ipairs { "kinetic", "potential", "total" } do
    cols[#cols + 1] = "energy." .. k
    arrays[#arrays + 1] = self.energy[k]
  end
  cols[#cols + 1] = "violation"
  arrays[#arrays + 1] = self.violation
  f:write(table.concat(cols, ","), "\n")
  for i = 1, #self.t do
    local row = {}
    for c = 1, #arrays do row[c] = string.format("%.10g", arrays[c][i]) end
    f:write(table.concat(row, ","), "\n")
  end
  f:close()
  return #self.t
end

local function max_abs_dev(a)
  local worst = 0
  for i = 1, #a do worst = math.max(worst, math.abs(a[i] - a[1])) end
  return worst
end

function Result:summary()
  local n = #self.t
  local lines = {}
  local function add(...) lines[#lines + 1] = string.format(...) end
  add("%s: %s coordinates, %s, t = %g to %g (%d samples)", self.model_name,
    self.stats.formulation, self.stats.integrator, self.t[1] or 0, self.t[n] or 0, n)
  add("  %d function evaluations, %d steps, %.3g ms", self.stats.fevals, self.stats.steps,
    1e3 * self.stats.wall)
  if self.corrected then
    add("  corrected initial conditions:")
    add("    %-12s %10s %10s %10s %10s %10s %10s", "body", "x", "y", "angle", "vx", "vy", "omega")
    for _, name in ipairs(self.body_order) do
      local c = self.corrected[name]
      add("    %-12s %10.5g %10.5g %10.5g %10.5g %10.5g %10.5g", name, c.x, c.y, c.angle, c.vx, c.vy, c.omega)
    end
  end
  if n > 0 then
    add("  %-12s %10s %10s %10s   (at t = %g)", "body", "x", "y", "angle", self.t[n])
    for _, name in ipairs(self.body_order) do
      local b = self.bodies[name]
      add("  %-12s %10.5g %10.5g %10.5g", name, b.x[n], b.y[n], b.angle[n])
    end
    local e = self.energy.total
    add("  energy: %.6g at start, %.6g at end (largest change %.3g)", e[1], e[n], max_abs_dev(e))
    local worst = 0
    for i = 1, n do worst = math.max(worst, self.violation[i]) end
    add("  largest constraint violation: %.3g", worst)
  end
  if self.error then add("  STOPPED: %s", self.error) end
  return table.concat(lines, "\n")
end

Result.__tostring = Result.summary

return M
