-- SPDX-License-Identifier: GPL-3.0-or-later
-- triple_rocker.lua: a four-bar that is not Grashof (shortest + longest =
-- 0.55 m > 0.53 m, the sum of the other two), so no link turns fully:
-- each of the three rocks between limit positions, where the other two
-- lie in line. Ground pivots O2 = (0, 0) and O4 = (0.4, 0); crank 0.35 m,
-- coupler 0.15 m, rocker 0.18 m. Swinging freely under gravity it passes
-- through those positions, where any one fixed independent coordinate
-- fails: the minimal formulation switches its coordinates before each.
-- build(crank_angle, crank_speed) starts the crank at crank_angle (radians,
-- 40 degrees unless given) turning at crank_speed (rad/s, 0).
--   mechbench --batch examples/triple_rocker.lua [body|joint|minimal]
local parameter = mb.parameter
local function build(crank_angle, crank_speed)
  local a, b, c, g = 0.35, 0.15, 0.18, 0.4
  local th = parameter(crank_angle, { "the crank's starting angle (rad)", number = { -1000, 1000 },
    default = math.rad(40) })
  local w = parameter(crank_speed, { "its starting rate (rad/s)", number = { -1000, 1000 }, default = 0 })
  local A = { a * math.cos(th), a * math.sin(th) }
  local O4 = { g, 0 }
  -- B: on the circle of radius b about A and of radius c about O4 (upper branch)
  local dx, dy = O4[1] - A[1], O4[2] - A[2]
  local d = math.sqrt(dx * dx + dy * dy)
  local along = (b * b - c * c + d * d) / (2 * d)
  if math.abs(along) > b then
    error(("the crank's starting angle %g rad is past its limits: the coupler and rocker cannot reach A"):format(th), 0)
  end
  local h = math.sqrt(b * b - along * along)
  local B = { A[1] + along * dx / d - h * dy / d, A[2] + along * dy / d + h * dx / d }
  local function link(name, mass, P, Q)
    return { name = name, mass = mass, inertia = mass * ((Q[1] - P[1])^2 + (Q[2] - P[2])^2) / 12,
             pos = { (P[1] + Q[1]) / 2, (P[2] + Q[2]) / 2 }, angle = math.atan(Q[2] - P[2], Q[1] - P[1]) }
  end
  local m = mb.model{ name = "triple rocker" }
  local crank = link("crank", 1.0, { 0, 0 }, A)
  crank.vel, crank.omega = { -w * A[2] / 2, w * A[1] / 2 }, w
  m:body(crank)
  m:body(link("coupler", 0.4, A, B))
  m:body(link("rocker", 0.5, O4, B))
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
local formulation = (...) or "body"

local m = build()
m:correct()
local r = m:simulate{ formulation = formulation, tf = 10, dt = 0.01 }
print(r:summary())
for _, s in ipairs(r.switches) do
  print(("  t = %.4f: %s -> %s (condition %.3f)"):format(s.t, table.concat(s.from, ", "), table.concat(s.to, ", "),
    s.condition))
end
