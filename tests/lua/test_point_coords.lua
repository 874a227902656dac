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

-- D = dPhi/dr by central differences, at a perturbed state
local function fd_check(label, m)
  local p = m:point_coords()
  local n = #p.r
  local y = {}
  for i = 1, n do y[i] = p.r[i] + 0.01 * math.sin(3 * i) end
  for i = 1, n do y[n + i] = p.rd[i] + 0.1 * math.cos(i) end
  local at = m:point_coords(y)
  local worst = 0
  for k = 1, n do
    local yp, ym = {}, {}
    for i = 1, #y do yp[i], ym[i] = y[i], y[i] end
    yp[k], ym[k] = yp[k] + 1e-6, ym[k] - 1e-6
    local a, b = m:point_coords(yp), m:point_coords(ym)
    for r = 1, #at.phi do worst = math.max(worst, math.abs((a.phi[r] - b.phi[r]) / 2e-6 - at.D(r, k))) end
  end
  T.ok(worst < 1e-6, ("%s: D = dPhi/dr (%.2g)"):format(label, worst))
end
fd_check("four-bar", example("four_bar")())
fd_check("slider-crank with its driver", example("slider_crank")(1.5))
fd_check("sliding pendulum", example("sliding_pendulum")())
fd_check("Ex 9.3 (slide and torsion spring)", example("variable_length_pendulum")())
fd_check("cart A (discs rolling)", example("cart")("A"))

---------------------------------------------------------------- agreement with body coordinates
local function agree(label, m, opts, tol)
  m:correct()
  local o = { tf = 2, dt = 0.01, tol = 1e-10, show = false }
  for k, v in pairs(opts or {}) do o[k] = v end
  local c = mb.compare(m, { "body", "point" }, o)
  local rb, rp = c.results.body, c.results.point
  T.ok(c.maxdiff < (tol or 1e-6), ("%s: point and body coordinates agree within %.2g"):format(label, c.maxdiff))
  local worst_r, scale = 0, 1
  for _, name in ipairs(rb.joint_order) do
    for _, f in ipairs { "fx", "fy", "torque" } do
      for i = 1, #rb.t do
        scale = math.max(scale, math.abs(rb.reactions[name][f][i]))
        worst_r = math.max(worst_r, math.abs(rb.reactions[name][f][i] - rp.reactions[name][f][i]))
      end
    end
  end
  T.ok(worst_r < 1e-5 * scale, ("%s: reactions agree (%.2g of %.3g)"):format(label, worst_r, scale))
  local worst_e = 0
  for i = 1, #rb.t do worst_e = math.max(worst_e, math.abs(rb.energy.total[i] - rp.energy.total[i])) end
  T.ok(worst_e < 1e-5 * math.max(1, math.abs(rb.energy.total[1])), ("%s: energies agree (%.2g)"):format(label, worst_e))
end
agree("pendulum", example("pendulum")())
agree("double pendulum", example("double_pendulum")())
agree("sliding pendulum", example("sliding_pendulum")())
agree("slider-crank (driven)", example("slider_crank")(1.5))
agree("four-bar", example("four_bar")())
agree("inverted slider-crank", example("inverted_slider_crank")())
agree("Ex 9.3", example("variable_length_pendulum")())
agree("double A-arm", example("aa")())
for _, v in ipairs { "A", "B", "C" } do agree("MacPherson " .. v, example("macpherson")(v)) end
for _, v in ipairs { "A", "B", "C", "D" } do agree("cart " .. v, example("cart")(v)) end
agree("impacting pendulums (impacts)", example("impacting_pendulums")())
agree("two rods on the ground (contact forces)", example("rod2")(), { tf = 0.5 }, 1e-5)

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
