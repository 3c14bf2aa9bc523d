// The API server's warning headers for Pods and pod templates (issue 22, stage `warning`): one generic check over
// the data of warning-table.ts, called by the walker once per mapping of type core.v1.Pod or
// core.v1.PodTemplateSpec (the object's or template's metadata and spec). Every finding is `api-warning`,
// verdict accepted-with-warning, with data.rule (beyond the corpus rules) and data.source.
import { isMap, isScalar, type Node, type Pair, type YAMLMap } from 'yaml';
import { kubectlScalar } from '../parse/kubectl-scalar';
import { isUnderStatus } from '../base/field-path';
import { joinPath, rangeOfNode, type WalkContext } from './context';
import { CONTAINER_LISTS, deref, keyText, reach, warn, type Hit } from './warning-reach';
import { checkHostIpPorts, checkOverlappingPaths, checkPortsAcrossContainers, checkSeccompAnnotations } from './warnings-in-code';
import {
  ANNOTATION_WARNINGS,
  BYTE_RESOURCES,
  CLAIM_BYTE_RESOURCES,
  CLAIM_FRACTIONAL_BYTES_SOURCE,
  EMPTY_PULL_SECRET_SOURCE,
  FRACTIONAL_BYTES_SOURCE,
  NEGATIVE_GRACE_SOURCE,
  NODE_LABEL_PLACES,
  NODE_LABEL_WARNINGS,
  NULL_SELECTOR_WARNINGS,
  VOLUME_WARNINGS,
} from './warning-table';

/** The type keys of the objects whose metadata and spec the API server warns about. */
const POD_OBJECT_TYPES = new Set(['core.v1.Pod', 'core.v1.PodTemplateSpec']);

const VOLUMES = new Map(VOLUME_WARNINGS.map((r) => [r.field, r]));
const NODE_LABELS = new Map(NODE_LABEL_WARNINGS.map((r) => [r.label, r]));
const ANNOTATIONS = new Map(ANNOTATION_WARNINGS.map((r) => [r.key, r]));

/** The warnings of one Pod or pod template (`map` has metadata and spec; `path` is where it sits). */
export function checkApiWarnings(ctx: WalkContext, typeKey: string, map: YAMLMap, path: string): void {
  if (ctx.isConfig || !POD_OBJECT_TYPES.has(typeKey) || isUnderStatus(path)) return;
  const root: Hit = { value: map, path };
  for (const meta of reach(ctx, root, 'metadata')) checkAnnotations(ctx, meta);
  if (typeKey === 'core.v1.PodTemplateSpec') checkSeccompAnnotations(ctx, root);
  for (const spec of reach(ctx, root, 'spec')) {
    checkVolumes(ctx, spec);
    checkNodeLabels(ctx, spec);
    checkNullSelectors(ctx, spec);
    checkFractionalBytes(ctx, spec);
    checkGracePeriod(ctx, spec);
    checkPullSecretNames(ctx, spec);
    checkHostIpPorts(ctx, spec);
    checkOverlappingPaths(ctx, spec);
    checkPortsAcrossContainers(ctx, spec);
  }
}

function checkAnnotations(ctx: WalkContext, meta: Hit): void {
  for (const hit of reach(ctx, meta, 'annotations.*')) {
    const key = keyText(deref(ctx, hit.key));
    const row = key === undefined ? undefined : ANNOTATIONS.get(key);
    if (!row) continue;
    warn(
      ctx,
      rangeOfNode(ctx, hit.key),
      hit.path,
      'deprecatedAnnotation',
      `Accepted with a warning: annotation ${key} does nothing since Kubernetes ${row.nonFunctionalIn}`,
      `Remove the annotation and use the ${row.instead} field.`,
      row.source,
      { annotation: key },
    );
  }
}

