#!/usr/bin/env bash
# Builds the Debian package of Engram (the desktop app and engram-cli) into
# ${ENGRAM_PACKAGE_DIR:-build-package} and prints the path of the .deb.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${ENGRAM_PACKAGE_DIR:-$root/build-package}
cd "$root"

"$root/scripts/install-deps.sh" --package

# Debian's hardening flags (stack protector, fortified libc calls, read-only relocations), without
# -g: the package ships stripped binaries and no debug symbols.
cxxflags="$(dpkg-buildflags --get CPPFLAGS) $(dpkg-buildflags --get CXXFLAGS | sed 's/\(^\| \)-g\( \|$\)/ /; s/-O2//')"
# -O2 as Debian builds its packages: a shorter build than CMake's Release -O3, for CI's budget.
cmake -S "$root" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O2 -DNDEBUG" \
    -DCMAKE_INSTALL_PREFIX=/usr \
    -DENGRAM_BUILD_TESTS=OFF -DENGRAM_WARNINGS_AS_ERRORS=OFF \
    -DCMAKE_CXX_FLAGS="$cxxflags" -DCMAKE_EXE_LINKER_FLAGS="$(dpkg-buildflags --get LDFLAGS)" >/dev/null
cmake --build "$build_dir" --parallel "$(nproc)" --target engram engram-cli

cd "$build_dir"
rm -f engram_*.deb
cpack -G DEB >/dev/null
ls "$build_dir"/engram_*.deb
