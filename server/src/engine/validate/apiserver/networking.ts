// networking.k8s.io/v1 Ingress and NetworkPolicy: the hand-written rules of ValidateIngressCreate /
// ValidateIngressSpec (rules or a default backend, hosts, path syntax per path type, backends, TLS hosts, the
// class annotation beside ingressClassName) and ValidateNetworkPolicySpec (peers, ipBlock CIDRs).
import { formatProblem } from '../formats';
import { at, type KindRule, type Say } from './rule-types';
import { fieldOf, isSet, itemOf, list, obj, objs, specOf, str, type Obj } from './object-view';

const NET = at('pkg/apis/networking/validation/validation.go', '1758d176899c3cef671eb4a3bb77df852280eb95');
const INGRESS = ['networking.k8s.io/Ingress'];
const NETWORK_POLICY = ['networking.k8s.io/NetworkPolicy'];
const CLASS_ANNOTATION = 'kubernetes.io/ingress.class';

const IPV4 = /^(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}$/;

/** An IPv4 CIDR as [address, prefix length]; undefined for anything else (IPv6 is not judged here). */
function ipv4Cidr(text: string): [number, number] | undefined {
  const m = /^([0-9.]+)\/([0-9]{1,2})$/.exec(text);
  if (!m || !IPV4.test(m[1] as string) || Number(m[2]) > 32) return undefined;
  const address = (m[1] as string).split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
  return [address, Number(m[2])];
}

function looksIpv4(text: string): boolean {
  return /^[0-9./]+$/.test(text);
}

/** Why a host is not a DNS name (a wildcard only as a leading "*."); undefined when it is one. */
function hostProblem(host: string): string | undefined {
  if (!host.includes('*')) return formatProblem('k8s-long-name', host);
  if (!host.startsWith('*.') || host.slice(2).includes('*')) return 'may hold "*" only as its first label ("*.")';
  return formatProblem('k8s-long-name', host.slice(2));
}

function checkHost(say: Say, path: string, host: string): void {
  if (IPV4.test(host) || (/^[0-9a-fA-F:]+$/.test(host) && host.includes(':'))) {
    say.reject(path, `host ${JSON.stringify(host)} is an IP address; it must be a DNS name`, 'Use a DNS name, or leave host out to match every host.', { value: host });
    return;
  }
  const problem = hostProblem(host);
  if (problem) say.reject(path, `host ${JSON.stringify(host)} is not a valid DNS name`, `Use a lower-case DNS name such as app.example.com or *.example.com (the host ${problem}).`, { value: host, problem });
}

const BAD_SEQUENCES = ['//', '/./', '/../', '%2f', '%2F'];
const BAD_SUFFIXES = ['/..', '/.'];

function pathProblem(type: string, path: string): string | undefined {
  if (type === 'ImplementationSpecific') return path !== '' && !path.startsWith('/') ? 'must be an absolute path (start with /)' : undefined;
  if (type !== 'Exact' && type !== 'Prefix') return undefined;
  if (!path.startsWith('/')) return 'must be an absolute path (start with /)';
  const seq = BAD_SEQUENCES.find((s) => path.includes(s));
  if (seq) return `may not contain ${JSON.stringify(seq)}`;
  const suffix = BAD_SUFFIXES.find((s) => path.endsWith(s));
  return suffix ? `may not end with ${JSON.stringify(suffix)}` : undefined;
}

function checkBackend(say: Say, path: string, backend: Obj | undefined): void {
  if (backend && isSet(backend['service']) && isSet(backend['resource'])) say.reject(path, 'a backend may set service or resource, not both', 'Keep one of service and resource.');
}

