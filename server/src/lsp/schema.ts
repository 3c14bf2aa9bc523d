// kubegate/schema: the gate-aware JSON Schema of a document (every kind in it, routed on apiVersion and kind) or
// of one apiVersion + kind, for the document's version and the gates on for it. Only wiring: engine/schema builds.
import type { SchemaParams, SchemaResult } from '../contract/protocol';
import {
  analyzeFile,
  environmentForFile,
  gateCatalog,
  loadVersion,
  routerSchema,
  schemaForKind,
  type DocumentReport,
} from '../engine';
import type { DocumentContext } from './analysis';

export interface SchemaRequestDeps {
  /** The text of a document (open buffer, else disk). */
  textOf(uri: string): string | undefined;
  contextFor(uri: string): Promise<DocumentContext>;
  /** Settings, cluster and repo configs of the workspace, for a request without a document. */
  workspaceContext(): Promise<DocumentContext>;
}

export async function answerSchemaRequest(params: SchemaParams | undefined, deps: SchemaRequestDeps): Promise<SchemaResult> {
  const strict = params?.strict === true;
  const uri = params?.textDocument?.uri;
  if (uri) {
    const text = deps.textOf(uri);
    if (text === undefined) return null;
    return documentSchema(text, await deps.contextFor(uri), strict, params?.apiVersion, params?.kind);
  }
  if (!params?.apiVersion || !params.kind) return null;
  const ctx = await deps.workspaceContext();
  const schema = schemaForKind({ data: loadVersion(ctx.version).data, catalog: gateCatalog(), environment: ctx.environment, strict }, params.apiVersion, params.kind);
  return schema ? { kubernetesVersion: ctx.version, schema } : null;
}

/** The schema of a document's kinds (or of one kind) for its version and the gates on for it, its own config
 *  documents included (as the checker sees them). */
export function documentSchema(text: string, ctx: DocumentContext, strict: boolean, apiVersion?: string, kind?: string): SchemaResult {
  const analysis = analyzeFile(text, { version: ctx.version, environment: ctx.environment, file: ctx.file });
  const version = analysis.version;
  const catalog = gateCatalog();
  const environment = environmentForFile(analysis.documents, { version, knowledge: { catalog }, environment: ctx.environment, file: ctx.file });
  const opts = { data: loadVersion(version).data, catalog, environment, strict };
  if (apiVersion && kind) {
    const schema = schemaForKind(opts, apiVersion, kind);
    return schema ? { kubernetesVersion: version, schema } : null;
  }
  const kinds = new Set<string>();
  const add = (r: DocumentReport): void => {
    if (r.checked && r.apiVersion && r.kind) kinds.add(`${r.apiVersion} ${r.kind}`);
    r.items?.forEach(add);
  };
  for (const d of analysis.documents) add(d.report);
  return { kubernetesVersion: version, schema: routerSchema(opts, { only: kinds }) };
}
