// JSON input as kubectl reads it: its decoder looks at the start of the input and reads it as JSON when the first
// character after white space is `{` (k8s.io/apimachinery pkg/util/yaml YAMLOrJSONDecoder, used by cli-runtime's
// StreamVisitor for every file, stdin included), whatever the file is called: a `.json` file of YAML is read as
// YAML. JSON that is not valid (a trailing comma, a comment, a YAML flow mapping) is refused before anything else is
// looked at. Valid JSON is YAML, so the rest of the check reads it with the YAML parser (ranges, typing: quoted
// values are strings). Not supported: several JSON objects one after the other in one input.
import { LineIndex } from '../base/line-index';
import type { Range } from '../base/types';

/** Whether a text is read as JSON: its first character after white space is `{` (a byte order mark is no white
 *  space for the decoder: a BOM before `{` is YAML). `{{` opens a Go/Helm template (`{{- if … }}`), never JSON (no
 *  JSON object starts so): such a text is read as YAML, where the template detection finds it. */
export function isJsonInput(text: string): boolean {
  const first = /^[^\S\uFEFF]*(\S)(\S?)/.exec(text.length > 4096 ? text.slice(0, 4096) : text);
  return first?.[1] === '{' && first[2] !== '{';
}

/** The JSON syntax error of a text (message and range), or undefined when it is valid JSON. An empty text is no JSON
 *  error (an empty file has no document). */
export function jsonSyntaxError(text: string): { message: string; range: Range } | undefined {
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') return undefined;
  try {
    JSON.parse(body);
    return undefined;
  } catch (err) {
    const raw = err instanceof Error ? err.message : String(err);
    const at = /at position (\d+)/.exec(raw);
    // Node names the position of most errors; without one, the end of the input or its first character.
    const lead = text.length - body.length;
    const offset = at ? Math.min(Number(at[1]) + lead, text.length) : /end of JSON/i.test(raw) ? text.length : lead + (/\S/.exec(body)?.index ?? 0);
    const index = new LineIndex(text);
    const start = index.positionAt(offset);
    const end = index.positionAt(Math.min(offset + 1, text.length));
    const reason = raw.replace(/\s*in JSON at position \d+.*$/, '').replace(/, ".*is not valid JSON$/, '').replace(/\s*\(line \d+ column \d+\)$/, '');
    return { message: `Invalid JSON: ${reason}`, range: { start, end } };
  }
}
