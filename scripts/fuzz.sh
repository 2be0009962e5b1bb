#!/usr/bin/env bash
# Builds the libFuzzer harnesses of tests/fuzz (clang 14, ASan + UBSan, in build-fuzz) and runs
# each target for N seconds from a copy of its seed corpus, with its dictionary. Never writes into
# the repository: the working corpora live in a temporary folder, and what a target finds (a
# crash, a timeout, an out-of-memory) is copied to build-fuzz/fuzz-artifacts and named below.
#
#   scripts/fuzz.sh [--seconds N] [--target NAME] [--parallel N] [--no-build]
#
#   --seconds N   how long each target runs (default 60)
#   --target NAME only this target (repeatable): importdocument ssestream extractionparser
#                 summaryparser redactor searchtokenizer queryanalyzer
#   --parallel N  how many targets run at once (default 1)
#   --no-build    run the harnesses already built in the build folder (no apt, no cmake)
#
# Exits non-zero when any target found a crash, a timeout or an out-of-memory. Reproduce one with
#   build-fuzz/tests/fuzz/fuzz_<target> <reproducer file>
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${ENGRAM_FUZZ_BUILD_DIR:-$root/build-fuzz}

seconds=60
parallel=1
build=1
targets=()
while (($#)); do
    case "$1" in
    --seconds) seconds=$2; shift 2 ;;
    --target) targets+=("$2"); shift 2 ;;
    --parallel) parallel=$2; shift 2 ;;
    --no-build) build=0; shift ;;
    -h | --help) sed -n '2,16p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "fuzz.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done

# target -> dictionary and the largest input worth trying (bytes).
declare -A dict=(
    [importdocument]=importdocument [ssestream]=ssestream [extractionparser]=extractionparser
    [summaryparser]=summaryparser [redactor]=redactor [searchtokenizer]=text [queryanalyzer]=text
    [mcpserver]=mcpserver)
declare -A max_len=(
    [importdocument]=16384 [ssestream]=4096 [extractionparser]=4096 [summaryparser]=4096
    [redactor]=2048 [searchtokenizer]=2048 [queryanalyzer]=1024 [mcpserver]=4096)
all_targets=(importdocument ssestream extractionparser summaryparser redactor searchtokenizer queryanalyzer mcpserver)
((${#targets[@]})) || targets=("${all_targets[@]}")
for t in "${targets[@]}"; do
    [[ -n "${dict[$t]:-}" ]] || { echo "fuzz.sh: unknown target $t (known: ${all_targets[*]})" >&2; exit 2; }
done

if ((build)); then
    "$root/scripts/install-deps.sh" --fuzz
    # Debug with -O1: Q_ASSERT and assert() stay on, and the sanitized build is quicker than -O2.
    # Warnings are not errors here: the fuzz build is for finding faults, and clang's warnings
    # differ from GCC's, which the project's -Werror build follows.
    cmake -S "$root" -B "$build_dir" -G Ninja -DCMAKE_CXX_COMPILER=clang++-14 \
        -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS_DEBUG=-O1 -gline-tables-only" \
        -DENGRAM_BUILD_GUI=OFF -DENGRAM_BUILD_TESTS=OFF -DENGRAM_BUILD_FUZZERS=ON -DENGRAM_WARNINGS_AS_ERRORS=OFF >/dev/null
    cmake --build "$build_dir" --target $(printf 'fuzz_%s ' "${targets[@]}")
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/engram-fuzz.XXXXXX")
trap 'rm -rf "$work"' EXIT
artifacts="$build_dir/fuzz-artifacts"
mkdir -p "$artifacts"

# libFuzzer looks for leaks input by input; the check of the whole heap at exit adds minutes.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:leak_check_at_exit=0:symbolize=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}

# Runs one target; writes "target|runs|execs/s|corpus|cov|result|reproducer" to $work/$t.result.
run_target() {
    local t=$1 corpus="$work/corpus/$1" log="$work/$1.log"
    mkdir -p "$corpus" "$work/artifacts/$t"
    cp "$root/tests/fuzz/corpus/$t/"* "$corpus/"
    local rc=0
    "$build_dir/tests/fuzz/fuzz_$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -max_len="${max_len[$t]}" -dict="$root/tests/fuzz/dict/${dict[$t]}.dict" \
        -artifact_prefix="$work/artifacts/$t/" -print_final_stats=1 "$corpus" >"$log" 2>&1 || rc=$?
    local runs rate cov result=ok reproducer=""
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    # The coverage of libFuzzer's last status line ("#N DONE cov: 1234 ft: 5678 corp: …").
    cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -1 | sed 's/cov: \([0-9]*\) ft: \([0-9]*\)/\1 (ft \2)/' || true)
    if ((rc != 0)); then
        if grep -q 'ERROR: libFuzzer: timeout' "$log"; then result=TIMEOUT
        elif grep -q 'out-of-memory' "$log"; then result=OOM
        elif grep -q 'ERROR: LeakSanitizer' "$log"; then result=LEAK
        else result=CRASH; fi
        local found
        found=$(find "$work/artifacts/$t" -type f | head -1)
        if [[ -n "$found" ]]; then
            reproducer="$artifacts/$t-$(basename "$found")"
            cp "$found" "$reproducer"
        fi
        cp "$log" "$artifacts/$t.log"
    fi
    echo "$t|${runs:-?}|${rate:-?}|$(find "$corpus" -type f | wc -l)|${cov:-?}|$result|$reproducer" >"$work/$t.result"
}

echo "Fuzzing ${targets[*]} for ${seconds}s each, $parallel at a time"
for t in "${targets[@]}"; do
    while (($(jobs -rp | wc -l) >= parallel)); do wait -n || true; done
    run_target "$t" &
done
wait

failed=0
printf '\n%-18s %12s %10s %8s %-18s %s\n' target runs execs/s corpus coverage result
for t in "${targets[@]}"; do
    if [[ ! -f "$work/$t.result" ]]; then
        echo "$t: did not run"; failed=1; continue
    fi
    IFS='|' read -r name runs rate corpus cov result reproducer <"$work/$t.result"
    printf '%-18s %12s %10s %8s %-18s %s\n' "$name" "$runs" "$rate" "$corpus" "$cov" "$result"
    if [[ "$result" != ok ]]; then
        failed=1
        echo "    log:        $artifacts/$t.log"
        [[ -z "$reproducer" ]] || echo "    reproducer: $reproducer (run: $build_dir/tests/fuzz/fuzz_$t $reproducer)"
    fi
done
exit "$failed"
