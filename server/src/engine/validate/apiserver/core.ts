// core/v1 kinds other than the pod spec: the hand-written rules of ValidateService (and validateServicePort,
// validateServiceExternalTrafficPolicy) and ValidateSecret over the defaulted object (SetDefaults_Service: type
// ClusterIP, protocol TCP, targetPort = port; SetDefaults_Secret: type Opaque).
import { at, type KindRule } from './rule-types';
import { fieldOf, isSet, itemOf, list, num, obj, objs, specOf, str, type Obj } from './object-view';

const CORE = at('pkg/apis/core/validation/validation.go', '000f26050b9be6fb3d79fae95e06b47fc96128cd');

/** isHeadlessService: the first cluster IP is "None" (the strategy copies clusterIP into clusterIPs). */
function headless(s: Obj): boolean {
  const first = str(list(s['clusterIPs'])[0]) ?? str(s['clusterIP']);
  return first === 'None';
}

function type(s: Obj): string {
  return str(s['type']) ?? 'ClusterIP';
}

/** apiservice.ExternallyAccessible: LoadBalancer, NodePort, or ClusterIP with external IPs. */
function externallyAccessible(s: Obj): boolean {
  const t = type(s);
  return t === 'LoadBalancer' || t === 'NodePort' || (t === 'ClusterIP' && list(s['externalIPs']).length > 0);
}

const SERVICE = ['/Service'];
const SERVICE_TYPES = ['ClusterIP', 'NodePort', 'LoadBalancer', 'ExternalName'];

/** The keys a Secret of each type must hold (ValidateSecret); `anyOf`: at least one of them. */
const SECRET_KEYS: Record<string, { keys: string[]; anyOf?: true; nonEmpty?: true }> = {
  'kubernetes.io/dockercfg': { keys: ['.dockercfg'] },
  'kubernetes.io/dockerconfigjson': { keys: ['.dockerconfigjson'] },
  'kubernetes.io/basic-auth': { keys: ['username', 'password'], anyOf: true },
  'kubernetes.io/ssh-auth': { keys: ['ssh-privatekey'], nonEmpty: true },
  'kubernetes.io/tls': { keys: ['tls.crt', 'tls.key'] },
};

