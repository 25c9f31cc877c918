#!/usr/bin/env bash
# Installs the locked npm dependencies (used by .ci/run, up.sh and `npm test` on a fresh clone).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

# npm 11 warns about install scripts not covered by allowScripts; the project runs without them.
if ! npm ci --no-audit --no-fund; then
  # The npm registry a machine reaches may serve only its own platform's native builds (other
  # platforms' optional packages such as @swc/core-darwin-arm64 answer 404), or all of them;
  # either way `npm ci` calls a lock file out of sync when the two disagree on those. Accept
  # that only if npm, resolving again, changes nothing but optional packages; then install
  # from the committed lock file unchanged.
  saved=$(mktemp)
  cp package-lock.json "$saved"
  npm install --package-lock-only --ignore-scripts --no-audit --no-fund
  resolved=$(mktemp)
  cp package-lock.json "$resolved"
  cp "$saved" package-lock.json
  if ! node tools/lock-drift.js "$saved" "$resolved"; then
    echo "package-lock.json is out of sync with package.json: run npm install and commit the lock file" >&2
    exit 1
  fi
  rm -f "$saved" "$resolved"
  echo "npm ci refused the lock file only for other platforms' optional packages; npm install --no-save from it"
  npm install --no-save --no-audit --no-fund
fi
