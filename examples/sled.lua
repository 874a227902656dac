-- SPDX-License-Identifier: GPL-3.0-or-later
-- sled.lua: the sled test with a belted dummy of the book's Sec. 15.13,
-- its simple model: the upper leg fixed to the seat, no lower leg or foot.
-- Masses, inertias and the neck's, seatback's and belt's stiffness and
-- damping are Table 15.12's. The dimensions are in the book's Fig. 15.15
-- only, so ours are our own (a seat reclined 20 degrees; lower torso 0.25
-- m, upper torso 0.35 m, head's mass centre 0.12 m above the neck, upper
-- arm 0.30, lower arm 0.27, hand 0.08 m, the hand pinned to the steering
-- wheel), and so are the sled's mass (100 kg, the upper legs' 2 x 6 kg in
-- it) and the speed, 50 km/h. The seatback holds each torso by a long
-- spring-damper to a point 5 m behind it (Fig. 15.16b's trick: its force
-- stays square to the seatback) that only pushes; the belt is two
-- spring-dampers Q^B-B and C-Q^C sharing one tension, pulling only while
-- L^B + L^C exceeds its slack length; the elbow cannot bend backwards (a
-- torque b e^(-theta/a), Fig. 15.17). Everything starts at 50 km/h; the
-- sled then runs into a stop whose contact law (Sec. 11.2, Hunt-Crossley
-- with n = 1) is tuned so the sled's deceleration peaks near 10 g
-- (measured: 9.84 g at t = 0.160 s; the torsos, held by the belt's give,
-- peak later and higher, 11.6 and 13.2 g).
--   mechbench --batch examples/sled.lua [body|joint]
local v0, k_stop, c_stop = 50 / 3.6, 8300, 90
local k_seat, c_seat, k_belt, c_belt = 50000, 150, 60000, 200

