-- SPDX-License-Identifier: GPL-3.0-or-later
-- platform.lua: the planar 3-DOF platform manipulator of Attia's paper on
-- recursive point coordinates (KSME Int. J. 17(12), 2003, Sec. 4): a
-- triangular platform held by three serial chains of two links and three
-- pins each, two independent loops. It starts at rest, pushed by 10 N
-- along x at its centre, under gravity. The paper gives its dimensions
-- only in a figure we do not have, so these are our own: the ground pins
-- 1 m from the centre, links of 0.6 m, the platform's pins 0.25 m from
-- its centre.
--   mechbench --batch examples/platform.lua [body|joint|point|point-recursive]
-- As a model, mb.example("platform") returns it and, beside it, the tree
-- Attia uses: cut at the ground pin of the second chain and where the
-- third meets the platform (his Eq. 19), so that two serial branches
-- remain and his 20 x 20 system appears.
local vec = mb.vec

local function build()
  local Rb, Rp, L1, L2 = 1.0, 0.25, 0.6, 0.6
  local m = mb.model{ name = "platform manipulator" }
  m:body{ name = "platform", mass = 1.5, inertia = 1.5 * Rp * Rp / 2, pos = { 0, 0 } }
  m:point{ name = "C", body = "platform" }
  for k, chain in ipairs { "a", "b", "c" } do
    local dir = math.rad(90 + 120 * (k - 1))
    local B, P = vec.scale(Rb, vec.unit(dir)), vec.scale(Rp, vec.unit(dir))
    -- the elbow: on both links' circles, to the left going from B to P
    local d = vec.sub(P, B)
    local half, h = vec.norm(d) / 2, math.sqrt(L1 * L1 - (vec.norm(d) / 2) ^ 2)
    local E = vec.add(vec.add(B, vec.scale(half, vec.unit(d))), vec.scale(h, vec.rot(vec.unit(d))))
    local function link(name, mass, from, to, len)
      local u = vec.sub(to, from)
      m:body{ name = name, mass = mass, inertia = mass * len * len / 12,
              pos = vec.scale(0.5, vec.add(from, to)), angle = math.atan(u[2], u[1]) }
      m:point{ name = name .. ".1", body = name, at = { -len / 2, 0 } }
      m:point{ name = name .. ".2", body = name, at = { len / 2, 0 } }
    end
    link("arm " .. chain, 1.0, B, E, L1)
    link("rod " .. chain, 0.8, E, P, L2)
    m:point{ name = "O" .. chain, body = "ground", at = B }
    m:point{ name = "P" .. chain, body = "platform", at = P }
    m:joint{ name = chain .. "0", type = "revolute", points = { "arm " .. chain .. ".1", "O" .. chain } }
    m:joint{ name = chain .. "1", type = "revolute", points = { "rod " .. chain .. ".1", "arm " .. chain .. ".2" } }
    m:joint{ name = chain .. "2", type = "revolute", points = { "rod " .. chain .. ".2", "P" .. chain } }
  end
  m:force{ name = "push", type = "force", point = "C", value = { 10, 0 } }
  return m
end
-- Attia's tree: every pin but b0 (a chain's foot) and c2 (a chain's head)
local attia = { "a0", "a1", "a2", "b2", "b1", "c0", "c1" }
if ... == "model" then return build, attia end
local formulation = (...) or "point-recursive"

local m = build()
local p = m:point_coords{ formulation = "point-recursive", tree = attia }
print(p)
-- Attia's system at the start: 16 point accelerations and 4 cut
-- reactions; its rows are the bodies' angular momenta (the first,
-- floating-free chain has none of linear), their points' distances and
-- the cut joints (Eq. 19)
print(("\nA (%d x %d), columns r''[1..%d] then the reactions:"):format(#p.b, #p.b, #p.r))
for i = 1, #p.b do
  local row = {}
  for k = 1, #p.b do row[k] = ("%6.2f"):format(p.A(i, k)) end
  print(table.concat(row, " "))
end
-- rk8pd at tol 1e-10 keeps the energy to 5e-9 J over 5 s (rk45 at the
-- same tol loses 6e-7 J); the discrete method takes its own fixed step
local r = m:simulate{ formulation = formulation, tree = formulation == "point-recursive" and attia or nil,
                      tf = 5, dt = 0.05, tol = 1e-10, integrator = formulation ~= "discrete" and "rk8pd" or nil }
print(r:summary())
local c = r:body("platform")
print("the platform's path (x, y every 0.5 s):")
for i = 1, #r.t, 10 do print(("  t = %.1f  %8.4f  %8.4f"):format(r.t[i], c.x[i], c.y[i])) end
