#!/usr/bin/env bash
# Crash-consistency soak: kills engram-cli (and the app) with SIGKILL at random moments of the
# operations that write the memory file, then checks what a restart finds.
#
#   scripts/soak.sh [--rounds N] [--seed S] [--build-dir DIR] [--scenarios a,b,…] [--writers N]
#                   [--no-tmpfs] [--max-minutes M] [--no-build] [--import-episodes N] [--chat-turns N]
#                   [--episodes N]
#
# Scenarios (one per round, in a shuffled cycle):
#   import  a 200,000-episode import (--import-episodes) all of it or nothing
#   chat    a burst of `chat [--wait]` turns           integrity; after `jobs --run` every queued job
#           against fake-llm-server                    done once, no turn stored twice
#   clear   `clear --yes --backup FILE`               cleared wholly (and a complete backup) or not at all
#   export  `export --out FILE` over an older export   FILE absent, the older one, or complete and importable
#   forget  a forgetting pass over 20,000 (--episodes) archived/purged as `forget --dry-run` said, or
#           whole slices of it (200 items each, one transaction each), and nothing else
#   app     the app (offscreen) running queued jobs    as chat, after `jobs --run`
# After every kill: PRAGMA integrity_check is ok and the other user's memory is untouched.
# Once per run, besides the rounds (a failure counts too):
#   tmpfs   (root only) import and export on a full tmpfs: exit 4, a clear message, nothing lost
#   writers 3 engram-cli processes x N add-fact (default 500) + searches: nothing lost, never "locked"
# Prints a table and ends with one line "N passed, N failed"; exits 1 on any failure.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$(pwd)

rounds=10
seed=$(date +%s)
build_dir="$root/build"
scenarios="import,chat,clear,export,forget,app"
writers=500
use_tmpfs=1
max_minutes=60
build=1
import_episodes=200000
episodes=20000
chat_turns=12
while (($#)); do
    case "$1" in
    --rounds) rounds=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --build-dir) build_dir=$2; shift 2 ;;
    --scenarios) scenarios=$2; shift 2 ;;
    --writers) writers=$2; shift 2 ;;
    --no-tmpfs) use_tmpfs=0; shift ;;
    --no-build) build=0; shift ;;
    --import-episodes) import_episodes=$2; shift 2 ;;
    --chat-turns) chat_turns=$2; shift 2 ;;
    --episodes) episodes=$2; shift 2 ;;
    --max-minutes) max_minutes=$2; shift 2 ;;
    -h | --help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "soak.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
RANDOM=$seed
started=$(date +%s)
deadline=$((started + max_minutes * 60))

# ---- build what the soak runs
command -v sqlite3 >/dev/null || { echo "soak.sh: needs the sqlite3 command (scripts/install-deps.sh)" >&2; exit 2; }
if ((build)) && [[ ! -f "$build_dir/build.ninja" && ! -f "$build_dir/Makefile" ]]; then
    cmake -S "$root" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
targets=(engram-cli fake-llm-server)
if [[ ",$scenarios," == *",app,"* ]]; then targets+=(engram); fi
if ((build)); then nice -n 10 cmake --build "$build_dir" --target "${targets[@]}" >/dev/null; fi
cli="$build_dir/src/cli/engram-cli"
fake="$build_dir/tests/support/fake-llm-server"
app="$build_dir/src/app/engram"
[[ -x "$cli" && -x "$fake" ]] || { echo "soak.sh: engram-cli or fake-llm-server was not built" >&2; exit 2; }
if [[ ",$scenarios," == *",app,"* && ! -x "$app" ]]; then
    echo "soak.sh: the app was not built (ENGRAM_BUILD_GUI=OFF?): skipping the app scenario" >&2
    scenarios=$(echo ",$scenarios," | sed 's/,app,/,/; s/^,//; s/,$//')
fi

