// The repository's `.kubegate.yaml` as the CLI reads it: found by the project model for each input (the nearest
// above the file, within its repository) and for the working directory, validated (problems are usage errors),
// and its configFiles resolved.
import * as path from 'node:path';
import { exclusionOf, isManifestName, isWantedFile, parseRepoConfig, Project, type NamedFiles, type RepoConfig, type RepoSettings } from '../engine';
import { cliHost } from './project-host';
import { UsageError } from './args';
import { repositoryRoot } from './confine';
import { cwdOf, type CliIO } from './io';
import { shown } from './shown-text';

export function existsIn(io: CliIO): (p: string) => boolean {
  return (p) => (io.stat ? io.stat(p) !== undefined : io.kind(p) !== undefined);
}

/** The repository root of the working directory (nearest folder with .git, else the working directory). */
export function repoRootOf(io: CliIO): string {
  const cwd = io.cwd?.() ?? process.cwd();
  return repositoryRoot(cwd, existsIn(io), cwd);
}

/**
 * The repository settings of one CLI run, as the project model finds them (the same answer the language server
 * gets): per input, the `.kubegate.yaml` governing it (the nearest above the file, within its repository), and
 * for the run's own policy (failOn, maxWarnings, unchecked) the one governing the working directory. A settings
 * file that is not a regular file, or links outside the repository, is not read: a note names it. One with
 * problems makes the run a usage error (`check()`).
 */
export class RunRepoSettings {
  /** The run's one project (run-project.ts); without one (`kubegate gates`), a project of its own. */
  readonly project: Project;
  private readonly problems: SettingsProblems;
  /** `--settings FILE` (or `pin: true` of the working directory's settings): the settings of every file of the
   *  run; the `.kubegate.yaml` files around are not applied. */
  private readonly pinned: RepoConfig | undefined;
  /** What pinned them. */
  readonly pinnedBy: 'option' | 'key' | undefined;
  /** Settings files found governing some file of the run (absolute): the files each ignored, and whether it was applied. */
  readonly met = new Map<string, { ignored: number; applied: boolean }>();
  /** Whether an input was selected by `files` globs of a settings file. */
  filesGlobsUsed = false;

  constructor(
    private readonly io: CliIO,
    pinnedFile?: string,
    project?: Project,
  ) {
    this.project = project ?? new Project(cliHost(io), { fallbackRoot: cwdOf(io) });
    this.problems = new SettingsProblems(io);
    if (pinnedFile !== undefined) {
      this.pinned = readPinned(io, path.resolve(cwdOf(io), pinnedFile));
      this.pinnedBy = 'option';
    } else {
      const here = this.problems.usable(this.project.repoSettings.at(cwdOf(io)));
      if (here?.pin) [this.pinned, this.pinnedBy] = [here, 'key'];
    }
  }

  /** The settings governing the working directory (the run's policy and defaults). */
  atWorkingDirectory(): RepoConfig | undefined {
    return this.pinned ?? this.problems.usable(this.project.repoSettings.at(cwdOf(this.io)));
  }

  /** The settings governing `file` (absolute, or relative to the working directory). */
  of(file: string): RepoConfig | undefined {
    const found = this.project.repoSettings.of(path.resolve(cwdOf(this.io), file));
    if (this.pinned) {
      // A settings file around the file is not applied (not even read as valid): it is listed as such.
      if (found && !found.unread && found.file !== this.pinned.file) this.meet(found.file, false);
      this.meet(this.pinned.file, true);
      return this.pinned;
    }
    const config = this.problems.usable(found);
    if (config) this.meet(config.file, true);
    return config;
  }

  private meet(file: string, applied: boolean): { ignored: number; applied: boolean } {
    let use = this.met.get(file);
    if (!use) this.met.set(file, (use = { ignored: 0, applied }));
    return use;
  }

  /**
   * The files a list of a settings file names (its `configFiles`, or `customResources.crdFiles`), found by the
   * project model as the language server finds them (engine/project/named-files.ts): inside the repository once
   * links are followed, a glob walk bounded in folders and files; what is not read, and a glob that matches no
   * file, is said in a note naming the list.
   */
  namedFiles(named: NamedFiles | undefined): string[] {
    if (!named) return [];
    const found = this.project.named.find(named);
    for (const m of found.notes) this.problems.note(m);
    return found.files;
  }

  /** Whether a file found in a folder is checked: its own settings' `files` / `ignore`, else a manifest name. */
  wanted(file: string): boolean {
    const repo = this.of(file);
    if (repo?.files.length) this.filesGlobsUsed = true;
    if (!repo) return isManifestName(file);
    const full = path.resolve(cwdOf(this.io), file);
    const wanted = isWantedFile(repo, full);
    if (!wanted && isManifestName(file) && exclusionOf(repo, full) !== undefined) this.meet(repo.file, true).ignored++;
    return wanted;
  }

  /** Why a file named on the command line is not checked by its settings' `files` / `ignore`, or undefined. */
  excludedNamed(file: string): string | undefined {
    const repo = this.of(file);
    const why = repo ? exclusionOf(repo, path.resolve(cwdOf(this.io), file)) : undefined;
    if (why !== undefined) this.meet(repo!.file, true).ignored++;
    return why;
  }

  /** Throws the usage error of every settings file met that has problems (exit 2). */
  check(): void {
    this.problems.check();
  }
}

/** What is wrong with the settings files a run meets: a file not read is a note, one with problems a usage error. */
class SettingsProblems {
  private readonly invalid = new Map<string, string[]>();
  private readonly noted = new Set<string>();

  constructor(private readonly io: CliIO) {}

  /** The settings to apply, if they may be: one not read is noted, one with problems kept for `check`. */
  usable(found: RepoSettings | undefined): RepoConfig | undefined {
    if (!found) return undefined;
    if (found.unread) {
      for (const p of found.problems) this.note(p);
      return undefined;
    }
    if (found.problems.length > 0) {
      this.invalid.set(found.file, found.problems);
      return undefined;
    }
    return found.config;
  }

  check(): void {
    if (this.invalid.size === 0) return;
    const parts = [...this.invalid].map(([file, problems]) => `invalid ${path.basename(file)}:\n  ${problems.join('\n  ')}`);
    throw new UsageError(parts.join('\n'));
  }

  note(message: string): void {
    if (this.noted.has(message)) return;
    this.noted.add(message);
    this.io.err(`note: ${shown(message)}\n`);
  }
}

function readPinned(io: CliIO, file: string): RepoConfig {
  let text: string;
  try {
    text = io.readFile(file);
  } catch (err) {
    throw new UsageError(`--settings: cannot read ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const { config, problems } = parseRepoConfig(text, file);
  if (problems.length > 0) throw new UsageError(`invalid ${path.basename(file)}:\n  ${problems.join('\n  ')}`);
  return config;
}
