-- SPDX-License-Identifier: GPL-3.0-or-later
-- six_bar_quick_return.lua: the six-bar quick-return mechanism of the
-- book's Sec. 15.3. Masses and inertias are Table 15.3's; the book gives
-- the dimensions only in its Fig. 15.3b, so the dimensions here are our
-- own: crank (1, with the motor) 0.1 m about O = (0, 0); its pin A carries
-- a block (2) sliding along the rocker (3), which swings about Q = (0,
-- -0.2) and is 0.5 m long; a link (5) of 0.25 m joins the rocker's tip C
-- to the output slider (4) on the line y = 0.35. The motor turns at 2 pi
-- rad/s (our choice). The rocker's extreme positions are where QA is at
-- right angles to OA: the crank turns 240 degrees one way between them and
-- 120 the other, a time ratio of 2 for a motor at constant speed.
-- build(theta0) starts the crank at theta0 (radians, 90 degrees unless given).
--   mechbench --batch examples/six_bar_quick_return.lua [body|joint]
local r_crank, OQ, rocker, link, rail = 0.1, 0.2, 0.5, 0.25, 0.35

local parameter = mb.parameter
local function build(theta0)
  theta0 = parameter(theta0, { "the crank's starting angle (rad)", number = { -1000, 1000 }, default = math.rad(90) })
  local vec = mb.vec
  local O, Q = vec(0, 0), vec(0, -OQ)
  local A = O + r_crank * vec.unit(theta0)
  local psi = vec.angle(A - Q)
  local C = Q + rocker * vec.unit(psi)
  local D = vec(C[1] + math.sqrt(link ^ 2 - (rail - C[2]) ^ 2), rail)
  local m = mb.model{ name = "six-bar quick-return (Sec. 15.3)" }
  -- a body along P -> R, its frame's x axis from P to R, points NAME.P and NAME.R
  local function bar(name, P, R, mass, J)
    local L = vec.norm(R - P)
    m:body{ name = name, mass = mass, inertia = J, pos = 0.5 * (P + R), angle = vec.angle(R - P) }
    m:point{ name = name .. ".P", body = name, at = { -L / 2, 0 } }
    m:point{ name = name .. ".R", body = name, at = { L / 2, 0 } }
  end
  bar("crank", O, A, 1.0, 1.0) -- Table 15.3: the motor's mass centre at O
  m.bodies.crank.pos = { 0, 0 }
  m.points["crank.P"].at, m.points["crank.R"].at = { 0, 0 }, { r_crank, 0 }
  m:body{ name = "block", mass = 0.3, inertia = 0.0003, pos = A, angle = psi }
  m:point{ name = "block.A", body = "block" }
  m:vector{ name = "block.u", body = "block", dir = { 1, 0 } }
  bar("rocker", Q, C, 0.2, 0.006)
  m:vector{ name = "rocker.u", body = "rocker", dir = { 1, 0 } }
  m:body{ name = "slider", mass = 0.4, inertia = 0.0004, pos = D }
  m:point{ name = "slider.D", body = "slider" }
  m:vector{ name = "slider.u", body = "slider", dir = { 1, 0 } }
  bar("link", C, D, 0.1, 0.003)
  m:point{ name = "O", body = "ground" }
  m:point{ name = "Q", body = "ground", at = Q }
  m:point{ name = "rail", body = "ground", at = { 0, rail } }
  m:vector{ name = "rail.u", body = "ground", dir = { 1, 0 } }
  m:joint{ name = "O", type = "revolute", points = { "crank.P", "O" } }
  m:joint{ name = "A", type = "revolute", points = { "block.A", "crank.R" } }
  m:joint{ name = "slot", type = "translational", points = { "block.A", "rocker.P" }, vectors = { "block.u", "rocker.u" } }
  m:joint{ name = "Q", type = "revolute", points = { "rocker.P", "Q" } }
  m:joint{ name = "C", type = "revolute", points = { "link.P", "rocker.R" } }
  m:joint{ name = "D", type = "revolute", points = { "link.R", "slider.D" } }
  m:joint{ name = "rail", type = "translational", points = { "slider.D", "rail" }, vectors = { "slider.u", "rail.u" } }
  m:joint{ name = "motor", type = "driver", joint = "O", fn = mb.fn.poly{ theta0, 2 * math.pi, 0 } }
  return m
end
if ... == "model" then return build end
local formulation = (...) or "body"    -- "joint" as the script argument

local r = build():inverse_dynamics{ formulation = formulation, tf = 1, dt = 0.001 }
print(r:summary())
-- the rocker's extremes: where its rate changes sign
local w, turns = r:body("rocker").omega, {}
for i = 2, #r.t do
  if w[i - 1] * w[i] < 0 then turns[#turns + 1] = r.t[i - 1] + (r.t[i] - r.t[i - 1]) * w[i - 1] / (w[i - 1] - w[i]) end
end
local x = r:body("slider").x
local lo, hi = math.huge, -math.huge
for i = 1, #x do lo, hi = math.min(lo, x[i]), math.max(hi, x[i]) end
local slow = turns[2] - turns[1] -- the turns 1 s apart: one revolution of the crank
print(("  rocker turns at t = %.4f and %.4f s: strokes of %.4f and %.4f s, ratio %.4f (the geometry: 2)"):format(
  turns[1], turns[2], math.min(slow, 1 - slow), math.max(slow, 1 - slow), math.max(slow, 1 - slow) / math.min(slow, 1 - slow)))
print(("  the output slider travels %.4f m"):format(hi - lo))
local T, peak = r:reaction("motor").torque, 0
for i = 1, #T do peak = math.max(peak, math.abs(T[i])) end
print(("  largest motor torque %.3f N m"):format(peak))
