// The int-or-string half of the hand-written validation table (field-rule-table.ts), called from the walker's
// scalar check: a Quantity must parse as the decoder parses it, and a field of the int-or-string table holds a
// port (number 1–65535 or IANA port name) or a count/percentage (`[0-9]+%`), as upstream validation reads it.
import type { Scalar } from 'yaml';
import type { KubectlScalar } from '../parse/kubectl-scalar';
import type { Range } from '../base/types';
import { isUnderStatus } from '../base/field-path';
import type { WalkContext } from './context';
import { report, show } from './mapping-field-rules';
import { INT_OR_STRING, PERCENT_SOURCE, PORT_NAME_SOURCE, QUANTITY_SOURCE, STRING_FIELDS, type IntOrStringRow, type StringFieldRow } from './field-rule-table';
import { quantityHint, quantityProblem } from './quantity';

const STRING_FIELDS_BY_FIELD = new Map<string, StringFieldRow>(STRING_FIELDS.map((row) => [`${row.type}\u0000${row.field}`, row]));
const INT_OR_STRING_BY_FIELD = new Map<string, IntOrStringRow>(INT_OR_STRING.map((row) => [`${row.type}\u0000${row.field}`, row]));

// ── Scalar level: int-or-string meaning and quantities ─────────────────────────────────────────────────

const PORT_NAME_CHARS = /^[-a-z0-9]+$/;

/** Why a port name breaks the IANA service-name rules kube-apiserver applies (undefined when it is fine). */
export function portNameProblem(name: string): string | undefined {
  if (name.length > 15) return 'is longer than 15 characters';
  if (!PORT_NAME_CHARS.test(name)) return 'may contain only lower-case letters, digits and "-"';
  if (!/[a-z]/.test(name)) return 'needs at least one letter';
  if (name.includes('--')) return 'may not contain "--"';
  if (name.startsWith('-') || name.endsWith('-')) return 'may not start or end with "-"';
  return undefined;
}

/** The hand-written checks of one scalar the decoder accepted: int-or-string values (below) and string fields of
 *  the table that upstream reads with a named rule (a container port's name is an IANA service name). */
export function checkHandwrittenScalar(
  ctx: WalkContext,
  node: Scalar,
  read: KubectlScalar,
  intOrString: boolean,
  quantity: boolean,
  owner: string | undefined,
  field: string | undefined,
  range: Range,
  path: string,
): void {
  if (intOrString) {
    checkIntOrStringScalar(ctx, node, read, quantity, owner, field, range, path);
    return;
  }
  if (ctx.isConfig || isUnderStatus(path) || !owner || !field || read.type !== 'string' || read.value === '') return;
  const row = STRING_FIELDS_BY_FIELD.get(`${owner}\u0000${field}`);
  const problem = row ? portNameProblem(read.value) : undefined;
  if (!row || !problem) return;
  report(
    ctx,
    'invalid-value',
    `Applying fails: ${show(read.value)} is not a valid port name`,
    range,
    path,
    { rule: 'portName', stage: 'validation', verdict: 'rejected', source: [row.source, PORT_NAME_SOURCE] },
    'Use at most 15 lower-case letters, digits and "-", with at least one letter (e.g. "http", "metrics").',
    { value: read.value },
    `The port name ${problem}.`,
  );
}

/**
 * The checks of one int-or-string scalar (the decoder already accepted its type): a quantity must parse, and a
 * field of the int-or-string table must hold a valid port / percentage. `owner` is the type key of the mapping
 * that holds the field.
 */
function checkIntOrStringScalar(
  ctx: WalkContext,
  node: Scalar,
  read: KubectlScalar,
  quantity: boolean,
  owner: string | undefined,
  field: string | undefined,
  range: Range,
  path: string,
): void {
  // Component configs are read by their component, not applied: their quantities are left to it.
  if (ctx.isConfig || isUnderStatus(path)) return;
  if (quantity) {
    if (read.type !== 'string') return;
    const problem = quantityProblem(read.value);
    if (!problem) return;
    const hint = quantityHint(read.value);
    report(
      ctx,
      'invalid-value',
      `Applying fails: ${show(read.value)} is not a quantity`,
      range,
      path,
      { rule: 'quantity', stage: 'decode', verdict: 'rejected', source: QUANTITY_SOURCE },
      hint ?? 'Write a number with an optional unit: Ki, Mi, Gi… (powers of 1024), m, k, M, G… (powers of 1000) or an exponent (e.g. 512Mi, 250m, 1e3).',
      { value: read.value },
      `The value ${problem}; the API server cannot decode it, so the whole object is refused.`,
    );
    return;
  }
  if (!owner || !field) return;
  const row = INT_OR_STRING_BY_FIELD.get(`${owner}\u0000${field}`);
  if (!row) return;
  const quoted = node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE';
  if (row.kind === 'port') checkPort(ctx, row, read, quoted, range, path);
  else checkPercent(ctx, row, read, quoted, range, path);
}

