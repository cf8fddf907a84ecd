#!/bin/sh
# Entrypoint of the local postgres stand-in (infra/local-base/build.sh): what the official image's
# does for a compose file. On the first start it initialises PGDATA with POSTGRES_USER (default
# postgres), POSTGRES_PASSWORD (required unless POSTGRES_HOST_AUTH_METHOD=trust) and POSTGRES_DB
# (default the user), runs /docker-entrypoint-initdb.d/*.sql and *.sh, then runs postgres as the
# postgres user. Other commands (bash, psql…) run as given.
set -eu

if [ "${1#-}" != "$1" ]; then set -- postgres "$@"; fi
[ "$1" = postgres ] || exec "$@"

if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown -R postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi

POSTGRES_USER="${POSTGRES_USER:-postgres}"
POSTGRES_DB="${POSTGRES_DB:-$POSTGRES_USER}"
AUTH="${POSTGRES_HOST_AUTH_METHOD:-scram-sha-256}"

if [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -z "${POSTGRES_PASSWORD:-}" ] && [ "$AUTH" != trust ]; then
    echo 'Set POSTGRES_PASSWORD (or POSTGRES_HOST_AUTH_METHOD=trust).' >&2
    exit 1
  fi
  pwfile="$(mktemp)"
  printf '%s\n' "${POSTGRES_PASSWORD:-}" > "$pwfile"
  initdb --username="$POSTGRES_USER" --pwfile="$pwfile" --auth-local=trust --auth-host="$AUTH" \
    --encoding=UTF8 --locale=C.UTF-8 ${POSTGRES_INITDB_ARGS:-} > /dev/null
  rm -f "$pwfile"
  printf '\nhost all all all %s\n' "$AUTH" >> "$PGDATA/pg_hba.conf"
  printf "\nlisten_addresses = '*'\n" >> "$PGDATA/postgresql.conf"

  # A private server (no TCP) for the set-up.
  pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start > /dev/null
  psql() { command psql -v ON_ERROR_STOP=1 --no-psqlrc --username "$POSTGRES_USER" "$@"; }
  if [ "$POSTGRES_DB" != postgres ] \
    && [ -z "$(psql --dbname postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$POSTGRES_DB'")" ]; then
    psql --dbname postgres -c "CREATE DATABASE \"$POSTGRES_DB\"" > /dev/null
  fi
  for f in /docker-entrypoint-initdb.d/*; do
    case "$f" in
      *.sql) echo "running $f"; psql --dbname "$POSTGRES_DB" -f "$f" ;;
      *.sh) echo "running $f"; . "$f" ;;
      *) ;;
    esac
  done
  pg_ctl -D "$PGDATA" -m fast -w stop > /dev/null
  echo 'PostgreSQL init process complete; ready for start up.'
fi

exec "$@"
