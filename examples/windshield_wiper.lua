-- SPDX-License-Identifier: GPL-3.0-or-later
-- windshield_wiper.lua: the windshield wiper of the book's Sec. 15.5, a
-- six-bar in the plane of the glass: the motor's crank drives the first
-- wiper's rocker through a link, and a second link makes the second
-- rocker follow (a parallelogram). The book's data: slender links of 0.3
-- kg/m, a spring pressing each blade on the glass with 10 N, dry Coulomb
-- friction mu_s = 0.4, mu_d = 0.3 at the blade points F1 and F2 against
-- their velocities, the motor at 2 pi rad/s. The dimensions are in the
-- book's Fig. 15.5b only; ours: motor at M = (0, -0.05), crank 0.05 m,
-- pivots P1 = (-0.35, 0.1) and P2 = (0.45, 0.1), levers 0.08 m, arms with
-- the blade point 0.45 m from the pivot. Gravity's share along the glass
-- is left out. Friction follows Eq. 4.44 (mb.friction.brown_mcphee) with
-- a transition speed of 1 mm/s, so it is smooth through each reversal.
-- Inverse dynamics gives the motor torque and power. build(theta0) starts
-- the crank at theta0 (radians, 0 unless given).
--   mechbench --batch examples/windshield_wiper.lua [body|joint]
local density, press, mu = 0.3, 10, { mu_s = 0.4, mu_d = 0.3, v_t = 1e-3 }
local M, P1, P2 = { 0, -0.05 }, { -0.35, 0.1 }, { 0.45, 0.1 }
local crank, lever, arm, arm_angle = 0.05, 0.08, 0.45, math.rad(100) -- arm_angle: from the lever

local parameter = mb.parameter
local function build(theta0)
  theta0 = parameter(theta0, { "the crank's starting angle (rad)", number = { -1000, 1000 }, default = 0 })
  local vec = mb.vec
  local A = vec(M) + crank * vec.unit(theta0)
  -- the first rocker's lever tip E1: |E1 - P1| = lever, |E1 - A| = the link's length
  local link1 = 0.36
  local d = vec.norm(vec(P1) - A)
  local along = (link1 ^ 2 - lever ^ 2 + d * d) / (2 * d)
  local u = vec.unit(vec(P1) - A)
  local E1 = A + along * u - math.sqrt(link1 ^ 2 - along ^ 2) * vec.rot(u) -- below the line A-P1
  local beta = vec.angle(E1 - vec(P1)) -- the lever's angle; the parallelogram gives rocker 2 the same
  local m = mb.model{ name = "windshield wiper (Sec. 15.5)", gravity = { 0, 0 } }
  -- a body of slender segments from its pivot (local frame at the pivot, turned by beta)
  local function rocker(name, pivot, segments)
    local mass, first = 0, vec(0, 0)
    for _, s in ipairs(segments) do
      local L = vec.norm(s)
      mass, first = mass + density * L, first + (density * L / 2) * s
    end
    local c = (1 / mass) * first
    local J = 0
    for _, s in ipairs(segments) do
      local L = vec.norm(s)
      J = J + density * L * (L * L / 12 + vec.norm(0.5 * s - c) ^ 2)
    end
    m:body{ name = name, mass = mass, inertia = J, pos = vec(pivot) + vec.rotate(beta, c), angle = beta }
    return c
  end
  local function link(name, P, R)
    local L = vec.norm(R - P)
    m:body{ name = name, mass = density * L, inertia = density * L ^ 3 / 12, pos = 0.5 * (P + R), angle = vec.angle(R - P) }
    m:point{ name = name .. ".P", body = name, at = { -L / 2, 0 } }
    m:point{ name = name .. ".R", body = name, at = { L / 2, 0 } }
  end
  m:body{ name = "crank", mass = density * crank, inertia = density * crank ^ 3 / 3, pos = M, angle = theta0 }
  m:point{ name = "crank.M", body = "crank" }
  m:point{ name = "crank.A", body = "crank", at = { crank, 0 } }
  link("link 1", A, E1)
  -- each rocker: the lever along its x axis, the arm at arm_angle from it
  local blade = vec(arm * math.cos(arm_angle), arm * math.sin(arm_angle))
  for i, pivot in ipairs { P1, P2 } do
    local name = "rocker " .. i
    local c = rocker(name, pivot, { vec(lever, 0), blade })
    m:point{ name = name .. ".pivot", body = name, at = -1 * c }
    m:point{ name = name .. ".lever", body = name, at = vec(lever, 0) - c }
    m:point{ name = "F" .. i, body = name, at = blade - c }
  end
  link("link 2", E1, vec(P2) + lever * vec.unit(beta))
  m:point{ name = "M", body = "ground", at = M }
  m:point{ name = "P1", body = "ground", at = P1 }
  m:point{ name = "P2", body = "ground", at = P2 }
  m:joint{ name = "M", type = "revolute", points = { "crank.M", "M" } }
  m:joint{ name = "A", type = "revolute", points = { "link 1.P", "crank.A" } }
  m:joint{ name = "E1", type = "revolute", points = { "link 1.R", "rocker 1.lever" } }
  m:joint{ name = "P1", type = "revolute", points = { "rocker 1.pivot", "P1" } }
  m:joint{ name = "H1", type = "revolute", points = { "link 2.P", "rocker 1.lever" } }
  m:joint{ name = "E2", type = "revolute", points = { "link 2.R", "rocker 2.lever" } }
  m:joint{ name = "P2", type = "revolute", points = { "rocker 2.pivot", "P2" } }
  m:joint{ name = "motor", type = "driver", joint = "M", fn = mb.fn.poly{ theta0, 2 * math.pi, 0 } }
  -- Coulomb friction at the blade points, against their velocities
  local F = { m.points.F1.at, m.points.F2.at }
  m:force{ name = "blades", type = "user", fn = function(t, s)
    local out = {}
    for i = 1, 2 do
      local b = s.bodies["rocker " .. i]
      local arm_now = vec.rotate(b.angle, F[i])
      local v = vec(b.vx, b.vy) + b.omega * vec.rot(arm_now)
      local speed = vec.norm(v)
      if speed > 0 then
        local f = -press * mb.friction.brown_mcphee(speed, mu) / speed
        out[#out + 1] = { body = "rocker " .. i, force = { f * v[1], f * v[2] }, at = F[i] }
      end
    end
    return out
  end }
  return m
end
if ... == "model" then return build, { press = press, mu = mu } end
local formulation = (...) or "body"    -- "joint" as the script argument

-- one turn of the motor: one wipe across and back
local r = build():inverse_dynamics{ formulation = formulation, tf = 1, dt = 1 / 720 }
print(r:summary())
local T, peak, work = r:reaction("motor").torque, 0, 0
for i = 1, #r.t do
  peak = math.max(peak, math.abs(T[i]))
  if i > 1 then work = work + 0.5 * (T[i] + T[i - 1]) * 2 * math.pi * (r.t[i] - r.t[i - 1]) end
end
local sweep = r:body("rocker 1").angle
local lo, hi = math.huge, -math.huge
for i = 1, #sweep do lo, hi = math.min(lo, sweep[i]), math.max(hi, sweep[i]) end
print(("  the blades sweep %.1f degrees; largest motor torque %.3f N m, peak power %.2f W, mean power %.3f W"):format(
  math.deg(hi - lo), peak, peak * 2 * math.pi, work))
