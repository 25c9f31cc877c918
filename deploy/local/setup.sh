#!/usr/bin/env bash
# Make sure PostgreSQL, Redis and NATS (with JetStream) answer on loopback; start them, or install
# them from Debian's packages and start them, when they don't. Idempotent: where everything already
# runs (the normal case) it only checks, and creates the database if it is missing.
#
#   PostgreSQL 127.0.0.1:5432, trust auth for postgres; database $DATABASE_NAME (default expert_handoff)
#   Redis      127.0.0.1:6379 (nothing kept on disk)
#   NATS       127.0.0.1:4222 with JetStream
#   Chromium   /usr/bin/chromium (Debian's package), for the console's browser tests
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# shellcheck source=lib.sh
source "$ROOT/deploy/local/lib.sh"

DATABASE_NAME=${DATABASE_NAME:-expert_handoff}
WAIT_SECONDS=${WAIT_SECONDS:-30}
[[ "$DATABASE_NAME" =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || die "DATABASE_NAME must be a plain identifier, got '$DATABASE_NAME'"

# ---------------------------------------------------------------- PostgreSQL
pg_ready() { pg_isready -q -h 127.0.0.1 -p 5432; }

pg_version() { ls /etc/postgresql 2>/dev/null | sort -V | tail -n 1; }

# Trust on loopback, ahead of every other rule (the first matching line wins). Only used on a
# cluster this script installed or created; an existing, working configuration is left alone.
pg_trust_loopback() {
  local hba=$1
  grep -q '^# expert-handoff setup.sh: trust on loopback' "$hba" && return 0
  local tmp
  tmp=$(mktemp)
  {
    echo '# expert-handoff setup.sh: trust on loopback (a local development and CI machine only)'
    echo 'local   all   all                  trust'
    echo 'host    all   all   127.0.0.1/32   trust'
    echo 'host    all   all   ::1/128        trust'
    echo
    cat "$hba"
  } >"$tmp"
  cat "$tmp" >"$hba" # keep the file's owner and mode
  rm -f "$tmp"
}

setup_postgres() {
  local state='ok (already running)' installed=0 created=0 version
  if ! pg_ready; then
    if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
      apt_install postgresql
      installed=1
    fi
    version=$(pg_version)
    [ -n "$version" ] || version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
    [ -n "$version" ] || die "postgres: no PostgreSQL version found under /usr/lib/postgresql"
    if [ ! -f "/etc/postgresql/$version/main/postgresql.conf" ]; then
      pg_createcluster --port 5432 --locale C.UTF-8 "$version" main >&2 \
        || die "postgres: pg_createcluster $version main failed"
      created=1
    fi
    if [ "$installed" -eq 1 ] || [ "$created" -eq 1 ]; then
      pg_trust_loopback "/etc/postgresql/$version/main/pg_hba.conf"
    fi
    # The package's postinst may have started the cluster already; then only reload the new rules.
    if pg_ctlcluster --skip-systemctl-redirect "$version" main status >/dev/null 2>&1; then
      pg_ctlcluster --skip-systemctl-redirect "$version" main reload >&2 || true
    else
      pg_ctlcluster --skip-systemctl-redirect "$version" main start >&2 \
        || die "postgres: pg_ctlcluster $version main start failed (see /var/log/postgresql/postgresql-$version-main.log)"
    fi
    wait_for "$WAIT_SECONDS" pg_ready \
      || die "postgres: not answering on 127.0.0.1:5432 after ${WAIT_SECONDS}s (cluster $version/main; check its port in /etc/postgresql/$version/main/postgresql.conf and /var/log/postgresql/)"
    state=$([ "$installed" -eq 1 ] && echo 'installed and started' || echo 'started')
  fi
  echo "postgres: $state"

  local found
  found=$(psql -h 127.0.0.1 -p 5432 -U postgres -d postgres -XtAc "select 1 from pg_database where datname='$DATABASE_NAME'") \
    || die "postgres: cannot connect as postgres on 127.0.0.1:5432 (is trust auth set for 127.0.0.1 in pg_hba.conf?)"
  if [ "$found" = 1 ]; then
    echo "postgres: database $DATABASE_NAME exists"
  else
    createdb -h 127.0.0.1 -p 5432 -U postgres "$DATABASE_NAME" || die "postgres: createdb $DATABASE_NAME failed"
    echo "postgres: database $DATABASE_NAME created"
  fi
}

# ---------------------------------------------------------------- Redis
redis_ready() { [ "$(redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null)" = PONG ]; }

setup_redis() {
  local state='ok (already running)' installed=0
  if ! command -v redis-cli >/dev/null || ! redis_ready; then
    if ! command -v redis-server >/dev/null || ! command -v redis-cli >/dev/null; then
      apt_install redis-server
      installed=1
    fi
    if ! redis_ready; then
      mkdir -p /var/lib/redis /var/log/redis
      redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
        --dir /var/lib/redis --logfile /var/log/redis/ci.log >&2 \
        || die "redis: redis-server failed to start (see /var/log/redis/ci.log)"
    fi
    wait_for "$WAIT_SECONDS" redis_ready \
      || die "redis: not answering PONG on 127.0.0.1:6379 after ${WAIT_SECONDS}s (see /var/log/redis/ci.log)"
    state=$([ "$installed" -eq 1 ] && echo 'installed and started' || echo 'started')
  fi
  echo "redis: $state"
}

# ---------------------------------------------------------------- NATS
NATS_JS_CHECK='
const { connect } = require("nats");
(async () => {
  const nc = await connect({ servers: "127.0.0.1:4222", timeout: 2000, reconnect: false });
  try {
    const jsm = await nc.jetstreamManager();
    await jsm.getAccountInfo();
  } finally {
    await nc.close();
  }
})().then(() => process.exit(0), (err) => { console.error(String(err && err.message || err)); process.exit(1); });
'

# JetStream can only be asked through a client; the project's own nats package is one, once installed.
can_check_jetstream() { command -v node >/dev/null && [ -f "$ROOT/node_modules/nats/package.json" ]; }
nats_jetstream() { (cd "$ROOT" && timeout 10 node -e "$NATS_JS_CHECK"); }
nats_port() { tcp_open 127.0.0.1 4222; }
nats_ready() { nats_port && { ! can_check_jetstream || nats_jetstream >/dev/null 2>&1; }; }

setup_nats() {
  local state='ok (already running)' installed=0
  if ! nats_port; then
    if [ ! -x /usr/sbin/nats-server ]; then
      apt_install nats-server
      installed=1
    fi
    if ! nats_port; then
      mkdir -p /var/lib/nats-server
      start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- \
        -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log >&2 \
        || die "nats: start-stop-daemon failed to start nats-server"
    fi
    wait_for "$WAIT_SECONDS" nats_ready \
      || die "nats: not answering with JetStream on 127.0.0.1:4222 after ${WAIT_SECONDS}s (see /var/log/nats-server.log; a nats-server already running elsewhere makes start-stop-daemon --oknodo do nothing)"
    state=$([ "$installed" -eq 1 ] && echo 'installed and started' || echo 'started')
  elif can_check_jetstream; then
    local err
    err=$(nats_jetstream 2>&1) \
      || die "nats: a server answers on 127.0.0.1:4222 but JetStream is not usable (${err:-no answer}); restart it with -js"
  fi
  if can_check_jetstream; then
    echo "nats: $state"
  else
    echo "nats: $state (port checked only; JetStream is checked once node_modules is installed)"
  fi
}

# ---------------------------------------------------------------- Chromium
# The console's browser tests (test/console) drive Debian's Chromium through playwright-core.
setup_chromium() {
  if [ -x /usr/bin/chromium ]; then
    echo "chromium: ok"
    return 0
  fi
  apt_install chromium
  [ -x /usr/bin/chromium ] || die "chromium: installed, but /usr/bin/chromium is missing"
  echo "chromium: installed"
}

setup_postgres
setup_redis
setup_nats
setup_chromium
