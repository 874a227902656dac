-- SPDX-License-Identifier: GPL-3.0-or-later
-- slider_crank.lua: a crank driven at constant speed pushes a slider
-- through a connecting rod (the book's Fig. 1.1 proportions: crank 0.2 m,
-- rod 0.4 m, crank speed 1.5 rad/s, starting at 30 degrees): DAP_JC's SCd.
-- build(false) leaves out the driver: the mechanism falls freely (SC).
-- build(omega, data) takes other data: L1, L2, theta (degrees), m and J
-- (three each), gravity, force (horizontal, on the slider), name, and
-- assembly = 2 for the slider on the crank's other side (Fig. 5.9).
--   mechbench --batch examples/slider_crank.lua [body|joint]
local parameter = mb.parameter
local function build(omega, data)
  omega = parameter(omega, { "the crank's rate (rad/s)", number = { -1000, 1000 }, default = 1.5,
    also = { false, "no motor" } })
  local d = parameter(data, { "the data", options = {
    L1 = { "the crank's length, m", number = { 0.01, 100 }, default = 0.2 },
    L2 = { "the rod's length, m", number = { 0.01, 100 }, default = 0.4 },
    theta = { "the crank's starting angle, degrees", number = { -1e4, 1e4 }, default = 30 },
    m = { "the three masses, kg", numbers = { 3, 1e-4, 1e9 }, default = { 1, 2, 3 } },
    J = { "the three moments of inertia, kg m^2", numbers = { 3, 1e-12, 1e9 }, optional = true },
    gravity = { "gravity {gx, gy}, m/s^2", numbers = { 2, -1000, 1000 }, optional = true },
    force = { "the horizontal force on the slider, N", number = { -1e9, 1e9 }, optional = true },
    name = { "the model's name", text = true, default = "slider-crank" },
    assembly = { "the assembly", choices = { 1, 2 }, default = 1 } } })
  local L1, L2, th = d.L1, d.L2, math.rad(d.theta)
  local mass = d.m
  local inertia = d.J or { mass[1] * L1^2 / 12, mass[2] * L2^2 / 12, 0.01 }
  local A = { L1 * math.cos(th), L1 * math.sin(th) }               -- crank pin
  if L2 < math.abs(A[2]) then
    error(("the rod (L2 = %g m) cannot reach the slider's line from the crank pin, %g m off it at %g degrees"):format(
      L2, math.abs(A[2]), d.theta), 0)
  end
  local xB = A[1] + (d.assembly == 2 and -1 or 1) * math.sqrt(L2^2 - A[2]^2)  -- slider pin
  local beta = math.atan(-A[2], xB - A[1])                          -- rod angle
  local m = mb.model{ name = d.name, gravity = d.gravity }
  m:body{ name = "crank", mass = mass[1], inertia = inertia[1], pos = { A[1] / 2, A[2] / 2 }, angle = th }
  m:body{ name = "rod", mass = mass[2], inertia = inertia[2],
          pos = { (A[1] + xB) / 2, A[2] / 2 }, angle = beta }
  m:body{ name = "slider", mass = mass[3], inertia = inertia[3], pos = { xB, 0 } }
  m:point{ name = "O", body = "ground" }
  m:point{ name = "O1", body = "crank", at = { -L1 / 2, 0 } }
  m:point{ name = "A1", body = "crank", at = { L1 / 2, 0 } }
  m:point{ name = "A2", body = "rod", at = { -L2 / 2, 0 } }
  m:point{ name = "B2", body = "rod", at = { L2 / 2, 0 } }
  m:point{ name = "B3", body = "slider" }
  m:vector{ name = "axis", body = "ground", dir = { 1, 0 } }
  m:vector{ name = "slide", body = "slider", dir = { 1, 0 } }
  m:joint{ name = "main", type = "revolute", points = { "O1", "O" } }
  m:joint{ name = "crank pin", type = "revolute", points = { "A2", "A1" } }
  m:joint{ name = "wrist", type = "revolute", points = { "B3", "B2" } }
  m:joint{ name = "guide", type = "translational", points = { "B3", "O" }, vectors = { "slide", "axis" } }
  if d.force then
    m:force{ name = "f3", type = "force", point = "B3", value = { d.force, 0 } }
  end
  if omega then
    m:joint{ name = "motor", type = "driver", joint = "main",
             fn = mb.fn.poly{ th, omega, 0 } }
  end
  return m
end
if ... == "model" then return build end
local formulation = (...) or "body"    -- "joint" as the script argument

local m = build()
m:correct()
local r = m:simulate{ formulation = formulation, tf = 4, dt = 0.02 }
print(r:summary())
