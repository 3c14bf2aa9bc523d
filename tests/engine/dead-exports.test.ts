// No dead exports in the engine: every name an engine module exports is imported by another module (the engine,
// the front ends, the client, bench or scripts). An export nothing imports is dead code, or a name that should stay
// local to its module. Tests are not users: code only tests call is dead, except where a test reaches a unit with
// no public surface and says so in its header: a comment line starting with "Internal imports:" that names each
// engine module it imports (its path below server/src/engine in backquotes, e.g. `validate/quantity`) with why; the
// header ends at the first line that is not a `//` comment. Such a listed import counts (the entry point, `index`,
// too: a public name only tests use is dead unless a test says why). The second test holds tests to that rule: a
// name the entry point exports (value or type) is imported from it, any other engine import is listed, and a
// listed module is imported. The sources are read with the TypeScript parser alone (no type check, so the test is
// quick). A re-export (`export { x } from`, `export *`, an imported name exported again) keeps the name it passes
// on alive only while something imports it from the re-exporting module: a name the entry point (engine/index.ts)
// exports but no front end takes from it is dead there, and in its module if nothing else imports it. The entry
// point's `export type { … }` lines are the exception: the types of what its exports take and give, public even
// while no front end names them.
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
import { describe, expect, it } from 'vitest';

const REPO = path.resolve(__dirname, '..', '..');
const ENGINE = path.join(REPO, 'server', 'src', 'engine');
const ENTRY = path.join(ENGINE, 'index.ts');
/** Where imports are counted (tests: only the internal imports their header lists). */
const ROOTS = ['server/src', 'client/src', 'tests', 'bench', 'scripts'];
const TESTS = path.join(REPO, 'tests');

/** The engine modules a test's header lists from its line `// Internal imports:` on (paths below engine/, without `.ts`). */
function listedInternals(text: string): Set<string> {
  const header = /^(?:\s*\/\/.*\n)+/.exec(text)?.[0] ?? '';
  const at = header.search(/^\/\/ Internal imports:/m);
  const list = at < 0 ? '' : header.slice(at).replace(/^\s*\/\/\s?/gm, ' ');
  return new Set([...list.matchAll(/`([A-Za-z][\w-]*(?:\/[\w-]+)*)`/g)].map((m) => m[1]!));
}

/** True when `file` (a test) may count its import of `module`: not a test, or a module its header lists. */
function counts(file: string, module: string, listed: Set<string>): boolean {
  if (!file.startsWith(TESTS + path.sep)) return true;
  if (!module.startsWith(ENGINE + path.sep)) return true;
  const rel = path.relative(ENGINE, module).replace(/\.ts$/, '').replace(/\/index$/, '');
  return listed.has(rel);
}

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== 'node_modules' && name !== 'dist' && name !== 'fixtures') sources(p, out);
    } else if (/\.(ts|mts|cts)$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** The module file a relative specifier names; undefined for a package or a file that is not TypeScript. */
function resolveSpecifier(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), spec);
  for (const file of [`${base}.ts`, path.join(base, 'index.ts')]) if (existsSync(file)) return file;
  return undefined;
}

interface ModuleExports {
  /** Names declared and exported here. */
  local: Set<string>;
  /** Exported name → the module and name it passes on. */
  passed: Map<string, { module: string; name: string }>;
  /** Modules of `export * from`. */
  stars: string[];
}

