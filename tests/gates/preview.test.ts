// Facts from a development preview of a version (`npm run extract -- --preview`) carry `preview: true` through
// generate into the data, and hovers and messages say so ("Alpha in 1.37 preview"), in the editor's engine and in
// the CLI alike. The committed data has no preview fact, so these tests serve the shipped data with two marks
// added (one gate state and the served lists of 1.37) through the engine's data reader.
// Internal imports: `gates/messages` (unknownGateWords: the unknown-gate message for a preview gate).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../server/src/cli/main';
import { setDataReader, type DataReader, type GateCatalog, type VersionData, Analysis } from '../../server/src/engine';
import { unknownGateWords } from '../../server/src/engine/gates/messages';
import { nodeDataReader } from '../../server/src/host/data-files';
import { buildGateCatalog } from '../../scripts/generate/gate-catalog';
import { Inputs } from '../../scripts/generate/inputs';
import { readGateCatalogInput, readServedGroupVersions, type FeatureGatesFile } from '../../scripts/generate/sources';
import { combine } from '../../scripts/extract/combine';
import { tempDir as fixtureDir } from '../extract/fixture-tree';
import { servedOf } from '../../scripts/generate/version-data';
import { capturedIO, tempDirs, tempRepo } from '../cli/cli-process';
import { cursor } from '../support/markers';

const V = '1.37';
const GATE = 'DRAOptionalNodeOperations';
const tempDir = tempDirs();

/** The shipped data with GATE's 1.37 state and the 1.37 served lists marked as preview facts. */
function previewData(): DataReader {
  const real = nodeDataReader();
  return (folder, name) => {
    const text = real(folder, name);
    if (name === 'gates.json') {
      const c = JSON.parse(text) as GateCatalog;
      c.gates[GATE]!.byVersion[V]!.preview = true;
      return JSON.stringify(c);
    }
    if (name === `k8s-${V}.json`) {
      const d = JSON.parse(text) as VersionData;
      d.served.preview = true;
      return JSON.stringify(d);
    }
    return text;
  };
}

afterEach(() => setDataReader(nodeDataReader()));

const SLICE = `apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata:
  name: slice-a
spec:
  driver: gpu.example.com
  pool: {name: pool-a, generation: 1, resourceSliceCount: 1}
  nodeName: node-1
  skip‸NodeOperations: ["*"]
`;

describe('preview marks in generate', () => {
  it('a gate state and the served lists of a preview keep the mark; released ones have none', () => {
    const fg: FeatureGatesFile = {
      versions: ['1.37', '1.38'],
      gates: [
        {
          name: 'WidgetAPI',
          summary: '',
          kep: null,
          components: null,
          stages: [{ stage: 'Alpha', default: false, since: '1.37', until: null }],
          by_version: { '1.37': { exists: true, stage: 'Alpha', default: false }, '1.38': { exists: true, stage: 'Beta', default: true, preview: true } },
        },
      ],
      gates_not_on_page: {},
      names_that_are_not_gates: {},
      meta_gates: {},
    } as unknown as FeatureGatesFile;
    const catalog = buildGateCatalog(fg, { keps: [] } as never);
    expect(catalog.gates.WidgetAPI!.byVersion['1.38']).toEqual({ exists: true, stage: 'Beta', default: true, preview: true });
    expect(catalog.gates.WidgetAPI!.byVersion['1.37']).toEqual({ exists: true, stage: 'Alpha', default: false });
    const lists = { servedByDefault: ['v1'], servedWhenEnabled: [], notServed: [] };
    expect(servedOf({ ...lists, preview: true }).preview).toBe(true);
    expect(servedOf(lists)).not.toHaveProperty('preview');
  });

  it('an extraction run with --preview reaches the inputs of generate with its marks (gates, served lists of a new minor)', () => {
    const data = fixtureDir('preview-data');
    const vdir = path.join(data, 'upstream', 'k8s-1.38');
    fs.mkdirSync(vdir, { recursive: true });
    const source = { repo: 'kubernetes/kubernetes', commit: 'a'.repeat(40), path: 'list.yaml' };
    fs.writeFileSync(path.join(vdir, 'gates.json'), JSON.stringify({ kubernetesVersion: '1.38', preview: true, source, gates: { WidgetAPI: { stage: 'ALPHA', default: false, locked: false } }, specs: { WidgetAPI: [{ version: '1.38', preRelease: 'Alpha', default: false, lockToDefault: false }] } }));
    fs.writeFileSync(path.join(vdir, 'served.json'), JSON.stringify({ kubernetesVersion: '1.38', preview: true, servedByDefault: ['v1'], servedWhenEnabled: [], notServed: [] }));
    combine(data);
    const reviewed = fixtureDir('preview-reviewed');
    fs.mkdirSync(path.join(reviewed, 'upstream'), { recursive: true });
    fs.writeFileSync(path.join(reviewed, 'upstream', 'served-group-versions.json'), JSON.stringify({ versions: {} }));
    const inputs = new Inputs(data, fixtureDir('preview-shared'), reviewed);
    const catalog = buildGateCatalog(readGateCatalogInput(inputs), { keps: [] } as never);
    expect(catalog.gates.WidgetAPI!.byVersion['1.38']).toMatchObject({ exists: true, stage: 'Alpha', preview: true });
    expect(servedOf(readServedGroupVersions(inputs)['1.38']!).preview).toBe(true);
  });

  it('the committed data holds no preview fact', () => {
    const schemas = path.join(__dirname, '..', '..', 'schemas');
    for (const f of fs.readdirSync(schemas).filter((n) => n === 'gates.json' || /^k8s-\d/.test(n))) expect(fs.readFileSync(path.join(schemas, f), 'utf8'), f).not.toContain('"preview"');
  });
});

