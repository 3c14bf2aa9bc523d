// Architecture rules, checked on the sources: the engine imports no LSP, VS Code, network, file-system or process
// API and resolves no path against the working directory (file access is the host's: server/src/host, the
// front ends); every engine file but the entry point sits in a folder, and the folders import each other only as
// the acyclic table below allows; and the front ends (server/src/lsp, server/src/cli) import the engine only
// through its entry point, server/src/engine/index.ts. What is kept between calls lives in the project model
// (engine/project), which forgets it on the front ends' change events: module-level mutable state elsewhere in the
// engine is refused but for the exceptions listed with why (MODULE_STATE_ALLOWED).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
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
    'api-extensions': ['base', 'codes', 'knowledge', 'model', 'parse', 'validate'], // custom resources, CRD and APIService objects, CEL
    route: ['base', 'codes', 'api-extensions', 'gates', 'knowledge', 'model', 'parse', 'validate'],
    kustomize: ['base', 'codes', 'knowledge', 'model', 'parse', 'route', 'validate'],
    check: ['base', 'codes', 'api-extensions', 'gates', 'knowledge', 'kustomize', 'model', 'parse', 'route'], // one text's check
    incremental: ['base', 'check', 'codes', 'gates', 'model', 'parse', 'route'],
    schema: ['base', 'check', 'gates', 'knowledge', 'model', 'parse', 'validate'],
    snippets: ['base', 'check', 'codes', 'knowledge'],
    fixes: ['base', 'codes', 'gates', 'incremental', 'knowledge', 'model', 'parse'], // parse: a text read within the check's bounds
    complete: ['base', 'check', 'api-extensions', 'gates', 'incremental', 'knowledge', 'snippets'],
    hover: ['base', 'check', 'api-extensions', 'gates', 'incremental', 'knowledge', 'model', 'parse', 'validate'], // validate: the defaults
    features: ['base', 'check', 'fixes', 'gates', 'incremental', 'knowledge', 'model', 'parse'],
    analysis: ['base', 'check', 'codes', 'complete', 'features', 'fixes', 'hover', 'incremental', 'knowledge'], // what a front end asks of one file
    project: ['analysis', 'base', 'check', 'codes', 'api-extensions', 'gates', 'knowledge', 'kustomize', 'model', 'parse'],
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
    // The `.kubegate.yaml` format (project/repo-config), the rule applying it under the user's settings
    // (project/resolve-settings: types only) and the named-files list type import only modules of this list.
    const allowed = new Set(['base/types', 'codes', 'codes/finding', 'base/kube-version', 'api-extensions/selection', 'base/glob-match', 'base/similar-names', 'parse/parseFile', 'codes/severity-overrides', 'project/repo-config', 'project/resolve-settings', 'project/named-files', 'base/paths']);
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

  it('the engine keeps no module-level mutable state outside the project model, but the listed exceptions', () => {
    const found = sources(path.join(SRC, 'engine'))
      .filter((f) => !f.startsWith(path.join(SRC, 'engine', 'project') + path.sep))
      .flatMap((f) => moduleState(f).map((name) => `${path.relative(path.join(SRC, 'engine'), f).split(path.sep).join('/')} ${name}`))
      .sort();
    expect(found.filter((k) => !(k in MODULE_STATE_ALLOWED))).toEqual([]);
    // An exception that is gone leaves the list too.
    expect(Object.keys(MODULE_STATE_ALLOWED).filter((k) => !found.includes(k))).toEqual([]);
  });

  it('the module-state scan sees a let, an empty collection, and a mutated constant, and not a lookup table', () => {
    const file = path.join(SRC, 'engine', 'base', 'scan-sample.ts');
    const text = [
      'let a = 1;',
      'const b = new Map<string, number>();',
      'const c: string[] = [];',
      'function f() { c.push("x"); }',
      'const d = { n: 0 };',
      'export function g() { d.n++; }',
      'const e = new Set(["x"]);',
      'const h = { y: 1 };',
    ].join('\n');
    expect(moduleStateOf(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true))).toEqual(['a', 'b', 'c', 'd']);
  });
});

/**
 * Module-level state of the engine outside engine/project, each with why it may stay: none holds the text of a
 * project's file, or anything a change of a file makes wrong. Keyed `file name` (folder-relative to engine/).
 */
