// A nested `.kubegate.yaml` that relaxes the policy of the root one (the settings of the folder a run starts in):
// the nearest settings file governs a file alone (nothing is inherited), so a subfolder's file can hide findings
// the root's makes errors, skip files or kinds the root checks, or fail on less. Each relaxation is a
// settings-relaxed finding on its own line of the nested file, so a pull request that adds one is seen. What
// describes the target (kubernetesVersion, featureGates, configFiles, customResources) is not a relaxation.
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import type { Range } from '../base/types';
import { defaultSeverity, finding } from '../codes';
import type { Finding, FindingCode } from '../codes/finding';
import type { SeverityOverride } from '../codes/severity-overrides';
import { FAIL_ON_LEVELS, type RepoConfig } from './repo-config';

/** Less is laxer. */
const SEVERITY_RANK: Record<SeverityOverride, number> = { off: 0, hint: 1, information: 2, warning: 3, error: 4 };
/** Fails on fewer findings: less is laxer (`never` fails on none). */
const FAIL_ON_RANK: Record<(typeof FAIL_ON_LEVELS)[number], number> = { never: 0, error: 1, warning: 2, information: 3 };

const START: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/** Ranges of a settings file's keys and list entries (`severity.unknown-field`, `ignore.0`). */
function keyRanges(text: string): (keyPath: string) => Range | undefined {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: false });
  const ranges = new Map<string, Range>();
  const rangeOf = (node: Node | null | undefined): Range | undefined => {
    const r = node?.range;
    if (!r) return undefined;
    const a = lineCounter.linePos(r[0]);
    const b = lineCounter.linePos(r[1]);
    return { start: { line: a.line - 1, character: a.col - 1 }, end: { line: b.line - 1, character: b.col - 1 } };
  };
  const walk = (node: unknown, prefix: string, depth: number) => {
    if (depth > 2) return;
    if (isMap(node)) {
      for (const pair of node.items) {
        if (!isScalar(pair.key)) continue;
        const name = `${prefix}${String(pair.key.value)}`;
        const r = rangeOf(pair.key as Node);
        if (r && !ranges.has(name)) ranges.set(name, r);
        walk(pair.value, `${name}.`, depth + 1);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => {
        const r = rangeOf(item as Node);
        if (r) ranges.set(`${prefix}${i}`, r);
      });
    }
  };
  walk(doc.contents, '', 0);
  return (keyPath) => ranges.get(keyPath);
}

/**
 * The settings-relaxed findings of `nested` (its text `text`) against `root`, named `rootName` in messages (as the
 * run writes paths). `pinnedBy`: the run applies the root's settings to every file (`kubegate check --settings`,
 * or `pin: true` of the root's), so the nested file's relaxations are refused, not applied.
 */
export function settingsRelaxations(nested: RepoConfig, text: string, root: RepoConfig, rootName: string, pinnedBy?: 'option' | 'key'): Finding[] {
  const rangeOf = keyRanges(text);
  const pinned = pinnedBy !== undefined;
  const outcome = pinnedBy === 'option' ? `; refused: --settings applies ${rootName} to every file` : pinnedBy === 'key' ? `; refused: pin: true of ${rootName} applies it to every file` : '';
  const fix = pinned ? 'Remove it.' : `Remove it, or change ${rootName}; kubegate check --settings ${rootName} refuses it.`;
  const out: Finding[] = [];
  const add = (key: string, at: Range | undefined, message: string) =>
    out.push(finding('settings-relaxed', { message: `${message}${outcome}`, fix, range: at ?? START, data: { key, root: root.file, pinned, rule: 'settings-relaxed' } }));

  const codes = new Set([...Object.keys(root.severity), ...Object.keys(nested.severity)] as FindingCode[]);
  for (const code of [...codes].sort()) {
    const mine = nested.severity[code];
    const here = mine ?? defaultSeverity(code);
    const theirs = root.severity[code] ?? defaultSeverity(code);
    if (SEVERITY_RANK[here] >= SEVERITY_RANK[theirs]) continue;
    const at = rangeOf(`severity.${code}`) ?? rangeOf('severity');
    if (mine === undefined) add(`severity.${code}`, at, `${code} is ${theirs} in ${rootName}, ${here} under this folder (this file does not keep it)`);
    else if (mine === 'off') add(`severity.${code}`, at, `turns ${code} off under this folder (${theirs} in ${rootName})`);
    else add(`severity.${code}`, at, `lowers ${code} to ${mine} under this folder (${theirs} in ${rootName})`);
  }
  // Its globs are relative to its own folder: every one skips files the root's settings would check.
  nested.ignore.forEach((glob, i) => add(`ignore.${i}`, rangeOf(`ignore.${i}`) ?? rangeOf('ignore'), `ignore "${glob}" skips files under this folder that ${rootName} checks`));
  if (nested.files.length > 0) add('files', rangeOf('files'), `files narrows the files checked under this folder to ${nested.files.map((g) => `"${g}"`).join(', ')}`);
  nested.skipKinds.forEach((kind, i) => {
    if (!root.skipKinds.includes(kind)) add(`skipKinds.${i}`, rangeOf(`skipKinds.${i}`) ?? rangeOf('skipKinds'), `skipKinds skips ${kind} documents that ${rootName} checks`);
  });
  if (nested.failOn && FAIL_ON_RANK[nested.failOn] < FAIL_ON_RANK[root.failOn ?? 'error']) {
    add('failOn', rangeOf('failOn'), `failOn: ${nested.failOn} fails on less than ${rootName} (failOn: ${root.failOn ?? 'error'})`);
  }
  if (nested.maxWarnings !== undefined && root.maxWarnings !== undefined && nested.maxWarnings > root.maxWarnings) {
    add('maxWarnings', rangeOf('maxWarnings'), `maxWarnings: ${nested.maxWarnings} allows more warnings than ${rootName} (${root.maxWarnings})`);
  }
  if (nested.unchecked === 'report' && root.unchecked === 'fail') add('unchecked', rangeOf('unchecked'), `unchecked: report passes documents that ${rootName} fails (unchecked: fail)`);
  return out;
}
