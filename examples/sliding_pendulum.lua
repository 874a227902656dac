-- SPDX-License-Identifier: GPL-3.0-or-later
-- sliding_pendulum.lua: the sliding pendulum (SP) of the book's Appendix B
-- (Example B.1, data of Example 6.3): a slider on a horizontal guide, held
-- by a spring to the ground, carrying a pendulum on a pin.
--   mechbench --batch examples/sliding_pendulum.lua [body|joint]
local function build()
  local m = mb.model{ name = "sliding pendulum" }
  m:body{ name = "slider", mass = 5, inertia = 4, pos = {1, 0.2}, angle = 0 }
  m:body{ name = "pendulum", mass = 2, inertia = 0.2, pos = {1.25, -0.233}, angle = math.pi / 6 }
  m:point{ name = "O", body = "ground", at = {0, 0.2} }
  m:point{ name = "A", body = "slider", at = {0, 0} }
  m:point{ name = "B", body = "pendulum", at = {0, 0.5} }
  m:vector{ name = "guide", body = "ground", dir = {1, 0} }
  m:vector{ name = "slide", body = "slider", dir = {1, 0} }
  m:force{ name = "spring", type = "spring-damper", points = {"A", "O"}, k = 20, length = 0.6 }
  m:joint{ name = "track", type = "translational", points = {"A", "O"}, vectors = {"slide", "guide"} }
  m:joint{ name = "pin", type = "revolute", points = {"A", "B"} }
  return m
end
if ... == "model" then return build end
local formulation = (...) or "body"    -- "joint" as the script argument

local m = build()
local r = m:simulate{ formulation = formulation, tf = 4, dt = 0.02, correct = true }
print(r:summary())
