#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/fuzz.sh: run the model scripts tests/fuzz.lua writes, and judge each.
#   bash tests/fuzz.sh                          300 cases, seeds 1-300 (make check)
#   FUZZ_CASES=5000 FUZZ_FIRST=100000 bash tests/fuzz.sh           (make fuzz)
#   MB=./mechbench-asan bash tests/fuzz.sh      under the sanitizers (make asan)
# Environment: MB (the binary), FUZZ_FIRST and FUZZ_CASES (the seeds),
# FUZZ_JOBS (cases at once; the CPUs), FUZZ_TIMEOUT (seconds a case may take:
# 20, or 60 for a sanitizer build), FUZZ_KEEP (where each failing case's
# script, output and errors are saved: fuzz-failures/).
#
# A case passes when
#   - it exits 0 or 1 (124 from timeout is a hang, a signal a crash);
#   - on exit 1 it said an error, and every message on stderr (each line
#     not indented) starts with the script's "fzN.lua:LINE:": errors and
#     warnings alike name the user's file and line, not a library file,
#     "(unknown)" or "[C]";
#   - no message names a file of the library (lua/mechbench/*.lua:N), a C
#     function ([C]:) or "(unknown)" as where its cause is;
#   - the results it printed (stdout) hold no nan or inf, and the script's
#     own checks of the errors it caught said nothing (FUZZ-NOLOC: an error
#     without the script's line; FUZZ-LIBRARY: one naming the library's
#     files; FUZZ-NOLAST: a failed run that said it kept its samples in
#     m.last, and did not);
#   - stderr has no sanitizer report.
# It prints the failures, a summary, and "N passed, N failed".
cd "$(dirname "$0")/.." || exit 1
ROOT=$PWD
MB=${MB:-$ROOT/mechbench}
case $MB in /*) ;; *) MB=$ROOT/$MB ;; esac
FIRST=${FUZZ_FIRST:-1}
CASES=${FUZZ_CASES:-300}
JOBS=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 2)}
case $MB in *asan*) default_timeout=60 ;; *) default_timeout=20 ;; esac
TIMEOUT=${FUZZ_TIMEOUT:-$default_timeout}
KEEP=${FUZZ_KEEP:-$ROOT/fuzz-failures}
LAST=$((FIRST + CASES - 1))

if [ ! -x "$MB" ]; then echo "fuzz: no binary $MB (make first)"; echo "0 passed, 1 failed"; exit 1; fi
WORK=$(mktemp -d /tmp/mbfuzz.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/home"
start=$(date +%s)

if ! gen=$("$MB" --batch "$ROOT/tests/fuzz.lua" "$FIRST" "$CASES" "$WORK" 2>&1); then
  printf 'fuzz: the generator failed:\n%s\n' "$gen"; echo "0 passed, 1 failed"; exit 1
fi

export MB WORK TIMEOUT
export HOME=$WORK/home XDG_DATA_HOME=$WORK/home/data XDG_STATE_HOME=$WORK/home/state MECHBENCH_HOME=$ROOT
# a sanitizer's exit status is its own (not Lua's 1); reports are also
# looked for in the text, so a report that lets the run go on is seen
export ASAN_OPTIONS=${ASAN_OPTIONS:-exitcode=86:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}

# One case: run it, then write its verdict (the failed checks, one word
# each, and the evidence) in fzN.verdict.
judge_one() {
  local n=$1 name="fz$1.lua"
  cd "$WORK" || return
  timeout -k 5 "$TIMEOUT" "$MB" --batch "$name" > "fz$n.out" 2> "fz$n.err" < /dev/null
  local rc=$?
  local v=""
  local located="^fz$n\\.lua:[0-9]+:"
  case $rc in
    0|1) ;;
    124|137) v="$v hang" ;;
    86) v="$v sanitizer" ;;
    *) v="$v crash($rc)" ;;
  esac
  if grep -qE 'ERROR: (Address|Leak)Sanitizer|runtime error:|SUMMARY: [A-Za-z]*Sanitizer' "fz$n.err"; then
    case $v in *sanitizer*) ;; *) v="$v sanitizer" ;; esac
  fi
  if [ "$rc" = 0 ] || [ "$rc" = 1 ]; then
    # every message (a line not indented) names the script's line
    if grep -vE '^([[:space:]]|$)' "fz$n.err" | grep -qvE "$located"; then v="$v unlocated"; fi
    if [ "$rc" = 1 ] && ! grep -E "$located" "fz$n.err" | grep -qv ': warning: '; then
      case $v in *unlocated*) ;; *) v="$v silent" ;; esac
    fi
  fi
  if grep -vE '^(caught |FUZZ-)' "fz$n.out" | grep -qiE '(^|[^[:alnum:]_.])-?(nan|inf)([^[:alnum:]_]|$)'; then
    v="$v nonfinite"
  fi
  grep -q '^FUZZ-NOLOC' "fz$n.out" && v="$v unlocated-caught"
  # a message that names the user's line but says a cause from inside the
  # library: one of its files, a C function, "(unknown)"
  if grep -qE 'mechbench/[a-z_]+\.lua:[0-9]+|\[C\]:|\(unknown\)' "fz$n.err" || grep -q '^FUZZ-LIBRARY' "fz$n.out"; then
    v="$v library"
  fi
  grep -q '^FUZZ-NOLAST' "fz$n.out" && v="$v lost-samples"
  printf '%s %s\n' "$rc" "$v" > "fz$n.verdict"
}
export -f judge_one

seq "$FIRST" "$LAST" | xargs -P "$JOBS" -I{} bash -c 'judge_one {}'

pass=0 fail=0 exit0=0 exit1=0 crashes=0 hangs=0 sanitizer=0 nonfinite=0 unlocated=0 lost=0 silent=0 library=0
for n in $(seq "$FIRST" "$LAST"); do
  read -r rc v < "$WORK/fz$n.verdict" || { rc=?; v="not-run"; }
  [ "$rc" = 0 ] && exit0=$((exit0 + 1))
  [ "$rc" = 1 ] && exit1=$((exit1 + 1))
  if [ -z "$v" ]; then pass=$((pass + 1)); continue; fi
  fail=$((fail + 1))
  case $v in *crash*|*not-run*) crashes=$((crashes + 1)) ;; esac
  case $v in *hang*) hangs=$((hangs + 1)) ;; esac
  case $v in *sanitizer*) sanitizer=$((sanitizer + 1)) ;; esac
  case $v in *nonfinite*) nonfinite=$((nonfinite + 1)) ;; esac
  case $v in *unlocated*) unlocated=$((unlocated + 1)) ;; esac
  case $v in *lost-samples*) lost=$((lost + 1)) ;; esac
  case $v in *silent*) silent=$((silent + 1)) ;; esac
  case $v in *library*) library=$((library + 1)) ;; esac
  mkdir -p "$KEEP"
  for ext in lua out err; do cp "$WORK/fz$n.$ext" "$KEEP/" 2>/dev/null; done
  echo "FAIL fz$n.lua (exit $rc):$v"
  case $v in *sanitizer*) grep -m 3 -E 'ERROR: |runtime error:|SUMMARY:' "$WORK/fz$n.err" | sed 's/^/    /' ;; esac
  case $v in *unlocated*|*silent*|*crash*|*hang*) grep -vE '^([[:space:]]|$)' "$WORK/fz$n.err" | grep -vE "^fz$n\\.lua:[0-9]+:" | head -n 2 | cut -c1-300 | sed 's/^/    stderr: /' ;; esac
  case $v in *library*) grep -m 2 -E 'mechbench/[a-z_]+\.lua:[0-9]+|\[C\]:|\(unknown\)' "$WORK/fz$n.err" | cut -c1-300 | sed 's/^/    stderr: /' ;; esac
  grep -m 2 '^FUZZ-' "$WORK/fz$n.out" | cut -c1-300 | sed 's/^/    /'
  case $v in *nonfinite*) grep -vE '^(caught |FUZZ-)' "$WORK/fz$n.out" | grep -m 2 -iE '(^|[^[:alnum:]_.])-?(nan|inf)([^[:alnum:]_]|$)' | cut -c1-200 | sed 's/^/    stdout: /' ;; esac
done
[ "$fail" -gt 0 ] && echo "fuzz: the failing scripts, with their .out and .err, are in $KEEP; run one with: cd $KEEP && $MB --batch fzN.lua"
echo "fuzz: $CASES cases (seeds $FIRST-$LAST, $(basename "$MB"), $JOBS at once, $(( $(date +%s) - start )) s):" \
  "$exit0 exit 0, $exit1 exit 1; $crashes crashes, $hangs hangs, $sanitizer sanitizer reports," \
  "$nonfinite non-finite results, $unlocated errors without location, $library errors naming the library's" \
  "files, $silent failures without an error,"  \
  "$lost failed runs without their samples"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
