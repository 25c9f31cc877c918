#!/usr/bin/env bash
# The production shape on one machine, on loopback:
# three NATS servers in one JetStream cluster (the events stream with 3 replicas), two replicas of
# every service, the gateways behind a small round-robin balancer, and the machine's PostgreSQL
# (a database of its own, reached through a proxy the soak can cut) and Redis (a key prefix of
# its own). Never touches the system NATS on 4222.
#
#   bash deploy/local/cluster.sh start    # idempotent: starts what is not running, waits until all is ready
#   bash deploy/local/cluster.sh status   # one line per process; exit 0 only when everything is ready
#   bash deploy/local/cluster.sh stop     # stops every process it started (TERM, then KILL after 15 s)
#   bash deploy/local/cluster.sh clean    # stop, then drop the database, the Redis keys and the state dir
#
# Settings (environment): CLUSTER_DIR (/tmp/eh-cluster), CLUSTER_PORT_BASE (4300), CLUSTER_DATABASE
# (eh_cluster), CLUSTER_REDIS_PREFIX (ehc), CLUSTER_WAIT_SECONDS (120), CLUSTER_RESTART_PAUSE_SECONDS
# (1), CLUSTER_SKIP_BUILD (0), and any service setting (clocks, webhook schedule …), which `start`
# passes on; the defaults below are the soak's short clocks.
#
# Ports from B = CLUSTER_PORT_BASE: NATS clients B+1..B+3, routes B+2001..B+2003, monitoring
# B+4001..B+4003; H = B-1000: balancer H, gateways H+1 H+2 (metrics H+61 H+62), health ports relay H+11 H+12,
# router H+21 H+22, ledger H+31 H+32, webhooks H+41 H+42, PostgreSQL proxy H+50.
#
# State dir: cluster.env (every service's environment, read by the soak), processes.tsv (each
# process and its health address), logs/<name>.log,
# run/<name>.sup (the supervisor: a process group of its own), run/<name>.pid (the process it
# runs now), run/<name>.hold (while present, the supervisor waits before restarting: the soak's
# faults), nats/<server>/ (JetStream's store).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
SELF="$ROOT/deploy/local/cluster.sh"
NODE="$ROOT/node_modules/.bin/node"
NATS_SERVER=${NATS_SERVER:-/usr/sbin/nats-server}
DIR=${CLUSTER_DIR:-/tmp/eh-cluster}
B=${CLUSTER_PORT_BASE:-4300}
H=$((B - 1000))
DATABASE=${CLUSTER_DATABASE:-eh_cluster}
REDIS_PREFIX_OWN=${CLUSTER_REDIS_PREFIX:-ehc}
WAIT_SECONDS=${CLUSTER_WAIT_SECONDS:-120}
PG_HOST=127.0.0.1
PG_PORT=${CLUSTER_PG_PORT:-5432}
REDIS_URL_OWN=${REDIS_URL:-redis://127.0.0.1:6379}

die() { echo "cluster: $*" >&2; exit 1; }
[[ "$DATABASE" =~ ^[a-z_][a-z0-9_]*$ ]] || die "CLUSTER_DATABASE must be a plain lowercase identifier, got '$DATABASE'"
[[ "$REDIS_PREFIX_OWN" =~ ^[A-Za-z0-9_-]+$ ]] || die "CLUSTER_REDIS_PREFIX must be letters, digits, _ or -"
[[ "$B" =~ ^[0-9]+$ ]] && [ "$B" -ge 2000 ] && [ "$B" -le 61000 ] || die "CLUSTER_PORT_BASE must be a number from 2000 to 61000"

RUN="$DIR/run"
LOGS="$DIR/logs"

# Every process, in start order (NATS and the proxy before the services; the balancer last).
NATS_NAMES=(nats-1 nats-2 nats-3)
SERVICE_NAMES=(relay-1 relay-2 router-1 router-2 ledger-1 ledger-2 webhooks-1 webhooks-2 gateway-1 gateway-2)
ALL_NAMES=("${NATS_NAMES[@]}" pg-proxy "${SERVICE_NAMES[@]}" balancer)

nats_index() { echo "${1#nats-}"; }
replica_index() { echo "${1##*-}"; }
app_of() { echo "${1%-*}"; }

# The health address of a process ("" when it has none to ask).
health_url() {
  local name=$1 i
  case "$name" in
    nats-*) i=$(nats_index "$name"); echo "http://127.0.0.1:$((B + 4000 + i))/healthz" ;;
    gateway-*) i=$(replica_index "$name"); echo "http://127.0.0.1:$((H + i))/health/ready" ;;
    relay-*) i=$(replica_index "$name"); echo "http://127.0.0.1:$((H + 10 + i))/health/ready" ;;
    router-*) i=$(replica_index "$name"); echo "http://127.0.0.1:$((H + 20 + i))/health/ready" ;;
    ledger-*) i=$(replica_index "$name"); echo "http://127.0.0.1:$((H + 30 + i))/health/ready" ;;
    webhooks-*) i=$(replica_index "$name"); echo "http://127.0.0.1:$((H + 40 + i))/health/ready" ;;
    balancer) echo "http://127.0.0.1:$H/health/ready" ;;
    pg-proxy) echo "" ;;
  esac
}

