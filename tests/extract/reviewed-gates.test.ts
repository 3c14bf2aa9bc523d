// The gate catalog from the project's own data: an extraction from an excerpt checkout (files of different
// commits, named in SOURCE-COMMITS) and the reviewed rows the generator applies over the extracted catalog.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { combine } from '../../scripts/extract/combine';
import { extractVersion, FEATURE_LIST } from '../../scripts/extract/extract';
import { folderTree, parseSourceCommits, SOURCE_COMMITS } from '../../scripts/extract/source-tree';
import { buildGateCatalog } from '../../scripts/generate/gate-catalog';
import { applyReviewedGates, parseReviewedGates } from '../../scripts/generate/reviewed-gates';
import { Inputs } from '../../scripts/generate/inputs';
import { readServedGroupVersions, type FeatureGatesFile } from '../../scripts/generate/sources';
import { tempDir, writeTree } from './fixture-tree';
import { FEATURE_LIST_137, KEP_YAML } from './fixtures';

const LIST_COMMIT = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const KEPS = { keps: [{ number: 9001, title: 'Widgets for everyone', url: '', feature_gates: [{ name: 'WidgetAPI' }] }] };

/** An extraction of 1.37 from an excerpt checkout holding only the feature list. */
function extractedCatalog(): { out: string; fg: FeatureGatesFile } {
  const k8s = tempDir('excerpt');
  writeTree(k8s, { [FEATURE_LIST]: FEATURE_LIST_137, [SOURCE_COMMITS]: `# one file\n${LIST_COMMIT} ${FEATURE_LIST}\n` });
  const enh = tempDir('enh');
  writeTree(enh, { 'keps/sig-widgets/9001-widgets/kep.yaml': KEP_YAML });
  const out = tempDir('out');
  extractVersion({ kubernetes: folderTree('kubernetes/kubernetes', k8s, null), enhancements: folderTree('kubernetes/enhancements', enh, null) }, '1.37', out);
  combine(out);
  return { out, fg: JSON.parse(fs.readFileSync(path.join(out, 'reference', 'feature-gates.json'), 'utf8')) as FeatureGatesFile };
}

const row = (...cells: string[]): string => cells.join('\t');

describe('an excerpt checkout', () => {
  it('names the commit of each file it holds', () => {
    expect(parseSourceCommits(`# c\n\n${LIST_COMMIT} a/b.go\n`)).toEqual({ 'a/b.go': LIST_COMMIT });
    expect(() => parseSourceCommits('main a/b.go')).toThrow(/40-hex/);
  });

  it('gives the extracted gates and the provenance that commit', () => {
    const { out } = extractedCatalog();
    const gates = JSON.parse(fs.readFileSync(path.join(out, 'upstream', 'k8s-1.37', 'gates.json'), 'utf8'));
    expect(gates.source).toEqual({ repo: 'kubernetes/kubernetes', commit: LIST_COMMIT, path: FEATURE_LIST });
    const prov = JSON.parse(fs.readFileSync(path.join(out, 'upstream', 'k8s-1.37', 'provenance.json'), 'utf8'));
    expect(prov.sources.kubernetes).toEqual({ repo: 'kubernetes/kubernetes', commit: null, paths: [FEATURE_LIST], commits: { [FEATURE_LIST]: LIST_COMMIT } });
  });
});

