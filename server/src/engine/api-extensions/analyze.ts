// A custom resource in a document: served / not served / deprecated version findings, the walk with the CRD's
// converted types (unknown-field, invalid-value, missing-field, …), schema constraints and CEL rules, Gateway API
// channel findings and controller gates. Called by validate/analyzeDocument for apiVersions of no built-in group.
import type { Node, YAMLMap } from 'yaml';
import { finding } from '../codes';
import type { BriefFacts, VersionData } from '../knowledge/data-contract';
import { kindEntry } from '../knowledge/version-index';
import type { DocumentAnalysis, ParsedDocument, ParsedFile } from '../model';
import type { Finding } from '../codes/finding';
import type { DocumentStatus, Range } from '../base/types';
import type { WalkContext } from '../validate/context';
import { walkRoot } from '../validate/walk';
import { checkCustomResourceFinalizers } from '../validate/warnings-in-code';
import type { ObjectMetaLimits } from '../knowledge/object-meta';
import { GATEWAY_GROUPS, type CrdCatalog } from './catalog';
import { fieldFindings, kindOrVersionFinding, missingRows } from './channel';
import { checkConstraints } from './constraints';
import { controllerGateFindings, controllerGateUses } from './controller-gates';
import type { CrdDefinition, CrdSchema, CrdVersion } from './crd-data';
import { customDataOf } from './overlay';
import { defaultedByWebhook } from './webhook-defaults';
import { describeSource, preferredVersion } from './describe';
import { movedFields, servedVersionFinding } from './versions';
import { splitApiVersion } from '../base/api-version';

interface CustomInputs {
  parsed: ParsedFile;
  pdoc: ParsedDocument;
  map: YAMLMap;
  apiVersion: string;
  kind: string;
  data: VersionData;
  brief?: BriefFacts;
  crds: CrdCatalog;
  /** Range of the apiVersion value (findings about the version). */
  where: Range;
  /** Range of the kind value. */
  kindWhere: Range;
  /** Range of the `kind` key (missing fields at the root are reported there). */
  kindKeyRange?: Range;
  findings: Finding[];
  sink: DocumentAnalysis;
  /** Generic metadata limits (standard finalizer names), for the API server's warnings on custom resources. */
  metaLimits?: ObjectMetaLimits;
}

interface CustomOutcome {
  status: Extract<DocumentStatus, 'checked' | 'not-served' | 'no-schema'>;
  reason?: string;
  /** The CRD used, for reports. */
  source: string;
}

/** The CRD and version for a document, if a source defines the kind (undefined: not a known custom resource). */
export function customKind(apiVersion: string, kind: string, data: VersionData, crds: CrdCatalog): { def: CrdDefinition; version?: CrdVersion } | undefined {
  const [group, version] = splitApiVersion(apiVersion);
  if (group === '' || data.builtinGroups.includes(group)) return undefined;
  const def = crds.lookup(group, kind);
  if (!def) return undefined;
  return { def, version: def.versions.find((v) => v.name === version) };
}