is_ready() {
  local name=$1 url
  url=$(health_url "$name")
  if [ -z "$url" ]; then
    [ "$name" = pg-proxy ] && timeout 2 bash -c ": </dev/tcp/127.0.0.1/$((H + 50))" 2>/dev/null
    return
  fi
  curl -fsS -o /dev/null --max-time 2 "$url" 2>/dev/null
}

alive() { local pid; pid=$(cat "$RUN/$1.$2" 2>/dev/null) && [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; }

# ------------------------------------------------------------------ configuration
random_hex() { od -An -N"$1" -tx1 /dev/urandom | tr -d ' \n'; }

write_env() {
  mkdir -p "$RUN" "$LOGS" "$DIR/nats"
  local secrets="$DIR/secrets.env"
  # Generated once per state dir: every replica shares them, and a restart keeps them.
  if [ ! -f "$secrets" ]; then
    {
      echo "ADMIN_API_KEY=svc_admin_cluster_$(random_hex 16)"
      echo "CURSOR_SECRET=$(random_hex 32)"
      echo "SECRETS_KEYRING=cluster:$(head -c 32 /dev/urandom | base64)"
      echo "ATTACHMENT_URL_SECRET=$(random_hex 32)"
    } >"$secrets"
  fi
  {
    echo "# Written by deploy/local/cluster.sh start; every service of the cluster runs with it."
    cat "$secrets"
    echo "DATABASE_URL=postgres://postgres@127.0.0.1:$((H + 50))/$DATABASE"
    echo "CLUSTER_DIRECT_DATABASE_URL=postgres://postgres@$PG_HOST:$PG_PORT/$DATABASE"
    echo "NATS_URL=nats://127.0.0.1:$((B + 1)),nats://127.0.0.1:$((B + 2)),nats://127.0.0.1:$((B + 3))"
    echo "CLUSTER_NATS_MONITOR=http://127.0.0.1:$((B + 4001)),http://127.0.0.1:$((B + 4002)),http://127.0.0.1:$((B + 4003))"
    echo "NATS_STREAM=${NATS_STREAM:-EVENTS}"
    echo "NATS_STREAM_REPLICAS=3"
    echo "SUBJECT_PREFIX=${SUBJECT_PREFIX:-events}"
    echo "REDIS_URL=$REDIS_URL_OWN"
    echo "REDIS_PREFIX=$REDIS_PREFIX_OWN"
    echo "PUBLIC_BASE_URL=http://127.0.0.1:$H"
    echo "CLUSTER_GATEWAY_URL=http://127.0.0.1:$H"
    echo "CLUSTER_DIR=$DIR"
    echo "CLUSTER_PORT_BASE=$B"
    echo "CLUSTER_DATABASE=$DATABASE"
    # Ten replicas share a server other work uses too (max_connections 100 on this machine's).
    echo "PG_POOL_MAX=${PG_POOL_MAX:-4}"
    echo "NODE_ENV=${NODE_ENV:-development}"
    # The soak's receivers listen on loopback over plain http.
    echo "WEBHOOK_ALLOW_PRIVATE_URLS=${WEBHOOK_ALLOW_PRIVATE_URLS:-true}"
    # Short clocks: SLA, offer and reply windows of seconds, so the soak sees them all.
    echo "SLA_PRIORITY_SECONDS=${SLA_PRIORITY_SECONDS:-25}"
    echo "SLA_STANDARD_SECONDS=${SLA_STANDARD_SECONDS:-50}"
    echo "OFFER_TIMEOUT_SECONDS=${OFFER_TIMEOUT_SECONDS:-6}"
    echo "REPLY_WINDOW_SECONDS=${REPLY_WINDOW_SECONDS:-12}"
    echo "SCHEDULED_LEAD_SECONDS=${SCHEDULED_LEAD_SECONDS:-2}"
    echo "TIMER_RECONCILE_SECONDS=${TIMER_RECONCILE_SECONDS:-2}"
    echo "WEBHOOK_RETRY_DELAYS_MS=${WEBHOOK_RETRY_DELAYS_MS:-1000,3000,6000}"
    echo "WEBHOOK_TIMEOUT_MS=${WEBHOOK_TIMEOUT_MS:-3000}"
    echo "WEBHOOK_RECONCILE_INTERVAL_MS=${WEBHOOK_RECONCILE_INTERVAL_MS:-3000}"
    echo "WEBHOOK_JOB_LOCK_MS=${WEBHOOK_JOB_LOCK_MS:-8000}"
    echo "WEBHOOK_FANOUT_ACK_WAIT_MS=${WEBHOOK_FANOUT_ACK_WAIT_MS:-10000}"
    echo "WEBHOOK_FANOUT_CONSUMERS=${WEBHOOK_FANOUT_CONSUMERS:-2}"
    echo "LEDGER_RESERVATION_TTL_SECONDS=${LEDGER_RESERVATION_TTL_SECONDS:-15}"
    echo "LEDGER_SWEEP_INTERVAL_MS=${LEDGER_SWEEP_INTERVAL_MS:-3000}"
    echo "LEDGER_STANDARD_CYCLE_CAP=${LEDGER_STANDARD_CYCLE_CAP:-0}"
    echo "LEDGER_STANDARD_IN_FLIGHT_LIMIT=${LEDGER_STANDARD_IN_FLIGHT_LIMIT:-10000}"
    echo "RATE_LIMIT_PER_MINUTE=${RATE_LIMIT_PER_MINUTE:-1000000}"
    echo "AUTH_FAILURES_PER_MINUTE=${AUTH_FAILURES_PER_MINUTE:-0}"
    # The gateways sit behind the balancer, so every client has its address: no per-address cap.
    echo "HTTP_MAX_CONNECTIONS_PER_ADDRESS=${HTTP_MAX_CONNECTIONS_PER_ADDRESS:-0}"
  } >"$DIR/cluster.env"
  # Every process and where to ask it whether it is ready, for the soak (soak/cluster/cluster-control.ts).
  local name
  for name in "${ALL_NAMES[@]}"; do printf '%s\t%s\n' "$name" "$(health_url "$name")"; done >"$DIR/processes.tsv"
}

write_nats_config() {
  local i=$1 conf="$DIR/nats/n$1.conf"
  mkdir -p "$DIR/nats/n$i"
  cat >"$conf" <<EOF
server_name: "eh-n$i"
listen: "127.0.0.1:$((B + i))"
http: "127.0.0.1:$((B + 4000 + i))"
jetstream {
  store_dir: "$DIR/nats/n$i"
  max_memory_store: 64MB
  max_file_store: 2GB
}
cluster {
  name: "eh-local-$B"
  listen: "127.0.0.1:$((B + 2000 + i))"
  routes: [
    "nats://127.0.0.1:$((B + 2001))"
    "nats://127.0.0.1:$((B + 2002))"
    "nats://127.0.0.1:$((B + 2003))"
  ]
  connect_retries: 120
}
EOF
  echo "$conf"
}

# The command line of a process, one word per line (read into an array by `launch`).
command_of() {
  local name=$1 i
  case "$name" in
    nats-*) echo "$NATS_SERVER"; echo "-c"; write_nats_config "$(nats_index "$name")" ;;
    pg-proxy) echo "$NODE"; echo "$ROOT/dist/soak/cluster/postgres-fault.proxy.js" ;;
    balancer) echo "$NODE"; echo "$ROOT/dist/soak/cluster/gateway.balancer.js" ;;
    *) echo "$NODE"; echo "$ROOT/dist/apps/$(app_of "$name")/src/main.js" ;;
  esac
}

