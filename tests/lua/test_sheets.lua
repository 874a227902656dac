-- SPDX-License-Identifier: GPL-3.0-or-later
-- A problem's sheet as a PDF (p:sheet{ file }, --problem N --sheet FILE),
-- read back with poppler's tools: A4 pages; every number of the student's
-- data, every answer's name and the seed in its text; the mechanism drawn
-- (a body's colour on the page) where the problem has a model and nothing
-- coloured where it has none; no ink in the margins, however long a word
-- or a paragraph; pages counted in the footers; bad files refused.
local T = dofile(arg[0]:match("(.*/)") .. "harness.lua")
local cv = mb.core.view

local dir, path = T.folder()
local run = T.run

-- page k of a PDF as pixels: a function (x, y) -> r, g, b, its size
local function page(pdf, k)
  local png = path("page")
  run(("pdftoppm -r 48 -f %d -l %d -png -singlefile '%s' '%s'"):format(k, k, pdf, png))
  local w, h, rgb = cv.png_pixels(png .. ".png")
  T.ok(w ~= nil, pdf .. " page " .. k .. " renders")
  if not w then return function() return 255, 255, 255 end, 0, 0 end
  return function(x, y) return rgb:byte(3 * (y * w + x) + 1, 3 * (y * w + x) + 3) end, w, h
end

local function pages(pdf)
  local info = run("pdfinfo '" .. pdf .. "'")
  return tonumber(info:match("Pages:%s+(%d+)")), info
end

-- Okabe and Ito's blue: the first body's colour
local function blue(r, g, b) return b > 120 and r < 80 and b > g + 30 end
local function ink(r, g, b) return r + g + b < 600 end

-- how many pixels of page px (w x h) pass test, within columns x0..x1
local function count(px, w, h, test, x0, x1)
  local n = 0
  for y = 0, h - 1 do
    for x = x0 or 0, x1 or w - 1 do
      if test(px(x, y)) then n = n + 1 end
    end
  end
  return n
end

-- the margins: nothing drawn in the outer 8 % of the width (the text's
-- column is the middle 82 %)
local function margins_clear(pdf, what)
  local n = pages(pdf) or 0
  for k = 1, n do
    local px, w, h = page(pdf, k)
    local edge = math.floor(0.08 * w)
    local stray = count(px, w, h, ink, 0, edge) + count(px, w, h, ink, w - 1 - edge, w - 1)
    T.eq(stray, 0, ("%s, page %d of %d: no ink in the margins"):format(what, k, n))
  end
end

---------------------------------------------------------------- problems
-- a problem without a model (2.2, 7.9) and with one, of several chapters
for _, case in ipairs {
  { number = "2.2", model = false }, { number = "4.6", model = true }, { number = "7.9", model = false },
  { number = "7.21", model = true }, { number = "9.4", model = true },
} do
  local p = problem(case.number, { seed = "jdoe" })
  local pdf = path(case.number .. ".pdf")
  local wrote = p:sheet{ file = pdf }
  T.ok(tostring(wrote):find("wrote " .. pdf, 1, true), case.number .. ": p:sheet{ file } says what it wrote")
  local n, info = pages(pdf)
  T.ok(n and n >= 1 and info:match("595%.?%d* x 842%.?%d* pts %(A4%)"), case.number .. ": A4 pages:\n" .. info)
  local text = run("pdftotext '" .. pdf .. "' -")
  -- every number of the data, as the text sheet shows them
  local sheet = p:sheet()
  local data = sheet:match("\nData %(p%.data.-\n(.-)\n\n")
  local numbers, missing = 0, {}
  for line in (data or ""):gmatch("[^\n]+") do
    local value = line:match("^  %S+%s+= (.-)%s%s%s") or line:match("^  %S+%s+= (.*)$")
    for x in (value or ""):gmatch("%-?%d+%.?%d*") do
      numbers = numbers + 1
      if not text:find(x, 1, true) then missing[#missing + 1] = x end
    end
  end
  T.ok(numbers >= 2 and #missing == 0, ("%s: the PDF has the %d numbers of the data%s"):format(case.number, numbers,
    #missing > 0 and (", not " .. table.concat(missing, " ")) or ""))
  local names = true
  for _, a in ipairs(p.asks) do names = names and text:find(a.name, 1, true) ~= nil end
  T.ok(names, case.number .. ": the PDF names every answer to hand in")
  T.ok(text:find('answers["' .. case.number .. '"]', 1, true), case.number .. ": and where a script puts them")
  T.ok(text:find('problem("' .. case.number .. '", { seed = "jdoe" }).data holds them', 1, true),
    case.number .. ": and how to open the student's data at the prompt (a bare problem() gives the book's)")
  local footers = 0
  for k = 1, n or 0 do
    local one = run(("pdftotext -f %d -l %d '%s' -"):format(k, k, pdf))
    if one:find('Problem ' .. case.number .. ', seed "jdoe"', 1, true) and one:find(("page %d of %d"):format(k, n), 1, true) then
      footers = footers + 1
    end
  end
  T.eq(footers, n, case.number .. ": every page's footer has the seed and the page's number")
  local px, w, h = page(pdf, 1)
  local coloured = count(px, w, h, blue)
  if case.model then
    T.ok(coloured > 20 and text:find("The mechanism", 1, true), ("%s: the mechanism is drawn on page 1 (%d blue px)"):format(
      case.number, coloured))
  else
    T.ok(coloured == 0 and not text:find("The mechanism", 1, true), ("%s: no model, no mechanism (%d blue px)"):format(
      case.number, coloured))
  end
  margins_clear(pdf, case.number)
end

-- the book's data: said so, and no seed
local pdf = path("book.pdf")
problem("4.6", { seed = false }):sheet{ file = pdf }
local text = run("pdftotext '" .. pdf .. "' -")
T.ok(text:find("the book's data", 1, true) and text:find("The data", 1, true) and not text:find('seed "', 1, true),
  "the book's data: the sheet says so and names no seed")

-- a model that takes no data is said to be the book's, whatever the seed
for _, case in ipairs { { "7.17", "built from the book's data, the same for every seed" },
  { "4.6", "built from your data" } } do
  local file = path("model.pdf")
  problem(case[1], { seed = "jdoe" }):sheet{ file = file }
  T.ok(run("pdftotext '" .. file .. "' -"):find(case[2], 1, true), case[1] .. ": the mechanism is " .. case[2])
end

---------------------------------------------------------------- the layout
-- a long paragraph, a word longer than the line and a row taller than a
-- page: wrapped inside the margins, flowed onto pages counted in the
-- footers
local long = ("The crank turns and the coupler follows; "):rep(40)
local blocks = { { style = "title", text = ("A title long enough to need a second line of its own, "):rep(2) } }
for k = 1, 12 do blocks[#blocks + 1] = { style = "para", text = long } end
blocks[#blocks + 1] = { style = "pre", text = ("x"):rep(400) }
blocks[#blocks + 1] = { style = "row", left = "name", mid = "= " .. ("{1.5, 2.5}, "):rep(30), text = long }
local wide = path("wide.pdf")
local ok, err = cv.figure({ kind = "sheet", blocks = blocks, footer = "layout" }, wide, 794, 1123, 1.1)
T.ok(ok, "a sheet of long paragraphs is written: " .. tostring(err))
local n = pages(wide)
T.ok(n and n >= 3, ("twelve paragraphs of 40 sentences take several pages (%s)"):format(tostring(n)))
T.ok(run(("pdftotext -f %d -l %d '%s' -"):format(n, n, wide)):find(("page %d of %d"):format(n, n), 1, true),
  "the last page's footer counts the pages")
local all = run("pdftotext '" .. wide .. "' -"):gsub("%s", "")
local _, xs = all:gsub("x", "")
T.eq(xs, 400, "a word of 400 characters is cut between lines, none lost")
margins_clear(wide, "long text")

---------------------------------------------------------------- refused
local p = problem("4.6")
T.fails(function() p:sheet{ file = path("s.png") } end,
  "s.png': the format comes from its extension, which must be .pdf", "a sheet is a PDF")
T.fails(function() p:sheet{ fiel = "s.pdf" } end, "p:sheet", "an unknown option is refused")
T.fails(function() p:sheet{} end, 'p:sheet: writes the sheet to the file in { file = "sheet.pdf" }',
  "p:sheet{} without a file")
T.fails(function() p:sheet{ file = path("no/such/dir/s.pdf") } end, "p:sheet: cannot write " .. path("no/such/dir/s.pdf"),
  "a path that cannot be written")
T.fails(function() cv.figure({ kind = "sheet", blocks = {} }, path("s.png"), 794, 1123) end, "a sheet of pages is written as .pdf",
  "the C side writes a sheet as PDF only")

os.execute("rm -rf '" .. dir .. "'")
T.finish()
