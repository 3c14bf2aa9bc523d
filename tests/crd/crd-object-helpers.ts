// Helpers of the CRD / APIService object tests: Analysis.check at 1.37, exact ranges, the one finding of a rule with
// the verdict contract checked, and a v1 CRD text to vary.
// Internal imports: `api-extensions/cel` (the CEL cost statistics the helpers report beside a finding).
// Also `api-extensions/workspace` (crdsFromText: the CRDs of one text; the public loadCrdFiles reads named files).
import { expect } from 'vitest';
import { buildCrdCatalog, type FileReport, type Finding, Analysis } from '../../server/src/engine';
import { crdsFromText } from '../../server/src/engine/api-extensions/workspace';
import { rangeOfText } from '../engine/helpers';
import { celStats } from '../../server/src/engine/api-extensions/cel';
import { dataOf } from '../support/finding-data';

export const check = (text: string): FileReport => new Analysis({ version: '1.37' }).check(text);
/** A custom resource checked against the CRD of another file (the workspace's CRDs). */
export const checkWithCrd = (crdText: string, doc: string): FileReport =>
  new Analysis({ version: '1.37', crds: buildCrdCatalog({ workspace: crdsFromText(crdText, 'crd.yaml'), pack: null }) }).check(doc);
export const at = (text: string, line: number, needle: string, occurrence = 0) => rangeOfText(text, line, needle, occurrence);
export const ruled = (report: FileReport): Finding[] => report.findings.filter((f) => typeof f.data?.['rule'] === 'string');
const keys = (fs: Finding[]) => fs.map((f) => `${f.code}:${f.path}`);

/** The one finding of a rule, with the verdict contract checked. */
export function one(report: FileReport, rule: string, verdict: 'rejected' | 'ignored' = 'rejected'): Finding {
  const list = report.findings.filter((f) => f.data?.['rule'] === rule);
  expect(list, `one ${rule} finding in ${JSON.stringify(keys(report.findings))}`).toHaveLength(1);
  const f = list[0]!;
  expect(f.data).toMatchObject({ rule, pipelineStage: 'validation', verdict });
  expect(f.severity).toBe(verdict === 'rejected' ? 'error' : 'warning');
  expect(String(dataOf(f, 'invalid-value', 'missing-field', 'api-warning')?.source)).toMatch(/^[\w.-]+\/[\w.-]+.*:.+@[0-9a-f]{40}$/);
  expect(f.fix).toBeTruthy();
  return f;
}

/** A v1 CRD; `schema` is the openAPIV3Schema body (indented 8 spaces), `spec` extra lines at spec level. */
export const crd = (schema = '        type: object\n', opts: { name?: string; spec?: string; version?: string } = {}): string =>
  `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: ${opts.name ?? 'widgets.example.com'}
spec:
  group: example.com
  names: {kind: Widget, plural: widgets}
  scope: Namespaced
${opts.spec ?? ''}  versions:
${opts.version ?? ''}  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
${schema}`;


/** A CRD whose spec has the given rules and properties (property lines indented 14 spaces). */
export const withRules = (rules: string[], properties: string): string =>
  crd(`        type: object
        properties:
          spec:
            type: object
            x-kubernetes-validations:
${rules.map((r) => `            - rule: ${JSON.stringify(r)}`).join('\n')}
            properties:
${properties}`);

/** How much a CEL counter (celStats) grows while `run` runs: the work, asserted in steps, never in time. */
export function celGrowth(counter: keyof typeof celStats, run: () => void): number {
  const before = celStats[counter];
  run();
  return celStats[counter] - before;
}
