// A gate environment with the gate settings of a file's own config documents added (as the whole-file check
// has them), for requests that analyse only part of the file. The last file's configs are kept: requests come
// in bursts over an unchanged text.
import type { GateEnvironment, GateSetting } from '../model';
import type { Range } from '../types';
import { readGateConfigsFromText } from './config-readers';
import { mayHoldGateConfig } from './gate-places';
import { GateStateModel } from './environment';

let ownConfigs:
  | { text: string; settings: GateSetting[]; coverage: { component: string; file?: string; range: Range }[]; base?: GateEnvironment; env?: GateEnvironment }
  | undefined;

/** `environment` with the settings of the config documents of `text`; unchanged when it is no GateStateModel
 *  or the text holds no gate config. */
export function withOwnConfigs(environment: GateEnvironment, text: string, file: string | undefined): GateEnvironment {
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
