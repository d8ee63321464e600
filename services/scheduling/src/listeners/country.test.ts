// A listener's country from its address, read from the table the package ships.
import { describe, expect, it } from 'vitest';
import { countryOf } from './country';

describe('countryOf', () => {
  it('reads IPv4 addresses', () => {
    expect(countryOf('8.8.8.8')).toBe('US');
    expect(countryOf('193.0.6.139')).toBe('NL'); // RIPE NCC, Amsterdam
    expect(countryOf('133.1.1.1')).toBe('JP');
    expect(countryOf(' 8.8.8.8 ')).toBe('US');
  });

  it('reads IPv6 addresses, however written', () => {
    expect(countryOf('2001:4860:4860::8888')).toBe('US');
    expect(countryOf('2001:67c:2e8:22::c100:68b')).toBe('NL');
    expect(countryOf('2001:200:dff:fff1:216:3eff:feb1:44d7')).toBe('JP'); // WIDE, Tokyo
    expect(countryOf('2001:0200:0DFF:FFF1:0216:3EFF:FEB1:44D7')).toBe('JP');
    expect(countryOf('2001:4860:4860:0:0:0:0:8888%eth0')).toBe('US');
  });

  it('reads an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(countryOf('::ffff:8.8.8.8')).toBe('US');
    expect(countryOf('::FFFF:193.0.6.139')).toBe('NL');
    expect(countryOf('::ffff:808:808')).toBe('US');
    expect(countryOf('::ffff:10.0.0.1')).toBeNull();
  });

  it('gives no country to private, loopback, link-local, special and unannounced addresses, nor to what is no address', () => {
    for (const address of ['10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '127.0.0.1', '169.254.1.1', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '203.0.113.7', '198.51.100.1', '192.0.2.1']) {
      expect([address, countryOf(address)]).toEqual([address, null]);
    }
    for (const address of ['::1', '::', 'fe80::1%en0', 'fc00::1', 'fd12:3456::1', 'ff02::1', '2001:db8::1']) expect([address, countryOf(address)]).toEqual([address, null]);
    for (const text of ['', 'unknown', '8.8.8', '8.8.8.8.8', '999.1.1.1', '2001:4860::8888::1', 'example.com']) expect([text, countryOf(text)]).toEqual([text, null]);
  });

  it('reads the edges of a range as inside it', () => {
    // the table's first range (1.0.0.0–1.0.0.255), and the ranges ending and starting just outside the private 172.16.0.0/12
    expect([countryOf('1.0.0.0'), countryOf('1.0.0.255')]).toEqual(['AU', 'AU']);
    expect([countryOf('172.15.255.255'), countryOf('172.32.0.0')]).toEqual(['US', 'US']);
  });
});
