-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.friction: the friction laws of Sec. 4.5 as coefficients of the
-- normal force, for user forces (DAP_BC's Friction_A and Friction_B). Each
-- takes the slip speed v (its sign gives the direction) and the law's
-- parameters, and returns mu(v): the friction force is -mu(v) f_N.
local core = require "mechbench.core"

local M = {}

local function param(p, key, default, where)
  local v = p[key]
  if v == nil then v = default end
  if type(v) ~= "number" or not (v >= 0) then
    error(string.format("mb.friction.%s: %s must be a number of at least 0 (got %s)", where, key, tostring(v)), 3)
  end
  return v
end

-- Andersson et al. (Eq. 4.43): the static peak decays to the sliding value
-- past the Stribeck speed v_s; tanh(k_t v) smooths the sign at v = 0. The
-- peak stays below mu_s.
function M.andersson(v, p)
  p = p or {}
  local mu_s, mu_d = param(p, "mu_s", nil, "andersson"), param(p, "mu_d", nil, "andersson")
  local v_s, power, k_t = param(p, "v_s", 1e-3, "andersson"), param(p, "p", 2, "andersson"), param(p, "k_t", 1e4, "andersson")
  return (mu_d + (mu_s - mu_d) * math.exp(-(math.abs(v) / v_s) ^ power)) * math.tanh(k_t * v)
end

-- Brown and McPhee (Eq. 4.44): mu_s exactly at the transition speed v_t,
-- mu_d well beyond it. The same law acts in contacts with friction.
function M.brown_mcphee(v, p)
  p = p or {}
  return core.model.friction_brown_mcphee(v, param(p, "mu_s", nil, "brown_mcphee"),
    param(p, "mu_d", nil, "brown_mcphee"), param(p, "v_t", 1e-3, "brown_mcphee"))
end

return M