function checkVolumes(ctx: WalkContext, spec: Hit): void {
  for (const volume of reach(ctx, spec, 'volumes[]')) {
    for (const hit of reach(ctx, volume, '*')) {
      const field = keyText(deref(ctx, hit.key));
      const row = field === undefined ? undefined : VOLUMES.get(field);
      if (!row) continue;
      const message = row.nonFunctionalIn
        ? `Accepted with a warning: ${field} volumes no longer work since Kubernetes ${row.nonFunctionalIn} (deprecated in ${row.deprecatedIn})`
        : `Accepted with a warning: the ${field} volume type is deprecated since Kubernetes ${row.deprecatedIn}`;
      const fix =
        field === 'gitRepo'
          ? 'Clone the repository into an emptyDir volume with an init container.'
          : 'Move the data to a CSI driver or another supported volume type.';
      warn(ctx, rangeOfNode(ctx, hit.key), joinPath(volume.path, row.field), 'deprecatedVolume', message, fix, row.source, { volumeType: field });
    }
  }
}

function checkNodeLabels(ctx: WalkContext, spec: Hit): void {
  for (const place of NODE_LABEL_PLACES) {
    const byKey = place.path.endsWith('.*');
    for (const hit of reach(ctx, spec, place.path)) {
      const node = deref(ctx, byKey ? hit.key : hit.value);
      const labelName = byKey ? keyText(node) : node && isScalar(node) && typeof node.value === 'string' ? node.value : undefined;
      const row = labelName === undefined ? undefined : NODE_LABELS.get(labelName);
      if (!row) continue;
      const since = row.deprecatedIn ? ` since Kubernetes ${row.deprecatedIn}` : '';
      const fix = row.instead?.includes('/') ? `Use the node label ${row.instead} instead.` : row.instead ? `Use ${row.instead} instead.` : 'Use another node label.';
      warn(
        ctx,
        rangeOfNode(ctx, node),
        hit.path,
        'deprecatedNodeLabel',
        `Accepted with a warning: node label ${labelName} is deprecated${since}`,
        fix,
        { ...row.source, fn: `${row.source.fn}; ${place.source.fn}` },
        { label: labelName },
      );
    }
  }
}

function checkNullSelectors(ctx: WalkContext, spec: Hit): void {
  for (const place of NULL_SELECTOR_WARNINGS) {
    for (const hit of reach(ctx, spec, place.path)) {
      const term = deref(ctx, hit.value);
      if (!term || !isMap(term)) continue;
      const pairs = term.items as Pair<Node | null, Node | null>[];
      // Without its required topologyKey the term is refused anyway (and the server sends no warning then); a
      // weighted term written under `required` is such a case.
      if (!pairs.some((p) => keyText(deref(ctx, p.key)) === 'topologyKey')) continue;
      const selector = pairs.find((p) => keyText(deref(ctx, p.key)) === 'labelSelector');
      const value = deref(ctx, selector?.value);
      if (value && !(isScalar(value) && (value.value === null || value.value === undefined))) continue;
      const first = (term.items[0] as Pair<Node | null, Node | null> | undefined)?.key;
      warn(
        ctx,
        rangeOfNode(ctx, selector ? selector.key : first, rangeOfNode(ctx, term)),
        joinPath(hit.path, 'labelSelector'),
        'nullLabelSelector',
        'Accepted with a warning: without a labelSelector this term matches no pod',
        'Add a labelSelector that selects the pods to spread or (anti-)co-locate with.',
        place.source,
      );
    }
  }
}

/** True when `raw` (a quantity as written) is a non-whole number of bytes as the API server sees it: its value
 *  in thousandths, rounded up, is not a multiple of 1000. */
export function isFractionalBytes(raw: string): boolean {
  const m = /^\s*([+-]?)([0-9]*)(?:\.([0-9]*))?([a-zA-Z]*|[eE][+-]?[0-9]+)\s*$/.exec(raw);
  if (!m || m[1] === '-' || (m[2] === '' && !m[3])) return false;
  const [, , whole = '', frac = '', suffix = ''] = m;
  let num = BigInt(`${whole}${frac}` || '0');
  let exp10 = -frac.length;
  const binary = ['Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'].indexOf(suffix);
  const decimal: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
  if (binary >= 0) num *= 1n << BigInt(10 * (binary + 1));
  else if (suffix in decimal) exp10 += decimal[suffix]!;
  else if (/^[eE][+-]?[0-9]+$/.test(suffix)) exp10 += Number(suffix.slice(1));
  else return false;
  exp10 += 3; // in thousandths, rounded up as the API server rounds them
  if (exp10 > 30 || exp10 < -60) return exp10 < -60 && num !== 0n;
  const div = 10n ** BigInt(Math.max(0, -exp10));
  const milli = exp10 >= 0 ? num * 10n ** BigInt(exp10) : num / div + (num % div === 0n ? 0n : 1n);
  return milli % 1000n !== 0n;
}

