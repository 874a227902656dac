-- mechbench.statics: static equilibrium (Sec. 14.2): at rest, with no
-- accelerations, the applied forces balance the reactions and the joints
-- hold: h(c) + D'λ = 0, Φ(c) = 0.
--   eq = m:equilibrium{ method = "newton" | "dynamics", tol, max_iterations }
-- "newton" solves those equations by Newton-Raphson from the model's start
-- (∂h/∂c by central differences, D exact); "dynamics" lets the mechanism
-- settle under added viscous damping. Either returns a result with one
-- time: eq:body("b").angle[1], eq:reaction("pin").fy[1]. The model's own
-- initial conditions are left as they were.
local core = require "mechbench.core"
local mat = core.mat

local M = {}

local function state_of(m)
  local c = {}
  for i, b in ipairs(m._order.bodies) do
    local p = b.pos or { 0, 0 }
    c[3 * i - 2], c[3 * i - 1], c[3 * i] = p[1], p[2], b.angle or 0
  end
  return c
end

local function set_state(m, c, v)
  for i, b in ipairs(m._order.bodies) do
    b.pos, b.angle = { c[3 * i - 2], c[3 * i - 1] }, c[3 * i]
    if v then b.vel, b.omega = { v[3 * i - 2], v[3 * i - 1] }, v[3 * i] end
  end
end

local function saved(m)
  local keep = {}
  for i, b in ipairs(m._order.bodies) do keep[i] = { b.pos, b.angle, b.vel, b.omega } end
  return function()
    for i, b in ipairs(m._order.bodies) do b.pos, b.angle, b.vel, b.omega = table.unpack(keep[i]) end
  end
end

-- the equations at c (velocities zero): R = [h + D'λ; Φ]
local function residual(m, c, lambda)
  set_state(m, c)
  local e = m:evaluate()
  local n, nc = #c, #e.phi
  local r = {}
  for k = 1, n do
    local s = e.h[k]
    for row = 1, nc do s = s + e.D(row, k) * lambda[row] end
    r[k] = s
  end
  for row = 1, nc do r[n + row] = e.phi[row] end
  return r, e
end

local function norm(v)
  local s = 0
  for _, x in ipairs(v) do s = s + x * x end
  return math.sqrt(s)
end

local function newton(m, opts, where)
  local c = state_of(m)
  local n = #c
  local zero = {}
  for k = 1, n do zero[k] = 0 end
  set_state(m, c, zero)
  local e0 = m:evaluate()
  local nc = #e0.phi
  local lambda = {}
  for row = 1, nc do lambda[row] = 0 end
  local tol, max_it = opts.tol or 1e-9, opts.max_iterations or 50
  local history = {}
  for it = 1, max_it + 1 do
    local r, e = residual(m, c, lambda)
    local size = norm(r)
    history[#history + 1] = size
    if size <= tol then return c, history end
    if it > max_it then
      error(string.format("%s: equilibrium: no equilibrium in reach of the start after %d Newton "
        .. "iterations (residual %.3g); try method = \"dynamics\", or start nearer", where, max_it, size), 0)
    end
    -- J = [∂h/∂c + ∂(D'λ)/∂c, D'; D, 0], the c-columns by central differences
    local J = {}
    for a = 1, n + nc do J[a] = {} for b = 1, n + nc do J[a][b] = 0 end end
    local h = 1e-7
    for k = 1, n do
      local cp, cm = { table.unpack(c) }, { table.unpack(c) }
      cp[k], cm[k] = c[k] + h, c[k] - h
      local rp, rm = residual(m, cp, lambda), residual(m, cm, lambda)
      for a = 1, n do J[a][k] = (rp[a] - rm[a]) / (2 * h) end
      for row = 1, nc do J[n + row][k] = e.D(row, k) end
    end
    for row = 1, nc do
      for k = 1, n do J[k][n + row] = e.D(row, k) end
    end
    local minus = {}
    for a = 1, n + nc do minus[a] = -r[a] end
    local ok, step = pcall(mat.solve, J, minus)
    if not ok then
      error(string.format("%s: equilibrium: the equations are singular here (%s): the mechanism may be "
        .. "free to move without changing its energy", where, tostring(step)), 0)
    end
    for k = 1, n do c[k] = c[k] + step[k] end
    for row = 1, nc do lambda[row] = lambda[row] + step[n + row] end
  end
end

local function settle(m, opts, where)
  local damping = opts.damping or 1
  local name = "__equilibrium_damping"
  m:force{ name = name, type = "user", fn = function(t, s)
    local out = {}
    for _, b in ipairs(m._order.bodies) do
      local st = s.bodies[b.name]
      out[#out + 1] = { body = b.name, force = { -damping * b.mass * st.vx, -damping * b.mass * st.vy },
        torque = -damping * b.inertia * st.omega }
    end
    return out
  end }
  local ok, err = pcall(function()
    for _ = 1, opts.max_chunks or 200 do
      m:correct()
      local r = m:simulate{ tf = 1, dt = 0.5, tol = 1e-9 }
      local last, moving = #r.t, 0
      for _, b in ipairs(m._order.bodies) do
        local rb = r:body(b.name)
        b.pos, b.angle = { rb.x[last], rb.y[last] }, rb.angle[last]
        b.vel, b.omega = { rb.vx[last], rb.vy[last] }, rb.omega[last]
        moving = math.max(moving, math.abs(rb.vx[last]), math.abs(rb.vy[last]), math.abs(rb.omega[last]))
      end
      if moving < (opts.tol or 1e-9) then return end
    end
    error(string.format("%s: equilibrium: still moving after %d s of damped motion", where,
      opts.max_chunks or 200), 0)
  end)
  m.forces[name] = nil
  for i, f in ipairs(m._order.forces) do if f.name == name then table.remove(m._order.forces, i) break end end
  if not ok then error(err, 0) end
  return state_of(m)
end

function M.equilibrium(m, opts, where)
  opts = opts or {}
  local method = opts.method or "newton"
  if method ~= "newton" and method ~= "dynamics" then
    error(string.format('%s: equilibrium: method must be "newton" or "dynamics"', where), 0)
  end
  local restore = saved(m)
  local ok, c, history = pcall(method == "newton" and newton or settle, m, opts, where)
  if not ok then restore() error(c, 0) end
  -- report through a run of one instant, so reactions come out as always
  local zero = {}
  for k = 1, #c do zero[k] = 0 end
  set_state(m, c, zero)
  local ok2, r = pcall(m.simulate, m, { tf = 1e-6, dt = 1e-6 })
  restore()
  if not ok2 then error(r, 0) end
  for _, key in ipairs { "t", "violation", "velocity_violation" } do r[key] = { r[key][1] } end
  for _, tab in ipairs { r.bodies, r.reactions, { r.energy } } do
    for _, fields in pairs(tab) do
      for k, arr in pairs(fields) do
        if type(arr) == "table" and type(arr[1]) == "number" then fields[k] = { arr[1] } end
      end
    end
  end
  r.stats.analysis = "static equilibrium (" .. method .. ")"
  r.stats.integrator = method == "newton" and "Newton-Raphson" or "damped dynamics"
  r.history = history
  return r
end

return M
