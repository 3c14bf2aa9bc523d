// The README's "Finding codes" table, generated from the finding-code registry (server/src/engine/codes/registry.ts):
// one row per code (default severity, summary, link) and one heading per code with its full description, so that
// every code has its own anchor (`#code-<code>`, the target of SARIF helpUri and LSP code links).
// `npm run contributes` writes it between the markers; tests/engine/codes.test.ts fails when it is stale.
import { ALL_CODES, CODE_TABLE, codeAnchor } from '../../server/src/engine/codes';

export const CODES_BEGIN = '<!-- codes:begin (generated from server/src/engine/codes/registry.ts by `npm run contributes`; do not edit) -->';
export const CODES_END = '<!-- codes:end -->';

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/** The generated Markdown between the markers (without them). */
export function codesMarkdown(): string {
  const rows = ALL_CODES.map((code) => {
    const info = CODE_TABLE[code];
    return `| \`${code}\` | ${info.severity} | ${cell(info.summary)} | [more](#${codeAnchor(code)}) |`;
  });
  const sections = ALL_CODES.map((code) => {
    const info = CODE_TABLE[code];
    const fixes = info.fixable ? 'quick fixes (and `kubegate check --fix` for the safe ones), and' : '';
    return [
      `#### Code \`${code}\``,
      '',
      `${info.description}`,
      '',
      `Default severity: ${info.severity}. Offers ${fixes} "Disable ${code} on this line / in this file".`.replace('Offers  "', 'Offers "'),
    ].join('\n');
  });
  return ['| code | default severity | when | details |', '|---|---|---|---|', ...rows, '', ...sections.flatMap((s) => [s, ''])].join('\n').trimEnd();
}

/** The README with its generated section replaced (throws when the markers are missing). */
export function withCodesSection(readme: string): string {
  const begin = readme.indexOf(CODES_BEGIN);
  const end = readme.indexOf(CODES_END);
  if (begin < 0 || end < begin) throw new Error('README.md lacks the codes markers');
  return `${readme.slice(0, begin + CODES_BEGIN.length)}\n${codesMarkdown()}\n${readme.slice(end)}`;
}
