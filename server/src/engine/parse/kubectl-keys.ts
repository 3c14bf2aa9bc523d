// A mapping key that is a sequence or a mapping (`? [a, b]`, `[a, b]: c`, `{a: 1}: b`, or an alias of one): the
// `yaml` package reads it, but kubectl's YAML reader refuses the whole document ("yaml: invalid map key"), so
// nothing of it is applied. Source: go-yaml/yaml decode.go @ 00aeb2c63b7cd89d82eeb66ffcebae066eeb8092 (the
// decoder's mapping step fails on a key that decodes to a map or a slice); sigs.k8s.io/yaml converts YAML to
// JSON with its own copy of go-yaml, which has the same step. The keys are met by the pass over every key that
// finds duplicates (parseFile.ts addDuplicateKeyErrors), which hands the non-scalar ones here: no walk of its own.
import { isAlias, isMap, isSeq, type Document, type Node } from 'yaml';
import { finding } from '../codes';
import type { Finding } from '../codes/finding';
import type { ParsedDocument, ParsedFile } from '../model';
import { rangeOf } from './ranges';

/** The first such key of each document, in document order. */
const collectionKeys = new WeakMap<Document.Parsed, Node>();

/** Keeps a key that is not a scalar when it is a list or a mapping, or an alias of one (the first of a document
 *  in the text, whatever order the keys come in). */
export function noteKey(doc: Document.Parsed, key: unknown): void {
  const target = isAlias(key) ? key.resolve(doc) : key;
  if (!isMap(target) && !isSeq(target)) return;
  const kept = collectionKeys.get(doc);
  const at = (n: Node | undefined) => n?.range?.[0] ?? Number.POSITIVE_INFINITY;
  if (!kept || at(key as Node) < at(kept)) collectionKeys.set(doc, key as Node);
}

/** The finding for the document's first key that is a list or a mapping, if any. */
export function collectionKeyFinding(parsed: ParsedFile, pdoc: ParsedDocument): Finding | undefined {
  const key = pdoc.doc ? collectionKeys.get(pdoc.doc) : undefined;
  if (!key?.range) return undefined;
  return finding('yaml-syntax', {
    severity: 'error',
    message: 'Applying fails: kubectl refuses this document: a mapping key is a list or a mapping (yaml: invalid map key)',
    fix: 'Make the key a string (quote it), and put the list or mapping in the value.',
    range: rangeOf(parsed.lineCounter, key.range[0], key.range[1]),
    document: pdoc.index,
    data: { rule: 'yaml-collection-key', pipelineStage: 'decode', verdict: 'rejected' },
  });
}
