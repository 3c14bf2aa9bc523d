// Scalar typing as the `yaml` package reads YAML 1.2 core, and the plain scalars that a YAML 1.1 reader
// (kubectl's sigs.k8s.io/yaml) reads differently.
import type { Scalar } from 'yaml';

export type ScalarKind = 'string' | 'number' | 'boolean' | 'null' | 'other';

export function scalarKind(node: Scalar): ScalarKind {
  const v = node.value;
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'number' || typeof v === 'bigint') return 'number';
  if (typeof v === 'boolean') return 'boolean';
  return 'other';
}

const YAML11_BOOLEAN = /^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF)$/;
const YAML11_OCTAL = /^[-+]?0[0-7_]+$/;
const YAML12_OCTAL = /^0o[0-7]+$/;
const YAML11_BINARY = /^[-+]?0b[01_]+$/;
const YAML11_SEXAGESIMAL = /^[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;
const YAML11_UNDERSCORE_INT = /^[-+]?(?:0|[1-9][0-9_]*)$/;

/**
 * How YAML 1.1 reads a plain scalar when that differs from YAML 1.2 core, e.g. `yes` → "the boolean true",
 * `0644` → "the octal number 0644 (420)". Undefined when both read it alike.
 */
export function yaml11Reading(source: string): string | undefined {
  if (YAML11_BOOLEAN.test(source)) {
    const truthy = /^(?:y|yes|on)$/i.test(source);
    return `the boolean ${truthy ? 'true' : 'false'}`;
  }
  if (YAML11_OCTAL.test(source)) {
    const digits = source.replace(/[-+_]/g, '');
    const value = parseInt(digits, 8) * (source.startsWith('-') ? -1 : 1);
    return `the octal number ${source} (decimal ${value})`;
  }
  if (YAML12_OCTAL.test(source)) return 'a string (YAML 1.1 has no 0o prefix)';
  if (YAML11_BINARY.test(source)) return 'a binary number';
  if (YAML11_SEXAGESIMAL.test(source)) return 'a base-60 number';
  if (source.includes('_') && YAML11_UNDERSCORE_INT.test(source)) return 'a number (underscores ignored)';
  return undefined;
}

/** How YAML 1.2 (this checker, the `yaml` package) reads a scalar, for messages. */
export function describeValue(node: Scalar): string {
  switch (scalarKind(node)) {
    case 'string':
      return `the string ${JSON.stringify(node.value)}`;
    case 'number':
      return `the number ${String(node.value)}`;
    case 'boolean':
      return `the boolean ${String(node.value)}`;
    case 'null':
      return 'null';
    default:
      return 'a value';
  }
}
