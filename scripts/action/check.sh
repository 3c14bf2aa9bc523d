#!/usr/bin/env bash
# The check step of action.yml: runs `kubegate check` with the action's inputs (INPUT_* variables), writing the
# SARIF report to a file and GitHub annotations to the log, and records the exit code as the step output
# `exit-code` (the step itself passes, so that the SARIF upload runs; the action's last step fails the job).
#
# Which Kubegate runs:
#   - by default, the code of the action's own ref: GITHUB_ACTION_PATH's dist/cli.js, built there first when
#     absent (npm ci without scripts, then scripts/build.mjs): no package is fetched by name;
#   - INPUT_VERSION (the `version` input) set: that published version from npm, installed into RUNNER_TEMP;
#   - KUBEGATE_CLI (e.g. "node dist/cli.js"): that command (tests, a clone).
# exit-code: 0 passed, 1 findings failed the policy, 2 Kubegate could not run (it could not be built or installed,
# or refused its options or inputs), with an ::error:: saying why.
#
# `paths` and `args`: one item per line (block style, `paths: |`; spaces inside a line are kept), or, on a single
# line, items separated by spaces.
set -uo pipefail

output() { echo "$1" >> "${GITHUB_OUTPUT:-/dev/null}"; }
# Could not run: exit-code 2, an error annotation, and the step passes (the last step fails the job).
cannot_run() {
  echo "::error title=kubegate could not run::$1"
  output "exit-code=2"
  echo "kubegate could not run (exit code 2): $1"
  exit 0
}

# The items of a multi-line input: one per non-blank line (trimmed); a single line is split on spaces.
items() {
  local text="$1" line
  local -a lines=()
  while IFS= read -r line || [ -n "$line" ]; do
    line="${line#"${line%%[![:space:]]*}"}"
    line="${line%"${line##*[![:space:]]}"}"
    [ -n "$line" ] && lines+=("$line")
  done <<< "$text"
  if [ "${#lines[@]}" -eq 1 ]; then
    read -r -a lines <<< "${lines[0]}"
  fi
  [ "${#lines[@]}" -gt 0 ] && printf '%s\0' "${lines[@]}"
}

action_path="${GITHUB_ACTION_PATH:-$(cd "$(dirname "$0")/../.." && pwd)}"
if [ -n "${KUBEGATE_CLI:-}" ]; then
  read -r -a cli <<< "$KUBEGATE_CLI"
elif [ -n "${INPUT_VERSION:-}" ]; then
  prefix="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/kubegate-${INPUT_VERSION}"
  if ! npm install --prefix "$prefix" --no-audit --no-fund --loglevel=error "kubegate@${INPUT_VERSION}" >&2; then
    cannot_run "npm could not install kubegate@${INPUT_VERSION} (the version input): check that the version is published, or leave the input empty to run the action's own code."
  fi
  cli=(node "$prefix/node_modules/kubegate/dist/cli.js")
else
  if [ ! -f "$action_path/dist/cli.js" ]; then
    [ -f "$action_path/package.json" ] || cannot_run "$action_path holds neither dist/cli.js nor package.json: not Kubegate's code."
    echo "Building Kubegate from the action's own code in $action_path" >&2
    if ! (cd "$action_path" && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error && node scripts/build.mjs) >&2; then
      cannot_run "building the action's own code in $action_path failed (npm ci, then node scripts/build.mjs): see the log above."
    fi
  fi
  cli=(node "$action_path/dist/cli.js")
fi
if ! version=$("${cli[@]}" --version 2>&1); then
  cannot_run "'${cli[*]} --version' failed: ${version}"
fi
echo "Running ${version}"

args=(check --format "sarif=${INPUT_SARIF_FILE:-kubegate.sarif}" --format github)
[ -n "${INPUT_FAIL_ON:-}" ] && args+=(--fail-on "$INPUT_FAIL_ON")
[ -n "${INPUT_MAX_WARNINGS:-}" ] && args+=(--max-warnings "$INPUT_MAX_WARNINGS")
[ "${INPUT_FAIL_ON_UNCHECKED:-false}" = true ] && args+=(--fail-on-unchecked)
[ -n "${INPUT_KUBERNETES_VERSION:-}" ] && args+=(--kubernetes-version "$INPUT_KUBERNETES_VERSION")
extra=()
while IFS= read -r -d '' item; do extra+=("$item"); done < <(items "${INPUT_ARGS:-}")
paths=()
while IFS= read -r -d '' item; do paths+=("$item"); done < <(items "${INPUT_PATHS:-.}")
[ "${#paths[@]}" -eq 0 ] && paths=(.)
# `--` ends the options: every line of `paths` is a path, even one that starts with a dash.
"${cli[@]}" "${args[@]}" "${extra[@]}" -- "${paths[@]}"
code=$?
case "$code" in
  0 | 1) ;;
  2) cannot_run "kubegate check refused its options or inputs (exit 2): see its message above." ;;
  *) cannot_run "kubegate check ended with exit code $code (killed, or out of memory?)." ;;
esac
output "exit-code=$code"
echo "kubegate check exited with $code"
exit 0
