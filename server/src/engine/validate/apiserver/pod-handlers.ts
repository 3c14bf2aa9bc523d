// Container ports across a pod and the details of probe and lifecycle handlers: no two containers bind the same
// host port (AccumulateUniqueHostPorts; init containers one at a time, as they run one by one), a gRPC probe's
// port is a port number, HTTP header names are header tokens, and a sleep hook fits within the pod's grace
// period (validateGRPCAction, validateHTTPGetAction, validateSleepAction). Over the defaulted spec.
import { at, type PodSpecRule, type Say } from './rule-types';
import { fieldOf, itemOf, num, obj, objs, str, type Obj } from './object-view';
import { containers, handlerContainers, PROBES } from './pod-containers';

const CORE = at('pkg/apis/core/validation/validation.go', '000f26050b9be6fb3d79fae95e06b47fc96128cd');
const UTIL = { repo: 'kubernetes/kubernetes', path: 'staging/src/k8s.io/apimachinery/pkg/util/validation/validation.go', commit: '008b3652959ca58af8be3fb5b6ecfe9ae7638282' };

/** IsHTTPHeaderName: letters, digits and "-". */
const HEADER_NAME = /^[-A-Za-z0-9]+$/;

/** Each handler of a container (probes, then lifecycle hooks) with its path. */
function handlers(c: Obj, path: string): { h: Obj; path: string }[] {
  const out: { h: Obj; path: string }[] = [];
  for (const probe of PROBES) {
    const h = obj(c[probe]);
    if (h) out.push({ h, path: fieldOf(path, probe) });
  }
  const lifecycle = obj(c['lifecycle']);
  for (const hook of ['postStart', 'preStop']) {
    const h = obj(lifecycle?.[hook]);
    if (h) out.push({ h, path: fieldOf(fieldOf(path, 'lifecycle'), hook) });
  }
  return out;
}

function checkHostPorts(say: Say, seen: Set<string>, c: Obj, path: string): void {
  for (const [port, j] of objs(c['ports'])) {
    const host = num(port['hostPort']) ?? 0;
    if (host === 0) continue;
    const key = `${str(port['protocol']) ?? ''}/${str(port['hostIP']) ?? ''}/${host}`;
    if (seen.has(key)) {
      say.reject(fieldOf(itemOf(fieldOf(path, 'ports'), j), 'hostPort'), `host port ${host} (${str(port['protocol']) ?? ''}) is already bound by another port of the pod`, 'Use a different hostPort, protocol or hostIP.', { value: host });
    }
    seen.add(key);
  }
}

export const POD_HANDLER_RULES: readonly PodSpecRule[] = [
  {
    rule: 'hostPortConflicts',
    source: CORE('validateContainers / validateInitContainers → checkHostPortConflicts → AccumulateUniqueHostPorts (protocol/hostIP/hostPort unique)'),
    check(t, say) {
      const regular = new Set<string>();
      for (const { c, path } of containers(t, ['containers'])) checkHostPorts(say, regular, c, path);
      for (const { c, path } of containers(t, ['initContainers'])) checkHostPorts(say, new Set<string>(), c, path);
    },
  },
  {
    rule: 'handlerDetails',
    source: [
      CORE('validateGRPCAction (ValidatePortNumOrName on port)'),
      CORE('validateHTTPGetAction (IsHTTPHeaderName on each header name)'),
      CORE('validateSleepAction (seconds not negative and at most terminationGracePeriodSeconds)'),
      { ...UTIL, fn: 'IsHTTPHeaderName' },
    ],
    check(t, say) {
      const grace = num(t.spec['terminationGracePeriodSeconds']);
      for (const { c, path } of handlerContainers(t)) {
        for (const { h, path: hPath } of handlers(c, path)) {
          const port = num(obj(h['grpc'])?.['port']);
          if (port !== undefined && !(Number.isInteger(port) && port >= 1 && port <= 65535)) {
            say.reject(fieldOf(fieldOf(hPath, 'grpc'), 'port'), `gRPC port ${port} is not a port number (1 to 65535)`, 'Use the port the gRPC health service listens on.', { value: port });
          }
          const headersPath = fieldOf(fieldOf(hPath, 'httpGet'), 'httpHeaders');
          for (const [header, k] of objs(obj(h['httpGet'])?.['httpHeaders'])) {
            const name = str(header['name']) ?? '';
            if (!HEADER_NAME.test(name)) say.reject(itemOf(headersPath, k), `HTTP header name ${JSON.stringify(name)} may only hold letters, digits and "-"`, 'Use a header name such as X-Custom-Header.', { value: name });
          }
          const seconds = num(obj(h['sleep'])?.['seconds']);
          if (seconds !== undefined && grace !== undefined && (seconds < 0 || seconds > grace)) {
            say.reject(fieldOf(hPath, 'sleep'), `a sleep of ${seconds}s must be 0 or more and at most terminationGracePeriodSeconds (${grace})`, 'Shorten the sleep, or raise terminationGracePeriodSeconds.', { value: seconds, terminationGracePeriodSeconds: grace });
          }
        }
      }
    },
  },
];
