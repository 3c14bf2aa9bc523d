// `kubegate check --format sarif|github|text|json`: SARIF validated against the SARIF 2.1.0 schema of
// ../shared with stable fingerprints, GitHub workflow commands, grouped and line text, colour rules, the
// summary sentence, --quiet, and JSON streamed for a report too large for one string.
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { escapeData, escapeProperty } from '../../server/src/cli/format/github';
import { colorWanted, type CliIO } from '../../server/src/cli/io';
import { runCli } from '../../server/src/cli/main';
import { gateCatalog } from '../../server/src/engine';
import { memoryIO } from '../support/cli-io';
import { readShared, sharedTitle, hasShared } from '../support/shared';
import { capturedIO, ROOT, spawnCli, tempDirs } from './cli-process';

const FILES = ['deploy/deployment-with-mistakes.yaml', 'deploy/dra-resourceslice-skip-node-operations.yaml', 'deploy/deployment.yaml'];
const tempDir = tempDirs();

/** A repository (a folder with .git) holding copies of three examples under deploy/, without a cluster config. */
function exampleRepo(): string {
  const root = tempDir();
  mkdirSync(path.join(root, '.git'));
  mkdirSync(path.join(root, 'deploy'));
  for (const f of FILES) copyFileSync(path.join(ROOT, 'examples', path.basename(f)), path.join(root, f));
  return root;
}

interface Sarif {
  version: string;
  runs: {
    tool: { driver: { rules: { id: string; helpUri: string; shortDescription: { text: string }; fullDescription: { text: string } }[] } };
    results: {
      ruleId: string;
      ruleIndex: number;
      level: string;
      message: { text: string };
      locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string }; region: Record<string, number> } }[];
      partialFingerprints: Record<string, string>;
    }[];
  }[];
}

async function sarifRun(cwd: string, files: string[]): Promise<{ code: number; sarif: Sarif }> {
  const io = capturedIO({ cwd: () => cwd });
  const code = await runCli(['check', '--format', 'sarif', ...files.map((f) => path.resolve(cwd, f))], io);
  return { code, sarif: JSON.parse(io.stdout) as Sarif };
}

describe.skipIf(!hasShared)(sharedTitle('SARIF output against the SARIF 2.1.0 schema'), () => {
  it('validates against the SARIF 2.1.0 schema of ../shared', async () => {
    const { code, sarif } = await sarifRun(exampleRepo(), FILES);
    expect(code).toBe(1);
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    const validate = ajv.compile(readShared('reference/sarif/sarif-schema-2.1.0.json') as object);
    expect(validate(sarif), JSON.stringify(validate.errors?.slice(0, 5))).toBe(true);
  });
});

