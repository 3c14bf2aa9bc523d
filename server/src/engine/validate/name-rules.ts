// The string rules of ObjectMeta validation (apimachinery util/validation and api/validation/path, read for
// scripts/generate/handwritten/object-meta-limits.tsv): DNS-1123 subdomain and label, DNS-1035 label, URL path
// segment, qualified name (label and annotation keys, finalizers) and label value. Each check returns the
// problems in words (empty when the value is valid); the limits come from the generated data.
import type { NameRule, ObjectMetaLimits } from '../knowledge/object-meta';
import { append } from '../base/append';

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const DNS1035_LABEL = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
const QUALIFIED_NAME_PART = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;

/** Length in bytes of the UTF-8 encoding (Go's len of a string). */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** "a", "a and b", "a, b and c". */
export function words(list: string[]): string {
  return list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
}

function quoted(chars: Iterable<string>): string {
  return words([...new Set(chars)].map((c) => (c === ' ' ? 'a space' : `'${c}'`)));
}

/** Why `value` fails a pattern of lower-case letters, digits and `extra`, alphanumeric at both ends. */
function charProblems(value: string, extra: string, firstLetter = false): string[] {
  const out: string[] = [];
  if (/[A-Z]/.test(value)) out.push('upper-case letters');
  const bad = [...value].filter((c) => !/[a-zA-Z0-9]/.test(c) && !extra.includes(c));
  if (bad.length > 0) out.push(quoted(bad));
  const first = value[0] ?? '';
  const last = value[value.length - 1] ?? '';
  if (firstLetter && /[0-9]/.test(first)) out.push('a digit first');
  if (extra.includes(first) || extra.includes(last)) out.push(`'${extra.includes(first) ? first : last}' at ${extra.includes(first) ? 'the start' : 'the end'}`);
  return out;
}

function tooLong(value: string, max: number): string[] {
  const n = utf8Length(value);
  return n > max ? [`${n} characters (at most ${max})`] : [];
}

/** kube-apiserver's maskTrailingDash: a generateName prefix may end in '-' (its last two characters become 'a'). */
function maskTrailingDash(prefix: string): string {
  if (!prefix.endsWith('-')) return prefix;
  return prefix.length < 2 ? 'a' : `${prefix.slice(0, -2)}a`;
}

/** Problems of a metadata.name (or, with `prefix`, a generateName) under `rule`. */
export function nameProblems(rule: NameRule, value: string, prefix: boolean, limits: ObjectMetaLimits): string[] {
  switch (rule) {
    case 'none':
      return [];
    case 'pathSegmentName': {
      const out: string[] = [];
      if (!prefix && limits.pathSegmentForbiddenNames.includes(value)) return [`'${value}' itself`];
      const bad = limits.pathSegmentForbiddenSubstrings.filter((s) => value.includes(s));
      if (bad.length > 0) out.push(quoted(bad));
      return out;
    }
    case 'dns1123Subdomain': {
      const v = prefix ? maskTrailingDash(value) : value;
      const out = tooLong(v, limits.dns1123SubdomainMaxLength);
      if (!DNS_SUBDOMAIN.test(v)) {
        const chars = charProblems(v, '-.');
        append(out, chars.length > 0 ? chars : ['an empty part between dots, or a part that starts or ends with \'-\'']);
      }
      return out;
    }
    case 'dns1123Label': {
      const v = prefix ? maskTrailingDash(value) : value;
      const out = tooLong(v, limits.dns1123LabelMaxLength);
      if (!DNS_LABEL.test(v)) append(out, charProblems(v, '-'));
      return out;
    }
    case 'dns1035Label': {
      const v = prefix ? maskTrailingDash(value) : value;
      const out = tooLong(v, limits.dns1035LabelMaxLength);
      if (!DNS1035_LABEL.test(v)) append(out, charProblems(v, '-', true));
      return out;
    }
  }
}

