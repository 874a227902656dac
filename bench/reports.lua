-- SPDX-License-Identifier: GPL-3.0-or-later
-- bench/reports.lua: the book's six small models run as DAP_BC runs them
-- (5 s, reports every 0.01 s, ode45's steps at RelTol 1e-6, AbsTol 1e-9:
-- dopri5 with dense reports, which every build since has had): the mean
-- processor time (os.clock) of one m:simulate as a user calls it over a
-- batch of `repeats` runs, so that the collection of the garbage a run
-- leaves is counted too, and the least of the runs' own C wall times.
-- bench/run.sh runs it under this build and an older one, alternately, and
-- prints the ratios of the least of several batches. A benchmark, never a
-- test. Prints "name seconds c_seconds evaluations" per model.
-- With a second argument, that model alone (its name as printed): the
-- runs for a count of instructions (bench/run.sh).
local repeats = tonumber(arg and arg[1]) or 20
local only = arg and arg[2]
local models = { { "pendulum" }, { "double_pendulum" }, { "slider_crank" }, { "four_bar" }, { "chain", 4 },
  { "sliding_pendulum" } }
for _, c in ipairs(models) do
  local name = c[1] .. (c[2] and ("_" .. c[2]) or "")
  if only and only ~= name then goto next end
  local m = mb.example(c[1], c[2])
  m:correct()
  local o = { integrator = "dopri5", tol = 1e-6, abstol = 1e-9, dense = true, tf = 5, dt = 0.01, progress = false }
  local wall, r = math.huge, nil
  -- one run first, untimed: what the first run of a session pays once
  -- (modules loaded, caches filled) belongs to start-up, which make bench
  -- times apart, and fell on whichever model came first
  m:simulate(o)
  collectgarbage()
  local t0 = os.clock()
  for _ = 1, repeats do
    r = m:simulate(o)
    wall = math.min(wall, r.stats.wall)
  end
  local best = (os.clock() - t0) / repeats
  print(string.format("%s %.9f %.9f %d", name, best, wall, r.stats.fevals))
  ::next::
end
