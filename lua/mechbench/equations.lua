-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.equations: a model's equations derived symbolically
-- (m:equations): the constraints Φ, their Jacobian D = ∂Φ/∂q, the right
-- side γ of D q̈ = γ, and M and h of M q̈ = h + D'λ, in body (Ch. 7), joint
-- (Ch. 9) or point (Ch. 10) coordinates, in the model's own names.
--
-- Φ of a joint comes from its declared geometry (mechbench.joint_geometry)
-- with the bodies' poses written in the formulation's coordinates: the
-- coordinates themselves in body coordinates, the tree's recursive
-- kinematics in joint coordinates (Sec. 9.1.2). In point coordinates the
-- rows are the layout's (Sec. 10.3), read from the C model. Then D and γ
-- are derivatives (mechbench.algebra):
--   D = ∂Φ/∂q,  γ = -(D q̇)_q q̇ - 2 Φ_qt q̇ - Φ_tt = -Φ̈ with q̈ = 0,
-- and M and h follow from the bodies' poses c(q) and their masses:
--   M = B'M_c B,  h = B'(h_c - M_c Ḃq̇),  B = ∂c/∂q  (Eqs. 9.23-9.24),
-- which is the body coordinates' M and h when c = q, and point
-- coordinates' h when Ḃ is left out (their M is constant, Sec. 10.7).
local A = require "mechbench.algebra"
local G = require "mechbench.joint_geometry"
local F = require "mechbench.force_terms"
local core = require "mechbench.core"
local kinds = require "mechbench.kinds"

local M = {}

---------------------------------------------------------------- names

-- A Lua identifier from a model's name.
local function ident(s)
  s = tostring(s):gsub("[^%w_]", "_")
  if s:match("^%d") then s = "_" .. s end
  return s
end

-- A name as LaTeX text in a subscript.
local function latex_name(s)
  s = tostring(s):gsub("[\\{}$&#%%^_~]", function(c)
    if c == "\\" then return "\\backslash " end
    if c == "~" then return "\\sim " end
    if c == "^" then return "\\hat{}" end
    return "\\" .. c
  end)
  return "\\mathrm{" .. s:gsub(" ", "\\ ") .. "}"
end

-- The letters of the coordinates: text, LaTeX, Lua.
local LETTERS = {
  x = { "x", "x", "x" }, y = { "y", "y", "y" },
  phi = { "φ", "\\phi", "phi" }, theta = { "θ", "\\theta", "theta" }, s = { "s", "s", "s" },
}
local DOT, DDOT = "\u{307}", "\u{308}" -- combining dot and diaeresis above

-- The symbols of one call: coordinates, constants, functions of time,
-- named terms, and the labels and definitions printing shows.
local Set = {}
Set.__index = Set

local function new_set()
  local S = setmetatable({ coords = {}, constants = {}, used = {}, labels = {}, defs = {}, fns = {},
    named = {}, turn_list = {} }, Set)
  S.t = A.var { name = "t", kind = "t", text = "t", latex = "t", lua = "t", rate = 1 }
  return S
end

-- A Lua name not yet taken.
function Set:lua_name(base)
  local name, k = base, 1
  while self.used[name] do
    k = k + 1
    name = base .. "_" .. k
  end
  self.used[name] = true
  return name
end

-- A coordinate named letter_sub (x_crank, θ_O2) with its rate and
-- acceleration, appended to the coordinates.
function Set:coordinate(letter, sub)
  local l = LETTERS[letter]
  local index = #self.coords + 1
  local tsub, lsub = ident(sub), latex_name(sub)
  local lua = self:lua_name(l[3] .. "_" .. ident(sub))
  local function sym(kind, prefix, mark, latex_mark, rate)
    return A.symbol { name = prefix .. lua, kind = kind, index = index, text = l[1] .. mark .. "_" .. tsub,
      latex = (latex_mark and (latex_mark .. "{" .. l[2] .. "}") or l[2]) .. "_{" .. lsub .. "}",
      lua = prefix .. lua, rate = rate }
  end
  self.used["d" .. lua], self.used["dd" .. lua] = true, true
  local qdd = sym("qdd", "dd", DDOT, "\\ddot")
  local qd = sym("qd", "d", DOT, "\\dot", A.atom(qdd))
  local q = sym("q", "", "", nil, A.atom(qd))
  local c = { q = A.atom(q), qd = A.atom(qd), sym = q, rate = qd }
  self.coords[index] = c
  return c.q
