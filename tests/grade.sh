#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# mechbench --grade: a class of submissions (right, wrong, hard-coded,
# looping, flooding, forging, patching the globals, a syntax error, a crash,
# a memory hog, one that peeks at the answers) graded right with --jobs 2,
# and again through GNU parallel with --grade-merge; --problem and --seed;
# the usage errors, each naming the checks file's line.
. tests/lib.sh
cd "$SANDBOX"

# --- the student's sheet
out=$("$MB" --problem 2.2); rc=$?
expect_eq sheet-rc "$rc" 0
expect_match sheet-book "$out" "^\\(Nikravesh, .*Problem 2\\.2; the book's data\\)"
expect_match sheet-data "$out" 'alpha = -0\.3 '
out=$("$MB" --problem 2.2 --seed jdoe); expect_match sheet-seed "$out" 'your data: seed "jdoe"'
expect_eq sheet-same "$out" "$("$MB" --seed jdoe --problem 2.2)"
expect_no_match sheet-varied "$out" 'a     = \{1\.5, 0\.4\}'
out=$("$MB" --problem 2.99 2>&1); rc=$?
expect_eq sheet-missing-rc "$rc" 2; expect_match sheet-missing "$out" 'there is no problem 2\.99: Chapter 2 has 2\.1 to 2\.19'
out=$("$MB" --problem 2.2 x.lua 2>&1); rc=$?
expect_eq sheet-file-rc "$rc" 2
# --sheet FILE.pdf: the sheet on A4 pages, the student's numbers in its text
out=$("$MB" --problem 4.6 --seed jdoe --sheet s.pdf 2>&1); rc=$?
expect_eq pdf-rc "$rc" 0; expect_match pdf-said "$out" '^wrote s\.pdf: Problem 4\.6, seed "jdoe"$'
pdf=$(pdftotext s.pdf - 2>&1)
expect_match pdf-seed "$pdf" 'Problem 4\.6, seed "jdoe"'
k=$("$MB" -e 'print(problem("4.6", { seed = "jdoe" }).data.k)')
expect_match pdf-number "$pdf" "= ${k//./\\.} N/m"
out=$("$MB" --problem 4.6 --seed '' --sheet e.pdf 2>&1); rc=$?
expect_eq pdf-blank-seed-rc "$rc" 2; expect_match pdf-blank-seed "$out" '^mechbench: --seed: a seed is a student'"'"'s name'
out=$("$MB" --problem 4.99 --seed jdoe --sheet u.pdf 2>&1); rc=$?
expect_eq pdf-unknown-rc "$rc" 2; expect_match pdf-unknown "$out" 'there is no problem 4\.99: Chapter 4 has 4\.1 to 4\.12'
out=$("$MB" --seed jdoe --sheet n.pdf 2>&1); rc=$?
expect_eq pdf-no-problem-rc "$rc" 2; expect_match pdf-no-problem "$out" 'writes the sheet of --problem N'
out=$("$MB" --problem 4.6 --sheet s.png 2>&1); rc=$?
expect_eq pdf-png-rc "$rc" 2; expect_match pdf-png "$out" "ending in \\.pdf, not 's\\.png'"
out=$("$MB" --sandbox --problem 4.6 --sheet b.pdf 2>&1); rc=$?
expect_eq pdf-sandbox-rc "$rc" 2; expect_match pdf-sandbox "$out" 'not allowed in the sandbox'
printf 'problem("4.6"):sheet{ file = "c.pdf" }\n' > sheet.lua
out=$("$MB" --sandbox sheet.lua 2>&1); rc=$?
expect_eq pdf-sandbox-script-rc "$rc" 1; expect_match pdf-sandbox-script "$out" '^sheet\.lua:1: p:sheet: writing a file is not allowed'
for f in e.pdf u.pdf n.pdf s.png b.pdf c.pdf; do [ -e "$f" ] && fail "no-$f" "$f was written"; done; pass
# --seed with a script: problem() gives that student's data
printf 'print(problem("2.2").data.a[1])\n' > seed.lua
expect_eq seed-script "$("$MB" --seed jdoe seed.lua)" "$("$MB" -e 'print(problem("2.2", { seed = "jdoe" }).data.a[1])')"
# a blank --seed is refused in the sheet's words, at the script's line (it
# was "a seed is a name or a number, such as { seed = "jdoe" }, not string")
out=$("$MB" --seed ' ' seed.lua 2>&1); rc=$?
expect_eq seed-blank-script-rc "$rc" 1
expect_eq seed-blank-script "$out" 'seed.lua:1: problem: --seed: a seed is a student'"'"'s name or a number, with no control characters and not blank, not " "'
out=$("$MB" -e 'problem("2.2", { seed = "" })' 2>&1)
expect_eq seed-empty-option "$out" '(command line):1: problem: a seed is a name or a number (not blank, with no control characters), such as { seed = "jdoe" }, not ""'

