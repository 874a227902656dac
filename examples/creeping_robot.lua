-- SPDX-License-Identifier: GPL-3.0-or-later
-- creeping_robot.lua: the creeping robot ("Robot Gusano") of the book's
-- Sec. 15.12. Two legs stand on two discs; a motor between the rear leg
-- (2) and its housing (5) turns a crank whose link (6) pushes and pulls
-- the front leg (4), which slides on a rail of the rear leg (the two
-- legs stay parallel). One disc is braked while the other rolls without
-- slipping, and the brake changes discs every half turn of the motor, at
-- the crank's dead centres, where the legs are farthest apart and
-- closest: the rear disc held, the front one rolls ahead as the legs part;
-- the front held, the rear one follows as they close. Masses and inertias
-- are Table 15.11's (discs 1 and 3, legs 2 and 4, the motor's housing 5
-- with its mass centre at the motor's pin M, link 6); the dimensions are
-- in the book's Fig. 15.13b only, so ours are our own: discs of radius
-- 0.05 m, 0.3 m apart at their closest plus the crank's throw, legs 0.15
-- m, crank 0.04 m, link 0.3 m; the motor at pi rad/s (a half turn per
-- second). The brake is one driver holding a disc's angle; each switch is
-- an event { t = k, set = "brake", body = ..., fn = ... } that moves it to
-- the other disc, at the angle that disc has rolled to: 2 x 0.04 / 0.05
-- rad further each time. The robot creeps 0.08 m per turn of the motor.
--   mechbench --batch examples/creeping_robot.lua [body|joint]
--   m, brake_events = mb.example("creeping_robot")
--   m:simulate{ tf = 6, dt = 0.01, events = brake_events(3) }
local r_disc, leg, crank, link, omega = 0.05, 0.15, 0.04, 0.3, math.pi

local function build()
  local vec = mb.vec
  local m = mb.model{ name = "creeping robot (Sec. 15.12)" }
  -- the start: the crank pointing back (theta = pi), the legs at their closest
  local A = vec(0, r_disc)
  local M = A + vec(0, leg)
  local E = M + crank * vec.unit(math.pi)
  local N = E + vec(link, 0)
  local B = N - vec(0, leg)
  m:body{ name = "rear disc", mass = 0.3, inertia = 0.001, pos = A, angle = 0 }
  m:body{ name = "front disc", mass = 0.3, inertia = 0.001, pos = B, angle = 0 }
  m:body{ name = "rear leg", mass = 0.2, inertia = 0.001, pos = 0.5 * (A + M), angle = 0 }
  m:body{ name = "front leg", mass = 0.2, inertia = 0.001, pos = 0.5 * (B + N), angle = 0 }
  -- at the dead centre only the crank and the link move: E goes down at omega crank, N stands
  m:body{ name = "motor", mass = 0.6, inertia = 0.01, pos = M, angle = math.pi, omega = omega }
  m:body{ name = "link", mass = 0.1, inertia = 0.001, pos = 0.5 * (E + N), angle = 0,
          vel = { 0, -omega * crank / 2 }, omega = omega * crank / link }
  m:point{ name = "rear disc.c", body = "rear disc" }
  m:point{ name = "front disc.c", body = "front disc" }
  m:point{ name = "rear leg.A", body = "rear leg", at = { 0, -leg / 2 } }
  m:point{ name = "rear leg.M", body = "rear leg", at = { 0, leg / 2 } }
  m:point{ name = "front leg.B", body = "front leg", at = { 0, -leg / 2 } }
  m:point{ name = "front leg.N", body = "front leg", at = { 0, leg / 2 } }
  m:vector{ name = "rear leg.rail", body = "rear leg", dir = { 1, 0 } }
  m:vector{ name = "front leg.rail", body = "front leg", dir = { 1, 0 } }
  m:point{ name = "motor.M", body = "motor" }
  m:point{ name = "motor.E", body = "motor", at = { crank, 0 } }
  m:point{ name = "link.E", body = "link", at = { -link / 2, 0 } }
  m:point{ name = "link.N", body = "link", at = { link / 2, 0 } }
  m:joint{ name = "rear roll", type = "disc", body = "rear disc", radius = r_disc }
  m:joint{ name = "front roll", type = "disc", body = "front disc", radius = r_disc }
  m:joint{ name = "rear axle", type = "revolute", points = { "rear leg.A", "rear disc.c" } }
  m:joint{ name = "front axle", type = "revolute", points = { "front leg.B", "front disc.c" } }
  m:joint{ name = "rail", type = "translational", points = { "front leg.B", "rear leg.A" },
           vectors = { "front leg.rail", "rear leg.rail" } }
  m:joint{ name = "M", type = "revolute", points = { "motor.M", "rear leg.M" } }
  m:joint{ name = "E", type = "revolute", points = { "link.E", "motor.E" } }
  m:joint{ name = "N", type = "revolute", points = { "link.N", "front leg.N" } }
  m:joint{ name = "motor drive", type = "driver", joint = "M", fn = mb.fn.poly{ math.pi, omega, 0 } }
  m:joint{ name = "brake", type = "driver", body = "rear disc", fn = mb.fn.poly{ 0, 0, 0 } }
  return m
end

-- the brake's events for `turns` turns of the motor: a switch every half turn
local function brake_events(turns)
  local events, step = {}, 2 * crank / r_disc
  for k = 1, 2 * turns - 1 do
    events[#events + 1] = { t = k * math.pi / omega, set = "brake", body = k % 2 == 1 and "front disc" or "rear disc",
      fn = mb.fn.poly{ -step * math.ceil(k / 2), 0, 0 } }
  end
  return events
end
if ... == "model" then return build, brake_events end
local formulation = (...) or "body"    -- "joint" as the script argument

local turns = 3
local r = build():simulate{ formulation = formulation, tf = turns * 2 * math.pi / omega, dt = 0.01, events = brake_events(turns) }
print(r:summary())
local x = r:body("rear disc").x
print(("  in %d turns of the motor the rear disc moves %.5f m, the front %.5f m (2 x crank per turn: %.2f)"):format(
  turns, x[#x] - x[1], r:body("front disc").x[#x] - r:body("front disc").x[1], 2 * crank * turns))
local T, peak = r:reaction("motor drive").torque, 0
for i = 1, #T do peak = math.max(peak, math.abs(T[i])) end
print(("  largest motor torque %.4f N m"):format(peak))
