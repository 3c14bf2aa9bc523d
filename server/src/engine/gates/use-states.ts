// The state of the gates a file needs: every gated use of the file with its gate's state per component (the
// file's own gate configs included), and the on/off/unknown of one gate over the components that need it.
import { analyzeFile } from '../check';
import { gateCatalog } from '../knowledge';
import type { GateCatalog } from '../knowledge/format';
import type { CheckOptions, DocumentAnalysis, GatedUse, GateEnvironment } from '../model';
import type { KubeVersion } from '../types';
import { componentsFor, overallState, statesFor, type ComponentState } from './gate-findings';
import { environmentForFile } from './gate-step';

export interface GatedUseState {
  use: GatedUse;
  stage?: string;
  default?: boolean | null;
  states: ComponentState[];
  overall: 'on' | 'partial' | 'off';
}

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

/** The gated uses of analysed documents with the state of their gates in `env` (the file's environment). */
export function usesWithState(documents: readonly DocumentAnalysis[], env: GateEnvironment, version: KubeVersion): GatedUseState[] {
  const catalog = gateCatalog();
  const uses: GatedUseState[] = [];
  for (const doc of documents) {
    for (const use of doc.gatedUses) {
      const v = catalog.gates[use.gate]?.byVersion[version];
      const states = statesFor(env, use.gate, componentsFor(catalog, use.gate, use));
      uses.push({ use, stage: v?.stage, default: v?.default, states, overall: overallState(states) });
    }
  }
  return uses;
}

/** A gate over the components that need it: on when all are on, off when one is off, else unknown. */
export function gateOnOff(environment: GateEnvironment | undefined, catalog: GateCatalog, gate: string): 'on' | 'off' | 'unknown' {
  const states = statesFor(environment, gate, componentsFor(catalog, gate));
  if (overallState(states) === 'on') return 'on';
  return states.some((s) => s.state === 'off') ? 'off' : 'unknown';
}
