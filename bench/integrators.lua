-- SPDX-License-Identifier: GPL-3.0-or-later
-- bench/integrators.lua: which adaptive integrator is cheapest at equal
-- accuracy on the example models (make bench; a benchmark, never a test).
-- The accuracy asked is that of the former default (rk45, tol 1e-8, every
-- report ending a step); each integrator, dense or not, is run at the
-- loosest tolerance (of 1e-4, 3e-5, ..., 1e-11) whose error is no larger,
-- and its evaluations are shown. Error: the largest difference of any
-- body's position (m) or angle (rad) over the reports from rk8pd at tol
-- 1e-12. 5 s simulated (2 s with contacts), reports every 0.01 s, body
-- coordinates, corrected starts.
local cases = { { "pendulum" }, { "double_pendulum" }, { "slider_crank" }, { "four_bar" }, { "chain", 4 },
  { "sliding_pendulum" }, { "aa" }, { "macpherson", "A" }, { "cart", "A" }, { "conveyor" },
  { "impacting_pendulums" }, { "triple_pendulum" } }
local integrators = { "dopri5", "rkck", "rk45", "rk8pd" }
local tolerances = { 1e-4, 3e-5, 1e-5, 3e-6, 1e-6, 3e-7, 1e-7, 3e-8, 1e-8, 3e-9, 1e-9, 3e-10, 1e-10, 3e-11, 1e-11 }

local largest_difference = dofile((arg[0]:match("(.*/)") or "./") .. "difference.lua")

print("adaptive integrators at the former default's accuracy (rk45, tol 1e-8, not dense): evaluations")
local header = string.format("  %-20s %9s %7s", "model", "error", "rk45")
for _, integrator in ipairs(integrators) do header = header .. string.format(" %14s %14s", integrator, integrator .. " dense") end
print(header)
local totals, wins = {}, {}
for _, c in ipairs(cases) do
  local m = mb.example(c[1], c[2])
  m:correct()
  local tf = m.contacts and next(m.contacts) and 2 or 5
  local function run(o)
    o.tf, o.dt, o.progress = tf, 0.01, false
    local ok, r = pcall(m.simulate, m, o)
    if ok and #r.t == math.floor(tf / 0.01 + 0.5) + 1 then return r end
  end
  local reference = run { integrator = "rk8pd", tol = 1e-12, dense = false }
  local former = run { integrator = "rk45", tol = 1e-8, dense = false }
  local target = largest_difference(former, reference)
  local line = string.format("  %-20s %9.2g %7d", c[1] .. (c[2] and (" " .. c[2]) or ""), target, former.stats.fevals)
  local cheapest, cheapest_label
  for _, integrator in ipairs(integrators) do
    for _, dense in ipairs { false, true } do
      local found
      for _, tol in ipairs(tolerances) do
        local r = run { integrator = integrator, tol = tol, dense = dense }
        if r and largest_difference(r, reference) <= target then
          found = string.format("%6d @%-7g", r.stats.fevals, tol)
          local label = integrator .. (dense and " dense" or "")
          totals[label] = (totals[label] or 0) + r.stats.fevals
          if not cheapest or r.stats.fevals < cheapest then cheapest, cheapest_label = r.stats.fevals, label end
          break
        end
      end
      line = line .. string.format(" %14s", found or "-")
    end
  end
  wins[cheapest_label] = (wins[cheapest_label] or 0) + 1
  print(line .. "  cheapest: " .. cheapest_label)
end
local summary = {}
for label, n in pairs(wins) do summary[#summary + 1] = ("%s %d"):format(label, n) end
table.sort(summary)
print("  cheapest on: " .. table.concat(summary, ", "))
