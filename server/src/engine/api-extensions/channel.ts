// Gateway API channels: fields, enum values, kinds and versions that only the experimental channel's CRDs have.
// With the standard channel installed the API server drops such a field (CRD pruning; rejected as unknown under
// strict field validation), rejects such a value, and has no such kind or version.
import { isAlias, isMap, isScalar, isSeq, type Document, type LineCounter, type Node, type Pair } from 'yaml';
import { finding, type FindingData } from '../codes';
import { rangeOf } from '../parse/ranges';
import type { Finding } from '../codes/finding';
import type { Range } from '../base/types';
import type { CrdCatalog } from './catalog';
import { propertyOf, type ChannelRow, type CrdSchema } from './crd-data';

const CHANNEL_FIX =
  'Install the experimental channel of the Gateway API release (its experimental-install.yaml), or, if it is installed, ' +
  'set kubegate.customResources.packs to "gateway-api experimental".';

interface ChannelContext {
  lineCounter: LineCounter;
  doc: Document.Parsed;
  document: number;
  findings: Finding[];
}

function channelFinding(ctx: ChannelContext, message: string, range: Range, path: string, data: FindingData['experimental-channel'], detail: string): Finding {
  return finding('experimental-channel', {
    message,
    range,
    path,
    document: ctx.document,
    data,
    fix: CHANNEL_FIX,
    detail,
  });
}

/** Rows of the release in use that the channel in use lacks, for one kind/version. */
export function missingRows(catalog: CrdCatalog, group: string, kind: string, version: string): ChannelRow[] {
  const { channel } = catalog.gatewayChannel();
  return catalog
    .channelRows()
    .filter((r) => r.group === group && r.kind === kind && r.onlyIn !== channel && (r.difference === 'kind-only-in-channel' || r.version === version));
}

/** A kind or version of the experimental channel only: one finding at the kind / apiVersion. */
export function kindOrVersionFinding(ctx: ChannelContext, catalog: CrdCatalog, rows: ChannelRow[], apiVersion: string, kind: string, where: Range): Finding | undefined {
  const { channel, source } = catalog.gatewayChannel();
  const release = catalog.gatewayRelease();
  const kindRow = rows.find((r) => r.difference === 'kind-only-in-channel');
  const versionRow = rows.find((r) => r.difference === 'version-served-only-in-channel' || r.difference === 'version-only-in-channel');
  const row = kindRow ?? versionRow;
  if (!row) return undefined;
  const what = kindRow ? `${kind}` : `${apiVersion} ${kind}`;
  return channelFinding(
    ctx,
    `${what} exists only in the Gateway API ${row.onlyIn} channel; the ${channel} channel in use does not serve it`,
    where,
    `${apiVersion}/${kind}`,
    { apiVersion, kind, channel, needs: row.onlyIn, release, difference: row.difference },
    `Channel ${channel} comes from ${source}. Gateway API ${release ?? ''} serves ${what} only with the ${row.onlyIn} CRDs; the API server rejects the object otherwise.`,
  );
}

/** Fields and enum values of `rows` present in the object (schema-guided paths). Returns the paths reported. */
export function fieldFindings(ctx: ChannelContext, catalog: CrdCatalog, rows: ChannelRow[], root: Node, schema: CrdSchema, apiVersion: string, kind: string): string[] {
  const fields = new Map<string, ChannelRow>();
  const values = new Map<string, ChannelRow[]>();
  for (const r of rows) {
    if (r.difference === 'field') fields.set(r.path, r);
    else if (r.difference === 'enum-value') values.set(r.path, [...(values.get(r.path) ?? []), r]);
  }
  if (fields.size === 0 && values.size === 0) return [];
  const { channel, source } = catalog.gatewayChannel();
  const release = catalog.gatewayRelease();
  const reported: string[] = [];
  const visit = (raw: Node | null | undefined, s: CrdSchema | undefined, path: string, depth: number) => {
    let node = raw;
    for (let i = 0; node && isAlias(node) && i < 50; i++) node = (node.resolve(ctx.doc) as Node | undefined) ?? null;
    if (!node || !s || depth > 100) return;
    if (isMap(node)) {
      for (const pair of node.items as Pair<Node | null, Node | null>[]) {
        if (!isScalar(pair.key)) continue;
        const name = String(pair.key.value);
        const child = propertyOf(s, name);
        if (!child) continue;
        const p = path ? `${path}.${name}` : name;
        const row = fields.get(p);
        if (row && pair.key.range) {
          reported.push(p);
          ctx.findings.push(
            channelFinding(
              ctx,
              `${name} is a Gateway API ${row.onlyIn}-channel field: the ${channel} channel drops it`,
              rangeOf(ctx.lineCounter, pair.key.range[0], pair.key.range[1]),
              p,
              { field: name, channel, needs: row.onlyIn, release },
              `Channel ${channel} comes from ${source}. The ${channel} CRDs of Gateway API ${release ?? ''} have no ${p}: the API server prunes it (or rejects it under strict field validation), so the controller never sees it.`,
            ),
          );
          continue;
        }
        visit(pair.value, child, p, depth + 1);
      }
    } else if (isSeq(node)) {
      for (const item of node.items as (Node | null)[]) visit(item, s.items, `${path}[]`, depth + 1);
    } else if (isScalar(node) && typeof node.value === 'string') {
      const row = values.get(path)?.find((r) => r.value === node.value);
      if (row && node.range) {
        reported.push(`${path}=${row.value}`);
        ctx.findings.push(
          channelFinding(
            ctx,
            `${row.value} is a Gateway API ${row.onlyIn}-channel value: the ${channel} channel rejects it`,
            rangeOf(ctx.lineCounter, node.range[0], node.range[1]),
            `${path}=${row.value}`,
            { value: row.value, channel, needs: row.onlyIn, release },
            `Channel ${channel} comes from ${source}. The ${channel} CRDs of Gateway API ${release ?? ''} do not allow ${row.value} at ${path}.`,
          ),
        );
      }
    }
  };
  visit(root, schema, '', 0);
  void apiVersion;
  void kind;
  return reported;
}
