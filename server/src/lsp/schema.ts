// kubegate/schema: the gate-aware JSON Schema of a document (every kind in it, routed on apiVersion and kind) or
// of one apiVersion + kind, for the document's version and the gates on for it. Only wiring: engine/schema builds.
import type { SchemaParams, SchemaResult } from '../contract/protocol';
import { contributedSchema, documentSchema, versionKindSchema } from '../engine';
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
    if (params?.contribute === true) return contributedSchema(text, await deps.contextFor(uri));
    return documentSchema(text, await deps.contextFor(uri), strict, params?.apiVersion, params?.kind);
  }
  if (!params?.apiVersion || !params.kind) return null;
  const ctx = await deps.workspaceContext();
  return versionKindSchema(ctx.version, ctx.environment, strict, params.apiVersion, params.kind);
}
