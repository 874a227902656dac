-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.friction: the friction laws of Sec. 4.5 as coefficients of the
-- normal force, for user forces (DAP_BC's Friction_A and Friction_B). Each
-- takes the slip speed v (its sign gives the direction) and the law's
-- parameters, and returns mu(v): the friction force is -mu(v) f_N.
local core = require "mechbench.core"
local args = require "mechbench.args"

local M = {}

-- Each law's numbers: name, default (nil: required), range. A coefficient
-- is 0 or more; a speed that divides (v_s, v_t) and a rate (k_t, p) must be
-- positive (at least 1e-12, as args.bad_number has it).
local COEFFICIENT, POSITIVE = { nonnegative = true }, { positive = true }
local laws = {
  andersson = { { "mu_s", nil, COEFFICIENT }, { "mu_d", nil, COEFFICIENT }, { "v_s", 1e-3, POSITIVE },
    { "p", 2, POSITIVE }, { "k_t", 1e4, POSITIVE } },
  brown_mcphee = { { "mu_s", nil, COEFFICIENT }, { "mu_d", nil, COEFFICIENT }, { "v_t", 1e-3, POSITIVE } },
}
for law, spec in pairs(laws) do
  spec.what, spec.known = "mb.friction." .. law, {}
  for _, s in ipairs(spec) do spec.known[s[1]] = true end
end

-- Whether x is a number bad_number takes within range, tested the quick
-- way: these run at every evaluation of a user force.
local LARGEST = args.LARGEST
local function fits(x, range)
  return type(x) == "number" and x <= LARGEST and x >= (range == POSITIVE and 1e-12 or range and 0 or -LARGEST)
end

-- The law's numbers from p, defaults where left out, each finite and in
-- its range, else an error at the user's line naming the law and the
-- number (v_t = 0 made Eq. 4.44 NaN); a misspelled name is refused, not
-- taken as left out. Nothing is made unless something is wrong.
local scratch = {}
local function numbers(law, v, p)
  local spec = laws[law]
  local what = spec.what
  if not fits(v) then args.fail(what, "the slip speed v %s", args.bad_number(v)) end
  if p == nil then p = {} end
  if type(p) ~= "table" then args.fail(what, "takes its numbers as a table { mu_s = ..., ... }, not %s", type(p)) end
  for key in pairs(p) do
    if not spec.known[key] then args.fail(what, "%s", args.unknown_field(p, spec.known) or "") end
  end
  local n = #spec
  for i = 1, n do
    local s = spec[i]
    local x = p[s[1]]
    if x == nil then x = s[2] end
    if not fits(x, s[3]) then args.fail(what, "%s %s", s[1], args.bad_number(x, s[3])) end
    scratch[i] = x
  end
  return table.unpack(scratch, 1, n)
end

-- Andersson et al. (Eq. 4.43): the static peak decays to the sliding value
-- past the Stribeck speed v_s; tanh(k_t v) smooths the sign at v = 0. The
-- peak stays below mu_s.
function M.andersson(v, p)
  local mu_s, mu_d, v_s, power, k_t = numbers("andersson", v, p)
  return (mu_d + (mu_s - mu_d) * math.exp(-(math.abs(v) / v_s) ^ power)) * math.tanh(k_t * v)
end

-- Brown and McPhee (Eq. 4.44): mu_s exactly at the transition speed v_t,
-- mu_d well beyond it. The same law acts in contacts with friction.
function M.brown_mcphee(v, p)
  local mu_s, mu_d, v_t = numbers("brown_mcphee", v, p)
  return core.model.friction_brown_mcphee(v, mu_s, mu_d, v_t)
end

return M
