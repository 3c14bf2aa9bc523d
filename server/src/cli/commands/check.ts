// `kubegate check [options] PATH...` — PATH is a file, a folder (searched for *.yaml / *.yml), `-` (stdin), a
// FIFO or /dev/fd/N (process substitution). Every input is read once; its text serves the gate configs and the
// check. Exit 0 when the failure policy passes, 1 when it fails, 2 on usage errors and unreadable inputs.
// Options are declared in CHECK_OPTIONS; the gate environment of a run is built in gate-options.ts (`environmentOfSources`).
import { DEFAULT_VERSION, kindSelectorProblem, REPO_CONFIG_NAME, type KubeVersion, type RepoConfig, type Severity } from '../../engine';
import { describeOptions, hasFlag, optionValue, optionValues, parseArgs, UsageError, type OptionSpec, type ParsedArgs } from '../args';
import { HELP_OPTION, targetVersionOf, usageFailure, VERSION_OPTION } from '../common-options';
import { FORMATS, openWriters, type Format, type Output } from '../check-reports';
import { summaryLine, verdictLine } from '../format/text';
import { addSilenced, shownWhenQuiet, type ChartSummary, type RunSummary, type SilencedCounts } from '../format/types';
import { GATE_OPTIONS } from '../gate-options';
import { CRD_OPTIONS } from '../crd-options';
import { runGroupsFor } from '../check-groups';
import { addStats, CheckThreads, checkOrder, checkWithWorkers, crdInputsFirst, FileChecker, inInputOrder, NO_WORK } from '../check-jobs';
import { fileResultOf, type FileOutcome, type FileRunOptions, type RunGroup } from '../check-run';
import { IN_THREAD, JOBS_OPTIONS, jobsFor, parseJobs, statsLine, threadsToStart } from '../jobs-options';
import { storeSpecFor, type StoreSpec } from '../../host/derived-store';
import { collectInputs, DEFAULT_LIMITS, parseSize } from '../inputs';
import { repoRootOf, RunRepoSettings } from '../repo-settings';
import { RunProject } from '../run-project';
import { cwdOf, EXIT_USAGE, type CliIO, type Command } from '../io';
import { withFailedChecks } from '../check-file';
import { auditSettings } from '../settings-audit';
import { FAIL_ON, parseFailOn, parseMaxWarnings, parseSeverityOptions, verdictOf, type FailOn, type RunVerdict } from '../policy';


export const CHECK_OPTIONS: OptionSpec[] = [
  VERSION_OPTION,
  {
    name: 'format',
    short: 'f',
    value: true,
    repeatable: true,
    placeholder: 'FORMAT[=FILE]',
    help: 'text (default), json, sarif (SARIF 2.1.0 for code scanning), github (workflow annotations) or junit (JUnit XML); FORMAT=FILE writes that report to FILE (repeatable: several reports in one run)',
  },
  { name: 'output', short: 'o', value: true, placeholder: 'FILE', help: 'write the report to FILE instead of stdout' },
  { name: 'no-group', help: 'text: one line per finding even on a terminal' },
  { name: 'quiet', short: 'q', help: 'show errors and warnings only (no information, hints or not-checked notes)' },
  {
    name: 'fail-on',
    value: true,
    placeholder: 'LEVEL',
    help: `exit 1 when a finding is at least this severe: ${FAIL_ON.join(', ')} (default error)`,
  },
  { name: 'max-warnings', value: true, placeholder: 'N', help: 'also exit 1 when there are more than N warnings' },
  {
    name: 'fail-on-unchecked',
    help: 'also exit 1 when a document was not checked (no schema for it); default: listed and counted, never failing',
  },
  {
    name: 'skip-kind',
    value: true,
    repeatable: true,
    placeholder: 'KIND',
    help: 'skip documents of a kind (Secret) or apiVersion/kind (v1/Secret); repeatable, comma lists',
  },
  {
    name: 'severity',
    value: true,
    repeatable: true,
    placeholder: 'CODE=LEVEL',
    help: 'change the severity of a finding code: error, warning, information, hint or off (repeatable)',
  },
  {
    name: 'settings',
    value: true,
    placeholder: 'FILE',
    help: 'check every file with the settings of FILE (a .kubegate.yaml), the run\'s policy included: the .kubegate.yaml files around the files are not applied, and one that would relax FILE\'s policy gets a settings-relaxed finding',
  },
  { name: 'report-unused-disables', help: 'report disable comments (or codes in them) that silence nothing' },
  {
    name: 'fix',
    help: 'apply the safe fixes to the checked files (a finding\'s preferred fix that edits only its own file; never a disable comment), say what was applied, then report what is left',
  },
  { name: 'stdin-filename', value: true, placeholder: 'NAME', help: 'the name of the text read from stdin (PATH -)' },
  {
    name: 'max-file-size',
    value: true,
    placeholder: 'SIZE',
    help: `largest file read, e.g. 64M (default ${DEFAULT_LIMITS.maxFileBytes / (1024 * 1024)}M)`,
  },
  ...JOBS_OPTIONS,
  ...GATE_OPTIONS,
  ...CRD_OPTIONS,
  HELP_OPTION,
];

