-- SPDX-License-Identifier: GPL-3.0-or-later
-- macpherson.lua: the MacPherson strut suspension of the book's Sec. 8.1.2
-- and App. B.4.2, in its three models:
--   "A": knuckle, lower arm and strut rod, with a sliding joint in the strut;
--   "B": the strut rod replaced by a pin-in-slot (rev-tran) joint;
--   "C": the knuckle alone, the lower arm replaced by a rev-rev link.
-- build(variant) takes the letter, "A" by default.
-- The tire is a radial spring-damper that only pushes, applied at point C.
--   mechbench --batch examples/macpherson.lua [body|joint]
local parameter = mb.parameter
local function build(variant)
  variant = parameter(variant, { "the model", choices = { "A", "B", "C" }, default = "A" })
  local m = mb.model{ name = "MacPherson " .. variant }
  m:body{ name = "knuckle", mass = 20, inertia = 2.5, pos = {0.5840, 0.3586}, angle = 6.0819 }
  m:point{ name = "A1", body = "knuckle", at = {0, -0.07} }
  m:point{ name = "B1", body = "knuckle", at = {-0.17, 0.25} }
  m:point{ name = "C1", body = "knuckle", at = {0.11, -0.02} }
  m:point{ name = "O0", body = "ground", at = {0.41, 0.83} }
  m:point{ name = "Q0", body = "ground", at = {0.12, 0.29} }
  m:vector{ name = "strut", body = "knuckle", dir = {0.47, -0.88} }
  if variant ~= "C" then
    m:body{ name = "lower arm", mass = 2, inertia = 0.5, pos = {0.3450, 0.2900}, angle = 0 }
    m:point{ name = "Q2", body = "lower arm", at = {-0.225, 0} }
    m:point{ name = "A2", body = "lower arm", at = {0.225, 0} }
    m:joint{ name = "A", type = "revolute", points = {"A1", "A2"} }
    m:joint{ name = "Q", type = "revolute", points = {"Q0", "Q2"} }
  else
    m:joint{ name = "lower link", type = "rev-rev", points = {"A1", "Q0"}, length = 0.45 }
  end
  if variant == "A" then
    m:body{ name = "strut rod", mass = 0.5, inertia = 0.2, pos = {0.4528, 0.6862}, angle = 5.0019 }
    m:point{ name = "O3", body = "strut rod", at = {-0.15, 0} }
    m:vector{ name = "rod axis", body = "strut rod", dir = {1, 0} }
    m:joint{ name = "O", type = "revolute", points = {"O0", "O3"} }
    m:joint{ name = "strut", type = "translational", points = {"B1", "O3"}, vectors = {"strut", "rod axis"} }
  else
    m:joint{ name = "strut", type = "rev-tran", points = {"B1", "O0"}, vectors = {"strut"} }
  end
  m:force{ name = "suspension", type = "spring-damper", points = {"B1", "O0"},
           k = 20000, length = 0.34, c = 1100 }
  m:force{ name = "tire", type = "user", fn = function(t, s)
    local k = s.bodies.knuckle
    local squeeze = k.y - 0.30                     -- free radius 0.30 m
    if squeeze >= 0 then return {} end
    return {{ body = "knuckle", force = {0, -(100000 * squeeze + 1000 * k.vy)}, at = {0.11, -0.02} }}
  end }
  return m
end
if ... == "model" then return build end
local formulation = (...) or "body"    -- "joint" as the script argument

for _, v in ipairs {"A", "B", "C"} do
  print(build(v):simulate{ formulation = formulation, tf = 2, dt = 0.01, correct = true }:summary())
end
