// One extraction run: upstream checkouts of one Kubernetes minor → the per-version files under
// <out>/upstream/k8s-<V>/ plus the KEP catalog; combine.ts then rebuilds the cross-version files
// (reference/feature-gates.json, upstream/served-group-versions.json) from every extracted version.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readApiTree, registerFacts, type ApiGroupVersion } from './api-packages';
import { extractDropRows, type DropRow } from './drop-disabled';
import { gatesAt, parseFeatureList } from './feature-list';
import { readGateKeps } from './feature-sources';
import { extractPackage, keyPrefixOf, type CommentGateRow, type ExtPackage, type ExtType } from './go-types';
import { isPlaceholderTitle, parseKep, readmeTitle, type ExtKep } from './keps';
import { readCommentGates, readDocEnums } from './comment-gates';
import { applyOverlay } from './overlay';
import { resolveForeignRefs } from './resolve-refs';
import { parseResourceConfig, servedAt } from './served';
import { SMD_SOURCE, smdSchemaOf } from './smd-schema';
import { extensionGroupVersions, groupVersionResolver, RESOURCE_CONFIG_FILES } from './served-sources';
import { commitOfFile, type SourceTree } from './source-tree';
import { writeJson } from '../generate/write-json';

export const FEATURE_LIST = 'test/compatibility_lifecycle/reference/versioned_feature_list.yaml';
const STAGING_API = 'staging/src/k8s.io/api';

/** Component config packages: component label, folder in a kubernetes/kubernetes checkout, import path. */
export const CONFIG_PACKAGES = [
  { component: 'kubelet', dir: 'staging/src/k8s.io/kubelet/config/v1beta1', importPath: 'k8s.io/kubelet/config/v1beta1' },
  { component: 'kube-proxy', dir: 'staging/src/k8s.io/kube-proxy/config/v1alpha1', importPath: 'k8s.io/kube-proxy/config/v1alpha1' },
  { component: 'kube-scheduler', dir: 'staging/src/k8s.io/kube-scheduler/config/v1', importPath: 'k8s.io/kube-scheduler/config/v1' },
  { component: 'kubeadm', dir: 'cmd/kubeadm/app/apis/kubeadm/v1beta4', importPath: 'k8s.io/kubernetes/cmd/kubeadm/app/apis/kubeadm/v1beta4' },
] as const;
const KIND_CONFIG = { component: 'kind', dir: 'pkg/apis/config/v1alpha4', importPath: 'sigs.k8s.io/kind/pkg/apis/config/v1alpha4' };
/** kind has no register.go: its config loader names the apiVersion and kind it decodes into each Go type. */
export const KIND_LOADER = 'pkg/internal/apis/config/encoding/load.go';

/** `case "kind.x-k8s.io/v1alpha4": … tm.Kind != "Cluster" … &v1alpha4.Cluster{}` → apiVersion, kind, Go type. */
export function kindLoaderKinds(src: string): { apiVersion: string; kind: string; goType: string }[] {
  const out: { apiVersion: string; kind: string; goType: string }[] = [];
  for (const m of src.matchAll(/case "([^"]+\/[^"]+)":[\s\S]*?\.Kind != "(\w+)"[\s\S]*?&\w+\.(\w+)\{\}/g)) {
    out.push({ apiVersion: m[1], kind: m[2], goType: m[3] });
  }
  return out;
}

/**
 * The types of other packages a config package reaches (component-base logging, tracing, client connection;
 * kubeadm's bootstraptoken/v1), each package cut down to the types reachable from the config types.
 */