const USAGE = `Usage: kubegate check [options] PATH...

Checks Kubernetes manifests against the API of the target Kubernetes version
and reports feature-gated fields. PATH is a file, a folder (searched for
*.yaml and *.yml), or - for stdin. Each file's repository settings are read
from the nearest .kubegate.yaml above it, within its repository; --fail-on,
--max-warnings and unchecked default to those of the working directory's.

Options:
${describeOptions(CHECK_OPTIONS)}

Exit status: 0 passed, 1 findings at the --fail-on level (or more warnings
than --max-warnings, or documents not checked with --fail-on-unchecked),
2 usage error or unreadable input. A failing run says why in every format.
`;


/** `--format json`, `--format sarif=out.sarif` (repeatable) and `--output FILE` → the reports of the run. */
function outputsOf(args: ParsedArgs): Output[] {
  const outputs: Output[] = optionValues(args, 'format').map((raw) => {
    const eq = raw.indexOf('=');
    const format = eq < 0 ? raw : raw.slice(0, eq);
    const file = eq < 0 ? undefined : raw.slice(eq + 1);
    if (!(FORMATS as readonly string[]).includes(format)) throw new UsageError(`--format must be one of ${FORMATS.join(', ')}, not "${format}"`);
    if (file === '') throw new UsageError(`--format ${format}=FILE needs a file name after =`);
    return { format: format as Format, ...(file !== undefined ? { file } : {}) };
  });
  if (outputs.length === 0) outputs.push({ format: 'text' });
  const toStdout = outputs.filter((o) => o.file === undefined);
  if (toStdout.length > 1) {
    throw new UsageError(`only one report can go to stdout (${toStdout.map((o) => o.format).join(', ')}): give the others a file, e.g. --format ${toStdout[1]!.format}=report`);
  }
  const output = optionValue(args, 'output');
  if (output !== undefined) {
    if (toStdout.length === 0) throw new UsageError('--output names the file of the report without =FILE, and every --format has one');
    toStdout[0]!.file = output;
  }
  const files = outputs.flatMap((o) => (o.file ? [o.file] : []));
  const twice = files.find((f, i) => files.indexOf(f) !== i);
  if (twice) throw new UsageError(`two reports would be written to ${twice}`);
  return outputs;
}

interface CheckSettings {
  version: KubeVersion;
  outputs: Output[];
  paths: string[];
  grouped: boolean;
  quiet: boolean;
  failOn: FailOn;
  maxWarnings: number | undefined;
  failOnUnchecked: boolean;
  /** Where each policy value came from, for the failure reasons (`--fail-on` or `failOn of .kubegate.yaml`). */
  policySource: { failOn: string; maxWarnings: string; unchecked: string };
  /** `--skip-kind` (each file's group adds its settings file's skipKinds). */
  skipKinds: string[];
  reportUnusedDisables: boolean;
  fix: boolean;
  stdinFilename?: string;
  maxFileBytes: number;
  jobs: number | undefined;
  store: StoreSpec | undefined;
  stats: boolean;
}

