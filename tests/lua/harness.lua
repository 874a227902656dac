-- harness.lua: a tiny test library for the Lua tests, run with
--   mechbench --batch tests/lua/test_NAME.lua
-- T.near(got, want, tol, what) and friends count; T.finish() prints the
-- closing line "N passed, N failed" and sets the exit status.
local T = { passed = 0, failed = 0 }

local function report(ok, what, detail)
  if ok then
    T.passed = T.passed + 1
  else
    T.failed = T.failed + 1
    local level, info = 2, debug.getinfo(2, "Sl")
    while info and info.short_src:find("harness.lua", 1, true) do
      level = level + 1
      info = debug.getinfo(level, "Sl")
    end
    info = info or { short_src = "?", currentline = 0 }
    print(string.format("FAIL %s:%d: %s%s", info.short_src, info.currentline, what or "",
      detail and (" -- " .. detail) or ""))
  end
  return ok
end

function T.ok(cond, what) return report(cond and true or false, what) end

function T.near(got, want, tol, what)
  local ok = type(got) == "number" and math.abs(got - want) <= tol
  return report(ok, what, string.format("got %s, want %.12g (tol %g)", tostring(got), want, tol))
end

-- elementwise, tables of numbers or of rows
function T.near_all(got, want, tol, what)
  local worst, shape_ok = 0, true
  local function walk(g, w)
    if type(w) == "number" then
      if type(g) ~= "number" then shape_ok = false return end
      worst = math.max(worst, math.abs(g - w))
      return
    end
    if type(g) ~= "table" and type(g) ~= "userdata" or #g ~= #w then shape_ok = false return end
    for i = 1, #w do walk(g[i], w[i]) end
  end
  walk(got, want)
  return report(shape_ok and worst <= tol, what,
    shape_ok and string.format("largest difference %.3g (tol %g)", worst, tol) or "shape differs")
end

function T.eq(got, want, what)
  return report(got == want, what, string.format("got %s, want %s", tostring(got), tostring(want)))
end

-- f must raise an error whose message contains `pattern` (plain text)
function T.fails(f, pattern, what)
  local ok, err = pcall(f)
  local msg = tostring(err)
  return report(not ok and msg:find(pattern, 1, true) ~= nil, what,
    ok and "no error raised" or ("message: " .. msg))
end

function T.finish()
  print(string.format("%d passed, %d failed", T.passed, T.failed))
  os.exit(T.failed == 0 and 0 or 1)
end

return T
