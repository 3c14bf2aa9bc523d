// Gateway API channels (fields, enum values, kinds, versions the standard channel lacks; the channel from a CRD
// annotation, the workspace or a selection) and controller gates (snapshot-controller CSIVolumeGroupSnapshot,
// Karpenter StaticCapacity / NodeOverlay) as feature-gate findings of a component named after the controller.
// Internal imports: `api-extensions/workspace` (crdsFromText: the CRDs of one text; the public loadCrdFiles reads
// named files), `fixes/crd-fixes` (controllerGateFixes: the fixes of a controller gate finding alone).
import { describe, expect, it } from 'vitest';
import { buildCrdCatalog, type Finding, Analysis } from '../../server/src/engine';
import { crdsFromText } from '../../server/src/engine/api-extensions/workspace';
import { controllerGateFixes } from '../../server/src/engine/fixes/crd-fixes';
import { rangeOfText } from '../engine/helpers';
import { cursor } from '../support/markers';
import { GATEWAY_STANDARD_HTTPROUTE_CRD } from './fixtures';

const keys = (fs: Finding[]) => fs.map((f) => `${f.code}:${f.path}`);

const ROUTE = `apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata: {name: r}
spec:
  parentRefs: [{name: gw}]
  rules:
  - retry: {attempts: 2}
    backendRefs: [{name: svc, port: 80}]
`;

