// IP addresses and CIDRs as kube-apiserver's validation reads them (apimachinery IsValidIP / IsValidCIDR, and
// core validation's ValidateNonSpecialIP). The legacy fields are read as netutils.ParseIPSloppy reads them (leading
// zeros in an IPv4 part allowed); what strict validation refuses beyond that is ip-legacy.ts's. Sources: kubernetes/kubernetes staging/src/k8s.io/apimachinery/pkg/util/validation/ip.go
// (IsValidIP, IsValidCIDR) and pkg/apis/core/validation/validation.go (ValidateNonSpecialIP), at the commits the
// rules that call these name.

type IpBytes = number[];

/** A dotted quad. `sloppy`: as netutils.ParseIPSloppy reads it, leading zeros allowed (and ignored). */
function ipv4(text: string, sloppy: boolean): IpBytes | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  const out: number[] = [];
  for (const p of parts) {
    if (!(sloppy ? /^[0-9]+$/ : /^[0-9]{1,3}$/).test(p)) return undefined;
    if (!sloppy && p.length > 1 && p.startsWith('0')) return undefined;
    const n = Number(p.replace(/^0+(?=[0-9])/, '').slice(0, 4));
    if (n > 255) return undefined;
    out.push(n);
  }
  return out;
}

function ipv6(text: string, sloppy: boolean): IpBytes | undefined {
  if (!/^[0-9A-Fa-f:.]+$/.test(text)) return undefined;
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const groups = (s: string): number[] | undefined => {
    if (s === '') return [];
    const out: number[] = [];
    const parts = s.split(':');
    for (let i = 0; i < parts.length; i++) {
      const p = parts[i] as string;
      if (i === parts.length - 1 && p.includes('.')) {
        const v4 = ipv4(p, sloppy);
        if (!v4) return undefined;
        out.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
        continue;
      }
      if (!/^[0-9A-Fa-f]{1,4}$/.test(p)) return undefined;
      out.push(parseInt(p, 16));
    }
    return out;
  };
  const head = groups(halves[0] as string);
  const tail = halves.length === 2 ? groups(halves[1] as string) : [];
  if (!head || !tail) return undefined;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const all = [...head, ...new Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail];
  return all.flatMap((g) => [g >> 8, g & 0xff]);
}

/** An IPv4 (4 bytes) or IPv6 (16 bytes) address; undefined when the text is not one. Strict (netip.ParseAddr) by
 *  default; `sloppy` reads as netutils.ParseIPSloppy does (IPv4 parts with leading zeros). */
export function parseIp(text: string, sloppy = false): IpBytes | undefined {
  return text.includes(':') ? ipv6(text, sloppy) : ipv4(text, sloppy);
}

/** Whether 16 bytes are an IPv4-mapped IPv6 address (::ffff:a.b.c.d), which Go's net.IP To4 folds into IPv4. */
export function isIpv4Mapped(ip: IpBytes): boolean {
  return ip.length === 16 && ip.slice(0, 10).every((b) => b === 0) && ip[10] === 0xff && ip[11] === 0xff;
}

/** Go's net.IP String: IPv4 and IPv4-mapped addresses dotted, others in RFC 5952 form. */
export function formatIp(ip: IpBytes): string {
  const v4 = ip.length === 4 ? ip : isIpv4Mapped(ip) ? ip.slice(12) : undefined;
  return v4 ? v4.join('.') : rfc5952(ip);
}

/** Why `text` is not an IP address to netutils.ParseIPSloppy (which the legacy fields use), or undefined. */
export function ipProblem(text: string): string | undefined {
  if (parseIp(text, true)) return undefined;
  return `"${text}" is not an IP address (e.g. 10.9.8.7 or 2001:db8::ffff)`;
}

