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

cargo build --bin carcassonne
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

# Clients are counted by x-forwarded-for, so that the test of the per-address limit (scenario 8)
# has an address of its own.
"$server" serve --addr "127.0.0.1:$port" --db "$work/games.db" --bot-delay-ms 0 \
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

node tests/browser/e2e.mjs "$base"
