// The quick fixes that change a setting (the server's settingCommand): "enable the gate in the settings" writes
// kubegate.featureGates[gate] = value at the most specific level that covers the document (folder, workspace,
// else user), keeping the other entries there; ("kubernetesVersion", "1.35") sets kubegate.kubernetesVersion at
// the same level (the version-mismatch fix).
import * as vscode from 'vscode';
import { SETTINGS_SECTION } from '../../server/src/contract/settings';

export async function setFeatureGate(gate: unknown, value: unknown, uri?: unknown): Promise<void> {
  if (gate === 'kubernetesVersion' && typeof value === 'string') return setTargetVersion(value, uri);
  if (typeof gate !== 'string' || gate === '' || typeof value !== 'boolean') {
    throw new Error('setFeatureGate needs a gate name and true/false');
  }
  const resource = typeof uri === 'string' ? vscode.Uri.parse(uri) : undefined;
  const folder = resource ? vscode.workspace.getWorkspaceFolder(resource) : undefined;
  const config = vscode.workspace.getConfiguration(SETTINGS_SECTION, resource);
  const seen = config.inspect<Record<string, boolean>>('featureGates');
  const multiRoot = (vscode.workspace.workspaceFolders?.length ?? 0) > 1;
  const [target, current] = folder
    ? multiRoot
      ? [vscode.ConfigurationTarget.WorkspaceFolder, seen?.workspaceFolderValue]
      : [vscode.ConfigurationTarget.Workspace, seen?.workspaceValue]
    : vscode.workspace.workspaceFolders?.length
      ? [vscode.ConfigurationTarget.Workspace, seen?.workspaceValue]
      : [vscode.ConfigurationTarget.Global, seen?.globalValue];
  await config.update('featureGates', { ...(current ?? {}), [gate]: value }, target);
}

async function setTargetVersion(version: string, uri?: unknown): Promise<void> {
  const resource = typeof uri === 'string' ? vscode.Uri.parse(uri) : undefined;
  const folder = resource ? vscode.workspace.getWorkspaceFolder(resource) : undefined;
  const config = vscode.workspace.getConfiguration(SETTINGS_SECTION, resource);
  const multiRoot = (vscode.workspace.workspaceFolders?.length ?? 0) > 1;
  const target = folder
    ? multiRoot
      ? vscode.ConfigurationTarget.WorkspaceFolder
      : vscode.ConfigurationTarget.Workspace
    : vscode.workspace.workspaceFolders?.length
      ? vscode.ConfigurationTarget.Workspace
      : vscode.ConfigurationTarget.Global;
  await config.update('kubernetesVersion', version, target);
}
