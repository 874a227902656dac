-- SPDX-License-Identifier: GPL-3.0-or-later
-- Free-body diagrams (book Ch. 6): the fbd formulation's applied forces
-- h and reaction matrix D' against Examples 6.1-6.5, force analysis (Eq.
-- 6.7) against Examples 6.6 and 6.7, forward and inverse dynamics against
-- body coordinates to 1e-9, and r:fbd: a body's forces, which sum to m a
-- and J alpha, their names, the table, the picture, the bad calls.
local here = arg[0]:match("(.*/)")
local T = dofile(here .. "harness.lua")
local function example(name) return loadfile(here .. "../../examples/" .. name .. ".lua")("model") end
local slider_crank = example("slider_crank")

-- D' (n x rows) of a pieces table, as rows of numbers
local function transpose(p)
  local out = {}
  for k = 1, #p.q do
    out[k] = {}
    for r = 1, #p.phi do out[k][r] = p.D(r, k) end
  end
  return out
end

---------------------------------------------------------------- Ex. 6.1: two bodies, a spring, a damper
local function two_bodies()
  local m = mb.model{ name = "Ex. 6.1" }
  m:body{ name = "one", mass = 2.0, inertia = 1.5, pos = { -1.5, 1.5 }, vel = { -2, 1 } }
  m:body{ name = "two", mass = 1.5, inertia = 0.5, pos = { -0.5, 4.5 } }
  m:point{ name = "A", body = "one", at = { 0, 1.5 } }
  m:point{ name = "B", body = "one", at = { 0, -1.5 } }
  m:point{ name = "C", body = "two", at = { -1, 0 } }
  m:point{ name = "D", body = "two", at = { 1, 0 } }
  m:point{ name = "O", body = "ground" }
  m:force{ name = "spring", type = "spring-damper", points = { "A", "C" }, k = 100, length = 2.0 }
  m:force{ name = "damper", type = "spring-damper", points = { "B", "O" }, k = 0, c = 20 }
  return m
end
do
  local p = two_bodies():pieces{ formulation = "fbd" }
  T.near_all(p.h, { 40, -69.62, 60, 0, 35.285, -50 }, 1e-12, "O-6.1: h1 and h2 from the free-body diagrams")
  T.near_all(p.acc, { 20.0, -34.81, 40.0, 0.0, 23.52333, -100.0 }, 5e-6, "O-6.1: the accelerations M^-1 h")
  -- Ex. 6.2: a massless link from D to the ground's origin adds lambda1 u_c
  local m = two_bodies()
  m:joint{ name = "link", type = "rev-rev", points = { "D", "O" }, length = math.sqrt(0.5 ^ 2 + 4.5 ^ 2) }
  local q = m:pieces{ formulation = "fbd" }
  T.near_all(transpose(q), { { 0 }, { 0 }, { 0 }, { 0.1104 }, { 0.9939 }, { 0.9939 } }, 5e-5,
    "O-6.2: the link's column of D' is (0, 0, 0, u_c, s_D-rot' u_c)")
  T.near_all(q.h, p.h, 1e-12, "O-6.2: the applied forces stay those of Ex. 6.1")
end

---------------------------------------------------------------- Ex. 6.3: the sliding pendulum
do
  local m = example("sliding_pendulum")()
  local p = m:pieces{ formulation = "fbd" }
  T.near_all(p.h, { -8.0, -49.05, 0, 0, -19.62, 0 }, 1e-12, "O-6.3: the applied array")
  T.near_all(transpose(p), { { 0, 0, 1, 0 }, { 1, 0, 0, 1 }, { 0, 1, 0, 0 }, { 0, 0, -1, 0 }, { 0, 0, 0, -1 },
    { 0, 0, 0.433, 0.25 } }, 5e-5, "O-6.3: D' of lambda1, lambda2 (the slide) and lambda3, lambda4 (the pin)")
  T.near_all(p.acc, { -0.32582, 0, 0, -3.18548, -1.65101, -6.60405 }, 5e-5, "O-6.3: the accelerations at rest")
  -- the oracle's 4 decimals are cut, not rounded (65.367976 is printed 65.3679)
  T.near_all(p.lambda, { 65.3679, 0, 6.3709, -16.3179 }, 1e-4, "O-6.3: lambda1..lambda4 at rest")
  local b = m:pieces{ formulation = "body" }
  T.near_all(p.acc, b.acc, 1e-12, "the whole system by LU and the Schur complement agree")
  T.near_all(p.lambda, b.lambda, 1e-11, "and so do their multipliers")
end