describe('SARIF output', () => {
  it('has rules per code and a KEP helpUri for gate findings', async () => {
    const { code, sarif } = await sarifRun(exampleRepo(), FILES);
    expect(code).toBe(1);
    expect(sarif.version).toBe('2.1.0');
    expect((sarif as unknown as { $schema?: string }).$schema ?? '').toMatch(/sarif.*2\.1\.0/);
    const run = sarif.runs[0]!;
    const rules = run.tool.driver.rules;
    expect(run.results.map((r) => r.ruleId)).toEqual(['invalid-value', 'invalid-value', 'unknown-field', 'feature-gate/DRAOptionalNodeOperations']);
    for (const r of run.results) expect(rules[r.ruleIndex]!.id).toBe(r.ruleId);
    for (const rule of rules) {
      expect(rule.shortDescription.text.length).toBeGreaterThan(5);
      expect(rule.fullDescription.text.length).toBeGreaterThan(rule.shortDescription.text.length - 1);
    }
    const gateRule = rules.find((r) => r.id.startsWith('feature-gate/'))!;
    expect(gateRule.helpUri).toBe(gateCatalog().gates['DRAOptionalNodeOperations']!.kep!.url);
    expect(rules.find((r) => r.id === 'unknown-field')!.helpUri).toMatch(/#code-unknown-field$/);
    const unknown = run.results[2]!;
    expect(unknown.level).toBe('error');
    expect(unknown.locations[0]!.physicalLocation).toEqual({
      artifactLocation: { uri: 'deploy/deployment-with-mistakes.yaml', uriBaseId: 'SRCROOT' },
      region: { startLine: 22, startColumn: 11, endLine: 22, endColumn: 18 },
    });
    expect(run.results[3]!.level).toBe('warning');
  });

  it('gives a file URI outside the repository, and says why the run fails', async () => {
    const root = exampleRepo();
    const outside = path.join(tempDir(), 'out side.yaml');
    copyFileSync(path.join(root, FILES[0]!), outside);
    const io = capturedIO({ cwd: () => root });
    const code = await runCli(['check', '--format', 'sarif', path.join(root, FILES[0]!), outside], io);
    expect(code).toBe(1);
    const run = (JSON.parse(io.stdout) as Sarif & { runs: { invocations: Record<string, unknown>[]; originalUriBaseIds: Record<string, { uri: string }> }[] }).runs[0]!;
    const uris = [...new Set(run.results.map((r) => JSON.stringify(r.locations[0]!.physicalLocation.artifactLocation)))].map((u) => JSON.parse(u) as unknown);
    expect(uris).toEqual([{ uri: FILES[0], uriBaseId: 'SRCROOT' }, { uri: pathToFileURL(outside).toString() }]);
    expect(run.originalUriBaseIds['SRCROOT']!.uri).toBe(pathToFileURL(root + path.sep).toString());
    expect(run.invocations).toEqual([
      expect.objectContaining({
        executionSuccessful: true,
        exitCode: 1,
        exitCodeDescription: '6 errors (--fail-on error)',
        toolExecutionNotifications: [{ level: 'error', message: { text: 'Failing: 6 errors (--fail-on error).' } }],
      }),
    ]);
  });

  it('a run that passes has no exit code description and no notifications', async () => {
    const root = exampleRepo();
    const io = capturedIO({ cwd: () => root });
    expect(await runCli(['check', '--format', 'sarif', path.join(root, FILES[2]!)], io)).toBe(0);
    const [invocation] = (JSON.parse(io.stdout) as { runs: { invocations: Record<string, unknown>[] }[] }).runs[0]!.invocations;
    expect(invocation).toEqual({ executionSuccessful: true, exitCode: 0, toolExecutionNotifications: [], properties: { silenced: { disableComments: 0, configuration: 0, patchFiles: 0, patchesCheckedWhole: 0 } } });
  });

  it('gives identical fingerprints on a second run, and the same URIs from a subfolder', async () => {
    const root = exampleRepo();
    const { sarif: a } = await sarifRun(root, FILES);
    const { sarif: b } = await sarifRun(root, FILES);
    const prints = (s: Sarif) => s.runs[0]!.results.map((r) => r.partialFingerprints);
    expect(prints(b)).toEqual(prints(a));
    expect(new Set(prints(a).map((p) => Object.values(p)[0])).size).toBe(prints(a).length);
    const sub = await spawnCli(['check', '--format', 'sarif', ...FILES.map((f) => path.basename(f))], { cwd: path.join(root, 'deploy') });
    const fromSub = { sarif: JSON.parse(sub.stdout) as Sarif };
    expect(fromSub.sarif.runs[0]!.results.map((r) => r.locations[0]!.physicalLocation.artifactLocation.uri)).toEqual(
      a.runs[0]!.results.map((r) => r.locations[0]!.physicalLocation.artifactLocation.uri),
    );
    expect(prints(fromSub.sarif)).toEqual(prints(a));
  });
});

describe('SARIF artifact URIs', () => {
  it('encode spaces, #, % and non-ASCII in each path segment (relative to the repository root)', async () => {
    const root = tempDir();
    mkdirSync(path.join(root, '.git'));
    mkdirSync(path.join(root, 'my deploy'));
    const name = path.join('my deploy', 'a #1 100%é.yaml');
    writeFileSync(path.join(root, name), 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndta: 1\n');
    const { code, sarif } = await sarifRun(root, [name]);
    expect(code).toBe(1);
    expect(sarif.runs[0]!.results.map((r) => r.locations[0]!.physicalLocation.artifactLocation)).toEqual([
      { uri: 'my%20deploy/a%20%231%20100%25%C3%A9.yaml', uriBaseId: 'SRCROOT' },
    ]);
  });
});

describe('text format, grouped on a terminal and one line per finding', () => {
  const files = {
    '/w/two.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\nfoo: 1\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\n',
    '/w/slice.yaml': readFileSync(path.join(ROOT, 'examples', 'dra-resourceslice-skip-node-operations.yaml'), 'utf8'),
    '/w/ok.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ok}\n',
  };
  const text = async (args: string[]) => {
    const io = memoryIO(files);
    io.tty = true;
    expect(await runCli(['check', ...args, ...Object.keys(files)], io)).toBe(1);
    return io.stdout.split('\n');
  };
  const FIX = 'Remove it, or check its spelling and indentation.';
  const NOTE = 'document 2 not checked: example.com/v1 is not a built-in Kubernetes API or a known config;';

  it('grouped: a heading per file with findings, columns as wide as their widest entry, fix and KEP below the message', async () => {
    const lines = await text([]);
    // Columns: position, severity (11), code, two spaces between; the fix starts under the message.
    expect(lines.slice(0, 4)).toEqual(['/w/two.yaml', '  4:1  error        unknown-field  foo is not a field of ConfigMap', `${' '.repeat(35)}${FIX}`, expect.stringMatching(/^ {2}5:1 {2}note: /)]);
    expect(lines[3]).toContain(NOTE);
    expect(lines.slice(4, 6)).toEqual(['', '/w/slice.yaml']);
    expect(lines[6]).toMatch(/^ {2}16:3 {2}warning {6}feature-gate {2}skipNodeOperations is dropped/);
    expect(lines[7]).toMatch(/^ {35}Enable DRAOptionalNodeOperations=true/);
    expect(lines[8]).toBe(`${' '.repeat(35)}\u001b]8;;https://kep.k8s.io/5945\u001b\\KEP-5945\u001b]8;;\u001b\\`);
    expect(lines.slice(9)).toEqual(['', '1 error, 1 warning in 2 of 3 files (Kubernetes 1.37); 1 of 4 documents not checked.', 'Failing (exit 1): 1 error (--fail-on error).', '']);
    expect(lines.join('\n')).not.toContain('ok.yaml');
  });

  it('--no-group: file:line:col severity code message, the fix and KEP indented below, notes as lines of their own', async () => {
    const lines = await text(['--no-group']);
    expect(lines.slice(0, 2)).toEqual(['/w/two.yaml:4:1 error unknown-field foo is not a field of ConfigMap', `    ${FIX}`]);
    expect(lines[2]).toMatch(/^note: \/w\/two\.yaml:5:1 document 2 not checked: example\.com\/v1 /);
    expect(lines[3]).toMatch(/^\/w\/slice\.yaml:16:3 warning feature-gate skipNodeOperations is dropped/);
    expect(lines[4]).toMatch(/^ {4}Enable DRAOptionalNodeOperations=true/);
    expect(lines.slice(6)).toEqual(['1 error, 1 warning in 2 of 3 files (Kubernetes 1.37); 1 of 4 documents not checked.', 'Failing (exit 1): 1 error (--fail-on error).', '']);
  });
});

describe('github format', () => {
  it('prints one workflow command per finding with file, position and title', async () => {
    const root = exampleRepo();
    const io = capturedIO({ cwd: () => root });
    expect(await runCli(['check', '--format', 'github', ...FILES.map((f) => path.join(root, f))], io)).toBe(1);
    const lines = io.stdout.trim().split('\n');
    expect(lines[2]).toMatch(/^::error file=deploy\/deployment-with-mistakes\.yaml,line=22,col=11,endLine=22,endColumn=18,title=kubegate unknown-field::protocl .*protocol/);
    expect(lines.filter((l) => l.startsWith('::warning file=deploy/dra-resourceslice-skip-node-operations.yaml,'))).toHaveLength(1);
    expect(lines.at(-2)).toBe('3 errors, 1 warning in 2 of 3 files (Kubernetes 1.37).');
    expect(lines.at(-1)).toBe('::error title=kubegate check failed::Failing (exit 1): 3 errors (--fail-on error).');
  });

  it('escapes data and properties as the runner expects', () => {
    expect(escapeData('50% done\nnext\r')).toBe('50%25 done%0Anext%0D');
    expect(escapeProperty('a:b,c')).toBe('a%3Ab%2Cc');
  });
});

const NOISY = ['apiVersion: v1', 'kind: ConfigMap', 'metadata: {name: a}', 'dta: 1', '---', 'apiVersion: example.com/v1', 'kind: Widget', 'metadata: {name: w}', ''].join('\n');
const SLICE = readFileSync(path.join(ROOT, 'examples', 'dra-resourceslice-skip-node-operations.yaml'), 'utf8');

describe('text format', () => {
  const run = async (args: string[], over: Partial<CliIO> = {}) => {
    const files = { '/w/noisy.yaml': NOISY, '/w/slice.yaml': SLICE, '/w/clean.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: b}\n' };
    const io = Object.assign(memoryIO(files), over);
    const code = await runCli(['check', ...args, ...Object.keys(files)], io);
    return { code, io };
  };

  it('one line per finding when not on a terminal; notes are not findings; a natural summary', async () => {
    const { code, io } = await run([]);
    expect(code).toBe(1);
    expect(io.stdout).toMatch(/^\/w\/noisy\.yaml:4:1 error unknown-field /m);
    expect(io.stdout).toMatch(/^\/w\/slice\.yaml:\d+:\d+ warning feature-gate /m);
    expect(io.stdout).toMatch(/^note: \/w\/noisy\.yaml:5:1 document 2 not checked: /m);
    expect(io.stdout.trim().split('\n').slice(-2)).toEqual([
      '1 error, 1 warning in 2 of 3 files (Kubernetes 1.37); 1 of 4 documents not checked.',
      'Failing (exit 1): 1 error (--fail-on error).',
    ]);
    const hint = await run(['--severity', 'feature-gate=hint,unknown-field=information']);
    expect(hint.io.stdout.trim().split('\n').at(-1)).toBe('1 information, 1 hint in 2 of 3 files (Kubernetes 1.37); 1 of 4 documents not checked.');
  });

  it('groups per file on a terminal (not with --no-group), colours only when asked', async () => {
    const grouped = await run([], { tty: true });
    expect(grouped.io.stdout).toMatch(/^\/w\/noisy\.yaml\n {2}4:1 {2}error {8}unknown-field {2}dta /m);
    expect(grouped.io.stdout).not.toContain('\u001b[');
    const lines = await run(['--no-group'], { tty: true });
    expect(lines.io.stdout).toMatch(/^\/w\/noisy\.yaml:4:1 error/m);
    const colour = await run([], { tty: true, color: true });
    expect(colour.io.stdout).toContain('\u001b[31merror');
  });

  it('--quiet hides information, hints and not-checked notes (their counts stay)', async () => {
    const { io } = await run(['--quiet', '--severity', 'feature-gate=information']);
    expect(io.stdout).not.toContain('feature-gate');
    expect(io.stdout).not.toContain('note:');
    expect(io.stdout).toContain('unknown-field');
    expect(io.stdout.trim().split('\n').at(-2)).toBe('1 error in 1 of 3 files (Kubernetes 1.37); 1 of 4 documents not checked, 1 information not shown (--quiet).');
  });

  it('colour on a TTY unless NO_COLOR; FORCE_COLOR forces it', () => {
    expect(colorWanted(true, {})).toBe(true);
    expect(colorWanted(false, {})).toBe(false);
    expect(colorWanted(true, { NO_COLOR: '1' })).toBe(false);
    expect(colorWanted(false, { FORCE_COLOR: '1' })).toBe(true);
    expect(colorWanted(true, { FORCE_COLOR: '0' })).toBe(false);
  });
});

describe('json format on a huge report', () => {
  it('streams: no single output string holds the report, and it parses', async () => {
    // 150,000 unknown fields (300 documents of 500): more findings than a spread push or one JSON string survives.
    const lines: string[] = [];
    for (let d = 0; d < 300; d++) {
      lines.push('---', 'apiVersion: v1', 'kind: ConfigMap', `metadata: {name: c${d}}`);
      for (let i = 0; i < 500; i++) lines.push(`k${i}: 1`);
    }
    const io = memoryIO({ '/w/big.yaml': `${lines.join('\n')}\n` });
    const chunks: string[] = [];
    io.out = (t) => void chunks.push(t);
    expect(await runCli(['check', '--format', 'json', '/w/big.yaml'], io)).toBe(1);
    const longest = Math.max(...chunks.map((c) => c.length));
    expect(longest).toBeLessThan(1 << 20);
    const out = JSON.parse(chunks.join('')) as { files: { findings: { code: string }[] }[]; summary: { counts: { error: number } } };
    expect(out.files[0]!.findings.length).toBe(out.summary.counts.error);
    expect(out.summary.counts.error).toBe(150_000);
  }, 120_000);
});
