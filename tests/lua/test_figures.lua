-- SPDX-License-Identifier: GPL-3.0-or-later
-- Figures out of the terminal, read back (never their bytes): SVG parses as
-- XML with its drawn elements, PDF has its page, PNG decodes to the size
-- asked with ink where the picture should be, GIF has a frame per sample;
-- a pendulum leaning right is drawn falling to the right; a known curve's
-- ink lies where the axes say; bad files, sizes and the sandbox are
-- refused at the user's line.
local T = dofile(arg[0]:match("(.*/)") .. "harness.lua")
local here = arg[0]:match("(.*/)")
local cv = mb.core.view

local dir, path = T.folder()
local run = T.run
local function exists(name)
  local f = io.open(name, "rb")
  if f then f:close() end
  return f ~= nil
end

-- the pixels of a PNG: a function (x, y) -> r, g, b (0-based), its size
local function pixels(file)
  local w, h, rgb = cv.png_pixels(file)
  T.ok(w ~= nil, file .. " decodes as PNG" .. (w and "" or (": " .. tostring(h))))
  if not w then return function() return 255, 255, 255 end, 0, 0 end
  return function(x, y) return rgb:byte(3 * (y * w + x) + 1, 3 * (y * w + x) + 3) end, w, h
end

-- Okabe and Ito's blue (series 1, body 1) and the ink of axes and text
local function blue(r, g, b) return b > 120 and r < 80 and b > g + 30 end
local function dark(r, g, b) return r < 90 and g < 90 and b < 90 end

---------------------------------------------------------------- formats

local r = mb.example("pendulum"):simulate{ tf = 1, dt = 0.01 }
local png = path("angle.png")
local w = r:plot("rod.angle", "rod.omega", { file = png, width = 500, height = 300 })
T.eq(tostring(w), "wrote " .. png .. " (500 x 300 px)", "r:plot{ file } says what it wrote")
local at, pw, ph = pixels(png)
T.eq(pw, 500, "the PNG is as wide as asked")
T.eq(ph, 300, "and as tall")
local inked = 0
for y = 0, ph - 1, 2 do for x = 0, pw - 1, 2 do
  local r_, g, b = at(x, y)
  if r_ < 200 or g < 200 or b < 200 then inked = inked + 1 end
