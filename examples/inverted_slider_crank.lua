-- SPDX-License-Identifier: GPL-3.0-or-later
-- inverted_slider_crank.lua: a crank pinned to the ground at (0.15, 0.33)
-- and a block sliding on a link pinned at the origin, joined by the pin B,
-- moving under gravity (the book's Examples 9.5-9.7, from its rounded
-- initial conditions). In joint coordinates, tree = {"O", "Q", "slide"}
-- cuts the pin B as the book does.
--   mechbench --batch examples/inverted_slider_crank.lua [body|joint]
local vec = mb.vec

local function build()
  local L1, L2, L3 = 0.208, 0.6, 0.195
  local th1, th2, th3, w1, w2, w3 = math.rad(345), 0.2149, 0.4017, math.pi, 1.4453, 0.5816
  local m = mb.model{ name = "inverted slider-crank" }
  local s1, r2, u = vec.rotate(th1, {L1 / 2, 0}), vec.rotate(th2, {L2 / 2, 0}), vec.unit(th2)
  m:body{ name = "crank", mass = 0.2, inertia = 0.004, pos = vec(0.15, 0.33) + s1, angle = th1,
         vel = w1 * vec.rot(s1), omega = w1 }
  m:body{ name = "link", mass = 1.0, inertia = 0.1, pos = r2, angle = th2, vel = w2 * vec.rot(r2), omega = w2 }
  m:body{ name = "block", mass = 0.5, inertia = 0.05, pos = th3 * u, angle = th2,
          vel = w3 * u + th3 * w2 * vec.rot(u), omega = w2 }
  m:point{ name = "O", body = "ground", at = {0.15, 0.33} }
  m:point{ name = "Q", body = "ground" }
  m:point{ name = "O1", body = "crank", at = {-L1 / 2, 0} }
  m:point{ name = "B1", body = "crank", at = {L1 / 2, 0} }
  m:point{ name = "Q2", body = "link", at = {-L2 / 2, 0} }
  m:point{ name = "G3", body = "block" }
  m:point{ name = "B3", body = "block", at = {0, L3} }
  m:vector{ name = "u2", body = "link", dir = {1, 0} }
  m:vector{ name = "u3", body = "block", dir = {1, 0} }
  m:joint{ name = "O", type = "revolute", points = {"O1", "O"} }
  m:joint{ name = "Q", type = "revolute", points = {"Q2", "Q"} }
  m:joint{ name = "slide", type = "translational", points = {"G3", "Q2"}, vectors = {"u3", "u2"} }
  m:joint{ name = "B", type = "revolute", points = {"B1", "B3"} }
  return m
end
if ... == "model" then return build end
local formulation = (...) or "body"   -- "joint" as the script argument

local m = build()
print(m:joint_coords())
print(m:simulate{ formulation = formulation, tf = 2, dt = 0.01, correct = true }:summary())
