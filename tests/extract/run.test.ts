// Whole extraction runs on fixture checkouts: two minors, the combined files, byte-identical reruns, and the
// fact diff between minors and against a baseline folder.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withSupportedVersion } from '../../scripts/extract/add-version';
import { combine } from '../../scripts/extract/combine';
import { alignCategories, diffFacts, formatDiffLine, readFacts, type Category, type Facts } from '../../scripts/extract/diff';
import { extractVersion, FEATURE_LIST, type Checkouts } from '../../scripts/extract/extract';
import { fixtureTree, tempDir } from './fixture-tree';
import {
  CORE_REGISTER,
  CORE_TYPES,
  DROP_DISABLED,
  FEATURE_GATES_GO,
  FEATURE_LIST_136,
  FEATURE_LIST_137,
  KEP_README,
  KEP_TEMPLATE_TITLE,
  KEP_YAML,
  RESOURCE_CONFIG,
  SMD_GO,
  SMD_SCHEMA,
  WIDGET_LIFECYCLE,
  WIDGET_REGISTER,
  WIDGET_TYPES,
} from './fixtures';

const API = 'staging/src/k8s.io/api';

function checkouts(featureList: string, types = WIDGET_TYPES): Checkouts {
  return {
    kubernetes: fixtureTree('kubernetes/kubernetes', {
      [FEATURE_LIST]: featureList,
      [`${API}/widgets/v1beta1/types.go`]: types,
      [`${API}/widgets/v1beta1/register.go`]: WIDGET_REGISTER,
      [`${API}/widgets/v1beta1/zz_generated.prerelease-lifecycle.go`]: WIDGET_LIFECYCLE,
      [`${API}/core/v1/register.go`]: CORE_REGISTER,
      [`${API}/core/v1/types.go`]: CORE_TYPES,
      'pkg/controlplane/instance.go': RESOURCE_CONFIG,
      'pkg/api/widget/util.go': DROP_DISABLED,
      'pkg/features/kube_features.go': FEATURE_GATES_GO,
      'staging/src/k8s.io/client-go/applyconfigurations/internal/internal.go': SMD_GO,
    }),
    enhancements: fixtureTree('kubernetes/enhancements', {
      'keps/sig-widgets/9001-widgets/kep.yaml': KEP_YAML,
      'keps/sig-widgets/9002-slow/kep.yaml': KEP_TEMPLATE_TITLE,
      'keps/sig-widgets/9002-slow/README.md': KEP_README,
    }),
  };
}

function extractBoth(out: string): void {
  extractVersion(checkouts(FEATURE_LIST_136), '1.36', out);
  const shinier = WIDGET_TYPES.replace('\tLabels map[string]string', '\t// +featureGate=WidgetSlowMode\n\t// +optional\n\tGlow *bool `json:"glow,omitempty"`\n\n\tLabels map[string]string');
  extractVersion(checkouts(FEATURE_LIST_137, shinier), '1.37', out, true);
  combine(out);
}

function readAll(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out[path.relative(dir, p)] = fs.readFileSync(p, 'utf8');
    }
  };
  walk(dir);
  return out;
}

