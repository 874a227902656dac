-- SPDX-License-Identifier: GPL-3.0-or-later
-- bench/models.lua: speed of the formulations (make bench). Prints one line
-- per case; never a test. Wall times vary with the machine, evaluations do not.
-- the examples, by name, as a student loads them (the chain: examples/chain.lua)
local function example(name) return function(...) return mb.example(name, ...) end end
local function chain(n) return mb.example("chain", n) end

local function line(label, r, simulated)
  local per_eval = 1e6 * r.stats.wall / r.stats.fevals
  print(string.format("%-34s %8d evals %8d steps %9.2f ms %8.2f us/eval %10.0f steps/s %9.0fx real time",
    label, r.stats.fevals, r.stats.steps, 1e3 * r.stats.wall, per_eval,
    r.stats.steps / r.stats.wall, simulated / r.stats.wall))
  return per_eval
end

-- A least-squares fit of log y against log x: the exponent of y ~ x^k.
local function fitted_exponent(xs, ys)
  local k, sx, sy, sxx, sxy = #xs, 0, 0, 0, 0
  for i = 1, k do
    local x, y = math.log(xs[i]), math.log(ys[i])
    sx, sy, sxx, sxy = sx + x, sy + y, sxx + x * x, sxy + x * y
  end
  return (k * sxy - sx * sy) / (k * sxx - sx * sx)
end

-- Each formulation's cost on an N-link chain, reports every 10 ms included.
for _, formulation in ipairs { "body", "joint", "point", "point-recursive" } do
  print(formulation .. " coordinates: N-link chain, rk4 h = 1 ms, 1 s simulated")
  local last_n, last_cost
  for _, n in ipairs { 1, 2, 4, 8, 16, 32, 64 } do
    local r = chain(n):simulate{ formulation = formulation, tf = 1, dt = 0.01, integrator = "rk4", h = 1e-3 }
    local cost = line(("  chain N = %d"):format(n), r, 1)
    if last_cost then
      io.write(string.format("%34s cost per evaluation grows as N^%.2f from N = %d\n", "",
        math.log(cost / last_cost) / math.log(n / last_n), last_n))
    end
    last_n, last_cost = n, cost
  end
  print(formulation .. " coordinates: four-bar, 10 s simulated")
  line("  four-bar rk45 tol 1e-8", example("four_bar")():simulate{ formulation = formulation, tf = 10, dt = 0.01,
    integrator = "rk45", tol = 1e-8 }, 10)
  line("  four-bar rk4 h = 1 ms", example("four_bar")():simulate{ formulation = formulation, tf = 10, dt = 0.01,
    integrator = "rk4", h = 1e-3 }, 10)
end