---------------------------------------------------------------- Ex. 6.4 and 6.6: the slider-crank
local book64 = { L1 = 0.12, L2 = 0.26, theta = 65, m = { 1.0, 2.0, 4.0 }, J = { 0.001, 0.01, 0.02 }, force = 50 }
do
  local m = slider_crank(1.6, book64)
  local p = m:pieces{ formulation = "fbd" }
  T.near_all(p.h, { 0, -9.81, 0, 0, -19.62, 0, 50, -39.24, 0 }, 1e-12, "O-6.4: h_a, the torque T1 not among it")
  local Dt = transpose(p)
  local book = {
    { 1, 0, -1, 0, 0, 0, 0, 0, 0 }, { 0, 1, 0, -1, 0, 0, 0, 0, 0 }, { 0.054, -0.025, 0.054, -0.025, 0, 0, 0, 0, 1 },
    { 0, 0, 1, 0, -1, 0, 0, 0, 0 }, { 0, 0, 0, 1, 0, -1, 0, 0, 0 }, { 0, 0, -0.054, -0.118, -0.054, -0.118, 0, 0, 0 },
    { 0, 0, 0, 0, 1, 0, 0, 0, 0 }, { 0, 0, 0, 0, 0, 1, 1, 0, 0 }, { 0, 0, 0, 0, 0, 0, 0, 1, 0 } }
  T.near_all(Dt, book, 5e-4, "O-6.4: [D' e], the motor's column e last (Eq. 6.7), to the book's 3 decimals")
  T.near_all({ Dt[3][1], Dt[3][2] }, { 0.054378, -0.025357 }, 1e-6, "O-6.4: s_1^O-rot, to 6 decimals")
  -- the moment arms to the 4 decimals the book prints: s_1^A = (0.0254, 0.0544),
  -- s_2^A = (-0.1181, 0.0544), s_2^B = (0.1181, -0.0544), turned by 90 degrees
  T.near_all({ Dt[3][3], Dt[3][4], Dt[6][3], Dt[6][4], Dt[6][5], Dt[6][6] },
    { 0.0544, -0.0254, -0.0544, -0.1181, -0.0544, -0.1181 }, 5e-5, "O-6.4: D' rows of the moments, the arms' 4 decimals")
  for _, f in ipairs { "fbd", "body" } do
    local id = m:inverse_dynamics{ formulation = f, tf = 0.1, dt = 0.01 }
    T.near(id:reaction("motor").torque[1], 7.380987, 5e-7, ("O-6.6: the crank torque, %s"):format(f))
    local l = {}
    for _, j in ipairs { "main", "crank pin", "wrist", "guide" } do
      for _, arr in ipairs(id:reaction(j).lambda) do l[#l + 1] = arr[1] end
    end
    T.near_all(l, { -50.3718, 42.4233, -50.3068, 32.7525, -50.1416, 13.4109, 25.8291, 0 }, 5e-5,
      ("O-6.6: lambda1..lambda8, %s"):format(f))
  end
end

---------------------------------------------------------------- Ex. 6.5 and 6.7: the four-bar with a damper
-- (examples/four_bar_ch5.lua numbers its reactions as the book does: each
-- pin's lambda acts on the link further from the crank, lambda5,6 on the
-- rocker, so D' is Ex. 6.5's)
local function book_four_bar()
  local m = example("four_bar_ch5"){ damper = true }
  -- assembled, at the driven rates, for the pieces at the start
  local k = m:kinematics{ tf = 0.01, dt = 0.01, tol = 1e-14 }
  for _, b in ipairs(m._order.bodies) do
    local q = k:body(b.name)
    b.pos, b.angle, b.vel, b.omega = { q.x[1], q.y[1] }, q.angle[1], { q.vx[1], q.vy[1] }, q.omega[1]
  end
  return m
end
do
  local m = book_four_bar()
  local p = m:pieces{ formulation = "fbd" }
  T.near_all(p.h, { 0, -9.81, 0, 12.828828, -58.032732, -0.8837, 0, -29.43, 0 }, 5e-5,
    "O-6.5: h_a with the damper's push at P")
  local Dt = transpose(p)
  for k = 1, 9 do Dt[k][9] = nil end -- the motor's column: e
  T.near_all(Dt, {
    { 1, 0, -1, 0, 0, 0, 0, 0 }, { 0, 1, 0, -1, 0, 0, 0, 0 }, { 0.035, -0.035, 0.035, -0.035, 0, 0, 0, 0 },
    { 0, 0, 1, 0, -1, 0, 0, 0 }, { 0, 0, 0, 1, 0, -1, 0, 0 }, { 0, 0, 0.074, -0.142, 0.006, -0.147, 0, 0 },
    { 0, 0, 0, 0, 1, 0, 1, 0 }, { 0, 0, 0, 0, 0, 1, 0, 1 }, { 0, 0, 0, 0, -0.076, 0.079, 0.076, -0.079 } },
    1e-3, "O-6.5: D', to the book's 3 decimals (some cut, some rounded: 0.0798 prints as 0.079)")
  -- the moment arms to the 4 decimals the book prints them (its s_2^B y, 0.0688, is a copy slip for 0.0065)
  T.near_all({ Dt[6][3], Dt[6][4], Dt[6][5], Dt[6][6], Dt[9][5], Dt[9][6], Dt[9][7], Dt[9][8] },
    { 0.0741, -0.1418, 0.0065, -0.1472, -0.0757, 0.0798, 0.0757, -0.0798 }, 5e-5,
    "O-6.5: D' rows of the moments: the arms s_2^A, s_2^B, s_3^B, s_3^Q turned")
  for _, f in ipairs { "fbd", "body" } do
    local id = m:inverse_dynamics{ formulation = f, tf = 0.01, dt = 0.01 }
    T.near(id:reaction("motor").torque[1], 6.675652, 5e-6,
      ("O-6.7: the motor torque, %s (the book prints 6.6577, its digits swapped)"):format(f))
    local l = {}
    for _, j in ipairs { "O", "A", "B", "Q" } do
      for _, arr in ipairs(id:reaction(j).lambda) do l[#l + 1] = arr[1] end
    end
    T.near_all(l, { -88.0273, 11.2602, -87.9902, 1.5722, -74.3693, -55.6584, 74.1635, 85.0596 }, 5e-5,
      ("O-6.7: lambda1..lambda8, %s"):format(f))
  end
end

---------------------------------------------------------------- Sec. 1.3: the double pendulum's ten equations
do
  local m = example("double_pendulum")()
  local p = m:pieces{ formulation = "fbd" }
  -- the book's angles are from the downward vertical; its x'', y'' are the mass centres'
  T.near_all(p.acc, { -2.1624, -0.9598, -2.3526, -5.7467, -3.1718, -2.5213 }, 5e-5, "O-1.3: the six accelerations")
  T.near_all(p.lambda, { -15.6819, 37.1718, -9.1948, 10.6211 }, 5e-4, "O-1.3: lambda1..lambda4")
end

---------------------------------------------------------------- forward and inverse dynamics against body coordinates
local function largest(a, b, what)
  local worst = 0
  for _, name in ipairs(a.body_order) do
    for _, f in ipairs(what) do
      for i = 1, #a.t do worst = math.max(worst, math.abs(a:body(name)[f][i] - b:body(name)[f][i])) end
    end
  end
  return worst
end
for _, case in ipairs {
  { "double pendulum", example("double_pendulum")() },
  { "four-bar", example("four_bar")() },
  { "slider-crank", slider_crank(false) },
  { "sliding pendulum", example("sliding_pendulum")(), true },
  { "Ex. 6.1", two_bodies() },
} do
  local o = { tf = 1, dt = 0.01, integrator = "rk4", h = 1e-3, correct = case[3] }
  local b = case[2]:simulate(o)
  o.formulation = "fbd"
  local f = case[2]:simulate(o)
  local worst = largest(b, f, { "x", "y", "angle", "vx", "vy", "omega", "ax", "ay", "alpha" })
  T.ok(worst < 1e-9, ("%s: forward dynamics through free-body diagrams meets body coordinates' (%.2g)"):format(case[1], worst))
  local r = 0
  for _, name in ipairs(b.joint_order) do
    for _, q in ipairs { "fx", "fy", "torque" } do
      for i = 1, #b.t do r = math.max(r, math.abs(b:reaction(name)[q][i] - f:reaction(name)[q][i])) end
    end
  end
  T.ok(r < 1e-9 * 100, ("%s: so do the reactions (%.2g N)"):format(case[1], r))
end
do
  local m = slider_crank(1.5)
  local b = m:inverse_dynamics{ tf = 4.2, dt = 0.02 }
  local f = m:inverse_dynamics{ tf = 4.2, dt = 0.02, formulation = "fbd" }
  local worst = 0
  for i = 1, #b.t do worst = math.max(worst, math.abs(b:reaction("motor").torque[i] - f:reaction("motor").torque[i])) end
  T.ok(worst < 1e-9, ("inverse dynamics by Eq. 6.7 and by least squares agree over a turn (%.2g N m)"):format(worst))
  T.ok(largest(b, f, { "x", "ax", "alpha" }) < 1e-12, "with the same kinematics")
end

---------------------------------------------------------------- r:fbd
do
  local m = slider_crank(1.6, book64)
  local id = m:inverse_dynamics{ formulation = "fbd", tf = 0.5, dt = 0.05 }
  local printed = T.capture(function() return id:fbd("crank", 0) end)
  local d
  T.capture(function() d = id:fbd("crank", 0) end)
  T.ok(printed:find("free-body diagram of 'crank' at t = 0 s", 1, true) and printed:find("m a, J alpha", 1, true),
    "in --batch r:fbd prints the table")
  local names = {}
  for _, f in ipairs(d) do names[#names + 1] = f.name .. (f.unknowns and ("(" .. f.unknowns .. ")") or "") end
  T.ok(#d == 4 and d[1].name == "weight" and d[2].name == "main" and d[3].name == "crank pin" and d[4].name == "motor",
    "the crank's forces: its weight, the pins O and A, the motor: " .. table.concat(names, ", "))
  T.ok(d[2].unknowns:find("1,", 1, true) and d[2].unknowns:find("2$") and d[3].unknowns:find("3,", 1, true)
    and d[4].unknowns == "T", "the reactions' components are named as Ex. 6.4 numbers them, the motor's T")
  T.near_all({ d[2].fx, d[2].fy }, { -50.3718, 42.4233 }, 5e-5, "the ground's pin pushes the crank with lambda1, lambda2")
  T.near_all({ d[3].fx, d[3].fy }, { 50.3068, -32.7525 }, 5e-5, "the rod pulls it with -lambda3, -lambda4 (third law)")
  T.near(d[4].torque, 7.380987, 5e-7, "the motor's torque T1")
  T.ok(d.gap < 1e-12, ("the forces sum to m a and J alpha (%.2g)"):format(d.gap))
  local sx, sy, st = 0, 0, 0
  for _, f in ipairs(d) do sx, sy, st = sx + f.fx, sy + f.fy, st + f.torque end
  T.near_all({ sx, sy, st }, { d.inertial.fx, d.inertial.fy, d.inertial.torque }, 1e-12, "checked from the table itself")
  -- a point of application: the pin at A is at the crank's end
  local crank = id:body("crank")
  T.near_all(d[3].point, { 0.12 * math.cos(math.rad(65)), 0.12 * math.sin(math.rad(65)) }, 1e-9, "each force at its point")
  local picture = d:picture(78, 20)
  T.ok(picture:find("crank pin", 1, true) and picture:find("weight 9.81 N", 1, true) and picture:find("J alpha", 1, true)
    and picture:find("resultant", 1, true),
    "the picture labels each force with its name and size, and gives m a beside the resultant")
  T.ok(tostring(d):find("4 forces", 1, true), "at the prompt it prints as one line")
  -- every body of several models, at several times, in several formulations
  for _, case in ipairs {
    { example("four_bar")(), "simulate", { "body", "joint", "point", "fbd" } },
    { example("sliding_pendulum")(), "simulate", { "body", "fbd" }, true },
    { example("aa")(), "simulate", { "body", "fbd" }, true },
    { slider_crank(1.5), "inverse_dynamics", { "body", "fbd", "vector" } },
    { example("quick_return")(), "inverse_dynamics", { "vector", "fbd" } },
  } do
    for _, f in ipairs(case[3]) do
      local result = case[2] == "simulate" and case[1]:simulate{ formulation = f, tf = 0.4, dt = 0.1, correct = case[4] }
        or case[1]:inverse_dynamics{ formulation = f, tf = 0.4, dt = 0.1 }
      local worst = 0
      for _, body in ipairs(result.body_order) do
        for _, t in ipairs { 0, 0.2, 0.4 } do
          local dg
          T.capture(function() dg = result:fbd(body, t) end)
          local scale = math.max(1, math.abs(dg.inertial.fx), math.abs(dg.inertial.fy), math.abs(dg.inertial.torque))
          for _, g in ipairs(dg) do scale = math.max(scale, math.abs(g.fx), math.abs(g.fy), math.abs(g.torque)) end
          worst = math.max(worst, dg.gap / scale)
        end
      end
      T.ok(worst < 1e-9, ("%s, %s: every body's forces sum to m a and J alpha (%.2g of the largest)"):format(
        case[1].name, f, worst))
    end
  end
end

---------------------------------------------------------------- r:fbd called wrongly
do
  local r = slider_crank(1.5):kinematics{ tf = 1, dt = 0.1 }
  T.fails(function() r:fbd("crnk", 0.5) end, "did you mean 'crank'", "an unknown body: the nearest name")
  local ok, err = pcall(r.fbd, r, "crnk", 0.5)
  T.ok(not ok and err:find("test_fbd.lua:%d+: r:fbd:"), "said at the call's line: " .. tostring(err))
  T.fails(function() r:fbd("crank", 5) end, "r:fbd: crank at t = 5 is outside the run (t = 0 to 1 s)",
    "a time outside the run, with the body")
  T.fails(function() r:fbd("crank", 0 / 0) end, "r:fbd: t", "a time that is not a number")
end

T.finish()
