// The API packages of a k8s.io/api tree (kubernetes/kubernetes staging/src/k8s.io/api, or the published
// kubernetes/api repository): each <group>/<version> folder with a register.go gives a group-version, its
// registered kinds (List kinds left out) and, with go-types.ts, its struct and enum facts. Kind facts come from
// the root type's markers: `+genclient` (a REST resource), `+genclient:nonNamespaced`, `+featureGate`, and the
// `+k8s:prerelease-lifecycle-gen:introduced|deprecated|removed|replacement` markers.
import { extractPackage, featureGatesOf, keyPrefixOf, type CommentGateRow, type ExtPackage } from './go-types';
import type { SourceTree } from './source-tree';

export interface ExtKind {
  apiVersion: string;
  group: string;
  version: string;
  kind: string;
  rootType: string;
  namespaced: boolean | null;
  stability: 'stable' | 'beta' | 'alpha';
  /** A REST resource (the root type has `+genclient`); false for request/response bodies (AdmissionReview). */
  resource: boolean;
  /** The `+genclient:…` markers other than nonNamespaced (`+genclient:noVerbs`, `+genclient:onlyVerbs=create`, …). */
  genclient?: string[];
  listKind?: string;
  lifecycle?: { introduced?: string; deprecated?: string; removed?: string; replacement?: string };
  featureGates?: string[];
  removedIn?: string;
  deprecatedInThisVersion?: boolean;
  removedInThisVersion?: boolean;
}

export interface ApiGroupVersion {
  /** Folder below the api root, e.g. `apps/v1`. */
  dir: string;
  group: string;
  version: string;
  groupVersion: string;
  kinds: ExtKind[];
  pkg: ExtPackage;
}

/** `GroupName` and the version of `SchemeGroupVersion` in a register.go. */
export function registerFacts(src: string): { group: string; version: string; kinds: string[]; listKinds: Set<string> } | undefined {
  const group = /\bGroupName\s*=\s*"([^"]*)"/.exec(src)?.[1];
  const version = /SchemeGroupVersion\s*=\s*schema\.GroupVersion\s*\{[^}]*\bVersion\s*:\s*"([^"]+)"/.exec(src)?.[1];
  if (group === undefined || !version) return undefined;
  const body = /func\s+addKnownTypes\s*\([^)]*\)[^{]*\{([\s\S]*?)\n\}/.exec(src)?.[1] ?? '';
  const names = [...body.matchAll(/&(\w+)\s*\{\s*\}/g)].map((m) => m[1]);
  const set = new Set(names);
  const kinds = names.filter((n, i) => names.indexOf(n) === i && n !== 'List' && !(n.endsWith('List') && set.has(n.slice(0, -4))));
  return { group, version, kinds, listKinds: new Set(names.filter((n) => n.endsWith('List') && set.has(n.slice(0, -4))).map((n) => n.slice(0, -4))) };
}

function compareMinors(a: string, b: string): number {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number));
  return x[0] - y[0] || x[1] - y[1];
}

export function stabilityOf(version: string): ExtKind['stability'] {
  return /alpha/.test(version) ? 'alpha' : /beta/.test(version) ? 'beta' : 'stable';
}

function lifecycleOf(markers: string[]): ExtKind['lifecycle'] {
  const out: NonNullable<ExtKind['lifecycle']> = {};
  for (const m of markers) {
    const r = /^\+k8s:prerelease-lifecycle-gen:(introduced|deprecated|removed|replacement)=(.+)$/.exec(m);
    if (!r) continue;
    const key = r[1] as keyof typeof out;
    if (key !== 'replacement') out[key] = r[2].trim();
    else {
      const [g, v, k] = r[2].split(',').map((x) => x.trim());
      out.replacement = k === undefined ? r[2].trim() : `${g ? `${g}/` : ''}${v} ${k}`;
    }
  }
  return Object.keys(out).length ? out : undefined;
}

/**
 * zz_generated.prerelease-lifecycle.go: the minors prerelease-lifecycle-gen computed per kind (a marker gives
 * `introduced`; deprecation and removal default from it), and the replacement kind.
 */
