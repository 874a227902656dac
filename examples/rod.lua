-- rod.lua: a 2 m rod thrown down at 45 degrees (the book's Rod model, App.
-- B.4.5). Its ends, points E1 and E2, will strike the ground once the
-- contact issue lands; until then the rod falls freely through y = 0.
--   mechbench --batch examples/rod.lua [body|joint]
local function build()
  local m = mb.model{ name = "rod" }
  m:body{ name = "rod", mass = 1, inertia = 0.01, pos = {0, 1}, angle = math.pi / 4, vel = {0, -6} }
  m:point{ name = "E1", body = "rod", at = {0, -1} }
  m:point{ name = "E2", body = "rod", at = {0, 1} }
  return m
end
if ... == "model" then return build end
local formulation = (...) or "body"    -- "joint" as the script argument

print(build():simulate{ formulation = formulation, tf = 0.5, dt = 0.01 }:summary())
