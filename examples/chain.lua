-- SPDX-License-Identifier: GPL-3.0-or-later
-- chain.lua: an N-link pendulum chain of slender rods (0.5 m, 1 kg each),
-- pinned end to end and released horizontally: a tree of N revolute joints,
-- N degrees of freedom, 3N body coordinates. The cost of a formulation
-- grows with N in its own way; bench/models.lua measures it.
--   mechbench --batch examples/chain.lua [N] [body|joint|point]
--   at the prompt: m = mb.example("chain", 20)   (N from 1 to 1000, 8 unless given)
local parameter = mb.parameter
local function build(n)
  n = parameter(n, { "the number of links", number = { 1, 1000 }, whole = true, default = 8 })
  local L, mass = 0.5, 1
  local m = mb.model{ name = n .. "-link chain" }
  m:point{ name = "O", body = "ground" }
  local previous = "O"
  for i = 1, n do
    local name = "link" .. i
    m:body{ name = name, mass = mass, inertia = mass * L * L / 12, pos = { (i - 0.5) * L, 0 } }
    m:point{ name = name .. ".a", body = name, at = { -L / 2, 0 } }
    m:point{ name = name .. ".b", body = name, at = { L / 2, 0 } }
    m:joint{ name = "pin" .. i, type = "revolute", points = { name .. ".a", previous } }
    previous = name .. ".b"
  end
  return m
end
if ... == "model" then return build end
local n, formulation = tonumber((...)) or 8, select(2, ...) or "body"

local r = build(n):simulate{ formulation = formulation, tf = 1, dt = 0.01, integrator = "rk4", h = 1e-3 }
print(r:summary())
