// version-mismatch → set the target Kubernetes version to the one the config names (a kind node image, a kubeadm
// kubernetesVersion), when that version is supported: a setting change (kubegate.kubernetesVersion), which the
// client applies; the CLI's flag says the same in the finding's fix sentence.
import { supportedVersion } from '../base/kube-version';
import type { Fix } from './types';
import type { FixInput } from './input';

export function targetVersionFixes(input: FixInput): Fix[] {
  const { finding, ctx } = input;
  if (ctx.offerSetting === false || finding.code !== 'version-mismatch') return [];
  const minor = supportedVersion(finding.data?.namedMinor ?? '');
  if (!minor || minor === ctx.version) return [];
  const what = finding.data?.what ?? 'config';
  return [
    {
      title: `Set the target Kubernetes version to ${minor} (the ${what})`,
      kind: 'quickfix',
      code: finding.code,
      edits: [],
      isPreferred: true,
      setting: { setting: 'kubegate.kubernetesVersion', key: 'kubernetesVersion', value: minor },
    },
  ];
}
