// Ecosystem CRDs from checkouts of their repositories at release tags (`npm run extract -- --crds DIR…`): which
// project a checkout is (by the CRD files of its CRD directory), the release (tag, commit, commit date from git),
// each CRD's names, scope, channel and versions with their schemas (descriptions dropped, identical schemas stored
// once), the Gateway API channel differences (crd-channels.ts) and the controller gates (controller-gates.ts).
// Writes <out>/upstream/crds/{index,schemas,controller-gates}.json; a run replaces the releases it reads and
// keeps the others, so releases can be added one checkout at a time.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { crdFromObject } from '../../server/src/engine/api-extensions/definition';
import type { ChannelRow, CrdSchema } from '../../server/src/engine/api-extensions/crd-data';
import { writeJson } from '../generate/write-json';
import { channelDifferences, type ChannelCrd } from './crd-channels';
import { codeGatesOf, GATE_SOURCES, parseFieldRef, parseKindRef, readReviewedGates, type GovernedField, type GovernedKind, type ReviewedGateRow } from './controller-gates';
import type { SourceTree } from './source-tree';

/** The projects known by their CRD directory and a group only they define a CRD of. */
export const CRD_PROJECTS = [
  { project: 'external-snapshotter', repo: 'kubernetes-csi/external-snapshotter', sourceDir: 'client/config/crd', group: 'snapshot.storage.k8s.io' },
  { project: 'external-snapshot-metadata', repo: 'kubernetes-csi/external-snapshot-metadata', sourceDir: 'client/config/crd', group: 'cbt.storage.k8s.io' },
  { project: 'gateway-api', repo: 'kubernetes-sigs/gateway-api', sourceDir: 'config/crd', group: 'gateway.networking.k8s.io' },
  // before karpenter: the AWS provider ships karpenter.sh CRDs too
  { project: 'karpenter-provider-aws', repo: 'aws/karpenter-provider-aws', sourceDir: 'pkg/apis/crds', group: 'karpenter.k8s.aws' },
  { project: 'karpenter', repo: 'kubernetes-sigs/karpenter', sourceDir: 'pkg/apis/crds', group: 'karpenter.sh' },
] as const;
export type CrdProject = (typeof CRD_PROJECTS)[number];

export interface ReleaseRef {
  tag: string;
  commit: string;
  /** Committer date of the tagged commit, ISO 8601 with its offset. */
  commitDate: string;
}

export interface CrdFileRow {
  project: string;
  repo: string;
  tag: string;
  commit: string;
  /** Path in the repository. */
  path: string;
  sha256: string;
  group: string;
  kind: string;
  plural: string;
  listKind?: string;
  scope: 'Namespaced' | 'Cluster';
  channel?: string;
  bundleVersion?: string;
  versions: { name: string; served: boolean; storage: boolean; deprecated?: true; deprecationWarning?: string; schema?: string }[];
}

export interface CodeGateRow {
  project: string;
  tag: string;
  controller: string;
  name: string;
  default: boolean;
  stage?: string;
  /** `path:line` of the declaration at the release. */
  at: string;
}

export interface CrdIndex {
  schema: 'crds-extracted/1';
  projects: Record<string, { repo: string; sourceDir: string }>;
  releases: ({ project: string; repo: string } & ReleaseRef)[];
  files: CrdFileRow[];
  channelRows: ({ project: string; tag: string } & ChannelRow)[];
  codeGates: CodeGateRow[];
}

export interface ControllerGate {
  controller: string;
  project: string;
  repo: string;
  name: string;
  stage?: string;
  byRelease: Record<string, { default: boolean; stage?: string; at: string } | { exists: false }>;
  governs: { kinds: GovernedKind[]; fields: GovernedField[] };
  evidence: string[];
}

export const CRDS_OUT = path.join('upstream', 'crds');

/** The project a checkout is, by its CRD directory; undefined when none matches. */
export function projectOf(tree: SourceTree): CrdProject | undefined {
  return CRD_PROJECTS.find((p) => tree.list(p.sourceDir, (f) => path.posix.basename(f).startsWith(`${p.group}_`)).length > 0);
}

/** Tag (the `vX.Y.Z` one when several point at HEAD), commit and commit date of a git checkout. */
export function gitReleaseOf(dir: string): ReleaseRef | undefined {
  const git = (...args: string[]): string => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    const tags = git('tag', '--points-at', 'HEAD').split('\n').filter(Boolean);
    const tag = tags.find((t) => /^v\d+\.\d+\.\d+$/.test(t)) ?? tags[0];
    return tag ? { tag, commit: git('rev-parse', 'HEAD'), commitDate: git('log', '-1', '--format=%cI', 'HEAD') } : undefined;
  } catch {
    return undefined;
  }
}