describe('reviewed gate rows over the extracted catalog', () => {
  const rows = parseReviewedGates(
    [
      '# gate\tfact\tversion\tvalue\tevidence',
      row('WidgetAPI', 'summary', '-', 'Serves widgets.', 'own words'),
      row('WidgetAPI', 'why', '1.37', 'graduated', 'own words'),
      row('WidgetAPI', 'state', '1.37', 'Beta ? lock?', 'a later list, some/repo path@0123456789ab'),
      row('WidgetAPI', 'by-patch', '1.37', '1.37.0=on 1.37.2=off', 'a later list'),
      row('WidgetAPI', 'kep', '-', '9100', 'curated link'),
      row('WidgetSlowMode', 'state', '1.37', 'absent', 'removed before release'),
      row('WidgetSlowMode', 'page', '-', 'no', 'no row on the page'),
      row('WidgetSlowMode', 'components', '-', 'none', 'no kep.yaml names it'),
      row('WidgetGone', 'history', '-', 'Alpha off 1.30..1.35; GA on 1.36..', 'an older list'),
      row('WidgetGone', 'state', '1.37', 'GA on locked', 'an older list'),
      row('WidgetOld', 'not-a-gate', '-', 'WidgetAPI', 'the KEP names it so'),
      row('WidgetOld', 'why', '-', 'an older name of WidgetAPI', 'own words'),
      row('AllWidgets', 'meta', '-', 'yes', 'a meta key'),
    ].join('\n'),
  );

  it('change only the facts they name, keep the others as extracted', () => {
    const { fg } = extractedCatalog();
    const catalog = buildGateCatalog(applyReviewedGates(fg, rows), KEPS);
    const api = catalog.gates.WidgetAPI;
    expect(api.summary).toBe('Serves widgets.');
    expect(api.byVersion['1.37']).toEqual({ exists: true, stage: 'Beta', default: null, locked: null, byPatch: { '1.37.0': true, '1.37.2': false }, why: 'graduated' });
    expect(api.kep?.number).toBe(9100);
    expect(api.components).toEqual(['kube-apiserver', 'kube-controller-manager']);
    expect(api.history.map((h) => h.stage)).toEqual(['Alpha', 'Beta', 'GA']);
    expect(catalog.gates.WidgetShine.byVersion['1.37'].exists).toBe(true);
    expect(catalog.gates.WidgetSlowMode).toMatchObject({ onPage: false, components: [], byVersion: { '1.37': { exists: false } } });
    expect(catalog.gates.WidgetGone).toMatchObject({ onPage: true, history: [{ stage: 'Alpha', default: false, since: '1.30', until: '1.35' }, { stage: 'GA', default: true, since: '1.36', until: null }] });
    expect(catalog.gates.WidgetGone.byVersion['1.37']).toEqual({ exists: true, stage: 'GA', default: true, locked: true });
    expect(catalog.notGates).toEqual({ WidgetOld: { aliasOf: 'WidgetAPI', why: 'an older name of WidgetAPI' } });
    expect(catalog.meta).toEqual(['AllWidgets']);
  });

  it('refuse rows they cannot read', () => {
    expect(() => parseReviewedGates(row('G', 'colour', '-', 'red', 'e'))).toThrow(/unknown fact/);
    expect(() => parseReviewedGates(row('G', 'summary', '-', 'no evidence'))).toThrow(/expected gate/);
    const { fg } = extractedCatalog();
    expect(() => applyReviewedGates(fg, parseReviewedGates(row('WidgetAPI', 'state', '1.37', 'Beta maybe', 'e')))).toThrow(/on, off or \?/);
    expect(() => applyReviewedGates(fg, parseReviewedGates(row('WidgetAPI', 'history', '-', 'Beta on 1.3x..', 'e')))).toThrow(/bad history/);
  });
});

describe('served group-versions of a new minor', () => {
  it('come from the extraction when the reviewed file does not hold the minor', () => {
    const [project, reviewed] = [tempDir('project'), tempDir('reviewed')];
    const facts = (gv: string): unknown => ({ servedByDefault: [gv], servedWhenEnabled: [], notServed: [] });
    writeTree(project, { 'upstream/served-group-versions.json': JSON.stringify({ versions: { '1.37': facts('extracted/v1'), '1.38': facts('new/v1') } }) });
    writeTree(reviewed, { 'upstream/served-group-versions.json': JSON.stringify({ versions: { '1.37': facts('reviewed/v1') } }) });
    const served = readServedGroupVersions(new Inputs(project, path.join(project, 'no-shared'), reviewed));
    expect(served['1.37'].servedByDefault).toEqual(['reviewed/v1']);
    expect(served['1.38'].servedByDefault).toEqual(['new/v1']);
  });
});
