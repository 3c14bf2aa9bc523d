// Inputs a demanding user throws at the engine: ranges after syntax errors, duplicate keys, deep nesting,
// odd line terminators while completing, and finding messages that must say what to do. Facts (kinds, enums)
// are looked up in schemas/ through the loaders, never typed here.
// Internal imports: `complete` (completion and cursor contexts on hostile texts, below Analysis.complete).
// Also `knowledge` (the generated data's types FieldDef, KindEntry, TypeRef, which the entry point does not export).
import { describe, expect, it } from 'vitest';
import { completeAt, cursorContext } from '../../server/src/engine/complete';
import { stringify } from 'yaml';
import { gateCatalog, loadVersion, type VersionData, SUPPORTED_VERSIONS, type KubeVersion } from '../../server/src/engine';
import { type FieldDef, type KindEntry, type TypeRef } from '../../server/src/engine/knowledge';
import { check, only, rangeOfText, single, V } from './helpers';
import { dataOf } from '../support/finding-data';

const data = (v = V): VersionData => loadVersion(v).data;

/** A served built-in (not config, not removed) kind of the target version that matches `ok`. */
function servedKind(ok: (k: KindEntry) => boolean, d = data()): KindEntry | undefined {
  return d.kinds.find((k) => !k.component && !k.removed && ok(k));
}

/** Every finding message reads as a sentence with no placeholder leaking through. */
function expectCleanMessages(text: string, version = V): void {
  for (const f of check(text, version).findings) {
    for (const m of [f.message, f.fix ?? '', f.detail ?? '']) {
      expect(m).not.toMatch(/undefined|NaN|\[object Object\]/);
      expect(m).not.toMatch(/\ba [aeiou]/i);
    }
  }
}

describe('ranges stay on their lines after syntax errors', () => {
  it('a rejected token spanning a line break does not shift the ranges of later documents', () => {
    // The parser rejects `v1\n  x` as one token; its own line counter missed that line break.
    const text = '"a"\nb: v1\n  x: 1\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndta: 1\n';
    const report = check(text);
    expect(only(report, 'yaml-syntax').length).toBeGreaterThan(0);
    expect(single(report, 'unknown-field').range).toEqual(rangeOfText(text, 7, 'dta'));
    for (const f of only(report, 'yaml-syntax')) expect(f.range.start.line).toBeLessThan(3);
  });
});

describe('duplicate keys', () => {
  it('the yaml-syntax finding covers the whole repeated key, in block and flow mappings', () => {
    const text =
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  namespace: x\n  namespace: y\n' +
      '---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: a, "name": b}\n';
    const dups = only(check(text), 'yaml-syntax');
    expect(dups.map((f) => f.range)).toEqual([rangeOfText(text, 5, 'namespace'), rangeOfText(text, 9, '"name"')]);
    for (const f of dups) {
      expect(f.message).toBe('Map keys must be unique: this document is not checked further');
      expect(f.fix).toBe('Fix the YAML.');
    }
  });
});

describe('huge mappings', () => {
  // Speed is measured by the benchmark, not asserted here; the test time-out only guards against a hang
  // (the parser's own pairwise duplicate-key test took about a minute on this input).
  it('a mapping of 80 000 keys is checked and its one duplicate key found', () => {
    const keys = Array.from({ length: 80_000 }, (_, i) => `  k${i}: v`);
    const text = `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata:\n${keys.join('\n')}\n  k7: again\n`;
    const report = check(text);
    const dup = single(report, 'yaml-syntax');
    expect(dup.range).toEqual(rangeOfText(text, 4 + keys.length, 'k7'));
  }, 60_000);
});

describe('absurd nesting', () => {
  it('says once that the document nests too deeply to be checked, instead of a bare stack overflow message per level', () => {
    const text = `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata: ${'['.repeat(5000)}${']'.repeat(5000)}\n`;
    const report = check(text);
    expect(report.findings.map((f) => [f.code, f.message])).toEqual([['file-too-large', 'Not checked: this document nests deeper than 256 levels of mappings and lists']]);
  });
});

