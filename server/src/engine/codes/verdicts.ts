// What kube-apiserver (or the component that reads a config) does with what a finding is about: the pipeline stage
// that decides it and the verdict. A check assigns both to every finding (data.stage, data.verdict) and the
// severity follows the verdict. The pipeline, in the order kube-apiserver runs it:
//   decode (kubectl's YAML typing, strict field validation: unknown fields and wrong types are refused)
//   → drop (fields of disabled gates are removed) → default → validation (declarative and hand-written rules,
//   CEL of CRDs; never sees what was dropped, nor `status`, which a create resets) → warning headers.
// Component configs (kubelet, kind, kubeadm, …) are judged at `startup`.
import { ruleDataOf, type Finding } from './finding';
import type { Severity } from '../base/types';

export type Stage = 'decode' | 'drop' | 'default' | 'validation' | 'status' | 'warning' | 'admission' | 'startup';

export type Verdict =
  | 'rejected'
  | 'dropped'
  | 'ignored'
  | 'rejected-once-enabled'
  | 'rejected-unless-enabled'
  | 'accepted-with-warning'
  | 'status'
  | 'note';

export const VERDICT_SEVERITY: Readonly<Record<Verdict, Severity>> = {
  rejected: 'error',
  dropped: 'warning',
  ignored: 'warning',
  'rejected-once-enabled': 'warning',
  'rejected-unless-enabled': 'warning',
  'accepted-with-warning': 'warning',
  status: 'information',
  note: 'information',
};

/** The verdict in words (hover, explain, README): what happens to the object or field. */
const VERDICT_WORDS: Readonly<Record<Verdict, string>> = {
  rejected: 'the object is refused (kubectl apply fails)',
  dropped: 'the API server removes the field silently; the object is accepted without it',
  ignored: 'accepted, but nothing acts on it',
  'rejected-once-enabled': 'accepted today because the field around it is dropped; refused once its gate is on',
  'rejected-unless-enabled': 'refused unless the cluster enables it (a gate or --runtime-config Kubegate cannot see)',
  'accepted-with-warning': 'accepted, with a warning from the API server',
  status: 'ignored: the API server resets status on create',
  note: 'accepted; a note for the author',
};

const STAGE_WORDS: Readonly<Record<Stage, string>> = {
  decode: 'decoding',
  drop: 'dropping disabled fields',
  default: 'defaulting',
  validation: 'validation',
  status: 'status reset',
  warning: 'warning headers',
  admission: 'admission',
  startup: 'component start-up',
};

export interface VerdictData {
  stage: Stage;
  verdict: Verdict;
}

export function verdictOf(f: Pick<Finding, 'data'>): VerdictData | undefined {
  const stage = f.data?.pipelineStage;
  const verdict = f.data?.verdict;
  return stage !== undefined && verdict !== undefined ? { stage, verdict } : undefined;
}

/** A finding with its stage and verdict set and its severity following the verdict. */
export function withVerdict<T extends Finding>(f: T, stage: Stage, verdict: Verdict, severity: Severity = VERDICT_SEVERITY[verdict]): T {
  return { ...f, severity, data: { ...f.data, pipelineStage: stage, verdict } };
}

/** The verdict of a finding in one sentence, e.g. "kube-apiserver, validation at spec.replicas: the object is refused (kubectl apply
 *  fails)." (LSP related information, `kubegate explain`); undefined for a finding without a verdict. */
export function verdictSentence(f: Finding): string | undefined {
  const v = verdictOf(f);
  if (!v) return undefined;
  const who = v.stage === 'startup' ? 'The component' : 'kube-apiserver';
  const fieldPath = ruleDataOf(f)?.fieldPath;
  const where = typeof fieldPath === 'string' && fieldPath !== '' ? ` at ${fieldPath}` : '';
  return `${who}, ${STAGE_WORDS[v.stage]}${where}: ${VERDICT_WORDS[v.verdict]}.`;
}
