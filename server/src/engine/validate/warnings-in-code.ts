// More of the API server's warnings for Pods and pod templates (warnings-from-table.ts calls these): hostIP without
// hostPort, seccomp annotations of templates, overlapping file paths of one volume, ports repeated across
// containers; and the custom resource finalizer warning (called by api-extensions/analyze.ts).
import { isMap, isScalar, type YAMLMap } from 'yaml';
import type { ObjectMetaLimits } from '../knowledge/object-meta';
import { rangeOfNode, type WalkContext } from './context';
import { qualifiedNameProblems } from './name-rules';
import { CONTAINER_LISTS, deref, keyText, reach, scalarValue, warn, type Hit } from './warning-reach';
import { append } from '../base/append';
import {
  CR_FINALIZER_SOURCE,
  HOST_IP_SOURCE,
  HOST_NETWORK_DEFAULTS_SOURCE,
  EMPTY_PROJECTION_SOURCE,
  OVERLAPPING_PATHS_SOURCE,
  PORTS_ACROSS_CONTAINERS_SOURCE,
  PROJECTED_VIRTUAL_PATH_SOURCES,
  VIRTUAL_PATH_SOURCES,
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

/** A path normalised as checkVolumeMappingForOverlap does (trailing '/' removed). */
function trimSlashes(path: string): string {
  return path.replace(/\/+$/, '');
}

/** checkForOverlap: equal paths, or one a prefix of the other followed by '/' (as upstream compares them, "a" also
 *  overlaps "ab"). An empty path overlaps nothing. */
function overlaps(a: string, b: string): boolean {
  if (a === '' || b === '') return false;
  return a === b || `${a}/`.startsWith(b) || `${b}/`.startsWith(a);
}

interface VirtualPath {
  path: string;
  hit: Hit;
}

function pathsOf(ctx: WalkContext, owner: Hit, rel: string): VirtualPath[] {
  return reach(ctx, owner, rel).flatMap((hit) => {
    const v = scalarValue(ctx, hit.value);
    return v === undefined ? [] : [{ path: trimSlashes(v), hit }];
  });
}

function warnOverlap(ctx: WalkContext, volume: string, p: VirtualPath, other: string): void {
  warn(
    ctx,
    rangeOfNode(ctx, deref(ctx, p.hit.value)),
    p.hit.path,
    'overlappingPaths',
    `Accepted with a warning: file path ${JSON.stringify(p.path)} overlaps ${JSON.stringify(other)} in volume ${volume}`,
    'Give each file its own path, neither equal to nor inside another path of the volume.',
    OVERLAPPING_PATHS_SOURCE,
    { value: p.path, other },
  );
}

function warnRecheck(ctx: WalkContext, volume: string, source: Hit, path: string): void {
  warn(
    ctx,
    rangeOfNode(ctx, deref(ctx, source.value)),
    source.path,
    'overlappingPaths',
    `Accepted with a warning: the previous source's path ${JSON.stringify(path)} is checked again and overlaps itself (${volume})`,
    'Give this source items, or put it before the sources with items.',
    OVERLAPPING_PATHS_SOURCE,
    { value: path, other: path },
  );
}

/** Paths of one volume that collide (warningsForOverlappingVirtualPaths): within a configMap, secret or
 *  downwardAPI volume's items; within one source of a projected volume and between its sources; and, as upstream
 *  keeps the last paths it read, the previous source's paths again after a source that sets none. */
export function checkOverlappingPaths(ctx: WalkContext, spec: Hit): void {
  for (const volume of reach(ctx, spec, 'volumes[]')) {
    const name = reach(ctx, volume, 'name')[0];
    const volumeName = JSON.stringify((name && scalarValue(ctx, name.value)) ?? '');
    for (const place of VIRTUAL_PATH_SOURCES) {
      for (const source of reach(ctx, volume, place.field)) {
        const seen: string[] = [];
        for (const p of pathsOf(ctx, source, place.paths)) {
          const other = seen.find((s) => overlaps(s, p.path));
          if (other !== undefined) warnOverlap(ctx, volumeName, p, other);
          seen.push(p.path);
        }
      }
    }
    const earlier: string[] = [];
    let previous: string[] = [];
    for (const source of reach(ctx, volume, 'projected.sources[]')) {
      const entry = deref(ctx, source.value);
      if (entry && isMap(entry) && entry.items.length === 0) {
        warn(
          ctx,
          rangeOfNode(ctx, entry),
          source.path,
          'emptyProjection',
          `Accepted with a warning: a source of projected volume ${volumeName} is empty`,
          'Give the source one of configMap, secret, downwardAPI, serviceAccountToken or clusterTrustBundle, or remove it.',
          EMPTY_PROJECTION_SOURCE,
        );
        continue;
      }
      const place = PROJECTED_VIRTUAL_PATH_SOURCES.find((row) => reach(ctx, source, row.field).length > 0 && (row.paths === 'path' || reach(ctx, source, `${row.field}.items`).length > 0));
      if (!place) {
        // Upstream keeps the previous source's paths when a source sets none (a configMap, secret or downwardAPI
        // without items): it checks them again against every path so far, so each meets itself.
        for (const path of new Set(previous.filter((p) => p !== ''))) warnRecheck(ctx, volumeName, source, path);
        continue;
      }
      const mine: string[] = [];
      for (const p of pathsOf(ctx, reach(ctx, source, place.field)[0]!, place.paths)) {
        const other = mine.find((s) => overlaps(s, p.path)) ?? earlier.find((s) => overlaps(s, p.path));
        if (other !== undefined) warnOverlap(ctx, volumeName, p, other);
        mine.push(p.path);
      }
      append(earlier, mine);
      previous = mine;
    }
  }
}

/** The effective host port of a container port: under hostNetwork the defaulting copies containerPort (not for
 *  ephemeral containers). */
function hostPortOf(ctx: WalkContext, port: Hit, hostNetwork: boolean, ephemeral: boolean): number {
  const written = Number(reach(ctx, port, 'hostPort').map((h) => scalarValue(ctx, h.value))[0] ?? 0) || 0;
  if (written !== 0 || !hostNetwork || ephemeral) return written;
  return Number(reach(ctx, port, 'containerPort').map((h) => scalarValue(ctx, h.value))[0] ?? 0) || 0;
}

/** Ports of different containers with the same containerPort and protocol (warningsForPodSpecAndMeta accumulates
 *  them across all containers; two ports of one container are the LIST_KEYS row of field-rule-table.ts). Equal
 *  non-zero host ports on one host IP are a validation matter and are left to it. */
export function checkPortsAcrossContainers(ctx: WalkContext, spec: Hit): void {
  const hostNetwork = reach(ctx, spec, 'hostNetwork').some((h) => scalarValue(ctx, h.value) === 'true');
  interface Seen {
    container: number;
    hostPort: number;
    hostIP: string;
    where: string;
  }
  const byKey = new Map<string, Seen[]>();
  let container = 0;
  // VisitContainersWithPath's order: init containers, containers, ephemeral containers.
  for (const list of ['initContainers', 'containers', 'ephemeralContainers']) {
    for (const c of reach(ctx, spec, `${list}[]`)) {
      container++;
      const cName = reach(ctx, c, 'name').map((h) => scalarValue(ctx, h.value))[0] ?? '';
      for (const port of reach(ctx, c, 'ports[]')) {
        const cp = reach(ctx, port, 'containerPort')[0];
        const number = cp ? scalarValue(ctx, cp.value) : undefined;
        if (!cp || number === undefined) continue;
        const protocol = reach(ctx, port, 'protocol').map((h) => scalarValue(ctx, h.value))[0] ?? 'TCP';
        const hostPort = hostPortOf(ctx, port, hostNetwork, list === 'ephemeralContainers');
        const hostIP = reach(ctx, port, 'hostIP').map((h) => scalarValue(ctx, h.value))[0] ?? '';
        const key = `${number}/${protocol}`;
        const others = byKey.get(key) ?? [];
        const clash = others.find((o) => {
          if (o.container === container) return false;
          if (o.hostIP === hostIP && o.hostPort === hostPort) return hostPort === 0;
          if (o.hostPort === 0 || hostPort === 0) return true;
          return o.hostPort === hostPort && (o.hostIP === '') !== (hostIP === '');
        });
        if (clash) {
          warn(
            ctx,
            rangeOfNode(ctx, deref(ctx, cp.value)),
            port.path,
            'portAcrossContainers',
            `Accepted with a warning: port ${key} is also declared by container ${clash.where}`,
            'Declare the port in one container only, or give the two ports distinct host ports.',
            PORTS_ACROSS_CONTAINERS_SOURCE,
            { port: key },
          );
        }
        others.push({ container, hostPort, hostIP, where: JSON.stringify(cName) });
        byKey.set(key, others);
      }
    }
  }
}
