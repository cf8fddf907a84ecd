#!/bin/sh
# Entrypoint of the local haproxy stand-in (infra/local-base/build.sh). Like the official image's:
# a first argument that is an option runs haproxy with it, and haproxy runs in master-worker mode in
# the foreground (-W -db) so that it logs to stdout and stops on the container's stop signal.
set -eu

case "${1:-}" in
  -*) set -- haproxy "$@" ;;
esac
if [ "${1:-}" = haproxy ]; then
  shift
  set -- haproxy -W -db "$@"
fi
exec "$@"
