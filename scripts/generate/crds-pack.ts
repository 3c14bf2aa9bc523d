// The bundled ecosystem CRD pack (schemas/crds-pack.json) from ../shared/upstream/crds: per project and release
// the CRDs (names, scope, versions, schemas without descriptions; identical schemas stored once; for Gateway API
// the experimental channel's CRDs), the Gateway API channel differences (channel-fields.tsv: fields, enum values, kinds, versions) and the controller feature gates
// (controller-gates.json). Format: server/src/engine/api-extensions/crd-data.ts.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { crdFromObject } from '../../server/src/engine/api-extensions/definition';
import type { ChannelRow, ControllerGateFact, CrdPack, CrdSchema, PackCrd, PackProject } from '../../server/src/engine/api-extensions/crd-data';

interface IndexFile {
  file: string;
  fileRole: string;
  channel?: string;
  group?: string;
  kind?: string;
}
interface IndexRelease {
  tag: string;
  commitDate: string;
  files: IndexFile[];
}
interface IndexJson {
  projects: Record<string, { repo: string; releases: IndexRelease[] }>;
}

/** Upstream directory per project (for documentation links of controller gates). */
const GATE_DOCS: Record<string, string> = {
  'snapshot-controller': 'https://github.com/kubernetes-csi/external-snapshotter#feature-status',
  karpenter: 'https://karpenter.sh/docs/reference/settings/#feature-gates',
};

export function crdsDir(sharedDir: string): string {
  return path.join(sharedDir, 'upstream', 'crds');
}

function hashOf(schema: CrdSchema): string {
  return createHash('sha256').update(JSON.stringify(schema)).digest('hex').slice(0, 16);
}

function readCrd(file: string, schemas: Record<string, CrdSchema>): PackCrd | undefined {
  for (const doc of parseAllDocuments(fs.readFileSync(file, 'utf8'))) {
    const def = crdFromObject(doc.toJS(), { kind: 'pack', name: path.basename(file) });
    if (!def) continue;
    return {
      group: def.group,
      kind: def.kind,
      plural: def.plural ?? '',
      ...(def.listKind ? { listKind: def.listKind } : {}),
      scope: def.scope ?? 'Namespaced',
      versions: def.versions.map((v) => {
        let key: string | undefined;
        if (v.schema) {
          key = hashOf(v.schema);
          schemas[key] = v.schema;
        }
        return {
          name: v.name,
          served: v.served,
          storage: v.storage,
          ...(v.deprecated ? { deprecated: true as const } : {}),
          ...(v.deprecationWarning ? { deprecationWarning: v.deprecationWarning } : {}),
          ...(key ? { schema: key } : {}),
        };
      }),
    };
  }
  return undefined;
}

function byKind(a: PackCrd, b: PackCrd): number {
  return a.group.localeCompare(b.group) || a.kind.localeCompare(b.kind);
}

function unescapeTsv(v: string): string {
  return v.replace(/\\(\\|t|n)/g, (_, c: string) => (c === 't' ? '\t' : c === 'n' ? '\n' : '\\'));
}

/** channel-fields.tsv rows the engine uses (fields, enum values, CEL rules, patterns, kinds, versions), per bundle version. */
function readChannelRows(dir: string): Map<string, ChannelRow[]> {
  const out = new Map<string, ChannelRow[]>();
  const lines = fs.readFileSync(path.join(dir, 'channel-fields.tsv'), 'utf8').split('\n').filter((l) => l.trim() !== '');
  const header = lines.shift()!.split('\t');
  const col = (name: string) => header.indexOf(name);
  const keep = new Set(['field', 'enum-value', 'cel-rule', 'pattern', 'kind-only-in-channel', 'version-served-only-in-channel', 'version-only-in-channel']);
  for (const line of lines) {
    const c = line.split('\t').map(unescapeTsv);
    const difference = c[col('difference')];
    if (!keep.has(difference)) continue;
    const onlyIn = c[col('onlyInChannel')];
    if (onlyIn !== 'standard' && onlyIn !== 'experimental') continue;
    const row: ChannelRow = {
      group: c[col('group')],
      kind: c[col('kind')],
      version: c[col('version')],
      path: c[col('path')],
      difference: difference as ChannelRow['difference'],
      onlyIn,
    };
    const value = c[col('value')];
    if (value && (difference === 'enum-value' || difference === 'cel-rule' || difference === 'pattern')) row.value = value;
    const tag = c[col('bundleVersion')];
    const list = out.get(tag) ?? [];
    list.push(row);
    out.set(tag, list);
  }
  return out;
}

