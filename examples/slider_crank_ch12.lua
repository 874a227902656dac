-- slider_crank_ch12.lua: the slider-crank of the book's Examples 12.1 and
-- 12.6: crank 0.12 m, rod 0.26 m, the crank turning at 2 pi rad/s from 65
-- degrees, a horizontal force of 10 N on the slider (the book's code; its
-- text says 5 N), no gravity. Kinematics (12.1), then the motor torque by
-- inverse dynamics (12.6).
--   mechbench --batch examples/slider_crank_ch12.lua [body|joint]
local function build(force)
  local L1, L2, th = 0.12, 0.26, math.rad(65)
  local A = { L1 * math.cos(th), L1 * math.sin(th) }
  local xB = A[1] + math.sqrt(L2^2 - A[2]^2)
  local m = mb.model{ name = "slider-crank (Ex. 12.6)", gravity = { 0, 0 } }
  m:body{ name = "crank", mass = 1.0, inertia = 0.001, pos = { A[1] / 2, A[2] / 2 }, angle = th }
  m:body{ name = "rod", mass = 1.5, inertia = 0.002, pos = { (A[1] + xB) / 2, A[2] / 2 }, angle = math.atan(-A[2], xB - A[1]) }
  m:body{ name = "slider", mass = 10.0, inertia = 1.0, pos = { xB, 0 } }
  m:point{ name = "O", body = "ground" }
  m:point{ name = "O1", body = "crank", at = { -L1 / 2, 0 } }
  m:point{ name = "A1", body = "crank", at = { L1 / 2, 0 } }
  m:point{ name = "A2", body = "rod", at = { -L2 / 2, 0 } }
  m:point{ name = "B2", body = "rod", at = { L2 / 2, 0 } }
  m:point{ name = "B3", body = "slider" }
  m:vector{ name = "axis", body = "ground", dir = { 1, 0 } }
  m:vector{ name = "slide", body = "slider", dir = { 1, 0 } }
  m:joint{ name = "O", type = "revolute", points = { "O1", "O" } }
  m:joint{ name = "A", type = "revolute", points = { "A2", "A1" } }
  m:joint{ name = "B", type = "revolute", points = { "B3", "B2" } }
  m:joint{ name = "guide", type = "translational", points = { "B3", "O" }, vectors = { "slide", "axis" } }
  m:joint{ name = "motor", type = "driver", joint = "O", fn = mb.fn.poly{ th, 2 * math.pi, 0 } }
  m:force{ name = "f3", type = "force", point = "B3", value = { force or 10, 0 } }
  return m
end
if ... == "model" then return build end
local formulation = (...) or "body"   -- "joint" as the script argument

local r = build():inverse_dynamics{ formulation = formulation, tf = 1, dt = 0.01 }
print(r:summary())
r:plot("slider.ax")
r:plot("motor.torque")
