#!/bin/bash
# Before/after of bench/search-cpu.ts in one sitting, rounds interleaved (before, after, before, …),
# each side in its own checkout and database (a checkout's migrator refuses a schema with a
# migration it does not know: copy the library with `create database … template …`).
# Usage: bench/search-cpu-paired.sh <before checkout> <before db url> <after checkout> <after db url> [forms] [rounds] [calls]
set -euo pipefail
before_dir=$1 before_url=$2 after_dir=$3 after_url=$4 forms=${5:-} rounds=${6:-2} calls=${7:-100}
for round in $(seq 1 "$rounds"); do
  for side in before after; do
    if [ "$side" = before ]; then dir=$before_dir url=$before_url; else dir=$after_dir url=$after_url; fi
    echo "## round $round $side $(date -u +%H:%M:%S) load $(cut -d' ' -f1 /proc/loadavg)"
    (cd "$dir" && BENCH_FORMS="$forms" BENCH_CALLS="$calls" BENCH_DATABASE_URL="$url" pnpm --filter @airwave/bench search-cpu | grep '^| [a-z]')
  done
done
