-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.equations_view: m:equations{ formulation =, joint =, body =,
-- format = } — the equations mechbench.equations derives, as strings in
-- one format: "text" (the book's notation, wrapped within 80 columns at
-- the prompt), "latex" (an align environment) or "lua" (expressions in the
-- names of eq.q and eq.qd, t and the names eq:values gives, for load()).
-- Fields: q, qd, rows, phi[i], D[i][j], gamma[i], M[i][j], h[i] (by the
-- rows and coordinates of m:pieces{ formulation = ... }), where (the
-- constants and named sub-expressions), and the method values(y, t).
local A = require "mechbench.algebra"
local E = require "mechbench.equations"
local args = require "mechbench.args"
local kinds = require "mechbench.kinds"
local options = require "mechbench.options"
local message = require "mechbench.message"
local fn_forms = require "mechbench.fn"

local M = {}

local FORMULATIONS = { "body", "joint", "point" }
local FORMATS = { "text", "latex", "lua" }
local TITLES = { body = "body coordinates (Ch. 7)", joint = "joint coordinates (Ch. 9)",
  point = "point coordinates (Ch. 10)" }

-- Beyond these a model or an entry is too big to read: it is said, and
-- one joint or one body at a time is shown.
M.MAX_BODIES, M.MAX_TERMS = 4, 60

local Equations = {}
Equations.__index = Equations
M.Equations = Equations

