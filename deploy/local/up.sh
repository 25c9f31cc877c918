#!/usr/bin/env bash
# One command on a fresh machine: servers, dependencies, build, then every service in the
# foreground (Ctrl-C stops them). In another terminal, `npm run demo` shows a deployment completing.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

bash deploy/local/setup.sh
{ [ -x node_modules/.bin/jest ] && [ -x node_modules/.bin/node ]; } || bash deploy/local/install-deps.sh
exec npm start