/** The run's settings; `repo` is the `.kubegate.yaml` of the working directory (the run's policy and version). */
function settingsOf(args: ParsedArgs, io: CliIO, repo: RepoConfig | undefined): CheckSettings {
  parseSeverityOptions(optionValues(args, 'severity')); // a bad --severity is a usage error before anything is read
  const version = optionValue(args, 'kubernetes-version') !== undefined ? targetVersionOf(args) : (repo?.kubernetesVersion ?? DEFAULT_VERSION);
  const outputs = outputsOf(args);
  if (args.positionals.length === 0) throw new UsageError('no PATH given (use - to read stdin)');
  const rawSize = optionValue(args, 'max-file-size');
  const maxFileBytes = rawSize === undefined ? DEFAULT_LIMITS.maxFileBytes : parseSize(rawSize);
  if (maxFileBytes === undefined) throw new UsageError(`--max-file-size must be a size such as 64M or 1048576, not "${rawSize}"`);
  const stdinFilename = optionValue(args, 'stdin-filename');
  if (stdinFilename !== undefined && !args.positionals.includes('-')) throw new UsageError('--stdin-filename needs - among the PATHs');
  const skipKinds = optionValues(args, 'skip-kind').flatMap((v) => v.split(',')).map((k) => k.trim()).filter(Boolean);
  for (const k of skipKinds) {
    const p = kindSelectorProblem(k);
    if (p) throw new UsageError(`--skip-kind: ${p}`);
  }
  const fromRepo = `of ${REPO_CONFIG_NAME}`;
  const failOnArg = optionValue(args, 'fail-on');
  const maxWarningsArg = optionValue(args, 'max-warnings');
  const failOnUnchecked = hasFlag(args, 'fail-on-unchecked') || repo?.unchecked === 'fail';
  return {
    version,
    outputs,
    paths: args.positionals,
    grouped: !!io.tty && !hasFlag(args, 'no-group'),
    quiet: hasFlag(args, 'quiet'),
    failOn: failOnArg === undefined && repo?.failOn ? repo.failOn : parseFailOn(failOnArg),
    maxWarnings: maxWarningsArg === undefined ? repo?.maxWarnings : parseMaxWarnings(maxWarningsArg),
    failOnUnchecked,
    policySource: {
      failOn: failOnArg === undefined && repo?.failOn ? `failOn ${fromRepo}:` : '--fail-on',
      maxWarnings: maxWarningsArg === undefined && repo?.maxWarnings !== undefined ? `maxWarnings ${fromRepo}:` : '--max-warnings',
      unchecked: hasFlag(args, 'fail-on-unchecked') ? '--fail-on-unchecked' : `unchecked: fail ${fromRepo}`,
    },
    skipKinds,
    reportUnusedDisables: hasFlag(args, 'report-unused-disables'),
    fix: hasFlag(args, 'fix'),
    ...(stdinFilename !== undefined ? { stdinFilename } : {}),
    maxFileBytes,
    jobs: parseJobs(optionValue(args, 'jobs')),
    store: io.env ? storeSpecFor(hasFlag(args, 'no-cache'), io.env, cwdOf(io), (why) => io.err(`note: ${why}\n`)) : undefined,
    stats: hasFlag(args, 'stats'),
  };
}

