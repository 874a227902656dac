-- SPDX-License-Identifier: GPL-3.0-or-later
-- four_bar_program.lua: the book's four-bar programs (KAP and IDAP, Sec.
-- 12.1.3 and 12.2.1) as a model builder, with the web cutter of Example
-- 12.7 (Sec. 15.2) as its data. Links 1 (crank, pinned at the origin), 2
-- (coupler) and 3 (rocker, pinned at RQ); points of interest P on each link
-- at distance LP and angle beta from the link's first joint; mass centres
-- at LG and gamma likewise; angles in degrees; theta2 and theta3 are only
-- estimates: the kinematic analysis solves them. The crank turns at omega1
-- with the acceleration alpha1 (0 unless given); damper = { c = ..., at =
-- {x, y} } adds a damper from P2 to that ground point (Ex. 6.5).
--   mechbench --batch examples/four_bar_program.lua
-- Grashof's criterion (Sec. 12.1.3): with S the shortest and L the longest
-- of the four lengths (ground included), some link turns fully when
-- S + L <= P + Q.
local function grashof(ground, l1, l2, l3)
  local all = { ground, l1, l2, l3 }
  table.sort(all)
  return all[1] + all[4] <= all[2] + all[3]
end

local parameter = mb.parameter
-- what build(d) takes; without d, the web cutter
local lengths, angles, sizes = { 3, -100, 100 }, { 3, -1e4, 1e4 }, { 3, 1e-9, 1e9 }
local data = { "the data", options = {
  name = { "the model's name", text = true, optional = true },
  RQ = { "the rocker's ground pin Q, m", numbers = { 2, -100, 100 } },
  L = { "the three links' lengths, m", numbers = { 3, 1e-3, 100 } },
  LP = { "each point P's distance, m", numbers = lengths },
  beta = { "each point P's angle, degrees", numbers = angles },
  theta = { "each link's angle (estimates for 2 and 3), degrees", numbers = angles },
  omega1 = { "the crank's rate, rad/s", number = { -1000, 1000 } },
  alpha1 = { "its acceleration, rad/s^2", number = { -1e6, 1e6 }, optional = true },
  m = { "the masses, kg", numbers = sizes },
  J = { "the moments of inertia, kg m^2", numbers = sizes },
  LG = { "each mass centre's distance, m", numbers = lengths },
  gamma = { "each mass centre's angle, degrees", numbers = angles },
  g = { "gravity, m/s^2", number = { -1000, 1000 }, optional = true },
  damper = { "the damper", optional = true, options = {
    c = { "its damping, N s/m", number = { 0, 1e9 } }, at = { "its ground point, m", numbers = { 2, -100, 100 } } } },
  cut = { "the cut", optional = true, options = {
    force = { "the cutting force, N", number = { -1e9, 1e9 } }, gap = { "the blades' gap, m", number = { 1e-9, 100 } } } },
}, default = {
  name = "web cutter (Ex. 12.7)",
  RQ = { 0.65, -0.1 }, L = { 0.1, 0.7, 1.0 }, LP = { 0, 1.0, 0.82 }, beta = { 0, -36.87, -37.57 },
  theta = { 30, 90, 140 }, omega1 = 2 * math.pi,
  m = { 1, 10, 10 }, J = { 1.0, 5.0, 5.0 }, LG = { 0, 0.52, 0.68 }, gamma = { 0, -16.7, -17.1 }, g = 9.81,
  cut = { force = 1000, gap = 0.005 }, -- the blades at P2 and P3
} }

local function build(d)
  d = parameter(d, data)
  local rad = math.rad
  local m = mb.model{ name = d.name, gravity = { 0, -(d.g or 9.81) } }
  local O, Q = mb.vec(0, 0), mb.vec(d.RQ)
  local th = { rad(d.theta[1]), rad(d.theta[2]), rad(d.theta[3]) }
  local A = O + d.L[1] * mb.vec.unit(th[1])
  local starts = { O, A, Q } -- each link's first joint (the rocker's is its ground pin)
  local names = { "crank", "coupler", "rocker" }
  for i = 1, 3 do
    local gl = mb.vec(d.LG[i] * math.cos(rad(d.gamma[i])), d.LG[i] * math.sin(rad(d.gamma[i])))
    local start_local = -1 * gl
    local end_local = mb.vec(d.L[i], 0) - gl
    local p_local = mb.vec(d.LP[i] * math.cos(rad(d.beta[i])), d.LP[i] * math.sin(rad(d.beta[i]))) - gl
    m:body{ name = names[i], mass = d.m[i], inertia = d.J[i], pos = starts[i] + mb.vec.rotate(th[i], gl), angle = th[i] }
    m:point{ name = names[i] .. ".start", body = names[i], at = start_local }
    m:point{ name = names[i] .. ".end", body = names[i], at = end_local }
    m:point{ name = "P" .. i, body = names[i], at = p_local }
  end
  m:point{ name = "O", body = "ground" }
  m:point{ name = "Q", body = "ground", at = d.RQ }
  m:joint{ name = "O", type = "revolute", points = { "crank.start", "O" } }
  m:joint{ name = "A", type = "revolute", points = { "coupler.start", "crank.end" } }
  m:joint{ name = "B", type = "revolute", points = { "coupler.end", "rocker.end" } }
  m:joint{ name = "Q", type = "revolute", points = { "rocker.start", "Q" } }
  m:joint{ name = "motor", type = "driver", joint = "O", fn = mb.fn.poly{ th[1], d.omega1, (d.alpha1 or 0) / 2 } }
  if d.damper then
    m:point{ name = "R", body = "ground", at = d.damper.at }
    m:force{ name = "damper", type = "spring-damper", points = { "P2", "R" }, k = 0, c = d.damper.c }
  end
  if d.cut then
    -- the cutting force: while the blades P2 (C) and P3 (D) close within the gap
    local p2, p3 = m.points.P2.at, m.points.P3.at
    m:force{ name = "cut", type = "user", fn = function(t, s)
      local function point(body, at)
        local b = s.bodies[body]
        local r = mb.vec(b.x, b.y) + mb.vec.rotate(b.angle, at)
        local v = mb.vec(b.vx, b.vy) + b.omega * mb.vec.rot(mb.vec.rotate(b.angle, at))
        return r, v
      end
      local rc, vc = point("coupler", p2)
      local rd, vd = point("rocker", p3)
      local gap, closing = rc[2] - rd[2], vc[2] - vd[2]
      if gap > 0 and gap < d.cut.gap and closing < 0 then
        return { { body = "coupler", force = { 0, d.cut.force }, at = p2 },
                 { body = "rocker", force = { 0, -d.cut.force }, at = p3 } }
      end
      return {}
    end }
  end
  return m
end
if ... == "model" then return build, grashof end

print(("Grashof: %s"):format(grashof(math.sqrt(0.65^2 + 0.1^2), 0.1, 0.7, 1.0) and "yes, the crank turns fully" or "no"))
local m = build()
local r = m:inverse_dynamics{ tf = 1, dt = 0.001 }
local torque, peak, at = r:reaction("motor").torque, 0, 0
for i = 1, #r.t do if math.abs(torque[i]) > math.abs(peak) then peak, at = torque[i], r.t[i] end end
print(r:summary())
print(("  motor torque: largest %.1f N m at t = %.3f s (the cut)"):format(peak, at))
r:plot("motor.torque")
