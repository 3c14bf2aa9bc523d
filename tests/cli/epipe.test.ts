// A reader that stops early (`kubegate check … | head -1`) must not make the CLI crash with an EPIPE stack.
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnCli, tempDirs } from './cli-process';

describe('closed output pipe', () => {
  const tmp = tempDirs();
  it('stops quietly when the reader goes away', async () => {
    const dir = tmp();
    const docs = Array.from({ length: 3000 }, (_, i) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c${i}\n  bogus${i}: 1\n`);
    writeFileSync(path.join(dir, 'many.yaml'), docs.join('---\n'));
    const run = await spawnCli([], { shell: `"$NODE" "$KG_CLI" check --no-group "${path.join(dir, 'many.yaml')}" | head -1; echo "status=\${PIPESTATUS[0]}" >&2`, cwd: dir });
    expect(run.stdout.split('\n').filter(Boolean)).toHaveLength(1);
    expect(run.stderr).not.toMatch(/EPIPE|at .*\.js:\d+/);
    expect(run.stderr).toMatch(/status=[01]\b/);
  });
});
