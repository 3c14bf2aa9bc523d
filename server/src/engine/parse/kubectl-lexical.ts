// Three lexical cases where the YAML package reads a text differently from kubectl (sigs.k8s.io/yaml on go-yaml):
// - a lone CR, NEL (U+0085), LS (U+2028) and PS (U+2029) end a line for go-yaml (is_break; the package reads
//   them as content, as YAML 1.2 does): a comment ends there and what follows is read as the next line. Where
//   YAML 1.2 and kubectl disagree, kubectl wins. The parser gets the text with each of them as LF (kubectlLines):
//   same length, so every offset stays the same. Lines are still counted as LSP counts them (LF, CR LF, lone CR):
//   a field after an LS lies on the comment's line for the editor, at its own column.
// - a byte order mark at the start of a line is skipped by go-yaml's scanner (not only at the stream start):
//   a later document opening with a BOM is read as if it were not there (the package reads it into the first key).
// - a control character (other than tab, LF, CR) anywhere in a document makes go-yaml refuse the document:
//   kubectl prints "error converting YAML to JSON: yaml: control characters are not allowed".
// Sources: go-yaml/yaml yamlprivateh.go @ 7649d4548cb53a614db133b2a8ac1f31859dda8c (branch v2, the one
// sigs.k8s.io/yaml forks; is_break: CR, LF, NEL, LS, PS) and scannerc.go there (skip_line, read_line: each of
// them ends a line; yaml_parser_scan_to_next_token: a comment runs to the first is_breakz);
// go-yaml/yaml readerc.go @ 8448f49567d2234fdee1b914c7472bebe2bb74b8 (yaml_parser_update_buffer: the
// allowed characters, else "control characters are not allowed") and scannerc.go (yaml_parser_scan_to_next_token:
// "Allow the BOM mark to start a line"); observed with kubectl v1.32 `create --dry-run=client` on generated
// files (tests/engine/kubectl-lexical.test.ts has them): a lone-CR ConfigMap and a BOM-opened second document
// are decoded; a NUL or U+0001 in a value fails that document only.

import { finding } from '../codes';
import type { ParsedDocument, ParsedFile } from '../model';
import type { Finding } from '../codes/finding';
import { rangeOf } from './ranges';

/** The text with each lone CR (not followed by LF) as LF; the same string when there is none. Lines stay as LSP
 *  counts them (a lone CR ends one there too). */
export function loneCrAsLf(text: string): string {
  if (!text.includes('\r')) return text;
  return text.replace(/\r(?!\n)/g, '\n');
}

const OTHER_BREAK = /[\u0085\u2028\u2029]/;

/** Whether the text holds a line break of go-yaml's that LSP does not count (NEL, LS, PS). */
export function hasKubectlOnlyBreak(text: string): boolean {
  return OTHER_BREAK.test(text);
}

/** The text as go-yaml breaks it into lines, for the parser: each lone CR, NEL, LS and PS as LF (same length, the
 *  same offsets); the same string when there is none. Count lines on the text before (LSP's lines). */
export function kubectlLines(text: string): string {
  const cr = loneCrAsLf(text);
  return hasKubectlOnlyBreak(cr) ? cr.replace(/[\u0085\u2028\u2029]/g, '\n') : cr;
}

/** The first character go-yaml's reader refuses, from `from`: offset and code point, or undefined. */
export function firstControlCharacter(text: string, from = 0, to = text.length): { offset: number; code: number } | undefined {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x20 && c <= 0x7e) continue;
    if (c === 0x09 || c === 0x0a || c === 0x0d || c === 0x85) continue;
    if ((c >= 0xa0 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd)) continue;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
    }
    return { offset: i, code: c };
  }
  return undefined;
}

/** Whether a text may hold a control character (a cheap test before the scan). */
function mayHoldControlCharacter(text: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u0084\u0086-\u009f\ud800-\udfff\ufffe\uffff]/.test(text);
}

/** The finding for a document kubectl refuses because of a control character (at the first one), if any. */
export function controlCharacterFinding(parsed: ParsedFile, pdoc: ParsedDocument): Finding | undefined {
  if (!mayHoldControlCharacter(parsed.text.slice(pdoc.start, pdoc.end))) return undefined;
  const bad = firstControlCharacter(parsed.text, pdoc.start, pdoc.end);
  if (!bad) return undefined;
  const code = `U+${bad.code.toString(16).toUpperCase().padStart(4, '0')}`;
  return finding('yaml-syntax', {
    severity: 'error',
    message: `Applying fails: kubectl refuses this document: control characters are not allowed (${code})`,
    fix: 'Remove the character, or write it as an escape in a double-quoted string (e.g. "\\u0000").',
    range: rangeOf(parsed.lineCounter, bad.offset, bad.offset + 1),
    document: pdoc.index,
    data: { rule: 'yaml-control-character', pipelineStage: 'decode', verdict: 'rejected', codePoint: code },
  });
}
