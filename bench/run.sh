#!/usr/bin/env bash
# make bench: measured figures, one line per case (a benchmark, not a test).
cd "$(dirname "$0")/.."
export HOME=$(mktemp -d) XDG_STATE_HOME= XDG_DATA_HOME=
trap 'rm -rf "$HOME"' EXIT
now() { date +%s%N; }

# mean wall time of N runs of a command, in milliseconds
time_runs() {
  local n=$1; shift
  local t0 t1
  t0=$(now)
  for ((i = 0; i < n; i++)); do "$@" >/dev/null 2>&1; done
  t1=$(now)
  awk -v a="$t0" -v b="$t1" -v n="$n" 'BEGIN { printf "%.2f", (b - a) / n / 1e6 }'
}

empty=$(mktemp --suffix=.lua)
n=50
printf '%-40s %8s ms  (mean of %d runs)\n' "start-up: --batch of an empty script" \
  "$(time_runs $n ./mechbench --batch "$empty")" $n
# Start-up to the prompt: the REPL initialises fully, then meets end of input.
printf '%-40s %8s ms  (mean of %d runs)\n' "start-up: to the prompt and out" \
  "$(time_runs $n ./mechbench </dev/null)" $n
printf '%-40s %8s ms  (mean of %d runs)\n' "lesson 2 self-test (17 steps)" \
  "$(time_runs 10 ./mechbench --batch -e 'mb.lesson.selftest(2)')" 10
rm -f "$empty"
./mechbench --batch bench/models.lua
# issue 18: the book's program DAP_BC (ode45) against our cheapest
# configuration at least as accurate, and the adaptive integrators at equal
# accuracy on the examples (why dopri5 with dense reports is the default)
./mechbench --batch bench/ode45.lua
./mechbench --batch bench/integrators.lua
