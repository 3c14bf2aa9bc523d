// The reports of one `kubegate check` run: a writer per `--format`, each with its sink (stdout or a file opened
// before the check), fanned out from one writer the run feeds.
import * as path from 'node:path';
import { leavesBase, type Severity } from '../engine';
import { UsageError } from './args';
import { githubWriter } from './format/github';
import { jsonWriter } from './format/json';
import { sarifWriter } from './format/sarif';
import { junitWriter } from './format/junit';
import { textWriter } from './format/text';
import { ChunkedOut, type ReportWriter } from './format/types';
import { cwdOf, type CliIO } from './io';
import type { FailOn } from './policy';
import { repoRootOf } from './repo-settings';

export const FORMATS = ['text', 'json', 'sarif', 'github', 'junit'] as const;
export type Format = (typeof FORMATS)[number];

/** One report of the run: its format and where it goes (stdout when no file). */
export interface Output {
  format: Format;
  file?: string;
}

/** What the writers need of the run's settings. */
export interface ReportSettings {
  outputs: Output[];
  quiet: boolean;
  grouped: boolean;
  failOn: FailOn;
}

function writerFor(format: Format, settings: ReportSettings, out: ChunkedOut, io: CliIO, texts: Map<string, string>, toFile: boolean): ReportWriter {
  const options = { quiet: settings.quiet };
  const cwd = io.cwd?.() ?? process.cwd();
  switch (format) {
    case 'json':
      return jsonWriter(out, options);
    case 'github': {
      const root = repoRootOf(io);
      return githubWriter(out, options, (p) => {
        if (p.startsWith('<')) return p;
        const rel = path.relative(root, path.resolve(cwd, p));
        return leavesBase(rel) ? p : rel.split(path.sep).join('/');
      });
    }
    case 'sarif': {
      return sarifWriter(out, options, { root: repoRootOf(io), cwd, textOf: (f) => texts.get(f) });
    }
    case 'junit': {
      const levels: Record<FailOn, Severity[]> = { error: ['error'], warning: ['error', 'warning'], information: ['error', 'warning', 'information'], never: [] };
      return junitWriter(out, { ...options, failing: (s) => levels[settings.failOn].includes(s) });
    }
    default:
      // A file gets plain lines: no grouping, colour or terminal hyperlinks.
      return textWriter(out, { ...options, grouped: settings.grouped && !toFile, color: io.color && !toFile, links: !!io.tty && !toFile });
  }
}

/** Every report of the run, each with its sink (stdout or a file opened before the check). */
export function openWriters(settings: ReportSettings, io: CliIO, texts: Map<string, string>): { writer: ReportWriter; close(): string[] } {
  const opened: { close(): void; abort?(): void }[] = [];
  const root = repoRootOf(io);
  const writers: ReportWriter[] = [];
  try {
    for (const o of settings.outputs) {
      let sink: (t: string) => void = (t) => io.out(t);
      if (o.file !== undefined) {
        if (!io.openOutput) throw new UsageError(`cannot write ${o.file}: no file output here`);
        const file = path.resolve(cwdOf(io), o.file);
        try {
          const handle = io.openOutput(file, root);
          opened.push(handle);
          sink = (t) => handle.write(t);
        } catch (err) {
          throw new UsageError(`cannot write ${o.file}: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
      writers.push(writerFor(o.format, settings, new ChunkedOut(sink), io, texts, o.file !== undefined));
    }
  } catch (err) {
    for (const h of opened) (h.abort ?? h.close)();
    throw err;
  }
  return {
    writer: {
      file: (r) => writers.forEach((w) => w.file(r)),
      end: (s) => writers.forEach((w) => w.end(s)),
    },
    /** Puts every report in place; says why for each that could not be (its name was swapped for a link). */
    close: () =>
      opened.flatMap((h) => {
        try {
          h.close();
          return [];
        } catch (err) {
          return [err instanceof Error ? err.message : String(err)];
        }
      }),
  };
}
