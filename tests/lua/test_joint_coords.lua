-- SPDX-License-Identifier: GPL-3.0-or-later
-- The joint-coordinate formulation: the Chapter 9 oracles, B and Ḃθ̇
-- against finite differences of the recursive kinematics, and agreement
-- with body coordinates on every example model.
local T = dofile(arg[0]:match("(.*/)") .. "harness.lua")
local here = arg[0]:match("(.*/)")
local function example(name) return loadfile(here .. "../../examples/" .. name .. ".lua")("model") end
local vec = mb.vec

---------------------------------------------------------------- O-9.3
local ex93 = example("variable_length_pendulum")
local p = ex93():joint_coords()
T.near_all(p.theta, {math.pi / 3, 0.8}, 1e-12, "O-9.3 joint coordinates")
T.near_all(p.B, {{0.25, 0}, {0.4330, 0}, {1, 0}, {0.4, 0.8660}, {0.6928, -0.5}, {1, 0}}, 1e-4, "O-9.3 B")
T.near_all(p.M, {{1.28, 0}, {0, 1}}, 1e-12, "O-9.3 M")
T.near_all(p.h, {-21.5755, 2.9050}, 1e-4, "O-9.3 h")
T.near_all(p.acc, {-16.8558, 2.9050}, 1e-4, "O-9.3 joint accelerations")

---------------------------------------------------------------- O-9.5, O-9.5A
local inverted_slider_crank = example("inverted_slider_crank")
p = inverted_slider_crank():joint_coords{ tree = {"O", "Q", "slide"} }
T.eq(p.cut[1], "B", "O-9.5: the pin B is cut")
T.near_all(p.M, {{0.0062, 0, 0}, {0, 0.3207, 0}, {0, 0, 0.5}}, 1e-4, "O-9.5 M")
T.near_all(p.h, {-0.1971, -5.1380, -0.6264}, 1e-4, "O-9.5 h")
T.near_all(p.Bdtd, {-0.9915, 0.2657, 0, -0.6123, -0.1336, 0, -1.1783, 1.4636, 0}, 1e-4, "O-9.5 Bdtd")
T.near_all(p.C, {{0.0538, 0.2762, -0.9770}, {0.2009, -0.3509, -0.2132}}, 1e-4, "O-9.5A C")
T.near_all(p.gamma, {0.8915, 0.5343}, 1e-4, "O-9.5A right side -Cdot thetadot")
T.near_all(p.acc, {-26.8578, -13.1827, -6.1188}, 1e-4, "O-9.5A joint accelerations")
T.near_all(p.lambda, {2.6085, -0.5418}, 1e-4, "O-9.5A Lagrange multipliers")

---------------------------------------------------------------- B and Ḃθ̇ by finite differences
local function fd_check(label, m, opts)
  opts = opts or {}
  local base = m:joint_coords(opts)
  local th, thd, n = base.theta, base.theta_d, #base.theta
  -- a state away from the start, with every rate non-zero
  for k = 1, n do th[k] = th[k] + 0.1 * k; thd[k] = (thd[k] ~= 0 and thd[k] or 0) + 0.3 * (-1) ^ k end
  local function at(theta)
    local o = {}
    for key, v in pairs(opts) do o[key] = v end
    o.theta, o.theta_d = theta, thd
    return m:joint_coords(o)
  end
  local p0, h, worst_b, worst_bias = at(th), 1e-6, 0, 0
  for k = 1, n do
    local plus, minus = {table.unpack(th)}, {table.unpack(th)}
    plus[k], minus[k] = th[k] + h, th[k] - h
    local cp, cm = at(plus).c, at(minus).c
    for r = 1, #cp do worst_b = math.max(worst_b, math.abs((cp[r] - cm[r]) / (2 * h) - p0.B(r, k))) end
  end
  -- Ḃθ̇ = d/dt(B) θ̇ along θ + θ̇ t
  local plus, minus = {}, {}
  for k = 1, n do plus[k], minus[k] = th[k] + h * thd[k], th[k] - h * thd[k] end
  local bp, bm = at(plus), at(minus)
  for r = 1, #p0.c do
    local s = 0
    for k = 1, n do s = s + (bp.B(r, k) - bm.B(r, k)) / (2 * h) * thd[k] end
    worst_bias = math.max(worst_bias, math.abs(s - p0.Bdtd[r]))
  end
  -- and ċ = B θ̇
  local worst_v = 0
  for r = 1, #p0.c do
    local s = 0
    for k = 1, n do s = s + p0.B(r, k) * thd[k] end
    worst_v = math.max(worst_v, math.abs(s - p0.cd[r]))
  end
  T.ok(worst_b < 1e-7, ("%s: B = dc/dtheta (%.2g)"):format(label, worst_b))
  T.ok(worst_bias < 1e-6, ("%s: Bdot thetadot by differences (%.2g)"):format(label, worst_bias))
  T.ok(worst_v < 1e-12, ("%s: c' = B theta' (%.2g)"):format(label, worst_v))
end

