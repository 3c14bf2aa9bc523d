// Entry point of the VS Code extension: starts the Kubegate language server (bundled as dist/server.js)
// and wires the status bar, the gate view and the commands to it. No analysis happens here.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { StatusNotification, type StatusParams } from '../../server/src/contract/protocol';
import { registerCommands } from './commands';
import { GateView } from './gateView';
import { createLanguageClient } from './languageClient';
import { KubegateStatusBar } from './statusBar';
import { watchYamlExtension } from './yamlExtension';
import { registerYamlSchemas } from './yamlSchemas';

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const output = vscode.window.createOutputChannel('Kubegate', { log: true });
  const statusBar = new KubegateStatusBar();
  const lc = createLanguageClient(context, output);
  client = lc;
  const gateView = new GateView(lc);
  context.subscriptions.push(output, statusBar, gateView, ...registerCommands({ client: lc, gateView, output }));

  context.subscriptions.push(
    lc.onNotification(StatusNotification, (status: StatusParams) => {
      statusBar.update(status);
      gateView.scheduleRefresh();
    }),
    // Trust granted: the server was told it may not use the cluster; start it again with the new options.
    vscode.workspace.onDidGrantWorkspaceTrust(async () => {
      statusBar.render();
      output.appendLine('[client] workspace trusted: restarting the language server');
      await lc.restart();
    }),
  );
  statusBar.show();
  try {
    await lc.start();
    // Red Hat's YAML extension (when installed) gets Kubegate's JSON Schemas for Kubernetes documents, and reports
    // plain YAML syntax errors in Kubegate's place.
    context.subscriptions.push(registerYamlSchemas(lc, output), watchYamlExtension(lc));
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    output.appendLine(`[client] the language server did not start: ${message}`);
    statusBar.failed(`Kubegate language server did not start: ${message}`);
    throw err;
  }
}

export async function deactivate(): Promise<void> {
  const c = client;
  client = undefined;
  if (c) await c.stop();
}
