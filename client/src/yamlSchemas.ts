// Red Hat's YAML extension (redhat.vscode-yaml), when installed, may get Kubegate's JSON Schema for Kubernetes
// documents through its public schema contributor API: registerContributor(scheme, requestSchema,
// requestSchemaContent, label). Off by default (`kubegate.yamlSchemas.enable`): Kubegate's own diagnostics, hover
// and completion already cover those documents. When on, the contribution only adds:
//   - yaml-language-server asks contributors before `yaml.schemas` and SchemaStore, so Kubegate declines every
//     document the user's `yaml.schemas` or a modeline associates, kustomizations, and (the server decides)
//     kustomize patches and bases, fragments, templates and documents of no kind it checks;
//   - no label: the 4th argument is a pattern matched against the document text that makes a contributor the
//     only one for documents containing it, which Kubegate never wants;
//   - requestSchema is synchronous, so answers come from a cache the server fills (kubegate/schema with
//     `contribute`), asked for on open and edit; before the answer, a provisional URI whose content waits for it.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { SchemaRequest, type SchemaParams, type SchemaResult } from '../../server/src/contract/protocol';
import { SETTINGS_SECTION } from '../../server/src/contract/settings';
import {
  associatedByUser,
  hasSchemaModeline,
  isKustomization,
  kindsOf,
  provisionalName,
  resourceForMatching,
  resourceOf,
  SCHEMA_SCHEME,
  schemaKeyOf,
  schemaUri,
  type YamlSchemasSetting,
} from './yamlSchemaUri';

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
  return vscode.workspace.getConfiguration(SETTINGS_SECTION).get<boolean>('yamlSchemas.enable', false) === true;
}

interface Entry {
  key: string;
  answer: Promise<SchemaResult>;
  settled?: SchemaResult;
}

/** The contributor's two callbacks and the server answers they use (exported for tests). */
export function contributor(client: LanguageClient): {
  requestSchema: (resource: string) => string | undefined;
  requestSchemaContent: (uri: string) => Promise<string>;
  prefetch: (doc: vscode.TextDocument) => void;
  clear: () => void;
} {
  const cache = new Map<string, Entry>();
  /** Bumped by clear(): answers after a save or a setting change get new URIs (the YAML server caches per URI). */
  let rev = 0;

  /** The document if Kubegate may contribute for it (the client-side part of the scoping). */
  const candidate = (doc: vscode.TextDocument | undefined): vscode.TextDocument | undefined => {
    if (!doc || !enabled()) return undefined;
    const text = doc.getText();
    if (kindsOf(text).length === 0 || hasSchemaModeline(text)) return undefined;
    const path = doc.uri.scheme === 'file' ? doc.uri.fsPath.replace(/\\/g, '/') : doc.uri.path;
    if (isKustomization(path, text)) return undefined;
    const user = vscode.workspace.getConfiguration('yaml', doc.uri).get<YamlSchemasSetting>('schemas');
    return associatedByUser(resourceForMatching(doc.uri), user) ? undefined : doc;
  };

  const entryFor = (doc: vscode.TextDocument): Entry => {
    const uri = doc.uri.toString();
    const key = schemaKeyOf(doc.getText());
    const old = cache.get(uri);
    if (old && old.key === key) return old;
    const params: SchemaParams = { textDocument: { uri }, contribute: true };
    const entry: Entry = {
      key,
      answer: Promise.resolve(client.sendRequest(SchemaRequest, params)).then(
        (r) => r ?? null,
        () => null,
      ),
    };
    void entry.answer.then((r) => {
      entry.settled = r;
    });
    cache.set(uri, entry);
    return entry;
  };

  const findDoc = (resource: string): vscode.TextDocument | undefined => {
    let target = resource;
    try {
      target = vscode.Uri.parse(resource).toString();
    } catch {
      // not a URI: compare as given
    }
    return vscode.workspace.textDocuments.find((d) => d.uri.toString() === target);
  };

  return {
    requestSchema(resource: string): string | undefined {
      const doc = candidate(findDoc(resource));
      if (!doc) return undefined;
      const entry = entryFor(doc);
      if (entry.settled === undefined) return schemaUri(doc.uri.toString(), 'pending', provisionalName(doc.getText()));
      const r = entry.settled;
      return r ? schemaUri(doc.uri.toString(), r.kubernetesVersion, r.name ?? provisionalName(doc.getText()), rev) : undefined;
    },
    async requestSchemaContent(uri: string): Promise<string> {
      const doc = candidate(findDoc(resourceOf(uri) ?? ''));
      if (!doc) return '{}';
      const result = await entryFor(doc).answer;
      return JSON.stringify(result?.schema ?? {});
    },
    prefetch(doc: vscode.TextDocument): void {
      if (candidate(doc)) entryFor(doc);
    },
    clear(): void {
      cache.clear();
      rev++;
    },
  };
}

/** Registers with the YAML extension now, or as soon as it is installed; the returned disposable stops waiting. */
export function registerYamlSchemas(client: LanguageClient, output: vscode.LogOutputChannel | vscode.OutputChannel): vscode.Disposable {
  let done = false;
  let registered = false;
  const c = contributor(client);
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
      // No label (4th argument): see above.
      const ok = api.registerContributor(SCHEMA_SCHEME, c.requestSchema, c.requestSchemaContent);
      registered = ok;
      if (ok) for (const doc of vscode.workspace.textDocuments) c.prefetch(doc);
      output.appendLine(`[client] ${ok ? 'registered as a schema contributor of' : 'could not register a schema contributor with'} ${YAML_EXTENSION_ID}`);
    } catch (err) {
      output.appendLine(`[client] ${YAML_EXTENSION_ID}: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  void tryRegister();
  // Answers are asked for ahead only while the YAML extension is there to use them.
  return vscode.Disposable.from(
    vscode.extensions.onDidChange(() => void tryRegister()),
    vscode.workspace.onDidOpenTextDocument((doc) => registered && c.prefetch(doc)),
    vscode.workspace.onDidChangeTextDocument((e) => registered && c.prefetch(e.document)),
    // Kustomize roles, versions and gates may change with any saved YAML file or setting: ask again.
    vscode.workspace.onDidSaveTextDocument(() => c.clear()),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(SETTINGS_SECTION) || e.affectsConfiguration('yaml.schemas')) c.clear();
    }),
  );
}
