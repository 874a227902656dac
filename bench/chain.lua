-- SPDX-License-Identifier: GPL-3.0-or-later
-- bench/chain.lua: one timed run, a process of its own so that its peak
-- memory is its own (make bench runs it beside bench/mujoco_peer.c; never a
-- test).
--   mechbench --batch bench/chain.lua chain N formulation tf dt h
--   mechbench --batch bench/chain.lua four_bar formulation tf dt h [stabilization alpha]
--   mechbench --batch bench/chain.lua tree depth formulation tf dt h
-- Prints one line, as the peer does: wall seconds (r.stats.wall: the run,
-- its start and its reports), steps, the energy drift (largest |E - E0| over
-- the largest kinetic energy, at the reports), the largest constraint
-- violation |Φ| at the reports, the peak resident memory in kB, and the
-- processor seconds of the same run (r.stats.cpu: steadier than wall time
-- on a shared machine).
local args = { ... }
local which = args[1]

-- A binary tree of 2^depth - 1 links hanging from the ground, each link's
-- end carrying two more: not a chain, so orderings that suit only a chain
-- (a band) would show here.
local function binary_tree(depth)
  local L = 0.3
  local m = mb.model{ name = "binary tree" }
  m:point{ name = "O", body = "ground" }
  local count = 0
  local function add(parent, x, y, angle, level)
    count = count + 1
    local name, c, s = "b" .. count, math.cos(angle), math.sin(angle)
    m:body{ name = name, mass = 1, inertia = L * L / 12, pos = { x + c * L / 2, y + s * L / 2 }, angle = angle }
    m:point{ name = name .. ".a", body = name, at = { -L / 2, 0 } }
    m:point{ name = name .. ".b", body = name, at = { L / 2, 0 } }
    m:joint{ name = "pin" .. count, type = "revolute", points = { name .. ".a", parent } }
    if level < depth then
      add(name .. ".b", x + c * L, y + s * L, angle - 0.3, level + 1)
      add(name .. ".b", x + c * L, y + s * L, angle + 0.3, level + 1)
    end
  end
  add("O", 0, 0, -math.pi / 2, 1)
  return m
end

local m, rest
if which == "chain" then
  m, rest = mb.example("chain", math.tointeger(tonumber(args[2]))), 3
elseif which == "tree" then
  m, rest = binary_tree(math.tointeger(tonumber(args[2]))), 3
else
  m, rest = mb.example("four_bar"), 2
end
local formulation, tf, dt, h = args[rest], tonumber(args[rest + 1]), tonumber(args[rest + 2]), tonumber(args[rest + 3])
local stabilization, alpha = args[rest + 4], tonumber(args[rest + 5])
local r = m:simulate{ formulation = formulation, tf = tf, dt = dt, integrator = "rk4", h = h,
  stabilization = stabilization, alpha = alpha, beta = alpha }
local e, drift, kinetic, gap = r.energy.total, 0, 0, 0
for i = 1, #e do
  drift = math.max(drift, math.abs(e[i] - e[1]))
  kinetic = math.max(kinetic, r.energy.kinetic[i])
  gap = math.max(gap, r.violation[i])
end
local peak = -1
local status = io.open("/proc/self/status")
if status then
  for line in status:lines() do peak = tonumber(line:match("^VmHWM:%s*(%d+)")) or peak end
  status:close()
end
print(string.format("%.6f %d %.3g %.3g %d %.6f", r.stats.wall, r.stats.steps, drift / kinetic, gap, peak, r.stats.cpu))
