-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.pieces: a model at one state: the equations of motion of any
-- formulation (m:pieces, m:evaluate), joint, point and minimal coordinates
-- laid out as the book does (m:joint_coords, m:point_coords,
-- m:minimal_coords), the start corrected (m:correct), an impact in place
-- (m:impact).
local core = require "mechbench.core"
local args = require "mechbench.args"
local elements = require "mechbench.elements"
local options = require "mechbench.options"
local where = args.where
local name_of, names, point_ref = elements.name_of, elements.names, elements.point_ref
local message = require "mechbench.message"
local state_options = options.state_options

-- What the options' checks noticed and let pass, said at the user's line.
local function say_notices(o)
  options.say_notices(o, function(text) message.to_stderr(("%s: warning: %s"):format(where(), text)) end)
end

local M = {}
local Model = {} -- the methods of this file (M.methods)
M.methods = Model

-- A time given to a teaching function: a finite number, 0 when left out.
local function time_arg(t, what)
  if t == nil then return 0 end
  local why = args.bad_number(t)
  if why then error(("%s: %s: t %s"):format(where(3), what, why), 0) end
  return t
end

-- The equations of motion of any formulation at the start, or at y =
-- {q..., q̇...}: q, qd, M, D (the Jacobian in q), phi, vrhs, gamma, h, acc
-- and lambda. opts: formulation (body by default) and its options, t.
function Model:pieces(opts)
  local o = state_options(self, opts, "pieces", nil, 2)
  local ok, p = pcall(core.model.pieces, self:compile(), o, o.t, o.y)
  if not ok then error(string.format("%s: pieces: %s", where(2), p), 0) end
  say_notices(o)
  return p
end

-- The pieces of Eq. 7.56 at the initial state: M, D, γ, Φ, h, c̈, λ.
function Model:evaluate(t)
  t = time_arg(t, "evaluate")
  local desc = self:compile()
  local ok, p = pcall(core.model.evaluate, desc, t)
  if not ok then error(string.format("%s: %s", where(2), p), 0) end
  return p
end

-- The impact of a contact at the model's state (Sec. 11.1): the velocities
-- jump in place, as they would the instant the contact closes during a run.
-- Returns the velocities by body name, the normal and friction impulses,
-- and the normal speeds before (closing) and after (opening).
function Model:impact(name)
  local index
  for i, k in ipairs(self._order.contacts) do if k.name == name_of(name) then index = i end end
  if not index then
    error(string.format("%s: model '%s' has no contact '%s' (its contacts: %s)", where(2), self.name,
      tostring(name_of(name)), names(self._order.contacts)), 0)
  end
  local desc = self:compile()
  local ok, out = pcall(core.model.impact, desc, index)
  if not ok then error(string.format("%s: %s", where(2), out), 0) end
  local result = { impulse = out.impulse, friction_impulse = out.friction_impulse,
    closing = out.closing, opening = out.opening, bodies = {} }
  for i, b in ipairs(self._order.bodies) do
    local k = 3 * (i - 1)
    b.vel, b.omega = { out.v[k + 1], out.v[k + 2] }, out.v[k + 3]
    result.bodies[b.name] = { vx = out.v[k + 1], vy = out.v[k + 2], omega = out.v[k + 3] }
  end
  return result
end

-- Correct the initial positions and velocities (Sec. 14.3) in place, and
-- return them by body name.
-- (at: the drivers' time, 0 unless a run's event corrects later on; here:
-- where errors are said)
local function correct_at(self, at, here)
  local desc = self:compile()
  local ok, y = pcall(core.model.correct, desc, at)
  if not ok then error(string.format("%s: %s", here, y), 0) end
  local n = #self._order.bodies
  local out = {}
  for i, b in ipairs(self._order.bodies) do
    local k = 3 * (i - 1)
    b.pos, b.angle = { y[k + 1], y[k + 2] }, y[k + 3]
    b.vel, b.omega = { y[3 * n + k + 1], y[3 * n + k + 2] }, y[3 * n + k + 3]
    out[b.name] = { x = y[k + 1], y = y[k + 2], angle = y[k + 3],
      vx = b.vel[1], vy = b.vel[2], omega = b.omega }
  end
  return out
end
function Model:correct() return correct_at(self, 0, where(2)) end

