-- SPDX-License-Identifier: GPL-3.0-or-later
-- impacting_pendulums.lua: balls on massless rods that strike each other
-- (the book's Example 13.9, Sec. 13.4): R = 0.01 m, L = 0.1 m, m = 0.1 kg,
-- J = m R^2 / 2, e = 1. Ball 1 is released at 60 degrees (the book's code;
-- its text says 45). Each impact is found to round-off and solved with
-- Eq. 11.27; with e = 1 and equal balls the striker stops dead and the
-- other swings off, then back. With balls = 3 or more it is Newton's
-- cradle: the impact runs through the row of touching balls.
--   build{ angle = ball 1's angle (rad), balls = 2, e = 1 }
--   mechbench --batch examples/impacting_pendulums.lua [body|joint]
local parameter = mb.parameter
local function build(opts)
  opts = parameter(opts, { "the options table", options = {
    angle = { "ball 1's starting angle, rad", number = { -math.pi, math.pi }, default = math.pi / 3 },
    balls = { "how many", number = { 2, 100 }, whole = true, default = 2 },
    e = { "the restitution", number = { 0, 1 }, default = 1 } } })
  local L, R, mass = 0.1, 0.01, 0.1
  local angle, n = opts.angle, opts.balls
  local m = mb.model{ name = "impacting pendulums" }
  for k = 1, n do
    local pivot = { 2 * R * (n - k), 0 }
    local a = k == 1 and angle or 0
    m:body{ name = "ball" .. k, mass = mass, inertia = 0.5 * mass * R^2,
            pos = { pivot[1] + L * math.sin(a), pivot[2] - L * math.cos(a) }, angle = a }
    m:point{ name = "O" .. k, body = "ground", at = pivot }
    m:point{ name = "A" .. k, body = "ball" .. k, at = { 0, L } }   -- the rod's top
    m:point{ name = "C" .. k, body = "ball" .. k }                  -- the ball's centre
    m:joint{ name = "pin" .. k, type = "revolute", points = { "A" .. k, "O" .. k } }
  end
  for k = 1, n - 1 do
    m:contact{ name = "hit" .. k, type = "circles", points = { "C" .. k, "C" .. (k + 1) },
               radii = { R, R }, law = "impulse", e = opts.e }
  end
  return m
end
if ... == "model" then return build end
local formulation = (...) or "body"    -- "joint" as the script argument

local r = build():simulate{ formulation = formulation, tf = 2, dt = 0.005, tol = 1e-9 }
print(r:summary())
print("impacts (time, closing and opening speeds of the balls):")
for _, e in ipairs(r.impacts) do
  print(string.format("  t = %.5f s  %s  closing %.4f m/s  opening %.4f m/s", e.t, e.contact, e.closing, e.opening))
end
r:animate()
