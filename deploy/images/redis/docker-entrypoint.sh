#!/bin/sh
# `redis-server [flags]` as in the official image: on every interface, protected mode off.
set -eu
if [ "${1:-}" = redis-server ]; then
  shift
  exec redis-server --protected-mode no "$@"
fi
exec "$@"
