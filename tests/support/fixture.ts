// The one fixture format of the project tests: several files in one YAML-safe text, each opened by a header line
// `#== path/of/file.yaml`, with the expected findings as trailing comments on the line where each starts:
//   `    image: ""   # expect: invalid-value` (several: `# expect: a, b`).
// A line with no such comment must have no finding (error, warning or information). Lines before the first
// header are the fixture's description. Configs, CRDs, kustomizations and `.kubegate.yaml` settings files go in the
// same text as the manifests (the checks apply a settings file's kubernetesVersion and severity, as both front
// ends do when no option is given). A header `#== path (no final newline)` leaves the file's last newline out.
// A header may say what the file must be taken for: `#== charts/web/Chart.yaml   # taken: chart-metadata`.
// A `‸` marks a cursor in a file (for hover; it is cut from the text). `checkFixture`, `hoverFixture` and
// `fixesFixture` answer through the engine's public entry point only (Project + Analysis over an in-memory
// host), so the tests do not depend on the engine's layout.
import * as path from 'node:path';
import { DEFAULT_VERSION, Project, resolveSettings, type FileContext, type FileReport, type Finding, type Fix, type KubeVersion, type Position, type ProjectHost, type ProjectSettings, type RepoConfig } from '../../server/src/engine';
import { marked } from './markers';

export interface FixtureFile {
  path: string;
  text: string;
  /** Where a `‸` was (cut from the text). */
  cursor?: Position;
  /** `line:code` of every expected finding, sorted. */
  expected: string[];
  /** What the file must be taken for (`#== path   # taken: chart-template`): the report's `taken.as`. */
  taken?: string;
}

export interface Fixture {
  description: string;
  files: FixtureFile[];
}

const HEADER = /^#== (\S+)(\s+\(no final newline\))?(?:\s+#\s*taken:\s*([a-z-]+))?\s*$/;
const EXPECT = /#\s*expect:\s*([a-z0-9-]+(?:\s*,\s*[a-z0-9-]+)*)\s*$/;

