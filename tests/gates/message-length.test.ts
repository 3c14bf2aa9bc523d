// Messages stay within the bound of the editor experience (120 characters, tests/lsp/editor-experience.test.ts)
// whatever the gate names of the catalog: the unknown-gate messages (unknown, removed, added later, renamed) and
// the gate-dependency message are generated with every name of schemas/gates.json in each gate slot (the others
// filled with the longest name, every component named), then produced by the engine for every name set in a
// config in every supported version, and for every curated dependency.
import { describe, expect, it } from 'vitest';
import { gateDependencyFindings } from '../../server/src/engine/gates/gate-findings';
import { gateDependencyWords, unknownGateWords } from '../../server/src/engine/gates/messages';
import { settingFindings } from '../../server/src/engine/gates/setting-findings';
import { briefFacts, gateCatalog } from '../../server/src/engine/knowledge';
import type { GatedUse, GateEnvironment, GateSetting } from '../../server/src/engine/model';
import { SUPPORTED_VERSIONS, type Finding } from '../../server/src/engine/types';

const MAX_MESSAGE = 120;
const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } };

const catalog = gateCatalog();
/** Every name the catalog knows: gates, names that are not gates (renamed ones among them), AllAlpha/AllBeta. */
const names = [...new Set([...Object.keys(catalog.gates), ...Object.keys(catalog.notGates), ...catalog.meta])];
const longest = names.reduce((a, b) => (b.length > a.length ? b : a));
const components = [...new Set(Object.values(catalog.gates).flatMap((g) => g.components))].sort();
const stages = [...new Set(Object.values(catalog.gates).flatMap((g) => Object.values(g.byVersion).map((s) => s.stage)))];

function tooLong(messages: string[]): string[] {
  return [...new Set(messages)].filter((m) => m.length > MAX_MESSAGE).map((m) => `${m.length}: ${m}`);
}

describe('messages naming gates stay within 120 characters for every name of the catalog', () => {
  it('the catalog is read (names, the longest among them, components, stages)', () => {
    expect(names.length).toBeGreaterThan(250);
    expect(longest.length).toBeGreaterThan(45);
    expect(components.length).toBeGreaterThan(3);
    expect(stages.length).toBeGreaterThan(2);
  });

  it('unknown-gate: unknown, removed, added later and renamed, each name in each slot', () => {
    const messages: string[] = [];
    for (const name of names) {
      for (const version of SUPPORTED_VERSIONS) {
        for (const other of SUPPORTED_VERSIONS) {
          messages.push(unknownGateWords(name, { reason: 'removed', lastIn: other, replacement: longest }, version, []).message);
          messages.push(unknownGateWords(name, { reason: 'unknown', addedIn: other, replacement: longest }, version, []).message);
        }
        messages.push(unknownGateWords(name, { reason: 'removed' }, version, []).message);
        messages.push(unknownGateWords(name, { reason: 'unknown', why: 'x'.repeat(300) }, version, [longest, longest, longest]).message);
        messages.push(unknownGateWords(name, { reason: 'renamed', replacement: longest }, version, []).message);
        messages.push(unknownGateWords(longest, { reason: 'renamed', replacement: name }, version, []).message);
      }
    }
    expect(tooLong(messages)).toEqual([]);
    // A renamed gate's message names the gate to use; the old name is in the detail.
    const renamed = unknownGateWords('OldName', { reason: 'renamed', replacement: 'NewName' }, '1.37', []);
    expect(renamed.message).toContain('NewName');
    expect(renamed.detail).toContain('OldName');
  });

  it('gate-dependency: every name as the needed gate and as the gate that needs it, every component off', () => {
    const messages: string[] = [];
    for (const name of names) {
      for (const via of ['field', 'enum-value', 'kind'] as const) {
        for (const version of SUPPORTED_VERSIONS) {
          for (const stage of [...stages, undefined]) {
            messages.push(gateDependencyWords({ gate: longest, via }, name, [], stage, version).message);
          }
          messages.push(gateDependencyWords({ gate: longest, via }, name, components, undefined, version).message);
          messages.push(gateDependencyWords({ gate: name, via }, longest, components, undefined, version).message);
        }
      }
    }
    expect(tooLong(messages)).toEqual([]);
    // The components and the gate that needs the other one are in the detail.
    const words = gateDependencyWords({ gate: 'NeedsOther', via: 'field' }, 'Other', ['kubelet', 'kube-scheduler'], 'Alpha', '1.37');
    expect(words.message).toContain('Other');
    expect(words.detail).toContain('NeedsOther');
    expect(words.detail).toContain('kubelet and kube-scheduler');
  });

  it('the engine: every name set in a kind config in every supported version, and every curated dependency', () => {
    const found: Finding[] = [];
    for (const version of SUPPORTED_VERSIONS) {
      const settings: GateSetting[] = names.flatMap((gate) =>
        [true, false].map((value) => ({ gate, value, raw: String(value), components: 'all' as const, origin: 'kind' as const, range, document: 0 })),
      );
      found.push(...settingFindings(settings, catalog, version));
      // Every curated dependency, the needed gate off for every component it runs in.
      const brief = briefFacts();
      const env: GateEnvironment = { notes: [], apiEnabled: () => undefined, stateOf: () => ({ state: 'off', evidence: [] }) };
      const uses: GatedUse[] = Object.keys(brief.alsoRequires).flatMap((gate) =>
        (['field', 'enum-value', 'kind'] as const).map((via, i) => ({ gate, via, path: 'spec.x', range, document: i, apiVersion: 'v1', kind: 'Pod' })),
      );
      found.push(...gateDependencyFindings(uses, { catalog, brief }, version, env));
      found.push(...gateDependencyFindings(uses, { catalog, brief }, version, undefined));
    }
    const codes = new Set(found.map((f) => f.code));
    for (const code of ['unknown-gate', 'locked-gate', 'redundant-gate', 'gate-dependency']) expect(codes).toContain(code);
    expect(found.filter((f) => f.code === 'unknown-gate' && f.data?.['reason'] === 'renamed').length).toBeGreaterThan(0);
    expect(tooLong(found.map((f) => f.message))).toEqual([]);
  });
});
