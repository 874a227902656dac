-- SPDX-License-Identifier: GPL-3.0-or-later
-- four_bar_ch5.lua: the book's four-bar of Examples 5.2, 6.5 and 6.7. The
-- crank (0.1 m) turns about O = (0, 0), the rocker (0.22 m) about
-- Q = (0.2, 0), the coupler (0.3 m) joins them; the coupler point P2 is
-- 0.2 m from A at 30 degrees to the coupler's axis; the coupler's mass
-- centre is 0.16 m from A at 12 degrees. The crank starts at 45 degrees,
-- turning at 1.5 rad/s and accelerating at -1.2 rad/s^2 (Ex. 5.2). The
-- coupler's and rocker's angles given are estimates only: kinematic
-- analysis finds the assembly nearest them. Pin B is written rocker
-- first, so that each pin's lambda is the force on the link further from
-- the crank, as Ex. 6.5 numbers them. build(opts) takes:
--   guess = {theta2, theta3}   radians, {0.5, 1.3} by default (Ex. 5.2)
--   omega, alpha               the crank's rate and acceleration
--   damper = true              the damper of Ex. 6.5, 125 N s/m from P2 to (0, 0.2)
--   L = {L1, L2, L3}, ground   other lengths (m); beta: P2's angle (degrees); name
--   mechbench --batch examples/four_bar_ch5.lua
local program = loadfile(mb.core.paths.examples .. "/four_bar_program.lua")("model")

local parameter = mb.parameter
local function build(opts)
  local o = parameter(opts, { "the options table", options = {
    guess = { "theta2, theta3 in rad", numbers = { 2, -100, 100 }, default = { 0.5, 1.3 } },
    omega = { "the crank's rate, rad/s", number = { -1000, 1000 }, optional = true },
    alpha = { "the crank's acceleration, rad/s^2", number = { -1e6, 1e6 }, optional = true },
    damper = { "Ex. 6.5's damper", flag = true, default = false },
    L = { "L1, L2, L3 in m", numbers = { 3, 1e-3, 100 }, default = { 0.1, 0.3, 0.22 } },
    ground = { "the ground link's length, m", number = { 1e-3, 100 }, default = 0.2 },
    beta = { "P2's angle, degrees", number = { -360, 360 }, default = 30 },
    name = { "the model's name", text = true, default = "four-bar (Ex. 5.2)" } } })
  local guess, L = o.guess, o.L
  local m = program{ name = o.name, RQ = { o.ground, 0 }, L = L,
    LP = { 0, 0.2, 0 }, beta = { 0, o.beta, 0 },
    theta = { 45, math.deg(guess[1]), math.deg(guess[2]) }, omega1 = o.omega or 1.5,
    alpha1 = o.alpha or (o.omega and 0 or -1.2), m = { 1, 6, 3 }, J = { 0.001, 0.1, 0.015 },
    LG = { L[1] / 2, 0.16, L[3] / 2 }, gamma = { 0, 12, 0 },
    damper = o.damper and { c = 125, at = { 0, 0.2 } } or nil }
  m.joints.B.points = { "rocker.end", "coupler.end" }
  return m
end
if ... == "model" then return build end

local m = build()
print(m:loops())
local k = m:kinematics{ formulation = "vector", tf = 0.5, dt = 0.01 }
local c = k:body("coupler")
print(("Ex. 5.2 at t = 0: theta2 = %.4f rad, theta2' = %.4f rad/s, theta2'' = %.4f rad/s^2"):format(
  c.angle[1], c.omega[1], c.alpha[1]))
