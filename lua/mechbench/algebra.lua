-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.algebra: a small algebra of expressions in a model's
-- coordinates, their rates, time, named constants and numbers, for the
-- equations shown symbolically (mechbench.equations). It depends on
-- nothing of the model.
--
-- An expression is a sum of terms, each a number times a monomial: a
-- product of atoms raised to powers. Atoms are symbols (a coordinate, a
-- rate, t, a named constant, a driver's function of time or one of its
-- derivatives), sin or cos of a linear form in symbols (an angle, a sum or
-- a difference of angles), a sum raised to a power that is not a whole
-- number (a square root, a reciprocal) and atan2 of two sums. The form is
-- canonical, so that equal expressions print equal:
--   * like terms are collected and numbers folded;
--   * a monomial holds at most one sin or cos: a product of two is turned
--     into a sum (sin a sin b = [cos(a - b) - cos(a + b)] / 2, ...), which
--     makes sin² + cos² = 1 and the rest of the identities of angle sums
--     hold by construction (distinct frequencies are independent);
--   * the argument of sin and cos is a linear form with its first
--     coefficient positive and no constant (sin(a + c) is expanded with
--     the numbers cos c and sin c);
--   * a sum under a power is scaled to lead with 1 and a whole power of a
--     sum is multiplied out.
-- Not a computer algebra system: no factoring, no rational functions in
-- general, no simplification beyond this form.
local M = {}

local Expr = {}
Expr.__index = Expr
M.Expr = Expr

local floor, abs, fmt = math.floor, math.abs, string.format

-- The sort ranks of atoms: constants first, then named terms (a force
-- the algebra does not write), the functions of time, t, the coordinates, their rates and accelerations, then sums under
-- powers and atan2, and sin/cos last (0.05 φ̇² cos φ reads as the book).
local RANK = { const = 1, ext = 2, fn = 3, t = 4, q = 5, qd = 6, qdd = 7, def = 8, group = 9, atan2 = 10, trig = 11 }

local function is_integer(p) return p == floor(p) end

---------------------------------------------------------------- numbers

-- A number as part of a key: exact, and the same for 0 and -0.
local function num_key(c)
  if c == 0 then return "0" end
  return fmt("%.17g", c)
end

-- The sum a + b, snapped to 0 when it is round-off of numbers that cancel.
local function add_numbers(a, b)
  local s = a + b
  if abs(s) <= 1e-14 * math.max(abs(a), abs(b)) then return 0 end
  return s
end

---------------------------------------------------------------- monomials
-- A monomial: { key = "...", n = count, [1..n] = { atom, power } } sorted
-- by atom.sort; the empty monomial is the number 1.

local ONE_MONO = { key = "", n = 0 }

-- Monomials are made once per key, so that products of the same two are
-- worked out once (mono_product).
local monomials = setmetatable({ [""] = ONE_MONO }, { __mode = "v" })
local function by_sort(a, b) return a[1].sort < b[1].sort end
local function mono_make(factors)
  if #factors > 1 then table.sort(factors, by_sort) end
  local parts = {}
  for i, f in ipairs(factors) do
    parts[i] = f[2] == 1 and f[1].key or (f[1].key .. "^" .. num_key(f[2]))
  end
  local key = table.concat(parts, "*")
  local known = monomials[key]
  if known then return known end
  factors.key = key
  factors.n = #factors
  monomials[key] = factors
  return factors
end

---------------------------------------------------------------- expressions

