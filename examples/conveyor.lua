-- SPDX-License-Identifier: GPL-3.0-or-later
-- conveyor.lua: a block on a belt running at 0.1 m/s, tied to a wall by a
-- spring (the book's CB model, Sec. 8.1.4 and App. B.4.4). The belt drags
-- the block by friction until the spring wins, then the block slips back:
-- stick-slip. The friction is a user force of the relative speed
-- v = v_belt - x', with f_N = m g:
--   "A"        Andersson's law, Eq. 4.43 (Ex 8.11, the default)
--   "B"        Brown and McPhee's law, Eq. 4.44 (Ex 8.12, Ex 14.3a)
--   "B-stick"  Eq. 4.44 while slipping, and while |v| < v_t the force that
--              keeps the block on the belt, k (x - L0), as long as it stays
--              below mu_s f_N (Ex 14.3b): the stiff part of the law is gone,
--              and so are most of the integrator's steps.
-- build(law, {length = L0, x0 = ..., v0 = ...}): Ex 14.3 uses
-- {length = 0.5, x0 = 0.5, v0 = 0.1}; App. B's listing has L0 = 0.8 and
-- the block at rest at x = 1.
--   mechbench --batch examples/conveyor.lua [body|joint] [A|B|B-stick]
local belt, mass, k, g = 0.1, 1, 10, 9.81
local mu_s, mu_d, v_t = 0.2, 0.15, 1e-3

local parameter = mb.parameter
local function build(law, opts)
  law = parameter(law, { "the friction law", choices = { "A", "B", "B-stick" }, default = "A" })
  opts = parameter(opts, { "the options table", options = {
    length = { "the spring's free length L0, m", number = { 0.01, 10 }, default = 0.8 },
    x0 = { "the block's starting x, m", number = { 0.01, 10 }, default = 1 },
    v0 = { "its starting speed, m/s", number = { -10, 10 }, default = 0 } } })
  local length = opts.length
  local m = mb.model{ name = "conveyor belt" }
  m:body{ name = "block", mass = mass, inertia = 1, pos = {opts.x0, 0.2}, vel = {opts.v0, 0} }
  m:point{ name = "wall", body = "ground", at = {0, 0.2} }
  m:point{ name = "P", body = "block" }
  m:vector{ name = "along belt", body = "ground", dir = {1, 0} }
  m:vector{ name = "u", body = "block", dir = {1, 0} }
  m:joint{ name = "on belt", type = "translational", points = {"P", "wall"}, vectors = {"u", "along belt"} }
  m:force{ name = "spring", type = "spring-damper", points = {"P", "wall"}, k = k, length = length }
  local normal = mass * g
  m:force{ name = "belt friction", type = "user", fn = function(t, s)
    local x, v = s.bodies.block.x, belt - s.bodies.block.vx   -- the belt's speed past the block
    local f
    if law == "A" then
      f = normal * mb.friction.andersson(v, { mu_s = mu_s, mu_d = mu_d, v_s = 1e-3, p = 2, k_t = 1e4 })
    elseif law == "B" or math.abs(v) >= v_t then
      f = normal * mb.friction.brown_mcphee(v, { mu_s = mu_s, mu_d = mu_d, v_t = v_t })
    else
      local hold = k * (x - length)                          -- what keeps x'' = 0
      f = math.abs(hold) < mu_s * normal and hold or mu_s * normal * (hold > 0 and 1 or -1)
    end
    return {{ body = "block", force = {f, 0} }}
  end }
  return m
end
if ... == "model" then return build end
local formulation, law = ...

print(build(law):simulate{ formulation = formulation or "body", tf = 5, dt = 0.01 }:summary())
