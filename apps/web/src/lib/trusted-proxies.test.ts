import { describe, expect, it } from 'vitest';
import { clientAddressOf, normaliseAddress, parseProxyRange, parseTrustedProxies, TrustedProxies } from './trusted-proxies';

const trusting = (value: string) => new TrustedProxies(parseTrustedProxies(value).ranges);
const nobody = trusting('');

describe('the client address, trusting nobody (the default, npm start)', () => {
  it('is the peer whatever it forwards: a direct client cannot name another address', () => {
    for (const forwarded of [undefined, '203.0.113.7', '203.0.113.7, 198.51.100.2', 'unknown', '127.0.0.1']) {
      expect(clientAddressOf('198.51.100.9', forwarded, nobody), String(forwarded)).toBe('198.51.100.9');
    }
    expect(clientAddressOf('::ffff:198.51.100.9', '10.0.0.1', nobody)).toBe('198.51.100.9');
    expect(clientAddressOf('2001:DB8::7', '10.0.0.1', nobody)).toBe('2001:db8::7');
  });

  it('is unknown only without a peer address', () => {
    expect(clientAddressOf(undefined, '203.0.113.7', nobody)).toBe('unknown');
  });
});

describe('the client address behind trusted proxies', () => {
  const nginx = trusting('127.0.0.1');

  it('believes a trusted peer: the address it forwarded', () => {
    expect(clientAddressOf('127.0.0.1', '203.0.113.7', nginx)).toBe('203.0.113.7');
    expect(clientAddressOf('::ffff:127.0.0.1', '203.0.113.7', nginx)).toBe('203.0.113.7');
  });

  it('does not believe a peer that is not trusted, even when the setting trusts others', () => {
    expect(clientAddressOf('127.0.0.2', '203.0.113.7', nginx)).toBe('127.0.0.2');
  });

  it('walks the header from the right: what a client wrote to the left of the proxy’s entry is never read', () => {
    // A proxy that appends ($proxy_add_x_forwarded_for) after the client made up two addresses.
    expect(clientAddressOf('127.0.0.1', '1.1.1.1, 2.2.2.2, 203.0.113.7', nginx)).toBe('203.0.113.7');
  });

  it('skips every trusted hop of a chain (TLS proxy, then nginx), stopping at the first untrusted address', () => {
    const chain = trusting('10.0.0.0/8, 127.0.0.1');
    expect(clientAddressOf('127.0.0.1', '6.6.6.6, 203.0.113.7, 10.1.2.3', chain)).toBe('203.0.113.7');
    expect(clientAddressOf('10.0.0.5', '6.6.6.6,203.0.113.7,10.9.9.9,10.1.2.3', chain)).toBe('203.0.113.7');
  });

  it('takes the leftmost address when every one is trusted, and the peer when nothing was forwarded', () => {
    const chain = trusting('10.0.0.0/8, 127.0.0.1');
    expect(clientAddressOf('127.0.0.1', '10.0.0.9, 10.1.2.3', chain)).toBe('10.0.0.9');
    expect(clientAddressOf('127.0.0.1', undefined, chain)).toBe('127.0.0.1');
    expect(clientAddressOf('127.0.0.1', ' , ', chain)).toBe('127.0.0.1');
  });

  it('stops at an entry that is not an address: the last address before it counts', () => {
    const chain = trusting('10.0.0.0/8, 127.0.0.1');
    expect(clientAddressOf('127.0.0.1', 'evil, not-an-ip, 10.1.2.3', chain)).toBe('10.1.2.3');
    expect(clientAddressOf('127.0.0.1', '203.0.113.7, not-an-ip', nginx)).toBe('127.0.0.1');
  });

  it('matches IPv6 ranges, and IPv4-mapped IPv6 against IPv4 ranges, giving IPv4 clients as plain IPv4', () => {
    const v6 = trusting('fd00::/8, ::1');
    expect(clientAddressOf('fd12:3456::1', '2001:db8::42', v6)).toBe('2001:db8::42');
    expect(clientAddressOf('::1', '::ffff:203.0.113.7', v6)).toBe('203.0.113.7');
    expect(clientAddressOf('fe80::1', '2001:db8::42', v6)).toBe('fe80::1');
    const compose = trusting('172.31.250.0/24');
    expect(clientAddressOf('::ffff:172.31.250.10', '203.0.113.7', compose)).toBe('203.0.113.7');
    expect(clientAddressOf('::ffff:172.31.251.10', '203.0.113.7', compose)).toBe('172.31.251.10');
    expect(clientAddressOf('172.31.250.10', '[2001:db8::42]:443', compose)).toBe('2001:db8::42');
    expect(clientAddressOf('172.31.250.10', '203.0.113.7:51234', compose)).toBe('203.0.113.7');
  });
});

