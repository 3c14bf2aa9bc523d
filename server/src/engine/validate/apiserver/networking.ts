// networking.k8s.io/v1 Ingress, IngressClass and NetworkPolicy: the hand-written rules of ValidateIngressCreate,
// ValidateIngressClass and ValidateNetworkPolicy (host names, path syntax per pathType, backends, TLS, the class
// controller and parameters, policy ports and endPort, peers, ipBlock CIDRs, policyTypes). A named
// NetworkPolicy port's syntax is the INT_OR_STRING row of field-rule-table.ts.
import { at, type KindRule, type Say } from './rule-types';
import { fieldOf, isSet, itemOf, list, num, obj, objs, str, type Obj, type Value } from './object-view';
import { briefFormatProblem } from '../declarative-formats';
import { DOMAIN_PATH_SOURCE, domainPathProblems } from './domain-path';
import { cidrProblem, parseIp } from './ip';
import { goNetContains, goNetString, parseCidrSloppy, STRICT_ON, strictCidrProblem, IP_VALIDATION } from './ip-legacy';
import { checkLabelSelector, LABEL_SELECTOR_SOURCE, selectorRule } from './selector-rules';

const NET = at('pkg/apis/networking/validation/validation.go', '019c5dc51786ef4d3a3c670a852267d2b087016c');
const INGRESS = ['networking.k8s.io/Ingress'];
const INGRESS_CLASS = ['networking.k8s.io/IngressClass'];
const NETWORK_POLICY = ['networking.k8s.io/NetworkPolicy'];

