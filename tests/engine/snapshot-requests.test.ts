// Requests about an open document read what its check kept of the text (engine/incremental/snapshot.ts) instead of
// splitting, parsing or walking it again, and answer exactly what they answer without it. Work is counted at the
// YAML package itself: every document composed (our fast path and the package's own parser both hand each document
// to Composer.next) and every character lexed. The check keeps no trees, so a request that composes no document
// has walked nothing either.
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  Analysis,
  buildGateEnvironment,
  OpenDocument,
  gateCatalog,
  type CheckOptions,
  contributedSchema,
  documentSchema,
  type Finding,
  type Position,
} from '../../server/src/engine';
import { kindConfig, SLICE } from '../lsp/fixtures';
import { V } from './helpers';

const yamlDir = path.dirname(createRequire(__filename).resolve('yaml'));
const load = (rel: string) => createRequire(__filename)(path.join(yamlDir, rel)) as Record<string, { prototype: Record<string, (...args: unknown[]) => unknown> }>;

/** Documents composed and characters lexed by the YAML package since the last reset. */
const work = { documents: 0, lexed: 0 };
beforeEach(() => {
  const next = load('compose/composer.js').Composer!.prototype.next!;
  vi.spyOn(load('compose/composer.js').Composer!.prototype, 'next').mockImplementation(function (this: unknown, token: unknown) {
    if ((token as { type?: string }).type === 'document') work.documents++;
    return next.call(this, token);
  });
  const lex = load('parse/lexer.js').Lexer!.prototype.lex!;
  vi.spyOn(load('parse/lexer.js').Lexer!.prototype, 'lex').mockImplementation(function (this: unknown, source: unknown, incomplete: unknown) {
    work.lexed += String(source).length;
    return lex.call(this, source, incomplete);
  });
});
afterEach(() => vi.restoreAllMocks());

function measured<T>(run: () => T): { result: T; documents: number; lexed: number } {
  work.documents = 0;
  work.lexed = 0;
  const result = run();
  return { result, documents: work.documents, lexed: work.lexed };
}

