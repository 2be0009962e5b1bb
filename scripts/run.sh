#!/usr/bin/env bash
# Sets up everything (Debian packages), builds, and starts the Engram desktop app.
# Arguments are passed to the app.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${ENGRAM_BUILD_DIR:-$root/build}

ENGRAM_WARNINGS_AS_ERRORS=OFF "$root/scripts/build.sh"
if [[ -x "$build_dir/src/app/engram" ]]; then
    exec "$build_dir/src/app/engram" "$@"
fi
echo "The desktop window is not built yet. What you can use now:"
echo "  $build_dir/src/cli/engram-cli --help"
exec "$build_dir/src/cli/engram-cli" --help
