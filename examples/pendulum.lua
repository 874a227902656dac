-- pendulum.lua: a slender rod pinned to the ground at one end.
--   mechbench --batch examples/pendulum.lua
local L, m_rod = 1.0, 2.0
local m = mb.model{ name = "pendulum" }
m:body{ name = "rod", mass = m_rod, inertia = m_rod * L^2 / 12,
        pos = {L / 2, 0}, angle = 0 }                 -- horizontal, released at rest
m:point{ name = "O", body = "ground", at = {0, 0} }
m:point{ name = "A", body = "rod", at = {-L / 2, 0} }
m:joint{ name = "pin", type = "revolute", points = {"A", "O"} }

local r = m:simulate{ tf = 2, dt = 0.01 }
print(r:summary())
return m, r