export function generatedLifecycles(src: string): Map<string, NonNullable<ExtKind['lifecycle']>> {
  const out = new Map<string, NonNullable<ExtKind['lifecycle']>>();
  const at = (kind: string): NonNullable<ExtKind['lifecycle']> => {
    let l = out.get(kind);
    if (!l) out.set(kind, (l = {}));
    return l;
  };
  for (const m of src.matchAll(/func \(in \*(\w+)\) APILifecycle(Introduced|Deprecated|Removed)\(\) \(major, minor int\) \{\s*return (\d+), (\d+)/g)) {
    at(m[1])[m[2].toLowerCase() as 'introduced' | 'deprecated' | 'removed'] = `${m[3]}.${m[4]}`;
  }
  for (const m of src.matchAll(/func \(in \*(\w+)\) APILifecycleReplacement\(\) schema\.GroupVersionKind \{\s*return schema\.GroupVersionKind\{Group: "([^"]*)", Version: "([^"]*)", Kind: "([^"]*)"\}/g)) {
    at(m[1]).replacement = `${m[2] ? `${m[2]}/` : ''}${m[3]} ${m[4]}`;
  }
  return out;
}

/** Every group-version under `root` (a folder of the tree holding `<group>/<version>/register.go`). */
export function readApiTree(tree: SourceTree, root: string, importRoot = 'k8s.io/api', version?: string, commentGates: CommentGateRow[] = []): ApiGroupVersion[] {
  const out: ApiGroupVersion[] = [];
  for (const reg of tree.list(root, (p) => /^[^/]+\/[^/]+\/register\.go$/.test(p))) {
    const dir = reg.slice(0, -'/register.go'.length);
    const g = readGroupVersion(tree, root ? `${root}/${dir}` : dir, `${importRoot}/${dir}`, dir, version, commentGates);
    if (g) out.push(g);
  }
  resolveDefinedTypes(out);
  return out.sort((a, b) => (a.dir < b.dir ? -1 : 1));
}

/** One API package (a folder with register.go): its group-version, kinds and types; undefined without one. */
export function readGroupVersion(tree: SourceTree, folder: string, importPath: string, dir: string, version?: string, commentGates: CommentGateRow[] = []): ApiGroupVersion | undefined {
  if (!tree.exists(`${folder}/register.go`)) return undefined;
  const facts = registerFacts(tree.read(`${folder}/register.go`));
  if (!facts) return undefined;
  const files: Record<string, string> = {};
  for (const f of tree.list(folder, (p) => /^[^/]+\.go$/.test(p))) files[f] = tree.read(`${folder}/${f}`);
  const pkg = extractPackage(importPath, files, dir, { commentGates });
  const generated = generatedLifecycles(files['zz_generated.prerelease-lifecycle.go'] ?? '');
  const groupVersion = facts.group ? `${facts.group}/${facts.version}` : facts.version;
  const kinds: ExtKind[] = [];
  for (const kind of facts.kinds) {
    const t = pkg.types[`${pkg.keyPrefix}.${kind}`];
    const markers = t?.markers ?? [];
    const genclient = markers.some((m) => m === '+genclient' || m.startsWith('+genclient='));
    const k: ExtKind = {
      apiVersion: groupVersion,
      group: facts.group,
      version: facts.version,
      kind,
      rootType: `${pkg.keyPrefix}.${kind}`,
      namespaced: genclient ? !markers.includes('+genclient:nonNamespaced') : null,
      stability: stabilityOf(facts.version),
      resource: genclient,
    };
    const verbs = markers.filter((m) => m.startsWith('+genclient:') && m !== '+genclient:nonNamespaced');
    if (verbs.length) k.genclient = verbs;
    if (facts.listKinds.has(kind)) k.listKind = `${kind}List`;
    const lc = generated.get(kind) ?? lifecycleOf(markers);
    if (lc) k.lifecycle = lc;
    if (lc?.removed) k.removedIn = lc.removed;
    if (version && lc?.deprecated) k.deprecatedInThisVersion = compareMinors(lc.deprecated, version) <= 0;
    if (version && lc?.removed) k.removedInThisVersion = compareMinors(lc.removed, version) <= 0;
    const gates = [...new Set([...featureGatesOf(markers), ...(t?.featureGatesFromComment ?? [])])];
    if (gates.length) k.featureGates = gates;
    kinds.push(k);
  }
  return { dir, group: facts.group, version: facts.version, groupVersion, kinds, pkg };
}

/**
 * `type MatchCondition v1.MatchCondition`: a type defined from a struct of another API package has that
 * struct's fields (Go copies the underlying type). Resolved once every package is read.
 */
function resolveDefinedTypes(groups: ApiGroupVersion[]): void {
  const structs = new Map<string, ExtPackage['types'][string]>();
  for (const g of groups) for (const [k, t] of Object.entries(g.pkg.types)) structs.set(k, t);
  for (const g of groups) {
    for (const [name, n] of Object.entries(g.pkg.named)) {
      const m = n.alias ? null : /^(\w+)\.(\w+)$/.exec(n.underlying);
      const importPath = m ? g.pkg.imports[m[1]] : undefined;
      const target = importPath ? structs.get(`${keyPrefixOf(importPath)}.${m?.[2]}`) : undefined;
      if (!target || g.pkg.types[`${g.pkg.keyPrefix}.${name}`]) continue;
      g.pkg.types[`${g.pkg.keyPrefix}.${name}`] = { ...target, go: name, package: g.pkg.package, markers: n.markers, featureGates: featureGatesOf(n.markers) };
    }
  }
}