-- The values of every name a Lua form uses at y = {q..., q̇...} and time t
-- (0 unless given): the environment for load(eq.h[1], "h", "t", env).
function Equations:values(y, t)
  if getmetatable(self) ~= Equations then
    args.fail("eq:values", "is a method: eq:values(y, t), with a colon, on what m:equations gave")
  end
  if type(y) ~= "table" or #y ~= 2 * #self.q then
    args.fail("eq:values", "y must be %d numbers: the %d coordinates, then their rates", 2 * #self.q, #self.q)
  end
  for i = 1, #y do -- a NaN gave NaN values, printed as an answer
    local why = args.bad_number(y[i])
    if why then args.fail("eq:values", "y[%d] %s", i, why) end
  end
  local why = t ~= nil and args.bad_number(t)
  if why then args.fail("eq:values", "t %s", why) end
  return E.environment(self._derived, y, t)
end

---------------------------------------------------------------- text

local function text_of(e, names) return A.text(e, names) end

-- An entry's text, or a line saying it is too long to read.
local function readable(label, e, names, field)
  local size = A.size(e, names)
  if size > M.MAX_TERMS then
    return ("%s(%d terms: too long to read; see %s)"):format(label, size, field)
  end
  return A.wrap(label, e, 80, names)
end

local function text_view(eq)
  local d, S = eq._derived, eq._derived.S
  local names = S.labels
  local lines = {}
  local function add(s) lines[#lines + 1] = s end
  local qnames = {}
  for i, c in ipairs(S.coords) do qnames[i] = c.sym.text end
  add(("%s of '%s': %d coordinates, %d rows"):format(TITLES[d.formulation], eq.model, #S.coords, #d.rows))
  add(M.wrap_list("q = (", qnames, ")"))
  if eq.too_big then
    add(eq.too_big)
    return table.concat(lines, "\n")
  end
  local shown_rows = eq._rows
  if #shown_rows > 0 then
    add("")
    add("constraints Φ = 0, Jacobian D = ∂Φ/∂q (entries not 0), γ of D q̈ = γ")
  end
  local heading = nil
  for _, i in ipairs(shown_rows) do
    local row = d.rows[i]
    local j = row.joint and d.desc.joints[row.joint]
    local now = j and ("joint '%s' (%s)"):format(j.name, j.kind)
      or ("body '%s' keeps its points' distances"):format(d.desc.bodies[row.body].name)
    if now ~= heading then
      heading = now
      add(now)
    end
    add(readable(("  Φ%d = "):format(i), row.phi, names, ("eq.phi[%d]"):format(i)))
  end
  for _, i in ipairs(shown_rows) do
    for j, e in ipairs(d.rows[i].D) do
      if #e > 0 then
        add(readable(("  D[%d, %s] = "):format(i, qnames[j]), e, names, ("eq.D[%d][%d]"):format(i, j)))
      end
    end
  end
  for _, i in ipairs(shown_rows) do
    add(readable(("  γ%d = "):format(i), d.rows[i].gamma, names, ("eq.gamma[%d]"):format(i)))
  end
  if #eq._coords > 0 then
    add("")
    add("M q̈ = h + Dᵀλ: the mass matrix M (entries not 0) and the forces h")
    local diagonal = true
    for i = 1, #S.coords do
      for j = 1, #S.coords do
        if i ~= j and #d.M[i][j] > 0 then diagonal = false end
      end
    end
    if diagonal then
      local list = {}
      for _, i in ipairs(eq._coords) do list[#list + 1] = text_of(d.M[i][i], names) end
      add(M.wrap_list("  M = diag(", list, ")"))
    else
      for _, i in ipairs(eq._coords) do
        for j = 1, #S.coords do
          if #d.M[i][j] > 0 and (eq.selected or j >= i) then
            local label = ("  M[%s, %s] = "):format(qnames[i], qnames[j])
            add(readable(label, d.M[i][j], names, ("eq.M[%d][%d]"):format(i, j)))
          end
        end
      end
      if not eq.selected then add("  (and M[j, i] = M[i, j])") end
    end
    for _, i in ipairs(eq._coords) do
      add(readable(("  h[%s] = "):format(qnames[i]), d.h[i], names, ("eq.h[%d]"):format(i)))
    end
  end
  local where = M.where_lines(eq, "text")
  if #where > 0 then
    add("")
    for _, l in ipairs(where) do add(l) end
  end
  return table.concat(lines, "\n")
end

-- "head(a, b, c)tail" wrapped within 80 columns, continued under a.
function M.wrap_list(head, items, tail)
  local indent = string.rep(" ", A.width(head))
  local lines, line = {}, head
  for i, item in ipairs(items) do
    local piece = item .. (i < #items and ", " or tail)
    if A.width(line) + A.width(piece) > 80 and line ~= head and line ~= indent then
      lines[#lines + 1] = line:gsub("%s+$", "")
      line = indent
    end
    line = line .. piece
  end
  if #items == 0 then line = line .. tail end
  lines[#lines + 1] = line
  return table.concat(lines, "\n")
end

-- The constants, named sub-expressions and functions of time the entries
-- use, in a format: lines.
function M.where_lines(eq, format)
  local S = eq._derived.S
  local out = {}
  if format == "lua" then return out end
  local used = {} -- the atoms the entries shown hold, by key
  local function scan(e) A.atoms(e, used) end
  local d = eq._derived
  for _, i in ipairs(eq._rows) do
    scan(d.rows[i].phi)
    scan(d.rows[i].gamma)
    for _, e in ipairs(d.rows[i].D) do scan(e) end
  end
  for _, i in ipairs(eq._coords) do
    scan(d.h[i])
    for _, e in ipairs(d.M[i]) do scan(e) end
  end
  local function uses(e) return used[e[1][2][1][1].key] ~= nil end
  for k = #S.defs, 1, -1 do -- what a definition holds is used too (it may hold earlier ones)
    if used[S.defs[k].key] then A.atoms(S.defs[k].expr, used) end
  end
  local numbers = {}
  for _, c in ipairs(S.constants) do
    local sym = c.expr:as_symbol()
    if used[sym.key] then
      numbers[#numbers + 1] = (format == "latex" and c.latex or c.text) .. " = " .. A.render(A.number(c.value), format)
    end
  end
  local function defined(def)
    local names = S.labels
    if names[def.key] then -- a label's own definition is written out
      names = {}
      for k, v in pairs(S.labels) do if k ~= def.key then names[k] = v end end
    end
    local e = def.expr
    return format == "latex" and (def.latex .. " &= " .. A.latex(e, names))
      or A.wrap("  " .. def.text .. " = ", e, 80, names)
  end
  local defs = {}
  for _, def in ipairs(S.defs) do if used[def.key] then defs[#defs + 1] = def end end
  if format == "text" then
    if #numbers > 0 then out[#out + 1] = M.wrap_list("where ", numbers, "") end
    for _, def in ipairs(defs) do out[#out + 1] = defined(def) end
    for _, f in ipairs(S.fns) do
      if uses(f.f) then out[#out + 1] = M.time_fn_line(f) end
    end
    for _, n in ipairs(S.named) do
      local any = false
      for _, e in ipairs(n.terms) do any = any or uses(e) end
      if any then
        out[#out + 1] = ("  Q_%s,... = the generalised forces of %s, computed when evaluated"):format(n.name,
          n.name == "contacts" and "the contacts" or ("force '%s'"):format(n.name))
      end
    end
    for _, turn in ipairs(S.turn_list) do
      if used[turn.key] then
        out[#out + 1] = ("  %s = whole turns of atan2's angle, the nearest the start"):format(turn.text)
      end
    end
  else
    for _, n in ipairs(numbers) do out[#out + 1] = n:gsub(" = ", " &= ", 1) end
    for _, def in ipairs(defs) do out[#out + 1] = defined(def) end
  end
  return out
end

-- What a function of time is, from its mb.fn form when it has one.
function M.time_fn_line(f)
  local form = type(f.fn) == "function" and fn_forms.forms[f.fn]
  local name = ("f_%s"):format(f.names[1]:sub(3))
  local of = ("%s '%s'"):format(f.what == "joints" and "driver" or "force", f.element)
  if form and form[1] == "poly" then
    local t = A.var { name = "t", kind = "t" }
    return A.wrap(("  %s(t) = "):format(name), form[2] + t * form[3] + t * t * form[4], 80)
      .. (" (%s), with ḟ and f̈ its derivatives"):format(of)
  elseif form and form[1] == "smooth_step" then
    return ("  %s(t): a smooth step from %g to %g over t = %g to %g (%s)"):format(name, form[2], form[3],
      form[4], form[5], of)
  elseif form and form[1] == "ramp_rate" then
    return ("  %s(t): from %g, its rate ramps to %g over t = %g to %g (%s)"):format(name, form[2], form[3],
      form[4], form[5], of)
  end
  return ("  %s(t): the function of time of %s, with ḟ and f̈ its derivatives"):format(name, of)
end

---------------------------------------------------------------- latex

-- An entry in an align environment: "label &= terms", broken onto
-- continued lines where its text would pass about 55 characters, so that
-- it fits a page (the terms print in the same order in both formats).
local function latex_entry(label, e, names)
  local pieces, widths = A.pieces(e, "latex", names), A.pieces(e, "text", names)
  if #pieces == 0 then return label .. " &= 0" end
  local out, line, width = {}, {}, 0
  for i, p in ipairs(pieces) do
    local w = A.width(widths[i].text) + 3
    if width + w > 55 and #line > 0 then
      out[#out + 1] = table.concat(line)
      line, width = {}, 0
    end
    line[#line + 1] = (i == 1 and (p.sign == "-" and "-" or "") or (" " .. p.sign .. " ")) .. p.text
    width = width + w
  end
  out[#out + 1] = table.concat(line)
  return label .. " &= " .. table.concat(out, " \\notag\\\\\n  &\\quad ")
end

-- One align environment per block (Φ, D, γ, M, h, the constants), so that
-- a page can break between them.
local function latex_view(eq)
  local d, S = eq._derived, eq._derived.S
  local names = S.labels
  local qnames = {}
  for i, c in ipairs(S.coords) do qnames[i] = c.sym.latex end
  local lines = { ("%% %s of '%s' (mechbench m:equations)"):format(TITLES[d.formulation], eq.model) }
  if eq.too_big then
    lines[#lines + 1] = "% " .. eq.too_big:gsub("\n", "\n% ")
    return table.concat(lines, "\n")
  end
  local function block(title, entries)
    if #entries == 0 then return end
    lines[#lines + 1] = "% " .. title
    lines[#lines + 1] = "\\begin{align}\n  " .. table.concat(entries, " \\\\\n  ") .. "\n\\end{align}"
  end
  local phi, D, gamma, M_, h = {}, {}, {}, {}, {}
  for _, i in ipairs(eq._rows) do
    local row = d.rows[i]
    phi[#phi + 1] = latex_entry(("\\Phi_{%d}"):format(i), row.phi, names)
    for j, e in ipairs(row.D) do
      if #e > 0 then D[#D + 1] = latex_entry(("D_{%d,\\,%s}"):format(i, qnames[j]), e, names) end
    end
    gamma[#gamma + 1] = latex_entry(("\\gamma_{%d}"):format(i), row.gamma, names)
  end
  for _, i in ipairs(eq._coords) do
    for j = 1, #S.coords do
      if #d.M[i][j] > 0 and (j >= i or eq.selected) then
        M_[#M_ + 1] = latex_entry(("M_{%s,\\,%s}"):format(qnames[i], qnames[j]), d.M[i][j], names)
      end
    end
    h[#h + 1] = latex_entry(("h_{%s}"):format(qnames[i]), d.h[i], names)
  end
  block("the constraints", phi)
  block("their Jacobian D (the entries that are not 0)", D)
  block("the right side of D q'' = gamma", gamma)
  block("the mass matrix (entries not 0" .. (eq.selected and ")" or "; M_{ji} = M_{ij})"), M_)
  block("the forces h of M q'' = h + D' lambda", h)
  block("where", M.where_lines(eq, "latex"))
  return table.concat(lines, "\n")
end

---------------------------------------------------------------- lua

-- A Lua chunk: with eq:values(y, t) as its environment it returns the
-- numbers of every entry shown, { phi =, D =, gamma =, M =, h = }.
local function lua_view(eq)
  local lines = { ("-- %s of '%s', m:equations{ format = \"lua\" }"):format(TITLES[eq.formulation], eq.model),
    "-- q:  " .. table.concat(eq.q, ", "), "-- qd: " .. table.concat(eq.qd, ", ") }
  if eq.too_big then
    lines[#lines + 1] = "-- " .. eq.too_big:gsub("\n", "\n-- ")
    return table.concat(lines, "\n")
  end
  lines[#lines + 1] = "local phi, D, gamma, M, h = {}, {}, {}, {}, {}"
  local function row(name, i, entries)
    lines[#lines + 1] = ("%s[%d] = { %s }"):format(name, i, table.concat(entries, ", "))
  end
  for _, i in ipairs(eq._rows) do lines[#lines + 1] = ("phi[%d] = %s"):format(i, eq.phi[i]) end
  for _, i in ipairs(eq._rows) do row("D", i, eq.D[i]) end
  for _, i in ipairs(eq._rows) do lines[#lines + 1] = ("gamma[%d] = %s"):format(i, eq.gamma[i]) end
  for _, i in ipairs(eq._coords) do row("M", i, eq.M[i]) end
  for _, i in ipairs(eq._coords) do lines[#lines + 1] = ("h[%d] = %s"):format(i, eq.h[i]) end
  lines[#lines + 1] = "return { phi = phi, D = D, gamma = gamma, M = M, h = h }"
  return table.concat(lines, "\n")
end

local VIEWS = { text = text_view, latex = latex_view, lua = lua_view }
function Equations:__tostring() return VIEWS[self.format](self) end

---------------------------------------------------------------- m:equations

-- The names of a list of elements.
local function names_of(list)
  local out = {}
  for i, e in ipairs(list) do out[i] = e.name end
  return out
end

function M.equations(m, opts, here)
  local o = args.options(opts, { "formulation", "joint", "body", "format", "angles", "tree" }, "equations")
  local function bad(fmt, ...) error(("%s: equations: " .. fmt):format(here, ...), 0) end
  o.formulation = o.formulation or "body"
  o.format = o.format or "text"
  local function one_of(value, list, what, extra)
    for _, v in ipairs(list) do if v == value then return end end
    bad("%s must be %s, not %s%s", what, '"' .. table.concat(list, '", "') .. '"', tostring(value), extra or "")
  end
  local others = {}
  for _, f in ipairs(kinds.formulation_names) do
    local shown = false
    for _, g in ipairs(FORMULATIONS) do shown = shown or f == g end
    if not shown then others[#others + 1] = f end
  end
  one_of(o.formulation, FORMULATIONS, "formulation",
    (" (%s are not shown symbolically)"):format(table.concat(others, ", ")))
  one_of(o.format, FORMATS, "format")
  if o.angles ~= nil and (o.formulation ~= "joint" or (o.angles ~= "absolute" and o.angles ~= "relative")) then
    bad('angles is "absolute" or "relative", for formulation = "joint"')
  end
  if o.tree ~= nil and o.formulation ~= "joint" then bad('tree goes with formulation = "joint"') end
  options.tree_option(m, o, 3)
  local desc = m:compile()
  -- joint = and body = name one of the model's
  for _, which in ipairs { { "joint", desc.joints, "the joints are" }, { "body", desc.bodies, "the bodies are" } } do
    local word, elements, plural = table.unpack(which)
    if o[word] ~= nil then
      local list = names_of(elements)
      local known = false
      for _, n in ipairs(list) do known = known or n == o[word] end
      if not known then bad("%s", args.unknown(word, o[word], list, plural)) end
    end
  end
  local ok, d = pcall(E.derive, m, { formulation = o.formulation, angles = o.angles, tree = o.tree })
  if not ok then bad("%s", tostring(d)) end
  options.say_notices(o, function(text) message.to_stderr(("%s: warning: %s"):format(here, text)) end)
  return M.view(m, d, o)
end

-- The eq of derived equations d in format o.format, restricted to
-- o.joint's rows or o.body's rows and coordinates.
function M.view(m, d, o)
  local S = d.S
  local eq = setmetatable({ formulation = d.formulation, model = m.name, format = o.format, joint = o.joint,
    body = o.body, _derived = d }, Equations)
  local fmt = o.format
  local function render(e) return fmt == "lua" and A.lua(e) or A.render(e, fmt, S.labels) end
  eq.q, eq.qd = {}, {}
  for i, c in ipairs(S.coords) do
    eq.q[i], eq.qd[i] = c.sym[fmt], c.rate[fmt]
  end
  -- the rows and coordinates shown: all, one joint's, or one body's
  local body_index
  if o.body then
    for i, b in ipairs(d.desc.bodies) do if b.name == o.body then body_index = i - 1 end end
  end
  local function touches(row)
    if o.joint then return row.joint and d.desc.joints[row.joint].name == o.joint end
    if o.body then
      local j = row.joint and d.desc.joints[row.joint]
      if j then return j.bi == body_index or j.bj == body_index end
      return row.body == body_index + 1
    end
    return true
  end
  eq._rows, eq._coords = {}, {}
  eq.rows, eq.phi, eq.D, eq.gamma = {}, {}, {}, {}
  for i, row in ipairs(d.rows) do
    if touches(row) then
      eq._rows[#eq._rows + 1] = i
      eq.rows[i], eq.phi[i], eq.gamma[i] = row.label, render(row.phi), render(row.gamma)
      eq.D[i] = {}
      for j, e in ipairs(row.D) do eq.D[i][j] = render(e) end
    end
  end
  -- a body's own coordinates
  local own = {}
  if o.body then
    for _, k in ipairs(d.owned[body_index + 1]) do own[k] = true end
  end
  if not o.joint then
    eq.M, eq.h = {}, {}
    for i = 1, #S.coords do
      if not o.body or own[i] then
        eq._coords[#eq._coords + 1] = i
        eq.M[i] = {}
        for j = 1, #S.coords do eq.M[i][j] = render(d.M[i][j]) end
        eq.h[i] = render(d.h[i])
      end
    end
  end
  eq.selected = o.joint ~= nil or o.body ~= nil
  eq.where = M.where_lines(eq, fmt)
  if #d.desc.bodies > M.MAX_BODIES and not eq.selected then
    local first_joint = d.desc.joints[1] and d.desc.joints[1].name or ""
    eq.too_big = table.concat({
      ("%d bodies: too many to read at once. Ask for one joint or one body:"):format(#d.desc.bodies),
      ("  m:equations{ formulation = %q, joint = %q }"):format(d.formulation, first_joint),
      ("  m:equations{ formulation = %q, body = %q }"):format(d.formulation, d.desc.bodies[1].name),
      M.wrap_list("joints: ", names_of(d.desc.joints), ""),
      M.wrap_list("bodies: ", names_of(d.desc.bodies), ""),
      "(the fields eq.phi, eq.D, eq.gamma, eq.M and eq.h hold every entry)" }, "\n")
  end
  return eq
end

return M