# ---- a private sandbox: HOME, settings and every file of the run; removed at the end
work=$(mktemp -d "${TMPDIR:-/tmp}/engram-soak.XXXXXX")
fake_pid=""
mounts=()
cleanup() {
    [[ -n "$fake_pid" ]] && kill "$fake_pid" 2>/dev/null && wait "$fake_pid" 2>/dev/null || true
    for m in "${mounts[@]}"; do umount "$m" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
export HOME="$work/home" XDG_CONFIG_HOME="$work/home/.config" XDG_DATA_HOME="$work/home/.local/share"
export XDG_RUNTIME_DIR="$work/home/runtime" QT_QPA_PLATFORM=offscreen
mkdir -p "$XDG_RUNTIME_DIR" "$XDG_CONFIG_HOME" && chmod 700 "$XDG_RUNTIME_DIR"
unset ENGRAM_DB LLM_API_KEY OPENAI_API_KEY OPENAI_BASE_URL
export LLM_MODEL=fake-chat

log() { printf '%s\n' "$*" >&2; }
now_ms() { date +%s%3N; }

# ---- documents, generated once per run
# gen_doc FILE EPISODES FACTS MESSAGES ARCHIVED: episodes of old, unimportant exchanges (the first
# ARCHIVED of them archived long ago, so forgetting purges them), facts of distinct keys, and
# transcript messages.
gen_doc() {
    awk -v n="$2" -v nf="$3" -v nm="$4" -v na="$5" -v tag="$(basename "$1" .json)" 'BEGIN {
        printf "{\"format\":\"engram-memory\",\"version\":1,\"episodes\":[";
        for (i = 0; i < n; i++) {
            d = sprintf("2024-%02d-%02dT%02d:%02d:00.000Z", i % 12 + 1, i % 28 + 1, i % 24, i % 60);
            extra = (i < na) ? ",\"status\":\"archived\",\"archived_at\":\"2024-06-01T00:00:00.000Z\"" : "";
            printf "%s{\"content\":\"%s question %d about topic%d and the garden\",\"response\":\"answer %d with word%d\",\"importance\":0.1,\"created_at\":\"%s\"%s}",
                (i ? "," : ""), tag, i, i % 997, i, i % 313, d, extra;
        }
        printf "],\"facts\":[";
        for (i = 0; i < nf; i++)
            printf "%s{\"subject\":\"user\",\"predicate\":\"%s key %d\",\"object\":\"value %d\",\"status\":\"active\"}",
                (i ? "," : ""), tag, i, i;
        printf "],\"working\":[";
        for (i = 0; i < nm; i++)
            printf "%s{\"role\":\"%s\",\"content\":\"%s message %d\",\"window_state\":\"buffered\"}",
                (i ? "," : ""), (i % 2 ? "assistant" : "user"), tag, i;
        printf "]}\n";
    }' >"$1"
}

q() { sqlite3 -batch -noheader "$1" "$2"; }
# messages|active episodes|archived episodes|facts of USER in DB
counts() {
    q "$1" "SELECT (SELECT count(*) FROM messages WHERE user_id='$2'),
                   (SELECT count(*) FROM episodes WHERE user_id='$2' AND status='active'),
                   (SELECT count(*) FROM episodes WHERE user_id='$2' AND status='archived'),
                   (SELECT count(*) FROM facts WHERE user_id='$2');"
}
# Everything of USER as one checksum: a loss or a change of any row shows.
digest() {
    q "$1" "SELECT id, content FROM messages WHERE user_id='$2' ORDER BY id;
            SELECT id, content, status FROM episodes WHERE user_id='$2' ORDER BY id;
            SELECT id, object, status FROM facts WHERE user_id='$2' ORDER BY id;" | sha1sum | cut -c1-16
}
integrity() { q "$1" "PRAGMA integrity_check;" 2>&1 | head -5; }
# Imports FILE into a fresh database as user "check"; prints its counts, or "invalid".
import_counts() {
    local scratch="$work/scratch-$RANDOM.sqlite"
    if "$cli" --db "$scratch" --user check import "$1" >/dev/null 2>&1; then
        local m e a f
        IFS='|' read -r m e a f <<<"$(counts "$scratch" check)"
        echo "$m|$((e + a))|$f"
    else
        echo invalid
    fi
    rm -f "$scratch" "$scratch-wal" "$scratch-shm"
}
# The same shape from a live database: messages|episodes|facts.
live_counts() {
    local m e a f
    IFS='|' read -r m e a f <<<"$(counts "$1" "$2")"
    echo "$m|$((e + a))|$f"
}

copy_db() { # SRC DST: a consistent copy (checkpointed source, no WAL)
    rm -f "$2" "$2-wal" "$2-shm"
    cp "$1" "$2"
}

