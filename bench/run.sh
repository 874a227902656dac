#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
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

# The build of an older commit (BENCH_REV, by default the previous one) in
# a temporary worktree, for the comparisons below: its program's path, or
# nothing when it cannot be built. before_done removes it.
before=
build_before() {
  rev=${BENCH_REV:-HEAD~1}
  old=$(mktemp -d)
  if git rev-parse -q --verify "$rev^{commit}" >/dev/null &&
    git worktree add -q --detach "$old/tree" "$rev" 2>/dev/null &&
    make -s -j2 -C "$old/tree" mechbench >/dev/null 2>&1; then
    before="$old/tree/mechbench"
  fi
}
before_done() {
  [ -n "$old" ] && git worktree remove --force "$old/tree" 2>/dev/null
  rm -rf "$old"
}

# Five rounds of a bench script (its argument given) under the build before
# and this build, alternately, into $old/NAME.before and $old/NAME.after.
alternate() {
  for round in 1 2 3 4 5; do
    "$before" --batch "$1" "$2" >>"$old/$3.before" 2>/dev/null
    ./mechbench --batch "$1" "$2" >>"$old/$3.after" 2>/dev/null
  done
}

# The book's six small models against the build before, timed alternately
# with this build, five rounds; the least time of each. Ratios above 1 are
# this build's gain.
six_models() {
  if [ -n "$before" ]; then
    echo "the six small models against $(git rev-parse --short "$rev") ($rev): one m:simulate, 5 s, reports every 0.01 s, dopri5 dense at 1e-6/1e-9 (processor time, the least of 5 batches of 20 runs)"
    alternate bench/reports.lua 20 six
    awk 'FNR == NR { if (!($1 in b) || $2 < b[$1]) b[$1] = $2; if (!($1 in bc) || $3 < bc[$1]) bc[$1] = $3; be[$1] = $4; next }
         { if (!($1 in a) || $2 < a[$1]) a[$1] = $2; if (!($1 in ac) || $3 < ac[$1]) ac[$1] = $3; ae[$1] = $4
           if (!seen[$1]++) order[++n] = $1 }
         END { printf "  %-18s %10s %10s %7s   %10s %10s %7s   %s\n", "model", "before ms", "after ms", "ratio",
                 "C before", "C after", "ratio", "evaluations"
               for (i = 1; i <= n; i++) { k = order[i]
                 printf "  %-18s %10.3f %10.3f %6.2fx   %10.3f %10.3f %6.2fx   %d, %d\n", k, 1e3 * b[k], 1e3 * a[k],
                   b[k] / a[k], 1e3 * bc[k], 1e3 * ac[k], bc[k] / ac[k], be[k], ae[k] } }' "$old/six.before" "$old/six.after"
    six_instructions
  else
    echo "the six small models: no build of $rev to compare with"
  fi
}

# The same runs counted in instructions (valgrind's cachegrind, I refs):
# a count the machine's load does not move, where processor time on a
# shared machine does. Per run: (7 runs - 1 run) / 6, so the start-up and
# the model's making drop out.
instructions() { # program model runs
  valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
    "$1" --batch bench/reports.lua "$3" "$2" 2>&1 >/dev/null | awk '/I *refs/ { gsub(",", "", $4); print $4 }'
}
six_instructions() {
  if ! command -v valgrind >/dev/null; then
    echo "  (instructions: no valgrind)"
    return
  fi
  echo "  instructions per run (valgrind cachegrind; the least noisy measure on a shared machine):"
  printf "  %-18s %12s %12s %7s\n" model before after ratio
  for model in pendulum double_pendulum slider_crank four_bar chain_4 sliding_pendulum; do
    b7=$(instructions "$before" $model 7) b1=$(instructions "$before" $model 1)
    a7=$(instructions ./mechbench $model 7) a1=$(instructions ./mechbench $model 1)
    awk -v m=$model -v b7="$b7" -v b1="$b1" -v a7="$a7" -v a1="$a1" 'BEGIN {
      b = (b7 - b1) / 6; a = (a7 - a1) / 6
      printf "  %-18s %12.0f %12.0f %6.2fx\n", m, b, a, b / a }'
  done
}