describe('extraction run', () => {
  const out = tempDir('extract-out');
  extractBoth(out);

  it('writes the files npm run generate reads, with the commit of every source', () => {
    const files = Object.keys(readAll(out)).sort();
    expect(files).toEqual(
      [
        'reference/feature-gates.json',
        'reference/keps.json',
        'upstream/served-group-versions.json',
        ...['1.36', '1.37'].flatMap((v) => ['drop-disabled.json', 'fields.json', 'gates.json', 'kinds.json', 'provenance.json', 'served.json', 'structure.yaml'].map((f) => `upstream/k8s-${v}/${f}`)),
      ].sort(),
    );
    const prov = JSON.parse(fs.readFileSync(path.join(out, 'upstream/k8s-1.37/provenance.json'), 'utf8'));
    expect(prov.sources.kubernetes).toMatchObject({ repo: 'kubernetes/kubernetes', commit: '0123456789abcdef0123456789abcdef01234567' });
    expect(prov.sources.kubernetes.paths).toContain(FEATURE_LIST);
    expect(prov.preview).toBe(true);
    expect(fs.readFileSync(path.join(out, 'upstream/k8s-1.37/structure.yaml'), 'utf8')).toBe(SMD_SCHEMA);
    expect([...(readFacts(out, '1.37', ['smd-type']).get('smd-type')?.keys() ?? [])]).toEqual(['io.k8s.api.widgets.v1beta1.Widget', 'io.k8s.api.widgets.v1beta1.WidgetSpec']);
  });

  it('gives byte-identical output for the same checkouts', () => {
    const again = tempDir('extract-again');
    extractBoth(again);
    expect(readAll(again)).toEqual(readAll(out));
  });

  it('combines the minors: state per version, removal, history, KEP and components from kep.yaml', () => {
    const fg = JSON.parse(fs.readFileSync(path.join(out, 'reference/feature-gates.json'), 'utf8'));
    expect(fg.versions).toEqual(['1.36', '1.37']);
    const gate = (n: string) => fg.gates.find((g: { name: string }) => g.name === n);
    expect(gate('WidgetAPI').by_version['1.37']).toMatchObject({ exists: true, stage: 'Stable', default: true, locked: true, preview: true });
    expect(gate('WidgetAPI')).toMatchObject({ kep: 9001, components: ['kube-apiserver', 'kube-controller-manager'] });
    expect(gate('WidgetAPI').stages.map((s: { stage: string; until: string | null }) => [s.stage, s.until])).toEqual([
      ['Alpha', '1.35'],
      ['Beta', '1.36'],
      ['Stable', null],
    ]);
    expect(gate('WidgetOld')).toMatchObject({ removed_in: '1.37' });
    expect(gate('WidgetOld').by_version['1.37']).toMatchObject({ exists: false });
    expect(gate('WidgetSlowMode')).toMatchObject({ kep: 9002 });
    // the declaration's kep: link wins over the kep.yaml that lists the gate
    expect(gate('WidgetShine')).toMatchObject({ kep: 9003, keps: [9001], kep_source: 'gate declaration', components: ['kubelet'] });
    const keps = JSON.parse(fs.readFileSync(path.join(out, 'reference/keps.json'), 'utf8'));
    expect(keps.keps.map((k: { title: string }) => k.title)).toEqual(['Widgets for everyone', 'Slow widgets']);
  });

  it('prints what changed from one minor to the next, by fact', () => {
    const lines = diffFacts(readFacts(out, '1.36'), readFacts(out, '1.37')).map((d) => formatDiffLine(d, 'in 1.37'));
    expect(lines).toEqual([
      'field widgets.v1beta1.WidgetSpec.glow added (gate WidgetSlowMode; optional) in 1.37',
      'gate WidgetAPI: Beta, on → GA, on, locked in 1.37',
      'gate WidgetOld gone (was GA, on, locked) in 1.37',
      'gate WidgetSlowMode added (Alpha, off) in 1.37',
      'served widgets.example.io/v1beta1 gone (was when enabled) in 1.37',
    ]);
  });

  it('finds no difference against itself and every difference against another folder', () => {
    expect(diffFacts(readFacts(out, '1.37'), readFacts(out, '1.37'))).toEqual([]);
    const other = tempDir('extract-other');
    extractVersion(checkouts(FEATURE_LIST_136), '1.37', other);
    combine(other);
    const lines = diffFacts(readFacts(other, '1.37'), readFacts(out, '1.37')).map((d) => formatDiffLine(d, 'in 1.37'));
    expect(lines).toContain('gate WidgetAPI: Beta, on → GA, on, locked in 1.37');
  });
});

describe('fact diff', () => {
  const facts = (entries: [Category, string, string][]): Facts => {
    const f: Facts = new Map();
    for (const [c, k, v] of entries) f.set(c, (f.get(c) ?? new Map()).set(k, v));
    return f;
  };

  it('keeps a KEP change of a gate that stays, and drops the KEP line of a gate that comes or goes', () => {
    const before = facts([['gate', 'A', 'Beta, on'], ['gate-kep', 'A', 'KEP-1'], ['gate', 'B', 'Alpha, off'], ['gate-kep', 'B', 'KEP-2']]);
    const after = facts([['gate', 'A', 'Beta, on'], ['gate-kep', 'A', 'KEP-3']]);
    expect(diffFacts(before, after).map((d) => formatDiffLine(d, 'in 1.38'))).toEqual(['gate B gone (was Alpha, off) in 1.38', 'gate A KEP: KEP-1 → KEP-3 in 1.38']);
  });

  it('leaves out a category one side did not extract, rather than reporting all of it gone', () => {
    const before = facts([['gate', 'A', 'Beta, on'], ['served', 'v1', 'by default']]);
    const after = facts([['gate', 'A', 'GA, on']]);
    expect(alignCategories(before, after)).toEqual(['served']);
    expect(diffFacts(before, after).map((d) => formatDiffLine(d, 'in 1.38'))).toEqual(['gate A: Beta, on → GA, on in 1.38']);
  });
});

describe('add-version', () => {
  it('adds the minor to the one supported-version list once, in order', () => {
    const src = "x\nexport const SUPPORTED_VERSIONS = ['1.34', '1.35', '1.36', '1.37'] as const;\ny\n";
    const once = withSupportedVersion(src, '1.38');
    expect(once).toBe("x\nexport const SUPPORTED_VERSIONS = ['1.34', '1.35', '1.36', '1.37', '1.38'] as const;\ny\n");
    expect(withSupportedVersion(once, '1.38')).toBe(once);
    expect(() => withSupportedVersion('const X = 1;', '1.38')).toThrow(/SUPPORTED_VERSIONS/);
  });
});