describe('TRUSTED_PROXIES entries', () => {
  it('reads addresses and CIDR ranges of both families', () => {
    expect(parseProxyRange('127.0.0.1')).toEqual({ network: '127.0.0.1', prefix: 32, family: 'ipv4' });
    expect(parseProxyRange('10.0.0.0/8')).toEqual({ network: '10.0.0.0', prefix: 8, family: 'ipv4' });
    expect(parseProxyRange('::1')).toEqual({ network: '::1', prefix: 128, family: 'ipv6' });
    expect(parseProxyRange('FD00::/8')).toEqual({ network: 'fd00::', prefix: 8, family: 'ipv6' });
    expect(parseProxyRange('::ffff:10.0.0.0/104')).toEqual({ network: '10.0.0.0', prefix: 8, family: 'ipv4' });
    expect(parseProxyRange('::ffff:10.0.0.1')).toEqual({ network: '10.0.0.1', prefix: 32, family: 'ipv4' });
  });

  it('refuses what is not an address or a range, naming the entry', () => {
    for (const bad of ['nginx', '10.0.0.0/33', '10.0.0.0/', '/8', '256.1.1.1', '10.0.0', 'fd00::/129', '::ffff:10.0.0.0/95', '[::1]', '127.0.0.1:80']) {
      expect(parseProxyRange(bad), bad).toEqual({ problem: expect.stringContaining(`"${bad}"`) as unknown });
    }
    expect(parseTrustedProxies('127.0.0.1, bad, 10.0.0.0/8')).toEqual({
      ranges: [
        { network: '127.0.0.1', prefix: 32, family: 'ipv4' },
        { network: '10.0.0.0', prefix: 8, family: 'ipv4' },
      ],
      problems: ['"bad" is not an IP address or CIDR range (such as 127.0.0.1, 10.0.0.0/8 or fd00::/8)'],
    });
    expect(parseTrustedProxies(' ')).toEqual({ ranges: [], problems: [] });
  });

  it('makes a range of one of an address: 127.0.0.1 does not trust the rest of 127.0.0.0/8', () => {
    const one = trusting('127.0.0.1');
    expect(one.trusts('127.0.0.1')).toBe(true);
    expect(one.trusts('127.0.0.2')).toBe(false);
    expect(trusting('127.0.0.0/8').trusts('127.1.2.3')).toBe(true);
  });
});

describe('addresses as keys', () => {
  it('gives one spelling per address, and nothing for what is not one', () => {
    expect(normaliseAddress(' ::FFFF:1.2.3.4 ')).toBe('1.2.3.4');
    expect(normaliseAddress('[::1]:8080')).toBe('::1');
    expect(normaliseAddress('1.2.3.4:80')).toBe('1.2.3.4');
    for (const bad of ['', 'unknown', '1.2.3', '1.2.3.4.5', 'fe80::1::2']) expect(normaliseAddress(bad), bad).toBeUndefined();
  });

  it('answers an address asked again the same way, past the memory of answers it keeps', () => {
    for (let i = 0; i < 3000; i++) normaliseAddress(`10.0.${i >> 8}.${i & 255}`);
    expect(normaliseAddress(' ::FFFF:1.2.3.4 ')).toBe('1.2.3.4');
    expect(normaliseAddress(' ::FFFF:1.2.3.4 ')).toBe('1.2.3.4');
    expect(normaliseAddress('unknown')).toBeUndefined();
    expect(normaliseAddress('unknown')).toBeUndefined();
    expect(normaliseAddress('10.0.11.183')).toBe('10.0.11.183');
    // Longer than any address is written, yet an address once trimmed: read the same, not kept.
    expect(normaliseAddress(`${' '.repeat(100)}1.2.3.4`)).toBe('1.2.3.4');
    expect(normaliseAddress(`${' '.repeat(100)}1.2.3.4`)).toBe('1.2.3.4');
  });
});
