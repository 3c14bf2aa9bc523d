// The Kubernetes version a text is checked against: its `# kubegate: kubernetes-version=` comment (first lines
// only, engine/directives.ts), else the version from outside the file. Reads only the head of the text.
import { parseDirectives } from './directives';
import { parseFile } from './parse/parseFile';
import type { KubeVersion } from './types';

/** The head of a text is enough for its version comment (first 10 lines; a few more are kept). */
export function headOf(text: string): string {
  let end = 0;
  for (let i = 0; i < 12 && end >= 0; i++) end = text.indexOf('\n', end + 1);
  return end < 0 ? text : text.slice(0, end);
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