for _, formulation in ipairs { "body", "joint", "point", "point-recursive" } do
  print(("constraint remedies: four-bar, rk4 h = 10 ms, 10 s simulated (%s coordinates)"):format(formulation))
  for _, s in ipairs { "none", "baumgarte", "penalty", "momentum", "partitioning" } do
    -- without a remedy, point coordinates drift until the rows lose rank
    -- near t = 6 s and the run stops: its kept samples are reported
    local m = example("four_bar")()
    local ok, r = pcall(m.simulate, m, { formulation = formulation, tf = 10, dt = 0.05, integrator = "rk4",
      h = 0.01, stabilization = s, alpha = 10, beta = 10 })
    if not ok then r = m.last end
    local w = 0 -- the drift before the state diverges (its last samples reach 1e52)
    for i = 1, #r.t do if r.violation[i] < 1 then w = math.max(w, r.violation[i]) end end
    line(("  %-10s max |Phi| %.1e%s"):format(s, w, ok and "" or (" (stopped at %.2f s)"):format(r.t[#r.t])), r,
      r.t[#r.t])
  end
end

-- The cost of one evaluation alone: a report (reactions by least squares
-- in body coordinates) and the start's check cost O(N^3) whatever the
-- formulation, so two runs reporting only at their ends, 0.25 s and 2 s
-- long, are subtracted: the difference is 7000 evaluations and nothing
-- else (the least of three tries each, the machine being shared; a
-- difference the load swamps is said, not used). Fitted from N = 8 on;
-- the recursive point formulation, O(N) on an open chain by construction,
-- also runs N = 128 ... 512.
print("cost per evaluation alone on an N-link chain (rk4 h = 1 ms, runs of 2 s less 0.25 s), and its growth")
for _, formulation in ipairs { "body", "joint", "point", "point-recursive" } do
  local sizes = formulation == "point-recursive" and { 8, 16, 32, 64, 128, 256, 512 } or { 8, 16, 32, 64 }
  local ns, costs = {}, {}
  for _, n in ipairs(sizes) do
    local function wall(tf)
      local best
      for _ = 1, 3 do
        local r = chain(n):simulate{ formulation = formulation, tf = tf, dt = tf, integrator = "rk4", h = 1e-3 }
        if not best or r.stats.wall < best.stats.wall then best = r end
      end
      return best.stats.wall, best.stats.fevals
    end
    local w1, e1 = wall(0.25)
    local w2, e2 = wall(2)
    local cost = 1e6 * (w2 - w1) / (e2 - e1)
    if cost > 0 then
      ns[#ns + 1], costs[#costs + 1] = n, cost
      print(string.format("  %-16s chain N = %-4d %10.2f us/eval", formulation, n, cost))
    else
      print(string.format("  %-16s chain N = %-4d not measured: the machine's load swamped the difference", formulation, n))
    end
  end
  if #ns >= 2 then
    print(string.format("%34s %s: cost per evaluation grows as N^%.2f over N = %d ... %d (fitted)", "",
      formulation, fitted_exponent(ns, costs), ns[1], ns[#ns]))
  end
end

print("the 64-link chain in joint coordinates, rk4 h = 1 ms, 10 s (MuJoCo on the same chain: the comparison at the end)")
do
  local r = chain(64):simulate{ formulation = "joint", tf = 10, dt = 0.01, integrator = "rk4", h = 1e-3 }
  line("  chain N = 64, joint", r, 10)
  local e, drift = r.energy.total, 0
  for i = 1, #e do drift = math.max(drift, math.abs(e[i] - e[1])) end
  local scale = 0
  for i = 1, #e do scale = math.max(scale, math.abs(r.energy.kinetic[i])) end
  print(string.format("%34s energy drift %.3g J of a kinetic-energy scale %.4g J (%.2g relative)", "", drift, scale, drift / scale))
end

-- The discrete-time method's own loop: its cost per simulated second at its
-- default step, the least of three runs (the machine is shared), and how
-- that grows with the number of bodies (a least-squares fit of log wall
-- against log N). Its target: the 64-link chain at least twice as fast as
-- real time (at most 0.5 s of wall per simulated second), growing as N^1.1
-- or less.
print("discrete-time method: N-link chain, symplectic h = 1e-5 s, 1 s simulated (least of 3 runs)")
do
  local xs, ys = {}, {}
  for _, n in ipairs { 16, 32, 64, 128, 256 } do
    local best
    for _ = 1, 3 do
      local r = chain(n):simulate{ formulation = "discrete", tf = 1, dt = 0.01 }
      if not best or r.stats.wall < best.stats.wall then best = r end
    end
    line(("  chain N = %d, discrete"):format(n), best, 1)
    print(string.format("%34s %.3f s of wall per simulated second, %.1f ns per body and step", "",
      best.stats.wall, 1e9 * best.stats.wall / best.stats.steps / n))
    xs[#xs + 1], ys[#ys + 1] = math.log(n), math.log(best.stats.wall)
  end
  local k, sx, sy, sxx, sxy = #xs, 0, 0, 0, 0
  for i = 1, k do sx, sy, sxx, sxy = sx + xs[i], sy + ys[i], sxx + xs[i] ^ 2, sxy + xs[i] * ys[i] end
  print(string.format("%34s cost grows as N^%.2f over N = 16 ... 256 (fitted)", "", (k * sxy - sx * sy) / (k * sxx - sx * sx)))
end

-- Minimal coordinates against body, joint and point coordinates: the cost
-- of one evaluation (the least of 3 runs: the machine may be shared) on
-- the same runs, fixed steps so that every formulation makes the same
-- evaluations, and the state each integrates.
print("minimal coordinates: cost per evaluation against body, joint and point coordinates (least of 3 runs)")
do
  local function least(make, opts)
    local best
    for _ = 1, 3 do
      local r = make():simulate(opts)
      if not best or r.stats.wall < best.stats.wall then best = r end
    end
    return best
  end
  local cases = {
    { "four-bar, rk4 h = 1 ms, 10 s", function() return mb.example("four_bar") end, 10 },
    { "slider-crank free, rk4 h = 1 ms, 10 s", function() return mb.example("slider_crank", false) end, 10 },
    { "triple rocker, rk4 h = 1 ms, 10 s", function() local m = mb.example("triple_rocker") m:correct() return m end, 10 },
    { "chain N = 8, rk4 h = 1 ms, 1 s", function() return mb.example("chain", 8) end, 1 },
    { "chain N = 64, rk4 h = 1 ms, 1 s", function() return mb.example("chain", 64) end, 1 },
  }
  for _, c in ipairs(cases) do
    print("  " .. c[1])
    local per = {}
    for _, f in ipairs { "body", "joint", "point", "minimal" } do
      local r = least(c[2], { formulation = f, tf = c[3], dt = 0.01, integrator = "rk4", h = 1e-3 })
      per[f] = 1e6 * r.stats.wall / r.stats.fevals
      print(string.format("    %-8s %3d states %8d evals %8.2f us/eval%s", f, r.state_size, r.stats.fevals, per[f],
        #r.switches > 0 and string.format("  %d switches", #r.switches) or ""))
    end
    print(string.format("    minimal per evaluation: %.2fx body, %.2fx joint, %.2fx point", per.minimal / per.body,
      per.minimal / per.joint, per.minimal / per.point))
  end
end

print("examples: 5 s simulated at the default (dopri5, dense reports, tol 1e-10)")
local cases = { {"sliding_pendulum"}, {"aa"}, {"macpherson", "A"}, {"macpherson", "B"},
  {"macpherson", "C"}, {"cart", "A"}, {"cart", "B"}, {"cart", "C"}, {"cart", "D"}, {"conveyor"},
  {"rod"}, {"double_pendulum"}, {"slider_crank"}, {"four_bar"} }
for _, c in ipairs(cases) do
  local m = example(c[1])(c[2])
  line("  " .. c[1] .. (c[2] and (" " .. c[2]) or ""), m:simulate{ tf = 5, dt = 0.01, correct = true }, 5)
end

print("contact: 2 s of the impacting pendulums (impulse law, events located to round-off)")
for _, law in ipairs { "body", "joint" } do
  local r = example("impacting_pendulums")():simulate{ formulation = law, tf = 2, dt = 0.01 }
  line(("  impacting pendulums, %s (%d impacts)"):format(law, #r.impacts), r, 2)
end
print("contact: 0.5 s of the Rod (two ends on the ground), each law")
for _, law in ipairs { "impulse", "lankarani-nikravesh", "flores" } do
  local r = example("rod")(law):simulate{ tf = 0.5, dt = 0.01 }
  line(("  rod, %-20s %2d contacts"):format(law, #r.impacts), r, 0.5)
end

print("rendering: one frame at 200 x 60 (what the animation draws 30 times a second)")
local core_clock = mb.core.clock
local function time_frames(label, r, unicode)
  r:frame(r.t[1], { width = 200, height = 60, unicode = unicode }) -- builds the scene once
  local n, start = 200, core_clock()
  for i = 1, n do r:frame(r.t[1 + (i % #r.t)], { width = 200, height = 60, unicode = unicode, trails = true }) end
  local ms = 1e3 * (core_clock() - start) / n
  print(string.format("  %-32s %8.3f ms per frame (%s, with trails)  -> %6.0f frames/s possible", label, ms,
    unicode and "braille" or "ASCII", 1e3 / ms))
end
local big = chain(64):simulate{ tf = 1, dt = 0.01, integrator = "rk4", h = 1e-3 }
time_frames("64-link chain", big, true)
time_frames("64-link chain", big, false)
time_frames("macpherson A", example("macpherson")("A"):simulate{ tf = 2, dt = 0.01, correct = true }, true)
