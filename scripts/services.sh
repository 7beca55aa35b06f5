#!/usr/bin/env bash
# Throw-away PostgreSQL and Redis on loopback, for the tests of several
# server instances (and for trying them by hand). Nothing is installed as a
# service and nothing listens beyond 127.0.0.1.
#   eval "$(scripts/services.sh start DIR)"   # exports LINEUP_TEST_POSTGRES, LINEUP_TEST_REDIS
#   scripts/services.sh stop DIR
#   scripts/services.sh restart-redis DIR     # Redis again, empty, on its port
# PostgreSQL refuses to run as root: as root, its cluster belongs to the
# postgres user and runs as that user.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
command="${1:?start, stop or restart-redis}"
dir="${2:?a folder for the services to keep their files in}"
pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)

free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

as_owner() {
    if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

start_redis() {
    redis-server --bind 127.0.0.1 --port "$(cat "$dir/redis.port")" --save "" \
        --appendonly no --daemonize yes --dir "$dir" \
        --pidfile "$dir/redis.pid" --logfile "$dir/redis.log" >/dev/null
    for _ in $(seq 50); do
        redis-cli -p "$(cat "$dir/redis.port")" ping >/dev/null 2>&1 && return 0
        sleep 0.1
    done
    echo "redis-server did not start: see $dir/redis.log" >&2
    return 1
}

stop_redis() {
    [ -f "$dir/redis.pid" ] && kill "$(cat "$dir/redis.pid")" 2>/dev/null || true
    for _ in $(seq 50); do
        [ -f "$dir/redis.pid" ] && kill -0 "$(cat "$dir/redis.pid")" 2>/dev/null || return 0
        sleep 0.1
    done
}

case "$command" in
start)
    # shellcheck disable=SC2086
    ensure_packages $LINEUP_SERVICE_PACKAGES >&2
    pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
    mkdir -p "$dir/pg"
    # The postgres user must reach its folder inside this one.
    chmod 755 "$dir"
    if [ "$(id -u)" -eq 0 ]; then chown postgres: "$dir/pg"; chmod 700 "$dir/pg"; fi
    free_port > "$dir/pg.port"
    free_port > "$dir/redis.port"
    pg_port=$(cat "$dir/pg.port")
    as_owner "$pg_bin/initdb" -D "$dir/pg/data" -U lineup --auth=trust >"$dir/initdb.log" 2>&1
    as_owner "$pg_bin/pg_ctl" -D "$dir/pg/data" -l "$dir/pg/log" -w \
        -o "-c listen_addresses=127.0.0.1 -p $pg_port -k $dir/pg -c fsync=on" start >&2
    start_redis
    echo "export LINEUP_TEST_POSTGRES=postgres://lineup@127.0.0.1:$pg_port/postgres"
    echo "export LINEUP_TEST_REDIS=redis://127.0.0.1:$(cat "$dir/redis.port")"
    ;;
stop)
    stop_redis
    [ -d "$dir/pg/data" ] && as_owner "$pg_bin/pg_ctl" -D "$dir/pg/data" -m immediate stop >&2 || true
    ;;
restart-redis)
    stop_redis
    start_redis
    ;;
*)
    echo "usage: scripts/services.sh start|stop|restart-redis DIR" >&2
    exit 2
    ;;
esac
