// Architecture rules, checked on the sources: the engine imports no LSP, VS Code, network, file-system or process
// API and resolves no path against the working directory (file access is the host's: server/src/host, the
// front ends); its folders depend on each other only downwards, in the layer table below; and the front ends
// (server/src/lsp, server/src/cli) import the engine only through its entry point, server/src/engine/index.ts.
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

  it('engine folders import only folders of lower layers', () => {
    // Bottom first. Files directly in engine/ (the facade and small shared utilities) are not in the table yet.
    const LAYERS = [
      ['knowledge', 'snippets'],
      ['codes'],
      ['parse'],
      ['gates'],
      ['validate'],
      ['crd'],
      ['route'],
      ['kustomize'],
      ['incremental', 'schema'],
      ['fixes'],
      ['complete', 'hover', 'features'],
      ['project'],
    ];
    const layerOf = new Map(LAYERS.flatMap((names, i) => names.map((n) => [n, i] as const)));
    const engine = path.join(SRC, 'engine');
    const folderOf = (file: string) => {
      const rel = path.relative(engine, file).split(path.sep);
      return rel.length > 1 ? rel[0]! : undefined;
    };
    const bad: string[] = [];
    for (const file of sources(engine)) {
      const from = folderOf(file);
      if (from === undefined) continue;
      if (!layerOf.has(from)) bad.push(`engine/${from} is in no layer of the table`);
      for (const spec of specifiers(file)) {
        if (!spec.startsWith('.')) continue;
        const target = path.resolve(path.dirname(file), spec);
        const to = folderOf(existsSync(`${target}.ts`) ? `${target}.ts` : path.join(target, 'index.ts'));
        if (to === undefined || to === from) continue;
        if (!((layerOf.get(to) ?? Infinity) < (layerOf.get(from) ?? -1))) bad.push(`${path.relative(SRC, file)} (${from}) imports ${spec} (${to}): not a lower layer`);
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
    const allowed = new Set(['types', 'codes', 'kube-version', 'crd/selection', 'glob-match', 'similar-names', 'parse/parseFile', 'severity-overrides', 'project/repo-config']);
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