fd_check("double pendulum, relative angles", example("double_pendulum")())
fd_check("double pendulum, absolute angles", example("double_pendulum")(), { angles = "absolute" })
fd_check("slide with the guide as parent (Ex 9.3)", ex93())
fd_check("slider-crank, slide on the ground", example("slider_crank")())
local function rail_on_carrier() -- the guide hangs from the slider: the rail is the child
  local m = mb.model{ name = "rail on a carrier" }
  m:body{ name = "carrier", mass = 1, inertia = 0.1, pos = {0.5, 0}, angle = 0.3 }
  m:body{ name = "rail", mass = 2, inertia = 0.2, pos = {0.9, 0.3}, angle = 0.3 + 0.5 }
  m:point{ name = "O", body = "ground" }
  m:point{ name = "C0", body = "carrier", at = {-0.5, 0} }
  m:point{ name = "C1", body = "carrier", at = {0.4, 0.1} }
  m:point{ name = "R1", body = "rail", at = {-0.2, 0.05} }
  m:vector{ name = "uc", body = "carrier", dir = {0, 1} }
  -- along the carrier's y axis, as uc is: the rail is turned 0.5 rad from the carrier
  m:vector{ name = "ur", body = "rail", dir = {math.cos(math.pi / 2 - 0.5), math.sin(math.pi / 2 - 0.5)} }
  m:joint{ name = "pin", type = "revolute", points = {"C0", "O"} }
  m:joint{ name = "slide", type = "translational", points = {"C1", "R1"}, vectors = {"uc", "ur"} }
  return m
end
fd_check("slide with the guide as child", rail_on_carrier())
local function floating_chain() -- a free body floats with (x, y, phi)
  local m = mb.model{ name = "free" }
  m:body{ name = "puck", mass = 1, inertia = 0.1, pos = {1, 2}, angle = 0.4, vel = {0.3, -0.1}, omega = 2 }
  m:body{ name = "arm", mass = 1, inertia = 0.1, pos = {1.5, 2}, angle = 0.4 }
  m:point{ name = "P", body = "puck", at = {0.2, 0} }
  m:point{ name = "Q", body = "arm", at = {-0.3, 0} }
  m:joint{ name = "hinge", type = "revolute", points = {"Q", "P"} }
  return m