const CONFIGMAP = (i: number) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: filler-${i}\ndata:\n  k: v${i}\n`;
/** A kind config (whose gate the slice needs, off), the slice, a ConfigMap with a misspelt key and a block scalar,
 *  then enough ConfigMaps that the file is larger than what requests read whole. */
const TEXT = [
  kindConfig({ VolumeBindMountOptions: false }),
  SLICE,
  'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  labls: {a: b}\ndata:\n  script: |\n    one\n    two\n',
  ...Array.from({ length: 60 }, (_, i) => CONFIGMAP(i)),
].join('---\n');
const lineOf = (needle: string): number => TEXT.split('\n').findIndex((l) => l.includes(needle));
const LIMIT = { maxChars: 1_000_000 };

function setup(): { ctx: CheckOptions; analysis: Analysis; open: OpenDocument; findings: Finding[] } {
  const environment = buildGateEnvironment({ catalog: gateCatalog(), version: V });
  const ctx: CheckOptions = { file: '/w/x.yaml', version: V, environment };
  const analysis = new Analysis(ctx);
  const open = new OpenDocument();
  const report = analysis.report(TEXT, LIMIT, open);
  return { ctx, analysis, open, findings: report.findings };
}

describe('requests after a check read its snapshot', () => {
  it('completion composes no document and lexes nothing; without the snapshot the version comment is parsed', () => {
    const { analysis, open } = setup();
    const pos: Position = { line: lineOf('  name: filler-30'), character: 2 };
    // The snippets offered are checked once per version and process (snippets/for-version.ts).
    analysis.complete(TEXT, pos, open);
    const withSnapshot = measured(() => analysis.complete(TEXT, pos, open));
    expect(withSnapshot.result.map((e) => e.label)).toContain('namespace');
    expect(withSnapshot).toMatchObject({ documents: 0, lexed: 0 });
    const alone = measured(() => analysis.complete(TEXT, pos));
    expect(alone.result).toEqual(withSnapshot.result);
    expect(alone.documents).toBeGreaterThan(0);
  });

  it('hover composes the hovered document once (its tree: the check keeps none) and nothing else', async () => {
    const { analysis, open } = setup();
    const skip = { line: lineOf('skipNodeOperations'), character: 4 };
    const first = measured(() => analysis.hover(TEXT, skip, undefined, open));
    expect((await first.result)?.markdown).toContain('skipNodeOperations');
    expect(first.documents).toBe(1);
    expect(first.lexed).toBeLessThan(SLICE.length + 10);
    const again = measured(() => analysis.hover(TEXT, { ...skip, character: 6 }, undefined, open));
    expect(again).toMatchObject({ documents: 0, lexed: 0 });
    expect(await again.result).toEqual(await first.result);
    const alone = measured(() => analysis.hover(TEXT, skip, undefined));
    expect(await alone.result).toEqual(await first.result);
    expect(alone.documents).toBeGreaterThan(1);
  });

  it('gate badges compose no document, and equal the badges of the text alone', () => {
    const { analysis, open } = setup();
    const lines = { from: 0, to: lineOf('skipNodeOperations') + 5 };
    const withSnapshot = measured(() => analysis.gateBadges(TEXT, lines, open));
    expect(withSnapshot.result.map((b) => b.gate)).toContain('DRAOptionalNodeOperations');
    expect(withSnapshot).toMatchObject({ documents: 0, lexed: 0 });
    const alone = measured(() => analysis.gateBadges(TEXT, lines));
    expect(alone.result).toEqual(withSnapshot.result);
    expect(alone.documents).toBeGreaterThan(0);
  });

  it('quick fixes parse and lex only the documents of their findings, and equal the fixes of the text alone', () => {
    const { analysis, open, findings } = setup();
    const misspelt = findings.filter((f) => f.code === 'unknown-field');
    expect(misspelt).toHaveLength(1);
    const withSnapshot = measured(() => analysis.fixes(TEXT, { documents: [], findings }, misspelt, {}, open));
    expect(withSnapshot.result.get(misspelt[0]!)!.map((f) => f.title)).toContain("Change spelling to 'labels'");
    // Its document is parsed (for the rename) and lexed (for the lines a disable comment may go before), alone.
    const own = `---\n${TEXT.split('---\n')[2]!}`;
    expect(withSnapshot.documents).toBe(1);
    expect(withSnapshot.lexed).toBe(2 * own.length);
    const alone = measured(() => analysis.fixes(TEXT, { documents: [], findings }, misspelt, {}));
    expect([...alone.result]).toEqual([...withSnapshot.result]);
    expect(alone.documents).toBeGreaterThan(60);
    // The gate finding's fixes edit the file's own kind config: the whole text is parsed once per text.
    const gated = findings.filter((f) => f.code === 'feature-gate');
    expect(gated.length).toBeGreaterThan(0);
    const all = [...gated, ...misspelt];
    const many = analysis.fixes(TEXT, { documents: [], findings }, all, {}, open);
    expect([...many]).toEqual([...analysis.fixes(TEXT, { documents: [], findings }, all, {})]);
    expect(many.get(gated[0]!)!.map((f) => f.title)).toContain('Enable feature gate DRAOptionalNodeOperations in this file');
    expect(measured(() => analysis.fixes(TEXT, { documents: [], findings }, all, {}, open)).documents).toBe(0);
  });

  it('the document schema reads the walk and equals the schema of the text alone', () => {
    const { ctx, open } = setup();
    const walked = open.snapshot(TEXT, ctx).analysis;
    expect(walked).toBeDefined();
    const withWalk = measured(() => [documentSchema(TEXT, ctx, false, undefined, undefined, walked), contributedSchema(TEXT, ctx, walked)]);
    expect(withWalk.documents).toBe(0);
    expect(withWalk.result).toEqual([documentSchema(TEXT, ctx, false), contributedSchema(TEXT, ctx)]);
  });

  it('after an edit the check keeps its placed walks: hover, completion and badges read them, and equal those of the text alone', async () => {
    const { analysis, open } = setup();
    const edited = TEXT.replace('name: filler-7', 'name: filler-seven');
    const walks = open.walks;
    analysis.report(edited, LIMIT, open);
    // One document walked again; the others' walks are placed where they are.
    expect(open.walks - walks).toBe(1);
    expect(open.snapshot(edited, analysis.options).analysis).toBeDefined();
    const skip = { line: lineOf('skipNodeOperations'), character: 4 };
    const hover = measured(() => analysis.hover(edited, skip, undefined, open));
    expect(await hover.result).toEqual(await analysis.hover(edited, skip));
    // The hovered document alone (the gate state the file's config sets is read from the walk).
    expect(hover.documents).toBe(1);
    const pos = { line: lineOf('  name: filler-30'), character: 2 };
    expect(measured(() => analysis.complete(edited, pos, open))).toMatchObject({ documents: 0, lexed: 0, result: analysis.complete(edited, pos) });
    const lines = { from: 0, to: lineOf('skipNodeOperations') + 5 };
    const badges = measured(() => analysis.gateBadges(edited, lines, open));
    expect(badges).toMatchObject({ documents: 0, lexed: 0 });
    expect(badges.result).toEqual(analysis.gateBadges(edited, lines));
  });
});
