// `kubegate explain GATE` and `kubegate explain APIVERSION KIND [field.path]`: print the hover view (Markdown).
// Exit 0 when something is explained, 1 when the kind or field is unknown, 2 on usage errors.
import { parseVersionText } from '../../engine/directives';
import { explainField, explainGate } from '../../engine/hover';
import { DEFAULT_VERSION, SUPPORTED_VERSIONS, type KubeVersion } from '../../engine/types';
import { describeOptions, optionValue, parseArgs, UsageError, type OptionSpec, type ParsedArgs } from '../args';
import { GATE_OPTIONS, gateEnvironmentFromArgs, type GateOptionDeps } from '../gate-options';
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, type CliIO, type Command } from '../io';

export const EXPLAIN_OPTIONS: OptionSpec[] = [
  {
    name: 'kubernetes-version',
    value: true,
    placeholder: 'VERSION',
    help: `target Kubernetes version: ${SUPPORTED_VERSIONS.join(', ')} (default ${DEFAULT_VERSION})`,
  },
  ...GATE_OPTIONS,
  { name: 'help', short: 'h', help: 'show this help' },
];

const USAGE = `Usage: kubegate explain GATE
       kubegate explain APIVERSION KIND [field.path]

Explains a feature gate (stage history, default, components, KEP, where it is on) or a kind / field
(type, allowed values, served versions, the gates it needs), e.g.
  kubegate explain DRAOptionalNodeOperations
  kubegate explain resource.k8s.io/v1 ResourceSlice spec.skipNodeOperations

Options:
${describeOptions(EXPLAIN_OPTIONS)}
`;

function versionOf(args: ParsedArgs): KubeVersion {
  const raw = optionValue(args, 'kubernetes-version');
  if (raw === undefined) return DEFAULT_VERSION;
  const v = parseVersionText(raw);
  if (!v) throw new UsageError(`unsupported Kubernetes version "${raw}": supported versions are ${SUPPORTED_VERSIONS.join(', ')}`);
  return v;
}

export function makeExplainCommand(deps: GateOptionDeps = {}): Command {
  return {
    name: 'explain',
    summary: 'explain a feature gate, or a kind or field (the hover view)',
    usage: USAGE,
    async run(argv: readonly string[], io: CliIO): Promise<number> {
      let args: ParsedArgs;
      let version: KubeVersion;
      try {
        args = parseArgs(argv, EXPLAIN_OPTIONS);
        if (args.options.has('help')) {
          io.out(USAGE);
          return EXIT_OK;
        }
        version = versionOf(args);
        if (args.positionals.length < 1 || args.positionals.length > 3) throw new UsageError('give GATE, or APIVERSION KIND [field.path]');
      } catch (err) {
        if (!(err instanceof UsageError)) throw err;
        io.err(`kubegate explain: ${err.message}\n\n${USAGE}`);
        return EXIT_USAGE;
      }
      let environment;
      try {
        environment = await gateEnvironmentFromArgs(args, version, [], io, deps);
      } catch (err) {
        if (!(err instanceof UsageError)) throw err;
        io.err(`kubegate explain: ${err.message}\n`);
        return EXIT_USAGE;
      }
      const [first, kind, path] = args.positionals as [string, string?, string?];
      if (kind === undefined) {
        io.out(`${explainGate(first, { version, environment })}\n`);
        return EXIT_OK;
      }
      const md = explainField(first, kind, path, { version, environment });
      if (!md) {
        io.err(`kubegate explain: ${path ? `no field ${path} in` : 'unknown kind'} ${first} ${kind} (Kubernetes ${version})\n`);
        return EXIT_FINDINGS;
      }
      io.out(`${md}\n`);
      return EXIT_OK;
    },
  };
}

export const explainCommand: Command = makeExplainCommand();