export const NETWORKING_RULES: readonly KindRule[] = [
  {
    rule: 'ingressRulesOrBackend',
    kinds: INGRESS,
    source: NET('ValidateIngressSpec ("either `backend` or `rules` must be specified")'),
    check(o, say) {
      const s = specOf(o);
      if (list(s['rules']).length > 0 || isSet(s['defaultBackend'])) return;
      say.reject('spec', 'an Ingress needs rules or a defaultBackend', 'Add rules (host and paths), or a defaultBackend.');
    },
  },
  {
    rule: 'ingressHost',
    kinds: INGRESS,
    source: NET('validateIngressRules / validateIngressTLS (a DNS name, not an IP; wildcards as "*." only)'),
    check(o, say) {
      const s = specOf(o);
      for (const [rule, i] of objs(s['rules'])) {
        const host = str(rule['host']) ?? '';
        if (host !== '') checkHost(say, fieldOf(itemOf('spec.rules', i), 'host'), host);
      }
      for (const [tls, j] of objs(s['tls'])) {
        list(tls['hosts']).forEach((h, k) => {
          if (typeof h === 'string' && h !== '') checkHost(say, itemOf(fieldOf(itemOf('spec.tls', j), 'hosts'), k), h);
        });
      }
    },
  },
  {
    rule: 'ingressPath',
    kinds: INGRESS,
    source: NET('validateHTTPIngressRuleValue / validateHTTPIngressPath (paths required; path syntax per pathType; one backend kind)'),
    check(o, say) {
      const s = specOf(o);
      checkBackend(say, 'spec.defaultBackend', obj(s['defaultBackend']));
      for (const [rule, i] of objs(s['rules'])) {
        const http = obj(rule['http']);
        if (!http) continue;
        const base = fieldOf(fieldOf(itemOf('spec.rules', i), 'http'), 'paths');
        if (http['paths'] !== undefined && list(http['paths']).length === 0) say.reject(base, 'an http rule needs at least one path', 'Add a path with its pathType and backend.');
        for (const [p, j] of objs(http['paths'])) {
          const at = itemOf(base, j);
          const type = str(p['pathType']);
          const problem = type === undefined ? undefined : pathProblem(type, str(p['path']) ?? '');
          if (problem) say.reject(fieldOf(at, 'path'), `the ${type} path ${JSON.stringify(str(p['path']) ?? '')} ${problem}`, 'Write an absolute path without empty, "." or ".." segments, e.g. /api.', { value: str(p['path']) ?? '' });
          checkBackend(say, fieldOf(at, 'backend'), obj(p['backend']));
        }
      }
    },
  },
  {
    rule: 'ingressClassAnnotation',
    kinds: INGRESS,
    source: NET('ValidateIngressCreate (the kubernetes.io/ingress.class annotation "can not be set when the class field is also set")'),
    check(o, say) {
      const annotations = obj(obj(o['metadata'])?.['annotations']);
      if (!annotations || annotations[CLASS_ANNOTATION] === undefined || (str(specOf(o)['ingressClassName']) ?? undefined) === undefined) return;
      say.reject(fieldOf('metadata.annotations', CLASS_ANNOTATION), `the ${CLASS_ANNOTATION} annotation may not be set beside spec.ingressClassName`, 'Remove the annotation and keep spec.ingressClassName.');
    },
  },
  {
    rule: 'networkPolicyPeer',
    kinds: NETWORK_POLICY,
    source: NET('ValidateNetworkPolicyPeer ("must specify a peer"; "may not specify both ipBlock and another peer") / ValidateIPBlock (IPv4 CIDRs; except a strict subset)'),
    check(o, say) {
      const s = specOf(o);
      for (const [direction, peers] of [['ingress', 'from'], ['egress', 'to']] as const) {
        for (const [rule, i] of objs(s[direction])) {
          for (const [peer, j] of objs(rule[peers])) {
            const at = itemOf(fieldOf(itemOf(`spec.${direction}`, i), peers), j);
            const kinds = ['podSelector', 'namespaceSelector', 'ipBlock'].filter((k) => isSet(peer[k]));
            if (kinds.length === 0) say.reject(at, `a ${peers} peer needs podSelector, namespaceSelector or ipBlock`, 'Give the peer a selector or an ipBlock (an empty podSelector: {} selects every pod).');
            else if (kinds.length > 1 && kinds.includes('ipBlock')) say.reject(at, 'a peer with ipBlock may not also have a selector', 'Split it into two peers.');
            const block = obj(peer['ipBlock']);
            if (block) checkIpBlock(say, fieldOf(at, 'ipBlock'), block);
          }
        }
      }
    },
  },
];

function checkIpBlock(say: Say, path: string, block: Obj): void {
  const cidrText = str(block['cidr']) ?? '';
  if (cidrText === '' || !looksIpv4(cidrText)) return;
  const cidr = ipv4Cidr(cidrText);
  if (!cidr) {
    say.reject(fieldOf(path, 'cidr'), `${JSON.stringify(cidrText)} is not a valid CIDR`, 'Write an address and a prefix length, e.g. 10.0.0.0/8.', { value: cidrText });
    return;
  }
  list(block['except']).forEach((raw, k) => {
    if (typeof raw !== 'string' || !looksIpv4(raw)) return;
    const except = ipv4Cidr(raw);
    const at = itemOf(fieldOf(path, 'except'), k);
    if (!except) {
      say.reject(at, `${JSON.stringify(raw)} is not a valid CIDR`, 'Write an address and a prefix length, e.g. 10.1.0.0/16.', { value: raw });
      return;
    }
    const mask = cidr[1] === 0 ? 0 : (0xffffffff << (32 - cidr[1])) >>> 0;
    const inside = ((except[0] & mask) >>> 0) === ((cidr[0] & mask) >>> 0);
    if (!inside || cidr[1] >= except[1]) say.reject(at, `except ${raw} must be a strict subset of cidr ${cidrText}`, `Use a smaller range inside ${cidrText}.`, { value: raw });
  });
}
