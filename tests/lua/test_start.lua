-- The start of a run: initial conditions off their constraints are said,
-- naming the joints, or corrected once in body coordinates, so that every
-- formulation starts from the same state and says what moved.
local T = dofile(arg[0]:match("(.*/)") .. "harness.lua")
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

for _, f in ipairs(mb.formulations()) do
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
for _, f in ipairs(mb.formulations()) do
  runs[f] = spun():simulate{ formulation = f, tf = 0.5, dt = 0.05, correct = true, tol = 1e-10 }
  starts[f] = runs[f]:body("crank").omega[1]
end
for _, f in ipairs(mb.formulations()) do
  T.near(starts[f], starts.body, 1e-12, f .. ": the crank starts at the same rate as in body coordinates")
  T.ok(runs[f].velocity_violation[1] < 1e-12 and runs[f].violation[1] < 1e-12,
    ("%s: the start meets its constraints: |Phi| %.2g, |Phi'| %.2g"):format(f, runs[f].violation[1],
      runs[f].velocity_violation[1]))
  for _, b in ipairs { "crank", "coupler", "rocker" } do
    T.near(runs[f]:body(b).angle[#runs[f].t], runs.body:body(b).angle[#runs[f].t], 1e-7,
      f .. ": " .. b .. " ends where body coordinates put it")
  end
end
T.ok(starts.body > 1 and starts.body < 2, ("the corrected crank rate lies between 1 and 2 rad/s: %.6g"):format(starts.body))

T.finish()
