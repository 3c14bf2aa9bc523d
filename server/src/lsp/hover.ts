// Hover and kubegate/explain: the engine's hover view at a position (engine/hover/hover-in-file.ts), as Markdown.
// With a connected cluster (opt-in), the field's description from its OpenAPI v3 is appended.
import { hoverInFile, type DescriptionProvider, type Position, type Range } from '../engine';
import type { DocumentContext } from './analysis';

export function hoverView(
  text: string,
  position: Position,
  ctx: DocumentContext,
  describe?: DescriptionProvider,
): Promise<{ markdown: string; range: Range } | undefined> {
  return hoverInFile(text, position, ctx, describe);
}
