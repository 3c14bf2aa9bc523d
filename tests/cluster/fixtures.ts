// Answers of a fake API server in the real wire formats: /version (version.Info JSON), /metrics (Prometheus
// text exposition), discovery (/api APIVersions, /apis APIGroupList), the node list, node-proxied kubelet
// metrics, /openapi/v3 (index and one group/version document). Gate names and the API group used here are
// made up or passed in by the test (from ../shared); no Kubernetes fact is hard-coded.
import type { Route } from './fakeApiServer';

export interface FixtureGate {
  name: string;
  stage: string;
  enabled: boolean;
}

export const GENERIC_GATES: FixtureGate[] = [
  { name: 'ExampleAlphaGate', stage: 'ALPHA', enabled: true },
  { name: 'ExampleBetaGate', stage: 'BETA', enabled: false },
  { name: 'ExampleGraduatedGate', stage: '', enabled: true },
];

export const TEST_GROUP = 'example.kubegate.test';

export function versionInfo(gitVersion: string): unknown {
  const m = /^v(\d+)\.(\d+)/.exec(gitVersion);
  return {
    major: m?.[1] ?? '',
    minor: m?.[2] ?? '',
    gitVersion,
    gitCommit: '0000000000000000000000000000000000000000',
    gitTreeState: 'clean',
    buildDate: '2026-01-01T00:00:00Z',
    goVersion: 'go1.0',
    compiler: 'gc',
    platform: 'linux/amd64',
  };
}

/** A /metrics answer: unrelated families around the feature family, as a real server mixes them. */
export function metricsText(gates: FixtureGate[]): string {
  const lines = [
    '# HELP apiserver_request_total Test fixture text: an unrelated counter.',
    '# TYPE apiserver_request_total counter',
    'apiserver_request_total{code="200",component="apiserver",resource="pods",verb="LIST",version="v1"} 42',
    '# HELP kubernetes_feature_enabled Test fixture text: one sample per feature gate, 1 when on.',
    '# TYPE kubernetes_feature_enabled gauge',
    ...gates.map((g) => `kubernetes_feature_enabled{name="${g.name}",stage="${g.stage}"} ${g.enabled ? 1 : 0}`),
    '# HELP process_start_time_seconds Test fixture text: an unrelated gauge.',
    '# TYPE process_start_time_seconds gauge',
    'process_start_time_seconds 1.7e+09',
  ];
  return `${lines.join('\n')}\n`;
}

export const API_VERSIONS = { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [] };

export const API_GROUP_LIST = {
  kind: 'APIGroupList',
  apiVersion: 'v1',
  groups: [
    {
      name: TEST_GROUP,
      versions: [
        { groupVersion: `${TEST_GROUP}/v1`, version: 'v1' },
        { groupVersion: `${TEST_GROUP}/v1beta1`, version: 'v1beta1' },
      ],
      preferredVersion: { groupVersion: `${TEST_GROUP}/v1`, version: 'v1' },
    },
    {
      name: 'other.kubegate.test',
      versions: [{ groupVersion: 'other.kubegate.test/v2alpha1', version: 'v2alpha1' }],
      preferredVersion: { groupVersion: 'other.kubegate.test/v2alpha1', version: 'v2alpha1' },
    },
  ],
};

export function nodeList(names: string[]): unknown {
  return {
    kind: 'NodeList',
    apiVersion: 'v1',
    metadata: { resourceVersion: '1' },
    items: names.map((name) => ({ metadata: { name } })),
  };
}

export const OPENAPI_INDEX = {
  paths: {
    'api/v1': { serverRelativeURL: '/openapi/v3/api/v1?hash=AAAA' },
    [`apis/${TEST_GROUP}/v1`]: { serverRelativeURL: `/openapi/v3/apis/${TEST_GROUP}/v1?hash=BBBB` },
  },
};

/** A group/version document shaped like the API server's: $ref wrapped in allOf, arrays, maps. */
export const OPENAPI_WIDGET_DOC = {
  openapi: '3.0.0',
  info: { title: 'Kubernetes', version: 'v1.0.0' },
  paths: {},
  components: {
    schemas: {
      [`test.${TEST_GROUP}.v1.Widget`]: {
        description: 'Widget is a made-up kind for tests.',
        type: 'object',
        properties: {
          apiVersion: { type: 'string', description: 'Test text for apiVersion.' },
          kind: { type: 'string', description: 'Test text for kind.' },
          spec: {
            allOf: [{ $ref: `#/components/schemas/test.${TEST_GROUP}.v1.WidgetSpec` }],
            default: {},
            description: 'Test text: the desired widget.',
          },
        },
        'x-kubernetes-group-version-kind': [{ group: TEST_GROUP, kind: 'Widget', version: 'v1' }],
      },
      [`test.${TEST_GROUP}.v1.WidgetSpec`]: {
        description: 'Test text for the spec type.',
        type: 'object',
        properties: {
          parts: {
            type: 'array',
            description: 'Test text: the parts list.',
            items: { allOf: [{ $ref: `#/components/schemas/test.${TEST_GROUP}.v1.Part` }], default: {} },
          },
          labels: {
            type: 'object',
            description: 'Test text: a string map.',
            additionalProperties: { type: 'string', default: '' },
          },
          owner: { $ref: `#/components/schemas/test.${TEST_GROUP}.v1.Owner` },
        },
      },
      [`test.${TEST_GROUP}.v1.Part`]: {
        description: 'Test text for the part type.',
        type: 'object',
        properties: { label: { type: 'string', description: 'Test text: the label of a part.' } },
      },
      [`test.${TEST_GROUP}.v1.Owner`]: {
        description: 'Test text: the owner type, described only on its schema.',
        type: 'object',
        properties: { name: { type: 'string' } },
      },
    },
  },
};

/** Every route of a healthy cluster at `gitVersion` reporting `gates` for the API server. */
export function healthyRoutes(gitVersion: string, gates: FixtureGate[]): Record<string, Route> {
  return {
    '/version': { json: versionInfo(gitVersion) },
    '/metrics': { text: metricsText(gates) },
    '/api': { json: API_VERSIONS },
    '/apis': { json: API_GROUP_LIST },
    '/api/v1/nodes': { json: nodeList(['node-a', 'node-b', 'node-c']) },
    '/api/v1/nodes/node-a/proxy/metrics': { text: metricsText(gates.slice(0, 1)) },
    '/api/v1/nodes/node-b/proxy/metrics': { status: 403 },
    '/api/v1/nodes/node-c/proxy/metrics': { text: metricsText(gates) },
    '/openapi/v3': { json: OPENAPI_INDEX },
    [`/openapi/v3/apis/${TEST_GROUP}/v1`]: { json: OPENAPI_WIDGET_DOC },
  };
}