local function build()
  local vec = mb.vec
  local m = mb.model{ name = "sled test (Sec. 15.13)" }
  local recline = math.rad(110) -- the torso's direction, from the vertical 20 degrees back
  local H = vec(0, 0.5)
  local W = H + 0.25 * vec.unit(recline)
  local S = W + 0.35 * vec.unit(recline)
  local up = vec.unit(recline)
  local E = S + 0.30 * vec.unit(math.rad(-30))
  local G = vec(0.40, 0.93) -- the grip on the steering wheel
  -- the wrist: 0.27 m from the elbow, 0.08 m from the grip (the upper branch)
  local d = vec.norm(G - E)
  local along = (0.27 ^ 2 - 0.08 ^ 2 + d * d) / (2 * d)
  local u = vec.unit(G - E)
  local Wr = E + along * u + math.sqrt(0.27 ^ 2 - along ^ 2) * vec.rot(u)
  local function segment(name, mass, J, P, R, centre) -- x axis from P to R, mass centre `centre` of the way
    m:body{ name = name, mass = mass, inertia = J, pos = P + (centre or 0.5) * (R - P), angle = vec.angle(R - P), vel = { v0, 0 } }
  end
  local function at(name, body, where) -- a point given globally, kept in the body's frame
    local b = m.bodies[body]
    m:point{ name = name, body = body, at = vec.rotate(-b.angle, vec(where[1] - b.pos[1], where[2] - b.pos[2])) }
  end
  m:body{ name = "sled", mass = 100, inertia = 20, pos = { 0, 0.3 }, angle = 0, vel = { v0, 0 } }
  segment("lower torso", 23.0, 0.13, H, W)
  segment("upper torso", 18.0, 0.35, W, S)
  segment("head", 5.25, 0.04, S, S + 0.24 * up)
  segment("upper arm", 2.0, 0.02, S, E)
  segment("lower arm", 1.7, 0.01, E, Wr)
  segment("hand", 0.6, 0.002, Wr, G)
  at("sled.H", "sled", H); at("lower torso.H", "lower torso", H)
  at("lower torso.W", "lower torso", W); at("upper torso.W", "upper torso", W)
  at("upper torso.S", "upper torso", S); at("head.N", "head", S); at("upper arm.S", "upper arm", S)
  at("upper arm.E", "upper arm", E); at("lower arm.E", "lower arm", E)
  at("lower arm.W", "lower arm", Wr); at("hand.W", "hand", Wr)
  at("hand.G", "hand", G); at("sled.G", "sled", G)
  at("sled.front", "sled", { 0.6, 0.3 })
  m:point{ name = "sled.o", body = "sled" }
  m:vector{ name = "sled.u", body = "sled", dir = { 1, 0 } }
  m:point{ name = "rail", body = "ground", at = { 0, 0.3 } }
  m:vector{ name = "rail.u", body = "ground", dir = { 1, 0 } }
  m:joint{ name = "rail", type = "translational", points = { "sled.o", "rail" }, vectors = { "sled.u", "rail.u" } }
  m:joint{ name = "hip", type = "revolute", points = { "lower torso.H", "sled.H" } }
  m:joint{ name = "waist", type = "revolute", points = { "upper torso.W", "lower torso.W" } }
  m:joint{ name = "neck", type = "revolute", points = { "head.N", "upper torso.S" } }
  m:joint{ name = "shoulder", type = "revolute", points = { "upper arm.S", "upper torso.S" } }
  m:joint{ name = "elbow", type = "revolute", points = { "lower arm.E", "upper arm.E" } }
  m:joint{ name = "wrist", type = "revolute", points = { "hand.W", "lower arm.W" } }
  m:joint{ name = "grip", type = "revolute", points = { "hand.G", "sled.G" } }
  m:force{ name = "neck", type = "rot-spring-damper", joint = "neck", k = 34.0, c = 1.5 }
  -- the far points of the seatback's springs, 5 m behind each torso's mass centre, and the belt's anchors
  local back = vec.unit(recline - math.pi / 2) -- out of the seatback, forwards
  for _, name in ipairs { "lower torso", "upper torso" } do
    local c = vec(m.bodies[name].pos)
    at(name .. ".c", name, c)
    at(name .. ".far", "sled", c - 5 * back)
  end
  local B, C = S + 0.12 * back - 0.05 * up, W + 0.12 * back + 0.05 * up
  at("B", "upper torso", B); at("C", "upper torso", C)
  at("QB", "sled", S - 0.10 * back + 0.05 * up); at("QC", "sled", H - 0.10 * back - 0.05 * up)
  local function place(s, point) -- a point's position and velocity in the state s
    local p = m.points[point]
    local b = s.bodies[p.body]
    local arm = vec.rotate(b.angle, p.at)
    return vec(b.x, b.y) + arm, vec(b.vx, b.vy) + b.omega * vec.rot(arm)
  end
  local function length(s, p, q) -- the distance from p to q, its rate, and the unit vector p -> q
    local rp, vp = place(s, p)
    local rq, vq = place(s, q)
    local L = vec.norm(rq - rp)
    local n = (1 / L) * (rq - rp)
    return L, vec.dot(n, vq - vp), n
  end
  local start = { bodies = {} }
  for name, b in pairs(m.bodies) do
    start.bodies[name] = { x = b.pos[1], y = b.pos[2], angle = b.angle, vx = 0, vy = 0, omega = 0 }
  end
  local seat_free = 5.005 -- each torso rests 5 mm into the seatback at the start
  local belt_free = length(start, "QB", "B") + length(start, "C", "QC") -- snug at the start
  local a_limit, b_limit = 0.05, 0.5
  m:force{ name = "seat and belt", type = "user", fn = function(t, s)
    local out = {}
    local function push(point, f, n) -- force f along n at a point
      local p = m.points[point]
      out[#out + 1] = { body = p.body, force = { f * n[1], f * n[2] }, at = p.at }
    end
    for _, name in ipairs { "lower torso", "upper torso" } do
      local L, rate, n = length(s, name .. ".far", name .. ".c")
      if L < seat_free then
        local f = k_seat * (seat_free - L) - c_seat * rate
        if f > 0 then push(name .. ".c", f, n); push(name .. ".far", -f, n) end
      end
    end
    local LB, rB, nB = length(s, "QB", "B")
    local LC, rC, nC = length(s, "C", "QC")
    if LB + LC > belt_free then
      local T = k_belt * (LB + LC - belt_free) + c_belt * (rB + rC)
      if T > 0 then
        push("B", -T, nB); push("QB", T, nB)
        push("C", T, nC); push("QC", -T, nC)
      end
    end
    -- the elbow's limit: a torque opening the bend theta (lower arm's angle - upper arm's)
    local theta = s.bodies["lower arm"].angle - s.bodies["upper arm"].angle
    local n = b_limit * math.exp(-theta / a_limit)
    out[#out + 1] = { body = "lower arm", torque = n }
    out[#out + 1] = { body = "upper arm", torque = -n }
    return out
  end }
  m:point{ name = "stop", body = "ground", at = { 0.6 + 0.2, 0 } }
  m:vector{ name = "stop.n", body = "ground", dir = { -1, 0 } }
  m:contact{ name = "stop", point = "sled.front", radius = 0, line = { "stop", "stop.n" },
             law = "hunt-crossley", k = k_stop, n = 1, c = c_stop }
  return m
end
if ... == "model" then return build end
local formulation = (...) or "body"    -- "joint" as the script argument

local r = build():simulate{ formulation = formulation, tf = 0.4, dt = 0.001 }
print(r:summary())
local function peak(name)
  local a, p, at = r:body(name).ax, 0, 0
  for i = 1, #r.t do if -a[i] > p then p, at = -a[i], r.t[i] end end
  return p / 9.81, at
end
for _, name in ipairs { "sled", "lower torso", "upper torso", "head" } do
  print(("  %-12s decelerates by %5.2f g at most (t = %.3f s)"):format(name, peak(name)))
end
