// `kubegate check --runtime-config`: API versions the API server serves beyond the defaults.
import { describe, expect, it } from 'vitest';
import { runCli } from '../../server/src/cli/main';
import { parseRuntimeConfig } from '../../server/src/cli/gate-options';
import { loadVersion } from '../../server/src/engine';
import { memoryIO } from '../support/cli-io';

describe('--runtime-config', () => {
  // A served beta API kind of the 1.37 data (not a config kind), taken from the generated schemas.
  const beta = loadVersion('1.37').data.kinds.find((k) => k.stability === 'beta' && !k.component && !k.removed && k.group !== '')!;
  const manifest = `apiVersion: ${beta.apiVersion}\nkind: ${beta.kind}\nmetadata:\n  name: x\n`;

  async function codes(args: string[]) {
    const io = memoryIO({ '/w/m.yaml': manifest });
    const exit = await runCli(['check', '--format', 'json', ...args, '/w/m.yaml'], io);
    const out = exit === 2 ? undefined : (JSON.parse(io.stdout) as { files: { findings: { code: string }[] }[] });
    return { exit, codes: out?.files[0]!.findings.map((f) => f.code) ?? [], io };
  }

  it('silences api-disabled-by-default for the version it enables, and for api/beta', async () => {
    expect((await codes([])).codes).toContain('api-disabled-by-default');
    expect((await codes(['--runtime-config', `${beta.apiVersion}=true`])).codes).not.toContain('api-disabled-by-default');
    expect((await codes(['--runtime-config', 'api/beta=true'])).codes).not.toContain('api-disabled-by-default');
    expect((await codes(['--runtime-config', `${beta.apiVersion}=false`])).codes).toContain('api-disabled-by-default');
  });

  it('parses comma lists and bare keys; a non-boolean value is a usage error (exit 2)', async () => {
    expect(parseRuntimeConfig(['a/v1=true,api/alpha', 'b/v2=false'])).toEqual([
      { key: 'a/v1', value: true, origin: 'setting' },
      { key: 'api/alpha', value: true, origin: 'setting' },
      { key: 'b/v2', value: false, origin: 'setting' },
    ]);
    const bad = await codes(['--runtime-config', 'x/v1=maybe']);
    expect(bad.exit).toBe(2);
    expect(bad.io.stderr).toContain('--runtime-config');
  });
});
