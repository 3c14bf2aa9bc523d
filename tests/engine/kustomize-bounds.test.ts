// Kustomize lookups are bounded and linear: a chain of 4,900 kustomizations (each the base of the next) and a
// kustomization with 200,000 resources are generated here; the work is counted in kustomization entries read,
// and what is not read is said in a note.
// Internal imports: `kustomize/facts` (the kustomization chain bound itself, so a case sits exactly at it).
// Also `kustomize/kustomization` (readKustomization and its bounds, so a case sits exactly at them).
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { kustomizeFactsFor, MAX_KUSTOMIZE_CHAIN } from '../../server/src/engine/kustomize/facts';
import { MAX_KUSTOMIZATION_CHARS, MAX_KUSTOMIZATION_ENTRIES, ParsedKustomizations, readKustomization } from '../../server/src/engine/kustomize/kustomization';

const root = path.resolve('/kz-bounds');

describe('kustomize bounds', () => {
  it('a chain of 4,900 kustomizations: the facts come from the first 100 levels, with a note', () => {
    const ks = [{ path: path.join(root, 'k0', 'kustomization.yaml'), text: 'resources: [../app/deploy.yaml]\n' }];
    for (let i = 1; i < 4900; i++) ks.push({ path: path.join(root, `k${i}`, 'kustomization.yaml'), text: `resources: [../k${i - 1}]\n${i === 4899 ? 'namespace: far\n' : ''}` });
    // Level 50 adds labels (read), level 4899 a namespace (beyond the bound, not read).
    ks[50] = { path: ks[50]!.path, text: 'resources: [../k49]\ncommonLabels: {app: x}\n' };
    const notes: string[] = [];
    const facts = kustomizeFactsFor(path.join(root, 'app', 'deploy.yaml'), ks, notes);
    expect(facts?.role).toBe('resource');
    const paths = facts!.injected.map((i) => i.path);
    expect(paths).toContain('spec.selector');
    expect(paths).not.toContain('metadata.namespace');
    expect(notes).toEqual([`${ks[0]!.path} is included through more than ${MAX_KUSTOMIZE_CHAIN} levels of kustomizations; the outer ones are not read`]);
  });

  it('a kustomization with 200,000 resources (2.8 MB) is not parsed: a note says so', () => {
    const list = Array.from({ length: 200_000 }, (_, i) => `- r${i}.yaml`).join('\n');
    const big = { path: path.join(root, 'huge', 'kustomization.yaml'), text: `resources:\n${list}\n` };
    expect(big.text.length).toBeGreaterThan(MAX_KUSTOMIZATION_CHARS);
    const notes: string[] = [];
    expect(kustomizeFactsFor(path.join(root, 'huge', 'r5.yaml'), [big], notes)).toBeUndefined();
    expect(notes).toEqual([`${big.path} is larger than 1 MiB: not read as a kustomization`]);
  });

  it('a kustomization with 60,000 resources under 1 MiB: 10,000 are read, a note says so, parsed once', () => {
    const list = Array.from({ length: 60_000 }, (_, i) => `r${i}`).join(',');
    const big = { path: path.join(root, 'big', 'kustomization.yaml'), text: `resources: [${list}]\n` };
    expect(big.text.length).toBeLessThan(MAX_KUSTOMIZATION_CHARS);
    const kept = new ParsedKustomizations();
    const k = readKustomization(big, kept)!;
    expect(k.resources).toHaveLength(MAX_KUSTOMIZATION_ENTRIES);
    expect(k.dropped).toBe(50_000);
    const notes: string[] = [];
    expect(kustomizeFactsFor(path.join(root, 'big', 'r5'), [big], notes, kept)?.role).toBe('resource');
    expect(notes).toEqual([`${big.path} lists 50000 entries more than the ${MAX_KUSTOMIZATION_ENTRIES} read`]);
    // Parsed once per project: a second lookup reuses the parsed kustomization (same object) until the project
    // forgets the file (a change event); without the project's store it is parsed again.
    expect(readKustomization(big, kept)).toBe(k);
    expect(kustomizeFactsFor(path.join(root, 'big', 'r50000'), [big], [], kept)).toBeUndefined();
    expect(readKustomization(big)).not.toBe(k);
    kept.forget(big.path);
    expect(readKustomization(big, kept)).not.toBe(k);
  });
});
