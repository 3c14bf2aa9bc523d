// The status bar item: target version and gate sources from `kubegate/status`; a click opens the gate view.
import * as vscode from 'vscode';
import type { StatusParams } from '../../server/src/contract/protocol';
import { formatStatus, newSettingErrors } from './statusText';
import { COMMANDS } from './commandIds';

export class KubegateStatusBar implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private last: StatusParams | undefined;
  /** Setting errors already notified (each is notified once per session). */
  private readonly shownErrors = new Set<string>();

  private readonly onEditor: vscode.Disposable;

  constructor() {
    // The item follows the active editor: the version and configs that apply to that document.
    this.onEditor = vscode.window.onDidChangeActiveTextEditor(() => this.render());
    this.item = vscode.window.createStatusBarItem('kubegate.status', vscode.StatusBarAlignment.Right, 100);
    this.item.name = 'Kubegate';
    this.item.command = COMMANDS.showGates;
    this.item.text = '$(sync~spin) Kubegate';
    this.item.tooltip = 'Kubegate language server is starting';
  }

  show(): void {
    this.item.show();
  }

  update(status: StatusParams): void {
    this.last = status;
    this.render();
    const fresh = newSettingErrors(status, this.shownErrors);
    if (fresh.length > 0) void vscode.window.showWarningMessage(`Kubegate: ${fresh.join(' ')}`);
  }

  /** Re-renders with the current trust state (after trust is granted). */
  render(): void {
    if (!this.last) return;
    const relativeOf = (uri: string): string => vscode.workspace.asRelativePath(vscode.Uri.parse(uri), false);
    const view = formatStatus(this.last, vscode.workspace.isTrusted, vscode.window.activeTextEditor?.document.uri.toString(), relativeOf);
    this.item.text = view.text;
    const tooltip = new vscode.MarkdownString(view.tooltip);
    tooltip.supportThemeIcons = true;
    this.item.tooltip = tooltip;
    this.item.backgroundColor = view.warning ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
  }

  failed(message: string): void {
    this.item.text = '$(error) Kubegate';
    this.item.tooltip = message;
  }

  dispose(): void {
    this.onEditor.dispose();
    this.item.dispose();
  }
}
