// Checks of a CustomResourceDefinition document itself that kube-apiserver makes when the CRD is created and
// that the built-in schema walk cannot: every `pattern` must compile as an RE2 expression (Go's regexp), and a
// schema deeper than Kubegate follows is said so (not skipped silently). Sources:
// - pattern: kubernetes/kubernetes staging/src/k8s.io/apiextensions-apiserver/pkg/apiserver/schema/validation.go
//   @ 21e7f350b81c8719e468393e085868d6ad3b86ca (validateValueValidation: regexp.Compile(v.Pattern), the error is
//   "must be a valid regular expression, but isn't: <regexp error>").
import { finding } from '../codes';
import { isAlias, isMap, isScalar, isSeq, type Document, type LineCounter, type Node, type Pair, type YAMLMap } from 'yaml';
import { rangeOf } from '../parse/ranges';
import type { Finding } from '../codes/finding';
import type { Range } from '../base/types';
import { compileRe2 } from '../base/regex';

/** How deep Kubegate follows a CRD schema (nested schemas); deeper parts are not checked, with a note. */
const MAX_SCHEMA_DEPTH = 100;
/** Schema nodes visited per CRD document at most (a generated CRD cannot make the check unbounded). */
const MAX_SCHEMA_NODES = 200_000;

interface CrdDocumentInput {
  doc: Document.Parsed;
  lineCounter: LineCounter;
  document: number;
  root: YAMLMap;
}

interface Walk {
  input: CrdDocumentInput;
  findings: Finding[];
  nodes: number;
  deepest?: { path: string; range: Range };
  truncated: boolean;
}

/** Schema keywords whose value is one schema / a map of schemas / a list of schemas. */
const ONE = new Set(['items', 'not', 'additionalProperties', 'additionalItems']);
const MAP = new Set(['properties', 'patternProperties', 'definitions', 'dependencies']);
const LIST = new Set(['allOf', 'anyOf', 'oneOf']);

function resolve(doc: Document.Parsed, node: unknown): Node | undefined {
  let current = node as Node | undefined | null;
  for (let hops = 0; current && isAlias(current) && hops < 50; hops++) current = current.resolve(doc) as Node | undefined;
  return current ?? undefined;
}

function child(doc: Document.Parsed, map: Node | undefined, key: string): Node | undefined {
  if (!map || !isMap(map)) return undefined;
  for (const pair of map.items as Pair<Node | null, Node | null>[]) {
    const k = resolve(doc, pair.key);
    if (isScalar(k) && k.value === key) return resolve(doc, pair.value);
  }
  return undefined;
}

function rangeOfNode(w: Walk, node: Node | undefined, fallback: Range): Range {
  const r = node?.range;
  return r && r[1] >= r[0] ? rangeOf(w.input.lineCounter, r[0], r[1]) : fallback;
}

/** Findings about a CRD document's schemas (spec.versions[].schema.openAPIV3Schema, spec.validation.openAPIV3Schema). */
export function crdDocumentFindings(input: CrdDocumentInput): Finding[] {
  const { doc, root } = input;
  const w: Walk = { input, findings: [], nodes: 0, truncated: false };
  const spec = child(doc, root, 'spec');
  const fallback = rangeOfNode(w, root, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
  const versions = child(doc, spec, 'versions');
  if (versions && isSeq(versions)) {
    versions.items.forEach((raw, i) => {
      const schema = child(doc, child(doc, resolve(doc, raw), 'schema'), 'openAPIV3Schema');
      if (schema) visit(w, schema, `spec.versions[${i}].schema.openAPIV3Schema`, 0, fallback);
    });
  }
  const shared = child(doc, child(doc, spec, 'validation'), 'openAPIV3Schema');
  if (shared) visit(w, shared, 'spec.validation.openAPIV3Schema', 0, fallback);
  if (w.deepest || w.truncated) {
    const why = w.truncated
      ? `the CRD's schemas have more than ${MAX_SCHEMA_NODES} nodes`
      : `the schema is nested more than ${MAX_SCHEMA_DEPTH} levels deep (at ${w.deepest!.path})`;
    w.findings.push(finding('file-too-large', {
      severity: 'information',
      message: `Not checked in full: ${why}; deeper parts are not checked here`,
      fix: 'Check this CRD with a dry run against a cluster (kubectl apply --dry-run=server).',
      range: w.deepest?.range ?? fallback,
      path: w.deepest?.path ?? 'spec',
      document: input.document,
      data: { rule: 'crd-schema-bounds', pipelineStage: 'validation', verdict: 'note', maxDepth: MAX_SCHEMA_DEPTH, maxNodes: MAX_SCHEMA_NODES },
    }));
  }
  return w.findings;
}

function visit(w: Walk, node: Node, path: string, depth: number, fallback: Range): void {
  const { doc } = w.input;
  if (!isMap(node)) return;
  if (w.nodes >= MAX_SCHEMA_NODES) {
    w.truncated = true;
    return;
  }
  w.nodes++;
  if (depth > MAX_SCHEMA_DEPTH) {
    w.deepest ??= { path, range: rangeOfNode(w, node, fallback) };
    return;
  }
  for (const pair of node.items as Pair<Node | null, Node | null>[]) {
    const k = resolve(doc, pair.key);
    if (!isScalar(k) || typeof k.value !== 'string') continue;
    const key = k.value;
    const value = resolve(doc, pair.value);
    if (!value) continue;
    if (key === 'pattern' && isScalar(value) && typeof value.value === 'string') {
      const re = compileRe2(value.value);
      if (!re.ok) {
        const at = `${path}.pattern`;
        w.findings.push(finding('invalid-value', {
          severity: 'error',
          message: `Creating this CRD fails: ${at}: must be a valid regular expression, but isn't: ${re.error}`,
          fix: 'Write the pattern in RE2 syntax (Go regexp: no look-around, no back-references).',
          range: rangeOfNode(w, value, fallback),
          path: at,
          document: w.input.document,
          data: { rule: 'crd-pattern-syntax', pipelineStage: 'validation', verdict: 'rejected', pattern: value.value, error: re.error },
        }));
      }
    } else if (ONE.has(key)) {
      visit(w, value, `${path}.${key}`, depth + 1, fallback);
    } else if (MAP.has(key) && isMap(value)) {
      for (const p of value.items as Pair<Node | null, Node | null>[]) {
        const name = resolve(doc, p.key);
        const sub = resolve(doc, p.value);
        if (isScalar(name) && sub) visit(w, sub, `${path}.${key}[${String(name.value)}]`, depth + 1, fallback);
      }
    } else if (LIST.has(key) && isSeq(value)) {
      value.items.forEach((item, i) => {
        const sub = resolve(doc, item);
        if (sub) visit(w, sub, `${path}.${key}[${i}]`, depth + 1, fallback);
      });
    }
  }
}
