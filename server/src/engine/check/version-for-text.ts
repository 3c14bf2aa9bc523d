// The Kubernetes version a text is checked against: its `# kubegate: kubernetes-version=` comment (first lines
// only, ./directives.ts), else the version from outside the file. Reads only the head of the text.
import { parseDirectives, VERSION_DIRECTIVE_MAX_LINE } from './directives';
import { lineStartAt } from '../base/line-index';
import { parseFile } from '../parse/parseFile';
import type { KubeVersion } from '../base/types';

/** The head of a text is enough for its version comment (the lines it may be on and two more). */
export function headOf(text: string): string {
  return text.slice(0, lineStartAt(text, VERSION_DIRECTIVE_MAX_LINE + 2));
}

/** The text's version comment, else `fallback` (also when its comments cannot be read). */
export function versionForText(text: string, fallback: KubeVersion): KubeVersion {
  const parsed = parseFile(headOf(text));
  try {
    return parseDirectives(parsed).version?.value ?? fallback;
  } catch {
    return fallback;
  }
}
