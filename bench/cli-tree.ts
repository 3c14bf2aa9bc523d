// A repository-shaped tree for the CLI benchmark, written under a scratch folder from ../shared only (fixed
// content, no randomness): real manifests of the corpus in their folders (kind configs among them), large CRD
// bundles made of the upstream CRD files (one per folder, as projects ship them as `install.yaml`), custom
// resources beside them, one folder of 1,000 small ConfigMaps, and one ~100 KB manifest in a folder of more than
// a hundred files with bundles among them (the pre-commit case: one staged file in a big folder).
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface CliTree {
  root: string;
  /** The folder of 1,000 small ConfigMaps (relative to root). */
  manyFolder: string;
  /** The ~100 KB manifest in a big folder (relative to root). */
  bigFolderFile: string;
  files: number;
  bytes: number;
  bundleBytes: number[];
}

/** Gateway API experimental CRDs of a tag, concatenated: what `install.yaml` of a release looks like. */
function bundleOf(sharedDir: string, parts: readonly string[]): string {
  const out: string[] = [];
  for (const dir of parts) {
    const abs = path.join(sharedDir, 'upstream', 'crds', dir);
    for (const name of readdirSync(abs).sort()) {
      if (!/\.ya?ml$/.test(name) || name === 'kustomization.yaml' || /vap/.test(name)) continue;
      out.push(readFileSync(path.join(abs, name), 'utf8').replace(/^---\s*\n/, ''));
    }
  }
  return out.join('\n---\n');
}

const BUNDLES: { folder: string; file: string; parts: string[] }[] = [
  { folder: 'platform/gateway', file: 'install.yaml', parts: ['gateway-api/v1.6.1/config/crd/experimental'] },
  {
    folder: 'platform/gateway',
    file: 'operators.yaml',
    parts: ['karpenter/v1.14.1/pkg/apis/crds', 'karpenter-provider-aws/v1.14.1/pkg/apis/crds', 'external-snapshotter/v8.6.0/client/config/crd'],
  },
  { folder: 'infra/gateway-1.5', file: 'crds.yaml', parts: ['gateway-api/v1.5.1/config/crd/experimental'] },
  { folder: 'infra/gateway-1.4', file: 'crds.yaml', parts: ['gateway-api/v1.4.1/config/crd/experimental', 'gateway-api/v1.4.1/config/crd/standard'] },
];

function httpRoute(i: number, apiVersion: string): string {
  return `apiVersion: ${apiVersion}
kind: HTTPRoute
metadata:
  name: route-${i}
  namespace: apps
spec:
  parentRefs:
    - name: gateway
  hostnames: ["app-${i}.example.com"]
  rules:
    - matches:
        - path:
            type: PathPrefix
            value: /api/${i}
      backendRefs:
        - name: svc-${i}
          port: 8080
`;
}

function configMap(i: number): string {
  return `apiVersion: v1
kind: ConfigMap
metadata:
  name: settings-${i}
  labels:
    app: settings
data:
  key: "value-${i}"
  level: info
`;
}

/** Every corpus file (A-gated, B-ordinary), keeping its folders. */
function corpusFiles(sharedDir: string): { rel: string; file: string }[] {
  const out: { rel: string; file: string }[] = [];
  const walk = (dir: string, rel: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (e.isDirectory()) walk(path.join(dir, e.name), path.join(rel, e.name));
      else if (/\.ya?ml$/i.test(e.name)) out.push({ rel: path.join(rel, e.name), file: path.join(dir, e.name) });
    }
  };
  for (const top of ['A-gated', 'B-ordinary']) {
    const dir = path.join(sharedDir, 'corpus', top);
    if (existsSync(dir)) walk(dir, top);
  }
  return out;
}

/** Writes the tree under `root` (an empty folder) and says what it holds. `tenK` is the bench's 10k-line input;
 *  `bundleCopies` more copies of the infra bundle folders (with their routes) make a tree of larger bundles. */
export function writeCliTree(root: string, sharedDir: string, tenK: string, bundleCopies = 0): CliTree {
  let files = 0;
  let bytes = 0;
  const write = (rel: string, text: string): void => {
    const file = path.join(root, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    files++;
    bytes += Buffer.byteLength(text);
  };
  mkdirSync(path.join(root, '.git'), { recursive: true });
  for (const c of corpusFiles(sharedDir)) {
    const target = path.join(root, 'services', c.rel);
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(c.file, target);
    files++;
    bytes += readFileSync(c.file).length;
  }
  const bundleBytes: number[] = [];
  for (const b of BUNDLES) {
    const text = bundleOf(sharedDir, b.parts);
    bundleBytes.push(Buffer.byteLength(text));
    write(path.join(b.folder, b.file), text);
  }
  // Custom resources beside the bundles; the big folder gets more than a hundred siblings.
  for (let i = 0; i < 110; i++) write(`platform/gateway/route-${String(i).padStart(3, '0')}.yaml`, httpRoute(i, 'gateway.networking.k8s.io/v1'));
  for (let i = 0; i < 40; i++) write(`infra/gateway-1.5/route-${i}.yaml`, httpRoute(i, 'gateway.networking.k8s.io/v1beta1'));
  for (let i = 0; i < 40; i++) write(`infra/gateway-1.4/route-${i}.yaml`, httpRoute(i, 'gateway.networking.k8s.io/v1'));
  // One ~100 KB manifest: the first documents of the 10k-line input.
  const docs = readFileSync(tenK, 'utf8').split(/^---\s*$/m);
  let big = '';
  for (const d of docs) {
    if (big.length > 97 * 1024) break;
    big += (big ? '---' : '') + d;
  }
  const bigFolderFile = 'platform/gateway/app.yaml';
  write(bigFolderFile, big);
  for (let i = 0; i < 1000; i++) write(`config/many/settings-${String(i).padStart(4, '0')}.yaml`, configMap(i));
  for (let c = 0; c < bundleCopies; c++) {
    for (const b of BUNDLES.filter((x) => x.folder.startsWith('infra/'))) {
      const folder = `${b.folder}-copy-${c}`;
      const text = bundleOf(sharedDir, b.parts);
      bundleBytes.push(Buffer.byteLength(text));
      write(path.join(folder, b.file), text);
      for (let i = 0; i < 40; i++) write(`${folder}/route-${i}.yaml`, httpRoute(i, 'gateway.networking.k8s.io/v1'));
    }
  }
  return { root, manyFolder: 'config/many', bigFolderFile, files, bytes, bundleBytes };
}
