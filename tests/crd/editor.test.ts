// Hover and completion on custom resources read the same converted types as the check: fields of the CRD
// schema (minus those present), enum values, apiVersion/kind pairs of CRD kinds, and the field view on hover.
// Also the CR snippets: each one needs what its description says (gate, channel) and is clean with it.
// Internal imports: `complete` (completion inside a custom resource at a position, below Analysis.complete).
// Also `api-extensions/overlay` (dataForApiVersion: the type tables with a catalog's CRDs, no public surface),
// `api-extensions/workspace` (crdsFromText: the CRDs of one text; the public loadCrdFiles reads named files),
// `snippets` (loadSnippets: the shipped snippets; not public).
import { describe, expect, it } from 'vitest';
import { completeAt } from '../../server/src/engine/complete';
import { buildCrdCatalog, gateCatalog, loadVersion, expandDefaults, Analysis } from '../../server/src/engine';
import { dataForApiVersion } from '../../server/src/engine/api-extensions/overlay';
import { crdsFromText } from '../../server/src/engine/api-extensions/workspace';
import { loadSnippets } from '../../server/src/engine/snippets';
import { checkWithGates, gatesAskedFor } from '../snippets/helpers';
import { cursor } from '../support/markers';
import { WIDGET_CRD } from './fixtures';

const crds = buildCrdCatalog({ workspace: crdsFromText(WIDGET_CRD, 'widget.yaml') });
const inputs = { version: '1.37' as const, data: dataForApiVersion(loadVersion('1.37').data, crds, undefined), gates: gateCatalog() };

describe('completion on custom resources', () => {
  it('offers the fields of the CRD schema that are not there yet, required first', () => {
    const { text, position } = cursor('apiVersion: example.kubegate.test/v1\nkind: Widget\nspec:\n  size: Small\n  ‸\n');
    const items = completeAt(text, position, inputs);
    const labels = items.map((i) => i.label);
    expect(labels).toContain('maxReplicas');
    expect(labels).toContain('parts');
    expect(labels).not.toContain('size');
    expect(items.find((i) => i.label === 'port')?.detail).toContain('int-or-string');
  });

  it('offers enum values of a CRD field', () => {
    const { text, position } = cursor('apiVersion: example.kubegate.test/v1\nkind: Widget\nspec:\n  size: ‸\n');
    const labels = completeAt(text, position, inputs).map((i) => i.label);
    expect(labels).toEqual(expect.arrayContaining(['Small', 'Medium', 'Large']));
  });

  it('offers CRD kinds at the start of a document', () => {
    const labels = completeAt('', { line: 0, character: 0 }, inputs).map((i) => i.label);
    expect(labels).toContain('Widget (example.kubegate.test/v1)');
    expect(labels).toContain('VolumeGroupSnapshot (groupsnapshot.storage.k8s.io/v1)');
    expect(labels).toContain('NodePool (karpenter.sh/v1)');
  });
});

describe('hover on custom resources', () => {
  it('shows the field type and allowed values from the CRD', async () => {
    const { text, position } = cursor('apiVersion: example.kubegate.test/v1\nkind: Widget\nspec:\n  s‸ize: Small\n');
    const md = (await new Analysis({ version: '1.37', crds }).hover(text, position))!.markdown;
    expect(md).toContain('size');
    expect(md).toContain('Small');
    expect(md).toContain('Large');
  });

  it('shows the source and versions on the kind', async () => {
    const { text, position } = cursor('apiVersion: example.kubegate.test/v1\nkind: W‸idget\n');
    const md = (await new Analysis({ version: '1.37', crds }).hover(text, position))!.markdown;
    expect(md).toContain('checked against the CRD in widget.yaml');
    expect(md).toContain('`example.kubegate.test/v1beta1` (served, deprecated)');
    expect(md).toContain('`example.kubegate.test/v1alpha1` (not served)');
  });
});

describe('custom-resource snippets', () => {
  const snippets = loadSnippets();
  const byPrefix = (p: string) => snippets.find((s) => s.prefix === p)!;
  const needs: [string, string[]][] = [
    ['kg-volumegroupsnapshotclass', ['snapshot-controller:CSIVolumeGroupSnapshot']],
    ['kg-volumegroupsnapshot', ['snapshot-controller:CSIVolumeGroupSnapshot']],
    ['kg-volumegroupsnapshotclass-v1beta2', ['snapshot-controller:CSIVolumeGroupSnapshot']],
    ['kg-volumegroupsnapshot-v1beta2', ['snapshot-controller:CSIVolumeGroupSnapshot']],
    ['kg-snapshotmetadataservice', []],
    ['kg-httproute-retry', ['channel:experimental']],
    ['kg-karpenter-nodepool', []],
  ];

  it.each(needs)('%s is checked, needs %j, and is clean with it', (prefix, expected) => {
    const s = byPrefix(prefix);
    expect(s, prefix).toBeDefined();
    const text = expandDefaults(s.body);
    const first = checkWithGates(text, []);
    expect(first.documents.every((d) => d.checked)).toBe(true);
    expect(gatesAskedFor(first.findings)).toEqual(expected);
    expect(checkWithGates(text, expected).findings).toEqual([]);
  });

  it('the HTTPRoute snippet marks its experimental field in the description and the body', () => {
    const s = byPrefix('kg-httproute-retry');
    expect(s.description).toContain('EXPERIMENTAL CHANNEL');
    expect(s.body).toContain('# experimental channel only');
  });
});