# The compiled model kept while the Lua model is unchanged (issue 24): how
# often m:equilibrium{} and m:modes{} compile the model, in Lua and in C,
# and their processor time, this build against the build before (the least
# of 5 rounds of 10 calls, alternating).
compiled_models() {
  if [ -n "$before" ]; then
    echo "m:equilibrium{} and m:modes{} against $(git rev-parse --short "$rev") ($rev): compiles in Lua, models built in C, processor time (the least of 5 rounds of 10)"
    alternate bench/compiled.lua 10 compiled
    awk 'FNR == NR { if (!($1 in b) || $4 < b[$1]) b[$1] = $4; bl[$1] = $2; bc[$1] = $3; next }
         { if (!($1 in a) || $4 < a[$1]) a[$1] = $4; al[$1] = $2; ac[$1] = $3; if (!seen[$1]++) order[++n] = $1 }
         END { printf "  %-28s %14s %14s %10s %10s %7s\n", "call", "Lua compiles", "C builds", "before ms", "after ms", "ratio"
               for (i = 1; i <= n; i++) { k = order[i]
                 printf "  %-28s %6d -> %-5d %6d -> %-5d %10.3f %10.3f %6.2fx\n", k, bl[k], al[k], bc[k], ac[k],
                   1e3 * b[k], 1e3 * a[k], b[k] / a[k] } }' "$old/compiled.before" "$old/compiled.after"
  else
    echo "m:equilibrium and m:modes: no build of $rev to compare with"
  fi
}

# bash bench/run.sh six (or compiled): that comparison alone
if [ "${1:-}" = six ] || [ "${1:-}" = compiled ]; then
  build_before
  if [ "$1" = six ]; then six_models; else compiled_models; fi
  before_done
  exit
fi

# bash bench/run.sh mujoco: the comparison with MuJoCo alone
if [ "${1:-}" != mujoco ]; then
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
build_before
six_models
compiled_models
before_done
./mechbench --batch bench/models.lua
# issue 18: the book's program DAP_BC (ode45) against our cheapest
# configuration at least as accurate, and the adaptive integrators at equal
# accuracy on the examples (why dopri5 with dense reports is the default)
./mechbench --batch bench/ode45.lua
./mechbench --batch bench/integrators.lua
# issue 27: figures as files, the GIF and the plot PNG against their goals
./mechbench --batch bench/figures.lua
# issue 28: the equations derived symbolically (the four-bar's goal: 100 ms)
./mechbench --batch bench/equations.lua
# issue 29: a class's homework graded
bash bench/grade.sh
fi

# Against MuJoCo (issue 16): the N-link chain in every formulation and
# MuJoCo's RK4 on the same chain at the same h = 1 ms, reports every 10 ms,
# in the same run, each case alternating with MuJoCo's, median of 3. Times
# are seconds per simulated second of wall time and of processor time (a
# run's start and reports included; the machine is often shared, and
# processor time moves less with its load); the slow cases simulate less
# than 1 s (span below), MuJoCo the same beside them (their start is then
# a larger share). The exponents
# are least-squares fits of log time against log N over N = 16, 64, 256.
# BENCH_N="64 256" and BENCH_FORMULATIONS="joint body" narrow it.
peer=build/mujoco_peer
if [ -f /usr/include/mujoco/mujoco.h ] &&
  cc -std=c11 -D_DEFAULT_SOURCE -O2 -o "$peer" bench/mujoco_peer.c -lmujoco -lm 2>/dev/null; then
  echo "against MuJoCo: chain, rk4 h = 1 ms, reports every 10 ms (median of 3, alternating)"
else
  peer=
  echo "against MuJoCo: skipped (no MuJoCo: apt-get install libmujoco-dev); our times alone"
