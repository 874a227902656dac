-- SPDX-License-Identifier: GPL-3.0-or-later
-- The start of a run: initial conditions off their constraints are said,
-- naming the joints, or corrected once in body coordinates, so that every
-- formulation starts from the same state and says what moved.
local T = dofile(arg[0]:match("(.*/)") .. "harness.lua")
local dynamic = T.formulations("dynamics") -- the formulations that simulate
local here = arg[0]:match("(.*/)") or "./"
local function example(name) return loadfile(here .. "../../examples/" .. name .. ".lua")("model") end

-- the README's pendulum, its centre 0.6 m out on a 0.5 m arm: the pin 0.1 m apart
local function pendulum(x)
  local m = mb.model{ name = "pendulum" }
  m:body{ name = "rod", mass = 2, inertia = 2 / 12, pos = { x, 0 } }
  m:point{ name = "A", body = "rod", at = { -0.5, 0 } }
  m:point{ name = "O", body = "ground" }
  m:joint{ name = "pin", type = "revolute", points = { "A", "O" } }
  return m
end

for _, f in ipairs(dynamic) do
  T.fails(function() pendulum(0.6):simulate{ formulation = f, tf = 1 } end,
    "the start is off its constraints: joint 'pin' is off by 0.1 in position. Start on them",
    f .. ": a pin 0.1 m apart stops the run, named with the amount")
end
T.fails(function() pendulum(0.6):simulate{ tf = 1 } end, "add correct = true to the options", "the first way on is named")
T.fails(function() pendulum(0.6):simulate{ tf = 1 } end, "or call m:correct() first", "the second way on is named")
T.ok(pcall(function() pendulum(0.5 + 1e-9):simulate{ tf = 0.1 } end), "a start off by 1e-9 m runs (the tolerance is 1e-6)")

