-- SPDX-License-Identifier: GPL-3.0-or-later
-- handout.lua: a one-page handout of a run, for a class. The four-bar of
-- four_bar.lua driven by a motor at the crank's pivot at a steady speed,
-- with a point P on its coupler whose path (the coupler curve) the page
-- shows beside the mechanism, the energy, the constraint violation and
-- the motor's torque over one turn and a half, and the run's table.
-- build(speed): the crank's speed in rad/s, 2 pi unless given.
--   mechbench --batch examples/handout.lua [FILE]   (handout.pdf; .svg, .png too)
local parameter = mb.parameter
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
local four_bar = loadfile(here .. "four_bar.lua")("model")

local function build(speed)
  local w = parameter(speed, { "the crank's speed (rad/s)", number = { 0.01, 1000 }, default = 2 * math.pi })
  local m = four_bar()
  m.name = "four-bar, driven"
  local phi0 = m.bodies.crank.angle
  m:point{ name = "P", body = "coupler", at = { 0.05, 0.12 } }
  m:joint{ name = "motor", type = "driver", joint = "O2", fn = function(t) return phi0 + w * t end }
  m.bodies.crank.omega = w
  return m
end
if ... == "model" then return build end
local file = (...) or "handout.pdf"

local m = build()
local r = m:simulate{ tf = 1.5, dt = 0.01, correct = true }
print(r:summary())
print(r:report{ file = file, plot = { "motor.torque" }, points = { "P" } })