# Runs a command in the background, SIGKILLs it after DELAY ms (if still running) and says
# "killed" or "finished rc". Only the process it started is signalled.
run_and_kill() {
    local delay_ms=$1; shift
    "$@" >"$work/round.out" 2>"$work/round.err" &
    local pid=$!
    local end=$(($(now_ms) + delay_ms))
    while (($(now_ms) < end)) && kill -0 "$pid" 2>/dev/null; do sleep 0.01; done
    if kill -9 "$pid" 2>/dev/null; then
        wait "$pid" 2>/dev/null || true
        echo killed
    else
        local rc=0
        wait "$pid" || rc=$?
        echo "finished $rc"
    fi
}

# Runs a command to its end and prints its exit code; how long it took goes to $work/op_ms.
timed() {
    local t0 rc=0
    t0=$(now_ms)
    "$@" >/dev/null 2>&1 || rc=$?
    echo $(($(now_ms) - t0)) >"$work/op_ms"
    echo "$rc"
}

declare -A s_rounds s_fail s_lost s_killed s_ms
passed=0
failed=0
failures=()
fail() { # SCENARIO ROUND MESSAGE [lost]
    failures+=("$1 round $2: $3")
    s_fail[$1]=$((${s_fail[$1]:-0} + 1))
    [[ "${4:-}" == lost ]] && s_lost[$1]=$((${s_lost[$1]:-0} + 1))
    log "FAIL $1 round $2: $3"
}
check_integrity() { # SCENARIO ROUND DB
    local r
    r=$(integrity "$3")
    [[ "$r" == ok ]] || { fail "$1" "$2" "integrity_check: $r"; return 1; }
}

# ---- fixtures
log "soak: seed $seed, $rounds round(s), scenarios $scenarios; preparing in $work"
mkdir -p "$work/docs"
gen_doc "$work/docs/big.json" "$import_episodes" 0 0 0
gen_doc "$work/docs/medium.json" "$episodes" 300 200 $((episodes / 40))
gen_doc "$work/docs/small.json" 100 50 20 0
gen_doc "$work/docs/other.json" 50 20 10 0
base_small="$work/base-small.sqlite"
base_medium="$work/base-medium.sqlite"
"$cli" --db "$base_small" --user soak import "$work/docs/small.json" >/dev/null
"$cli" --db "$base_small" --user other import "$work/docs/other.json" >/dev/null
"$cli" --db "$base_medium" --user soak import "$work/docs/medium.json" >/dev/null
"$cli" --db "$base_medium" --user other import "$work/docs/other.json" >/dev/null
for db in "$base_small" "$base_medium"; do q "$db" "PRAGMA wal_checkpoint(TRUNCATE);" >/dev/null; done

"$fake" --port 0 >"$work/fake.url" 2>"$work/fake.err" &
fake_pid=$!
for _ in $(seq 100); do [[ -s "$work/fake.url" ]] && break; sleep 0.05; done
LLM_BASE_URL=$(head -1 "$work/fake.url")
export LLM_BASE_URL
[[ -n "$LLM_BASE_URL" ]] || { log "soak.sh: fake-llm-server did not start: $(cat "$work/fake.err")"; exit 2; }

