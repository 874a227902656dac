-- SPDX-License-Identifier: GPL-3.0-or-later
-- Minimal coordinates (formulation = "minimal"; Blajer, Schiehlen and
-- Schirm): only the independent coordinates are integrated, every body
-- follows from them in closed form, group by group, and the coordinates
-- switch before a group turns singular. Here: its relations against finite
-- differences, agreement with body coordinates, the paper's four-bar (its
-- cases a and b and the switch between them), a triple rocker through its
-- limit positions, the run that stops when it may not switch, and what it
-- refuses. (test_formulations.lua checks it on every example as well.)
local here = arg[0]:match("(.*/)")
local T = dofile(here .. "harness.lua")
local function example(name) return loadfile(here .. "../../examples/" .. name .. ".lua")("model") end

local function largest(n, f)
  local w = 0
  for i = 1, n do w = math.max(w, f(i)) end
  return w
end
local function drift(r) return largest(#r.t, function(i) return math.abs(r.energy.total[i] - r.energy.total[1]) end) end
local function copy(t) return { table.unpack(t) } end

---------------------------------------------------------------- c = g(q_I, t), c' = B q_I' + eta, c'' = B q_I'' + xi
-- The closed forms against their own finite differences, at a state off
-- the start: B = dc/dq_I, eta = dc/dt, and along q_I + q_I' tau (where
-- q_I'' = 0) the rates B q_I' + eta and the accelerations xi. Each model
-- exercises a form of loop: two angles, an angle and a slide, a slide
-- turning with its angle, two slides, a rolling disc, massless links,
-- drivers, a joint's relative angle independent.
local function fd_minimal(label, m, independent)
  local p0 = m:minimal_coords{ independent = independent }
  local k = #p0.independent
  local y = {}
  for i = 1, k do y[i] = p0.q[i] + 0.01 * math.sin(3 * i) end
  for i = 1, k do y[k + i] = p0.qd[i] + 0.3 * math.cos(i) end
  local t, h, tau = 0.3, 1e-6, 1e-4
  local function at(state, time) return m:minimal_coords{ independent = independent, y = state, t = time } end
  local p = at(y, t)
  local n3 = #p.c
  local worst_b = 0
  for j = 1, k do
    local yp, ym = copy(y), copy(y)
    yp[j], ym[j] = y[j] + h, y[j] - h
    local a, b = at(yp, t), at(ym, t)
    for i = 1, n3 do worst_b = math.max(worst_b, math.abs((a.c[i] - b.c[i]) / (2 * h) - p.B(i, j))) end
  end
  local ta, tb = at(y, t + h), at(y, t - h)
  local worst_eta = largest(n3, function(i) return math.abs((ta.c[i] - tb.c[i]) / (2 * h) - p.eta[i]) end)
  local function along(step)
    local s = copy(y)
    for i = 1, k do s[i] = y[i] + step * y[k + i] end
    return at(s, t + step)
  end
  local a, b = along(h), along(-h)
  local worst_v = largest(n3, function(i) return math.abs((a.c[i] - b.c[i]) / (2 * h) - p.cd[i]) end)
  local a2, b2 = along(tau), along(-tau)
  local size = largest(n3, function(i) return math.abs(p.xi[i]) end)
  local worst_xi = largest(n3, function(i) return math.abs((a2.c[i] - 2 * p.c[i] + b2.c[i]) / tau ^ 2 - p.xi[i]) end)
  T.ok(worst_b < 1e-7, ("%s: B = dc/dq_I (%.2g)"):format(label, worst_b))
  T.ok(worst_eta < 1e-7, ("%s: eta = dc/dt (%.2g)"):format(label, worst_eta))
  T.ok(worst_v < 1e-7, ("%s: c' = B q_I' + eta (%.2g)"):format(label, worst_v))
  T.ok(worst_xi < 1e-5 * math.max(1, size), ("%s: c'' = xi where q_I'' = 0 (%.2g of %.3g)"):format(label, worst_xi, size))
end

fd_minimal("four-bar, crank.angle (two angles)", example("four_bar")(), { "crank.angle" })
fd_minimal("four-bar, B.angle (a joint's angle)", example("four_bar")(), { "B.angle" })
fd_minimal("four-bar, coupler.angle (a loop of three)", example("four_bar")(), { "coupler.angle" })
fd_minimal("slider-crank, free (an angle and a slide)", example("slider_crank")(false))
fd_minimal("slider-crank, driven (no state: eta, xi)", example("slider_crank")(1.5))
fd_minimal("inverted slider-crank (a turning slide)", example("inverted_slider_crank")())
fd_minimal("MacPherson B (rev-tran)", example("macpherson")("B"))
fd_minimal("MacPherson C (rev-rev and rev-tran)", example("macpherson")("C"))
fd_minimal("cart A (rolling discs, driven)", example("cart")("A"))
fd_minimal("cart C (a disc's angle from its roll)", example("cart")("C"))
fd_minimal("two rods (floating: two slides)", example("rod2")())
fd_minimal("sliding pendulum, slider.x", example("sliding_pendulum")(), { "slider.x", "pendulum.angle" })

