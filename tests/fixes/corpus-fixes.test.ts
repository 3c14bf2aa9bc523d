// Every fix the engine offers on the real manifests of ../shared/corpus: edits stay inside the file, never
// overlap, keep the YAML parseable, and a fix that edits only the file makes its finding go away.
// Internal imports: `fixes` (the edit applier and its edit type, to apply fixes over the corpus).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { gateCatalog, loadVersion, type Finding, Analysis, applyRangeEdits } from '../../server/src/engine';
import { fixesFor, type TextEdit } from '../../server/src/engine/fixes';
import { hasShared, sharedTitle } from '../support/shared';
import { CORPUS_DIR as corpusDir, readManifest } from '../corpus/corpus-compare';
import { VERSION } from './helpers';

function corpusFiles(): string[] {
  return readManifest()
    .map((r) => r.file)
    .filter((f) => f && fs.existsSync(path.join(corpusDir, f)));
}

const key = (f: Finding) => `${f.document}\u0000${f.code}\u0000${f.path ?? ''}`;
const parses = (t: string) => parseAllDocuments(t).every((d) => d.errors.length === 0);

function overlaps(edits: TextEdit[], text: string): boolean {
  const lines = text.split('\n');
  const off = (p: { line: number; character: number }) => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  const spans = edits.map((e) => [off(e.range.start), off(e.range.end)] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return spans.some((s, i) => i > 0 && s[0] < spans[i - 1][1]);
}

describe.skipIf(!hasShared)(sharedTitle('fixes on the corpus'), () => {
  it('are well-formed and remove the finding they answer', () => {
    const data = loadVersion(VERSION).data;
    const gates = gateCatalog();
    let applied = 0;
    const problems: string[] = [];
    for (const file of corpusFiles()) {
      const text = fs.readFileSync(path.join(corpusDir, file), 'utf8');
      const report = new Analysis({ version: VERSION, file }).check(text);
      const before = new Map<string, number>();
      for (const f of report.findings) before.set(key(f), (before.get(key(f)) ?? 0) + 1);
      // Re-checking is the expensive part: per file, one fix of each kind (code + first word of its title).
      const tried = new Set<string>();
      for (const finding of report.findings) {
        const fixes = fixesFor(finding, { file, text, version: VERSION, versionData: data, gates, newKindConfigPath: 'kind-config.yaml' });
        for (const fix of fixes) {
          const own = fix.edits.filter((e): e is TextEdit => !('create' in e) && e.file === file);
          if (own.length === 0) continue;
          if (own.length !== fix.edits.length) continue; // edits in other files are covered by the unit tests
          const kind = `${finding.code} ${fix.title.split(' ')[0]}`;
          if (tried.has(kind)) continue;
          tried.add(kind);
          if (overlaps(own, text)) {
            problems.push(`${file}: overlapping edits in "${fix.title}"`);
            continue;
          }
          const after = applyRangeEdits(text, own);
          applied++;
          if (parses(text) && !parses(after)) problems.push(`${file}: "${fix.title}" breaks the YAML`);
          const left = new Analysis({ version: VERSION, file }).check(after).findings.filter((f) => key(f) === key(finding)).length;
          if (left >= (before.get(key(finding)) ?? 0)) problems.push(`${file}: "${fix.title}" leaves ${finding.code} ${finding.path ?? ''}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(applied).toBeGreaterThan(10);
  }, 300_000);
});
