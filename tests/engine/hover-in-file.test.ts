// Hover in a file (engine/hover/hover-in-file.ts) goes through a smaller text (the hovered document plus the
// file's gate configs). On every key of an inline multi-document file, and of multi-document corpus files when
// ../shared is there, the view must equal the engine's hover over the whole file.
// Internal imports: `hover` (the hover of a whole text beside the hover from a snapshot, to compare the two paths).
// Also `hover/hover-in-file` (hoverInFile given each kind of snapshot made here; Analysis.hover makes its own),
// `incremental/snapshot` (the TextSnapshot type of those snapshots).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildGateEnvironment, gateCatalog, type CheckOptions, OpenDocument } from '../../server/src/engine';
import { hoverAt } from '../../server/src/engine/hover';
import { hoverInFile } from '../../server/src/engine/hover/hover-in-file';
import type { TextSnapshot } from '../../server/src/engine/incremental/snapshot';
import { marked } from '../support/markers';
import { readSharedTsv, sharedPath, suite, SHARED } from '../support/shared';

const S = suite('hover through the hovered document equals hover over the whole file, on the corpus', SHARED);

/** Positions of every block-mapping key (a `key:` at the start of a line, after indentation and `- `). */
function keyPositions(text: string): { line: number; character: number }[] {
  const out: { line: number; character: number }[] = [];
  text.split(/\r?\n/).forEach((l, line) => {
    const m = /^(\s*(?:-\s+)*)([A-Za-z][\w.-]*):/.exec(l);
    if (m) out.push({ line, character: m[1]!.length + 1 });
  });
  return out;
}

/** Configs and gated fields in one file: the kind config and the kubelet config of the file set gates the
 *  manifests after them need; a List, comments between documents and a document the checker does not know. */
const { text: MULTI, positions: [SKIP, BIND] } = marked(`# cluster for the DRA demo
kind: Cluster
apiVersion: kind.x-k8s.io/v1alpha4
featureGates:
  DRAOptionalNodeOperations: true
  VolumeBindMountOptions: false
nodes:
- role: control-plane
---
apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
featureGates:
  DefaultPodSysctls: true
defaultPodSysctls:
  net.ipv4.ip_unprivileged_port_start: "0"
---
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata:
  name: slice-a
spec:
  driver: gpu.example.com
  pool: {name: p, generation: 1, resourceSliceCount: 1}
  nodeName: node-1
  skip‸NodeOperations: ["*"]
  devices:
  - name: gpu-0
    consumesCounters:
    - counterSet: gpu-0
      counters: {memory: {value: 20Gi}}
      compatibilityGroups: [a]
---
# a Pod using two alpha fields
apiVersion: v1
kind: Pod
metadata:
  name: app
spec:
  containers:
  - name: app
    image: registry.example/app:1
    volumeMounts:
    - name: scratch
      mountPath: /scratch
      bind‸MountOptions: [noexec]
    livenessProbe:
      grpc:
        port: 9000
        mode: TLS
  volumes:
  - name: scratch
    emptyDir: {}
---
apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: ConfigMap
  metadata:
    name: listed
  data:
    k: v
---
apiVersion: example.com/v1
kind: Widget
spec:
  size: 3
`);

describe('hover through the hovered document equals hover over the whole file', () => {
  it('gives the same Markdown and range on every key of an inline multi-document file', async () => {
    const environment = buildGateEnvironment({ catalog: gateCatalog(), version: '1.37' });
    const ctx: CheckOptions = { file: 'x.yaml', version: '1.37', environment };
    let shown = 0;
    for (const pos of keyPositions(MULTI)) {
      const whole = hoverAt(MULTI, pos, { version: '1.37', environment, file: 'x.yaml' });
      const local = await hoverInFile(MULTI, pos, ctx);
      expect(local?.markdown, `${pos.line}:${pos.character}`).toBe(whole?.markdown);
      if (whole) {
        expect(local?.range, `${pos.line}:${pos.character}`).toEqual(whole.range);
        shown++;
      }
    }
    // Most keys have a view (the Widget's do not), and the gated ones state what this file's configs set.
    expect(shown).toBeGreaterThan(30);
    expect((await hoverInFile(MULTI, SKIP!, ctx))?.markdown).toContain('kube-apiserver: on');
    expect((await hoverInFile(MULTI, BIND!, ctx))?.markdown).toContain('kubelet: off');
  });
});

/** The three snapshots an open document gives requests about MULTI (incremental/snapshot.ts): the check's, with the
 *  whole text's walk (the first check); the check's, with its documents' walks placed in the file (after an edit,
 *  only the edited document walked again); one made for the text alone (a request before the check). */
