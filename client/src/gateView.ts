// The gate view: a webview listing the gates the workspace needs (`kubegate/gateReport`), with KEP links and
// links to where each gate is used and set. One panel, refreshed whenever Kubegate's problems, its settings or
// a YAML file change.
import * as vscode from 'vscode';
import { SETTINGS_SECTION } from '../../server/src/contract/settings';
import type { LanguageClient } from 'vscode-languageclient/node';
import { GateReportRequest, type GateReportParams, type GateReportResult, type LspLocation } from '../../server/src/contract/protocol';
import { renderGateReport, renderGateReportBody } from './gateReportHtml';

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
  private timer: ReturnType<typeof setTimeout> | undefined;
  private generation = 0;
  private readonly subscriptions: vscode.Disposable[] = [];
  /** The panel whose page is loaded (later reports go to it as update messages) and the last report shown. */
  private shown: vscode.WebviewPanel | undefined;
  private lastReport: string | undefined;

  constructor(private readonly client: LanguageClient) {
    // Anything that can change the report: Kubegate's problems (a fix applied, a config edited, the version
    // switched: the server re-checks and publishes), settings, saved or changed YAML files.
    this.subscriptions.push(
      vscode.languages.onDidChangeDiagnostics(() => this.scheduleRefresh()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(SETTINGS_SECTION)) this.scheduleRefresh();
      }),
      vscode.workspace.onDidSaveTextDocument((d) => {
        if (d.languageId === 'yaml') this.scheduleRefresh();
      }),
    );
  }

  async show(): Promise<void> {
    // The server scans the workspace's YAML files: show progress in the status bar while it does.
    const report = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: 'Kubegate: collecting the gates this workspace needs' },
      () => this.request(),
    );
    if (!this.panel) {
      this.panel = vscode.window.createWebviewPanel(GATE_VIEW_TYPE, 'Kubegate: Feature Gates', vscode.ViewColumn.Beside, {
        enableScripts: true,
        // Kept while hidden, so that updates sent in the meantime are not lost.
        retainContextWhenHidden: true,
        localResourceRoots: [],
      });
      this.panel.onDidDispose(() => (this.panel = undefined));
      this.panel.webview.onDidReceiveMessage((m: { type?: string; location?: LspLocation }) => {
        if (m.type === 'open' && m.location) void openLocation(m.location);
      });
    } else {
      this.panel.reveal();
    }
    this.render(report);
  }

  /** Something changed: ask the server again (once per short pause) while the view is open. */
  scheduleRefresh(): void {
    if (!this.panel) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.refresh();
    }, 300);
  }

  async refresh(): Promise<void> {
    if (!this.panel || !this.client.isRunning()) return;
    const gen = ++this.generation;
    try {
      const report = await this.request();
      if (gen === this.generation) this.render(report);
    } catch {
      // the server restarts or stops: the next change refreshes again
    }
  }

  private request(): Promise<GateReportResult> {
    return this.client.sendRequest(GateReportRequest, {} satisfies GateReportParams);
  }

  private render(report: GateReportResult): void {
    if (!this.panel) return;
    const key = JSON.stringify(report);
    if (this.shown === this.panel && key === this.lastReport) return; // nothing changed
    if (this.shown === this.panel) {
      // Update in place: reloading the page would take the focus (and close an open quick pick).
      void this.panel.webview.postMessage({ type: 'update', html: renderGateReportBody(report) });
    } else {
      this.panel.webview.html = renderGateReport(report, { nonce: nonce(), cspSource: this.panel.webview.cspSource });
      this.shown = this.panel;
    }
    this.lastReport = key;
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    for (const d of this.subscriptions) d.dispose();
    this.panel?.dispose();
  }
}