describe('Gateway API channels', () => {
  it('an experimental-channel field is a finding with the standard channel (the default), at the key', () => {
    const report = new Analysis({ version: '1.37', crds: buildCrdCatalog() }).check(ROUTE);
    expect(keys(report.findings)).toEqual(['experimental-channel:spec.rules[].retry']);
    const f = report.findings[0]!;
    expect(f.range).toEqual(rangeOfText(ROUTE, 6, 'retry'));
    expect(f).toMatchObject({ severity: 'warning', data: { channel: 'standard', needs: 'experimental', release: 'v1.6.1' } });
    expect(f.message).toContain('drops it');
    expect(f.fix).toContain('experimental');
  });

  it('no finding with the experimental channel selected', () => {
    expect(new Analysis({ version: '1.37', crds: buildCrdCatalog({ selections: ['gateway-api experimental'] }) }).check(ROUTE).findings).toEqual([]);
  });

  it('an experimental-only enum value is rejected by the standard channel', () => {
    const text = ROUTE.replace('  - retry: {attempts: 2}\n', '  - filters: [{type: ExternalAuth, externalAuth: {protocol: HTTP, http: {}, backendRef: {name: auth}}}]\n');
    const report = new Analysis({ version: '1.37', crds: buildCrdCatalog() }).check(text);
    expect(keys(report.findings)).toEqual(['experimental-channel:spec.rules[].filters[].type=ExternalAuth', 'experimental-channel:spec.rules[].filters[].externalAuth']);
    const value = report.findings.find((f) => f.path?.endsWith('=ExternalAuth'))!;
    expect(value.range).toEqual(rangeOfText(text, 6, 'ExternalAuth'));
  });

  it('an experimental-only kind and an experimental-only version are findings', () => {
    const mesh = `apiVersion: gateway.networking.x-k8s.io/v1alpha1\nkind: XMesh\nmetadata: {name: m}\nspec: {}\n`;
    const [k] = new Analysis({ version: '1.37', crds: buildCrdCatalog() }).check(mesh).findings;
    expect(k).toMatchObject({ code: 'experimental-channel', data: { kind: 'XMesh', difference: 'kind-only-in-channel' } });
    expect(k!.range).toEqual(rangeOfText(mesh, 1, 'XMesh'));
    const tcp = `apiVersion: gateway.networking.k8s.io/v1alpha2\nkind: TCPRoute\nmetadata: {name: t}\nspec: {parentRefs: [{name: gw}], rules: [{backendRefs: [{name: s, port: 1}]}]}\n`;
    const tcpReport = new Analysis({ version: '1.37', crds: buildCrdCatalog() }).check(tcp);
    // v1alpha2 is also deprecated in v1.6.1 (TCPRoute v1 is standard).
    expect(keys(tcpReport.findings)).toEqual(['api-deprecated:gateway.networking.k8s.io/v1alpha2/TCPRoute', 'experimental-channel:gateway.networking.k8s.io/v1alpha2/TCPRoute']);
    expect(tcpReport.findings[1]!.data).toMatchObject({ apiVersion: 'gateway.networking.k8s.io/v1alpha2', needs: 'experimental' });
    expect(keys(new Analysis({ version: '1.37', crds: buildCrdCatalog({ selections: ['experimental'] }) }).check(tcp).findings)).toEqual(['api-deprecated:gateway.networking.k8s.io/v1alpha2/TCPRoute']);
  });

  it('CEL rules only the experimental CRD has apply only with the experimental channel', () => {
    const text = `apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata: {name: r}
spec:
  parentRefs: [{name: gw}]
  rules:
  - name: same
    backendRefs: [{name: a, port: 80}]
  - name: same
    backendRefs: [{name: b, port: 80}]
`;
    expect(new Analysis({ version: '1.37', crds: buildCrdCatalog() }).check(text).findings).toEqual([]);
    const report = new Analysis({ version: '1.37', crds: buildCrdCatalog({ selections: ['gateway-api experimental'] }) }).check(text);
    expect(report.findings.map((f) => `${f.code}:${f.path} ${f.message}`)).toEqual(['invalid-value:spec.rules Rule name must be unique within the route']);
    expect(report.findings[0]!.range).toEqual(rangeOfText(text, 5, 'rules'));
  });

  it('an older release picked by the setting: Gateway spec.allowedListeners was experimental in v1.4', () => {
    const gw = `apiVersion: gateway.networking.k8s.io/v1\nkind: Gateway\nmetadata: {name: g}\nspec:\n  gatewayClassName: c\n  listeners: [{name: l, port: 80, protocol: HTTP}]\n  allowedListeners: {namespaces: {from: Same}}\n`;
    expect(new Analysis({ version: '1.37', crds: buildCrdCatalog() }).check(gw).findings).toEqual([]);
    const old = new Analysis({ version: '1.37', crds: buildCrdCatalog({ selections: ['gateway-api@1.4'] }) }).check(gw);
    expect(keys(old.findings)).toEqual(['experimental-channel:spec.allowedListeners']);
    expect(old.findings[0]!.data).toMatchObject({ release: 'v1.4.1' });
  });

  it('a standard-channel CRD in the workspace: the channel finding replaces unknown-field', () => {
    const workspace = crdsFromText(GATEWAY_STANDARD_HTTPROUTE_CRD, 'gateway/crds.yaml');
    const catalog = buildCrdCatalog({ workspace, selections: ['experimental'] });
    expect(catalog.gatewayChannel()).toEqual({ channel: 'standard', source: 'gateway/crds.yaml' });
    const report = new Analysis({ version: '1.37', crds: catalog }).check(ROUTE.replace('    backendRefs: [{name: svc, port: 80}]\n', ''));
    expect(keys(report.findings)).toEqual(['experimental-channel:spec.rules[].retry']);
    expect(report.findings[0]!.detail).toContain('gateway/crds.yaml');
  });

  it('the bundle-version annotation of an installed CRD picks the release whose channel differences apply', () => {
    const workspace = crdsFromText(GATEWAY_STANDARD_HTTPROUTE_CRD.replace('channel: standard', 'channel: standard\n    gateway.networking.k8s.io/bundle-version: v1.4.1'), 'gateway/crds.yaml');
    const catalog = buildCrdCatalog({ workspace });
    expect(catalog.gatewayRelease()).toBe('v1.4.1');
    const gw = `apiVersion: gateway.networking.k8s.io/v1\nkind: Gateway\nmetadata: {name: g}\nspec:\n  gatewayClassName: c\n  listeners: [{name: l, port: 80, protocol: HTTP}]\n  allowedListeners: {namespaces: {from: Same}}\n`;
    expect(keys(new Analysis({ version: '1.37', crds: catalog }).check(gw).findings)).toEqual(['experimental-channel:spec.allowedListeners']);
    expect(buildCrdCatalog({ workspace, selections: ['gateway-api@1.6'] }).gatewayRelease()).toBe('v1.6.1');
  });

  it('a cluster CRD annotation wins over the workspace and the setting', () => {
    const workspace = crdsFromText(GATEWAY_STANDARD_HTTPROUTE_CRD, 'gateway/crds.yaml');
    const cluster = crdsFromText(GATEWAY_STANDARD_HTTPROUTE_CRD.replace('channel: standard', 'channel: experimental'), 'cluster').map((d) => ({ ...d, source: { kind: 'cluster' as const, name: 'ctx' } }));
    expect(buildCrdCatalog({ workspace, cluster }).gatewayChannel().channel).toBe('experimental');
  });

  it('hover on an experimental field names the channel', async () => {
    const { text, position } = cursor(ROUTE.replace('  - retry:', '  - re‸try:'));
    const md = (await new Analysis({ version: '1.37', crds: buildCrdCatalog() }).hover(text, position))!.markdown;
    expect(md).toContain('experimental channel only');
    expect(md).toContain('drops this field');
  });
});

