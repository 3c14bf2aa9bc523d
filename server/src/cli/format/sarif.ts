// `--format sarif`: SARIF 2.1.0 as GitHub code scanning reads it. One rule per finding code (a gate finding
// gets a rule per code and gate, whose helpUri is the gate's KEP); results with ruleId, level, message and a
// physical location relative to the repository root (uriBaseId SRCROOT); partialFingerprints computed from
// the finding and the text of its line, so that a second run over the same files gives the same values.
// Results are written as they come; the rules (known only then) follow them in the same run object.
import { createHash } from 'node:crypto';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CODE_TABLE, gateCatalog, LineIndex, verdictSentence, type Finding, type FindingCode, type Severity } from '../../engine';
import { codeHelpUri, PROJECT_URL, programVersion } from '../project';
import { ChunkedOut, shownWhenQuiet, type FileResult, type ReportWriter, type RunSummary, type WriterOptions } from './types';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', information: 'note', hint: 'note' };

/** What each code means and what to do, in full (SARIF fullDescription). */
const FULL: Partial<Record<FindingCode, string>> = {
  'yaml-syntax': 'The YAML does not parse, or a key is repeated. The document is not checked further until it parses.',
  'unknown-field': 'The key is not a field of its type in the target Kubernetes version; the API server drops or rejects it. A close field name is suggested when there is one.',
  'invalid-value': 'The value has the wrong type for the field, or is not one of the values the field allows.',
  'missing-field': 'A field that the API marks as required is absent; the API server rejects the object.',
  'unknown-kind': 'The apiVersion is served, but it has no kind of that name.',
  'api-not-served': 'The target Kubernetes version does not serve this apiVersion and kind; the message names the apiVersion to use where one exists.',
  'api-disabled-by-default': 'An alpha or beta API version is served only when the API server enables it with --runtime-config.',
  'api-deprecated': 'The apiVersion is deprecated in the target version and will be removed; the message names the apiVersion to move to where one exists.',
  'api-warning': 'kube-apiserver stores the object but returns a warning: a deprecated or non-functional volume type, node label or annotation, a fractional byte quantity, a null label selector, and the like.',
  'yaml11-scalar': 'A plain scalar such as yes, no, on, off or 0644 means something else to YAML 1.1 parsers (kubectl); quote it.',
  'value-not-recognised': 'The value is outside the values a config field documents (the data is weak, so this is never an error).',
  'feature-gate': 'The field, value or kind needs a feature gate that is alpha, or beta and off by default, and the gate is not known to be on for every component that needs it. Enable the gate in the cluster config, or do not use the field.',
  'field-not-in-version': 'The field exists only in a later Kubernetes version than the target.',
  'gate-dependency': 'A gate the manifest needs depends on another gate that is off.',
  'unknown-gate': 'A gate setting names no feature gate of the target version (unknown, removed or renamed); components refuse to start.',
  'locked-gate': 'A gate locked to its default is set to the other value; components refuse to start.',
  'redundant-gate': 'A GA gate is set to its default; the setting changes nothing and breaks start-up once the gate is removed.',
  'version-mismatch': 'A config names another Kubernetes version than the one checked against.',
  'file-too-large': 'The file is too large to check fully; only its syntax is checked.',
  'disable-comment': 'A # kubegate-disable comment names something that is not a finding code (so it silences nothing for it), or, with --report-unused-disables, the comment or a code it names silences nothing.',
  'template-not-checked': 'The document holds Go/Helm template markers ({{ … }}), so it is not checked; check the rendered output instead (helm template … | kubegate check -).',
};

interface SarifRule {
  id: string;
  name: string;
  shortDescription: { text: string };
  fullDescription: { text: string };
  helpUri: string;
  help: { text: string };
  defaultConfiguration: { level: 'error' | 'warning' | 'note' };
  properties: { code: string; gate?: string; kep?: number };
}