/** Every module's exports, and every (module, name) some other module imports ('*': all its names). */
function readSources(): { modules: Map<string, ModuleExports>; uses: { module: string; name: string }[] } {
  const modules = new Map<string, ModuleExports>();
  const uses: { module: string; name: string }[] = [];
  for (const file of ROOTS.flatMap((r) => sources(path.join(REPO, r)))) {
    const text = readFileSync(file, 'utf8');
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
    const own: ModuleExports = { local: new Set(), passed: new Map(), stars: [] };
    const listed = listedInternals(text);
    modules.set(file, own);
    const imported = new Map<string, { module: string; name: string }>();
    const localExports: { name: string; as: string }[] = [];
    const isExported = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    for (const st of sf.statements) {
      if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
        const module = resolveSpecifier(file, st.moduleSpecifier.text);
        const clause = st.importClause;
        if (!module || !clause || !counts(file, module, listed)) continue;
        if (clause.name) uses.push({ module, name: 'default' });
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) uses.push({ module, name: '*' });
        if (bindings && ts.isNamedImports(bindings)) {
          for (const el of bindings.elements) {
            const name = (el.propertyName ?? el.name).text;
            uses.push({ module, name });
            imported.set(el.name.text, { module, name });
          }
        }
      } else if (ts.isExportDeclaration(st)) {
        const module = st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier) ? resolveSpecifier(file, st.moduleSpecifier.text) : undefined;
        if (st.moduleSpecifier && !module) continue;
        if (!st.exportClause) own.stars.push(module!);
        else if (ts.isNamedExports(st.exportClause)) {
          for (const el of st.exportClause.elements) {
            const name = (el.propertyName ?? el.name).text;
            if (module) own.passed.set(el.name.text, { module, name });
            else localExports.push({ name, as: el.name.text });
            // The entry point's `export type { … }` lines: types of what its exports take and give, public as such.
            if (file === ENTRY && st.isTypeOnly) uses.push({ module: file, name: el.name.text });
          }
        }
      } else if (isExported(st)) {
        if (ts.isVariableStatement(st)) {
          for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name)) own.local.add(d.name.text);
        } else if ((ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st) || ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st) || ts.isEnumDeclaration(st)) && st.name) {
          own.local.add(st.name.text);
        }
      }
    }
    // `import { x } from './y'; export { x }` passes y's x on.
    for (const { name, as } of localExports) {
      const from = imported.get(name);
      if (from) own.passed.set(as, from);
      else own.local.add(as);
    }
    // `import('./y').T` in a type.
    const visit = (node: ts.Node): void => {
      if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
        const module = resolveSpecifier(file, node.argument.literal.text);
        let q = node.qualifier;
        while (q && ts.isQualifiedName(q)) q = q.left;
        if (module && counts(file, module, listed)) uses.push({ module, name: q ? q.text : '*' });
      }
      ts.forEachChild(node, visit);
    };
    if (text.includes('import(')) visit(sf);
  }
  return { modules, uses };
}

/** `module#name` of every export some other module imports, following re-exports to where the name is declared. */
function usedExports(modules: Map<string, ModuleExports>, uses: { module: string; name: string }[]): Set<string> {
  const used = new Set<string>();
  const provides = (module: string, name: string, seen = new Set<string>()): boolean => {
    const m = modules.get(module);
    if (!m || seen.has(module)) return false;
    seen.add(module);
    return m.local.has(name) || m.passed.has(name) || m.stars.some((s) => provides(s, name, seen));
  };
  const namesOf = (module: string, seen = new Set<string>()): string[] => {
    const m = modules.get(module);
    if (!m || seen.has(module)) return [];
    seen.add(module);
    return [...m.local, ...m.passed.keys(), ...m.stars.flatMap((s) => namesOf(s, seen))];
  };
  const mark = (module: string, name: string): void => {
    if (name === '*') {
      for (const n of namesOf(module)) mark(module, n);
      return;
    }
    const key = `${module}#${name}`;
    if (used.has(key)) return;
    used.add(key);
    const m = modules.get(module);
    if (!m || m.local.has(name)) return;
    const passed = m.passed.get(name);
    if (passed) mark(passed.module, passed.name);
    else for (const s of m.stars) if (provides(s, name)) mark(s, name);
  };
  for (const u of uses) mark(u.module, u.name);
  return used;
}

/** The declaration (`module#name`) an exported name of `module` comes from, following re-exports. */
function originOf(modules: Map<string, ModuleExports>, module: string, name: string, seen = new Set<string>()): string | undefined {
  const m = modules.get(module);
  if (!m || seen.has(module)) return undefined;
  seen.add(module);
  if (m.local.has(name)) return `${module}#${name}`;
  const passed = m.passed.get(name);
  if (passed) return originOf(modules, passed.module, passed.name, seen);
  for (const s of m.stars) {
    const found = originOf(modules, s, name, seen);
    if (found) return found;
  }
  return undefined;
}

