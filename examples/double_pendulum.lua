-- SPDX-License-Identifier: GPL-3.0-or-later
-- double_pendulum.lua: two slender rods, the book's Sec. 1.3 example.
-- Angles there are measured from the downward vertical (theta); a body's
-- angle here is measured from +x, so phi = theta - 90 degrees.
-- The book states J2 = 0.8 kg m^2, but its printed results need
-- J2 = m2 L2^2 / 12 = 0.3 (a uniform rod); we use 0.3.
--   mechbench --batch examples/double_pendulum.lua [body|joint]
local function build()
  local L1, L2, th1, th2, w1, w2 = 2.0, 1.5, math.rad(30), math.rad(45), 0.5, -0.4
  local A = { L1 * math.sin(th1), -L1 * math.cos(th1) }          -- the elbow
  local m = mb.model{ name = "double pendulum" }
  m:body{ name = "upper", mass = 3.0, inertia = 1.0,
          pos = { L1 / 2 * math.sin(th1), -L1 / 2 * math.cos(th1) }, angle = th1 - math.pi / 2,
          vel = { w1 * L1 / 2 * math.cos(th1), w1 * L1 / 2 * math.sin(th1) }, omega = w1 }
  m:body{ name = "lower", mass = 1.6, inertia = 0.3,
          pos = { A[1] + L2 / 2 * math.sin(th2), A[2] - L2 / 2 * math.cos(th2) }, angle = th2 - math.pi / 2,
          vel = { w1 * L1 * math.cos(th1) + w2 * L2 / 2 * math.cos(th2),
                  w1 * L1 * math.sin(th1) + w2 * L2 / 2 * math.sin(th2) }, omega = w2 }
  m:point{ name = "O", body = "ground" }
  m:point{ name = "O1", body = "upper", at = { -L1 / 2, 0 } }
  m:point{ name = "A1", body = "upper", at = { L1 / 2, 0 } }
  m:point{ name = "A2", body = "lower", at = { -L2 / 2, 0 } }
  m:joint{ name = "shoulder", type = "revolute", points = { "O1", "O" } }
  m:joint{ name = "elbow", type = "revolute", points = { "A2", "A1" } }
  return m
end
if ... == "model" then return build end
local formulation = (...) or "body"    -- "joint" as the script argument

local r = build():simulate{ formulation = formulation, tf = 5, dt = 0.01 }
print(r:summary())
