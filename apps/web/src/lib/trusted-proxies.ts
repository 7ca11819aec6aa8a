// Whose X-Forwarded-For is believed (TRUSTED_PROXIES), and the client address a request comes from. No 'server-only'
// here: the env module (env-schema.ts, also read by next.config.ts) parses the setting with this file.
import { BlockList, isIP } from 'node:net';
import { boundedMemo } from '@rentacar/domain/memo';

/** One entry of TRUSTED_PROXIES: an address, or a CIDR range (an address is a range of one). */
export type ProxyRange = { network: string; prefix: number; family: 'ipv4' | 'ipv6' };

const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/;

/**
 * An address as a key: IPv4-mapped IPv6 (`::ffff:1.2.3.4`, what a server listening on `::` sees of an IPv4 client)
 * as plain IPv4, IPv6 in lower case; an entry written with brackets or a port (`[2001:db8::1]:443`, `1.2.3.4:5678`)
 * as its address. Undefined for anything that is not an IP address.
 */
export function normaliseAddress(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  return normalisedMemory(value) ?? undefined;
}

// Every request reads its peer's address, and peers come back (nginx, a browser's connections): answers are kept in
// a bounded memo (null for "not an address"). Only for values as short as an address is written, 64 characters
// (`[ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff]:65535` is 47, with some room for spaces around it): a forwarded
// header's entries are the client's to write, and a long one is not kept.
const normalisedMemory = boundedMemo((value: string) => normalise(value) ?? null, { maxEntries: 1024, maxKeyLength: 64 });

function normalise(value: string): string | undefined {
  let address = value.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(address);
  if (bracketed?.[1]) address = bracketed[1];
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(address);
  if (withPort?.[1]) address = withPort[1];
  address = address.toLowerCase();
  const mapped = MAPPED_IPV4.exec(address);
  if (mapped?.[1]) address = mapped[1];
  return isIP(address) === 0 ? undefined : address;
}

/** One entry (`10.0.0.0/8`, `127.0.0.1`, `fd00::/8`, `::1`), or the reason it is refused. */
export function parseProxyRange(entry: string): ProxyRange | { problem: string } {
  const refused = { problem: `"${entry}" is not an IP address or CIDR range (such as 127.0.0.1, 10.0.0.0/8 or fd00::/8)` };
  const match = /^([^/\s]+)(?:\/(\d{1,3}))?$/.exec(entry.trim());
  const written = match?.[1]?.toLowerCase();
  if (!match || written === undefined || isIP(written) === 0) return refused;
  // `::ffff:10.0.0.0/104` is 10.0.0.0/8 written as IPv6: the IPv4 range it covers.
  const mapped = MAPPED_IPV4.exec(written);
  const network = mapped?.[1] ?? written;
  const family = isIP(network) === 4 ? 'ipv4' : 'ipv6';
  const longest = family === 'ipv4' ? 32 : 128;
  let prefix = match[2] === undefined ? longest : Number(match[2]);
  if (mapped && match[2] !== undefined) {
    if (prefix < 96 || prefix > 128) return refused;
    prefix -= 96;
  }
  if (prefix > longest) return refused;
  return { network, prefix, family };
}

/** TRUSTED_PROXIES: entries separated by commas (blanks around them allowed); empty trusts nobody. */
export function parseTrustedProxies(value: string): { ranges: ProxyRange[]; problems: string[] } {
  const ranges: ProxyRange[] = [];
  const problems: string[] = [];
  for (const entry of value.split(',').map((part) => part.trim()).filter(Boolean)) {
    const parsed = parseProxyRange(entry);
    if ('problem' in parsed) problems.push(parsed.problem);
    else ranges.push(parsed);
  }
  return { ranges, problems };
}

/** The proxies whose X-Forwarded-For is believed. Matching is Node's own (net.BlockList). */
export class TrustedProxies {
  private readonly list = new BlockList();
  readonly empty: boolean;

  constructor(ranges: readonly ProxyRange[]) {
    for (const range of ranges) this.list.addSubnet(range.network, range.prefix, range.family);
    this.empty = ranges.length === 0;
  }

  /** `address` as normaliseAddress gives it. */
  trusts(address: string): boolean {
    if (this.empty) return false;
    try {
      return this.list.check(address, isIP(address) === 4 ? 'ipv4' : 'ipv6');
    } catch {
      // An address Node cannot compare (an IPv6 zone, say) is nobody we trust.
      return false;
    }
  }
}

/**
 * The client a request comes from. A peer (the socket's other end) that is not a trusted proxy is the client, whatever
 * headers it sent. A trusted proxy's X-Forwarded-For is read from the right, where each proxy appended (or, as nginx
 * here, wrote) the address it was reached from: trusted addresses are skipped, and the first untrusted one is the
 * client; when every one is trusted, the leftmost. An entry that is not an address stops the walk: nothing written to
 * its left can be told from what a client made up, so the last address before it counts. 'unknown' only without a
 * peer address (a socket already closed).
 */
export function clientAddressOf(peer: string | undefined, forwardedFor: string | undefined, trusted: TrustedProxies): string {
  const socket = normaliseAddress(peer);
  if (socket === undefined) return 'unknown';
  if (!trusted.trusts(socket) || !forwardedFor) return socket;
  const hops = forwardedFor.split(',');
  let client = socket;
  for (let index = hops.length - 1; index >= 0; index -= 1) {
    const hop = hops[index]?.trim();
    if (!hop) continue;
    const address = normaliseAddress(hop);
    if (address === undefined) break;
    client = address;
    if (!trusted.trusts(address)) break;
  }
  return client;
}
