// Comments that steer a check, honoured by the CLI and the language server alike:
//   # kubegate: kubernetes-version=1.36          file-level target version (first 10 lines only)
//   # kubegate: fragment                         the file holds fragments (first 10 lines only): a document
//                                                without apiVersion/kind is not refused as kubectl refuses it
//   # kubegate-disable-line [code,…]             silence findings that start on this line (a trailing comment)
//   # kubegate-disable-next-line [code,…]        silence findings that start on the next line
//   # kubegate-disable [code,…]                  silence findings from here to the end of the document
//   # kubegate-disable-file [code,…]             silence findings in the whole file (wherever the comment is)
// Without codes, every code is silenced. Only real YAML comments count (not `#` inside strings or
// block scalars): the comments are found with the yaml lexer. A name in the list that is no finding code is
// itself a finding (`disable-comment`, with a did-you-mean), and so, when asked (`reportUnusedDisables`), is a
// comment or a code in it that silences nothing — as ESLint does.
import { Lexer } from 'yaml';
import { ALL_CODES, isFindingCode, finding, type FindingData } from '../codes';
import { closestName } from '../base/similar-names';
import type { ParsedFile } from '../model';
import { rangeOf } from '../parse/ranges';
import { kubectlLines } from '../parse/kubectl-lexical';
import { supportedVersion } from '../base/kube-version';
import type { Finding, FindingCode } from '../codes/finding';
import type { KubeVersion, Range } from '../base/types';

export const VERSION_DIRECTIVE_MAX_LINE = 10;

export interface DisableRule {
  scope: 'line' | 'next-line' | 'rest-of-document' | 'file';
  /** Codes silenced; 'all' when the comment names none. */
  codes: FindingCode[] | 'all';
  /** Each named code with its range in the comment (for findings about the comment). */
  named: { name: string; range: Range }[];
  /** 0-based lines silenced, inclusive. */
  fromLine: number;
  toLine: number;
  range: Range;
  /** Index of the YAML document holding the comment. */
  document?: number;
}

export interface Directives {
  version?: { value: KubeVersion; raw: string; range: Range };
  /** A version directive naming a version outside the supported ones. */
  badVersion?: { raw: string; range: Range };
  /** `# kubegate: fragment` in the first lines: the file's documents are fragments (a snippet, a patch). */
  fragment?: boolean;
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
  // Comments end where go-yaml ends a line (kubectlLines): the offsets are the text's.
  for (const token of new Lexer().lex(kubectlLines(text))) {
    const control = token === '\x02' || token === '\x1f' || token === '\x18';
    if (!control && token.startsWith('#') && !afterScalarMarker) out.push({ text: token, offset });
    afterScalarMarker = token === '\x1f';
    if (!control) offset += token.length;
  }
  return out;
}

const VERSION_RE = /^#\s*kubegate:\s*kubernetes-version\s*=\s*(\S+)\s*$/;
const FRAGMENT_RE = /^#\s*kubegate:\s*fragment\s*$/;
const DISABLE_RE = /^#\s*kubegate-disable(-next-line|-line|-file)?(?:\s+(.*?))?\s*$/;

export function parseDirectives(parsed: ParsedFile): Directives {
  const { text, lineCounter } = parsed;
  const result: Directives = { rules: [] };
  // The two `includes` tests only save work: without them no comment matches the expressions below either.
  // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent, see above
  if (!text.includes('kubegate')) return result;
  for (const comment of yamlComments(text)) {
    // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent, see above
    if (!comment.text.includes('kubegate')) continue;
    const range = rangeOf(lineCounter, comment.offset, comment.offset + comment.text.length);
    const line = range.start.line;
    const version = VERSION_RE.exec(comment.text);
    if (version) {
      if (line < VERSION_DIRECTIVE_MAX_LINE && !result.version) {
        const raw = version[1]!;
        const value = supportedVersion(raw, 'tagged');
        if (value) result.version = { value, raw, range };
        else result.badVersion = { raw, range };
      }
      continue;
    }
    if (FRAGMENT_RE.test(comment.text)) {
      if (line < VERSION_DIRECTIVE_MAX_LINE) result.fragment = true;
      continue;
    }
    const disable = DISABLE_RE.exec(comment.text);
    if (!disable) continue;
    const listText = disable[2] ?? '';
    const listOffset = comment.offset + (listText ? comment.text.lastIndexOf(listText) : comment.text.length);
    const named = [...listText.matchAll(/[^\s,]+/g)].map((m) => ({
      name: m[0],
      range: rangeOf(lineCounter, listOffset + m.index, listOffset + m.index + m[0].length),
    }));
    const names = named.map((n) => n.name);
    // Names that are no finding code are left out (they silence nothing, and are findings themselves).
    // Stryker disable next-line MethodExpression: equivalent: a name that is no code never equals a finding's code
    const codes = names.length === 0 ? ('all' as const) : names.filter(isFindingCode);
    // Documents touch (one ends where the next starts) and cover the text: `<=` would find the same one.
    // Stryker disable next-line EqualityOperator: equivalent, see above
    const doc = parsed.documents.find((d) => comment.offset >= d.start && comment.offset < d.end);
    const document = doc?.index;
    // Stryker disable next-line ConditionalExpression: equivalent: `document: undefined` reads as no document
    const at = { codes, named, range, ...(document !== undefined ? { document } : {}) };
    // Only the 'file' scope is read elsewhere (incremental/place.ts); the other names are for a reader.
    if (disable[1] === '-next-line') {
      // Stryker disable next-line StringLiteral: see above
      result.rules.push({ scope: 'next-line', fromLine: line + 1, toLine: line + 1, ...at });
    } else if (disable[1] === '-line') {
      // Stryker disable next-line StringLiteral: see above
      result.rules.push({ scope: 'line', fromLine: line, toLine: line, ...at });
    } else if (disable[1] === '-file') {
      result.rules.push({ scope: 'file', fromLine: 0, toLine: Number.MAX_SAFE_INTEGER, ...at });
    } else {
      const toLine = doc ? doc.range.end.line : Number.MAX_SAFE_INTEGER;
      // Stryker disable next-line StringLiteral: see above
      result.rules.push({ scope: 'rest-of-document', fromLine: line, toLine, ...at });
    }
  }
  return result;
}

