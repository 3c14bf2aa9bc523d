// Every snippet of snippets/kubegate.code-snippets, expanded with its defaults, must check clean at 1.37
// once the gates it uses are on — except the KEP-5823 checkpoint/restore pair, which no version serves.
// Internal imports: `snippets` (the snippet file and the completions made of it).
// Also `knowledge` (briefFacts: the brief's feature facts the test compares with; not public).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { briefFacts } from '../../server/src/engine/knowledge';
import { expandDefaults } from '../../server/src/engine';
import { loadSnippets, snippetCompletions, SNIPPETS_FILE } from '../../server/src/engine/snippets';
import { checkWithGates, describeFindings, errorsAndWarnings, gatesAskedFor } from './helpers';
import { nodeDataReader } from '../../server/src/host/data-files';

const repoRoot = path.resolve(__dirname, '..', '..');
const snippetsDir = path.join(repoRoot, 'snippets');
const snippets = loadSnippets({ readData: nodeDataReader({ snippets: snippetsDir }) });

/** The not-shipped designs of the brief data: their apiVersion/kind pairs and field paths mark a snippet. */
const brief = briefFacts();
function designOf(text: string): number | undefined {
  for (const d of parseAllDocuments(text)) {
    const js = d.toJS() as { apiVersion?: string; kind?: string; spec?: Record<string, unknown> } | null;
    if (!js) continue;
    const api = brief.notShippedApis.find((a) => a.apiVersion === js.apiVersion && a.kind === js.kind);
    if (api) return api.kep;
    for (const f of brief.notShippedFields) {
      if (f.apiVersion !== js.apiVersion || f.kind !== js.kind) continue;
      const [first, ...rest] = f.path.split('.');
      let cur: unknown = (js as Record<string, unknown>)[first];
      for (const p of rest) cur = cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[p] : undefined;
      if (cur !== undefined) return f.kep;
    }
  }
  return undefined;
}

describe('snippets file', () => {
  it('is found from the engine without options and matches the file on disk', () => {
    expect(loadSnippets().map((s) => s.prefix)).toEqual(snippets.map((s) => s.prefix));
    expect(fs.existsSync(path.join(snippetsDir, SNIPPETS_FILE))).toBe(true);
  });
  it('has unique prefixes, a description and a body for every snippet', () => {
    const prefixes = snippets.map((s) => s.prefix);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    for (const s of snippets) {
      expect(s.description.length, s.name).toBeGreaterThan(20);
      expect(s.body.length, s.name).toBeGreaterThan(0);
    }
  });
  it('serves the same set as completion items', () => {
    const items = snippetCompletions();
    expect(items.map((i) => i.label)).toEqual(snippets.map((s) => s.prefix));
    for (const i of items) {
      const s = snippets.find((x) => x.prefix === i.label)!;
      expect(i.insertText).toBe(s.body);
      expect(i.plainText).toBe(expandDefaults(s.body));
      expect(i.insertTextFormat).toBe('snippet');
    }
    expect(snippetCompletions(snippets[0].prefix.slice(0, 5)).length).toBeGreaterThan(0);
  });
});

const designed = snippets.filter((s) => designOf(expandDefaults(s.body)) !== undefined);
const regular = snippets.filter((s) => !designed.includes(s));

describe('snippets expanded with defaults check clean at 1.37 with their gates on', () => {
  it('covers most snippets', () => {
    expect(regular.length).toBeGreaterThanOrEqual(14);
  });
  it.each(regular.map((s) => [s.prefix, s] as const))('%s', (_prefix, s) => {
    const text = expandDefaults(s.body);
    expect(parseAllDocuments(text).every((d) => d.errors.length === 0)).toBe(true);
    const first = checkWithGates(text, []);
    expect(first.documents.every((d) => d.checked), JSON.stringify(first.documents)).toBe(true);
    const gates = gatesAskedFor(first.findings);
    if (/\bgate\b/i.test(s.description) && !/featureGates|feature-gates/.test(s.body)) {
      // A snippet that says it needs a gate must show one when nothing is on.
      expect(gates.length, describeFindings(first.findings)).toBeGreaterThan(0);
    }
    const second = checkWithGates(text, gates);
    const bad = errorsAndWarnings(second);
    expect(bad, describeFindings(bad)).toEqual([]);
  });
});

describe('KEP-5823 checkpoint/restore pair (designed, not in v1.37.0)', () => {
  const kep = brief.notShippedApis[0]?.kep;
  it('is in the brief data and both halves are snippets', () => {
    expect(kep).toBeTypeOf('number');
    expect(designed.length).toBe(2);
    for (const s of designed) expect(s.description).toContain(`KEP-${kep}`);
  });
  it.each(designed.map((s) => [s.prefix, s] as const))('%s is reported as not served / unknown, naming the KEP', (_p, s) => {
    const text = expandDefaults(s.body);
    const report = checkWithGates(text, []);
    const named = report.findings.filter(
      (f) => (f.code === 'api-not-served' || f.code === 'unknown-field') && (f.data?.kep === kep || f.message.includes(`KEP-${kep}`)),
    );
    expect(named.length, describeFindings(report.findings)).toBeGreaterThan(0);
    expect(named.every((f) => f.severity === 'error' || f.severity === 'warning')).toBe(true);
  });
});