function sentence(text: string): string {
  const t = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

function kepUri(gate: string | undefined, kep: number): string {
  const url = gate ? gateCatalog().gates[gate]?.kep?.url : undefined;
  return url ?? `https://kep.k8s.io/${kep}`;
}

/** The rule of a finding: per code, or per code and gate when the finding names a gate with a KEP. */
function ruleFor(f: Finding): SarifRule {
  const info = CODE_TABLE[f.code];
  const full = FULL[f.code] ?? sentence(info.when);
  const gate = typeof f.data?.['gate'] === 'string' ? (f.data['gate'] as string) : undefined;
  const kep = typeof f.data?.['kep'] === 'number' ? (f.data['kep'] as number) : undefined;
  const level = LEVEL[info.severity];
  if (gate && kep !== undefined) {
    const entry = gateCatalog().gates[gate];
    const kepTitle = entry?.kep?.title ?? (typeof f.data?.['kepTitle'] === 'string' ? (f.data['kepTitle'] as string) : undefined);
    const uri = kepUri(gate, kep);
    return {
      id: `${f.code}/${gate}`,
      name: `${f.code} ${gate}`,
      shortDescription: { text: `${sentence(info.when).slice(0, -1)}: ${gate}.` },
      fullDescription: { text: `${full} Gate ${gate}${entry?.summary ? `: ${entry.summary}` : ''} (KEP-${kep}${kepTitle ? ` ${kepTitle}` : ''}).` },
      helpUri: uri,
      help: { text: `${full} See KEP-${kep}: ${uri}` },
      defaultConfiguration: { level },
      properties: { code: f.code, gate, kep },
    };
  }
  return {
    id: f.code,
    name: f.code,
    shortDescription: { text: sentence(info.when) },
    fullDescription: { text: full },
    helpUri: codeHelpUri(f.code),
    help: { text: `${full} See ${codeHelpUri(f.code)}` },
    defaultConfiguration: { level },
    properties: { code: f.code },
  };
}

/** The nearest folder at or above `start` that holds `.git`, else `fallback`. */
export function repositoryRoot(start: string, exists: (p: string) => boolean, fallback: string): string {
  let dir = path.resolve(start);
  for (;;) {
    if (exists(path.join(dir, '.git'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve(fallback);
    dir = parent;
  }
}

export interface SarifContext {
  /** Repository root: artifact URIs are relative to it. */
  root: string;
  /** Working directory (relative input paths are relative to it). */
  cwd: string;
  /** The text of an input, for fingerprints (the line of a finding). */
  textOf(file: string): string | undefined;
}

function artifactOf(file: string, ctx: SarifContext): { uri: string; uriBaseId?: string } {
  if (file.startsWith('<')) return { uri: encodeURIComponent(file.replace(/[<>]/g, '')) };
  const abs = path.resolve(ctx.cwd, file);
  const rel = path.relative(ctx.root, abs);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return { uri: pathToFileURL(abs).toString() };
  return { uri: rel.split(path.sep).map(encodeURIComponent).join('/'), uriBaseId: 'SRCROOT' };
}

export function sarifWriter(out: ChunkedOut, options: WriterOptions, ctx: SarifContext): ReportWriter {
  const rules: SarifRule[] = [];
  const ruleIndex = new Map<string, number>();
  let first = true;
  out.write(`{\n  "$schema": ${JSON.stringify(SARIF_SCHEMA)},\n  "version": "2.1.0",\n  "runs": [\n    {\n      "results": [`);
  return {
    file(r: FileResult) {
      const artifact = artifactOf(r.path, ctx);
      const text = ctx.textOf(r.path);
      // One line table per file, for the text of each finding's line.
      const lines = text === undefined ? undefined : new LineIndex(text);
      const lineOf = (n: number) => lines?.lineText(n).trim() ?? '';
      const seen = new Map<string, number>();
      for (const f of r.report.findings) {
        if (options.quiet && !shownWhenQuiet(f.severity)) continue;
        const rule = ruleFor(f);
        let index = ruleIndex.get(rule.id);
        if (index === undefined) {
          index = rules.length;
          rules.push(rule);
          ruleIndex.set(rule.id, index);
        }
        const key = [rule.id, artifact.uri, f.path ?? '', f.document ?? '', lineOf(f.range.start.line)].join('\u0000');
        const occurrence = seen.get(key) ?? 0;
        seen.set(key, occurrence + 1);
        const hash = createHash('sha256').update(key).digest('hex').slice(0, 32);
        const evidence = (f.related ?? []).map((e) => ` ${e.message}`).join('');
        const result = {
          ruleId: rule.id,
          ruleIndex: index,
          level: LEVEL[f.severity],
          message: { text: `${f.message}${/[.!?]$/.test(f.message) ? '' : '.'}${f.fix ? ` ${f.fix}` : ''}${evidence}` },
          locations: [
            {
              physicalLocation: {
                artifactLocation: artifact,
                region: {
                  startLine: f.range.start.line + 1,
                  startColumn: f.range.start.character + 1,
                  endLine: f.range.end.line + 1,
                  endColumn: f.range.end.character + 1,
                },
              },
            },
          ],
          partialFingerprints: { 'kubegateFinding/v1': `${hash}:${occurrence}` },
          ...(f.data !== undefined ? { properties: { code: f.code, severity: f.severity, ...(f.path ? { path: f.path } : {}), ...(verdictSentence(f) ? { verdict: verdictSentence(f) } : {}), data: f.data } } : {}),
        };
        out.write(`${first ? '\n' : ',\n'}        ${JSON.stringify(result)}`);
        first = false;
      }
    },
    end(summary: RunSummary) {
      const tool = {
        driver: { name: 'Kubegate', version: programVersion(), semanticVersion: programVersion(), informationUri: PROJECT_URL, rules },
      };
      out.write(`${first ? '' : '\n      '}],\n`);
      out.write(`      "tool": ${JSON.stringify(tool)},\n`);
      // Why the run fails (exit code and reasons), where SARIF keeps what happened when the tool ran.
      const invocation = {
        executionSuccessful: summary.verdict.exitCode !== 2,
        exitCode: summary.verdict.exitCode,
        ...(summary.verdict.reasons.length > 0 ? { exitCodeDescription: summary.verdict.reasons.join('; ') } : {}),
        toolExecutionNotifications: summary.verdict.reasons.map((r) => ({ level: 'error', message: { text: `Failing: ${r}.` } })),
      };
      out.write(`      "invocations": ${JSON.stringify([invocation])},\n`);
      out.write(`      "originalUriBaseIds": ${JSON.stringify({ SRCROOT: { uri: pathToFileURL(ctx.root + path.sep).toString() } })},\n`);
      out.write('      "columnKind": "utf16CodeUnits"\n    }\n  ]\n}\n');
      out.flush();
    },
  };
}
