// core/v1 Service: the hand-written rules of ValidateService (ports, type-specific fields, cluster IPs and IP
// families, external IPs, source ranges, traffic policies, session affinity), over the object after
// SetDefaults_Service. Rules whose outcome hangs on a default this folder does not apply (externalTrafficPolicy,
// internalTrafficPolicy and allocateLoadBalancerNodePorts are defaulted where required; a sessionAffinityConfig
// beside sessionAffinity None is dropped) only judge what is written. Duplicate ports and duplicate port names
// are field-rule-table.ts's LIST_KEYS rows. trafficDistribution: PreferClose at the commit below; PreferSameZone and
// PreferSameNode are the values the PreferSameTrafficDistribution gate adds (its summary in gates.json).
import { at, type KindRule, type Say } from './rule-types';
import { isSet, itemOf, list, num, obj, objs, str, type Obj } from './object-view';
import { briefFormatProblem } from '../declarative-formats';
import { cidrProblem, ipProblem, isIpv6, parseIp, specialIp } from './ip';
import { goNetString, IP_VALIDATION, KEP_4858, legacyIp, parseCidrSloppy, STRICT_OFF, STRICT_ON, strictCidrProblem } from './ip-legacy';

const CORE = at('pkg/apis/core/validation/validation.go', '000f26050b9be6fb3d79fae95e06b47fc96128cd');
const SERVICE_UTIL = at('pkg/api/service/util.go', '3e946ab8615ca0b9de60ac12de715f0606bdaecb');
const SERVICE = ['/Service'];
/** The values validateServiceTrafficDistribution accepts with PreferSameTrafficDistribution on. */
const TRAFFIC_DISTRIBUTIONS = ['PreferClose', 'PreferSameZone', 'PreferSameNode'];

function spec(o: Obj): Obj {
  return obj(o['spec']) ?? {};
}

function type(o: Obj): string {
  return str(spec(o)['type']) ?? 'ClusterIP';
}

/** The cluster IPs as the create strategy leaves them: clusterIPs, else [clusterIP] when that is set. */
function clusterIPs(o: Obj): string[] {
  const s = spec(o);
  const ips = list(s['clusterIPs']).map((v) => (typeof v === 'string' ? v : String(v)));
  if (ips.length > 0) return ips;
  const one = str(s['clusterIP']);
  return one ? [one] : [];
}

function headless(o: Obj): boolean {
  const ips = clusterIPs(o);
  return ips.length === 1 && ips[0] === 'None';
}

/** ExternallyAccessible: LoadBalancer, NodePort, or ClusterIP with external IPs. */
function externallyAccessible(o: Obj): boolean {
  const t = type(o);
  return t === 'LoadBalancer' || t === 'NodePort' || (t === 'ClusterIP' && list(spec(o)['externalIPs']).length > 0);
}

function port(p: number | undefined): boolean {
  return p !== undefined && Number.isInteger(p) && p >= 1 && p <= 65535;
}

function onlyFor(say: Say, o: Obj, field: string, path: string, wanted: string): void {
  if (!isSet(spec(o)[field]) || type(o) === wanted) return;
  say.reject(path, `${field} may only be set on a Service of type ${wanted}, not ${type(o)}`, `Remove ${field}, or use type: ${wanted}.`);
}

