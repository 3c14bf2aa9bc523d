// `kubegate check [--kubernetes-version V] [--format text|json] PATH...`
// Exit 0 when no finding is an error, 1 otherwise, 2 on usage errors or unreadable files.
// Options are declared in CHECK_OPTIONS; options that shape the gate environment (--feature-gates,
// --config, --cluster) belong in `environmentFor` below.
import * as path from 'node:path';
import { checkText } from '../../engine/check';
import type { GateEnvironment } from '../../engine/model';
import type { FileReport, KubeVersion } from '../../engine/types';
import { describeOptions, optionValue, parseArgs, UsageError, type OptionSpec, type ParsedArgs } from '../args';
import { HELP_OPTION, targetVersionOf, usageFailure, VERSION_OPTION } from '../common-options';
import { GATE_OPTIONS, gateEnvironmentFromArgs } from '../gate-options';
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, type CliIO, type Command } from '../io';
import { jsonFile, notCheckedLines, textFinding, type JsonFile } from '../report-format';

export const CHECK_OPTIONS: OptionSpec[] = [
  VERSION_OPTION,
  { name: 'format', value: true, placeholder: 'text|json', help: 'output format (default text)' },
  ...GATE_OPTIONS,
  HELP_OPTION,
];

const USAGE = `Usage: kubegate check [options] PATH...

Checks Kubernetes manifests (files, or folders searched for *.yaml / *.yml) against the API of the target
Kubernetes version and reports feature-gated fields.

Options:
${describeOptions(CHECK_OPTIONS)}

Exit status: 0 no error found, 1 errors found, 2 usage error or unreadable file.
`;

interface CheckSettings {
  version: KubeVersion;
  format: 'text' | 'json';
  paths: string[];
}

function settingsOf(args: ParsedArgs): CheckSettings {
  const version = targetVersionOf(args);
  const format = optionValue(args, 'format') ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be text or json, not "${format}"`);
  if (args.positionals.length === 0) throw new UsageError('no PATH given');
  return { version, format, paths: args.positionals };
}

/** The gate environment from options (issue 3 adds --feature-gates, --config, --cluster here). */
async function environmentFor(args: ParsedArgs, settings: CheckSettings, files: string[], io: CliIO): Promise<GateEnvironment | undefined> {
  return gateEnvironmentFromArgs(args, settings.version, files, io);
}

const YAML_FILE = /\.ya?ml$/i;
const SKIPPED_DIRS = new Set(['node_modules', '.git']);

/** Files named on the command line, folders expanded to their YAML files (sorted). */
function expandPaths(paths: readonly string[], io: CliIO): { files: string[]; unreadable: string[] } {
  const files: string[] = [];
  const unreadable: string[] = [];
  // Folders already walked, by canonical path: a symlink back to an ancestor (a loop) is walked once.
  const walked = new Set<string>();
  const walk = (dir: string) => {
    let real = dir;
    try {
      real = io.realPath ? io.realPath(dir) : dir;
    } catch {
      // keep the path as given
    }
    if (walked.has(real)) return;
    walked.add(real);
    for (const name of [...io.listDir(dir)].sort()) {
      const full = path.join(dir, name);
      const kind = io.kind(full);
      if (kind === 'dir' && !SKIPPED_DIRS.has(name)) walk(full);
      else if (kind === 'file' && YAML_FILE.test(name)) files.push(full);
    }
  };
  for (const p of paths) {
    const kind = io.kind(p);
    if (kind === 'file') files.push(p);
    else if (kind === 'dir') {
      try {
        walk(p);
      } catch {
        unreadable.push(p);
      }
    } else unreadable.push(p);
  }
  return { files, unreadable };
}

export const checkCommand: Command = {
  name: 'check',
  summary: 'check manifests against a Kubernetes version (schema, served APIs, feature gates)',
  usage: USAGE,
  async run(argv, io) {
    let args: ParsedArgs;
    let settings: CheckSettings;
    try {
      args = parseArgs(argv, CHECK_OPTIONS);
      if (args.options.has('help')) {
        io.out(USAGE);
        return EXIT_OK;
      }
      settings = settingsOf(args);
    } catch (err) {
      return usageFailure('check', err, io, USAGE);
    }
    const { files, unreadable } = expandPaths(settings.paths, io);
    let environment: GateEnvironment | undefined;
    try {
      environment = await environmentFor(args, settings, files, io);
    } catch (err) {
      return usageFailure('check', err, io);
    }
    const results: { path: string; report?: FileReport; error?: string }[] = [];
    for (const file of files) {
      let text: string;
      try {
        text = io.readFile(file);
      } catch (err) {
        results.push({ path: file, error: err instanceof Error ? err.message : String(err) });
        continue;
      }
      results.push({ path: file, report: checkText(text, { version: settings.version, environment, file }) });
    }
    for (const p of unreadable) results.push({ path: p, error: 'no such file or folder, or not readable' });

    const failed = results.filter((r) => r.error !== undefined);
    const hasError = results.some((r) => r.report?.findings.some((f) => f.severity === 'error'));
    if (settings.format === 'json') {
      const out: JsonFile[] = results.map((r) =>
        r.report ? jsonFile(r.path, r.report) : { path: r.path, documents: [], findings: [], error: r.error },
      );
      io.out(`${JSON.stringify({ files: out }, null, 2)}\n`);
    } else {
      printText(results, settings, io);
    }
    for (const r of failed) io.err(`kubegate check: cannot read ${r.path}: ${r.error}\n`);
    if (failed.length > 0) return EXIT_USAGE;
    return hasError ? EXIT_FINDINGS : EXIT_OK;
  },
};

function printText(results: { path: string; report?: FileReport }[], settings: CheckSettings, io: CliIO): void {
  const counts = { error: 0, warning: 0, information: 0, hint: 0 };
  let notChecked = 0;
  for (const r of results) {
    if (!r.report) continue;
    for (const f of r.report.findings) {
      counts[f.severity]++;
      io.out(`${textFinding(r.path, f, io.color)}\n`);
    }
    const skipped = notCheckedLines(r.path, r.report);
    notChecked += skipped.length;
    for (const line of skipped) io.out(`${line}\n`);
  }
  const files = results.filter((r) => r.report).length;
  io.out(
    `Kubernetes ${settings.version}: ${files} file${files === 1 ? '' : 's'}, ${counts.error} error(s), ` +
      `${counts.warning} warning(s), ${counts.information} information, ${counts.hint} hint(s)` +
      (notChecked > 0 ? `, ${notChecked} document(s) not checked` : '') +
      '\n',
  );
}
