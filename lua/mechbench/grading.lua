-- SPDX-License-Identifier: GPL-3.0-or-later
-- mechbench.grading: a class's homework graded (mechbench --grade) and
-- reports merged (mechbench --grade-merge).
--
--   mechbench --grade CHECKS.lua [--jobs N] [--report FILE.jsonl]
--             [--gradebook FILE.csv] [--roster FILE.csv] [--logs DIR]
--             [--cpu S] [--mem MB] [--output KB] SUBMISSION.lua ...
--
-- CHECKS.lua returns a list of checks, each with points:
--   { problem = "7.9", points = 4 [, asks = { "phi1", ... }] }
--     the submission sets answers["7.9"] = { name = value, ... }, computed
--     from problem("7.9").data; the points are shared among the asks, and
--     an ask earns its share only when it is right on every seed;
--   { name = "...", points = 2, value = function(s, run) ... end,
--     expect = value or function(run) ... end [, tol = 1e-3] }
--     s holds the submission's global data (copied: numbers, strings,
--     tables), run = { seed, student, hidden }.
-- and may set hidden = N (2 unless given): how many hidden seeds.
--
-- Each submission runs in the sandbox, a process per seed (util/jobs.h):
-- once with its student's seed (the file's name, or the roster's) and once
-- per hidden seed, so numbers copied from one's own sheet earn nothing.
-- Its output goes to a log of its own (capped: --output KB, then it is
-- stopped), never to ours; what it answered comes back on a pipe of its
-- own as data (mechbench.problem's grading_exporter) and is judged here,
-- in the instructor's process, by the library's own functions with the
-- problem's reference answers. Results: one JSON object per submission
-- per line (--report, else stdout), a gradebook CSV (--gradebook), a
-- summary on stderr. Exit status 0 when grading completed, 2 for a usage
-- error (a bad CHECKS file names its line).
local core = require "mechbench.core"
local json = require "mechbench.json"
local problem = require "mechbench.problem"
local args = require "mechbench.args"

local M = {}

-- A usage error: said on stderr by main, which returns 2.
local Usage = {}
local function usage(fmt, ...)
  error(setmetatable({ text = fmt:format(...) }, Usage), 0)
end

local function say(text)
  io.stdout:flush()
  io.stderr:write(text, "\n")
  io.stderr:flush()
end

------------------------------------------------------------------ CHECKS.lua

-- The line of CHECKS.lua where a check is written, found by a word of it
-- (its problem number in quotes, its name, a misspelt field); the line of
-- the `return` when none is found.
local function line_of(lines, words)
  for _, w in ipairs(words) do
    if w then
      for n, text in ipairs(lines) do
        if text:find(w, 1, true) then return n end
      end
    end
  end
  for n, text in ipairs(lines) do if text:find("^%s*return") then return n end end
  return 1
end

local check_fields = { problem = true, points = true, asks = true, name = true, value = true,
  expect = true, tol = true }
local top_fields = { hidden = true }

-- Read and check CHECKS.lua: the list of checks, the number of hidden
-- seeds, and the file's text (the hidden seeds are made from it).
function M.load_checks(path)
  local f = io.open(path, "r")
  if not f then usage("cannot read the checks file %s", path) end
  local text = f:read("a")
  f:close()
  local lines = {}
  for l in (text .. "\n"):gmatch("(.-)\n") do lines[#lines + 1] = l end
  local chunk, err = load(text, "@" .. path, "t")
  if not chunk then usage("%s", err) end
  local ok, checks = pcall(chunk)
  if not ok then usage("%s", tostring(checks)) end
  local function fail(words, fmt, ...)
    usage("%s:%d: %s", path, line_of(lines, words), fmt:format(...))
  end
  if type(checks) ~= "table" or #checks == 0 then
    fail({}, "the checks file must return a list of checks, { { problem = \"2.2\", points = 4 }, ... }")
  end
  for k, v in pairs(checks) do
    if type(k) == "string" and not top_fields[k] then
      fail({ k }, "%s", args.unknown("setting", k, args.sorted_keys(top_fields), "the settings are"))
    end
  end
  local hidden = checks.hidden == nil and 2 or checks.hidden
  if math.type(hidden) ~= "integer" or hidden < 0 or hidden > 20 then
    fail({ "hidden" }, "hidden is how many hidden seeds, a whole number from 0 to 20, not %s", args.text(checks.hidden))
  end
  local names = {}
  for i, c in ipairs(checks) do
    local id = type(c) == "table" and (c.problem or c.name)
    local words = { id and ('"' .. tostring(id) .. '"'), id and ("'" .. tostring(id) .. "'") }
    if type(c) ~= "table" then fail({}, "check %d is a %s, not a table { ... }", i, type(c)) end
    for k in pairs(c) do
      if not check_fields[k] then
        fail({ tostring(k) .. " =", tostring(k) .. "=", table.unpack(words) }, "check %d: %s", i,
          args.unknown("field", k, args.sorted_keys(check_fields), "a check takes"))
      end
    end
    if type(c.points) ~= "number" or not (c.points > 0) or c.points == math.huge then
      fail(words, "check %d needs points, a positive number", i)
    end
    if c.problem ~= nil then
      if c.name or c.value or c.expect then
        fail(words, "check %d: a problem check takes problem, points and asks, not name, value or expect", i)
      end
      local spec, why = problem.find(tostring(c.problem))
      if not spec then fail(words, "check %d: %s", i, why) end
      c.problem = spec.number
      if #spec.asks == 0 then fail(words, "check %d: Problem %s asks nothing to check (a written problem)", i, spec.number) end
      local known = {}
      for _, a in ipairs(spec.asks) do known[#known + 1] = a.name end
      local asks = c.asks or known
      if type(asks) ~= "table" or #asks == 0 then fail(words, "check %d: asks must be a list of names", i) end
      for _, name in ipairs(asks) do
        local found = false
        for _, a in ipairs(spec.asks) do found = found or a.name == name end
        if not found then
          fail({ '"' .. tostring(name) .. '"', table.unpack(words) }, "check %d: Problem %s has no answer %s", i,
            spec.number, args.unknown("answer", name, known, "its answers are"))
        end
      end
      c.asks = asks
      c.label = "problem " .. spec.number
    else
      if type(c.name) ~= "string" or c.name == "" then fail(words, "check %d needs a problem or a name", i) end
      if type(c.value) ~= "function" then fail(words, "check %d (%s) needs value = function(s) ... end", i, c.name) end
      if c.expect == nil then fail(words, "check %d (%s) needs expect: a value, or function(run)", i, c.name) end
      if c.tol ~= nil and (type(c.tol) ~= "number" or c.tol < 0) then
        fail(words, "check %d (%s): tol is a relative tolerance, a number >= 0", i, c.name)
      end
      c.label = c.name
    end
    if names[c.label] then fail(words, "check %d: %s is checked twice", i, c.label) end
    names[c.label] = true
  end
  return checks, hidden, text
end

------------------------------------------------------------------ roster and seeds

local function basename(path) return path:match("([^/]+)$") or path end
local function stem(path) return (basename(path):gsub("%.lua$", "")) end

-- A CSV line's fields (RFC 4180: quotes around a field, "" inside them).
local function csv_fields(line)
  local out, i = {}, 1
  line = line:gsub("\r$", "")
  while i <= #line + 1 do
    if line:sub(i, i) == '"' then
      local value, j = {}, i + 1
      while true do
        local q = line:find('"', j, true)
        if not q then return nil end
        value[#value + 1] = line:sub(j, q - 1)
        if line:sub(q + 1, q + 1) == '"' then value[#value + 1] = '"'; j = q + 2 else j = q + 1 break end
      end
      out[#out + 1] = table.concat(value)
      if j <= #line and line:sub(j, j) ~= "," then return nil end
      i = j + 1
    else
      local comma = line:find(",", i, true) or #line + 1
      out[#out + 1] = line:sub(i, comma - 1)
      i = comma + 1
    end
  end
  return out
end

local function csv_field(s)
  s = tostring(s)
  if s:find('[,"\r\n]') then return '"' .. s:gsub('"', '""') .. '"' end
  return s
end

-- roster.csv: a header with student and file (seed optional: the student
-- when left out); returns file name -> { student, seed }.
function M.load_roster(path)
  local f = io.open(path, "r")
  if not f then usage("cannot read the roster %s", path) end
  local header, out, n = nil, {}, 0
  for line in f:lines() do
    n = n + 1
    if not line:match("^%s*$") then
      local fields = csv_fields(line)
      if not fields then f:close(); usage("%s:%d: a quote that does not close", path, n) end
      if not header then
        header = {}
        for i, h in ipairs(fields) do header[h:lower():gsub("^%s+", ""):gsub("%s+$", "")] = i end
        if not header.student or not header.file then
          f:close()
          usage("%s:1: the roster needs a header with the columns student and file (seed optional)", path)
        end
      else
        local student, file = fields[header.student], fields[header.file]
        if not student or student == "" or not file or file == "" then
          f:close()
          usage("%s:%d: a row needs a student and a file", path, n)
        end
        local seed = header.seed and fields[header.seed] or ""
        out[basename(file)] = { student = student, seed = seed ~= "" and seed or student }
      end
    end
  end
  f:close()
  return out
end

-- The hidden seeds: the same for the whole class (their references are
-- computed once), made from the checks file so that no student can know them.
local function hidden_seeds(text, n)
  local out = {}
  for k = 1, n do out[k] = ("hidden-%d-%08x"):format(k, problem.hash(text .. "\0" .. k) & 0xffffffff) end
  return out
end

------------------------------------------------------------------ one run's outcome

-- How a run ended, from the process and what it handed back:
-- { status = "ok" | "error" | "limit" | "crash", message, limit, answers, globals }
local function outcome(r, opts)
  local got = {}
  if r.channel and r.channel ~= "" then
    local ok, v = pcall(json.decode, r.channel)
    if ok and type(v) == "table" then got = v end
  end
  local o = { answers = type(got.answers) == "table" and got.answers or {},
    globals = type(got.globals) == "table" and got.globals or {},
    notes = type(got.notes) == "table" and got.notes or {} }
  if r.start_failed then
    o.status, o.message = "crash", "could not be started: " .. r.last_err
  elseif r.output_capped then
    o.status, o.limit = "limit", "output"
    o.message = ("the output limit of %g KB was reached: stopped"):format(opts.output)
    o.answers, o.globals = {}, {}
  elseif r.timed_out then
    o.status, o.limit = "limit", "wall"
    o.message = ("still running after %g s (waiting, not computing): stopped"):format(opts.wall)
    o.answers, o.globals = {}, {}
  elseif r.signal == "SIGXCPU" then
    o.status, o.limit, o.message = "limit", "cpu", ("the CPU limit of %g s was reached"):format(opts.cpu)
  elseif r.signal then
    o.status, o.message = "crash", "ended by " .. r.signal
  elseif got.status == "ok" or got.status == "error" or got.status == "limit" then
    o.status, o.limit = got.status, type(got.limit) == "string" and got.limit or nil
    o.message = type(got.message) == "string" and got.message ~= "" and got.message or nil
  else
    o.status, o.message = "crash", "ended without handing back its answers (exit status "
      .. tostring(r.code) .. ")"
  end
  if r.channel_capped then o.notes[#o.notes + 1] = "its answers were too large to read" end
  return o
end

------------------------------------------------------------------ judging

local references = {}   -- "number\0seed" -> problem.reference_for(number, seed)

local function reference(number, seed)
  local key = number .. "\0" .. seed
  if references[key] == nil then
    local ref, why = problem.reference_for(number, seed)
    references[key] = ref or { failed = why }
  end
  return references[key]
end

local function round2(x) return math.floor(x * 100 + 0.5) / 100 end

-- "your seed jdoe", "hidden seed 2"
local function seed_name(run) return run.hidden and ("hidden seed " .. run.hidden) or ("your seed " .. run.seed) end

-- A judge's words for a report: what the student reads at the prompt, less
-- the advice to type hint() (a graded script has no prompt).
local function for_report(why)
  why = why:gsub("%s*Type hint%(%) for a hint%.", ""):gsub("%s*See hint%(%)%.", "")
  -- the reasons are joined by "; ": no full stop of its own before one
  why = why:gsub(", or type hint%(%)", ""):gsub("^Not yet: ", ""):gsub("%s+$", ""):gsub("%.$", "")
  return why
end

local function judge_problem(check, runs)
  local earned, failures, unset = 0, {}, {}
  -- a run that handed back nothing for this problem is said once, not per answer
  local silent = {}
  for _, run in ipairs(runs) do
    if type(run.outcome.answers[check.problem]) ~= "table" then silent[#silent + 1] = run end
  end
  if #silent > 0 then
    local run = silent[1]
    local o = run.outcome
    local why = o.status == "ok" and ('answers["%s"] is not set'):format(check.problem)
      or ("the run %s: %s"):format(o.limit and "reached a limit" or "failed", o.message or o.status)
    return 0, ("no answers on %s%s: %s"):format(seed_name(run),
      #silent > 1 and (" (nor on %d other seed%s)"):format(#silent - 1, #silent == 2 and "" or "s") or "", why)
  end
  for _, name in ipairs(check.asks) do
    local ok_all, first = true, nil
    for _, run in ipairs(runs) do
      local ref = reference(check.problem, run.seed)
      local ok, why
      if ref.failed then
        ok, why = false, "the reference could not be computed: " .. tostring(ref.failed)
      else
        local got = run.outcome.answers[check.problem][name]
        if got == nil or got == json.null then
          ok, why = false, nil
        else
          local ask
          for _, a in ipairs(ref.asks) do if a.name == name then ask = a end end
          ok, why = problem.judge_received(ask, got, ref.want[name], ref.mistakes[name], ref.states[name])
        end
      end
      if not ok then
        ok_all = false
        first = first or { run = run, why = why }
      end
    end
    if ok_all then
      earned = earned + 1
    elseif not first.why then
      unset[#unset + 1] = name
    else
      local own_right = not runs[1].hidden and first.run ~= runs[1]
      failures[#failures + 1] = ("%s (%s): %s%s"):format(name, seed_name(first.run), for_report(first.why),
        own_right and " (right on your own seed: numbers copied rather than computed?)" or "")
    end
  end
  if #unset > 0 then failures[#failures + 1] = "not set: " .. table.concat(unset, ", ") end
  local points = round2(check.points * earned / #check.asks)
  local why = #failures == 0 and ("all %d right on %d seed%s"):format(#check.asks, #runs, #runs == 1 and "" or "s")
    or ("%d of %d right on every seed; %s"):format(earned, #check.asks, table.concat(failures, "; "))
  return points, why
end

local function judge_custom(check, runs)
  local ask = { name = check.name, what = check.name, unit = "", tol = check.tol }
  for _, run in ipairs(runs) do
    local ctx = { seed = run.seed, student = run.student, hidden = run.hidden }
    local ok, got = pcall(check.value, run.outcome.globals, ctx)
    if not ok then return 0, ("the check's value failed on %s: %s"):format(seed_name(run), tostring(got)) end
    local want = check.expect
    if type(want) == "function" then
      local ok2, w = pcall(want, ctx)
      if not ok2 then return 0, ("the check's expect failed on %s: %s"):format(seed_name(run), tostring(w)) end
      want = w
    end
    if got == nil then return 0, ("no value on %s"):format(seed_name(run)) end
    local right, why = problem.judge(ask, got, want, {}, nil)
    if not right then return 0, ("%s: %s"):format(seed_name(run), for_report(why)) end
  end
  return check.points, ("right on %d seed%s"):format(#runs, #runs == 1 and "" or "s")
end

-- The report of one submission: one JSON object.
local function judge(sub, checks)
  local record = { file = sub.file, student = sub.student, seeds = {}, points = 0, max = 0, checks = {}, runs = {} }
  for _, run in ipairs(sub.runs) do
    record.seeds[#record.seeds + 1] = run.seed
    local o = run.outcome
    record.runs[#record.runs + 1] = { seed = run.seed, hidden = run.hidden ~= nil, status = o.status,
      message = o.message, limit = o.limit, log = run.log, notes = #o.notes > 0 and o.notes or nil }
    if o.status ~= "ok" and not record.error then
      record.error = o.message
      record.limit = o.limit
    end
  end
  for _, c in ipairs(checks) do
    local points, why
    if c.problem then points, why = judge_problem(c, sub.runs) else points, why = judge_custom(c, sub.runs) end
    record.checks[#record.checks + 1] = { name = c.label, points = points, max = c.points, why = why }
    record.points = record.points + points
    record.max = record.max + c.points
  end
  record.points = round2(record.points)
  return record
end

------------------------------------------------------------------ output

local function open_out(path, what)
  if not path then return io.stdout end
  local f, err = io.open(path, "w")
  if not f then usage("cannot write the %s %s: %s", what, path, tostring(err)) end
  return f
end

local function write_gradebook(path, records)
  local rows = {}
  for _, r in pairs(records) do rows[#rows + 1] = r end
  table.sort(rows, function(a, b) return a.student < b.student end)
  local f = open_out(path, "gradebook")
  f:write("student,points,max\n")
  for _, r in ipairs(rows) do
    f:write(csv_field(r.student), ",", ("%g"):format(r.points), ",", ("%g"):format(r.max), "\n")
  end
  if f ~= io.stdout then f:close() else f:flush() end
end

------------------------------------------------------------------ mechbench --grade

local function number_option(o, key, default)
  local v = o[key] and tonumber(o[key]) or default
  return v
end

local function grade(o, files)
  if not o.checks then usage("--grade needs a checks file: --grade CHECKS.lua SUBMISSION.lua ...") end
  if #files == 0 then usage("--grade %s: no submissions given", o.checks) end
  local checks, hidden, text = M.load_checks(o.checks)
  local opts = { jobs = math.tointeger(number_option(o, "jobs", 1)), cpu = number_option(o, "cpu", 10),
    mem = number_option(o, "mem", 512), output = number_option(o, "output", 1024), logs = o.logs or "grade-logs" }
  -- the backstop for a run that waits rather than computes: generous, for a loaded machine
  opts.wall = 10 * opts.cpu + 60
  local roster = o.roster and M.load_roster(o.roster) or {}
  if not core.mkdir(opts.logs) then usage("cannot make the logs folder %s", opts.logs) end
  local report = open_out(o.report, "report")
  local seeds = hidden_seeds(text, hidden)

  -- the runs: a submission's own seed first, then the hidden ones
  local subs, specs, owner = {}, {}, {}
  local students = {}
  for _, file in ipairs(files) do
    local entry = roster[basename(file)]
    if o.roster and not entry then say(("mechbench: --grade: %s is not in the roster: graded as %s"):format(file, stem(file))) end
    local student = entry and entry.student or stem(file)
    if students[student] then say(("mechbench: --grade: %s and %s are both %s's"):format(students[student], file, student)) end
    students[student] = file
    local sub = { file = file, student = student, runs = {}, left = 0 }
    subs[#subs + 1] = sub
    local list = { { seed = entry and entry.seed or student } }
    for k, s in ipairs(seeds) do list[#list + 1] = { seed = s, hidden = k } end
    for _, run in ipairs(list) do
      local log = ("%s/%s.%s.log"):format(opts.logs, file:gsub("^%./", ""):gsub("/", "_"),
        run.hidden and ("hidden-" .. run.hidden) or "own")
      run.log, run.student = log, student
      sub.runs[#sub.runs + 1] = run
      sub.left = sub.left + 1
      specs[#specs + 1] = { argv = { o.self, "--sandbox", "--batch", "--seed", run.seed, "--cpu", tostring(opts.cpu),
        "--mem", tostring(opts.mem), "--", file }, log = log, output_cap = math.floor(opts.output * 1024),
        wall = opts.wall, channel = true, env = "MECHBENCH_ANSWERS_FD=3", stdin_null = true }
      owner[#specs] = { sub = sub, run = run }
    end
  end

  local records, done_subs, limits, errors = {}, 0, 0, 0
  local t0 = core.clock()
  -- at a terminal, a line per submission as it is graded
  local progress = core.isatty(2)
  local _, stopped = core.run_jobs(specs, opts.jobs, function(i, result)
    local w = owner[i]
    w.run.outcome = outcome(result, opts)
    w.sub.left = w.sub.left - 1
    if w.sub.left == 0 then
      local record = judge(w.sub, checks)
      records[w.sub.student] = record
      done_subs = done_subs + 1
      if record.limit then limits = limits + 1 elseif record.error then errors = errors + 1 end
      report:write(json.encode(record), "\n")
      report:flush()
      if progress then
        local note = record.limit and ("limit: " .. record.limit) or (record.error and "ended with an error" or "")
        say(("  %-24s %7s of %-5s %s"):format(record.student, ("%g"):format(record.points), ("%g"):format(record.max), note))
      end
    end
  end)
  if report ~= io.stdout then report:close() end
  if o.gradebook then write_gradebook(o.gradebook, records) end
  local total, max = 0, 0
  for _, r in pairs(records) do total, max = total + r.points, r.max end
  local mean = done_subs > 0 and total / done_subs or 0
  say(("mechbench: graded %d of %d submission%s (%d runs, %d at a time) in %.1f s: mean %.2f of %g points"):format(
    done_subs, #subs, #subs == 1 and "" or "s", #specs, opts.jobs, core.clock() - t0, mean, max))
  say(("  %d reached a limit, %d ended with an error; logs in %s/%s%s"):format(limits, errors, opts.logs,
    o.report and (", report in " .. o.report) or "", o.gradebook and (", gradebook in " .. o.gradebook) or ""))
  if stopped then say(("mechbench: --grade stopped by %s: %d submission%s not graded"):format(stopped,
    #subs - done_subs, #subs - done_subs == 1 and "" or "s")) end
  return stopped and 1 or 0
end

-- Run a tool body: a usage error is said and gives 2.
local function tool(f, ...)
  local ok, result = pcall(f, ...)
  if ok then return result end
  if getmetatable(result) == Usage then
    say("mechbench: " .. result.text)
    return 2
  end
  error(result, 0)
end

function M.main(o, files) return tool(grade, o, files) end

------------------------------------------------------------------ mechbench --grade-merge

local function merge(_, files)
  if #files == 0 then usage("--grade-merge needs the reports: --grade-merge A.jsonl B.jsonl ... > gradebook.csv") end
  local records, from = {}, {}
  for _, path in ipairs(files) do
    local f = io.open(path, "r")
    if not f then usage("--grade-merge: cannot read %s", path) end
    local n = 0
    for line in f:lines() do
      n = n + 1
      if not line:match("^%s*$") then
        local ok, r = pcall(json.decode, line)
        if not ok then f:close(); usage("%s:%d: %s", path, n, tostring(r)) end
        if type(r) ~= "table" or type(r.student) ~= "string" or type(r.points) ~= "number" or type(r.max) ~= "number" then
          f:close()
          usage("%s:%d: not a grading report line (it needs student, points and max)", path, n)
        end
        if from[r.student] then
          say(("mechbench: --grade-merge: %s is in %s and %s:%d: the later is kept"):format(r.student, from[r.student], path, n))
        end
        records[r.student], from[r.student] = r, ("%s:%d"):format(path, n)
      end
    end
    f:close()
  end
  write_gradebook(nil, records)
  return 0
end

function M.merge(o, files) return tool(merge, o, files) end

return M
