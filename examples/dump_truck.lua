-- SPDX-License-Identifier: GPL-3.0-or-later
-- dump_truck.lua: the dump truck of the book's Sec. 15.11. A hydraulic
-- actuator (cylinder 1 and rod 4) opens a pair of links (2 and 3) that
-- lift the bed (5) about its hinge at the back of the chassis (the
-- ground). Masses and inertias are Table 15.10's; the dimensions are in
-- the book's Fig. 15.12b only, so ours are our own: bed 4 m long hinged
-- at H = (4, 1.2) with its mass centre at (2.2, 1.7); link 2 of 1.3 m
-- pinned to the chassis at (2.8, 0.8), link 3 of 1.5 m pinned under the
-- bed at (1.8, 1.2), the two meeting at K; the cylinder pinned to the
-- chassis at (3.9, -0.9), its rod at K. The actuator is a driver of the
-- distance from the cylinder's pin to K, growing by `stroke` (1.3 m unless
-- told) in `period` seconds (5 unless told) and starting and ending at
-- rest (the book's DAP_BC function type b: mb.fn.smooth_step). The bed
-- then tips 44 degrees; with 1.5 m of stroke links 2 and 3 come into line
-- (a toggle) near 50 degrees, beyond which it cannot be lifted.
--   build(stroke, period): stroke in m (1.3), period in s (5)
--   mechbench --batch examples/dump_truck.lua [body|joint]
local parameter = mb.parameter
local function build(stroke, period)
  stroke = parameter(stroke, { "the stroke (m)", number = { 0.01, 1.5 }, default = 1.3,
    note = "beyond which links 2 and 3 pass their toggle" })
  period = parameter(period, { "the time to lift (s)", number = { 0.01, 1000 }, default = 5 })
  local vec = mb.vec
  local H, G2, B3, C1 = vec(4, 1.2), vec(2.8, 0.8), vec(1.8, 1.2), vec(3.9, -0.9)
  local L2, L3 = 1.3, 1.5
  -- K: |K - G2| = L2, |K - B3| = L3, below the line from B3 to G2
  local d = vec.norm(G2 - B3)
  local along = (L3 ^ 2 - L2 ^ 2 + d * d) / (2 * d)
  local u = vec.unit(G2 - B3)
  local K = B3 + along * u - math.sqrt(L3 ^ 2 - along ^ 2) * vec.rot(u)
  local m = mb.model{ name = "dump truck (Sec. 15.11)" }
  local function at(name, body, where) -- a point given globally, kept in the body's frame
    local b = m.bodies[body]
    m:point{ name = name, body = body, at = vec.rotate(-b.angle, vec(where[1] - b.pos[1], where[2] - b.pos[2])) }
  end
  local axis = vec.unit(K - C1)
  m:body{ name = "cylinder", mass = 3, inertia = 0.04, pos = C1 + 0.4 * axis, angle = vec.angle(axis) }
  m:body{ name = "link 2", mass = 15, inertia = 5.0, pos = 0.5 * (G2 + K), angle = vec.angle(K - G2) }
  m:body{ name = "link 3", mass = 15, inertia = 5.0, pos = 0.5 * (B3 + K), angle = vec.angle(K - B3) }
  m:body{ name = "rod", mass = 3, inertia = 0.04, pos = K - 0.4 * axis, angle = vec.angle(axis) }
  m:body{ name = "bed", mass = 300, inertia = 125, pos = { 2.2, 1.7 }, angle = 0 }
  at("cylinder.C", "cylinder", C1); m:vector{ name = "cylinder.u", body = "cylinder", dir = { 1, 0 } }
  at("rod.K", "rod", K); m:vector{ name = "rod.u", body = "rod", dir = { 1, 0 } }
  at("link 2.G", "link 2", G2); at("link 2.K", "link 2", K)
  at("link 3.B", "link 3", B3); at("link 3.K", "link 3", K)
  at("bed.H", "bed", H); at("bed.B", "bed", B3); at("bed.front", "bed", { 0, 1.2 })
  m:point{ name = "H", body = "ground", at = H }
  m:point{ name = "G", body = "ground", at = G2 }
  m:point{ name = "C", body = "ground", at = C1 }
  m:joint{ name = "H", type = "revolute", points = { "bed.H", "H" } }
  m:joint{ name = "G", type = "revolute", points = { "link 2.G", "G" } }
  m:joint{ name = "B", type = "revolute", points = { "link 3.B", "bed.B" } }
  m:joint{ name = "K", type = "revolute", points = { "link 2.K", "link 3.K" } }
  m:joint{ name = "rod end", type = "revolute", points = { "rod.K", "link 3.K" } }
  m:joint{ name = "C", type = "revolute", points = { "cylinder.C", "C" } }
  m:joint{ name = "cylinder", type = "translational", points = { "rod.K", "cylinder.C" }, vectors = { "rod.u", "cylinder.u" } }
  local L0 = vec.norm(K - C1)
  m:joint{ name = "actuator", type = "driver", points = { "cylinder.C", "rod.K" },
           fn = mb.fn.smooth_step{ from = L0, to = L0 + stroke, t0 = 0, t1 = period } }
  return m
end
if ... == "model" then return build end
local formulation = (...) or "body"    -- "joint" as the script argument

local r = build():inverse_dynamics{ formulation = formulation, tf = 5, dt = 0.01 }
print(r:summary())
local f, peak = r:reaction("actuator").torque, 0
for i = 1, #r.t do if math.abs(f[i]) > math.abs(peak) then peak = f[i] end end
print(("  the bed tips %.1f degrees; the actuator's force starts at %.0f N, largest %.0f N"):format(
  math.deg(-r:body("bed").angle[#r.t]), f[1], peak))