# Per-process environment on top of cluster.env.
env_of() {
  local name=$1 i
  case "$name" in
    pg-proxy) echo "PROXY_PORT=$((H + 50))"; echo "PROXY_TARGET=$PG_HOST:$PG_PORT" ;;
    balancer) echo "BALANCER_PORT=$H"; echo "BALANCER_UPSTREAMS=127.0.0.1:$((H + 1)),127.0.0.1:$((H + 2))" ;;
    gateway-*) i=$(replica_index "$name"); echo "GATEWAY_HOST=127.0.0.1"; echo "GATEWAY_PORT=$((H + i))"; echo "HEALTH_PORT=$((H + 60 + i))" ;;
    relay-*) i=$(replica_index "$name"); echo "HEALTH_PORT=$((H + 10 + i))" ;;
    router-*) i=$(replica_index "$name"); echo "HEALTH_PORT=$((H + 20 + i))" ;;
    ledger-*) i=$(replica_index "$name"); echo "HEALTH_PORT=$((H + 30 + i))" ;;
    webhooks-*) i=$(replica_index "$name"); echo "HEALTH_PORT=$((H + 40 + i))" ;;
  esac
}

# ------------------------------------------------------------------ supervision
# `cluster.sh __supervise NAME`: runs NAME's process, and again after it exits (a kill -9 by the
# soak), after the restart pause and while run/NAME.hold exists. Runs in a process group of its
# own (setsid), so `stop` ends it and its child together.
supervise() {
  local name=$1 pause=${CLUSTER_RESTART_PAUSE_SECONDS:-1} child
  local -a cmd
  set -a
  # shellcheck disable=SC1091
  source "$DIR/cluster.env"
  set +a
  while IFS= read -r line; do export "${line?}"; done < <(env_of "$name")
  mapfile -t cmd < <(command_of "$name")
  while :; do
    [ -f "$RUN/stopping" ] && exit 0
    echo "--- $(date -Is) starting $name" >>"$LOGS/$name.log"
    "${cmd[@]}" >>"$LOGS/$name.log" 2>&1 &
    child=$!
    echo "$child" >"$RUN/$name.pid"
    wait "$child" || true
    echo "--- $(date -Is) $name exited" >>"$LOGS/$name.log"
    [ -f "$RUN/stopping" ] && exit 0
    sleep "$pause"
    while [ -f "$RUN/$name.hold" ] && [ ! -f "$RUN/stopping" ]; do sleep 0.2; done
  done
}

