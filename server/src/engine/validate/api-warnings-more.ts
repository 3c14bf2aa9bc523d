// More of the API server's warnings for Pods and pod templates (api-warnings.ts calls these): hostIP without
// hostPort, seccomp annotations of templates, projected paths repeating a token path; and the custom resource
// finalizer warning (called by crd/analyze.ts).
import { isMap, isScalar, type YAMLMap } from 'yaml';
import type { ObjectMetaLimits } from '../knowledge/object-meta';
import { rangeOfNode, type WalkContext } from './context';
import { qualifiedNameProblems } from './name-rules';
import { CONTAINER_LISTS, deref, keyText, reach, scalarValue, warn, type Hit } from './api-warnings-walk';
import {
  CR_FINALIZER_SOURCE,
  HOST_IP_SOURCE,
  HOST_NETWORK_DEFAULTS_SOURCE,
  PROJECTED_PATHS,
  PROJECTED_PATH_SOURCE,
  SECCOMP_ANNOTATIONS,
} from './warning-table';

/** A custom resource's finalizers: one without '/' that is not a standard name is stored with a warning (a name
 *  that is not a qualified name at all is refused by the generic metadata validation, so it gets no warning). */
export function checkCustomResourceFinalizers(ctx: WalkContext, root: YAMLMap, limits: ObjectMetaLimits): void {
  for (const hit of reach(ctx, { value: root, path: '' }, 'metadata.finalizers[]')) {
    const node = deref(ctx, hit.value);
    if (!node || !isScalar(node) || typeof node.value !== 'string') continue;
    const name = node.value;
    if (name.includes('/') || limits.standardFinalizers.includes(name) || qualifiedNameProblems(name, limits).length > 0) continue;
    warn(
      ctx,
      rangeOfNode(ctx, node),
      hit.path,
      'unqualifiedFinalizer',
      `Accepted with a warning: finalizer ${name} has no domain prefix (no '/')`,
      'Prefer a name with a domain and a path, e.g. example.com/cleanup, if the controller that owns it accepts that.',
      CR_FINALIZER_SOURCE,
      { value: name },
      'An unqualified finalizer name may clash with another controller that writes the same name.',
    );
  }
}


export function checkHostIpPorts(ctx: WalkContext, spec: Hit): void {
  // Under hostNetwork the defaulting sets hostPort to containerPort before the warnings are computed.
  if (reach(ctx, spec, 'hostNetwork').some((h) => scalarValue(ctx, h.value) === 'true')) return;
  for (const list of CONTAINER_LISTS) {
    for (const port of reach(ctx, spec, `${list}[].ports[]`)) {
      const entry = deref(ctx, port.value);
      if (!entry || !isMap(entry)) continue;
      const hostIp = reach(ctx, port, 'hostIP')[0];
      const ip = hostIp ? scalarValue(ctx, hostIp.value) : undefined;
      if (!hostIp || ip === undefined || ip === '') continue;
      const hostPort = reach(ctx, port, 'hostPort')[0];
      const hp = hostPort ? scalarValue(ctx, hostPort.value) : undefined;
      if (hp !== undefined && Number(hp) !== 0) continue;
      warn(
        ctx,
        rangeOfNode(ctx, hostIp.key),
        hostIp.path,
        'hostIpWithoutHostPort',
        'Accepted with a warning: hostIP has no effect without a hostPort',
        'Add the hostPort to expose on that address, or remove hostIP.',
        { ...HOST_IP_SOURCE, fn: `${HOST_IP_SOURCE.fn}; ${HOST_NETWORK_DEFAULTS_SOURCE.path} ${HOST_NETWORK_DEFAULTS_SOURCE.fn}` },
        { hostIP: ip },
      );
    }
  }
}

function hasSeccompField(ctx: WalkContext, owner: Hit): boolean {
  return reach(ctx, owner, 'securityContext.seccompProfile').some((h) => {
    const v = deref(ctx, h.value);
    return !!v && !(isScalar(v) && (v.value === null || v.value === undefined));
  });
}

/** Seccomp annotations of a pod template without the seccompProfile field they stand for. */
export function checkSeccompAnnotations(ctx: WalkContext, root: Hit): void {
  const spec = reach(ctx, root, 'spec')[0];
  const containers = new Map<string, Hit>();
  if (spec) {
    for (const list of CONTAINER_LISTS) {
      for (const c of reach(ctx, spec, `${list}[]`)) {
        const name = reach(ctx, c, 'name')[0];
        const text = name ? scalarValue(ctx, name.value) : undefined;
        if (text !== undefined && !containers.has(text)) containers.set(text, c);
      }
    }
  }
  for (const hit of reach(ctx, root, 'metadata.annotations.*')) {
    const key = keyText(deref(ctx, hit.key));
    if (key === undefined) continue;
    for (const row of SECCOMP_ANNOTATIONS) {
      let covered: boolean;
      if (row.where === 'pod') {
        if (key !== row.key) continue;
        covered = !!spec && hasSeccompField(ctx, spec);
      } else {
        if (!key.startsWith(row.key)) continue;
        const container = containers.get(key.slice(row.key.length));
        if (!container) continue; // upstream warns only for the containers the spec has
        covered = hasSeccompField(ctx, container);
      }
      if (covered) continue;
      warn(
        ctx,
        rangeOfNode(ctx, hit.key),
        hit.path,
        'seccompAnnotation',
        `Accepted with a warning: the seccomp annotation does nothing since Kubernetes ${row.nonFunctionalIn}`,
        row.where === 'pod' ? 'Set spec.securityContext.seccompProfile instead.' : "Set the container's securityContext.seccompProfile instead.",
        row.source,
        { annotation: key },
      );
    }
  }
}

/** A configMap, secret, downwardAPI or clusterTrustBundle file of a projected volume at the path of a service
 *  account token (of any projected volume of the pod, as upstream compares them). */
export function checkProjectedPaths(ctx: WalkContext, spec: Hit): void {
  const sources = reach(ctx, spec, 'volumes[].projected.sources[]');
  const tokenPaths = new Set<string>();
  for (const src of sources) {
    for (const p of reach(ctx, src, 'serviceAccountToken.path')) {
      const v = scalarValue(ctx, p.value);
      if (v !== undefined) tokenPaths.add(v);
    }
  }
  if (tokenPaths.size === 0) return;
  for (const src of sources) {
    for (const place of PROJECTED_PATHS) {
      for (const p of reach(ctx, src, place)) {
        const v = scalarValue(ctx, p.value);
        if (v === undefined || !tokenPaths.has(v)) continue;
        warn(
          ctx,
          rangeOfNode(ctx, deref(ctx, p.value)),
          p.path,
          'projectedTokenPath',
          `Accepted with a warning: ${JSON.stringify(v)} is also the path of a service account token`,
          'Give the file another path so that it does not collide with the token.',
          PROJECTED_PATH_SOURCE,
          { value: v },
        );
      }
    }
  }
}
