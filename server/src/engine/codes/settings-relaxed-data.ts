// The `data` of a settings-relaxed finding (finding-data.ts): a key of a nested .kubegate.yaml relaxing the root's.
// Its verdict is the one of a disable comment: nothing of Kubegate's own settings file reaches the API server.
import type { CommonData } from './finding-data';

export interface SettingsRelaxedData extends CommonData {
  /** The relaxing key of the nested settings file (`severity.unknown-field`, `ignore.0`, `failOn`). */
  key: string;
  /** The root settings file it relaxes (absolute). */
  root: string;
  /** The run applies the root's settings to every file (`--settings`): the relaxation is refused. */
  pinned: boolean;
}