export function analyzeCustomResource(input: CustomInputs): CustomOutcome | undefined {
  const found = customKind(input.apiVersion, input.kind, input.data, input.crds);
  if (!found) return undefined;
  const { def, version } = found;
  const source = describeSource(def);
  const [group, versionName] = splitApiVersion(input.apiVersion);
  const doc = input.pdoc.doc;
  if (!doc) return undefined;
  const add = (f: Finding) => input.findings.push({ ...f, document: input.pdoc.index });

  const channelCtx = { lineCounter: input.parsed.lineCounter, doc, document: input.pdoc.index, findings: input.findings };
  const gatewayRows = GATEWAY_GROUPS.has(group) ? missingRows(input.crds, group, input.kind, versionName) : [];
  if (!version || !version.served) {
    // A version the experimental channel serves is reported as a channel finding when the pack knows it.
    const channel = gatewayRows.length > 0 ? kindOrVersionFinding(channelCtx, input.crds, gatewayRows, input.apiVersion, input.kind, input.where) : undefined;
    if (channel) input.findings.push(channel);
    else add(servedVersionFinding(def, version, input.apiVersion, input.kind, input.where, input.crds));
    return { status: 'not-served', reason: 'API version not served', source };
  }
  if (version.deprecated) add(deprecatedFinding(def, version, input));
  const kindOnly = kindOrVersionFinding(channelCtx, input.crds, gatewayRows, input.apiVersion, input.kind, input.kindWhere);
  if (kindOnly) input.findings.push(kindOnly);

  const custom = customDataOf(input.data, input.crds, def);
  const entry = kindEntry(custom.data, input.apiVersion, input.kind);
  if (!entry) return { status: 'no-schema', reason: `${source} has no schema for ${input.apiVersion}`, source };
  const start = input.findings.length;
  const ctx: WalkContext = {
    data: custom.data,
    brief: input.brief,
    text: input.parsed.text,
    lineCounter: input.parsed.lineCounter,
    doc,
    document: input.pdoc.index,
    entry,
    isConfig: false,
    findings: input.findings,
    gatedUses: input.sink.gatedUses,
  };
  const rootRange = input.kindKeyRange ?? input.kindWhere;
  walkRoot(ctx, input.map, entry.root, rootRange);
  for (let i = input.findings.length - 1; i >= start; i--) if (defaultedByWebhook(group, input.kind, input.findings[i]!)) input.findings.splice(i, 1);
  if (input.metaLimits) checkCustomResourceFinalizers(ctx, input.map, input.metaLimits);

  const schema: CrdSchema | undefined = version.schema;
  if (schema) {
    // Under the standard channel, rules and patterns only the experimental CRD has (the walked one) do not apply.
    const skip = {
      rules: new Set(gatewayRows.filter((r) => r.difference === 'cel-rule' && r.value).map((r) => r.value!)),
      patternPaths: new Set(gatewayRows.filter((r) => r.difference === 'pattern').map((r) => r.path)),
    };
    const cctx = { text: input.parsed.text, lineCounter: input.parsed.lineCounter, doc, document: input.pdoc.index, findings: input.findings, skippedRules: 0, skip };
    checkConstraints(cctx, input.map as Node, schema, rootRange);
  }

  if (GATEWAY_GROUPS.has(group) && gatewayRows.length > 0) {
    const experimental = input.crds.experimentalDefinition(group, input.kind)?.versions.find((v) => v.name === versionName)?.schema ?? schema;
    if (experimental) {
      const reported = fieldFindings(channelCtx, input.crds, gatewayRows, input.map as Node, experimental, input.apiVersion, input.kind);
      if (reported.length > 0) {
        // A standard-channel CRD (cluster / workspace) lacks the field: the channel finding replaces unknown-field.
        const drop = new Set(reported);
        for (let i = input.findings.length - 1; i >= start; i--) {
          const f = input.findings[i];
          if (f.code === 'unknown-field' && f.path && [...drop].some((p) => f.path === p || f.path!.startsWith(`${p}.`) || f.path!.startsWith(`${p}[`))) input.findings.splice(i, 1);
        }
      }
    }
  }

  const uses = controllerGateUses(channelCtx, input.crds, group, versionName, input.kind, input.map as Node, input.kindWhere);
  controllerGateFindings(channelCtx, input.crds, uses);
  return { status: 'checked', source };
}

function deprecatedFinding(def: CrdDefinition, version: CrdVersion, input: CustomInputs): Finding {
  const target = preferredVersion(def, version.name);
  const moved = target ? movedFields(version, target) : [];
  const movedText = moved.length > 0 ? ` Fields that differ in ${target!.name}: ${moved.join(', ')}.` : '';
  return finding('api-deprecated', {
    message: `${input.apiVersion} ${input.kind} is deprecated${`${input.apiVersion} ${input.kind} is deprecated by ${describeSource(def)}`.length > 120 ? '' : ` by ${describeSource(def)}`}`,
    fix: target ? `Move to apiVersion ${def.group}/${target.name}.` : 'Move to a served, non-deprecated version of this kind.',
    detail: (version.deprecationWarning ? `The API server warns: ${version.deprecationWarning}.` : '') + movedText,
    path: `${input.apiVersion}/${input.kind}`,
    range: input.where,
    data: {
      apiVersion: input.apiVersion,
      kind: input.kind,
      ...(target ? { replacement: `${def.group}/${target.name}` } : {}),
      ...(moved.length > 0 ? { moved } : {}),
      source: describeSource(def),
    },
  });
}
