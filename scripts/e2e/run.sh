#!/usr/bin/env bash
# `npm run test:e2e`: packages the extension (unless KUBEGATE_E2E_VSIX names a .vsix), then runs the
# end-to-end suite in code-server + headless Chromium. Needs scripts/e2e/setup.sh to have run once.
# Env:
#   KUBEGATE_E2E_HOME   tool cache written by setup.sh (default <repo>/.e2e/tools)
#   KUBEGATE_E2E_VSIX   use this .vsix instead of packaging one
#   KUBEGATE_E2E_BREAK=server-path   package, then ship a .vsix whose server bundle is missing (the suite
#                       must fail: used to show that it catches a broken extension)
# Artifacts (screenshots, code-server log): <repo>/.e2e/artifacts/
set -euo pipefail
REPO="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$REPO"
TOOLS="${KUBEGATE_E2E_HOME:-$REPO/.e2e/tools}"
if [ ! -f "$TOOLS/env.sh" ]; then
  echo "e2e tools missing: run scripts/e2e/setup.sh first (expected $TOOLS/env.sh)" >&2
  exit 1
fi
# shellcheck disable=SC1091
source "$TOOLS/env.sh"
export KUBEGATE_E2E_ARTIFACTS="${KUBEGATE_E2E_ARTIFACTS:-$REPO/.e2e/artifacts}"
rm -rf "$KUBEGATE_E2E_ARTIFACTS"
mkdir -p "$KUBEGATE_E2E_ARTIFACTS"

if [ -z "${KUBEGATE_E2E_VSIX:-}" ]; then
  KUBEGATE_E2E_VSIX="$REPO/.e2e/kubegate.vsix"
  node scripts/e2e/package-vsix.mjs --out "$KUBEGATE_E2E_VSIX"
fi
if [ "${KUBEGATE_E2E_BREAK:-}" = server-path ]; then
  BROKEN="$REPO/.e2e/kubegate-broken.vsix"
  node scripts/e2e/break-vsix.mjs "$KUBEGATE_E2E_VSIX" "$BROKEN" extension/dist/server.js
  KUBEGATE_E2E_VSIX="$BROKEN"
  echo "deliberately broken .vsix (no server bundle): $BROKEN" >&2
fi
export KUBEGATE_E2E_VSIX

exec npx vitest run --config tests/e2e/vitest.config.mts "$@"
