// The CLI's host for the engine's project model: the run's inputs (already read once) first, then regular files
// on disk, bounded like the checked files. Listings and small texts are kept for the run (a kustomization read
// for every file of its folder is read once); what is derived from a file is kept by the project itself.
import * as path from 'node:path';
import type { ProjectHost } from '../engine';
import { realOf } from './confine';
import { DEFAULT_LIMITS } from './inputs';
import type { CliIO } from './io';

/** Disk texts up to this many characters are kept for the run; a larger one is read again when asked. */
const KEPT_TEXT_CHARS = 64 * 1024;

/** `known`: texts the run already holds, by absolute path (its inputs), read before the disk. */
export function cliHost(io: CliIO, known: ReadonlyMap<string, string> = new Map()): ProjectHost {
  const texts = new Map<string, string | undefined>();
  const listings = new Map<string, string[]>();
  const kindOf = (p: string) => (io.stat ? io.stat(p)?.kind : io.kind(p));
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
      if (text === undefined || text.length <= KEPT_TEXT_CHARS) texts.set(file, text);
      return text;
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
      try {
        return io.realPath(p);
      } catch {
        return undefined;
      }
    },
  };
}
