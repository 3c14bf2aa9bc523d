// What a check reads and parses around a file, counted: one file in a big folder parses its own documents and the
// CRD documents beside it, not its siblings nor a bundle's other documents; a folder of many files is listed and
// read once per run, not once per file; a CRD file checked beside others is parsed for its CRDs once.
// Internal imports: `base/nearest-folder` (the folder cap itself, so a case sits exactly at it).
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseStats, Project, type ProjectHost, type ProjectSettings } from '../../server/src/engine';
import { MAX_FOLDER_FILES } from '../../server/src/engine/base/nearest-folder';
import { widgetCrd } from '../support/crd-text';
import { memoryHost } from '../support/fixture';

const ROOT = '/repo';
const SETTINGS: ProjectSettings = { version: '1.37', key: 'test' };

const deployment = (name: string) =>
  `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: ${name}\nspec:\n  selector:\n    matchLabels: {app: ${name}}\n  template:\n    metadata:\n      labels: {app: ${name}}\n    spec:\n      containers:\n        - name: app\n          image: nginx:1.27\n`;
const service = (name: string) => `apiVersion: v1\nkind: Service\nmetadata:\n  name: ${name}\nspec:\n  ports:\n    - port: 80\n`;
const CRD = widgetCrd();

/** The host, counting reads and listings. */
function counting(host: ProjectHost): ProjectHost & { reads: Map<string, number>; listings: number } {
  const reads = new Map<string, number>();
  const counted = {
    ...host,
    reads,
    listings: 0,
    readFile(f: string) {
      reads.set(f, (reads.get(f) ?? 0) + 1);
      return host.readFile(f);
    },
    listDir(d: string) {
      counted.listings++;
      return host.listDir(d);
    },
  };
  return counted;
}

describe('work done around a checked file', () => {
  it('one file in a big folder parses its own documents and the CRD documents beside it, nothing else', () => {
    const files = [
      { path: 'apps/app.yaml', text: [deployment('web'), service('web'), 'apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  size: "3"\n'].join('---\n') },
      // An install bundle: the CRD among twenty other documents.
      { path: 'apps/install.yaml', text: [...Array.from({ length: 10 }, (_, i) => deployment(`op-${i}`)), CRD, ...Array.from({ length: 10 }, (_, i) => service(`op-${i}`))].join('---\n') },
      ...Array.from({ length: 150 }, (_, i) => ({ path: `apps/sibling-${i}.yaml`, text: [deployment(`s-${i}`), service(`s-${i}`)].join('---\n') })),
    ];
    const project = new Project(memoryHost(ROOT, files), { fallbackRoot: ROOT });
    const before = parseStats.documents;
    const app = files[0]!;
    const report = project.contextOf(path.join(ROOT, app.path), SETTINGS, app.text).analysis.check(app.text);
    // The Widget was checked against the CRD found in the bundle (its size is not an integer).
    expect(report.findings.map((f) => `${f.code} ${f.message}`).join('\n')).toMatch(/invalid-value .*size/);
    // Three documents of the file and the bundle's CRD document: not the 300 of the siblings nor the bundle's 20 others.
    expect(parseStats.documents - before).toBe(4);
    expect(project.counters).toMatchObject({ crdParses: 1, configParses: 0 });
  });

  it('a file of built-in kinds, or of a group no CRD around defines, beside a CRD bundle reads no CRD', () => {
    const bundle = [...Array.from({ length: 10 }, (_, i) => deployment(`op-${i}`)), CRD].join('---\n');
    const monitor = 'apiVersion: monitoring.coreos.com/v1\nkind: ServiceMonitor\nmetadata:\n  name: m\nspec: {}\n';
    const kubelet = 'apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates: {}\n';
    for (const text of [[deployment('web'), service('web')].join('---\n'), monitor, kubelet]) {
      const project = new Project(memoryHost(ROOT, [{ path: 'apps/app.yaml', text }, { path: 'apps/install.yaml', text: bundle }]), { fallbackRoot: ROOT });
      const before = parseStats.documents;
      project.contextOf(path.join(ROOT, 'apps/app.yaml'), SETTINGS, text).analysis.check(text);
      expect(parseStats.documents - before).toBe(text.split('---').length);
      expect(project.counters.crdParses).toBe(0);
    }
  });

  it('a custom resource whose group a CRD around names (even escaped) builds the catalog and finds the CRD', () => {
    const widget = 'apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  size: "3"\n';
    // In an ancestor folder; the second spells its group with an escape ("\x2e" is ".").
    for (const crd of [CRD, CRD.replace('group: example.com', 'group: "example\\x2ecom"')]) {
      const project = new Project(memoryHost(ROOT, [{ path: 'apps/w.yaml', text: widget }, { path: 'install.yaml', text: crd }]), { fallbackRoot: ROOT });
      const report = project.contextOf(path.join(ROOT, 'apps/w.yaml'), SETTINGS, widget).analysis.check(widget);
      expect(project.counters.crdParses).toBe(1);
      expect(report.findings.map((f) => `${f.code} ${f.message}`).join('\n')).toMatch(/invalid-value .*size/);
    }
  });

  it('a folder of 300 files checked one by one is listed once and each file is read once', () => {
    const files = Array.from({ length: 300 }, (_, i) => ({ path: `many/cm-${String(i).padStart(3, '0')}.yaml`, text: `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm-${i}\ndata:\n  k: v\n` }));
    const host = counting(memoryHost(ROOT, files));
    const project = new Project(host, { fallbackRoot: ROOT });
    for (const f of files) project.contextOf(path.join(ROOT, f.path), SETTINGS, f.text).analysis.check(f.text);
    // The folder and its ancestors up to the root, once each; discovery reads at most MAX_FOLDER_FILES files, plus
    // the kustomization names (three) looked for in the folder and the root; nothing is read twice.
    expect(host.listings).toBeLessThanOrEqual(2);
    expect([...host.reads].filter(([, n]) => n > 1)).toEqual([]);
    expect(host.reads.size).toBeLessThanOrEqual(MAX_FOLDER_FILES + 2 * 3);
    // Each file discovery reads is asked for its gate configs once for the whole folder, not once per file beside it.
    expect(project.counters.configLookups).toBe(MAX_FOLDER_FILES);
  });

  it('a CRD file checked beside others is parsed for its CRDs once, for itself and for its folder', () => {
    const files = [
      { path: 'crds/widgets.yaml', text: CRD },
      { path: 'crds/widget.yaml', text: 'apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n' },
    ];
    const project = new Project(memoryHost(ROOT, files), { fallbackRoot: ROOT });
    for (const f of files) project.contextOf(path.join(ROOT, f.path), SETTINGS, f.text).analysis.check(f.text);
    expect(project.counters.crdParses).toBe(1);
  });
});
