// Scalar typing as the `yaml` package reads YAML 1.2 core, and the plain scalars that a YAML 1.1 reader
// (kubectl's sigs.k8s.io/yaml) reads differently.
import type { Scalar } from 'yaml';

type ScalarKind = 'string' | 'number' | 'boolean' | 'null' | 'other';

export function scalarKind(node: Scalar): ScalarKind {
  const v = node.value;
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'number' || typeof v === 'bigint') return 'number';
  if (typeof v === 'boolean') return 'boolean';
  return 'other';
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
