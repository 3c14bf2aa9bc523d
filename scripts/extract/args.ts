// Command-line arguments shared by `npm run extract` and `npm run add-version`.
import * as path from 'node:path';
import type { Checkouts } from './extract';
import { folderTree, type SourceTree } from './source-tree';

export interface Args {
  flags: Set<string>;
  values: Map<string, string[]>;
  positional: string[];
}

/** `--name value`, `--name=value`, repeated or with several values (`--crds A B`), and bare `--flag`s. */
export function parseArgs(argv: string[], valued: string[]): Args {
  const a: Args = { flags: new Set(), values: new Map(), positional: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) {
      a.positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(2, eq) : arg.slice(2);
    if (!valued.includes(name)) {
      a.flags.add(name);
      continue;
    }
    const list = a.values.get(name) ?? [];
    if (eq > 0) list.push(arg.slice(eq + 1));
    else while (i + 1 < argv.length && !argv[i + 1].startsWith('--')) list.push(argv[++i]);
    a.values.set(name, list);
  }
  return a;
}

/** Published staging repositories that stand in for a kubernetes checkout's staging copy. */
export const PUBLISHED = ['kubelet', 'kube-proxy', 'kube-scheduler', 'component-base'] as const;

export const VALUED = ['kubernetes', 'api', 'client-go', 'enhancements', 'kind', 'crds', 'version', 'out', 'against', 'limit', 'repo', ...PUBLISHED];

export function one(a: Args, name: string): string | undefined {
  return a.values.get(name)?.[0];
}

export function checkoutsOf(a: Args): Checkouts {
  const tree = (name: string, repo: string) => {
    const dir = one(a, name);
    return dir ? folderTree(repo, path.resolve(dir)) : undefined;
  };
  return {
    kubernetes: tree('kubernetes', 'kubernetes/kubernetes'),
    api: tree('api', 'kubernetes/api'),
    clientGo: tree('client-go', 'kubernetes/client-go'),
    enhancements: tree('enhancements', 'kubernetes/enhancements'),
    kind: tree('kind', 'kubernetes-sigs/kind'),
    published: Object.fromEntries(PUBLISHED.map((n) => [n, tree(n, `kubernetes/${n}`)])),
  };
}

/** The `--crds` checkouts (the project of each is told by its CRD directory: scripts/extract/crds.ts). */
export function crdTrees(a: Args): SourceTree[] {
  return (a.values.get('crds') ?? []).map((d) => folderTree(`crds/${path.basename(path.resolve(d))}`, path.resolve(d)));
}
