#!/usr/bin/env bash
# The README's first command, as a newcomer runs it after the install: `pnpm start` brings up the
# embedded default (PGlite under a fresh DATA_DIR, the in-process bus, in-memory sessions) with
# whatever Node is first on the PATH, and it answers: ready, a login as admin, the console's page.
# Used by .ci/run for the compatibility pass on the machine's own Node.
set -euo pipefail
cd "$(dirname "$0")/.."

data="$(mktemp -d)"
log="$data/server.log"
port="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
PORT="$port" DATA_DIR="$data/data" pnpm start >"$log" 2>&1 &
server=$!
cleanup() { kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$data"; }
trap cleanup EXIT

base="http://127.0.0.1:$port"
for _ in $(seq 1 240); do
  curl -fsS "$base/readyz" >/dev/null 2>&1 && break
  kill -0 "$server" 2>/dev/null || { echo "pnpm start exited:" >&2; tail -40 "$log" >&2; exit 1; }
  sleep 0.5
done
curl -fsS "$base/readyz" >/dev/null || { echo "not ready after 120 s:" >&2; tail -40 "$log" >&2; exit 1; }

login="$(curl -fsS -X POST "$base/api/v2/account/login" -H 'content-type: application/json' -d '{"username":"admin","password":"admin"}')"
key="$(printf '%s' "$login" | node -e 'let t="";process.stdin.on("data",d=>t+=d).on("end",()=>console.log(JSON.parse(t).data.key))')"
curl -fsS "$base/api/v2/account/uid" -H "Authorization: Bearer $key" | grep -q '"username":"admin"'
curl -fsS "$base/" | grep -qi '<html'
echo "pnpm start on node $(node --version): ready, login and console answer at $base"
