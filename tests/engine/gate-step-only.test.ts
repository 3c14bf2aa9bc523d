// A change of gate state alone (a config edited in another file, a gate setting) re-runs only the gate step of an
// open document: the walk is kept, and the report equals a fresh check under the new state. Asserted on work done
// (walks counted by the document), through the engine's public entry point.
import { describe, expect, it } from 'vitest';
import { Analysis, buildGateEnvironment, explicitSettings, gateCatalog, OpenDocument, type CheckOptions, type FileReport } from '../../server/src/engine';
import { dataOf } from '../support/finding-data';

const TEXT = `apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata:
  name: s
spec:
  driver: gpu.example.com
  nodeName: node-1
  pool: {name: p, generation: 1, resourceSliceCount: 1}
  skipNodeOperations: ["*"]
---
apiVersion: v1
kind: Service
metadata:
  name: 1-web
spec:
  ports: [{port: 80}]
`;

function context(gates: string[], version: '1.36' | '1.37' = '1.37'): CheckOptions {
  const environment = buildGateEnvironment({ catalog: gateCatalog(), version, explicit: explicitSettings(gates, 'test') });
  return { version, environment, file: '/repo/app.yaml' };
}

const guard = { maxChars: 5_000_000 };
const gateOf = (f: FileReport['findings'][number]) => dataOf(f, 'invalid-value', 'feature-gate', 'gate-dependency', 'unknown-gate', 'locked-gate', 'redundant-gate')?.gate;
const codes = (r: FileReport) => r.findings.map((f) => `${f.code}${gateOf(f) ? `:${gateOf(f)}` : ''}`);

describe('an open document under changing gate state', () => {
  it.each([
    ['1.37', [[], ['DRAOptionalNodeOperations=true'], []]],
    // RelaxedServiceNameValidation (beta, on by default in 1.36) changes the Service name rule: a walk-time rule.
    ['1.36', [[], ['RelaxedServiceNameValidation=false'], ['RelaxedServiceNameValidation=true']]],
  ] as const)('%s: walks each document once; each new gate state re-runs only the gate step, with the answer of a fresh check', (version, states) => {
    const doc = new OpenDocument();
    const seen = new Set<string>();
    for (const gates of states) {
      const ctx = context([...gates], version);
      const report = new Analysis(ctx).report(TEXT, guard, doc);
      expect(report).toEqual(new Analysis(ctx).check(TEXT));
      seen.add(codes(report).join(','));
    }
    // Each of the two YAML documents walked once.
    expect(doc.walks).toBe(2);
    // The gate state did change the answer.
    expect(seen.size).toBe(2);
  });

  it('an edited document is walked again, the others not; the same text in a new version is walked again', () => {
    const doc = new OpenDocument();
    const ctx = context([]);
    new Analysis(ctx).report(TEXT, guard, doc);
    // The edited text in the same context: the one YAML document that changed is walked again.
    new Analysis(ctx).report(TEXT.replace('node-1', 'node-2'), guard, doc);
    expect(doc.walks).toBe(3);
    // Back to the first text: the edited document is walked again (only the last text's walks are kept).
    new Analysis(ctx).report(TEXT, guard, doc);
    expect(doc.walks).toBe(4);
    const v36: CheckOptions = { ...ctx, version: '1.36' };
    const report = new Analysis(v36).report(TEXT, guard, doc);
    expect(doc.walks).toBe(6);
    expect(report).toEqual(new Analysis(v36).check(TEXT));
  });
});
