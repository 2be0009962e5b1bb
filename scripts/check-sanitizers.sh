#!/usr/bin/env bash
# Builds every target but the benchmarks with AddressSanitizer + UndefinedBehaviorSanitizer (GCC,
# or clang 14 with --with-fuzzers) into its own folder and runs the whole CTest suite offscreen
# under it (the benchmarks' smoke runs are in the plain build's suite; under the sanitizers they
# cost CI minutes and test no product code the suites do not). Any report fails: UBSan stops at the
# first finding (-fno-sanitize-recover), ASan and LeakSanitizer end the process with an error, and
# every report (also from child processes such as engram-cli, whose exit code a test might not
# look at) is written to a file that fails the check afterwards.
#
#   scripts/check-sanitizers.sh [--no-gui] [--with-fuzzers] [-- CTEST-ARGS...]
#
#   --no-gui        build and run only the non-GUI targets and suites (ENGRAM_BUILD_GUI=OFF)
#   --with-fuzzers  compile with clang 14 instead, with assertions on (Q_ASSERT, assert) and
#                   libFuzzer's coverage, and build the harnesses of tests/fuzz in the same
#                   folder: `ENGRAM_FUZZ_BUILD_DIR=build-asan scripts/fuzz.sh --no-build` runs them
#                   (CI: one sanitized build for both, instead of two)
#
# Environment: ENGRAM_SAN_BUILD_DIR (default build-asan), ENGRAM_SAN_JOBS (default nproc),
# ENGRAM_SAN_OPT (default "-O1 -g0"; "-O1 -g1" adds file:line to the reports, at some build time).
# Suppressions (third-party code only, each with its reason) live in tests/sanitizers/.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${ENGRAM_SAN_BUILD_DIR:-$root/build-asan}
jobs=${ENGRAM_SAN_JOBS:-$(nproc)}
gui=ON
fuzzers=OFF
ctest_args=()
while (($#)); do
    case "$1" in
    --no-gui) gui=OFF ;;
    --with-fuzzers) fuzzers=ON ;;
    --) shift; ctest_args=("$@"); break ;;
    -h | --help) sed -n '2,19p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "check-sanitizers: unknown option $1 (try --help)" >&2; exit 2 ;;
    esac
    shift
done

compiler=()
build_type=RelWithDebInfo
if [[ $fuzzers == ON ]]; then
    "$root/scripts/install-deps.sh" --fuzz
    # Debug: Q_ASSERT in Qt's inline code (QList::at, QStringView...) and assert() stay on.
    compiler=(-DCMAKE_CXX_COMPILER=clang++-14)
    build_type=Debug
else
    "$root/scripts/install-deps.sh"
fi

# -O1 -g0: about 0.63x the compile CPU time of -O2 -g under the sanitizers (-O1 -g1: 0.75x;
# measured on MemoryService.cpp and ChatCommands.cpp); the reports still name every function.
# The frame pointer gives ASan's fast unwinder whole stacks.
opt=${ENGRAM_SAN_OPT:--O1 -g0}
sanitize="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
start=$SECONDS
cmake -S "$root" -B "$build_dir" -G Ninja "${compiler[@]}" \
    -DCMAKE_BUILD_TYPE=$build_type \
    -DCMAKE_CXX_FLAGS="$sanitize" \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$opt -DNDEBUG" \
    -DCMAKE_CXX_FLAGS_DEBUG="$opt" \
    -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
    -DCMAKE_SHARED_LINKER_FLAGS="-fsanitize=address,undefined" \
    -DENGRAM_BUILD_GUI="$gui" \
    -DENGRAM_BUILD_BENCHMARKS=OFF \
    -DENGRAM_BUILD_FUZZERS=$fuzzers \
    -DENGRAM_WARNINGS_AS_ERRORS=OFF >/dev/null
cmake --build "$build_dir" --parallel "$jobs"
build_seconds=$((SECONDS - start))

suppressions=$root/tests/sanitizers
reports=$build_dir/sanitizer-reports
rm -rf "$reports"
mkdir -p "$reports"
# halt_on_error: the first error ends the process with a failing exit code.
# detect_leaks: LeakSanitizer runs at exit; its suppressions only name third-party libraries.
export ASAN_OPTIONS="halt_on_error=1:detect_leaks=1:detect_stack_use_after_return=1:check_initialization_order=1:strict_init_order=1:strict_string_checks=1:log_path=$reports/asan"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:suppressions=$suppressions/ubsan.supp:log_path=$reports/ubsan"
export LSAN_OPTIONS="suppressions=$suppressions/lsan.supp:print_suppressions=0"
export QT_QPA_PLATFORM=offscreen

start=$SECONDS
status=0
(cd "$build_dir" && "$root/scripts/with-postgres.sh" ctest --output-on-failure --parallel "$jobs" "${ctest_args[@]}") ||
    status=$?
test_seconds=$((SECONDS - start))

found=("$reports"/*)
if [[ -e "${found[0]}" ]]; then
    for report in "${found[@]}"; do
        printf '\n== %s\n' "${report#"$build_dir"/}"
        cat "$report"
    done
    echo "check-sanitizers: ${#found[@]} sanitizer report(s), above" >&2
    status=1
fi
echo "check-sanitizers: GUI=$gui, fuzzers=$fuzzers, build ${build_seconds} s, tests ${test_seconds} s"
exit "$status"
