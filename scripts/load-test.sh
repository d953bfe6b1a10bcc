#!/usr/bin/env bash
# The server under load (docs/performance.md, "Server under load"): builds the release binary,
# starts `carcassonne serve` on a fresh database with limits raised for the load, drives it
# with `carcassonne loadtest` and stops it with SIGTERM. The machine's load is printed before
# and after, since other work on the machine changes the figures.
#
#   scripts/load-test.sh GAMES HUMANS MINUTES [BOT]
#   scripts/load-test.sh 0 1 2              # a person against mcts:hard on an idle server
#   scripts/load-test.sh 100 1 3            # the same with 100 games between mcts:hard bots
#   scripts/load-test.sh 100 4 60           # the soak: an hour
#
# Extra arguments for the server go in SERVE_ARGS, for the load tool in LOADTEST_ARGS.
set -euo pipefail
cd "$(dirname "$0")/.."
games="${1:?games between bots}"
humans="${2:?simulated people}"
minutes="${3:?minutes}"
bot="${4:-mcts:hard}"

cargo build --release --bin carcassonne
binary="${CARGO_TARGET_DIR:-target}/release/carcassonne"
work="$(mktemp -d)"
server_pid=""
cleanup() {
    if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
        kill -TERM "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

# shellcheck disable=SC2086
"$binary" serve --addr 127.0.0.1:0 --db "$work/games.db" \
    --max-games 1000 --max-bot-seats 2000 --games-per-minute 100000 --connections-per-address 10000 \
    ${SERVE_ARGS:-} >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 100); do
    addr="$(sed -n 's|^listening on http://||p' "$work/server.log")"
    [ -n "$addr" ] && break
    sleep 0.1
done
[ -n "$addr" ] || { echo "load-test: the server did not start"; cat "$work/server.log"; exit 1; }
echo "load-test: server at $addr ($(nproc) cores); before: $(uptime)"
status=0
# shellcheck disable=SC2086
"$binary" loadtest --addr "$addr" --games "$games" --humans "$humans" --minutes "$minutes" --bot "$bot" \
    --db "$work/games.db" ${LOADTEST_ARGS:-} || status=$?
echo "load-test: after: $(uptime)"
kill -TERM "$server_pid"
wait "$server_pid" || status=$?
server_pid=""
echo "load-test: the server's output:"
cat "$work/server.log"
exit "$status"
