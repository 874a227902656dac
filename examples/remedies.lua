-- SPDX-License-Identifier: GPL-3.0-or-later
-- remedies.lua: the book's Examples 13.3-13.8 on one model, the
-- variable-length pendulum of Ex 9.3, from rest at theta = (pi/3, 0.8):
--   13.3  joint coordinates, RK4 with steps of 0.02 s over 5 s
--   13.5  body coordinates, adaptive steps (ode45 in the book)
--   13.6  body coordinates with Baumgarte's alpha = beta = 0, 1 and 5
--   13.7  the penalty method (m_c = 1000 kg, zeta = 1, omega = 20 pi)
--   13.8  the momentum method
-- Each row gives the pendulum's state at t = 5 s, theta1 (the arm's angle)
-- and theta2 (the slider's distance from the pin), and the largest
-- constraint violation of the run. With RK4 at 0.02 s in body coordinates
-- the violation grows unless a remedy holds it.
--   mechbench --batch examples/remedies.lua
local build = loadfile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "variable_length_pendulum.lua")("model")

-- theta1, theta2 at sample i of a result
local function thetas(r, i)
  local s = r:body("slider")
  return r:body("arm").angle[i], math.sqrt(s.x[i]^2 + s.y[i]^2)
end

local runs = {
  { "Ex 13.3 joint, RK4 0.02 s", { formulation = "joint", integrator = "rk4", h = 0.02 } },
  { "Ex 13.5 body, adaptive", { tol = 1e-10 } },
  { "Ex 13.6 body RK4, no remedy", { integrator = "rk4", h = 0.02 } },
  { "Ex 13.6 Baumgarte 1, 1", { integrator = "rk4", h = 0.02, stabilization = "baumgarte", alpha = 1, beta = 1 } },
  { "Ex 13.6 Baumgarte 5, 5", { integrator = "rk4", h = 0.02, stabilization = "baumgarte", alpha = 5, beta = 5 } },
  { "Ex 13.7 penalty", { integrator = "rk4", h = 0.002, stabilization = "penalty" } },
  { "Ex 13.8 momentum", { integrator = "rk4", h = 0.02, stabilization = "momentum" } },
}
if ... == "runs" then return build, runs, thetas end

print(string.format("%-30s %10s %10s %12s", "run", "theta1", "theta2", "max |Phi|"))
for _, run in ipairs(runs) do
  local opts = { tf = 5, dt = 0.02 }
  for k, v in pairs(run[2]) do opts[k] = v end
  local r = build():simulate(opts)
  local worst = 0
  for i = 1, #r.t do worst = math.max(worst, r.violation[i]) end
  local th1, th2 = thetas(r, #r.t)
  print(string.format("%-30s %10.6f %10.6f %12.3g", run[1], th1, th2, worst))
end
