// Every gated use of a text with its gate's state per component (the file's own gate configs included): the
// check's walk of the text, then the gate states of ../gates/use-states.ts.
import { analyzeFile } from '../check';
import { gateCatalog } from '../knowledge';
import type { CheckOptions } from '../check/options';
import { environmentForFile } from '../gates/gate-step';
import { usesWithState, type GatedUseState } from '../gates/use-states';

/** Every gated use of the text with the state of its gate per component; `version` is the version checked
 *  against (the text's version comment, else `context.version`). Kustomize facts are not applied. */
export function gatedUsesWithState(text: string, context: CheckOptions): { version: string; uses: GatedUseState[] } {
  const analysis = analyzeFile(text, { version: context.version, environment: context.environment, file: context.file, crds: context.crds });
  const env = environmentForFile(analysis.documents, {
    version: analysis.version,
    knowledge: { catalog: gateCatalog() },
    environment: context.environment,
    file: context.file,
  });
  return { version: analysis.version, uses: usesWithState(analysis.documents, env, analysis.version) };
}
