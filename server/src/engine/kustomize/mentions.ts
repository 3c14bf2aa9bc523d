// Every local file a kustomization names, whatever for: resources, components, patches, CRDs, transformer,
// generator and validator configs, replacement sources, OpenAPI schemas, generator inputs, Helm values. A file of a
// kustomize tree that no kustomization names is left over (project/kustomize-scope.ts). The fields are those of
// kustomize's Kustomization type. Source: kubernetes-sigs/kustomize, api/types/kustomization.go, commit
// 04e51ad97bafe253f8860190c0e6f6e209a95620 (Kustomization).
import { inFolder } from '../base/paths';
import { kustomizationRoot, MAX_KUSTOMIZATION_CHARS, record, type KustomizationText } from './kustomization';
import * as path from 'path';

const PATH_LISTS = ['resources', 'bases', 'components', 'crds', 'configurations', 'generators', 'transformers', 'validators', 'patchesStrategicMerge'];
const ENTRY_PATHS = ['patches', 'patchesJson6902', 'replacements'];
const GENERATORS = ['configMapGenerator', 'secretGenerator'];

function strings(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/** The local paths a kustomization names (resolved against its folder); empty when it does not parse. */
export function mentionedPaths(k: KustomizationText): Set<string> {
  const out = new Set<string>();
  if (k.text.length > MAX_KUSTOMIZATION_CHARS) return out;
  const root = kustomizationRoot(k.text);
  if (!root) return out;
  const dir = path.dirname(k.path);
  const add = (p: string) => {
    const local = p.trim();
    if (local !== '' && !local.includes('\n') && !/^[a-z][a-z0-9+.-]*:\/\//i.test(local)) out.add(inFolder(dir, local));
  };
  for (const key of PATH_LISTS) strings(root[key]).forEach(add);
  for (const key of ENTRY_PATHS) {
    for (const e of Array.isArray(root[key]) ? root[key] : []) {
      if (typeof e === 'string') add(e);
      else strings(record(e)?.['path']).forEach(add);
    }
  }
  strings(record(root['openapi'])?.['path']).forEach(add);
  for (const key of GENERATORS) {
    for (const g of Array.isArray(root[key]) ? root[key] : []) {
      const e = record(g);
      if (!e) continue;
      // `files` entries may name their key: `key=path`.
      for (const f of strings(e['files'])) add(f.includes('=') ? f.slice(f.indexOf('=') + 1) : f);
      strings(e['envs']).forEach(add);
      strings(e['env']).forEach(add);
    }
  }
  for (const h of Array.isArray(root['helmCharts']) ? root['helmCharts'] : []) strings(record(h)?.['valuesFile']).forEach(add);
  return out;
}
