-- SPDX-License-Identifier: GPL-3.0-or-later
-- four_bar.lua: a crank-rocker four-bar swinging freely under gravity.
-- Ground pivots O2 = (0, 0) and O4 = (0.4, 0); crank 0.1 m, coupler
-- 0.35 m, rocker 0.25 m. The coupler and rocker positions come from
-- intersecting two circles, so the model starts assembled. It is Grashof
-- with the crank shortest: build(crank_angle) starts the crank at any angle
-- (radians, 60 degrees unless given).
--   mechbench --batch examples/four_bar.lua [body|joint]
local parameter = mb.parameter
local function build(crank_angle)
  local a, b, c, g = 0.1, 0.35, 0.25, 0.4
  local th = parameter(crank_angle, { "the crank's starting angle (rad)", number = { -1000, 1000 }, default = math.rad(60) })
  local A = { a * math.cos(th), a * math.sin(th) }
  local O4 = { g, 0 }
  -- B: on the circle of radius b about A and of radius c about O4 (upper branch)
  local dx, dy = O4[1] - A[1], O4[2] - A[2]
  local d = math.sqrt(dx * dx + dy * dy)
  local along = (b * b - c * c + d * d) / (2 * d)
  local h = math.sqrt(b * b - along * along)
  local B = { A[1] + along * dx / d - h * dy / d, A[2] + along * dy / d + h * dx / d }
  local function link(name, mass, P, Q)
    return { name = name, mass = mass, inertia = mass * ((Q[1] - P[1])^2 + (Q[2] - P[2])^2) / 12,
             pos = { (P[1] + Q[1]) / 2, (P[2] + Q[2]) / 2 }, angle = math.atan(Q[2] - P[2], Q[1] - P[1]) }
  end
  local m = mb.model{ name = "four-bar" }
  m:body(link("crank", 0.5, { 0, 0 }, A))
  m:body(link("coupler", 1.5, A, B))
  m:body(link("rocker", 1.0, O4, B))
  m:point{ name = "O2", body = "ground" }
  m:point{ name = "O4", body = "ground", at = O4 }
  m:point{ name = "crank.O", body = "crank", at = { -a / 2, 0 } }
  m:point{ name = "crank.A", body = "crank", at = { a / 2, 0 } }
  m:point{ name = "coupler.A", body = "coupler", at = { -b / 2, 0 } }
  m:point{ name = "coupler.B", body = "coupler", at = { b / 2, 0 } }
  m:point{ name = "rocker.O", body = "rocker", at = { -c / 2, 0 } }
  m:point{ name = "rocker.B", body = "rocker", at = { c / 2, 0 } }
  m:joint{ name = "O2", type = "revolute", points = { "crank.O", "O2" } }
  m:joint{ name = "A", type = "revolute", points = { "coupler.A", "crank.A" } }
  m:joint{ name = "B", type = "revolute", points = { "coupler.B", "rocker.B" } }
  m:joint{ name = "O4", type = "revolute", points = { "rocker.O", "O4" } }
  return m
end
if ... == "model" then return build end
local formulation = (...) or "body"    -- "joint" as the script argument

local r = build():simulate{ formulation = formulation, tf = 10, dt = 0.01 }
print(r:summary())
