// The server's disk reads: file texts and folder listings, kept until a file event
// (workspace/didChangeWatchedFiles) says they moved on; a client without file events gets a stat check instead of
// a read. Small texts are kept, the oldest dropped past KEPT_TEXT_TOTAL_CHARS; a larger one is read again when
// asked for. Reads are bounded and stay inside the workspace folders once links are followed.
import { readdirSync, statSync } from 'node:fs';
import * as path from 'node:path';
import type { WorkspaceStatsResult } from '../contract/protocol';
import { readRegularFileBounded } from '../host/read-regular-file';

/** Files read from disk are at most this large (the size guard's 5 M characters in UTF-8, with room). */
const MAX_DISK_READ_BYTES = 24 * 1024 * 1024;

/** Disk texts up to this many characters are kept between reads; a larger one (a 50k-line manifest beside the
 *  edited file) is read again when asked for its text. What is derived from a file (its gate configs, its CRDs)
 *  is kept by the project whatever its size, so a re-check does not read it again. */
const KEPT_TEXT_CHARS = 64 * 1024;

/** All kept disk texts together: past this many characters the texts kept longest ago are dropped (read again
 *  when asked for; what was derived from them stays). 3,000 files of 62 KB above an opened file held 229 MB. */
export const KEPT_TEXT_TOTAL_CHARS = 8 * 1024 * 1024;

interface DiskEntry {
  /** Undefined when the file cannot be read, or when it was too large to keep (`kept` false). */
  text: string | undefined;
  kept: boolean;
  /** mtime and size when read: checked again when the client does not send file events. */
  stamp: string;
}

function stampOf(p: string): string {
  try {
    const st = statSync(p);
    return `${st.mtimeMs}:${st.size}`;
  } catch {
    return 'absent';
  }
}

export class DiskTexts {
  private readonly entries = new KeptEntries();
  private readonly listings = new Map<string, { names: string[]; stamp: string }>();
  private readonly counters: { diskReads: number; listings: number; refusedOutside?: number } = { diskReads: 0, listings: 0 };
  /** True once the client watches files for us: kept entries then stay valid until an event. */
  private watching = false;

  /** `inside(file)`: whether the file may be read (workspace-folders.ts). */
  constructor(private readonly inside: (file: string) => boolean) {}

  /** Work done since the server started, and the disk text held now. */
  stats(): Omit<WorkspaceStatsResult, 'configParses' | 'walks' | 'threadChecks'> {
    return { ...this.counters, keptTextChars: this.entries.chars };
  }

  /** The client registered file watchers: trust what is kept until it sends events. */
  setWatching(on: boolean): void {
    this.watching = on;
  }

  /** A file changed, appeared or went away on disk. */
  invalidate(file: string): void {
    this.entries.drop(file);
    this.listings.delete(path.dirname(file));
  }

  /** The stamp (mtime and size) of a file as last read. */
  stamp(file: string): string {
    return this.entry(file).entry.stamp;
  }

  /** The text of a file: just read, kept, or read again (too large to keep); undefined when unreadable. */
  text(file: string): string | undefined {
    const disk = this.entry(file);
    if (disk.text !== undefined) return disk.text;
    return disk.entry.kept ? disk.entry.text : this.read(file);
  }

  /** The names in a folder (none when it cannot be listed). */
  names(dir: string): string[] {
    const cached = this.listings.get(dir);
    if (cached && (this.watching || cached.stamp === stampOf(dir))) return cached.names;
    const stamp = stampOf(dir);
    let names: string[] = [];
    try {
      this.counters.listings++;
      names = readdirSync(dir);
    } catch {
      // unreadable folder: only open buffers count
    }
    this.listings.set(dir, { names, stamp });
    return names;
  }

  /** The disk entry of a file, read when there is none or it is stale (stamp moved, no file events). */
  private entry(file: string): { entry: DiskEntry; text?: string } {
    const cached = this.entries.get(file);
    if (cached && (this.watching || cached.stamp === stampOf(file))) return { entry: cached };
    const stamp = stampOf(file);
    const text = this.read(file);
    const entry: DiskEntry = { text: text !== undefined && text.length <= KEPT_TEXT_CHARS ? text : undefined, kept: text === undefined || text.length <= KEPT_TEXT_CHARS, stamp };
    this.entries.set(file, entry);
    return { entry, text };
  }

  private read(file: string): string | undefined {
    try {
      if (!statSync(file).isFile()) return undefined;
      if (!this.inside(file)) {
        this.counters.refusedOutside = (this.counters.refusedOutside ?? 0) + 1;
        return undefined;
      }
      this.counters.diskReads++;
      // Bounded and non-blocking: a FIFO or device swapped in after the stat is never read.
      const read = readRegularFileBounded(file, MAX_DISK_READ_BYTES);
      return read.ok ? read.text : undefined;
    } catch {
      return undefined;
    }
  }
}

/** The disk entries, in the order they were kept (the oldest first: their texts dropped first past
 *  KEPT_TEXT_TOTAL_CHARS). */
class KeptEntries {
  private readonly entries = new Map<string, DiskEntry>();
  /** The characters of the texts kept. */
  chars = 0;

  get(file: string): DiskEntry | undefined {
    return this.entries.get(file);
  }

  set(file: string, entry: DiskEntry): void {
    this.drop(file);
    this.entries.set(file, entry);
    this.chars += entry.text?.length ?? 0;
    if (this.chars <= KEPT_TEXT_TOTAL_CHARS) return;
    // The oldest kept texts are dropped (their entries move to the end: the front stays the oldest kept ones).
    const dropped: string[] = [];
    for (const [oldFile, old] of this.entries) {
      if (this.chars <= KEPT_TEXT_TOTAL_CHARS) break;
      if (old.text === undefined || oldFile === file) continue;
      this.chars -= old.text.length;
      dropped.push(oldFile);
    }
    for (const oldFile of dropped) {
      const old = this.entries.get(oldFile)!;
      this.entries.delete(oldFile);
      this.entries.set(oldFile, { ...old, text: undefined, kept: false });
    }
  }

  drop(file: string): void {
    const old = this.entries.get(file);
    if (!old) return;
    this.chars -= old.text?.length ?? 0;
    this.entries.delete(file);
  }
}