/** What each rule silenced: the codes of the findings it dropped (filled by applyDisableComments). */
export type DisableUse = Map<DisableRule, Set<FindingCode>>;

/** Drops the findings that a disable comment silences; `used` records which rule silenced which codes. */
export function applyDisableComments(findings: readonly Finding[], directives: Directives, used?: DisableUse): Finding[] {
  // Stryker disable next-line ConditionalExpression: equivalent: it only saves work
  if (directives.rules.length === 0) return [...findings];
  return findings.filter((f) => {
    const line = f.range.start.line;
    let silenced = false;
    for (const r of directives.rules) {
      if (line < r.fromLine || line > r.toLine || (r.codes !== 'all' && !r.codes.includes(f.code))) continue;
      silenced = true;
      // Stryker disable next-line ConditionalExpression: equivalent: it only saves work
      if (!used) break;
      const set = used.get(r) ?? new Set<FindingCode>();
      set.add(f.code);
      used.set(r, set);
    }
    return !silenced;
  });
}

const RULE = 'disable-comment';

function commentFinding(rule: DisableRule, range: Range, message: string, fix: string, data: FindingData['disable-comment']): Finding {
  return finding('disable-comment', {
    message,
    fix,
    range,
    // Stryker disable next-line ConditionalExpression: equivalent: `document: undefined` reads as no document
    ...(rule.document !== undefined ? { document: rule.document } : {}),
    // Not a fact about the Kubernetes API: beyond the corpus rules (tests/corpus/vocabulary.ts).
    data: { rule: RULE, ...data },
  });
}

/**
 * Findings about the disable comments themselves: a listed name that is no finding code (always; a typo
 * silences nothing), and with `reportUnused` a comment, or a code it lists, that silenced nothing.
 */
export function disableCommentFindings(directives: Directives, used: DisableUse | undefined, reportUnused: boolean): Finding[] {
  const out: Finding[] = [];
  for (const rule of directives.rules) {
    for (const n of rule.named) {
      if (isFindingCode(n.name)) continue;
      const near = closestName(n.name, ALL_CODES);
      out.push(
        commentFinding(
          rule,
          n.range,
          `This disable comment silences nothing for "${n.name}": it is not a Kubegate finding code`,
          near ? `Did you mean ${near}?` : 'Name a finding code (see Finding codes in the README), or remove the name.',
          { reason: 'unknown-code', name: n.name, ...(near ? { suggestion: near } : {}) },
        ),
      );
    }
    if (!reportUnused || !used) continue;
    const silenced = used.get(rule);
    if (rule.codes === 'all') {
      if (!silenced) out.push(commentFinding(rule, rule.range, 'This disable comment silences nothing: no finding is reported where it applies', 'Remove the comment.', { reason: 'unused' }));
      continue;
    }
    for (const n of rule.named) {
      if (!isFindingCode(n.name) || silenced?.has(n.name)) continue;
      out.push(
        commentFinding(rule, n.range, `This disable comment silences nothing for ${n.name}: no such finding is reported where it applies`, `Remove ${n.name} from the comment.`, {
          reason: 'unused',
          name: n.name,
        }),
      );
    }
  }
  return out;
}
