-- SPDX-License-Identifier: GPL-3.0-or-later
-- rod2.lua: two rods joined by a pin, thrown down at the ground (DAP_JC's
-- Rod2: three candidate contact points, the two free ends and the pin).
-- The book gives no data; these are ours. Each point meets the ground
-- through Eq. 11.42 (k = 1e10 N/m^1.5, e = 0.8). In joint coordinates the
-- upper rod floats and the lower hangs from it by the hinge.
--   mechbench --batch examples/rod2.lua [body|joint]
local function build()
  local m = mb.model{ name = "two rods" }
  m:body{ name = "upper", mass = 1, inertia = 1 * 2^2 / 12, pos = {0, 1.5}, angle = math.pi / 4, vel = {0, -4} }
  local hinge = mb.vec(0, 1.5) + mb.vec.rotate(math.pi / 4, {1, 0})
  m:body{ name = "lower", mass = 0.5, inertia = 0.5 * 1^2 / 12, pos = hinge + mb.vec.rotate(-math.pi / 3, {0.5, 0}),
          angle = -math.pi / 3, vel = {0, -4} }
  m:point{ name = "E1", body = "upper", at = {-1, 0} }
  m:point{ name = "H1", body = "upper", at = {1, 0} }
  m:point{ name = "H2", body = "lower", at = {-0.5, 0} }
  m:point{ name = "E2", body = "lower", at = {0.5, 0} }
  m:joint{ name = "hinge", type = "revolute", points = {"H2", "H1"} }
  for _, p in ipairs { "E1", "H1", "E2" } do
    m:contact{ name = "ground at " .. p, point = p, law = "lankarani-nikravesh", k = 1e10, e = 0.8 }
  end
  return m
end
if ... == "model" then return build end
local formulation = (...) or "body"

print(build():simulate{ formulation = formulation, tf = 0.5, dt = 0.01 }:summary())
