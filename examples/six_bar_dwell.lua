-- SPDX-License-Identifier: GPL-3.0-or-later
-- six_bar_dwell.lua: the six-bar dwell mechanism of the book's Sec. 15.4.
-- Masses and inertias are Table 15.4's; the book gives the dimensions only
-- in its Fig. 15.4b, so the design here is our own: Hoekens' four-bar
-- (crank 1 = 0.1 m about O = (0, 0), coupler 2 = 0.25 m with its point P
-- 0.5 m out along it, rocker 3 = 0.25 m about Q = (0.2, 0)), whose point P
-- runs along the line y = 0.4 while the crank turns from about 80 to 280
-- degrees. P carries a block (5) sliding in a slotted output link (4)
-- pivoted at G = (0.55, 0.4) on that line: while P runs along the line,
-- the slot turns about nothing and the output dwells; on the rest of P's
-- path it swings up and back. The motor turns at 2 pi rad/s (our choice).
-- build(theta0) starts the crank at theta0 (radians, 180 degrees unless given).
--   mechbench --batch examples/six_bar_dwell.lua [body|joint]
local crank, coupler, rocker, ground, extension = 0.1, 0.25, 0.25, 0.2, 0.5
local G = { 0.55, 0.4 }

local parameter = mb.parameter
local function build(theta0)
  theta0 = parameter(theta0, { "the crank's starting angle (rad)", number = { -1000, 1000 }, default = math.rad(180) })
  local vec = mb.vec
  local O, Q = vec(0, 0), vec(ground, 0)
  local A = O + crank * vec.unit(theta0)
  -- B: on the circle of radius `coupler` about A and `rocker` about Q (upper branch)
  local d = vec.norm(Q - A)
  local along = (coupler ^ 2 - rocker ^ 2 + d * d) / (2 * d)
  local u = vec.unit(Q - A)
  local B = A + along * u + math.sqrt(coupler ^ 2 - along ^ 2) * vec.rot(u)
  local P = A + (extension / coupler) * (B - A)
  local psi = vec.angle(vec(P[1] - G[1], P[2] - G[2])) -- the slot points from G to P
  local m = mb.model{ name = "six-bar dwell (Sec. 15.4)" }
  local function at(name, body, where) -- a point given globally, kept in the body's frame
    local b = m.bodies[body]
    m:point{ name = name, body = body, at = vec.rotate(-b.angle, vec(where[1] - b.pos[1], where[2] - b.pos[2])) }
  end
  m:body{ name = "crank", mass = 1.0, inertia = 1.0, pos = O, angle = theta0 } -- with the motor, mass centre at O
  m:body{ name = "coupler", mass = 0.3, inertia = 0.0003, pos = 0.5 * (A + P), angle = vec.angle(B - A) }
  m:body{ name = "rocker", mass = 0.2, inertia = 0.004, pos = 0.5 * (Q + B), angle = vec.angle(B - Q) }
  m:body{ name = "output", mass = 0.3, inertia = 0.006, pos = vec(G) + 0.3 * vec.unit(psi), angle = psi }
  m:body{ name = "block", mass = 0.4, inertia = 0.0004, pos = P, angle = psi }
  at("crank.O", "crank", O); at("crank.A", "crank", A)
  at("coupler.A", "coupler", A); at("coupler.B", "coupler", B); at("P", "coupler", P)
  at("rocker.Q", "rocker", Q); at("rocker.B", "rocker", B)
  at("output.G", "output", G)
  at("block.P", "block", P)
  m:vector{ name = "slot", body = "output", dir = { 1, 0 } }
  m:vector{ name = "block.u", body = "block", dir = { 1, 0 } }
  m:point{ name = "O", body = "ground" }
  m:point{ name = "Q", body = "ground", at = Q }
  m:point{ name = "G", body = "ground", at = G }
  m:joint{ name = "O", type = "revolute", points = { "crank.O", "O" } }
  m:joint{ name = "A", type = "revolute", points = { "coupler.A", "crank.A" } }
  m:joint{ name = "B", type = "revolute", points = { "coupler.B", "rocker.B" } }
  m:joint{ name = "Q", type = "revolute", points = { "rocker.Q", "Q" } }
  m:joint{ name = "P", type = "revolute", points = { "block.P", "P" } }
  m:joint{ name = "slot", type = "translational", points = { "block.P", "output.G" }, vectors = { "block.u", "slot" } }
  m:joint{ name = "G", type = "revolute", points = { "output.G", "G" } }
  m:joint{ name = "motor", type = "driver", joint = "O", fn = mb.fn.poly{ theta0, 2 * math.pi, 0 } }
  return m
end
if ... == "model" then return build end
local formulation = (...) or "body"    -- "joint" as the script argument

-- one turn of the crank from 180 degrees, the middle of the dwell
local r = build():inverse_dynamics{ formulation = formulation, tf = 1, dt = 1 / 360 }
print(r:summary())
local phi, dwell_lo, dwell_hi, lo, hi = r:body("output").angle, math.huge, -math.huge, math.huge, -math.huge
for i = 1, #r.t do
  local crank_deg = 180 + 360 * r.t[i]
  lo, hi = math.min(lo, phi[i]), math.max(hi, phi[i])
  if crank_deg <= 260 or crank_deg >= 460 then -- 100 to 260 degrees, taken from 180 round to 540
    dwell_lo, dwell_hi = math.min(dwell_lo, phi[i]), math.max(dwell_hi, phi[i])
  end
end
print(("  the output swings %.2f degrees in all, and %.3f while the crank turns 100 to 260 degrees (the dwell)"):format(
  math.deg(hi - lo), math.deg(dwell_hi - dwell_lo)))
