-- SPDX-License-Identifier: GPL-3.0-or-later
-- harness.lua: a tiny test library for the Lua tests, run with
--   mechbench --batch tests/lua/test_NAME.lua
-- T.near(got, want, tol, what) and friends count; T.finish() prints the
-- closing line "N passed, N failed" and sets the exit status.
local T = { passed = 0, failed = 0, skipped = 0 }

local function report(ok, what, detail)
  if ok then
    T.passed = T.passed + 1
  else
    T.failed = T.failed + 1
    local level, info = 2, debug.getinfo(2, "Sl")
    while info and info.short_src:find("harness.lua", 1, true) do
      level = level + 1
      info = debug.getinfo(level, "Sl")
    end
    info = info or { short_src = "?", currentline = 0 }
    print(string.format("FAIL %s:%d: %s%s", info.short_src, info.currentline, what or "",
      detail and (" -- " .. detail) or ""))
  end
  return ok
end

function T.ok(cond, what) return report(cond and true or false, what) end

-- A check left out on purpose: said, with why, and counted apart.
function T.skip(what)
  T.skipped = T.skipped + 1
  print("skip: " .. what)
end

function T.near(got, want, tol, what)
  local ok = type(got) == "number" and math.abs(got - want) <= tol
  return report(ok, what, string.format("got %s, want %.12g (tol %g)", tostring(got), want, tol))
end

-- elementwise, tables of numbers or of rows
function T.near_all(got, want, tol, what)
  local worst, shape_ok = 0, true
  local function walk(g, w)
    if type(w) == "number" then
      if type(g) ~= "number" then shape_ok = false return end
      worst = math.max(worst, math.abs(g - w))
      return
    end
    if type(g) ~= "table" and type(g) ~= "userdata" or #g ~= #w then shape_ok = false return end
    for i = 1, #w do walk(g[i], w[i]) end
  end
  walk(got, want)
  return report(shape_ok and worst <= tol, what,
    shape_ok and string.format("largest difference %.3g (tol %g)", worst, tol) or "shape differs")
end

function T.eq(got, want, what)
  return report(got == want, what, string.format("got %s, want %s", tostring(got), tostring(want)))
end

-- f must raise an error whose message contains `pattern` (plain text)
function T.fails(f, pattern, what)
  local ok, err = pcall(f)
  local msg = tostring(err)
  return report(not ok and msg:find(pattern, 1, true) ~= nil, what,
    ok and "no error raised" or ("message: " .. msg))
end