end

-- A named constant (m_crank, k_spring) of a value, listed with it.
function Set:constant(letter, latex_letter, sub, value)
  local key = letter .. "_" .. tostring(sub)
  if self.constants[key] then return self.constants[key].expr end
  local lua = self:lua_name(ident(letter) .. "_" .. ident(sub))
  local text = sub == "" and letter or letter .. "_" .. ident(sub)
  local latex = latex_letter
  if sub ~= "" then -- a letter with a subscript of its own (L_0) takes the name after it
    local base, own = latex_letter:match("^(.-)_(%w+)$")
    latex = base and ("%s_{%s,\\,%s}"):format(base, own, latex_name(sub))
      or latex_letter .. "_{" .. latex_name(sub) .. "}"
  end
  local e = A.var { name = lua, kind = "const", index = #self.constants + 1, text = text, latex = latex, lua = lua,
    value = value }
  self.constants[key] = { expr = e, text = text, latex = latex, value = value }
  self.constants[#self.constants + 1] = self.constants[key]
  return e
end

-- f(t) of an element, with its derivatives as symbols of their own: f, ḟ,
-- f̈ (what = "joints" or "forces", k its index there).
function Set:time_fn(what, k, name, fn)
  local key = what .. k
  if self.fns[key] then return self.fns[key].f end
  local lua = self:lua_name("f_" .. ident(name))
  self.used["d" .. lua], self.used["dd" .. lua] = true, true
  local sub, lsub = ident(name), latex_name(name)
  local third = function() error("algebra: the third derivative of a function of time is not taken", 0) end
  local fdd = A.var { name = "dd" .. lua, kind = "fn", text = "f" .. DDOT .. "_" .. sub,
    latex = "\\ddot{f}_{" .. lsub .. "}", lua = "dd" .. lua, rate = third }
  local fd = A.var { name = "d" .. lua, kind = "fn", text = "f" .. DOT .. "_" .. sub,
    latex = "\\dot{f}_{" .. lsub .. "}", lua = "d" .. lua, rate = fdd }
  local f = A.var { name = lua, kind = "fn", text = "f_" .. sub, latex = "f_{" .. lsub .. "}", lua = lua,
    rate = fd }
  self.fns[key] = { f = f, what = what, k = k, names = { lua, "d" .. lua, "dd" .. lua }, element = name, fn = fn }
  self.fns[#self.fns + 1] = self.fns[key]
  return f
end

-- The generalised force of an element the algebra does not write, on
-- each body coordinate: named terms Q_name,x_body ... (3 per body).
function Set:named_terms(key, name, bodies)
  if self.named[key] then return self.named[key].terms end
  local terms = {}
  local letters = { "x", "y", "phi" }
  for i, b in ipairs(bodies) do
    for k = 1, 3 do
      local l = LETTERS[letters[k]]
      local lua = self:lua_name("Q_" .. ident(name) .. "_" .. l[3] .. "_" .. ident(b.name))
      local never = function() error("algebra: a named force is not differentiated", 0) end
      terms[3 * i - 3 + k] = A.var { name = lua, kind = "ext", index = 3 * i + k,
        text = "Q_" .. ident(name) .. "," .. l[1] .. "_" .. ident(b.name),
        latex = "Q^{" .. latex_name(name) .. "}_{" .. l[2] .. "," .. latex_name(b.name) .. "}",
        lua = lua, rate = never }
    end
  end
  self.named[key] = { terms = terms, name = name }
  self.named[#self.named + 1] = self.named[key]
  return terms
end

-- The whole turns of a frame of points whose angle atan2 gives: a named
-- term whose value is the number of turns that puts the angle nearest the
-- body's at the start, as the formulation counts them.
function Set:turns(name, atan, dir, start)
  local lua = self:lua_name("n_" .. ident(name))
  local n = A.var { name = lua, kind = "ext", index = #self.turn_list + 1, text = "n_" .. ident(name),
    latex = "n_{" .. latex_name(name) .. "}", lua = lua }
  self.turn_list[#self.turn_list + 1] = { lua = lua, text = "n_" .. ident(name), atan = atan, dir = dir,
    start = start, key = n[1][2][1][1].key }
  return n
end

-- A named sub-expression (mechbench.algebra's define), listed with its
-- definition after the equations.
function Set:define(e, text, latex, what)
  local name = self:lua_name("def_" .. ident(text))
  local d = A.define(e, { name = name, text = text, latex = latex, index = #self.defs + 1 })
  self.defs[#self.defs + 1] = { text = text, latex = latex, expr = e, what = what, key = d[1][2][1][1].key }
  return d
end

-- A label printed for an atom (a square root, an angle of points), with
-- its definition listed after the equations.
function Set:label(e, text, latex, what)
  local atom, unit = e[1][2][1][1], e[1][2][1][2]
  if self.labels[atom.key] then return end
  self.labels[atom.key] = { text = text, latex = latex, unit = unit }
  self.defs[#self.defs + 1] = { text = text, latex = latex, expr = e, what = what, key = atom.key }
end

---------------------------------------------------------------- poses

local ZERO = { x = A.number(0), y = A.number(0), phi = A.number(0) }

-- Body coordinates: each body's x, y, φ (Sec. 7.1).
local function body_poses(S, desc)
  local poses, owned = {}, {}
  for i, b in ipairs(desc.bodies) do
    poses[i] = { x = S:coordinate("x", b.name), y = S:coordinate("y", b.name), phi = S:coordinate("phi", b.name) }
    owned[i] = { 3 * i - 2, 3 * i - 1, 3 * i }
  end
  return poses, { rows = {}, owned = owned }
end

-- Joint coordinates: the tree's recursive kinematics (Sec. 9.1.2), body
-- by body from the ground out: a pin's child turns by θ from its parent
-- (φ_c = φ_p + θ, or θ itself for absolute angles) and keeps the pin
-- together, r_c = r_p + A_p s'_p - A_c s'_c; a slide's child keeps its
-- angle to the parent and moves by s along the guide's axis u,
-- r_c = r_p + A_p s'_p + σ s u - A_c s'_c; a body that no tree joint
-- reaches floats with its x, y, φ. The tree and the cut joints are the C
-- formulation's (core.model.joint_pieces).
local function joint_poses(S, desc, tree, absolute)
  local nb = #desc.bodies
  -- the coordinates in the C formulation's order
  local by_coord = {}
  for b = 1, nb do by_coord[#by_coord + 1] = b end
  table.sort(by_coord, function(a, b) return tree.coord[a] < tree.coord[b] end)
  local coord, owned = {}, {}
  for _, b in ipairs(by_coord) do
    local kind, j = tree.kind[b], desc.joints[tree.joint[b]]
    if kind == 0 then
      local name = desc.bodies[b].name
      coord[b] = { S:coordinate("x", name), S:coordinate("y", name), S:coordinate("phi", name) }
    else
      coord[b] = { S:coordinate(kind == 1 and "theta" or "s", j.name) }
    end
    owned[b] = {}
    for k = #S.coords - #coord[b] + 1, #S.coords do owned[b][#owned[b] + 1] = k end
  end
  local poses = {}
  local function pose(b)
    if b == 0 then return ZERO end
    if poses[b] then return poses[b] end
    local kind, c = tree.kind[b], coord[b]
    if kind == 0 then
      poses[b] = { x = c[1], y = c[2], phi = c[3] }
      return poses[b]
    end
    local p = tree.parent[b]
    local parent = pose(p)
    local j = desc.joints[tree.joint[b]]
    local child_is_i = j.bi == b - 1
    local sp, sc = child_is_i and j.sj or j.si, child_is_i and j.si or j.sj
    local phi
    if kind == 1 then
      phi = absolute and c[1] or parent.phi + c[1]
    else -- the slide's fixed angle to its parent, as the formulation measured it at the start
      local alpha = tree.c[3 * b] - (p > 0 and tree.c[3 * p] or 0)
      phi = parent.phi + alpha
    end
    local child = { phi = phi }
    local at_p = G.turned(parent, sp)
    local at_c = G.turned(child, sc)
    local x, y = parent.x + at_p[1] - at_c[1], parent.y + at_p[2] - at_c[2]
    if kind == 2 then -- the guide is the joint's body j (its u_j); σ = -1 when the child is j
      local u = G.turned(child_is_i and parent or child, j.uj)
      local sigma = child_is_i and 1 or -1
      x, y = x + u[1] * c[1] * sigma, y + u[2] * c[1] * sigma
    end
    child.x, child.y = x, y
    poses[b] = child
    return child
  end
  for b = 1, nb do pose(b) end
  return poses, { rows = tree.cut, owned = owned }
end

---------------------------------------------------------------- rows

-- The rows of the joints listed (indices), from their geometry: { phi,
-- joint, label } each.
local function joint_rows(S, desc, prepared, poses, list)
  local rows = {}
  for _, k in ipairs(list) do
    local j = desc.joints[k]
    local decl = G.declaration(kinds.of.joint[j.kind], prepared.joints[k])
    if not decl then
      error(("joint '%s': its kind %s declares no geometry, so its equations cannot be derived"):format(j.name,
        j.kind), 0)
    end
    local function pose(b) return b < 0 and ZERO or poses[b + 1] end
    local element = setmetatable({ params = prepared.joints[k] }, { __index = j })
    local phi = G.rows(element, decl, pose(j.bi), pose(j.bj),
      function() return S:time_fn("joints", k, j.name, j.fn) end)
    for r, e in ipairs(phi) do
      rows[#rows + 1] = { phi = e, joint = k, label = #phi > 1 and ("%s (%d)"):format(j.name, r) or j.name }
    end
  end
  return rows
end

---------------------------------------------------------------- point coordinates

-- Point coordinates (Ch. 10): the layout the C formulation chose, read
-- whole (core.model.point_layout): the points' coordinates, each body's
-- pose from them (its mass centre a fixed combination of its frame's
-- points, Eq. 10.28; its angle that of the frame, atan2 of d = r_b - r_a,
-- less the frame's own angle), the rows of Sec. 10.3 and the constant
-- mass matrix of Secs. 10.7-10.9.
local function point_setup(S, m, desc)
  local layout = core.model.point_layout(desc)
  local listing = m:point_coords {}
  local r = {}
  for i, pt in ipairs(layout.points) do
    if pt.var then
      local label = listing.points[i].label
      r[pt.var] = S:coordinate("x", label)
      r[pt.var + 1] = S:coordinate("y", label)
    end
  end
  -- r = c + Σ z_k r_k, with z r the complex product
  local function lin(l)
    local x, y = A.number(l.c[1]), A.number(l.c[2])
    for _, term in ipairs(l) do
      local zx, zy, rx, ry = term.z[1], term.z[2], r[term.var], r[term.var + 1]
      x = x + rx * zx - ry * zy
      y = y + rx * zy + ry * zx
    end
    return { x, y }
  end
  local angles = {}
  local function group_angle(g)
    if g == 0 then return A.number(0) end -- welded to the ground
    if angles[g] then return angles[g] end
    local G_ = layout.groups[g]
    if G_.motion ~= "turning" then
      angles[g] = A.number(G_.angle)
    else
      local name = desc.bodies[G_.ref].name
      local d = lin(G_.frame) -- r_b - r_a, named: its products stay short
      d = { S:define(d[1], "Δx_" .. ident(name), "\\Delta x_{" .. latex_name(name) .. "}",
        ("body '%s''s frame of points, r_b - r_a"):format(name)),
        S:define(d[2], "Δy_" .. ident(name), "\\Delta y_{" .. latex_name(name) .. "}") }
      -- its angle, whole turns n counted from the start (Φ and h hold it)
      local a = A.atan2(d[2], d[1])
      local n = S:turns(name, a, G_.dir, desc.bodies[G_.ref].q[3])
      local alpha = S:define(a + n * (2 * math.pi), "α_" .. ident(name), "\\alpha_{" .. latex_name(name) .. "}",
        ("the angle of body '%s''s frame of points, n_%s its whole turns from the start"):format(name, ident(name)))
      angles[g] = alpha - G_.dir
    end
    return angles[g]
  end
  local poses, owned = {}, {}
  for b, place in ipairs(layout.bodies) do
    local centre = lin(place.centre)
    poses[b] = { x = centre[1], y = centre[2], phi = group_angle(place.group) + place.angle }
    owned[b] = {}
    for _, p in ipairs(place.group > 0 and layout.groups[place.group].points or {}) do
      local var = layout.points[p.point].var
      if var then owned[b][#owned[b] + 1], owned[b][#owned[b] + 2] = var, var + 1 end
    end
  end
  -- the rows: w a'b - k, w a x b - k, g'a - k (+ Σ w φ_group), less f or f²/2
  local rows = {}
  for _, row in ipairs(layout.rows) do
    local a, b = lin(row.a), lin(row.b)
    local phi
    if row.kind == "dot" then
      phi = (a[1] * b[1] + a[2] * b[2]) * row.w - row.k
    elseif row.kind == "cross" then
      phi = (a[1] * b[2] - a[2] * b[1]) * row.w - row.k
    else
      phi = a[1] * row.g[1] + a[2] * row.g[2] - row.k
      for _, s in ipairs(row.angles) do phi = phi + group_angle(s.group) * s.weight end
    end
    if row.time ~= "none" then
      local j = desc.joints[row.joint]
      local f = S:time_fn("joints", row.joint, j.name, j.fn)
      phi = phi - (row.time == "linear" and f or f * f * 0.5)
    end
    local from = row.joint and desc.joints[row.joint].name or desc.bodies[row.body].name
    rows[#rows + 1] = { phi = phi, joint = row.joint, body = row.body, label = ("%s (%s)"):format(from, row.type) }
  end
  -- M: each turning group's mass at its mass centre and its moment of
  -- inertia on its frame's differences (½ m |ṙ_G|² + ½ J |ḋ|²/|s|² shared
  -- among the pairs), a sliding group's mass on its points: M = ∂²T/∂ṙ²
  local T = A.number(0)
  local function half_square(v, w) -- ½ w |v̇|² with v a lin's rates
    return (v[1] * v[1] + v[2] * v[2]) * w * 0.5
  end
  local function rates(l) -- the rates of a lin: its map without the constant
    local copy = { c = { 0, 0 } }
    for i, t in ipairs(l) do copy[i] = t end
    local v = lin(copy)
    return { A.dt(v[1]), A.dt(v[2]) }
  end
  for _, G_ in ipairs(layout.groups) do
    local single = desc.bodies[G_.ref] and G_.mass == desc.bodies[G_.ref].mass
    local name = desc.bodies[G_.ref].name
    local mass = single and S:constant("m", "m", name, G_.mass) or A.number(G_.mass)
    if G_.motion == "sliding" then
      for _, p in ipairs(G_.points) do
        local var = layout.points[p.point].var
        if var then
          local v = { A.dt(r[var]), A.dt(r[var + 1]) }
          T = T + half_square(v, mass / #G_.points)
        end
      end
    elseif G_.motion == "turning" then
      T = T + half_square(rates(G_.centre), mass)
      local inertia = single and S:constant("J", "J", name, G_.inertia) or A.number(G_.inertia)
      local pairs = #G_.points - 1
      local first = layout.points[G_.points[1].point]
      for k = 2, #G_.points do
        local pt = layout.points[G_.points[k].point]
        local function rate_of(p) -- a point's velocity (zero when stationary)
          if not p.var then return { A.number(0), A.number(0) } end
          return { A.dt(r[p.var]), A.dt(r[p.var + 1]) }
        end
        local vb, va = rate_of(pt), rate_of(first)
        local s = { G_.points[k].at[1] - G_.points[1].at[1], G_.points[k].at[2] - G_.points[1].at[2] }
        T = T + half_square({ vb[1] - va[1], vb[2] - va[2] }, inertia / (pairs * (s[1] * s[1] + s[2] * s[2])))
      end
    end
  end
  return poses, { rows = rows, kinetic = T, owned = owned }
end

---------------------------------------------------------------- assembly

-- The symbolic equations of model m: opts.formulation ("body", "joint",
-- "point"), opts.angles and opts.tree (joint names) for joint coordinates.
-- Returns { S, desc, rows = { { phi, D = {}, gamma, joint, label } },
-- M = { {} } , h = {}, poses, owned = per body the coordinates that are
-- its own (its x, y, φ; its tree link's; its frame's points') }.
function M.derive(m, opts)
  local desc = m:compile()
  local prepared = core.model.prepared(desc)
  local S = new_set()
  local formulation = opts.formulation or "body"
  local poses, extra
  if formulation == "body" then
    poses, extra = body_poses(S, desc)
    local all = {}
    for k = 1, #desc.joints do all[k] = k end
    extra.rows = joint_rows(S, desc, prepared, poses, all)
  elseif formulation == "joint" then
    local tree = core.model.joint_pieces(desc, { tree = opts.tree, angles = opts.angles }, 0)
    poses, extra = joint_poses(S, desc, tree, opts.angles == "absolute")
    extra.rows = joint_rows(S, desc, prepared, poses, tree.cut)
  else
    poses, extra = point_setup(S, m, desc)
  end
  local n = #S.coords
  -- D = ∂Φ/∂q, γ = -Φ̈ with q̈ = 0
  for _, row in ipairs(extra.rows) do
    row.D = {}
    for j = 1, n do row.D[j] = A.diff(row.phi, S.coords[j].sym) end
    row.gamma = -A.dt(A.dt(row.phi), true)
  end
  -- the bodies' masses and the weights
  local nb = #desc.bodies
  local masses, inertias = {}, {}
  for i, b in ipairs(desc.bodies) do
    masses[i] = S:constant("m", "m", b.name, b.mass)
    inertias[i] = S:constant("J", "J", b.name, b.inertia)
  end
  local gx, gy = desc.gravity[1], desc.gravity[2]
  local gravity
  if gx == 0 and gy == 0 then
    gravity = { A.number(0), A.number(0) }
  elseif gx == 0 then
    local g = S:constant("g", "g", "", math.abs(gy))
    gravity = { A.number(0), gy < 0 and -g or g }
  else
    gravity = { S:constant("g", "g", "x", gx), S:constant("g", "g", "y", gy) }
  end
  -- the forces on the bodies, h_c, at c(q) and ċ(q, q̇)
  local ctx = {
    pose = function(b) return b < 0 and ZERO or poses[b + 1] end,
    rate = function(e) return A.dt(e) end,
    const = function(letter, f, value)
      if value == nil or value == 0 then return nil end
      local latex = ({ ["θ0"] = "\\theta_0", L0 = "L_0" })[letter] or letter
      return S:constant(letter, latex, f.name, value)
    end,
    fn = function(f)
      local timed = f.fn
      for _, p in ipairs(kinds.of.force[f.kind].params) do
        if p.timed and type(f[p.name]) == "function" then timed = f[p.name] end
      end
      return timed and S:time_fn("forces", f.index, f.name, timed) or nil
    end,
    difference = function(f, d) -- P_i - P_j of a force, named
      return { S:define(d[1], "Δx_" .. ident(f.name), "\\Delta x_{" .. latex_name(f.name) .. "}",
        ("P_i - P_j of force '%s'"):format(f.name)),
        S:define(d[2], "Δy_" .. ident(f.name), "\\Delta y_{" .. latex_name(f.name) .. "}") }
    end,
    length = function(f, d)
      local len = A.power(d[1] * d[1] + d[2] * d[2], 0.5)
      S:label(len, "ℓ_" .. ident(f.name), "\\ell_{" .. latex_name(f.name) .. "}",
        ("the length of force '%s'"):format(f.name))
      return len
    end,
    named = function(f) return S:named_terms("force" .. f.index, f.name, desc.bodies) end,
  }
  for _, k in ipairs(desc.contacts) do
    if not kinds.of.law[k.law].impulsive then
      ctx.contacts = function() return S:named_terms("contacts", "contacts", desc.bodies) end
    end
  end
  local hc = F.applied(desc, prepared, masses, gravity, ctx)
  -- B = ∂c/∂q; M = B'M_c B and h = B'(h_c - M_c Ḃq̇) (c = q: B = I, Ḃ = 0)
  local c = {}
  for b = 1, nb do
    local p = poses[b]
    c[3 * b - 2], c[3 * b - 1], c[3 * b] = p.x, p.y, p.phi
  end
  local mc = {}
  for b = 1, nb do mc[3 * b - 2], mc[3 * b - 1], mc[3 * b] = masses[b], masses[b], inertias[b] end
  local Mq, h = {}, {}
  if formulation == "body" then
    for i = 1, n do
      Mq[i] = {}
      for j = 1, n do Mq[i][j] = i == j and mc[i] or A.number(0) end
      h[i] = hc[i]
    end
  else
    local B = {}
    for i = 1, 3 * nb do
      B[i] = {}
      for j = 1, n do B[i][j] = A.diff(c[i], S.coords[j].sym) end
    end
    local force = {}
    for i = 1, 3 * nb do
      if formulation == "joint" then -- less the inertia of Ḃq̇, the acceleration when q̈ = 0
        force[i] = hc[i] - mc[i] * A.dt(A.dt(c[i]), true)
      else
        force[i] = hc[i]
      end
    end
    for i = 1, n do
      Mq[i], h[i] = {}, A.number(0)
      for k = 1, 3 * nb do
        if #B[k][i] > 0 then h[i] = h[i] + B[k][i] * force[k] end
      end
    end
    if formulation == "joint" then
      for i = 1, n do
        for j = i, n do
          local s = A.number(0)
          for k = 1, 3 * nb do
            if #B[k][i] > 0 and #B[k][j] > 0 then s = s + B[k][i] * B[k][j] * mc[k] end
          end
          Mq[i][j], Mq[j] = s, Mq[j] or {}
          Mq[j][i] = s
        end
      end
    else -- the constant M of the points: the kinetic energy's second derivatives
      local T = extra.kinetic
      local first = {}
      for i = 1, n do first[i] = A.diff(T, S.coords[i].rate) end
      for i = 1, n do
        for j = 1, n do Mq[i][j] = A.diff(first[i], S.coords[j].rate) end
      end
    end
  end
  return { S = S, desc = desc, poses = poses, rows = extra.rows, M = Mq, h = h, formulation = formulation,
    owned = extra.owned }
end

---------------------------------------------------------------- values

-- The values of every name the Lua forms use at the state y = {q..., q̇...}
-- and time t: a table load() can take as the environment of an entry
-- (math included).
function M.environment(eq, y, t)
  local S, desc = eq.S, eq.desc
  t = t or 0
  local n = #S.coords
  local values = { t = t, math = math }
  for k, c in ipairs(S.coords) do
    values[c.sym.lua], values[c.rate.lua] = y[k], y[n + k]
  end
  if #S.fns > 0 then
    local fns = core.model.time_functions(desc, t)
    for _, f in ipairs(S.fns) do
      local v = fns[f.what][f.k]
      for i = 1, 3 do values[f.names[i]] = v[i] end
    end
  end
  for _, c in ipairs(S.constants) do values[c.expr:as_symbol().lua] = c.value end
  for _, turn in ipairs(S.turn_list) do -- nearest the start, as the point formulation counts
    local free = A.eval(turn.atan, values) - turn.dir
    values[turn.lua] = math.floor((turn.start - free) / (2 * math.pi) + 0.5)
  end
  if #S.named > 0 then -- the bodies' c and ċ at this state, for the forces named
    local cache = {}
    local cv, cdv = {}, {}
    for b, p in ipairs(eq.poses) do
      for k, e in ipairs { p.x, p.y, p.phi } do
        cv[3 * b - 3 + k] = A.eval(e, values, cache)
        cdv[3 * b - 3 + k] = A.eval(A.dt(e), values, cache)
      end
    end
    local forces = core.model.element_forces(desc, t, cv, cdv)
    for k = 1, #desc.forces do
      local named = S.named["force" .. k]
      if named then
        for i, e in ipairs(named.terms) do values[e:as_symbol().lua] = forces.forces[k][i] end
      end
    end
    if S.named.contacts then
      for i, e in ipairs(S.named.contacts.terms) do values[e:as_symbol().lua] = forces.contacts[i] end
    end
  end
  return values
end

return M
