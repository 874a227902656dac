-- SPDX-License-Identifier: GPL-3.0-or-later
-- bench/difference.lua: the error measure of bench/ode45.lua and
-- bench/integrators.lua: the largest difference of any body's position (m)
-- or angle (rad) between two runs, over the reports both have.
return function(a, b)
  local worst = 0
  for _, name in ipairs(a.body_order) do
    local ba, bb = a.bodies[name], b.bodies[name]
    for i = 1, math.min(#a.t, #b.t) do
      worst = math.max(worst, math.abs(ba.x[i] - bb.x[i]), math.abs(ba.y[i] - bb.y[i]),
        math.abs(ba.angle[i] - bb.angle[i]))
    end
  end
  return worst
end
