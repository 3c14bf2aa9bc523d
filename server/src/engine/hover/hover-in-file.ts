// The hover view at a position of a file. In a large file only the hovered YAML document is analysed; the
// file's own gate configs join the environment instead (gates/own-configs.ts). The version is the file's
// version comment, else the context's.
import { withOwnConfigs } from '../gates/own-configs';
import { localText } from '../incremental/local-text';
import type { CheckOptions } from '../model';
import type { Position, Range } from '../types';
import { versionForText } from '../version-for-text';
import { hoverWithClusterDescription, type DescriptionProvider } from './cluster-description';

export async function hoverInFile(
  text: string,
  position: Position,
  context: CheckOptions,
  describe?: DescriptionProvider,
): Promise<{ markdown: string; range: Range } | undefined> {
  const version = versionForText(text, context.version);
  const local = localText(text, { from: position.line, to: position.line }, () => false);
  const at = local.toLocal(position);
  if (!at) return undefined;
  const environment = local.text === text || !context.environment ? context.environment : withOwnConfigs(context.environment, text, context.file);
  const view = await hoverWithClusterDescription(local.text, at, { version, environment, file: context.file, crds: context.crds }, describe);
  if (!view) return undefined;
  return { markdown: view.markdown, range: local.toFile(view.range) ?? { start: position, end: position } };
}
