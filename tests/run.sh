#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# make check: every suite, each ending with "N passed, N failed"; the last
# line here is their sum.
cd "$(dirname "$0")/.."
total_pass=0 total_fail=0
run_suite() {
  local name=$1; shift
  local out
  out=$("$@" 2>&1)
  local rc=$?
  local last
  last=$(printf '%s\n' "$out" | grep -E '^[0-9]+ passed, [0-9]+ failed$' | tail -n 1)
  local p=0 f=0
  if [ -n "$last" ]; then
    p=${last%% passed*}; f=${last#*, }; f=${f%% failed*}
  fi
  if [ -z "$last" ] || { [ "$rc" != 0 ] && [ "$f" = 0 ]; }; then
    f=$((f + 1))   # a suite that crashed or said nothing counts as a failure
  fi
  printf '%-28s %4d passed, %d failed\n' "$name" "$p" "$f"
  [ "$f" != 0 ] && printf '%s\n' "$out" | grep -vE '^[0-9]+ passed, [0-9]+ failed$' | sed 's/^/    /' | tail -n 40
  total_pass=$((total_pass + p)); total_fail=$((total_fail + f))
}
export MECHBENCH_HOME=$PWD
for t in build/tests/test_*; do [ "${t%.d}" = "$t" ] && run_suite "c: ${t#build/tests/}" "$t"; done
for t in tests/lua/test_*.lua; do
  run_suite "lua: $(basename "$t" .lua)" env HOME=$(mktemp -d) XDG_DATA_HOME= XDG_STATE_HOME= ./mechbench --batch "$t"
done
for t in cli sandbox grade repl anim figures install bytecode valgrind fuzz; do run_suite "shell: $t" bash "tests/$t.sh"; done
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" = 0 ]
