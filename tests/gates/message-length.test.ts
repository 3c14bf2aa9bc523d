// Messages stay within the bound of the editor experience (120 characters, tests/lsp/editor-experience.test.ts)
// whatever the gate names of the catalog: the unknown-gate messages (unknown, removed, added later, renamed) and
// the gate-dependency message are generated with every name of schemas/gates.json in each gate slot (the others
// filled with the longest name, every component named), then produced by the engine for every name set in a
// config in every supported version, and for every curated dependency. The feature-gate message is produced by the
// engine for every gated use of schemas/gated-fields-<version>.json (field, enum value, kind; a config document's own
// component as the walker sets it) in every supported version, with the gate in every state the catalog knows
// (Alpha, Beta off or on by default, GA, Deprecated, locked) and every state of its components (no environment,
// unknown, switched off by a config, on for some and unknown or off for the others).
// Internal imports: `gates/messages`, `knowledge` (every gate message built from the generated data, to bound its
// length).
// Also `gates/gate-findings`, `gates/setting-findings` (the findings built from every catalog gate, not from
// manifests), `model` (the GatedUse and GateState types), `validate/context` (gateComponentOf).
import { describe, expect, it } from 'vitest';
import { featureGateFinding, gateDependencyFindings } from '../../server/src/engine/gates/gate-findings';
import { featureGateWords, gateDependencyWords, offConsequence, unknownGateWords } from '../../server/src/engine/gates/messages';
import { settingFindings } from '../../server/src/engine/gates/setting-findings';
import { briefFacts, findKind, gatedFields, type GateVersionState } from '../../server/src/engine/knowledge';
import { type GateEnvironment, type GateSetting, SUPPORTED_VERSIONS, type Finding, gateCatalog, type GateCatalog } from '../../server/src/engine';
import type { GatedUse, GateState } from '../../server/src/engine/model';
import { gateComponentOf } from '../../server/src/engine/validate/context';

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

  it('feature-gate: every gated use of every version, the gate in every state of the catalog and of its components', () => {
    // The states a gate has in the catalog (stage, default, locked), each given to every gate in turn.
    const variants = [
      ...new Map(
        Object.values(catalog.gates)
          .flatMap((g) => Object.values(g.byVersion))
          .filter((v) => v.exists === true)
          .map((v): GateVersionState => ({ exists: true, stage: v.stage, default: v.default, locked: v.locked }))
          .map((v) => [JSON.stringify(v), v] as const),
      ).values(),
    ];
    expect(variants.map((v) => `${v.stage} ${v.default} ${v.locked}`)).toEqual(
      expect.arrayContaining(['Alpha false false', 'Beta false false', 'Beta true false', 'GA true true', 'Deprecated true false']),
    );
    const withState = (version: string, state: GateVersionState): GateCatalog => ({
      ...catalog,
      gates: Object.fromEntries(Object.entries(catalog.gates).map(([n, g]) => [n, { ...g, byVersion: { ...g.byVersion, [version]: state } }])),
    });
    // The states of the components that need the gate (i = position in the list, n = its length).
    const evidence = [{ source: { type: 'setting' as const, name: 'settings' }, message: 'settings sets the gate' }];
    const patterns: [string, ((i: number, n: number) => GateState) | undefined][] = [
      ['no environment', undefined],
      ['unknown everywhere', () => 'unknown'],
      ['switched off by a config', () => 'off'],
      ['off for one, on for the others', (i) => (i === 0 ? 'off' : 'on')],
      ['off for one, unknown for the others', (i) => (i === 0 ? 'off' : 'unknown')],
      ['unknown for one, on for the others', (i) => (i === 0 ? 'unknown' : 'on')],
      ['unknown for the last, on for the others', (i, n) => (i === n - 1 ? 'unknown' : 'on')],
      ['on for one, unknown for the others', (i) => (i === 0 ? 'on' : 'unknown')],
    ];
    const environment = (pattern: (i: number, n: number) => GateState, list: string[]): GateEnvironment => ({
      notes: [],
      apiEnabled: () => undefined,
      stateOf: (_gate, component) => {
        const state = pattern(Math.max(0, list.indexOf(component)), Math.max(1, list.length));
        return { state, evidence: state === 'unknown' ? [] : evidence };
      },
    });
    const someComponents = new RegExp(` may be off for (${components.join('|')}|\\d+ components)$`);
    const messages: string[] = [];
    const imprecise: string[] = [];
    const forms = new Map<string, number>();
    let uses = 0;
    let lockedFindings = 0;
    for (const version of SUPPORTED_VERSIONS) {
      const catalogs = variants.map((v) => withState(version, v));
      for (const row of gatedFields(version)) {
        const entry = findKind(version, row.apiVersion, row.kind);
        const component = entry ? gateComponentOf(entry) : undefined;
        const via = row.source === 'kind' ? 'kind' : row.value !== undefined ? 'enum-value' : 'field';
        // As the walker records it (validate/walk.ts, validate/analyzeDocument.ts); the tag only goes in the detail.
        const use: GatedUse = {
          gate: row.gate,
          tag: longest,
          via,
          path: row.value !== undefined ? `${row.path}=${row.value}` : row.path,
          ...(row.value !== undefined ? { value: row.value } : {}),
          range,
          document: 0,
          apiVersion: row.apiVersion,
          kind: row.kind,
          ...(component ? { component } : {}),
        };
        uses++;
        const list = component ? [component] : (catalog.gates[row.gate]?.components ?? []);
        for (const c of catalogs) {
          for (const [name, pattern] of patterns) {
            const f = featureGateFinding(use, { catalog: c }, version, pattern ? environment(pattern, list) : undefined);
            if (!f) continue;
            // A locked gate cannot be switched: nothing to report, whatever a setting says.
            if (c.gates[row.gate]?.byVersion[version]?.locked === true) lockedFindings++;
            messages.push(f.message);
            const form = / is off \((Alpha|Beta) in \d\.\d+\)$/.test(f.message)
              ? 'off by default'
              : / is switched off$/.test(f.message)
                ? 'on by default, switched off'
                : someComponents.test(f.message)
                  ? 'on for some, unknown for others'
                  : 'other';
            forms.set(form, (forms.get(form) ?? 0) + 1);
            // What happens, which gate: the consequence for the use, then the gate.
            const head = `${offConsequence(use, f.severity === 'information')}: gate ${row.gate} `;
            if (!f.message.startsWith(head) || form === 'other' || !f.fix?.includes(row.gate)) imprecise.push(`${name}: ${f.message}`);
          }
        }
      }
    }
    expect(uses).toBeGreaterThan(3000);
    expect(lockedFindings).toBe(0);
    expect(tooLong(messages)).toEqual([]);
    expect([...new Set(imprecise)].slice(0, 10)).toEqual([]);
    expect(forms.get('off by default')).toBeGreaterThan(0);
    expect(forms.get('on by default, switched off')).toBeGreaterThan(0);
    expect(forms.get('on for some, unknown for others')).toBeGreaterThan(0);
  });

  it('feature-gate: the stage, the components and the tag that do not fit the message are in the detail', () => {
    const use = { gate: 'SomeGate', tag: 'SomeTag', via: 'field', path: 'spec.x.someField', apiVersion: 'v1', kind: 'Pod' } as const;
    const components = ['kube-apiserver', 'kube-scheduler', 'kubelet'];
    const switchedOff = featureGateWords(
      use,
      { offByDefault: false, stage: 'Beta', overall: 'off', components, on: ['kubelet'], off: ['kube-apiserver', 'kube-scheduler'], unknown: [] },
      '1.37',
    );
    expect(switchedOff).toEqual({
      message: 'someField is dropped: gate SomeGate is switched off',
      fix: 'Enable SomeGate=true on kube-apiserver and kube-scheduler, or remove the field.',
      detail:
        'The field is tagged with gate SomeTag, which is SomeGate. SomeGate is Beta and on by default in 1.37, and switched off where the evidence says. ' +
        'SomeGate is on for kubelet and off for kube-apiserver and kube-scheduler.',
    });
    const partial = featureGateWords(
      use,
      { offByDefault: true, stage: 'Beta', overall: 'partial', components, on: ['kube-apiserver'], off: [], unknown: ['kube-scheduler', 'kubelet'] },
      '1.37',
    );
    expect(partial).toEqual({
      message: 'someField may be dropped: gate SomeGate may be off for 2 components',
      fix: 'Make sure SomeGate is enabled on kube-scheduler and kubelet too.',
      detail:
        'The field is tagged with gate SomeTag, which is SomeGate. SomeGate is Beta, off by default in 1.37. ' +
        'SomeGate is on for kube-apiserver and cannot be seen for kube-scheduler and kubelet.',
    });
    const one = featureGateWords(
      { ...use, tag: undefined },
      { offByDefault: true, stage: 'Alpha', overall: 'partial', components, on: ['kube-apiserver', 'kubelet'], off: [], unknown: ['kube-scheduler'] },
      '1.37',
    );
    expect(one.message).toBe('someField may be dropped: gate SomeGate may be off for kube-scheduler');
    expect(one.detail).toBe('SomeGate is Alpha in 1.37. SomeGate is on for kube-apiserver and kubelet and cannot be seen for kube-scheduler.');
    const off = featureGateWords(
      { ...use, tag: undefined },
      { offByDefault: true, stage: 'Alpha', overall: 'off', components, on: [], off: [], unknown: components },
      '1.37',
    );
    expect(off.message).toBe('someField is dropped: gate SomeGate is off (Alpha in 1.37)');
    expect(off.detail).toBe('SomeGate is not known to be on for kube-apiserver, kube-scheduler and kubelet.');
    // A Beta gate off by default: the message gives the stage, the detail that it is off by default.
    const beta = featureGateWords(
      { ...use, tag: undefined, via: 'enum-value', path: 'spec.x.someField=Value', value: 'Value' },
      { offByDefault: true, stage: 'Beta', overall: 'off', components: ['kubelet'], on: [], off: ['kubelet'], unknown: [] },
      '1.36',
    );
    expect(beta).toEqual({
      message: 'value Value of someField is rejected: gate SomeGate is off (Beta in 1.36)',
      fix: 'Enable SomeGate=true on kubelet, or remove the value.',
      detail: 'SomeGate is Beta, off by default in 1.36. SomeGate is off for kubelet.',
    });
    // In a component's own config the field is ignored; the component is in the detail and the fix.
    const config = featureGateWords(
      { gate: 'SomeGate', via: 'field', path: 'someField', apiVersion: 'kubelet.config.k8s.io/v1beta1', kind: 'KubeletConfiguration', component: 'kubelet' },
      { offByDefault: true, stage: 'Alpha', overall: 'off', components: ['kubelet'], on: [], off: [], unknown: ['kubelet'] },
      '1.37',
    );
    expect(config).toEqual({
      message: 'someField is ignored: gate SomeGate is off (Alpha in 1.37)',
      fix: 'Enable SomeGate=true on kubelet, or remove the field.',
      detail: 'SomeGate is not known to be on for kubelet.',
    });
  });
});