end
do
  local pp = floating_chain():joint_coords()
  T.eq(pp.tree[1].kind, "x, y, angle", "a body with no path to the ground floats")
  T.eq(#pp.theta, 4, "floating body (3) + hinge (1) coordinates")
  fd_check("floating chain", floating_chain())
end

---------------------------------------------------------------- body and joint coordinates agree
-- (every example: test_formulations.lua); here what joint coordinates add
T.agree("double pendulum, absolute angles", example("double_pendulum")(), "joint", { angles = "absolute" })
T.agree("inverted slider-crank, built here", inverted_slider_crank(), "joint")
T.agree("Ex 9.3, built here", ex93(), "joint")

---------------------------------------------------------------- the momentum method in joint coordinates
-- The state holds p = M̄θ̇ and ṗ = B'h + C'λ + Ḃ'Mċ: if the Ḃ'Mċ term were
-- wrong, the motion would part from the plain run's, so both must agree.
local function momentum_agrees(label, build, opts)
  local o = { tf = 2, dt = 0.05, tol = 1e-11, formulation = "joint", correct = true }
  for k, v in pairs(opts or {}) do o[k] = v end
  local plain = build():simulate(o)
  o.stabilization = "momentum"
  local mom = build():simulate(o)
  local d, vv = 0, 0
  for _, b in ipairs(plain.body_order) do
    for _, f in ipairs { "x", "y", "angle" } do
      for i = 1, #plain.t do d = math.max(d, math.abs(plain:body(b)[f][i] - mom:body(b)[f][i])) end
    end
  end
  for i = 1, #mom.t do vv = math.max(vv, mom.velocity_violation[i]) end
  T.ok(d < 1e-7, ("momentum method, %s: the motion of the plain run (%.2g)"):format(label, d))
  T.ok(vv < 1e-12, ("momentum method, %s: no velocity violation (%.2g)"):format(label, vv))
end
momentum_agrees("double pendulum", example("double_pendulum"))
momentum_agrees("double pendulum, absolute angles", example("double_pendulum"), { angles = "absolute" })
momentum_agrees("triple pendulum, absolute angles", example("triple_pendulum"), { angles = "absolute" })
momentum_agrees("Ex 9.3 (slide on the parent)", ex93)
momentum_agrees("rail on a carrier (slide on the child)", rail_on_carrier)
momentum_agrees("floating chain", floating_chain)
momentum_agrees("floating chain, absolute angles", floating_chain, { angles = "absolute" })
momentum_agrees("four-bar (cut joint)", example("four_bar"))
momentum_agrees("inverted slider-crank", inverted_slider_crank, { angles = "absolute" })
momentum_agrees("slider-crank (driver cut)", example("slider_crank"))

---------------------------------------------------------------- choices and bad input
local fb = example("four_bar")()
T.fails(function() fb:joint_coords{ tree = {"O2", "A", "B", "O4"} } end, "joint 'O4' closes a loop", "a tree with a loop is refused")
T.fails(function() fb:joint_coords{ tree = {"O2", "nope"} } end, "tree: unknown joint 'nope'", "unknown tree joint")
local pc = fb:joint_coords()
T.ok(#pc.cut == 1 and #pc.theta == 3, "the four-bar: three tree angles, one cut pin")
local mp = example("macpherson")("C")
local pm = mp:joint_coords()
T.ok(#pm.cut == 2 and pm.tree[1].kind == "x, y, angle", "MacPherson C: no tree joint reaches the knuckle, it floats and both joints are cut")
T.fails(function() fb:simulate{ formulation = "joint", angles = "sideways" } end, "unknown angles 'sideways' (available: relative, absolute)", "bad angles option")

-- a joint that cannot be a tree joint is cut, with a word on stderr
local sc = example("slider_crank")()
local err_file = os.tmpname()
local saved = io.stderr
io.stderr = io.open(err_file, "w")
local ps = sc:joint_coords{ tree = {"main", "crank pin", "motor"} }
io.stderr:close()
io.stderr = saved
local said = io.open(err_file):read("a")
os.remove(err_file)
T.ok(said:find("joint 'motor' (driver) cannot be a tree joint in joint coordinates; it is cut instead", 1, true),
  "an unsupported tree joint is named: " .. said)
local motor_cut = false
for _, n in ipairs(ps.cut) do motor_cut = motor_cut or n == "motor" end
T.ok(motor_cut, "and cut")
local cut_run = example("slider_crank")():simulate{ formulation = "joint", tree = { "main", "crank pin", "motor" },
  tf = 0.05, dt = 0.05, correct = true }
local noted = false
for _, w in ipairs(cut_run.warnings) do noted = noted or w:find("joint 'motor' (driver) cannot be a tree joint", 1, true) ~= nil end
T.ok(noted, "in a run the cut is one of r.warnings")

-- The articulated-body algorithm (the default, O(N)) against the composite-
-- rigid-body path (method = "crb": M̄ written out and factored): the same M̄
-- (written out for teaching either way), q̈ and λ at the start, and the same
-- run, on trees of pins and slides, floating bodies, cut loops, both angles.
local function largest_gap(a, b)
  local gap = 0
  for i = 1, #a do
    if type(a[i]) == "table" then gap = math.max(gap, largest_gap(a[i], b[i]))
    else gap = math.max(gap, math.abs(a[i] - b[i])) end
  end
  return gap
end
for _, spec in ipairs { { "four_bar" }, { "chain", 6 }, { "slider_crank" }, { "sliding_pendulum" },
  { "inverted_slider_crank" }, { "macpherson", "A" }, { "macpherson", "C" }, { "rod" } } do
  for _, angles in ipairs { "relative", "absolute" } do
    local label = ("%s%s, %s angles"):format(spec[1], spec[2] and (" " .. spec[2]) or "", angles)
    local m = example(spec[1])(spec[2])
    m:correct()
    local aba = m:pieces{ formulation = "joint", angles = angles }
    local crb = m:pieces{ formulation = "joint", angles = angles, method = "crb" }
    T.ok(largest_gap(aba.M, crb.M) < 1e-13, label .. ": the same M̄")
    local scale = 1
    for _, a in ipairs(crb.acc) do scale = math.max(scale, math.abs(a)) end
    T.ok(largest_gap(aba.acc, crb.acc) < 1e-12 * scale,
      label .. (": the same joint accelerations (gap %.2g)"):format(largest_gap(aba.acc, crb.acc)))
    T.ok(largest_gap(aba.lambda, crb.lambda) < 1e-11,
      label .. (": the same multipliers (gap %.2g)"):format(largest_gap(aba.lambda, crb.lambda)))
    local opts = { formulation = "joint", angles = angles, tf = 0.2, dt = 0.05, integrator = "rk4", h = 1e-3 }
    local ra = m:simulate(opts)
    opts.method = "crb"
    local rc = m:simulate(opts)
    local gap = 0 -- relative to each series' largest value (the rod's contact: 1e5 m/s²)
    for _, name in ipairs(ra.body_order) do
      for _, k in ipairs { "x", "y", "angle", "ax", "ay", "alpha" } do
        local series, top = rc:body(name)[k], 1
        for _, x in ipairs(series) do top = math.max(top, math.abs(x)) end
        gap = math.max(gap, largest_gap(ra:body(name)[k], series) / top)
      end
    end
    T.ok(gap < 1e-11, label .. (": the same run to %.2g"):format(gap))
  end
end
T.fails(function() example("four_bar")():simulate{ formulation = "joint", method = "lu" } end,
  "unknown method 'lu' (available: aba, crb)", "bad method option")
T.fails(function() example("four_bar")():simulate{ formulation = "body", method = "crb" } end,
  'method goes with formulation = "joint"', "method in another formulation")

T.finish()