# How long each operation takes uninterrupted (the operation alone, not the checks), so kills land
# inside it: measured once, and checked as a round that was not killed.
declare -A duration_ms
calibrate() { # SCENARIO
    local before_fail=${#failures[@]}
    rm -f "$work/op_ms"
    "scenario_$1" uninterrupted 0
    duration_ms[$1]=$(cat "$work/op_ms" 2>/dev/null || echo 3000)
    # The app's round is timed from the app's start: it recovers and runs the jobs within seconds.
    [[ "$1" != app ]] || duration_ms[$1]=3000
    if ((${#failures[@]} > before_fail)); then failed=$((failed + 1)); else passed=$((passed + 1)); fi
    log "soak: $1 takes about ${duration_ms[$1]} ms uninterrupted"
}

# ---- scenarios: scenario_NAME ROUND DELAY_MS (DELAY 0: no kill); they report through fail().
# A round's own database: $work/r/db.sqlite
round_dir() { rm -rf "$work/r"; mkdir -p "$work/r"; }

scenario_import() {
    local r=$1 delay=$2 db="$work/r/db.sqlite"
    round_dir
    copy_db "$base_small" "$db"
    local before other_before
    before=$(counts "$db" soak)
    other_before=$(digest "$db" other)
    local outcome
    if ((delay > 0)); then
        outcome=$(run_and_kill "$delay" "$cli" --db "$db" --user soak import "$work/docs/big.json")
    else
        outcome="finished $(timed "$cli" --db "$db" --user soak import "$work/docs/big.json")"
    fi
    round_outcome=$outcome
    check_integrity import "$r" "$db" || return 0
    local m e a f m0 e0 a0 f0
    IFS='|' read -r m0 e0 a0 f0 <<<"$before"
    IFS='|' read -r m e a f <<<"$(counts "$db" soak)"
    if ((m != m0 || f != f0 || a != a0)); then
        fail import "$r" "other tiers changed: $before -> $m|$e|$a|$f" lost
    elif ((e != e0 && e != e0 + import_episodes)); then
        fail import "$r" "partial import: $e0 -> $e active episodes (0 or $import_episodes more expected)" lost
    elif [[ "$outcome" == "finished 0" ]] && ((e != e0 + import_episodes)); then
        fail import "$r" "exit 0 but only $((e - e0)) episodes stored" lost
    fi
    [[ "$(digest "$db" other)" == "$other_before" ]] || fail import "$r" "the other user's memory changed" lost
}

chat_burst() { # DB ROUND TURNS [LOG]: some turns wait for their jobs, the others leave them queued
    local i rc
    for ((i = 1; i <= $3; i++)); do
        local wait=()
        ((i % 3 == 0)) && wait=(--wait)
        rc=0
        "$cli" --db "$1" --user soak chat "${wait[@]}" "round $2 turn $i: my garden has tomatoes number $i" \
            >/dev/null 2>&1 || rc=$?
        [[ -z "${4:-}" ]] || echo "$i $rc" >>"$4"
    done
}
export -f chat_burst
export cli

# After a restart: `jobs --run` leaves no job queued, running or failed, no turn is stored twice,
# and every summary job that completed made exactly one summary write.
check_jobs() { # SCENARIO ROUND DB
    local s=$1 r=$2 db=$3
    local out
    out=$("$cli" --db "$db" --user soak jobs --run 2>&1) || { fail "$s" "$r" "jobs --run failed: $out"; return; }
    local left
    left=$(q "$db" "SELECT count(*) FROM jobs WHERE status != 'done';")
    ((left == 0)) || fail "$s" "$r" "$left job(s) not done after jobs --run: $(q "$db" "SELECT kind, status, attempts, last_error FROM jobs WHERE status != 'done' LIMIT 3;" | tr '\n' ';')"
    local dup
    dup=$(q "$db" "SELECT count(*) FROM (SELECT content FROM messages WHERE user_id='soak' AND role='user'
                   AND content LIKE 'round %' GROUP BY content HAVING count(*) > 1);")
    ((dup == 0)) || fail "$s" "$r" "$dup turn(s) stored twice"
    # Each summarize job marks its messages summarized once: no message is the source of two summaries.
    local twice
    twice=$(q "$db" "SELECT count(*) FROM (SELECT j.value FROM episodes e, json_each(e.metadata, '\$.source_message_ids') j
                     WHERE e.user_id='soak' AND e.kind='summary' GROUP BY j.value HAVING count(*) > 1);")
    ((twice == 0)) || fail "$s" "$r" "$twice message(s) summarized twice"
    # Each completed job ran to completion once: as many extraction events as done extraction jobs.
    local done_sum written_sum
    done_sum=$(q "$db" "SELECT count(*) FROM jobs WHERE kind='summarize' AND status='done';")
    written_sum=$(q "$db" "SELECT count(*) FROM messages WHERE user_id='soak' AND window_state='summarized';")
    if ((done_sum > 0 && written_sum == 0)); then fail "$s" "$r" "$done_sum summary job(s) done but nothing summarized"; fi
}

scenario_chat() {
    local r=$1 delay=$2 db="$work/r/db.sqlite"
    round_dir
    copy_db "$base_small" "$db"
    local before other_before
    before=$(digest "$db" soak)
    other_before=$(digest "$db" other)
    local turns=$chat_turns
    : >"$work/r/acknowledged"
    if ((delay > 0)); then
        # The burst runs in its own process group; the kill hits the engram-cli running at that moment.
        setsid bash -c 'chat_burst "$@"' _ "$db" "$r" "$turns" "$work/r/acknowledged" &
        local burst=$!
        local end=$(($(now_ms) + delay))
        while (($(now_ms) < end)) && kill -0 "$burst" 2>/dev/null; do sleep 0.01; done
        if kill -0 "$burst" 2>/dev/null; then
            kill -9 -- "-$burst" 2>/dev/null || true
            round_outcome=killed
        else
            round_outcome="finished 0"
        fi
        wait "$burst" 2>/dev/null || true
    else
        local t0
        t0=$(now_ms)
        chat_burst "$db" "$r" "$turns" "$work/r/acknowledged"
        echo $(($(now_ms) - t0)) >"$work/op_ms"
        round_outcome="finished 0"
    fi
    check_integrity chat "$r" "$db" || return 0
    # What was there before the burst is all still there (the burst only adds).
    local kept
    kept=$(q "$db" "SELECT count(*) FROM facts WHERE user_id='soak';")
    ((kept >= 50)) || fail chat "$r" "facts lost: $kept of 50" lost
    [[ "$(digest "$db" other)" == "$other_before" ]] || fail chat "$r" "the other user's memory changed" lost
    : "$before"
    # Every turn that was acknowledged (exit 0) is stored: the question and its reply.
    local i rc stored
    while read -r i rc; do
        [[ "$rc" == 0 ]] || continue
        stored=$(q "$db" "SELECT count(*) FROM messages m WHERE m.user_id='soak' AND m.role='user'
                          AND m.content LIKE 'round $r turn $i:%' AND EXISTS (SELECT 1 FROM messages a
                          WHERE a.conversation_id = m.conversation_id AND a.role='assistant' AND a.seq > m.seq);")
        ((stored == 1)) || fail chat "$r" "acknowledged turn $i stored $stored time(s)" lost
    done <"$work/r/acknowledged"
    check_jobs chat "$r" "$db"
}

scenario_clear() {
    local r=$1 delay=$2 db="$work/r/db.sqlite" backup="$work/r/backup.json"
    round_dir
    copy_db "$base_medium" "$db"
    local before full other_before
    before=$(counts "$db" soak)
    full=$(live_counts "$db" soak)
    other_before=$(digest "$db" other)
    local outcome
    if ((delay > 0)); then
        outcome=$(run_and_kill "$delay" "$cli" --db "$db" --user soak clear --yes --backup "$backup")
    else
        outcome="finished $(timed "$cli" --db "$db" --user soak clear --yes --backup "$backup")"
    fi
    round_outcome=$outcome
    check_integrity clear "$r" "$db" || return 0
    local after
    after=$(counts "$db" soak)
    if [[ "$after" == "0|0|0|0" ]]; then
        # Cleared: the backup must hold all of it.
        if [[ ! -f "$backup" ]]; then
            fail clear "$r" "cleared without a backup file" lost
        else
            local got
            got=$(import_counts "$backup")
            [[ "$got" == "$full" ]] || fail clear "$r" "cleared, but the backup holds $got of $full" lost
        fi
    elif [[ "$after" != "$before" ]]; then
        fail clear "$r" "partly cleared: $before -> $after" lost
    elif [[ -f "$backup" ]]; then
        local got
        got=$(import_counts "$backup")
        [[ "$got" == "$full" ]] || fail clear "$r" "a backup file that is not complete: $got of $full"
    fi
    [[ "$outcome" == "finished 0" && "$after" != "0|0|0|0" ]] && fail clear "$r" "exit 0 but not cleared"
    [[ "$(digest "$db" other)" == "$other_before" ]] || fail clear "$r" "the other user's memory changed" lost
}

scenario_export() {
    local r=$1 delay=$2 db="$work/r/db.sqlite" out="$work/r/export.json"
    round_dir
    copy_db "$base_medium" "$db"
    # Every other round an older export lies at FILE already (one fact fewer than now).
    local previous=""
    if ((RANDOM % 2 == 0)); then
        "$cli" --db "$db" --user soak export --out "$out" >/dev/null
        previous="$work/r/previous.json"
        cp "$out" "$previous"
    fi
    "$cli" --db "$db" --user soak add-fact user "soak round" "$r" >/dev/null
    local full before
    full=$(live_counts "$db" soak)
    before=$(digest "$db" soak)
    local outcome
    if ((delay > 0)); then
        outcome=$(run_and_kill "$delay" "$cli" --db "$db" --user soak export --out "$out")
    else
        outcome="finished $(timed "$cli" --db "$db" --user soak export --out "$out")"
    fi
    round_outcome=$outcome
    check_integrity export "$r" "$db" || return 0
    [[ "$(digest "$db" soak)" == "$before" ]] || fail export "$r" "the export changed the memory" lost
    if [[ ! -e "$out" ]]; then
        [[ -z "$previous" ]] || fail export "$r" "the previous export was removed" lost
        [[ "$outcome" != "finished 0" ]] || fail export "$r" "exit 0 but no file"
    elif [[ -n "$previous" ]] && cmp -s "$out" "$previous"; then
        [[ "$outcome" != "finished 0" ]] || fail export "$r" "exit 0 but the file is the previous export"
    else
        local got
        got=$(import_counts "$out")
        [[ "$got" == "$full" ]] || fail export "$r" "the file at --out is neither absent, the previous nor complete: $got of $full" lost
    fi
    local leftovers
    leftovers=$(find "$work/r" -maxdepth 1 -name 'export.json?*' | wc -l)
    ((leftovers == 0)) || log "note: export round $r left $leftovers temporary file(s) beside --out"
}

scenario_forget() {
    local r=$1 delay=$2 db="$work/r/db.sqlite"
    round_dir
    copy_db "$base_medium" "$db"
    local plan archive purge before
    plan=$("$cli" --db "$db" --user soak forget --dry-run --json | tr -d ' \n')
    printf '%s' "$plan" >"$work/r/plan.json"
    archive=$(grep -o '"archived":\[[^]]*\]' <<<"$plan" | grep -o '"[0-9a-f-]\{36\}"' | wc -l)
    purge=$(grep -o '"purged":\[[^]]*\]' <<<"$plan" | grep -o '"[0-9a-f-]\{36\}"' | wc -l)
    before=$(counts "$db" soak)
    local outcome
    if ((delay > 0)); then
        outcome=$(run_and_kill "$delay" "$cli" --db "$db" --user soak forget)
    else
        outcome="finished $(timed "$cli" --db "$db" --user soak forget)"
    fi
    round_outcome=$outcome
    check_integrity forget "$r" "$db" || return 0
    local m f m0 f0 ignored
    IFS='|' read -r m0 ignored ignored f0 <<<"$before"
    IFS='|' read -r m ignored ignored f <<<"$(counts "$db" soak)"
    [[ "$m|$f" == "$m0|$f0" ]] || fail forget "$r" "messages or facts changed: $m0|$f0 -> $m|$f" lost
    # Against the file before the pass: an episode the plan did not name is as it was; one it
    # named is as it was or as the plan said; the pass went in whole slices, archives first.
    local strays lost archived purged
    IFS='|' read -r strays lost archived purged <<<"$(q "$db" "ATTACH '$base_medium' AS b;
        CREATE TEMP TABLE plan_a AS SELECT value AS id FROM json_each(readfile('$work/r/plan.json'), '$.archived');
        CREATE TEMP TABLE plan_p AS SELECT value AS id FROM json_each(readfile('$work/r/plan.json'), '$.purged');
        SELECT (SELECT count(*) FROM b.episodes o LEFT JOIN main.episodes n ON n.id = o.id
                WHERE o.user_id = 'soak' AND o.id NOT IN (SELECT id FROM plan_a)
                  AND o.id NOT IN (SELECT id FROM plan_p) AND (n.id IS NULL OR n.status <> o.status)),
               (SELECT count(*) FROM plan_a WHERE id NOT IN (SELECT id FROM main.episodes)),
               (SELECT count(*) FROM main.episodes WHERE id IN (SELECT id FROM plan_a) AND status = 'archived'),
               (SELECT count(*) FROM plan_p WHERE id NOT IN (SELECT id FROM main.episodes));")"
    local done=$((archived + purged)) total=$((archive + purge)) slice=200
    if ((strays > 0 || lost > 0)); then
        fail forget "$r" "$strays episode(s) the plan did not name changed, $lost it meant to archive are gone" lost
    elif ((done % slice != 0 && done != total)) || ((purged > 0 && archived != archive)); then
        fail forget "$r" "not whole slices: $archived of $archive archived, $purged of $purge purged" lost
    fi
    if [[ "$outcome" == "finished 0" ]] && ((done != total)); then
        fail forget "$r" "exit 0 but $archived of $archive archived, $purged of $purge purged"
    fi
}

# The app starts, recovers the jobs a killed chat burst left and runs them; killed meanwhile.
scenario_app() {
    local r=$1 delay=$2 db="$work/r/db.sqlite"
    round_dir
    copy_db "$base_small" "$db"
    chat_burst "$db" "$r" 8 # queued jobs (two thirds of the turns leave theirs)
    local other_before outcome
    other_before=$(digest "$db" other)
    if ((delay > 0)); then
        outcome=$(run_and_kill "$delay" "$app" --db "$db")
    else
        outcome=$(run_and_kill 4000 "$app" --db "$db") # the app does not exit by itself
        outcome="finished 0"
    fi
    round_outcome=$outcome
    check_integrity app "$r" "$db" || return 0
    [[ "$(digest "$db" other)" == "$other_before" ]] || fail app "$r" "the other user's memory changed" lost
    check_jobs app "$r" "$db"
}

# ---- once per run: a real full disk
tmpfs_checks() {
    ((use_tmpfs)) || return 0
    if [[ $(id -u) -ne 0 ]]; then
        log "soak: tmpfs checks skipped (need root for mount -t tmpfs)"
        return
    fi
    local mnt="$work/tmpfs"
    mkdir -p "$mnt"
    local size_kb=$(($(stat -c %s "$base_small") / 1024 + 2048))
    if ! mount -t tmpfs -o "size=${size_kb}k,mode=0700" tmpfs "$mnt" 2>/dev/null; then
        log "soak: tmpfs checks skipped (mount -t tmpfs refused)"
        return
    fi
    mounts+=("$mnt")
    local db="$mnt/db.sqlite" rc=0 before other_before
    copy_db "$base_small" "$db"
    before=$(digest "$db" soak)
    other_before=$(digest "$db" other)
    "$cli" --db "$db" --user soak import "$work/docs/big.json" >"$work/tmpfs.out" 2>"$work/tmpfs.err" || rc=$?
    local name="tmpfs-import"
    s_rounds[$name]=1
    local problems=()
    ((rc == 4)) || problems+=("exit $rc, not 4")
    grep -qiE 'full|space' "$work/tmpfs.err" || problems+=("no word of a full disk in: $(head -c 300 "$work/tmpfs.err")")
    [[ "$(integrity "$db")" == ok ]] || problems+=("integrity_check: $(integrity "$db")")
    [[ "$(digest "$db" soak)" == "$before" && "$(digest "$db" other)" == "$other_before" ]] || problems+=("stored memory changed")
    # And the memory still takes a small write once the space is back.
    rm -f "$work/tmpfs.probe"
    for p in "${problems[@]}"; do fail "$name" 1 "$p" "$([[ "$p" == "stored memory changed" ]] && echo lost)"; done
    ((${#problems[@]})) || passed=$((passed + 1))
    ((${#problems[@]} == 0)) || failed=$((failed + 1))
    log "soak: $name: exit $rc: $(head -c 200 "$work/tmpfs.err" | tr '\n' ' ')"

    # An export to a full disk: the database outside, the file on the tmpfs (filled to the brim).
    name="tmpfs-export"
    s_rounds[$name]=1
    problems=()
    local outside="$work/export-src.sqlite" out="$mnt/export.json"
    copy_db "$base_medium" "$outside"
    rm -f "$db" "$db-wal" "$db-shm"
    echo previous >"$out"
    dd if=/dev/zero of="$mnt/filler" bs=64k 2>/dev/null || true
    rc=0
    "$cli" --db "$outside" --user soak export --out "$out" >"$work/tmpfs.out" 2>"$work/tmpfs.err" || rc=$?
    ((rc == 4)) || problems+=("exit $rc, not 4")
    grep -qiE 'full|space' "$work/tmpfs.err" || problems+=("no word of a full disk in: $(head -c 300 "$work/tmpfs.err")")
    [[ "$(cat "$out" 2>/dev/null)" == previous ]] || problems+=("the previous file at --out was replaced or removed")
    [[ "$(integrity "$outside")" == ok ]] || problems+=("integrity_check failed")
    for p in "${problems[@]}"; do fail "$name" 1 "$p" "$([[ "$p" == the\ previous* ]] && echo lost)"; done
    ((${#problems[@]})) || passed=$((passed + 1))
    ((${#problems[@]} == 0)) || failed=$((failed + 1))
    log "soak: $name: exit $rc: $(head -c 200 "$work/tmpfs.err" | tr '\n' ' ')"
    umount "$mnt" && mounts=()
}

# ---- once per run: several writers
writers_check() {
    ((writers > 0)) || return 0
    local name="writers" db="$work/writers.sqlite"
    s_rounds[$name]=1
    copy_db "$base_small" "$db"
    local t0
    t0=$(now_ms)
    local pids=() w
    for w in 1 2 3; do
        (
            for ((i = 1; i <= writers; i++)); do
                "$cli" --db "$db" --user soak add-fact "writer$w" "item $i" "value $i" >/dev/null 2>>"$work/writer$w.err" ||
                    echo "add-fact $w/$i exit $?" >>"$work/writer$w.err"
            done
        ) &
        pids+=($!)
    done
    (
        for ((i = 1; i <= writers / 5; i++)); do
            "$cli" --db "$db" --user soak search "value $i" >/dev/null 2>>"$work/searcher.err" ||
                echo "search $i exit $?" >>"$work/searcher.err"
            "$cli" --db "$db" --user soak stats >/dev/null 2>>"$work/searcher.err" || echo "stats $i exit $?" >>"$work/searcher.err"
        done
    ) &
    pids+=($!)
    for p in "${pids[@]}"; do wait "$p" || true; done
    s_ms[$name]=$(($(now_ms) - t0))
    local problems=()
    local stored
    stored=$(q "$db" "SELECT count(*) FROM facts WHERE user_id='soak' AND status='active' AND subject LIKE 'writer%';")
    ((stored == 3 * writers)) || problems+=("$stored of $((3 * writers)) facts stored")
    if cat "$work"/writer*.err "$work/searcher.err" 2>/dev/null | grep -qi 'locked\|busy\| exit '; then
        problems+=("$(cat "$work"/writer*.err "$work/searcher.err" | grep -i 'locked\|busy\| exit ' | sort | uniq -c | head -3 | tr '\n' ';')")
    fi
    [[ "$(integrity "$db")" == ok ]] || problems+=("integrity_check failed")
    for p in "${problems[@]}"; do fail "$name" 1 "$p" "$([[ "$p" == *facts\ stored ]] && echo lost)"; done
    ((${#problems[@]})) || passed=$((passed + 1))
    ((${#problems[@]} == 0)) || failed=$((failed + 1))
    log "soak: writers: 3 x $writers add-fact + $((2 * (writers / 5))) reads in ${s_ms[$name]} ms"
}

# ---- the rounds
IFS=',' read -r -a names <<<"$scenarios"
for s in "${names[@]}"; do
    declare -F "scenario_$s" >/dev/null || { log "soak.sh: unknown scenario $s"; exit 2; }
done
if ((rounds > 0)); then
    for s in "${names[@]}"; do calibrate "$s"; done
fi
cycle=()
for ((r = 1; r <= rounds; r++)); do
    if ((${#cycle[@]} == 0)); then
        cycle=("${names[@]}")
        for ((i = ${#cycle[@]} - 1; i > 0; i--)); do # shuffle
            j=$((RANDOM % (i + 1)))
            t=${cycle[i]}; cycle[i]=${cycle[j]}; cycle[j]=$t
        done
    fi
    s=${cycle[0]}
    cycle=("${cycle[@]:1}")
    if (($(date +%s) > deadline)); then
        log "soak: --max-minutes $max_minutes reached after $((r - 1)) round(s)"
        fail "$s" "$r" "out of time (--max-minutes $max_minutes)"
        failed=$((failed + 1))
        break
    fi
    # Anywhere in the operation, a little past its usual end included.
    span=$((duration_ms[$s] * 11 / 10 + 50))
    delay=$((1 + (RANDOM * 32768 + RANDOM) % span))
    before_fail=${#failures[@]}
    round_outcome=""
    "scenario_$s" "$r" "$delay"
    outcome=$round_outcome
    s_rounds[$s]=$((${s_rounds[$s]:-0} + 1))
    [[ "$outcome" == killed ]] && s_killed[$s]=$((${s_killed[$s]:-0} + 1))
    if ((${#failures[@]} > before_fail)); then failed=$((failed + 1)); else passed=$((passed + 1)); fi
    log "round $r: $s, kill at ${delay} ms of ~${duration_ms[$s]}: $outcome"
done
tmpfs_checks
writers_check

# ---- report
printf '\n%-14s %7s %9s %10s %7s\n' scenario rounds killed failures lost
for s in "${names[@]}" tmpfs-import tmpfs-export writers; do
    [[ -n "${s_rounds[$s]:-}" ]] || continue
    printf '%-14s %7s %9s %10s %7s\n' "$s" "${s_rounds[$s]}" "${s_killed[$s]:-0}" "${s_fail[$s]:-0}" "${s_lost[$s]:-0}"
done
for f in "${failures[@]}"; do echo "  $f"; done
echo "elapsed $(($(date +%s) - started)) s (seed $seed)"
echo "$passed passed, $failed failed"
((failed == 0))
