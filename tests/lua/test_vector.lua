-- SPDX-License-Identifier: GPL-3.0-or-later
-- Vector loops (book Ch. 5): the loops a model's joint graph gives, the
-- vector-loop kinematics (formulation = "vector") against the book's
-- Examples 5.1 and 5.2, the coupler point, the six-bar quick-return, Ex.
-- 9.5 Sol. B, and against body-coordinate kinematics of the same models;
-- a sweep past a non-Grashof linkage's range, and the bad inputs.
local here = arg[0]:match("(.*/)")
local T = dofile(here .. "harness.lua")
local function example(name) return loadfile(here .. "../../examples/" .. name .. ".lua")("model") end
local slider_crank, four_bar_program = example("slider_crank"), example("four_bar_program")

-- Largest difference of every body quantity between two runs.
local function apart(a, b)
  local worst = 0
  for _, name in ipairs(a.body_order) do
    for _, f in ipairs { "x", "y", "angle", "vx", "vy", "omega", "ax", "ay", "alpha" } do
      for i = 1, #a.t do worst = math.max(worst, math.abs(a:body(name)[f][i] - b:body(name)[f][i])) end
    end
  end
  return worst
end

-- A kinematic run in vector and in body coordinates: both, and how far apart.
local function both(m, opts)
  local o = { tf = 0.5, dt = 0.01, tol = 1e-13 }  -- Newton to round-off, so the two meet to 1e-9
  for k, v in pairs(opts or {}) do o[k] = v end
  local b = m:kinematics(o)
  o.formulation = "vector"
  local v = m:kinematics(o)
  return v, b, apart(v, b)
end

local function wrap(a) return (a + math.pi) % (2 * math.pi) - math.pi end

---------------------------------------------------------------- Example 5.1: the slider-crank
local book51 = { L1 = 0.12, L2 = 0.26, theta = 65 }
for assembly, want in ipairs {
  { angle = -0.431568, x = 0.286875, omega = -0.343591, vx = -0.211379, alpha = 1.124566, ax = -0.035404 },
  { angle = 3.573161, x = -0.185447, omega = 0.343591, vx = -0.136643, alpha = -1.124566, ax = -0.224253 },
} do
  local data = { L1 = book51.L1, L2 = book51.L2, theta = book51.theta, assembly = assembly }
  local v, b, diff = both(slider_crank(1.6, data))
  local rod, slider = v:body("rod"), v:body("slider")
  local label = ("Ex 5.1, assembly %d"):format(assembly)
  T.near(wrap(rod.angle[1] - want.angle), 0, 1e-6, label .. ": theta2")
  T.near(slider.x[1], want.x, 1e-6, label .. ": theta3")
  T.near(rod.omega[1], want.omega, 1e-6, label .. ": theta2'")
  T.near(slider.vx[1], want.vx, 1e-6, label .. ": theta3'")
  T.near(rod.alpha[1], want.alpha, 1e-6, label .. ": theta2''")
  T.near(slider.ax[1], want.ax, 1e-6, label .. ": theta3''")
  T.ok(diff < 1e-9, ("%s: vector and body kinematics agree over 0.5 s (%.2g)"):format(label, diff))
end

---------------------------------------------------------------- Example 5.2: the four-bar
-- the book's data (examples/four_bar_ch5.lua): O at the origin, Q = (0.2,
-- 0), links 0.1, 0.3, 0.22; the crank at pi/4 turning at 1.5 rad/s,
-- accelerating at -1.2 rad/s^2; the coupler point P2 at 0.2 m, 30 degrees
-- from the coupler's axis at A
local function book_four_bar(theta2, theta3) return example("four_bar_ch5"){ guess = { theta2, theta3 } } end
for _, case in ipairs {
  { guess = { 0.5, 1.3 }, angles = { 0.272125, 0.758631 }, rates = { 0.028622, 0.716076 },
    accelerations = { 0.777950, 0.365644 } },
  { guess = { 4.0, 3.9 }, angles = { 5.010112, 4.523606 }, rates = { -0.600853, -1.288306 } },
} do
  local label = ("Ex 5.2 from (%g, %g)"):format(case.guess[1], case.guess[2])
  local v, b, diff = both(book_four_bar(case.guess[1], case.guess[2]))
  local coupler, rocker = v:body("coupler"), v:body("rocker")
  T.near(wrap(coupler.angle[1] - case.angles[1]), 0, 1e-6, label .. ": theta2")
  T.near(wrap(rocker.angle[1] - case.angles[2]), 0, 1e-6, label .. ": theta3")
  T.near(coupler.omega[1], case.rates[1], 1e-6, label .. ": theta2'")
  T.near(rocker.omega[1], case.rates[2], 1e-6, label .. ": theta3'")
  if case.accelerations then
    T.near(coupler.alpha[1], case.accelerations[1], 1e-6, label .. ": theta2''")
    T.near(rocker.alpha[1], case.accelerations[2], 1e-6, label .. ": theta3''")
  end
  T.ok(diff < 1e-9, ("%s: vector and body kinematics agree (%.2g)"):format(label, diff))
