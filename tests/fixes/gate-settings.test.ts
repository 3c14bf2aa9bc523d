// Fixes on gate settings in configs: locked and redundant settings removed, a removed gate dropped from a flag,
// and apiVersions served only when enabled → the GA apiVersion.
import { describe, expect, it } from 'vitest';
import { loadVersion } from '../../server/src/engine';
import {
  VERSION,
  apply,
  check,
  configApiVersion,
  context,
  expectOnlyChanged,
  feature,
  fixTitled,
  fixesFor,
  only,
  committedGates,
  type Files,
} from './helpers';

describe('gate settings and API versions', () => {
  const ref = committedGates();

  it('a locked gate set against its default → remove the setting; set to it → redundant, remove', () => {
    const locked = ref.gates.find((g) => g.by_version[VERSION]?.locked === true && g.by_version[VERSION]?.default === true)!;
    expect(locked).toBeDefined();
    const other = feature('grpc-probe-tls').gate;
    const kindApi = configApiVersion('kind', 'Cluster');
    for (const [value, code] of [
      ['false', 'locked-gate'],
      ['true', 'redundant-gate'],
    ] as const) {
      const kind = `kind: Cluster\napiVersion: ${kindApi}\nfeatureGates:\n  ${locked.name}: ${value}  # old habit\n  ${other}: true\n`;
      const files: Files = { 'kind.yaml': kind };
      const finding = only(check('kind.yaml', files), code);
      const after = apply(files, fixTitled(fixesFor(finding, context('kind.yaml', files)), /^Remove/));
      expectOnlyChanged(kind, after['kind.yaml'], [[`  ${locked.name}: ${value}  # old habit\n`, '']]);
      expect(check('kind.yaml', after).findings.filter((f) => f.code === code)).toEqual([]);
    }
  });

  it('a removed gate without replacement inside a kubeadm flag value → dropped from the list', () => {
    const removed = Object.entries(ref.gates_not_on_page).find(
      ([, g]) => !g.replaced_by && ['1.34', '1.35', '1.36', '1.37'].every((v) => g.by_version[v]?.exists === false),
    )![0];
    const other = feature('grpc-probe-tls').gate;
    const kubeadmApi = configApiVersion('kubeadm', 'ClusterConfiguration');
    for (const [value, fixed] of [
      [`"${other}=true,${removed}=true"`, `"${other}=true"`],
      [`${removed}=true,${other}=true`, `${other}=true`],
    ]) {
      const kubeadm = `apiVersion: ${kubeadmApi}\nkind: ClusterConfiguration\napiServer:\n  extraArgs:\n  - name: feature-gates\n    value: ${value}  # flags\n`;
      const files: Files = { 'kubeadm.yaml': kubeadm };
      const finding = only(check('kubeadm.yaml', files), 'unknown-gate');
      const after = apply(files, fixTitled(fixesFor(finding, context('kubeadm.yaml', files)), /^Remove/));
      expectOnlyChanged(kubeadm, after['kubeadm.yaml'], [[`value: ${value}`, `value: ${fixed}`]]);
      expect(check('kubeadm.yaml', after).findings.filter((f) => f.code === 'unknown-gate')).toEqual([]);
    }
  });

  it('an alpha/beta apiVersion that is not served by default → the GA apiVersion', () => {
    const data = loadVersion(VERSION).data;
    const hasGa = (k: (typeof data.kinds)[number]) =>
      data.kinds.find((g) => g.kind === k.kind && g.group === k.group && g.stability === 'stable' && !g.removed && !g.component);
    let tried = 0;
    for (const k of data.kinds.filter((x) => x.stability !== 'stable' && !x.removed && !x.component && hasGa(x))) {
      const text = `apiVersion: ${k.apiVersion}\nkind: ${k.kind}\nmetadata:\n  name: x\n`;
      const files: Files = { 'a.yaml': text };
      const api = check('a.yaml', files).findings.filter((f) => f.code === 'api-disabled-by-default' || f.code === 'api-deprecated');
      if (api.length !== 1) continue;
      tried++;
      const ga = hasGa(k)!;
      const after = apply(files, fixTitled(fixesFor(api[0], context('a.yaml', files)), new RegExp(`^Use ${ga.apiVersion.replace(/[./]/g, '\\$&')} `)));
      expectOnlyChanged(text, after['a.yaml'], [[`apiVersion: ${k.apiVersion}\n`, `apiVersion: ${ga.apiVersion}\n`]]);
      expect(check('a.yaml', after).findings.filter((f) => f.code.startsWith('api-'))).toEqual([]);
      if (tried >= 3) break;
    }
    expect(tried).toBeGreaterThan(0);
  });

  it('an API version off by default → serve it through the kind config runtimeConfig', () => {
    const data = loadVersion(VERSION).data;
    const kindApi = configApiVersion('kind', 'Cluster');
    const kind = `kind: Cluster\napiVersion: ${kindApi}\nnodes:\n- role: control-plane\n`;
    let tried = 0;
    for (const k of data.kinds.filter((x) => x.stability !== 'stable' && !x.removed && !x.component)) {
      const text = `apiVersion: ${k.apiVersion}\nkind: ${k.kind}\nmetadata:\n  name: x\n`;
      const files: Files = { 'a.yaml': text, 'kind.yaml': kind };
      const api = check('a.yaml', files, { configs: ['kind.yaml'] }).findings.filter((f) => f.code === 'api-disabled-by-default');
      if (api.length !== 1) continue;
      tried++;
      const after = apply(files, fixTitled(fixesFor(api[0], context('a.yaml', files)), /^Serve .* in kind\.yaml/));
      expectOnlyChanged(kind, after['kind.yaml'], [['- role: control-plane\n', `- role: control-plane\nruntimeConfig:\n  "${k.apiVersion}": "true"\n`]]);
      expect(after['a.yaml']).toBe(text);
      expect(check('a.yaml', after, { configs: ['kind.yaml'] }).findings.filter((f) => f.code === 'api-disabled-by-default')).toEqual([]);
      if (tried >= 2) break;
    }
    expect(tried).toBeGreaterThan(0);
  });
});