const WILDCARD = /^\*\.[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const BAD_SEQUENCES = ['//', '/./', '/../', '%2f', '%2F'];
const BAD_SUFFIXES = ['/..', '/.'];

function spec(o: Obj): Obj {
  return obj(o['spec']) ?? {};
}

/** IsWildcardDNS1123Subdomain for a host with "*", else IsDNS1123Subdomain. */
function hostProblem(host: string): string | undefined {
  if (host.includes('*')) {
    if (host.length > 253) return 'must be at most 253 characters';
    return WILDCARD.test(host) ? undefined : 'may only have "*" as its whole first label ("*.example.com"), the rest a DNS subdomain';
  }
  return briefFormatProblem('k8s-long-name', host);
}

function portNumber(n: number): boolean {
  return Number.isInteger(n) && n >= 1 && n <= 65535;
}

function checkBackend(backend: Obj, path: string, say: Say): void {
  const service = obj(backend['service']);
  const resource = obj(backend['resource']);
  if (service && resource) {
    say.reject(path, 'a backend may not name both a service and a resource', 'Keep service or resource, not both.');
    return;
  }
  if (resource) {
    const at = `${path}.resource`;
    const group = str(resource['apiGroup']);
    const groupBad = group === undefined ? undefined : briefFormatProblem('k8s-long-name', group);
    if (groupBad) say.reject(`${at}.apiGroup`, `apiGroup "${group}" ${groupBad}`, 'Use the API group of the resource, e.g. k8s.example.com.', { value: group });
    for (const field of ['kind', 'name']) {
      const v = str(resource[field]);
      if (v === undefined) continue;
      if (v === '') say.missing(`${at}.${field}`, `the resource backend needs a ${field}`, `Set resource.${field}.`);
      else if (briefFormatProblem('k8s-path-segment-name', v)) say.reject(`${at}.${field}`, `resource ${field} "${v}" ${briefFormatProblem('k8s-path-segment-name', v)}`, `Use a plain ${field} (no "/" or "%").`, { value: v });
    }
    return;
  }
  if (!service) {
    say.reject(path, 'a backend needs a service (or a resource)', 'Add service: {name: <service>, port: {number: <port>}}.');
    return;
  }
  const at = `${path}.service`;
  const name = str(service['name']);
  if (name === '') say.missing(`${at}.name`, 'the backend service needs a name', 'Set service.name to the Service to route to.');
  else if (name !== undefined) {
    // A DNS-1035 label, or a DNS-1123 label with the RelaxedServiceNameValidation gate: only what both refuse.
    const bad = briefFormatProblem('k8s-short-name', name);
    if (bad) say.reject(`${at}.name`, `service name "${name}" ${bad}`, 'Use the name of a Service (a DNS label such as web).', { value: name });
  }
  const port = obj(service['port']);
  const portName = str(port?.['name']) ?? '';
  const number = num(port?.['number']) ?? 0;
  if (portName !== '' && number !== 0) {
    say.reject(path, 'the backend service port may have a name or a number, not both', 'Keep port.name or port.number.');
  } else if (number !== 0) {
    if (!portNumber(number)) say.reject(`${at}.port.number`, `port number ${number} is not between 1 and 65535`, 'Use the Service port number, from 1 to 65535.', { value: number });
  } else if (portName === '') {
    say.missing(path, 'the backend service needs a port name or number', 'Set service.port.number (or service.port.name) to a port of the Service.');
  }
}

function checkPath(p: Obj, path: string, say: Say): void {
  const type = str(p['pathType']);
  if (type === undefined || type === '') {
    say.missing(`${path}.pathType`, 'each Ingress path needs a pathType', 'Add pathType: Prefix (or Exact, or ImplementationSpecific).');
    return;
  }
  const value = str(p['path']) ?? '';
  const at = `${path}.path`;
  const a = type === 'Exact' ? 'an Exact' : 'a Prefix';
  if (type === 'Exact' || type === 'Prefix') {
    if (!value.startsWith('/')) say.reject(at, `${a} path must be absolute (start with "/")`, `Write it as "/${value}".`, { value });
    for (const seq of BAD_SEQUENCES) if (value.includes(seq)) say.reject(at, `${a} path may not contain "${seq}"`, 'Write the path in its normal form.', { value });
    for (const suffix of BAD_SUFFIXES) if (value.endsWith(suffix)) say.reject(at, `${a} path may not end with "${suffix}"`, 'Write the path in its normal form.', { value });
  } else if (type === 'ImplementationSpecific' && value !== '' && !value.startsWith('/')) {
    say.reject(at, 'a path must be absolute (start with "/")', `Write it as "/${value}".`, { value });
  }
}

function isIpHost(host: string): boolean {
  return parseIp(host, true) !== undefined;
}

function checkNetworkPolicyPort(p: Obj, path: string, say: Say): void {
  const port: Value | undefined = p['port'];
  const end = num(p['endPort']);
  // The port itself is the INT_OR_STRING row's.
  if (typeof port === 'number') {
    if (end === undefined) return;
    if (end < port) say.reject(`${path}.endPort`, `endPort ${end} is below port ${port}`, `Set endPort to ${port} or more (the range is port..endPort).`, { value: end });
    if (!portNumber(end)) say.reject(`${path}.endPort`, `endPort ${end} is not between 1 and 65535`, 'Use a port number from 1 to 65535.', { value: end });
  } else if (end !== undefined) {
    const why = typeof port === 'string' ? 'a named port' : 'no port';
    say.reject(`${path}.endPort`, `endPort may not be set with ${why}: a range needs a numeric port`, 'Set port to the first number of the range, or remove endPort.', { value: end });
  }
}

/** IsValidCIDRForLegacyField with StrictIPCIDRValidation on: what the sloppy parser reads but strict parsing refuses. */
function strictCidr(say: Say, path: string, cidr: string): void {
  const problem = strictCidrProblem(cidr);
  const c = problem ? parseCidrSloppy(cidr) : undefined;
  if (problem && c) say.reject(path, `CIDR ${cidr} ${problem}`, `Write ${goNetString(c)}.`, { value: cidr, ...STRICT_ON });
}

function checkPeer(peer: Obj, path: string, say: Say): void {
  const selectors = ['podSelector', 'namespaceSelector'].filter((k) => isSet(peer[k]));
  const block = obj(peer['ipBlock']);
  for (const k of selectors) checkLabelSelector(peer[k], `${path}.${k}`, say);
  if (selectors.length === 0 && !block) {
    say.missing(path, 'a peer needs podSelector, namespaceSelector or ipBlock', 'Add a selector or an ipBlock (an empty peer matches nothing).');
    return;
  }
  if (!block) return;
  if (selectors.length > 0) say.reject(path, 'a peer with ipBlock may not also have a selector', 'Split it into two peers: one ipBlock, one with the selectors.');
  const at = `${path}.ipBlock`;
  const cidr = str(block['cidr']);
  if (cidr === undefined) return;
  if (cidr === '') {
    say.missing(`${at}.cidr`, 'ipBlock needs a cidr', 'Set cidr, e.g. 10.0.0.0/8.');
    return;
  }
  const bad = cidrProblem(cidr);
  if (bad) {
    say.reject(`${at}.cidr`, bad, 'Write the range as address/prefix, e.g. 10.0.0.0/8.', { value: cidr });
    return;
  }
  strictCidr(say, `${at}.cidr`, cidr);
  list(block['except']).forEach((v, i) => {
    if (typeof v !== 'string') return;
    const path = itemOf(`${at}.except`, i);
    const problem = cidrProblem(v);
    if (problem) {
      say.reject(path, problem, 'Write the range as address/prefix, e.g. 10.1.0.0/16.', { value: v });
      return;
    }
    strictCidr(say, path, v);
    if (!strictSubset(cidr, v)) say.reject(path, `except ${v} is not a strict subset of cidr ${cidr}`, 'Give a smaller range inside cidr (a longer prefix), or remove it.', { value: v });
  });
}

/** ValidateIPBlock: the except range's address lies in cidr (net.IPNet Contains) and its mask (Mask.Size) is longer,
 *  both read by ParseCIDRSloppy; IPv4-mapped IPv6 forms are folded into IPv4 as Go does (a mapped range's mask
 *  length stays the IPv6 one). */
function strictSubset(cidr: string, except: string): boolean {
  const outer = parseCidrSloppy(cidr);
  const inner = parseCidrSloppy(except);
  if (!outer || !inner) return true;
  return goNetContains(outer, inner.net) && outer.ones < inner.ones;
}

export const NETWORKING_RULES: readonly KindRule[] = [
  {
    rule: 'ingressRulesOrBackend',
    kinds: INGRESS,
    source: NET('ValidateIngressSpec (either defaultBackend or rules)'),
    check(o, say) {
      const s = spec(o);
      if (list(s['rules']).length > 0 || isSet(s['defaultBackend'])) return;
      say.reject('spec', 'an Ingress needs rules or a defaultBackend', 'Add spec.rules with a host and paths, or spec.defaultBackend.');
    },
  },
  {
    rule: 'ingressBackend',
    kinds: INGRESS,
    source: NET('validateIngressBackend (service xor resource; service name; port name xor number, 1-65535)'),
    check(o, say) {
      const s = spec(o);
      const fallback = obj(s['defaultBackend']);
      if (fallback) checkBackend(fallback, 'spec.defaultBackend', say);
      for (const [rule, i] of objs(s['rules'])) {
        for (const [p, j] of objs(obj(rule['http'])?.['paths'])) {
          // backend is a struct, not a pointer: left out, it names neither a service nor a resource.
          checkBackend(obj(p['backend']) ?? {}, `${itemOf(`${itemOf('spec.rules', i)}.http.paths`, j)}.backend`, say);
        }
      }
    },
  },
  {
    rule: 'ingressHost',
    kinds: INGRESS,
    source: NET('validateIngressRules (host a DNS name, not an IP; a wildcard only as the first label)'),
    check(o, say) {
      for (const [rule, i] of objs(spec(o)['rules'])) {
        const host = str(rule['host']);
        if (!host) continue;
        const path = `${itemOf('spec.rules', i)}.host`;
        if (isIpHost(host)) {
          say.reject(path, `host ${host} is an IP address; an Ingress host must be a DNS name`, 'Use a DNS name, or leave host out to match every host.', { value: host });
          continue;
        }
        const bad = hostProblem(host);
        if (bad) say.reject(path, `host "${host}" ${bad}`, 'Use a DNS name such as shop.example.com or *.example.com.', { value: host });
      }
    },
  },
  {
    rule: 'ingressPaths',
    kinds: INGRESS,
    source: NET('validateHTTPIngressRuleValue / validateHTTPIngressPath (paths required; pathType required; path syntax per pathType)'),
    check(o, say) {
      for (const [rule, i] of objs(spec(o)['rules'])) {
        const http = obj(rule['http']);
        if (!http) continue;
        const base = `${itemOf('spec.rules', i)}.http.paths`;
        if (list(http['paths']).length === 0) say.missing(base, 'an http rule needs at least one path', 'Add a path, e.g. - path: / with pathType: Prefix and a backend.');
        for (const [p, j] of objs(http['paths'])) checkPath(p, itemOf(base, j), say);
      }
    },
  },
  {
    rule: 'ingressTLS',
    kinds: INGRESS,
    source: NET('validateIngressTLS (hosts DNS names or wildcards; secretName a Secret name)'),
    check(o, say) {
      for (const [tls, i] of objs(spec(o)['tls'])) {
        const base = itemOf('spec.tls', i);
        list(tls['hosts']).forEach((h, j) => {
          if (typeof h !== 'string') return;
          const bad = hostProblem(h);
          if (bad) say.reject(itemOf(`${base}.hosts`, j), `TLS host "${h}" ${bad}`, 'Use the DNS name the certificate covers, e.g. shop.example.com.', { value: h });
        });
        const secret = str(tls['secretName']);
        const bad = secret ? briefFormatProblem('k8s-long-name', secret) : undefined;
        if (bad) say.reject(`${base}.secretName`, `secretName "${secret}" ${bad}`, 'Use the name of a TLS Secret in this namespace (lower case).', { value: secret });
      }
    },
  },
  {
    rule: 'ingressClassName',
    kinds: INGRESS,
    source: NET('ValidateIngressSpec (ingressClassName a DNS-1123 subdomain) / ValidateIngressCreate (the kubernetes.io/ingress.class annotation must match it)'),
    check(o, say) {
      const name = str(spec(o)['ingressClassName']);
      if (name === undefined) return;
      const bad = briefFormatProblem('k8s-long-name', name);
      if (bad) say.reject('spec.ingressClassName', `ingressClassName "${name}" ${bad}`, 'Use the name of an IngressClass (lower case, e.g. nginx).', { value: name });
      const annotation = obj(obj(o['metadata'])?.['annotations'])?.['kubernetes.io/ingress.class'];
      if (typeof annotation !== 'string' || annotation === name) return;
      // Upstream builds this path without "metadata".
      say.reject(fieldOf('annotations', 'kubernetes.io/ingress.class'), `the kubernetes.io/ingress.class annotation (${annotation}) differs from ingressClassName (${name})`, 'Remove the deprecated annotation and keep ingressClassName.', { value: annotation });
    },
  },
  {
    rule: 'ingressClassController',
    kinds: INGRESS_CLASS,
    source: [NET('validateIngressClassSpec (controller required, at most 250 characters, a domain-prefixed path)'), DOMAIN_PATH_SOURCE],
    check(o, say) {
      const controller = str(spec(o)['controller']);
      if (controller === undefined) return;
      if (controller === '') {
        say.missing('spec.controller', 'an IngressClass needs a controller', 'Set controller to the name of the ingress controller, e.g. k8s.io/ingress-nginx.');
        return;
      }
      if (controller.length > 250) say.reject('spec.controller', `controller is ${controller.length} characters; at most 250`, 'Use a shorter controller name.');
      for (const p of domainPathProblems(controller)) {
        if (p.part === 'shape') say.reject('spec.controller', `controller "${controller}" must be a domain-prefixed path such as example.com/ingress`, 'Prefix the controller with a domain you own, e.g. example.com/ingress-controller.', { value: controller });
        else if (p.part === 'domain') say.reject('spec.controller', `the domain "${p.domain}" of controller ${p.problem}`, 'Use a lower-case DNS domain before the "/".', { value: controller });
        else say.reject('spec.controller', `the path "${p.path}" of controller has characters an HTTP path may not hold`, 'Use letters, digits and - . _ ~ / after the domain.', { value: controller });
      }
    },
  },
  {
    rule: 'ingressClassParameters',
    kinds: INGRESS_CLASS,
    source: NET('validateIngressClassParametersReference (apiGroup, kind, name; scope Namespace needs namespace, Cluster forbids it)'),
    check(o, say) {
      const p = obj(spec(o)['parameters']);
      if (!p) return;
      const base = 'spec.parameters';
      const group = str(p['apiGroup']);
      const groupBad = group === undefined ? undefined : briefFormatProblem('k8s-long-name', group);
      if (groupBad) say.reject(`${base}.apiGroup`, `apiGroup "${group}" ${groupBad}`, 'Use the API group of the parameters resource.', { value: group });
      for (const field of ['kind', 'name']) {
        const v = str(p[field]);
        if (v === undefined) continue;
        if (v === '') say.missing(`${base}.${field}`, `parameters needs a ${field}`, `Set parameters.${field}.`);
        else if (briefFormatProblem('k8s-path-segment-name', v)) say.reject(`${base}.${field}`, `parameters ${field} "${v}" ${briefFormatProblem('k8s-path-segment-name', v)}`, `Use a plain ${field}.`, { value: v });
      }
      const scope = str(p['scope']);
      if (scope === 'Namespace' && !isSet(p['namespace'])) say.missing(`${base}.namespace`, 'parameters with scope Namespace need a namespace', 'Set parameters.namespace, or use scope: Cluster.');
      if (scope === 'Namespace' && typeof p['namespace'] === 'string') {
        const bad = briefFormatProblem('k8s-short-name', p['namespace']);
        if (bad) say.reject(`${base}.namespace`, `namespace "${p['namespace']}" ${bad}`, 'Use the name of a namespace.', { value: p['namespace'] });
      }
      if (scope === 'Cluster' && isSet(p['namespace'])) say.reject(`${base}.namespace`, 'parameters with scope Cluster may not set a namespace', 'Remove namespace, or use scope: Namespace.');
    },
  },
  {
    rule: 'networkPolicyPorts',
    kinds: NETWORK_POLICY,
    source: NET('ValidateNetworkPolicyPort (endPort only with a numeric port, not below it, 1-65535)'),
    check(o, say) {
      for (const [dir, i] of [...objs(spec(o)['ingress']).map(([r, i]) => [r, `spec.ingress[${i}]`] as const), ...objs(spec(o)['egress']).map(([r, i]) => [r, `spec.egress[${i}]`] as const)]) {
        for (const [p, j] of objs(dir['ports'])) checkNetworkPolicyPort(p, itemOf(`${i}.ports`, j), say);
      }
    },
  },
  {
    rule: 'networkPolicyPeers',
    kinds: NETWORK_POLICY,
    source: [
      NET('ValidateNetworkPolicyPeer / ValidateIPBlock (a peer needs one kind; ipBlock alone; cidr and except IsValidCIDRForLegacyField; except a strict subset)'),
      IP_VALIDATION('IsValidCIDRForLegacyField → parseCIDR (strict: no leading zeros, no IPv4-mapped IPv6, no bits beyond the prefix)'),
      LABEL_SELECTOR_SOURCE,
    ],
    check(o, say) {
      const s = spec(o);
      for (const [rule, i] of objs(s['ingress'])) for (const [peer, j] of objs(rule['from'])) checkPeer(peer, `spec.ingress[${i}].from[${j}]`, say);
      for (const [rule, i] of objs(s['egress'])) for (const [peer, j] of objs(rule['to'])) checkPeer(peer, `spec.egress[${i}].to[${j}]`, say);
    },
  },
  selectorRule('networkPolicySelector', NETWORK_POLICY, NET('ValidateNetworkPolicySpec (podSelector: ValidateLabelSelector)'), 'spec.podSelector'),
  {
    rule: 'networkPolicyTypes',
    kinds: NETWORK_POLICY,
    source: NET('ValidateNetworkPolicySpec (at most two policyTypes)'),
    check(o, say) {
      const types = list(spec(o)['policyTypes']);
      if (types.length <= 2) return;
      say.reject('spec.policyTypes', `policyTypes lists ${types.length} entries; at most two (Ingress and Egress)`, 'List Ingress and Egress at most once each.');
    },
  },
];
