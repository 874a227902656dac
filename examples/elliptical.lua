-- SPDX-License-Identifier: GPL-3.0-or-later
-- elliptical.lua: the elliptical exercise machine of the book's Sec.
-- 15.15: two slider-cranks half a turn apart on one flywheel; each
-- footrest bar is pinned to the flywheel at one end and rides an inclined
-- rail on a roller at the other (a rev-tran joint: the book suggests
-- composite joints). The book leaves the inertias to the reader and gives
-- the dimensions in its Fig. 15.19b only, so all numbers here are our own:
-- flywheel 10 kg, 0.5 kg m^2, pivot O = (0, 0.4), crank pins 0.15 m out;
-- bars 1.2 m, 3 kg, the footrests 0.8 m along them; rails through (1.1,
-- 0.2) rising 10 degrees. The person's weight w = 700 N shifts from foot
-- to foot as the book proposes: with s = 2 pi t / tau, the left foot
-- presses down with (cos s)^2 of it and the right with the rest, (sin
-- s)^2; tau = 2 s (one stride per second). The brake is a resistive
-- torque -c omega on the flywheel, c = 1 N m s (build(tau, c)). The flywheel starts near one turn per second and falls
-- into step with the weight's shifts: 2.02 turns in the last 2 s of 10.
--   mechbench --batch examples/elliptical.lua [body|joint]
local crank, bar, foot, weight = 0.15, 1.2, 0.8, 700
local O, rail_point, incline = { 0, 0.4 }, { 1.1, 0.2 }, math.rad(10)

local parameter = mb.parameter
local function build(tau, c)
  tau = parameter(tau, { "the period tau of the weight's shift from foot to foot and back (s)", number = { 0.01, 100 },
    default = 2 })
  c = parameter(c, { "the brake's c (N m s)", number = { 0, 1000 }, default = 1 })
  local vec = mb.vec
  local theta0, spin = math.rad(90), 2 * math.pi
  local m = mb.model{ name = "elliptical trainer (Sec. 15.15)" }
  m:body{ name = "flywheel", mass = 10, inertia = 0.5, pos = O, angle = theta0, omega = spin }
  m:point{ name = "flywheel.O", body = "flywheel" }
  m:point{ name = "O", body = "ground", at = O }
  m:joint{ name = "O", type = "revolute", points = { "flywheel.O", "O" } }
  local u = vec.unit(incline)
  m:point{ name = "rail", body = "ground", at = rail_point }
  m:vector{ name = "rail.u", body = "ground", dir = u }
  for i, side in ipairs { "left", "right" } do
    local pin_angle = theta0 + (i - 1) * math.pi
    local A = vec(O) + crank * vec.unit(pin_angle)
    -- the roller R: on the rail, `bar` from A (the branch ahead, +x)
    local q = vec(rail_point) - A
    local along = -vec.dot(q, u) + math.sqrt(vec.dot(q, u) ^ 2 - vec.dot(q, q) + bar ^ 2)
    local R = vec(rail_point) + along * u
    local name = side .. " bar"
    m:body{ name = name, mass = 3, inertia = 3 * bar ^ 2 / 12, pos = 0.5 * (A + R), angle = vec.angle(R - A) }
    m:point{ name = name .. ".A", body = name, at = { -bar / 2, 0 } }
    m:point{ name = name .. ".R", body = name, at = { bar / 2, 0 } }
    m:point{ name = side .. " foot", body = name, at = { foot - bar / 2, 0 } }
    m:point{ name = "flywheel." .. side, body = "flywheel", at = vec.rotate((i - 1) * math.pi, vec(crank, 0)) }
    m:joint{ name = side .. " pin", type = "revolute", points = { name .. ".A", "flywheel." .. side } }
    m:joint{ name = side .. " roller", type = "rev-tran", points = { "rail", name .. ".R" }, vectors = { "rail.u" } }
  end
  -- the person's weight, shifted from foot to foot; the brake
  local at_left, at_right = m.points["left foot"].at, m.points["right foot"].at
  m:force{ name = "feet and brake", type = "user", fn = function(t, s)
    local share = math.cos(2 * math.pi * t / tau) ^ 2
    return { { body = "left bar", force = { 0, -weight * share }, at = at_left },
             { body = "right bar", force = { 0, -weight * (1 - share) }, at = at_right },
             { body = "flywheel", torque = -c * s.bodies.flywheel.omega } }
  end }
  m:correct() -- the bars' velocities, by least squares (Sec. 14.3): the flywheel's spin gives a little
  return m
end
if ... == "model" then return build, { weight = weight } end
local formulation = (...) or "body"    -- "joint" as the script argument

local r = build():simulate{ formulation = formulation, tf = 10, dt = 0.01 }
print(r:summary())
local w, turns = r:body("flywheel").omega, 0
for i = 1, #r.t do if r.t[i] >= 8 then turns = turns + w[i] * 0.01 / (2 * math.pi) end end
local path, lo, hi = r:path("left foot"), math.huge, -math.huge
for i = 1, #r.t do lo, hi = math.min(lo, path.y[i]), math.max(hi, path.y[i]) end
print(("  over the last 2 s the flywheel turns %.2f times; the left foot rises and falls %.3f m"):format(math.abs(turns), hi - lo))
r:plot("left foot.path")
