#!/usr/bin/env bash
# Starts a PostgreSQL of its own with the settings docs/scale-out.md gives for a fleet ("PostgreSQL
# for a fleet"), from the machine's PostgreSQL binaries, and prints its DATABASE_URL for the fleet
# bench:
#
#   DATABASE_URL=$(bash bench/postgres-for-fleet.sh) BENCH_FLEET_KEEP=1 npx tsx bench/fleet.bench.ts
#
# PG_FLEET_DIR (default $TMPDIR/fieldhub-pg-fleet) holds its data, kept between runs (a kept fleet
# lives there); PG_FLEET_PORT (default 5440) is its port on 127.0.0.1; PG_FLEET_SHARED_BUFFERS
# (default 4GB) its shared buffers. `bash bench/postgres-for-fleet.sh stop` stops it.
set -euo pipefail
dir=${PG_FLEET_DIR:-${TMPDIR:-/tmp}/fieldhub-pg-fleet}
port=${PG_FLEET_PORT:-5440}
bin=$(pg_config --bindir 2>/dev/null || true)
[ -x "$bin/initdb" ] || bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -x "$bin/initdb" ] || { echo "no PostgreSQL binaries (initdb) found" >&2; exit 1; }

# PostgreSQL refuses to run as root: then as the postgres user
as_owner() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

if [ "${1:-}" = stop ]; then
  as_owner "$bin/pg_ctl" -D "$dir/data" stop -m fast >&2
  exit 0
fi

if [ ! -f "$dir/data/PG_VERSION" ]; then
  mkdir -p "$dir"
  [ "$(id -u)" = 0 ] && chown postgres "$dir"
  as_owner "$bin/initdb" -D "$dir/data" -A trust -U postgres >&2
  cat >>"$dir/data/postgresql.conf" <<EOF
# docs/scale-out.md, "PostgreSQL for a fleet"
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$dir'
shared_buffers = ${PG_FLEET_SHARED_BUFFERS:-4GB}
max_wal_size = 16GB
min_wal_size = 2GB
checkpoint_timeout = 15min
checkpoint_completion_target = 0.9
wal_compression = lz4
wal_buffers = 64MB
shared_preload_libraries = 'pg_stat_statements'
EOF
fi
if ! as_owner "$bin/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
  as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w start >&2
fi
psql -h 127.0.0.1 -p "$port" -U postgres -d postgres -qAtc 'create extension if not exists pg_stat_statements' >&2
echo "postgres://postgres@127.0.0.1:$port/postgres"
