#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# make asan: the C unit tests, the Lua tests, every example (with its
# default arguments and each formulation its usage line offers) and the fuzz
# cases, under ./mechbench-asan (AddressSanitizer and UndefinedBehavior-
# Sanitizer, see the Makefile). Each passes only if it passes as in make
# check and its stderr has no sanitizer report.
#   ASAN_EXAMPLE_TIMEOUT  seconds an example may take (300)
#   FUZZ_CASES, FUZZ_FIRST, FUZZ_JOBS  as for tests/fuzz.sh (300 cases)
cd "$(dirname "$0")/.." || exit 1
MB=$PWD/mechbench-asan
. tests/lib.sh
export MECHBENCH_HOME=$PWD
# a sanitizer's exit status is its own; reports that let the run go on
# (UBSan's) are found in the text
export ASAN_OPTIONS=${ASAN_OPTIONS:-exitcode=86:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
report='ERROR: (Address|Leak)Sanitizer|runtime error:|SUMMARY: [A-Za-z]*Sanitizer'
limit=${ASAN_EXAMPLE_TIMEOUT:-300}

if [ ! -x "$MB" ]; then fail build "no $MB: run make asan"; finish; exit; fi

# the C unit tests, built against the sanitized objects
for t in build-asan/tests/test_*; do
  case $t in *.d|*'*'*) continue ;; esac
  out=$("$t" 2>&1); rc=$?
  expect_eq "unit-$(basename "$t")-rc" "$rc" 0
  expect_no_match "unit-$(basename "$t")-clean" "$out" "$report"
done

# the Lua tests
for t in tests/lua/test_*.lua; do
  name=$(basename "$t" .lua)
  out=$(env HOME="$(mktemp -d "$SANDBOX/home.XXXXXX")" XDG_DATA_HOME= XDG_STATE_HOME= \
    timeout 900 "$MB" --batch "$t" 2>&1); rc=$?
  expect_eq "lua-$name-rc" "$rc" 0
  expect_match "lua-$name-passed" "$out" '^[0-9]+ passed, 0 failed$'
  expect_no_match "lua-$name-clean" "$out" "$report"
done

# the examples: default arguments, then each formulation the usage line
# names ("mechbench --batch examples/NAME.lua [body|joint]"), each bounded
for f in examples/*.lua; do
  name=$(basename "$f" .lua)
  forms=$(grep -m 1 -oE "examples/$name\\.lua .*" "$f" | grep -oE '\[[a-z|]+\]' | grep -E 'body|joint|point' |
    head -n 1 | tr -d '[]' | tr '|' ' ')
  for a in "" $forms; do
    [ "$a" = body ] && continue # the default
    out=$(cd "$SANDBOX" && timeout "$limit" "$MB" --batch "$OLDPWD/$f" $a 2>&1 </dev/null); rc=$?
    expect_eq "example-$name${a:+-$a}-rc" "$rc" 0
    expect_no_match "example-$name${a:+-$a}-clean" "$out" "$report"
  done
done

# the fuzz cases (tests/fuzz.sh checks for reports itself)
out=$(MB=$MB bash tests/fuzz.sh 2>&1); rc=$?
printf '%s\n' "$out" | grep -E '^(FAIL|    |fuzz:)' | head -n 60
last=$(printf '%s\n' "$out" | grep -E '^[0-9]+ passed, [0-9]+ failed$' | tail -n 1)
fp=${last%% passed*}; ff=${last#*, }; ff=${ff%% failed*}
passed=$((passed + ${fp:-0})); failed=$((failed + ${ff:-1}))
[ "$rc" != 0 ] && [ "${ff:-1}" = 0 ] && fail fuzz "tests/fuzz.sh failed (exit $rc)"
finish
