// What the `.kubegate.yaml` files did in one `kubegate check` run, so that a CI owner sees what governed it: each
// settings file met (the root's, the working directory's or `--settings`, first), the checked files it governed,
// the files it ignored and the findings it turned off; and, for every other one, its keys that relax the root's
// policy, as settings-relaxed findings in a report of its own (refused, not applied, under `--settings`).
import * as path from 'node:path';
import { parseRepoConfig, settingsRelaxations, type Finding } from '../engine';
import type { SeverityMap } from './policy';
import type { FileResult, SettingsUse } from './format/types';
import type { CheckInput } from './inputs';
import type { CliIO } from './io';
import type { RunRepoSettings } from './repo-settings';

export interface SettingsAudit {
  summary: SettingsUse[];
  /** One report per settings file with relaxations (their findings at the severity the run gives the code). */
  results: FileResult[];
}

/**
 * `switchedOff`: per settings file, the findings its `off` codes dropped. `severity`: the command line's
 * overrides (the settings-relaxed code takes the root's override under them, never the nested file's own).
 */
export function auditSettings(
  repos: RunRepoSettings,
  inputs: readonly CheckInput[],
  switchedOff: ReadonlyMap<string, number>,
  severity: SeverityMap,
  io: CliIO,
): SettingsAudit {
  const cwd = io.cwd?.() ?? process.cwd();
  const shown = (file: string) => {
    const rel = path.relative(cwd, file);
    return rel.startsWith('..') || path.isAbsolute(rel) ? file : rel;
  };
  const root = repos.atWorkingDirectory();
  const level = severity['settings-relaxed'] ?? root?.severity['settings-relaxed'];
  const governed = new Map<string, number>();
  for (const input of inputs) if (input.settings !== undefined) governed.set(input.settings, (governed.get(input.settings) ?? 0) + 1);
  const files = [...repos.met.keys()].sort((a, b) => (a === root?.file ? -1 : b === root?.file ? 1 : a.localeCompare(b)));
  const summary: SettingsUse[] = [];
  const results: FileResult[] = [];
  for (const file of files) {
    const use = repos.met.get(file)!;
    let relaxed: Finding[] = [];
    if (root && file !== root.file && level !== 'off') {
      let text: string | undefined;
      try {
        text = io.readFile(file);
      } catch {
        text = undefined;
      }
      const parsed = text === undefined ? undefined : parseRepoConfig(text, file);
      if (parsed && parsed.problems.length === 0) {
        relaxed = settingsRelaxations(parsed.config, text!, root, shown(root.file), repos.pinnedBy).map((f) => (level ? { ...f, severity: level } : f));
      }
    }
    summary.push({ path: shown(file), files: use.applied ? (governed.get(file) ?? 0) : 0, ignored: use.ignored, off: switchedOff.get(file) ?? 0, applied: use.applied, relaxations: relaxed.length });
    if (relaxed.length > 0) results.push({ path: shown(file), report: { findings: relaxed, documents: [] }, gateConfigs: [], notChecked: [] });
  }
  return { summary, results };
}