describe('controller gates', () => {
  const VGS = `apiVersion: groupsnapshot.storage.k8s.io/v1
kind: VolumeGroupSnapshot
metadata: {name: g}
spec:
  volumeGroupSnapshotClassName: c
  source: {selector: {matchLabels: {app: db}}}
`;

  it('CSIVolumeGroupSnapshot (Beta, off by default) is a feature-gate finding of snapshot-controller at the kind', () => {
    const [f] = new Analysis({ version: '1.37', crds: buildCrdCatalog() }).check(VGS).findings;
    expect(f).toMatchObject({
      code: 'feature-gate',
      severity: 'warning',
      path: '(kind)',
      data: { gate: 'CSIVolumeGroupSnapshot', component: 'snapshot-controller', stage: 'Beta', default: false, setting: 'snapshot-controller:CSIVolumeGroupSnapshot' },
    });
    expect(f!.range).toEqual(rangeOfText(VGS, 1, 'VolumeGroupSnapshot'));
    expect(f!.fix).toContain('--feature-gates=CSIVolumeGroupSnapshot=true');
    const fixes = controllerGateFixes(f!, true);
    expect(fixes.map((x) => x.setting)).toEqual([{ setting: 'kubegate.featureGates', key: 'snapshot-controller:CSIVolumeGroupSnapshot', value: true }]);
  });

  it('the setting turns it on (and an explicit false keeps it)', () => {
    expect(new Analysis({ version: '1.37', crds: buildCrdCatalog({ controllerGates: { 'snapshot-controller:CSIVolumeGroupSnapshot': true } }) }).check(VGS).findings).toEqual([]);
    const off = new Analysis({ version: '1.37', crds: buildCrdCatalog({ controllerGates: { 'snapshot-controller:CSIVolumeGroupSnapshot': false } }) }).check(VGS);
    expect(off.findings[0]!.message).toContain('set off');
  });

  it('Karpenter StaticCapacity governs NodePool spec.replicas; NodeOverlay the NodeOverlay kind', () => {
    const pool = `apiVersion: karpenter.sh/v1
kind: NodePool
metadata: {name: p}
spec:
  replicas: 3
  template:
    spec:
      nodeClassRef: {group: karpenter.k8s.aws, kind: EC2NodeClass, name: default}
      requirements: [{key: kubernetes.io/arch, operator: In, values: [amd64]}]
`;
    const report = new Analysis({ version: '1.37', crds: buildCrdCatalog() }).check(pool);
    expect(keys(report.findings)).toEqual(['feature-gate:spec.replicas']);
    expect(report.findings[0]!.range).toEqual(rangeOfText(pool, 4, 'replicas'));
    expect(report.findings[0]!.data).toMatchObject({ gate: 'StaticCapacity', component: 'karpenter', stage: 'Alpha' });
    expect(new Analysis({ version: '1.37', crds: buildCrdCatalog({ controllerGates: { 'karpenter:StaticCapacity': true } }) }).check(pool).findings).toEqual([]);
    const overlay = `apiVersion: karpenter.sh/v1alpha1\nkind: NodeOverlay\nmetadata: {name: o}\nspec: {requirements: [], priceAdjustment: "+10%"}\n`;
    expect(keys(new Analysis({ version: '1.37', crds: buildCrdCatalog() }).check(overlay).findings)).toContain('feature-gate:(kind)');
  });

  it('hover on the kind shows the gate with stage, default and the docs link', async () => {
    const { text, position } = cursor(VGS.replace('kind: VolumeGroupSnapshot', 'kind: Vo‸lumeGroupSnapshot'));
    const md = (await new Analysis({ version: '1.37', crds: buildCrdCatalog() }).hover(text, position))!.markdown;
    expect(md).toContain('Controller feature gate `CSIVolumeGroupSnapshot`** of `snapshot-controller` — Beta, off by default in external-snapshotter v8.6.0');
    expect(md).toContain('https://github.com/kubernetes-csi/external-snapshotter');
    expect(md).toContain('checked against the bundled CRD of external-snapshotter v8.6.0');
  });
});