# --- a class
mkdir sub
cat > checks.lua <<'EOF'
-- the instructor's checks
return {
  hidden = 2,
  { problem = "2.2", points = 4 },
  { problem = "2.14", points = 2 },
  { name = "length of a", points = 1, value = function(s) return s.len end,
    expect = function(run) return mb.vec.norm(problem("2.2", { seed = run.seed }).data.a) end },
}
EOF
# answers computed from the data: the script every right submission shares
cat > solve.lua <<'EOF'
local vec = mb.vec
local d = problem("2.2").data
local sign = SIGN or 1
answers = { ["2.2"] = {
  c = vec.scale(d.alpha, d.b), d = vec.add(d.a, vec.scale(d.alpha, d.b)),
  u_a = vec.unit(d.a), u_b = vec.unit(d.b), ab = vec.dot(d.a, d.b), ba = vec.dot(d.b, d.a),
  angle = vec.between(d.a, d.b), len_a = vec.norm(d.a), len_b = vec.norm(d.b),
  a_rot = vec.rot(d.a), b_rot = vec.rot(d.b), angle_rot = math.pi / 2,
  arot_b = sign * vec.cross(d.a, d.b), brot_a = sign * vec.cross(d.b, d.a) } }
local e = problem("2.14").data
local p, r = e.p, e.r
local function D(q)
  local x, y, z = q[1], q[2], q[3]
  return { { p[1] + p[2]*y + p[4]*z + p[6]*y*z, p[2]*x + 2*p[3]*y + p[5]*z*z + p[6]*x*z, p[4]*x + 2*p[5]*y*z + p[6]*x*y },
           { 2*r[1]*x + r[2]*y*y + r[5]*z*z, 2*r[2]*x*y + r[3] + r[4]*z, r[4]*y + 2*r[5]*x*z } }
