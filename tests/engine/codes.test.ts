// The finding-code registry (server/src/engine/codes/registry.ts) and what is generated from it: the README codes table
// (stale when the registry changed without `npm run contributes`), the SARIF rules, the settings enum, the LSP
// tags and links.
// Internal imports: `codes` (the registry's helpers codeAnchor, defaultVerdict, finding, isFindingCode, no public
// surface).
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codesMarkdown, withCodesSection } from '../../scripts/codes/readme';
import { codeRule } from '../../server/src/cli/format/sarif';
import { codeHelpUri } from '../../server/src/cli/program-info';
import { ALL_CODES, CODE_TABLE } from '../../server/src/engine';
import { codeAnchor, defaultVerdict, finding, isFindingCode } from '../../server/src/engine/codes';
import { toDiagnostic } from '../../server/src/lsp/convert';

const ROOT = path.join(__dirname, '..', '..');
const zero = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

describe('the registry', () => {
  it('states every fact per code: severity, summary, description, fixability', () => {
    for (const code of ALL_CODES) {
      const info = CODE_TABLE[code];
      expect(isFindingCode(code)).toBe(true);
      expect(info.summary.length, code).toBeGreaterThan(10);
      expect(info.summary, code).not.toMatch(/\.$/);
      // A few sentences: what happens, what to do.
      expect(info.description.split(/\.\s/).length, code).toBeGreaterThanOrEqual(2);
      expect(typeof info.fixable).toBe('boolean');
    }
    expect(isFindingCode('no-such-code')).toBe(false);
  });

  it('check-failed is a code like the others, without a verdict', () => {
    expect(CODE_TABLE['check-failed'].severity).toBe('warning');
    expect(defaultVerdict(finding('check-failed', { message: 'x', range: zero, data: { error: 'boom' } }))).toBeUndefined();
  });

  it('finding() takes the default severity of its code unless given one, and keeps typed data', () => {
    const f = finding('gate-dependency', { message: 'm', range: zero, data: { gate: 'A', requires: 'B' } });
    expect(f).toEqual({ code: 'gate-dependency', severity: 'warning', message: 'm', range: zero, data: { gate: 'A', requires: 'B' } });
    expect(finding('feature-gate', { severity: 'information', message: 'm', range: zero }).severity).toBe('information');
    // The verdict reads typed data: a field gate is dropped, a kind gate is refused at decoding.
    expect(defaultVerdict(finding('feature-gate', { message: 'm', range: zero, data: { gate: 'G', via: 'field' } }))).toEqual({ stage: 'drop', verdict: 'dropped' });
    expect(defaultVerdict(finding('feature-gate', { message: 'm', range: zero, data: { gate: 'G', via: 'kind' } }))).toEqual({ stage: 'decode', verdict: 'rejected-unless-enabled' });
  });
});

describe('generated from the registry', () => {
  it('the README codes section is up to date (run `npm run contributes` after changing a code)', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(withCodesSection(readme)).toBe(readme);
  });

  it('the README has one heading (anchor) per code, with its description', () => {
    const md = codesMarkdown();
    for (const code of ALL_CODES) {
      expect(md).toContain(`\n#### Code \`${code}\`\n\n${CODE_TABLE[code].description}\n`);
      expect(md).toContain(`(#${codeAnchor(code)})`);
      // GitHub's anchor of that heading: lower case, spaces to hyphens, backticks dropped.
      expect(`Code \`${code}\``.toLowerCase().replace(/`/g, '').replace(/ /g, '-')).toBe(codeAnchor(code));
    }
  });

  it('codeHelpUri is the code\'s own anchor', () => {
    expect(codeHelpUri('feature-gate')).toBe('https://github.com/kubegate/kubegate#code-feature-gate');
    expect(codeHelpUri('check-failed')).toBe('https://github.com/kubegate/kubegate#code-check-failed');
  });

  it('every code has a SARIF rule with its help URI and full description', () => {
    for (const code of ALL_CODES) {
      expect(codeRule(code)).toMatchObject({
        id: code,
        helpUri: codeHelpUri(code),
        fullDescription: { text: CODE_TABLE[code].description },
        defaultConfiguration: { level: { error: 'error', warning: 'warning', information: 'note', hint: 'note' }[CODE_TABLE[code].severity] },
      });
    }
  });

  it('the kubegate.severity setting lists every code with its summary', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      contributes: { configuration: { properties: Record<string, { propertyNames?: { enum: string[]; enumDescriptions: string[] } }> } };
    };
    const names = pkg.contributes.configuration.properties['kubegate.severity']!.propertyNames!;
    expect(names.enum).toEqual(ALL_CODES);
    expect(names.enumDescriptions).toEqual(ALL_CODES.map((c) => `Default ${CODE_TABLE[c].severity}: ${CODE_TABLE[c].summary}.`));
  });

  it('LSP diagnostics take their tags and documentation link from the registry', () => {
    const redundant = toDiagnostic(finding('redundant-gate', { message: 'm', range: zero, data: { gate: 'G' } }), 'file:///x.yaml');
    expect(redundant.tags).toEqual([1]); // Unnecessary
    expect(redundant.codeDescription).toEqual({ href: 'https://github.com/kubegate/kubegate#code-redundant-gate' });
    const deprecated = toDiagnostic(finding('api-deprecated', { message: 'm', range: zero }), 'file:///x.yaml');
    expect(deprecated.tags).toEqual([2]); // Deprecated
    const gate = toDiagnostic(finding('feature-gate', { message: 'm', range: zero, data: { gate: 'G', kep: 5945 } }), 'file:///x.yaml');
    expect(gate.codeDescription).toEqual({ href: 'https://kep.k8s.io/5945' });
    expect(gate.tags).toBeUndefined();
  });
});
