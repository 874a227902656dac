-- SPDX-License-Identifier: GPL-3.0-or-later
-- head_neck.lua: the head and neck of the book's Sec. 15.14: a torso
-- sliding on the ground, seven vertebra-disc units pinned one on another,
-- the skull pinned on the top one (C1) and the brain held in the skull by
-- four point-to-point spring-dampers and a torsional one; a torsional
-- spring-damper at each of the eight pins. Ten bodies, eight pins, one
-- slider, nine torsional and four point-to-point spring-dampers. Masses,
-- inertias, stiffnesses and damping are Table 15.13's. The dimensions are
-- in the book's Fig. 15.18 only, so ours are our own: the torso's top T
-- 0.25 m above its mass centre, vertebrae 18 mm tall, the skull's mass
-- centre 0.02 m forward and 0.08 m up from its pin, the brain's there too,
-- held by springs 30 mm long from 40 mm out on it to 70 mm out on the
-- skull, front, back, up and down. The torso is driven, x = x0 + a
-- cos(omega t), with the book's suggested a = 0.1 m and omega = 2 Hz
-- (build(a, hz)); the model starts at rest on its springs (m:equilibrium).
-- The head nods freely at 2.58 Hz (measured from a small swing once the
-- faster modes have died out), so shaking at 2 Hz throws it through some
-- 130 degrees: these springs are linear, and nothing stops the neck
-- bending that far.
--   mechbench --batch examples/head_neck.lua [body|joint]
local h_vertebra, n_vertebrae = 0.018, 7

local parameter = mb.parameter
local function build(a, hz)
  a = parameter(a, { "the torso's swing a (m)", number = { -0.5, 0.5 }, default = 0.1 })
  hz = parameter(hz, { "its frequency (Hz)", number = { 0, 100 }, default = 2 })
  local w = 2 * math.pi * hz
  local m = mb.model{ name = ("head and neck (Sec. 15.14), %g Hz"):format(hz) }
  -- the slide is measured from a rail point 1 m behind (a distance driver
  -- cannot start from zero), and the model starts with the torso at x = a
  m:body{ name = "torso", mass = 50.0, inertia = 1.2, pos = { a, 0.25 } }
  m:point{ name = "torso.c", body = "torso" }
  m:point{ name = "torso.T", body = "torso", at = { 0, 0.25 } }
  m:vector{ name = "torso.u", body = "torso", dir = { 1, 0 } }
  m:point{ name = "rail", body = "ground", at = { -1, 0.25 } }
  m:vector{ name = "rail.u", body = "ground", dir = { 1, 0 } }
  m:joint{ name = "slide", type = "translational", points = { "torso.c", "rail" }, vectors = { "torso.u", "rail.u" } }
  m:joint{ name = "shake", type = "driver", joint = "slide", fn = function(t)
    return 1 + a * math.cos(w * t), -a * w * math.sin(w * t), -a * w * w * math.cos(w * t)
  end }
  -- the vertebrae, C7 at the bottom to C1 at the top; each pin with its torsional spring-damper
  local below, y = "torso.T", 0.5
  for i = n_vertebrae, 1, -1 do
    local name = "C" .. i
    m:body{ name = name, mass = 0.25, inertia = 0.0004, pos = { a, y + h_vertebra / 2 } }
    m:point{ name = name .. ".bottom", body = name, at = { 0, -h_vertebra / 2 } }
    m:point{ name = name .. ".top", body = name, at = { 0, h_vertebra / 2 } }
    m:joint{ name = name .. " pin", type = "revolute", points = { name .. ".bottom", below } }
    m:force{ name = name .. " disc", type = "rot-spring-damper", joint = name .. " pin", k = 271, c = 0.11 }
    below, y = name .. ".top", y + h_vertebra
  end
  m:body{ name = "skull", mass = 2.0, inertia = 0.03, pos = { a + 0.02, y + 0.08 } }
  m:point{ name = "skull.pin", body = "skull", at = { -0.02, -0.08 } }
  m:joint{ name = "skull pin", type = "revolute", points = { "skull.pin", below } }
  m:force{ name = "skull-C1", type = "rot-spring-damper", joint = "skull pin", k = 271, c = 0.22 }
  m:body{ name = "brain", mass = 1.4, inertia = 0.004, pos = { a + 0.02, y + 0.08 } }
  for i, dir in ipairs { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } } do
    m:point{ name = "brain." .. i, body = "brain", at = { 0.04 * dir[1], 0.04 * dir[2] } }
    m:point{ name = "skull." .. i, body = "skull", at = { 0.07 * dir[1], 0.07 * dir[2] } }
    m:force{ name = "brain " .. i, type = "spring-damper", points = { "brain." .. i, "skull." .. i },
             k = 8750, length = 0.03, c = 90 }
  end
  m:force{ name = "brain turn", type = "rot-spring-damper", bodies = { "brain", "skull" }, k = 23, c = 0.05 }
  -- at rest on the springs, the torso held where the driver puts it at t = 0
  local eq = m:equilibrium{}
  for name, b in pairs(m.bodies) do
    local r = eq:body(name)
    b.pos, b.angle = { r.x[1], r.y[1] }, r.angle[1]
  end
  return m
end
if ... == "model" then return build end
local formulation = (...) or "body"    -- "joint" as the script argument

local r = build():simulate{ formulation = formulation, tf = 3, dt = 0.005 }
print(r:summary())
local function range(series)
  local lo, hi = math.huge, -math.huge
  for i = 1, #series do lo, hi = math.min(lo, series[i]), math.max(hi, series[i]) end
  return hi - lo
end
local skull, brain, torso = r:body("skull"), r:body("brain"), r:body("torso")
local shift, peak = {}, 0
for i = 1, #r.t do
  shift[i] = math.sqrt((brain.x[i] - skull.x[i]) ^ 2 + (brain.y[i] - skull.y[i]) ^ 2)
  peak = math.max(peak, math.abs(skull.alpha[i]))
end
print(("  the torso moves %.3f m; the skull turns through %.1f degrees (largest angular acceleration %.0f rad/s^2)"):format(
  range(torso.x), math.deg(range(skull.angle)), peak))
print(("  the brain moves up to %.2f mm in the skull and turns %.2f degrees against it"):format(
  1000 * math.max(table.unpack(shift)), math.deg(range((function()
    local d = {} for i = 1, #r.t do d[i] = brain.angle[i] - skull.angle[i] end return d end)()))))
