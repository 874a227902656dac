-- SPDX-License-Identifier: GPL-3.0-or-later
-- test_statics.lua: m:equilibrium finds the equilibrium nearest its start
-- (damped, step-limited Newton-Raphson) and says whether it is stable, from
-- the stiffness N'KN on the directions the joints allow (Sec. 14.2).
--   mechbench --batch tests/lua/test_statics.lua
local here = arg[0]:match("(.*/)") or "./"
local T = dofile(here .. "harness.lua")
local function example(name) return loadfile(here .. "../../examples/" .. name .. ".lua")("model") end
local g = 9.81

-- Each group runs protected: one that raises counts as a failure and the
-- rest still run (the build before this one raised in several).
local function group(name, f)
  local ok, err = pcall(f)
  T.ok(ok, name .. " ran to its end" .. (ok and "" or (": " .. tostring(err))))
end

-- A rod of length L and mass m pinned at its top end O = (0, 0); angle 0
-- hangs straight down, a positive angle swings the tip towards +x. An
-- optional horizontal force F (N) at the tip, in +x.
local function pendulum(L, mass, angle, F)
  local m = mb.model{ name = F and "pushed pendulum" or "pendulum" }
  m:body{ name = "rod", mass = mass, inertia = mass * L^2 / 12,
    pos = { L / 2 * math.sin(angle), -L / 2 * math.cos(angle) }, angle = angle }
  m:point{ name = "O", body = "ground" }
  m:point{ name = "top", body = "rod", at = { 0, L / 2 } }
  m:point{ name = "tip", body = "rod", at = { 0, -L / 2 } }
  m:joint{ name = "pin", type = "revolute", points = { "top", "O" } }
  if F then m:force{ name = "push", type = "force", point = "tip", value = { F, 0 } } end
  return m
end