end end
T.ok(inked > 500, ("the PNG has ink (%d of %d pixels sampled)"):format(inked, pw * ph // 4))

local svg = path("angle.svg")
r:plot("rod.angle", { file = svg })
local out, ok = run("xmllint --noout '" .. svg .. "'")
T.ok(ok, "the SVG parses as XML" .. (ok and "" or (": " .. out)))
local text = io.open(svg):read("a")
T.ok(text:find('<svg[^>]*width="640px"') and text:find('<svg[^>]*height="400px"'), "an SVG of 640 x 400 px by default")
local _, paths = text:gsub("<path", "")
T.ok(paths > 20, ("its drawing is there: %d path elements (axes, curve, glyphs)"):format(paths))

local pdf = path("angle.pdf")
r:plot("rod.angle", { file = pdf, width = 800, height = 500 })
out, ok = run("pdfinfo '" .. pdf .. "'")
T.ok(ok and out:match("Pages:%s+1\n"), "the PDF has its page:\n" .. out)
T.ok(out:match("Page size:%s+600 x 375 pts"), "800 x 500 px is a page of 600 x 375 points (96 px to the inch)")

---------------------------------------------------------------- a pendulum leans

-- a rod of 1 m pinned at its end, released at angle a
local function pendulum(a)
  local m = mb.model{ name = "pendulum" }
  m:body{ name = "rod", mass = 2, inertia = 2 / 12, pos = { 0.5 * math.cos(a), 0.5 * math.sin(a) }, angle = a }
  m:point{ name = "A", body = "rod", at = { -0.5, 0 } }
  m:point{ name = "O", body = "ground" }
  m:joint{ name = "pin", type = "revolute", points = { "A", "O" } }
  return m:simulate{ tf = 0.01, dt = 0.01 }
end

-- the covariance of the rod's pixels' x and y (y down): > 0 falling to
-- the right; and the mean x of its top rows (the pivot's end) and of its
-- bottom rows (the free end)
local function lean(file)
  local px, fw, fh = pixels(file)
  local n, sx, sy, sxy, rows = 0, 0, 0, 0, {}
  for y = 0, fh - 1 do for x = 0, fw - 1 do
    if blue(px(x, y)) then
      n, sx, sy, sxy = n + 1, sx + x, sy + y, sxy + x * y
      rows[#rows + 1] = { x, y }
    end
  end end
  local function mean_x(from, to)
    local s, c = 0, 0
    for k = from, to do s, c = s + rows[k][1], c + 1 end
    return c > 0 and s / c or 0
  end
  local k = math.max(1, #rows // 20) -- rows are in y order: the top twentieth, the bottom one
  return n > 0 and sxy / n - (sx / n) * (sy / n) or 0, mean_x(1, k), mean_x(#rows - k + 1, #rows), n
end
local right = path("right.png")
pendulum(-math.pi / 4):frame(0, { file = right })
local cov, top_x, bottom_x, n = lean(right)
T.ok(n > 100 and cov > 0 and bottom_x > top_x + 50,
  ("leaning right, the rod falls from its pivot to the right (%d px, covariance %.0f, top at x %.0f, bottom %.0f)"):format(n, cov, top_x, bottom_x))
local left = path("left.png")
pendulum(-3 * math.pi / 4):frame(0, { file = left })
cov, top_x, bottom_x, n = lean(left)
T.ok(n > 100 and cov < 0 and bottom_x < top_x - 50,
  ("leaning left, it falls to the left (%d px, covariance %.0f, top at x %.0f, bottom %.0f)"):format(n, cov, top_x, bottom_x))

---------------------------------------------------------------- a known curve

-- y = x over 0..10: both axes ticked every 2, so the curve passes where the
-- k-th tick of x meets the k-th of y. The ticks are found in the picture:
-- the x axis is the longest dark row, its ticks dark pixels just under it;
-- the y axis the longest dark column, its ticks just left of it.
local xs, ys = {}, {}
for i = 0, 100 do xs[#xs + 1], ys[#ys + 1] = i / 10, i / 10 end
local line = path("line.png")
mb.plot{ series = { { x = xs, y = ys, label = "y = x" } }, xlabel = "x", file = line }
local px, fw, fh = pixels(line)
local axis_y, best = nil, 0
for y = 0, fh - 1 do
  local run_ = 0
  for x = 0, fw - 1 do if dark(px(x, y)) then run_ = run_ + 1 end end
  if run_ > best then axis_y, best = y, run_ end
end
local axis_x
best = 0
for x = 0, fw - 1 do
  local run_ = 0
  for y = 0, fh - 1 do if dark(px(x, y)) then run_ = run_ + 1 end end
  if run_ > best then axis_x, best = x, run_ end
end
local function runs(get, from, to) -- the middles of runs of dark pixels
  local out, start = {}, nil
  for k = from, to + 1 do
    local on = k <= to and dark(get(k))
    if on and not start then start = k end
    if not on and start then out[#out + 1] = (start + k - 1) / 2 start = nil end
  end
  return out
end
local axis_end = axis_x
while axis_end + 1 < fw and dark(px(axis_end + 1, axis_y)) do axis_end = axis_end + 1 end
local xticks = runs(function(x) return px(x, axis_y + 3) end, axis_x + 2, axis_end)
local yticks = runs(function(y) return px(axis_x - 3, y) end, 0, axis_y - 2)
table.sort(yticks, function(a, b) return a > b end) -- from the bottom up
T.eq(#xticks, 6, "x ticks at 0, 2, ..., 10: " .. table.concat(xticks, " "))
T.eq(#yticks, 6, "y ticks at 0, 2, ..., 10: " .. table.concat(yticks, " "))
local worst = 0
for k = 1, math.min(#xticks, #yticks) do
  local x, sum, cnt = math.floor(xticks[k] + 0.5), 0, 0
  for y = 0, fh - 1 do
    if blue(px(x, y)) then sum, cnt = sum + y, cnt + 1 end
  end
  local gap = cnt > 0 and math.abs(sum / cnt - yticks[k]) or math.huge
  worst = math.max(worst, gap)
end
T.ok(worst <= 2.5, ("the curve y = x crosses each x tick at the height of the matching y tick (within %.1f px)"):format(worst))

---------------------------------------------------------------- animations

-- a GIF's images, counted by walking its blocks (header, colour table,
-- extensions, images, trailer)
local function gif_frames(file)
  local s = io.open(file, "rb"):read("a")
  if s:sub(1, 6) ~= "GIF89a" then return nil end
  local i = 14
  local flags = s:byte(11)
  if flags & 0x80 ~= 0 then i = i + 3 * (1 << ((flags & 7) + 1)) end
  local function skip_blocks()
    while true do
      local size = s:byte(i)
      i = i + 1
      if size == 0 then return end
      i = i + size
    end
  end
  local images = 0
  while i <= #s do
    local b = s:byte(i)
    if b == 0x21 then i = i + 2 skip_blocks()
    elseif b == 0x2C then
      images = images + 1
      local lflags = s:byte(i + 9)
      i = i + 10
      if lflags & 0x80 ~= 0 then i = i + 3 * (1 << ((lflags & 7) + 1)) end
      i = i + 1 -- the LZW code size
      skip_blocks()
    elseif b == 0x3B then return images
    else return nil end
  end
end
local gif = path("run.gif")
local wrote = r:animate{ file = gif, width = 160, height = 120 }
T.eq(gif_frames(gif), #r.t, "r:animate{ file }: one frame per sample")
T.eq(wrote.frames, #r.t, "and says how many: " .. tostring(wrote))
r:animate{ file = gif, width = 160, height = 120, fps = 10 }
T.eq(gif_frames(gif), 11, "fps = 10 over 1 s: 11 frames")
local md = mb.example("pendulum"):modes{}
local mode = path("mode1.gif")
md:animate(1, { file = mode, width = 160, height = 120, periods = 1 })
T.eq(gif_frames(mode), 41, "md:animate(1, { file }): one period of 40 steps and its end")

---------------------------------------------------------------- the other pictures

local fb = mb.example("four_bar"):simulate{ tf = 1, dt = 0.01 }
local fbd = path("coupler.png")
local d, said = T.capture(function() end), nil
d, said = fb:fbd("coupler", 0.5, { file = fbd })
T.ok(d.body == "coupler" and #d >= 3, "r:fbd{ file } still returns the diagram")
T.ok(tostring(said):find("wrote " .. fbd, 1, true), "and what it wrote")
local fpx, ffw = pixels(fbd)
T.eq(ffw, 640, "the diagram is 640 px wide by default")

local report = path("run.pdf")
fb:report{ file = report, plot = { "crank.omega", "rocker.omega" } }
out, ok = run("pdfinfo '" .. report .. "'")
T.ok(ok and out:match("Pages:%s+1\n") and out:match("A4"), "r:report: one A4 page:\n" .. out)
out = run("pdftotext '" .. report .. "' -")
T.ok(out:find("four-bar", 1, true) and out:find("energy", 1, true) and out:find("function evaluations", 1, true)
  and out:find("crank.omega", 1, true), "the page has its title, the energy plot, the quantities asked and the run's table")

-- the handout example: one page, its title, the motor's torque, the table
local handout = path("handout.pdf")
out, ok = run("./mechbench --batch examples/handout.lua '" .. handout .. "'")
T.ok(ok and out:find("wrote " .. handout, 1, true), "examples/handout.lua writes its page:\n" .. out)
out = run("pdfinfo '" .. handout .. "'") .. run("pdftotext '" .. handout .. "' -")
T.ok(out:match("Pages:%s+1\n") and out:find("four-bar, driven", 1, true) and out:find("motor.torque", 1, true)
  and out:find("largest constraint violation", 1, true), "the handout: one page with the run's name, the torque and the table")

local c = mb.compare(mb.example("four_bar"), { "body", "joint" }, { tf = 0.5, dt = 0.01, show = false })
local cmp = path("compare.svg")
c:plot{ file = cmp }
out, ok = run("xmllint --noout '" .. cmp .. "'")
T.ok(ok, "c:plot{ file } writes an SVG that parses")
local cpng = path("compare.png")
c:plot{ file = cpng, width = 400, height = 400 }
local cpx = pixels(cpng)
local top, bottom = 0, 0
for y = 0, 399 do for x = 0, 399, 2 do
  local r_, g, b = cpx(x, y)
  if not dark(r_, g, b) and (r_ < 200 or g < 200 or b < 200) then
    if y < 200 then top = top + 1 else bottom = bottom + 1 end
  end
end end
T.ok(top > 100 and bottom > 100, ("c:plot: the curves above, the differences below (%d and %d coloured pixels)"):format(top, bottom))

---------------------------------------------------------------- arrows to scale in the terminal

-- two forces on a bar, 10 N and 20 N to the right at its ends: their
-- arrows' shafts run from the bar to their heads, the second twice as
-- long, and the scale's arrow of 10 N as long as the first (issue 25: a
-- force was one glyph, with no shaft and no scale)
do
  local text = cv.fbd_text({ centre = { 0, 0 }, points = { { 0, 1 }, { 0, -1 } }, color = 1,
    arrows = { { at = { 0, 1 }, force = { 10, 0 }, label = "a", color = 3 },
               { at = { 0, -1 }, force = { 20, 0 }, label = "b", color = 4 } } }, 70, 16, true)
  local function columns(line) -- each character of a line, by column
    local out = {}
    for _, cp in utf8.codes(line) do out[#out + 1] = utf8.char(cp) end
    return out
  end
  local lengths = {}
  for line in (text .. "\n"):gmatch("(.-)\n") do
    local cells = columns(line)
    local head, start
    for i, ch in ipairs(cells) do
      if ch == "\u{2192}" then head = i end -- →
      local cp = utf8.codepoint(ch)
      if not start and cp >= 0x2800 and cp <= 0x28FF then start = i end
    end
    if head and start then lengths[#lengths + 1] = { head - start, line } end
  end
  T.eq(#lengths, 3, "three arrows to the right: 10 N, 20 N and the scale's:\n" .. text)
  if #lengths == 3 then
    local a, b, scale = lengths[1][1], lengths[2][1], lengths[3][1]
    T.ok(a >= 4 and math.abs(b / a - 2) < 0.25, ("20 N is drawn twice as long as 10 N (%d and %d cells)"):format(a, b))
    T.ok(lengths[3][2]:find("10 N", 1, true) and math.abs(scale - a) <= 1,
      ("the scale's 10 N arrow is as long as the 10 N force (%d and %d cells)"):format(scale, a))
  end
end

---------------------------------------------------------------- refused at the user's line

local line_of = debug.getinfo(1, "l").currentline
T.fails(function() r:plot("rod.angle", { file = path("x.jpg") }) end,
  "r:plot: file '" .. path("x.jpg") .. "': the format comes from its extension, which must be .svg, .pdf, .png",
  "an unknown extension is refused")
T.fails(function() r:plot("rod.angle", { file = path("x.jpg") }) end, "test_figures.lua:" .. (line_of + 4),
  "at the user's line")
T.fails(function() r:frame(0, { file = "/nonexistent/folder/x.png" }) end,
  "r:frame: cannot write /nonexistent/folder/x.png: No such file or directory", "an unwritable path is said")
T.fails(function() r:plot("rod.angle", { file = png, width = 10 }) end,
  "r:plot: width must be a whole number of pixels from 64 to 8000 (got 10)", "a width in pixels that is too small")
T.fails(function() r:plot("rod.angle", { file = png, height = 300.5 }) end,
  "height must be a whole number of pixels", "a fractional height")
T.fails(function() r:animate{ file = path("x.png") } end, "which must be .gif", "an animation is a GIF")
T.fails(function() r:report{} end, 'r:report: needs a file to write, such as { file = "run.pdf" }', "a report needs its file")
T.fails(function() r:report{ file = report, plot = "rod.nope" } end, "cannot plot 'rod.nope'", "a report's quantity is checked")
T.fails(function() r:frame(0, { file = 42 }) end, "file must be a file name", "a file that is not a name")
-- a time past the run's ends is refused, as r:at and r:fbd refuse it (it drew the end sample)
line_of = debug.getinfo(1, "l").currentline
T.fails(function() r:frame(99) end, "test_figures.lua:" .. (line_of + 1) .. ": r:frame: t = 99 is outside the run (t = 0 to 1 s)",
  "r:frame: a time after the run, at the user's line, with the run's times")
T.fails(function() r:frame(-0.5, { file = png }) end, "r:frame: t = -0.5 is outside the run (t = 0 to 1 s)",
  "r:frame: a time before the run, also for a file")
T.fails(function() r:report{ file = report, t = 5 } end, "test_figures.lua:" .. (line_of + 5) ..
  ": r:report: t = 5 is outside the run (t = 0 to 1 s)", "r:report: a time after the run")
T.ok(pcall(r.frame, r, 1 + 1e-12), "a time past the end by a rounding is the last sample")

local script = path("sandboxed.lua")
local f = io.open(script, "w")
f:write('local r = mb.example("pendulum"):simulate{ tf = 0.1 }\n', ('r:plot("rod.angle", { file = %q })\n'):format(path("sandboxed.svg")))
f:close()
out, ok = run("./mechbench --sandbox --batch '" .. script .. "'")
T.ok(not ok and out:find("sandboxed.lua:2: r:plot: writing a file is not allowed in the sandbox", 1, true),
  "under --sandbox no figure is written, refused at the script's line:\n" .. out)
T.ok(not exists(path("sandboxed.svg")), "and there is no file")

---------------------------------------------------------------- session options, inline pictures

T.eq(mb.options().graphics, "auto", "mb.options(): graphics is auto at first")
T.fails(function() mb.options{ graphic = "text" } end, "unknown option 'graphic': did you mean 'graphics'?", "a misspelt option")
T.fails(function() mb.options{ graphics = "png" } end, "graphics must be one of auto, sixel, kitty, text (got 'png')", "a bad value")
T.eq(mb.options{ graphics = "text" }.graphics, "text", "mb.options{ graphics = \"text\" } sets it")
mb.options{ graphics = "auto" }
-- in --batch, auto keeps text; asked for, sixel is written as a sixel stream
local plain = T.capture(function() r:plot("rod.angle", { width = 40, height = 10 }) end)
T.ok(plain:find("rod.angle [rad]", 1, true), "in --batch an r:plot stays text")
out = run("./mechbench --batch -e 'mb.options{ graphics = \"sixel\" }; mb.example(\"pendulum\"):simulate{ tf = 0.2 }:plot(\"rod.angle\")'")
T.ok(out:sub(1, 3) == "\27Pq" and out:find("\27\\", 1, true), "graphics = \"sixel\": the plot goes out as a sixel stream")
out = run("./mechbench --batch -e 'mb.options{ graphics = \"kitty\" }; mb.example(\"pendulum\"):simulate{ tf = 0.2 }:frame(0)'")
T.ok(out:sub(1, 15) == "\27_Gf=100,a=T,m=", "graphics = \"kitty\": the frame goes out in kitty's protocol")

os.execute("rm -rf '" .. dir .. "'")
T.finish()
