// Hover and `explain` show what kube-apiserver's defaulting sets where a manifest leaves a field unset (the
// defaults the hand-written rules read, server/src/engine/validate/apiserver/defaults.ts), through the public
// engine API: the hovered field's unset children (and its list items'), a field written empty, nothing for a field
// the text sets or a kind whose defaults are not ported; `explain` gives the same line for the same field.
import { describe, expect, it } from 'vitest';
import { Analysis } from '../../server/src/engine';

const analysis = new Analysis({ version: '1.37' });

const deployment = (spec: string, container = '      - name: web\n        image: nginx\n') => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
${spec}  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
${container}`;

/** The hover's "defaulted" lines at the first `word` of line `line` (0-based; a key or a scalar value). */
async function defaultedLines(text: string, line: number, word: string): Promise<string[]> {
  const column = text.split('\n')[line]!.indexOf(word);
  expect(column, `${word} on line ${line}`).toBeGreaterThanOrEqual(0);
  const hover = await analysis.hover(text, { line, character: column + 1 });
  return (hover?.markdown ?? '').split('\n').filter((l) => l.includes(' defaulted: '));
}

describe('hover: defaulted values', () => {
  it("a Deployment's spec without replicas shows replicas defaulted to 1, and the rest of SetDefaults_Deployment", async () => {
    expect(await defaultedLines(deployment(''), 4, 'spec')).toEqual([
      '- `progressDeadlineSeconds` defaulted: `600`',
      '- `replicas` defaulted: `1`',
      '- `revisionHistoryLimit` defaulted: `10`',
      '- `strategy.rollingUpdate.maxSurge` defaulted: `25%`',
      '- `strategy.rollingUpdate.maxUnavailable` defaulted: `25%`',
      '- `strategy.type` defaulted: `RollingUpdate`',
    ]);
    // Written: not defaulted. A written strategy leaves its own unset children to its own hover.
    const written = deployment('  replicas: 3\n  strategy:\n    type: RollingUpdate\n');
    const spec = await defaultedLines(written, 4, 'spec');
    expect(spec.filter((l) => l.includes('replicas') || l.includes('strategy'))).toEqual([]);
    expect(await defaultedLines(written, 6, 'strategy')).toEqual([
      '- `rollingUpdate.maxSurge` defaulted: `25%`',
      '- `rollingUpdate.maxUnavailable` defaulted: `25%`',
    ]);
    // Written but empty (Go's zero value): the field's own hover says what it becomes.
    expect(await defaultedLines(deployment('  replicas:\n'), 5, 'replicas')).toEqual(['- `replicas` defaulted: `1`']);
  });

  it("a container list shows each item's imagePullPolicy from its tag; a port list each port's protocol", async () => {
    const two = '      - name: web\n        image: nginx\n        ports:\n        - containerPort: 80\n      - name: side\n        image: registry.local:5000/side:1.2\n';
    const text = deployment('', two);
    expect(await defaultedLines(text, 11, 'containers')).toEqual(['- `[0].imagePullPolicy` defaulted: `Always`', '- `[1].imagePullPolicy` defaulted: `IfNotPresent`']);
    expect(await defaultedLines(text, 14, 'ports')).toEqual(['- `[0].protocol` defaulted: `TCP`']);
    // The pod spec's own defaults on its key; the containers' are left to the containers' hover.
    expect(await defaultedLines(text, 10, 'spec')).toEqual(['- `dnsPolicy` defaulted: `ClusterFirst`', '- `restartPolicy` defaulted: `Always`', '- `terminationGracePeriodSeconds` defaulted: `30`']);
    // A tag `latest` pulls always; an image by digest is not defaulted here (not ported).
    expect(await defaultedLines(deployment('', '      - name: web\n        image: nginx:latest\n'), 11, 'containers')).toEqual(['- `[0].imagePullPolicy` defaulted: `Always`']);
    expect(await defaultedLines(deployment('', '      - name: web\n        image: nginx@sha256:0123\n'), 11, 'containers')).toEqual([]);
  });

  it('a volume with only a name becomes emptyDir; a Service spec gets its type; a kind without ported defaults shows none', async () => {
    const pod = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  volumes:\n  - name: scratch\n  containers:\n  - name: c\n    image: busybox:1.36\n';
    expect(await defaultedLines(pod, 5, 'volumes')).toEqual(['- `[0].emptyDir` defaulted: `{}`']);
    const service = 'apiVersion: v1\nkind: Service\nmetadata:\n  name: s\nspec:\n  ports:\n  - port: 80\n';
    expect(await defaultedLines(service, 4, 'spec')).toEqual(['- `sessionAffinity` defaulted: `None`', '- `type` defaulted: `ClusterIP`']);
    expect(await defaultedLines(service, 6, 'port')).toEqual([]);
    expect(await defaultedLines(service, 5, 'ports')).toEqual(['- `[0].protocol` defaulted: `TCP`', '- `[0].targetPort` defaulted: `80`']);
    // The object's own defaults on its kind (SetDefaults_Secret); none for a ConfigMap.
    expect(await defaultedLines('apiVersion: v1\nkind: Secret\nmetadata:\n  name: s\n', 1, 'Secret')).toEqual(['- `type` defaulted: `Opaque`']);
    expect(await defaultedLines('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata: {}\n', 1, 'ConfigMap')).toEqual([]);
  });

  it('explain says the same of a field as the hover of a manifest that leaves it unset', async () => {
    const explained = (path: string) => (analysis.explainField('apps/v1', 'Deployment', path) ?? '').split('\n').filter((l) => l.includes(' defaulted: '));
    expect(explained('spec')).toEqual(await defaultedLines(deployment(''), 4, 'spec'));
    expect(explained('spec.replicas')).toEqual(['- `replicas` defaulted: `1`']);
    expect(explained('spec.template.spec.containers.ports')).toEqual(['- `[].protocol` defaulted: `TCP`']);
    expect(explained('spec.selector')).toEqual([]);
  });
});
