// Architecture rules, checked on the sources: the engine imports no LSP, VS Code, network or process API (the
// live-cluster reader is an adapter outside it, server/src/cluster), and the front ends (server/src/lsp,
// server/src/cli) import the engine only through its entry point, server/src/engine/index.ts.
import { readdirSync, readFileSync, statSync } from 'node:fs';
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
    const allowed = new Set(['types', 'codes', 'kube-version', 'crd/selection', 'glob-match', 'similar-names', 'parse/parseFile']);
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
