// Own-words sentences for gate findings and hovers: what happens while a gate is off, keyed on how it applies.
import type { GatedUse } from '../model';
import { groupOf } from '../api-version';
import { GATE_MAP_CONFIGS, KUBEADM_GROUP } from './gate-places';

/** Groups of config files (not served by an API server): those that hold gates, and the scheduler's. */
const CONFIG_GROUPS = [...GATE_MAP_CONFIGS.map((c) => c.group), KUBEADM_GROUP, 'kubescheduler.config.k8s.io'];

export function isConfigApiVersion(apiVersion: string): boolean {
  return CONFIG_GROUPS.includes(groupOf(apiVersion));
}

export const FEATURE_GATES_PAGE = 'https://kubernetes.io/docs/reference/command-line-tools-reference/feature-gates/';

/** The last segment of a structural path, for messages (`spec.devices[].x` → `x`). */
export function fieldName(path: string): string {
  const clean = path.replace(/=.*$/, '').replace(/\[\]/g, '').replace(/\.\*/g, '');
  const parts = clean.split('.');
  return parts[parts.length - 1] || path;
}

/** What goes wrong while the gate is off, for this use. */
export function whenOff(use: Pick<GatedUse, 'via' | 'path' | 'value' | 'kind' | 'apiVersion' | 'component'>): string {
  if (use.via === 'kind') {
    return `while the gate is off the API server does not serve ${use.kind} in ${use.apiVersion}, so applying it fails`;
  }
  if (use.via === 'enum-value') {
    return `while the gate is off the API server's validation rejects the value ${use.value ?? ''} for \`${use.path.replace(/=.*$/, '')}\``;
  }
  if (use.component || isConfigApiVersion(use.apiVersion)) {
    const who = use.component ?? 'the component reading this configuration';
    return `while the gate is off ${who} ignores \`${fieldName(use.path)}\` or refuses to start with it`;
  }
  return `while the gate is off the API server silently drops \`${fieldName(use.path)}\` when the object is created or updated, so the setting is lost`;
}

export function listWords(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The consequence of a gated use while its gate is off, as the head of a short message
 *  (`skipNodeOperations is dropped`, `value X of f is rejected`, `kind K is not served`). */
export function offConsequence(use: Pick<GatedUse, 'via' | 'path' | 'value' | 'kind' | 'apiVersion' | 'component'>, maybe = false): string {
  const is = maybe ? 'may be' : 'is';
  if (use.via === 'kind') return `${use.kind} ${maybe ? 'may not be' : 'is not'} served`;
  if (use.via === 'enum-value') return `value ${use.value ?? ''} of ${fieldName(use.path)} ${is} rejected`;
  if (use.component || isConfigApiVersion(use.apiVersion)) {
    return `${fieldName(use.path)} ${is} ignored${use.component ? ` by ${use.component}` : ''}`;
  }
  return `${fieldName(use.path)} ${is} dropped`;
}
