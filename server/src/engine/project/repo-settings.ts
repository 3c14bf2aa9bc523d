// Which `.kubegate.yaml` governs a file: the nearest one from the file's folder up to the file's project root
// (never above it), read through the host and parsed once per version of the settings file. The CLI and the
// language server both ask the project (project.ts), so they agree on the file, on its settings and on its
// problems, whatever the CLI's working directory.
import * as path from 'node:path';
import type { ProjectHost } from './host';
import type { RootScope } from './root';
import { isWithin } from '../base/paths';
import { parseRepoConfig, REPO_CONFIG_NAME, type RepoConfig } from './repo-config';

/** A settings file larger than this is not read (it is a problem of the settings). */
const MAX_REPO_CONFIG_BYTES = 1024 * 1024;

/** The `.kubegate.yaml` governing a file or folder, with what it says. */
export interface RepoSettings {
  /** The settings file (absolute). */
  file: string;
  /** Its settings; undefined when it is not read (`unread`). With `problems`, they must not be used silently. */
  config?: RepoConfig;
  /** `file:line: message` per problem of its content, or why it is not read. */
  problems: string[];
  /** The entry is not a settings file to read: a folder or other non-regular entry of that name, or a link
   *  leaving the root (the CLI notes it and goes on; a file with `problems` only is invalid). */
  unread?: boolean;
}

interface Parsed {
  version?: string;
  value: Omit<RepoSettings, 'file'>;
}

export class RepoSettingsScope {
  /** Per folder and root, the nearest settings file (null: none). Kept until something changes. */
  private readonly nearest = new Map<string, string | null>();
  /** Per settings file, what it says (kept per host version of the file). */
  private readonly parsed = new Map<string, Parsed>();

  constructor(
    private readonly host: ProjectHost,
    private readonly roots: RootScope,
  ) {}

  /**
   * The settings governing `file`: the nearest `.kubegate.yaml` from its folder up to its root, read through the
   * host (inside the root once links are followed) and parsed once per version of that file. The front ends apply
   * it under their own settings (resolve-settings.ts: the front end wins where it says something). `file` may be
   * a folder's settings file name (the CLI's working directory: its run policy).
   */
  of(file: string): RepoSettings | undefined {
    return this.settingsIn(path.dirname(file), this.roots.rootOf(file));
  }

  /** The settings governing what is in the folder `dir`. */
  at(dir: string): RepoSettings | undefined {
    return this.of(path.join(dir, REPO_CONFIG_NAME));
  }

  /** A file changed (no argument: anything may have). */
  forget(file?: string): void {
    this.nearest.clear();
    if (file === undefined) this.parsed.clear();
    else this.parsed.delete(file);
  }

  /** The settings governing what is in `dir` (absolute), looked for from `dir` up to `root` inclusive. */
  private settingsIn(dir: string, root: string): RepoSettings | undefined {
    const file = this.find(dir, root);
    if (file === undefined) return undefined;
    const kind = this.host.kind(file);
    if (kind !== 'file') {
      return { file, problems: [`${file} is ${kind === 'dir' ? 'a folder' : 'not a regular file'}, not a settings file; it is not read.`], unread: true };
    }
    if (!this.roots.isInside(file, root)) return { file, problems: [`${file} links outside the repository (${root}); it is not read.`], unread: true };
    return { file, ...this.read(file) };
  }

  private find(dir: string, root: string): string | undefined {
    const key = `${root}\u0000${dir}`;
    let found = this.nearest.get(key);
    if (found === undefined) {
      found = null;
      for (let d = dir; ; ) {
        const candidate = path.join(d, REPO_CONFIG_NAME);
        if (this.host.kind(candidate) !== undefined) {
          found = candidate;
          break;
        }
        const parent = path.dirname(d);
        if (d === root || parent === d || !isWithin(root, parent)) break;
        d = parent;
      }
      this.nearest.set(key, found);
    }
    return found ?? undefined;
  }

  private read(file: string): Omit<RepoSettings, 'file'> {
    const version = this.host.versionOf?.(file);
    const hit = this.parsed.get(file);
    if (hit && (!this.host.versionOf || hit.version === version)) return hit.value;
    const text = this.host.readFile(file);
    let value: Omit<RepoSettings, 'file'>;
    if (text === undefined) value = { problems: [`${file}: cannot be read`] };
    else if (text.length > MAX_REPO_CONFIG_BYTES) value = { problems: [`${file}: larger than 1 MiB; not read`] };
    else value = parseRepoConfig(text, file);
    this.parsed.set(file, { ...(version !== undefined ? { version } : {}), value });
    return value;
  }
}
