// The finding-code table: default severity and a one-line "when" per code. The README's codes table
// states the same facts; later issues add rows here (never change a code's meaning).
import type { FindingCode, Severity } from './types';

export interface CodeInfo {
  severity: Severity;
  /** When the code is given, in a few words (README table, `kubegate explain`). */
  when: string;
}

export const CODE_TABLE: Readonly<Record<FindingCode, CodeInfo>> = {
  'yaml-syntax': { severity: 'error', when: 'a parse error or a duplicate key in a document' },
  'unknown-field': { severity: 'error', when: 'a key that is not a field of its type' },
  'invalid-value': { severity: 'error', when: 'a value of the wrong type, or outside an +enum' },
  'missing-field': { severity: 'error', when: 'a field explicitly marked required is absent' },
  'unknown-kind': { severity: 'error', when: 'a served built-in group/version without that kind' },
  'api-not-served': { severity: 'error', when: 'the apiVersion/kind is not served in the target version' },
  'api-disabled-by-default': {
    severity: 'warning',
    when: 'an alpha/beta version of a built-in group: off unless --runtime-config enables it',
  },
  'api-deprecated': { severity: 'warning', when: 'the apiVersion/kind is deprecated in the target version' },
  'api-warning': { severity: 'warning', when: 'the API server accepts the object with a warning (deprecated volume, label, annotation, …)' },
  'yaml11-scalar': { severity: 'information', when: 'a number with a leading zero that kubectl reads as octal, outside a file-mode field' },
  'value-not-recognised': {
    severity: 'information',
    when: 'a value outside a comment-derived config enum (weak data)',
  },
  'feature-gate': { severity: 'warning', when: 'a field needs an alpha, or default-off beta, gate not known to be on' },
  'field-not-in-version': { severity: 'error', when: 'a field added after the target version' },
  'gate-dependency': { severity: 'warning', when: 'a needed gate needs another gate that is off' },
  'unknown-gate': { severity: 'error', when: 'a gate setting names no gate of the target version' },
  'locked-gate': { severity: 'error', when: 'a gate locked to its default is set to the other value' },
  'redundant-gate': { severity: 'information', when: 'a GA gate is set to its default' },
  'version-mismatch': {
    severity: 'information',
    when: 'a config names a different Kubernetes version than the target',
  },
  'file-too-large': { severity: 'information', when: 'the file is too large to check fully' },
  'too-many-findings': { severity: 'information', when: 'a document has more findings than are reported' },
  'experimental-channel': {
    severity: 'warning',
    when: 'a Gateway API field, value, kind or version that the installed channel (standard by default) lacks',
  },
  'disable-comment': {
    severity: 'warning',
    when: 'a disable comment names an unknown code, or (when asked) silences nothing',
  },
  'template-not-checked': { severity: 'information', when: 'a document with Go/Helm template markers ({{ … }}) is not checked' },
};

export const ALL_CODES = Object.keys(CODE_TABLE) as FindingCode[];

export function isFindingCode(value: string): value is FindingCode {
  return Object.prototype.hasOwnProperty.call(CODE_TABLE, value);
}

export function defaultSeverity(code: FindingCode): Severity {
  return CODE_TABLE[code].severity;
}

const SEVERITY_RANK: Record<Severity, number> = { error: 0, warning: 1, information: 2, hint: 3 };

/** Negative when `a` is more severe than `b`. */
export function compareSeverity(a: Severity, b: Severity): number {
  return SEVERITY_RANK[a] - SEVERITY_RANK[b];
}