/** Problems of a qualified name ([DNS-subdomain prefix '/'] name): label keys, annotation keys, finalizers. */
export function qualifiedNameProblems(value: string, limits: ObjectMetaLimits): string[] {
  const parts = value.split('/');
  if (parts.length > 2) return ["more than one '/'"];
  const out: string[] = [];
  const name = parts.length === 2 ? parts[1] : parts[0];
  if (parts.length === 2) {
    const p = parts[0];
    if (p === '') out.push("an empty prefix before '/'");
    else {
      const inPrefix = nameProblems('dns1123Subdomain', p, false, limits);
      if (inPrefix.length > 0) out.push(`a prefix that is not a DNS subdomain (${words(inPrefix)})`);
    }
  }
  if (name === '') out.push('an empty name');
  else {
    append(out, tooLong(name, limits.qualifiedNameMaxLength).map((s) => `a name of ${s}`));
    if (!QUALIFIED_NAME_PART.test(name)) append(out, charProblems(name.toLowerCase(), '-_.').map((s) => (parts.length === 2 ? `${s} in the name` : s)));
  }
  return out;
}

/** Problems of a label value (empty, or at most 63 of letters, digits, '-', '_', '.', alphanumeric at both ends). */
export function labelValueProblems(value: string, limits: ObjectMetaLimits): string[] {
  if (value === '') return [];
  const out = tooLong(value, limits.labelValueMaxLength);
  if (!QUALIFIED_NAME_PART.test(value)) append(out, charProblems(value.toLowerCase(), '-_.'));
  return out;
}

/** The rule in a few words, for messages (at most 120 characters with the longest kind names). */
export function describeNameRule(rule: NameRule, limits: ObjectMetaLimits, prefix = false): string {
  switch (rule) {
    case 'dns1123Subdomain':
      return `a DNS subdomain${prefix ? ' prefix' : ''} (a-z, 0-9, '-', '.'; max ${limits.dns1123SubdomainMaxLength})`;
    case 'dns1123Label':
      return `a DNS label${prefix ? ' prefix' : ''} (a-z, 0-9, '-'; max ${limits.dns1123LabelMaxLength})`;
    case 'dns1035Label':
      return `a DNS-1035 label${prefix ? ' prefix' : ''} (a-z, 0-9, '-'; starts with a letter; max ${limits.dns1035LabelMaxLength})`;
    case 'pathSegmentName':
      return prefix ? "a URL path segment prefix (no '/' or '%')" : "a URL path segment (no '/' or '%'; not '.' or '..')";
    case 'none':
      return 'anything';
  }
}

/** The rule in full, for details. */
export function explainNameRule(rule: NameRule, limits: ObjectMetaLimits): string {
  switch (rule) {
    case 'dns1123Subdomain':
      return `A DNS subdomain (RFC 1123) has lower-case letters, digits, '-' and '.', starts and ends with a letter or digit, and is at most ${limits.dns1123SubdomainMaxLength} characters long.`;
    case 'dns1123Label':
      return `A DNS label (RFC 1123) has lower-case letters, digits and '-', starts and ends with a letter or digit, and is at most ${limits.dns1123LabelMaxLength} characters long.`;
    case 'dns1035Label':
      return `A DNS-1035 label has lower-case letters, digits and '-', starts with a letter, ends with a letter or digit, and is at most ${limits.dns1035LabelMaxLength} characters long.`;
    case 'pathSegmentName':
      return "A name used as a URL path segment may not be '.' or '..' and may not contain '/' or '%'.";
    case 'none':
      return '';
  }
}

/** A valid name under `rule` close to `value` (lower-cased, other characters turned into '-'), or undefined. */
export function suggestName(rule: NameRule, value: string, limits: ObjectMetaLimits): string | undefined {
  if (rule === 'none' || rule === 'pathSegmentName') return undefined;
  const max = rule === 'dns1123Subdomain' ? limits.dns1123SubdomainMaxLength : limits.dns1123LabelMaxLength;
  const keep = rule === 'dns1123Subdomain' ? /[a-z0-9.]/ : /[a-z0-9]/;
  let s = [...value.toLowerCase()].map((c) => (keep.test(c) ? c : '-')).join('');
  s = s.replace(/-{2,}/g, '-').replace(/\.{2,}/g, '.').replace(/-?\.-?/g, '.').slice(0, max);
  s = s.replace(/^[-.]+/, '').replace(/[-.]+$/, '');
  if (s === '' || s === value) return undefined;
  return nameProblems(rule, s, false, limits).length === 0 ? s : undefined;
}
