#!/usr/bin/env bash
# Called by .ci/run after `npm test`: installs the end-to-end tools (apt packages, Node 24, code-server,
# playwright-core; idempotent, ~5 min on a fresh machine) and runs the real-VS-Code suite.
# Screenshots and the code-server log end up in .e2e/artifacts/.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
bash scripts/e2e/setup.sh
echo "=== e2e tools ready ($(( $(date +%s) - start ))s)"
# A hard limit so that a hung browser or server can never stall CI (the suite itself takes ~1-2 min).
timeout -k 10 600 npm run test:e2e
echo "=== e2e done ($(( $(date +%s) - start ))s)"
