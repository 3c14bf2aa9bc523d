// Source drift of the hand-written rules: every hand-written validation/warning row records the upstream
// function it was read from (repository, path, commit, function). For each distinct one, compare the
// function's code (tokens without comments or layout) at the recorded commit with the checkout; the rows
// whose function changed are the ones to re-read on release day.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { matchingClose, tokenizeGo } from './go-tokens';

export interface RecordedSource {
  repo: string;
  path: string;
  commit: string;
  fn: string;
  /** Where the row is recorded (module or table file). */
  where: string;
}

/** Objects of shape {repo, path, commit, fn} anywhere in a module's exports. */
export function sourcesInModule(mod: Record<string, unknown>, where: string): RecordedSource[] {
  const out: RecordedSource[] = [];
  const seen = new Set<unknown>();
  const walk = (v: unknown): void => {
    if (v === null || typeof v !== 'object' || seen.has(v)) return;
    seen.add(v);
    const o = v as Record<string, unknown>;
    if (typeof o.repo === 'string' && typeof o.path === 'string' && typeof o.commit === 'string' && typeof o.fn === 'string') {
      out.push({ repo: o.repo, path: o.path, commit: o.commit, fn: o.fn, where });
      return;
    }
    for (const x of Array.isArray(v) ? v : Object.values(o)) walk(x);
  };
  walk(mod);
  return out;
}

/** `repo path@commit fn` source cells of a hand-read TSV table. */
export function sourcesInTsv(text: string, where: string): RecordedSource[] {
  const out: RecordedSource[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    for (const cell of line.split('\t')) {
      const m = /^([\w.-]+\/[\w.-]+) (\S+)@([0-9a-f]{7,40}) (.+)$/.exec(cell.trim());
      if (m) out.push({ repo: m[1], path: m[2], commit: m[3], fn: m[4], where });
    }
  }
  return out;
}

/** A source cited inside a note: `[owner/name ]path.go@commit Fn` (the repository defaults to the row's). */
const CITED = /(?:\b([\w.-]+\/[\w.-]+) )?([\w./-]+\.go)@([0-9a-f]{7,40}) ([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)?)/g;

/**
 * The Go identifiers a `fn` note names as the row's own declarations: the part before the note's commentary
 * (`-> callee`, `→ callee`, `; other source`, `: how`, ` = what it calls`, ` with …`), without parenthesised or
 * quoted remarks, split at `/` and `,`. `ParseQuantity / Quantity.UnmarshalJSON (suffixes …)` → both;
 * `ValidateService ("Check for duplicate Ports, considering (protocol,port) pairs")` → ValidateService.
 */
export function namedDeclarations(fn: string): string[] {
  let plain = fn.replace(/"[^"]*"/g, ' ');
  for (let prev = ''; prev !== plain; ) [prev, plain] = [plain, plain.replace(/\([^()]*\)/g, ' ')];
  const head = plain.split(/\s+(?:->|→)\s+|;\s|:\s|\s=\s|\swith\s/)[0] ?? '';
  return head
    .split(/\s*\/\s*|\s*,\s*/)
    .map((part) => /^[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)?/.exec(part.trim())?.[0])
    .filter((x): x is string => !!x);
}

/**
 * The sources a row cites beyond its own declaration (`… → pkg/api/x/util.go@abc123 Fn`, `…; kubernetes/kubernetes
 * staging/…/name.go@def456 Other`), as rows of their own, so drift checks them too. Paths that are not Go files
 * (a KEP README) are not declarations and are left out, and so is a plain lower-case word after the commit (prose,
 * `create.go@abc clears …`: a Go name cited there has an upper-case letter, a `_` or a `.`).
 */
export function citedSources(s: RecordedSource): RecordedSource[] {
  return [...s.fn.matchAll(CITED)].filter((m) => /[A-Z_.]/.test(m[4]!)).map((m) => ({ repo: m[1] ?? s.repo, path: m[2]!, commit: m[3]!, fn: m[4]!, where: s.where }));
}

/**
 * The code of a declaration in a Go file as one string of tokens (comments and layout dropped): a function or
 * method (`Type.Method`) with its body, else a const/var/type spec line. undefined when not declared there.
 */
export function declarationCode(src: string, name: string): string | undefined {
  const toks = tokenizeGo(src).filter((t) => t.kind !== 'comment');
  const [recv, fname] = name.includes('.') ? name.split('.') : [undefined, name];
  for (let i = 0; i < toks.length; i++) {
    if (toks[i].text !== 'func' || !toks[i].newlineBefore) continue;
    let n = i + 1;
    let receiver: string | undefined;
    if (toks[n]?.text === '(') {
      const close = matchingClose(toks, n);
      receiver = toks.slice(n + 1, close).filter((t) => t.kind === 'ident').pop()?.text;
      n = close + 1;
    }
    if (toks[n]?.text !== fname || receiver !== recv) continue;
    let b = n + 1;
    while (b < toks.length && toks[b].text !== '{') b = toks[b].text === '(' ? matchingClose(toks, b) + 1 : b + 1;
    const end = matchingClose(toks, b);
    return toks.slice(i, end + 1).map((t) => t.text).join(' ');
  }
  if (recv) return undefined;
  for (let i = 0; i < toks.length; i++) {
    const keyword = /^(const|var|type)$/.test(toks[i - 1]?.text ?? '') && toks[i - 1].newlineBefore;
    if (toks[i].text !== name || !(toks[i].newlineBefore || keyword)) continue;
    let j = i + 1;
    while (j < toks.length && !toks[j].newlineBefore) j++;
    return toks.slice(i, j).map((t) => t.text).join(' ');
  }
  return undefined;
}

