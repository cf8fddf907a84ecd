#!/bin/sh
# Entrypoint of the local redis stand-in (infra/local-base/build.sh). Like the official image:
# `redis-server …` (or a first argument that is an option or a .conf file) runs as the redis user
# in /data, without protected mode (the official build turns it off: other containers connect on
# the compose network); a later --protected-mode in the arguments wins. Anything else runs as given.
set -eu

case "${1:-}" in
  -* | *.conf) set -- redis-server "$@" ;;
esac
if [ "${1:-}" = redis-server ]; then
  shift
  set -- redis-server --protected-mode no "$@"
  if [ "$(id -u)" = 0 ]; then
    chown -R redis:redis . 2> /dev/null || true
    exec setpriv --reuid=redis --regid=redis --init-groups "$@"
  fi
fi
exec "$@"
