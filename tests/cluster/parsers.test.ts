// Pure parsers of the cluster reader: Prometheus text, /version → target, discovery.
import { describe, expect, it } from 'vitest';
import { hasFeatureMetric, parseFeatureGateMetrics, parseSampleLine } from '../../server/src/cluster/metrics';
import { parseGitVersion, targetForCluster } from '../../server/src/cluster/version';
import { coreVersionsOf, groupVersionsOf, servedGroupVersions } from '../../server/src/cluster/discovery';
import { SUPPORTED_VERSIONS } from '../../server/src/engine';
import { API_GROUP_LIST, API_VERSIONS, GENERIC_GATES, metricsText } from './fixtures';

describe('Prometheus text: kubernetes_feature_enabled', () => {
  it('reads the gates of a whole exposition and ignores other families', () => {
    expect(parseFeatureGateMetrics(metricsText(GENERIC_GATES))).toEqual(GENERIC_GATES);
  });

  it('accepts labels in any order, extra labels, spaces, CRLF, timestamps and float values', () => {
    const text = [
      'kubernetes_feature_enabled{stage="BETA",name="GateOne"} 1 1700000000000',
      'kubernetes_feature_enabled{ name = "GateTwo" , stage="ALPHA", instance="x",} 0.0\r',
      'kubernetes_feature_enabled{name="GateThree",stage=""} 1e+00',
    ].join('\n');
    expect(parseFeatureGateMetrics(text)).toEqual([
      { name: 'GateOne', enabled: true, stage: 'BETA' },
      { name: 'GateTwo', enabled: false, stage: 'ALPHA' },
      { name: 'GateThree', enabled: true, stage: '' },
    ]);
  });

  it('reads escaped label values', () => {
    const sample = parseSampleLine('some_metric{path="a\\"b\\\\c\\nd"} 2');
    expect(sample).toEqual({ name: 'some_metric', labels: { path: 'a"b\\c\nd' }, value: 2 });
  });

  it('skips malformed lines, unknown values, missing names and similar metric names', () => {
    const text = [
      'kubernetes_feature_enabled{name="Broken",stage="ALPHA" 1',
      'kubernetes_feature_enabled{name="NoValue",stage="ALPHA"}',
      'kubernetes_feature_enabled{name="Two",stage="ALPHA"} 2',
      'kubernetes_feature_enabled{stage="ALPHA"} 1',
      'kubernetes_feature_enabled_total{name="Other",stage="ALPHA"} 1',
      'kubernetes_feature_enabled{name="Good",stage="ALPHA"} 1',
    ].join('\n');
    expect(parseFeatureGateMetrics(text)).toEqual([{ name: 'Good', enabled: true, stage: 'ALPHA' }]);
  });

  it('keeps the last sample of a gate reported twice', () => {
    const text = 'kubernetes_feature_enabled{name="G",stage="BETA"} 0\nkubernetes_feature_enabled{name="G",stage="BETA"} 1\n';
    expect(parseFeatureGateMetrics(text)).toEqual([{ name: 'G', enabled: true, stage: 'BETA' }]);
  });

  it('tells an exposition without the family from one with an empty family', () => {
    expect(hasFeatureMetric('process_start_time_seconds 1\n')).toBe(false);
    expect(hasFeatureMetric('# TYPE kubernetes_feature_enabled gauge\n')).toBe(true);
    expect(hasFeatureMetric(metricsText(GENERIC_GATES))).toBe(true);
  });

  it('parses comments and blank lines as nothing', () => {
    expect(parseSampleLine('# HELP x y')).toBeUndefined();
    expect(parseSampleLine('   ')).toBeUndefined();
    expect(parseSampleLine('x NaN')?.value).toBeNaN();
    expect(parseSampleLine('x +Inf')?.value).toBe(Number.POSITIVE_INFINITY);
    expect(parseSampleLine('x abc')).toBeUndefined();
  });
});

describe('/version → target version', () => {
  const newest = SUPPORTED_VERSIONS[SUPPORTED_VERSIONS.length - 1];
  const oldest = SUPPORTED_VERSIONS[0];
  const minorOf = (v: string) => Number(v.split('.')[1]);

  it('parses release, pre-release and provider gitVersions', () => {
    expect(parseGitVersion('v1.37.2')).toEqual({ major: 1, minor: 37 });
    expect(parseGitVersion('v1.38.0-alpha.1+0123abcd')).toEqual({ major: 1, minor: 38 });
    expect(parseGitVersion('v1.36.4-eks-1234567')).toEqual({ major: 1, minor: 36 });
    expect(parseGitVersion('1.35')).toEqual({ major: 1, minor: 35 });
    expect(parseGitVersion('unknown')).toBeUndefined();
  });

  it('targets every supported minor as is, without a note', () => {
    for (const v of SUPPORTED_VERSIONS) {
      expect(targetForCluster({ gitVersion: `v${v}.3` })).toEqual({ clusterMinor: v, target: v });
    }
  });

  it('caps a newer cluster to the newest supported version, with a note naming both', () => {
    const newer = `1.${minorOf(newest) + 1}`;
    const result = targetForCluster({ gitVersion: `v${newer}.0` });
    expect(result.target).toBe(newest);
    expect(result.clusterMinor).toBe(newer);
    expect(result.note).toContain(newer);
    expect(result.note).toContain(newest);
  });

  it('maps an older cluster to the oldest supported version, with a note', () => {
    const older = `1.${minorOf(oldest) - 1}`;
    const result = targetForCluster({ gitVersion: `v${older}.9` });
    expect(result.target).toBe(oldest);
    expect(result.note).toContain(older);
  });

  it('falls back to major/minor fields ("37+" style) and notes what it cannot map', () => {
    expect(targetForCluster({ major: '1', minor: `${minorOf(newest)}+`, gitVersion: 'custom-build' }).target).toBe(newest);
    const unknown = targetForCluster({ gitVersion: 'custom-build' });
    expect(unknown.target).toBeUndefined();
    expect(unknown.note).toContain('custom-build');
    expect(targetForCluster({ gitVersion: 'v2.0.0' }).target).toBeUndefined();
  });
});

describe('discovery', () => {
  it('lists core versions and every version of every group', () => {
    expect(coreVersionsOf(API_VERSIONS)).toEqual(['v1']);
    expect(groupVersionsOf(API_GROUP_LIST)).toEqual([
      'example.kubegate.test/v1',
      'example.kubegate.test/v1beta1',
      'other.kubegate.test/v2alpha1',
    ]);
  });

  it('builds groupVersion from name and version when groupVersion is missing', () => {
    expect(groupVersionsOf({ groups: [{ name: 'g.test', versions: [{ version: 'v1' }] }] })).toEqual(['g.test/v1']);
  });

  it('merges both answers without duplicates and survives junk', () => {
    expect(servedGroupVersions({ versions: ['v1', 'v1'] }, { groups: [{ versions: [{ groupVersion: 'b/v1' }, { groupVersion: 'a/v1' }] }] })).toEqual([
      'v1',
      'a/v1',
      'b/v1',
    ]);
    expect(servedGroupVersions(null, 'junk')).toEqual([]);
    expect(groupVersionsOf({ groups: [null, { versions: 'x' }, { versions: [7] }] })).toEqual([]);
  });
});
