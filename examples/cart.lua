-- SPDX-License-Identifier: GPL-3.0-or-later
-- cart.lua: the cart of the book's Sec. 8.1.3 and App. B.4.3: a chassis on
-- two wheels of radius 0.1 m that roll without slip (disc joints).
--   "A": the rear wheel driven at -2 pi rad/s relative to the chassis;
--   "B": that speed reached smoothly over 2 s (DAP_BC function type c);
--   "C": a motor torque T = 20 (1 - w / 4 pi) instead of the driver;
--   "D": C plus air drag 10 v^2 on the chassis.
-- build(variant) takes the letter, "A" unless given.
-- The book's listing of the cart's masses is a misprint (a copy of another
-- model's), so the masses here are our own; the kinematics of A and B and
-- the top speed of C do not depend on them.
--   mechbench --batch examples/cart.lua [body|joint]
local parameter = mb.parameter
local function build(variant)
  variant = parameter(variant, { "the cart", choices = { "A", "B", "C", "D" }, default = "A" })
  local m = mb.model{ name = "cart " .. variant }
  m:body{ name = "chassis", mass = 20, inertia = 2, pos = {0.5, 0.2} }
  m:body{ name = "rear", mass = 2, inertia = 0.01, pos = {0.2, 0.1} }
  m:body{ name = "front", mass = 2, inertia = 0.01, pos = {0.8, 0.1} }
  m:point{ name = "R", body = "chassis", at = {-0.3, -0.1} }
  m:point{ name = "F", body = "chassis", at = {0.3, -0.1} }
  m:point{ name = "Rc", body = "rear" }
  m:point{ name = "Fc", body = "front" }
  m:joint{ name = "rear axle", type = "revolute", points = {"Rc", "R"} }
  m:joint{ name = "front axle", type = "revolute", points = {"Fc", "F"} }
  m:joint{ name = "rear roll", type = "disc", body = "rear", radius = 0.1 }
  m:joint{ name = "front roll", type = "disc", body = "front", radius = 0.1 }
  if variant == "A" then
    m:joint{ name = "motor", type = "driver", joint = "rear axle", fn = mb.fn.poly{0, -2 * math.pi, 0} }
  elseif variant == "B" then
    m:joint{ name = "motor", type = "driver", joint = "rear axle",
             fn = mb.fn.ramp_rate{ rate = -2 * math.pi, t1 = 2 } }
  else
    m:force{ name = "motor", type = "user", fn = function(t, s)
      local w = math.abs(s.bodies.rear.omega)
      local T = math.min(20, 20 * (1 - w / (4 * math.pi)))   -- torque-speed line (Sec. 4.5.2)
      local out = {{ body = "rear", torque = -T }, { body = "chassis", torque = T }}
      if variant == "D" then
        local v = s.bodies.chassis.vx
        out[#out + 1] = { body = "chassis", force = {-10 * v * v, 0} }
      end
      return out
    end }
  end
  return m
end
if ... == "model" then return build end
local formulation = (...) or "body"    -- "joint" as the script argument

for _, v in ipairs {"A", "B", "C", "D"} do
  local m = build(v)
  local r = m:simulate{ formulation = formulation, tf = 6, dt = 0.01, correct = true }
  print(r:summary())
  print(("  rear wheel spin at t = 6: %.4f rad/s"):format(r:body("rear").omega[#r.t]))
end
