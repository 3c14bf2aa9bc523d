// The one fixture format of the project tests: several files in one YAML-safe text, each opened by a header line
// `#== path/of/file.yaml`, with the expected findings as trailing comments on the line where each starts:
//   `    image: ""   # expect: invalid-value` (several: `# expect: a, b`).
// A line with no such comment must have no finding (error, warning or information). Lines before the first
// header are the fixture's description. Configs, CRDs and kustomizations go in the same text as the manifests.
// `checkFixture` answers through the engine's public entry point only (Project + Analysis over an in-memory
// host), so the tests do not depend on the engine's layout.
import * as path from 'node:path';
import { DEFAULT_VERSION, Project, type FileReport, type Finding, type KubeVersion, type ProjectHost, type ProjectSettings } from '../../server/src/engine';

export interface FixtureFile {
  path: string;
  text: string;
  /** `line:code` of every expected finding, sorted. */
  expected: string[];
}

export interface Fixture {
  description: string;
  files: FixtureFile[];
}

const HEADER = /^#== (\S+)\s*$/;
const EXPECT = /#\s*expect:\s*([a-z0-9-]+(?:\s*,\s*[a-z0-9-]+)*)\s*$/;

export function parseFixture(source: string): Fixture {
  const description: string[] = [];
  const files: FixtureFile[] = [];
  let current: { path: string; lines: string[] } | undefined;
  const flush = () => {
    if (!current) return;
    const text = current.lines.join('\n') + '\n';
    const expected = current.lines.flatMap((line, i) => {
      const m = EXPECT.exec(line);
      return m ? m[1]!.split(',').map((c) => `${i}:${c.trim()}`) : [];
    });
    files.push({ path: current.path, text, expected: expected.sort() });
  };
  for (const line of source.replace(/\n$/, '').split('\n')) {
    const h = HEADER.exec(line);
    if (h) {
      flush();
      current = { path: h[1]!, lines: [] };
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

/** Every file of a fixture checked through the project model, as the CLI and the server check it. */
export function checkFixture(fixture: Fixture, root = '/fixture', version: KubeVersion = DEFAULT_VERSION): Map<string, FileReport> {
  const project = new Project(memoryHost(root, fixture.files), { fallbackRoot: root });
  const settings: ProjectSettings = { version, key: 'fixture' };
  const out = new Map<string, FileReport>();
  for (const f of fixture.files) out.set(f.path, project.contextOf(path.join(root, f.path), settings, f.text).analysis.check(f.text));
  return out;
}
