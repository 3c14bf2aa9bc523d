// Inlay hints: the engine's gate badges (engine/gates/gate-badges.ts) for the requested range, as LSP inlay hints.
import { InlayHintKind, type InlayHint, type Range } from 'vscode-languageserver/node';
import type { OpenDocument } from '../engine';
import type { DocumentContext } from './document-context';

export function inlayHints(text: string, range: Range, ctx: DocumentContext, open?: OpenDocument): InlayHint[] {
  return ctx.analysis.gateBadges(text, { from: range.start.line, to: range.end.line }, open).map((b) => ({
    position: b.position,
    label: b.label,
    kind: InlayHintKind.Type,
    paddingLeft: true,
    tooltip: b.tooltip,
  }));
}
