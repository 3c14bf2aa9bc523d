// kubegate/schema: the gate-aware JSON Schema of a document (every kind in it, routed on apiVersion and kind) or
// of one apiVersion + kind, for the document's version and the gates on for it. Only wiring: engine/schema builds.
import type { SchemaParams, SchemaResult } from '../contract/protocol';
import { contributedSchema, documentSchema, versionKindSchema, type FileAnalysis } from '../engine';
import type { DocumentContext } from './document-context';

export interface SchemaRequestDeps {
  /** The text of a document (open buffer, else disk). */
  textOf(uri: string): string | undefined;
  contextFor(uri: string): Promise<DocumentContext>;
  /** Settings, cluster and repo configs of the workspace, for a request without a document. */
  workspaceContext(): Promise<DocumentContext>;
  /** The check's walk of an open document's text under its context, when its snapshot has one. */
  walkedFor?(uri: string, text: string, ctx: DocumentContext): FileAnalysis | undefined;
}

export async function answerSchemaRequest(params: SchemaParams | undefined, deps: SchemaRequestDeps): Promise<SchemaResult> {
  const strict = params?.strict === true;
  const uri = params?.textDocument?.uri;
  if (uri) {
    const text = deps.textOf(uri);
    if (text === undefined) return null;
    const ctx = await deps.contextFor(uri);
    const walked = deps.walkedFor?.(uri, text, ctx);
    if (params?.contribute === true) return contributedSchema(text, ctx, walked);
    return documentSchema(text, ctx, strict, params?.apiVersion, params?.kind, walked);
  }
  if (!params?.apiVersion || !params.kind) return null;
  const ctx = await deps.workspaceContext();
  return versionKindSchema(ctx.version, ctx.environment, strict, params.apiVersion, params.kind);
}
