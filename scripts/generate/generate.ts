// The whole generation: reads the project's extracted and reviewed data (../shared for the brief and CRDs: inputs.ts), writes
// every file of schemas/ (see server/src/engine/knowledge/data-contract.ts).
import * as path from 'node:path';
import type { VersionData } from '../../server/src/engine/knowledge/data-contract';
import { buildApiObjects } from './api-objects';
import { buildBrief } from './brief';
import { buildCrdPack, CRDS_INDEX } from './crds-pack';
import { buildGateCatalog } from './gate-catalog';
import { buildGatedFields } from './gated-fields';
import { Inputs } from './inputs';
import { buildObjectMeta } from './object-meta';
import { GENERATED_VERSIONS, readDropGatedFields, readReferenceSources, readServedGroupVersions, readVersionSources } from './sources';
import { aliasMap, buildVersionData, computeLater } from './version-data';
import { writeJson } from './write-json';

export interface GenerateOptions {
  /** The project's extracted data (data/extracted: upstream/ and reference/, written by npm run extract). */
  dataDir: string;
  /** The project's reviewed supplements (data/reviewed, the same layout). */
  reviewedDir?: string;
  /** The ../shared folder (the same layout), read for the inputs dataDir lacks. */
  sharedDir: string;
  /** Where to write (normally schemas/). */
  outDir: string;
}

export interface GenerateReport {
  files: { file: string; bytes: number }[];
  /** Per version: upstream type names defined nowhere (written as open types). */
  missing: Record<string, string[]>;
  /** Per version: declarative-validation markers not evaluated, with counts. */
  skippedMarkers: Record<string, Record<string, number>>;
  /** Inputs read from ../shared because the project's data lacks them. */
  fromShared: string[];
}

export function generate(opts: GenerateOptions): GenerateReport {
  const inputs = new Inputs(opts.dataDir, opts.sharedDir, opts.reviewedDir);
  const ref = readReferenceSources(inputs);
  const aliases = aliasMap(ref.featureGates.names_that_are_not_gates);
  const sources = GENERATED_VERSIONS.map((v) => readVersionSources(inputs, v));
  const groups = new Set<string>();
  for (const s of sources) for (const k of s.kinds.kinds) groups.add(k.group);
  const builtinGroups = [...groups].sort();

  const served = readServedGroupVersions(inputs);
  const dropRows = readDropGatedFields(inputs);
  const built = sources.map((s) => {
    const facts = served[s.version];
    if (!facts) throw new Error(`no served group-versions for ${s.version}: neither data/reviewed nor the extraction (a kubernetes checkout with pkg/controlplane) holds them`);
    return buildVersionData(s, aliases, builtinGroups, { served: facts, dropRows });
  });
  const all: VersionData[] = built.map((b) => b.data);
  computeLater(all);
  const catalog = buildGateCatalog(ref.featureGates, ref.keps);

  const files: GenerateReport['files'] = [];
  const missing: GenerateReport['missing'] = {};
  const skippedMarkers: GenerateReport['skippedMarkers'] = {};
  for (const [i, data] of all.entries()) {
    files.push(writeJson(opts.outDir, `k8s-${data.version}.json`, data));
    files.push(writeJson(opts.outDir, `gated-fields-${data.version}.json`, buildGatedFields(data)));
    missing[data.version] = built[i].missing;
    skippedMarkers[data.version] = built[i].skippedMarkers;
  }
  files.push(writeJson(opts.outDir, 'gates.json', catalog));
  files.push(writeJson(opts.outDir, 'brief.json', buildBrief(ref.brief, all[all.length - 1], catalog)));
  files.push(writeJson(opts.outDir, 'api-objects.json', buildApiObjects()));
  files.push(writeJson(opts.outDir, 'object-meta.json', buildObjectMeta(catalog)));
  const crdsRoot = inputs.rootOf(CRDS_INDEX);
  const crdPack = crdsRoot ? buildCrdPack(crdsRoot) : undefined;
  if (crdPack) files.push(writeJson(opts.outDir, 'crds-pack.json', crdPack));
  return { files, missing, skippedMarkers, fromShared: inputs.fromShared };
}

export function defaultPaths(repoRoot: string): GenerateOptions {
  return { dataDir: path.join(repoRoot, 'data', 'extracted'), reviewedDir: path.join(repoRoot, 'data', 'reviewed'), sharedDir: path.resolve(repoRoot, '..', 'shared'), outDir: path.join(repoRoot, 'schemas') };
}