-- The joint-coordinate pieces at the initial state (Ch. 9): the tree, the
-- cut joints, B, Ḃθ̇ (Bdtd), M̄ (M), h̄ (h), C, γ̄ (gamma), θ̈ (acc), λ.
local JointPieces = {}
JointPieces.__index = JointPieces
function JointPieces:__tostring()
  local lines = { string.format("joint coordinates of '%s': %d coordinates, %d cut-joint rows",
    self.model_name, #self.theta, #self.gamma) }
  for _, t in ipairs(self.tree) do
    lines[#lines + 1] = string.format("  %-12s hangs from %-12s by %-14s coordinate %d (%s)",
      t.body, t.parent, t.joint or "(floating)", t.coordinate, t.kind)
  end
  if #self.cut > 0 then lines[#lines + 1] = "  cut joints: " .. table.concat(self.cut, ", ") end
  return table.concat(lines, "\n")
end

function Model:joint_coords(opts)
  local o = state_options(self, opts, "joint_coords", "joint", 2)
  local desc = self:compile()
  local ok, p = pcall(core.model.joint_pieces, desc, o, o.t)
  if not ok then error(string.format("%s: %s", where(2), p), 0) end
  say_notices(o)
  local bodies, joints = self._order.bodies, self._order.joints
  local kinds = { [0] = "x, y, angle", [1] = "angle", [2] = "slide" }
  p.model_name = self.name
  p.tree = {}
  for i, b in ipairs(bodies) do
    local parent = p.parent[i] == 0 and "ground" or bodies[p.parent[i]].name
    p.tree[i] = { body = b.name, parent = parent, joint = p.joint[i] > 0 and joints[p.joint[i]].name or nil,
      coordinate = p.coord[i], kind = kinds[p.kind[i]] }
  end
  local cut = {}
  for i, k in ipairs(p.cut) do cut[i] = joints[k].name end
  p.cut = cut
  return setmetatable(p, JointPieces)
end

-- Point coordinates (Ch. 10) as the formulation chose them: its points
-- and its constraints, printed as the book lays them out, and the pieces
-- of its equations; with formulation = "point-recursive", Attia's chains,
-- each body's particles and his system A {r''; lambda} = b.
local PointPieces = {}
PointPieces.__index = PointPieces

local function fmt_number(v) return (("%.4g"):format(v):gsub("^%-0$", "0")) end
-- round-off below a picometre is shown as 0
local function fmt_pair(v)
  local function snap(x) return math.abs(x) < 1e-12 and 0 or x end
  return "(" .. fmt_number(snap(v[1])) .. ", " .. fmt_number(snap(v[2])) .. ")"
end

function PointPieces:__tostring()
  local moving, stationary = 0, 0
  for _, pt in ipairs(self.points) do
    if pt.var then moving = moving + 1 else stationary = stationary + 1 end
  end
  local dof = #self.r - #self.phi
  -- three lines, so that a long model name still fits 80 columns
  local lines = { ("%s of '%s':"):format(self.recursive and "recursive point coordinates" or "point coordinates",
    self.model_name), ("  %d moving point%s (%d coordinates) and %d stationary"):format(moving,
    moving == 1 and "" or "s", #self.r, stationary), ("  %d constraint%s: %d degree%s of freedom"):format(#self.phi,
    #self.phi == 1 and "" or "s", dof, dof == 1 and "" or "s") }
  lines[#lines + 1] = "  point         coordinates    at                    on"
  for _, pt in ipairs(self.points) do
    local coords = pt.var and ("r[%d], r[%d]"):format(pt.var, pt.var + 1) or "stationary"
    lines[#lines + 1] = ("  %-12s  %-13s  %-20s  %s"):format(pt.label, coords, fmt_pair(pt.at), pt.on)
  end
  lines[#lines + 1] = "  constraint  type      on                    from"
  for i, row in ipairs(self.rows) do
    local on = table.concat(row.point_labels, ", ")
    lines[#lines + 1] = ("  %-10d  %-8s  %-20s  %s"):format(i, row.type, on, row.from)
  end
  if self.recursive then
    lines[#lines + 1] = "  chains (each body hangs from its base particle; the tree's pins share theirs)"
    for _, g in ipairs(self.chain) do lines[#lines + 1] = "    " .. g end
    if #self.cut > 0 then lines[#lines + 1] = "  cut joints: " .. table.concat(self.cut, ", ") end
    lines[#lines + 1] = ("  Attia's system: %d x %d (%d point accelerations, %d reactions)"):format(
      #self.b, #self.b, #self.r, #self.b - #self.r)
  end
  return table.concat(lines, "\n")
end

-- The minimal-coordinate pieces at the start, or at y = {q_I..., q̇_I...}:
-- the independent coordinates' names, the groups the joints were taken
-- apart into (each: kind, joints, bodies, unknowns, condition, branch), and
-- M' (M), h' (h), q̈_I (acc) as m:pieces gives them.
local MinimalPieces = {}
MinimalPieces.__index = MinimalPieces
function MinimalPieces:__tostring()
  local lines = { string.format("minimal coordinates of '%s': %d independent (%s), %d group%s",
    self.model_name, #self.independent, #self.independent > 0 and table.concat(self.independent, ", ")
      or "none: the drivers fix every body", #self.groups, #self.groups == 1 and "" or "s") }
  for i, g in ipairs(self.groups) do
    if g.kind == "placed" then
      lines[#lines + 1] = string.format("  %d. %s placed by %s", i, g.bodies, g.joints)
    else
      lines[#lines + 1] = string.format("  %d. %s: the loop through %s, %s", i, g.bodies, g.joints, g.kind)
      -- the unknowns on a line of their own: two names fill most of 80 columns
      lines[#lines + 1] = string.format("     unknowns %s", g.unknowns)
      lines[#lines + 1] = string.format("     condition %.3g%s", g.condition,
        g.branch ~= 0 and string.format(", branch %+d", g.branch) or "")
    end
  end
  return table.concat(lines, "\n")
end

function Model:minimal_coords(opts)
  local o = state_options(self, opts, "minimal_coords", "minimal", 2)
  local ok, p = pcall(core.model.minimal_pieces, self:compile(), o, o.t, o.y)
  if not ok then error(string.format("%s: minimal_coords: %s", where(2), p), 0) end
  p.model_name = self.name
  return setmetatable(p, MinimalPieces)
end

function Model:point_coords(opts)
  -- the point layout of either point formulation, "point" unless told
  local given = type(opts) == "table" and opts.formulation
  local o = state_options(self, opts, "point_coords", not given and "point" or nil, 2)
  o.formulation = o.formulation or "point"
  if o.formulation ~= "point" and o.formulation ~= "point-recursive" then
    error(('%s: point_coords: lays out point coordinates: formulation = "point" or "point-recursive", not %q'):format(
      where(2), o.formulation), 0)
  end
  local desc = self:compile()
  local ok, p = pcall(core.model.point_pieces, desc, o, o.t, o.y)
  if not ok then error(string.format("%s: point_coords: %s", where(2), p), 0) end
  say_notices(o)
  p.model_name, p.recursive, p.r, p.rd = self.name, o.formulation == "point-recursive", p.q, p.qd
  local function body_name(i) return i == 0 and "ground" or desc.bodies[i].name end
  -- a point is named after its pin, or after the model's point where it lies
  local seen = {}
  for _, pt in ipairs(p.points) do
    local label
    if pt.role == "pin" then label = desc.joints[pt.joint].name end
    for _, mp in ipairs(self._order.points) do
      local b, at = point_ref(self, mp.name)
      if not label and b + 1 == pt.body and math.abs(at[1] - pt["local"][1]) + math.abs(at[2] - pt["local"][2]) < 1e-9 then
        label = mp.name
      end
    end
    label = label or (body_name(pt.body) .. (pt.role == "centre" and ".G" or pt.role == "gyration" and ".rho" or ".axis"))
    while seen[label] do label = label .. "'" end
    seen[label], pt.label = true, label
  end
  for _, pt in ipairs(p.points) do pt.bodies = {} end
  for _, g in ipairs(p.groups) do
    for _, k in ipairs(g.points) do
      local list = p.points[k].bodies
      list[#list + 1] = body_name(g.ref)
    end
  end
  for _, pt in ipairs(p.points) do
    pt.on = #pt.bodies > 0 and table.concat(pt.bodies, ", ") or "ground"
    if pt.role == "pin" then pt.on = pt.on .. " (pin)" end
  end
  for _, row in ipairs(p.rows) do
    row.point_labels = {}
    for k, i in ipairs(row.points) do row.point_labels[k] = p.points[i].label end
    row.from = row.joint and ("joint '%s'"):format(desc.joints[row.joint].name)
      or ("body '%s'"):format(body_name(row.body))
    row.joint_name = row.joint and desc.joints[row.joint].name
    row.body_name = not row.joint and body_name(row.body) or nil
  end
  if p.recursive then
    p.chain, p.cut = {}, {}
    local tree = {}
    for _, g in ipairs(p.order) do
      local G = p.groups[g]
      local base = p.points[G.points[1]].label
      if G.parent == -1 then
        p.chain[#p.chain + 1] = ("%s floats, its base %s"):format(body_name(G.ref), base)
      else
        local from = G.parent == 0 and "the ground" or body_name(p.groups[G.parent].ref)
        p.chain[#p.chain + 1] = ("%s hangs from %s at %s"):format(body_name(G.ref), from, base)
        tree[G.parent_joint] = true
      end
    end
    for _, row in ipairs(p.rows) do
      if row.joint and not tree[row.joint] then
        local name = desc.joints[row.joint].name
        if p.cut[#p.cut] ~= name then p.cut[#p.cut + 1] = name end
      end
    end
  end
  return setmetatable(p, PointPieces)
end


M.correct_at = correct_at
return M
