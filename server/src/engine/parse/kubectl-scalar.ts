// Scalars typed the way kubectl reads YAML: sigs.k8s.io/yaml over go-yaml v2, YAML 1.1 resolution of plain
// scalars (the API server, kubelet, kube-proxy, kube-scheduler and kubeadm decoders read YAML the same way).
// Quoted and block scalars are strings; a plain scalar is typed by its exact text.
import type { Scalar } from 'yaml';

export type KubectlScalar =
  | { type: 'null' }
  | { type: 'bool'; value: boolean }
  | { type: 'int'; value: bigint }
  | { type: 'float'; value: number }
  | { type: 'string'; value: string };

const NULLS = new Set(['', '~', 'null', 'Null', 'NULL']);
const TRUES = new Set(['y', 'Y', 'yes', 'Yes', 'YES', 'on', 'On', 'ON', 'true', 'True', 'TRUE']);
const FALSES = new Set(['n', 'N', 'no', 'No', 'NO', 'off', 'Off', 'OFF', 'false', 'False', 'FALSE']);
const INFS = new Set(['.inf', '.Inf', '.INF']);
const NANS = new Set(['.nan', '.NaN', '.NAN']);
const GO_INT = /^[-+]?(0[xX][0-9a-fA-F]+|0[bB][01]+|0[oO][0-7]+|0[0-7]*|[1-9][0-9]*)$/;
const YAML_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
const DOT_FLOAT = /^\.[0-9]+([eE][-+]?[0-9]+)?$/;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;

function goInteger(text: string): bigint | undefined {
  if (!GO_INT.test(text)) return undefined;
  const negative = text.startsWith('-');
  const body = text.replace(/^[-+]/, '');
  let magnitude: bigint;
  if (/^0[xX]/.test(body)) magnitude = BigInt(`0x${body.slice(2)}`);
  else if (/^0[bB]/.test(body)) magnitude = BigInt(`0b${body.slice(2)}`);
  else if (/^0[oO]/.test(body)) magnitude = BigInt(`0o${body.slice(2)}`);
  else if (body.length > 1 && body.startsWith('0')) magnitude = BigInt(`0o${body.slice(1)}`);
  else magnitude = BigInt(body);
  const value = negative ? -magnitude : magnitude;
  const signed = /^[-+]/.test(text);
  if (value >= INT64_MIN && value <= INT64_MAX) return value;
  if (!signed && value <= UINT64_MAX) return value;
  return undefined;
}

/** The kubectl reading of a plain (unquoted, untagged) scalar's text. */
export function kubectlPlain(text: string): KubectlScalar {
  if (NULLS.has(text)) return { type: 'null' };
  if (TRUES.has(text)) return { type: 'bool', value: true };
  if (FALSES.has(text)) return { type: 'bool', value: false };
  const first = text.charAt(0);
  if (/[-+0-9]/.test(first)) {
    const plain = text.replace(/_/g, '');
    const int = goInteger(plain);
    if (int !== undefined) return { type: 'int', value: int };
    if (YAML_FLOAT.test(plain)) {
      const value = Number(plain);
      if (Number.isFinite(value)) return { type: 'float', value };
    }
  } else if (first === '.') {
    if (DOT_FLOAT.test(text)) return { type: 'float', value: Number(text) };
  }
  const signless = text.replace(/^[-+]/, '');
  if (INFS.has(signless)) return { type: 'float', value: text.startsWith('-') ? -Infinity : Infinity };
  if (NANS.has(text)) return { type: 'float', value: NaN };
  return { type: 'string', value: text };
}

/** The kubectl reading of a scalar node: quoted and block scalars are strings, plain ones typed by their text. */
export function kubectlScalar(node: Scalar, sourceText: string): KubectlScalar {
  if (node.tag && node.tag !== 'tag:yaml.org,2002:str' && node.type === 'PLAIN') {
    // An explicit tag (!!int, !!bool, …): the YAML library already applied it.
    const v = node.value;
    if (v === null || v === undefined) return { type: 'null' };
    if (typeof v === 'boolean') return { type: 'bool', value: v };
    if (typeof v === 'bigint') return { type: 'int', value: v };
    if (typeof v === 'number') return Number.isInteger(v) ? { type: 'int', value: BigInt(v) } : { type: 'float', value: v };
    return { type: 'string', value: String(v) };
  }
  if (node.tag === 'tag:yaml.org,2002:str' || node.type !== 'PLAIN') {
    return { type: 'string', value: typeof node.value === 'string' ? node.value : String(node.value ?? '') };
  }
  return kubectlPlain(sourceText);
}

/** True when a kubectl number is a whole number (JSON `1.0` and `1e3` decode into Go integers). */
export function isWholeNumber(s: KubectlScalar): boolean {
  return s.type === 'int' || (s.type === 'float' && Number.isInteger(s.value));
}

/** The value for messages: `the boolean true`, `the number 420 (octal 0644)`, `the string "8080"`. */
export function describeKubectl(s: KubectlScalar, source?: string): string {
  switch (s.type) {
    case 'null':
      return 'null';
    case 'bool':
      return `the boolean ${s.value}`;
    case 'int': {
      const shown = s.value.toString();
      return source && source.replace(/^[-+]/, '') !== shown.replace(/^-/, '') ? `the number ${shown} (written ${source})` : `the number ${shown}`;
    }
    case 'float':
      return `the number ${source ?? String(s.value)}`;
    default:
      return `the string ${JSON.stringify(s.value)}`;
  }
}
