// The pre-commit hook (.pre-commit-hooks.yaml), installed and run by the real pre-commit: a throwaway git
// repository names this repository as its hook repository (`repo:` its path, `rev:` its HEAD commit, so the
// committed hook is what runs), and pre-commit installs it its own way (language node: `npm install` in its clone,
// `npm pack`, whose whole standard output it takes as the tarball's name, then `npm install -g` of that tarball).
//
// Installing needs npm's cache warm (or the network): .ci/run runs this file with KUBEGATE_TEST_PRE_COMMIT=1
// after `npm ci`, with Debian's pre-commit installed; without both, the suite is skipped (the reason in its title).
// The entry's `--` (a staged file named like an option stays a file) is checked in every run, below.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CLI, ROOT, tempDirs } from './cli-process';
import { suite } from '../support/shared';

const tempDir = tempDirs();

interface Hook {
  id: string;
  entry: string;
  language: string;
  files: string;
}

const hook = (parse(readFileSync(path.join(ROOT, '.pre-commit-hooks.yaml'), 'utf8')) as Hook[]).find((h) => h.id === 'kubegate')!;

function hasPreCommit(): boolean {
  try {
    execFileSync('pre-commit', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const ENV_FLAG = 'KUBEGATE_TEST_PRE_COMMIT';
const SUITE = suite(
  'the real pre-commit installs and runs the hook',
  { present: hasPreCommit(), what: 'pre-commit on PATH', absent: 'pre-commit is not on PATH (apt-get install pre-commit)' },
  {
    present: process.env[ENV_FLAG] === '1',
    what: `${ENV_FLAG}=1`,
    absent: `${ENV_FLAG} is not 1 (installing the hook needs npm's cache warm or the network; .ci/run sets it)`,
  },
);

const GIT_ENV = { GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' };

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, ...GIT_ENV } });
}

describe.skipIf(SUITE.skip)(SUITE.title, () => {
  it('pre-commit run --all-files and --files: an error fails the commit, clean files pass, an option-like name stays a file', () => {
    const repo = tempDir();
    const home = tempDir();
    git(repo, 'init', '-q');
    const rev = git(ROOT, 'rev-parse', 'HEAD').trim();
    writeFileSync(path.join(repo, '.pre-commit-config.yaml'), `repos:\n  - repo: ${JSON.stringify(ROOT)}\n    rev: ${rev}\n    hooks:\n      - id: kubegate\n`);
    copyFileSync(path.join(ROOT, 'examples', 'deployment.yaml'), path.join(repo, 'one.yaml'));
    writeFileSync(path.join(repo, 'notes.md'), '# not YAML\n');
    git(repo, 'add', '-A');
    git(repo, 'commit', '-qm', 'clean');
    // prefer-offline: npm takes what its cache holds without asking the registry.
    const env = { ...process.env, ...GIT_ENV, PRE_COMMIT_HOME: home, NO_COLOR: '1', npm_config_prefer_offline: 'true' };
    const preCommit = (...args: string[]) => spawnSync('pre-commit', ['run', ...args], { cwd: repo, encoding: 'utf8', env });

    const clean = preCommit('--all-files');
    expect(clean.stdout).toMatch(/^kubegate check\.+Passed$/m);
    expect(clean.status).toBe(0);

    // An error in a file whose name looks like an option: checked as a file, and the commit fails.
    copyFileSync(path.join(ROOT, 'examples', 'deployment-with-mistakes.yaml'), path.join(repo, '--config=x.yaml'));
    git(repo, 'add', '-A');
    git(repo, 'commit', '-qm', 'mistakes');
    const failing = preCommit('--all-files');
    expect(failing.status).toBe(1);
    expect(failing.stdout).toMatch(/^kubegate check\.+Failed$/m);
    expect(failing.stdout).toMatch(/^--config=x\.yaml:22:11 error unknown-field protocl /m);
    expect(failing.stdout).toContain('3 errors in 1 of 2 files');

    const one = preCommit('--files', 'one.yaml');
    expect(one.stdout).toMatch(/^kubegate check\.+Passed$/m);
    expect(one.status).toBe(0);
    // pre-commit's own options would take the bare name as one of them; `--files=NAME` gives it as a value.
    const bad = preCommit('--files=--config=x.yaml');
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain('--config=x.yaml:7:13 error invalid-value');
  }, 900_000);
});

describe('.pre-commit-hooks.yaml', () => {
  it('ends the options of its entry with --: a staged file named like an option is checked as a file', () => {
    expect(hook.language).toBe('node');
    const words = hook.entry.split(/\s+/);
    expect(words[0]).toBe('kubegate'); // the package's bin
    expect(words.at(-1)).toBe('--');
    const repo = tempDir();
    copyFileSync(path.join(ROOT, 'examples', 'deployment-with-mistakes.yaml'), path.join(repo, '-o.yaml'));
    copyFileSync(path.join(ROOT, 'examples', 'deployment.yaml'), path.join(repo, '--config=x.yaml'));
    const files = ['-o.yaml', '--config=x.yaml'].filter((f) => new RegExp(hook.files).test(f));
    const r = spawnSync(process.execPath, [CLI, ...words.slice(1), ...files], { cwd: repo, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(r.stdout).toMatch(/^-o\.yaml:7:13 error invalid-value /m);
    expect(r.stdout).toContain('3 errors in 1 of 2 files');
    expect(r.status).toBe(1);
  });
});
