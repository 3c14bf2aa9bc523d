// A file's CRDs read by its own check (check/options.ts ownCrdFacts) are the CRDs a separate parse of the file
// reads (readCrdFile): the same definitions, sources, ranges and problems, for every upstream CRD file and for
// bundles that mix CRDs with other documents, Lists, broken and too-deep CRDs. A project then takes them from the
// check: a CRD bundle checked before its custom resources is parsed once in all.
// Internal imports: `api-extensions/workspace` (readCrdFile and CrdFileFacts: a CRD file's facts as the project keeps
// them; not public).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Analysis, parseStats, Project, type ProjectSettings } from '../../server/src/engine';
import type { CrdFileFacts } from '../../server/src/engine/api-extensions/workspace';
import { readCrdFile } from '../../server/src/engine/api-extensions/workspace';
import { widgetCrd } from '../support/crd-text';
import { memoryHost } from '../support/fixture';
import { hasShared, sharedDir, sharedTitle } from '../support/shared';

/** What the check of `text` hands over as the file's CRDs (undefined: none handed over). */
function factsFromCheck(text: string, file: string): CrdFileFacts | undefined {
  let got: CrdFileFacts | undefined;
  new Analysis({ version: '1.37', file: 'shown-name.yaml', ownCrdFacts: { file, take: (_t, facts) => (got = facts) } }).check(text);
  return got;
}

const DEPLOYMENT = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: op\nspec:\n  selector: {matchLabels: {app: op}}\n  template:\n    metadata: {labels: {app: op}}\n    spec:\n      containers: [{name: op, image: op:1}]\n';

describe('the CRDs a check reads from its own documents', () => {
  it.each([
    ['a bundle of CRDs and other documents', `${DEPLOYMENT}---\n${widgetCrd()}---\n${DEPLOYMENT}`],
    ['a List of CRDs', `apiVersion: v1\nkind: List\nitems:\n${widgetCrd().replace(/^/gm, '  ').replace(/^ {2}/, '- ')}`],
    ['a CRD without group beside a good one', `${widgetCrd()}---\napiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nspec: {names: {kind: X}}\n`],
    ['a CRD with a duplicate key', widgetCrd().replace('spec:\n', 'spec:\n  scope: Namespaced\n  scope: Cluster\n')],
    ['documents that only mention CRDs', `# CustomResourceDefinition\n${DEPLOYMENT}`],
  ])('%s: as a separate parse reads them', (_name, text) => {
    const file = '/repo/crds/bundle.yaml';
    const given = factsFromCheck(text, file);
    expect(given).toEqual(readCrdFile(text, file));
  });

  it('are not handed over for a text without CRDs', () => {
    expect(factsFromCheck(DEPLOYMENT, '/repo/d.yaml')).toBeUndefined();
  });

  it('a CRD bundle checked before its custom resources is parsed once', () => {
    const crds = `${DEPLOYMENT}---\n${widgetCrd()}`;
    const widget = 'apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  size: "3"\n';
    const files = [
      { path: 'a/crds.yaml', text: crds },
      { path: 'a/widget.yaml', text: widget },
    ];
    const project = new Project(memoryHost('/repo', files), { fallbackRoot: '/repo' });
    const settings: ProjectSettings = { version: '1.37', key: 'test' };
    const before = parseStats.documents;
    const reports = files.map((f) => project.contextOf(path.join('/repo', f.path), settings, f.text).analysis.check(f.text));
    // Two documents of crds.yaml and one of widget.yaml: the catalog of widget.yaml's folder took crds.yaml's CRDs
    // from its check, not from a parse of its own.
    expect(parseStats.documents - before).toBe(3);
    expect(project.counters.crdParses).toBe(1);
    expect(reports[1]!.findings.map((f) => f.code)).toContain('invalid-value');
  });
});

describe.skipIf(!hasShared)(sharedTitle('the CRDs a check reads from every upstream CRD file'), () => {
  const dir = path.join(sharedDir, 'upstream', 'crds');
  const files = hasShared ? listYaml(dir) : [];

  it('covers the upstream CRD files', () => expect(files.length).toBeGreaterThan(50));

  it('hands over, for nearly every file, what a separate parse reads', () => {
    let handedOver = 0;
    for (const rel of files) {
      const text = fs.readFileSync(path.join(dir, rel), 'utf8');
      const file = path.join('/repo', rel);
      const given = factsFromCheck(text, file);
      // None where the parser's fast path leaves the text to the package (the project parses it then).
      if (!given) continue;
      handedOver++;
      expect(given, rel).toEqual(readCrdFile(text, file));
    }
    expect(handedOver).toBeGreaterThan(files.length * 0.9);
  });
});

function listYaml(dir: string, rel = ''): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const sub = path.join(rel, e.name);
    if (e.isDirectory()) out.push(...listYaml(dir, sub));
    else if (/\.ya?ml$/.test(e.name) && /CustomResourceDefinition/.test(fs.readFileSync(path.join(dir, sub), 'utf8'))) out.push(sub);
  }
  return out;
}
