#!/usr/bin/env bash
# Runs a command beside a throwaway PostgreSQL 15 server (Debian's pg_virtualenv, from
# postgresql-common): PGHOST, PGPORT, PGUSER, PGPASSWORD and PGDATABASE name it for the command,
# and the cluster is dropped when the command ends. Works as root and as a user; about 4 s.
#
#   scripts/with-postgres.sh COMMAND [ARGS...]
#
# The tests of the PostgreSQL backend (CTest label "postgres") need it; scripts/test.sh and
# scripts/check-sanitizers.sh run the suite through it. A missing pg_virtualenv fails loudly.
set -euo pipefail
if [[ ${1:-} == -h || ${1:-} == --help || $# -eq 0 ]]; then
    awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"
    exit 0
fi
command -v pg_virtualenv >/dev/null || {
    echo "with-postgres: pg_virtualenv is missing (Debian: postgresql-common, which scripts/install-deps.sh installs with postgresql-15)" >&2
    exit 1
}
# The server runs as the user postgres, which cannot enter a /tmp of mode 0700 (as on these
# machines when run as root): the cluster lives in a folder it can reach, /var/tmp, or where
# /var/tmp is closed to other users too, the postgres user's home (on disk, unlike /dev/shm,
# which a container may hold to 64 MB).
base=/var/tmp
if ! (( 0$(stat -c %a "$base") & 1 )); then
    base=$(getent passwd postgres | cut -d: -f6 || true)
    base=${base:-/dev/shm}
fi
work=$(mktemp -d "$base/engram-pg.XXXXXX")
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT
# -t: a temporary cluster even as root; fsync off: a test cluster needs no durability.
TMPDIR=$work pg_virtualenv -t -o fsync=off -i '--locale=C.UTF-8' "$@"