-- An expression from map: key -> { c, m }, zeros dropped. The terms are
-- in no order: key() and printing sort them.
local function expr_from_map(map)
  local terms = {}
  for _, t in pairs(map) do
    if t[1] ~= 0 then terms[#terms + 1] = t end
  end
  return setmetatable(terms, Expr)
end

local function accumulate(map, c, m)
  if c == 0 then return end
  local t = map[m.key]
  if t then
    t[1] = add_numbers(t[1], c)
  else
    map[m.key] = { c, m }
  end
end

local function number(c)
  if c == 0 then return setmetatable({}, Expr) end
  return setmetatable({ { c, ONE_MONO } }, Expr)
end
M.number = number

local function lift(x)
  if getmetatable(x) == Expr then return x end
  if type(x) == "number" then return number(x) end
  error("algebra: not an expression: " .. tostring(x), 3)
end
M.lift = lift

-- The expression's key: its canonical form as one string.
function Expr:key()
  if self._key then return self._key end
  local parts = {}
  for i, t in ipairs(self) do parts[i] = t[2].key .. "=" .. num_key(t[1]) end
  table.sort(parts)
  local k = table.concat(parts, "+")
  rawset(self, "_key", k)
  return k
end

-- Its value as a number when it has no symbol, else nil.
function Expr:constant()
  if #self == 0 then return 0 end
  if #self == 1 and self[1][2].n == 0 then return self[1][1] end
  return nil
end

local function add(a, b)
  a, b = lift(a), lift(b)
  local map = {}
  for _, t in ipairs(a) do accumulate(map, t[1], t[2]) end
  for _, t in ipairs(b) do accumulate(map, t[1], t[2]) end
  return expr_from_map(map)
end

local function scale(a, k)
  a = lift(a)
  if k == 0 then return number(0) end
  local out = {}
  for i, t in ipairs(a) do out[i] = { t[1] * k, t[2] } end
  return setmetatable(out, Expr)
end
M.scale = scale

-- forward declarations: atoms made from expressions
local trig, group_power, mul_into, mono_multiply

-- b as a power of a group atom of a's one term whose sum it is (a sum
-- times a power of itself: (x² + 1)⁻¹ (x² + 1) = 1), else b.
local function as_group_of(a, b)
  if #a ~= 1 or #b < 2 then return b end
  for _, f in ipairs(a[1][2]) do
    if f[1].kind == "group" and f[1].base:key() == b:key() then
      return setmetatable({ { 1, mono_make { { f[1], 1 } } } }, Expr)
    end
  end
  return b
end

local function mul(a, b)
  a, b = lift(a), lift(b)
  local ka, kb = a:constant(), b:constant()
  if ka then return scale(b, ka) end
  if kb then return scale(a, kb) end
  b, a = as_group_of(a, b), as_group_of(b, a)
  local map = {}
  for _, s in ipairs(a) do
    for _, t in ipairs(b) do mul_into(map, s[1] * t[1], s[2], t[2]) end
  end
  return expr_from_map(map)
end

local function neg(a) return scale(a, -1) end
local function sub(a, b) return add(a, scale(lift(b), -1)) end

-- a^p: a whole power multiplied out, any other a group atom.
local function power(a, p)
  a = lift(a)
  if type(p) ~= "number" then error("algebra: a power must be a number", 2) end
  if p == 0 then return number(1) end
  local k = a:constant()
  if k then
    if k < 0 and not is_integer(p) then error("algebra: a negative number to a fractional power", 2) end
    if k == 0 and p < 0 then error("algebra: division by zero", 2) end
    return number(k ^ p)
  end
  if is_integer(p) and p > 0 then
    local out, base, n = number(1), a, p
    while n > 0 do -- by squaring
      if n % 2 == 1 then out = mul(out, base) end
      n = floor(n / 2)
      if n > 0 then base = mul(base, base) end
    end
    return out
  end
  return group_power(a, p)
end

Expr.__add = add
Expr.__sub = sub
Expr.__mul = mul
Expr.__unm = neg
Expr.__pow = power
Expr.__div = function(a, b)
  local kb = type(b) == "number" and b or lift(b):constant()
  if kb then
    if kb == 0 then error("algebra: division by zero", 2) end
    return scale(a, 1 / kb)
  end
  return mul(a, power(b, -1))
end
M.add, M.sub, M.mul, M.neg, M.power = add, sub, mul, neg, power

---------------------------------------------------------------- atoms

