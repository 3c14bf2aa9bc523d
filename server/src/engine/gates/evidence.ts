// Sentences and sources for the evidence behind a gate state.
import type { GateSetting } from '../model';
import type { Evidence, Range } from '../base/types';
import { PLACE_LABELS } from './gate-places';

const WHAT: Record<GateSetting['origin'], string> = {
  ...PLACE_LABELS,
  setting: 'explicit setting',
  cluster: 'cluster',
};

function baseName(file: string): string {
  const parts = file.split(/[\\/]/);
  return parts[parts.length - 1] || file;
}

/** The name of a file with its folder's (`team-2/kind.yaml`); the name alone at the top of the file system. */
export function folderAndName(file: string): string {
  const parts = file.split(/[\\/]/).filter(Boolean);
  return parts.slice(-2).join('/') || file;
}

/** The file name of evidence from the checked text when the check has no file name (incremental/place.ts
 *  tells same-file evidence by it). */
export const THIS_FILE = 'this file';

function forWhom(components: GateSetting['components']): string {
  return components === 'all' ? 'every component' : components.join(', ');
}

export function settingEvidence(s: GateSetting, via?: string): Evidence {
  const subject = via ? `${s.gate} (through ${via})` : s.gate;
  const value = s.value === undefined ? s.raw : String(s.value);
  if (s.origin === 'setting') {
    return {
      source: { type: 'setting', name: s.file ?? 'settings' },
      message: `${s.file ?? 'settings'} sets ${subject}=${value} for every component`,
    };
  }
  const file = s.file ?? THIS_FILE;
  return {
    source: { type: 'file', file, range: s.range, what: WHAT[s.origin] },
    message: `${baseName(file)} (${WHAT[s.origin]}) sets ${subject}: ${value} for ${forWhom(s.components)}`,
  };
}

export function kubeadmCoverageEvidence(gate: string, component: string, file: string | undefined, range: Range): Evidence {
  const f = file ?? THIS_FILE;
  return {
    source: { type: 'file', file: f, range, what: 'kubeadm configuration' },
    message: `${baseName(f)} (kubeadm) configures ${component} without enabling ${gate}, so it is off there`,
  };
}

export function clusterEvidence(
  gate: string,
  component: string,
  enabled: boolean,
  context: string,
  endpoint: string,
  detail: string,
): Evidence {
  return {
    source: { type: 'cluster', context, endpoint },
    message: `cluster${context ? ` ${context}` : ''} reports ${gate} ${enabled ? 'enabled' : 'disabled'} on ${component} (${detail})`,
  };
}
