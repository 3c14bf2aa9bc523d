// Controller feature gates of the ecosystem projects whose CRDs are extracted (crds.ts): each gate's existence,
// default and stage read from the code of each release, joined with the reviewed rows of
// data/controller-gates.tsv (the stage a documentation table gives, the kinds and fields a gate governs).
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { SourceTree } from './source-tree';

/** Where a controller declares its gates, and how. */
export const GATE_SOURCES = [
  // k8s.io/component-base featuregate specs: `Const: {Default: false, PreRelease: featuregate.Beta}`
  { controller: 'snapshot-controller', project: 'external-snapshotter', file: 'pkg/features/features.go', form: 'featuregate' },
  // the default of the --feature-gates flag: `env.WithDefaultString("FEATURE_GATES", "A=false,B=true")`
  { controller: 'karpenter', project: 'karpenter', file: 'pkg/operator/options/options.go', form: 'flag-default' },
] as const;

export interface CodeGate {
  name: string;
  default: boolean;
  stage?: string;
  line: number;
}

function lineAt(src: string, index: number): number {
  return src.slice(0, index).split('\n').length;
}

/** Gates of a featuregate spec map: the Feature constants' names and their specs. */
export function featureGateSpecs(src: string): CodeGate[] {
  const names = new Map<string, string>();
  for (const m of src.matchAll(/^\s*(\w+)\s+featuregate\.Feature\s*=\s*"([^"]+)"/gm)) names.set(m[1], m[2]);
  const out: CodeGate[] = [];
  for (const m of src.matchAll(/^\s*(\w+):\s*\{\s*Default:\s*(true|false),\s*PreRelease:\s*featuregate\.(\w+)/gm)) {
    const name = names.get(m[1]);
    if (name) out.push({ name, default: m[2] === 'true', stage: m[3] === 'GA' ? 'GA' : m[3], line: lineAt(src, m.index + m[0].indexOf(m[1])) });
  }
  return out;
}

/** Gates of a `--feature-gates` flag whose default is a `Name=bool,…` string (karpenter). */
export function flagDefaultGates(src: string): CodeGate[] {
  const m = /"feature-gates",\s*env\.WithDefaultString\("FEATURE_GATES",\s*"([^"]*)"\)/.exec(src);
  if (!m) return [];
  const line = lineAt(src, m.index);
  return m[1]
    .split(',')
    .map((pair) => pair.trim().split('='))
    .filter(([name, value]) => name && (value === 'true' || value === 'false'))
    .map(([name, value]) => ({ name, default: value === 'true', line }));
}

export function codeGatesOf(tree: SourceTree, form: (typeof GATE_SOURCES)[number]['form'], file: string): CodeGate[] | undefined {
  if (!tree.exists(file)) return undefined;
  const src = tree.read(file);
  return form === 'featuregate' ? featureGateSpecs(src) : flagDefaultGates(src);
}

export interface ReviewedGateRow {
  controller: string;
  gate: string;
  fact: 'stage' | 'kind' | 'field';
  value: string;
  evidence: string;
}

export const REVIEWED_GATES = path.join(__dirname, 'data', 'controller-gates.tsv');

export function readReviewedGates(file = REVIEWED_GATES): ReviewedGateRow[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => {
      const [controller, gate, fact, value, evidence] = l.split('\t');
      if (fact !== 'stage' && fact !== 'kind' && fact !== 'field') throw new Error(`${path.basename(file)}: unknown fact ${fact} (${gate})`);
      if (!evidence || !/^[\w.-]+\/[\w.-]+ \S+@[0-9a-f]{40}\b/.test(evidence)) throw new Error(`${path.basename(file)}: ${gate} ${fact}: evidence must start with repository path@commit`);
      return { controller, gate, fact, value, evidence };
    });
}

export interface GovernedKind {
  group: string;
  version?: string;
  kind: string;
}
export interface GovernedField {
  group: string;
  version: string;
  kind: string;
  path: string;
  value?: string;
}

/** `group[/version] Kind` */
export function parseKindRef(v: string): GovernedKind {
  const m = /^([\w.-]+)(?:\/(\w+))? (\w+)$/.exec(v);
  if (!m) throw new Error(`controller-gates.tsv: kind ${v}: expected group[/version] Kind`);
  return { group: m[1], ...(m[2] ? { version: m[2] } : {}), kind: m[3] };
}

/** `group/version Kind path[ = value]` */
export function parseFieldRef(v: string): GovernedField {
  const m = /^([\w.-]+)\/(\w+) (\w+) (\S+)(?: = (.+))?$/.exec(v);
  if (!m) throw new Error(`controller-gates.tsv: field ${v}: expected group/version Kind path[ = value]`);
  return { group: m[1], version: m[2], kind: m[3], path: m[4], ...(m[5] ? { value: m[5] } : {}) };
}
