// The CLI's argument parser (shared by every command).
import { describe, expect, it } from 'vitest';
import { describeOptions, optionValue, optionValues, parseArgs, UsageError, type OptionSpec } from '../../server/src/cli/args';

const SPECS: OptionSpec[] = [
  { name: 'format', value: true, help: 'format' },
  { name: 'config', value: true, repeatable: true, help: 'config' },
  { name: 'help', short: 'h', help: 'help' },
];

describe('parseArgs', () => {
  it('reads --name value, --name=value, flags, repeatable options and positionals', () => {
    const a = parseArgs(['a.yaml', '--format', 'json', '--config=x.yaml', '--config', 'y.yaml', '-h', 'b.yaml'], SPECS);
    expect(a.positionals).toEqual(['a.yaml', 'b.yaml']);
    expect(optionValue(a, 'format')).toBe('json');
    expect(optionValues(a, 'config')).toEqual(['x.yaml', 'y.yaml']);
    expect(a.options.has('help')).toBe(true);
  });

  it('stops reading options after --', () => {
    expect(parseArgs(['--', '--format'], SPECS).positionals).toEqual(['--format']);
  });

  it('rejects unknown options, missing values, values on flags and repeats of single options', () => {
    expect(() => parseArgs(['--nope'], SPECS)).toThrow(UsageError);
    expect(() => parseArgs(['--formt', 'json'], SPECS)).toThrow('unknown option --formt (did you mean --format?)');
    expect(() => parseArgs(['--conf', 'x'], SPECS)).toThrow('(did you mean --config?)');
    expect(() => parseArgs(['--format'], SPECS)).toThrow(/needs a value/);
    expect(() => parseArgs(['--help=yes'], SPECS)).toThrow(/takes no value/);
    expect(() => parseArgs(['--format', 'a', '--format', 'b'], SPECS)).toThrow(/more than once/);
  });

  it('describes the options for --help', () => {
    expect(describeOptions(SPECS)).toContain('-h, --help');
  });
});
