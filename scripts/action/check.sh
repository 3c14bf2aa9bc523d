#!/usr/bin/env bash
# The check step of action.yml: runs `kubegate check` with the action's inputs (INPUT_* variables), writing the
# SARIF report to a file and GitHub annotations to the log, and records the exit code as the step output
# `exit-code` (the step itself passes, so that the SARIF upload runs; the action's last step fails the job).
# KUBEGATE_CLI (e.g. "node dist/cli.js") runs a local build instead of the npm package (tests, a clone).
set -uo pipefail
if [ -n "${KUBEGATE_CLI:-}" ]; then
  read -r -a cli <<< "$KUBEGATE_CLI"
else
  cli=(npx --yes "kubegate@${INPUT_VERSION:-latest}")
fi
args=(check --format "sarif=${INPUT_SARIF_FILE:-kubegate.sarif}" --format github)
[ -n "${INPUT_FAIL_ON:-}" ] && args+=(--fail-on "$INPUT_FAIL_ON")
[ -n "${INPUT_MAX_WARNINGS:-}" ] && args+=(--max-warnings "$INPUT_MAX_WARNINGS")
[ "${INPUT_FAIL_ON_UNCHECKED:-false}" = true ] && args+=(--fail-on-unchecked)
[ -n "${INPUT_KUBERNETES_VERSION:-}" ] && args+=(--kubernetes-version "$INPUT_KUBERNETES_VERSION")
read -r -a extra <<< "${INPUT_ARGS:-}"
read -r -a paths <<< "${INPUT_PATHS:-.}"
"${cli[@]}" "${args[@]}" "${extra[@]}" "${paths[@]}"
code=$?
echo "exit-code=$code" >> "${GITHUB_OUTPUT:-/dev/null}"
echo "kubegate check exited with $code"
exit 0
