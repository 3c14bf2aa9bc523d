// Hover and kubegate/explain: the engine's hover view (engine/hover) for a position, as Markdown.
// In a large file only the hovered YAML document (plus the file's gate configs) is given to the engine.
// With a connected cluster (opt-in), the field's description from its OpenAPI v3 is appended.
import { hoverWithClusterDescription, type DescriptionProvider } from '../engine/hover/cluster-description';
import { mayHoldGateConfig } from '../engine/gates/config-readers';
import { parseFile } from '../engine/parse/parseFile';
import type { Position, Range } from '../engine/types';
import { effectiveVersion, headOf, type DocumentContext } from './analysis';
import { localText } from './local-text';

export async function hoverView(
  text: string,
  position: Position,
  ctx: DocumentContext,
  describe?: DescriptionProvider,
): Promise<{ markdown: string; range: Range } | undefined> {
  const version = effectiveVersion(parseFile(headOf(text)), ctx.version);
  const local = localText(text, { from: position.line, to: position.line }, mayHoldGateConfig);
  const at = local.toLocal(position);
  if (!at) return undefined;
  const view = await hoverWithClusterDescription(local.text, at, { version, environment: ctx.environment, file: ctx.file, crds: ctx.crds }, describe);
  if (!view) return undefined;
  return { markdown: view.markdown, range: local.toFile(view.range) ?? { start: position, end: position } };
}