end

---------------------------------------------------------------- the coupler point, Eqs. 5.25-5.28
do
  local m = book_four_bar(0.5, 1.3)
  local v, b = both(m)
  local p, q = v:path("P2"), b:path("P2")
  T.near_all({ p.x[1], p.y[1], p.vx[1], p.vy[1] }, { 0.210664, 0.213585, -0.110155, 0.110072 }, 1e-6,
    "O-5.2d: r^P and its velocity")
  -- the acceleration from the bodies' (Eq. 5.28): r'' + rot(s) phi'' - s phi'^2
  local c = v:body("coupler")
  local s = mb.vec.rotate(c.angle[1], m.points.P2.at)
  local a = mb.vec(c.ax[1], c.ay[1]) + c.alpha[1] * mb.vec.rot(s) - c.omega[1] ^ 2 * s
  T.near_all({ a[1], a[2] }, { -0.185510, -0.135192 }, 1e-6, "O-5.2d: the acceleration of P")
  local worst = 0
  for i = 1, #p.x do
    worst = math.max(worst, math.abs(p.x[i] - q.x[i]), math.abs(p.y[i] - q.y[i]),
      math.abs(p.vx[i] - q.vx[i]), math.abs(p.vy[i] - q.vy[i]))
  end
  T.ok(worst < 1e-9, ("the coupler point's path agrees with body coordinates (%.2g)"):format(worst))
  local L = m:loops()
  T.eq(L.points.P2, "0.1 u(theta1) + 0.2 u(theta2 + 30 deg)", "Eq. 5.26 as m:loops() writes it")
  T.eq(L[1].equation, "0.1 u(theta1) + 0.3 u(theta2) - 0.22 u(theta3) - 0.2 u_x = 0", "Eq. 5.20 as m:loops() writes it")
end