function checkFractionalBytes(ctx: WalkContext, spec: Hit): void {
  const places = [
    ...CONTAINER_LISTS.flatMap((list) => ['limits', 'requests'].map((kind) => ({ path: `${list}[].resources.${kind}.*`, names: BYTE_RESOURCES, source: FRACTIONAL_BYTES_SOURCE }))),
    { path: 'overhead.*', names: BYTE_RESOURCES, source: FRACTIONAL_BYTES_SOURCE },
    ...['limits', 'requests'].map((kind) => ({ path: `volumes[].ephemeral.volumeClaimTemplate.spec.resources.${kind}.*`, names: CLAIM_BYTE_RESOURCES, source: CLAIM_FRACTIONAL_BYTES_SOURCE })),
  ];
  for (const place of places) {
    for (const hit of reach(ctx, spec, place.path)) {
      const resource = keyText(deref(ctx, hit.key));
      if (resource === undefined || !place.names.includes(resource)) continue;
      const node = deref(ctx, hit.value);
      if (!node || !isScalar(node) || !node.range) continue;
      const source = ctx.text.slice(node.range[0], node.range[1]);
      const read = kubectlScalar(node, source);
      const text = read.type === 'string' || read.type === 'int' || read.type === 'float' ? String(read.value) : undefined;
      if (text === undefined || !isFractionalBytes(text)) continue;
      warn(
        ctx,
        rangeOfNode(ctx, node),
        hit.path,
        'fractionalBytes',
        `Accepted with a warning: ${resource} ${text} is a fraction of a byte`,
        `Write a whole number of bytes, e.g. ${resource === 'memory' ? '128Mi' : '1Gi'} (m means thousandths, not mega).`,
        place.source,
        { resource, value: text },
      );
    }
  }
}

function checkGracePeriod(ctx: WalkContext, spec: Hit): void {
  for (const hit of reach(ctx, spec, 'terminationGracePeriodSeconds')) {
    const node = deref(ctx, hit.value);
    if (!node || !isScalar(node) || !node.range) continue;
    const read = kubectlScalar(node, ctx.text.slice(node.range[0], node.range[1]));
    if (read.type !== 'int' || Number(read.value) >= 0) continue;
    warn(
      ctx,
      rangeOfNode(ctx, node),
      hit.path,
      'negativeGracePeriod',
      'Accepted with a warning: a negative grace period is treated as 1 second',
      'Use 0 or more seconds.',
      NEGATIVE_GRACE_SOURCE,
    );
  }
}

function checkPullSecretNames(ctx: WalkContext, spec: Hit): void {
  for (const item of reach(ctx, spec, 'imagePullSecrets[]')) {
    const entry = deref(ctx, item.value);
    if (!entry || !isMap(entry)) continue;
    const name = (entry.items as Pair<Node | null, Node | null>[]).find((p) => keyText(deref(ctx, p.key)) === 'name');
    const value = deref(ctx, name?.value);
    const text = value && isScalar(value) && value.value !== null && value.value !== undefined ? String(value.value) : '';
    if (text !== '') continue;
    warn(
      ctx,
      rangeOfNode(ctx, value && value.range && value.range[1] > value.range[0] ? value : (name?.key ?? entry), rangeOfNode(ctx, entry)),
      `${item.path}.name`,
      'emptyPullSecretName',
      'Accepted with a warning: an image pull secret without a name is never used',
      'Name the Secret that holds the registry credentials, or remove the entry.',
      EMPTY_PULL_SECRET_SOURCE,
    );
  }
}
