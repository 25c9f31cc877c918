#!/usr/bin/env bash
# One command on a fresh machine: servers, dependencies, build, then every service in the
# foreground (Ctrl-C stops them). In another terminal, `npm run demo` shows a deployment completing.
# Development settings (VAPID keys, SMTP_URL) come from deploy/local/state/dev.env (dev-env.sh);
# mail the services send lands as .eml files in deploy/local/state/mail/.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

bash deploy/local/setup.sh
{ [ -x node_modules/.bin/jest ] && [ -x node_modules/.bin/node ]; } || bash deploy/local/install-deps.sh
bash deploy/local/dev-env.sh
# The file's values, unless the environment already sets them.
while IFS='=' read -r name value; do
  case "$name" in '' | \#*) continue ;; esac
  [ -n "${!name:-}" ] || export "$name=$value"
done <deploy/local/state/dev.env
node_modules/.bin/node deploy/local/dev-mail-server.js &
MAIL_PID=$!
trap 'kill "$MAIL_PID" 2>/dev/null || true' EXIT
npm start
