// The built server under a real non-VS Code client: headless Neovim 0.7 with the probe in
// ../shared/recipes/real-clients/nvim (called in place). Hover + diagnostics on a ResourceSlice.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SLICE } from '../lsp/fixtures';
import { pageGate, SERVER, serverJs, sharedDir } from '../lsp/harness';
import { SHARED, suite } from '../support/shared';

const runner = path.join(sharedDir, 'recipes', 'real-clients', 'nvim', 'run-nvim-lsp.sh');
function hasNvim(): boolean {
  try {
    execFileSync('nvim', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const nvim = hasNvim();
const GATE = 'DRAOptionalNodeOperations';

interface ProbeResult {
  attached: boolean;
  hover_text: string | null;
  diagnostics: { code?: string; message: string; severity?: number }[];
  errors: string[];
  exit_code: number;
}

function runProbe(env: Record<string, string>, out: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile('bash', [runner, out], { env: { ...process.env, ...env }, timeout: 60_000 }, (err, stdout, stderr) => {
      const code = err && typeof (err as { code?: unknown }).code === 'number' ? ((err as { code: number }).code) : err ? 1 : 0;
      resolve({ code, output: stdout + stderr });
    });
  });
}

const SUITE = suite(
  'Neovim 0.7 as LSP client',
  SHARED,
  { present: nvim, what: 'nvim on PATH', absent: 'nvim is not on PATH' },
  SERVER,
  { present: existsSync(runner), what: 'the nvim probe of ../shared/recipes', absent: 'no ../shared/recipes/real-clients/nvim probe' },
);

describe.skipIf(SUITE.skip)(
  SUITE.title,
  { timeout: 120_000 },
  () => {
    it('attaches, shows the feature-gate diagnostic and hovers skipNodeOperations with its KEP', async () => {
      const ref = pageGate(GATE);
      const dir = mkdtempSync(path.join(os.tmpdir(), 'kubegate-nvim-'));
      try {
        const file = path.join(dir, 'slice.yaml');
        writeFileSync(file, SLICE);
        const line = SLICE.split('\n').findIndex((l) => l.includes('skipNodeOperations'));
        const out = path.join(dir, 'out.json');
        const { code, output } = await runProbe(
          {
            WS: dir,
            LSP_CMD: `${process.execPath} ${serverJs} --stdio`,
            LSP_FILE: file,
            LSP_ROOT: dir,
            LSP_LINE: String(line),
            LSP_COL: '6',
            LSP_EXPECT_DIAGNOSTICS: '1',
            LSP_SETTINGS_JSON: JSON.stringify({ kubegate: { kubernetesVersion: '1.37' } }),
          },
          out,
        );
        expect(code, output).toBe(0);
        const result = JSON.parse(readFileSync(out, 'utf8')) as ProbeResult;
        expect(result.attached).toBe(true);
        expect(result.hover_text).toContain(GATE);
        expect(result.hover_text).toContain(`KEP-${ref.kep}`);
        const gateDiag = result.diagnostics.find((d) => d.code === 'feature-gate');
        expect(gateDiag, JSON.stringify(result.diagnostics)).toBeDefined();
        expect(gateDiag!.message).toContain(GATE);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  },
);
