// The per-document walks of an open document (engine/incremental) must give exactly the whole-file report:
// over inline multi-document files and a 10k-line stream generated here, after an edit (kept walks reused);
// and, when ../shared is there, over every corpus file and the bench generator's stream.
// Internal imports: `incremental/pieces` (splitDocuments: where a text is cut into documents, no public surface).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type FileReport, OpenDocument, parseStats, Analysis } from '../../server/src/engine';
import { splitDocuments } from '../../server/src/engine/incremental/pieces';
import { sharedDir, hasShared, sharedTitle } from '../support/shared';

const CTX = { version: '1.37' } as const;
const LIMIT = { maxChars: 100_000_000 };
const whole = (t: string): FileReport => new Analysis(CTX).check(t);
/** The report of an open document that walks every YAML document on its own (never the whole text in one call). */
const pieceByPiece = (t: string): FileReport => new OpenDocument({ wholeAbove: Infinity }).update(t, CTX, LIMIT);

function yamlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir)) {
    const p = path.join(dir, e);
    if (statSync(p).isDirectory()) out.push(...yamlFiles(p));
    else if (/\.ya?ml$/.test(e)) out.push(p);
  }
  return out;
}

describe('document splitting', () => {
  it('cuts at --- lines, keeps leading comments with the first document, and refuses unsure cuts', () => {
    const text = '# head\n\n---\na: 1\n---\nb: 2\n';
    expect(splitDocuments(text)?.map((p) => [p.line, p.text])).toEqual([
      [0, '# head\n\n---\na: 1\n'],
      [4, '---\nb: 2\n'],
    ]);
    expect(splitDocuments('a: 1\n...\nb: 2\n')).toBeUndefined();
    expect(splitDocuments(`${'a: 1\n'.repeat(12)}# kubegate: kubernetes-version=1.36\n---\nb: 2\n`)).toBeUndefined();
  });
});

/** Multi-document files written for this suite: configs beside manifests, comments and directives between
 *  documents, a template block, a parse error, an empty document, a List and a CRLF file. */
const FILES: Record<string, string> = {
  'configs-and-manifests': `# a kind config and what runs on it
kind: Cluster
apiVersion: kind.x-k8s.io/v1alpha4
featureGates:
  DRAOptionalNodeOperations: true
---
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata:
  name: slice-a
spec:
  driver: gpu.example.com
  pool: {name: p, generation: 1, resourceSliceCount: 1}
  allNodes: true
  skipNodeOperations: ["*"]
---
# kubelet defaults for the nodes
apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
featureGates:
  DefaultPodSysctls: true
defaultPodSysctls:
  net.ipv4.ip_unprivileged_port_start: "0"
---
apiVersion: v1
kind: Pod
metadata:
  name: probe
spec:
  containers:
  - name: app
    image: registry.example/app:1
    livenessProbe:
      grpc: {port: 9000, mode: TLS}
`,
  'mistakes-and-oddities': `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: web
        image: nginx
        imagePullPolicy: Sometimes
        ports:
        - containerPort: 80
          protocl: TCP
--- # a comment after the separator
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: broken
data:
  a: [unclosed
---
apiVersion: v1
kind: Service
metadata:
  name: {{ .Values.name }}
spec:
  ports:
  - port: 80
---
apiVersion: extensions/v1beta1
kind: Deployment
metadata:
  name: old
`,
  'version-directive': `# kubegate: kubernetes-version=1.36
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata:
  name: for-1-36
spec:
  driver: d
  pool: {name: p, generation: 1, resourceSliceCount: 1}
  allNodes: true
  skipNodeOperations: ["*"]
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: c
dta: {k: v}
`,
  'list-first': `apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: ConfigMap
  metadata: {name: c}
  dta: {k: v}
---
apiVersion: v1
kind: Service
metadata:
  name: s
spec:
  ports:
  - port: 80
    protocl: TCP
`,
  crlf: 'apiVersion: v1\r\nkind: ConfigMap\r\nmetadata:\r\n  name: a\r\ndta: 1\r\n---\r\napiVersion: v1\r\nkind: Pod\r\nmetadata:\r\n  name: p\r\nspec:\r\n  containers: []\r\n',
};

/** A deterministic stream of about `lines` lines: Deployments, Services, gated ResourceSlices and Pods, ConfigMaps,
 *  a few kubelet configs with featureGates, and a mistake every few documents. */
function stream(lines: number): string {
  const docs: string[] = [];
  let count = 0;
  for (let i = 0; count < lines; i++) {
    const name = `app-${i}`;
    const port = 8000 + (i % 100);
    const kinds = [
      `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: ${name}\n  labels: {app: ${name}}\nspec:\n  replicas: ${1 + (i % 5)}\n  selector:\n    matchLabels: {app: ${name}}\n  template:\n    metadata:\n      labels: {app: ${name}}\n    spec:\n      containers:\n      - name: main\n        image: registry.example/${name}:1.${i}\n        ports:\n        - containerPort: ${port}\n${i % 7 === 0 ? '          protocl: TCP\n' : ''}`,
      `apiVersion: v1\nkind: Service\nmetadata:\n  name: ${name}\nspec:\n  selector: {app: ${name}}\n  ports:\n  - port: 80\n    targetPort: ${port}\n`,
      `apiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata:\n  name: ${name}\nspec:\n  driver: gpu.example.com\n  pool: {name: ${name}, generation: 1, resourceSliceCount: 1}\n  nodeName: node-${i}\n  skipNodeOperations: ["*"]\n`,
      `apiVersion: v1\nkind: Pod\nmetadata:\n  name: ${name}\nspec:\n  containers:\n  - name: main\n    image: busybox\n    volumeMounts:\n    - name: scratch\n      mountPath: /scratch\n      bindMountOptions: [noexec]\n  volumes:\n  - name: scratch\n    emptyDir: {}\n`,
      `apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  DefaultPodSysctls: ${i % 2 === 0}\nserializeImagePulls: ${i % 3 === 0}\n`,
      `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\ndata:\n  index: "${i}"\n  ${i % 5 === 0 ? 'enabled: true' : 'mode: plain'}\n`,
    ];
    // A kubelet config now and then (every config document is read for the whole file's gate state).
    const doc = kinds[i % 60 === 4 ? 4 : i % 6 === 4 ? 5 : i % 6]!;
    docs.push(doc);
    count += doc.split('\n').length;
  }
  return docs.join('---\n');
}