function checkPort(ctx: WalkContext, row: IntOrStringRow, read: KubectlScalar, quoted: boolean, range: Range, path: string): void {
  const sources = [row.source, PORT_NAME_SOURCE, ...(row.zeroDefaulted ? [row.zeroDefaulted] : [])];
  if (read.type === 'int' || read.type === 'float') {
    const n = Number(read.value);
    if (n === 0 && row.zeroDefaulted) return;
    if (n < 1 || n > 65535) {
      report(ctx, 'invalid-value', `Applying fails: ${row.field} ${n} is not a port number (1 to 65535)`, range, path, { rule: 'portNumber', stage: 'validation', verdict: 'rejected', source: sources }, 'Use a port number from 1 to 65535, or a port name.', { value: n });
    }
    return;
  }
  if (read.type !== 'string') return;
  if (read.value === '' && row.zeroDefaulted) return;
  const problem = portNameProblem(read.value);
  if (!problem) return;
  const how = { rule: 'portName', stage: 'validation' as const, verdict: 'rejected' as const, source: sources };
  if (/^[0-9]+$/.test(read.value)) {
    report(
      ctx,
      'invalid-value',
      `Applying fails: ${show(read.value)} is read as a port name${quoted ? ' (it is quoted)' : ''}, and a port name needs a letter`,
      range,
      path,
      how,
      `Write ${read.value} without quotes for the port number.`,
      { value: read.value },
    );
    return;
  }
  report(
    ctx,
    'invalid-value',
    `Applying fails: ${show(read.value)} is not a valid port name`,
    range,
    path,
    how,
    'Use a port number, or a port name of at most 15 lower-case letters, digits and "-" with at least one letter.',
    { value: read.value },
    `The port name ${problem}.`,
  );
}

function checkPercent(ctx: WalkContext, row: IntOrStringRow, read: KubectlScalar, quoted: boolean, range: Range, path: string): void {
  const how = { rule: 'percent', stage: 'validation' as const, verdict: 'rejected' as const, source: [row.source, PERCENT_SOURCE] };
  if (read.type === 'int' || read.type === 'float') {
    const n = Number(read.value);
    if (n < 0) report(ctx, 'invalid-value', `Applying fails: ${row.field} ${n} is negative`, range, path, how, 'Use a count of 0 or more, or a percentage such as "25%".', { value: n });
    else if (n === 0 && row.notZero) report(ctx, 'invalid-value', `Applying fails: ${row.field} cannot be 0`, range, path, how, 'Use 1 or more, or a percentage above 0%.', { value: n });
    return;
  }
  if (read.type !== 'string') return;
  const value = read.value;
  if (!/^[0-9]+%$/.test(value)) {
    if (/^[0-9]+$/.test(value)) {
      report(
        ctx,
        'invalid-value',
        `Applying fails: ${show(value)} is read as a percentage${quoted ? ' (it is quoted)' : ''}, and a percentage must end with %`,
        range,
        path,
        how,
        `Write ${value} without quotes for a count, or "${value}%" for a percentage.`,
        { value },
      );
    } else {
      report(ctx, 'invalid-value', `Applying fails: ${row.field} ${show(value)} is neither a count nor a percentage`, range, path, how, 'Use a whole number, or digits followed by % (e.g. "25%").', { value });
    }
    return;
  }
  const n = Number(value.slice(0, -1));
  if (row.max100 && n > 100) report(ctx, 'invalid-value', `Applying fails: ${row.field} ${value} is more than 100%`, range, path, how, 'Use a percentage of at most 100%.', { value });
  else if (row.notZero && n === 0) report(ctx, 'invalid-value', `Applying fails: ${row.field} cannot be 0%`, range, path, how, 'Use a percentage above 0%, or a count of 1 or more.', { value });
}