describe('preview marks in hovers and messages', () => {
  const { text, position } = cursor(SLICE);

  it('released facts name the version alone', async () => {
    expect((await new Analysis({ version: V }).hover(text, position))!.markdown).toContain('Alpha, off by default in 1.37 ·');
    const f = new Analysis({ version: V }).check(text).findings.find((x) => x.code === 'feature-gate')!;
    expect(f.message).toBe(`skipNodeOperations is dropped: gate ${GATE} is off (Alpha in 1.37)`);
  });

  it('the editor: the gate hover and the feature-gate message say the state is from the 1.37 preview', async () => {
    setDataReader(previewData());
    const md = (await new Analysis({ version: V }).hover(text, position))!.markdown;
    expect(md).toContain('Alpha, off by default in 1.37 preview ·');
    expect(md).toMatch(/by version: .*1\.37 preview Alpha \/ off/);
    const f = new Analysis({ version: V }).check(text).findings.find((x) => x.code === 'feature-gate')!;
    expect(f.message).toBe(`skipNodeOperations is dropped: gate ${GATE} is off (Alpha in 1.37 preview)`);
    expect(f.detail).toBeDefined();
  });

  it('the kind hover says the served lists are from the preview', async () => {
    setDataReader(previewData());
    const kind = cursor(SLICE.replace('skip‸NodeOperations', 'skipNodeOperations').replace('kind: ResourceSlice', 'kind: Resource‸Slice'));
    expect((await new Analysis({ version: V }).hover(kind.text, kind.position))!.markdown).toContain('Served in 1.37 preview:');
  });

  it('the CLI prints the same message', async () => {
    const root = tempRepo(tempDir, { 'slice.yaml': text });
    setDataReader(previewData());
    const io = capturedIO({ cwd: () => root });
    await runCli(['check', '--kubernetes-version', V, '--format', 'json', path.join(root, 'slice.yaml')], io);
    const out = JSON.parse(io.stdout) as { files: { findings: { code: string; message: string }[] }[] };
    expect(out.files[0]!.findings.find((x) => x.code === 'feature-gate')?.message).toBe(`skipNodeOperations is dropped: gate ${GATE} is off (Alpha in 1.37 preview)`);
    const gates = capturedIO({ cwd: () => root });
    await runCli(['gates', '--kubernetes-version', V, path.join(root, 'slice.yaml')], gates);
    expect(gates.stdout).toMatch(/DRAOptionalNodeOperations +Alpha \(1\.37 preview\) +off/);
  });

  it('an unknown-gate answer from a preview says so', () => {
    expect(unknownGateWords('Gone', { reason: 'unknown', preview: true }, V, []).message).toBe('Gone stops components from starting: not a gate in 1.37 preview');
    expect(unknownGateWords('Gone', { reason: 'unknown' }, V, []).message).toBe('Gone stops components from starting: not a gate in 1.37');
  });
});