/** Why `text` is not a CIDR (address/prefix length) to netutils.ParseCIDRSloppy, or undefined. */
export function cidrProblem(text: string): string | undefined {
  const slash = text.indexOf('/');
  const bad = `"${text}" is not a CIDR (e.g. 10.0.0.0/8 or 2001:db8::/64)`;
  if (slash < 0) return bad;
  const ip = parseIp(text.slice(0, slash), true);
  const prefix = text.slice(slash + 1);
  if (!ip || !/^[0-9]{1,8}$/.test(prefix) || Number(prefix) > ip.length * 8) return bad;
  return undefined;
}

/** The special ranges ValidateNonSpecialIP refuses, as words; undefined for an ordinary address. */
export function specialIp(text: string): string | undefined {
  const ip = parseIp(text, true);
  if (!ip) return undefined;
  const v4 = ip.length === 4 ? ip : ip.slice(0, 10).every((b) => b === 0) && ip[10] === 0xff && ip[11] === 0xff ? ip.slice(12) : undefined;
  if (v4) {
    if (v4.every((b) => b === 0)) return 'unspecified';
    if (v4[0] === 127) return 'in the loopback range (127.0.0.0/8)';
    if (v4[0] === 169 && v4[1] === 254) return 'in the link-local range (169.254.0.0/16)';
    if (v4[0] === 224 && v4[1] === 0 && v4[2] === 0) return 'in the link-local multicast range (224.0.0.0/24)';
    return undefined;
  }
  if (ip.every((b) => b === 0)) return 'unspecified';
  if (ip.slice(0, 15).every((b) => b === 0) && ip[15] === 1) return 'the loopback address (::1)';
  if (ip[0] === 0xfe && (ip[1]! & 0xc0) === 0x80) return 'in the link-local range (fe80::/10)';
  if (ip[0] === 0xff && (ip[1]! & 0x0f) === 0x02) return 'in the link-local multicast range (ff02::/16)';
  return undefined;
}

/** Whether an address is IPv6 (not an IPv4 one, nor IPv4-mapped). */
export function isIpv6(text: string): boolean {
  const ip = parseIp(text);
  if (!ip || ip.length === 4) return false;
  return !(ip.slice(0, 10).every((b) => b === 0) && ip[10] === 0xff && ip[11] === 0xff);
}

/** RFC 5952 text of a 16-byte address (Go's netip Addr.String for a plain IPv6 address): lower-case groups without
 *  leading zeros, the longest run of two or more zero groups (the first of equal runs) written "::". */
function rfc5952(ip: IpBytes): string {
  const groups: number[] = [];
  for (let i = 0; i < 16; i += 2) groups.push((ip[i]! << 8) | ip[i + 1]!);
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen) [best, bestLen] = [i, j - i];
    i = j;
  }
  const hex = (gs: number[]) => gs.map((g) => g.toString(16)).join(':');
  return best < 0 ? hex(groups) : `${hex(groups.slice(0, best))}::${hex(groups.slice(best + bestLen))}`;
}

/** The RFC 5952 form of an IPv6 address written otherwise (undefined for IPv4, IPv4-mapped IPv6, text that is not
 *  an address, and canonical text). */
export function nonCanonicalIpv6(text: string): string | undefined {
  if (!isIpv6(text)) return undefined;
  const canonical = rfc5952(parseIp(text)!);
  return canonical === text ? undefined : canonical;
}

/** The RFC 5952 form of an IPv6 CIDR written otherwise; undefined when it is canonical, not an IPv6 CIDR, has bits
 *  set beyond the prefix length, or a prefix length with a leading zero (those get other answers upstream). */
export function nonCanonicalIpv6Cidr(text: string): string | undefined {
  const m = /^([^/]+)\/([0-9]{1,3})$/.exec(text);
  if (!m || !isIpv6(m[1]!) || (m[2]!.length > 1 && m[2]!.startsWith('0'))) return undefined;
  const bits = Number(m[2]);
  const ip = parseIp(m[1]!)!;
  if (bits > 128) return undefined;
  for (let b = bits; b < 128; b++) if ((ip[b >> 3]! >> (7 - (b & 7))) & 1) return undefined;
  const canonical = `${rfc5952(ip)}/${bits}`;
  return canonical === text ? undefined : canonical;
}
