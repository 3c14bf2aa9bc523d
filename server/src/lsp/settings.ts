// Settings per document: asked with workspace/configuration (scopeUri) when the client supports it, else
// taken from the last workspace/didChangeConfiguration push, else the defaults. Kept in the document's snapshot
// (the workspace's here) until the configuration changes.
import type { Connection } from 'vscode-languageserver/node';
import { isIgnored, withRepoConfig } from '../contract/repo-config';
import { resolveSettings, SETTINGS_SECTION, type ResolvedSettings } from '../contract/settings';
import { DEFAULT_VERSION } from '../engine';
import type { RepoConfigLookup } from './repo-config';
import type { Snapshots } from './snapshots';

export class DocumentSettings {
  /** The settings of no document in particular (the workspace's). */
  private workspace?: Promise<ResolvedSettings>;
  private pushed: unknown;
  private pullSupported = false;

  /** `repoConfig` finds the `.kubegate.yaml` of a document; `trusted` false keeps its file globs out. */
  constructor(
    private readonly snapshots: Snapshots,
    private readonly connection: Connection,
    private readonly repoConfig?: (uri: string | undefined) => RepoConfigLookup | undefined,
    private readonly trusted: () => boolean = () => true,
  ) {}

  /** Forgets every cached answer (a `.kubegate.yaml` changed). */
  forgetAll(): void {
    this.workspace = undefined;
    this.snapshots.dropSettings();
  }

  setPullSupported(value: boolean): void {
    this.pullSupported = value;
  }

  /** A didChangeConfiguration push: keeps its `kubegate` section (if any) and forgets cached answers. */
  onPush(settings: unknown): void {
    if (settings && typeof settings === 'object' && SETTINGS_SECTION in (settings as object)) {
      this.pushed = (settings as Record<string, unknown>)[SETTINGS_SECTION];
    }
    this.forgetAll();
  }

  get(uri: string | undefined): Promise<ResolvedSettings> {
    if (uri === undefined) return (this.workspace ??= this.fetch(undefined));
    const snapshot = this.snapshots.of(uri);
    return (snapshot.settings ??= this.fetch(uri));
  }

  private async fetch(uri: string | undefined): Promise<ResolvedSettings> {
    let raw: unknown;
    if (this.pullSupported) {
      try {
        raw = await this.connection.workspace.getConfiguration({ scopeUri: uri, section: SETTINGS_SECTION });
      } catch {
        raw = undefined;
      }
    }
    if (raw === undefined || raw === null) raw = this.pushed;
    const resolved = resolveSettings(raw);
    // An untrusted workspace's own settings must not choose which files are read (VS Code already drops their
    // workspace values; other editors get the same rule here): the default selection applies.
    if (!this.trusted()) resolved.settings = { ...resolved.settings, files: [], configFiles: [] };
    return this.withRepo(resolved, uri);
  }

  /** The user's settings over the repository's `.kubegate.yaml` (the user wins where both say something). */
  private withRepo(resolved: ResolvedSettings, uri: string | undefined): ResolvedSettings {
    let lookup: RepoConfigLookup | undefined;
    try {
      lookup = this.repoConfig?.(uri);
    } catch {
      lookup = undefined;
    }
    if (!lookup) return resolved;
    const problems = [...resolved.problems, ...lookup.problems];
    const repo = lookup.config;
    if (!repo) return { ...resolved, problems };
    // In an untrusted workspace the file's globs (files, ignore, configFiles) are not used.
    const safe = this.trusted()
      ? repo
      : { ...repo, files: [], ignore: [], configFiles: [], ...(repo.customResources ? { customResources: { ...repo.customResources, crdFiles: [] } } : {}) };
    const userSetVersion = resolved.settings.kubernetesVersion !== DEFAULT_VERSION;
    return {
      settings: withRepoConfig(resolved.settings, safe, userSetVersion, lookup.root),
      problems,
      repoConfig: { file: repo.file, ignored: (file) => isIgnored(safe, file) },
    };
  }
}
