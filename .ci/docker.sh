#!/usr/bin/env bash
# Makes sure a Docker engine with BuildKit and `docker compose` answers here, installing Debian's
# packages where they are missing: docker.io (the engine), debootstrap (the stand-in base images,
# since no image registry answers on CI machines) and the compose v2 CLI plugin. Debian bookworm
# ships compose v1 only; trixie's docker-compose package is the v2 plugin, a static Go binary, so it
# is fetched from Debian's mirror and installed as is. Sourced by .ci/run.
set -euo pipefail

DEBIAN_MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"

apt_install() {
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$@" >/dev/null 2>&1 \
    || { apt-get update >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$@" >/dev/null; }
}

install_compose_plugin() {
  local index filename
  index="$(curl -fsSL --retry 5 --retry-all-errors "$DEBIAN_MIRROR/dists/trixie/main/binary-amd64/Packages.xz" | xz -d)"
  # awk reads the whole index: leaving early would kill printf with SIGPIPE, which pipefail and -e
  # turn into a silent exit of this script.
  filename="$(printf '%s\n' "$index" | awk '/^Package: docker-compose$/ { found = 1 } found && !done && /^Filename: / { print $2; done = 1 }')"
  [ -n "$filename" ] || { echo "docker-compose not found in Debian trixie's index" >&2; return 1; }
  curl -fsSL --retry 5 --retry-all-errors -o /tmp/docker-compose.deb "$DEBIAN_MIRROR/$filename"
  dpkg -i /tmp/docker-compose.deb >/dev/null
  rm -f /tmp/docker-compose.deb
}

command -v dockerd >/dev/null 2>&1 || { echo "installing docker.io"; apt_install docker.io; }
command -v debootstrap >/dev/null 2>&1 || { echo "installing debootstrap"; apt_install debootstrap; }
command -v xz >/dev/null 2>&1 || apt_install xz-utils
docker compose version >/dev/null 2>&1 || { echo "installing the docker compose plugin"; install_compose_plugin; }

if ! docker info >/dev/null 2>&1; then
  echo "starting dockerd"
  nohup dockerd >/var/log/dockerd.log 2>&1 &
  for _ in $(seq 1 60); do docker info >/dev/null 2>&1 && break; sleep 1; done
  docker info >/dev/null 2>&1 || { echo "dockerd did not start: see /var/log/dockerd.log" >&2; tail -20 /var/log/dockerd.log >&2; exit 1; }
fi
echo "docker: engine $(docker version --format '{{.Server.Version}}'), $(docker compose version --short 2>/dev/null | sed 's/^/compose /')"