const MODULE_STATE_ALLOWED: Record<string, string> = {
  'base/regex.ts re2': 'the RE2 library, loaded on first use',
  'base/regex.ts cache': 'compiled patterns keyed by the pattern text (pure; no file text)',
  'api-extensions/api-objects.ts overlays': 'a WeakMap keyed by a schema object: what is derived from it goes with it',
  'api-extensions/catalog.ts packDefinitions': 'a WeakMap keyed by the shipped CRD pack data (a new data reader, new objects)',
  'api-extensions/catalog.ts packGroups': 'a WeakMap keyed by the shipped CRD pack data',
  'api-extensions/cel.ts lib': 'the CEL library, loaded on first use',
  'api-extensions/cel.ts env': 'the CEL environment, built once from the library',
  'api-extensions/cel.ts metered': 'whether the library is patched to count the cost of an evaluation (once per process)',
  'api-extensions/cel.ts meter': "the running evaluation's cost (reset before each evaluation; CEL evaluation is synchronous)",
  'api-extensions/cel.ts celStats': 'counters of CEL work for tests and --stats (no file fact)',
  'api-extensions/cel.ts librarySupport': 'per CEL function name, whether the library evaluates it (pure)',
  'api-extensions/cel.ts programs': 'compiled CEL programs keyed by the expression text (pure; no file text)',
  'api-extensions/overlay.ts converted': 'a WeakMap keyed by a schema object',
  'api-extensions/overlay.ts merged': 'a WeakMap keyed by a schema object',
  'validate/cel-syntax.ts parser': 'the CEL parser, loaded on first use',
  'validate/cel-syntax.ts parses': 'parsed CEL expressions keyed by the expression text (pure)',
  'knowledge/data-reader.ts configured': 'the reader of shipped data the front end sets at start (setDataReader)',
  'knowledge/data-reader.ts listeners': 'the caches of shipped data told when the reader changes',
  'knowledge/load-json.ts cache': 'shipped data per reader (a WeakMap, dropped when the reader changes)',
  'knowledge/version-index.ts indexes': 'a WeakMap keyed by the shipped version data',
  'parse/aliases.ts cache': 'a WeakMap keyed by a parsed document',
  'parse/block-trivia.ts SPACES': 'strings of n spaces by n (pure)',
  'parse/kubectl-keys.ts collectionKeys': 'a WeakMap keyed by a parsed node',
  'parse/nesting.ts givenUp': 'a WeakMap keyed by a parsed document',
  'parse/node-budget.ts last': 'one entry, the node count of the last text asked about (the check and then its fixes ask about the same text); replaced by the next text, so it holds at most one',
  'parse/nesting.ts tooDeep': 'a WeakMap keyed by a parsed document',
  'parse/parseFile.ts parseStats': 'a count of documents parsed, for tests and --stats (no file fact)',
  'snippets/for-version.ts cache': 'snippets per version from the shipped data, dropped when the reader changes',
  'snippets/index.ts loaded': 'shipped snippets per reader (a WeakMap, dropped when the reader changes)',
  'validate/apiserver/run.ts KIND_RULES': 'an index of the rule list by kind, built at load and never changed',
  'validate/walk.ts fieldIndexCache': 'a WeakMap keyed by the shipped type data',
};

/** Calls and assignments that change a collection or an object in place. */
const MUTATING_METHODS = new Set(['push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill', 'copyWithin', 'set', 'add', 'delete', 'clear']);

function moduleState(file: string): string[] {
  return moduleStateOf(ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true));
}

/** The names of a module's mutable state: a top-level `let`/`var`, a top-level empty `new Map/Set/WeakMap/WeakSet`,
 *  and a top-level constant array or object literal that the module changes (a method that mutates, an assignment
 *  to a member, `++`/`--`). A collection built with its contents and never changed is a lookup table: not state. */
function moduleStateOf(source: ts.SourceFile): string[] {
  const out = new Set<string>();
  const literals = new Set<string>();
  for (const st of source.statements) {
    if (!ts.isVariableStatement(st)) continue;
    const constant = (st.declarationList.flags & ts.NodeFlags.Const) !== 0;
    for (const d of st.declarationList.declarations) {
      if (!ts.isIdentifier(d.name)) continue;
      const init = d.initializer;
      if (!constant) out.add(d.name.text);
      else if (init && ts.isNewExpression(init) && ['Map', 'Set', 'WeakMap', 'WeakSet'].includes(init.expression.getText(source)) && !init.arguments?.length) out.add(d.name.text);
      else if (init && (ts.isArrayLiteralExpression(init) || ts.isObjectLiteralExpression(init))) literals.add(d.name.text);
    }
  }
  const rootName = (e: ts.Expression): string | undefined => {
    while (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) e = e.expression;
    return ts.isIdentifier(e) && literals.has(e.text) ? e.text : undefined;
  };
  const visit = (n: ts.Node): void => {
    let changed: string | undefined;
    if (ts.isBinaryExpression(n) && n.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && n.operatorToken.kind <= ts.SyntaxKind.LastAssignment && !ts.isIdentifier(n.left)) changed = rootName(n.left);
    else if ((ts.isPrefixUnaryExpression(n) || ts.isPostfixUnaryExpression(n)) && (n.operator === ts.SyntaxKind.PlusPlusToken || n.operator === ts.SyntaxKind.MinusMinusToken)) changed = rootName(n.operand);
    else if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && MUTATING_METHODS.has(n.expression.name.text)) changed = rootName(n.expression.expression);
    if (changed) out.add(changed);
    ts.forEachChild(n, visit);
  };
  visit(source);
  return [...out];
}
