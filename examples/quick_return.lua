-- SPDX-License-Identifier: GPL-3.0-or-later
-- quick_return.lua: the six-bar quick-return of the book's Sec. 5.3.3 and
-- 15.3. A motor turns the crank (1) about O; the block (2) on its end
-- slides along link 3, pinned to the ground at Q; link 5 joins link 3's
-- end B to the slider (4), which runs on a horizontal guide through R.
-- Two loops (Eqs. 5.29-5.30) that share only link 3's angle. The masses
-- are Table 15.3's; the book gives the dimensions in a figure only, so
-- these are ours: Q at the origin, O = (0, a), R = (0, a + b), a = 0.15,
-- b = 0.2, crank L1 = 0.1, link 3 L3 = 0.45, link 5 L5 = 0.2 (metres).
-- build(omega, theta) starts the crank at theta (degrees, 0 by default)
-- turning at omega (2 pi rad/s by default; false: no motor).
--   mechbench --batch examples/quick_return.lua [body|joint|vector]
local vec = mb.vec

local parameter = mb.parameter
local function build(omega, theta)
  omega = parameter(omega, { "the crank's rate (rad/s)", number = { -1000, 1000 }, default = 2 * math.pi,
    also = { false, "no motor" } })
  theta = parameter(theta, { "the crank's starting angle (degrees)", number = { -1e4, 1e4 }, default = 0 })
  local a, b, L1, L3, L5 = 0.15, 0.2, 0.1, 0.45, 0.2
  local th1 = math.rad(theta)
  local O, R = vec(0, a), vec(0, a + b)
  local A = O + L1 * vec.unit(th1)
  local th3 = vec.angle(A)                      -- link 3 points from Q through A
  local B = L3 * vec.unit(th3)
  local C = vec(B[1] + math.sqrt(L5 ^ 2 - (R[2] - B[2]) ^ 2), R[2])
  local th5 = vec.angle(C - B)
  local m = mb.model{ name = "quick-return" }
  m:body{ name = "crank", mass = 1.0, inertia = 1.0, pos = O + 0.5 * L1 * vec.unit(th1), angle = th1 }
  m:body{ name = "block", mass = 0.3, inertia = 0.0003, pos = A, angle = th3 }
  m:body{ name = "link3", mass = 0.2, inertia = 0.006, pos = 0.5 * B, angle = th3 }
  m:body{ name = "slider", mass = 0.4, inertia = 0.0004, pos = C }
  m:body{ name = "link5", mass = 0.1, inertia = 0.003, pos = 0.5 * (B + C), angle = th5 }
  m:point{ name = "O", body = "ground", at = O }
  m:point{ name = "Q", body = "ground" }
  m:point{ name = "R", body = "ground", at = R }
  m:point{ name = "crank.O", body = "crank", at = { -L1 / 2, 0 } }
  m:point{ name = "crank.A", body = "crank", at = { L1 / 2, 0 } }
  m:point{ name = "block.A", body = "block" }
  m:point{ name = "link3.Q", body = "link3", at = { -L3 / 2, 0 } }
  m:point{ name = "link3.B", body = "link3", at = { L3 / 2, 0 } }
  m:point{ name = "link5.B", body = "link5", at = { -L5 / 2, 0 } }
  m:point{ name = "link5.C", body = "link5", at = { L5 / 2, 0 } }
  m:point{ name = "slider.C", body = "slider" }
  m:vector{ name = "x", body = "ground", dir = { 1, 0 } }
  m:vector{ name = "block.u", body = "block", dir = { 1, 0 } }
  m:vector{ name = "link3.u", body = "link3", dir = { 1, 0 } }
  m:vector{ name = "slider.u", body = "slider", dir = { 1, 0 } }
  m:joint{ name = "O", type = "revolute", points = { "crank.O", "O" } }
  m:joint{ name = "A", type = "revolute", points = { "block.A", "crank.A" } }
  m:joint{ name = "slide", type = "translational", points = { "block.A", "link3.Q" }, vectors = { "block.u", "link3.u" } }
  m:joint{ name = "Q", type = "revolute", points = { "link3.Q", "Q" } }
  m:joint{ name = "B", type = "revolute", points = { "link5.B", "link3.B" } }
  m:joint{ name = "C", type = "revolute", points = { "link5.C", "slider.C" } }
  m:joint{ name = "guide", type = "translational", points = { "slider.C", "R" }, vectors = { "slider.u", "x" } }
  if omega then
    m:joint{ name = "motor", type = "driver", joint = "O", fn = mb.fn.poly{ th1, omega, 0 } }
  end
  return m
end
if ... == "model" then return build end
local formulation = (...) or "vector"   -- "body" or "joint" as the script argument

local m = build()
print(m:loops())
local r = m:kinematics{ formulation = formulation, tf = 1, dt = 0.01 }
print(r:summary())
local vx, slow, fast = r:body("slider").vx, 0, 0
for i = 1, #vx do slow, fast = math.max(slow, vx[i]), math.min(fast, vx[i]) end
print(("  the slider: at most %.3f m/s one way, %.3f m/s the other (the quick return)"):format(slow, -fast))
