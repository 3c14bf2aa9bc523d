// What the extension may do in an untrusted or virtual workspace. Pure functions (no vscode import) so
// that the rules can be unit-tested: in an untrusted workspace the server never reads a kubeconfig nor
// talks to a cluster, whatever the user or workspace settings say.
import { SETTINGS_SECTION } from '../../server/src/contract/settings';
import type { InitializationOptions } from '../../server/src/contract/protocol';

/** Settings that reach a cluster; VS Code ignores their workspace values while the workspace is untrusted,
 *  and the client also forces them off (user-level values would still apply otherwise). */
export const CLUSTER_SETTINGS = [
  `${SETTINGS_SECTION}.cluster.enabled`,
  `${SETTINGS_SECTION}.cluster.context`,
  `${SETTINGS_SECTION}.cluster.kubeconfig`,
] as const;

/** Glob settings that choose which files are read as manifests or gate configs: a cloned repository must not set
 *  them while untrusted. VS Code ignores their workspace values then; the client also leaves them empty (the
 *  defaults apply: every YAML file; configs found next to the manifests). */
export const FILE_SELECTION_SETTINGS = [`${SETTINGS_SECTION}.files`, `${SETTINGS_SECTION}.configFiles`] as const;

/** package.json capabilities.untrustedWorkspaces.restrictedConfigurations. */
export const RESTRICTED_SETTINGS = [...CLUSTER_SETTINGS, ...FILE_SELECTION_SETTINGS] as const;

/** What the VS Code client sends as initializationOptions: the contract's fields it always fills in. */
export type KubegateInitOptions = InitializationOptions & Required<Pick<InitializationOptions, 'workspaceTrusted' | 'virtualWorkspace' | 'client' | 'serverSnippets'>>;

export function initOptions(trusted: boolean, virtualWorkspace: boolean, settingCommand?: string): KubegateInitOptions {
  return { workspaceTrusted: trusted, virtualWorkspace, client: 'vscode', serverSnippets: true, ...(settingCommand ? { settingCommand } : {}) };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Restricts one answer of `workspace/configuration` (or the value pushed with didChangeConfiguration)
 * for an untrusted workspace. `section` is the requested section (`kubegate`, `kubegate.cluster`,
 * `kubegate.cluster.enabled`, or undefined for the whole configuration). Returns a copy; never mutates.
 */
export function restrictSection(section: string | undefined, value: unknown, trusted: boolean): unknown {
  if (trusted) return value;
  const off = { enabled: false, context: '', kubeconfig: '' };
  switch (section) {
    case `${SETTINGS_SECTION}.cluster.enabled`:
      return false;
    case `${SETTINGS_SECTION}.cluster.context`:
    case `${SETTINGS_SECTION}.cluster.kubeconfig`:
      return '';
    case `${SETTINGS_SECTION}.cluster`:
      return { ...(isRecord(value) ? value : {}), ...off };
    case `${SETTINGS_SECTION}.files`:
    case `${SETTINGS_SECTION}.configFiles`:
      return [];
    case SETTINGS_SECTION: {
      const copy: Record<string, unknown> = { ...(isRecord(value) ? value : {}) };
      delete copy['cluster.enabled'];
      delete copy['cluster.context'];
      delete copy['cluster.kubeconfig'];
      copy.cluster = { ...(isRecord(copy.cluster) ? copy.cluster : {}), ...off };
      copy.files = [];
      copy.configFiles = [];
      return copy;
    }
    case undefined:
    case '': {
      const root: Record<string, unknown> = { ...(isRecord(value) ? value : {}) };
      root[SETTINGS_SECTION] = restrictSection(SETTINGS_SECTION, root[SETTINGS_SECTION], false);
      return root;
    }
    default:
      return value;
  }
}

/** True when no workspace folder lives on the local (or remote) file system. */
export function isVirtualWorkspace(folderSchemes: readonly string[]): boolean {
  return folderSchemes.length > 0 && folderSchemes.every((s) => s !== 'file' && s !== 'vscode-remote');
}