/** The entry point's names by the declaration each comes from. */
function publicNames(modules: Map<string, ModuleExports>): Map<string, string> {
  const entry = modules.get(ENTRY)!;
  const names = [...entry.local, ...entry.passed.keys()];
  for (const s of entry.stars) names.push(...(modules.get(s)?.local ?? []), ...(modules.get(s)?.passed.keys() ?? []));
  const out = new Map<string, string>();
  for (const name of names) {
    const origin = originOf(modules, ENTRY, name);
    if (origin) out.set(origin, name);
  }
  return out;
}

/** Every engine import of a test file (declarations, `import('…')` in types and calls): the module and the names. */
function engineImportsOf(file: string): { module: string; names: string[] }[] {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const out: { module: string; names: string[] }[] = [];
  const add = (spec: string, names: string[]) => {
    const module = resolveSpecifier(file, spec);
    if (module?.startsWith(ENGINE + path.sep)) out.push({ module, names });
  };
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const bindings = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : node.exportClause;
      const names = bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings)) ? bindings.elements.map((e) => (e.propertyName ?? e.name).text) : ['*'];
      add(node.moduleSpecifier.text, names);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      let q = node.qualifier;
      while (q && ts.isQualifiedName(q)) q = q.left;
      add(node.argument.literal.text, [q ? q.text : '*']);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      add(node.arguments[0].text, ['*']);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

describe('engine exports', () => {
  // Both tests read the same sources, once.
  let read: ReturnType<typeof readSources> | undefined;
  const sourcesRead = () => (read ??= readSources());

  it('every name an engine module exports is imported by another module', () => {
    const { modules, uses } = sourcesRead();
    const used = usedExports(modules, uses);
    const dead: string[] = [];
    for (const [file, m] of modules) {
      if (!file.startsWith(ENGINE + path.sep)) continue;
      for (const name of [...m.local, ...m.passed.keys()]) {
        if (!used.has(`${file}#${name}`)) dead.push(`${path.relative(REPO, file)}: ${name}`);
      }
    }
    expect(dead.sort()).toEqual([]);
  });

  it('a test imports from the engine what the entry point exports, and an internal module only when its header lists it', () => {
    const { modules } = sourcesRead();
    const pub = publicNames(modules);
    const wrong: string[] = [];
    for (const file of sources(TESTS)) {
      const rel = path.relative(REPO, file);
      const listed = listedInternals(readFileSync(file, 'utf8'));
      const imported = new Set<string>();
      for (const { module, names } of engineImportsOf(file)) {
        const unit = path.relative(ENGINE, module).replace(/\.ts$/, '').replace(/\/index$/, '');
        imported.add(unit);
        if (module === ENTRY) continue;
        // A name the entry point exports (value or type) comes from there, listed module or not.
        let internal = false;
        for (const name of names) {
          const origin = name === '*' ? undefined : originOf(modules, module, name);
          const as = origin && pub.get(origin);
          if (as) wrong.push(`${rel}: imports ${name} from engine/${unit}; the entry point exports it${as === name ? '' : ` as ${as}`}: import it from there`);
          else internal = true;
        }
        if (internal && !listed.has(unit)) wrong.push(`${rel}: imports engine/${unit} (${names.join(', ')}) without \`${unit}\` in its header's "Internal imports:" (with why)`);
      }
      for (const unit of listed) {
        const exists = existsSync(path.join(ENGINE, `${unit}.ts`)) || existsSync(path.join(ENGINE, unit, 'index.ts'));
        if (exists && !imported.has(unit)) wrong.push(`${rel}: its header lists \`${unit}\` under "Internal imports:" but it imports nothing from it`);
      }
    }
    expect([...new Set(wrong)].sort()).toEqual([]);
  });
});