describe('completion on lines with odd terminators', () => {
  for (const [name, sep] of [
    ['a lone CR', '\r'],
    ['U+2028', '\u2028'],
    ['U+2029', '\u2029'],
  ] as const) {
    it(`does not throw on a line holding ${name}; edits stay on the cursor's line`, () => {
      const text = `apiVersion: v1\nkind: Pod${sep}x\nspec:\n  a${sep}b: 1\n  \n`;
      const complete = (position: { line: number; character: number }) => completeAt(text, position, { version: V, data: data(), gates: gateCatalog() });
      // the start of the kind line: a key position at the root, offering kind over the 4 characters of "kind"
      expect(cursorContext(text, { line: 1, character: 0 })).toMatchObject({ mode: 'key', path: [], prefix: '' });
      expect(complete({ line: 1, character: 0 }).map((i) => [i.label, i.range])).toEqual([['kind', { start: { line: 1, character: 0 }, end: { line: 1, character: 4 } }]]);
      for (const position of [
        { line: 1, character: 11 },
        { line: 3, character: 4 },
        { line: 4, character: 2 },
      ]) {
        cursorContext(text, position);
        for (const item of complete(position)) {
          expect([item.range?.start.line, item.range?.end.line], item.label).toEqual([position.line, position.line]);
        }
      }
    });
  }
});

describe('finding messages say what to do', () => {
  it('an alpha API version reads "an alpha API version"', () => {
    const alpha = servedKind((k) => k.stability === 'alpha' && /alpha\d+$/.test(k.version));
    expect(alpha, 'schemas/ has a served alpha kind').toBeDefined();
    const text = `apiVersion: ${alpha!.apiVersion}\nkind: ${alpha!.kind}\nmetadata: {name: a}\n`;
    const f = single(check(text), 'api-disabled-by-default');
    expect(f.message).toContain(`${alpha!.apiVersion} is an alpha API version`);
    expectCleanMessages(text);
  });

  it('an apiVersion of a built-in group that serves no such kind anywhere says to remove or retarget', () => {
    const group = servedKind((k) => k.group !== '')!.group;
    const text = `apiVersion: ${group}/v9alpha9\nkind: KubegateNoSuchKind\nmetadata: {name: a}\n`;
    const f = single(check(text), 'api-not-served');
    expect(dataOf(f, 'api-not-served')?.servedAs).toEqual([]);
    expect(f.fix).toMatch(/remove this document, or target a Kubernetes version that serves it\.$/);
    expectCleanMessages(text);
  });

  it('a deprecated kind without a named replacement still says what to do', () => {
    let found: { version: KubeVersion; entry: KindEntry } | undefined;
    for (const version of SUPPORTED_VERSIONS) {
      const entry = servedKind((k) => !!k.deprecated && !k.replacement, data(version));
      if (entry) {
        found = { version, entry };
        break;
      }
    }
    // the committed schemas hold such kinds: the test must not pass by finding none
    expect(found, 'a served deprecated kind without a replacement').toBeDefined();
    const text = `apiVersion: ${found!.entry.apiVersion}\nkind: ${found!.entry.kind}\nmetadata: {name: a}\n`;
    const f = single(check(text, found!.version), 'api-deprecated');
    expect(f.severity).toBe('warning');
    expect(f.fix).toMatch(/^Move to /);
  });

  it('an enum that allows the empty string lists it visibly', () => {
    // Find, from the Pod root, a path of objects and lists to a string field whose enum allows "".
    const d = data();
    const pod = servedKind((k) => k.apiVersion === 'v1' && k.kind === 'Pod', d)!;
    type Step = { field: FieldDef; list: boolean };
    const search = (typeKey: string, seen: Set<string>): Step[] | undefined => {
      for (const field of d.types[typeKey]?.fields ?? []) {
        if (field.enum && 's' in field.type && d.enums[field.enum]?.includes('')) return [{ field, list: false }];
      }
      for (const field of d.types[typeKey]?.fields ?? []) {
        const t: TypeRef = 'list' in field.type ? field.type.list : field.type;
        if (!('ref' in t) || seen.has(t.ref) || !d.types[t.ref]) continue;
        const rest = search(t.ref, new Set([...seen, t.ref]));
        if (rest) return [{ field, list: 'list' in field.type }, ...rest];
      }
      return undefined;
    };
    const steps = search(pod.root, new Set([pod.root]));
    expect(steps, 'a Pod field with an enum that allows ""').toBeDefined();
    // The manifest: each step an object (a one-item list for list fields), the last one the bad value.
    let value: unknown = 'kubegate-not-allowed';
    for (const step of [...steps!].reverse()) {
      value = { [step.field.name]: step.list ? [value] : value };
    }
    const yaml = stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'a' }, ...(value as object) });
    const f = only(check(yaml), 'invalid-value').find((x) => x.message.includes('kubegate-not-allowed'));
    expect(f, yaml).toBeDefined();
    expect(f!.fix).toContain('"" (empty)');
    expect(f!.fix).not.toMatch(/one of , |, \.|, ,/);
  });
});