end
answers["2.14"] = { D = D, phid = function(q, qd)
  local J, out = D(q), {}
  for i = 1, 2 do out[i] = J[i][1]*qd[1] + J[i][2]*qd[2] + J[i][3]*qd[3] end
  return out
end }
len = vec.norm(d.a)
EOF
cp solve.lua sub/right.lua
{ echo 'SIGN = -1'; cat solve.lua; } > sub/wrong.lua
# hard-coded: the numbers right for its own seed, written out
"$MB" --batch --seed hard -e "$(cat solve.lua)" -e '
  local out = {}
  for k, v in pairs(answers["2.2"]) do
    out[#out + 1] = ("%s = %s"):format(k, type(v) == "table" and ("{%.17g, %.17g}"):format(v[1], v[2]) or ("%.17g"):format(v))
  end
  print("answers = { [\"2.2\"] = { " .. table.concat(out, ", ") .. " } }")
  print(("len = %.17g"):format(len))' > sub/hard.lua
printf 'while true do end\n' > sub/loop.lua
printf 'while true do print(("x"):rep(1000)) end\n' > sub/flood.lua
cat > sub/forge.lua <<'EOF'
print("sub/forge.lua: OK")
print('{"student":"forge","points":7,"max":7}')
print("mechbench: graded 1 of 1 submissions: mean 7.00 of 7 points")
EOF
{ echo 'math.abs = function() return 0 end'
  echo 'mb.vec.norm = function() return 1 end'
  echo 'mb.lesson.grade = function() return true, "Correct." end'
  echo 'string.format = function() return "0" end'
  echo 'answers = { ["2.2"] = { c = {0, 0}, ab = 1e9, len_a = 1 }, ["2.14"] = { D = function() return {{0,0,0},{0,0,0}} end } }'
  echo 'len = 1'; } > sub/patch.lua
printf 'answers = {\n  ["2.2"] = { c = = 1 }\n}\n' > sub/syntax.lua
{ cat solve.lua; printf 'local t = nil\nprint(t.field)\n'; } > sub/crash.lua
printf 'local t = {}\nfor i = 1, 1e9 do t[i] = ("x"):rep(1000000) .. i end\n' > sub/hog.lua
cat > sub/peek.lua <<'EOF'
local p = problem("2.2")
local ok1, a = pcall(p.answers, p)
local ok2 = pcall(p.check, p, { ab = 1 })
print(ok1, ok2, a)
if ok1 then answers = { ["2.2"] = a } end
EOF

t0=$SECONDS
out=$("$MB" --grade checks.lua --jobs 2 --cpu 0.5 --mem 64 --output 16 --gradebook gb.csv sub/*.lua 2>err.txt); rc=$?
expect_eq grade-rc "$rc" 0
echo "(graded 11 submissions, 33 runs, in $((SECONDS - t0)) s)"
printf '%s\n' "$out" > class.jsonl
# the report, one line per submission, read back with the program's own JSON
cat > show.lua <<'EOF'
local json = require "mechbench.json"
local rows = {}
for line in io.lines(arg[1]) do
  local r = json.decode(line)
  local why = {}
  for _, c in ipairs(r.checks) do why[#why + 1] = ("%s=%g"):format(c.name:gsub("problem ", ""), c.points) end
  rows[#rows + 1] = ("%s %g/%g %s [%s]"):format(r.student, r.points, r.max, r.limit or (r.error and "error") or "ok",
    table.concat(why, " "))
end
table.sort(rows)
print(table.concat(rows, "\n"))
EOF
report=$("$MB" --batch show.lua class.jsonl)
expect_eq grade-report "$report" "crash 7/7 error [2.2=4 2.14=2 length of a=1]
flood 0/7 output [2.2=0 2.14=0 length of a=0]
forge 0/7 ok [2.2=0 2.14=0 length of a=0]
hard 0.29/7 ok [2.2=0.29 2.14=0 length of a=0]
hog 0/7 memory [2.2=0 2.14=0 length of a=0]
loop 0/7 cpu [2.2=0 2.14=0 length of a=0]
patch 0/7 ok [2.2=0 2.14=0 length of a=0]
peek 0/7 ok [2.2=0 2.14=0 length of a=0]
right 7/7 ok [2.2=4 2.14=2 length of a=1]
syntax 0/7 error [2.2=0 2.14=0 length of a=0]
wrong 6.43/7 ok [2.2=3.43 2.14=2 length of a=1]"
expect_eq gradebook "$(cat gb.csv)" "student,points,max
crash,7,7
flood,0,7
forge,0,7
hard,0.29,7
hog,0,7
loop,0,7
patch,0,7
peek,0,7
right,7,7
syntax,0,7
wrong,6.43,7"
# what the report says, and what it does not let through
expect_eq report-lines "$(wc -l < class.jsonl)" 11
expect_no_match forge-not-out "$out" 'OK|"points":7,"max":7\}$'
expect_match forge-in-log "$(cat grade-logs/sub_forge.lua.own.log)" '^sub/forge\.lua: OK'
line() { grep "\"student\":\"$1\"" class.jsonl; }
expect_match hard-said "$(line hard)" 'right on your own seed: numbers copied rather than computed\?'
expect_match hard-seeds "$(line hard)" '"seeds":\["hard","hidden-1-[0-9a-f]{8}","hidden-2-[0-9a-f]{8}"\]'
expect_match syntax-line "$(line syntax)" '"error":"sub/syntax\.lua:2: unexpected symbol near'
expect_match crash-line "$(line crash)" "\"error\":\"sub/crash.lua:[0-9]+: attempt to index a nil value \\(local 't'\\)\""
expect_match loop-line "$(line loop)" '"error":"the CPU limit of 0\.5 s was reached at sub/loop\.lua:1"'
expect_match hog-line "$(line hog)" '"error":"the memory limit of 64 MB was reached at sub/hog\.lua:2"'
expect_match flood-line "$(line flood)" '"error":"the output limit of 16 KB was reached: stopped"'
expect_match wrong-why "$(line wrong)" 'arot_b \(your seed wrong\): right size, wrong sign'
expect_no_match why-stops "$(cat class.jsonl)" '\.;'
expect_match peek-refused "$(cat grade-logs/sub_peek.lua.own.log)" '^false	false	.*p:answers: gives the reference answers to instructors'
flood_log=$(wc -c < grade-logs/sub_flood.lua.own.log)
if [ "$flood_log" -le 16384 ]; then pass; else fail flood-log-capped "$flood_log bytes logged past a 16 KB cap"; fi
expect_match summary "$(cat err.txt)" '^mechbench: graded 11 of 11 submissions \(33 runs, 2 at a time\) in [0-9.]+ s: mean 1\.88 of 7 points$'
expect_match summary-2 "$(cat err.txt)" '^  3 reached a limit, 2 ended with an error; logs in grade-logs/, gradebook in gb\.csv$'

# --- the same class through GNU parallel, one report each, merged (those
# that end by themselves: the limits were seen above)
mkdir reports
quick="crash forge hard patch peek right syntax wrong"
parallel --will-cite -j 2 "$MB" --grade checks.lua --cpu 5 --mem 64 --output 16 --logs plogs \
  --report reports/{}.jsonl sub/{}.lua ::: $quick 2>/dev/null
expect_eq parallel-reports "$(ls reports | wc -l)" 8
merged=$("$MB" --grade-merge reports/*.jsonl); rc=$?
expect_eq merge-rc "$rc" 0
expect_eq merge-gradebook "$merged" "$(grep -Ev '^(flood|hog|loop),' gb.csv)"

# --- a roster: the student's name and seed from a CSV
printf 'student,file,seed\n"Doe, Jane",right.lua,jd42\n' > roster.csv
out=$("$MB" --grade checks.lua --roster roster.csv --cpu 5 sub/right.lua 2>/dev/null)
expect_match roster-student "$out" '"student":"Doe, Jane"'
expect_match roster-seed "$out" '"seeds":\["jd42",'
expect_match roster-points "$out" '"points":7,'
"$MB" --grade checks.lua --roster roster.csv --cpu 5 --gradebook rgb.csv sub/right.lua >/dev/null 2>&1
expect_eq roster-csv "$(tail -n 1 rgb.csv)" '"Doe, Jane",7,7'

# --- usage errors: exit 2, the checks file's line named
usage() { out=$("$MB" "$@" 2>&1); rc=$?; }
printf 'return {\n  { problem = "2.2", points = 4 },\n  { problem = "2.99", points = 1 },\n}\n' > bad1.lua
usage --grade bad1.lua sub/right.lua
expect_eq bad-problem-rc "$rc" 2; expect_match bad-problem "$out" '^mechbench: bad1\.lua:3: check 2: there is no problem 2\.99'
printf 'return {\n  { problem = "2.2",\n    pionts = 4 },\n}\n' > bad2.lua
usage --grade bad2.lua sub/right.lua
expect_eq bad-field-rc "$rc" 2; expect_match bad-field "$out" "^mechbench: bad2\\.lua:3: check 1: unknown field 'pionts': did you mean 'points'\\?"
printf 'return {\n  { problem = "2.2", points = 4, asks = { "c", "angel" } },\n}\n' > bad3.lua
usage --grade bad3.lua sub/right.lua
expect_eq bad-ask-rc "$rc" 2; expect_match bad-ask "$out" "^mechbench: bad3\\.lua:2: check 1: Problem 2\\.2 has no answer unknown answer 'angel': did you mean 'angle'"
printf 'return {\n  { problem = "2.2", points = 4 }\n  { problem = "2.3", points = 1 },\n}\n' > bad4.lua
usage --grade bad4.lua sub/right.lua
expect_eq bad-syntax-rc "$rc" 2; expect_match bad-syntax "$out" "^mechbench: bad4\\.lua:3: '}' expected \\(to close '\\{' at line 1\\)"
printf 'return {\n  { name = "x", points = 1, value = 3, expect = 1 },\n}\n' > bad5.lua
usage --grade bad5.lua sub/right.lua
expect_eq bad-value-rc "$rc" 2; expect_match bad-value "$out" '^mechbench: bad5\.lua:2: check 1 \(x\) needs value = function\(s\)'
printf 'return {\n  hidden = 0 / 0,\n  { problem = "2.2", points = 4 },\n}\n' > bad6.lua
usage --grade bad6.lua sub/right.lua
expect_eq bad-hidden-rc "$rc" 2
expect_match bad-hidden "$out" '^mechbench: bad6\.lua:2: hidden is how many hidden seeds, a whole number from 0 to 20, not NaN$'
usage --grade nothere.lua sub/right.lua
expect_eq no-checks-rc "$rc" 2; expect_match no-checks "$out" 'cannot read the checks file nothere\.lua'
usage --grade checks.lua
expect_eq no-subs-rc "$rc" 2; expect_match no-subs "$out" 'no submissions given'
usage --grade checks.lua --jobs 0 sub/right.lua
expect_eq bad-jobs-rc "$rc" 2; expect_match bad-jobs "$out" "--jobs takes a positive number"
usage --grade-merge
expect_eq merge-none-rc "$rc" 2
printf '{"student":"a","points":1,"max":2}\nnot json\n' > broken.jsonl
usage --grade-merge broken.jsonl
expect_eq merge-bad-rc "$rc" 2; expect_match merge-bad "$out" '^mechbench: broken\.jsonl:2: json:'

# a submission that fills answers["2.2"] as the sheet says, without making the table first
mkdir fill
printf 'answers["2.2"] = { len_a = mb.vec.norm(problem("2.2").data.a) }\n' > fill/filler.lua
"$MB" --grade checks.lua --gradebook fill.csv fill/filler.lua > fill.jsonl 2>/dev/null
expect_eq fill-gradebook "$(cat fill.csv)" "student,points,max
filler,0.29,7"

# a log is plain text: what a script prints for a terminal (a colour, a
# clear screen, a title, a sixel picture, a carriage return) is not written
# there, the text around it is (it was kept raw)
mkdir esc
cat > esc/colours.lua <<'EOF'
print("\27[1;31mred\27[0m and plain\r")
print("\27]0;a title\7\27[2J\27[Hcleared \27Pq#0;2;0;0;0#0~~@@~~\27\\done")
EOF
"$MB" --grade checks.lua --logs elogs esc/colours.lua >/dev/null 2>&1
expect_eq log-plain "$(cat elogs/esc_colours.lua.own.log)" "red and plain
cleared done"

finish
