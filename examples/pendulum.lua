-- SPDX-License-Identifier: GPL-3.0-or-later
-- pendulum.lua: a slender rod pinned to the ground at one end, released
-- from the horizontal. build(length, mass): 1 m and 2 kg unless given.
--   mechbench --batch examples/pendulum.lua [body|joint]
local parameter = mb.parameter
local function build(length, mass)
  local L = parameter(length, { "the rod's length (m)", number = { 0.01, 1000 }, default = 1.0 })
  local m_rod = parameter(mass, { "its mass (kg)", number = { 1e-3, 1e6 }, default = 2.0 })
  local m = mb.model{ name = "pendulum" }
  m:body{ name = "rod", mass = m_rod, inertia = m_rod * L^2 / 12, pos = {L / 2, 0}, angle = 0 }
  m:point{ name = "O", body = "ground", at = {0, 0} }
  m:point{ name = "A", body = "rod", at = {-L / 2, 0} }
  m:point{ name = "tip", body = "rod", at = {L / 2, 0} }
  m:joint{ name = "pin", type = "revolute", points = {"A", "O"} }
  return m
end
if ... == "model" then return build end
local formulation = (...) or "body"    -- "joint" as the script argument

local r = build():simulate{ formulation = formulation, tf = 2, dt = 0.01 }
print(r:summary())
