// Release engineering (.github/workflows/release.yml), dry-run where it can run here: the npm package's content
// (`npm pack --dry-run`, as `npm publish` would pack it), the workflow's jobs checked against package.json
// (the scripts it runs exist, the tag must equal the version, provenance, every executable target, checksums).
// `npm run package` (the .vsix) and `npm run sea` (the executable, tests/cli/sea.test.ts) are run by .ci/run.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from './cli-process';

interface Step {
  run?: string;
  uses?: string;
  env?: Record<string, string>;
}
interface Job {
  needs?: string | string[];
  permissions?: Record<string, string>;
  strategy?: { matrix: { include: { target: string; os: string }[] } };
  steps: Step[];
}

const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string; bin: Record<string, string>; files: string[]; scripts: Record<string, string> };
const workflow = parse(readFileSync(path.join(ROOT, '.github', 'workflows', 'release.yml'), 'utf8')) as { on: { push: { tags: string[] } }; jobs: Record<string, Job> };
const runs = (job: string): string => workflow.jobs[job]!.steps.map((s) => s.run ?? '').join('\n');

describe('the npm package (npm pack --dry-run, what npm publish packs)', () => {
  // --ignore-scripts: dist/ is built by the test set-up; `prepare` would build it again.
  const packed = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, npm_config_loglevel: 'silent' } })) as {
    name: string;
    version: string;
    files: { path: string }[];
  }[];
  const files = packed[0]!.files.map((f) => f.path);

  it('holds the bins, their bundles and the data they read, and nothing of the sources or tests', () => {
    expect(packed[0]).toMatchObject({ name: pkg.name, version: pkg.version });
    for (const bin of Object.values(pkg.bin)) expect(files).toContain(bin);
    expect(files).toContain('dist/cli-main.js');
    expect(files.filter((f) => f.startsWith('dist/vendor/')).length).toBeGreaterThan(0);
    expect(files).toContain('schemas/gates.json');
    expect(files).toContain('package.json');
    expect(files.filter((f) => /^(server|client|tests|scripts|bench|node_modules)\//.test(f) || f.endsWith('.map') || f.endsWith('.tgz'))).toEqual([]);
  });

  it('is ignored by git once packed (kubegate-*.tgz)', () => {
    const ignored = execFileSync('git', ['check-ignore', `${pkg.name}-${pkg.version}.tgz`], { cwd: ROOT, encoding: 'utf8' });
    expect(ignored.trim()).toBe(`${pkg.name}-${pkg.version}.tgz`);
  });
});

describe('.github/workflows/release.yml', () => {
  it('runs on a version tag, checks it against package.json and runs the tests before publishing anything', () => {
    expect(workflow.on.push.tags).toEqual(['v*.*.*']);
    expect(runs('verify')).toContain(`test "v$(node -p 'require("./package.json").version')" = "$GITHUB_REF_NAME"`);
    expect(runs('verify')).toContain('npm test');
    for (const job of ['npm', 'vsix', 'executables']) expect(workflow.jobs[job]!.needs).toBe('verify');
  });

  it('publishes to npm with provenance (an id-token for the statement)', () => {
    expect(runs('npm')).toMatch(/^npm publish --provenance --access public$/m);
    expect(workflow.jobs['npm']!.permissions).toMatchObject({ 'id-token': 'write' });
  });

  it('publishes the .vsix of npm run package to the Marketplace and Open VSX', () => {
    const vsix = runs('vsix');
    expect(vsix).toMatch(/npm run package -- --out "kubegate-\$\{GITHUB_REF_NAME\}\.vsix"/);
    expect(vsix).toMatch(/npx vsce publish --packagePath "kubegate-\$\{GITHUB_REF_NAME\}\.vsix"/);
    expect(vsix).toMatch(/npx --yes ovsx@\d+\.\d+\.\d+ publish "kubegate-\$\{GITHUB_REF_NAME\}\.vsix"/);
  });

  it('builds and tests the executable on Linux x64 and arm64, macOS arm64 and x64, Windows; checksums the assets', () => {
    const targets = workflow.jobs['executables']!.strategy!.matrix.include.map((m) => m.target);
    expect(targets).toEqual(['linux-x64', 'linux-arm64', 'darwin-arm64', 'darwin-x64', 'win-x64']);
    expect(runs('executables')).toContain('npx vitest run tests/cli/sea.test.ts');
    expect(runs('executables')).toContain('test "$("$exe" --version)" = "kubegate ${GITHUB_REF_NAME#v}"');
    expect(runs('github-release')).toContain('sha256sum -- * > SHA256SUMS');
    expect(workflow.jobs['github-release']!.needs).toEqual(['npm', 'vsix', 'executables']);
  });

  it('runs only npm scripts that package.json has', () => {
    const all = Object.keys(workflow.jobs).map(runs).join('\n');
    const named = [...all.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(0);
    for (const name of named) expect(Object.keys(pkg.scripts)).toContain(name);
  });
});