export const CORE_RULES: readonly KindRule[] = [
  {
    rule: 'servicePorts',
    kinds: SERVICE,
    source: CORE('ValidateService (ports required unless headless or ExternalName)'),
    check(o, say) {
      const s = specOf(o);
      // A type the API server does not know is the enum check's finding; the port rule is not piled on it.
      if (!SERVICE_TYPES.includes(type(s)) || list(s['ports']).length > 0 || headless(s) || type(s) === 'ExternalName') return;
      say.reject('spec.ports', `a ${type(s)} Service needs at least one port`, 'Add a port, or make the Service headless (clusterIP: None).');
    },
  },
  {
    rule: 'servicePortName',
    kinds: SERVICE,
    source: CORE('validateServicePort (name required when there is more than one port)'),
    check(o, say) {
      const ports = objs(specOf(o)['ports']);
      if (ports.length < 2) return;
      for (const [port, i] of ports) {
        if ((str(port['name']) ?? '') !== '') continue;
        say.reject(itemOf('spec.ports', i) + '.name', `port ${i + 1} has no name; a Service with several ports must name each`, 'Give each port a unique name, e.g. http, https.');
      }
    },
  },
  {
    rule: 'servicePortNumber',
    kinds: SERVICE,
    source: CORE('validateServicePort (IsValidPortNum on port)'),
    check(o, say) {
      for (const [port, i] of objs(specOf(o)['ports'])) {
        const n = num(port['port']);
        if (n === undefined || (Number.isInteger(n) && n >= 1 && n <= 65535)) continue;
        say.reject(itemOf('spec.ports', i) + '.port', `port ${n} is not a port number (1 to 65535)`, 'Use a port number from 1 to 65535.', { value: n });
      }
    },
  },
  {
    rule: 'serviceHeadlessType',
    kinds: SERVICE,
    source: CORE('ValidateService (clusterIP None "may not be set to \'None\' for LoadBalancer / NodePort services")'),
    check(o, say) {
      const s = specOf(o);
      if (!headless(s) || (type(s) !== 'LoadBalancer' && type(s) !== 'NodePort')) return;
      const path = isSet(s['clusterIPs']) ? 'spec.clusterIPs[0]' : 'spec.clusterIP';
      say.reject(path, `a ${type(s)} Service cannot be headless (clusterIP: None)`, 'Remove clusterIP: None, or use type ClusterIP.');
    },
  },
  {
    rule: 'serviceExternalName',
    kinds: SERVICE,
    source: CORE('ValidateService (ExternalName: externalName required; clusterIPs, ipFamilies, ipFamilyPolicy forbidden)'),
    check(o, say) {
      const s = specOf(o);
      if (type(s) !== 'ExternalName') return;
      if ((str(s['externalName']) ?? '').replace(/\.$/, '') === '') say.reject('spec.externalName', 'an ExternalName Service needs externalName', 'Set externalName to the DNS name to alias, e.g. db.example.com.');
      for (const field of ['clusterIPs', 'ipFamilies', 'ipFamilyPolicy']) {
        const v = s[field];
        if (!isSet(v) || (Array.isArray(v) && v.length === 0)) continue;
        say.reject(`spec.${field}`, `an ExternalName Service may not set ${field}`, `Remove ${field}.`);
      }
      const clusterIP = str(s['clusterIP']);
      if (!isSet(s['clusterIPs']) && clusterIP !== undefined && clusterIP !== '') say.reject('spec.clusterIPs', 'an ExternalName Service may not set clusterIP', 'Remove clusterIP.');
    },
  },
  {
    rule: 'serviceNodePort',
    kinds: SERVICE,
    source: CORE('ValidateService (nodePort "may not be used when `type` is \'ClusterIP\'"; duplicate nodePort per protocol)'),
    check(o, say) {
      const s = specOf(o);
      const seen = new Set<string>();
      for (const [port, i] of objs(s['ports'])) {
        const node = num(port['nodePort']) ?? 0;
        if (node === 0) continue;
        const path = itemOf('spec.ports', i) + '.nodePort';
        if (type(s) === 'ClusterIP') say.reject(path, 'nodePort may not be set on a ClusterIP Service', 'Remove nodePort, or use type NodePort or LoadBalancer.');
        const key = `${str(port['protocol']) ?? 'TCP'}/${node}`;
        if (seen.has(key)) say.reject(path, `nodePort ${node} is used twice`, 'Give each port its own nodePort, or leave nodePort out to have one allocated.', { value: node });
        seen.add(key);
      }
    },
  },
  {
    rule: 'serviceLoadBalancerOnly',
    kinds: SERVICE,
    source: CORE('ValidateService (loadBalancerSourceRanges and allocateLoadBalancerNodePorts "may only be used when `type` is \'LoadBalancer\'")'),
    check(o, say) {
      const s = specOf(o);
      if (type(s) === 'LoadBalancer') return;
      if (list(s['loadBalancerSourceRanges']).length > 0) say.reject('spec.LoadBalancerSourceRanges', 'loadBalancerSourceRanges applies only to a LoadBalancer Service', 'Remove it, or use type LoadBalancer.');
      if (isSet(s['allocateLoadBalancerNodePorts'])) say.reject('spec.allocateLoadBalancerNodePorts', 'allocateLoadBalancerNodePorts applies only to a LoadBalancer Service', 'Remove it, or use type LoadBalancer.');
    },
  },
  {
    rule: 'serviceExternalTrafficPolicy',
    kinds: SERVICE,
    source: CORE('validateServiceExternalTrafficPolicy ("may only be set for externally-accessible services")'),
    check(o, say) {
      const s = specOf(o);
      if ((str(s['externalTrafficPolicy']) ?? '') === '' || externallyAccessible(s)) return;
      say.reject('spec.externalTrafficPolicy', 'externalTrafficPolicy applies only to NodePort, LoadBalancer or externalIPs Services', 'Remove externalTrafficPolicy, or make the Service reachable from outside.');
    },
  },
  {
    rule: 'secretTypeKeys',
    kinds: ['/Secret'],
    source: CORE('ValidateSecret (the keys each type requires: docker config, basic and SSH auth, TLS)'),
    check(o, say) {
      const type = str(o['type']) ?? '';
      const need = SECRET_KEYS[type];
      if (!need) return;
      // Keys of stringData count as well: they are data keys by the time the Secret is validated.
      const have = { ...(obj(o['data']) ?? {}), ...(obj(o['stringData']) ?? {}) };
      const present = (k: string) => have[k] !== undefined && (!need.nonEmpty || (str(have[k]) ?? '') !== '');
      const missing = need.keys.filter((k) => !present(k));
      if (missing.length === 0 || (need.anyOf && missing.length < need.keys.length)) return;
      for (const key of missing) {
        say.reject(fieldOf('data', key), `a ${type} Secret needs the key ${key}`, `Add ${key} under data (base64) or stringData.`, { key });
      }
    },
  },
];
