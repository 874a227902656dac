-- The point-coordinate formulation (Ch. 10): its constant mass matrix, its
-- Jacobian against finite differences, agreement with body coordinates on
-- every example model, the remedies on the four-bar, kinematics, and the
-- Chapter 10 oracles through mb.points.
local T = dofile(arg[0]:match("(.*/)") .. "harness.lua")
local here = arg[0]:match("(.*/)")
local function example(name) return loadfile(here .. "../../examples/" .. name .. ".lua")("model") end

---------------------------------------------------------------- the pieces
do
  local p = example("pendulum")():point_coords()
  local m, J = 2.0, 2.0 / 12
  local rho = math.sqrt(J / m)
  T.near_all(p.r, { 0.5, 0, 0.5 + rho, 0 }, 1e-12, "pendulum: P1 at the mass centre, P2 a radius of gyration along x")
  T.near_all(p.M, { { 2 * m, 0, -m, 0 }, { 0, 2 * m, 0, -m }, { -m, 0, m, 0 }, { 0, -m, 0, m } }, 1e-12,
    "the constant mass matrix m [2I -I; -I I]")
  T.eq(#p.phi, 3, "two rows for the pin, one for the body's own length")
  -- at rest the pin carries the weight: P1 falls at g with nothing else (the pin is at the rod's end)
  local e = example("pendulum")():evaluate()
  local cdd_phi = (p.acc[4] - p.acc[2]) / rho -- phi'' from the points, at angle 0
  T.near(cdd_phi, e.acc[3], 1e-9, "the angular acceleration the points give equals body coordinates'")
  T.near(p.acc[2], e.acc[2], 1e-9, "so does the mass centre's")
end

-- D = dPhi/dr and the agreement with body coordinates on every example:
-- test_formulations.lua

---------------------------------------------------------------- kinematics (the remedies: test_remedies.lua)
do
  local kb = example("slider_crank")(1.5):kinematics{ tf = 1, dt = 0.01 }
  local kp = example("slider_crank")(1.5):kinematics{ tf = 1, dt = 0.01, formulation = "point" }
  local d = 0
  for i = 1, #kb.t do
    d = math.max(d, math.abs(kb:body("slider").ax[i] - kp:body("slider").ax[i]),
      math.abs(kb:reaction("motor").torque[i] - kp:reaction("motor").torque[i]))
  end
  T.ok(d < 1e-9, ("kinematics and inverse dynamics in point coordinates match body coordinates (%.2g)"):format(d))
end

---------------------------------------------------------------- Chapter 10 by hand: mb.points
do
  local P = mb.points
  -- O-10.3: a coupler point from its axis
  local rA, rB, rP = { -0.42, 0.91 }, { 2.00, 2.70 }, { 0.07, 2.27 }
  local alpha, beta = P.along(rA, rB, rP, 3.0)
  T.near(alpha, 1.2067, 5e-4, "O-10.3 alpha with L = 3.0 (the book rounds it to 1.2)")
  T.near(beta, 0.8047, 5e-4, "O-10.3 beta with L = 3.0 (the book rounds it to 0.8)")
  T.near_all(P.secondary(rA, rB, 1.2, 0.8, 3.0), { 0.0707, 2.2713 }, 5e-4, "O-10.3 the point rebuilt from alpha = 1.2, beta = 0.8")
  -- O-10.4: a force at E shared by A and Q on the lower arm
  T.near_all(P.share({ 0.18, -0.24 }, 0), { 0.5714, 0.4286 }, 5e-5, "O-10.4 force shares of A and Q")
  -- O-10.5 and O-10.6: the uniform rod
  local masses = P.masses(1, 1 / 12, -0.5, 0.5)
  T.near_all(masses, { 1 / 6, 1 / 6, 2 / 3 }, 1e-12, "O-10.5 a uniform rod's three masses m/6, m/6, 2m/3")
  T.near_all(P.condense(1, 1 / 12, -0.5, 0.5), { { 2 / 6, 1 / 6 }, { 1 / 6, 2 / 6 } }, 1e-12,
    "O-10.6 the condensed rod (m/6)[2 1; 1 2]")
  -- O-10.7: a symmetric link, m = 2, J = 0.05, points at -0.21 and +0.21
  T.near_all(P.masses(2, 0.05, -0.21, 0.21), { 0.5669, 0.5669, 0.8662 }, 5e-5, "O-10.7 masses")
  T.near_all(P.condense(2, 0.05, -0.21, 0.21), { { 0.7834, 0.2166 }, { 0.2166, 0.7834 } }, 5e-5, "O-10.7 M")
  -- O-10.8: the centre of mass kept, an end point eliminated
  T.near_all(P.masses(2, 0.08, -0.2, 0.3), { 0.8, 0.5333, 0.6667 }, 5e-5, "O-10.8 masses at A, C and the centre B")
  T.near_all(P.condense(2, 0.08, -0.2, 0), { { 2.0, -2.0 }, { -2.0, 4.0 } }, 1e-9,
    "O-10.8 M on A and B, C eliminated: [2 -2; -2 4]")
  -- the formulation's own choice, P1 at the centre and P2 a radius of gyration out
  local rho = math.sqrt(0.08 / 2)
  T.near_all(P.condense(2, 0.08, 0, rho), { { 4, -2 }, { -2, 2 } }, 1e-9,
    "the formulation's M: points at the centre and a radius of gyration out, m [2 -1; -1 1]")
end

T.finish()
