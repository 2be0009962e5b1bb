#!/usr/bin/env bash
# Configures and builds Engram into ${ENGRAM_BUILD_DIR:-build}. Used by run.sh, test.sh, bench.sh.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${ENGRAM_BUILD_DIR:-$root/build}
# Release at -O2 (as the package), without debug information: the same configuration as
# scripts/bench.sh, so running, testing and benchmarking share one build. -g cost a third of the
# compile time (EpisodeIndex.cpp: 17.9 s with -O2 -g, 9.6 s with -O2; tst_memorypanel.cpp: 26.1 s
# and 17.7 s). A debugger build: ENGRAM_BUILD_TYPE=Debug with its own ENGRAM_BUILD_DIR.
build_type=${ENGRAM_BUILD_TYPE:-Release}

"$root/scripts/install-deps.sh" "$@"
cmake -S "$root" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE="$build_type" -DCMAKE_CXX_FLAGS_RELEASE="-O2 -DNDEBUG" \
    -DENGRAM_WARNINGS_AS_ERRORS=${ENGRAM_WARNINGS_AS_ERRORS:-ON} >/dev/null
# ENGRAM_BUILD_TARGETS: build only these targets (space-separated), e.g. the benchmarks.
targets=()
for t in ${ENGRAM_BUILD_TARGETS:-}; do
    targets+=(--target "$t")
done
cmake --build "$build_dir" --parallel "$(nproc)" "${targets[@]}"
