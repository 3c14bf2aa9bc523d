// Comments that steer a check, honoured by the CLI and the language server alike:
//   # kubegate: kubernetes-version=1.36          file-level target version (first 10 lines only)
//   # kubegate-disable-next-line [code,…]        silence findings that start on the next line
//   # kubegate-disable [code,…]                  silence findings from here to the end of the document
// Without codes, every code is silenced. Only real YAML comments count (not `#` inside strings or
// block scalars): the comments are found with the yaml lexer.
import { Lexer } from 'yaml';
import { isFindingCode } from './codes';
import type { ParsedFile } from './model';
import { rangeOf } from './parse/ranges';
import { supportedVersion } from './kube-version';
import type { Finding, FindingCode, KubeVersion, Range } from './types';

export const VERSION_DIRECTIVE_MAX_LINE = 10;

export interface DisableRule {
  scope: 'next-line' | 'rest-of-document';
  /** Codes silenced; 'all' when the comment names none. */
  codes: FindingCode[] | 'all';
  /** 0-based lines silenced, inclusive. */
  fromLine: number;
  toLine: number;
  range: Range;
}

export interface Directives {
  version?: { value: KubeVersion; raw: string; range: Range };
  /** A version directive naming a version outside the supported ones. */
  badVersion?: { raw: string; range: Range };
  rules: DisableRule[];
}

interface CommentToken {
  text: string;
  offset: number;
}

/** Every YAML comment of the text with its offset. */
export function yamlComments(text: string): CommentToken[] {
  const out: CommentToken[] = [];
  let offset = 0;
  let afterScalarMarker = false;
  for (const token of new Lexer().lex(text)) {
    const control = token === '\x02' || token === '\x1f' || token === '\x18';
    if (!control && token.startsWith('#') && !afterScalarMarker) out.push({ text: token, offset });
    afterScalarMarker = token === '\x1f';
    if (!control) offset += token.length;
  }
  return out;
}

const VERSION_RE = /^#\s*kubegate:\s*kubernetes-version\s*=\s*(\S+)\s*$/;
const DISABLE_RE = /^#\s*kubegate-disable(-next-line)?(?:\s+(.*?))?\s*$/;

export function parseDirectives(parsed: ParsedFile): Directives {
  const { text, lineCounter } = parsed;
  const result: Directives = { rules: [] };
  if (!text.includes('kubegate')) return result;
  for (const comment of yamlComments(text)) {
    if (!comment.text.includes('kubegate')) continue;
    const range = rangeOf(lineCounter, comment.offset, comment.offset + comment.text.length);
    const line = range.start.line;
    const version = VERSION_RE.exec(comment.text);
    if (version) {
      if (line < VERSION_DIRECTIVE_MAX_LINE && !result.version) {
        const raw = version[1] ?? '';
        const value = supportedVersion(raw, 'tagged');
        if (value) result.version = { value, raw, range };
        else result.badVersion = { raw, range };
      }
      continue;
    }
    const disable = DISABLE_RE.exec(comment.text);
    if (!disable) continue;
    const codes = parseCodeList(disable[2] ?? '');
    if (disable[1]) {
      result.rules.push({ scope: 'next-line', codes, fromLine: line + 1, toLine: line + 1, range });
    } else {
      const doc = parsed.documents.find((d) => comment.offset >= d.start && comment.offset < d.end);
      const toLine = doc ? doc.range.end.line : Number.MAX_SAFE_INTEGER;
      result.rules.push({ scope: 'rest-of-document', codes, fromLine: line, toLine, range });
    }
  }
  return result;
}

function parseCodeList(text: string): FindingCode[] | 'all' {
  const names = text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  if (names.length === 0) return 'all';
  return names.filter(isFindingCode);
}

export function isSilenced(finding: Finding, rules: readonly DisableRule[]): boolean {
  const line = finding.range.start.line;
  return rules.some(
    (r) =>
      line >= r.fromLine && line <= r.toLine && (r.codes === 'all' || r.codes.includes(finding.code)),
  );
}

/** Drops the findings that a disable comment silences. */
export function applyDisableComments(findings: readonly Finding[], directives: Directives): Finding[] {
  if (directives.rules.length === 0) return [...findings];
  return findings.filter((f) => !isSilenced(f, directives.rules));
}
