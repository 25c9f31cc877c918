# Helpers for deploy/local/setup.sh (sourced, not run).

# Print to stderr and exit.
die() {
  echo "setup: $*" >&2
  exit 1
}

# apt-get install, running `apt-get update` at most once per script run.
APT_UPDATED=0
apt_install() {
  [ "$(id -u)" -eq 0 ] || die "installing $* needs root (run this script as root)"
  command -v apt-get >/dev/null || die "apt-get not found: install $* by hand"
  export DEBIAN_FRONTEND=noninteractive
  if [ "$APT_UPDATED" -eq 0 ]; then
    apt-get update -q >&2 || die "apt-get update failed"
    APT_UPDATED=1
  fi
  apt-get install -y -q -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold "$@" >&2 \
    || die "apt-get install $* failed"
}

# wait_for SECONDS COMMAND...: run COMMAND every half second until it succeeds or time runs out.
wait_for() {
  local seconds=$1
  shift
  local deadline=$((SECONDS + seconds))
  until "$@" >/dev/null 2>&1; do
    [ "$SECONDS" -lt "$deadline" ] || return 1
    sleep 0.5
  done
}

# tcp_open HOST PORT: true if something accepts a TCP connection there (no nc needed).
tcp_open() {
  timeout 2 bash -c ": </dev/tcp/$1/$2" 2>/dev/null
}