export type DriftStatus = 'unchanged' | 'changed' | 'gone' | 'unknown';

export interface DriftResult extends RecordedSource {
  status: DriftStatus;
  detail?: string;
  rows: number;
}

/** Compare one declaration's code in two texts of the same file. */
export function compareDeclaration(before: string | undefined, after: string | undefined, fn: string): { status: DriftStatus; detail?: string } {
  if (before === undefined) return { status: 'unknown', detail: 'file not readable at the recorded commit' };
  if (after === undefined) return { status: 'gone', detail: 'file not in the checkout' };
  const names = namedDeclarations(fn);
  if (names.length === 0) return { status: 'unknown', detail: 'no Go identifier in the recorded function note' };
  const changed: string[] = [];
  for (const n of names) {
    const a = declarationCode(before, n);
    const b = declarationCode(after, n);
    if (a === undefined) return { status: 'unknown', detail: `${n} not found at the recorded commit` };
    if (b === undefined) return { status: 'gone', detail: `${n} no longer declared in the file` };
    if (a !== b) changed.push(n);
  }
  return changed.length ? { status: 'changed', detail: `${changed.join(', ')} changed` } : { status: 'unchanged' };
}

function gitShow(dir: string, rev: string, file: string): string | undefined {
  try {
    return execFileSync('git', ['-C', dir, 'show', `${rev}:${file}`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 << 20 });
  } catch {
    return undefined;
  }
}

/** Why the recorded version of a file cannot be read: the commit is not in the clone, or the file is not at it. */
function missingDetail(dir: string, commit: string, file: string): string {
  try {
    execFileSync('git', ['-C', dir, 'cat-file', '-e', `${commit}^{commit}`], { stdio: 'ignore' });
    return `${file} is not at commit ${commit.slice(0, 12)}`;
  } catch {
    return `commit ${commit.slice(0, 12)} is not in the checkout (clone with history, or fetch a newer one)`;
  }
}

/** A checkout of `repo`: its folder, and the path prefix of the recorded paths inside it. */
export interface RepoCheckout {
  dir: string;
  prefix?: string;
}

export function checkDrift(recorded: RecordedSource[], checkouts: Record<string, RepoCheckout>): DriftResult[] {
  const groups = new Map<string, { s: RecordedSource; rows: number }>();
  for (const s of recorded.flatMap((r) => [r, ...citedSources(r)])) {
    const key = `${s.repo}\t${s.path}\t${s.commit}\t${namedDeclarations(s.fn).join(',')}`;
    const g = groups.get(key);
    if (g) g.rows++;
    else groups.set(key, { s, rows: 1 });
  }
  const cache = new Map<string, string | undefined>();
  const cached = (k: string, f: () => string | undefined): string | undefined => {
    if (!cache.has(k)) cache.set(k, f());
    return cache.get(k);
  };
  const out: DriftResult[] = [];
  for (const { s, rows } of [...groups.values()].sort((a, b) => (a.s.repo + a.s.path + a.s.fn < b.s.repo + b.s.path + b.s.fn ? -1 : 1))) {
    const at = checkoutOf(s, checkouts);
    if (!at) {
      out.push({ ...s, rows, status: 'unknown', detail: `no checkout of ${s.repo} given` });
      continue;
    }
    const { co, file, repo } = at;
    const before = cached(`${repo}@${s.commit}:${file}`, () => gitShow(co.dir, s.commit, file));
    const after = cached(`${repo}@now:${file}`, () => {
      const p = path.join(co.dir, file);
      return fs.existsSync(p) ? fs.readFileSync(p, 'utf8') : gitShow(co.dir, 'HEAD', file);
    });
    const r = before === undefined ? currentSideOnly(after, s.fn, missingDetail(co.dir, s.commit, file)) : compareDeclaration(before, after, s.fn);
    out.push({ ...s, rows, ...r, ...(repo !== s.repo ? { detail: `${r.detail ? `${r.detail}; ` : ''}read in ${repo}` } : {}) });
  }
  return out;
}

/**
 * The checkout holding a recorded file: the row's repository, else, for a kubernetes/kubernetes staging path
 * (`staging/src/k8s.io/<name>/…`), the published repository kubernetes/<name> (its commits are not those of
 * kubernetes/kubernetes, so there only the current side can be read).
 */
function checkoutOf(s: RecordedSource, checkouts: Record<string, RepoCheckout>): { co: RepoCheckout; file: string; repo: string } | undefined {
  const co = checkouts[s.repo];
  if (co) return { co, file: co.prefix ? `${co.prefix}/${s.path}` : s.path, repo: s.repo };
  const m = s.repo === 'kubernetes/kubernetes' ? /^staging\/src\/k8s\.io\/([\w-]+)\/(.+)$/.exec(s.path) : null;
  const published = m ? checkouts[`kubernetes/${m[1]}`] : undefined;
  return m && published ? { co: published, file: published.prefix ? `${published.prefix}/${m[2]}` : m[2]!, repo: `kubernetes/${m[1]}` } : undefined;
}

/** Without the recorded version, only a declaration that is gone can be told; one still there is not comparable. */
export function currentSideOnly(after: string | undefined, fn: string, why: string): { status: DriftStatus; detail: string } {
  if (after === undefined) return { status: 'gone', detail: `file not in the checkout (${why})` };
  const missing = namedDeclarations(fn).filter((n) => declarationCode(after, n) === undefined);
  if (missing.length) return { status: 'gone', detail: `${missing.join(', ')} no longer declared in the file (${why}; only the current side was read)` };
  return { status: 'unknown', detail: `${why}; still declared in the checkout` };
}