export const checkCommand: Command = {
  name: 'check',
  summary: 'check manifests (schema, served APIs, feature gates)',
  usage: USAGE,
  async run(argv, io) {
    let args: ParsedArgs;
    let settings: CheckSettings;
    let repos: RunRepoSettings;
    let run: RunProject;
    try {
      args = parseArgs(argv, CHECK_OPTIONS);
      if (args.options.has('help')) {
        io.out(USAGE);
        return 0;
      }
      // One project for the run: the settings files, the files they name and every file checked in this thread.
      run = new RunProject(io, cwdOf(io));
      repos = new RunRepoSettings(io, optionValue(args, 'settings'), run.project);
      const repo = repos.atWorkingDirectory();
      repos.check();
      settings = settingsOf(args, io, repo);
    } catch (err) {
      return usageFailure('check', err, io, !(err instanceof UsageError && /^invalid \.kubegate/.test(err.message)));
    }
    // `--jobs N`: the threads start loading the program now, while this thread walks the folders.
    const threads = new CheckThreads(threadsToStart(settings.jobs, settings.fix));

    let collected;
    let groups: Record<string, RunGroup>;
    try {
      // Each input is selected by its own settings file's files / ignore globs.
      collected = await collectInputs(settings.paths, io, {
        ...(settings.stdinFilename !== undefined ? { stdinFilename: settings.stdinFilename } : {}),
        limits: { maxFileBytes: settings.maxFileBytes },
        root: repoRootOf(io),
        wanted: (f: string) => repos.wanted(f),
        excludedNamed: (f: string) => repos.excludedNamed(f),
        filesGlobsUsed: () => repos.filesGlobsUsed,
        defer: true,
      });
      repos.check();
      groups = await runGroupsFor(args, settings, collected.inputs, repos, io);
    } catch (err) {
      threads.close();
      return usageFailure('check', err, io, !(err instanceof UsageError && /^invalid \.kubegate/.test(err.message)));
    }
    for (const s of collected.skipped) io.err(`note: skipped ${s.path}: ${s.message}\n`);

    // SARIF quotes the checked texts: each outcome brings its own.
    const texts = new Map<string, string>();
    const keepText = settings.outputs.some((o) => o.format === 'sarif');
    let reports: ReturnType<typeof openWriters>;
    try {
      reports = openWriters(settings, io, texts);
    } catch (err) {
      threads.close();
      return usageFailure('check', err, io);
    }
    const writer = reports.writer;
    const counts: Record<Severity, number> = { error: 0, warning: 0, information: 0, hint: 0 };
    let filesWithFindings = 0;
    let notChecked = 0;
    let documents = 0;
    let skippedByKind = 0;
    const silenced: SilencedCounts = { disableComments: 0, configuration: 0, patchFiles: 0, patchesCheckedWhole: 0 };
    const charts = new Map<string, ChartSummary>();
    /** Files Kubegate failed on (an internal error, damaged data): each gets a check-failed finding, the run goes on. */
    const failedChecks: string[] = [];
    const noted = new Set<string>();
    /** Per settings file, the findings it turned off. */
    const switchedOff = new Map<string, number>();
    const fileOptions: FileRunOptions = {
      cwd: cwdOf(io),
      groups,
      fix: settings.fix,
      ...(settings.stdinFilename !== undefined ? { stdinFilename: settings.stdinFilename } : {}),
      wantFixes: settings.outputs.some((o) => o.format === 'json' || o.format === 'sarif'),
      keepText,
      maxFileBytes: settings.maxFileBytes,
    };
    const here = new FileChecker(fileOptions, settings.store, io, run);
    here.hold(collected.inputs);
    let unread = 0;
    let refusedFixes = 0;
    const take = (o: FileOutcome): void => {
      if (o.unread !== undefined) {
        // Readable when the folders were walked, not when its turn came: like a file unreadable from the start.
        const input = collected.inputs[o.index]!;
        unread++;
        if (input.named) collected.failed.push({ path: input.path, message: o.unread });
        else {
          collected.skipped.push({ path: input.path, message: o.unread, ...(o.unreadBound ? { bound: true as const } : {}) });
          io.err(`note: skipped ${input.path}: ${o.unread}\n`);
        }
        return;
      }
      // `note:` lines once per run, whichever thread said them, after the check in name order (the same whatever
      // thread met them first); everything else (--fix lines) as said.
      for (const m of o.messages) {
        if (m.startsWith('note: ')) noted.add(m);
        else io.err(m);
      }
      if (o.failed) failedChecks.push(o.result.path);
      if (o.refusedWrite) refusedFixes++;
      if (o.text !== undefined) texts.set(o.result.path, o.text);
      let shown = false;
      for (const f of o.result.report.findings) {
        counts[f.severity]++;
        if (!settings.quiet || shownWhenQuiet(f.severity)) shown = true;
      }
      if (shown) filesWithFindings++;
      const governing = collected.inputs[o.index]!.settings;
      if (governing !== undefined && o.switchedOff > 0) switchedOff.set(governing, (switchedOff.get(governing) ?? 0) + o.switchedOff);
      notChecked += o.notChecked + (o.chartTemplates ?? 0);
      const chart = o.result.report.taken?.as === 'chart-template' ? o.result.report.taken.chart : undefined;
      if (chart) {
        const seen = charts.get(chart.dir) ?? { name: chart.name, dir: chart.dir, templates: 0, documents: 0 };
        seen.templates++;
        seen.documents += o.chartTemplates ?? 0;
        charts.set(chart.dir, seen);
      }
      documents += o.documents;
      skippedByKind += o.skippedByKind;
      addSilenced(silenced, o.result.report);
      // Codes a .kubegate.yaml turns off are dropped after the check (check-run.ts): configuration too.
      silenced.configuration += o.switchedOff;
      writer.file(fileResultOf(o));
    };
    // --fix writes files that other files' discovery may read: one thread, in input order.
    const jobs = settings.fix ? IN_THREAD : jobsFor(settings.jobs, collected.inputs.length);
    let work = NO_WORK;
    const first = settings.fix ? () => false : crdInputsFirst(groups, cwdOf(io));
    if (jobs.workers) {
      const init = { options: fileOptions, ...(settings.store ? { store: settings.store } : {}) };
      work = await checkWithWorkers(collected.inputs, threads, jobs.threads, init, take, (input, index) => here.check(input, index), first);
    } else {
      threads.close();
      const deliver = inInputOrder(take);
      for (const index of checkOrder(collected.inputs, first)) deliver(here.check(collected.inputs[index]!, index));
    }
    for (const m of [...noted].sort()) io.err(m);
    // The settings files that governed the run, each with its relaxations of the root's policy (own reports).
    const audit = auditSettings(repos, collected.inputs, switchedOff, parseSeverityOptions(optionValues(args, 'severity')), io);
    for (const result of audit.results) {
      for (const f of result.report.findings) counts[f.severity]++;
      filesWithFindings++;
      writer.file(result);
    }
    here.finish();
    work = addStats(work, here.stats());
    if (settings.stats) io.err(statsLine(work, jobs, collected.inputs.length - unread, settings.store));
    // A file not read because of a bound is a document not checked: it fails --fail-on-unchecked (fail closed).
    const notRead = collected.skipped.filter((s) => s.bound).length;
    notChecked += notRead;
    documents += notRead;
    let verdict: RunVerdict = withFailedChecks(verdictOf(counts, notChecked, settings, settings.policySource), failedChecks);
    if (collected.failed.length > 0) {
      const names = collected.failed.map((f) => f.path).join(', ');
      const unreadable = `${collected.failed.length === 1 ? '1 path' : `${collected.failed.length} paths`} not readable (${names})`;
      verdict = { exitCode: EXIT_USAGE, reasons: [unreadable, ...verdict.reasons], beyondFindings: [unreadable, ...(verdict.beyondFindings ?? [])] };
    }
    if (refusedFixes > 0) {
      // Said on stderr with the reason per file (check-file.ts fixInput); every report says the run fails for it.
      const unwrittenFixes = `${refusedFixes === 1 ? '1 file' : `${refusedFixes} files`} not written by --fix`;
      verdict = { exitCode: EXIT_USAGE, reasons: [unwrittenFixes, ...verdict.reasons], beyondFindings: [unwrittenFixes, ...(verdict.beyondFindings ?? [])] };
    }
    // The version the files were checked against: the run's, unless their settings files all say another one.
    const versions = new Set(collected.inputs.map((i) => groups[i.settings ?? '']!.projectSettings.version));
    const summary: RunSummary = {
      version: versions.size === 1 ? [...versions][0]! : settings.version,
      files: collected.inputs.length - unread + audit.results.length,
      filesWithFindings,
      counts,
      documents,
      notChecked,
      skippedByKind,
      silenced,
      charts: [...charts.values()].sort((a, b) => (a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0)),
      skipped: collected.skipped,
      failed: collected.failed,
      settings: audit.summary,
      verdict,
    };
    writer.end(summary);
    const unwritten = reports.close();
    if (settings.outputs.every((o) => o.file !== undefined)) {
      // Every report went to a file: the log still gets the summary and, when failing, why.
      io.out(`${summaryLine(summary, settings.quiet)}\n`);
      const failing = verdictLine(summary);
      if (failing) io.out(`${failing}\n`);
    }
    for (const f of collected.failed) io.err(`kubegate check: cannot read ${f.path}: ${f.message}\n`);
    // A refused write (a report, a --fix) is said with its reason and exits 2, whatever the findings.
    for (const m of unwritten) io.err(`kubegate check: report not written: ${m}\n`);
    return unwritten.length > 0 ? EXIT_USAGE : verdict.exitCode;
  },
};
