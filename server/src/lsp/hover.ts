// Hover and kubegate/explain: the engine's hover view (engine/hover) for a position, as Markdown.
// In a large file only the hovered YAML document (plus the file's gate configs) is given to the engine.
// With a connected cluster (opt-in), the field's description from its OpenAPI v3 is appended.
import {
  hoverWithClusterDescription,
  type DescriptionProvider,
  mayHoldGateConfig,
  readGateConfigsFromText,
  GateStateModel,
  type GateEnvironment,
  type GateSetting,
  parseFile,
  type Position,
  type Range,
} from '../engine';
import { effectiveVersion, headOf, type DocumentContext } from './analysis';
import { localText } from './local-text';

export async function hoverView(
  text: string,
  position: Position,
  ctx: DocumentContext,
  describe?: DescriptionProvider,
): Promise<{ markdown: string; range: Range } | undefined> {
  const version = effectiveVersion(parseFile(headOf(text)), ctx.version);
  // Only the hovered document is parsed; the file's own gate configs join the environment instead (read once
  // per text: hovers come in bursts over an unchanged text).
  const local = localText(text, { from: position.line, to: position.line }, () => false);
  const at = local.toLocal(position);
  if (!at) return undefined;
  const environment = local.text === text ? ctx.environment : withOwnConfigs(ctx.environment, text, ctx.file);
  const view = await hoverWithClusterDescription(local.text, at, { version, environment, file: ctx.file, crds: ctx.crds }, describe);
  if (!view) return undefined;
  return { markdown: view.markdown, range: local.toFile(view.range) ?? { start: position, end: position } };
}

let ownConfigs:
  | { text: string; settings: GateSetting[]; coverage: { component: string; file?: string; range: Range }[]; base?: GateEnvironment; env?: GateEnvironment }
  | undefined;

/** The environment with the gate settings of the file's own config documents (as the whole-file check has). */
function withOwnConfigs(environment: GateEnvironment, text: string, file: string): GateEnvironment {
  if (!(environment instanceof GateStateModel) || !mayHoldGateConfig(text)) return environment;
  if (ownConfigs?.text !== text) {
    const configs = readGateConfigsFromText(text, file);
    ownConfigs = {
      text,
      settings: configs.flatMap((c) => c.settings),
      coverage: configs.flatMap((c) => c.covers.map((component) => ({ component, file: c.file, range: c.range }))),
    };
  }
  if (ownConfigs.base !== environment || !ownConfigs.env) {
    ownConfigs.base = environment;
    ownConfigs.env = environment.withFileConfigs(ownConfigs.settings, ownConfigs.coverage);
  }
  return ownConfigs.env;
}
