// `npm run generate` [--out DIR] [--data DIR] [--shared DIR]
// Defaults: data/extracted + data/reviewed, ../shared beside the repository for the brief; output into schemas/.
// Env: KUBEGATE_SCHEMAS_OUT, KUBEGATE_DATA, KUBEGATE_SHARED.
import * as path from 'node:path';
import { defaultPaths, generate } from './generate';

function argValue(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i >= 0) return args[i + 1];
  const eq = args.find((a) => a.startsWith(`${name}=`));
  return eq?.slice(name.length + 1);
}

function main(): void {
  const args = process.argv.slice(2);
  const defaults = defaultPaths(path.resolve(__dirname, '..', '..'));
  const outDir = path.resolve(argValue(args, '--out') ?? process.env.KUBEGATE_SCHEMAS_OUT ?? defaults.outDir);
  const sharedDir = path.resolve(argValue(args, '--shared') ?? process.env.KUBEGATE_SHARED ?? defaults.sharedDir);
  const started = Date.now();
  const dataDir = path.resolve(argValue(args, '--data') ?? process.env.KUBEGATE_DATA ?? defaults.dataDir);
  const report = generate({ dataDir, reviewedDir: defaults.reviewedDir, sharedDir, outDir });
  let total = 0;
  for (const f of report.files) {
    total += f.bytes;
    console.log(`${f.file.padEnd(24)} ${(f.bytes / 1024).toFixed(1).padStart(8)} KB`);
  }
  console.log(`${'total'.padEnd(24)} ${(total / 1024).toFixed(1).padStart(8)} KB  (${Date.now() - started} ms)`);
  for (const [v, names] of Object.entries(report.missing)) {
    if (names.length > 0) console.log(`${v}: open types (defined in no source): ${names.join(', ')}`);
  }
  if (report.fromShared.length) console.log(`read from ${path.relative(process.cwd(), sharedDir) || sharedDir} (not in the project's data/): ${report.fromShared.join(', ')}`);
  const latest = Object.keys(report.skippedMarkers).sort().pop();
  const skipped = latest ? report.skippedMarkers[latest] : undefined;
  if (latest && skipped && Object.keys(skipped).length > 0) {
    const list = Object.entries(skipped).map(([m, n]) => `${m} (${n})`).join(', ');
    console.log(`${latest}: declarative markers not evaluated: ${list}`);
  }
}

try {
  main();
} catch (e) {
  console.error(`npm run generate: ${(e as Error).message}`);
  process.exitCode = 1;
}
