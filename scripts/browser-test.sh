#!/usr/bin/env bash
# The web UI's end-to-end test: builds the server, starts it on a free port with a fresh
# database and instant bots, and plays through the UI in Debian's Chromium
# (tests/browser/e2e.mjs). Installs Chromium and the test's npm package if they are missing.
# Screenshots go to $SCREENSHOT_DIR (default target/screenshots).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
    echo "browser-test: installing Debian's Chromium"
    apt-get update
    apt-get install -y chromium chromium-driver
fi

# playwright-core needs Node.js 20 or later.
if ! node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 20 ? 0 : 1)' 2>/dev/null; then
    echo "browser-test: Node.js 20 or later is needed (found: $(node --version 2>/dev/null || echo none))"
    exit 1
fi

if [ ! -d tests/browser/node_modules ]; then
    echo "browser-test: installing the test's npm packages"
    # playwright-core never downloads browsers by itself; the variable makes sure of it.
    (cd tests/browser && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund)
fi

# The command line as `cargo test --workspace` builds it (which .ci/run has just done, so this
# costs nothing there): `cargo build --bin carcassonne` would build it again with other features
# of its dependencies (a test build unifies the dev-dependencies' features), about a minute of CI.
cargo test --workspace --no-run --quiet
server="${CARGO_TARGET_DIR:-target}/debug/carcassonne"

work="$(mktemp -d)"
server_pid=""
cleanup() {
    status=$?
    if [ -n "$server_pid" ]; then
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    if [ "$status" -ne 0 ] && [ -f "$work/server.log" ]; then
        echo "browser-test: the server's last output:"
        tail -n 30 "$work/server.log" || true
    fi
    rm -rf "$work"
    exit "$status"
}
trap cleanup EXIT

# A free port: bind port 0 and read what the system chose.
port="$(node -e "const s = require('net').createServer(); s.listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")"
base="http://127.0.0.1:$port"

# Clients are counted by x-forwarded-for: each browser of the test sends an address of its own,
# and the test of the per-address limit (scenario 8) one more. The run creates about a hundred
# games within minutes, most left unfinished, so the limits on the games and bot seats running at
# once (which no scenario tests) are raised past what the run holds.
"$server" serve --addr "127.0.0.1:$port" --db "$work/games.db" --bot-delay-ms 0 \
    --max-games 1000 --max-bot-seats 1000 \
    --client-address-header x-forwarded-for >"$work/server.log" 2>&1 &
server_pid=$!

# Wait (up to 30 s) until the server answers.
ready=""
for _ in $(seq 1 300); do
    if ! kill -0 "$server_pid" 2>/dev/null; then
        echo "browser-test: the server exited before answering"
        exit 1
    fi
    if node -e "fetch('$base/api/options').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"; then
        ready=1
        break
    fi
    sleep 0.1
done
if [ -z "$ready" ]; then
    echo "browser-test: the server did not answer at $base within 30 s"
    exit 1
fi

# The scenarios can run in lanes at once (E2E_LANES, default 1: two lanes raced scenarios 1, 5 and 33 under load), each lane every n-th scenario
# (E2E_LANE in tests/browser/e2e.mjs): a scenario mostly waits for the page or the server, so two
# lanes take little more than half the time of one on two cores. Each lane's lines are prefixed
# with its number; the test fails if any lane fails.
lanes="${E2E_LANES:-1}"
pids=()
for lane in $(seq 0 $((lanes - 1))); do
    (
        set -o pipefail
        E2E_LANE="$lane/$lanes" node tests/browser/e2e.mjs "$base" 2>&1 | sed -u "s/^/lane $lane: /"
    ) &
    pids+=("$!")
done
failed=0
for pid in "${pids[@]}"; do
    wait "$pid" || failed=1
done
if [ "$failed" -ne 0 ]; then
    echo "browser-test: a lane failed (its lines above say where)"
    exit 1
fi
