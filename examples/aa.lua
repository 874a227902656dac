-- SPDX-License-Identifier: GPL-3.0-or-later
-- aa.lua: double A-arm suspension (AA) of the book's Sec. 8.1.1 and App.
-- B.4.1, chassis held fixed: lower arm, wheel assembly, upper arm, a
-- suspension spring-damper and a tire modelled as a radial spring-damper
-- that only pushes (a user force). Ex. 8.1: the wheel settles near 0.32 m.
--   mechbench --batch examples/aa.lua [body|joint]
local function build()
  local m = mb.model{ name = "double A-arm" }
  m:body{ name = "lower arm", mass = 2, inertia = 0.5, pos = {0.4398, 0.2512}, angle = -0.0367 }
  m:body{ name = "wheel", mass = 30, inertia = 2.5, pos = {0.6817, 0.3498}, angle = 0.0783 }
  m:body{ name = "upper arm", mass = 1, inertia = 0.5, pos = {0.4463, 0.4308}, angle = 6.5222 }
  m:point{ name = "Q1", body = "lower arm", at = {-0.24, 0} }
  m:point{ name = "A1", body = "lower arm", at = {0.18, 0} }
  m:point{ name = "A2", body = "wheel", at = {-0.07, -0.10} }
  m:point{ name = "B2", body = "wheel", at = {-0.10, 0.12} }
  m:point{ name = "B3", body = "upper arm", at = {0.13, 0} }
  m:point{ name = "O3", body = "upper arm", at = {-0.13, 0} }
  m:point{ name = "O0", body = "ground", at = {0.32, 0.40} }
  m:point{ name = "Q0", body = "ground", at = {0.20, 0.26} }
  m:point{ name = "E1", body = "lower arm", at = {0, 0} }
  m:point{ name = "F0", body = "ground", at = {0.38, 0.43} }
  m:joint{ name = "Q", type = "revolute", points = {"Q1", "Q0"} }
  m:joint{ name = "A", type = "revolute", points = {"A1", "A2"} }
  m:joint{ name = "B", type = "revolute", points = {"B2", "B3"} }
  m:joint{ name = "O", type = "revolute", points = {"O3", "O0"} }
  m:force{ name = "suspension", type = "spring-damper", points = {"E1", "F0"},
           k = 90000, length = 0.23, c = 1100 }
  m:force{ name = "tire", type = "user", fn = function(t, s)
    local w = s.bodies.wheel
    local squeeze = w.y - 0.35                     -- free radius 0.35 m
    if squeeze >= 0 then return {} end
    return {{ body = "wheel", force = {0, -(50000 * squeeze + 1000 * w.vy)} }}
  end }
  return m
end
if ... == "model" then return build end
local formulation = (...) or "body"    -- "joint" as the script argument

local r = build():simulate{ formulation = formulation, tf = 2, dt = 0.01, correct = true }
print(r:summary())
