-- SPDX-License-Identifier: GPL-3.0-or-later
-- triple_pendulum.lua: a T-shaped middle pendulum pinned to the ground,
-- with two pendulums hanging from the ends of its cross-bar (the book's
-- Fig. 5.7, DAP_JC's TP). Lengths from Problem 5.4: L1 = 0.20 m, L2 = L3 =
-- 0.15 m; the book gives no masses, the cross-bar half-width and masses
-- here are our own.
--   mechbench --batch examples/triple_pendulum.lua [body|joint]
local function build()
  local L1, L2, half = 0.20, 0.15, 0.08
  local m = mb.model{ name = "triple pendulum" }
  -- the T: stem from the pin down to the bar, angle -pi/2 + 0.3 from +x
  local a1 = -math.pi / 2 + 0.3
  local c1 = mb.vec.rotate(a1, {L1 / 2, 0})
  m:body{ name = "T", mass = 0.6, inertia = 0.6 * (L1^2 + (2 * half)^2) / 12, pos = c1, angle = a1 }
  m:point{ name = "O", body = "ground" }
  m:point{ name = "T.top", body = "T", at = {-L1 / 2, 0} }
  m:point{ name = "T.left", body = "T", at = {L1 / 2, half} }
  m:point{ name = "T.right", body = "T", at = {L1 / 2, -half} }
  m:joint{ name = "O", type = "revolute", points = {"T.top", "O"} }
  for _, side in ipairs { { "left", 0.8, half }, { "right", -0.5, -half } } do
    local name, a, off = side[1], side[2] - math.pi / 2, side[3]
    local pin = mb.vec(c1) + mb.vec.rotate(a1, {L1 / 2, off})
    m:body{ name = name, mass = 0.3, inertia = 0.3 * L2^2 / 12,
            pos = pin + mb.vec.rotate(a, {L2 / 2, 0}), angle = a }
    m:point{ name = name .. ".top", body = name, at = {-L2 / 2, 0} }
    m:point{ name = name .. ".tip", body = name, at = {L2 / 2, 0} }
    m:joint{ name = name .. " pin", type = "revolute", points = {name .. ".top", "T." .. name} }
  end
  return m
end
if ... == "model" then return build end
local formulation = (...) or "body"

print(build():simulate{ formulation = formulation, tf = 3, dt = 0.01 }:summary())
