#!/bin/sh
# The local PostgreSQL image's entrypoint (postgres.Dockerfile): on an empty PGDATA, initdb with POSTGRES_USER as the
# superuser and POSTGRES_PASSWORD as its password, password (SCRAM) authentication over TCP from anywhere, trust on
# the container's own socket, and POSTGRES_DB created; then the command (postgres) replaces this shell.
set -eu
if [ "${1:-}" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -z "${POSTGRES_PASSWORD:-}" ]; then
    echo "postgres-entrypoint: POSTGRES_PASSWORD must be set" >&2
    exit 1
  fi
  user=${POSTGRES_USER:-postgres}
  db=${POSTGRES_DB:-$user}
  case "$user$db" in
    *[!a-z0-9_]*)
      echo "postgres-entrypoint: POSTGRES_USER and POSTGRES_DB must be lower-case letters, digits and _" >&2
      exit 1
      ;;
  esac
  pwfile=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
  initdb -D "$PGDATA" -U "$user" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 \
    --encoding=UTF8 --locale=C.UTF-8 >/dev/null
  rm -f "$pwfile"
  echo "listen_addresses = '*'" >>"$PGDATA/postgresql.conf"
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  if [ "$db" != postgres ]; then
    echo "CREATE DATABASE $db OWNER $user;" | postgres --single -D "$PGDATA" -j postgres >/dev/null
  fi
  echo "postgres-entrypoint: created the cluster, superuser $user, database $db"
fi
exec "$@"
