// `npm run add-version 1.NN -- <checkout args> [--preview] [--no-generate]`: extract the minor from upstream
// checkouts, print what changed against the previous minor, add it to the one supported-version list
// (SUPPORTED_VERSIONS in server/src/engine/base/types.ts) and regenerate schemas/. When regeneration fails the
// list is put back as it was, so the tree stays consistent.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { one, parseArgs, VALUED } from './args';
import { DEFAULT_OUT, REPO_ROOT, runCrds, runExtract, runVersionDiff } from './main';

export const VERSIONS_FILE = 'server/src/engine/base/types.ts';

/** The source with `version` added to the `SUPPORTED_VERSIONS = [...] as const` list (sorted), or unchanged. */
export function withSupportedVersion(src: string, version: string): string {
  const m = /(export const SUPPORTED_VERSIONS = \[)([^\]]*)(\] as const;)/.exec(src);
  if (!m) throw new Error(`${VERSIONS_FILE}: SUPPORTED_VERSIONS list not found`);
  const list = [...m[2].matchAll(/'(\d+\.\d+)'/g)].map((x) => x[1]);
  if (list.includes(version)) return src;
  list.push(version);
  list.sort((a, b) => Number(a.split('.')[1]) - Number(b.split('.')[1]));
  return src.replace(m[0], `${m[1]}${list.map((v) => `'${v}'`).join(', ')}${m[3]}`);
}

function main(): void {
  const a = parseArgs(process.argv.slice(2), VALUED);
  const version = a.positional[0] ?? one(a, 'version');
  if (!version || !/^\d+\.\d+$/.test(version)) {
    console.error('usage: npm run add-version 1.NN -- --kubernetes DIR [--api DIR] [--client-go DIR] [--kubelet DIR] [--kube-proxy DIR] [--kube-scheduler DIR] [--component-base DIR] [--enhancements DIR] [--kind DIR] [--crds DIR…] [--out DIR] [--preview] [--no-generate]');
    process.exitCode = 2;
    return;
  }
  const outDir = path.resolve(one(a, 'out') ?? DEFAULT_OUT);
  runCrds(a, outDir);
  const report = runExtract(a, version, outDir);
  if (!report.counts.gates || !report.counts.types) {
    console.error(`${version} not added: a version needs at least its gates and API types (the feature list and staging/src/k8s.io/api of --kubernetes, or --api)`);
    process.exitCode = 1;
    return;
  }
  runVersionDiff(outDir, version, Number(one(a, 'limit') ?? 40));
  const file = path.join(REPO_ROOT, VERSIONS_FILE);
  const before = fs.readFileSync(file, 'utf8');
  const after = withSupportedVersion(before, version);
  if (after !== before) {
    fs.writeFileSync(file, after);
    console.log(`${VERSIONS_FILE}: ${version} added to SUPPORTED_VERSIONS`);
  }
  if (a.flags.has('no-generate')) return;
  try {
    execFileSync(process.execPath, [require.resolve('tsx/cli'), path.join(REPO_ROOT, 'scripts', 'generate', 'main.ts')], { stdio: 'inherit', cwd: REPO_ROOT });
  } catch {
    fs.writeFileSync(file, before);
    console.error(`npm run generate failed for ${version} (see its message: served group-versions need pkg/controlplane in the kubernetes checkout, the brief ../shared; scripts/generate/README.md, "Inputs"); ${VERSIONS_FILE} restored`);
    process.exitCode = 1;
  }
}

if (require.main === module) main();