---------------------------------------------------------------- the six-bar quick-return, Sec. 5.3.3
do
  local m = example("quick_return")()
  local L = m:loops()
  T.eq(#L, 2, "the quick-return has two loops (7 joints, 5 bodies and the ground)")
  T.eq(table.concat(L[1], ", "), "O, A, slide, Q", "loop 1 is the inverted slider-crank")
  T.eq(table.concat(L[2], ", "), "Q, B, C, guide", "loop 2 is the offset slider-crank")
  local v, b, diff = both(m, { tf = 1, dt = 0.005 })
  T.ok(diff < 1e-9, ("quick-return: a full turn in vector and body coordinates agrees (%.2g)"):format(diff))
  -- loosely coupled: the two loops' rows share the column of one angle only
  local p = m:pieces{ formulation = "vector" }
  local shared = {}
  for k = 1, #p.q do
    local first = math.abs(p.D(1, k)) + math.abs(p.D(2, k)) > 0
    local second = math.abs(p.D(3, k)) + math.abs(p.D(4, k)) > 0
    if first and second then shared[#shared + 1] = L.coordinates[k].what end
  end
  T.eq(table.concat(shared, "; "), "angle of block and link3", "the loops share only theta3 (Eq. 5.33)")
  -- loop 1's gamma is the right side of Eq. 5.34's first row, Coriolis
  -- term included: L1 u1 w1^2 + 2 d' w3 u3-rot - d u3 w3^2
  local slide
  for k, c in ipairs(L.coordinates) do if c.what == "slide of slide" then slide = k end end
  T.ok(slide ~= nil, "the block's slide along link 3 is a coordinate")
  local n, y = #p.q, {}
  for k = 1, n do y[k], y[n + k] = p.q[k], 0 end
  y[n + 1], y[n + 2], y[n + slide] = 2 * math.pi, 0.7, -0.3
  local g = m:pieces{ formulation = "vector", y = y }.gamma
  local u1, u3, d = mb.vec.unit(p.q[1]), mb.vec.unit(p.q[2]), p.q[slide]
  local want = 0.1 * y[n + 1] ^ 2 * u1 + 2 * y[n + slide] * y[n + 2] * mb.vec.rot(u3) - d * y[n + 2] ^ 2 * u3
  T.near_all({ g[1], g[2] }, { want[1], want[2] }, 1e-12,
    "loop 1's gamma: the crank's centripetal term, the Coriolis term 2 d' w3 and d w3^2 (Eq. 5.34)")
end

---------------------------------------------------------------- Ex. 9.5 Sol. B: C and C'theta' from the loop
do
  local m = example("inverted_slider_crank")()
  local th = { math.rad(345), 0.2149, 0.4017 }
  local p = m:pieces{ formulation = "vector", y = { th[1], th[2], th[3], math.pi, 1.4453, 0.5816 } }
  T.near_all({ { p.D(1, 1), p.D(1, 2), p.D(1, 3) }, { p.D(2, 1), p.D(2, 2), p.D(2, 3) } },
    { { 0.0538, 0.2762, -0.9770 }, { 0.2009, -0.3509, -0.2132 } }, 5e-5, "O-9.5B: C = [L1 u1-rot, L3 u3 - theta3 u3-rot, -u3]")
  -- the book's Cdtd is the bias C'theta' = -gamma; its first entry is printed with the wrong sign
  T.near_all({ -p.gamma[1], -p.gamma[2] }, { -0.8915, -0.5343 }, 5e-5, "O-9.5B: C'theta' (the book prints +0.8915, a sign slip)")
  -- Sol. A, the cut pin B in absolute joint coordinates: the same C and gamma
  local j = m:pieces{ formulation = "joint", angles = "absolute", tree = { "O", "Q", "slide" },
    y = { th[1], th[2], th[3], math.pi, 1.4453, 0.5816 } }
  local worst = 0
  for r = 1, 2 do
    for k = 1, 3 do worst = math.max(worst, math.abs(j.D(r, k) - p.D(r, k))) end
    worst = math.max(worst, math.abs(j.gamma[r] - p.gamma[r]))
  end
  T.ok(worst < 1e-12, ("O-9.5A and B: the loop's C and gamma are the cut joint's in joint coordinates (%.2g)"):format(worst))
end

---------------------------------------------------------------- the loops of the examples
for _, case in ipairs {
  { "slider_crank", { 1.5 }, 1 }, { "four_bar", {}, 1 }, { "double_pendulum", {}, 0 },
  { "sliding_pendulum", {}, 0 }, { "quick_return", {}, 2 },
  -- these start from the book's rounded numbers: their loops close to 1e-4 or 1e-3
  { "inverted_slider_crank", {}, 1, 1e-4 }, { "aa", {}, 1, 1e-4 }, { "macpherson", { "A" }, 1, 1e-3 },
} do
  local m = example(case[1])(table.unpack(case[2]))
  local L = m:loops()
  local joints = 0
  for _, j in ipairs(m._order.joints) do if j.type ~= "driver" then joints = joints + 1 end end
  T.eq(#L, case[3], ("%s: %d loop(s) = joints - bodies + 1 (%d - %d + 1)"):format(case[1], case[3], joints,
    #m._order.bodies + 1))
  for k, loop in ipairs(L) do
    local tol = case[4] or 1e-12
    T.ok(math.abs(loop.residual[1]) < tol and math.abs(loop.residual[2]) < tol,
      ("%s: loop %d closes at the start (%.2g, %.2g)"):format(case[1], k, loop.residual[1], loop.residual[2]))
  end
  local text = tostring(L)
  T.ok(text:find("vector loops of", 1, true) and (case[3] == 0 and text:find("sums of vectors", 1, true)
    or text:find("= 0", 1, true)), case[1] .. ": m:loops() prints its loops or, open, its chains")
end
T.eq(example("sliding_pendulum")():loops().positions.pendulum, "0.2 u_y + theta2 u_x + 0.5 u(theta1 - 90 deg)",
  "an open chain's mass centre as a sum of vectors (Eq. 5.6)")
T.eq(example("slider_crank")(1.5):loops()[1].equation, "0.2 u(theta1) + 0.4 u(theta2) - theta3 u_x = 0",
  "the slider-crank's loop as Eq. 5.14 writes it")

---------------------------------------------------------------- its rows against finite differences
for _, case in ipairs {
  { "slider-crank", slider_crank(1.5) }, { "four-bar", example("four_bar")() },
  { "inverted slider-crank", example("inverted_slider_crank")() }, { "quick-return", example("quick_return")() },
  { "double A-arm", example("aa")() }, { "Ex 5.2", book_four_bar(0.5, 1.3) },
} do
  T.fd_check(case[1], case[2], "vector")
end

---------------------------------------------------------------- a full turn, inverse dynamics, mb.compare, trace
do
  local m = slider_crank(1.5)
  local v, b, diff = both(m, { tf = 4.2 })
  T.ok(diff < 1e-9, ("slider-crank, a full turn: vector and body kinematics agree (%.2g)"):format(diff))
  local worst = 0
  for i = 1, #v.t do worst = math.max(worst, math.abs(v:reaction("motor").torque[i] - b:reaction("motor").torque[i])) end
  T.ok(worst < 1e-8, ("inverse dynamics through vector kinematics gives the same motor torque (%.2g)"):format(worst))
  local c = mb.compare(m, { "body", "vector" }, { tf = 1, dt = 0.01, show = false })
  T.ok(c.analysis == "kinematics" and c.maxdiff < 1e-9, ("mb.compare takes the vector formulation: kinematics, %.2g"):format(c.maxdiff))
  local r = m:kinematics{ formulation = "vector", tf = 0.1, dt = 0.01, trace = true }
  T.ok(#r.trace >= 1 and r.trace[1].worst:find("loop 1", 1, true), "trace = true names the loop of each Newton step")
end

---------------------------------------------------------------- every kind of vector, against body kinematics
-- MacPherson A (a slider between two moving bodies), B (a pin in a slot),
-- C (a massless link): one loop each, the same equation; driven by the
-- knuckle's angle. A slider-crank driven by its slider's distance, and one
-- with a body welded to its rod.
do
  local macpherson = example("macpherson")
  for _, variant in ipairs { "A", "B", "C" } do
    local m = macpherson(variant)
    T.fd_check("MacPherson " .. variant, m, "vector")
    local a0 = m.bodies.knuckle.angle
    local w = 2 * math.pi -- a small swing of the knuckle, within the strut's range
    m:joint{ name = "lift", type = "driver", body = "knuckle",
      fn = function(t) return a0 + 0.02 * math.sin(w * t), 0.02 * w * math.cos(w * t), -0.02 * w * w * math.sin(w * t) end }
    local _, _, diff = both(m, { tf = 0.5 })
    T.ok(diff < 1e-9, ("MacPherson %s driven: vector and body kinematics agree (%.2g)"):format(variant, diff))
  end
  local pushed = slider_crank(false)
  local d0 = pushed.bodies.slider.pos[1]
  pushed:joint{ name = "push", type = "driver", joint = "guide", fn = function(t) return d0 - 0.1 * t, -0.1, 0 end }
  local v, _, diff = both(pushed, { tf = 1 })
  T.ok(diff < 1e-9, ("a slider-crank driven by its slider: vector and body kinematics agree (%.2g)"):format(diff))
  T.near(v:body("slider").x[#v.t], d0 - 0.1, 1e-12, "the driver holds the slide")
  local welded = slider_crank(1.5)
  local rod = welded.bodies.rod
  welded:body{ name = "weight", mass = 1, inertia = 0.01,
    pos = mb.vec(rod.pos) + mb.vec.rotate(rod.angle, { 0.05, 0.1 }), angle = rod.angle + 0.3 }
  welded:joint{ name = "weld", type = "rigid", bodies = { "weight", "rod" } }
  T.fd_check("slider-crank with a weld", welded, "vector")
  local _, _, wdiff = both(welded, { tf = 1 })
  T.ok(wdiff < 1e-9, ("a body welded to the rod follows it the same in both (%.2g)"):format(wdiff))
  T.ok(welded:loops().coordinates[2].what == "angle of rod and weight", "a weld joins the rod's angle set")
end

---------------------------------------------------------------- a sweep of a non-Grashof linkage
do
  -- links 0.2 (ground), 0.3, 0.25, 0.22: the shortest and longest, 0.5, exceed the others' 0.47
  local m = four_bar_program{ name = "non-Grashof", RQ = { 0.2, 0 }, L = { 0.3, 0.25, 0.22 },
    LP = { 0, 0, 0 }, beta = { 0, 0, 0 }, theta = { 10, -90, -64 }, omega1 = 2 * math.pi,
    m = { 1, 1, 1 }, J = { 0.01, 0.01, 0.01 }, LG = { 0.15, 0.125, 0.11 }, gamma = { 0, 0, 0 } }
  local ok, err = pcall(m.kinematics, m, { formulation = "vector", tf = 1, dt = 0.01 })
  T.ok(not ok and err:find("loop 1 (O, A, B, Q) cannot close", 1, true) and err:find("driver 'motor' holds", 1, true)
    and err:find("deg)", 1, true), "the sweep stops at the range limit naming the loop and the angle: " .. tostring(err))
  T.ok(m.last and #m.last.t > 10 and m.last.t[#m.last.t] < 1, "the samples before the limit are kept")
  T.ok(err:find("test_vector.lua:%d+: kinematic analysis of 'non%-Grashof'") ~= nil, "said at the call's line")
end

---------------------------------------------------------------- bad input
do
  local p = example("pendulum")()
  p:joint{ name = "motor", type = "driver", joint = "pin", fn = function(t) return t end }
  T.fails(function() p:kinematics{ formulation = "vector", tf = 0.1 } end, "has no closed loop",
    "an open chain asked for vector kinematics is told it has no loop")
  local ok, err = pcall(p.kinematics, p, { formulation = "vector", tf = 0.1 })
  T.ok(not ok and err:find("test_vector.lua:%d+:") and err:find("'pendulum'", 1, true), "said at the call, naming the model: " .. tostring(err))
  T.ok(p:loops()[1] == nil, "m:loops() of an open chain has no loop")

  local cart = example("cart")("A")
  local ok2, err2 = pcall(cart.loops, cart)
  T.ok(not ok2 and err2:find("test_vector.lua:%d+: m:loops:") and err2:find("cart.lua:%d+: joint '[^']+' is a disc"),
    "a joint the vector method does not cover: the call, the joint's file and line, its name and kind: " .. tostring(err2))
  T.fails(function() cart:kinematics{ formulation = "vector" } end, "is a disc", "the same for vector kinematics")

  -- a loop that cannot close: a coupler too short to reach the rocker
  local short = four_bar_program{ name = "short coupler", RQ = { 0.2, 0 }, L = { 0.1, 0.02, 0.22 },
    LP = { 0, 0, 0 }, beta = { 0, 0, 0 }, theta = { 45, 30, 90 }, omega1 = 1,
    m = { 1, 1, 1 }, J = { 0.01, 0.01, 0.01 }, LG = { 0.05, 0.01, 0.11 }, gamma = { 0, 0, 0 } }
  local ok3, err3 = pcall(short.kinematics, short, { formulation = "vector", tf = 0.1 })
  T.ok(not ok3 and err3:find("at t = 0 ", 1, true) and err3:find("loop 1 (O, A, B, Q) cannot close", 1, true),
    "a link too short: the loop that cannot close, at the start: " .. tostring(err3))
  -- a rod just long enough: the slider-crank starts at its toggle, the rod
  -- standing on the slider (it said "rank 9 for 9 rows ... joint (unknown)")
  local toggle = mb.example("slider_crank", 1.5, { L2 = 0.1 })
  local ok4, err4 = pcall(toggle.kinematics, toggle, { formulation = "vector", tf = 0.1 })
  T.ok(not ok4 and err4:find("test_vector.lua:%d+:") and err4:find("singular configuration", 1, true)
    and not err4:find("(unknown)", 1, true), "a link just long enough: a singular configuration, said as such: " .. tostring(err4))

  local m = slider_crank(1.5)
  T.fails(function() m:simulate{ formulation = "vector" } end, "is for kinematics only",
    "simulate refuses the vector formulation, saying what it is for")
  local dyn = mb.compare(m, { "body", "vector" }, { analysis = "dynamics", correct = true, show = false })
  T.ok(#dyn.order == 1 and dyn.skipped[1].name == "vector" and dyn.skipped[1].why:find("kinematics only", 1, true),
    "a comparison of dynamics runs body and says why the vector loops did not run")
  T.fails(function() mb.compare(m, { "body", "vector" }, { integrator = "rk4", show = false }) end,
    "does not apply to a kinematic analysis", "a kinematic comparison refuses an integrator")
  -- the C boundary, reached through mechbench.core, refuses too
  local raw = mb.core.model.simulate(m:compile(), { formulation = "vector", tf = 0.1, dt = 0.1 })
  T.ok(raw.error and raw.error:find("kinematic analysis", 1, true), "core.model.simulate refuses: " .. tostring(raw.error))
end

T.finish()
