// The IP and CIDR spellings that only the legacy parsers take (netutils.ParseIPSloppy / ParseCIDRSloppy, Go 1.16's
// net package kept for stored values), and Go's net.IPNet arithmetic over them. kube-apiserver validates the legacy
// API fields (Service clusterIPs, externalIPs, loadBalancerSourceRanges; NetworkPolicy ipBlock) with the sloppy
// parser; with the StrictIPCIDRValidation gate on it also refuses what netip would not read (leading zeros), IPv4-mapped
// IPv6 and CIDRs with bits beyond the prefix; with it off, GetWarningsForIP / GetWarningsForCIDR warn about them.
// Source: kubernetes/kubernetes staging/src/k8s.io/apimachinery/pkg/util/validation/ip.go at the commit the rules
// name (parseIP, parseCIDR, GetWarningsForIP, GetWarningsForCIDR).
import { formatIp, isIpv4Mapped, parseIp } from './ip';
import { at, whenGate } from './rule-types';

/** The source rows of the strict checks and the warnings. */
export const IP_VALIDATION = at('staging/src/k8s.io/apimachinery/pkg/util/validation/ip.go', '692785d25b688f83db14c20f26d0b99e2e99adb8');
/** `data.when` of a finding that holds with StrictIPCIDRValidation on (the field is refused) or off (the old
 *  reading stands, with a warning). */
export const STRICT_ON = whenGate('StrictIPCIDRValidation', true);
export const STRICT_OFF = whenGate('StrictIPCIDRValidation', false);
/** KEP-4858's list of the API fields strict validation covers (Service clusterIPs, externalIPs and source ranges,
 *  NetworkPolicy ipBlock, pod hostAliases and DNS nameservers, Endpoints addresses; not loadBalancerIP). */
export const KEP_4858 = { repo: 'kubernetes/enhancements', path: 'keps/sig-network/4858-ip-cidr-validation/README.md', commit: 'ad2ebb4464a32db2ff8de5ede71c6e14bbf1c7d1', fn: 'Updated validation criteria (the fields strict validation covers)' };

type IpBytes = number[];

/** What strict parsing refuses in a text the sloppy parser reads. */
type LegacyProblem = 'has leading zeros' | 'is an IPv4-mapped IPv6 address';

interface LegacyIp {
  problem: LegacyProblem;
  /** net.IP's String of the address: what the warning says to write. */
  preferred: string;
}

/** An address ParseIPSloppy reads that parseIP refuses in strict mode: netip.ParseAddr fails (leading zeros), or the
 *  address is IPv4-mapped IPv6. Undefined for text the sloppy parser refuses too, and for a standard address. */
export function legacyIp(text: string): LegacyIp | undefined {
  const ip = parseIp(text, true);
  if (!ip) return undefined;
  if (!parseIp(text)) return { problem: 'has leading zeros', preferred: formatIp(ip) };
  if (isIpv4Mapped(ip)) return { problem: 'is an IPv4-mapped IPv6 address', preferred: formatIp(ip) };
  return undefined;
}

/** A CIDR as net.ParseCIDR leaves it: the address, the network (address masked, 4 or 16 bytes like the mask) and
 *  the prefix length. */
interface GoCidr {
  ip: IpBytes;
  net: IpBytes;
  ones: number;
  /** The prefix text (a leading zero makes netip.ParsePrefix refuse it). */
  prefix: string;
  address: string;
}

function mask(ones: number, bytes: number): IpBytes {
  return Array.from({ length: bytes }, (_, i) => {
    const bits = Math.max(0, Math.min(8, ones - i * 8));
    return (0xff << (8 - bits)) & 0xff;
  });
}

/** ParseCIDRSloppy: address/prefix, the address read sloppily, an IPv4 text with a 4-byte mask, any other a
 *  16-byte one; undefined when it refuses the text. */
