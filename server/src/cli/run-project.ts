// The one project of a CLI run (of each worker thread under `--jobs`): the disk host, with the texts the run has
// read already (its inputs read as streams) before the disk, and where the project's notes go. The settings files
// around the inputs, the files they name and every file checked go through it, so each is read and derived once.
import { Project, type DerivedStore } from '../engine';
import { cliHost, type CliHost } from './project-host';
import type { CliIO } from './io';

export class RunProject {
  /** Texts the run holds, by absolute path, read before the disk. */
  readonly known = new Map<string, string>();
  readonly host: CliHost;
  readonly project: Project;
  private sink: (message: string) => void;

  /** `cwd`: the root of a file outside every repository. Until `notesTo`, notes go to the error stream. */
  constructor(io: CliIO, cwd: string, store?: DerivedStore) {
    this.sink = (m) => io.err(`note: ${m}\n`);
    this.host = cliHost(io, this.known);
    this.project = new Project(this.host, { fallbackRoot: cwd, onNote: (m) => this.sink(m), ...(store ? { store } : {}) });
  }

  /** Where the project's notes go from now on (the checker: with the outcome of the file being checked). */
  notesTo(sink: (message: string) => void): void {
    this.sink = sink;
  }
}
