// data/comment-gates.tsv: gates that no `+featureGate` marker states, linked to a type, a field or some of a
// field's values. A `comment` row is applied only where that declaration's doc comment names the gate (checked
// at every extraction, so a row stops applying when upstream rewords the comment); a `curated` row, whose
// evidence is outside the code, is applied wherever the field exists.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CommentGateRow, DocEnumRow, ExtType } from './go-types';

export const DOC_ENUMS_FILE = path.join(__dirname, 'data', 'doc-enums.tsv');
export const COMMENT_GATES_FILE = path.join(__dirname, 'data', 'comment-gates.tsv');

export function readCommentGates(file = COMMENT_GATES_FILE): CommentGateRow[] {
  const out: CommentGateRow[] = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const [type, field, values, gate, how] = line.split('\t');
    if (how !== 'comment' && how !== 'curated') throw new Error(`comment-gates.tsv: ${type} ${gate}: how must be comment or curated`);
    out.push({ type, gate, how, ...(field && field !== '-' ? { field } : {}), ...(values && values !== '-' ? { values: values.split(',') } : {}) });
  }
  return out;
}

/** data/doc-enums.tsv: type → the values its doc comment lists (applied only where the comment lists them all). */
export function readDocEnums(file = DOC_ENUMS_FILE): DocEnumRow[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => {
      const [type, values] = l.split('\t');
      return { type, values: values.split(',') };
    });
}

function names(doc: string, gate: string): boolean {
  return doc.split(/[^A-Za-z0-9]+/).includes(gate);
}

function addGate(list: string[] | undefined, gate: string): string[] {
  return list?.includes(gate) ? list : [...(list ?? []), gate];
}

/** The comment-gates.tsv rows of one struct type: each `comment` row only where its doc comment names the gate. */
export function applyCommentGates(t: ExtType, rows: CommentGateRow[], typeDoc: string, docs: Map<string, string>, unconfirmed: (msg: string) => void): void {
  for (const row of rows) {
    const f = row.field ? t.fields.find((x) => (x.name || x.go) === row.field) : undefined;
    if (row.field && !f) continue; // the field is not in this version
    const doc = row.field ? (docs.get(row.field) ?? '') : typeDoc;
    if ((f ?? t).featureGates.includes(row.gate)) continue; // a marker states it already
    if (row.how === 'comment' && !names(doc, row.gate)) {
      unconfirmed(`${row.type}${row.field ? `.${row.field}` : ''}: the doc comment does not name ${row.gate}`);
      continue;
    }
    if (!f) t.featureGatesFromComment = addGate(t.featureGatesFromComment, row.gate);
    else if (row.how === 'curated') f.featureGatesCurated = addGate(f.featureGatesCurated, row.gate);
    else if (row.values) f.featureGatesFromCommentForValues = { ...f.featureGatesFromCommentForValues, [row.gate]: row.values };
    else f.featureGatesFromComment = addGate(f.featureGatesFromComment, row.gate);
  }
}