launch() {
  local name=$1
  if alive "$name" sup; then return 0; fi
  rm -f "$RUN/$name.pid" "$RUN/$name.hold"
  # setsid: a process group of its own, so stop() ends the supervisor and its child together and
  # nothing is tied to the caller's terminal; stdin from /dev/null so it never holds the caller's.
  setsid "$BASH" "$SELF" __supervise "$name" </dev/null >>"$LOGS/supervisor.log" 2>&1 &
  echo $! >"$RUN/$name.sup"
}

wait_ready() {
  local deadline=$((SECONDS + WAIT_SECONDS)) pending name
  while :; do
    pending=()
    for name in "$@"; do is_ready "$name" || pending+=("$name"); done
    [ "${#pending[@]}" -eq 0 ] && return 0
    if [ "$SECONDS" -ge "$deadline" ]; then
      echo "cluster: not ready after ${WAIT_SECONDS}s: ${pending[*]} (logs in $LOGS/)" >&2
      return 1
    fi
    sleep 0.5
  done
}

# JetStream answers (a meta leader exists) on every server: the cluster can create streams.
jetstream_ready() {
  local i
  for i in 1 2 3; do
    curl -fsS --max-time 2 "http://127.0.0.1:$((B + 4000 + i))/jsz" 2>/dev/null | grep -q '"meta_cluster"' || return 1
    curl -fsS --max-time 2 "http://127.0.0.1:$((B + 4000 + i))/jsz" | grep -q '"leader"' || return 1
  done
}

# ------------------------------------------------------------------ commands
build() {
  [ "${CLUSTER_SKIP_BUILD:-0}" = 1 ] && return 0
  [ -x "$NODE" ] || die "node_modules/.bin/node is missing: run bash deploy/local/install-deps.sh"
  (cd "$ROOT" && "$NODE" tools/build.js >/dev/null) || die "build failed (node tools/build.js)"
}

ensure_database() {
  local found
  pg_isready -q -h "$PG_HOST" -p "$PG_PORT" || die "PostgreSQL is not answering on $PG_HOST:$PG_PORT (bash deploy/local/setup.sh)"
  found=$(psql -h "$PG_HOST" -p "$PG_PORT" -U postgres -d postgres -XtAc "select 1 from pg_database where datname='$DATABASE'")
  [ "$found" = 1 ] || createdb -h "$PG_HOST" -p "$PG_PORT" -U postgres "$DATABASE"
}

