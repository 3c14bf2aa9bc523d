// `kubegate explain GATE` and `kubegate explain APIVERSION KIND [field.path]`: print the hover view (Markdown).
// Exit 0 when something is explained, 1 when the gate, kind or field is unknown, 2 on usage errors.
import { explainField, explainGate } from '../../engine/hover';
import { gateCatalog } from '../../engine/knowledge';
import type { KubeVersion } from '../../engine/types';
import { describeOptions, parseArgs, UsageError, type OptionSpec, type ParsedArgs } from '../args';
import { HELP_OPTION, targetVersionOf, usageFailure, VERSION_OPTION } from '../common-options';
import { GATE_OPTIONS, gateEnvironmentFromArgs, type GateOptionDeps } from '../gate-options';
import { EXIT_FINDINGS, EXIT_OK, type CliIO, type Command } from '../io';

export const EXPLAIN_OPTIONS: OptionSpec[] = [VERSION_OPTION, ...GATE_OPTIONS, HELP_OPTION];

const USAGE = `Usage: kubegate explain GATE
       kubegate explain APIVERSION KIND [field.path]

Explains a feature gate (stage history, default, components, KEP, where it is on) or a kind / field
(type, allowed values, served versions, the gates it needs), e.g.
  kubegate explain DRAOptionalNodeOperations
  kubegate explain resource.k8s.io/v1 ResourceSlice spec.skipNodeOperations

Options:
${describeOptions(EXPLAIN_OPTIONS)}
`;

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
        version = targetVersionOf(args);
        if (args.positionals.length < 1 || args.positionals.length > 3 || args.positionals.some((p) => p.trim() === '')) {
          throw new UsageError('give GATE, or APIVERSION KIND [field.path]');
        }
      } catch (err) {
        return usageFailure('explain', err, io, USAGE);
      }
      let environment;
      try {
        environment = await gateEnvironmentFromArgs(args, version, [], io, deps);
      } catch (err) {
        return usageFailure('explain', err, io);
      }
      const [first, kind, path] = args.positionals as [string, string?, string?];
      if (kind === undefined) {
        io.out(`${explainGate(first, { version, environment })}\n`);
        const catalog = gateCatalog();
        const known = [catalog.gates, catalog.notGates].some((m) => Object.prototype.hasOwnProperty.call(m, first)) || catalog.meta.includes(first);
        return known ? EXIT_OK : EXIT_FINDINGS;
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