-- What f(...) prints, as one text (print's tabs and lines kept), and, as
-- f raised an error, that error; else nil. print is restored either way.
function T.printed(f, ...)
  local lines, real = {}, print
  print = function(...)
    local parts = {}
    for i = 1, select("#", ...) do parts[i] = tostring((select(i, ...))) end
    lines[#lines + 1] = table.concat(parts, "\t")
  end
  local ok, err = pcall(f, ...)
  print = real
  return table.concat(lines, "\n"), not ok and err or nil
end

-- The same for a call that must not fail: its error is raised again.
function T.capture(f, ...)
  local text, err = T.printed(f, ...)
  if err ~= nil then error(err, 0) end
  return text
end

-- The registered formulations that take `analysis`: "kinematics" (all of
-- them) or "dynamics" (all but those for kinematics only, such as the
-- vector loops, which have no masses or forces: each left out is said);
-- their names, or with entries = true their entries of mb.formulations(true).
function T.formulations(analysis, entries)
  local out = {}
  for _, f in ipairs(mb.formulations(true)) do
    if analysis == "dynamics" and not f.can.dynamics then
      T.skip(("%s: %s is for kinematics only: no masses or forces to simulate (tests/lua/test_vector.lua tests it)"):format(
        f.name, f.title))
    else
      out[#out + 1] = entries and f or f.name
    end
  end
  return out
end

---------------------------------------------------------------- shared checks of models

-- A formulation's constraints against finite differences at a state off
-- the start (every coordinate and rate moved): its Jacobian D = dPhi/dq,
-- v = D q' - dPhi/dt and gamma = -d2Phi/dtau2 along q + q' tau, t + tau
-- (where q'' = 0), as D q' = v and D q'' = gamma mean. opts.scale: the
-- model's smallest length (1 by default), to which the differences' steps
-- are sized; other opts go to m:pieces.
function T.fd_check(label, m, formulation, opts)
  local o, scale = { formulation = formulation }, 1
  for k, v in pairs(opts or {}) do if k == "scale" then scale = v else o[k] = v end end
  local start = m:pieces(o)
  local n, y = #start.q, {}
  for i = 1, n do y[i] = start.q[i] + 0.001 * math.sin(3 * i) end
  for i = 1, n do y[n + i] = start.qd[i] + 0.1 * math.cos(i) end
  local function at(state, t)
    o.y, o.t = state, t
    return m:pieces(o)
  end
  local t, h, tau = 0.3, 1e-6 * scale, 1e-4
  local p = at(y, t)
  local worst_d, worst_v, worst_g = 0, 0, 0
  for k = 1, n do
    local yp, ym = { table.unpack(y) }, { table.unpack(y) }
    yp[k], ym[k] = y[k] + h, y[k] - h
    local a, b = at(yp, t), at(ym, t)
    for r = 1, #p.phi do worst_d = math.max(worst_d, math.abs((a.phi[r] - b.phi[r]) / (2 * h) - p.D(r, k))) end
  end
  -- along the straight path q + q' tau, t + tau: a short step for the
  -- rate, a longer one for the second difference (round-off over tau^2)
  local function along(step)
    local yp, ym = { table.unpack(y) }, { table.unpack(y) }
    for k = 1, n do yp[k], ym[k] = y[k] + step * y[n + k], y[k] - step * y[n + k] end
    return at(yp, t + step), at(ym, t - step)
  end
  local a, b = along(h)
  local a2, b2 = along(tau)
  for r = 1, #p.phi do
    local dq = 0
    for k = 1, n do dq = dq + p.D(r, k) * y[n + k] end
    worst_v = math.max(worst_v, math.abs(dq - (a.phi[r] - b.phi[r]) / (2 * h) - p.vrhs[r]))
    worst_g = math.max(worst_g, math.abs(-(a2.phi[r] - 2 * p.phi[r] + b2.phi[r]) / tau ^ 2 - p.gamma[r]))
  end
  -- the second difference's error grows with gamma itself: tested relative to it
  local size = 1
  for r = 1, #p.gamma do size = math.max(size, math.abs(p.gamma[r])) end
  T.ok(worst_d < 1e-7, ("%s, %s: D = dPhi/dq (%.2g)"):format(label, formulation, worst_d))
  T.ok(worst_v < 1e-7, ("%s, %s: v = D q' - dPhi/dt (%.2g)"):format(label, formulation, worst_v))
  T.ok(worst_g < 1e-5 * size, ("%s, %s: gamma = -d2Phi/dt2 where q'' = 0 (%.2g of %.3g)"):format(
    label, formulation, worst_g, size))
end

-- A formulation against body coordinates over 2 s from one corrected start:
-- poses, reactions and energies alike. tol: the largest difference of
-- poses (1e-6 by default), or a table for a method that meets body
-- coordinates less closely: { pose = ..., reactions = ... and energy = ...
-- (relative to their scale; 1e-5 by default), settle = the time from which
-- reactions are compared (0) }.
function T.agree(label, m, formulation, opts, tol)
  tol = type(tol) == "table" and tol or { pose = tol }
  m:correct() -- one consistent start for both
  local o = { tf = 2, dt = 0.01, tol = 1e-10, show = false }
  for k, v in pairs(opts or {}) do o[k] = v end
  local c = mb.compare(m, { "body", formulation }, o)
  local rb, rf = c.results.body, c.results[formulation]
  T.ok(c.maxdiff < (tol.pose or 1e-6), ("%s: %s and body coordinates agree within %.2g"):format(label, formulation, c.maxdiff))
  local worst_r, scale = 0, 1
  for _, name in ipairs(rb.joint_order) do
    for _, f in ipairs { "fx", "fy", "torque" } do
      for i = 1, #rb.t do
        scale = math.max(scale, math.abs(rb.reactions[name][f][i]))
        if rb.t[i] >= (tol.settle or 0) then
          worst_r = math.max(worst_r, math.abs(rb.reactions[name][f][i] - rf.reactions[name][f][i]))
        end
      end
    end
  end
  T.ok(worst_r < (tol.reactions or 1e-5) * scale, ("%s, %s: reactions agree (%.2g of %.3g%s)"):format(label, formulation,
    worst_r, scale, tol.settle and (" from t = %g s"):format(tol.settle) or ""))
  local worst_e = 0
  for i = 1, #rb.t do worst_e = math.max(worst_e, math.abs(rb.energy.total[i] - rf.energy.total[i])) end
  T.ok(worst_e < (tol.energy or 1e-5) * math.max(1, math.abs(rb.energy.total[1])),
    ("%s, %s: energies agree (%.2g)"):format(label, formulation, worst_e))
  return c
end

-- The formulations whose coordinates are independent (no rows: a remedy
-- has nothing to act on) by name, for the loops that must leave them out.
function T.closed_form()
  local set = {}
  for _, f in ipairs(mb.formulations(true)) do set[f.name] = f.can.closed_form or nil end
  return set
end

-- A fresh folder for a test's files: its path, and a function giving the
-- path of a file in it.
function T.folder()
  local dir = os.tmpname()
  os.remove(dir)
  assert(os.execute("mkdir -p '" .. dir .. "'"))
  return dir, function(name) return dir .. "/" .. name end
end

-- A shell command's output (stderr too) and whether it succeeded.
function T.run(command)
  local p = io.popen(command .. " 2>&1")
  local out = p:read("a")
  local ok = p:close()
  return out, ok
end

function T.finish()
  if T.skipped > 0 then print(string.format("(%d checks skipped, each saying why above)", T.skipped)) end
  print(string.format("%d passed, %d failed", T.passed, T.failed))
  os.exit(T.failed == 0 and 0 or 1)
end

return T
