// Markdown for apiVersion/kind: which versions serve the kind in the target version, stability, lifecycle.
import { plainReason } from '../gates/messages';
import { fromRuntimeConfig } from '../gates/environment';
import type { BriefFacts, GateCatalog, KindEntry, VersionData } from '../knowledge/data-contract';
import { kindsNamed } from '../knowledge/version-index';
import type { GateEnvironment } from '../model';
import type { KubeVersion } from '../base/types';
import { groupOf } from '../base/api-version';
import { versionWords } from '../base/kube-version';
import { gateHeadline, gateMarkdown } from './gate-view';

interface KindViewInput {
  data: VersionData;
  catalog: GateCatalog;
  brief?: BriefFacts;
  version: KubeVersion;
  environment?: GateEnvironment;
}

function servedLine(k: KindEntry, env: GateEnvironment | undefined): string {
  const bits: string[] = [k.stability];
  if (k.deprecated) bits.push(`deprecated${k.deprecatedIn ? ` in ${k.deprecatedIn}` : ''}`);
  if (k.stability !== 'stable' && !k.component) {
    const known = env?.apiEnabled(k.apiVersion) ?? fromRuntimeConfig([], k.apiVersion);
    bits.push(
      known
        ? `${known.enabled ? 'enabled' : 'disabled'} here (${known.evidence.map((e) => e.message).join('; ')})`
        : 'off unless the API server’s --runtime-config enables it',
    );
  }
  return `- \`${k.apiVersion}\` (${bits.join(', ')})`;
}

export function kindMarkdown(apiVersion: string, kind: string, input: KindViewInput): string {
  const same = kindsNamed(input.data, kind).filter((k) => groupOf(k.apiVersion) === groupOf(apiVersion));
  const served = same.filter((k) => !k.removed);
  const entry = same.find((k) => k.apiVersion === apiVersion);
  const lines: string[] = [];
  const notShipped = input.brief?.notShippedApis.find((a) => a.apiVersion === apiVersion && (a.kind === kind || !entry));
  if (!entry && notShipped) {
    lines.push(
      `**${kind}** (\`${apiVersion}\`) is not served by Kubernetes ${input.version}: it belongs to the design “${notShipped.feature}” (KEP-${notShipped.kep}, https://kep.k8s.io/${notShipped.kep}), which was not shipped in Kubernetes ${input.version}.${plainReason(notShipped.note) ? ` ${plainReason(notShipped.note)}` : ''}`,
    );
    return lines.join('\n');
  }
  if (entry?.component) {
    lines.push(`**${kind}** (\`${apiVersion}\`) — configuration file of ${entry.component}, not an API object.`);
  } else if (entry && !entry.removed) {
    lines.push(`**${kind}** (\`${apiVersion}\`) — ${entry.stability} API${entry.namespaced === true ? ', namespaced' : entry.namespaced === false ? ', cluster-scoped' : ''}.`);
  } else if (entry?.removed) {
    lines.push(`**${kind}** (\`${apiVersion}\`) is no longer served in Kubernetes ${input.version}${entry.removedIn ? ` (removed in ${entry.removedIn})` : ''}.${entry.replacement ? ` Use ${entry.replacement}.` : ''}`);
  } else {
    lines.push(`**${kind}** is not a kind of \`${apiVersion}\` in Kubernetes ${input.version}.`);
  }
  if (served.length) {
    lines.push('', `Served in ${versionWords(input.version, input.data.served)}:`, ...served.map((k) => servedLine(k, input.environment)));
  }
  const heads: string[] = [];
  for (const g of entry?.gates ?? []) {
    const gateInput = { catalog: input.catalog, brief: input.brief, version: input.version, environment: input.environment, use: { via: 'kind' as const, path: '(kind)', kind, apiVersion } };
    heads.push(gateHeadline(g, gateInput), '');
    lines.push('', '---', '', gateMarkdown(g, gateInput, { headline: false }));
  }
  return [...heads, ...lines].join('\n');
}
