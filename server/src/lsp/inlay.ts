// Inlay hints: a badge at the end of the line of each gated field, value or kind of a non-GA gate (after the
// value, before a trailing comment), e.g. `α DRAOptionalNodeOperations · off`; never between a key and its colon.
// The gated uses and the state per component come from the engine (analyzeFile + the gate model).
import { InlayHintKind, type InlayHint, type Range } from 'vscode-languageserver/node';
import {
  analyzeFile,
  environmentForFile,
  componentsFor,
  overallState,
  statesFor,
  type ComponentState,
  type GatedUse,
  gateCatalog,
  mayHoldGateConfig,
  parseFile,
} from '../engine';
import { effectiveVersion, headOf, type DocumentContext } from './analysis';
import { localText } from './local-text';

const MARK: Record<string, string> = { Alpha: 'α', Beta: 'β', Deprecated: 'deprecated' };
const STATE_WORD = { on: 'on', off: 'off', partial: 'on for some components' } as const;

function within(r: Range, range: Range): boolean {
  return r.end.line >= range.start.line && r.start.line <= range.end.line;
}

export interface GatedUseState {
  use: GatedUse;
  stage?: string;
  default?: boolean | null;
  states: ComponentState[];
  overall: 'on' | 'partial' | 'off';
}

/** Every gated use of the file with the state of its gate per component (the file's own configs included). */
export function gatedUsesWithState(text: string, ctx: DocumentContext, version = ctx.version): { version: string; uses: GatedUseState[] } {
  const analysis = analyzeFile(text, { version, environment: ctx.environment, file: ctx.file, crds: ctx.crds });
  const catalog = gateCatalog();
  const env = environmentForFile(analysis.documents, {
    version: analysis.version,
    knowledge: { catalog },
    environment: ctx.environment,
    file: ctx.file,
  });
  const uses: GatedUseState[] = [];
  for (const doc of analysis.documents) {
    for (const use of doc.gatedUses) {
      const v = catalog.gates[use.gate]?.byVersion[analysis.version];
      const states = statesFor(env, use.gate, componentsFor(catalog, use.gate, use));
      uses.push({ use, stage: v?.stage, default: v?.default, states, overall: overallState(states) });
    }
  }
  return { version: analysis.version, uses };
}

/** Hints for the gated uses in `range`; in a large file only the YAML documents of the range are analysed. */
export function inlayHints(text: string, range: Range, ctx: DocumentContext): InlayHint[] {
  const out: InlayHint[] = [];
  const seen = new Set<string>();
  const version = effectiveVersion(parseFile(headOf(text)), ctx.version);
  const local = localText(text, { from: range.start.line, to: range.end.line }, mayHoldGateConfig);
  const lines = text.split(/\r?\n/);
  for (const u of gatedUsesWithState(local.text, ctx, version).uses) {
    const { stage } = u;
    const useRange = local.toFile(u.use.range);
    if (!useRange) continue;
    const use = { ...u.use, range: useRange };
    if (!within(use.range, range) || !stage || stage === 'GA') continue;
    const key = `${use.range.start.line}:${use.gate}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const known = u.states.some((s) => s.state !== 'unknown');
    const word = u.overall === 'off' && !known ? defaultWord(u.default) : STATE_WORD[u.overall];
    const line = use.range.start.line;
    out.push({
      position: { line, character: contentEnd(lines[line] ?? '') },
      label: `${MARK[stage] ?? stage} ${use.gate} · ${word}`,
      kind: InlayHintKind.Type,
      paddingLeft: true,
      tooltip: `Needs the feature gate ${use.gate} (${stage}).`,
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