local r = pendulum(0.6):simulate{ tf = 0.1, dt = 0.05, correct = true }
T.eq(#r.warnings, 1, "correct = true leaves one warning")
T.ok(r.warnings[1]:find("rod x -0.1", 1, true), "it says what moved: " .. tostring(r.warnings[1]))
T.near(r:body("rod").x[1], 0.5, 1e-12, "the corrected start is the first sample")

-- the four-bar with its crank turning and the other links at rest: off in velocity only
local function spun()
  local m = example("four_bar")()
  m.bodies.crank.omega = 2
  return m
end
T.fails(function() spun():simulate{ tf = 1 } end, "joint 'O2' is off by 0.0866 in velocity; joint 'A' is off by 0.0866 in velocity. Start",
  "a crank spun about its centre, not its pin: the pin named, off in velocity")

-- with correct = true every formulation starts from the one state the
-- body-coordinate correction gives (before, each corrected in its own
-- coordinates: the crank started at 1.824, 1.775 and 0.217 rad/s)
local starts, runs = {}, {}
for _, f in ipairs(dynamic) do
  runs[f] = spun():simulate{ formulation = f, tf = 0.5, dt = 0.05, correct = true, tol = 1e-10 }
  starts[f] = runs[f]:body("crank").omega[1]
end
-- where it ends: the discrete-time method, first order in its step, within
-- 1e-3 rad (6e-5 measured at h = 1e-5), the others within 1e-7
local ends = {}
for _, entry in ipairs(mb.formulations(true)) do ends[entry.name] = entry.can.joint_forces and 1e-3 or 1e-7 end
for _, f in ipairs(dynamic) do
  T.near(starts[f], starts.body, 1e-12, f .. ": the crank starts at the same rate as in body coordinates")
  T.ok(runs[f].velocity_violation[1] < 1e-12 and runs[f].violation[1] < 1e-12,
    ("%s: the start meets its constraints: |Phi| %.2g, |Phi'| %.2g"):format(f, runs[f].violation[1],
      runs[f].velocity_violation[1]))
  for _, b in ipairs { "crank", "coupler", "rocker" } do
    T.near(runs[f]:body(b).angle[#runs[f].t], runs.body:body(b).angle[#runs[f].t], ends[f],
      f .. ": " .. b .. " ends where body coordinates put it")
  end
end
T.ok(starts.body > 1 and starts.body < 2, ("the corrected crank rate lies between 1 and 2 rad/s: %.6g"):format(starts.body))

---------------------------------------------------------------- kinematics moving the start onto its drivers
-- A crank at +0.7 rad driven by fn = 0.7 + 2t: with the crank's point first
-- the driver holds angle(crank) = fn and nothing moves; with the ground's
-- point first it holds -angle(crank) = fn, and the start is turned to -0.7.
local function crank(crank_first)
  local m = mb.model{ name = "crank" }
  m:body{ name = "crank", mass = 1, inertia = 0.01, pos = { 0.1 * math.cos(0.7), 0.1 * math.sin(0.7) }, angle = 0.7 }
  m:point{ name = "O", body = "ground" }
  m:point{ name = "crank.O", body = "crank", at = { -0.1, 0 } }
  m:joint{ name = "pin", type = "revolute", points = crank_first and { "crank.O", "O" } or { "O", "crank.O" } }
  m:joint{ name = "motor", type = "driver", joint = "pin", fn = function(t) return 0.7 + 2 * t end }
  return m
end
local forward = crank(true):kinematics{ tf = 1, dt = 0.5 }
T.eq(#forward.warnings, 0, "crank's point first: the start meets the driver, no warning")
T.near(forward:body("crank").angle[3], 2.7, 1e-12, "and the crank turns forward")
local backward = crank(false):kinematics{ tf = 1, dt = 0.5 }
T.eq(#backward.warnings, 1, "ground's point first: one warning")
local said = backward.warnings[1] or ""
T.ok(said:find("driver 'motor' holds -angle(crank) = fn(t)", 1, true), "it names the driver and what it holds: " .. said)
T.ok(said:find("fn(0) = 0.7 where the start has -0.7, so the start was turned by 1.4 rad at t = 0", 1, true),
  "it gives the jump")
T.ok(said:find("list its point first in joint 'pin', or negate fn", 1, true), "it says how to drive it forward")
T.near(backward:body("crank").angle[1], -0.7, 1e-12, "the start was turned to -0.7")
T.near(backward:body("crank").angle[3], -2.7, 1e-12, "and driven backwards")
T.eq(#crank(false):inverse_dynamics{ tf = 0.5, dt = 0.5 }.warnings, 1, "inverse dynamics warns the same")

-- a distance driver: a slider at x = 0.3 driven to fn(0) = 0.5
local s = mb.model{ name = "slider" }
s:body{ name = "block", mass = 1, inertia = 1, pos = { 0.3, 0 } }
s:point{ name = "G", body = "ground" }
s:point{ name = "B", body = "block" }
s:vector{ name = "x", body = "ground", dir = { 1, 0 } }
s:vector{ name = "u", body = "block", dir = { 1, 0 } }
s:joint{ name = "guide", type = "translational", points = { "G", "B" }, vectors = { "x", "u" } }
s:joint{ name = "push", type = "driver", joint = "guide", fn = function(t) return 0.5 + t end }
local slid = s:kinematics{ tf = 1, dt = 0.5 }
T.ok((slid.warnings[1] or ""):find("driver 'push' holds the distance from 'G' to 'B' = fn(t): fn(0) = 0.5 where the start has 0.3, "
  .. "so the start was moved by 0.2 m at t = 0", 1, true), "a distance driver's jump: " .. tostring(slid.warnings[1]))

-- the sign convention is written where a student looks
local joints_help = T.capture(help, "joints")
T.ok(joints_help:find("angle(i) - angle(j) = fn(t)", 1, true) and joints_help:find('pin with points = {"O", "crank.O"}', 1, true),
  "help \"joints\" states the driver's sign convention with an example each way")
local man = io.open(here .. "../../man/mechbench.7"):read("a")
T.ok(man:find("angle(i) \\(mi angle(j) = fn(t)", 1, true) and man:find("turns it backwards", 1, true),
  "the man page states it, with an example each way")

T.finish()
