-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.by_hand: the plain numerics the problems' own checks use to
-- work an answer out a second way, apart from the C core: a Runge-Kutta
-- step (Eqs. 13.5-13.7) and derivatives by central differences. One copy
-- for every chapter file that needs them (problems/NN-*.lua).
local M = {}

-- One Runge-Kutta step of size h for y' = f(y) (y a list).
function M.rk4(f, y, h)
  local function step(a, k, s)
    local out = {}
    for i = 1, #a do out[i] = a[i] + s * k[i] end
    return out
  end
  local k1 = f(y)
  local k2 = f(step(y, k1, h / 2))
  local k3 = f(step(y, k2, h / 2))
  local k4 = f(step(y, k3, h))
  local out = {}
  for i = 1, #y do out[i] = y[i] + h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]) end
  return out
end

-- d/dt of g(q + qd t) at t = 0 by central differences (g gives a number or
-- a list).
function M.rate(g, q, qd)
  local h = 1e-6
  local plus, minus = {}, {}
  for k = 1, #q do plus[k], minus[k] = q[k] + h * qd[k], q[k] - h * qd[k] end
  local a, b = g(plus), g(minus)
  if type(a) == "number" then return (a - b) / (2 * h) end
  local out = {}
  for i = 1, #a do out[i] = (a[i] - b[i]) / (2 * h) end
  return out
end

-- The Jacobian of g at q by central differences: rows over g's entries,
-- columns over q's (a list of partials when g gives a number).
function M.partials(g, q)
  local cols = {}
  for k = 1, #q do
    local e = {}
    for j = 1, #q do e[j] = j == k and 1 or 0 end
    cols[k] = M.rate(g, q, e)
  end
  if type(cols[1]) == "number" then return cols end
  local out = {}
  for i = 1, #cols[1] do
    out[i] = {}
    for k = 1, #q do out[i][k] = cols[k][i] end
  end
  return out
end

-- Where circles about p (radius a) and q (radius b) meet, on the left of
-- the line from p to q (side = 1) or on its right (side = -1).
function M.circles_meet(p, q, a, b, side)
  local dx, dy = q[1] - p[1], q[2] - p[2]
  local dist = math.sqrt(dx * dx + dy * dy)
  local along = (a * a - b * b + dist * dist) / (2 * dist)
  local h = side * math.sqrt(math.max(a * a - along * along, 0))
  return { p[1] + (along * dx - h * dy) / dist, p[2] + (along * dy + h * dx) / dist }
end

return M
