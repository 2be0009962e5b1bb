#!/usr/bin/env bash
# Configures and builds Engram into ${ENGRAM_BUILD_DIR:-build}. Used by run.sh, test.sh, bench.sh.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${ENGRAM_BUILD_DIR:-$root/build}
build_type=${ENGRAM_BUILD_TYPE:-RelWithDebInfo}

"$root/scripts/install-deps.sh" "$@"
cmake -S "$root" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE="$build_type" \
    -DENGRAM_WARNINGS_AS_ERRORS=${ENGRAM_WARNINGS_AS_ERRORS:-ON} >/dev/null
# ENGRAM_BUILD_TARGETS: build only these targets (space-separated), e.g. the benchmarks.
targets=()
for t in ${ENGRAM_BUILD_TARGETS:-}; do
    targets+=(--target "$t")
done
cmake --build "$build_dir" --parallel "$(nproc)" "${targets[@]}"
