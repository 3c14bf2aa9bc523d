// Hover and kubegate/explain: the engine's hover view (engine/hover) for a position, as Markdown.
import { hoverAt } from '../engine/hover';
import type { Position, Range } from '../engine/types';
import type { DocumentContext } from './analysis';

export function hoverView(text: string, position: Position, ctx: DocumentContext): { markdown: string; range: Range } | undefined {
  return hoverAt(text, position, { version: ctx.version, environment: ctx.environment, file: ctx.file }) ?? undefined;
}
