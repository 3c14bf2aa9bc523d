// No class a reader cannot hold in mind: every class in server/src and client/src has at most MAX_MEMBERS members
// (fields, the constructor and its parameter properties, methods and accessors, public and private; a get/set
// pair counts once). A class over the limit is split into cohesive parts, or listed in EXCEPTIONS with why.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..', '..');
const MAX_MEMBERS = 15;

/** Classes allowed over the limit, by `file ClassName`, with why. */
const EXCEPTIONS: Record<string, string> = {
  'server/src/engine/parse/block-cst.ts BlockReader':
    'a recursive-descent reader: its methods are the productions of one grammar over one line table, on the parse hot path',
};

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sources(p));
    else if (p.endsWith('.ts') && !p.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** The members of a class: each field, parameter property, method and accessor name once. */
function memberNames(node: ts.ClassLikeDeclaration): string[] {
  const names = new Set<string>();
  for (const m of node.members) {
    if (ts.isConstructorDeclaration(m)) {
      names.add('constructor');
      for (const p of m.parameters) if (ts.isParameterPropertyDeclaration(p, m)) names.add(p.name.getText());
      continue;
    }
    if (ts.isClassStaticBlockDeclaration(m) || ts.isIndexSignatureDeclaration(m) || ts.isSemicolonClassElement(m)) continue;
    const static_ = (ts.canHaveModifiers(m) ? ts.getModifiers(m) : undefined)?.some((x) => x.kind === ts.SyntaxKind.StaticKeyword) ? 'static ' : '';
    names.add(static_ + (m.name?.getText() ?? '?'));
  }
  return [...names];
}

function classSizes(): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const file of [...sources(path.join(ROOT, 'server', 'src')), ...sources(path.join(ROOT, 'client', 'src'))]) {
    const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if ((ts.isClassDeclaration(node) || ts.isClassExpression(node)) && node.name !== undefined) {
        sizes.set(`${path.relative(ROOT, file).split(path.sep).join('/')} ${node.name.text}`, memberNames(node).length);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return sizes;
}

describe('class size', () => {
  const sizes = classSizes();

  it('finds the classes it is meant to measure', () => {
    expect(sizes.get('server/src/engine/project/project.ts Project')).toBeGreaterThan(0);
    expect(sizes.get('server/src/lsp/session.ts Session')).toBeGreaterThan(0);
  });

  it(`no class has more than ${MAX_MEMBERS} members but the listed exceptions`, () => {
    const over = [...sizes].filter(([name, n]) => n > MAX_MEMBERS && EXCEPTIONS[name] === undefined).map(([name, n]) => `${name}: ${n}`);
    expect(over).toEqual([]);
  });

  it('every exception is still a class over the limit', () => {
    const stale = Object.keys(EXCEPTIONS).filter((name) => (sizes.get(name) ?? 0) <= MAX_MEMBERS);
    expect(stale).toEqual([]);
  });
});
