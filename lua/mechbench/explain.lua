-- mechbench.explain: answers to "how many degrees of freedom does this
-- really have" and "what happens in one evaluation".
--   m:dof()            Gruebler's count beside the constraint Jacobian's rank,
--                      and the joints whose rows the others already fix
--   m:explain{ t, formulation, ... }
--                      one evaluation of the equations of motion, step by step
local core = require "mechbench.core"
local args = require "mechbench.args"
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
  local kinds = require("mechbench.model").joint_rows
  local owner, first = {}, 1
  local info = { bodies = nb, rows = nrows, gruebler = n - nrows, redundant = {}, involved = {} }
  for i, j in ipairs(desc.joints) do
    local count = kinds(j)
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

function M.dof_text(m, info)
  local lines = {}
  local function add(...) lines[#lines + 1] = string.format(...) end
  local word = function(k, one, many) return k == 1 and one or many end
  add("%s: degrees of freedom", m.name)
  add("  Gruebler's count: 3 x %d bod%s - %d constraint row%s = %d", info.bodies, word(info.bodies, "y", "ies"),
    info.rows, word(info.rows, "", "s"), info.gruebler)
  add("  the constraint Jacobian's rank at the start: %d of %d row%s, so 3 x %d - %d = %d", info.rank, info.rows,
    word(info.rows, "", "s"), info.bodies, info.rank, info.dof)
  if info.rank < info.rows then
    for _, r in ipairs(info.redundant) do
      add("  redundant: joint '%s': %s of its %d row%s already fixed by the joints before it",
        r.joint, r.rows - r.independent == r.rows and "all" or tostring(r.rows - r.independent), r.rows,
        word(r.rows, "", "s"))
    end
    add("  the joints that depend on one another: %s", table.concat(info.involved, ", "))
    add("  the count says %d, the rank %d: joints that repeat what others impose (their", info.gruebler, info.dof)
    add("  reactions are not unique), or a position where the joints lose a direction;")
    add('  a run stops there unless redundant = "drop" or stabilization = "penalty"')
  else
    add("  the two agree: no redundant joint")
  end
  return table.concat(lines, "\n")
end

return M
