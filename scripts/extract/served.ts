// Which group-versions kube-apiserver serves at a minor. The default resource configuration
// (kubernetes/kubernetes pkg/controlplane/instance.go and pkg/controlplane/apiserver/options.go) lists the
// stable group-versions it enables and the beta/alpha ones it knows but leaves off; the lifecycle markers of
// each kind (`+k8s:prerelease-lifecycle-gen:removed=1.NN`) drop kinds at their removal minor. A listed
// group-version is served (by default, or with --runtime-config) when at least one REST kind (`+genclient`)
// is kept; every other group-version with Go types is not served.
import { compareMinor } from './feature-list';
import { goImports, matchingClose, tokenizeGo } from './go-tokens';
import type { ApiGroupVersion } from './api-packages';

export type ResourceListName = 'stable' | 'beta' | 'alpha' | 'legacyBetaResources';

export interface ResourceConfigList {
  list: ResourceListName;
  /** The Go variable, e.g. `stableAPIGroupVersionsEnabledByDefault`. */
  variable: string;
  /** Import path of each entry's package (`k8s.io/api/apps/v1`), with the resource for legacy beta entries. */
  entries: { importPath: string; resource?: string }[];
}

function listNameOf(variable: string): ResourceListName | undefined {
  if (/^legacyBeta\w*Resources$/.test(variable)) return 'legacyBetaResources';
  // stable…/beta…/alpha…, and the generic control plane's genericStable…/genericBeta…/genericAlpha…
  const m = /^(?:generic)?(stable|beta|alpha)APIGroupVersions\w*ByDefault$/i.exec(variable);
  return m ? (m[1].toLowerCase() as ResourceListName) : undefined;
}

/** The group-version lists of a default resource configuration file. */
export function parseResourceConfig(src: string): ResourceConfigList[] {
  const toks = tokenizeGo(src);
  const imports = goImports(toks);
  const out: ResourceConfigList[] = [];
  for (let i = 0; i < toks.length; i++) {
    const list = toks[i].kind === 'ident' ? listNameOf(toks[i].text) : undefined;
    if (!list || toks[i + 1]?.text !== '=') continue;
    let open = i + 2;
    while (open < toks.length && toks[open].text !== '{' && !toks[open].newlineBefore) open++;
    if (toks[open]?.text !== '{') continue;
    const close = matchingClose(toks, open);
    const entries: ResourceConfigList['entries'] = [];
    for (let j = open + 1; j < close; j++) {
      // alias.SchemeGroupVersion[.WithResource("x")]
      if (toks[j].kind === 'ident' && toks[j + 1]?.text === '.' && toks[j + 2]?.text === 'SchemeGroupVersion') {
        const importPath = imports.get(toks[j].text);
        if (!importPath) throw new Error(`${toks[i].text}: no import for ${toks[j].text}`);
        const entry: { importPath: string; resource?: string } = { importPath };
        if (toks[j + 4]?.text === 'WithResource' && toks[j + 6]?.kind === 'string') entry.resource = toks[j + 6].value;
        entries.push(entry);
        j += 2;
      }
    }
    out.push({ list, variable: toks[i].text, entries });
    i = close;
  }
  // Direct calls: ret.EnableVersions(v1.SchemeGroupVersion, …) / ret.DisableVersions(…) (the extension servers).
  for (let i = 0; i < toks.length; i++) {
    const name = toks[i].text;
    if ((name !== 'EnableVersions' && name !== 'DisableVersions') || toks[i + 1]?.text !== '(') continue;
    const close = matchingClose(toks, i + 1);
    const entries: ResourceConfigList['entries'] = [];
    for (let j = i + 2; j < close; j++) {
      if (toks[j].kind === 'ident' && toks[j + 1]?.text === '.' && toks[j + 2]?.text === 'SchemeGroupVersion') {
        const importPath = imports.get(toks[j].text);
        if (importPath) entries.push({ importPath });
      }
    }
    if (entries.length === 0) continue;
    if (name === 'EnableVersions') out.push({ list: 'stable', variable: name, entries });
    else {
      const beta = entries.filter((e) => /beta/.test(e.importPath.split('/').pop() ?? ''));
      const alpha = entries.filter((e) => /alpha/.test(e.importPath.split('/').pop() ?? ''));
      if (beta.length) out.push({ list: 'beta', variable: name, entries: beta });
      if (alpha.length) out.push({ list: 'alpha', variable: name, entries: alpha });
    }
    i = close;
  }
  return out;
}

export interface ServedFacts {
  servedByDefault: string[];
  servedWhenEnabled: string[];
  notServed: { groupVersion: string; why: string }[];
}

/** `version` is the minor (`1.37`); `groupVersionOf` maps an import path to its group-version. */
export function servedAt(
  version: string,
  lists: ResourceConfigList[],
  api: ApiGroupVersion[],
  groupVersionOf: (importPath: string) => string | undefined,
): ServedFacts {
  const byGv = new Map(api.map((g) => [g.groupVersion, g]));
  const listed = new Map<string, ResourceListName>();
  for (const l of lists) {
    if (l.list === 'legacyBetaResources') continue;
    for (const e of l.entries) {
      const gv = groupVersionOf(e.importPath);
      if (!gv) throw new Error(`${l.variable}: ${e.importPath} is no known group-version`);
      listed.set(gv, l.list);
    }
  }
  const kept = (gv: string): boolean | undefined => {
    const g = byGv.get(gv);
    if (!g) return undefined; // served by another server of kube-apiserver (no k8s.io/api types)
    return g.kinds.some((k) => k.resource && !(k.lifecycle?.removed && compareMinor(k.lifecycle.removed, version) <= 0));
  };
  const out: ServedFacts = { servedByDefault: [], servedWhenEnabled: [], notServed: [] };
  for (const [gv, list] of [...listed].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (kept(gv) === false) {
      out.notServed.push({ groupVersion: gv, why: `listed (${list}) but every REST kind is removed by ${version}` });
      continue;
    }
    (list === 'stable' ? out.servedByDefault : out.servedWhenEnabled).push(gv);
  }
  for (const g of api) {
    if (listed.has(g.groupVersion)) continue;
    out.notServed.push({ groupVersion: g.groupVersion, why: 'not in the default resource configuration' });
  }
  out.notServed.sort((a, b) => (a.groupVersion < b.groupVersion ? -1 : 1));
  return out;
}