---------------------------------------------------------------- agreement with body coordinates over 5 s
-- Poses to 1e-6 and energy to 1e-8 (the issue's measures, at tol 1e-10),
-- reactions, and joints held to round-off. These run on rk8pd: with rk45 at
-- tol 1e-10 the integrator's own error is above the measure (body
-- coordinates on the four-bar are 1.1e-6 off a run at tol 1e-13, and minimal
-- coordinates 2.9e-6, their energy drifting 2.1e-8 to 3.6e-8: GSL bounds
-- each component's error by tol (1 + |y_i|), looser for a state of fewer,
-- larger numbers). Bounds are ten times what rk8pd reaches, measured.
local cases = {
  -- name, model, bound on poses, on energy (nil: driven, not kept)
  { "pendulum", function() return example("pendulum")() end, 1e-13, 5e-13 },
  { "double pendulum", function() return example("double_pendulum")() end, 2e-13, 2e-12 },
  { "slider-crank, driven", function() return example("slider_crank")(1.5) end, 1e-12 },
  { "slider-crank, free", function() return example("slider_crank")(false) end, 4e-10, 5e-10 },
  { "four-bar", function() return example("four_bar")() end, 1.5e-7, 1.5e-9 },
  { "sliding pendulum", function() return example("sliding_pendulum")() end, 3e-13, 1e-13 },
}
for _, case in ipairs(cases) do
  local c = T.agree(case[1], case[2](), "minimal", { tf = 5, tol = 1e-10, integrator = "rk8pd" }, case[3])
  local r = c.results.minimal
  if case[4] then
    T.ok(drift(r) < case[4], ("%s: energy kept to %.2g (at most %g)"):format(case[1], drift(r), case[4]))
  end
  local worst = largest(#r.t, function(i) return math.max(r.violation[i], r.velocity_violation[i]) end)
  T.ok(worst < 1e-14, ("%s: the joints hold to round-off: %.2g"):format(case[1], worst))
end

---------------------------------------------------------------- the paper's four-bar: cases a and b
-- Case a, the crank's angle independent (the paper's alpha1), is singular
-- where sin(alpha3) = 0: coupler and rocker in line. Its loop's condition
-- is that sine. Case b, the relative angle at B (alpha3) independent, is
-- singular where cos(alpha1) = 0: the crank along the ground line O2-O4;
-- its loop (crank and coupler with rocker) has the condition
-- |O2O4| |sin(crank angle)| / |A O4| (the sine rule in triangle O2 A O4).
do
  local fb = example("four_bar")()
  local angle = function(b) return fb.bodies[b].angle end
  local a
  local said = T.printed(function() a = fb:minimal_coords{ independent = { "crank.angle" } } end)
  T.ok(not said:find("degrees of freedom", 1, true), "naming the independent coordinates prints no m:dof text: " .. said)
  T.eq(#a.groups, 2, "case a: the crank placed, then one loop")
  T.near(a.groups[2].condition, math.abs(math.sin(angle("coupler") - angle("rocker"))), 1e-12,
    "case a: the loop's condition is |sin alpha3|, alpha3 between coupler and rocker")
  local b = fb:minimal_coords{ independent = { "B.angle" } }
  T.eq(#b.groups, 1, "case b: one loop through all four joints")
  local c = fb.bodies.crank
  local A = { c.pos[1] + 0.05 * math.cos(c.angle), c.pos[2] + 0.05 * math.sin(c.angle) }
  local d = math.sqrt((A[1] - 0.4) ^ 2 + A[2] ^ 2)
  T.near(b.groups[1].condition, 0.4 * math.abs(math.sin(c.angle)) / d, 1e-12,
    "case b: the loop's condition vanishes with cos alpha1 (the crank along O2-O4)")
  T.ok(tostring(a):find("the loop through 'A', 'B' and 'O4', two angles", 1, true) ~= nil,
    "m:minimal_coords prints the loop and its form")
end

-- On a triple rocker (examples/triple_rocker.lua) both cases meet their
-- singularities: the crank's limit positions (case a) and the crank
-- crossing the ground line (case b). Switching between the two alone,
-- each limit position of the crank is passed in case b.
local rocker = example("triple_rocker")()
rocker:correct()
local body = rocker:simulate{ tf = 10, dt = 0.01, tol = 1e-12 }
local function max_difference(r)
  local w = 0
  for i = 1, #body.t do
    for _, name in ipairs(body.body_order) do
      local p, q = body:body(name), r:body(name)
      w = math.max(w, math.abs(p.x[i] - q.x[i]), math.abs(p.y[i] - q.y[i]), math.abs(p.angle[i] - q.angle[i]))
    end
  end
  return w
end
-- the times two bodies come in line in the body run (the sine of their
-- angle apart crosses zero, found between samples by linear interpolation)
local function in_line(b1, b2)
  local out = {}
  local function sine(i) return math.sin(body:body(b2).angle[i] - body:body(b1).angle[i]) end
  for i = 2, #body.t do
    local a, b = sine(i - 1), sine(i)
    if a * b <= 0 and a ~= b then out[#out + 1] = body.t[i - 1] + (body.t[i] - body.t[i - 1]) * a / (a - b) end
  end
  return out
end
-- the set in use at time t: the first, then each switch's
local function set_at(r, first, t)
  local set = first
  for _, s in ipairs(r.switches) do if s.t <= t then set = table.concat(s.to, ", ") end end
  return set
end

local ab = rocker:simulate{ formulation = "minimal", independent = { { "crank.angle" }, { "B.angle" } },
  tf = 10, dt = 0.01, tol = 1e-12 }
local alternate = #ab.switches > 0
for i, s in ipairs(ab.switches) do
  local from, to = table.concat(s.from, ", "), table.concat(s.to, ", ")
  alternate = alternate and from ~= to and (from == "crank.angle" or from == "B.angle")
    and (to == "crank.angle" or to == "B.angle") and s.condition < 0.2 and s.condition > 0.01
    and (i == 1 or table.concat(ab.switches[i - 1].to, ", ") == from)
end
T.ok(alternate, ("cases a and b alone: %d switches, each from one to the other below condition 0.2"):format(#ab.switches))
local crank_limits = in_line("coupler", "rocker")
local passed_in_b = #crank_limits > 0
for _, t in ipairs(crank_limits) do passed_in_b = passed_in_b and set_at(ab, "crank.angle", t) == "B.angle" end
T.ok(passed_in_b and #ab.switches >= #crank_limits,
  ("each of the crank's %d limit positions is passed in case b, after a switch (%d switches)"):format(
    #crank_limits, #ab.switches))
T.ok(max_difference(ab) < 1e-6, ("cases a and b, 10 s: body coordinates' motion to %.2g"):format(max_difference(ab)))
T.ok(drift(ab) < 3e-8, ("cases a and b, 10 s: energy kept to %.2g"):format(drift(ab)))

---------------------------------------------------------------- the triple rocker, coordinates chosen
-- Each body angle is singular somewhere: the crank's where coupler and
-- rocker are in line (its limit positions), the rocker's where crank and
-- coupler are (its limit positions), the coupler's where crank and rocker
-- are. Whichever is in use reaches none of them: a switch comes first.
local auto = rocker:simulate{ formulation = "minimal", tf = 10, dt = 0.01, tol = 1e-12 }
local first = auto:body("crank") and table.concat(rocker:minimal_coords().independent, ", ")
local singular_of = { ["crank.angle"] = in_line("coupler", "rocker"), ["rocker.angle"] = in_line("crank", "coupler"),
  ["coupler.angle"] = in_line("crank", "rocker") }
local limits, avoided = 0, true
for set, times in pairs(singular_of) do
  for _, t in ipairs(times) do
    if set ~= "coupler.angle" then limits = limits + 1 end
    avoided = avoided and set_at(auto, first, t) ~= set
  end
end
T.ok(avoided and limits > 20, ("chosen coordinates: none in use reaches its singularity (%d limit positions, %d switches)"):format(
  limits, #auto.switches))
local lowest = 1
for i = 1, #auto.t do lowest = math.min(lowest, auto.condition[i]) end
T.ok(lowest > 0.1, ("chosen coordinates: every sample's condition stays above 0.1 (lowest %.3g)"):format(lowest))
T.ok(max_difference(auto) < 1e-6, ("chosen coordinates, 10 s: body coordinates' motion to %.2g"):format(max_difference(auto)))
T.ok(drift(auto) < 3e-8, ("chosen coordinates, 10 s: energy kept to %.2g"):format(drift(auto)))
local ordered = true
for i, s in ipairs(auto.switches) do
  ordered = ordered and type(s.group) == "string" and #s.from == 1 and #s.to == 1
    and (i == 1 or s.t > auto.switches[i - 1].t)
end
T.ok(ordered, "r.switches: in time order, each with its group and the names it switched from and to")

-- the notes an animation pane shows (mb.compare, r:animate): the set from
-- the start, then each switch's number, new coordinates and time
local notes = require("mechbench.result").switch_notes(auto)
local noted = #notes == #auto.switches + 1 and notes[1].t == auto.t[1]
  and notes[1].text == table.concat(auto.switches[1].from, ", ") .. " (start)"
for i, sw in ipairs(auto.switches) do
  noted = noted and notes[i + 1].t == sw.t and notes[i + 1].text:find(("#%d: %s, "):format(i, sw.to[1]), 1, true) == 1
end
T.ok(noted and #notes[2].text <= 26, ("the animation's notes: %d, the first '%s', the second '%s'"):format(
  #notes, notes[1].text, notes[2] and notes[2].text or "-"))
T.eq(#require("mechbench.result").switch_notes(body), 0, "a run without switches has no notes")

-- switching off: the run stops at the crank's first limit position, saying
-- when, which group and its condition, and keeps the samples before
local said = select(2, pcall(rocker.simulate, rocker, { formulation = "minimal", independent = { "crank.angle" },
  switching = false, tf = 10, dt = 0.01, tol = 1e-12 }))
local when, cond = tostring(said):match("at t = ([%d.e-]+) the loop through 'A', 'B' and 'O4' %(coupler and rocker%) is singular: its condition is ([%d.e-]+)")
T.ok(when and math.abs(tonumber(when) - crank_limits[1]) < 0.01 and tonumber(cond) < 0.01,
  ("switching = false: stops at the first limit position (%s, the body run's at %.3g) naming the group and its condition: %s"):format(
    tostring(when), crank_limits[1], tostring(said):sub(1, 160)))
local kept = rocker.last
T.ok(kept and #kept.t > 10 and math.abs(kept:body("rocker").angle[#kept.t] - body:body("rocker").angle[#kept.t]) < 1e-6,
  "switching = false: the samples up to there are kept and right")

---------------------------------------------------------------- the assembly branch
-- The four-bar assembled the other way (B reflected across the line A-O4):
-- the loop takes the other branch from the start and keeps it.
do
  local up = example("four_bar")()
  local down = example("four_bar")()
  local c = down.bodies.crank
  local A = { c.pos[1] + 0.05 * math.cos(c.angle), c.pos[2] + 0.05 * math.sin(c.angle) }
  local O4 = { 0.4, 0 }
  local u = { O4[1] - A[1], O4[2] - A[2] }
  local len = math.sqrt(u[1] ^ 2 + u[2] ^ 2)
  u = { u[1] / len, u[2] / len }
  local cp = down.bodies.coupler
  local B = { cp.pos[1] + 0.175 * math.cos(cp.angle), cp.pos[2] + 0.175 * math.sin(cp.angle) }
  local along = (B[1] - A[1]) * u[1] + (B[2] - A[2]) * u[2]
  local Bd = { 2 * (A[1] + along * u[1]) - B[1], 2 * (A[2] + along * u[2]) - B[2] }
  cp.pos, cp.angle = { (A[1] + Bd[1]) / 2, (A[2] + Bd[2]) / 2 }, math.atan(Bd[2] - A[2], Bd[1] - A[1])
  local rk = down.bodies.rocker
  rk.pos, rk.angle = { (O4[1] + Bd[1]) / 2, (O4[2] + Bd[2]) / 2 }, math.atan(Bd[2] - O4[2], Bd[1] - O4[1])
  local b_up, b_down = up:minimal_coords().groups[2].branch, down:minimal_coords().groups[2].branch
  T.ok(b_up == -b_down and b_up ~= 0, ("the two assemblies take opposite branches (%d, %d)"):format(b_up, b_down))
  T.agree("four-bar assembled the other way", down, "minimal")
end

---------------------------------------------------------------- kinematics, cost, refusals
do
  local m = example("slider_crank")(1.5)
  local kb, km = m:kinematics{ tf = 2, dt = 0.01 }, m:kinematics{ tf = 2, dt = 0.01, formulation = "minimal" }
  local worst = 0
  for i = 1, #kb.t do
    for _, b in ipairs(kb.body_order) do
      for _, q in ipairs { "x", "y", "angle", "vx", "vy", "omega", "ax", "ay", "alpha" } do
        worst = math.max(worst, math.abs(kb:body(b)[q][i] - km:body(b)[q][i]))
      end
    end
  end
  T.ok(worst < 1e-12 and km.stats.steps == 0,
    ("driven slider-crank: kinematics is the closed forms alone (%d Newton steps), body coordinates' to %.2g"):format(
      km.stats.steps, worst))
end

do
  local m = example("four_bar")()
  local sizes = {}
  for _, f in ipairs { "body", "joint", "minimal" } do sizes[f] = m:simulate{ formulation = f, tf = 0.1 }.state_size end
  T.ok(sizes.minimal == 2 and sizes.joint == 6 and sizes.body == 18,
    ("four-bar state: %d numbers in minimal, %d in joint, %d in body coordinates"):format(sizes.minimal, sizes.joint, sizes.body))
end

-- a puck held on x = 0 by a simple joint: neither its angle nor its y
-- alone leaves a loop of two unknowns, the two together do; a second hold
-- alike is named redundant
do
  local function puck(holds)
    local m = mb.model{ name = "puck", gravity = { 0, -9.81 } }
    m:body{ name = "puck", mass = 2, inertia = 0.5, vel = { 0, 3 }, omega = 1 }
    for i = 1, holds do m:joint{ name = "hold" .. i, type = "simple", body = "puck", coord = "x", value = 0 } end
    return m
  end
  local p = puck(1):minimal_coords()
  T.ok(#p.independent == 2 and #p.groups == 1, ("a puck on a simple joint: %d independent (%s), %d group"):format(
    #p.independent, table.concat(p.independent, ", "), #p.groups))
  T.agree("a puck on a simple joint", puck(1), "minimal", { tf = 1 }, 1e-9)
  T.fails(function() puck(2):simulate{ formulation = "minimal", tf = 0.1 } end,
    "the loop through 'hold1' and 'hold2' (puck) holds less than its joints seem to: one of them is redundant",
    "two holds alike: the loop they make is named, and the redundancy")
end

-- a plate held by three massless links (an Assur group of class III): no
-- choice leaves a loop of two unknowns
do
  local m = mb.model{ name = "three links" }
  m:body{ name = "plate", mass = 1, inertia = 0.1, pos = { 0, 1 } }
  for i, spec in ipairs { { "left", { -0.5, 0 }, { -0.7, 0 } }, { "right", { 0.5, 0 }, { 0.6, 0 } },
    { "upper", { 0, 0.3 }, { 0.5, 1.3 } } } do
    m:point{ name = "P" .. i, body = "plate", at = spec[2] }
    m:point{ name = "G" .. i, body = "ground", at = spec[3] }
    local dx, dy = spec[2][1] - spec[3][1], 1 + spec[2][2] - spec[3][2]
    m:joint{ name = spec[1], type = "rev-rev", points = { "P" .. i, "G" .. i }, length = math.sqrt(dx * dx + dy * dy) }
  end
  T.fails(function() m:simulate{ formulation = "minimal", tf = 0.1 } end,
    "the loop through 'left' and 'right' cannot be solved in closed form", "a class III group is refused, naming its loop")
  T.fails(function() m:simulate{ formulation = "minimal", tf = 0.1 } end,
    'stabilization = "partitioning" integrates only independent coordinates', "the refusal points to partitioning")
end

do
  local m = example("four_bar")()
  T.fails(function() m:simulate{ formulation = "minimal", independent = { "crank.angel" }, tf = 0.1 } end,
    "did you mean 'crank.angle'?", "a misspelled coordinate gets the nearest name")
  T.fails(function() m:simulate{ formulation = "minimal", independent = { "crank.angle", "rocker.angle" }, tf = 0.1 } end,
    "the model has 1 degree of freedom, so name 1 coordinate, not 2", "too many coordinates are counted")
  T.fails(function() m:simulate{ formulation = "minimal", independent = { "coupler.x" }, tf = 0.1 } end,
    "with coupler.x independent, the loop through 'O2', 'A' and coupler.x cannot be solved in closed form",
    "a set that leaves a loop of three unknowns names it")
  T.fails(function() m:simulate{ switching = false, tf = 0.1 } end, 'goes with formulation = "minimal"',
    "switching goes with minimal coordinates")
  T.fails(function() m:simulate{ formulation = "minimal", stabilization = "penalty", tf = 0.1 } end,
    "has nothing to act on", "a remedy is refused")
  local p = m:minimal_coords{ independent = { "rocker.angle" } }
  T.eq(p.independent[1], "rocker.angle", "m:minimal_coords takes the set asked for")
end

T.finish()
