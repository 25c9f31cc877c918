#!/usr/bin/env bash
# Writes deploy/local/state/dev.env once: the development settings `up.sh` starts the services
# with. VAPID keys are generated here (web-push's generateVAPIDKeys) and kept, so a browser's push
# subscription survives restarts; mail goes to the development SMTP server (dev-mail-server.js).
# Settings already in the environment win over the file. Delete the file to generate new keys.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
STATE=deploy/local/state
FILE=$STATE/dev.env
mkdir -p "$STATE/mail"
if [ ! -f "$FILE" ]; then
  keys=$(node_modules/.bin/node -e "const k=require('web-push').generateVAPIDKeys();process.stdout.write(k.publicKey+' '+k.privateKey)")
  {
    echo "# Development settings, written once by deploy/local/dev-env.sh (not for production)."
    echo "VAPID_PUBLIC_KEY=${keys% *}"
    echo "VAPID_PRIVATE_KEY=${keys#* }"
    echo "VAPID_SUBJECT=mailto:operations@expert-handoff.localhost"
    echo "DEV_SMTP_PORT=1025"
    echo "DEV_MAIL_DIR=$PWD/$STATE/mail"
    echo "SMTP_URL=smtp://127.0.0.1:1025"
  } >"$FILE"
  echo "dev-env: wrote $FILE (VAPID keys generated)"
fi
