-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.explain: answers to "how many degrees of freedom does this
-- really have" and "what happens in one evaluation".
--   m:dof()            Gruebler's count beside the constraint Jacobian's rank,
--                      and the joints whose rows the others already fix
--   m:explain{ t, formulation, ... }
--                      one evaluation of the equations of motion, step by step
local core = require "mechbench.core"
local args = require "mechbench.args"
local kinds = require "mechbench.kinds"
local options = require "mechbench.options"
local mat = core.mat

local M = {}

---------------------------------------------------------------- degrees of freedom
-- The rank of the rows given (a list of rows of n numbers): singular values
-- above 1e-9 of the largest, the threshold the runs' QR uses.
local function rank_of(rows)
  if #rows == 0 then return 0 end
  local s = mat.svd(rows)
  local r = 0
  for _, x in ipairs(s) do if x > 1e-9 * s[1] then r = r + 1 end end
  return r
end

-- For the model m: Gruebler's count 3 nb - rows (Sec. 4.3's counting), and
-- the rank of D at the start, from which the true count 3 nb - rank. Where
-- they differ, each joint whose rows add less than their number to the
-- rank of those before it (in the model's order) is redundant, and the
-- joints with a share in a combination of rows that is zero (the null
-- space of D') are the ones it depends on.
function M.dof(m)
  local joints = m._order.joints
  local desc = m:compile()
  local ok, p = pcall(core.model.pieces, desc, { formulation = "body", redundant = "drop" }, 0)
  if not ok then args.fail("m:dof", "%s", tostring(p)) end
  local nb, n = #desc.bodies, 3 * #desc.bodies
  local D = {}
  local nrows = #p.phi
  for r = 1, nrows do
    D[r] = {}
    for k = 1, n do D[r][k] = p.D(r, k) end
  end
  -- the rows of each joint, in the order of the model's joints
  local owner, first = {}, 1
  local info = { bodies = nb, rows = nrows, gruebler = n - nrows, redundant = {}, involved = {} }
  for i, j in ipairs(desc.joints) do
    local count = kinds.joint_rows(j)
    for r = first, first + count - 1 do owner[r] = joints[i].name end
    local before, with = {}, {}
    for r = 1, first - 1 do before[#before + 1] = D[r] end
    for r = 1, first + count - 1 do with[#with + 1] = D[r] end
    local added = rank_of(with) - rank_of(before)
    if added < count then
      info.redundant[#info.redundant + 1] = { joint = joints[i].name, rows = count, independent = added }
    end
    first = first + count
  end
  info.rank = rank_of(D)
  info.dof = n - info.rank
  if info.rank < nrows then
    -- the left null space of D: the combinations of rows that vanish
    local Dt = mat(D):t()
    local s, _, V = mat.svd(Dt)
    local seen = {}
    for c = 1, nrows do
      if c > #s or s[c] <= 1e-9 * s[1] then
        for r = 1, nrows do
          if math.abs(V(r, c)) > 1e-8 and not seen[owner[r]] then
            seen[owner[r]] = true
          end
        end
      end
    end
    for _, j in ipairs(joints) do if seen[j.name] then info.involved[#info.involved + 1] = j.name end end
  end
  return info
end

-- text cut to width columns, its last one "~"; a name the C side cut to
-- its buffer can end inside a character: it is cut before that byte too
-- (else it passed whole, a line of 300 columns with a broken character).
local function fit(text, width)
  local _, broken = utf8.len(text)
  if broken then text = text:sub(1, broken - 1) .. "~" end
  if utf8.len(text) > width then return text:sub(1, utf8.offset(text, width) - 1) .. "~" end
  return text
end

-- The text's lines: add(fmt, ...) one line as it is (a table's, short by
-- construction), fill(indent, fmt, ...) one cut at spaces into lines of 80
-- columns at most, those it continues on at indent (a model's or an
-- element's name can be long).
local function text_lines()
  local lines = {}
  local function add(...) lines[#lines + 1] = string.format(...) end
  local function fill(indent, ...)
    lines[#lines + 1] = require("mechbench.message").wrap(string.format(...), 80, indent)
  end
  return lines, add, fill
end

function M.dof_text(m, info)
  local lines, add, fill = text_lines()
  local word = function(k, one, many) return k == 1 and one or many end
  fill("  ", "%s: degrees of freedom", fit(m.name, 76))
  add("  Gruebler's count: 3 x %d bod%s - %d constraint row%s = %d", info.bodies, word(info.bodies, "y", "ies"),
    info.rows, word(info.rows, "", "s"), info.gruebler)
  add("  the constraint Jacobian's rank at the start: %d of %d row%s, so 3 x %d - %d = %d", info.rank, info.rows,
    word(info.rows, "", "s"), info.bodies, info.rank, info.dof)
  if info.rank < info.rows then
    for _, r in ipairs(info.redundant) do
      fill("    ", "  redundant: joint '%s': %s of its %d row%s already fixed by the joints before it",
        fit(r.joint, 60), r.rows - r.independent == r.rows and "all" or tostring(r.rows - r.independent), r.rows,
        word(r.rows, "", "s"))
    end
    local involved = {}
    for i, name in ipairs(info.involved) do involved[i] = fit(name, 60) end
    fill("    ", "  the joints that depend on one another: %s", table.concat(involved, ", "))
    add("  the count says %d, the rank %d: joints that repeat what others impose (their", info.gruebler, info.dof)
    add("  reactions are not unique), or a position where the joints lose a direction;")
    add('  a run stops there unless redundant = "drop" or stabilization = "penalty"')
  else
    add("  the two agree: no redundant joint")
  end
  return table.concat(lines, "\n")
end


---------------------------------------------------------------- one evaluation
-- A coordinate's name, short enough for a column: "crank.x", "O2.angle"
-- (a joint's, or a body's in vector loops), "A.x" (a point coordinates'
-- pin); the formulation's own words otherwise.
local function short_name(name)
  local body, coord = name:match("^body '(.-)' %((%w+)%)$")
  if body then return body .. "." .. coord end
  local what, kind, owner = name:match("^the (%w+) of (%w+) '(.-)'$")
  if what and (kind == "joint" or kind == "body") then return owner .. "." .. what end
  local point, axis, owner = name:match("^point (%w+) %((%w)%) of body '(.-)'$")
  if point then return owner .. "." .. point .. axis end
  local coord, _, pin = name:match("^(%w+) of the (%w+) '(.-)'$")
  if coord then return pin .. "." .. coord end
  return name
end

-- A label cut to width; a coordinate's ("crank.angle") keeps which
-- coordinate it is, its owner cut instead.
local function fit_label(label, width)
  local owner, which = label:match("^(.+)(%.[^.]+)$")
  if not owner or utf8.len(which) > width // 2 then return fit(label, width) end
  return fit(owner, width - utf8.len(which)) .. which
end

local function number(x) return ("%.4g"):format(x == 0 and 0 or x) end

-- A matrix with labelled rows and columns, in blocks of columns that fit
-- 80 characters; rows past 30 are left out (the table p holds them all).
local function labelled(add, A, rows, cols, row_labels, col_labels)
  if rows == 0 or cols == 0 then add("     (empty)") return end
  local label_w = 9
  for r = 1, math.min(rows, 30) do label_w = math.max(label_w, math.min(utf8.len(row_labels[r]) or 9, 12)) end
  local cell = 9
  local per_block = math.max(1, (80 - label_w - 2) // cell)
  for first = 1, cols, per_block do
    local last = math.min(cols, first + per_block - 1)
    -- a column's label on two lines: what it belongs to, then which ("crank" over "angle")
    local top, bottom = { ("  %-" .. label_w .. "s"):format("") }, { ("  %-" .. label_w .. "s"):format("") }
    for c = first, last do
      local owner, which = col_labels[c]:match("^(.*)%.([^.]+)$")
      top[#top + 1] = ("%" .. cell .. "s"):format(fit(owner or "", cell - 1))
      bottom[#bottom + 1] = ("%" .. cell .. "s"):format(fit(which or col_labels[c], cell - 1))
    end
    add("%s", (table.concat(top):gsub("%s+$", "")))
    add("%s", table.concat(bottom))
    for r = 1, math.min(rows, 30) do
      local line = { ("  %-" .. label_w .. "s"):format(fit(row_labels[r], label_w)) }
      for c = first, last do line[#line + 1] = ("%" .. cell .. "s"):format(number(A(r, c))) end
      add(table.concat(line))
    end
    if rows > 30 then add(("  ... %d more rows"):format(rows - 30)) end
  end
end

local function column(add, values, labels, unit)
  for i, v in ipairs(values) do
    if i > 40 then add(("  ... %d more"):format(#values - 40)) break end
    add(("  %-14s %12s%s"):format(fit_label(labels[i], 14), number(v), unit and (" " .. unit) or ""))
  end
end

-- The option this file reads itself, declared as C declares the others
-- (util/option.h): a run whose state is shown instead of the model's start.
local OWN = {
  result = { name = "result", type = "result", analyses = { explain = true }, said = "the model's start",
    summary = "a run r whose state at (the sample nearest) t is shown",
    -- a run's record (mechbench.result, a layer above: its animation shows this text)
    check = function(r)
      if type(r) ~= "table" or type(r.t) ~= "table" or type(r.bodies) ~= "table" then
        return ("result must be a result (r = m:simulate{...}), not %s"):format(type(r))
      end
    end },
}
M.options = OWN

-- The text of one evaluation. opts: t (0), formulation (body), tree,
-- angles; result: a run whose state at (the sample nearest) t is shown,
-- instead of the model's start.
function M.text(m, opts)
  local o = options.state_options(m, opts, "explain", nil, 2, OWN, "m:explain")
  local formulation = o.formulation
  local entry = kinds.formulation_entry[formulation] -- its title, its capabilities
  local t = o.t
  local r = o.result
  -- the state: the model's start, or the run's at the sample nearest t
  local restore
  local sample
  if r then
    sample = 1
    for i, ti in ipairs(r.t) do if math.abs(ti - t) < math.abs(r.t[sample] - t) then sample = i end end
    t = r.t[sample]
    local keep = {}
    for i, b in ipairs(m._order.bodies) do
      keep[i] = { b.pos, b.angle, b.vel, b.omega }
      local rb = r.bodies[b.name]
      if not rb then args.fail("m:explain", "the result has no body '%s': it is not a run of this model", b.name) end
      b.pos, b.angle = { rb.x[sample], rb.y[sample] }, rb.angle[sample]
      b.vel, b.omega = { rb.vx[sample], rb.vy[sample] }, rb.omega[sample]
    end
    restore = function()
      for i, b in ipairs(m._order.bodies) do b.pos, b.angle, b.vel, b.omega = table.unpack(keep[i]) end
    end
  end
  local desc = m:compile()
  local popts = { formulation = formulation, tree = o.tree, angles = o.angles, redundant = "drop" }
  local ok, p = pcall(core.model.pieces, desc, popts, t)
  if restore then restore() end
  if not ok then args.fail("m:explain", "%s", tostring(p)) end

  local lines, add, fill = text_lines()
  local n, nc = #p.q, #p.gamma
  local cols = {}
  for k, name in ipairs(p.coordinate_names) do cols[k] = short_name(name) end
  local rows = p.row_names
  fill("  ", "one evaluation of %s at t = %g in %s", fit(m.name, 76), t, entry.title)
  add("  (the state %s)", r and ("of the run at its sample " .. sample) or "at the model's start")
  add("")
  local joints, own = {}, 0
  for _, j in ipairs(p.row_joint) do
    if j > 0 then joints[j] = true else own = own + 1 end
  end
  local njoints = 0
  for _ in pairs(joints) do njoints = njoints + 1 end
  local from
  if nc == 0 then
    -- the discrete method's joints are springs; elsewhere (minimal
    -- coordinates, a tree in joint coordinates) they hold by construction
    from = #m._order.joints == 0 and ""
      or entry.can.joint_forces and ": its joints act through forces of its own, inside h"
      or ": its coordinates keep every joint closed by construction"
  elseif own == nc then
    from = " (the formulation's own, not the joints')"
  elseif own == 0 then
    from = (" (from %d joint%s)"):format(njoints, njoints == 1 and "" or "s")
  else
    from = (" (%d from %d joint%s, %d of the formulation's own)"):format(nc - own, njoints,
      njoints == 1 and "" or "s", own)
  end
  fill("   ", "1. sizes: %d coordinate%s q, %d constraint row%s%s", n, n == 1 and "" or "s", nc, nc == 1 and "" or "s",
    from)
  local step = 1
  local function heading(fmt, ...)
    step = step + 1
    add("")
    fill("   ", "%d. " .. fmt, step, ...)
  end
  heading("the state: q and q'")
  for k = 1, math.min(n, 40) do add("  %-14s %12s %12s", fit_label(cols[k], 14), number(p.q[k]), number(p.qd[k])) end
  local dynamic = p.M ~= nil -- a kinematic formulation states its rows only
  if dynamic then
    heading("M, the mass matrix (%d x %d)", n, n)
    local diagonal = true
    for a = 1, n do for b = 1, n do if a ~= b and p.M(a, b) ~= 0 then diagonal = false end end end
    if diagonal then
      add("  diagonal:")
      local d = {}
      for k = 1, n do d[k] = p.M(k, k) end
      column(add, d, cols)
    else
      labelled(add, p.M, n, n, cols, cols)
    end
    heading("h, the applied forces with the velocity terms (%d)", n)
    column(add, p.h, cols)
  end
  if nc > 0 then
    heading("D, the constraint Jacobian (%d x %d): rows by joint, columns by coordinate", nc, n)
    labelled(add, p.D, nc, n, rows, cols)
    heading("gamma, the right side of D q'' = gamma (%d)", nc)
    column(add, p.gamma, rows)
  end
  if dynamic then
    if nc > 0 then
      heading("the solve: M q'' = h + D' lambda with D q'' = gamma, through")
      add("   (D M^-1 D') lambda = gamma - D M^-1 h, then q'' = M^-1 (h + D' lambda)")
    else
      heading("the solve: M q'' = h")
    end
    add("  q''")
    column(add, p.acc, cols)
    if nc > 0 then
      add("  lambda")
      column(add, p.lambda, rows)
    end
  else
    add("")
    add("  (a kinematic formulation: its rows only, no M or forces; q'' comes from")
    add("  D q'' = gamma with the drivers among the rows)")
  end
  if nc > 0 then
    local cond = mat.cond(p.D)
    local s = mat.svd(p.D)
    local rank = 0
    for _, x in ipairs(s) do if x > 1e-9 * s[1] then rank = rank + 1 end end
    heading("the constraint Jacobian's condition number: %s", cond == math.huge and "infinite" or ("%.4g"):format(cond))
    add("   (its largest singular value over its smallest; rank %d of %d rows)", rank, nc)
    -- what a run watches for toggles, from the layer's own factor of
    -- S = D M^-1 D' = L L': sqrt(S_kk)/L_kk (constrained.c, watch_toggle)
    if p.row_ratio then
      local worst, at = 0, 1
      for k, x in ipairs(p.row_ratio) do if x > worst then worst, at = x, k end end
      add("   what a run watches for toggles, sqrt(S_kk)/L_kk with S = D M^-1 D' = L L'")
      add("   (1/sin of the angle between a row and those before it; a run takes S_kk")
      fill("   ", "   the largest so far): largest %.4g, at row '%s';", worst, fit(rows[at], 74))
      add("   a run warns past 100")
      if formulation == "body" and nc >= core.model.tree_rows then
        add("   (from %d rows on a run solves without S, through the joints' tree,", core.model.tree_rows)
        add("   and watches its loops' cut rows alone)")
      elseif formulation == "point" and nc >= core.model.sparse_rows then
        add("   (from %d rows on a run solves without S, its whole system sparse,", core.model.sparse_rows)
        add("   and watches that factor's pivots against the rows' scales in M's")
        add("   diagonal metric)")
      end
    end
  end
  return table.concat(lines, "\n"), p
end

return M
