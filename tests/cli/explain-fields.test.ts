// `kubegate explain APIVERSION KIND [path]` lists the children of a kind or field as `kubectl explain` does:
// name, type, required, allowed values and gates (stage in the target version), within 80 columns. The expected
// facts are read from the generated data (schemas/), never typed here.
// Internal imports: `knowledge` (kindEntry: a kind's entry in the type tables; not public), `knowledge/data-contract`
// (the generated data's types FieldDef, TypeRef, which the entry point does not export).
import { describe, expect, it } from 'vitest';
import { runCli } from '../../server/src/cli/main';
import { gateCatalog, loadVersion } from '../../server/src/engine';
import { kindEntry } from '../../server/src/engine/knowledge';
import type { FieldDef, TypeRef } from '../../server/src/engine/knowledge/data-contract';
import { memoryIO } from '../support/cli-io';

const V = '1.37';
const data = loadVersion(V).data;

async function explain(...args: string[]): Promise<{ code: number; lines: string[] }> {
  const io = memoryIO();
  const code = await runCli(['explain', '--format', 'text', ...args], io);
  return { code, lines: io.stdout.split('\n') };
}

function fieldsOf(t: TypeRef): FieldDef[] {
  while ('list' in t || 'map' in t) t = 'list' in t ? t.list : t.map;
  return 'ref' in t ? data.types[t.ref]!.fields : [];
}

describe('explain lists children', () => {
  it('a kind: every field of its root type with its type; all lines within 80 columns', async () => {
    const entry = kindEntry(data, 'v1', 'Pod')!;
    const { code, lines } = await explain('v1', 'Pod');
    expect(code).toBe(0);
    const fields = data.types[entry.root]!.fields;
    expect(lines).toContain(`Fields (${fields.length}):`);
    for (const f of fields) expect(lines.some((l) => l.trimStart().startsWith(f.name)), f.name).toBe(true);
    expect(lines.filter((l) => l.length > 80)).toEqual([]);
  });

  it('a field path: its children with allowed values, required marks and gates with their stage', async () => {
    const podSpec = kindEntry(data, 'v1', 'Pod')!;
    const spec = data.types[podSpec.root]!.fields.find((f) => f.name === 'spec')!;
    const children = fieldsOf(spec.type);
    const { code, lines } = await explain('v1', 'Pod', 'spec');
    expect(code).toBe(0);
    const text = lines.join('\n').replace(/\n\s+(?=\S)/g, ' ');
    const withEnum = children.find((f) => f.enum && data.enums[f.enum]!.length > 1)!;
    expect(text).toContain(`${withEnum.name}`);
    for (const v of data.enums[withEnum.enum!]!) expect(text).toContain(v);
    const gated = children.find((f) => f.gates && f.gates.length > 0)!;
    const stage = gateCatalog().gates[gated.gates![0]!]!.byVersion[V]!.stage;
    expect(text).toContain(`gate${gated.gates!.length > 1 ? 's' : ''}: ${gated.gates![0]} (${stage})`);
    const required = children.find((f) => f.required);
    if (required) expect(text).toMatch(new RegExp(`${required.name}\\s+\\S.*· required`));
    expect(lines.filter((l) => l.length > 80)).toEqual([]);
  });

  it('through lists: spec.containers lists the fields of a container; a scalar field lists none', async () => {
    const { lines } = await explain('v1', 'Pod', 'spec.containers');
    expect(lines.some((l) => /^\s+image\s+string/.test(l))).toBe(true);
    const scalar = await explain('v1', 'Pod', 'spec.restartPolicy');
    expect(scalar.code).toBe(0);
    expect(scalar.lines.some((l) => l.startsWith('Fields'))).toBe(false);
  });

  it('a field the server defaults: the value it becomes, as the hover says it (tests/hover/defaulted.test.ts)', async () => {
    const replicas = await explain('apps/v1', 'Deployment', 'spec.replicas');
    expect(replicas.code).toBe(0);
    expect(replicas.lines).toContain('• replicas defaulted: 1');
    const ports = await explain('v1', 'Pod', 'spec.containers.ports');
    expect(ports.lines).toContain('• [].protocol defaulted: TCP');
    // A field without a default says none.
    expect((await explain('apps/v1', 'Deployment', 'spec.selector')).lines.filter((l) => l.includes('defaulted'))).toEqual([]);
  });
});
