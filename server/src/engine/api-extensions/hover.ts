// Hover for custom resources: the kind (which source defines it, served / deprecated versions, channel, the
// controller gates that govern it) and notes for fields (experimental-channel field, controller gate).
import { type CrdCatalog, GATEWAY_GROUPS } from './catalog';
import { controllerGateMarkdown } from './controller-gates';
import { describeSource } from './describe';
import { customKind } from './analyze';
import { splitApiVersion } from '../base/api-version';
import type { VersionData } from '../knowledge/data-contract';

export function customKindMarkdown(apiVersion: string, kind: string, data: VersionData, catalog: CrdCatalog): string | undefined {
  const found = customKind(apiVersion, kind, data, catalog);
  if (!found) return undefined;
  const { def, version } = found;
  const lines = [
    `**${kind}** (\`${apiVersion}\`) — custom resource${def.scope === 'Cluster' ? ', cluster-scoped' : def.scope === 'Namespaced' ? ', namespaced' : ''}, checked against ${describeSource(def)}.`,
    '',
    'Versions:',
    ...def.versions.map(
      (v) =>
        `- \`${def.group}/${v.name}\` (${[v.served ? 'served' : 'not served', v.storage ? 'storage' : '', v.deprecated ? 'deprecated' : ''].filter(Boolean).join(', ')})` +
        (v.deprecationWarning ? ` — ${v.deprecationWarning}` : ''),
    ),
  ];
  if (!version) lines.push('', `\`${apiVersion}\` is not a version of this CRD.`);
  if (GATEWAY_GROUPS.has(def.group)) {
    const ch = catalog.gatewayChannel();
    lines.push('', `Gateway API channel in use: **${ch.channel}** (from ${ch.source}).`);
  }
  const [group, v] = splitApiVersion(apiVersion);
  for (const g of catalog.controllerGates()) {
    if (!g.exists || !g.fact.governsKinds.some((k) => k.group === group && k.kind === kind && (!k.version || k.version === v))) continue;
    lines.push('', '---', '', controllerGateMarkdown(catalog, { ...g, path: '(kind)' }));
  }
  return lines.join('\n');
}

/** Extra Markdown for a field of a custom resource at a structural path (empty when nothing to add). */
export function customFieldNote(apiVersion: string, kind: string, path: string, catalog: CrdCatalog): string {
  const [group, version] = splitApiVersion(apiVersion);
  const parts: string[] = [];
  if (GATEWAY_GROUPS.has(group)) {
    const row = catalog.channelRows().find((r) => r.group === group && r.kind === kind && r.version === version && r.difference === 'field' && r.path === path);
    if (row) {
      const ch = catalog.gatewayChannel();
      parts.push(
        `**Gateway API ${row.onlyIn} channel only** (release ${catalog.gatewayRelease() ?? '?'}). Channel in use: ${ch.channel} (from ${ch.source})` +
          (ch.channel === row.onlyIn ? '.' : ': the API server drops this field.'),
      );
    }
  }
  for (const g of catalog.controllerGates()) {
    if (!g.exists || !g.fact.governsFields.some((f) => f.group === group && f.kind === kind && f.version === version && f.path === path)) continue;
    parts.push(controllerGateMarkdown(catalog, { ...g, path }));
  }
  return parts.join('\n\n---\n\n');
}
