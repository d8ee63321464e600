#!/bin/sh
# First start with an empty PGDATA: initdb as POSTGRES_USER (default postgres) with POSTGRES_PASSWORD,
# password authentication from other hosts (scram-sha-256; trust only if no password is given, as
# POSTGRES_HOST_AUTH_METHOD=trust does in the official image), and POSTGRES_DB created.
set -eu
user="${POSTGRES_USER:-postgres}"
db="${POSTGRES_DB:-$user}"
if [ "${1:-}" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  pwfile="$(mktemp)"
  printf '%s\n' "${POSTGRES_PASSWORD:-}" > "$pwfile"
  if [ -n "${POSTGRES_PASSWORD:-}" ]; then method=scram-sha-256; else method=trust; fi
  initdb --username="$user" --pwfile="$pwfile" --auth-local=trust --auth-host="$method" --encoding=UTF8 >/dev/null
  rm -f "$pwfile"
  printf 'host all all all %s\n' "$method" >> "$PGDATA/pg_hba.conf"
  printf "listen_addresses = '*'\n" >> "$PGDATA/postgresql.conf"
  if [ "$db" != postgres ]; then
    echo "CREATE DATABASE \"$db\"" | postgres --single -D "$PGDATA" postgres >/dev/null
  fi
  echo "stand-in postgres: initialised $PGDATA (user $user, database $db)"
fi
exec "$@"
