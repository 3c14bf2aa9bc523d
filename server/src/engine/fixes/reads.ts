// What the fixes of one call read of texts, each read once: the documents and gate configs of the file and of
// its config files, which the fixes of several findings read again and again. With the open document's snapshot,
// the file's own reads are kept with it (for the later calls about the same text).
import { readGateConfigsFromText } from '../gates/config-readers';
import { keep, type TextSnapshot } from '../incremental/snapshot';
import type { TextReads } from './types';
import { yamlDocs } from './yaml-nodes';

/** Each read made on the spot (a fix called on its own). */
export const READ_EACH_TIME: TextReads = { docs: (text) => yamlDocs(text), gateConfigs: (text) => readGateConfigsFromText(text) };

/** Reads made once per text for one call of the fixes; `snapshot`'s text's kept with the snapshot. */
export function readsOnce(snapshot?: TextSnapshot): TextReads {
  const made = new Map<string, unknown>();
  const once = <T>(kind: string, text: string, make: () => T): T => {
    if (snapshot?.text === text) return keep(snapshot, `fix-${kind}`, make);
    const key = `${kind}\u0000${text}`;
    if (!made.has(key)) made.set(key, make());
    return made.get(key) as T;
  };
  return {
    docs: (text) => once('documents', text, () => yamlDocs(text)),
    gateConfigs: (text) => once('gate-configs', text, () => readGateConfigsFromText(text)),
  };
}
