-- SPDX-License-Identifier: GPL-3.0-or-later
-- film_strip.lua: the film-strip advancer of Example 12.5 (Sec. 15.1), a
-- four-bar whose coupler point P2 pulls the film one frame at a time,
-- through the book's four-bar program (four_bar_program.lua). The data are
-- its data.m: RQ = (-3, 4.5) (the text prints -4.5), links 1.5, 5 and 3,
-- P2 10.5 along the coupler at 2.73 degrees; masses from Table 15.1. The
-- crank turns clockwise at 1800 rpm (-60 pi rad/s, the text; data.m has
-- -1): one frame every 1/30 s. Mass centres as Sec. 15.1 puts them: link 1
-- with its motor at O, link 2 at B, link 3 at its middle. The figure is
-- dimensioned in cm, so read the lengths and the path below in cm.
--   mechbench --batch examples/film_strip.lua
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
local program, grashof = loadfile(here .. "four_bar_program.lua")("model")

local data = {
  name = "film-strip advancer (Ex. 12.5)",
  RQ = { -3, 4.5 }, L = { 1.5, 5, 3 }, LP = { 0, 10.5, 0 }, beta = { 0, 2.73, 0 },
  theta = { 30, 90, 30 }, omega1 = -60 * math.pi,
  m = { 0.4, 0.2, 0.05 }, J = { 0.5, 0.02, 0.0005 }, LG = { 0, 5, 1.5 }, gamma = { 0, 0, 0 }, g = 0,
}
local function build() return program(data) end
if ... == "model" then return build, data end

print(("Grashof: %s"):format(grashof(math.sqrt(3^2 + 4.5^2), 1.5, 5, 3) and "yes, the crank turns fully" or "no"))
local r = build():kinematics{ tf = 1 / 30, dt = 1 / 3600 }
print(r:summary())
local p = r:path("P2")
local ymin, ymax = math.huge, -math.huge
for i = 1, #p.y do ymin, ymax = math.min(ymin, p.y[i]), math.max(ymax, p.y[i]) end
print(("  P2 travels %.3f along y over one turn of the crank (the film's pull)"):format(ymax - ymin))
r:plot("P2.path")
