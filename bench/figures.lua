-- SPDX-License-Identifier: GPL-3.0-or-later
-- make bench: figures out of the terminal (issue 27). A 200-frame 640 x 480
-- GIF of the four-bar (goal under 2 s) and a plot as a 640 x 400 PNG (goal
-- under 50 ms), wall time from mechbench's clock around each call and the
-- processor time the process spent (which moves less when the machine is
-- shared), the run itself outside both; also SVG and PDF of the plot, one
-- frame, the report. Medians of 5 (the GIF: of 3).
local dir = os.tmpname()
os.remove(dir)
os.execute("mkdir -p '" .. dir .. "'")
local r = mb.example("four_bar"):simulate{ tf = 2, dt = 0.01 } -- 201 samples
local median = dofile((arg[0]:match("(.*/)") or "./") .. "median.lua")

r:plot("crank.angle", "coupler.omega", { file = dir .. "/warm.png" }) -- fonts found once a process
local cases = {
  { "GIF, 201 frames 640 x 480, four-bar", 3, function() r:animate{ file = dir .. "/run.gif" } end, 2 },
  { "plot PNG 640 x 400, two series", 5, function() r:plot("crank.angle", "coupler.omega", { file = dir .. "/p.png" }) end, 0.05 },
  { "plot SVG 640 x 400", 5, function() r:plot("crank.angle", "coupler.omega", { file = dir .. "/p.svg" }) end },
  { "plot PDF 640 x 400", 5, function() r:plot("crank.angle", "coupler.omega", { file = dir .. "/p.pdf" }) end },
  { "frame PNG 640 x 480, trails", 5, function() r:frame(1, { file = dir .. "/f.png", trails = true }) end },
  { "report PDF, one A4 page", 5, function() r:report{ file = dir .. "/r.pdf" } end },
}
print(("figures: median of each call, %-18s %9s %9s"):format("", "wall", "processor"))
for _, c in ipairs(cases) do
  local wall, cpu = median(c[2], c[3])
  print(("  %-40s %8.1f ms %8.1f ms%s"):format(c[1], 1e3 * wall, 1e3 * cpu,
    c[4] and ("  (goal under %g ms)"):format(1e3 * c[4]) or ""))
end
os.execute("rm -rf '" .. dir .. "'")
