// The hover view at a position of a file, read through a snapshot of the text (incremental/snapshot.ts): the open
// document's when the caller has one, else one made here. Only the hovered YAML document is parsed, once per text
// (its tree: the check keeps none); the version and the file's own gate configs come from the snapshot: from the
// check's walk, else from a walk of the documents that may hold a gate config, once per text. A text that cannot be
// cut at its `---` lines (pieces.ts) is analysed whole. The version is the file's version comment, else the context's.
import { analyzeFile } from '../check';
import { mayHoldGateConfig } from '../gates/gate-places';
import { joinPieces } from '../incremental/pieces';
import { keep, SnapshotSlot, spanAtLine, TextSnapshot, type DocumentSpan } from '../incremental/snapshot';
import type { CheckOptions } from '../check/options';
import type { GateEnvironment, ParsedFile } from '../model';
import { parseFile } from '../parse/parseFile';
import type { Position, Range } from '../base/types';
import { withClusterDescription, type DescriptionProvider } from './cluster-description';
import { fileEnvironment, hoverAt, hoverIn, type HoverOptions, type HoverResult } from './hover';

export async function hoverInFile(
  text: string,
  position: Position,
  context: CheckOptions,
  describe?: DescriptionProvider,
  snapshot?: TextSnapshot,
): Promise<{ markdown: string; range: Range } | undefined> {
  const own = snapshot?.isFor(text, context) ? snapshot : new TextSnapshot(text, context);
  const fromSnapshot = snapshotHover(own, position);
  const view = fromSnapshot === undefined ? hoverAt(text, position, { version: context.version, environment: context.environment, file: context.file, crds: context.crds }) : fromSnapshot;
  const described = await withClusterDescription(view, describe);
  return described ? { markdown: described.markdown, range: described.range } : undefined;
}

/** Hover from the snapshot; undefined when it does not place the position in a document it can read alone. */
function snapshotHover(snapshot: TextSnapshot, position: Position): HoverResult | null | undefined {
  const spans = snapshot.spans();
  const span = spans && spanAtLine(spans, position.line);
  if (!span) return undefined;
  const parsed = documentTree(snapshot, span);
  if (!parsed) return undefined;
  const { context, version } = snapshot;
  const options: HoverOptions = { version, environment: context.environment, file: context.file, crds: context.crds };
  const environment = keep(snapshot, HOVER_ENVIRONMENT, () => ownEnvironment(snapshot, options));
  const view = hoverIn({ parsed, version, environment }, { line: position.line - span.line, character: position.character }, options);
  if (!view) return null;
  const moved = (p: Position): Position => ({ line: p.line + span.line, character: p.character });
  return { ...view, range: { start: moved(view.range.start), end: moved(view.range.end) } };
}

/** The hovered text's gate environment with its own configs, and its last hovered document's tree. */
const HOVER_ENVIRONMENT = new SnapshotSlot<GateEnvironment>('hover-environment');
const HOVER_TREE = new SnapshotSlot<{ index: number; parsed: ParsedFile | undefined }>('hover-tree');

/** The tree of one document of the snapshot, parsed alone (lines counted from its first); the last one is kept,
 *  as hovers come in bursts over one document. Undefined when it does not read as one document alone. */
function documentTree(snapshot: TextSnapshot, span: DocumentSpan): ParsedFile | undefined {
  const kept = HOVER_TREE.get(snapshot);
  if (kept?.index === span.index) return kept.parsed;
  const parsed = parseFile(snapshot.text.slice(span.start, span.end));
  const one = parsed.documents.length === 1 ? parsed : undefined;
  HOVER_TREE.set(snapshot, { index: span.index, parsed: one });
  return one;
}

/** The context's gate environment with the file's own configs: from the check's walk of the whole text, else from
 *  a walk of the documents that may hold a gate config (the others cannot add settings). */
function ownEnvironment(snapshot: TextSnapshot, options: HoverOptions): GateEnvironment {
  if (snapshot.analysis) return fileEnvironment(snapshot.analysis.documents, snapshot.version, options);
  const pieces = (snapshot.pieces() ?? []).filter((p) => mayHoldGateConfig(p.text));
  if (pieces.length === 0) return fileEnvironment([], snapshot.version, options);
  const analysis = analyzeFile(joinPieces(pieces).text, options);
  return fileEnvironment(analysis.documents, snapshot.version, options);
}
