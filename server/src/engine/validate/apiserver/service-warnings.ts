// core/v1 Service: the warning headers of GetWarningsForService (the server stores the Service and answers with a
// warning), over the object after SetDefaults_Service. The IP and CIDR spelling warnings (GetWarningsForIP /
// GetWarningsForCIDR): the IPv6 canonical-form one is the same whether StrictIPCIDRValidation is on or off. Leading
// zeros, IPv4-mapped IPv6 and CIDRs with bits beyond the prefix in clusterIPs, externalIPs and
// loadBalancerSourceRanges are warnings only with that gate off (service.ts refuses them with it on; the gate step
// keeps the one that holds for the file's gates, else the version's default in gates.json). loadBalancerIP is not
// among the fields strict validation covers (KEP-4858's list), so its warning holds either way.
import { at, type KindRule } from './rule-types';
import { itemOf, list, obj, str, type Obj } from './object-view';
import { nonCanonicalIpv6, nonCanonicalIpv6Cidr } from './ip';
import { cidrWarnings, KEP_4858, legacyIp, STRICT_OFF } from './ip-legacy';

const WARNINGS = at('pkg/api/service/warnings.go', '02c2bf6a935c43e363754d4d901e6f92db4cd82d');
const IP_WARNINGS = at('staging/src/k8s.io/apimachinery/pkg/util/validation/ip.go', '692785d25b688f83db14c20f26d0b99e2e99adb8');
const SERVICE = ['/Service'];
const HINTS = 'service.kubernetes.io/topology-aware-hints';

function spec(o: Obj): Obj {
  return obj(o['spec']) ?? {};
}

function type(o: Obj): string {
  return str(spec(o)['type']) ?? 'ClusterIP';
}

/** isHeadlessService: type ClusterIP with clusterIP None. */
function headless(o: Obj): boolean {
  return type(o) === 'ClusterIP' && str(spec(o)['clusterIP']) === 'None';
}

