-- SPDX-License-Identifier: GPL-3.0-or-later
-- satellite.lua: one side of a satellite's solar panels unfolding, the
-- book's Sec. 15.17, as one model with events. The middle panel is the
-- satellite (the ground); panel 1 is hinged to it at S1, panel 2 to panel
-- 1 at S2, both hinges with loaded torsion springs (30 N m/rad, 5 N m s/rad,
-- within the book's 10-50 and 5-10) whose free angles are the unfolded
-- ones. Each panel is held by a two-piece link with a knee, L1 (from the
-- satellite to panel 1) and L2 (from panel 1 to panel 2), that can be
-- locked: a driver holding the knee's angle (pin or rigid). The book's
-- data: panels 1.0 kg, links 0.1 kg/m, no gravity. The dimensions are in
-- its Fig. 15.24 only, so ours are our own: panels 1 m long, S1 at (0.5,
-- 0); link L1 from (0.3, 0.3) on the satellite to panel 1's middle, link
-- L2 from (0.3, 0.15) on panel 1 (its frame: the hinge S2 at (0.5, 0)) to
-- panel 2's middle; link pieces 0.45 m. Folded, panel 1 lies back
-- over the satellite and panel 2 back over panel 1.
-- Phase 1 (the start): L2 is locked folded and S1's spring is let go;
-- panel 1 (carrying panel 2) swings out and comes to rest; at t = 4 s L1
-- is locked. Phase 2: at t = 5 s L2's lock is released and S2's spring
-- opens panel 2; at t = 9 s, at rest, L2 is locked unfolded. The truss is
-- then rigid. The events: { t = 4, add = "L1 locked" }, { t = 5, remove
-- = "L2 folded" }, { t = 9, add = "L2 locked" }.
--   mechbench --batch examples/satellite.lua [body|joint]
local k, c = 30, 5
local L1a, L1b, L2c, L2d = 0.45, 0.45, 0.45, 0.45
local A, C_local = { 0.3, 0.3 }, { 0.3, 0.15 }
local events = { { t = 4, add = "L1 locked" }, { t = 5, remove = "L2 folded" }, { t = 9, add = "L2 locked" } }

local vec = mb.vec
-- the knee K of two pieces of lengths a (from P) and b (to R), on the left of P -> R
local function knee(P, R, a, b)
  local d = vec.norm(R - P)
  local along = (a * a - b * b + d * d) / (2 * d)
  local u = vec.unit(R - P)
  return P + along * u + math.sqrt(a * a - along * along) * vec.rot(u)
end
-- the whole side for panel angles theta1 (panel 1's, from S1) and psi (panel 2's from panel 1)
local function pose(theta1, psi)
  local S1 = vec(0.5, 0)
  local u1 = vec.unit(theta1)
  local S2 = S1 + u1
  local u2 = vec.unit(theta1 + psi)
  local B = S1 + 0.5 * u1
  local C = S1 + 0.5 * u1 + vec.rotate(theta1, vec(C_local))
  local D = S2 + 0.5 * u2
  return { S1 = S1, S2 = S2, u1 = u1, u2 = u2, B = B, C = C, D = D, K1 = knee(vec(A), B, L1a, L1b), K2 = knee(C, D, L2c, L2d),
    theta1 = theta1, psi = psi }
end
-- a knee's lock value: angle(second piece) - angle(first piece)
local function knee_angle(P, K, R) return vec.angle(R - K) - vec.angle(K - P) end

local function build()
  local p = pose(math.pi, math.pi) -- folded
  local m = mb.model{ name = "satellite panels (Sec. 15.17)", gravity = { 0, 0 } }
  local function piece(name, mass, J, P, R, angle)
    m:body{ name = name, mass = mass, inertia = J, pos = 0.5 * (P + R), angle = angle or vec.angle(R - P) }
  end
  local function at(name, body, where)
    local b = m.bodies[body]
    m:point{ name = name, body = body, at = vec.rotate(-b.angle, vec(where[1] - b.pos[1], where[2] - b.pos[2])) }
  end
  piece("panel 1", 1.0, 1 / 12, p.S1, p.S2)
  -- panel 2 at 2 pi, not 0: the angle S2's spring unwinds from is +pi, so it
  -- opens on the side of its link, away from that link's toggle
  piece("panel 2", 1.0, 1 / 12, p.S2, p.S2 + p.u2, 2 * math.pi)
  local function link(name, P, R, L) piece(name, 0.1 * L, 0.1 * L ^ 3 / 12, P, R) end
  link("L1 a", vec(A), p.K1, L1a); link("L1 b", p.K1, p.B, L1b)
  link("L2 c", p.C, p.K2, L2c); link("L2 d", p.K2, p.D, L2d)
  at("panel 1.S1", "panel 1", p.S1); at("panel 1.S2", "panel 1", p.S2); at("panel 2.S2", "panel 2", p.S2)
  at("panel 1.B", "panel 1", p.B); at("panel 1.C", "panel 1", p.C); at("panel 2.D", "panel 2", p.D)
  at("L1 a.A", "L1 a", A); at("L1 a.K", "L1 a", p.K1); at("L1 b.K", "L1 b", p.K1); at("L1 b.B", "L1 b", p.B)
  at("L2 c.C", "L2 c", p.C); at("L2 c.K", "L2 c", p.K2); at("L2 d.K", "L2 d", p.K2); at("L2 d.D", "L2 d", p.D)
  m:point{ name = "S1", body = "ground", at = p.S1 }
  m:point{ name = "A", body = "ground", at = A }
  m:joint{ name = "S1", type = "revolute", points = { "panel 1.S1", "S1" } }
  m:joint{ name = "S2", type = "revolute", points = { "panel 2.S2", "panel 1.S2" } }
  m:joint{ name = "A", type = "revolute", points = { "L1 a.A", "A" } }
  m:joint{ name = "L1", type = "revolute", points = { "L1 b.K", "L1 a.K" } }
  m:joint{ name = "B", type = "revolute", points = { "L1 b.B", "panel 1.B" } }
  m:joint{ name = "C", type = "revolute", points = { "L2 c.C", "panel 1.C" } }
  m:joint{ name = "L2", type = "revolute", points = { "L2 d.K", "L2 c.K" } }
  m:joint{ name = "D", type = "revolute", points = { "L2 d.D", "panel 2.D" } }
  -- the springs: free at the unfolded angles, panel 1 at 0 and panel 2 in line with it
  m:force{ name = "S1 spring", type = "rot-spring-damper", joint = "S1", k = k, c = c, angle = 0 }
  m:force{ name = "S2 spring", type = "rot-spring-damper", joint = "S2", k = k, c = c, angle = 0 }
  -- the locks: L2 held folded from the start; L1 and L2 locked unfolded later
  local open = pose(0, 0)
  local function lock(name, pin, value, active)
    m:joint{ name = name, type = "driver", joint = pin, fn = mb.fn.poly{ value, 0, 0 }, active = active }
  end
  -- a driver holds the angles as they run, not modulo 2 pi: the unfolded
  -- knee angles are the folded ones plus the change, which stays below pi
  local function unfolded(folded, open_angle) return folded + (open_angle - folded + math.pi) % (2 * math.pi) - math.pi end
  local knee1, knee2 = knee_angle(vec(A), p.K1, p.B), knee_angle(p.C, p.K2, p.D)
  lock("L2 folded", "L2", knee2, true)
  lock("L1 locked", "L1", unfolded(knee1, knee_angle(vec(A), open.K1, open.B)), false)
  lock("L2 locked", "L2", unfolded(knee2, knee_angle(open.C, open.K2, open.D)), false)
  return m
end
if ... == "model" then return build, events end
local formulation = (...) or "body"    -- "joint" as the script argument

local r = build():simulate{ formulation = formulation, tf = 10, dt = 0.01, events = events }
print(r:summary())
local p1, p2 = r:body("panel 1"), r:body("panel 2")
local function speed(i) -- the largest body speed (m/s or rad/s) at sample i
  local s = 0
  for _, name in ipairs(r.body_order) do
    local b = r:body(name)
    s = math.max(s, math.abs(b.vx[i]), math.abs(b.vy[i]), math.abs(b.omega[i]))
  end
  return s
end
for _, e in ipairs(events) do
  local i = math.floor(e.t / 0.01 + 0.5) + 1
  print(("  t = %g: %s %s, panel 1 at %.2f degrees, panel 2 at %.2f to it, largest speed %.1e"):format(e.t, e.add and "lock" or "release",
    e.add or e.remove, math.deg(p1.angle[i]), math.deg(p2.angle[i] - p1.angle[i]), speed(i)))
end
print(("  at the end: panel 1 at %.4f degrees, panel 2 at %.4f to it, largest speed %.1e"):format(
  math.deg(p1.angle[#r.t]), math.deg(p2.angle[#r.t] - p1.angle[#r.t]), speed(#r.t)))
