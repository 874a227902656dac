-- SPDX-License-Identifier: GPL-3.0-or-later
-- slider_crank_ch12.lua: the slider-crank of the book's Examples 12.1 and
-- 12.6: crank 0.12 m, rod 0.26 m, the crank turning at 2 pi rad/s from 65
-- degrees, a horizontal force of 10 N on the slider (the book's code; its
-- text says 5 N), no gravity. Kinematics (12.1), then the motor torque by
-- inverse dynamics (12.6). The mechanism is slider_crank.lua's.
-- build(force) takes another force (N).
--   mechbench --batch examples/slider_crank_ch12.lua [body|joint]
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
local slider_crank = loadfile(here .. "slider_crank.lua")("model")

local parameter = mb.parameter

local function build(force)
  force = parameter(force, { "the force on the slider (N)", number = { -1e6, 1e6 }, default = 10 })
  return slider_crank(2 * math.pi, {
    name = "slider-crank (Ex. 12.6)", L1 = 0.12, L2 = 0.26, theta = 65,
    m = { 1.0, 1.5, 10.0 }, J = { 0.001, 0.002, 1.0 }, gravity = { 0, 0 }, force = force,
  })
end
if ... == "model" then return build end
local formulation = (...) or "body"   -- "joint" as the script argument

local r = build():inverse_dynamics{ formulation = formulation, tf = 1, dt = 0.01 }
print(r:summary())
r:plot("slider.ax")
r:plot("motor.torque")
