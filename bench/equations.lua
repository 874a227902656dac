-- SPDX-License-Identifier: GPL-3.0-or-later
-- make bench: m:equations (issue 28), the equations derived symbolically:
-- the four-bar in each formulation and format (goal under 100 ms), the
-- slider-crank and the double pendulum, and an 8-link chain in joint
-- coordinates (its M entries hold up to 100 terms: the swell of relative
-- angles) against the same chain in absolute angles; beside each, one
-- m:pieces of the same model in the same formulation, for scale. Wall time
-- from mechbench's clock and processor time (os.clock: the machine is often
-- shared), medians of 5, each call on a fresh model.
local median = dofile((arg[0]:match("(.*/)") or "./") .. "median.lua")

local cases = {}
local function case(name, formulation, format, goal, opts)
  cases[#cases + 1] = { label = ("%s, %s, %s"):format(name, formulation, format), goal = goal,
    setup = function() return mb.example(name) end,
    run = function(m)
      local o = { formulation = formulation, format = format }
      for k, v in pairs(opts or {}) do o[k] = v end
      tostring(m:equations(o))
    end,
    pieces = function(m) m:pieces { formulation = formulation, angles = (opts or {}).angles } end }
end
for _, f in ipairs { "body", "joint", "point" } do
  for _, fmt in ipairs { "text", "latex", "lua" } do case("four_bar", f, fmt, 0.1) end
end
for _, f in ipairs { "body", "joint", "point" } do case("slider_crank", f, "text") end
for _, f in ipairs { "body", "joint", "point" } do case("double_pendulum", f, "text") end
case("chain", "joint", "lua")
case("chain", "joint", "lua", nil, { angles = "absolute" })
cases[#cases].label = cases[#cases].label .. ", absolute angles"

print("m:equations (medians of 5 calls: wall, processor; one m:pieces's wall beside it)")
for _, c in ipairs(cases) do
  local t, cpu = median(5, c.run, c.setup)
  local p = median(5, c.pieces, c.setup)
  print(("  %-40s %7.1f ms %7.1f ms  (m:pieces %.2f ms)%s"):format(c.label, 1e3 * t, 1e3 * cpu, 1e3 * p,
    c.goal and ("  goal %g ms"):format(1e3 * c.goal) or ""))
end
