// Red Hat's YAML extension (redhat.vscode-yaml), when installed, gets Kubegate's gate-aware JSON Schema for
// Kubernetes documents through its public schema contributor API: registerContributor(scheme, requestSchema,
// requestSchemaContent, label). The schema comes from the server (kubegate/schema: the document's version and
// the gates on for it). `kubegate.yamlSchemas.enable` turns it off (checked on every request).
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { SchemaRequest, type SchemaParams, type SchemaResult } from '../../server/src/contract/protocol';
import { SETTINGS_SECTION } from '../../server/src/contract/settings';
import { resourceOf, SCHEMA_SCHEME, schemaUriFor } from './yamlSchemaUri';

export const YAML_EXTENSION_ID = 'redhat.vscode-yaml';

/** The part of the YAML extension's API Kubegate uses, in the shape the extension documents. */
export interface YamlExtensionApi {
  registerContributor(
    schema: string,
    requestSchema: (resource: string) => string | undefined,
    requestSchemaContent: (uri: string) => Promise<string> | string,
    label?: string,
  ): boolean;
}

function enabled(): boolean {
  return vscode.workspace.getConfiguration(SETTINGS_SECTION).get<boolean>('yamlSchemas.enable', true) !== false;
}

/** The contributor's two callbacks (exported for tests). */
export function contributor(client: LanguageClient): {
  requestSchema: (resource: string) => string | undefined;
  requestSchemaContent: (uri: string) => Promise<string>;
} {
  return {
    requestSchema(resource: string): string | undefined {
      if (!enabled()) return undefined;
      let target = resource;
      try {
        target = vscode.Uri.parse(resource).toString();
      } catch {
        // not a URI: compare as given
      }
      const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === target);
      return doc ? schemaUriFor(doc.uri.toString(), doc.getText()) : undefined;
    },
    async requestSchemaContent(uri: string): Promise<string> {
      const resource = resourceOf(uri);
      if (!resource || !enabled()) return '{}';
      const params: SchemaParams = { textDocument: { uri: resource } };
      const result = await client.sendRequest(SchemaRequest, params);
      return JSON.stringify(result?.schema ?? {});
    },
  };
}

/** Registers with the YAML extension now, or as soon as it is installed; the returned disposable stops waiting. */
export function registerYamlSchemas(client: LanguageClient, output: vscode.LogOutputChannel | vscode.OutputChannel): vscode.Disposable {
  let done = false;
  const tryRegister = async (): Promise<void> => {
    const ext = vscode.extensions.getExtension<YamlExtensionApi>(YAML_EXTENSION_ID);
    if (!ext || done) return;
    done = true;
    try {
      const api = await ext.activate();
      if (!api || typeof api.registerContributor !== 'function') {
        output.appendLine(`[client] ${YAML_EXTENSION_ID} offers no schema contributor API; no schema contributed`);
        return;
      }
      const c = contributor(client);
      const ok = api.registerContributor(SCHEMA_SCHEME, c.requestSchema, c.requestSchemaContent, 'Kubegate');
      output.appendLine(`[client] ${ok ? 'contributes Kubernetes schemas to' : 'could not register a schema contributor with'} ${YAML_EXTENSION_ID}`);
    } catch (err) {
      output.appendLine(`[client] ${YAML_EXTENSION_ID}: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  void tryRegister();
  return vscode.extensions.onDidChange(() => void tryRegister());
}
