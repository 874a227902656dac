-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.figure: pictures out of the terminal. The `file =` option of
-- every picture (r:plot, r:frame, r:fbd, c:plot, r:report: .svg .pdf .png;
-- r:animate, md:animate: .gif) and the inline pictures at the prompt of a
-- terminal that shows sixel or speaks kitty's graphics protocol. The
-- drawing is done in C (src/view/picture.c, through the drawing interface
-- that the character pictures use too); this file says what to draw and
-- checks what the user gave.
local core = require "mechbench.core"
local args = require "mechbench.args"
local session = require "mechbench.session"
local kinds = require "mechbench.kinds"
local message = require "mechbench.message"
local cv = core.view

local M = {}

M.STILL = { "svg", "pdf", "png" }
M.ANIMATION = { "gif" }
-- the default sizes, in pixels: a plot for a slide, a snapshot, a page
M.SIZES = { plot = { 640, 400 }, frame = { 640, 480 }, fbd = { 640, 480 }, report = { 794, 1123 },
  compare = { 640, 640 } }
local SMALLEST, LARGEST = 64, 8000

-- What a figure's writer returns: it prints as a sentence at the prompt.
local Written = { __tostring = function(w)
  return ("wrote %s (%d x %d px%s)"):format(w.path, w.width, w.height,
    w.frames and (", %d frames"):format(w.frames) or "")
end }

-- The file a picture is to be written to: nil when opts.file is not
-- given, else { path, width, height, format } after every check, each
-- failing at the user's line: the sandbox, the name, its extension (one of
-- formats), the size in pixels (defaults from M.SIZES[kind]).
function M.target(what, opts, formats, kind)
  local path = opts.file
  if path == nil then return nil end
  if core.sandbox then -- no file is written in the sandbox (mechbench.sandbox says why)
    args.fail(what, "writing a file is not allowed in the sandbox (a sandboxed script leaves no file behind)")
  end
  if type(path) ~= "string" or path == "" then
    args.fail(what, 'file must be a file name such as "figure.%s", not %s', formats[1],
      type(path) == "string" and "an empty string" or type(path))
  end
  local ext = (path:match("%.([%w]+)$") or ""):lower()
  local known = false
  for _, f in ipairs(formats) do known = known or f == ext end
  if not known then
    args.fail(what, "file '%s': the format comes from its extension, which must be %s", path,
      "." .. table.concat(formats, ", ."))
  end
  local size = M.SIZES[kind]
  local t = { path = path, width = opts.width or size[1], height = opts.height or size[2], format = ext }
  for _, key in ipairs { "width", "height" } do
    local why = opts[key] ~= nil and args.bad_whole(opts[key], SMALLEST, LARGEST, "pixels")
    if why then args.fail(what, "%s %s", key, why) end
  end
  return t
end

