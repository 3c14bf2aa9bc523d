// The ecosystem CRD facts of a data folder, one (category, key) → value each, for comparing the extraction
// (upstream/crds/{index,schemas,controller-gates}.json, crds.ts) with ../shared's CRD folder (index.json,
// channel-fields.tsv, controller-gates.json and the upstream YAML files), the test oracle.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { crdFromObject } from '../../server/src/engine/api-extensions/definition';
import { CRDS_OUT, readCrdIndex, schemaKey, type ControllerGate } from './crds';
import { GATE_SOURCES } from './controller-gates';

export type CrdCategory = 'crd-release' | 'crd-file' | 'crd-version' | 'channel-row' | 'controller-gate' | 'gate-stage' | 'gate-governs';
export type CrdFacts = Map<CrdCategory, Map<string, string>>;

function put(f: CrdFacts, c: CrdCategory, key: string, value: string): void {
  let m = f.get(c);
  if (!m) f.set(c, (m = new Map()));
  m.set(key, value);
}

const fileFact = (x: { sha256: string; group?: string; kind?: string; plural?: string; scope?: string; channel?: string; bundleVersion?: string }): string =>
  `${x.group} ${x.kind} ${x.plural} ${x.scope}${x.channel ? ` channel ${x.channel}` : ''}${x.bundleVersion ? ` bundle ${x.bundleVersion}` : ''} sha256 ${x.sha256.slice(0, 12)}`;
const versionFact = (v: { served: boolean; storage: boolean; deprecated?: boolean; deprecationWarning?: string }, schema: string | undefined): string =>
  `served ${v.served} storage ${v.storage}${v.deprecated ? ' deprecated' : ''}${v.deprecationWarning ? ` warning "${v.deprecationWarning}"` : ''} schema ${schema ?? '-'}`;
const rowKey = (r: { tag: string; group: string; kind: string; version: string; path: string; difference: string; onlyIn: string; value?: string }): string =>
  `${r.tag} ${r.group} ${r.kind} ${r.version} ${r.path} ${r.difference} ${r.onlyIn}${r.value ? ` ${r.value}` : ''}`;
const gateState = (s: { default?: boolean; stage?: string; exists?: boolean }): string => (s.exists === false ? 'absent' : `${s.stage ?? '(stage not in code)'}, ${s.default ? 'on' : 'off'}`);
const kindRef = (k: { group: string; version?: string; kind: string }): string => `kind ${k.group}${k.version ? `/${k.version}` : ''} ${k.kind}`;
const fieldRef = (x: { group: string; version: string; kind: string; path: string; value?: string }): string => `field ${x.group}/${x.version} ${x.kind} ${x.path}${x.value ? ` = ${x.value}` : ''}`;
const documentedStage = (s: string | undefined): string | undefined => /^(Alpha|Beta|GA)\b/.exec(s ?? '')?.[1];

/** Facts of the extraction's CRD data in `dataDir` (empty when it holds none). */
export function extractedCrdFacts(dataDir: string): CrdFacts {
  const f: CrdFacts = new Map();
  const index = readCrdIndex(dataDir);
  if (!index) return f;
  for (const r of index.releases) put(f, 'crd-release', `${r.project} ${r.tag}`, `${r.repo} ${r.commit} ${r.commitDate}`);
  for (const x of index.files) {
    put(f, 'crd-file', `${x.project} ${x.tag} ${x.path}`, fileFact(x));
    for (const v of x.versions) put(f, 'crd-version', `${x.project} ${x.tag} ${x.path} ${v.name}`, versionFact(v, v.schema));
  }
  for (const r of index.channelRows) put(f, 'channel-row', rowKey(r), 'listed');
  const gates = (JSON.parse(fs.readFileSync(path.join(dataDir, CRDS_OUT, 'controller-gates.json'), 'utf8')) as { gates: ControllerGate[] }).gates;
  for (const g of gates) {
    for (const [tag, s] of Object.entries(g.byRelease)) put(f, 'controller-gate', `${g.controller} ${g.name} ${tag}`, gateState(s));
    if (g.stage) put(f, 'gate-stage', `${g.controller} ${g.name}`, g.stage);
    for (const k of g.governs.kinds) put(f, 'gate-governs', `${g.controller} ${g.name} ${kindRef(k)}`, 'governed');
    for (const x of g.governs.fields) put(f, 'gate-governs', `${g.controller} ${g.name} ${fieldRef(x)}`, 'governed');
  }
  return f;
}