export function referencedStagingTypes(tree: SourceTree, root: ExtPackage, onRead: (dir: string, from: SourceTree) => void, componentBase?: SourceTree, commentGates: CommentGateRow[] = []): ExtPackage[] {
  const byPrefix = new Map<string, ExtPackage>();
  const reached = new Set<string>(Object.keys(root.types));
  const queue = Object.values(root.types);
  const refsOf = (t: ExtPackage['types'][string]): string[] => {
    const out: string[] = [];
    const walk = (e: { ref?: string; elem?: unknown }): void => {
      if (e.ref) out.push(e.ref);
      if (e.elem) walk(e.elem as { ref?: string; elem?: unknown });
    };
    for (const f of t.fields) walk(f);
    return out;
  };
  const imports = new Set(Object.values(root.imports));
  const packageFor = (ref: string): ExtPackage | undefined => {
    const importPath = [...imports].find((p) => ref.startsWith(`${keyPrefixOf(p)}.`) && !ref.slice(keyPrefixOf(p).length + 1).includes('.'));
    // component-base (staging, or the published repository) and kubeadm's own packages (bootstraptoken/v1);
    // k8s.io/api types stay references
    const at = importPath ? packagePlace(tree, importPath, componentBase) : undefined;
    if (!importPath || !at) return undefined;
    const prefix = keyPrefixOf(importPath);
    let pkg = byPrefix.get(prefix);
    if (!pkg) {
      const files: Record<string, string> = {};
      for (const f of at.tree.list(at.dir, (p) => /^[^/]+\.go$/.test(p))) files[f] = at.tree.read(`${at.dir}/${f}`);
      if (Object.keys(files).length === 0) return undefined;
      onRead(at.dir, at.tree);
      pkg = extractPackage(importPath, files, importPath.replace(/^k8s\.io\//, ''), { commentGates });
      byPrefix.set(prefix, pkg);
    }
    return pkg;
  };
  while (queue.length) {
    const t = queue.shift() as ExtPackage['types'][string];
    for (const ref of refsOf(t)) {
      if (reached.has(ref)) continue;
      const pkg = packageFor(ref);
      const target = pkg?.types[ref];
      if (!pkg || !target) continue;
      for (const p of Object.values(pkg.imports)) imports.add(p);
      reached.add(ref);
      queue.push(target);
    }
  }
  return [...byPrefix.values()]
    .map((p) => ({ ...p, types: Object.fromEntries(Object.entries(p.types).filter(([k]) => reached.has(k))) }))
    .sort((a, b) => (a.keyPrefix < b.keyPrefix ? -1 : 1));
}

const COMPONENT_BASE = 'k8s.io/component-base/';

/** Where a referenced package's Go files are: the kubernetes checkout's staging copy, else the published repository. */
function packagePlace(tree: SourceTree, importPath: string, componentBase?: SourceTree): { tree: SourceTree; dir: string } | undefined {
  if (importPath.startsWith('k8s.io/kubernetes/cmd/')) return { tree, dir: importPath.slice('k8s.io/kubernetes/'.length) };
  if (!importPath.startsWith(COMPONENT_BASE)) return undefined;
  const staged = `staging/src/${importPath}`;
  if (tree.exists(staged) || !componentBase) return { tree, dir: staged };
  return { tree: componentBase, dir: importPath.slice(COMPONENT_BASE.length) };
}

/** A component config package read from its published repository (kubernetes/kubelet …), when the kubernetes checkout has no staging copy. */
function publishedConfig(c: Checkouts, p: (typeof CONFIG_PACKAGES)[number]): { tree: SourceTree; dir: string } | undefined {
  const prefix = `staging/src/k8s.io/${p.component}/`;
  const tree = c.published?.[p.component];
  if (!tree || !p.dir.startsWith(prefix)) return undefined;
  const dir = p.dir.slice(prefix.length);
  return tree.exists(`${dir}/register.go`) ? { tree, dir } : undefined;
}

export interface Checkouts {
  /** kubernetes/kubernetes (sparse is enough). */
  kubernetes?: SourceTree;
  /** The published kubernetes/api repository, used when the kubernetes checkout has no staging/src/k8s.io/api. */
  api?: SourceTree;
  enhancements?: SourceTree;
  kind?: SourceTree;
  /** The published kubernetes/client-go repository, used when the kubernetes checkout has no staging client-go. */
  clientGo?: SourceTree;
  /** Published staging repositories by component (kubelet, kube-proxy, kube-scheduler, component-base), used when the kubernetes checkout has no staging copy. */
  published?: Record<string, SourceTree | undefined>;
}

export interface SourceUse {
  repo: string;
  commit: string | null;
  paths: string[];
  /** An excerpt checkout (no checkout commit): the commit of each file read, from its SOURCE-COMMITS. */
  commits?: Record<string, string>;
}

export interface RunReport {
  version: string;
  preview: boolean;
  written: string[];
  counts: Record<string, number>;
  problems: string[];
  sources: Record<string, SourceUse>;
}

function use(report: RunReport, key: string, tree: SourceTree, p: string): void {
  const u = (report.sources[key] ??= { repo: tree.repo, commit: tree.commit, paths: [] });
  if (!u.paths.includes(p)) u.paths.push(p);
  const commits = tree.commit === null ? tree.commitsUnder?.(p) : undefined;
  if (commits && Object.keys(commits).length) {
    const all = { ...u.commits, ...commits };
    u.commits = Object.fromEntries(Object.keys(all).sort().map((k) => [k, all[k]]));
  }
}

function apiRoot(c: Checkouts): { tree: SourceTree; root: string } | undefined {
  if (c.kubernetes?.exists(`${STAGING_API}/core/v1/register.go`)) return { tree: c.kubernetes, root: STAGING_API };
  if (c.api?.exists('core/v1/register.go')) return { tree: c.api, root: '' };
  return undefined;
}

function fieldsFile(version: string, pkgs: { pkg: ApiGroupVersion['pkg']; apiVersion?: string }[], provenance: SourceUse | undefined, overlaid?: string[]): unknown {
  const types: Record<string, ExtType & { apiVersion?: string }> = {};
  const enums: Record<string, unknown> = {};
  for (const { pkg: p, apiVersion } of pkgs) {
    for (const [k, t] of Object.entries(p.types)) types[k] = { ...t, apiVersion };
    for (const [k, e] of Object.entries(p.enums)) enums[k] = e;
  }
  if (overlaid) {
    overlaid.push(...applyOverlay(types, version));
    for (const { pkg: p, apiVersion } of pkgs) for (const k of Object.keys(types)) if (types[k].apiVersion === undefined && k.startsWith(`${p.keyPrefix}.`) && !k.slice(p.keyPrefix.length + 1).includes('.')) types[k].apiVersion = apiVersion;
  }
  const sorted = (r: Record<string, unknown>): Record<string, unknown> => Object.fromEntries(Object.keys(r).sort().map((k) => [k, r[k]]));
  return { kubernetesVersion: version, provenance, types: sorted(types), enums: sorted(enums) };
}

export function extractVersion(c: Checkouts, version: string, outDir: string, preview = false): RunReport {
  const report: RunReport = { version, preview, written: [], counts: {}, problems: [], sources: {} };
  const commentGates = readCommentGates();
  const notNamed: string[] = [];
  const vdir = path.join(outDir, 'upstream', `k8s-${version}`);
  const write = (dir: string, name: string, value: unknown): void => {
    writeJson(dir, name, value);
    report.written.push(path.relative(outDir, path.join(dir, name)).split(path.sep).join('/'));
  };

  // 1. Gates: the versioned feature list.
  const k8s = c.kubernetes;
  if (k8s?.exists(FEATURE_LIST)) {
    use(report, 'kubernetes', k8s, FEATURE_LIST);
    const list = parseFeatureList(k8s.read(FEATURE_LIST));
    const states = gatesAt(list, version);
    const specs = Object.fromEntries(list.map((g) => [g.name, g.specs]));
    const declared = readGateKeps(k8s);
    for (const f of declared.files) use(report, 'kubernetes', k8s, f);
    write(vdir, 'gates.json', { kubernetesVersion: version, preview, source: { repo: k8s.repo, commit: commitOfFile(k8s, FEATURE_LIST), path: FEATURE_LIST }, gates: states, specs, kepFromSource: declared.keps });
    report.counts.gates = Object.keys(states).length;
  } else report.problems.push(k8s ? `no ${FEATURE_LIST} in the kubernetes checkout: gates not extracted` : 'no --kubernetes checkout: gates not extracted');

  // 2. KEPs.
  if (c.enhancements) {
    const e = c.enhancements;
    const keps: ExtKep[] = [];
    // NNNN-kep-template is the template folder, not a KEP.
    for (const rel of e.list('keps', (p) => p.endsWith('/kep.yaml') && !/(^|\/)NNNN-/.test(p))) {
      const k = parseKep(`keps/${rel}`, e.read(`keps/${rel}`));
      if ('problem' in k) {
        report.problems.push(k.problem);
        continue;
      }
      const readme = `keps/${rel.replace(/kep\.yaml$/, 'README.md')}`;
      if (isPlaceholderTitle(k.title) && e.exists(readme)) k.title = readmeTitle(e.read(readme)) ?? k.title;
      keps.push(k);
    }
    keps.sort((a, b) => a.number - b.number || (a.kep_yaml < b.kep_yaml ? -1 : 1));
    use(report, 'enhancements', e, 'keps/**/kep.yaml');
    write(path.join(outDir, 'reference'), 'keps.json', { source: { repo: e.repo, commit: e.commit }, count: keps.length, keps });
    report.counts.keps = keps.length;
  }

  // 3. API types, kinds, served group-versions.
  const api = apiRoot(c);
  let groups: ApiGroupVersion[] = [];
  if (api) {
    groups = readApiTree(api.tree, api.root, 'k8s.io/api', version, commentGates);
    resolveForeignRefs(groups.map((g) => g.pkg), groups.map((g) => g.pkg));
    for (const g of groups) notNamed.push(...(g.pkg.unconfirmed ?? []));
    use(report, 'api', api.tree, api.root || '.');
    const prov = report.sources.api;
    const overlayUpstream: string[] = [];
    write(vdir, 'fields.json', fieldsFile(version, groups.map((g) => ({ pkg: g.pkg, apiVersion: g.groupVersion })), prov, overlayUpstream));
    for (const o of overlayUpstream) report.problems.push(`overlay row already in the checkout (remove it from data/overlay.json): ${o}`);
    write(vdir, 'kinds.json', { kubernetesVersion: version, provenance: prov, kinds: groups.flatMap((g) => g.kinds) });
    report.counts.groupVersions = groups.length;
    report.counts.kinds = groups.reduce((n, g) => n + g.kinds.length, 0);
    report.counts.types = groups.reduce((n, g) => n + Object.keys(g.pkg.types).length, 0);
  } else report.problems.push('no k8s.io/api tree (staging/src/k8s.io/api or --api): API types not extracted');

  if (k8s && groups.length) {
    const lists = RESOURCE_CONFIG_FILES.filter((f) => k8s.exists(f)).flatMap((f) => {
      use(report, 'kubernetes', k8s, f);
      return parseResourceConfig(k8s.read(f));
    });
    if (lists.length) {
      const known = [...groups, ...extensionGroupVersions(k8s, lists)];
      const served = servedAt(version, lists, known, groupVersionResolver(k8s, known));
      write(vdir, 'served.json', { kubernetesVersion: version, preview, ...served });
      report.counts.servedByDefault = served.servedByDefault.length;
      report.counts.servedWhenEnabled = served.servedWhenEnabled.length;
    } else report.problems.push(`no default resource configuration (${RESOURCE_CONFIG_FILES[0]}): served group-versions not extracted`);
  }

  // The structured-merge-diff schema of the built-in types (client-go), as upstream writes it.
  const smdTree = k8s?.exists(SMD_SOURCE) ? { tree: k8s, file: SMD_SOURCE } : c.clientGo?.exists(SMD_SOURCE.replace(/^staging\/src\/k8s\.io\/client-go\//, '')) ? { tree: c.clientGo, file: SMD_SOURCE.replace(/^staging\/src\/k8s\.io\/client-go\//, '') } : undefined;
  if (smdTree) {
    const schema = smdSchemaOf(smdTree.tree.read(smdTree.file));
    if (schema === undefined) report.problems.push(`${smdTree.file}: no schemaYAML string`);
    else {
      fs.mkdirSync(vdir, { recursive: true });
      fs.writeFileSync(path.join(vdir, 'structure.yaml'), schema);
      report.written.push(`upstream/k8s-${version}/structure.yaml`);
      use(report, smdTree.tree === k8s ? 'kubernetes' : 'client-go', smdTree.tree, smdTree.file);
      report.counts.smdTypes = (schema.match(/^- name: /gm) ?? []).length;
    }
  }

  // 4. Fields dropped while a gate is off.
  if (k8s) {
    const rows: DropRow[] = [];
    for (const rel of k8s.list('pkg/api', (p) => /^[^/]+\/util\.go$/.test(p))) {
      use(report, 'kubernetes', k8s, `pkg/api/${rel}`);
      rows.push(...extractDropRows(`pkg/api/${rel}`, k8s.read(`pkg/api/${rel}`)));
    }
    if (rows.length) {
      write(vdir, 'drop-disabled.json', { kubernetesVersion: version, rows });
      report.counts.dropRows = rows.length;
    }
  }

  // 5. Component config kinds.
  const configs: { component: string; tree: SourceTree; dir: string; importPath: string }[] = [];
  for (const p of CONFIG_PACKAGES) {
    if (k8s?.exists(`${p.dir}/register.go`)) configs.push({ ...p, tree: k8s });
    else {
      const pub = publishedConfig(c, p);
      if (pub) configs.push({ ...p, ...pub });
    }
  }
  if (c.kind?.exists(`${KIND_CONFIG.dir}/types.go`)) configs.push({ ...KIND_CONFIG, tree: c.kind });
  for (const cfg of configs) {
    const files: Record<string, string> = {};
    for (const f of cfg.tree.list(cfg.dir, (p) => /^[^/]+\.go$/.test(p))) files[f] = cfg.tree.read(`${cfg.dir}/${f}`);
    const pkg = extractPackage(cfg.importPath, files, `${cfg.component}/${cfg.dir.split('/').pop()}`, { typedConstEnums: true, commentGates, docEnums: readDocEnums() });
    const reg = files['register.go'] ? registerFacts(files['register.go']) : undefined;
    use(report, cfg.component, cfg.tree, cfg.dir);
    const cdir = path.join(outDir, 'upstream', 'configs', cfg.component, `k8s-${version}`);
    const referenced = referencedStagingTypes(cfg.tree, pkg, (p, from) => use(report, from === cfg.tree ? cfg.component : `${cfg.component}:${from.repo}`, from, p), c.published?.['component-base'], commentGates);
    for (const p of [pkg, ...referenced]) for (const m of p.unconfirmed ?? []) if (!notNamed.includes(m)) notNamed.push(m);
    resolveForeignRefs([pkg, ...referenced], [...groups.map((g) => g.pkg), pkg, ...referenced]);
    write(cdir, 'fields.json', fieldsFile(version, [{ pkg }, ...referenced.map((p) => ({ pkg: p }))], report.sources[cfg.component]));
    const gv = reg ? (reg.group ? `${reg.group}/${reg.version}` : reg.version) : undefined;
    let kinds = (reg?.kinds ?? []).map((kind) => ({ apiVersion: gv, kind, rootType: `${pkg.keyPrefix}.${kind}` }));
    if (!reg && cfg.component === 'kind' && cfg.tree.exists(KIND_LOADER)) {
      use(report, cfg.component, cfg.tree, KIND_LOADER);
      kinds = kindLoaderKinds(cfg.tree.read(KIND_LOADER)).map((k) => ({ apiVersion: k.apiVersion, kind: k.kind, rootType: `${pkg.keyPrefix}.${k.goType}` }));
    }
    if (kinds.length === 0) report.problems.push(`${cfg.component}: no kinds found in ${cfg.dir}`);
    write(cdir, 'kinds.json', { kubernetesVersion: version, kinds });
  }
  report.counts.configPackages = configs.length;

  report.counts.commentGatesNotNamed = notNamed.length;
  // comment-gates.tsv rows whose declaration exists here but whose comment does not name the gate (not applied)
  write(vdir, 'provenance.json', { kubernetesVersion: version, preview, sources: report.sources, commentGatesNotNamed: notNamed.sort() });
  return report;
}