export const SERVICE_WARNING_RULES: readonly KindRule[] = [
  {
    rule: 'serviceTopologyHintsAnnotation',
    kinds: SERVICE,
    source: WARNINGS('GetWarningsForService (DeprecatedAnnotationTopologyAwareHints)'),
    check(o, say) {
      const annotations = obj(obj(o['metadata'])?.['annotations']) ?? {};
      if (!(HINTS in annotations)) return;
      say.warn(`metadata.annotations[${HINTS}]`, `annotation ${HINTS} is deprecated`, 'Use the service.kubernetes.io/topology-mode annotation instead.');
    },
  },
  {
    rule: 'serviceHeadlessIgnored',
    kinds: SERVICE,
    source: WARNINGS('GetWarningsForService (isHeadlessService: loadBalancerIP, externalIPs, sessionAffinity ignored)'),
    check(o, say) {
      if (!headless(o)) return;
      const s = spec(o);
      if ((str(s['loadBalancerIP']) ?? '') !== '') say.warn('spec.loadBalancerIP', 'loadBalancerIP is ignored on a headless Service', 'Remove loadBalancerIP, or give the Service a cluster IP.');
      if (list(s['externalIPs']).length > 0) say.warn('spec.externalIPs', 'externalIPs is ignored on a headless Service', 'Remove externalIPs, or give the Service a cluster IP.');
      const affinity = str(s['sessionAffinity']);
      if (affinity !== undefined && affinity !== 'None') {
        say.warn('spec.sessionAffinity', `sessionAffinity ${affinity} is ignored on a headless Service`, 'Remove sessionAffinity, or give the Service a cluster IP.');
      }
    },
  },
  {
    rule: 'serviceExternalIPsDeprecated',
    kinds: SERVICE,
    source: WARNINGS('GetWarningsForService (externalIPs deprecated, unless headless or ExternalName)'),
    check(o, say) {
      if (list(spec(o)['externalIPs']).length === 0 || headless(o) || type(o) === 'ExternalName') return;
      say.warn('spec.externalIPs', 'externalIPs is deprecated and some clusters no longer implement it', 'Expose the Service with type LoadBalancer or NodePort, or an Ingress or Gateway, instead.');
    },
  },
  {
    rule: 'serviceIgnoredByType',
    kinds: SERVICE,
    source: WARNINGS('GetWarningsForService (externalIPs ignored for ExternalName; externalName ignored for other types)'),
    check(o, say) {
      const s = spec(o);
      if (type(o) === 'ExternalName' && list(s['externalIPs']).length > 0) {
        say.warn('spec.externalIPs', 'externalIPs is ignored on a Service of type ExternalName', 'Remove externalIPs.');
      }
      if (type(o) !== 'ExternalName' && (str(s['externalName']) ?? '') !== '') {
        say.warn('spec.externalName', `externalName is ignored on a Service of type ${type(o)}`, 'Remove externalName, or set type: ExternalName.');
      }
    },
  },
  {
    rule: 'serviceIpv6Canonical',
    kinds: SERVICE,
    source: [WARNINGS('GetWarningsForService (clusterIPs, externalIPs, loadBalancerIP, loadBalancerSourceRanges)'), IP_WARNINGS('GetWarningsForIP / GetWarningsForCIDR (IPv6 not in RFC 5952 form)')],
    check(o, say) {
      const s = spec(o);
      const ips = (path: string, values: unknown[]) =>
        values.forEach((v, i) => {
          if (typeof v !== 'string') return;
          const canonical = nonCanonicalIpv6(v);
          if (canonical) say.warn(itemOf(path, i), `IPv6 address ${v} is not in RFC 5952 form (${canonical})`, `Write ${canonical}.`, { value: v, canonical });
        });
      // IsServiceIPSet: clusterIP set and not None; the create strategy copies clusterIP into clusterIPs.
      const written = list(s['clusterIPs']);
      const clusterIP = str(s['clusterIP']) ?? (typeof written[0] === 'string' ? written[0] : '');
      if (clusterIP !== '' && clusterIP !== 'None') ips('spec.clusterIPs', written.length > 0 ? written : [clusterIP]);
      ips('spec.externalIPs', list(s['externalIPs']));
      const lb = str(s['loadBalancerIP']);
      const lbCanonical = lb ? nonCanonicalIpv6(lb) : undefined;
      if (lbCanonical) say.warn('spec.loadBalancerIP', `IPv6 address ${lb} is not in RFC 5952 form (${lbCanonical})`, `Write ${lbCanonical}.`, { value: lb, canonical: lbCanonical });
      list(s['loadBalancerSourceRanges']).forEach((v, i) => {
        if (typeof v !== 'string') return;
        const canonical = nonCanonicalIpv6Cidr(v);
        if (canonical) say.warn(itemOf('spec.loadBalancerSourceRanges', i), `IPv6 CIDR ${v} is not in RFC 5952 form (${canonical})`, `Write ${canonical}.`, { value: v, canonical });
      });
    },
  },
  {
    rule: 'serviceIpLegacySpelling',
    kinds: SERVICE,
    source: [
      WARNINGS('GetWarningsForService (clusterIPs, externalIPs, loadBalancerIP, loadBalancerSourceRanges)'),
      IP_WARNINGS('GetWarningsForIP / GetWarningsForCIDR (leading zeros, IPv4-mapped IPv6, bits beyond the prefix)'),
      KEP_4858,
    ],
    check(o, say) {
      const s = spec(o);
      const ip = (path: string, v: unknown, what: string, gated: boolean) => {
        if (typeof v !== 'string') return;
        const legacy = legacyIp(v);
        if (!legacy) return;
        const message = `${what} ${v} ${legacy.problem}; a later release refuses it`;
        say.warn(path, message, `Write ${legacy.preferred}.`, { value: v, preferred: legacy.preferred, ...(gated ? STRICT_OFF : {}) });
      };
      const written = list(s['clusterIPs']);
      const clusterIP = str(s['clusterIP']) ?? (typeof written[0] === 'string' ? written[0] : '');
      if (clusterIP !== '' && clusterIP !== 'None') (written.length > 0 ? written : [clusterIP]).forEach((v, i) => ip(itemOf('spec.clusterIPs', i), v, 'cluster IP', true));
      list(s['externalIPs']).forEach((v, i) => ip(itemOf('spec.externalIPs', i), v, 'external IP', true));
      ip('spec.loadBalancerIP', s['loadBalancerIP'], 'loadBalancerIP', false);
      list(s['loadBalancerSourceRanges']).forEach((v, i) => {
        if (typeof v !== 'string') return;
        const path = itemOf('spec.loadBalancerSourceRanges', i);
        for (const w of cidrWarnings(v)) {
          if (w.kind === 'ambiguous') {
            say.warn(path, `source range ${v} has bits set beyond the prefix length`, `Write ${w.network} for the range, or ${w.single} for one address.`, { value: v, ...STRICT_OFF });
          } else {
            say.warn(path, `source range ${v} ${w.problem}; a later release refuses it`, `Write ${w.preferred}.`, { value: v, preferred: w.preferred, ...STRICT_OFF });
          }
        }
      });
    },
  },
  {
    rule: 'serviceTrafficDistributionPreferClose',
    kinds: SERVICE,
    source: WARNINGS('GetWarningsForService (trafficDistribution PreferClose deprecated)'),
    check(o, say) {
      if (str(spec(o)['trafficDistribution']) !== 'PreferClose') return;
      say.warn('spec.trafficDistribution', 'trafficDistribution PreferClose is deprecated', 'Use trafficDistribution: PreferSameZone instead.');
    },
  },
];
