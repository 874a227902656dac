-- SPDX-License-Identifier: GPL-3.0-or-later
-- variable_length_pendulum.lua: an arm pinned to the ground with a slider
-- on it, a torsion spring at the pin and a spring-damper from the pin to the
-- slider (the book's Examples 7.3 and 9.3).
--   mechbench --batch examples/variable_length_pendulum.lua [body|joint]
local function build()
  local m = mb.model{ name = "Ex 9.3" }
  m:body{ name = "arm", mass = 2, inertia = 0.04, pos = {0.25 * math.sqrt(3), -0.25}, angle = math.pi / 3 }
  m:body{ name = "slider", mass = 1, inertia = 0.1, pos = {0.4 * math.sqrt(3), -0.4}, angle = math.pi / 3 }
  m:point{ name = "O1", body = "arm", at = {0, 0.5} }
  m:point{ name = "O", body = "ground" }
  m:point{ name = "A", body = "slider" }
  m:vector{ name = "u1", body = "arm", dir = {0, -1} }
  m:vector{ name = "u2", body = "slider", dir = {0, -1} }
  m:joint{ name = "pin", type = "revolute", points = {"O1", "O"} }
  m:joint{ name = "slide", type = "translational", points = {"A", "O1"}, vectors = {"u2", "u1"} }
  m:force{ name = "coil", type = "rot-spring-damper", bodies = {"arm", "ground"}, k = 6 }
  m:force{ name = "strut", type = "spring-damper", points = {"A", "O"}, k = 20, length = 0.7, c = 5 }
  return m
end
if ... == "model" then return build end
local formulation = (...) or "body"   -- "joint" as the script argument

local m = build()
print(m:joint_coords())
print(m:simulate{ formulation = formulation, tf = 2, dt = 0.01, correct = true }:summary())
