// Applies the kustomize facts of a file to its analysed documents (before the gate step):
//   - resource: `missing-field` for a field kustomize fills in is dropped;
//   - patch: nothing is required (`missing-field` dropped, and `null` on a required field is a strategic-merge
//     delete, not an invalid value; rules that judge the whole object, `data.wholeObject`, are dropped too); strategic-merge directives (`$patch`, `$retainKeys`, `$setElementOrder/…`,
//     `$deleteFromPrimitiveList/…`) are not unknown fields; a JSON6902 operation list is checked against the
//     target kind: each `add` / `replace` value is walked at its path, findings at their exact positions;
//   - a strategic-merge patch document that sets every field its kind requires in its first two levels (a whole
//     Deployment listed under `patches:`) is still a patch for kustomize, but it is judged as the object it is
//     written as: nothing it leaves out is excused, and its report says so (`wholeObject`). A failing manifest
//     cannot hide under `patches:` by being listed there. A kind that requires nothing in those levels (a
//     ConfigMap, a Service) gives no way to tell a patch from an object: its documents stay patches.
import { isMap, isScalar, type Node, type YAMLMap } from 'yaml';
import type { KindEntry } from '../knowledge/data-contract';
import { kindEntry, kindsNamed } from '../knowledge/version-index';
import type { DocumentAnalysis, ParsedFile } from '../model';
import { patchOperations, placeAtPath } from '../parse/json-pointer';
import { rangeOf } from '../parse/ranges';
import { ruleDataOf, type Finding } from '../codes/finding';
import type { AnalyzeInputs } from '../route/inputs';
import type { WalkContext } from '../validate/context';
import { walkRoot } from '../validate/walk';
import type { InjectedField, KustomizeFacts } from './facts';
import type { PatchTarget } from './kustomization';
import { append } from '../base/append';

function underPath(findingPath: string | undefined, field: string): boolean {
  return !!findingPath && (findingPath === field || findingPath.startsWith(`${field}.`) || findingPath.startsWith(`${field}[`));
}

function injectedMatch(f: Finding, kinds: Set<string>, injected: InjectedField[]): boolean {
  return injected.some((i) => underPath(f.path, i.path) && (i.kinds === '*' || i.kinds.some((k) => kinds.has(k))));
}

function kindsOf(a: DocumentAnalysis): Set<string> {
  const out = new Set<string>();
  const add = (r: DocumentAnalysis['report']) => {
    if (r.kind) out.add(r.kind);
    r.items?.forEach(add);
  };
  add(a.report);
  return out;
}

/** Strategic-merge patch directives: keys kustomize (and the API server's strategic merge) read as instructions. */
function isPatchDirective(f: Finding): boolean {
  const field = f.code === 'unknown-field' ? f.data?.field : undefined;
  return field !== undefined && /^\$(?:patch$|retainKeys$|setElementOrder\/|deleteFromPrimitiveList\/)/.test(field);
}

function partial(findings: Finding[]): Finding[] {
  return findings.filter(
    (f) =>
      f.code !== 'missing-field' &&
      ruleDataOf(f)?.wholeObject !== true &&
      !(f.code === 'invalid-value' && f.data?.got === 'null') &&
      !(f.code === 'unknown-field' && isPatchDirective(f)),
  );
}

/** The kind a JSON6902 target names (served versions first), by kind and, when given, group and version. */
function targetEntry(target: PatchTarget | undefined, inputs: AnalyzeInputs): KindEntry | undefined {
  if (!target?.kind) return undefined;
  const matches = kindsNamed(inputs.data, target.kind).filter(
    (k) =>
      !k.component &&
      (target.group === undefined || k.group === target.group) &&
      (target.version === undefined || k.version === target.version),
  );
  return matches.find((k) => !k.removed && k.stability === 'stable') ?? matches.find((k) => !k.removed) ?? matches[0];
}

/** Walks the values of a JSON6902 operation list against the target kind; undefined when it is not one. */
function walkOperations(parsed: ParsedFile, a: DocumentAnalysis, target: PatchTarget | undefined, inputs: AnalyzeInputs): boolean {
  const pdoc = parsed.documents.find((d) => d.index === a.report.index);
  if (!pdoc?.doc || pdoc.templated || pdoc.errors.length > 0) return false;
  const ops = patchOperations(pdoc.doc.contents);
  const entry = targetEntry(target, inputs);
  if (!ops || !entry) return false;
  const findings: Finding[] = [];
  const ctx: WalkContext = {
    data: inputs.data,
    brief: inputs.brief,
    text: parsed.text,
    lineCounter: parsed.lineCounter,
    doc: pdoc.doc,
    document: pdoc.index,
    entry,
    isConfig: false,
    findings,
    gatedUses: a.gatedUses,
  };
  for (const op of ops) {
    if ((op.op !== 'add' && op.op !== 'replace') || op.value === undefined) continue;
    const tree = placeAtPath(op.path, op.value);
    if (!tree || !isMap(tree)) continue;
    const r = op.node.range;
    const where = r ? rangeOf(parsed.lineCounter, r[0], r[1]) : a.report.range;
    walkRoot(ctx, tree as YAMLMap<Node, Node>, entry.root, where);
  }
  append(a.findings, partial(findings));
  a.report = { ...a.report, checked: true, status: 'checked', apiVersion: entry.apiVersion, kind: entry.kind };
  delete a.report.reason;
  return true;
}

/** The fields an object of `entry` requires in its first two levels (`spec`, `spec.selector`, …), as paths. */
function requiredNearRoot(entry: KindEntry, inputs: AnalyzeInputs): string[][] {
  const out: string[][] = [];
  for (const f of inputs.data.types[entry.root]?.fields ?? []) {
    if (f.required) out.push([f.name]);
    const inner = 'ref' in f.type ? inputs.data.types[f.type.ref] : undefined;
    for (const g of inner?.fields ?? []) if (g.required) out.push([f.name, g.name]);
  }
  return out;
}

/** Whether a strategic-merge patch document is written as a whole object: a kind whose first two levels require
 *  something, and every such field set (not null, which is a strategic-merge delete). */
function isWholeObject(parsed: ParsedFile, a: DocumentAnalysis, inputs: AnalyzeInputs): boolean {
  if (!a.report.checked || a.report.items) return false;
  const entry = kindEntry(inputs.data, a.report.apiVersion, a.report.kind);
  const doc = parsed.documents.find((d) => d.index === a.report.index)?.doc;
  if (!entry || !doc || !isMap(doc.contents)) return false;
  const required = requiredNearRoot(entry, inputs);
  return required.length > 0 && required.every((p) => {
    const node: unknown = doc.getIn(p, true);
    return node !== undefined && !(isScalar(node) && node.value === null);
  });
}

/** Adjusts the analyses of a file that kustomize reads as a resource or a patch (in place). */
export function applyKustomizeFacts(parsed: ParsedFile, documents: DocumentAnalysis[], facts: KustomizeFacts, inputs: AnalyzeInputs): void {
  for (const a of documents) {
    if (facts.role === 'resource') {
      const kinds = kindsOf(a);
      a.findings = a.findings.filter((f) => !(f.code === 'missing-field' && injectedMatch(f, kinds, facts.injected)));
      continue;
    }
    if (walkOperations(parsed, a, facts.target, inputs)) continue;
    if (isWholeObject(parsed, a, inputs)) a.report = { ...a.report, wholeObject: true };
    else a.findings = partial(a.findings);
  }
}
