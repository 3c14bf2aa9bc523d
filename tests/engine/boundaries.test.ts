// Architecture rules, checked on the sources: the engine imports no LSP, VS Code, network, file-system or process
// API and resolves no path against the working directory (file access is the host's: server/src/host, the
// front ends); every engine file but the entry point sits in a folder, and the folders import each other only as
// the acyclic table below allows; and the front ends (server/src/lsp, server/src/cli) import the engine only
// through its entry point, server/src/engine/index.ts.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(__dirname, '..', '..', 'server', 'src');

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sources(p));
    else if (p.endsWith('.ts')) out.push(p);
  }
  return out;
}

/** Module specifiers of static imports, `import(…)` and `require(…)` of a file. */
function specifiers(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'([^']+)'/g)) found.push(m[1]!);
  for (const m of text.matchAll(/(?:import|require)\(\s*'([^']+)'\s*\)/g)) found.push(m[1]!);
  return found;
}

const FORBIDDEN_IN_ENGINE = [
  /^vscode/,
  /^(node:)?fs(\/promises)?$/,
  /^(node:)?https?$/,
  /^(node:)?net$/,
  /^(node:)?tls$/,
  /^(node:)?child_process$/,
  /^@kubernetes\/client-node/,
];

describe('architecture boundaries', () => {
  it('the engine imports no LSP, VS Code, network or process module', () => {
    const bad: string[] = [];
    for (const file of sources(path.join(SRC, 'engine'))) {
      for (const spec of specifiers(file)) {
        if (FORBIDDEN_IN_ENGINE.some((re) => re.test(spec))) bad.push(`${path.relative(SRC, file)} imports ${spec}`);
        const target = path.resolve(path.dirname(file), spec);
        if (spec.startsWith('.') && !target.startsWith(path.join(SRC, 'engine'))) bad.push(`${path.relative(SRC, file)} reaches outside the engine: ${spec}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('the engine never looks at the process or resolves a path against its working directory', () => {
    const bad: string[] = [];
    for (const file of sources(path.join(SRC, 'engine'))) {
      // Code only: comments may name process.env (what a front end passes in).
      const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
      if (/\bprocess\.|\bpath\.resolve\(|\bprocess\.cwd\(/.test(code)) bad.push(path.relative(SRC, file));
    }
    expect(bad).toEqual([]);
  });

  // Which engine folders each folder may import, bottom layer first. A new import between folders needs its edge
  // here, and the table must stay acyclic (a folder never reaches itself through others).
  const ALLOWED_IMPORTS: Record<string, readonly string[]> = {
    base: [], // small helpers and plain types (positions, versions, paths, globs, names, …): no engine import
    knowledge: ['base'], // shipped facts through the data reader; the type-graph walk
    codes: ['base', 'knowledge'], // finding codes, findings, verdicts, severity overrides
    model: ['base', 'codes'], // values passed between the stages
    parse: ['base', 'codes', 'model'],
    gates: ['base', 'codes', 'knowledge', 'model', 'parse'], // gate state model, config readers, gate and verdict steps
    validate: ['base', 'codes', 'gates', 'knowledge', 'model', 'parse'],
    crd: ['base', 'codes', 'knowledge', 'model', 'parse', 'validate'],
    route: ['base', 'codes', 'crd', 'gates', 'knowledge', 'model', 'parse', 'validate'],
    kustomize: ['base', 'codes', 'knowledge', 'model', 'parse', 'route', 'validate'],
    check: ['base', 'codes', 'crd', 'gates', 'knowledge', 'kustomize', 'model', 'parse', 'route'], // one text's check
    incremental: ['base', 'check', 'codes', 'gates', 'model', 'parse', 'route'],
    schema: ['base', 'check', 'gates', 'knowledge', 'model', 'parse', 'validate'],
    snippets: ['base', 'check', 'codes', 'knowledge'],
    fixes: ['base', 'codes', 'gates', 'incremental', 'knowledge', 'model', 'parse'], // parse: a text read within the check's bounds
    complete: ['base', 'check', 'crd', 'gates', 'incremental', 'knowledge', 'snippets'],
    hover: ['base', 'check', 'crd', 'gates', 'incremental', 'knowledge', 'model', 'parse'],
    features: ['base', 'check', 'fixes', 'gates', 'incremental', 'knowledge', 'model', 'parse'],
    analysis: ['base', 'check', 'codes', 'complete', 'features', 'fixes', 'hover', 'incremental', 'knowledge'], // the facade
    project: ['analysis', 'base', 'check', 'codes', 'crd', 'gates', 'knowledge', 'kustomize', 'model', 'parse'],
  };
  const engine = path.join(SRC, 'engine');
  /** The engine folder of a file; undefined for a file directly in engine/. */
  const folderOf = (file: string) => {
    const rel = path.relative(engine, file).split(path.sep);
    return rel.length > 1 ? rel[0]! : undefined;
  };

  it('every engine file but the entry point sits in a folder of the table', () => {
    const bad: string[] = [];
    for (const name of readdirSync(engine)) {
      const p = path.join(engine, name);
      if (statSync(p).isDirectory()) {
        if (!(name in ALLOWED_IMPORTS)) bad.push(`engine/${name} is not in the table`);
      } else if (name !== 'index.ts') bad.push(`engine/${name} sits directly in engine/`);
    }
    for (const name of Object.keys(ALLOWED_IMPORTS)) if (!existsSync(path.join(engine, name))) bad.push(`engine/${name} is in the table but does not exist`);
    expect(bad).toEqual([]);
  });

  it('the table of folder imports has no cycle', () => {
    // Depth-first search; a folder met again while on the current path closes a cycle.
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (folder: string, trail: string[]) => {
      if (state.get(folder) === 'done') return;
      if (state.get(folder) === 'open') {
        cycles.push([...trail.slice(trail.indexOf(folder)), folder].join(' → '));
        return;
      }
      state.set(folder, 'open');
      for (const to of ALLOWED_IMPORTS[folder] ?? []) visit(to, [...trail, folder]);
      state.set(folder, 'done');
    };
    for (const folder of Object.keys(ALLOWED_IMPORTS)) visit(folder, []);
    const unknown = Object.values(ALLOWED_IMPORTS).flat().filter((to) => !(to in ALLOWED_IMPORTS));
    expect({ cycles, unknown }).toEqual({ cycles: [], unknown: [] });
  });

  it('engine folders import only the folders the table allows', () => {
    const bad: string[] = [];
    for (const file of sources(engine)) {
      const from = folderOf(file);
      if (from === undefined) continue; // the entry point
      for (const spec of specifiers(file)) {
        if (!spec.startsWith('.')) continue;
        const target = path.resolve(path.dirname(file), spec);
        const to = folderOf(existsSync(`${target}.ts`) ? `${target}.ts` : path.join(target, 'index.ts'));
        if (to === from) continue;
        if (to === undefined) bad.push(`${path.relative(SRC, file)} imports the engine's entry point (${spec})`);
        else if (!(ALLOWED_IMPORTS[from] ?? []).includes(to)) bad.push(`${path.relative(SRC, file)} (${from}) imports ${spec} (${to}): not in the table`);
      }
    }
    expect([...new Set(bad)]).toEqual([]);
  });

  it('the engine reads its shipped data only through the reader it is given', () => {
    const bad: string[] = [];
    for (const folder of ['knowledge', 'snippets']) {
      for (const file of sources(path.join(SRC, 'engine', folder))) {
        const text = readFileSync(file, 'utf8');
        for (const spec of specifiers(file)) if (/^(node:)?(fs|path)$/.test(spec)) bad.push(`${path.relative(SRC, file)} imports ${spec}`);
        if (/\bprocess\.|__dirname/.test(text)) bad.push(`${path.relative(SRC, file)} looks at the process or its own location`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('the CLI, the language server and the adapters import the engine only through its entry point', () => {
    const bad: string[] = [];
    for (const front of ['lsp', 'cli', 'host', 'cluster']) {
      for (const file of sources(path.join(SRC, front))) {
        for (const spec of specifiers(file)) {
          if (!spec.startsWith('.')) continue;
          const target = path.resolve(path.dirname(file), spec);
          if (target.startsWith(path.join(SRC, 'engine') + path.sep)) bad.push(`${path.relative(SRC, file)} imports ${spec}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('the contract shared with the VS Code client imports a few named engine modules, never the entry point', () => {
    // The client bundles server/src/contract: importing the engine's entry point would bundle the whole engine.
    // The `.kubegate.yaml` format (project/repo-config) imports only modules of this list and severity-overrides.
    const allowed = new Set(['base/types', 'codes', 'codes/finding', 'base/kube-version', 'crd/selection', 'base/glob-match', 'base/similar-names', 'parse/parseFile', 'codes/severity-overrides', 'project/repo-config', 'base/paths']);
    const bad: string[] = [];
    for (const file of sources(path.join(SRC, 'contract'))) {
      for (const spec of specifiers(file)) {
        if (!spec.startsWith('.')) continue;
        const target = path.relative(path.join(SRC, 'engine'), path.resolve(path.dirname(file), spec));
        if (!target.startsWith('..') && !allowed.has(target)) bad.push(`${path.relative(SRC, file)} imports ${spec}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('no hand-written source file is over 400 lines', () => {
    const roots = [SRC, path.resolve(SRC, '..', '..', 'client', 'src'), path.resolve(SRC, '..', '..', 'scripts')];
    const long = roots
      .flatMap((r) => sources(r))
      .map((f) => ({ f, lines: readFileSync(f, 'utf8').split('\n').length }))
      .filter((x) => x.lines > 400)
      .map((x) => `${path.relative(path.resolve(SRC, '..', '..'), x.f)}: ${x.lines}`);
    expect(long).toEqual([]);
  });
});
