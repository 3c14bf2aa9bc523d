// Gate badges (engine/gates/gate-badges.ts, shown as inlay hints): one at the end of the line of each gated use of
// a non-GA gate, with the gate's state for the file; in a large file only the asked lines' documents are read.
// Internal imports: `features/gate-badges` (where a line's content ends (the badge position), a unit with no public
// surface).
// Also `features/gated-uses` (gatedUsesWithState: the gated uses behind the badges, with their states).
import { describe, expect, it } from 'vitest';
import { contentEnd, gateBadges } from '../../server/src/engine/features/gate-badges';
import { gatedUsesWithState } from '../../server/src/engine/features/gated-uses';
import { buildGateEnvironment, explicitSettings, gateCatalog } from '../../server/src/engine';
import { SLICE as DRA_SLICE_WITH_SKIP_NODE_OPERATIONS } from '../lsp/fixtures';
import { V } from './helpers';

/** The protocol tests' ResourceSlice, whose last line sets the gated skipNodeOperations, with a comment after that
 *  value: the badge must sit between the two. */
const SLICE = `${DRA_SLICE_WITH_SKIP_NODE_OPERATIONS.trimEnd()}  # a comment\n`;
const LINE = SLICE.split('\n').findIndex((l) => l.includes('skipNodeOperations'));
const ALL = { from: 0, to: 99 };

/** The gate the field needs and its facts in the version, from the engine's own analysis and catalog. */
function gateOfField(): { gate: string; stage: string; default: boolean | null | undefined } {
  const use = gatedUsesWithState(SLICE, { version: V }).uses.find((u) => u.use.range.start.line === LINE);
  expect(use).toBeDefined();
  const v = gateCatalog().gates[use!.use.gate]!.byVersion[V]!;
  return { gate: use!.use.gate, stage: v.stage!, default: v.default };
}

describe('gate badges', () => {
  it('sit after the value and before a trailing comment, and name the gate, its stage and its default', () => {
    const { gate, stage, default: def } = gateOfField();
    expect(stage).not.toBe('GA');
    const badges = gateBadges(SLICE, ALL, { version: V });
    const badge = badges.find((b) => b.position.line === LINE);
    expect(badge, JSON.stringify(badges)).toBeDefined();
    expect(badge!.position.character).toBe('  skipNodeOperations: ["*"]'.length);
    const mark = stage === 'Alpha' ? 'α' : stage === 'Beta' ? 'β' : stage;
    const word = def === true ? 'on by default' : def === false ? 'off' : 'default unknown';
    expect(badge!.label).toBe(`${mark} ${gate} · ${word}`);
    expect(badge!.tooltip).toBe(`Needs the feature gate ${gate} (${stage}).`);
  });

  it('say on when the environment or the file itself turns the gate on', () => {
    const { gate } = gateOfField();
    const environment = buildGateEnvironment({ catalog: gateCatalog(), version: V, explicit: explicitSettings([`${gate}=true`], 'test') });
    expect(gateBadges(SLICE, ALL, { version: V, environment }).find((b) => b.position.line === LINE)?.label).toMatch(new RegExp(`${gate} · on$`));
    const kind = `---\nkind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nfeatureGates:\n  ${gate}: true\n`;
    expect(gateBadges(SLICE + kind, ALL, { version: V }).find((b) => b.position.line === LINE)?.label).toMatch(new RegExp(`${gate} · on$`));
  });

  it('cover only the asked lines, also in a large file read by document', () => {
    expect(gateBadges(SLICE, { from: 0, to: LINE - 1 }, { version: V })).toEqual([]);
    const filler = Array.from({ length: 60 }, (_, i) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c${i}\n`).join('---\n');
    const text = `${filler}---\n${SLICE}---\n${filler}`;
    expect(text.length).toBeGreaterThan(4_000);
    const line = filler.split('\n').length + LINE;
    const small = gateBadges(SLICE, ALL, { version: V });
    const big = gateBadges(text, { from: line - 5, to: line + 5 }, { version: V });
    expect(big).toEqual(small.map((b) => ({ ...b, position: { line, character: b.position.character } })));
  });

  it('follow the version comment of the file', () => {
    const { gate } = gateOfField();
    const withComment = `# kubegate: kubernetes-version=1.36\n${SLICE}`;
    const at = gatedUsesWithState(withComment, { version: V });
    expect(at.version).toBe('1.36');
    const inVersion = at.uses.some((u) => u.use.gate === gate && u.stage && u.stage !== 'GA');
    expect(gateBadges(withComment, ALL, { version: V }).some((b) => b.gate === gate)).toBe(inVersion);
  });
});

describe('contentEnd (where a badge goes on a YAML line)', () => {
  it('is after the value, or after the colon of a key whose value is on the next lines', () => {
    expect(contentEnd('  skipNodeOperations: ["*"]')).toBe('  skipNodeOperations: ["*"]'.length);
    expect(contentEnd('  skipNodeOperations:   ')).toBe('  skipNodeOperations:'.length);
  });

  it('stops before a trailing comment, but not at a # inside quotes or a word', () => {
    expect(contentEnd('  mode: Gt # needs the gate')).toBe('  mode: Gt'.length);
    expect(contentEnd('  name: "a # b"  # comment')).toBe('  name: "a # b"'.length);
    expect(contentEnd('  url: http://x/#frag')).toBe('  url: http://x/#frag'.length);
  });
});
