-- SPDX-License-Identifier: GPL-3.0-or-later
-- The benchmarks' timing: median(n, run, setup) calls run(setup()) n times
-- (setup outside the timing, may be nil) and gives the median wall time,
-- from mechbench's clock, and the median processor time (os.clock: it moves
-- less when the machine is shared), in seconds.
local clock = mb.core.clock

return function(n, run, setup)
  local wall, cpu = {}, {}
  for k = 1, n do
    local arg = setup and setup() or nil
    local t0, c0 = clock(), os.clock()
    run(arg)
    wall[k], cpu[k] = clock() - t0, os.clock() - c0
  end
  table.sort(wall)
  table.sort(cpu)
  return wall[(n + 1) // 2], cpu[(n + 1) // 2]
end
