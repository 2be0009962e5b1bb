#!/usr/bin/env bash
# Sets up everything (Debian packages), builds with warnings as errors, and runs every test, with
# a throwaway PostgreSQL server for the tests of the PostgreSQL backend (scripts/with-postgres.sh).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${ENGRAM_BUILD_DIR:-$root/build}

"$root/scripts/build.sh"
cd "$build_dir"
QT_QPA_PLATFORM=offscreen "$root/scripts/with-postgres.sh" ctest --output-on-failure --parallel "$(nproc)" "$@"
