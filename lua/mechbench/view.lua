-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.view: pictures of models and results. The drawing is done in C
-- (render.c, plot.c) into character grids; this file says what to draw:
-- which points make each body's stick figure, which joints and forces
-- show, which quantity a plot name means.
local core = require "mechbench.core"
local args = require "mechbench.args"
local cv = core.view

local M = {}

-- Unicode drawing where the locale allows it.
M.unicode = cv.utf8() and os.getenv("MECHBENCH_ASCII") == nil

-- Whether a picture may take the whole screen: not --batch, a terminal on
-- both ends that can move its cursor (not TERM=dumb), and not while a
-- lesson quietly re-runs its earlier steps (M.quiet). Else the text.
M.quiet = false
local said_why -- that the terminal cannot move its cursor, said once
function M.terminal()
  if M.quiet or core.mode == "batch" or not (core.isatty(0) and core.isatty(1)) then return false end
  if cv.addressable() then return true end
  if not said_why then
    said_why = true
    require("mechbench.message").to_stderr(("the terminal (TERM=%s) cannot move its cursor; showing text instead")
      :format(os.getenv("TERM") or ""))
  end
  return false
end

local function name_of(x) return type(x) == "table" and x.name or x end

-- The drawable description of a model (see render.h), with body indices.
function M.describe(model)
  local index = {}
  for i, b in ipairs(model._order.bodies) do index[b.name] = i - 1 end
  local function body(ref) local n = name_of(ref) return n == "ground" and -1 or index[n] end
  local function point(ref)
    local p = model.points[name_of(ref)]
    return body(p.body), p.at or { 0, 0 }
  end
  local desc = { bodies = {}, links = {}, trails = {}, points = {} }
  for i, b in ipairs(model._order.bodies) do desc.bodies[i] = { name = b.name, points = {} } end
  for _, p in ipairs(model._order.points) do
    local b = body(p.body)
    desc.points[p.name] = { body = b, at = p.at or { 0, 0 } }
    if b >= 0 then table.insert(desc.bodies[b + 1].points, p.at or { 0, 0 }) end
  end
  local floor = false
  -- joints and forces as their kinds' entries say they look
  local function link(kind, slider, guide, extra)
    local bi, si = point(slider)
    local bj, sj = point(guide)
    local l = { kind = kind, bi = bi, si = si, bj = bj, sj = sj }
    for key, value in pairs(extra or {}) do l[key] = value end
    desc.links[#desc.links + 1] = l
  end
  for _, item in ipairs(model:resolved("joint")) do
    local drawing, points, vectors = item.kind.drawing, item.refs.points, item.refs.vectors
    if drawing == "pin" or drawing == "rod" then
      link(drawing, points[1], points[2])
    elseif drawing == "guide" then -- P_i slides on body j's line along u_j
      link("guide", points[1], points[2], { dir = vectors[2].dir })
    elseif drawing == "slot" then  -- P_j runs in body i's slot along u_i
      link("guide", points[2], points[1], { dir = vectors[1].dir })
    elseif drawing == "disc" then
      desc.bodies[body(item.refs.bodies[1]) + 1].radius = item.fields.radius
      floor = true
    end
  end
  for _, item in ipairs(model:resolved("force")) do
    if item.kind.drawing == "spring" then
      local f = item.fields
      link(((f.k or 0) == 0 and (f.c or 0) ~= 0) and "damper" or "spring", item.refs.points[1], item.refs.points[2])
    end
  end
  for _, k in ipairs(model._order.contacts or {}) do
    local function circle(ref, r)
      local b, at = point(ref)
      if (r or 0) > 0 and b >= 0 then desc.links[#desc.links + 1] = { kind = "circle", bi = b, si = at, radius = r } end
    end
    if k.type == "circles" then
      circle(k.points[1], k.radii[1]); circle(k.points[2], k.radii[2])
    else
      circle(k.point, k.radius)
      if k.line then
        local b, at = point(k.line[1])
        local n = model.vectors[name_of(k.line[2])].dir
        desc.links[#desc.links + 1] = { kind = "line", bj = b, sj = at, dir = { -n[2], n[1] } }
      else
        floor = true
      end
    end
  end
  if floor then desc.links[#desc.links + 1] = { kind = "floor" } end
  return desc
end

-- Trails follow the named points, or each body's point farthest from its
-- mass centre (a pendulum's tip, a crank's pin).
function M.trails(desc, names)
  local out = {}
  if names then
    for _, n in ipairs(names) do
      local p = desc.points[name_of(n)]
      if not p then
        local known = args.sorted_keys(desc.points)
        args.fail("points", "no point '%s' to trace%s (the points are: %s)", tostring(name_of(n)),
          args.suggest(name_of(n), known), table.concat(known, ", "))
      end
      if p.body >= 0 then out[#out + 1] = { body = p.body, at = p.at } end
    end
    return out
  end
  -- a point pinned to the ground never moves: not worth a trail
  local fixed = {}
  for _, l in ipairs(desc.links) do
    if l.kind == "pin" and (l.bi < 0 or l.bj < 0) then
      local b, at = l.bi < 0 and l.bj or l.bi, l.bi < 0 and l.sj or l.si
      fixed[b .. ":" .. at[1] .. "," .. at[2]] = true
    end
  end
  for i, b in ipairs(desc.bodies) do
    local best, far = { 0, 0 }, -1
    for _, at in ipairs(b.points) do
      local d = at[1] ^ 2 + at[2] ^ 2
      if d >= far and not fixed[(i - 1) .. ":" .. at[1] .. "," .. at[2]] then best, far = at, d end
    end
    out[#out + 1] = { body = i - 1, at = best }
  end
  return out
end

return M
