// Options and error handling that every command shares: the target version, --help, usage errors.
import { supportedVersion, DEFAULT_VERSION, SUPPORTED_VERSIONS, type KubeVersion } from '../engine';
import { optionValue, UsageError, type OptionSpec, type ParsedArgs } from './args';
import { EXIT_USAGE, type CliIO } from './io';

export const VERSION_OPTION: OptionSpec = {
  name: 'kubernetes-version',
  value: true,
  placeholder: 'VERSION',
  help: `target Kubernetes version: ${SUPPORTED_VERSIONS.join(', ')} (v1.37 and v1.37.2 also work; default ${DEFAULT_VERSION}, or kubernetesVersion of .kubegate.yaml)`,
};

export const HELP_OPTION: OptionSpec = { name: 'help', short: 'h', help: 'show this help' };

/** The --kubernetes-version of the arguments (default: the newest supported one). */
export function targetVersionOf(args: ParsedArgs): KubeVersion {
  const raw = optionValue(args, 'kubernetes-version');
  if (raw === undefined) return DEFAULT_VERSION;
  const v = supportedVersion(raw, 'tagged');
  if (!v) throw new UsageError(`unsupported Kubernetes version "${raw}": supported versions are ${SUPPORTED_VERSIONS.join(', ')}`);
  return v;
}

/** A UsageError of `kubegate <command>` printed as exit 2: the message, and (for a mistake in the arguments)
 *  one line pointing to the command's help, never the whole help. Other errors are rethrown. */
export function usageFailure(command: string, err: unknown, io: CliIO, pointToHelp = false): number {
  if (!(err instanceof UsageError)) throw err;
  io.err(`kubegate ${command}: ${err.message}\n${pointToHelp ? `Run 'kubegate ${command} --help' for the options.\n` : ''}`);
  return EXIT_USAGE;
}
