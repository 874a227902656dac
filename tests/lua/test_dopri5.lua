-- SPDX-License-Identifier: GPL-3.0-or-later
-- test_dopri5.lua: the Dormand–Prince integrator (integrator = "dopri5", and
-- "ode45" with MATLAB's control) on the book's models against rk8pd at tol 1e-12, its dense
-- reports, its contact events, and tol and abstol reaching it. (Its order
-- and its continuous extension's are measured in tests/test_dopri5.c.)
local T = dofile("tests/lua/harness.lua")

-- largest difference of any body's position or angle over the reports up to `upto` s
local function difference(a, b, upto)
  local worst = 0
  for _, name in ipairs(a.body_order) do
    local ba, bb = a.bodies[name], b.bodies[name]
    for i = 1, #a.t do
      if a.t[i] <= upto + 1e-9 then
        worst = math.max(worst, math.abs(ba.x[i] - bb.x[i]), math.abs(ba.y[i] - bb.y[i]),
          math.abs(ba.angle[i] - bb.angle[i]))
      end
    end
  end
  return worst
end

local function run(m, o)
  o.tf, o.dt, o.progress = o.tf or 5, o.dt or 0.01, false
  return m:simulate(o)
end

-- At tol 1e-6 the four book models agree with rk8pd at tol 1e-12. The
-- error grows along the run (each step adds up to about tol), so each bound
-- is ten times what was measured over 1 s and over 5 s: pendulum 1.2e-6 and
-- 1.6e-5, double pendulum 1.9e-6 and 1.7e-5, slider-crank 1.0e-6 and 5.3e-6.
-- The four-bar's crank whirls up to 28 rad/s and every integrator loses
-- more there at tol 1e-6 (rk45 too: 5.5e-4 over 1 s, 1.5e-2 over 5 s):
-- dopri5 measured 5.4e-4 and 2.7e-2.
local bounds = { pendulum = { 1.2e-5, 1.6e-4 }, double_pendulum = { 1.9e-5, 1.7e-4 },
  slider_crank = { 1e-5, 5.3e-5 }, four_bar = { 5.4e-3, 0.27 } }
for _, name in ipairs { "pendulum", "double_pendulum", "slider_crank", "four_bar" } do
  local m = mb.example(name)
  m:correct()
  local reference = run(m, { integrator = "rk8pd", tol = 1e-12, dense = false })
  local r = run(m, { integrator = "dopri5", tol = 1e-6, dense = true })
  local one, five = difference(r, reference, 1), difference(r, reference, 5)
  T.ok(one < bounds[name][1], ("%s: dopri5 at tol 1e-6 is within %g of rk8pd over 1 s (%.3g)"):format(name,
    bounds[name][1], one))
  T.ok(five < bounds[name][2], ("%s: and within %g over 5 s (%.3g)"):format(name, bounds[name][2], five))
  -- tighter, closer: at tol 1e-9 a hundred times closer at least
  local tight = run(m, { integrator = "dopri5", tol = 1e-9, dense = true })
  T.ok(difference(tight, reference, 5) < five / 100, ("%s: at tol 1e-9 within %.3g (%.3g)"):format(name,
    five / 100, difference(tight, reference, 5)))
  -- every report is on the grid of dt, and the run counts its evaluations
  T.eq(#r.t, 501, name .. ": 501 reports")
  T.near(r.t[#r.t], 5, 1e-12, name .. ": the last report at tf")
  T.ok(r.stats.fevals > 0 and r.stats.steps > 0 and r.stats.fevals >= 6 * r.stats.steps,
    ("%s: six evaluations a step at least (%d for %d steps)"):format(name, r.stats.fevals, r.stats.steps))
end

-- With every report ending a step (dense = false) dopri5 agrees with
-- rk8pd at tol 1e-12 to 1e-6 over 5 s on the pendulum, the double
-- pendulum and the slider-crank: measured 1.1e-9, 3.0e-10 and 1.0e-13;
-- the bound is ten times the worst. The reports every dt = 0.01 s cap
-- the steps and tol never binds: every run takes 500 steps of 0.01 s, and
-- tol = 1e-1 gives the same differences to three digits. So this checks
-- the fifth-order step at h = 0.01 s with reports at its ends, not the
-- error control (the dense runs above do). (The four-bar cannot: rk8pd
-- itself at tol 1e-6 is 2.9e-6 away, dopri5 1.9e-3; it amplifies every
-- local error ten thousandfold over 5 s.)
for _, name in ipairs { "pendulum", "double_pendulum", "slider_crank" } do
  local m = mb.example(name)
  m:correct()
  local reference = run(m, { integrator = "rk8pd", tol = 1e-12, dense = false })
  local r = run(m, { integrator = "dopri5", tol = 1e-6, dense = false })
  local five = difference(r, reference, 5)
  T.ok(five < 1.1e-8, ("%s: dopri5, every report a step's end (h = 0.01 s), within 1.1e-8 of rk8pd over 5 s (%.3g)")
    :format(name, five))
end

-- "ode45" is MATLAB's control of the same steps: the largest component's
-- error against max(RelTol |y|, AbsTol), where dopri5 takes the root mean
-- square (tests/test_dopri5.c checks each rule). The book's Ex. 14.3, a
-- block in stick-slip on a conveyor (Brown and McPhee's friction, L0 =
-- 0.5, x0 = 0.5, x' = 0.1, 10 s), at ode45's own defaults RelTol 1e-3,
-- AbsTol 1e-6: the error sits in one component, the block's speed through
-- the stiff friction law, and ode45 gets the motion's extremes as the
-- converged run (x_max 0.70799, x'_min -0.19239; measured 0.70822 and
-- -0.19315, and rk45 0.70801, -0.19245), in about the book's 33,000
-- evaluations (measured 35,551; Octave's ode45 34,331). dopri5 at the
-- same tolerances divides that one error by the root of the state's size
-- and misses the slips (0.674 and -0.084 in 5,288 evaluations).
do
  local build = loadfile("examples/conveyor.lua")("model")
  local function extremes(integrator)
    local r = build("B", { length = 0.5, x0 = 0.5, v0 = 0.1 }):simulate{ tf = 10, dt = 0.01,
      integrator = integrator, tol = 1e-3, abstol = 1e-6 }
    local b, x, v = r:body("block"), -math.huge, math.huge
    for i = 1, #r.t do x, v = math.max(x, b.x[i]), math.min(v, b.vx[i]) end
    return x, v, r.stats.fevals
  end
  local x, v, evaluations = extremes("ode45")
  T.near(x, 0.70799, 5e-4, ("Ex. 14.3, ode45 at RelTol 1e-3, AbsTol 1e-6: x_max %.5f"):format(x))
  T.near(v, -0.19239, 2e-3, ("Ex. 14.3, ode45: x'_min %.5f"):format(v))
  T.ok(evaluations > 25000 and evaluations < 45000,
    ("Ex. 14.3, ode45: about the book's 33,000 evaluations (%d)"):format(evaluations))
  local xd, vd = extremes("dopri5")
  T.ok(math.abs(vd - -0.19239) > 0.05, ("Ex. 14.3, dopri5 at the same tolerances misses the slips: x_max %.4f, x'_min %.4f")
    :format(xd, vd))
end

-- The book's DAP_BC run of the sliding pendulum (4 s, reports every 0.02 s,
-- RelTol 1e-6, AbsTol 1e-9) took 655 evaluations of MATLAB's ode45; ours
-- takes the same (dopri5's control takes 512).
do
  local r = mb.example("sliding_pendulum"):simulate{ tf = 4, dt = 0.02, correct = true, tol = 1e-6, abstol = 1e-9,
    integrator = "ode45" }
  T.eq(r.stats.fevals, 655, "sliding pendulum, ode45 at the book's tolerances: the book's 655 evaluations")
end

-- And on the book's models ode45 is as accurate as dopri5 at the same tol
-- or more (its tolerance binds every component): within the bounds above.
for _, name in ipairs { "pendulum", "double_pendulum", "slider_crank" } do
  local m = mb.example(name)
  m:correct()
  local reference = run(m, { integrator = "rk8pd", tol = 1e-12, dense = false })
  local r = run(m, { integrator = "ode45", tol = 1e-6 })
  T.ok(difference(r, reference, 5) < bounds[name][2] / 10, ("%s: ode45 at tol 1e-6 within %g of rk8pd over 5 s (%.3g)")
    :format(name, bounds[name][2] / 10, difference(r, reference, 5)))
end

-- Dense reports cost no steps: the double pendulum at tol 1e-6 takes about
-- 70 steps for 500 reports (measured 67), and tol sets the cost; without
-- dense every report ends a step (500 steps whatever tol).
do
  local m = mb.example("double_pendulum")
  local coarse = run(m, { integrator = "dopri5", tol = 1e-4, dense = true })
  local fine = run(m, { integrator = "dopri5", tol = 1e-8, dense = true })
  local stepped = run(m, { integrator = "dopri5", tol = 1e-4, dense = false })
  T.ok(coarse.stats.steps < 100, ("dense: %d steps for 500 reports at tol 1e-4"):format(coarse.stats.steps))
  T.ok(fine.stats.fevals > 2 * coarse.stats.fevals, ("dense: tol 1e-8 costs more than 1e-4 (%d, %d evaluations)"):format(
    fine.stats.fevals, coarse.stats.fevals))
  T.ok(stepped.stats.steps >= 500, ("not dense: every report ends a step (%d steps)"):format(stepped.stats.steps))
end

-- abstol: the pendulum's small components (its rates start at 0) are held
-- to it; at 1e-9 beside tol 1e-6 the run takes more evaluations and errs less
do
  local m = mb.example("pendulum")
  local reference = run(m, { integrator = "rk8pd", tol = 1e-12, dense = false })
  local loose = run(m, { integrator = "dopri5", tol = 1e-6, dense = true })
  local strict = run(m, { integrator = "dopri5", tol = 1e-6, abstol = 1e-9, dense = true })
  T.ok(strict.stats.fevals > loose.stats.fevals, ("abstol 1e-9 costs more (%d > %d evaluations)"):format(
    strict.stats.fevals, loose.stats.fevals))
  T.ok(difference(strict, reference, 5) < difference(loose, reference, 5), "abstol 1e-9 errs less")
  T.fails(function() m:simulate { abstol = -1 } end, "abstol must be a number from 1e-300 to 1e+12 (got -1)")
end

-- Contact events found on the continuous extension: the impacting
-- pendulums' six impacts at the instants rk8pd finds at tol 1e-10 (to
-- 1e-6 s at tol 1e-8: measured 1.0e-7 at the sixth), and the rod's
-- fifteen contacts with the Lankarani-Nikravesh law, none missed.
do
  local a = run(mb.example("impacting_pendulums"), { integrator = "rk8pd", tol = 1e-10, tf = 2 })
  local b = run(mb.example("impacting_pendulums"), { integrator = "dopri5", tol = 1e-8, dense = true, tf = 2 })
  T.eq(#b.impacts, #a.impacts, "impacting pendulums: as many impacts as rk8pd finds")
  local worst = 0
  for i = 1, math.min(#a.impacts, #b.impacts) do worst = math.max(worst, math.abs(a.impacts[i].t - b.impacts[i].t)) end
  T.ok(worst < 1e-6, ("impacting pendulums: the instants within 1e-6 s (%.3g)"):format(worst))
  local rod = run(mb.example("rod", "lankarani-nikravesh"), { integrator = "dopri5", tol = 1e-8, dense = true, tf = 0.5 })
  local rod_ref = run(mb.example("rod", "lankarani-nikravesh"), { integrator = "rk8pd", tol = 1e-8, tf = 0.5 })
  T.eq(#rod.impacts, #rod_ref.impacts, ("rod: every contact found (%d)"):format(#rod_ref.impacts))
  T.ok(difference(rod, rod_ref, 0.5) < 1e-4, ("rod: the motion agrees with rk8pd (%.3g)"):format(difference(rod, rod_ref, 0.5)))
end

-- r.stats.refused: ode45's evaluations are six per step tried, accepted or
-- refused, and one to start (the seventh stage is the next step's first)
do
  local r = mb.example("pendulum"):simulate{ tf = 5, dt = 0.01, tol = 1e-8 }
  T.ok(r.stats.refused >= 0, "refused steps counted: " .. tostring(r.stats.refused))
  T.eq(r.stats.fevals, 6 * (r.stats.steps + r.stats.refused) + 1, "ode45: evaluations = 6 (steps + refused) + 1")
  local tight = mb.example("four_bar"):simulate{ tf = 2, dt = 0.01, tol = 1e-3 }
  T.ok(tight.stats.refused > 0, "a loose tolerance on the four-bar refuses steps: " .. tight.stats.refused)
  T.eq(tight.stats.fevals, 6 * (tight.stats.steps + tight.stats.refused) + 1, "and the count still holds")
  T.eq(mb.example("pendulum"):simulate{ tf = 1, dt = 0.1, integrator = "rk4", h = 0.01 }.stats.refused, 0,
    "a fixed step refuses nothing")
end

T.finish()
