#!/usr/bin/env bash
# Builds the Debian package, checks it (desktop file, AppStream metadata, lintian), installs it
# with apt, runs what it installed with a throwaway HOME, and removes it again. Needs root or sudo.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
sudo_cmd=()
if [[ $(id -u) -ne 0 ]]; then
    sudo_cmd=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive

step() { printf '\n== %s\n' "$*"; }
fail() { echo "package-check: $*" >&2; exit 1; }

step "Building the package"
deb=$(bash "$root/scripts/package.sh" | tail -n 1)
[[ -f "$deb" ]] || fail "scripts/package.sh printed no package"
dpkg-deb --info "$deb" | sed -n '/Package:/,$p'

step "lintian (errors fail the check)"
lintian --fail-on error "$deb"

step "Resolving its dependencies from the archive alone (as on a machine with nothing installed)"
empty_status=$(mktemp)
apt-get install --simulate -qq -o Dir::State::status="$empty_status" "$(realpath "$deb")" >/dev/null ||
    fail "apt cannot resolve the package's dependencies from the configured archive"
rm -f "$empty_status"
echo "resolved"

step "Installing with apt"
if dpkg-query -W -f='${Status}' engram 2>/dev/null | grep -q "install ok installed"; then
    "${sudo_cmd[@]}" apt-get remove -y -qq engram
fi
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "$(realpath "$deb")"
installed=(/usr/bin/engram /usr/bin/engram-cli /usr/share/applications/io.github.engram.Engram.desktop
    /usr/share/metainfo/io.github.engram.Engram.metainfo.xml
    /usr/share/icons/hicolor/scalable/apps/io.github.engram.Engram.svg
    /usr/share/icons/hicolor/256x256/apps/io.github.engram.Engram.png
    /usr/share/doc/engram/copyright /usr/share/doc/engram/changelog.gz
    /usr/share/man/man1/engram.1.gz /usr/share/man/man1/engram-cli.1.gz)
for f in "${installed[@]}"; do
    [[ -e "$f" ]] || fail "$f is not installed"
done

step "Validating the installed desktop file and AppStream metadata"
desktop-file-validate /usr/share/applications/io.github.engram.Engram.desktop
appstreamcli validate --no-net /usr/share/metainfo/io.github.engram.Engram.metainfo.xml

home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
export HOME=$home XDG_CONFIG_HOME=$home/.config XDG_DATA_HOME=$home/.local/share XDG_RUNTIME_DIR=$home/runtime
mkdir -m 700 "$XDG_RUNTIME_DIR"
unset ENGRAM_DB LLM_BASE_URL LLM_API_KEY LLM_MODEL OPENAI_BASE_URL OPENAI_API_KEY

step "Running the installed engram --version and engram-cli"
version=$(dpkg-deb --field "$deb" Version)
said=$(QT_QPA_PLATFORM=offscreen engram --version)
echo "$said"
[[ "$said" == "engram $version" ]] || fail "engram --version does not say $version"
engram-cli --help | grep -q "export" || fail "engram-cli --help lists no export command"
engram-cli add-fact "I" "work on" "Project Spark"
engram-cli export --out "$home/memory.json"
grep -q "Project Spark" "$home/memory.json" || fail "the export does not hold the fact just added"
echo "engram-cli exported $(wc -c <"$home/memory.json") bytes holding the new fact"

step "Starting the installed engram offscreen"
QT_QPA_PLATFORM=offscreen engram >"$home/engram.log" 2>&1 &
pid=$!
sleep 5
kill -0 "$pid" 2>/dev/null || { cat "$home/engram.log"; fail "engram exited within 5 seconds"; }
kill -TERM "$pid"
status=0
wait "$pid" || status=$?
cat "$home/engram.log"
((status == 0)) || fail "engram exited with status $status after SIGTERM"
echo "engram ran for 5 seconds and quit cleanly on SIGTERM"

step "Removing the package"
"${sudo_cmd[@]}" apt-get remove -y -qq engram
for f in "${installed[@]}"; do
    [[ ! -e "$f" ]] || fail "$f is still there after removal"
done
leftover=$(dpkg -L engram 2>/dev/null || true)
[[ -z "$leftover" ]] || fail "dpkg still lists files of engram"
echo "package-check: all good ($deb)"
