// The bundled ecosystem CRD pack (schemas/crds-pack.json) from the extracted CRD data (data/extracted/upstream/crds,
// written by `npm run extract -- --crds`: scripts/extract/crds.ts): per project and release the CRDs (names, scope,
// versions, schemas without descriptions; identical schemas stored once; for Gateway API the experimental channel's
// CRDs), the Gateway API channel differences (fields, enum values, CEL rules, patterns, kinds, versions) and the
// controller feature gates. Format: server/src/engine/api-extensions/crd-data.ts.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ChannelRow, ControllerGateFact, CrdPack, CrdSchema, PackCrd, PackProject } from '../../server/src/engine/api-extensions/crd-data';
import { compareTags, CRDS_OUT, readCrdIndex, readCrdSchemas, type ControllerGate, type CrdFileRow } from '../extract/crds';

/** Upstream directory per project (for documentation links of controller gates). */
const GATE_DOCS: Record<string, string> = {
  'snapshot-controller': 'https://github.com/kubernetes-csi/external-snapshotter#feature-status',
  karpenter: 'https://karpenter.sh/docs/reference/settings/#feature-gates',
};

/** The input the pack is built from, relative to a data folder. */
export const CRDS_INDEX = `${CRDS_OUT.split(path.sep).join('/')}/index.json`;

function packCrd(f: CrdFileRow, schemas: Record<string, CrdSchema>, used: Record<string, CrdSchema>): PackCrd {
  return {
    group: f.group,
    kind: f.kind,
    plural: f.plural,
    ...(f.listKind ? { listKind: f.listKind } : {}),
    scope: f.scope,
    versions: f.versions.map((v) => {
      if (v.schema) {
        if (!schemas[v.schema]) throw new Error(`${CRDS_OUT}/schemas.json: no schema ${v.schema} (${f.path} ${v.name})`);
        used[v.schema] = schemas[v.schema];
      }
      return {
        name: v.name,
        served: v.served,
        storage: v.storage,
        ...(v.deprecated ? { deprecated: true as const } : {}),
        ...(v.deprecationWarning ? { deprecationWarning: v.deprecationWarning } : {}),
        ...(v.schema ? { schema: v.schema } : {}),
      };
    }),
  };
}

function byKind(a: PackCrd, b: PackCrd): number {
  return a.group.localeCompare(b.group) || a.kind.localeCompare(b.kind);
}

function packGates(gates: ControllerGate[], releasedTags: Set<string>): ControllerGateFact[] {
  const out: ControllerGateFact[] = [];
  for (const controller of [...new Set(gates.map((g) => g.controller))].sort()) {
    if (!GATE_DOCS[controller]) continue;
    for (const g of gates.filter((x) => x.controller === controller)) {
      const kinds = g.governs.kinds;
      // Fields whose value is a requirement key/value pair, and status fields, are not paths a manifest sets.
      const fields = g.governs.fields.filter((f) => f.value === undefined && !f.path.startsWith('status.'));
      if (kinds.length === 0 && fields.length === 0) continue;
      const byRelease: ControllerGateFact['byRelease'] = {};
      for (const [tag, r] of Object.entries(g.byRelease)) {
        if (!releasedTags.has(`${g.project} ${tag}`)) continue;
        byRelease[tag] = 'exists' in r ? { exists: false } : { ...(r.stage ? { stage: r.stage } : {}), default: r.default };
      }
      const stage = /^(Alpha|Beta|GA)\b/.exec(g.stage ?? '')?.[1];
      out.push({
        name: g.name,
        controller,
        project: g.project,
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

/** The pack from a data folder holding upstream/crds/ (undefined when it holds none). */
export function buildCrdPack(dataDir: string): CrdPack | undefined {
  const index = readCrdIndex(dataDir);
  if (!index) return undefined;
  const schemas = readCrdSchemas(dataDir);
  const gates = JSON.parse(fs.readFileSync(path.join(dataDir, CRDS_OUT, 'controller-gates.json'), 'utf8')) as { gates: ControllerGate[] };
  const used: Record<string, CrdSchema> = {};
  const projects: Record<string, PackProject> = {};
  const released = new Set<string>();
  for (const name of Object.keys(index.projects).sort()) {
    const releases = index.releases.filter((r) => r.project === name).sort((a, b) => compareTags(b.tag, a.tag));
    projects[name] = {
      repo: index.projects[name].repo,
      releases: releases.map((r) => {
        released.add(`${name} ${r.tag}`);
        const files = index.files.filter((f) => f.project === name && f.tag === r.tag);
        const date = r.commitDate.slice(0, 10);
        if (!files.some((f) => f.channel)) return { tag: r.tag, date, crds: files.map((f) => packCrd(f, schemas, used)).sort(byKind) };
        // Only the experimental CRDs are kept (a superset of the standard ones): the engine walks them and
        // reports what the standard channel lacks from the channel rows, which keeps the pack small.
        const experimental = files.filter((f) => f.channel === 'experimental').map((f) => packCrd(f, schemas, used)).sort(byKind);
        const channelRows: ChannelRow[] = index.channelRows
          .filter((c) => c.project === name && c.tag === r.tag)
          .map((c) => ({ group: c.group, kind: c.kind, version: c.version, path: c.path, difference: c.difference, onlyIn: c.onlyIn, ...(c.value !== undefined ? { value: c.value } : {}) }));
        return { tag: r.tag, date, channels: { experimental }, channelRows };
      }),
    };
  }
  const sortedSchemas: Record<string, CrdSchema> = {};
  for (const k of Object.keys(used).sort()) sortedSchemas[k] = used[k];
  return { schema: 'crds-pack/1', projects, schemas: sortedSchemas, controllerGates: packGates(gates.gates, released) };
}
