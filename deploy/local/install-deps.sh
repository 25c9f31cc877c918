#!/usr/bin/env bash
# Installs the locked npm dependencies (used by .ci/run, up.sh and `npm test` on a fresh clone).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

# npm 11 warns about install scripts not covered by allowScripts; the project runs without them.
if ! npm ci --no-audit --no-fund; then
  # The npm registry this machine reaches serves only this platform's native builds (other
  # platforms' optional packages such as @swc/core-darwin-arm64 answer 404), so the lock file
  # cannot record them and `npm ci` calls it out of sync. Accept that only if npm, resolving
  # again, would leave the lock file byte for byte as committed; then install from it unchanged.
  saved=$(mktemp)
  cp package-lock.json "$saved"
  npm install --package-lock-only --ignore-scripts --no-audit --no-fund
  if ! cmp -s package-lock.json "$saved"; then
    cp "$saved" package-lock.json
    echo "package-lock.json is out of sync with package.json: run npm install and commit the lock file" >&2
    exit 1
  fi
  rm -f "$saved"
  echo "npm ci refused the lock file only for other platforms' optional packages; npm install --no-save from it"
  npm install --no-save --no-audit --no-fund
fi
