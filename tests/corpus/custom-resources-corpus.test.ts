// The corpus with custom resources checked against the bundled CRD pack (what the CLI and the language server
// do by default). Built-in documents must come out exactly as in corpus.test.ts; a custom-resource document the
// MANIFEST expects as `not-checked` may now be checked and then counts as `not-checked` when it has no finding.
// The few custom-resource documents with findings are listed below with the reason each finding is right
// (invalid upstream examples and CEL test inputs that the CRDs reject); any other finding fails the test.
// The output lists the files now checked clean, for the closing note of the issue.
import { afterAll, describe, expect, it } from 'vitest';
import { buildCrdCatalog } from '../../server/src/engine';
import { hasShared, sharedTitle } from '../support/shared';
import { ENGINE_CODES, compareFile, readManifest, type FileComparison } from './corpus-compare';

/** Custom-resource documents whose findings were reviewed: file → finding keys → why they are right. */
const REVIEWED: Record<string, { findings: string[]; why: string }> = {
  'A-gated/aws__karpenter-provider-aws/examples/v1/windows-custom-userdata.yaml': {
    findings: ['invalid-value:spec.template.spec.nodeClassRef.group'],
    why: 'nodeClassRef.group is "karpenter.k8s.aws/v1"; the NodePool CRD pattern allows a group name only',
  },
  'A-gated/kubernetes-csi__csi-driver-host-path/examples/csi-block-pvc-snapshot.yaml': {
    findings: ['unknown-field:spec.snapshotClassName', 'invalid-value:spec.source', 'unknown-field:spec.source.name', 'unknown-field:spec.source.kind'],
    why: 'the pre-v1 VolumeSnapshot shape (snapshotClassName, source.name/kind) under apiVersion v1',
  },
  'A-gated/kubernetes-csi__external-snapshotter/client/hack/cel-tests/volumegroupsnapshot/vgs-with-selector-and-content.yaml': {
    findings: ['invalid-value:spec.source'],
    why: 'CEL test input the CRD rejects (selector and content name both set)',
  },
  'A-gated/kubernetes-csi__external-snapshotter/client/hack/cel-tests/volumegroupsnapshotcontent/vgsc-source-both-volume-and-groupsnapshot.yaml': {
    findings: ['invalid-value:spec.source'],
    why: 'CEL test input the CRD rejects (volumeHandles and groupSnapshotHandles both set)',
  },
  'A-gated/kubernetes-csi__external-snapshotter/client/hack/cel-tests/volumesnapshot/vs-empty-class.yaml': {
    findings: ['invalid-value:spec.volumeSnapshotClassName'],
    why: 'CEL test input the CRD rejects (empty class name)',
  },
  'A-gated/kubernetes-csi__external-snapshotter/client/hack/cel-tests/volumesnapshot/vs-source-multiple.yaml': {
    findings: ['invalid-value:spec.source'],
    why: 'CEL test input the CRD rejects (two sources)',
  },
  'A-gated/kubernetes-csi__external-snapshotter/client/hack/cel-tests/volumesnapshotcontent/vsc-empty-source.yaml': {
    findings: ['invalid-value:spec.source'],
    why: 'CEL test input the CRD rejects (no source)',
  },
  'A-gated/kubernetes-csi__external-snapshotter/examples/kubernetes/invalid-snapshot-v1.yaml': {
    findings: ['invalid-value:spec.source'],
    why: 'upstream example of an invalid snapshot (two sources)',
  },
  'A-gated/kubernetes-csi__external-snapshotter/pkg/webhook/testdata/v1beta1_to_v1beta2/annotation_status_v1beta1.yaml': {
    findings: ['missing-field:spec.deletionPolicy', 'missing-field:spec.driver', 'missing-field:spec.source', 'missing-field:spec.volumeGroupSnapshotRef'],
    why: 'conversion-webhook test data with `spec: {}`; the CRD requires these fields',
  },
  'A-gated/kubernetes-csi__external-snapshotter/pkg/webhook/testdata/v1beta1_to_v1beta2/annotation_status_v1beta2.yaml': {
    findings: ['missing-field:spec.deletionPolicy', 'missing-field:spec.driver', 'missing-field:spec.source', 'missing-field:spec.volumeGroupSnapshotRef'],
    why: 'conversion-webhook test data with `spec: {}`; the CRD requires these fields',
  },
  'A-gated/kubernetes__enhancements/keps/sig-storage/5943-topology-for-volume-snapshot/README.md.L426-436.yaml': {
    findings: ['unknown-field:allowedTopologies'],
    why: 'KEP-5943 design example: VolumeSnapshotClass has no allowedTopologies in any released CRD',
  },
};

const rows = hasShared ? readManifest() : [];
const codes = new Set<string>(ENGINE_CODES);
const results: FileComparison[] = [];

describe.skipIf(!hasShared)(sharedTitle('corpus: custom resources checked against the bundled CRDs'), () => {
  const crds = buildCrdCatalog();

  afterAll(() => {
    const clean = results.filter((r) => r.customDocs.length > 0 && r.customDocs.every((d) => d.clean)).map((r) => r.row.file);
    const withFindings = results.filter((r) => r.customDocs.some((d) => !d.clean)).map((r) => r.row.file);
    const docs = results.reduce((n, r) => n + r.customDocs.length, 0);
    if (results.length === 0) return;
    console.log(
      `\nCustom resources checked against the bundled CRDs: ${docs} documents in ${clean.length + withFindings.length} files.\n` +
        `Checked, no finding (${clean.length} files; MANIFEST says not-checked):\n${clean.map((f) => `  ${f}`).join('\n')}\n` +
        `Checked, with reviewed findings (${withFindings.length} files):\n${withFindings.map((f) => `  ${f}: ${REVIEWED[f]?.why ?? 'NOT REVIEWED'}`).join('\n')}\n`,
    );
  });

  it.each(rows.map((r) => [r.file, r] as const))('%s', (_name, row) => {
    const result = compareFile(row, codes, { crds });
    results.push(result);
    const reviewed = REVIEWED[row.file];
    const crFindings = result.customDocs.flatMap((d) => d.findings).sort();
    expect(crFindings).toEqual([...(reviewed?.findings ?? [])].sort());
    // A reviewed file's custom resource is checked (not `not-checked`) and its findings are the reviewed ones.
    const missing = reviewed ? result.missing.filter((k) => k !== 'not-checked') : result.missing;
    const extra = reviewed ? result.extra.filter((k) => !reviewed.findings.includes(k)) : result.extra;
    expect({ missing, extra, alarmsOnValid: result.alarmsOnValid }).toEqual({ missing: [], extra: [], alarmsOnValid: [] });
  });
});
