// `--format sarif`: SARIF 2.1.0 as GitHub code scanning reads it. One rule per finding code of the registry
// (engine/codes/registry.ts: summary, full description, README anchor), and one per code and gate for a gate finding
// (helpUri: the gate's KEP); results with ruleId, level, message, fixes (artifactChanges) and a physical location
// relative to the repository root (uriBaseId SRCROOT); partialFingerprints computed from the finding and the text
// of its line, so that a second run over the same files gives the same values. Results are written as they come;
// the rules follow them in the same run object.
import { createHash } from 'node:crypto';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ALL_CODES, CODE_TABLE, gateCatalog, leavesBase, LineIndex, verdictSentence, type Finding, type FindingCode, type Severity } from '../../engine';
import type { FileFix } from '../check-file';
import { codeHelpUri, PROJECT_URL, programVersion } from '../program-info';
import { ChunkedOut, shownWhenQuiet, type FileResult, type ReportWriter, type RunSummary, type WriterOptions } from './types';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', information: 'note', hint: 'note' };

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

/** The rule of a code (every code of the registry is listed, found or not). */
export function codeRule(code: FindingCode): SarifRule {
  const info = CODE_TABLE[code];
  return {
    id: code,
    name: code,
    shortDescription: { text: sentence(info.summary) },
    fullDescription: { text: info.description },
    helpUri: codeHelpUri(code),
    help: { text: `${info.description} See ${codeHelpUri(code)}` },
    defaultConfiguration: { level: LEVEL[info.severity] },
    properties: { code },
  };
}

/** The gate and KEP a finding names (gate findings and gate settings). */
function gateKep(f: Finding): { gate?: string; kep?: number; kepTitle?: string } {
  switch (f.code) {
    case 'feature-gate':
      return { gate: f.data?.gate, kep: f.data?.kep, kepTitle: f.data?.kepTitle };
    case 'locked-gate':
    case 'redundant-gate':
      return { gate: f.data?.gate, kep: f.data?.kep };
    default:
      return {};
  }
}

/** The rule of a finding: its code's, or per code and gate when the finding names a gate with a KEP. */
function ruleFor(f: Finding): SarifRule {
  const info = CODE_TABLE[f.code];
  const { gate, kep, kepTitle: titleInData } = gateKep(f);
  if (!gate || kep === undefined) return codeRule(f.code);
  const full = info.description;
  const entry = gateCatalog().gates[gate];
  const kepTitle = entry?.kep?.title ?? titleInData;
  const uri = kepUri(gate, kep);
  return {
    id: `${f.code}/${gate}`,
    name: `${f.code} ${gate}`,
    shortDescription: { text: `${sentence(info.summary).slice(0, -1)}: ${gate}.` },
    fullDescription: { text: `${full} Gate ${gate}${entry?.summary ? `: ${entry.summary}` : ''} (KEP-${kep}${kepTitle ? ` ${kepTitle}` : ''}).` },
    helpUri: uri,
    help: { text: `${full} See KEP-${kep}: ${uri}` },
    defaultConfiguration: { level: LEVEL[info.severity] },
    properties: { code: f.code, gate, kep },
  };
}

/** A fix as SARIF states it: its replacements in the checked file (1-based lines and UTF-16 columns). */
function sarifFix(fix: FileFix, artifact: { uri: string; uriBaseId?: string }): object {
  const replacements = fix.edits.map((e) => ({
    deletedRegion: { startLine: e.range.start.line + 1, startColumn: e.range.start.character + 1, endLine: e.range.end.line + 1, endColumn: e.range.end.character + 1 },
    insertedContent: { text: e.newText },
  }));
  return { description: { text: fix.title }, artifactChanges: [{ artifactLocation: artifact, replacements }] };
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
  if (leavesBase(rel)) return { uri: pathToFileURL(abs).toString() };
  return { uri: rel.split(path.sep).map(encodeURIComponent).join('/'), uriBaseId: 'SRCROOT' };
}

export function sarifWriter(out: ChunkedOut, options: WriterOptions, ctx: SarifContext): ReportWriter {
  // Every code of the registry, in its order; gate rules follow as findings name them.
  const rules: SarifRule[] = ALL_CODES.map(codeRule);
  const ruleIndex = new Map<string, number>(rules.map((r, i) => [r.id, i]));
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
          ...(r.fixes?.get(f)?.length ? { fixes: r.fixes.get(f)!.map((x) => sarifFix(x, artifact)) } : {}),
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
        // Nothing silenced without a count (findings dropped by disable comments or configuration, patch files), and
        // the .kubegate.yaml files that governed the run, with the files each ignored and the findings it turned off.
        properties: { silenced: summary.silenced, ...(summary.settings.length > 0 ? { settings: summary.settings } : {}) },
      };
      out.write(`      "invocations": ${JSON.stringify([invocation])},\n`);
      out.write(`      "originalUriBaseIds": ${JSON.stringify({ SRCROOT: { uri: pathToFileURL(ctx.root + path.sep).toString() } })},\n`);
      out.write('      "columnKind": "utf16CodeUnits"\n    }\n  ]\n}\n');
      out.flush();
    },
  };
}
