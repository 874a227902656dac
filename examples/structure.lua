-- SPDX-License-Identifier: GPL-3.0-or-later
-- structure.lua: the book's two-link structure (Example 14.1, Sec. 14.1):
-- link 1 from the ground pin O = (0, 0) to A = (3, 4), link 2 from the
-- ground pin Q = (3, 0) up to A, a 50 N horizontal force at A. As many
-- constraint rows as coordinates: nothing can move, and static analysis
-- gives every pin force from D'lambda = -h. The book's numbers use g = 9.8.
--   mechbench --batch examples/structure.lua
local function build()
  local m = mb.model{ name = "two-link structure", gravity = { 0, -9.8 } }
  m:body{ name = "link1", mass = 2.5, inertia = 2.5 * 25 / 12, pos = { 1.5, 2 }, angle = math.atan(4, 3) }
  m:body{ name = "link2", mass = 2.0, inertia = 2.0 * 16 / 12, pos = { 3, 2 }, angle = math.pi / 2 }
  m:point{ name = "O", body = "ground" }
  m:point{ name = "Q", body = "ground", at = { 3, 0 } }
  m:point{ name = "O1", body = "link1", at = { -2.5, 0 } }
  m:point{ name = "A1", body = "link1", at = { 2.5, 0 } }
  m:point{ name = "Q2", body = "link2", at = { -2, 0 } }
  m:point{ name = "A2", body = "link2", at = { 2, 0 } }
  m:joint{ name = "O", type = "revolute", points = { "O1", "O" } }
  m:joint{ name = "Q", type = "revolute", points = { "Q2", "Q" } }
  m:joint{ name = "A", type = "revolute", points = { "A1", "A2" } }
  m:force{ name = "load", type = "force", point = "A2", value = { 50, 0 } }
  return m
end
if ... == "model" then return build end

local eq = build():equilibrium{}
print(eq:summary())
for _, j in ipairs { "O", "Q", "A" } do
  local l = eq:reaction(j).lambda
  print(("  pin %s: lambda = (%.4f, %.4f)"):format(j, l[1][1], l[2][1]))
end