export function parseCidrSloppy(text: string): GoCidr | undefined {
  const slash = text.indexOf('/');
  if (slash < 0) return undefined;
  const address = text.slice(0, slash);
  const prefix = text.slice(slash + 1);
  const ip = parseIp(address, true);
  if (!ip || !/^[0-9]{1,8}$/.test(prefix)) return undefined;
  const ones = Number(prefix);
  if (ones > ip.length * 8) return undefined;
  const m = mask(ones, ip.length);
  return { ip, net: ip.map((b, i) => b & m[i]!), ones, prefix, address };
}

/** net.IP To4: 4 bytes for IPv4 and IPv4-mapped IPv6, else undefined. */
function to4(ip: IpBytes): IpBytes | undefined {
  return ip.length === 4 ? ip : isIpv4Mapped(ip) ? ip.slice(12) : undefined;
}

/** networkNumberAndMask: an IPv4-mapped network is read as IPv4, with the last 4 bytes of its mask. */
function networkAndMask(c: GoCidr): { nn: IpBytes; m: IpBytes } {
  const nn = to4(c.net) ?? c.net;
  const m = mask(c.ones, c.net.length);
  return { nn, m: nn.length === 4 && m.length === 16 ? m.slice(12) : m };
}

/** net.IPNet String: the network and the length of its (folded) mask. */
export function goNetString(c: GoCidr): string {
  const { nn, m } = networkAndMask(c);
  const ones = m.reduce((n, b) => n + (b.toString(2).match(/1/g)?.length ?? 0), 0);
  return `${formatIp(nn)}/${ones}`;
}

/** net.IPNet Contains of an address (IPv4-mapped addresses folded into IPv4, as Go does). */
export function goNetContains(c: GoCidr, ip: IpBytes): boolean {
  const { nn, m } = networkAndMask(c);
  const x = to4(ip) ?? ip;
  if (x.length !== nn.length) return false;
  return nn.every((b, i) => (b & m[i]!) === (x[i]! & m[i]!));
}

function bitsBeyondPrefix(c: GoCidr): boolean {
  return c.ip.some((b, i) => b !== c.net[i]);
}

/** What parseCIDR refuses in strict mode (the first of: netip.ParsePrefix fails, an IPv4-mapped address, bits set
 *  beyond the prefix length) in a CIDR the sloppy parser reads; undefined otherwise. */
export function strictCidrProblem(text: string): string | undefined {
  const c = parseCidrSloppy(text);
  if (!c) return undefined;
  if (!parseIp(c.address) || (c.prefix.length > 1 && c.prefix.startsWith('0'))) return 'has leading zeros in the address or prefix length';
  if (isIpv4Mapped(c.ip)) return 'has an IPv4-mapped IPv6 address';
  if (bitsBeyondPrefix(c)) return 'has bits set beyond the prefix length';
  return undefined;
}

type CidrWarning =
  | { kind: 'ambiguous'; network: string; single: string }
  | { kind: 'nonStandard'; problem: string; preferred: string };

/** GetWarningsForCIDR's first two warnings (bits beyond the prefix; leading zeros or IPv4-mapped), in its order. The
 *  third, IPv6 not in RFC 5952 form, is ip.ts's nonCanonicalIpv6Cidr (given only when these are not). */
export function cidrWarnings(text: string): CidrWarning[] {
  const c = parseCidrSloppy(text);
  if (!c) return [];
  const out: CidrWarning[] = [];
  if (bitsBeyondPrefix(c)) out.push({ kind: 'ambiguous', network: goNetString(c), single: `${formatIp(c.ip)}/${c.ip.length * 8}` });
  const leading = !parseIp(c.address) || (c.prefix.length > 1 && c.prefix.startsWith('0'));
  if (leading || isIpv4Mapped(c.ip)) {
    out.push({ kind: 'nonStandard', problem: leading ? 'has leading zeros' : 'has an IPv4-mapped IPv6 address', preferred: goNetString(c) });
  }
  return out;
}