start() {
  [ -x "$NATS_SERVER" ] || die "$NATS_SERVER is missing (apt-get install nats-server)"
  [ "$(redis-cli -u "$REDIS_URL_OWN" ping 2>/dev/null)" = PONG ] || die "Redis is not answering at $REDIS_URL_OWN (bash deploy/local/setup.sh)"
  ensure_database
  build
  mkdir -p "$RUN" "$LOGS"
  rm -f "$RUN/stopping"
  write_env
  local name
  for name in "${NATS_NAMES[@]}"; do launch "$name"; done
  launch pg-proxy
  wait_ready "${NATS_NAMES[@]}" pg-proxy || exit 1
  local deadline=$((SECONDS + WAIT_SECONDS))
  until jetstream_ready; do
    [ "$SECONDS" -lt "$deadline" ] || die "JetStream has no meta leader after ${WAIT_SECONDS}s (logs in $LOGS/nats-*.log)"
    sleep 0.5
  done
  for name in "${SERVICE_NAMES[@]}"; do launch "$name"; done
  launch balancer
  wait_ready "${ALL_NAMES[@]}" || exit 1
  echo "cluster ready: gateway http://127.0.0.1:$H, NATS 127.0.0.1:$((B + 1))-$((B + 3)), database $DATABASE, Redis prefix $REDIS_PREFIX_OWN, state $DIR"
}

status() {
  local name state pid ready=0
  for name in "${ALL_NAMES[@]}"; do
    pid=$(cat "$RUN/$name.pid" 2>/dev/null || true)
    if ! alive "$name" sup; then
      state=stopped
      ready=1
    elif ! alive "$name" pid; then
      state=restarting
      ready=1
    elif is_ready "$name"; then
      state=ready
    else
      state='not ready'
      ready=1
    fi
    printf '%-11s %-8s %s\n' "$name" "${pid:--}" "$state"
  done
  return "$ready"
}

stop_group() {
  local name=$1 sup
  sup=$(cat "$RUN/$name.sup" 2>/dev/null) || return 0
  [ -n "$sup" ] && kill -TERM -- "-$sup" 2>/dev/null || true
}

group_alive() { local sup; sup=$(cat "$RUN/$1.sup" 2>/dev/null) && [ -n "$sup" ] && kill -0 -- "-$sup" 2>/dev/null; }

stop() {
  [ -d "$RUN" ] || { echo "cluster: nothing to stop in $DIR"; return 0; }
  touch "$RUN/stopping"
  local name deadline
  # Services first (they drain to NATS and PostgreSQL), then the balancer and proxy, NATS last.
  for name in balancer "${SERVICE_NAMES[@]}"; do stop_group "$name"; done
  deadline=$((SECONDS + 15))
  for name in balancer "${SERVICE_NAMES[@]}"; do
    while group_alive "$name" && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.2; done
  done
  for name in pg-proxy "${NATS_NAMES[@]}"; do stop_group "$name"; done
  deadline=$((SECONDS + 15))
  for name in pg-proxy "${NATS_NAMES[@]}"; do
    while group_alive "$name" && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.2; done
  done
  # Whatever did not stop in time is killed: nothing outlives a stop.
  local sup
  for name in "${ALL_NAMES[@]}"; do
    if group_alive "$name"; then
      sup=$(cat "$RUN/$name.sup")
      echo "cluster: $name did not stop in 15 s; killing it" >&2
      kill -KILL -- "-$sup" 2>/dev/null || true
    fi
    rm -f "$RUN/$name.sup" "$RUN/$name.pid" "$RUN/$name.hold"
  done
  rm -f "$RUN/stopping"
  echo "cluster stopped"
}

clean() {
  stop
  if pg_isready -q -h "$PG_HOST" -p "$PG_PORT"; then
    psql -h "$PG_HOST" -p "$PG_PORT" -U postgres -d postgres -XqAc "DROP DATABASE IF EXISTS $DATABASE WITH (FORCE)" >/dev/null
  fi
  # SCAN + UNLINK of this cluster's prefix only: the Redis server is shared with other work.
  redis-cli -u "$REDIS_URL_OWN" --scan --pattern "$REDIS_PREFIX_OWN:*" 2>/dev/null | xargs -r -n 500 redis-cli -u "$REDIS_URL_OWN" unlink >/dev/null || true
  rm -rf "$DIR"
  echo "cluster cleaned: database $DATABASE, Redis prefix $REDIS_PREFIX_OWN:*, $DIR"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  clean) clean ;;
  __supervise) supervise "$2" ;;
  *) echo "usage: $0 start|status|stop|clean" >&2; exit 2 ;;
esac
