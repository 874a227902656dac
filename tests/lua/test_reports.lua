-- SPDX-License-Identifier: GPL-3.0-or-later
-- test_reports.lua: a run's reports on demand. A run records the state and
-- its accelerations at each reporting time; reactions, multipliers,
-- energies and violations are computed when first read, the same numbers
-- as computed at once (test_determinism fingerprints every one), and the
-- result keeps what that needs after the model is changed or collected.
local T = dofile("tests/lua/harness.lua")

-- A pendulum whose only force is a user force that counts its calls: the
-- completion of the reports calls it once per sample, and only when a
-- quantity that needs it is read.
local calls = 0
local function pendulum(g)
  local m = mb.model{ name = "counted pendulum", gravity = { 0, 0 } }
  m:body{ name = "rod", mass = 2, inertia = 2 / 12, pos = { 0.5, 0 } }
  m:point{ name = "A", body = "rod", at = { -0.5, 0 } }
  m:point{ name = "O", body = "ground" }
  m:joint{ name = "pin", type = "revolute", points = { "A", "O" } }
  m:force{ name = "weight", type = "user", fn = function(t, s)
    calls = calls + 1
    return { { body = "rod", force = { 0, -2 * g } } }
  end }
  return m
end

local m = pendulum(9.81)
calls = 0
local r = m:simulate{ tf = 1, dt = 0.01, integrator = "rk4", h = 0.01 }
local during = calls -- 4 per step, and the first report completed at once
-- each report's accelerations are the next step's first stage (one call
-- each, 101), the steps' other three stages 300, the first report's
-- completion one more
T.eq(during, 101 + 3 * 100 + 1, "the run calls the force 3 times a step, once per report and once to complete the first")
local x = r:body("rod").x
T.eq(#x, 101, "positions: 101 samples")
T.eq(calls, during, "reading positions computes no report")
local ax = r:body("rod").ax
T.ok(ax[50] ~= nil and calls == during, "nor reading accelerations (recorded with the state)")
local fx = r:reaction("pin").fy
T.eq(calls, during, "a series is made when first read, not when named")
T.ok(fx[1] ~= nil, "a reaction read")
T.eq(calls, during + 100, "reading a reaction completes the other 100 samples, once each")
local e = r.energy.kinetic
local v = r.violation
T.ok(e[3] ~= nil and v[3] ~= nil and calls == during + 100, "and then the energy and violation are at hand")
-- the reaction balances the weight and the centripetal force: fy at the pin
-- on the ground side, by hand from the state: -(m g) ... checked against
-- the sum of forces on the rod, m a = f_pin + weight
local worst = 0
for i = 1, #r.t do
  worst = math.max(worst, math.abs(2 * r:body("rod").ay[i] - (-fx[i] - 2 * 9.81)))
end
T.ok(worst < 1e-9, ("m a_y = f_pin,y + weight at every sample (%.3g)"):format(worst))

-- the lazy series behave as arrays: #, indexing, ipairs, pairs, table.concat
do
  local r2 = m:simulate{ tf = 0.1, dt = 0.01, integrator = "rk4", h = 0.01 }
  local a = r2:reaction("pin").fx
  T.eq(#a, 11, "# of a reaction series")
  local n = 0
  for _ in ipairs(r2:body("rod").vx) do n = n + 1 end
  T.eq(n, 11, "ipairs over a series")
  n = 0
  for _ in pairs(r2.energy.total) do n = n + 1 end
  T.eq(n, 11, "pairs over a series")
  T.ok(#table.concat(r2:body("rod").angle, ","):gsub("[^,]", "") == 10, "table.concat over a series")
  T.eq(#r2.velocity_violation, 11, "# of the velocity violation")
end

-- the result stays valid after the model is changed and after it is gone:
-- the same numbers as read at once from a twin run
do
  local a = pendulum(9.81)
  local ra = a:simulate{ tf = 0.5, dt = 0.05 }
  local rb = pendulum(9.81):simulate{ tf = 0.5, dt = 0.05 }
  local fb, eb = rb:reaction("pin").fx, rb.energy.potential
  a.bodies.rod.mass = 20
  a = nil
  collectgarbage()
  collectgarbage()
  local fa, ea = ra:reaction("pin").fx, ra.energy.potential
  local same = #fa == #fb
  for i = 1, #fb do same = same and fa[i] == fb[i] and ea[i] == eb[i] end
  T.ok(same, "a result read after its model was changed and collected: the same reactions and energy, bit for bit")
end

-- a completion that fails says why, at the reading
do
  local broken = pendulum(9.81)
  local n = 0
  broken.forces.weight.fn = function()
    n = n + 1
    if n > 40 * 4 + 1 + 3 then error("no force today") end
    return { { body = "rod", force = { 0, -19.62 } } }
  end
  local rr = broken:simulate{ tf = 0.4, dt = 0.01, integrator = "rk4", h = 0.01 }
  T.fails(function() return rr:reaction("pin").fx[1] end, "no force today",
    "a user force failing when the reports are completed says so at the reading")
end

T.finish()
