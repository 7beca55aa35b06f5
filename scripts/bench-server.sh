#!/usr/bin/env bash
# The online server's load figures (BENCHMARKS.md, "Online server load"):
# a fresh lineup-server on 127.0.0.1 pinned to core 0 with its rooms in a
# throw-away SQLite file, and the load tool pinned to core 1.
#   scripts/bench-server.sh GAMES [bench options...]
#   scripts/bench-server.sh 10000 --move-every-ms 2000 --seconds 60
#   scripts/bench-server.sh 2000 --ramp --step 10
#   LINEUP_BENCH_TLS=1 scripts/bench-server.sh 3000 --seconds 60   # over TLS
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
games="${1:?how many games}"
shift
# The workspace's build (one set of features: no second build of the crates).
cargo build -q --workspace --bins
server="$CARGO_TARGET_DIR/debug/lineup-server"
work=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
db="${LINEUP_BENCH_DATABASE:-$work/server.sqlite3}"
# Over TLS: a certificate of the run's own for localhost, which the bots
# trust.
tls_server=() tls_bots=()
if [ -n "${LINEUP_BENCH_TLS:-}" ]; then
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
        -keyout "$work/key.pem" -out "$work/cert.pem" -days 1 -subj /CN=localhost \
        -addext subjectAltName=DNS:localhost -addext basicConstraints=critical,CA:FALSE \
        2>/dev/null
    tls_server=(--tls "$work/cert.pem" "$work/key.pem")
    tls_bots=(--tls "$work/cert.pem")
fi
# Each program raises its own file limit (root: to 200,000).
taskset -c 0 "$server" --bind "127.0.0.1:$port" --database "$db" "${tls_server[@]}" \
    > "$work/server.out" 2> "$work/server.log" &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 100); do grep -q "listening on" "$work/server.out" && break; sleep 0.1; done
taskset -c 1 "$server" bench --addr "127.0.0.1:$port" --games "$games" "${tls_bots[@]}" "$@"
# The disk the run left, read while the server still runs (closing the
# last connection folds the write-ahead log away).
echo "database and write-ahead log after the run:"
for file in "$db" "$db-wal"; do
    if [ -e "$file" ]; then
        echo "  $(basename "$file"): $(( $(stat -c %s "$file") / 1024 / 1024 )) MB"
    fi
done
echo "connections the server cut off, by reason:"
grep "cut off" "$work/server.log" | sed 's/.*cut off: //' | sort | uniq -c | sort -rn | head -5 || true
