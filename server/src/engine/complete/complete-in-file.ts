// Completion in a file: the file's version (its version comment, else the context's), the version data with the
// context's CRDs, the state of each gate for the file, and the whole-document snippets. Only the cursor's YAML
// document is read (complete/document-window.ts).
import { dataForApiVersion } from '../api-extensions/overlay';
import { gateOnOff } from '../gates/use-states';
import { gateCatalog, loadVersion } from '../knowledge';
import type { CheckOptions } from '../check/options';
import { snippetsForVersion } from '../snippets/for-version';
import { DEFAULT_VERSION, type KubeVersion, type Position } from '../base/types';
import { versionForText } from '../check/version-for-text';
import { lineStartIn, type TextSnapshot } from '../incremental/snapshot';
import { completeAt } from './complete';
import type { CompletionEntry, SnippetDef } from './types';

/** The whole-document snippets (snippets/kubegate.code-snippets) as offered at `version` (engine/snippets/
 *  for-version.ts); none when the file cannot be read. */
export function documentSnippets(version: KubeVersion = DEFAULT_VERSION): SnippetDef[] {
  try {
    return snippetsForVersion(version).map((s) => ({ name: s.name, prefix: s.prefix, body: s.body, description: s.description }));
  } catch {
    return [];
  }
}

/** With the open document's snapshot of the text, its version and line table are read, not the text. */
export function completionsInFile(text: string, pos: Position, context: CheckOptions, snapshot?: TextSnapshot): CompletionEntry[] {
  const own = snapshot?.isFor(text, context) ? snapshot : undefined;
  const version = own ? own.version : versionForText(text, context.version);
  const data = loadVersion(version).data;
  const gates = gateCatalog();
  return completeAt(text, pos, {
    version,
    data,
    ...(context.crds ? { dataFor: (apiVersion: string | undefined) => dataForApiVersion(data, context.crds, apiVersion) } : {}),
    gates,
    snippets: documentSnippets(version),
    gateState: (gate) => gateOnOff(context.environment, gates, gate),
  }, own && lineStartIn(own, pos.line));
}
