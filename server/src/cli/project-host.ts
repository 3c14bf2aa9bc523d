// The CLI's host for the engine's project model: the run's inputs already read (streams) first, then regular
// files on disk, bounded like the checked files. Listings, kinds and real paths are kept for the run (the project
// asks the same ones for every file of a folder); texts read from the disk are kept while recently used, up to a
// bound in all (KEPT_CHARS): a kustomization read for every file of its folder, a CRD bundle read by discovery and
// then checked and asked about again are read once, and a run over a big tree does not hold the whole tree. What
// is derived from a file is kept by the project itself.
import * as path from 'node:path';
import type { ProjectHost } from '../engine';
import { realOf } from './confine';
import { DEFAULT_LIMITS, readRegular } from './inputs';
import type { CliIO, EntryKind, ReadOutcome } from './io';

/** Characters of disk texts kept in all (the least recently used go first; a larger text is not kept). */
export const KEPT_CHARS = 16 * 1024 * 1024;

/** The project's host, which also reads the checked files (so that discovery and check share a read). */
export interface CliHost extends ProjectHost {
  /** The text of a file to check, at most `maxBytes`: kept from an earlier read, else read (and kept). */
  readChecked(file: string, maxBytes: number): { ok: true; text: string } | Exclude<ReadOutcome, { ok: true }>;
}

/** Texts by path (undefined: not readable), the most recently used last, at most KEPT_CHARS in all. */
class KeptTexts {
  private readonly texts = new Map<string, string | undefined>();
  private chars = 0;

  has(file: string): boolean {
    return this.texts.has(file);
  }

  get(file: string): string | undefined {
    const text = this.texts.get(file);
    if (this.texts.delete(file)) this.texts.set(file, text);
    return text;
  }

  set(file: string, text: string | undefined): void {
    const n = text?.length ?? 0;
    if (this.texts.has(file)) {
      this.chars -= this.texts.get(file)?.length ?? 0;
      this.texts.delete(file);
    }
    if (n > KEPT_CHARS) return;
    this.texts.set(file, text);
    this.chars += n;
    for (const [old, t] of this.texts) {
      if (this.chars <= KEPT_CHARS) break;
      this.texts.delete(old);
      this.chars -= t?.length ?? 0;
    }
  }
}

/** `known`: texts the run already holds, by absolute path (its inputs read as streams), read before the disk. */
export function cliHost(io: CliIO, known: ReadonlyMap<string, string> = new Map()): CliHost {
  const texts = new KeptTexts();
  const listings = new Map<string, string[]>();
  const kinds = new Map<string, EntryKind | undefined>();
  const reals = new Map<string, string | undefined>();
  const kindOf = (p: string): EntryKind | undefined => {
    if (kinds.has(p)) return kinds.get(p);
    const k = io.stat ? io.stat(p)?.kind : io.kind(p);
    kinds.set(p, k);
    return k;
  };
  const readDisk = (file: string): string | undefined => {
    if (kindOf(file) !== 'file') return undefined;
    if (io.readRegular) {
      const o = io.readRegular(file, DEFAULT_LIMITS.maxFileBytes);
      return o.ok ? o.text : undefined;
    }
    try {
      return io.readFile(file);
    } catch {
      return undefined;
    }
  };
  return {
    readFile(file) {
      const own = known.get(file);
      if (own !== undefined) return own;
      if (texts.has(file)) return texts.get(file);
      const text = readDisk(file);
      texts.set(file, text);
      return text;
    },
    readChecked(file, maxBytes) {
      const kept = texts.get(file);
      if (kept !== undefined) return { ok: true, text: kept };
      const o = readRegular(io, file, maxBytes);
      if (o.ok) texts.set(file, o.text);
      return o;
    },
    listDir(dir) {
      let names = listings.get(dir);
      if (!names) {
        try {
          names = io.listDir(dir);
        } catch {
          names = [];
        }
        listings.set(dir, names);
      }
      return names;
    },
    kind(p) {
      const k = kindOf(p);
      return k === 'file' || k === 'dir' ? k : k === undefined ? undefined : 'other';
    },
    realPath(p) {
      if (!io.realPath) return path.resolve(p);
      if (reals.has(p)) return reals.get(p);
      let real: string | undefined;
      try {
        real = io.realPath(p);
      } catch {
        real = undefined;
      }
      reals.set(p, real);
      return real;
    },
  };
}