export function parseFixture(source: string): Fixture {
  const description: string[] = [];
  const files: FixtureFile[] = [];
  let current: { path: string; taken?: string; lines: string[]; noFinalNewline: boolean } | undefined;
  const flush = () => {
    if (!current) return;
    const cut = marked(current.lines.join('\n') + (current.noFinalNewline ? '' : '\n'));
    const text = cut.text;
    const expected = current.lines.flatMap((line, i) => {
      const m = EXPECT.exec(line);
      return m ? m[1]!.split(',').map((c) => `${i}:${c.trim()}`) : [];
    });
    files.push({ path: current.path, text, expected: expected.sort(), ...(current.taken ? { taken: current.taken } : {}), ...(cut.positions[0] ? { cursor: cut.positions[0] } : {}) });
  };
  for (const line of source.replace(/\n$/, '').split('\n')) {
    const h = HEADER.exec(line);
    if (h) {
      flush();
      current = { path: h[1]!, ...(h[3] ? { taken: h[3] } : {}), lines: [], noFinalNewline: h[2] !== undefined };
    } else if (current) current.lines.push(line);
    else description.push(line.replace(/^#\s?/, ''));
  }
  flush();
  if (files.length === 0) throw new Error('a fixture needs at least one `#== path` header');
  return { description: description.join(' ').trim(), files };
}

/** A host over files held in memory, under `root` (which holds a `.git` entry: it is a repository). */
export function memoryHost(root: string, files: readonly { path: string; text: string }[]): ProjectHost {
  const texts = new Map(files.map((f) => [path.join(root, f.path), f.text]));
  const dirs = new Set<string>([root]);
  for (const file of texts.keys()) for (let d = path.dirname(file); d.startsWith(root) && !dirs.has(d); d = path.dirname(d)) dirs.add(d);
  return {
    readFile: (f) => texts.get(f),
    listDir: (dir) => [...new Set([...texts.keys(), ...dirs].filter((p) => path.dirname(p) === dir && p !== dir).map((p) => path.basename(p)))].sort(),
    kind: (p) => (texts.has(p) ? 'file' : dirs.has(p) || p === path.join(root, '.git') ? 'dir' : undefined),
    realPath: (p) => (texts.has(p) || dirs.has(p) ? p : undefined),
  };
}

/** The findings a user sees (hints are suggestions, not problems). */
export function shown(report: FileReport): Finding[] {
  return report.findings.filter((f) => f.severity !== 'hint');
}

/** `line:code` of each shown finding, sorted. */
export function lineCodes(findings: readonly { code: string | number | undefined; range: { start: { line: number } } }[]): string[] {
  return findings.map((f) => `${f.range.start.line}:${String(f.code)}`).sort();
}

/** Every file of a fixture checked through the project model, as the CLI and the server check it: under the
 *  `.kubegate.yaml` the project finds for it (its kubernetesVersion, unless `version` is given, and severity). */
export function checkFixture(fixture: Fixture, root = '/fixture', version?: KubeVersion): Map<string, FileReport> {
  const out = new Map<string, FileReport>();
  for (const f of fixture.files) {
    const context = contextIn(fixture, f.path, root, version);
    out.set(f.path, context.analysis.check(f.text, context.repoSettings?.severity ?? {}));
  }
  return out;
}

function fileOf(fixture: Fixture, file: string): FixtureFile {
  const f = fixture.files.find((x) => x.path === file);
  if (!f) throw new Error(`no file ${file} in the fixture`);
  return f;
}

/** The project context of one fixture file, with the repository settings that govern it (a settings file with
 *  problems fails the test: the front ends refuse it), applied by the project model's rule as the front ends
 *  apply it (its version and severity; the configs and CRD files it names). `version` wins over the settings'
 *  kubernetesVersion. */
export function contextIn(fixture: Fixture, file: string, root = '/fixture', version?: KubeVersion): FileContext & { repoSettings?: RepoConfig } {
  const project = new Project(memoryHost(root, fixture.files), { fallbackRoot: root });
  const found = project.repoSettings.of(path.join(root, file));
  if (found && found.problems.length > 0) throw new Error(`${found.file}: ${found.problems.join('; ')}`);
  const repoSettings = found?.config;
  const resolved = resolveSettings(repoSettings, version ? { version } : {});
  const { namedConfigs, namedCrds } = project.named.of(resolved, path.join(root, file));
  const settings: ProjectSettings = {
    version: resolved.version ?? DEFAULT_VERSION,
    key: 'fixture',
    ...(namedConfigs ? { namedConfigs } : {}),
    namedCrds,
  };
  return { ...project.contextOf(path.join(root, file), settings, fileOf(fixture, file).text), ...(repoSettings ? { repoSettings } : {}) };
}

/** The hover at the file's `‸`, as the editor shows it (Markdown). */
export async function hoverFixture(fixture: Fixture, file: string, root = '/fixture'): Promise<string | undefined> {
  const f = fileOf(fixture, file);
  if (!f.cursor) throw new Error(`no ‸ in ${file}`);
  return (await contextIn(fixture, file, root).analysis.hover(f.text, f.cursor))?.markdown;
}

/** The quick fixes of each finding of a file, with the fixture's governing configs (and their texts) around it. */
export function fixesFixture(fixture: Fixture, file: string, root = '/fixture'): { finding: Finding; fixes: Fix[] }[] {
  const f = fileOf(fixture, file);
  const context = contextIn(fixture, file, root);
  const report = context.analysis.check(f.text);
  const configFiles = context.configFiles.map((p) => ({ path: p, text: fileOf(fixture, path.relative(root, p)).text }));
  const fixes = context.analysis.fixes(f.text, report, report.findings, { configFiles, offerSetting: false });
  return report.findings.map((finding) => ({ finding, fixes: fixes.get(finding) ?? [] }));
}