function snapshots(ctx: CheckOptions): { name: string; snapshot: TextSnapshot }[] {
  const limit = { maxChars: 1_000_000 };
  const walked = new OpenDocument();
  walked.update(MULTI, ctx, limit);
  const edited = new OpenDocument();
  edited.update(MULTI.replace('name: app', 'name: app2'), ctx, limit);
  const walks = edited.walks;
  edited.update(MULTI, ctx, limit);
  expect(edited.walks - walks).toBe(1);
  const placed = edited.snapshot(MULTI, ctx);
  expect(placed.analysis).toBeDefined();
  expect(placed.documentSpans()?.length).toBe(6);
  return [
    { name: 'walked', snapshot: walked.snapshot(MULTI, ctx) },
    { name: 'placed', snapshot: placed },
    { name: 'text alone', snapshot: new OpenDocument().snapshot(MULTI, ctx) },
  ];
}

describe('hover from an open document snapshot equals hover over the whole file', () => {
  it('gives the same Markdown and range on every key, from each kind of snapshot', async () => {
    const environment = buildGateEnvironment({ catalog: gateCatalog(), version: '1.37' });
    const ctx: CheckOptions = { file: 'x.yaml', version: '1.37', environment };
    const all = snapshots(ctx);
    expect(all[0]!.snapshot.analysis).toBeDefined();
    for (const { name, snapshot } of all) {
      let shown = 0;
      for (const pos of keyPositions(MULTI)) {
        const whole = hoverAt(MULTI, pos, { version: '1.37', environment, file: 'x.yaml' });
        const fromSnapshot = await hoverInFile(MULTI, pos, ctx, undefined, snapshot);
        expect(fromSnapshot?.markdown, `${name} ${pos.line}:${pos.character}`).toBe(whole?.markdown);
        if (whole) {
          expect(fromSnapshot?.range, `${name} ${pos.line}:${pos.character}`).toEqual(whole.range);
          shown++;
        }
      }
      expect(shown, name).toBeGreaterThan(30);
      expect((await hoverInFile(MULTI, SKIP!, ctx, undefined, snapshot))?.markdown, name).toContain('kube-apiserver: on');
      expect((await hoverInFile(MULTI, BIND!, ctx, undefined, snapshot))?.markdown, name).toContain('kubelet: off');
    }
  });

  it('is not used for another text or under another context', async () => {
    const environment = buildGateEnvironment({ catalog: gateCatalog(), version: '1.37' });
    const ctx: CheckOptions = { file: 'x.yaml', version: '1.37', environment };
    const [{ snapshot }] = snapshots(ctx);
    const other = MULTI.replace('skipNodeOperations', 'skipNodeOps');
    expect(snapshot!.isFor(other, ctx)).toBe(false);
    expect(snapshot!.isFor(MULTI, { ...ctx })).toBe(false);
    const pos = SKIP!;
    expect(await hoverInFile(other, pos, ctx, undefined, snapshot)).toEqual(await hoverInFile(other, pos, ctx));
  });
});

describe.skipIf(S.skip)(S.title, { timeout: 120_000 }, () => {
  it('gives the same Markdown and range on every key of multi-document corpus files', async () => {
    const files = readSharedTsv('corpus/MANIFEST.tsv', ['file'])
      .map((r) => r['file']!)
      .map((f) => ({ f, text: readFileSync(sharedPath('corpus', f), 'utf8') }))
      .filter(({ text }) => (text.match(/^---/gm) ?? []).length >= 2 && text.length > 4_000 && !text.includes('{{'))
      .slice(0, 10);
    expect(files.length).toBeGreaterThan(3);
    const environment = buildGateEnvironment({ catalog: gateCatalog(), version: '1.37' });
    const ctx: CheckOptions = { file: 'x.yaml', version: '1.37', environment };
    let compared = 0;
    for (const { f, text } of files) {
      // The first and the last 40 keys of each file (the first and the last documents) keep the run short.
      const positions = keyPositions(text);
      const open = new OpenDocument();
      open.update(text, ctx, { maxChars: 10_000_000 });
      const snapshot = open.snapshot(text, ctx);
      for (const pos of [...positions.slice(0, 40), ...positions.slice(-40)]) {
        const whole = hoverAt(text, pos, { version: '1.37', environment, file: 'x.yaml' });
        const local = await hoverInFile(text, pos, ctx);
        const fromSnapshot = await hoverInFile(text, pos, ctx, undefined, snapshot);
        expect(local?.markdown, `${f} ${pos.line}:${pos.character}`).toBe(whole?.markdown);
        expect(fromSnapshot?.markdown, `${f} ${pos.line}:${pos.character} (snapshot)`).toBe(whole?.markdown);
        if (whole) expect(local?.range, `${f} ${pos.line}:${pos.character}`).toEqual(whole.range);
        if (whole) expect(fromSnapshot?.range, `${f} ${pos.line}:${pos.character} (snapshot)`).toEqual(whole.range);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(100);
  });
});
