// The data files (schemas/, snippets/) are found beside the program only: a dist/ copied into a repository
// without its data fails with a message, never reads the repository's own schemas/ found by walking up (from
// the program or from the working directory), which a pull request controls.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, ROOT, spawnCli, tempDirs } from './cli-process';

const tempDir = tempDirs();

describe('data beside the program only', () => {
  it('a dist/ two folders down in a repository with its own schemas/ does not read them', async () => {
    const repo = tempDir();
    const dist = path.join(repo, 'tools', 'kubegate', 'dist');
    mkdirSync(dist, { recursive: true });
    copyFileSync(CLI, path.join(dist, 'cli.js'));
    copyFileSync(path.join(path.dirname(CLI), 'cli-main.js'), path.join(dist, 'cli-main.js'));
    // A forged data folder at the repository root and above the working directory.
    mkdirSync(path.join(repo, 'schemas'));
    writeFileSync(path.join(repo, 'schemas', 'gates.json'), '{"forged": true}');
    writeFileSync(path.join(repo, 'cm.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n');
    const run = await spawnCli([], { cwd: repo, env: { KUBEGATE_SCHEMAS: undefined }, shell: `"$NODE" tools/kubegate/dist/cli.js check cm.yaml` });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Kubegate data not found: no schemas/gates.json beside the program (set KUBEGATE_SCHEMAS)');
    // Beside the copied dist/, the data is found.
    const withData = await spawnCli([], { cwd: repo, env: { KUBEGATE_SCHEMAS: path.join(ROOT, 'schemas') }, shell: `"$NODE" tools/kubegate/dist/cli.js check cm.yaml` });
    expect(withData.code).toBe(0);
  });
});