-- Write a still picture (spec: see lua_view.c's picture_from_lua) to the
-- target; an error at the user's line when the file cannot be written.
function M.write(what, spec, target, scale)
  local ok, err = cv.figure(spec, target.path, target.width, target.height, scale)
  if not ok then args.fail(what, "%s", err) end
  return setmetatable({ path = target.path, width = target.width, height = target.height }, Written)
end

------------------------------------------------------------------ inline

local answered -- the terminal's answer, asked once a session

-- "sixel" or "kitty" when pictures are to be shown inline, else nil:
-- mb.options{ graphics = ... } decides, and "auto" asks a terminal at the
-- prompt (never in --batch, a script, TERM=dumb or without a terminal).
function M.inline_kind()
  local mode = session.get("graphics")
  if mode == "sixel" or mode == "kitty" then return mode end
  if mode == "text" or core.mode ~= "interactive" or not (core.isatty(0) and core.isatty(1)) then return nil end
  local term = os.getenv("TERM")
  if term == nil or term == "" or term == "dumb" then return nil end
  answered = answered or cv.inline_detect(300)
  return answered ~= "text" and answered or nil
end

-- Show a still picture inline when the terminal can; true if shown.
function M.show(what, spec)
  local kind = M.inline_kind()
  if not kind then return false end
  local ok, err = cv.show_inline(spec, kind)
  if not ok then message.to_stderr(what .. ": " .. tostring(err) .. "; showing text instead") end
  return ok == true
end

------------------------------------------------------------------ what to draw

local function caption(t) return ("t = %.4g s"):format(t) end

-- The mechanism at sample i of a run (scene and poses made by the result).
function M.frame_spec(r, scene, poses, i, opts)
  return { kind = "frame", scene = scene, poses = poses, frame = i, labels = opts.labels ~= false,
    trails = opts.trails, title = r.model_name, caption = caption(r.t[i]) }
end

-- The samples an animation shows (each, or one per 1/fps of the run's
-- time) and how long each is shown, in hundredths of a second: the run's
-- own pace at opts.speed, each at least 2 (browsers show shorter delays as
-- 10), rounding carried over so the whole keeps time.
function M.schedule(t, fps, speed)
  local frames, last = {}, -math.huge
  for i = 1, #t do
    if not fps or t[i] - last >= 1 / fps - 1e-12 or i == #t then
      frames[#frames + 1], last = i, t[i]
    end
  end
  local delays, shown = {}, 0
  for k = 1, #frames do
    local upto = k < #frames and (t[frames[k + 1]] - t[frames[1]]) / speed * 100 or shown + 10
    local d = math.max(2, math.floor(upto - shown + 0.5))
    delays[k], shown = d, shown + d
  end
  return frames, delays
end

-- An animated GIF of a run: r:animate{ file = "run.gif", fps, speed }.
function M.animation(what, r, scene, poses, opts, target)
  local frames, delays = M.schedule(r.t, opts.fps, opts.speed or 1)
  local captions = {}
  for k, i in ipairs(frames) do captions[k] = caption(r.t[i]) end
  local spec = M.frame_spec(r, scene, poses, 1, opts)
  spec.frames, spec.delays, spec.captions = frames, delays, captions
  spec.title = opts.title or r.model_name
  local ok, err = cv.gif(spec, target.path, target.width, target.height)
  if not ok then args.fail(what, "%s", err) end
  return setmetatable({ path = target.path, width = target.width, height = target.height, frames = #frames }, Written)
end

-- A plot spec for quantities of a run: series = { {x, y, label, color}, ... }.
local function plot_of(r, names, title, colors, labels)
  local series, xy = {}, false
  for k, n in ipairs(names) do
    local x, y, label, unit = r:series(n)
    xy = xy or n:match("%.path$") ~= nil
    label = labels and labels[k] or label
    series[k] = { x = x, y = y, label = label .. (unit ~= "" and (" [" .. unit .. "]") or ""),
      color = colors and colors[k] or nil }
  end
  return { kind = "plot", series = series, title = title, xlabel = xy and "x [m]" or "t [s]",
    ylabel = xy and "y [m]" or nil }
end
M.plot_of = plot_of

-- Each body's colour in the mechanism's pictures: its place among the
-- bodies (render.c's body_color), so a curve of a body has its colour.
function M.body_colors(r, names)
  local place = {}
  for i, b in ipairs(r.body_order or {}) do place[b] = i end
  local colors, used = {}, {}
  for k, n in ipairs(names) do
    local head = type(n) == "string" and n:match("^(.-)%.") or nil
    local i = head and place[head]
    local c = i and 1 + (i - 1) % 6
    if c and not used[c] then colors[k], used[c] = c, true end
  end
  return colors
end

-- The run's one-page handout: the mechanism with its trails, the energy,
-- the constraint violation, the quantities asked for, and the summary.
-- i: the sample the mechanism is drawn at.
function M.report(r, scene, poses, i, opts, target)
  local asked = opts.plot or { (r.body_order[1] or "energy") .. (r.body_order[1] and ".angle" or ".total") }
  if type(asked) == "string" then asked = { asked } end
  local plots = {
    plot_of(r, { "energy.kinetic", "energy.potential", "energy.total" }, "energy", nil,
      { "kinetic", "potential", "total" }),
    plot_of(r, { "violation" }, "constraint violation", nil, { "|Phi|" }),
    plot_of(r, asked, table.concat(asked, ", "), M.body_colors(r, asked)),
  }
  local mech = M.frame_spec(r, scene, poses, i, { labels = true, trails = opts.trails ~= false })
  local s = r.stats or {}
  local spec = { kind = "report", title = r.model_name, mechanism = mech, plots = plots, table = r:summary(),
    subtitle = ("%s, %s; t = %g to %g s, %d samples"):format(tostring(s.formulation), tostring(s.integrator),
      r.t[1], r.t[#r.t], #r.t) }
  return M.write("r:report", spec, target, 1)
end

-- A comparison's plots: one quantity in every run, then each run's
-- position difference from the first; each run in its formulation's colour.
function M.comparison(c, opts)
  local order, first = c.order, c.results[c.order[1]]
  local quantity = opts.quantity or (first.body_order[1] or "energy") .. (first.body_order[1] and ".angle" or ".total")
  local place = {}
  for k, f in ipairs(kinds.formulations) do place[f.name] = k end
  local function color(label)
    local f = c.results[label].stats.formulation
    return place[f] and 1 + (place[f] - 1) % 6 or nil
  end
  local curves, diffs = {}, {}
  for k, label in ipairs(order) do
    local x, y = c.results[label]:series(quantity)
    curves[k] = { x = x, y = y, label = label, color = color(label), style = k }
    if k > 1 then
      diffs[#diffs + 1] = { x = first.t, y = c.diff[label].position, label = label, color = color(label), style = k }
    end
  end
  local _, _, name, unit = first:series(quantity)
  local plots = { { kind = "plot", series = curves, title = name .. (unit ~= "" and (" [" .. unit .. "]") or ""),
    xlabel = "t [s]" } }
  if #diffs > 0 then
    plots[2] = { kind = "plot", series = diffs, title = "position difference from " .. order[1] .. " [m]",
      xlabel = "t [s]" }
  end
  return plots
end

return M