export const SERVICE_RULES: readonly KindRule[] = [
  {
    rule: 'servicePorts',
    kinds: SERVICE,
    source: CORE('ValidateService (spec.ports required unless headless or ExternalName)'),
    check(o, say) {
      if (list(spec(o)['ports']).length > 0 || headless(o) || type(o) === 'ExternalName') return;
      say.missing('spec.ports', 'a Service needs at least one port (unless it is headless or of type ExternalName)', 'Add spec.ports with at least one port, e.g. - port: 80.');
    },
  },
  {
    rule: 'servicePortName',
    kinds: SERVICE,
    source: CORE('validateServicePort (name required when there are several ports; a DNS-1123 label)'),
    check(o, say) {
      const ports = objs(spec(o)['ports']);
      const several = list(spec(o)['ports']).length > 1;
      for (const [p, i] of ports) {
        const path = `${itemOf('spec.ports', i)}.name`;
        const name = p['name'];
        if (name === undefined || name === null || name === '') {
          if (several) say.missing(path, 'each port of a Service with several ports needs a name', 'Name every port, e.g. name: http.');
          continue;
        }
        const bad = typeof name === 'string' ? briefFormatProblem('k8s-short-name', name) : undefined;
        if (bad) say.reject(path, `port name "${String(name)}" ${bad}`, 'Use a lower-case name such as http or metrics.', { value: name });
      }
    },
  },
  {
    rule: 'servicePortNumber',
    kinds: SERVICE,
    source: CORE('validateServicePort (IsValidPortNum: port 1-65535)'),
    check(o, say) {
      for (const [p, i] of objs(spec(o)['ports'])) {
        const n = num(p['port']);
        if (n === undefined || port(n)) continue;
        say.reject(`${itemOf('spec.ports', i)}.port`, `port ${n} is not between 1 and 65535`, 'Use a port number from 1 to 65535.', { value: n });
      }
    },
  },
  {
    rule: 'serviceAppProtocol',
    kinds: SERVICE,
    source: CORE('validateServicePort (appProtocol: ValidateQualifiedName)'),
    check(o, say) {
      for (const [p, i] of objs(spec(o)['ports'])) {
        const v = str(p['appProtocol']);
        if (v === undefined) continue;
        const bad = v === '' ? 'is empty' : briefFormatProblem('k8s-label-key', v);
        if (bad) say.reject(`${itemOf('spec.ports', i)}.appProtocol`, `appProtocol "${v}" ${bad}`, 'Use an IANA service name (http, https, h2c) or a prefixed name such as example.com/proto.', { value: v });
      }
    },
  },
  {
    rule: 'serviceNodePort',
    kinds: SERVICE,
    source: CORE('ValidateService (nodePort forbidden for type ClusterIP; (protocol, nodePort) unique)'),
    check(o, say) {
      const seen = new Set<string>();
      const clusterIP = type(o) === 'ClusterIP';
      for (const [p, i] of objs(spec(o)['ports'])) {
        const n = num(p['nodePort']) ?? 0;
        if (n === 0) continue;
        const path = `${itemOf('spec.ports', i)}.nodePort`;
        if (clusterIP) say.reject(path, 'nodePort may not be set on a Service of type ClusterIP', 'Remove nodePort, or use type: NodePort or LoadBalancer.', { value: n });
        const key = `${str(p['protocol']) ?? 'TCP'}/${n}`;
        if (seen.has(key)) say.reject(path, `nodePort ${n} is used by an earlier port with the same protocol`, 'Give each port its own nodePort, or leave nodePort out to have one allocated.', { value: n });
        seen.add(key);
      }
    },
  },
  {
    rule: 'serviceHeadlessType',
    kinds: SERVICE,
    source: CORE('ValidateService (clusterIP None not allowed for LoadBalancer and NodePort)'),
    check(o, say) {
      const t = type(o);
      if ((t !== 'LoadBalancer' && t !== 'NodePort') || !headless(o)) return;
      say.reject('spec.clusterIPs[0]', `a Service of type ${t} may not be headless (clusterIP: None)`, 'Remove clusterIP: None, or use type: ClusterIP for a headless Service.');
    },
  },
  {
    rule: 'serviceExternalName',
    kinds: SERVICE,
    source: CORE('ValidateService (ExternalName: externalName required and a DNS-1123 subdomain; no clusterIPs, ipFamilies, ipFamilyPolicy)'),
    check(o, say) {
      if (type(o) !== 'ExternalName') return;
      const s = spec(o);
      if (clusterIPs(o).length > 0) say.reject(isSet(s['clusterIPs']) ? 'spec.clusterIPs' : 'spec.clusterIP', 'a Service of type ExternalName may not set a cluster IP', 'Remove clusterIP and clusterIPs.');
      if (list(s['ipFamilies']).length > 0) say.reject('spec.ipFamilies', 'a Service of type ExternalName may not set ipFamilies', 'Remove ipFamilies.');
      if (isSet(s['ipFamilyPolicy'])) say.reject('spec.ipFamilyPolicy', 'a Service of type ExternalName may not set ipFamilyPolicy', 'Remove ipFamilyPolicy.');
      const raw = s['externalName'];
      const name = (typeof raw === 'string' ? raw : '').replace(/\.$/, '');
      if (name === '') {
        say.missing('spec.externalName', 'a Service of type ExternalName needs externalName', 'Set externalName to the DNS name to alias, e.g. db.example.com.');
        return;
      }
      const bad = briefFormatProblem('k8s-long-name', name);
      if (bad) say.reject('spec.externalName', `externalName "${name}" ${bad}`, 'Use a DNS name such as db.example.com (no "_" or upper-case letters).', { value: name });
    },
  },
  {
    rule: 'serviceClusterIPs',
    kinds: SERVICE,
    source: [
      CORE('ValidateServiceClusterIPsRelatedFields (clusterIP matches clusterIPs[0]; valid IPs; None alone; at most 2, one per family; families unique and matching the IPs)'),
      IP_VALIDATION('IsValidIPForLegacyField → parseIP (strict: no leading zeros, no IPv4-mapped IPv6)'),
      KEP_4858,
    ],
    check(o, say) {
      if (type(o) === 'ExternalName') return;
      const s = spec(o);
      const one = str(s['clusterIP']);
      const ips = list(s['clusterIPs']).map((v) => (typeof v === 'string' ? v : String(v)));
      if (one && ips.length > 0 && ips[0] !== one) say.reject('spec.clusterIPs', `clusterIPs[0] (${ips[0]}) must equal clusterIP (${one})`, 'Make clusterIPs start with the clusterIP value, or set only one of them.');
      const families = list(s['ipFamilies']);
      const seen = new Set<string>();
      families.forEach((f, i) => {
        if (typeof f !== 'string') return;
        if (seen.has(f)) say.reject(itemOf('spec.ipFamilies', i), `ipFamilies lists ${f} twice`, 'List each IP family once (at most IPv4 and IPv6).', { value: f });
        seen.add(f);
      });
      const all = clusterIPs(o);
      let bad = false;
      // With StrictIPCIDRValidation on, a legacy spelling is an invalid IP: the checks after the loop are skipped.
      let strictBad = false;
      all.forEach((ip, i) => {
        if (i === 0 && ip === 'None') {
          if (all.length > 1) {
            bad = true;
            say.reject('spec.clusterIPs', '"None" must be the only cluster IP of a headless Service', 'Use clusterIPs: [None] alone, or list real addresses.');
          }
          return;
        }
        const problem = ipProblem(ip);
        if (problem) {
          bad = true;
          say.reject(isSet(s['clusterIPs']) ? itemOf('spec.clusterIPs', i) : 'spec.clusterIP', `cluster IP ${problem}`, 'Use an IP address from the cluster\'s service range, "None", or leave it out to have one allocated.', { value: ip });
          return;
        }
        const legacy = legacyIp(ip);
        if (!legacy) return;
        strictBad = true;
        say.reject(isSet(s['clusterIPs']) ? itemOf('spec.clusterIPs', i) : 'spec.clusterIP', `cluster IP ${ip} ${legacy.problem}`, `Write ${legacy.preferred}.`, { value: ip, ...STRICT_ON });
      });
      const later = strictBad ? STRICT_OFF : {};
      if (all.length > 2) say.reject('spec.clusterIPs', `clusterIPs holds ${all.length} addresses; at most 2 (one IPv4, one IPv6)`, 'Keep at most one IPv4 and one IPv6 address.');
      if (bad) return;
      if (all.length === 2 && parseIp(all[0] as string) && isIpv6(all[0] as string) === isIpv6(all[1] as string)) {
        say.reject('spec.clusterIPs', 'clusterIPs holds two addresses of the same IP family', 'Give one IPv4 and one IPv6 address, or only one address.', later);
      }
      if (headless(o)) return;
      all.forEach((ip, i) => {
        const family = families[i];
        if (family !== 'IPv4' && family !== 'IPv6') return;
        if ((family === 'IPv6') === isIpv6(ip)) return;
        say.reject(isSet(s['clusterIPs']) ? itemOf('spec.clusterIPs', i) : 'spec.clusterIP', `cluster IP ${ip} is not an ${family} address, as ipFamilies[${i}] says`, 'Make ipFamilies list the families of clusterIPs in the same order.', { value: ip, ...later });
      });
    },
  },
  {
    rule: 'serviceExternalIPs',
    kinds: SERVICE,
    source: [
      CORE('ValidateService (externalIPs: IsValidIP, then ValidateNonSpecialIP)'),
      IP_VALIDATION('IsValidIPForLegacyField → parseIP (strict: no leading zeros, no IPv4-mapped IPv6)'),
    ],
    check(o, say) {
      list(spec(o)['externalIPs']).forEach((v, i) => {
        if (typeof v !== 'string') return;
        const path = itemOf('spec.externalIPs', i);
        const problem = ipProblem(v);
        if (problem) {
          say.reject(path, `external IP ${problem}`, 'Use an IP address that routes to a node, e.g. 203.0.113.10.', { value: v });
          return;
        }
        // A legacy spelling is refused with the strict gate on; with it off the special-range check reads it.
        const legacy = legacyIp(v);
        if (legacy) say.reject(path, `external IP ${v} ${legacy.problem}`, `Write ${legacy.preferred}.`, { value: v, ...STRICT_ON });
        const special = specialIp(v);
        if (special) say.reject(path, `external IP ${v} is ${special}`, 'Use an ordinary unicast address.', { value: v, ...(legacy ? STRICT_OFF : {}) });
      });
    },
  },
  {
    rule: 'serviceSourceRanges',
    kinds: SERVICE,
    source: [
      CORE('ValidateService (loadBalancerSourceRanges and its annotation: type LoadBalancer only; each IsValidCIDR)'),
      IP_VALIDATION('IsValidCIDRForLegacyField → parseCIDR (strict: no leading zeros, no IPv4-mapped IPv6, no bits beyond the prefix)'),
    ],
    check(o, say) {
      const ranges = list(spec(o)['loadBalancerSourceRanges']);
      const lb = type(o) === 'LoadBalancer';
      if (ranges.length > 0) {
        // Upstream names this path with a capital L.
        if (!lb) say.reject('spec.LoadBalancerSourceRanges', `loadBalancerSourceRanges may only be set on a Service of type LoadBalancer, not ${type(o)}`, 'Remove loadBalancerSourceRanges, or use type: LoadBalancer.');
        ranges.forEach((v, i) => {
          if (typeof v !== 'string') return;
          const problem = cidrProblem(v.trim());
          if (problem) say.reject(itemOf('spec.LoadBalancerSourceRanges', i), `source range ${problem}`, 'Write each range as address/prefix, e.g. 10.0.0.0/8.', { value: v });
          const strict = problem ? undefined : strictCidrProblem(v.trim());
          const c = strict ? parseCidrSloppy(v.trim()) : undefined;
          if (strict && c) say.reject(itemOf('spec.LoadBalancerSourceRanges', i), `source range ${v.trim()} ${strict}`, `Write ${goNetString(c)}.`, { value: v, ...STRICT_ON });
        });
        return;
      }
      const key = 'service.beta.kubernetes.io/load-balancer-source-ranges';
      const annotation = str(obj(obj(o['metadata'])?.['annotations'])?.[key]);
      if (annotation === undefined) return;
      const path = `metadata.annotations[${key}]`;
      if (!lb) say.reject(path, `the ${key} annotation may only be set on a Service of type LoadBalancer`, 'Remove the annotation, or use type: LoadBalancer.');
      if (annotation.trim() === '') return;
      for (const part of annotation.split(',')) {
        const problem = cidrProblem(part.trim());
        if (problem) say.reject(path, `source range ${problem}`, 'Write a comma-separated list of address/prefix ranges, e.g. 10.0.0.0/8,192.168.0.0/16.', { value: part.trim() });
      }
    },
  },
  {
    rule: 'serviceLoadBalancerFields',
    kinds: SERVICE,
    source: CORE('ValidateService (allocateLoadBalancerNodePorts) / validateLoadBalancerClassField (type LoadBalancer only; loadBalancerClass a qualified name)'),
    check(o, say) {
      onlyFor(say, o, 'allocateLoadBalancerNodePorts', 'spec.allocateLoadBalancerNodePorts', 'LoadBalancer');
      onlyFor(say, o, 'loadBalancerClass', 'spec.loadBalancerClass', 'LoadBalancer');
      const cls = str(spec(o)['loadBalancerClass']);
      if (cls === undefined || type(o) !== 'LoadBalancer') return;
      const bad = cls === '' ? 'is empty' : briefFormatProblem('k8s-label-key', cls);
      if (bad) say.reject('spec.loadBalancerClass', `loadBalancerClass "${cls}" ${bad}`, 'Use a prefixed name such as example.com/internal-vip.', { value: cls });
    },
  },
  {
    rule: 'serviceTrafficPolicy',
    kinds: SERVICE,
    source: [
      CORE('validateServiceExternalTrafficPolicy (externalTrafficPolicy only when externally accessible; healthCheckNodePort only for LoadBalancer with Local, then 1-65535)'),
      SERVICE_UTIL('ExternallyAccessible / NeedsHealthCheck'),
    ],
    check(o, say) {
      const s = spec(o);
      const policy = str(s['externalTrafficPolicy']);
      if (policy && !externallyAccessible(o)) {
        say.reject('spec.externalTrafficPolicy', `externalTrafficPolicy needs a NodePort or LoadBalancer Service (or externalIPs), not ${type(o)}`, 'Remove externalTrafficPolicy, or use type: NodePort or LoadBalancer.', { value: policy });
      }
      const health = num(s['healthCheckNodePort']) ?? 0;
      if (health === 0) return;
      const needs = type(o) === 'LoadBalancer' && policy === 'Local';
      if (!needs) say.reject('spec.healthCheckNodePort', 'healthCheckNodePort may only be set on a LoadBalancer Service with externalTrafficPolicy Local', 'Remove healthCheckNodePort, or set type: LoadBalancer and externalTrafficPolicy: Local.', { value: health });
      else if (!port(health)) say.reject('spec.healthCheckNodePort', `healthCheckNodePort ${health} is not between 1 and 65535`, 'Use a port number from 1 to 65535, or leave it out to have one allocated.', { value: health });
    },
  },
  {
    rule: 'serviceSessionAffinity',
    kinds: SERVICE,
    source: CORE('validateClientIPAffinityConfig → validateAffinityTimeout (timeoutSeconds above 0)'),
    check(o, say) {
      const s = spec(o);
      if (str(s['sessionAffinity']) !== 'ClientIP') return;
      const timeout = num(obj(obj(s['sessionAffinityConfig'])?.['clientIP'])?.['timeoutSeconds']);
      if (timeout === undefined || timeout > 0) return;
      say.reject('spec.sessionAffinityConfig.clientIP.timeoutSeconds', `timeoutSeconds ${timeout} must be above 0`, 'Use a positive number of seconds, or leave timeoutSeconds out (it defaults to 10800).', { value: timeout });
    },
  },
  {
    rule: 'serviceTopologyAnnotations',
    kinds: SERVICE,
    source: CORE('ValidateService (topology-mode annotation must equal the topology-aware-hints annotation when both are set)'),
    check(o, say) {
      const annotations = obj(obj(o['metadata'])?.['annotations']) ?? {};
      const mode = annotations['service.kubernetes.io/topology-mode'];
      const hints = annotations['service.kubernetes.io/topology-aware-hints'];
      if (typeof mode !== 'string' || typeof hints !== 'string' || mode === hints) return;
      say.reject(
        'metadata.annotations[service.kubernetes.io/topology-mode]',
        `the topology-mode annotation (${mode}) differs from the deprecated topology-aware-hints annotation (${hints})`,
        'Remove service.kubernetes.io/topology-aware-hints, or give both the same value.',
      );
    },
  },
  {
    rule: 'serviceTrafficDistribution',
    kinds: SERVICE,
    source: CORE('validateServiceTrafficDistribution (NotSupported; PreferSameZone and PreferSameNode join PreferClose with the PreferSameTrafficDistribution gate, on in 1.34 and GA from 1.35 per gates.json)'),
    check(o, say) {
      const td = str(spec(o)['trafficDistribution']);
      if (td === undefined || TRAFFIC_DISTRIBUTIONS.includes(td)) return;
      say.reject('spec.trafficDistribution', `trafficDistribution "${td}" is not supported`, `Use one of ${TRAFFIC_DISTRIBUTIONS.join(', ')}.`, { value: td, allowed: TRAFFIC_DISTRIBUTIONS });
    },
  },
];
