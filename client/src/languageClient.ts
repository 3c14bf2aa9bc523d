// Creates the language client: the bundled server (dist/server.js) started over Node IPC, YAML documents,
// the server log in an output channel, and the workspace-trust restrictions applied to every settings
// answer the server receives.
import * as vscode from 'vscode';
import {
  DidChangeConfigurationNotification,
  LanguageClient,
  TransportKind,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';
import { SERVER_NODE_OPTIONS } from '../../server/src/contract/server-launch';
import { SETTINGS_SECTION } from '../../server/src/contract/settings';
import { INTERNAL_COMMANDS } from './commandIds';
import { initOptions, isVirtualWorkspace, restrictSection } from './trust';
import { yamlExtensionActive } from './yamlExtension';

export const CLIENT_ID = 'kubegate';
export const CLIENT_NAME = 'Kubegate';

export function workspaceIsVirtual(): boolean {
  return isVirtualWorkspace((vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.scheme));
}

function documentSelector(): LanguageClientOptions['documentSelector'] {
  const selector: { language: string; scheme: string }[] = [
    { language: 'yaml', scheme: 'file' },
    { language: 'yaml', scheme: 'untitled' },
  ];
  // In a virtual workspace (e.g. a repository opened from the web) the files have other schemes; the server
  // then checks open documents only.
  for (const f of vscode.workspace.workspaceFolders ?? []) {
    if (!selector.some((s) => s.scheme === f.uri.scheme)) selector.push({ language: 'yaml', scheme: f.uri.scheme });
  }
  return selector;
}

/** The `kubegate` section as the server may see it (trust restrictions applied). */
export function currentSettings(): unknown {
  const raw = vscode.workspace.getConfiguration().get(SETTINGS_SECTION);
  return restrictSection(SETTINGS_SECTION, raw, vscode.workspace.isTrusted);
}

export function createLanguageClient(context: vscode.ExtensionContext, output: vscode.LogOutputChannel): LanguageClient {
  const module = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc, options: { execArgv: [...SERVER_NODE_OPTIONS] } },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: [...SERVER_NODE_OPTIONS, '--nolazy', '--inspect=6011'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: documentSelector(),
    outputChannel: output,
    initializationOptions: () => ({ ...initOptions(vscode.workspace.isTrusted, workspaceIsVirtual(), INTERNAL_COMMANDS.setFeatureGate), yamlExtensionActive: yamlExtensionActive() }),
    synchronize: {
      fileEvents: workspaceIsVirtual() ? undefined : vscode.workspace.createFileSystemWatcher('**/*.{yaml,yml}'),
    },
    middleware: {
      workspace: {
        configuration: async (params, token, next) => {
          const result = await next(params, token);
          if (!Array.isArray(result)) return result;
          const trusted = vscode.workspace.isTrusted;
          return result.map((value, i) => restrictSection(params.items[i]?.section, value, trusted));
        },
        // The library pushes the `kubegate` section on every change once the server registers for it; this is
        // the one push path, and it sends the section with the trust restrictions applied.
        didChangeConfiguration: async () => {
          await client?.sendNotification(DidChangeConfigurationNotification.type, {
            settings: { [SETTINGS_SECTION]: currentSettings() },
          });
        },
      },
    },
  };
  const client: LanguageClient = new LanguageClient(CLIENT_ID, CLIENT_NAME, serverOptions, clientOptions);
  return client;
}
