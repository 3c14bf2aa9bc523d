// Where kube-apiserver's default resource configuration lives in a kubernetes/kubernetes checkout, and how an
// import path named there resolves to a group-version (k8s.io/api packages, else the register.go of the
// staging package: apiextensions-apiserver and kube-aggregator serve their own groups).
import { readGroupVersion, registerFacts, type ApiGroupVersion } from './api-packages';
import type { ResourceConfigList } from './served';
import type { SourceTree } from './source-tree';

/** Files holding the lists (kube-apiserver's, the generic control plane's, the two extension servers'). */
export const RESOURCE_CONFIG_FILES = [
  'pkg/controlplane/instance.go',
  'pkg/controlplane/apiserver/options.go',
  'staging/src/k8s.io/apiextensions-apiserver/pkg/apiserver/apiserver.go',
  'staging/src/k8s.io/kube-aggregator/pkg/apiserver/apiserver.go',
];

/**
 * The packages a resource configuration names outside k8s.io/api (the extension servers' own API groups,
 * in staging/src/<import path>), read like API packages so their kinds' lifecycles count.
 */
export function extensionGroupVersions(tree: SourceTree, lists: ResourceConfigList[]): ApiGroupVersion[] {
  const out: ApiGroupVersion[] = [];
  const seen = new Set<string>();
  for (const e of lists.flatMap((l) => l.entries)) {
    if (e.importPath.startsWith('k8s.io/api/') || e.importPath.startsWith('k8s.io/kubernetes/') || seen.has(e.importPath)) continue;
    seen.add(e.importPath);
    const g = readGroupVersion(tree, `staging/src/${e.importPath}`, e.importPath, e.importPath);
    if (g) out.push(g);
  }
  return out;
}

export function groupVersionResolver(tree: SourceTree | undefined, api: ApiGroupVersion[]): (importPath: string) => string | undefined {
  const byDir = new Map(api.map((g) => [g.dir, g.groupVersion]));
  return (importPath) => {
    if (importPath.startsWith('k8s.io/api/')) return byDir.get(importPath.slice('k8s.io/api/'.length));
    // kube-apiserver's own versioned packages (pkg/apis/flowcontrol/v1) mirror the k8s.io/api ones.
    const own = /^k8s\.io\/kubernetes\/pkg\/apis\/([^/]+\/[^/]+)$/.exec(importPath);
    if (own && byDir.has(own[1])) return byDir.get(own[1]);
    if (byDir.has(importPath)) return byDir.get(importPath);
    const reg = `staging/src/${importPath}/register.go`;
    if (!tree?.exists(reg)) return undefined;
    const f = registerFacts(tree.read(reg));
    return f ? (f.group ? `${f.group}/${f.version}` : f.version) : undefined;
  };
}
