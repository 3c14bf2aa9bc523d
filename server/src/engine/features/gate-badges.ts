// Gate badges: at the end of the line of each gated field, value or kind of a non-GA gate (after the value,
// before a trailing comment), e.g. `α DRAOptionalNodeOperations · off`. In a large file only the YAML documents
// of the asked lines (plus the file's own gate configs) are analysed.
import { localText } from '../incremental/local-text';
import type { CheckOptions } from '../model';
import type { Position } from '../types';
import { versionForText } from '../version-for-text';
import { mayHoldGateConfig } from '../gates/gate-places';
import { gatedUsesWithState } from '../gates/use-states';

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
export function gateBadges(text: string, lines: { from: number; to: number }, context: CheckOptions): GateBadge[] {
  const out: GateBadge[] = [];
  const seen = new Set<string>();
  const version = versionForText(text, context.version);
  const local = localText(text, lines, mayHoldGateConfig);
  const textLines = text.split(/\r?\n/);
  for (const u of gatedUsesWithState(local.text, { ...context, version }).uses) {
    const { stage } = u;
    const range = local.toFile(u.use.range);
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
      position: { line, character: contentEnd(textLines[line] ?? '') },
      label: `${MARK[stage] ?? stage} ${gate} · ${word}`,
      tooltip: `Needs the feature gate ${gate} (${stage}).`,
      gate,
      stage,
    });
  }
  return out;
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