export function schemaKey(schema: CrdSchema): string {
  return createHash('sha256').update(JSON.stringify(schema)).digest('hex').slice(0, 16);
}

function obj(v: unknown): Record<string, unknown> | undefined {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/** One release of one project: its CRD rows, channel differences and code gates. */
export function readRelease(tree: SourceTree, p: CrdProject, ref: ReleaseRef, schemas: Record<string, CrdSchema>): Pick<CrdIndex, 'files' | 'channelRows' | 'codeGates'> {
  const files: CrdFileRow[] = [];
  const byChannel: Record<'standard' | 'experimental', ChannelCrd[]> = { standard: [], experimental: [] };
  for (const rel of tree.list(p.sourceDir, (f) => /\.ya?ml$/.test(f))) {
    const file = `${p.sourceDir}/${rel}`;
    const text = tree.read(file);
    for (const doc of parseAllDocuments(text)) {
      const raw = doc.toJS() as unknown;
      const def = crdFromObject(raw, { kind: 'pack', name: path.posix.basename(file) });
      if (!def) continue;
      const rawVersions = (obj(obj(raw)?.spec)?.versions ?? []) as unknown[];
      files.push({
        project: p.project,
        repo: p.repo,
        tag: ref.tag,
        commit: ref.commit,
        path: file,
        sha256: createHash('sha256').update(text).digest('hex'),
        group: def.group,
        kind: def.kind,
        plural: def.plural ?? '',
        ...(def.listKind ? { listKind: def.listKind } : {}),
        scope: def.scope ?? 'Namespaced',
        ...(def.channel ? { channel: def.channel } : {}),
        ...(def.bundleVersion ? { bundleVersion: def.bundleVersion } : {}),
        versions: def.versions.map((v) => {
          let key: string | undefined;
          if (v.schema) schemas[(key = schemaKey(v.schema))] = v.schema;
          return { name: v.name, served: v.served, storage: v.storage, ...(v.deprecated ? { deprecated: true as const } : {}), ...(v.deprecationWarning ? { deprecationWarning: v.deprecationWarning } : {}), ...(key ? { schema: key } : {}) };
        }),
      });
      if (def.channel === 'standard' || def.channel === 'experimental') {
        byChannel[def.channel].push({
          group: def.group,
          kind: def.kind,
          versions: def.versions.map((v) => {
            const rv = obj(rawVersions.map(obj).find((x) => x?.name === v.name)?.schema)?.openAPIV3Schema;
            return { name: v.name, served: v.served, storage: v.storage, ...(obj(rv) ? { schema: obj(rv) } : {}) };
          }),
        });
      }
      break; // one CRD per file
    }
  }
  const channelRows = byChannel.standard.length && byChannel.experimental.length ? channelDifferences(byChannel).map((r) => ({ project: p.project, tag: ref.tag, ...r })) : [];
  const codeGates: CodeGateRow[] = [];
  for (const s of GATE_SOURCES) {
    if (s.project !== p.project) continue;
    for (const g of codeGatesOf(tree, s.form, s.file) ?? []) codeGates.push({ project: p.project, tag: ref.tag, controller: s.controller, name: g.name, default: g.default, ...(g.stage ? { stage: g.stage } : {}), at: `${s.file}:${g.line}` });
  }
  return { files, channelRows, codeGates };
}

/** The controller gates: every gate the code of a release declares, with the reviewed stage and governed kinds/fields. */
export function controllerGates(index: CrdIndex, reviewed: ReviewedGateRow[]): ControllerGate[] {
  const out: ControllerGate[] = [];
  for (const s of GATE_SOURCES) {
    const releases = index.releases.filter((r) => r.project === s.project).sort((a, b) => compareTags(a.tag, b.tag));
    const code = index.codeGates.filter((g) => g.controller === s.controller);
    const rows = reviewed.filter((r) => r.controller === s.controller);
    // the reviewed file's order (the documentation table), then gates it does not name, as the code lists them
    const names = [...new Set([...rows.map((r) => r.gate), ...code.map((g) => g.name)])];
    for (const name of names) {
      const mine = rows.filter((r) => r.gate === name);
      const stage = mine.find((r) => r.fact === 'stage')?.value;
      const byRelease: ControllerGate['byRelease'] = {};
      for (const r of releases) {
        const g = code.find((x) => x.tag === r.tag && x.name === name);
        byRelease[r.tag] = g ? { default: g.default, ...(g.stage ? { stage: g.stage } : {}), at: g.at } : { exists: false };
      }
      out.push({
        controller: s.controller,
        project: s.project,
        repo: CRD_PROJECTS.find((p) => p.project === s.project)!.repo,
        name,
        ...(stage ? { stage } : {}),
        byRelease,
        governs: { kinds: mine.filter((r) => r.fact === 'kind').map((r) => parseKindRef(r.value)), fields: mine.filter((r) => r.fact === 'field').map((r) => parseFieldRef(r.value)) },
        evidence: mine.map((r) => r.evidence),
      });
    }
  }
  return out;
}

export function readCrdIndex(dir: string): CrdIndex | undefined {
  const file = path.join(dir, CRDS_OUT, 'index.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as CrdIndex) : undefined;
}

export function readCrdSchemas(dir: string): Record<string, CrdSchema> {
  const file = path.join(dir, CRDS_OUT, 'schemas.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { schemas: Record<string, CrdSchema> }).schemas : {};
}

export interface CrdRunReport {
  read: { dir: string; project: string; tag: string; commit: string; crds: number }[];
  problems: string[];
  written: string[];
}

const byRelease = (a: { project: string; tag: string }, b: { project: string; tag: string }): number => (a.project < b.project ? -1 : a.project > b.project ? 1 : -compareTags(a.tag, b.tag));

/** Reads each checkout, merges its release into `<outDir>/upstream/crds/` and rewrites the derived files. */
export function extractCrds(trees: SourceTree[], outDir: string, releaseOf: (tree: SourceTree) => ReleaseRef | undefined = (t) => gitReleaseOf(t.root)): CrdRunReport {
  const report: CrdRunReport = { read: [], problems: [], written: [] };
  const old = readCrdIndex(outDir);
  const index: CrdIndex = old ?? { schema: 'crds-extracted/1', projects: {}, releases: [], files: [], channelRows: [], codeGates: [] };
  const schemas = readCrdSchemas(outDir);
  for (const tree of trees) {
    const p = projectOf(tree);
    if (!p) {
      report.problems.push(`${tree.root}: no CRD directory of a known project (${CRD_PROJECTS.map((x) => `${x.repo} ${x.sourceDir}`).join(', ')})`);
      continue;
    }
    const ref = releaseOf(tree);
    if (!ref) {
      report.problems.push(`${tree.root}: ${p.repo} checkout without a tag at HEAD (check out a release tag)`);
      continue;
    }
    const same = (r: { project: string; tag: string }): boolean => r.project === p.project && r.tag === ref.tag;
    const got = readRelease(tree, p, ref, schemas);
    index.projects[p.project] = { repo: p.repo, sourceDir: p.sourceDir };
    index.releases = [...index.releases.filter((r) => !same(r)), { project: p.project, repo: p.repo, ...ref }];
    index.files = [...index.files.filter((r) => !same(r)), ...got.files];
    index.channelRows = [...index.channelRows.filter((r) => !same(r)), ...got.channelRows];
    index.codeGates = [...index.codeGates.filter((r) => !same(r)), ...got.codeGates];
    report.read.push({ dir: tree.root, project: p.project, tag: ref.tag, commit: ref.commit, crds: got.files.length });
  }
  if (report.read.length === 0) return report;
  index.releases.sort(byRelease);
  index.files.sort((a, b) => byRelease(a, b) || (a.path < b.path ? -1 : 1));
  // channel rows keep their order within a release (crd-channels.ts sorts them)
  index.channelRows = index.releases.flatMap((r) => index.channelRows.filter((x) => x.project === r.project && x.tag === r.tag));
  index.codeGates.sort(byRelease); // stable: the code's order within a release
  index.projects = Object.fromEntries(Object.keys(index.projects).sort().map((k) => [k, index.projects[k]]));
  // schemas no CRD row uses any more go
  const used = new Set(index.files.flatMap((f) => f.versions.map((v) => v.schema)));
  const kept = Object.fromEntries(Object.keys(schemas).filter((k) => used.has(k)).sort().map((k) => [k, schemas[k]]));
  const dir = path.join(outDir, CRDS_OUT);
  writeJson(dir, 'index.json', index);
  writeJson(dir, 'schemas.json', { schemas: kept });
  writeJson(dir, 'controller-gates.json', { gates: controllerGates(index, readReviewedGates()) });
  report.written.push(...['index.json', 'schemas.json', 'controller-gates.json'].map((f) => `${CRDS_OUT.split(path.sep).join('/')}/${f}`));
  return report;
}

/** v1.10.0 > v1.9.1 (numeric parts). */
export function compareTags(a: string, b: string): number {
  const pa = a.replace(/^v/, '').split(/[.-]/).map((x) => Number(x));
  const pb = b.replace(/^v/, '').split(/[.-]/).map((x) => Number(x));
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0 && !Number.isNaN(d)) return d;
  }
  return 0;
}
