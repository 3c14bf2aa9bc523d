// The language server's derived-facts cache (host/derived-store.ts, the CLI's too). Opened when the workspace
// folders are known, and again when they change: a cache folder inside a workspace folder, or inside the
// repository holding one, is refused as the CLI refuses one inside the checked tree (the workspace's files could
// plant entries in it), and the user is told why. Until it is open, or while refused, there is no cache: every
// fact is derived from the files.
import type { DerivedStore } from '../engine';
import { checkedTrees, openStore, storeSpecFor, type DiskStore } from '../host/derived-store';

export class WorkspaceCache implements DerivedStore {
  private store: DiskStore | undefined;
  private refusedWhy: string | undefined;

  /** `refused` is told (once per distinct reason) why a cache folder is not used. */
  constructor(private readonly refused: (why: string) => void) {}

  /** Opens the cache for these workspace folders (paths), refusing one inside any of them. */
  open(folders: readonly string[], env: NodeJS.ProcessEnv = process.env): void {
    const trees = folders.flatMap((f) => checkedTrees(f));
    let why: string | undefined;
    this.store = openStore(storeSpecFor(false, env, process.cwd(), (w) => (why = w), trees));
    if (why !== undefined && why !== this.refusedWhy) this.refused(why);
    this.refusedWhy = why;
  }

  get(what: string, file: string, text: string): string | undefined {
    return this.store?.get(what, file, text);
  }

  set(what: string, file: string, text: string, value: string): void {
    this.store?.set(what, file, text, value);
  }

  /** The server shuts down: the cache is kept under its size bound. */
  prune(): void {
    this.store?.prune();
  }
}
