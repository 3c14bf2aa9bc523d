// What the fixes of one call read of texts, each read once: the documents and gate configs of the file and of
// its config files, which the fixes of several findings read again and again. With the open document's snapshot,
// the file's own reads are kept with it (for the later calls about the same text).
import { readGateConfigsFromText } from '../gates/config-readers';
import { keep, SnapshotSlot, type TextSnapshot } from '../incremental/snapshot';
import type { ConfigDocInfo } from '../gates/config-readers';
import type { TextReads } from './types';
import { yamlDocs } from './yaml-nodes';

/** Each read made on the spot (a fix called on its own). */
export const READ_EACH_TIME: TextReads = { docs: (text) => yamlDocs(text), gateConfigs: (text) => readGateConfigsFromText(text) };

/** Reads made once per text for one call of the fixes; `snapshot`'s text's kept with the snapshot. */
export function readsOnce(snapshot?: TextSnapshot): TextReads {
  const made = new Map<string, unknown>();
  const once = <T>(slot: SnapshotSlot<T>, text: string, make: () => T): T => {
    if (snapshot?.text === text) return keep(snapshot, slot, make);
    const key = `${slot.name}\u0000${text}`;
    if (!made.has(key)) made.set(key, make());
    return made.get(key) as T;
  };
  return {
    docs: (text) => once(FIX_DOCUMENTS, text, () => yamlDocs(text)),
    gateConfigs: (text) => once(FIX_GATE_CONFIGS, text, () => readGateConfigsFromText(text)),
  };
}

const FIX_DOCUMENTS = new SnapshotSlot<ReturnType<typeof yamlDocs>>('fix-documents');
const FIX_GATE_CONFIGS = new SnapshotSlot<ConfigDocInfo[]>('fix-gate-configs');