fi
# every formulation that simulates (vector loops are for kinematics only)
formulations=${BENCH_FORMULATIONS:-$(./mechbench --batch -e '
  for _, f in ipairs(mb.formulations(true)) do if f.can.dynamics then io.write(f.name, " ") end end')}
# The simulated time of a case: 1 s, less where a dense formulation would
# take minutes (seconds of processor time per simulated second measured
# here at 64 and 256 links: free-body diagrams 22 and some 1400; minimal 2;
# body coordinates 0.08 and 1; point coordinates 0.13 and 0.5)
span() {
  case $1:$2 in
    64:minimal) echo 0.2 ;;
    64:fbd) echo 0.05 ;;
    256:joint | 256:discrete | [0-9]:* | 1[0-9]:*) echo 1 ;;
    256:body | 256:point) echo 0.1 ;;
    256:fbd) echo 0.005 ;;
    256:*) echo 0.02 ;;
    *) echo 1 ;;
  esac
}
# least-squares slopes of log time against log N, per case, from lines
# "case N wall cpu" in file $1; $2 says over what
fit() {
  awk -v over="$2" '{ k = $1; x = log($2); c[k]++; sx[k] += x; sxx[k] += x * x
       for (j = 3; j <= 4; j++) { y = log($j); sy[k, j] += y; sxy[k, j] += x * y } }
    function slope(k, j) { return (c[k] * sxy[k, j] - sx[k] * sy[k, j]) / (c[k] * sxx[k] - sx[k] * sx[k]) }
    END { for (k in c) if (c[k] > 1)
      printf "  %-15s cost grows as N^%.2f (wall), N^%.2f (cpu) over %s (fitted)\n", k,
        slope(k, 3), slope(k, 4), over }' "$1" | sort
}
# the median of field k of a file of runs (1 wall, 3 drift, 4 violation,
# 5 peak kB, 6 processor seconds)
med() { awk -v k="$2" '{ print $k }' "$1" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }
fits=$(mktemp)
for n in ${BENCH_N:-1 4 16 64 256}; do
  for rep in 1 2 3; do
    for f in $formulations; do
      tf=$(span "$n" "$f") dt=0.01
      awk -v tf="$tf" 'BEGIN { exit !(tf < 0.01) }' && dt=$tf
      per_second() { awk -v tf="$tf" '{ $1 = $1 / tf; $6 = $6 / tf; print }'; }
      ./mechbench --batch bench/chain.lua chain "$n" "$f" "$tf" "$dt" 0.001 2>/dev/null |
        per_second >>"$fits.$n.$f"
      [ -n "$peer" ] && "$peer" chain "$n" "$tf" "$dt" 0.001 2>/dev/null | per_second >>"$fits.$n.mujoco"
    done
  done
  mj= mjc=
  if [ -n "$peer" ] && [ -s "$fits.$n.mujoco" ]; then
    mj=$(med "$fits.$n.mujoco" 1) mjc=$(med "$fits.$n.mujoco" 6)
    printf '  chain N = %-3d %-9s %9.4f s/s  cpu %8.4f s/s  drift %-8s peak %6d kB\n' "$n" MuJoCo \
      "$mj" "$mjc" "$(med "$fits.$n.mujoco" 3)" "$(med "$fits.$n.mujoco" 5)"
    [ "$n" -ge 16 ] && echo "MuJoCo $n $mj $mjc" >>"$fits"
  fi
  for f in $formulations; do
    if [ ! -s "$fits.$n.$f" ]; then
      printf '  chain N = %-3d %-9s failed\n' "$n" "$f"
      continue
    fi
    t=$(med "$fits.$n.$f" 1) c=$(med "$fits.$n.$f" 6) against=
    [ -n "$mj" ] && against="ratio $(ratio "$t" "$mj"), cpu $(ratio "$c" "$mjc")"
    printf '  chain N = %-3d %-9s %9.4f s/s  cpu %8.4f s/s  drift %-8s peak %6d kB  %s\n' "$n" "$f" \
      "$t" "$c" "$(med "$fits.$n.$f" 3)" "$(med "$fits.$n.$f" 5)" "$against"
    [ "$n" -ge 16 ] && echo "$f $n $t $c" >>"$fits"
  done
