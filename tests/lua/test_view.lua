-- SPDX-License-Identifier: GPL-3.0-or-later
-- Pictures as text: frames put the mechanism where the physics puts it,
-- plots have axes and legends, recordings are well formed, comparisons
-- report their differences.
local T = dofile(arg[0]:match("(.*/)") .. "harness.lua")
local here = arg[0]:match("(.*/)")
local function example(name) return loadfile(here .. "../../examples/" .. name .. ".lua")("model") end

local function rows(text)
  local out = {}
  for line in (text .. "\n"):gmatch("(.-)\n") do out[#out + 1] = line end
  return out
end

-- where a glyph is: list of {row, col}
local function find(text, glyph)
  local out = {}
  for r, line in ipairs(rows(text)) do
    local c = 0
    while true do
      c = line:find(glyph, c + 1, true)
      if not c then break end
      out[#out + 1] = { r, c }
    end
  end
  return out
end

-- line cells relative to the pin: counts left, right, above, below (the
-- row under the pin is its hatching, not the rod)
local function around(text, pin)
  local n = { left = 0, right = 0, above = 0, below = 0 }
  for r, line in ipairs(rows(text)) do
    for c = 1, r == pin[1] + 1 and 0 or #line do
      local ch = line:sub(c, c)
      if ch == "-" or ch == "/" or ch == "\\" or ch == "|" then
        if c < pin[2] then n.left = n.left + 1 elseif c > pin[2] then n.right = n.right + 1 end
        if r < pin[1] then n.above = n.above + 1 elseif r > pin[1] then n.below = n.below + 1 end
      end
    end
  end
  return n
end

-- The pendulum released horizontally to the right swings down, then up to
-- the left: the rod is right of the pin at t = 0, below it a quarter swing
-- later, left of it at the half period.
local r = example("pendulum")():simulate{ tf = 2.2, dt = 0.005 }
local angle = r:body("rod").angle
local quarter, half = 1, 1
for i = 1, #r.t do
  if math.abs(angle[i] + math.pi / 2) < math.abs(angle[quarter] + math.pi / 2) then quarter = i end
  if math.abs(angle[i] + math.pi) < math.abs(angle[half] + math.pi) then half = i end
end
local opts = { width = 61, height = 31, unicode = false }
local f0 = r:frame(0, opts)
local pin = find(f0, "o")[1]
T.ok(pin ~= nil, "the pin is drawn:\n" .. f0)
local n0 = around(f0, pin)
T.ok(n0.right > 5 and n0.left == 0, ("t = 0: the rod lies right of the pin (%d right, %d left)"):format(n0.right, n0.left))
local fq = r:frame(r.t[quarter], opts)
local nq = around(fq, find(fq, "o")[1])
T.ok(nq.below > 3 and nq.above == 0, ("t = %.3f: the rod hangs below the pin"):format(r.t[quarter]))
local fh = r:frame(r.t[half], opts)
local nh = around(fh, find(fh, "o")[1])
T.ok(nh.left > 5 and nh.right == 0, ("t = %.3f (half period): the rod lies left of the pin"):format(r.t[half]))
T.ok(#find(f0, "///") == 1, "the ground pivot is hatched")

-- Slider-crank: at every frame the slider sits on its guide line.
local m = example("slider_crank")()
m:correct()
local rs = m:simulate{ tf = 4, dt = 0.1 }
local on_guide, checked = true, 0
for i = 1, #rs.t, 4 do
  local text = rs:frame(rs.t[i], { width = 70, height = 20, unicode = false })
  local slider, guide = find(text, "#")[1], find(text, "==")[1]
  on_guide = on_guide and slider ~= nil and guide ~= nil and slider[1] == guide[1]
  checked = checked + 1
end
T.ok(on_guide and checked > 5, "the slider stays on its guide in every frame checked")
-- and it moves: its column at t = 0 differs from half a crank turn later
local c0 = find(rs:frame(0, { width = 70, height = 20, unicode = false }), "#")[1][2]
local c1 = find(rs:frame(math.pi / 1.5, { width = 70, height = 20, unicode = false }), "#")[1][2]
T.ok(c0 > c1 + 5, ("the slider moves in as the crank turns (column %d -> %d)"):format(c0, c1))

-- labels, trails, Unicode
T.ok(r:frame(0, { width = 60, height = 20, unicode = false, labels = true }):find("rod", 1, true), "labels name the bodies")
local plain = r:frame(1, { width = 60, height = 20, unicode = false })
local traced = r:frame(1, { width = 60, height = 20, unicode = false, trails = true })
T.ok(#find(traced, ".") > #find(plain, ".") + 5, "trails trace the rod's tip")
local uni = r:frame(0, { width = 40, height = 12, unicode = true })
T.ok(uni:find("\xe2[\xa0-\xa3]") ~= nil and not uni:find("%-%-%-"), "Unicode frames draw lines in braille (U+2800..28FF)")
T.fails(function() r:frame(0, { width = 0, height = 10 }) end, "width must be a whole number of characters from 8 to 1000 (got 0)",
  "a zero-width frame is refused")

-- plots: axes, ticks, units, legend; x-y paths
local p = r:plot("rod.angle", "rod.omega", { text = true, width = 70, height = 18, unicode = false })
T.ok(p:find("rod.angle [rad]", 1, true) and p:find("rod.omega [rad/s]", 1, true), "the legend names series and units")
T.ok(p:find("t [s]", 1, true) and p:find("+", 1, true), "the time axis is labelled and ticked")
local xy = r:plot("tip.path", { text = true, width = 60, height = 18, unicode = false })
T.ok(xy:find("x [m]", 1, true) and xy:find("tip path", 1, true), "x-y plot of a point's path")
-- shown (printed, in --batch) a plot returns nothing, so the prompt prints
-- no stray "true" or text after it
local shown = table.pack(T.capture(function() return r:plot("rod.angle", { width = 30, height = 8 }) end))
T.ok(shown[1]:find("rod.angle [rad]", 1, true), "r:plot prints the plot")
T.eq(select("#", r:plot("rod.angle", { width = 30, height = 8, text = true })), 1, "with text = true it returns the text")
do
  local values = 0
  T.capture(function() values = select("#", r:plot("rod.angle", { width = 30, height = 8 })) end)
  T.eq(values, 0, "shown, r:plot returns nothing")
end
T.fails(function() r:plot("rod.nope", { text = true }) end, "cannot plot 'rod.nope'", "unknown quantity explained")
T.fails(function() mb.plot{} end, "mb.plot: needs { series", "mb.plot without series")
-- plot cosmetics: the axis labels stay off the plot area, where they hid
-- the curve; each series has its own mark, so series are told apart
-- without colour; the last tick number is not dropped at the edge
local diagonal = mb.plot{ series = { { x = { 0, 1 }, y = { 1, 0 }, label = "fall" } }, xlabel = "t [s]",
  ylabel = "h [m]", text = true, width = 40, height = 12, unicode = false }
local drows = rows(diagonal)
local axis_row
for i, l in ipairs(drows) do if l:find("^ *%+[-+]+%-") then axis_row = i end end
T.ok(axis_row and drows[axis_row]:find("[-+] t %[s%]$"), "the x label ends the x axis:\n" .. diagonal)
T.ok(axis_row and drows[axis_row - 1]:find("^ *0 %+ +%*+$"), "the curve reaches the area's bottom-right corner, not hidden by the label:\n" .. diagonal)
T.eq(select(2, diagonal:gsub("t %[s%]", "")), 1, "the x label is drawn once")
T.ok(drows[2] == "h [m]" and drows[3]:find("^ *1 %+"), "the y label has its own row above the axis:\n" .. diagonal)
local r25 = example("pendulum")():simulate{ tf = 2.5, dt = 0.01 }
local wide = rows(r25:plot("rod.angle", { text = true, width = 80, height = 16, unicode = false }))
T.ok(wide[#wide]:find(" 2%.5$"), "the last tick number stays at the right edge: " .. wide[#wide])
local two = r25:plot("rod.angle", "rod.omega", { text = true, width = 80, height = 20, unicode = true })
local legend_rows, marks = {}, { "\u{25CF}", "\u{25A0}" } -- ● ■
for i, l in ipairs(rows(two)) do if i <= 2 then legend_rows[#legend_rows + 1] = l end end
local legend_text = table.concat(legend_rows, "\n")
T.ok(legend_text:find("\u{2501}" .. marks[1] .. "\u{2501} rod.angle", 1, true) and
  legend_text:find("\u{2501}" .. marks[2] .. "\u{2501} rod.omega", 1, true),
  "each series' legend entry shows its own mark: " .. legend_text)
local area = two:sub(#legend_text + 2)
for i, mark in ipairs(marks) do
  local _, n = area:gsub(mark, "")
  T.ok(n >= 4, ("series %d's curve carries its mark %s (%d times)"):format(i, mark, n))
end
local one = r25:plot("rod.angle", { text = true, width = 80, height = 20, unicode = true })
T.ok(one:find("\u{2501} rod.angle", 1, true) and not one:find(marks[1], 1, true), "a single curve needs no marks")
-- a series of few samples carries its mark at each sample, where the data
-- are (lesson 13's four-point log-log plot had marks between its points,
-- where there are none); with samples on the ticks, each mark is on a
-- tick's column and on a tick's row
local sparse = mb.plot{ series = { { x = { 1, 2, 3, 4 }, y = { 0, 2, 1, 3 }, label = "a" },
                                   { x = { 1, 2, 3, 4 }, y = { 3, 1, 2, 0 }, label = "b" } },
  xlabel = "h", ylabel = "e", text = true, width = 80, height = 22, unicode = true }
local srows = rows(sparse)
local tick_cols, tick_rows = {}, {}
for r, l in ipairs(srows) do
  local chars = {}
  for _, cp in utf8.codes(l) do chars[#chars + 1] = utf8.char(cp) end
  for c, ch in ipairs(chars) do
    if ch == "\u{252C}" then tick_cols[c] = true end -- ┬ on the x axis
    if ch == "\u{2524}" then tick_rows[r] = true end -- ┤ on the y axis
  end
end
for i, mark in ipairs(marks) do
  local at, off = 0, {}
  for r, l in ipairs(srows) do
    if r > 1 then -- below the legend
      local c = 0
      for _, cp in utf8.codes(l) do
        c = c + 1
        if utf8.char(cp) == mark then
          at = at + 1
          if not (tick_cols[c] and tick_rows[r]) then off[#off + 1] = ("(%d,%d)"):format(r, c) end
        end
      end
    end
  end
  T.eq(at, 4, ("series %d of four samples carries its mark %s four times:\n%s"):format(i, mark, sparse))
  T.eq(#off, 0, ("series %d's marks are on its samples, not at %s:\n%s"):format(i, table.concat(off, " "), sparse))
end
T.ok(sparse:find("\u{2501}" .. marks[1] .. "\u{2501} a", 1, true), "the legend still shows the mark on its line")
local ascii_two = r25:plot("rod.angle", "rod.omega", { text = true, width = 80, height = 20, unicode = false })
T.ok(ascii_two:find("* rod.angle", 1, true) and ascii_two:find("+ rod.omega", 1, true), "in ASCII each series is drawn in its own mark")

local path = r:path("tip")
T.near(path.x[1], 1.0, 1e-12, "the tip starts at x = L")
T.near(math.sqrt(path.x[#r.t]^2 + path.y[#r.t]^2), 1.0, 1e-6, "the tip stays at L from the pin")

-- recordings
local cast = os.tmpname()
local wrote = r:cast(cast, { width = 40, height = 12, unicode = false })
local count = wrote.count
T.eq(tostring(wrote), "wrote " .. count .. " frames to " .. cast, "r:cast says what it wrote, as a sentence at the prompt")
local lines = {}
for l in io.lines(cast) do lines[#lines + 1] = l end
T.ok(lines[1]:find('^{"version": 2, "width": 40, "height": 13'), "asciicast v2 header: " .. lines[1])
T.eq(#lines, count + 1, "one event per frame")
local last_t, ordered, shaped = -1, true, true
for i = 2, #lines do
  local t = tonumber(lines[i]:match('^%[([%d.]+), "o", "'))
  shaped = shaped and t ~= nil and lines[i]:sub(-2) == '"]'
  ordered = ordered and t ~= nil and t > last_t
  last_t = t or last_t
end
T.ok(shaped and ordered, "events are [time, \"o\", text] in time order")
T.ok(count > 50 and count <= 2.2 * 30 + 2, ("about 30 frames per second of motion (%d)"):format(count))
os.remove(cast)
local framefile = os.tmpname()
T.eq(r:frames(framefile, 3).count, 3, "frames returns its count")
local text = io.open(framefile):read("a")
os.remove(framefile)
local headers = select(2, text:gsub("%-%- pendulum, t = ", ""))
T.eq(headers, 3, "three frames written as text")

-- batch: animate prints the summary and two frames
local out = {}
local real = print
print = function(...) out[#out + 1] = table.concat({ ... }, "\t") end
local returned = select("#", r:animate())
print = real
-- and returns nothing: at the prompt a returned r printed its summary again
T.eq(returned, 0, "animate returns nothing for the prompt to print")
local joined = table.concat(out, "\n")
T.ok(joined:find("function evaluations", 1, true) and select(2, joined:gsub("%-%- t = ", "")) == 2,
  "animate in --batch prints the summary and the first and last frames")

-- comparison: tight vs default agree, a coarse rk4 does not
local fb = example("four_bar")()
local c = mb.compare(fb, { "body", { label = "tight", tol = 1e-11 }, { label = "rk4 10 ms", integrator = "rk4", h = 0.01 } },
  { tf = 2, dt = 0.01, show = false })
T.ok(c.results.body and c.results.tight and c.results["rk4 10 ms"], "results by label")
T.ok(c.diff.tight.max_position < 1e-6, ("tight tolerance agrees with the default: %.2g"):format(c.diff.tight.max_position))
T.ok(c.diff["rk4 10 ms"].max_position > 1e-4, "a coarse fixed step differs visibly")
T.eq(c.maxdiff, math.max(c.diff.tight.max_position, c.diff.tight.max_angle,
  c.diff["rk4 10 ms"].max_position, c.diff["rk4 10 ms"].max_angle), "maxdiff is the largest difference")
local tab = c:table()
T.ok(tab:find("fevals", 1, true) and tab:find("rk4 10 ms", 1, true) and tab:find("(reference)", 1, true), "the comparison table")
T.fails(function() mb.compare(fb, { "joint-x" }, { tf = 1, show = false }) end, "unknown formulation 'joint-x'", "unknown formulation named")
T.fails(function() mb.compare(nil, { "body" }, {}) end, "mb.compare: the first argument must be a model (mb.model{...}), not nil", "compare without a model")

-- body against joint coordinates on the four-bar: the difference is tiny,
-- and the batch table shows both rows
local bj = mb.compare(example("four_bar")(), { "body", "joint" }, { tf = 2, dt = 0.01, tol = 1e-10, show = false })
T.ok(bj.maxdiff < 1e-7, ("four-bar, body vs joint coordinates: largest difference %.2g"):format(bj.maxdiff))
T.ok(bj:table():find("joint", 1, true) and bj.figures.joint.fevals > 0, "figures for both formulations")

-- One start for every formulation: compare corrects once, in body
-- coordinates, and runs each from that state. The four-bar with its crank
-- spun up by hand is off its velocity constraints; corrected in each
-- formulation's own coordinates the crank used to start at 1.824 (body),
-- 1.775 (joint) and 0.217 (point) rad/s, and the "difference" was 3.1 rad.
local spun = example("four_bar")()
spun.bodies.crank.omega = 2
local three = mb.compare(spun, { "body", "joint", "point", "point-recursive" },
  { tf = 2, dt = 0.01, tol = 1e-10, correct = true, show = false })
local crank_start = {}
for _, label in ipairs(three.order) do crank_start[#crank_start + 1] = three.results[label]:body("crank").omega[1] end
local start_gap = 0
for _, label in ipairs { "joint", "point", "point-recursive" } do
  for _, name in ipairs(three.results.body.body_order) do
    for _, k in ipairs { "x", "y", "angle", "vx", "vy", "omega" } do
      start_gap = math.max(start_gap, math.abs(three.results[label].bodies[name][k][1] - three.results.body.bodies[name][k][1]))
    end
  end
end
T.ok(start_gap < 1e-12, ("body, joint and point coordinates start from one state: every body's position, angle and velocities agree to %.2g at the first sample (crank omega %s rad/s)")
  :format(start_gap, table.concat(crank_start, ", ")))
T.eq(three.start_difference, start_gap, "c.start_difference is that agreement")
T.near(three.results.body:body("crank").omega[1], 1.8239198, 1e-6, "the crank starts at the body-coordinate correction's 1.824 rad/s")
-- measured at tol = 1e-10: 2.6e-8 m and 4.9e-7 rad (body against either point formulation); 7 times that
local dpos, dangle = 0, 0
for _, label in ipairs { "joint", "point", "point-recursive" } do
  dpos, dangle = math.max(dpos, three.diff[label].max_position), math.max(dangle, three.diff[label].max_angle)
end
T.ok(dpos < 2e-7, ("positions agree over 2 s: %.3g m"):format(dpos))
T.ok(dangle < 3.5e-6, ("angles agree over 2 s: %.3g rad"):format(dangle))
T.eq(three.maxdiff_position, dpos, "c.maxdiff_position is the largest position difference, in metres")
T.eq(three.maxdiff_angle, dangle, "c.maxdiff_angle is the largest angle difference, in radians")
T.eq(three.maxdiff, math.max(dpos, dangle), "maxdiff is the larger of the two")
for _, label in ipairs(three.order) do
  local r = three.results[label]
  T.ok(r.violation[1] < 1e-12 and r.velocity_violation[1] < 1e-12,
    ("%s starts on its constraints: |Phi| %.2g, |Phi'| %.2g"):format(label, r.violation[1], r.velocity_violation[1]))
end
-- the model is left as it was, and the correction is reported
T.eq(spun.bodies.crank.omega, 2, "the model's crank still spins at 2 rad/s")
T.eq(spun.bodies.coupler.vel, nil, "the model's coupler still has no velocity given")
local moved_omega
for _, mv in ipairs(three.correction or {}) do
  if mv.body == "crank" and mv.field == "omega" then moved_omega = mv end
end
T.ok(moved_omega and moved_omega.from == 2 and math.abs(moved_omega.to - 1.8239198) < 1e-6,
  "c.correction says the crank's omega moved from 2 to 1.824")
T.fails(function() mb.compare(spun, { "body", "joint-x" }, { tf = 1, correct = true, show = false }) end,
  "unknown formulation 'joint-x'", "a failing run inside a corrected comparison")
T.eq(spun.bodies.crank.omega, 2, "the model is restored after a failing run too")

-- the state size of each formulation, and a table that fits 80 columns
T.eq(three.results.body.state_size, 18, "body coordinates: 9 coordinates and 9 rates")
T.eq(three.results.joint.state_size, 6, "joint coordinates: 3 angles and 3 rates")
-- the four-bar's pins A and B are its moving points (O and Q are stationary);
-- the recursive formulation gives the cut pin B a particle on each side
T.eq(three.results.point.state_size, 8, "point coordinates: 4 coordinates (A and B) and 4 rates")
T.eq(three.results["point-recursive"].state_size, 12, "recursive point coordinates: 6 coordinates (A, B twice) and 6 rates")
local tab3 = three:table()
T.ok(tab3:find("run +states +fevals") and tab3:find("\n  joint +6 ") and tab3:find("\n  point +8 ")
  and tab3:find("\n  point%-recursive +12 "),
  "the table has the state size of each run:\n" .. tab3)
T.ok(tab3:find("|Phi'|", 1, true) and tab3:find("position [m]", 1, true) and tab3:find("angle [rad]", 1, true),
  "the table shows the start's residuals and the differences in metres and radians apart")
T.ok(tab3:find("crank +.*omega 2 %-> 1%.824 rad/s"), "the table says what the correction moved")
-- a kinematic comparison's energy changes by its drivers' work: not a drift
local kin = mb.compare(example("slider_crank")(1.5), { "body", "vector" }, { tf = 1, show = false }):table()
T.ok(kin:find("change  work in    drift", 1, true) and not kin:find("energy drift", 1, true),
  "a kinematic comparison says the energy's change, the drivers' work and the drift apart:\n" .. kin)
-- a small move shows with the digits that tell it (lesson 8's sliding
-- pendulum read "x 1 -> 1 m")
local small = mb.compare(example("sliding_pendulum")(), { "body", "joint" },
  { tf = 0.1, correct = true, show = false }):table()
T.ok(small:find("slider +x 1 %-> 0%.999999 m") and small:find("y %-0%.233 %-> %-0%.23301 m"),
  "a correction of 6e-7 m is shown, not '1 -> 1':\n" .. small)
local function widest(text)
  local w = 0
  for l in (text .. "\n"):gmatch("(.-)\n") do w = math.max(w, utf8.len(l)) end
  return w
end
T.ok(widest(tab3) <= 80, ("three formulations' table fits 80 columns (%d)"):format(widest(tab3)))
local remedies = mb.compare(example("four_bar")(), {
  { label = "joint", formulation = "joint" },
  { label = "joint, momentum", formulation = "joint", stabilization = "momentum" },
  { label = "joint, partitioning", formulation = "joint", stabilization = "partitioning" } },
  { tf = 1, dt = 0.05, integrator = "rk4", h = 0.01, show = false })
T.ok(widest(remedies:table()) <= 80, ("lesson 13's three remedies fit 80 columns (%d)"):format(widest(remedies:table())))
local figs = three.results.joint.figures_text and three.results.joint:figures_text() or ""
T.ok(figs:find("6 states", 1, true) and figs:find("|Phi(0)|", 1, true) and figs:find("|Phi'(0)|", 1, true),
  "a pane's figures carry the state size and the start's residual")

-- a short plot of a line near zero (a comparison's differences at
-- round-off): one tick a row, so the curve's row reads 0 (two numbers
-- shared a row and "-5e-10" stood where 0 was)
local flat = mb.plot{ series = { { x = { 0, 1, 2 }, y = { 1e-15, 0, 3e-13 } } }, height = 8, width = 60,
  ylabel = "y", text = true, unicode = false }
T.ok(flat:match("\n *0 %+%*%*%*") and not flat:find("5e-10", 1, true),
  "a short plot's curve at zero is on the row labelled 0:\n" .. flat)

T.finish()
