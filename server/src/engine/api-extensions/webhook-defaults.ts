// Fields of custom resources that the project's mutating admission webhook fills in when they are left out. The
// webhook runs before the API server validates the object against the CRD's schema, so a field the schema marks
// required but the webhook defaults is not missing. One row per (group, kind, field path), with the upstream
// function that sets it (read at the commit below); analyze.ts drops the matching `missing-field` findings.
import type { Finding } from '../codes/finding';
import type { UpstreamSource } from '../validate/field-rule-table';

interface WebhookDefault {
  group: string;
  kind: string;
  /** The structural path of the field, list items as `[]` (a finding's `path`). */
  path: string;
  source: UpstreamSource;
}

const JOBSET_WEBHOOK: UpstreamSource = {
  repo: 'kubernetes-sigs/jobset',
  path: 'pkg/webhooks/jobset_webhook.go',
  commit: '08dfbdfd682714a9ab929633eca8dc95315187e7',
  fn: 'jobSetWebhook.Default (a failure policy rule without a name is named failurePolicyRule<index>)',
};

const WEBHOOK_DEFAULTS: readonly WebhookDefault[] = [
  { group: 'jobset.x-k8s.io', kind: 'JobSet', path: 'spec.failurePolicy.rules[].name', source: JOBSET_WEBHOOK },
];

/** Whether the finding is a required field that the kind's mutating webhook defaults. */
export function defaultedByWebhook(group: string, kind: string, f: Finding): boolean {
  return f.code === 'missing-field' && WEBHOOK_DEFAULTS.some((d) => d.group === group && d.kind === kind && d.path === f.path);
}