done
fit "$fits" "N = 16 ... 256"
# The four-bar's loop closes to 1e-9 over 10 s under Baumgarte's terms
# with alpha = beta = 20 (measured: 6.9e-10 body, 5.6e-10 joint; without
# them it drifts to 1e-6) in the formulations with constraint rows to act
# on; minimal coordinates close it by construction and the discrete-time
# method has no rows.
stabilized=$(./mechbench --batch -e '
  for _, f in ipairs(mb.formulations(true)) do
    if f.can.constraints and not f.can.closed_form then io.write(f.name, " ") end
  end')
echo "against MuJoCo: the four-bar, rk4 h = 1 ms, 10 s, baumgarte alpha = beta = 20 in $stabilized(MuJoCo's loop: a connect constraint, solref 2h)"
for rep in 1 2 3; do
  for f in $formulations; do
    remedy=
    case " $stabilized " in *" $f "*) remedy="baumgarte 20" ;; esac
    # shellcheck disable=SC2086
    ./mechbench --batch bench/chain.lua four_bar "$f" 10 0.01 0.001 $remedy >>"$fits.fb.$f" 2>/dev/null
    [ -n "$peer" ] && "$peer" four_bar 10 0.01 0.001 >>"$fits.fb.mujoco" 2>/dev/null
  done
done
mj= mjc=
if [ -n "$peer" ] && [ -s "$fits.fb.mujoco" ]; then
  mj=$(med "$fits.fb.mujoco" 1) mjc=$(med "$fits.fb.mujoco" 6)
  printf '  four-bar  %-9s %8.4f s  cpu %8.4f s  drift %-8s loop gap %-8s peak %6d kB\n' MuJoCo "$mj" \
    "$mjc" "$(med "$fits.fb.mujoco" 3)" "$(med "$fits.fb.mujoco" 4)" "$(med "$fits.fb.mujoco" 5)"
fi
for f in $formulations; do
  [ -s "$fits.fb.$f" ] || { printf '  four-bar  %-9s failed\n' "$f"; continue; }
  t=$(med "$fits.fb.$f" 1) c=$(med "$fits.fb.$f" 6) against=
  [ -n "$mj" ] && against="ratio $(ratio "$t" "$mj"), cpu $(ratio "$c" "$mjc")"
  printf '  four-bar  %-9s %8.4f s  cpu %8.4f s  drift %-8s loop gap %-8s peak %6d kB  %s\n' "$f" "$t" \
    "$c" "$(med "$fits.fb.$f" 3)" "$(med "$fits.fb.$f" 4)" "$(med "$fits.fb.$f" 5)" "$against"
done
# Trees as well as chains: binary trees of 31, 63 and 127 links in the
# formulations that are linear-time on trees (MuJoCo's peer has no tree).
echo "trees: binary trees of 2^d - 1 links, rk4 h = 1 ms, 0.2 s (median of 3)"
: >"$fits"
for d in 5 6 7; do
  for f in body joint point point-recursive; do
    for rep in 1 2 3; do
      ./mechbench --batch bench/chain.lua tree "$d" "$f" 0.2 0.01 0.001 2>/dev/null |
        awk '{ $1 = $1 / 0.2; $6 = $6 / 0.2; print }' >>"$fits.tree.$d.$f"
    done
    links=$(((1 << d) - 1))
    if [ -s "$fits.tree.$d.$f" ]; then
      t=$(med "$fits.tree.$d.$f" 1) c=$(med "$fits.tree.$d.$f" 6)
      printf '  tree %-4d %-15s %9.4f s/s  cpu %8.4f s/s  drift %s\n' "$links" "$f" "$t" "$c" \
        "$(med "$fits.tree.$d.$f" 3)"
      echo "$f $links $t $c" >>"$fits"
    else
      printf '  tree %-4d %-15s failed\n' "$links" "$f"
    fi
  done
done
fit "$fits" "31 ... 127 links"
rm -f "$fits" "$fits".*
