// Where the e2e tools are (written by scripts/e2e/setup.sh into env.sh, exported by scripts/e2e/run.sh).
import { existsSync } from 'node:fs';

export interface E2eTools {
  node24: string;
  codeServer: string;
  playwright: string;
  chromium: string;
  vsix: string;
  artifacts: string;
}

export function e2eTools(): E2eTools {
  const env = (name: string): string => {
    const v = process.env[name];
    if (!v) throw new Error(`${name} is not set: run the suite with "npm run test:e2e" after scripts/e2e/setup.sh`);
    if (!existsSync(v)) throw new Error(`${name}=${v} does not exist: run scripts/e2e/setup.sh`);
    return v;
  };
  return {
    node24: env('KUBEGATE_E2E_NODE24'),
    codeServer: env('KUBEGATE_E2E_CODE_SERVER'),
    playwright: env('KUBEGATE_E2E_PLAYWRIGHT'),
    chromium: env('KUBEGATE_E2E_CHROMIUM'),
    vsix: env('KUBEGATE_E2E_VSIX'),
    artifacts: env('KUBEGATE_E2E_ARTIFACTS'),
  };
}
