// Settings per document: asked with workspace/configuration (scopeUri) when the client supports it, else
// taken from the last workspace/didChangeConfiguration push, else the defaults. Cached per URI until the
// configuration changes.
import type { Connection } from 'vscode-languageserver/node';
import { resolveSettings, SETTINGS_SECTION, type ResolvedSettings } from '../contract/settings';

export class DocumentSettings {
  private readonly cache = new Map<string, Promise<ResolvedSettings>>();
  private pushed: unknown;
  private pullSupported = false;

  constructor(private readonly connection: Connection) {}

  setPullSupported(value: boolean): void {
    this.pullSupported = value;
  }

  /** A didChangeConfiguration push: keeps its `kubegate` section (if any) and forgets cached answers. */
  onPush(settings: unknown): void {
    if (settings && typeof settings === 'object' && SETTINGS_SECTION in (settings as object)) {
      this.pushed = (settings as Record<string, unknown>)[SETTINGS_SECTION];
    }
    this.cache.clear();
  }

  forget(uri: string): void {
    this.cache.delete(uri);
  }

  get(uri: string | undefined): Promise<ResolvedSettings> {
    const key = uri ?? '';
    let p = this.cache.get(key);
    if (!p) {
      p = this.fetch(uri);
      this.cache.set(key, p);
    }
    return p;
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
    return resolveSettings(raw);
  }
}
