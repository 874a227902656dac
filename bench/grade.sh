#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# make bench, grading: 300 small submissions (Problems 2.2 and 2.12, right,
# half right, hard-coded) graded with --jobs 2 and two hidden seeds (900
# runs), beside the plain --sandbox runner on the same 300 files one after
# another (no seeds, no answers read: the floor a grader cannot beat).
# Goal (issue 29): the class in under 60 s on this machine kind.
cd "$(dirname "$0")/.."
MB=$PWD/mechbench
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir "$dir/sub"
cat > "$dir/checks.lua" <<'LUA'
return { hidden = 2, { problem = "2.2", points = 3 }, { problem = "2.12", points = 2 } }
LUA
cat > "$dir/right.lua" <<'LUA'
local vec = mb.vec
local d = problem("2.2").data
answers = { ["2.2"] = {
  c = vec.scale(d.alpha, d.b), d = vec.add(d.a, vec.scale(d.alpha, d.b)),
  u_a = vec.unit(d.a), u_b = vec.unit(d.b), ab = vec.dot(d.a, d.b), ba = vec.dot(d.b, d.a),
  angle = vec.between(d.a, d.b), len_a = vec.norm(d.a), len_b = vec.norm(d.b),
  a_rot = vec.rot(d.a), b_rot = vec.rot(d.b), angle_rot = math.pi / 2,
  arot_b = vec.cross(d.a, d.b), brot_a = vec.cross(d.b, d.a) } }
local e = problem("2.12").data
local u = vec.unit(e.a)
local ba = vec.scale(vec.dot(u, e.b), u)
local c = vec.sub(e.b, ba)
answers["2.12"] = { u_a = u, b_a = ba, c = c, c_dot_a = vec.dot(c, e.a),
  arot_c = vec.cross(e.a, c), arot_b = vec.cross(e.a, e.b) }
LUA
for i in $(seq 1 300); do
  case $((i % 3)) in
    0) cp "$dir/right.lua" "$dir/sub/s$i.lua" ;;
    1) { cat "$dir/right.lua"; echo 'answers["2.12"] = nil'; } > "$dir/sub/s$i.lua" ;;
    2) echo 'answers = { ["2.2"] = { c = {0.18, -0.36}, ab = -0.42 } }' > "$dir/sub/s$i.lua" ;;
  esac
done
cd "$dir"
t0=$(date +%s%N)
/usr/bin/time -f "%U %S" -o cpu.txt "$MB" --grade checks.lua --jobs 2 --cpu 5 --gradebook gb.csv sub/*.lua \
  > report.jsonl 2> summary.txt
t1=$(date +%s%N)
"$MB" --sandbox --batch --cpu 5 sub/*.lua > /dev/null 2>&1
t2=$(date +%s%N)
graded=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", (b - a) / 1e9 }')
plain=$(awk -v a="$t1" -v b="$t2" 'BEGIN { printf "%.1f", (b - a) / 1e9 }')
full=$(grep -c ',5,5$' gb.csv)
cpu=$(awk '{ printf "%.1f", $1 + $2 }' cpu.txt)
printf '%-40s %8s s   (900 runs; goal < 60 s; %d of 300 full marks, as built: 100)\n' \
  "grading: 300 submissions, --jobs 2" "$graded" "$full"
printf '%-40s %8s s   (the processor time it took, all processes: the load-free floor is half of it)\n' \
  "  its processor time" "$cpu"
printf '%-40s %8s s   (300 runs one after another, nothing judged)\n' \
  "beside it: --sandbox on the same 300" "$plain"