-- A symbol. spec: name (unique among the symbols of one set of equations),
-- kind (q, qd, qdd, t, const, ext: a named term, fn), index (its place for sorting: a
-- coordinate's number), text, latex, lua (how each format writes it),
-- value (a constant's), rate (its time derivative: an expression or a
-- function returning one, nil for 0).
local made = 0
function M.symbol(spec)
  assert(RANK[spec.kind], "algebra.symbol: unknown kind")
  local atom = {
    kind = "sym", sym = spec.kind, name = spec.name, index = spec.index or 0,
    text = spec.text or spec.name, latex = spec.latex or spec.name, lua = spec.lua or spec.name,
    value = spec.value, rate = spec.rate, order = spec.order,
  }
  made = made + 1 -- a key of its own: symbols of another set of equations never meet it
  atom.key = spec.name .. "#" .. made
  atom.sort = fmt("%02d%06d%s", RANK[spec.kind], atom.index, spec.name)
  return atom
end

-- The expression of one atom.
local function atom_expr(atom, p)
  return setmetatable({ { 1, mono_make { { atom, p or 1 } } } }, Expr)
end
M.atom = atom_expr

-- A symbol as an expression.
function M.var(spec) return atom_expr(M.symbol(spec)) end

-- A named sub-expression (d_x of a spring, the difference of two points):
-- an atom that prints as its name in text and LaTeX and as its definition
-- in Lua, evaluates and differentiates through its definition. It keeps
-- products of long sums short; an expression holding both the name and
-- the definition written out is not simplified between them, so a caller
-- uses one or the other. spec: name (unique), text, latex, index.
function M.define(e, spec)
  made = made + 1
  local atom = { kind = "def", def = lift(e), name = spec.name, text = spec.text, latex = spec.latex,
    key = "def:" .. spec.name .. "#" .. made }
  atom.sort = fmt("%02d%06d%s", RANK.def, spec.index or 0, spec.name)
  return atom_expr(atom)
end

-- The symbol a one-atom expression is, or nil.
function Expr:as_symbol()
  if #self == 1 and self[1][1] == 1 and self[1][2].n == 1 then
    local f = self[1][2][1]
    if f[2] == 1 and f[1].kind == "sym" then return f[1] end
  end
  return nil
end

-- sin or cos of an expression that is a linear form in symbols (or in
-- atan2 atoms, which are angles too) plus a number, as a canonical
-- expression.
local function linear_parts(e)
  local parts, const = {}, 0
  for _, t in ipairs(e) do
    local m = t[2]
    if m.n == 0 then
      const = t[1]
    elseif m.n == 1 and m[1][2] == 1 and (m[1][1].kind == "sym" or m[1][1].kind == "atan2"
      or m[1][1].kind == "def") then
      parts[#parts + 1] = t
    else
      error("algebra: sin and cos take a linear form in symbols (an angle, a sum of angles), not " ..
        M.text(e), 3)
    end
  end
  table.sort(parts, function(a, b) return a[2][1][1].sort < b[2][1][1].sort end)
  return parts, const
end

local trig_atoms = setmetatable({}, { __mode = "v" }) -- by key: each made once
local function trig_atom(f, parts)
  local linear = setmetatable(parts, Expr)
  local key = f .. "(" .. linear:key() .. ")"
  local atom = trig_atoms[key]
  if not atom then
    atom = { kind = "trig", f = f, arg = linear, key = key,
      sort = fmt("%02d%s", RANK.trig, parts[1][2][1][1].sort) .. key }
    trig_atoms[key] = atom
  end
  return atom
end

-- Snap a cosine or sine of a number that is round-off of 0 or ±1.
local function snap(v)
  if abs(v) < 1e-15 then return 0 end
  if abs(abs(v) - 1) < 1e-15 then return v > 0 and 1 or -1 end
  return v
end

function trig(f, e)
  e = lift(e)
  local parts, const = linear_parts(e)
  if #parts == 0 then return number(f == "sin" and math.sin(const) or math.cos(const)) end
  local sign = 1
  if parts[1][1] < 0 then -- cos(-L) = cos L, sin(-L) = -sin L
    local flipped = {}
    for i, t in ipairs(parts) do flipped[i] = { -t[1], t[2] } end
    parts, const = flipped, -const
    if f == "sin" then sign = -1 end
  end
  local s = atom_expr(trig_atom("sin", parts))
  local c = atom_expr(trig_atom("cos", parts))
  if const == 0 then return scale(f == "sin" and s or c, sign) end
  local cc, sc = snap(math.cos(const)), snap(math.sin(const))
  if f == "sin" then -- sin(L + k) = sin L cos k + cos L sin k
    return scale(add(scale(s, cc), scale(c, sc)), sign)
  end
  return sub(scale(c, cc), scale(s, sc)) -- cos(L + k) = cos L cos k - sin L sin k
end
function M.sin(e) return trig("sin", e) end
function M.cos(e) return trig("cos", e) end

-- A sum raised to p (not a whole number >= 0, and not one term: those are
-- multiplied out or distributed). The sum is kept as it came (scaling it
-- to lead with 1 would make it unreadable): equal sums built alike are
-- one atom.
local group_atoms = setmetatable({}, { __mode = "v" })
function group_power(a, p)
  if #a == 1 and a[1][1] > 0 then -- (c m)^p = c^p m^p, unless m has a sin or cos
    local c, m, factors = a[1][1], a[1][2], {}
    for i, f in ipairs(m) do
      if f[1].kind == "trig" then factors = nil break end
      factors[i] = { f[1], f[2] * p }
    end
    if factors then
      local map = {}
      mul_into(map, c ^ p, mono_make(factors), ONE_MONO)
      return expr_from_map(map)
    end
  end
  return setmetatable({ { 1, mono_make { { M.group_atom(a), p } } } }, Expr)
end

-- The atom standing for a sum under a power.
function M.group_atom(base)
  local key = "(" .. base:key() .. ")"
  local atom = group_atoms[key]
  if not atom then
    atom = { kind = "group", base = base, key = key, sort = fmt("%02d", RANK.group) .. key }
    group_atoms[key] = atom
  end
  return atom
end

-- atan2(y, x) as an atom (the angle of the vector {x, y}).
local atan_atoms = setmetatable({}, { __mode = "v" })
function M.atan2(y, x)
  y, x = lift(y), lift(x)
  local ky, kx = y:constant(), x:constant()
  if ky and kx then return number(math.atan(ky, kx)) end
  local key = "atan2(" .. y:key() .. "," .. x:key() .. ")"
  local atom = atan_atoms[key]
  if not atom then
    atom = { kind = "atan2", y = y, x = x, key = key, sort = fmt("%02d", RANK.atan2) .. key }
    atan_atoms[key] = atom
  end
  return atom_expr(atom)
end

-- f(a, b) worked out once per pair of tables a, b (kept while both live).
local function once_per_pair(f)
  local cache = setmetatable({}, { __mode = "k" })
  return function(a, b)
    local row = cache[a]
    if not row then
      row = setmetatable({}, { __mode = "k" })
      cache[a] = row
    end
    local v = row[b]
    if v == nil then
      v = f(a, b)
      row[b] = v
    end
    return v
  end
end

-- The product of two sin/cos atoms as a sum.
local trig_product = once_per_pair(function(a, b)
  local product
  local sum, diff = add(a.arg, b.arg), sub(a.arg, b.arg)
  if a.f == "sin" and b.f == "sin" then
    product = scale(sub(trig("cos", diff), trig("cos", sum)), 0.5)
  elseif a.f == "cos" and b.f == "cos" then
    product = scale(add(trig("cos", diff), trig("cos", sum)), 0.5)
  elseif a.f == "sin" then -- sin A cos B
    product = scale(add(trig("sin", sum), trig("sin", diff)), 0.5)
  else -- cos A sin B
    product = scale(sub(trig("sin", sum), trig("sin", diff)), 0.5)
  end
  return product
end)

-- Multiply monomials m1 and m2 with coefficient c into map: the powers of
-- like atoms added; two sin/cos turned into a sum; a whole power >= 0 of a
-- group multiplied out.
local mono_product = once_per_pair(function(m1, m2)
  local map, out = {}, {}
  mono_multiply(map, 1, m1, m2)
  for _, t in pairs(map) do if t[1] ~= 0 then out[#out + 1] = t end end
  return out
end)

function mul_into(map, c, m1, m2)
  if c == 0 then return end
  for _, t in ipairs(mono_product(m1, m2)) do accumulate(map, c * t[1], t[2]) end
end

function mono_multiply(map, c, m1, m2)
  local powers, order = {}, {}
  local trigs = {}
  for _, m in ipairs { m1, m2 } do
    for _, f in ipairs(m) do
      local atom = f[1]
      if atom.kind == "trig" then
        trigs[#trigs + 1] = atom
      elseif powers[atom.key] then
        powers[atom.key][2] = powers[atom.key][2] + f[2]
      else
        local entry = { atom, f[2] }
        powers[atom.key] = entry
        order[#order + 1] = entry
      end
    end
  end
  local factors, expand = {}, nil
  for _, f in ipairs(order) do
    if f[2] ~= 0 then
      if f[1].kind == "group" and is_integer(f[2]) and f[2] > 0 then
        expand = expand or {}
        expand[#expand + 1] = f
      else
        factors[#factors + 1] = { f[1], f[2] }
      end
    end
  end
  local rest = number(c)
  if #trigs == 2 then
    rest = scale(trig_product(trigs[1], trigs[2]), c)
  elseif #trigs == 1 then
    factors[#factors + 1] = { trigs[1], 1 }
  end
  for _, g in ipairs(expand or {}) do rest = mul(rest, power(g[1].base, g[2])) end
  local m = mono_make(factors)
  if #rest == 1 and rest[1][2].n == 0 then
    accumulate(map, rest[1][1], m)
    return
  end
  -- the remaining product (one sin or cos per monomial, groups multiplied
  -- out) times the other factors
  for _, t in ipairs(rest) do
    if m.n == 0 then
      accumulate(map, t[1], t[2])
    else
      mul_into(map, t[1], m, t[2])
    end
  end
end

---------------------------------------------------------------- derivatives

-- The derivative of an expression, each symbol's own derivative given by
-- dsym(atom) (an expression, or nil for 0): a partial derivative when it
-- gives 1 for one symbol, the total time derivative when it gives rates.
local function derive(e, dsym, cache)
  e = lift(e)
  local map = {}
  for _, t in ipairs(e) do
    local c, m = t[1], t[2]
    for i, f in ipairs(m) do
      local atom, p = f[1], f[2]
      local d = cache[atom.key]
      if d == nil then
        if atom.kind == "sym" then
          d = dsym(atom) or false
        elseif atom.kind == "trig" then
          local da = derive(atom.arg, dsym, cache)
          if #da == 0 then
            d = false
          elseif atom.f == "sin" then
            d = mul(trig("cos", atom.arg), da)
          else
            d = neg(mul(trig("sin", atom.arg), da))
          end
        elseif atom.kind == "group" then
          local db = derive(atom.base, dsym, cache)
          d = #db > 0 and db or false -- times p g^(p-1), below
        elseif atom.kind == "def" then
          local dd = derive(atom.def, dsym, cache)
          d = #dd > 0 and dd or false
        else -- atan2(y, x)' = (x y' - y x') / (x² + y²)
          local dy, dx = derive(atom.y, dsym, cache), derive(atom.x, dsym, cache)
          if #dy == 0 and #dx == 0 then
            d = false
          else
            d = mul(sub(mul(atom.x, dy), mul(atom.y, dx)),
              power(add(mul(atom.x, atom.x), mul(atom.y, atom.y)), -1))
          end
        end
        cache[atom.key] = d
      end
      if d then
        -- c p atom^(p-1) d * (the other factors)
        local others = {}
        for j, g in ipairs(m) do
          if j ~= i then others[#others + 1] = { g[1], g[2] } end
        end
        if p ~= 1 then others[#others + 1] = { atom, p - 1 } end
        local rmap = {}
        mul_into(rmap, c * p, mono_make(others), ONE_MONO)
        for _, s in ipairs(mul(expr_from_map(rmap), d)) do accumulate(map, s[1], s[2]) end
      end
    end
  end
  return expr_from_map(map)
end

-- ∂e/∂x for a symbol x (an atom, or a one-symbol expression).
function M.diff(e, x)
  local atom = getmetatable(x) == Expr and x:as_symbol() or x
  assert(atom and atom.kind == "sym", "algebra.diff: differentiate with respect to a symbol")
  local key = atom.key
  return derive(e, function(s) return s.key == key and number(1) or nil end, {})
end

-- The total time derivative de/dt through every symbol's rate (the
-- coordinates' rates, their accelerations, t, the functions of time).
-- without_acc: the accelerations taken as 0 (q̈ = 0), for γ.
function M.dt(e, without_acc)
  return derive(e, function(s)
    if without_acc and s.sym == "qd" then return nil end
    local r = s.rate
    if type(r) == "function" then r = r() end
    return r and lift(r) or nil
  end, {})
end

---------------------------------------------------------------- values

-- The value at values[name] for each symbol (a constant's own value when
-- left out): a number.
local function atom_value(atom, values, cache)
  local v = cache[atom.key]
  if v then return v end
  if atom.kind == "sym" then
    v = values[atom.name]
    if v == nil then v = atom.value end
    if v == nil then error("algebra: no value for " .. atom.name, 0) end
  elseif atom.kind == "trig" then
    local a = M.eval(atom.arg, values, cache)
    v = atom.f == "sin" and math.sin(a) or math.cos(a)
  elseif atom.kind == "group" then
    v = M.eval(atom.base, values, cache)
  elseif atom.kind == "def" then
    v = M.eval(atom.def, values, cache)
  else
    v = math.atan(M.eval(atom.y, values, cache), M.eval(atom.x, values, cache))
  end
  cache[atom.key] = v
  return v
end

function M.eval(e, values, cache)
  cache = cache or {}
  local s = 0
  for _, t in ipairs(lift(e)) do
    local v = t[1]
    for _, f in ipairs(t[2]) do
      local a = atom_value(f[1], values, cache)
      v = v * (f[2] == 1 and a or a ^ f[2])
    end
    s = s + v
  end
  return s
end
Expr.eval = M.eval

-- The number of terms as printed, counting those under powers and atan2
-- unless names labels them (a named sub-expression counts one).
function M.size(e, names)
  local n = 0
  for _, t in ipairs(lift(e)) do
    n = n + 1
    for _, f in ipairs(t[2]) do
      local a = f[1]
      if not (names and names[a.key]) then
        if a.kind == "group" then n = n + M.size(a.base, names) - 1 end
        if a.kind == "atan2" then n = n + M.size(a.y, names) + M.size(a.x, names) - 1 end
      end
    end
  end
  return n
end

-- Every atom an expression holds, inside sums under powers, atan2, angles
-- and named sub-expressions too, by key.
function M.atoms(e, out)
  out = out or {}
  for _, t in ipairs(lift(e)) do
    for _, f in ipairs(t[2]) do
      local a = f[1]
      if not out[a.key] then
        out[a.key] = a
        if a.kind == "trig" then M.atoms(a.arg, out)
        elseif a.kind == "group" then M.atoms(a.base, out)
        elseif a.kind == "def" then M.atoms(a.def, out)
        elseif a.kind == "atan2" then M.atoms(a.y, out); M.atoms(a.x, out) end
      end
    end
  end
  return out
end

-- Every symbol an expression holds, by name.
function M.symbols(e, out)
  out = out or {}
  for _, t in ipairs(lift(e)) do
    for _, f in ipairs(t[2]) do
      local a = f[1]
      if a.kind == "sym" then out[a.name] = a
      elseif a.kind == "trig" then M.symbols(a.arg, out)
      elseif a.kind == "group" then M.symbols(a.base, out)
      elseif a.kind == "def" then M.symbols(a.def, out)
      else M.symbols(a.y, out); M.symbols(a.x, out) end
    end
  end
  return out
end

---------------------------------------------------------------- printing
-- Three formats share one walk over the terms: "text" (the book's
-- notation in Unicode), "latex" and "lua" (a Lua expression, numbers
-- exact, evaluable with load()).

-- A number short and exact enough to read: 6 significant digits.
local function short_number(c)
  local s = fmt("%.6g", c)
  if s:find("e") then -- 1e-05 -> 1e-5
    s = s:gsub("e%+?(%-?)0*(%d)", "e%1%2")
  end
  return s
end

local SUPERSCRIPT = { ["0"] = "⁰", ["1"] = "¹", ["2"] = "²", ["3"] = "³", ["4"] = "⁴", ["5"] = "⁵",
  ["6"] = "⁶", ["7"] = "⁷", ["8"] = "⁸", ["9"] = "⁹", ["-"] = "⁻" }

local styles = {}

styles.text = {
  number = short_number,
  times = " ",
  sym = function(a) return a.text end,
  power = function(base, p, simple)
    if is_integer(p) and p >= 0 then
      local sup = tostring(floor(p)):gsub(".", SUPERSCRIPT)
      return (simple and base or "(" .. base .. ")") .. sup
    end
    return "(" .. base .. ")^" .. short_number(p)
  end,
  sqrt = function(inner) return "√(" .. inner .. ")" end,
  trig = function(f, arg, simple) return simple and (f .. " " .. arg) or (f .. "(" .. arg .. ")") end,
  atan2 = function(y, x) return "atan2(" .. y .. ", " .. x .. ")" end,
  frac = function(num, den) return num .. "/" .. den end,
  minus = "-",
}

styles.latex = {
  number = function(c)
    local s = short_number(c)
    local mant, ex = s:match("^([^e]+)e(.+)$")
    if mant then return mant .. "\\times 10^{" .. ex .. "}" end
    return s
  end,
  times = "\\,",
  sym = function(a) return a.latex end,
  power = function(base, p, simple)
    local e = is_integer(p) and tostring(floor(p)) or short_number(p)
    return (simple and base or "\\left(" .. base .. "\\right)") .. "^{" .. e .. "}"
  end,
  sqrt = function(inner) return "\\sqrt{" .. inner .. "}" end,
  trig = function(f, arg, simple)
    return "\\" .. f .. (simple and (" " .. arg) or ("\\left(" .. arg .. "\\right)"))
  end,
  atan2 = function(y, x) return "\\operatorname{atan2}\\left(" .. y .. ", " .. x .. "\\right)" end,
  frac = function(num, den) return "\\frac{" .. num .. "}{" .. den .. "}" end,
  minus = "-",
}

styles.lua = {
  number = function(c)
    if c == floor(c) and abs(c) < 2^53 then return fmt("%d", c) end
    return fmt("%.17g", c)
  end,
  times = "*",
  sym = function(a)
    if a.sym == "const" then -- a constant is its value
      local v = a.value
      return v < 0 and fmt("(%.17g)", v) or fmt("%.17g", v)
    end
    return a.lua
  end,
  power = function(base, p, simple)
    local e = is_integer(p) and tostring(floor(p)) or fmt("%.17g", p)
    if p < 0 then e = "(" .. e .. ")" end
    return (simple and base or "(" .. base .. ")") .. "^" .. e
  end,
  sqrt = function(inner) return "math.sqrt(" .. inner .. ")" end,
  trig = function(f, arg) return "math." .. f .. "(" .. arg .. ")" end,
  atan2 = function(y, x) return "math.atan(" .. y .. ", " .. x .. ")" end,
  frac = function(num, den) return num .. "/" .. den end,
  minus = "-",
}

local render -- forward

-- An atom in a style; simple: it needs no parentheses under a power.
-- names: labels by atom key ({ text =, latex =, unit = the power of the
-- atom the label stands for }) that text and LaTeX print instead.
local function atom_text(atom, style, st, names)
  if atom.kind == "sym" then return st.sym(atom), true end
  if atom.kind == "def" then
    if style == "lua" then return "(" .. render(atom.def, style) .. ")", true end
    return atom[style], true
  end
  if atom.kind == "trig" then
    local arg = render(atom.arg, style, names)
    local simple = #atom.arg == 1 and atom.arg[1][1] == 1
    return st.trig(atom.f, arg, simple), false
  end
  if atom.kind == "atan2" then
    return st.atan2(render(atom.y, style, names), render(atom.x, style, names)), true
  end
  return render(atom.base, style, names), #atom.base == 1
end

-- A factor atom^p (p > 0) in a style.
local function factor_text(atom, p, style, st, names)
  local label = style ~= "lua" and names and names[atom.key]
  if label then
    local q = p / (label.unit or 1)
    return q == 1 and label[style] or st.power(label[style], q, true)
  end
  local s, simple = atom_text(atom, style, st, names)
  if p == 1 then
    if atom.kind == "group" and not simple then
      return style == "latex" and "\\left(" .. s .. "\\right)" or "(" .. s .. ")"
    end
    return s
  end
  if p == 0.5 then return st.sqrt(s) end
  return st.power(s, p, simple and atom.kind ~= "trig")
end

-- One term without its sign: |c| and the factors, those of negative power
-- as a denominator.
local function term_text(c, m, style, st, names)
  local num, den, lone = {}, {}, nil
  for _, f in ipairs(m) do
    if f[2] > 0 then
      num[#num + 1] = factor_text(f[1], f[2], style, st, names)
    else
      den[#den + 1] = factor_text(f[1], -f[2], style, st, names)
      lone = f
    end
  end
  local a = abs(c)
  local coef = st.number(a)
  local body
  if #num == 0 then
    body = coef
  elseif a == 1 then
    body = table.concat(num, st.times)
  else
    body = coef .. st.times .. table.concat(num, st.times)
  end
  if #den > 0 then
    local d = table.concat(den, st.times)
    local only = #den == 1 and lone -- a lone sum over a fraction bar needs no parentheses
    if style == "latex" and only and only[1].kind == "group" and only[2] == -1 and not (names and names[only[1].key]) then
      d = render(only[1].base, style, names)
    end
    if style == "latex" then
      body = st.frac(#num == 0 and coef or body, d)
    elseif #den > 1 then
      body = body .. "/(" .. d .. ")"
    else
      body = body .. "/" .. d
    end
  end
  return body
end

-- The terms in the order they print: by their first factor, the number
-- last, and the first positive term in front (x_rod - x_crank, not
-- -x_crank + x_rod).
local function print_order(e)
  local terms = {}
  for i, t in ipairs(e) do terms[i] = t end
  table.sort(terms, function(a, b)
    local ma, mb = a[2], b[2]
    if (ma.n == 0) ~= (mb.n == 0) then return mb.n == 0 end
    local sa, sb = ma.n > 0 and ma[1][1].sort or "", mb.n > 0 and mb[1][1].sort or ""
    if sa ~= sb then return sa < sb end
    return ma.key < mb.key
  end)
  for i, t in ipairs(terms) do
    if t[1] > 0 then
      if i > 1 then table.insert(terms, 1, table.remove(terms, i)) end
      break
    end
  end
  return terms
end

-- The pieces of an expression in a style: a list of signed terms
-- { sign = "+" or "-", text = ... }, for render and for wrapping.
function M.pieces(e, style, names)
  local st = styles[style]
  assert(st, "algebra: the formats are text, latex and lua")
  local out = {}
  for _, t in ipairs(print_order(lift(e))) do
    out[#out + 1] = { sign = t[1] < 0 and "-" or "+", text = term_text(t[1], t[2], style, st, names) }
  end
  return out
end

-- The pieces joined: "a - b + c" (a leading minus is Lua's unary minus,
-- which binds looser than ^, as meant).
function M.join(pieces)
  if #pieces == 0 then return "0" end
  local parts = {}
  for i, p in ipairs(pieces) do
    if i == 1 then
      parts[1] = (p.sign == "-" and "-" or "") .. p.text
    else
      parts[#parts + 1] = " " .. p.sign .. " " .. p.text
    end
  end
  return table.concat(parts)
end

function render(e, style, names) return M.join(M.pieces(e, style, names)) end
M.render = render

function M.text(e, names) return render(e, "text", names) end
function M.latex(e, names) return render(e, "latex", names) end
function M.lua(e) return render(e, "lua") end
Expr.__tostring = function(e) return render(e, "text") end
Expr.text, Expr.latex, Expr.lua = M.text, M.latex, M.lua

-- The columns a text takes on a terminal: combining marks take none.
function M.width(s)
  if not s:find("[\128-\255]") then return #s end
  local n = utf8.len(s) or #s
  local _, a = s:gsub("\204[\128-\191]", "") -- U+0300 to U+033F
  local _, b = s:gsub("\205[\128-\175]", "") -- U+0340 to U+036F
  return n - a - b
end

-- An expression in text, after a label, wrapped within `columns` (80):
-- broken before a + or - between terms, continued under the first term.
-- A term wider than a line is broken at its spaces (inside a sum under a
-- power or an angle sum), continued further in.
function M.wrap(label, e, columns, names)
  columns = columns or 80
  local pieces = M.pieces(e, "text", names)
  local width = M.width(label)
  local indent = string.rep(" ", width <= columns // 2 and width or 6)
  if #pieces == 0 then return label .. "0" end
  local lines, line, used = {}, label, width -- used: line's width
  local function put(text) -- text after line, broken at spaces where too wide
    for word, space in text:gmatch("(%S+)(%s*)") do
      local w = M.width(word)
      if used + w > columns and used > #indent + 2 then
        lines[#lines + 1] = line:gsub("%s+$", "")
        line, used = indent .. "    ", #indent + 4
      end
      line, used = line .. word .. space, used + w + #space
    end
  end
  for i, p in ipairs(pieces) do
    local piece = (i == 1 and (p.sign == "-" and "-" or "") or (" " .. p.sign .. " ")) .. p.text
    local w = M.width(piece)
    if i > 1 and used + w > columns then
      lines[#lines + 1] = line
      line, used = indent, #indent
      piece = p.sign .. " " .. p.text
      w = w - 1
    end
    if used + w > columns then put(piece) else line, used = line .. piece, used + w end
  end
  lines[#lines + 1] = line
  return table.concat(lines, "\n")
end

return M
