// `kubegate explain GATE` and `kubegate explain APIVERSION KIND [field.path]`: the hover view. On a terminal
// the Markdown is rendered as text; `--format markdown|json` is for tools. Unknown names get a did-you-mean
// (gates case-insensitively, kinds by spelling); a kind given alone points to the `APIVERSION KIND` form.
// Exit 0 when something is explained, 1 when the gate, kind or field is unknown, 2 on usage errors.
import { Analysis, buildCrdCatalog, explainedGateName, gateCatalog, gateHint, kindHint, type KubeVersion } from '../../engine';
import { describeOptions, optionValue, optionValues, parseArgs, UsageError, type OptionSpec, type ParsedArgs } from '../args';
import { HELP_OPTION, targetVersionOf, usageFailure, VERSION_OPTION } from '../common-options';
import { GATE_OPTIONS, gateEnvironmentFromArgs, type GateOptionDeps } from '../gate-options';
import { controllerGatesOf } from '../crd-options';
import { EXIT_FINDINGS, EXIT_OK, type CliIO, type Command } from '../io';
import { markdownToText } from '../markdown-text';

const FORMATS = ['text', 'markdown', 'json'] as const;
type Format = (typeof FORMATS)[number];

export const EXPLAIN_OPTIONS: OptionSpec[] = [
  VERSION_OPTION,
  {
    name: 'format',
    short: 'f',
    value: true,
    placeholder: 'FORMAT',
    help: 'text (default on a terminal), markdown (default otherwise) or json',
  },
  ...GATE_OPTIONS,
  HELP_OPTION,
];

const USAGE = `Usage: kubegate explain GATE
       kubegate explain APIVERSION KIND [field.path]

Explains a feature gate (stage history, default, components, KEP, where it is
on) or a kind or field (type, allowed values, served versions, the gates it
needs), e.g.
  kubegate explain DRAOptionalNodeOperations
  kubegate explain resource.k8s.io/v1 ResourceSlice spec.skipNodeOperations

Options:
${describeOptions(EXPLAIN_OPTIONS)}
`;

function formatOf(args: ParsedArgs, io: CliIO): Format {
  const raw = optionValue(args, 'format');
  if (raw === undefined) return io.tty ? 'text' : 'markdown';
  if (!(FORMATS as readonly string[]).includes(raw)) throw new UsageError(`--format must be one of ${FORMATS.join(', ')}, not "${raw}"`);
  return raw as Format;
}

export function makeExplainCommand(deps: GateOptionDeps = {}): Command {
  return {
    name: 'explain',
    summary: 'explain a feature gate, or a kind or field (the hover view)',
    usage: USAGE,
    async run(argv: readonly string[], io: CliIO): Promise<number> {
      let args: ParsedArgs;
      let version: KubeVersion;
      let format: Format;
      try {
        args = parseArgs(argv, EXPLAIN_OPTIONS);
        if (args.options.has('help')) {
          io.out(USAGE);
          return EXIT_OK;
        }
        version = targetVersionOf(args);
        format = formatOf(args, io);
        if (args.positionals.length < 1 || args.positionals.length > 3 || args.positionals.some((p) => p.trim() === '')) {
          throw new UsageError('give GATE, or APIVERSION KIND [field.path]');
        }
      } catch (err) {
        return usageFailure('explain', err, io, true);
      }
      let environment;
      try {
        environment = await gateEnvironmentFromArgs(args, version, [], io, deps);
      } catch (err) {
        return usageFailure('explain', err, io);
      }
      const print = (markdown: string, json: Record<string, unknown>) => {
        if (format === 'json') io.out(`${JSON.stringify({ ...json, version, markdown }, null, 2)}\n`);
        else if (format === 'markdown') io.out(`${markdown}\n`);
        else io.out(`${markdownToText(markdown, { color: io.color, width: 80 })}\n`);
      };
      const [first, kind, path] = args.positionals as [string, string?, string?];
      if (kind === undefined) {
        const catalog = gateCatalog();
        const resolved = explainedGateName(first);
        if (!resolved) {
          io.err(`kubegate explain: ${gateHint(first, version)}\n`);
          if (format === 'json') io.out(`${JSON.stringify({ type: 'unknown', name: first, version }, null, 2)}\n`);
          return EXIT_FINDINGS;
        }
        const name = resolved.name;
        if (resolved.caseOnly) io.err(`note: gate names are case-sensitive; showing ${name} (components reject ${first})\n`);
        print(new Analysis({ version, environment }).explainGate(name), {
          type: 'gate',
          gate: name,
          ...(catalog.gates[name] ? { entry: catalog.gates[name], state: catalog.gates[name]!.byVersion[version] ?? null } : {}),
        });
        return EXIT_OK;
      }
      // Custom resources: the bundled CRD pack (the newest releases), with its controller gates as --feature-gates say.
      const crds = buildCrdCatalog({ controllerGates: controllerGatesOf(optionValues(args, 'feature-gates')) });
      const md = new Analysis({ version, environment, crds }).explainField(first, kind, path);
      if (!md) {
        const what = path ? `no field ${path} in ${first} ${kind}` : `unknown kind ${first} ${kind}`;
        io.err(`kubegate explain: ${what} (Kubernetes ${version})${path ? '' : kindHint(first, kind, version)}\n`);
        return EXIT_FINDINGS;
      }
      print(md, { type: path ? 'field' : 'kind', apiVersion: first, kind, ...(path ? { path } : {}) });
      return EXIT_OK;
    },
  };
}

export const explainCommand: Command = makeExplainCommand();