/** On a multi-document stream with `replicas:` lines in its second half: piece by piece, and with the whole-text
 *  walk of a first check, the report equals the whole-file report; after one `replicas:` line in the middle is
 *  edited, only that document is walked and parsed again and the report still equals the whole-file report. */
function expectSameReportBeforeAndAfterAnEdit(text: string): void {
  const pieces = splitDocuments(text)!;
  const documents = pieces.length;
  // Documents of the same text (and followed by another, or not) are walked once.
  const distinct = new Set(pieces.map((p, i) => `${i < documents - 1}${p.text}`)).size;
  expect(distinct).toBeGreaterThan(documents / 2);
  const expected = whole(text);
  // Piece by piece: each document walked and parsed alone (with the `---` that follows it in the file: the last one
  // has none).
  const alone = new OpenDocument({ wholeAbove: Infinity });
  let composed = parseStats.documents;
  const report = alone.update(text, CTX, LIMIT);
  expect(parseStats.documents - composed).toBe(2 * distinct - 1);
  expect(alone.walks).toBe(distinct);
  expect(report).toEqual(expected);
  // A first check walks the whole text in one call: each document composed once.
  const open = new OpenDocument();
  composed = parseStats.documents;
  expect(open.update(text, CTX, LIMIT)).toEqual(expected);
  expect(parseStats.documents - composed).toBe(documents);
  expect(open.walks).toBe(documents);
  // Edit one line in the middle: only that document is walked again, and parsed with its follower `---` alone.
  const lines = text.split('\n');
  const mid = lines.findIndex((l, i) => i > lines.length / 2 && /^\s+replicas: \d+/.test(l));
  expect(mid).toBeGreaterThan(0);
  lines[mid] = lines[mid]!.replace(/replicas: \d+/, 'replicaz: 3');
  const edited = lines.join('\n');
  composed = parseStats.documents;
  const after = open.update(edited, CTX, LIMIT);
  expect(parseStats.documents - composed).toBe(2);
  expect(open.walks).toBe(documents + 1);
  expect(after).toEqual(whole(edited));
  expect(after.findings.some((f) => f.code === 'unknown-field' && f.range.start.line === mid)).toBe(true);
}

describe('incremental re-check equals the whole-file check', { timeout: 120_000 }, () => {
  it.each(Object.keys(FILES))('on an inline multi-document file: %s', (name) => {
    const text = FILES[name]!;
    expect(pieceByPiece(text)).toEqual(whole(text));
    expect(whole(text).findings.length).toBeGreaterThan(0);
  });

  // Two places where a document's walk must be placed in file lines: the evidence of a finding that points at a
  // config document of the same file (the gate step reads the placed settings), and the ranges of the items of a
  // v1 List (incremental/place.ts moves every range of a walk).
  it('evidence from a config document of the same file, after the first document', () => {
    const text = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: first\n---\napiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  DefaultPodSysctls: false\ndefaultPodSysctls:\n  net.ipv4.ip_unprivileged_port_start: "0"\n`;
    expect(whole(text).findings.some((f) => f.related?.some((e) => e.source.type === 'file'))).toBe(true);
    expect(pieceByPiece(text)).toEqual(whole(text));
  });

  it('the items of a v1 List after the first document', () => {
    const text = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: first\n---\napiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: c}\n`;
    expect(whole(text).documents[1]?.items?.[0]?.range.start.line).toBe(8);
    expect(pieceByPiece(text)).toEqual(whole(text));
  });

  it('on a generated multi-document stream, before and after an edit in one document', () => {
    expectSameReportBeforeAndAfterAnEdit(stream(10_000));
  }, 120_000);
});

describe.skipIf(!hasShared)(sharedTitle('incremental re-check equals the whole-file check on the corpus and the bench stream'), { timeout: 120_000 }, () => {
  it('on every corpus file', () => {
    const files = yamlFiles(path.join(sharedDir, 'corpus'));
    expect(files.length).toBeGreaterThan(20);
    const diffs: string[] = [];
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      const got = pieceByPiece(text);
      if (JSON.stringify(got) !== JSON.stringify(whole(text))) diffs.push(path.relative(sharedDir, f));
    }
    expect(diffs).toEqual([]);
  }, 180_000);

  it('on a generated multi-document stream, before and after an edit in one document', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'kubegate-gen-'));
    try {
      execFileSync(process.execPath, [path.join(sharedDir, 'bench', 'gen-manifests.mjs'), '--out', dir], { stdio: 'ignore' });
      expectSameReportBeforeAndAfterAnEdit(readFileSync(path.join(dir, 'k8s-10k.yaml'), 'utf8'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
