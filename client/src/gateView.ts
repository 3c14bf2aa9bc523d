// The gate view: a webview listing the gates the workspace needs (`kubegate/gateReport`), with KEP links and
// links to where each gate is used and set. One panel, refreshed when shown again.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { GATE_REPORT_REQUEST, type GateReportParams, type GateReportResult, type LspLocation } from '../../server/src/contract/protocol';
import { renderGateReport } from './gateReportHtml';

export const GATE_VIEW_TYPE = 'kubegate.gates';

function nonce(): string {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let out = '';
  for (let i = 0; i < 32; i++) out += chars[Math.floor(Math.random() * chars.length)];
  return out;
}

async function openLocation(loc: LspLocation): Promise<void> {
  const uri = vscode.Uri.parse(loc.uri);
  const range = new vscode.Range(loc.range.start.line, loc.range.start.character, loc.range.end.line, loc.range.end.character);
  await vscode.window.showTextDocument(uri, { selection: range, viewColumn: vscode.ViewColumn.One });
}

export class GateView implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;

  constructor(private readonly client: LanguageClient) {}

  async show(): Promise<void> {
    // The server scans the workspace's YAML files: show progress in the status bar while it does.
    const report = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: 'Kubegate: collecting the gates this workspace needs' },
      () => this.client.sendRequest<GateReportResult>(GATE_REPORT_REQUEST, {} satisfies GateReportParams),
    );
    if (!this.panel) {
      this.panel = vscode.window.createWebviewPanel(GATE_VIEW_TYPE, 'Kubegate: Feature Gates', vscode.ViewColumn.Beside, {
        enableScripts: true,
        localResourceRoots: [],
      });
      this.panel.onDidDispose(() => (this.panel = undefined));
      this.panel.webview.onDidReceiveMessage((m: { type?: string; location?: LspLocation }) => {
        if (m.type === 'open' && m.location) void openLocation(m.location);
      });
    } else {
      this.panel.reveal();
    }
    this.panel.webview.html = renderGateReport(report, { nonce: nonce(), cspSource: this.panel.webview.cspSource });
  }

  dispose(): void {
    this.panel?.dispose();
  }
}
