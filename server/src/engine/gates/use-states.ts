// The state of the gates a file needs: the gated uses of analysed documents with their gate's state per component,
// and the on/off/unknown of one gate over the components that need it. From a text: ../features/gated-uses.ts.
import { gateCatalog } from '../knowledge';
import type { GateCatalog } from '../knowledge/data-contract';
import type { DocumentAnalysis, GatedUse, GateEnvironment } from '../model';
import type { KubeVersion } from '../base/types';
import { componentsFor, overallState, statesFor, type ComponentState } from './gate-findings';

export interface GatedUseState {
  use: GatedUse;
  stage?: string;
  default?: boolean | null;
  states: ComponentState[];
  overall: 'on' | 'partial' | 'off';
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
