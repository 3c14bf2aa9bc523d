// The one place repository-derived text is made safe to show on a terminal or in a CI log: file and link names,
// YAML keys (a double-quoted key may hold any character), kustomize patch paths, `.kubegate.yaml` keys, globs,
// and the notes and messages that quote them. A pull request controls all of them: an ESC or OSC sequence could
// repaint the terminal (a forged "No problems" line), a CR overwrite the line, a bidi control reorder it, and a
// line that starts with `::` is a GitHub workflow command (`::error …`, `::stop-commands::…`) wherever it is
// printed, stdout or stderr, in any format.

// C0 but tab, DEL, C1 (incl. NEL), the line and paragraph separators, and the bidi and direction marks.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
// The same but LF: for a block of output whose own line breaks are meant.
// eslint-disable-next-line no-control-regex
const UNSAFE_BUT_LF = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

function escapeOne(c: string): string {
  const code = c.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** Every control character written as a visible escape (`\x1b`, `\x0a`, `\u202e`): the text stays on its line. */
export function escapeControls(text: string): string {
  return text.replace(UNSAFE, escapeOne);
}

/** A repository-derived string as it may be shown: its control characters escaped (escapeControls), and a leading
 *  `::` as `\x3a:`, so that it starts no workflow command where it starts a line. */
export function shown(text: string): string {
  const escaped = escapeControls(text);
  return escaped.startsWith('::') ? `\\x3a${escaped.slice(1)}` : escaped;
}

/** Lines of output built around repository-derived text (stderr notes): every control character but LF escaped,
 *  and no line starting a workflow command. The guard behind every note; names inside a line use `shown`. */
export function safeLines(text: string): string {
  const escaped = text.replace(UNSAFE_BUT_LF, escapeOne);
  return escaped.includes('::') ? escaped.replace(/^::/gm, '\\x3a:') : escaped;
}