interface SharedIndex {
  projects: Record<string, { repo: string; releases: { tag: string; commit: string; commitDate: string; files: { file: string; upstreamPath: string; sha256: string; fileRole: string; group?: string; kind?: string; plural?: string; scope?: string; channel?: string; bundleVersion?: string }[] }[] }>;
}
interface SharedGates {
  controllers: Record<string, { gates?: { name: string; stage?: string; byRelease?: Record<string, { stage?: string; default?: boolean; exists?: boolean; released?: boolean }>; governs?: { kinds?: { group: string; version?: string; kind: string }[]; fields?: { group: string; version: string; kind: string; path: string; value?: string }[] } }[] }>;
}

function unescapeTsv(v: string): string {
  return v.replace(/\\(\\|t|n)/g, (_, c: string) => (c === 't' ? '\t' : c === 'n' ? '\n' : '\\'));
}

/**
 * Facts of ../shared's CRD folder (`crdsDir` = <shared>/upstream/crds) in the same form: schemas are read from its
 * YAML files as the extraction reads them; controllers are those the extraction reads gates of, at the release
 * tags whose CRDs it holds.
 */
export function sharedCrdFacts(crdsDir: string): CrdFacts {
  const f: CrdFacts = new Map();
  const index = JSON.parse(fs.readFileSync(path.join(crdsDir, 'index.json'), 'utf8')) as SharedIndex;
  const tags = new Set<string>();
  for (const [project, p] of Object.entries(index.projects)) {
    for (const r of p.releases) {
      tags.add(`${project} ${r.tag}`);
      put(f, 'crd-release', `${project} ${r.tag}`, `${p.repo} ${r.commit} ${r.commitDate}`);
      for (const x of r.files) {
        if (x.fileRole !== 'crd') continue;
        put(f, 'crd-file', `${project} ${r.tag} ${x.upstreamPath}`, fileFact(x));
        const doc = parseAllDocuments(fs.readFileSync(path.join(crdsDir, x.file), 'utf8')).find((d) => crdFromObject(d.toJS(), { kind: 'pack', name: x.file }));
        const def = doc && crdFromObject(doc.toJS(), { kind: 'pack', name: x.file });
        for (const v of def?.versions ?? []) put(f, 'crd-version', `${project} ${r.tag} ${x.upstreamPath} ${v.name}`, versionFact(v, v.schema && schemaKey(v.schema)));
      }
    }
  }
  const lines = fs.readFileSync(path.join(crdsDir, 'channel-fields.tsv'), 'utf8').split('\n').filter((l) => l.trim());
  const header = lines.shift()!.split('\t');
  const col = (row: string[], name: string): string => unescapeTsv(row[header.indexOf(name)] ?? '');
  for (const line of lines) {
    const c = line.split('\t');
    const difference = col(c, 'difference');
    const keepsValue = difference === 'enum-value' || difference === 'cel-rule' || difference === 'pattern';
    put(f, 'channel-row', rowKey({ tag: col(c, 'bundleVersion'), group: col(c, 'group'), kind: col(c, 'kind'), version: col(c, 'version'), path: col(c, 'path'), difference, onlyIn: col(c, 'onlyInChannel'), ...(keepsValue ? { value: col(c, 'value') } : {}) }), 'listed');
  }
  const gates = JSON.parse(fs.readFileSync(path.join(crdsDir, 'controller-gates.json'), 'utf8')) as SharedGates;
  for (const s of GATE_SOURCES) {
    for (const g of gates.controllers[s.controller]?.gates ?? []) {
      for (const [tag, st] of Object.entries(g.byRelease ?? {})) if (tags.has(`${s.project} ${tag}`)) put(f, 'controller-gate', `${s.controller} ${g.name} ${tag}`, gateState(st));
      const stage = documentedStage(g.stage);
      if (stage) put(f, 'gate-stage', `${s.controller} ${g.name}`, stage);
      for (const k of g.governs?.kinds ?? []) put(f, 'gate-governs', `${s.controller} ${g.name} ${kindRef(k)}`, 'governed');
      for (const x of g.governs?.fields ?? []) put(f, 'gate-governs', `${s.controller} ${g.name} ${fieldRef(x)}`, 'governed');
    }
  }
  return f;
}

export interface CrdDiffLine {
  category: CrdCategory;
  key: string;
  before?: string;
  after?: string;
}

/** Facts that differ, appear or go away from `before` to `after`, sorted by category and key. */
export function diffCrdFacts(before: CrdFacts, after: CrdFacts): CrdDiffLine[] {
  const out: CrdDiffLine[] = [];
  for (const c of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    const [b, a] = [before.get(c) ?? new Map<string, string>(), after.get(c) ?? new Map<string, string>()];
    for (const key of [...new Set([...b.keys(), ...a.keys()])].sort()) if (b.get(key) !== a.get(key)) out.push({ category: c, key, before: b.get(key), after: a.get(key) });
  }
  return out;
}
