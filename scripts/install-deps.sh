#!/usr/bin/env bash
# Installs the Debian 12 packages Engram needs to build, test and run. Safe to run again:
# it only calls apt-get when something is missing.
set -euo pipefail

packages=(
    cmake ninja-build g++ pkg-config
    qt6-base-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools linguist-qt6
    libqt6sql6-sqlite libqt6svg6 qt6-qpa-plugins qt6-translations-l10n qtkeychain-qt6-dev nlohmann-json3-dev
    xvfb xauth fonts-noto-cjk
    sqlite3 libsqlite3-dev
    # the PostgreSQL backend (issue 17): Qt's driver, and a server for its tests (pg_virtualenv)
    libqt6sql6-psql postgresql-15 postgresql-common
)
if [[ "${1:-}" == "--package" ]]; then
    packages+=(dpkg-dev file desktop-file-utils appstream lintian)
fi
# scripts/fuzz.sh: clang 14 and its runtimes (libFuzzer, ASan, UBSan are in libclang-rt-14-dev).
if [[ "${1:-}" == "--fuzz" ]]; then
    packages+=(clang-14 libclang-rt-14-dev)
fi

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]} == 0)); then
    exit 0
fi

echo "Installing: ${missing[*]}"
sudo_cmd=()
if [[ $(id -u) -ne 0 ]]; then
    sudo_cmd=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