---------------------------------------------------------------- the pushed pendulum
-- L = 1 m, m = 2.1 kg, pushed with 4 N at the tip, started at 0.3 rad. The
-- moment about the pin: F L cos θ = m g (L/2) sin θ, so tan θ = 2F/(m g):
-- θ = 0.37041 rad (stable); θ + π is the inverted, unstable balance. The
-- old Newton (λ = 0 at the start, full steps) went to θ - 3π = -9.0544.
group("the pushed pendulum", function()
  local L, mass, F = 1, 2.1, 4
  local exact = math.atan(2 * F / (mass * g))
  local eq = pendulum(L, mass, 0.3, F):equilibrium{}
  local angle = eq:body("rod").angle[1]
  -- the error reached is at round-off (about 1e-16); 1e-12 leaves room
  T.near(angle, exact, 1e-12, ("pushed pendulum: the stable rest nearest the start, %.10f rad"):format(exact))
  T.ok(eq.iterations and eq.iterations <= 8, "pushed pendulum: a few iterations: " .. tostring(eq.iterations))
  T.ok(eq.history[#eq.history] < 1e-12, "pushed pendulum: residual to round-off: " .. tostring(eq.history[#eq.history]))
  T.eq(eq.stable, true, "pushed pendulum: stable")
  T.eq(eq.stability, "stable", "pushed pendulum: the word")
  T.eq(eq.dof, 1, "pushed pendulum: one free direction")
  -- V(θ) = -m g (L/2) cos θ - F L sin θ; V'' on the constraint manifold,
  -- per unit length of the direction (x, y, φ) = ((L/2) cos θ, (L/2) sin θ, 1)
  local V2 = mass * g * L / 2 * math.cos(exact) + F * L * math.sin(exact)
  T.near(eq.lowest_stiffness, V2 / (1 + L^2 / 4), 1e-6, "pushed pendulum: N'KN = V''/(1 + (L/2)^2)")
  T.near(eq.lowest_omega2, V2 / (mass * L^2 / 3), 1e-6, "pushed pendulum: omega^2 = V''/I_O")
  T.ok(eq:summary():find("stable: lowest stiffness 8.8399", 1, true) ~= nil, "pushed pendulum: the summary says stable")
  T.ok(not eq:summary():find("UNSTABLE", 1, true), "pushed pendulum: and not unstable")
  local settled = pendulum(L, mass, 0.3, F):equilibrium{ method = "dynamics" }
  T.near(settled:body("rod").angle[1], exact, 1e-8, "pushed pendulum: the damped dynamics agree")
  T.eq(settled.stable, true, "pushed pendulum, dynamics: judged stable too")
end)

---------------------------------------------------------------- hanging and inverted
-- The same rod with no push: hanging (0) is stable, inverted (π) is not.
-- O-13.1.3: the compound pendulum's ω² = 3g/(2L) = 14.715 1/s² for L = 1.
group("hanging and inverted", function()
  local L, mass = 1, 2.1
  local hang = pendulum(L, mass, 0.3):equilibrium{}
  T.near(hang:body("rod").angle[1], 0, 1e-12, "hanging pendulum: 0 rad")
  T.eq(hang.stable, true, "hanging pendulum: stable")
  T.near(hang.lowest_omega2, 3 * g / (2 * L), 1e-6, "hanging pendulum: omega^2 = 3g/2L (O-13.1.3: 14.715)")
  T.near(hang.lowest_stiffness, mass * g * L / 2 / (1 + L^2 / 4), 1e-6, "hanging pendulum: N'KN")

  local up = pendulum(L, mass, math.pi + 0.05):equilibrium{}
  T.near(up:body("rod").angle[1], math.pi, 1e-12, "inverted start: Newton finds pi (the old one: a singular matrix)")
  T.eq(up.stable, false, "inverted pendulum: not stable")
  T.eq(up.stability, "unstable", "inverted pendulum: unstable")
  T.near(up.lowest_stiffness, -mass * g * L / 2 / (1 + L^2 / 4), 1e-6, "inverted pendulum: N'KN < 0")
  T.near(up.lowest_omega2, -3 * g / (2 * L), 1e-6, "inverted pendulum: omega^2 = -3g/2L")
  local s = up:summary()
  T.ok(s:find("UNSTABLE: lowest stiffness -8.2404", 1, true) ~= nil, "inverted pendulum: the summary says so: " .. s)
  T.ok(#up.warnings >= 1 and up.warnings[#up.warnings]:find("UNSTABLE", 1, true) ~= nil,
    "inverted pendulum: a warning, not silence")
  T.eq(#hang.warnings, 0, "hanging pendulum: no warning")

  local dyn = pendulum(L, mass, math.pi + 0.05):equilibrium{ method = "dynamics" }
  T.near(math.cos(dyn:body("rod").angle[1]), 1, 1e-8, "inverted start, dynamics: falls to a hanging rest")
  T.eq(dyn.stable, true, "inverted start, dynamics: and that rest is stable")
end)

---------------------------------------------------------------- a slider on a spring that snaps through
-- A 1 kg slider on a horizontal guide, a spring (k = 100 N/m, free length
-- 0.5 m) from the ground point (0, 0.3) to it. V = k/2 (sqrt(x² + d²) - L0)²:
-- rest at x = ±sqrt(L0² - d²) = ±0.4 m with V'' = k (1 - d²/L0²) = 64 N/m;
-- at x = 0 the spring is compressed to 0.3 m and V'' = k (1 - L0/d) < 0.
-- The guide leaves x alone as the free direction, so N'KN is V'' in N/m.
local function snap(x)
  local m = mb.model{ name = "snap-through slider" }
  m:body{ name = "slider", mass = 1, inertia = 0.01, pos = { x, 0 } }
  m:point{ name = "G", body = "ground" }
  m:point{ name = "top", body = "ground", at = { 0, 0.3 } }
  m:point{ name = "P", body = "slider" }
  m:vector{ name = "rail", body = "ground", dir = { 1, 0 } }
  m:vector{ name = "u", body = "slider", dir = { 1, 0 } }
  m:joint{ name = "guide", type = "translational", points = { "P", "G" }, vectors = { "u", "rail" } }
  m:force{ name = "spring", type = "spring-damper", points = { "P", "top" }, k = 100, length = 0.5 }
  return m
end
group("snap-through slider", function()
  local k, L0, d = 100, 0.5, 0.3
  local eq = snap(0.3):equilibrium{}
  T.near(eq:body("slider").x[1], math.sqrt(L0^2 - d^2), 1e-12, "snap-through: rests at x = 0.4 m")
  T.eq(eq.stable, true, "snap-through: that rest is stable")
  T.near(eq.lowest_stiffness, k * (1 - d^2 / L0^2), 1e-5, "snap-through: stiffness 64 N/m")
  T.near(eq.lowest_omega2, k * (1 - d^2 / L0^2) / 1, 1e-5, "snap-through: omega^2 = k_eff/m")
  local left = snap(-0.7):equilibrium{}
  T.near(left:body("slider").x[1], -0.4, 1e-12, "snap-through: from the left, the left rest")
  local mid = snap(0.02):equilibrium{}
  T.near(mid:body("slider").x[1], 0, 1e-12, "snap-through: from 0.02 the nearest balance is x = 0")
  T.eq(mid.stability, "unstable", "snap-through: x = 0 is unstable")
  T.near(mid.lowest_stiffness, k * (1 - L0 / d), 1e-5, "snap-through: stiffness k (1 - L0/d) < 0")
  local settled = snap(0.02):equilibrium{ method = "dynamics" }
  T.near(settled:body("slider").x[1], 0.4, 1e-7, "snap-through: dynamics falls off the top to x = 0.4")
end)

---------------------------------------------------------------- stable = true
-- Asked for a stable rest, the search settles by damped dynamics first and
-- Newton finishes: from exactly on an unstable balance too (the inverted
-- pushed pendulum at pi + atan(2F/mg), the slider at x = 0), where Newton
-- alone stays put and says UNSTABLE.
group("stable = true", function()
  local L, mass, F = 1, 2.1, 4
  local exact = math.atan(2 * F / (mass * g))
  local up = pendulum(L, mass, math.pi + exact, F)
  local alone = up:equilibrium{}
  T.eq(alone.stability, "unstable", "pushed pendulum on its inverted balance: Newton stays, unstable")
  T.ok(alone:summary():gsub("%s+", " "):find("stable = true finds a stable rest", 1, true) ~= nil, "and the summary says how to find a stable one")
  local eq = up:equilibrium{ stable = true }
  T.near(math.cos(eq:body("rod").angle[1] - exact), 1, 1e-14, "stable = true: the pushed pendulum's stable rest")
  T.eq(eq.stable, true, "stable = true: judged stable")
  T.ok(eq.history[#eq.history] < 1e-12, "stable = true: Newton's residual to round-off: " .. tostring(eq.history[#eq.history]))
  T.ok(eq:summary():find("damped dynamics, then Newton", 1, true) ~= nil, "stable = true: the summary says how")
  local side = snap(0):equilibrium{ stable = true }
  T.near(math.abs(side:body("slider").x[1]), 0.4, 1e-12, "snap-through from x = 0: a stable side, |x| = 0.4")
  T.eq(side.stable, true, "snap-through from x = 0: stable")
  T.fails(function() snap(0):equilibrium{ stable = true, method = "newton" } end, "leave method out",
    "stable = true with a method: refused")
  T.fails(function() snap(0):equilibrium{ stable = "yes" } end, "stable must be true or false", "stable = \"yes\": refused")
end)

---------------------------------------------------------------- neutral
-- Nothing pushes a slider along a level guide: every x is a rest, and no
-- stiffness holds any of them.
group("free slider (neutral)", function()
  local m = mb.model{ name = "free slider" }
  m:body{ name = "slider", mass = 1, inertia = 0.01, pos = { 0.3, 0 } }
  m:point{ name = "G", body = "ground" }
  m:point{ name = "P", body = "slider" }
  m:vector{ name = "rail", body = "ground", dir = { 1, 0 } }
  m:vector{ name = "u", body = "slider", dir = { 1, 0 } }
  m:joint{ name = "guide", type = "translational", points = { "P", "G" }, vectors = { "u", "rail" } }
  local eq = m:equilibrium{}
  T.near(eq:body("slider").x[1], 0.3, 1e-12, "free slider: stays where it is")
  T.eq(eq.stability, "neutral", "free slider: neutral")
  T.eq(eq.stable, false, "free slider: not called stable")
  T.ok(math.abs(eq.lowest_stiffness) < 1e-6, "free slider: zero stiffness: " .. tostring(eq.lowest_stiffness))
  T.ok(eq:summary():find("neutral", 1, true) ~= nil, "free slider: the summary says neutral")
end)

---------------------------------------------------------------- a parallelogram four-bar with a side load
-- Cranks of a = 0.3 m (1 kg each) from the ground pivots (0, 0) and
-- (0.5, 0), a 2 kg coupler 0.5 m long, 10 N in +x on the coupler. With θ
-- the cranks' angle, V = W a sin θ - F a cos θ, W = g (m1/2 + m2 + m3/2):
-- rest at θ = -π/2 + atan(F/W), V'' = a sqrt(W² + F²), and the inertia
-- about the motion (m1 + m3) a²/3 + m2 a².
local function parallelogram(theta)
  local a, b, m1, m2, m3 = 0.3, 0.5, 1, 2, 1
  local A = { a * math.cos(theta), a * math.sin(theta) }
  local m = mb.model{ name = "parallelogram" }
  m:body{ name = "crank", mass = m1, inertia = m1 * a^2 / 12, pos = { A[1] / 2, A[2] / 2 }, angle = theta }
  m:body{ name = "coupler", mass = m2, inertia = m2 * b^2 / 12, pos = { A[1] + b / 2, A[2] }, angle = 0 }
  m:body{ name = "rocker", mass = m3, inertia = m3 * a^2 / 12, pos = { b + A[1] / 2, A[2] / 2 }, angle = theta }
  m:point{ name = "O2", body = "ground" }
  m:point{ name = "O4", body = "ground", at = { b, 0 } }
  m:point{ name = "crank.O", body = "crank", at = { -a / 2, 0 } }
  m:point{ name = "crank.A", body = "crank", at = { a / 2, 0 } }
  m:point{ name = "coupler.A", body = "coupler", at = { -b / 2, 0 } }
  m:point{ name = "coupler.B", body = "coupler", at = { b / 2, 0 } }
  m:point{ name = "coupler.G", body = "coupler" }
  m:point{ name = "rocker.O", body = "rocker", at = { -a / 2, 0 } }
  m:point{ name = "rocker.B", body = "rocker", at = { a / 2, 0 } }
  m:joint{ name = "O2", type = "revolute", points = { "crank.O", "O2" } }
  m:joint{ name = "A", type = "revolute", points = { "coupler.A", "crank.A" } }
  m:joint{ name = "B", type = "revolute", points = { "coupler.B", "rocker.B" } }
  m:joint{ name = "O4", type = "revolute", points = { "rocker.O", "O4" } }
  m:force{ name = "side", type = "force", point = "coupler.G", value = { 10, 0 } }
  return m, a, m1, m2, m3
end
group("parallelogram four-bar", function()
  local m, a, m1, m2, m3 = parallelogram(-math.pi / 2 + 0.9)
  local W, F = g * (m1 / 2 + m2 + m3 / 2), 10
  local eq = m:equilibrium{}
  local want = -math.pi / 2 + math.atan(F / W)
  T.near(eq:body("crank").angle[1], want, 1e-11, "parallelogram: crank at -pi/2 + atan(F/W)")
  T.near(eq:body("rocker").angle[1], want, 1e-11, "parallelogram: rocker parallel to it")
  T.near(eq:body("coupler").angle[1], 0, 1e-11, "parallelogram: coupler level")
  T.eq(eq.stable, true, "parallelogram: stable")
  T.eq(eq.dof, 1, "parallelogram: one free direction (9 coordinates, 8 rows)")
  T.near(eq.lowest_omega2, a * math.sqrt(W^2 + F^2) / ((m1 + m3) * a^2 / 3 + m2 * a^2), 1e-5,
    "parallelogram: omega^2 = V''/(inertia about the motion)")
  local top = parallelogram(math.pi / 2 + 0.2):equilibrium{}
  T.near(top:body("crank").angle[1], want + math.pi, 1e-11, "parallelogram from above: the balance on top")
  T.eq(top.stability, "unstable", "parallelogram on top: unstable")
end)

---------------------------------------------------------------- harder starts
-- The example pendulum starts horizontal: with the multipliers balanced,
-- nothing stiffens the rod yet and the residual is flat there to first
-- order; a step the way gravity pulls gets Newton going, down to -pi/2.
group("the horizontal pendulum", function()
  local eq = example("pendulum")():equilibrium{}
  T.near(eq:body("rod").angle[1], -math.pi / 2, 1e-12, "horizontal pendulum: hangs at -pi/2")
  T.eq(eq.trace[1].kind, "along the force", "horizontal pendulum: the first step follows the force")
  T.near(eq.lowest_omega2, 3 * g / 2, 1e-6, "horizontal pendulum: omega^2 = 3g/2L")
end)
-- The inverted slider-crank (Ex 9.5) from the book's start: the step's own
-- multipliers wander into a valley of the residual with no rest in it;
-- balanced anew they lead to the rest the damped motion finds.
group("the inverted slider-crank", function()
  local eq = example("inverted_slider_crank")():equilibrium{}
  local settled = example("inverted_slider_crank")():equilibrium{ method = "dynamics" }
  for _, b in ipairs { "crank", "link" } do
    T.near(eq:body(b).angle[1], settled:body(b).angle[1], 1e-7, "inverted slider-crank: " .. b .. " as the dynamics find it")
  end
  T.eq(eq.stable, true, "inverted slider-crank: a stable rest")
end)

---------------------------------------------------------------- the book's Ch. 14 statics
-- O-14.1: the two-link structure cannot move: nothing to be unstable.
group("O-14.1 structure", function()
  local eq = example("structure")():equilibrium{}
  T.eq(eq.dof, 0, "O-14.1 structure: no free direction")
  T.eq(eq.stable, true, "O-14.1 structure: stable")
  T.ok(eq:summary():find("nothing can move", 1, true) ~= nil, "O-14.1 structure: the summary says why")
  T.near(eq:reaction("A").lambda[2][1], 78.9167, 1e-4, "O-14.1 structure: the pin forces are unchanged")
end)
-- H-14.2: the variable-length pendulum rests with the arm down and the
-- slider 0.7 + 9.81/20 = 1.1905 m out. In (θ, r): V_θθ = k_t + m1 g 0.5 +
-- m2 g r, V_rr = k; inertias I1 + m1 0.5² + I2 + m2 r² and m2.
group("H-14.2 variable-length pendulum", function()
  local eq = example("variable_length_pendulum")():equilibrium{}
  local r = 0.7 + g / 20
  T.near(math.sqrt(eq:body("slider").x[1]^2 + eq:body("slider").y[1]^2), r, 1e-10, "H-14.2: slider 1.1905 m out")
  T.eq(eq.stable, true, "H-14.2: stable")
  T.eq(eq.dof, 2, "H-14.2: two free directions")
  local w_theta = (6 + 2 * g * 0.5 + 1 * g * r) / (0.04 + 2 * 0.25 + 0.1 + 1 * r^2)
  T.near_all(eq.omega2, { w_theta, 20 }, 1e-5, "H-14.2: omega^2 of both directions")
end)

---------------------------------------------------------------- errors at the user's line
local function fails_here(f, pattern, what)
  local line = debug.getinfo(2, "l").currentline
  local ok, err = pcall(f)
  local prefix = debug.getinfo(1, "S").short_src .. ":" .. line .. ":"
  T.ok(not ok and tostring(err):sub(1, #prefix) == prefix and tostring(err):find(pattern, 1, true) ~= nil,
    what .. " -- " .. (ok and "no error" or tostring(err)))
end
group("errors at the user's line", function()
  local p = pendulum(1, 2.1, 0.3)
  fails_here(function() local _ = p:equilibrium{ tol = "tight" } end, "equilibrium: tol must be a number", "tol not a number")
  fails_here(function() local _ = p:equilibrium{ tol = -1 } end, "tol must be a number from 1e-14 to 1e+15 (got -1)", "tol negative")
  fails_here(function() local _ = p:equilibrium{ mehtod = "dynamics" } end, "did you mean 'method'?", "misspelt option")
  fails_here(function() local _ = p:equilibrium{ method = "newtn" } end, "did you mean 'newton'?", "misspelt method")
  fails_here(function() local _ = p:equilibrium{ method = "magic" } end, "unknown method 'magic' (available: newton, dynamics)", "bad method")
  fails_here(function() local _ = p:equilibrium{ max_iterations = 2.5 } end, "max_iterations must be a whole number", "iterations")
  fails_here(function() local _ = p:equilibrium{ damping = 2 } end, 'damping is an option of method = "dynamics"', "a dynamics option with newton")
  fails_here(function() local _ = p:equilibrium{ method = "dynamics", max_chunks = 0 } end, "max_chunks must be a whole number from 1 to 10000 (got 0)", "chunks")
  fails_here(function() local _ = p:equilibrium("newton") end, "the options must be a table", "options not a table")
  fails_here(function() local _ = pendulum(1, 2.1, 3):equilibrium{ max_iterations = 1 } end,
    "no equilibrium in reach of the start after 1 Newton iterations", "too few iterations")
  -- a slider pushed along a level guide has no rest at all
  local m = mb.model{ name = "pushed slider" }
  m:body{ name = "slider", mass = 1, inertia = 0.01, pos = { 0, 0 } }
  m:point{ name = "G", body = "ground" }
  m:point{ name = "P", body = "slider" }
  m:vector{ name = "rail", body = "ground", dir = { 1, 0 } }
  m:vector{ name = "u", body = "slider", dir = { 1, 0 } }
  m:joint{ name = "guide", type = "translational", points = { "P", "G" }, vectors = { "u", "rail" } }
  m:force{ name = "push", type = "force", point = "P", value = { 1, 0 } }
  fails_here(function() local _ = m:equilibrium{} end, "equilibrium: the equations are singular here", "no rest: said at the user's line")
  T.near(m.bodies.slider.pos[1], 0, 0, "no rest: the model's start is left as it was")
  -- the damping's force takes generalised velocities; a user's force cannot
  -- ask for that by a field (it was taken, and its fn given arrays)
  fails_here(function() p:force{ name = "push", type = "user", generalised = true, fn = function() return {} end } end,
    "force 'push': unknown field 'generalised'", "the damping's private kind of user force is no field of a user's")
end)

-- a ball started 0.1 m deep in a Flores contact (Eq. 11.43): its damping
-- k δ^n 8(1 - e)/(5e) δ̇/v0 with v0 at its floor of 1e-3 m/s makes the
-- damped motion stiff at once (steps of 1e-8 s). A chunk of it went on to
-- its end (28.9 million evaluations, most of a minute, for each of up to
-- 200 chunks); now the first chunk stops where it turns stiff (1e5
-- steps, about 6e5 evaluations) and the search says so at the user's line.
group("dynamics that turn stiff stop at once", function()
  local m = mb.model{ name = "sunk ball" }
  m:body{ name = "ball", mass = 1, inertia = 0.01, pos = { 0, 0 } }
  m:point{ name = "c", body = "ball" }
  m:point{ name = "G", body = "ground" }
  m:vector{ name = "up", body = "ball", dir = { 0, 1 } }
  m:vector{ name = "rail", body = "ground", dir = { 0, 1 } }
  m:joint{ name = "guide", type = "translational", points = { "c", "G" }, vectors = { "up", "rail" } }
  m:contact{ name = "floor", point = "c", radius = 0.1, law = "flores", k = 1e6, n = 2, e = 0.5 }
  local evaluations = 0 -- a torque of fn(t) = 0 counts them: one call each
  m:force{ name = "counter", type = "torque", body = "ball",
    value = function() evaluations = evaluations + 1 return 0, 0, 0 end }
  for _, opts in ipairs { { method = "dynamics" }, { stable = true } } do
    evaluations = 0
    local err
    fails_here(function() local _, e = pcall(m.equilibrium, m, opts) err = tostring(e) error(e, 0) end,
      "equilibrium: the damped motion turned stiff at t = ", "stiff dynamics: said at the user's line")
    T.ok(err:find("contact 'floor', flores law, k = 1e+06", 1, true) and err:find('try method = "newton"', 1, true),
      "stiff dynamics: names the stiffest element and the way out: " .. err)
    -- the time and the step are read out of the run's stiff warning: a
    -- change of its wording must fail here, not fall back unseen
    T.ok(err:find("turned stiff at t = [%d.e+-]+ s: its steps fell to [%d.e+-]+ s") ~= nil,
      "stiff dynamics: says when and how small the steps fell: " .. err)
    T.eq(err:find("without stable = true", 1, true) ~= nil, opts.stable == true,
      "stiff dynamics: with stable = true, says to leave it out")
    T.ok(evaluations < 2e6, ("stiff dynamics: the first chunk stops where it turns stiff: %d evaluations "
      .. "(one chunk to its end took 28.9 million)"):format(evaluations))
    T.near(m.bodies.ball.pos[2], 0, 0, "stiff dynamics: the model's start is left as it was")
  end
  -- and Newton finds the rest the message points to: k δ² = m g
  T.near(m:equilibrium{}:body("ball").y[1], 0.1 - math.sqrt(9.81 / 1e6), 1e-12, "stiff dynamics: Newton's rest")
end)

-- a driven crank at rest: the motor holds its angle at t = 0 (its speed
-- would ask for motion) and carries the weight's moment, m g (L/2) cos 0.7
do
  local m = mb.model{ name = "driven crank" }
  m:body{ name = "crank", mass = 1, inertia = 0.01, pos = { 0.1 * math.cos(0.7), 0.1 * math.sin(0.7) }, angle = 0.7 }
  m:point{ name = "O", body = "ground" }
  m:point{ name = "A", body = "crank", at = { -0.1, 0 } }
  m:joint{ name = "pin", type = "revolute", points = { "A", "O" } }
  local speed = function(t) return 0.7 + 2 * t end
  m:joint{ name = "motor", type = "driver", joint = "pin", fn = speed }
  local eq = m:equilibrium{}
  T.near(eq:body("crank").angle[1], 0.7, 1e-12, "a driven crank rests where its driver holds it at t = 0")
  T.near(eq:reaction("motor").torque[1], 9.81 * 0.1 * math.cos(0.7), 1e-12, "the motor carries the weight's moment")
  T.ok(m.joints.motor.fn == speed, "the driver's function is given back")
  local summary = eq:summary()
  T.ok(summary:find("static equilibrium (newton), " .. eq.iterations .. " iteration", 1, true)
    and not summary:find("function evaluations", 1, true) and not summary:find("largest change", 1, true),
    "the summary gives Newton's iterations, not a hidden run's counts:\n" .. summary)
  -- a start off its pin is put on it, and said
  m.bodies.crank.pos = { 0.2, 0.3 }
  local moved = m:equilibrium{}
  T.ok((moved.warnings[1] or ""):find("the start was off its joints by up to", 1, true),
    "a start off its joints is said: " .. tostring(moved.warnings[1]))
end

T.finish()
