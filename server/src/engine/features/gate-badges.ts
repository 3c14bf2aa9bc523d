// Gate badges: at the end of the line of each gated field, value or kind of a non-GA gate (after the value,
// before a trailing comment), e.g. `α DRAOptionalNodeOperations · off`. With the open document's snapshot of the
// text (incremental/snapshot.ts) the uses come from the check's walk, nothing parsed or walked again; else in a
// large file only the YAML documents of the asked lines (plus the file's own gate configs) are analysed.
import { environmentForFile } from '../gates/gate-step';
import { localText } from '../incremental/local-text';
import { keep, SnapshotSlot, type TextSnapshot } from '../incremental/snapshot';
import { gateCatalog } from '../knowledge';
import { lineStarts } from '../base/line-index';
import type { CheckOptions } from '../check/options';
import type { Position, Range } from '../base/types';
import { versionForText } from '../check/version-for-text';
import { mayHoldGateConfig } from '../gates/gate-places';
import { gatedUsesWithState } from './gated-uses';
import { usesWithState, type GatedUseState } from '../gates/use-states';

export interface GateBadge {
  /** Where the badge goes: the end of the line's content. */
  position: Position;
  label: string;
  tooltip: string;
  gate: string;
  stage: string;
}

const MARK: Record<string, string> = { Alpha: 'α', Beta: 'β', Deprecated: 'deprecated' };
const STATE_WORD = { on: 'on', off: 'off', partial: 'on for some components' } as const;

/** Badges for the gated uses on `lines` (0-based, inclusive), one per line and gate. */
export function gateBadges(text: string, lines: { from: number; to: number }, context: CheckOptions, snapshot?: TextSnapshot): GateBadge[] {
  const out: GateBadge[] = [];
  const seen = new Set<string>();
  const own = snapshot?.isFor(text, context) ? snapshot : undefined;
  // The walk of a kustomize patch also walks its operations' values: badges keep to the documents' own fields.
  const found = own?.analysis && !context.kustomize ? walkedUses(own, lines) : analysedUses(text, lines, context, own);
  const starts = own?.analysis?.parsed.lineCounter.lineStarts ?? lineStarts(text);
  for (const u of found.uses) {
    const { stage } = u;
    const range = found.toFile(u.use.range);
    if (!range) continue;
    if (range.end.line < lines.from || range.start.line > lines.to || !stage || stage === 'GA') continue;
    const gate = u.use.gate;
    const key = `${range.start.line}:${gate}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const known = u.states.some((s) => s.state !== 'unknown');
    const word = u.overall === 'off' && !known ? defaultWord(u.default) : STATE_WORD[u.overall];
    const line = range.start.line;
    out.push({
      position: { line, character: contentEnd(lineOf(text, starts, line)) },
      label: `${MARK[stage] ?? stage} ${gate} · ${word}`,
      tooltip: `Needs the feature gate ${gate} (${stage}).`,
      gate,
      stage,
    });
  }
  return out;
}

interface FoundUses {
  uses: GatedUseState[];
  /** A use's range in the file (undefined outside it). */
  toFile(range: Range): Range | undefined;
}

/** The gate environment of a checked text with its own configs, for its badges. */
const BADGE_ENVIRONMENT = new SnapshotSlot<ReturnType<typeof environmentForFile>>('badge-environment');

/** The uses of the documents on the lines, from the check's walk of the whole text (its ranges are the file's). */
function walkedUses(snapshot: TextSnapshot, lines: { from: number; to: number }): FoundUses {
  const analysis = snapshot.analysis!;
  const { context, version } = snapshot;
  const env = keep(snapshot, BADGE_ENVIRONMENT, () =>
    environmentForFile(analysis.documents, { version, knowledge: { catalog: gateCatalog() }, environment: context.environment, file: context.file }),
  );
  const touched = analysis.documents.filter((d) => d.report.range.end.line >= lines.from && d.report.range.start.line <= lines.to);
  return { uses: usesWithState(touched, env, version), toFile: (r) => r };
}

/** The uses of the documents on the lines (and the config documents), analysed here. */
function analysedUses(text: string, lines: { from: number; to: number }, context: CheckOptions, snapshot: TextSnapshot | undefined): FoundUses {
  const version = snapshot?.version ?? versionForText(text, context.version);
  const local = localText(text, lines, mayHoldGateConfig, snapshot && (() => snapshot.pieces()));
  return { uses: gatedUsesWithState(local.text, { ...context, version }).uses, toFile: (r) => local.toFile(r) };
}

/** The text of a line, without its line break. */
function lineOf(text: string, starts: readonly number[], line: number): string {
  const start = starts[line];
  if (start === undefined) return '';
  const end = starts[line + 1] ?? text.length;
  return text.slice(start, end).replace(/\r?\n$|\r$/, '');
}

/** Where the content of a YAML line ends: before a trailing comment and trailing blanks. */
export function contentEnd(line: string): number {
  let quote: string | undefined;
  let end = line.length;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === quote) quote = undefined;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]!))) {
      end = i;
      break;
    }
  }
  return line.slice(0, end).trimEnd().length;
}

function defaultWord(def: boolean | null | undefined): string {
  return def === true ? 'on by default' : def === false ? 'off' : 'default unknown';
}
