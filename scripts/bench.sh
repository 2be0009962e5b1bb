#!/usr/bin/env bash
# Builds Release into build-bench/ and runs the benchmarks: speed at scale on a generated
# mixed Chinese/English user, and retrieval quality on the public data sets read from
# ../shared/data at run time. Tables are printed as Markdown; JSON goes to bench-results/.
#
#   scripts/bench.sh [--quick] [--data DIR] [--only scale|turn|window|quality|haystack] [--sizes 1k,10k,...]
#   scripts/bench.sh --backend postgres [--quick] [--only one-user,import,clients,many-users,fsync] [--sizes 100k,1m]
#
# --quick is about 45 s of work on one core after the build (under two minutes unless other work
# fills the cores): scale at 1k and 10k, one turn, the window over 20,000 episodes, MemDaily on
# every 3rd trajectory and all of REALTALK. Each part prints its wall and CPU time. The dev sets
# among 100k and 1M generated episodes run only when asked (--only haystack, about 20 minutes;
# with --quick, 10k in under a minute).
# --backend postgres runs bench_server instead, beside a throwaway server (scripts/with-postgres.sh):
# every workload on PostgreSQL and on SQLite in the same run, one table. --sizes A,B: A episodes
# of one user (100k), B across 1,000 users (200k; 1m for the million, which adds several minutes).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export ENGRAM_BUILD_DIR=${ENGRAM_BUILD_DIR:-$root/build-bench}
results=${ENGRAM_BENCH_RESULTS:-$root/bench-results}

quick=()
only=""
backend=sqlite
scale_args=()
quality_args=()
while (($#)); do
    case "$1" in
    --quick) quick=(--quick) ;;
    --only) only=$2; shift ;;
    --data) quality_args+=(--data "$2"); shift ;;
    --sizes) scale_args+=(--sizes "$2"); shift ;;
    --backend) backend=$2; shift ;;
    -h | --help) sed -n '2,16p' "$0"; exit 0 ;;
    *) echo "Unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

case "$backend" in
sqlite | postgres) ;;
*) echo "Unknown backend $backend (sqlite or postgres)" >&2; exit 2 ;;
esac
if [[ $backend == postgres ]]; then
    ENGRAM_BUILD_TYPE=Release ENGRAM_BUILD_TARGETS="bench_server" "$root/scripts/build.sh"
    mkdir -p "$results"
    export ENGRAM_SOURCE_DIR=$root
    only_args=()
    [[ -n $only ]] && only_args=(--only "$only")
    echo "# Engram on PostgreSQL beside SQLite ($(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg))"
    SECONDS=0
    "$root/scripts/with-postgres.sh" "$ENGRAM_BUILD_DIR/tests/bench/bench_server" "${quick[@]}" "${only_args[@]}" \
        "${scale_args[@]}" --json "$results/server.json"
    echo
    echo "Benchmarks: $SECONDS s (load $(cut -d' ' -f1 /proc/loadavg)); JSON: $results/server.json"
    exit 0
fi

ENGRAM_BUILD_TYPE=Release ENGRAM_BUILD_TARGETS="bench_scale bench_turn bench_window bench_quality bench_haystack" \
    "$root/scripts/build.sh"
mkdir -p "$results"
export ENGRAM_SOURCE_DIR=$root
# Each part's wall time and its CPU time (which other work on a shared machine does not stretch).
timed() {
    local TIMEFORMAT="($1: %R s, CPU %U s user + %S s system)"
    shift
    time "$@"
}
echo "# Engram benchmarks ($(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg))"
SECONDS=0
if [[ -z $only || $only == scale ]]; then
    echo
    echo "## Speed at scale"
    timed scale "$ENGRAM_BUILD_DIR/tests/bench/bench_scale" "${quick[@]}" "${scale_args[@]}" --json "$results/scale.json"
fi
if [[ -z $only || $only == turn ]]; then
    echo
    echo "## One turn"
    timed turn "$ENGRAM_BUILD_DIR/tests/bench/bench_turn" "${quick[@]}" --json "$results/turn.json"
fi
if [[ -z $only || $only == window ]]; then
    echo
    echo "## The window"
    QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen} timed window "$ENGRAM_BUILD_DIR/tests/bench/bench_window" "${quick[@]}" \
        --json "$results/window.json"
fi
if [[ -z $only || $only == quality ]]; then
    echo
    echo "## Retrieval quality"
    timed quality "$ENGRAM_BUILD_DIR/tests/bench/bench_quality" "${quick[@]}" "${quality_args[@]}" --json "$results/quality.json"
fi
if [[ $only == haystack ]]; then
    echo
    echo "## Recall among generated episodes"
    timed haystack "$ENGRAM_BUILD_DIR/tests/bench/bench_haystack" "${quick[@]}" "${quality_args[@]}" \
        --json "$results/haystack.json"
fi
echo
echo "Benchmarks: $SECONDS s (load $(cut -d' ' -f1 /proc/loadavg))"
echo
echo "JSON: $results"
