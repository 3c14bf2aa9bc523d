// The CLI commands' options over node:util parseArgs: `--name value`, `--name=value`, boolean flags, repeatable
// options, `--` to end options. Each command declares its options; unknown ones are errors (with a did-you-mean).
import { wrapText } from '../engine';
import { parseArgs as nodeParseArgs } from 'node:util';
import { closestName } from '../engine';

export interface OptionSpec {
  /** Long name without dashes, e.g. `kubernetes-version`. */
  name: string;
  /** Takes a value (`--name value` / `--name=value`); otherwise a flag. */
  value?: boolean;
  /** May be given more than once (values are kept in order). */
  repeatable?: boolean;
  /** One-letter alias without dash, e.g. `h`. */
  short?: string;
  /** Value placeholder and one line of help. */
  placeholder?: string;
  help: string;
}

export interface ParsedArgs {
  positionals: string[];
  /** Option name → values (flags get `['true']`). */
  options: Map<string, string[]>;
}

export class UsageError extends Error {}

export function parseArgs(argv: readonly string[], specs: readonly OptionSpec[]): ParsedArgs {
  const byName = new Map(specs.map((s) => [s.name, s]));
  const options: Record<string, { type: 'string' | 'boolean'; multiple: true; short?: string }> = {};
  for (const s of specs) options[s.name] = { type: s.value ? 'string' : 'boolean', multiple: true, ...(s.short ? { short: s.short } : {}) };
  // node:util parseArgs splits the words (`--name value`, `--name=value`, `-x`, `--`); strict checks are ours,
  // for messages with a did-you-mean and the repeat rule.
  const { tokens } = nodeParseArgs({ args: [...argv], options, allowPositionals: true, strict: false, tokens: true });
  const result: ParsedArgs = { positionals: [], options: new Map() };
  for (const t of tokens) {
    if (t.kind === 'positional') {
      result.positionals.push(t.value);
      continue;
    }
    if (t.kind !== 'option') continue;
    const spec = byName.get(t.name);
    if (!spec) {
      if (t.rawName.startsWith('--')) {
        const near = closestOption(t.name, specs);
        throw new UsageError(`unknown option --${t.name}${near ? ` (did you mean --${near}?)` : ''}`);
      }
      throw new UsageError(`unknown option ${t.rawName}`);
    }
    let value = 'true';
    if (spec.value) {
      if (t.value === undefined) throw new UsageError(`--${spec.name} needs a value`);
      value = t.value;
    } else if (t.value !== undefined) {
      throw new UsageError(`--${spec.name} takes no value`);
    }
    const list = result.options.get(spec.name) ?? [];
    if (list.length > 0 && !spec.repeatable) throw new UsageError(`--${spec.name} given more than once`);
    list.push(value);
    result.options.set(spec.name, list);
  }
  return result;
}

/** The option name closest to a mistyped one (the engine's did-you-mean rule). */
function closestOption(name: string, specs: readonly OptionSpec[]): string | undefined {
  return closestName(name, specs.map((s) => s.name));
}

export function optionValue(args: ParsedArgs, name: string): string | undefined {
  const values = args.options.get(name);
  return values ? values[values.length - 1] : undefined;
}

export function optionValues(args: ParsedArgs, name: string): string[] {
  return args.options.get(name) ?? [];
}

export function hasFlag(args: ParsedArgs, name: string): boolean {
  return args.options.has(name);
}

/** Help output is wrapped to this many columns. */
export const HELP_WIDTH = 80;

export { wrapText };

/** Help lines for a command's options, within HELP_WIDTH columns: the help beside the option when it fits,
 *  else on the lines below it. */
export function describeOptions(specs: readonly OptionSpec[]): string {
  const rows = specs.map((s) => {
    const names = `${s.short ? `-${s.short}, ` : '    '}--${s.name}${s.value ? ` ${s.placeholder ?? 'VALUE'}` : ''}`;
    return [names, s.help] as const;
  });
  const column = 28;
  const out: string[] = [];
  for (const [names, help] of rows) {
    const first = `  ${names}`;
    const wrapped = wrapText(help, HELP_WIDTH - column);
    if (first.length + 2 <= column) {
      out.push(`${first.padEnd(column)}${wrapped[0] ?? ''}`.trimEnd());
      for (const l of wrapped.slice(1)) out.push(`${' '.repeat(column)}${l}`);
    } else {
      out.push(first);
      for (const l of wrapped) out.push(`${' '.repeat(column)}${l}`);
    }
  }
  return out.join('\n');
}
