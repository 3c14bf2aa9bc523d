// The pre-commit hook (.pre-commit-hooks.yaml) as pre-commit runs it: language node (pre-commit installs this
// repository as a Node package; `prepare` builds dist/), the hook's `entry` with the staged file names that match
// `files` appended. `ignore` of .kubegate.yaml applies to those names (vendored YAML does not fail the commit).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CLI, ROOT, tempDirs } from './cli-process';

const tempDir = tempDirs();

interface Hook {
  id: string;
  entry: string;
  language: string;
  files: string;
  args?: string[];
}

const hooks = parse(readFileSync(path.join(ROOT, '.pre-commit-hooks.yaml'), 'utf8')) as Hook[];

/** What pre-commit does with a hook: the staged files matching `files`, appended to entry and args. */
function runHook(hook: Hook, cwd: string, staged: string[], args: string[] = []) {
  const files = staged.filter((f) => new RegExp(hook.files).test(f));
  const [program, ...entryArgs] = hook.entry.split(/\s+/);
  expect(program).toBe('kubegate'); // the package's bin
  return spawnSync(process.execPath, [CLI, ...entryArgs, ...args, ...files], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
}

describe('.pre-commit-hooks.yaml', () => {
  const hook = hooks.find((h) => h.id === 'kubegate')!;

  it('is installable by pre-commit: language node, the kubegate bin of this package', () => {
    expect(hook.language).toBe('node');
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string>; scripts: Record<string, string> };
    expect(pkg.bin['kubegate']).toBe('dist/cli.js');
    expect(pkg.scripts['prepare']).toBeDefined();
  });

  it('checks the staged YAML files; ignored vendored files are skipped with a note; args pass through', () => {
    const repo = tempDir();
    mkdirSync(path.join(repo, '.git'));
    mkdirSync(path.join(repo, 'vendor'));
    writeFileSync(path.join(repo, '.kubegate.yaml'), 'ignore: ["vendor/**"]\n');
    writeFileSync(path.join(repo, 'vendor', 'bad.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndta: 1\n');
    writeFileSync(path.join(repo, 'slice.yaml'), readFileSync(path.join(ROOT, 'examples', 'dra-resourceslice-skip-node-operations.yaml')));
    writeFileSync(path.join(repo, 'notes.md'), '# not YAML\n');
    const r = runHook(hook, repo, ['vendor/bad.yaml', 'slice.yaml', 'notes.md']);
    expect(r.status).toBe(0);
    expect(r.stderr).toContain('note: skipped vendor/bad.yaml: matches ignore "vendor/**" of .kubegate.yaml; not checked');
    expect(r.stdout).toMatch(/^slice\.yaml:16:3 warning feature-gate /m);
    const strict = runHook(hook, repo, ['vendor/bad.yaml', 'slice.yaml'], ['--fail-on', 'warning']);
    expect(strict.status).toBe(1);
    expect(strict.stdout).toContain('Failing (exit 1): 1 warning (--fail-on warning).');
  });
});
