// The palette commands. Each is a thin call to a custom request of the shared protocol.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import {
  ExplainRequest,
  KindConfigRequest,
  RefreshClusterRequest,
  type ExplainParams,
  type ExplainResult,
  type KindConfigParams,
  type KindConfigResult,
  type RefreshClusterParams,
  type RefreshClusterResult,
} from '../../server/src/contract/protocol';
import { SETTINGS, SETTINGS_SECTION } from '../../server/src/contract/settings';
import { COMMANDS, INTERNAL_COMMANDS } from './commandIds';
import { setFeatureGate } from './featureGateSetting';
import { escapeHtml } from './gateReportHtml';
import type { GateView } from './gateView';

export interface CommandDeps {
  client: LanguageClient;
  gateView: GateView;
  output: vscode.OutputChannel;
}

function versionChoices(): string[] {
  const spec = SETTINGS.find((s) => s.name === `${SETTINGS_SECTION}.kubernetesVersion`);
  return [...(spec?.enum ?? [])];
}

async function setVersion(): Promise<void> {
  const config = vscode.workspace.getConfiguration(SETTINGS_SECTION);
  const current = config.get<string>('kubernetesVersion');
  const picked = await vscode.window.showQuickPick(
    versionChoices().map((v) => ({
      label: v === 'cluster' ? 'cluster' : `Kubernetes ${v}`,
      value: v,
      description: v === current ? 'current' : v === 'cluster' ? 'the version of the connected cluster' : undefined,
    })),
    { title: 'Kubegate: target Kubernetes version', placeHolder: 'Version the manifests are checked against' },
  );
  if (!picked) return;
  const target = vscode.workspace.workspaceFolders?.length ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
  await config.update('kubernetesVersion', picked.value, target);
}

async function createKindConfig(client: LanguageClient): Promise<void> {
  const result = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: 'Kubegate: collecting the gates this workspace needs' },
    () => client.sendRequest(KindConfigRequest, {} satisfies KindConfigParams),
  );
  if (result.gates.length === 0) {
    void vscode.window.showInformationMessage('Kubegate: no manifest in this workspace needs a feature gate that is off by default.');
  }
  const doc = await vscode.workspace.openTextDocument({ language: 'yaml', content: result.text });
  await vscode.window.showTextDocument(doc);
}

async function refreshCluster(client: LanguageClient): Promise<void> {
  if (!vscode.workspace.isTrusted) {
    const manage = 'Manage Workspace Trust';
    const answer = await vscode.window.showWarningMessage(
      'Kubegate reads no kubeconfig and contacts no cluster in an untrusted workspace.',
      manage,
    );
    if (answer === manage) await vscode.commands.executeCommand('workbench.trust.manage');
    return;
  }
  const config = vscode.workspace.getConfiguration(SETTINGS_SECTION);
  if (!config.get<boolean>('cluster.enabled')) {
    const enable = 'Enable Cluster Access';
    const answer = await vscode.window.showInformationMessage(
      'Kubegate reads the cluster of your kubeconfig only when kubegate.cluster.enabled is on. Turn it on for this workspace?',
      enable,
    );
    if (answer !== enable) return;
    await config.update('cluster.enabled', true, vscode.ConfigurationTarget.Workspace);
  }
  const state = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: 'Kubegate: reading the cluster…' },
    () => client.sendRequest(RefreshClusterRequest, {} satisfies RefreshClusterParams),
  );
  const where = state.context ? ` (${state.context})` : '';
  const notes = state.notes.length ? ` ${state.notes.join(' ')}` : '';
  if (state.state === 'connected') {
    void vscode.window.showInformationMessage(`Kubegate: connected${where}${state.gitVersion ? `, ${state.gitVersion}` : ''}.${notes}`);
  } else {
    void vscode.window.showWarningMessage(`Kubegate: cluster ${state.state}${where}.${notes}`);
  }
}

async function renderMarkdown(markdown: string): Promise<string> {
  try {
    const html = await vscode.commands.executeCommand<string>('markdown.api.render', markdown);
    if (typeof html === 'string') return html;
  } catch {
    // the built-in Markdown extension is disabled: fall back to plain text
  }
  return `<pre>${escapeHtml(markdown)}</pre>`;
}

async function explain(client: LanguageClient): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    void vscode.window.showInformationMessage('Kubegate: open a YAML manifest and put the cursor on a field first.');
    return;
  }
  const params: ExplainParams = {
    textDocument: { uri: editor.document.uri.toString() },
    position: { line: editor.selection.active.line, character: editor.selection.active.character },
  };
  const result = await client.sendRequest(ExplainRequest, params);
  if (!result) {
    void vscode.window.showInformationMessage('Kubegate: nothing to explain at the cursor.');
    return;
  }
  const panel = vscode.window.createWebviewPanel('kubegate.explain', 'Kubegate: Explain', vscode.ViewColumn.Beside, {
    enableScripts: false,
    localResourceRoots: [],
  });
  const body = await renderMarkdown(result.markdown);
  panel.webview.html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src ${panel.webview.cspSource} 'unsafe-inline';">
<style>
body { font-family: var(--vscode-font-family); color: var(--vscode-foreground); }
a { color: var(--vscode-textLink-foreground); }
table { border-collapse: collapse; }
th, td { padding: 2px 8px; border: 1px solid var(--vscode-panel-border); }
code { font-family: var(--vscode-editor-font-family); background: var(--vscode-textCodeBlock-background); padding: 0 3px; }
</style>
</head><body>${body}</body></html>`;
}

function guarded(name: string, output: vscode.OutputChannel, fn: () => Promise<void>): () => Promise<void> {
  return async () => {
    try {
      await fn();
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      output.appendLine(`[client] ${name} failed: ${message}`);
      void vscode.window.showErrorMessage(`Kubegate: ${name} failed: ${message}`);
    }
  };
}

export function registerCommands(deps: CommandDeps): vscode.Disposable[] {
  const { client, gateView, output } = deps;
  return [
    vscode.commands.registerCommand(COMMANDS.showGates, guarded('showing the gates', output, () => gateView.show())),
    vscode.commands.registerCommand(COMMANDS.createKindConfig, guarded('creating the kind config', output, () => createKindConfig(client))),
    vscode.commands.registerCommand(COMMANDS.setVersion, guarded('setting the version', output, setVersion)),
    vscode.commands.registerCommand(COMMANDS.refreshCluster, guarded('reading the cluster', output, () => refreshCluster(client))),
    vscode.commands.registerCommand(COMMANDS.explain, guarded('explaining', output, () => explain(client))),
    vscode.commands.registerCommand(COMMANDS.showLog, () => output.show(true)),
    vscode.commands.registerCommand(
      COMMANDS.restart,
      guarded('restarting the language server', output, async () => {
        output.appendLine('[client] restarting the language server (command)');
        await client.restart();
        await gateView.refresh();
      }),
    ),
    vscode.commands.registerCommand(INTERNAL_COMMANDS.setFeatureGate, async (gate: unknown, value: unknown, uri: unknown) => {
      try {
        await setFeatureGate(gate, value, uri);
      } catch (err) {
        void vscode.window.showErrorMessage(`Kubegate: ${err instanceof Error ? err.message : String(err)}`);
      }
    }),
  ];
}