interface GatesJson {
  controllers: Record<
    string,
    {
      project?: string;
      gateFlag?: string;
      gates?: {
        name: string;
        stage?: string;
        byRelease?: Record<string, { stage?: string; default?: boolean; exists?: boolean; released?: boolean }>;
        governs?: { kinds?: { group: string; version?: string; kind: string }[]; fields?: { group: string; version: string; kind: string; path: string; value?: string }[] };
      }[];
    }
  >;
}

function readControllerGates(dir: string, releasedTags: Set<string>): ControllerGateFact[] {
  const json = JSON.parse(fs.readFileSync(path.join(dir, 'controller-gates.json'), 'utf8')) as GatesJson;
  const out: ControllerGateFact[] = [];
  for (const controller of Object.keys(json.controllers).sort()) {
    const c = json.controllers[controller];
    if (!c.project || !GATE_DOCS[controller]) continue; // sidecars share the controller's gate table
    for (const g of c.gates ?? []) {
      const kinds = g.governs?.kinds ?? [];
      // Fields whose value is a prose description (a requirement key/value pair) are not field paths we can match.
      const fields = (g.governs?.fields ?? []).filter((f) => f.value === undefined && !f.path.startsWith('status.'));
      if (kinds.length === 0 && fields.length === 0) continue;
      const byRelease: ControllerGateFact['byRelease'] = {};
      for (const [tag, r] of Object.entries(g.byRelease ?? {})) {
        if (r.released === false || !releasedTags.has(`${c.project} ${tag}`)) continue;
        byRelease[tag] = r.exists === false ? { exists: false } : { ...(r.stage ? { stage: r.stage } : {}), ...(typeof r.default === 'boolean' ? { default: r.default } : {}) };
      }
      const stage = /^(Alpha|Beta|GA)\b/.exec(g.stage ?? '')?.[1];
      out.push({
        name: g.name,
        controller,
        project: c.project,
        byRelease,
        ...(stage ? { stage } : {}),
        governsKinds: kinds.map((k) => ({ group: k.group, ...(k.version ? { version: k.version } : {}), kind: k.kind })),
        governsFields: fields.map((f) => ({ group: f.group, version: f.version, kind: f.kind, path: f.path })),
        docs: GATE_DOCS[controller],
        gateFlag: '--feature-gates',
      });
    }
  }
  return out;
}

export function buildCrdPack(sharedDir: string): CrdPack | undefined {
  const dir = crdsDir(sharedDir);
  if (!fs.existsSync(path.join(dir, 'index.json'))) return undefined;
  const index = JSON.parse(fs.readFileSync(path.join(dir, 'index.json'), 'utf8')) as IndexJson;
  const channelRows = readChannelRows(dir);
  const schemas: Record<string, CrdSchema> = {};
  const projects: Record<string, PackProject> = {};
  const released = new Set<string>();
  for (const name of Object.keys(index.projects).sort()) {
    const p = index.projects[name];
    const releases = [...p.releases].sort((a, b) => compareTags(b.tag, a.tag));
    projects[name] = {
      repo: p.repo,
      releases: releases.map((r) => {
        released.add(`${name} ${r.tag}`);
        const byChannel = new Map<string, PackCrd[]>();
        const plain: PackCrd[] = [];
        for (const f of r.files) {
          if (f.fileRole !== 'crd') continue;
          if (f.channel && f.channel !== 'experimental') continue;
          const crd = readCrd(path.join(dir, f.file), schemas);
          if (!crd) continue;
          if (f.channel) byChannel.set(f.channel, [...(byChannel.get(f.channel) ?? []), crd]);
          else plain.push(crd);
        }
        if (byChannel.size === 0) return { tag: r.tag, date: r.commitDate.slice(0, 10), crds: plain.sort(byKind) };
        // Only the experimental CRDs are kept (a superset of the standard ones): the engine walks them and
        // reports what the standard channel lacks from channel-fields.tsv, which keeps the pack small.
        const channels: Record<string, PackCrd[]> = {};
        for (const ch of [...byChannel.keys()].sort()) if (ch === 'experimental') channels[ch] = byChannel.get(ch)!.sort(byKind);
        return { tag: r.tag, date: r.commitDate.slice(0, 10), channels, channelRows: channelRows.get(r.tag) ?? [] };
      }),
    };
  }
  const sortedSchemas: Record<string, CrdSchema> = {};
  for (const k of Object.keys(schemas).sort()) sortedSchemas[k] = schemas[k];
  return { schema: 'crds-pack/1', projects, schemas: sortedSchemas, controllerGates: readControllerGates(dir, released) };
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
