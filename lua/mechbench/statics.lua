-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.statics: static equilibrium (Sec. 14.2): at rest, with no
-- accelerations, the applied forces balance the reactions and the joints
-- hold: h(c) + D'λ = 0, Φ(c) = 0.
--   eq = m:equilibrium{ method = "newton" | "dynamics", tol,
--                       max_iterations, max_step (newton), damping, max_chunks (dynamics),
--                       stable (true: the damped dynamics, then Newton) }
-- "newton" solves those equations by a damped Newton-Raphson from the
-- model's start (∂(h + D'λ)/∂c by central differences, D exact): every step
-- is limited (no angle moves more than max_step radians, no position more
-- than max_step times the model's size) and shortened until the residual
-- falls, and where the matrix is singular a least-squares step
-- (Levenberg-Marquardt) takes its place, so it finds the equilibrium
-- nearest the start rather than one a wild first step lands near.
-- "dynamics" lets the mechanism settle under added viscous damping.
-- Either way the rest found is then judged: the stiffness
-- K = -∂(h + D'λ)/∂c (λ held, so the constraint forces' geometric stiffness
-- is in it) on the directions the joints allow, N'KN with N an orthonormal
-- basis of the null space of D, positive definite = stable.
-- The result has one time: eq:body("b").angle[1], eq:reaction("pin").fy[1],
-- and eq.stable, eq.stability, eq.lowest_stiffness, eq.lowest_omega2, eq.dof.
-- The model's own initial conditions are left as they were.
local core = require "mechbench.core"
local args = require "mechbench.args"
local elements = require "mechbench.elements"
local kinds = require "mechbench.kinds"
local runs = require "mechbench.runs"
local result = require "mechbench.result"
local mat = core.mat

local M = {}

-- The options of m:equilibrium, declared as C declares a run's
-- (util/option.h) and checked by args.check_options; m:modes takes method,
-- stable and tol and passes them on.
local both = { equilibrium = true, modes = true }
local OPTIONS = {
  method = { name = "method", type = "choice", choices = { "newton", "dynamics" }, default = "newton",
    analyses = both, summary = "newton (from the start) or dynamics (settling under added damping)" },
  stable = { name = "stable", type = "flag", default = false, analyses = both,
    summary = "settles by damped dynamics, then Newton: a stable rest" },
  -- a residual of forces (N, N m) and constraints, or a speed (m/s):
  -- below 1e-14 under round-off, as a run's tol; the model's own units
  -- above, up to the largest size of a number taken (args.LARGEST)
  tol = { name = "tol", type = "number", lo = 1e-14, hi = 1e15, default = 1e-9, analyses = both,
    summary = "the residual (newton) or speed (dynamics) taken as rest" },
  -- counts are bounded, so no search of them can go on for ever; 0
  -- iterations judge the start as it is
  max_iterations = { name = "max_iterations", type = "whole", lo = 0, hi = 1e4, default = 50,
    analyses = { equilibrium = true }, summary = "Newton's iterations, at most" },
  max_chunks = { name = "max_chunks", type = "whole", lo = 1, hi = 1e4, default = 200,
    analyses = { equilibrium = true }, summary = "seconds of damped motion, at most" },
  -- a step limit (rad, and times the model's size) and a damping rate
  -- (1/s): positive, from 1e-12 (a slip of units) to args.LARGEST
  max_step = { name = "max_step", type = "number", lo = 1e-12, hi = 1e15, default = 0.25,
    analyses = { equilibrium = true }, summary = "the largest Newton step (rad, or times the model's size)" },
  damping = { name = "damping", type = "number", lo = 1e-12, hi = 1e15, default = 1,
    analyses = { equilibrium = true }, summary = "the added damping (1/s), times each body's mass and inertia" },
}
M.options = OPTIONS
-- The options of one method only, unless stable = true (which uses both).
local ONLY = { max_iterations = "newton", max_step = "newton", damping = "dynamics", max_chunks = "dynamics" }

---------------------------------------------------------------- small dense linear algebra
local function norm(v)
  local s = 0
  for _, x in ipairs(v) do s = s + x * x end
  return math.sqrt(s)
end

local function finite(v)
  for _, x in ipairs(v) do if x ~= x or x == math.huge or x == -math.huge then return false end end
  return true
end

-- An orthonormal basis (a list of columns) of the null space of the
-- rows × n matrix D (a list of rows): the right singular vectors whose
-- singular value is at most 1e-8 of the largest (mb.mat.svd, on GSL).
local function null_space(D, n)
  local basis = {}
  local function column(V, j)
    local b = {}
    for i = 1, n do b[i] = V(i, j) end
    return b
  end
  if #D == 0 then
    local I = mat.eye(n)
    for j = 1, n do basis[j] = column(I, j) end
    return basis
  end
  local s, _, V = mat.svd(D)
  local largest = s[1] or 0
  for j = 1, n do
    if j > #s or s[j] <= 1e-8 * largest then basis[#basis + 1] = column(V, j) end
  end
  return basis
end
M.null_space = null_space

-- N A N' for the free directions N (rows), as plain tables.
local function project(A, N)
  local Nm = mat(N)
  return (Nm * mat(A) * Nm:t()):totable()
end

-- The eigenvalues (ascending) of K x = ω² Mr x, Mr positive definite, and
-- the eigenvectors (a matrix of columns, x'Mr x = 1); nil when Mr is not.
local function generalised_eigen(K, Mr)
  local ok, values, vectors = pcall(mat.eig, K, Mr)
  if ok then return values, vectors end
end

---------------------------------------------------------------- the model's state
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

-- The model's size, in metres: the largest distance of a body or a point
-- from the origin of its frame (1 when everything sits at the origin). It
-- scales the step limit and the differences for positions.
local function size_of(m)
  local size = 0
  for _, b in ipairs(m._order.bodies) do
    local p = b.pos or { 0, 0 }
    size = math.max(size, math.abs(p[1]), math.abs(p[2]))
  end
  for _, p in ipairs(m._order.points) do
    local at = p.at or { 0, 0 }
    size = math.max(size, math.abs(at[1]), math.abs(at[2]))
  end
  return size > 0 and size or 1
end

-- The pieces of the equations at c with the velocities zero.
local function evaluator(m, where)
  local desc = m:compile()
  local n = 3 * #m._order.bodies
  return function(c)
    local y = {}
    for k = 1, n do y[k], y[n + k] = c[k], 0 end
    local ok, p = pcall(core.model.pieces, desc, { formulation = "body" }, 0, y)
    if not ok then error(string.format("%s: equilibrium: %s", where, tostring(p)), 0) end
    return p
  end
end

-- h + D'λ at the pieces p.
local function net_force(p, lambda, n)
  local f = {}
  if #p.phi == 0 then
    for k = 1, n do f[k] = p.h[k] end
    return f
  end
  local Dt_lambda = p.D:t() * mat(lambda) -- a product in GSL, not n x rows calls
  for k = 1, n do f[k] = p.h[k] + Dt_lambda(k, 1) end
  return f
end

-- The multipliers that best balance h at p, in the least-squares sense:
-- (D D' + ε) λ = -D h (ε keeps redundant rows from making it singular).
local function balancing_multipliers(p)
  local nc = #p.phi
  local lambda = {}
  for row = 1, nc do lambda[row] = 0 end
  if nc == 0 then return lambda end
  local A = (p.D * p.D:t()):totable()
  local Dh = p.D * mat(p.h)
  local b, trace = {}, 0
  for i = 1, nc do
    b[i] = -Dh(i, 1)
    trace = trace + A[i][i]
  end
  local ok, x = pcall(mat.solve, A, b)
  if ok and finite(x) then return x end
  local eps = 1e-12 * math.max(trace / nc, 1e-300)
  for i = 1, nc do A[i][i] = A[i][i] + eps end
  ok, x = pcall(mat.solve, A, b)
  if ok and finite(x) then return x end
  return lambda
end

-- ∂(h + D'λ)/∂c at c with λ held, by central differences.
local function force_jacobian(eval, c, lambda, steps)
  local n = #c
  local J = {}
  for a = 1, n do J[a] = {} end
  for k = 1, n do
    local cp, cm = { table.unpack(c) }, { table.unpack(c) }
    cp[k], cm[k] = c[k] + steps[k], c[k] - steps[k]
    local fp, fm = net_force(eval(cp), lambda, n), net_force(eval(cm), lambda, n)
    for a = 1, n do J[a][k] = (fp[a] - fm[a]) / (2 * steps[k]) end
  end
  return J
end

---------------------------------------------------------------- damped Newton-Raphson
local function newton(m, opts, where)
  local eval = evaluator(m, where)
  local c = state_of(m)
  local n = #c
  local size = size_of(m)
  local steps, limits = {}, {}
  local max_step = opts.max_step or 0.25
  for k = 1, n do
    local angle = k % 3 == 0
    steps[k] = 1e-6 * (angle and 1 or size)
    limits[k] = max_step * (angle and 1 or size)
  end
  local p = eval(c)
  local nc = #p.phi
  local lambda = balancing_multipliers(p)
  local tol, max_it = opts.tol or 1e-9, opts.max_iterations or 50

  local function residual_at(cc, ll, pp)
    pp = pp or eval(cc)
    local r = net_force(pp, ll, n)
    for row = 1, nc do r[n + row] = pp.phi[row] end
    return r, pp
  end

  -- Along the direction d (c then λ): the step limited so no coordinate
  -- moves more than its limit, then halved until the residual falls. λ
  -- goes as the step moves it, or is balanced anew at the new c, whichever
  -- leaves less unbalanced (far from a rest the step's λ can wander off
  -- into a valley of the residual that holds no equilibrium).
  local function try(d, size0)
    if not finite(d) then return nil end
    local scale = 1
    for k = 1, n do
      if math.abs(d[k]) * scale > limits[k] then scale = limits[k] / math.abs(d[k]) end
    end
    local alpha = scale
    for _ = 0, 30 do
      local cc, ll = {}, {}
      for k = 1, n do cc[k] = c[k] + alpha * d[k] end
      for row = 1, nc do ll[row] = lambda[row] + alpha * d[n + row] end
      local r
      local ok, pp = pcall(eval, cc)
      if ok then
        r = residual_at(cc, ll, pp)
        local l2 = balancing_multipliers(pp)
        local r2 = residual_at(cc, l2, pp)
        if norm(r2) < norm(r) then ll, r = l2, r2 end
      end
      if ok then
        local s = norm(r)
        if s <= (1 - 1e-4 * alpha) * size0 then return cc, ll, r, pp, alpha, scale < 1 end
      end
      alpha = alpha / 2
      if alpha < 1e-9 * scale then break end
    end
  end

  local history, trace = {}, {}
  local r = residual_at(c, lambda, p)
  local polished
  for it = 1, max_it + 1 do
    local size0 = norm(r)
    history[#history + 1] = size0
    -- within tol, one more full step (kept only if it lowers the residual)
    -- takes the answer to round-off at the cost of one Jacobian
    if size0 <= tol and (polished or size0 == 0 or it > max_it) then return c, history, lambda, trace end
    polished = size0 <= tol
    if it > max_it then
      error(string.format("%s: equilibrium: no equilibrium in reach of the start after %d Newton "
        .. "iterations (residual %.3g); try method = \"dynamics\", or start nearer", where, max_it, size0), 0)
    end
    -- J = [∂(h + D'λ)/∂c, D'; D, 0]
    local Jc = force_jacobian(eval, c, lambda, steps)
    local N = n + nc
    local J = {}
    for a = 1, N do J[a] = {} for b = 1, N do J[a][b] = 0 end end
    for a = 1, n do for k = 1, n do J[a][k] = Jc[a][k] end end
    for row = 1, nc do
      for k = 1, n do
        local d = p.D(row, k)
        J[n + row][k], J[k][n + row] = d, d
      end
    end
    local minus = {}
    for a = 1, N do minus[a] = -r[a] end
    local kind = "Newton"
    local ok, d = pcall(mat.solve, J, minus)
    local cc, ll, rr, pp, alpha, limited, singular_note
    if polished then
      if ok and finite(d) then
        local c1, l1 = {}, {}
        for k = 1, n do c1[k] = c[k] + d[k] end
        for row = 1, nc do l1[row] = lambda[row] + d[n + row] end
        local ok1, r1, p1 = pcall(residual_at, c1, l1)
        if ok1 and norm(r1) < size0 then
          trace[#trace + 1] = { residual = size0, kind = "Newton", scale = 1, limited = false,
            largest = 0 }
          for k = 1, n do trace[#trace].largest = math.max(trace[#trace].largest, math.abs(d[k])) end
          c, lambda, r, p = c1, l1, r1, p1
          history[#history + 1] = norm(r1)
        end
      end
      return c, history, lambda, trace
    end
    if ok then
      cc, ll, rr, pp, alpha, limited = try(d, size0)
    else
      singular_note = tostring(d)
    end
    if not cc then
      -- least squares: (J'J + μ) d = -J'r, μ growing until a step helps
      local JtJ, Jtr, top = {}, {}, 0
      for a = 1, N do
        JtJ[a], Jtr[a] = {}, 0
        for b = 1, N do
          local s = 0
          for l = 1, N do s = s + J[l][a] * J[l][b] end
          JtJ[a][b] = s
        end
        for l = 1, N do Jtr[a] = Jtr[a] - J[l][a] * r[l] end
        top = math.max(top, JtJ[a][a])
      end
      if top > 0 then
        local mu = 1e-10 * top
        for _ = 1, 12 do
          local A = {}
          for a = 1, N do
            A[a] = { table.unpack(JtJ[a]) }
            A[a][a] = A[a][a] + mu
          end
          local ok2, d2 = pcall(mat.solve, A, Jtr)
          if ok2 then
            cc, ll, rr, pp, alpha, limited = try(d2, size0)
            if cc then kind = "least squares" break end
          end
          mu = mu * 100
        end
      end
    end
    if not cc then
      -- where the residual is flat to first order (the horizontal pendulum:
      -- the joints' multipliers balance all they can, and no stiffness acts
      -- yet), move the way the net force pushes within the joints' free
      -- directions, as the damped dynamics would, with λ balanced anew
      local D = {}
      for row = 1, nc do
        D[row] = {}
        for k = 1, n do D[row][k] = p.D(row, k) end
      end
      local d3 = {}
      for a = 1, N do d3[a] = 0 end
      for _, v in ipairs(null_space(D, n)) do
        local s = 0
        for k = 1, n do s = s + v[k] * r[k] end
        for k = 1, n do d3[k] = d3[k] + s * v[k] end
      end
      if norm(d3) > 0 then
        cc, ll, rr, pp, alpha, limited = try(d3, size0)
        if cc then kind = "along the force" end
      end
    end
    if not cc then
      if singular_note then
        error(string.format("%s: equilibrium: the equations are singular here (%s) and no step lowers "
          .. "the residual (%.3g): the mechanism may be free to move without changing its energy, or "
          .. "nothing holds it", where, singular_note, size0), 0)
      end
      error(string.format("%s: equilibrium: stuck after %d iterations at residual %.3g: no step "
        .. "lowers it (a low point of the residual that is not an equilibrium); start elsewhere or "
        .. "try method = \"dynamics\"", where, it, size0), 0)
    end
    local largest = 0
    for k = 1, n do largest = math.max(largest, math.abs(cc[k] - c[k])) end
    trace[#trace + 1] = { residual = size0, kind = kind, scale = alpha, limited = limited or false,
      largest = largest }
    c, lambda, r, p = cc, ll, rr, pp
  end
end

---------------------------------------------------------------- damped dynamics
-- The stiffest contact or spring of m, as "contact 'K1', flores law, k =
-- 1e+06", or nil: what most likely made the damped motion stiff.
local function stiffest(m)
  local best, said
  for _, k in ipairs(m._order.contacts) do
    if type(k.k) == "number" and (not best or k.k > best) then
      best, said = k.k, ("contact '%s', %s law, k = %.3g"):format(k.name, k.law, k.k)
    end
  end
  for _, f in ipairs(m._order.forces) do -- a spring along a line or a turn (its kind's law says)
    local law = kinds.of.force[f.type].law
    local k = law.stiffness and f[law.stiffness]
    if type(k) == "number" and (not best or k > best) then
      best, said = k, ("spring '%s', %s = %.3g %s"):format(f.name, law.stiffness, k,
        law.form == "turn" and "N m/rad" or "N/m")
    end
  end
  return said
end

-- A chunk of damped motion turned stiff (its run's r.stiff, "... at t = T
-- s ... of H s and less ..."), after `before` s of motion: the search ends
-- here, said at the user's line.
local function stiff_error(m, r, before, stable, where)
  local t, h = r.stiff:match("at t = (%S+) s.- of (%S+) s and less")
  local culprit = stiffest(m)
  error(string.format("%s: equilibrium: the damped motion turned stiff at t = %.3g s: its steps fell to %s s, "
    .. "so settling would take millions of them (%s); try method = \"newton\"%s, which finds the rest without "
    .. "following the motion", where, before + (tonumber(t) or 0), h or "a crawl",
    culprit and ("the stiffest element: " .. culprit) or "a stiff spring, contact or force against a joint?",
    stable and " without stable = true (eq.stable then says whether the rest is stable)" or ""), 0)
end

local function settle(m, opts, where)
  local damping = opts.damping or 1
  local name = "__equilibrium_damping"
  -- -c M v on every body: generalised forces straight from the
  -- velocities, no state tables (a user's force, with them, took twice
  -- the instructions of a pendulum's search, three times the time of a
  -- stiff chunk's 6e5 evaluations)
  elements.generalised_force(m, { name = name, type = "user", fn = function(_, _, cd)
    local h = {}
    for i, b in ipairs(m._order.bodies) do
      local k = 3 * (i - 1)
      h[k + 1], h[k + 2] = -damping * b.mass * cd[k + 1], -damping * b.mass * cd[k + 2]
      h[k + 3] = -damping * b.inertia * cd[k + 3]
    end
    return h
  end })
  local ok, err = pcall(function()
    for chunk = 1, opts.max_chunks or 200 do
      m:correct()
      -- a chunk that turns stiff ends there (at 1e5 steps in half a
      -- second): the rest of it, and every chunk after, would crawl
      local r = runs.simulate_until_stiff(m, { tf = 1, dt = 0.5, tol = 1e-9 })
      if r.stiff then stiff_error(m, r, chunk - 1, opts.stable, where) end
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

---------------------------------------------------------------- a stable rest
-- stable = true: the damped dynamics from the start fall into a stable
-- rest (a mechanism at rest on an unstable one is pushed off it by the
-- least error), then Newton takes that rest to round-off.
local function stable_rest(m, opts, where)
  local loose = {}
  for k, v in pairs(opts) do loose[k] = v end
  loose.tol = math.max(opts.tol or 1e-9, 1e-6)
  -- a start exactly on an unstable rest has no force to leave it: nudge
  -- every coordinate by a hair first (1e-6 rad, 1e-6 of the model's size,
  -- unequal, so the nudge has a share in every free direction)
  local size = size_of(m)
  for _, b in ipairs(m._order.bodies) do
    local p = b.pos or { 0, 0 }
    b.pos = { p[1] + 0.7e-6 * size, p[2] + 0.3e-6 * size }
    b.angle = (b.angle or 0) + 1e-6
  end
  m:correct()
  settle(m, loose, where)
  return newton(m, opts, where)
end

---------------------------------------------------------------- linearised about a rest
-- The equations of small motions about the rest c (velocities zero) with
-- the multipliers λ (found by least squares when not given), in body
-- coordinates: M δc̈ + C δċ + K δc = D'δλ, D δc = 0, with
--   K = -∂(h + D'λ)/∂c at λ held: the applied forces' stiffness and the
--       constraint forces' geometric stiffness Σ λᵢ ∂²Φᵢ/∂c² together,
--   C = -∂h/∂ċ: the dampers,
-- both by central differences; and N, an orthonormal basis of the null
-- space of D (the directions the joints allow). With δc = N z, N'D' = 0
-- leaves M̃ z̈ + C̃ ż + K̃ z = 0, M̃ = N'MN, C̃ = N'CN, K̃ = N'KN.
-- with_damping: C too (2n more evaluations).
function M.linearise(m, c, lambda, where, with_damping)
  local eval = evaluator(m, where)
  local n, size = #c, size_of(m)
  local p = eval(c)
  lambda = lambda or balancing_multipliers(p)
  local steps = {}
  for k = 1, n do steps[k] = 1e-6 * (k % 3 == 0 and 1 or size) end
  local Jc = force_jacobian(eval, c, lambda, steps)
  local K, Mfull, D = {}, {}, {}
  for a = 1, n do
    K[a], Mfull[a] = {}, {}
    for b = 1, n do K[a][b], Mfull[a][b] = -Jc[a][b], p.M(a, b) end
  end
  for row = 1, #p.phi do
    D[row] = {}
    for k = 1, n do D[row][k] = p.D(row, k) end
  end
  local lin = { p = p, lambda = lambda, K = K, M = Mfull, D = D, N = null_space(D, n), size = size }
  if with_damping then
    local C = {}
    for a = 1, n do C[a] = {} end
    local desc = m:compile()
    local function h_at(v)
      local y = {}
      for k = 1, n do y[k], y[n + k] = c[k], v[k] end
      local ok, q = pcall(core.model.pieces, desc, { formulation = "body" }, 0, y)
      if not ok then error(string.format("%s: modes: %s", where, tostring(q)), 0) end
      return q.h
    end
    for k = 1, n do
      local vp, vm = {}, {}
      for a = 1, n do vp[a], vm[a] = 0, 0 end
      vp[k], vm[k] = steps[k], -steps[k]
      local hp, hm = h_at(vp), h_at(vm)
      for a = 1, n do C[a][k] = -(hp[a] - hm[a]) / (2 * steps[k]) end
    end
    lin.C = C
  end
  if #lin.N > 0 then
    lin.Mr, lin.Kr = project(Mfull, lin.N), project(K, lin.N)
    if lin.C then lin.Cr = project(lin.C, lin.N) end
  end
  return lin
end

---------------------------------------------------------------- is it stable?
-- The stiffness on the directions the joints allow, at c with λ (found by
-- least squares when not given).
local function judge(m, c, lambda, where)
  local lin = M.linearise(m, c, lambda, where)
  local p, N, n, size = lin.p, lin.N, #c, lin.size
  lambda = lin.lambda
  local out = { dof = #N, lambda = lambda }
  if #N == 0 then
    out.stable, out.stability = true, "stable"
    out.note = "stable: nothing can move (the joints leave no free direction)"
    return out
  end
  local Kr = lin.Kr
  local Ks, big, skew = {}, 0, 0
  for i = 1, #N do
    Ks[i] = {}
    for j = 1, #N do
      Ks[i][j] = (Kr[i][j] + Kr[j][i]) / 2
      big, skew = math.max(big, math.abs(Kr[i][j])), math.max(skew, math.abs(Kr[i][j] - Kr[j][i]) / 2)
    end
  end
  local values = mat.eig(Ks)
  -- the scale below which a stiffness counts as zero: the eigenvalues'
  -- own, or that of the forces acting (a force over the model's size)
  local force = 0
  for k = 1, n do force = math.max(force, math.abs(p.h[k])) end
  local f = net_force(p, lambda, n)
  for k = 1, n do force = math.max(force, math.abs(f[k] - p.h[k])) end
  local zero = 1e-7 * math.max(math.abs(values[1]), math.abs(values[#values]), force / size, force)
  local lowest = values[1]
  out.stiffnesses, out.lowest_stiffness = values, lowest
  out.asymmetry = big > 0 and skew / big or 0
  local omega2 = generalised_eigen(Ks, lin.Mr)
  if omega2 then out.omega2, out.lowest_omega2 = omega2, omega2[1] end
  local word = #N == 1 and "direction" or "directions"
  local detail = string.format("lowest stiffness %.6g%s; %d free %s", lowest,
    out.lowest_omega2 and string.format(", lowest omega^2 %.6g 1/s^2", out.lowest_omega2) or "", #N, word)
  local loose = 0 -- the free directions no stiffness holds
  for _, v in ipairs(values) do if math.abs(v) <= zero then loose = loose + 1 end end
  if lowest < -zero then
    out.stable, out.stability = false, "unstable"
    out.note = "UNSTABLE: " .. detail .. ": the smallest push moves it away; stable = true finds a stable rest"
  elseif lowest <= zero then
    out.stable, out.stability = false, "neutral"
    out.note = ("neutral: %s: no stiffness holds it in %s of them (higher-order terms decide)"):format(detail,
      loose == 1 and "one" or tostring(loose))
  else
    out.stable, out.stability = true, "stable"
    out.note = "stable: " .. detail
  end
  if out.asymmetry > 1e-6 then
    out.note = out.note .. string.format(" (the stiffness is not symmetric, %.2g: a force turns with a body; "
      .. "judged by its symmetric part)", out.asymmetry)
  end
  return out
end

---------------------------------------------------------------- the options
local function check_options(opts)
  local o = args.check_options(opts, OPTIONS, "equilibrium")
  local method = o.method or OPTIONS.method.default
  o.method = method
  if o.stable and opts.method ~= nil then
    args.fail("equilibrium", "stable = true searches by damped dynamics, then Newton: leave method out")
  end
  for key, with in pairs(ONLY) do
    if o[key] ~= nil and with ~= method and not o.stable then
      args.fail("equilibrium", '%s is an option of method = "%s", not of "%s"', key, with, method)
    end
  end
  return o
end

-- At rest nothing moves, a driven joint included: each driver is held at
-- its value at t = 0 while the equilibrium is found (its rate would ask
-- for motion). Returns what puts the drivers back.
local function hold_drivers(m)
  local kept = {}
  for _, j in ipairs(m._order.joints) do
    if j.type == "driver" and type(j.fn) == "function" then
      kept[j] = j.fn
      j.fn = (j.fn(0))
    end
  end
  return function() for j, fn in pairs(kept) do j.fn = fn end end
end

function M.equilibrium(m, opts, where)
  opts = check_options(opts)
  local method = opts.method
  local release = hold_drivers(m)
  local positions = saved(m)
  local function restore() positions() release() end
  -- a start off its joints is allowed (Newton puts it on them) but said
  local ok0, start = pcall(m.evaluate, m)
  local off = 0
  for _, x in ipairs(ok0 and start.phi or {}) do off = math.max(off, math.abs(x)) end
  local search = opts.stable and stable_rest or method == "newton" and newton or settle
  local ok, c, history, lambda, trace = pcall(search, m, opts, where)
  if not ok then restore() error(c, 0) end
  local ok1, verdict = pcall(judge, m, c, lambda, where)
  if not ok1 then restore() error(verdict, 0) end
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
  r.stats.analysis = "static equilibrium (" .. (opts.stable and "damped dynamics, then Newton" or method) .. ")"
  r.stats.integrator = opts.stable and "damped dynamics, then damped Newton-Raphson"
    or method == "newton" and "damped Newton-Raphson" or "damped dynamics"
  r._rest = { c = c, lambda = verdict.lambda }
  r.history, r.trace = history, trace
  r.iterations = history and #history - 1 or nil
  r.stable, r.stability, r.dof = verdict.stable, verdict.stability, verdict.dof
  r.lowest_stiffness, r.stiffnesses = verdict.lowest_stiffness, verdict.stiffnesses
  r.lowest_omega2, r.omega2, r.stiffness_asymmetry = verdict.lowest_omega2, verdict.omega2, verdict.asymmetry
  r.equilibrium_note = verdict.note
  if off > 1e-6 then
    result.warn(r, ("equilibrium: the start was off its joints by up to %.3g; the rest found "
      .. "meets them"):format(off))
  end
  if not verdict.stable then result.warn(r, "equilibrium: " .. verdict.note) end
  return r
end

return M
