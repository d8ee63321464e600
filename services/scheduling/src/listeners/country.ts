// A listener's country from its address (issue 46, docs/decisions/listeners.md "Countries"), read at
// fold time before the address is hashed; the address itself is never kept. The table is
// @ip-location-db/asn-country (each announced prefix with the country its network is registered in,
// from the five regional registries' data, CC BY 4.0 by the NRO), shipped in the package: no look-up
// over the network. It is read once, on the first listener's address (about 0.2 s, 3 MB of memory).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { canonicalAddress } from './address';

const TABLE_PACKAGE = '@ip-location-db/asn-country';

/**
 * Ranges in order, none overlapping, each from its start to its end inclusive, in
 * `countries[codes[i]]`. A bound is two 32-bit halves: an IPv4 address (the low half 0), or the first
 * 64 bits of an IPv6 one (every range of the table starts and ends on a /64).
 */
interface Ranges {
  starts: Uint32Array;
  startsLow: Uint32Array;
  ends: Uint32Array;
  endsLow: Uint32Array;
  codes: Uint8Array;
}

interface CountryTable {
  countries: string[];
  v4: Ranges;
  v6: Ranges;
}

/** Addresses no country has: this network, private, shared (CGNAT), loopback, link-local, benchmarking, multicast and reserved. */
const SPECIAL_V4 = ['0.0.0.0/8', '10.0.0.0/8', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16', '172.16.0.0/12', '192.0.0.0/24', '192.168.0.0/16', '198.18.0.0/15', '224.0.0.0/3'].map((cidr) => {
  const [address = '', bits = ''] = cidr.split('/');
  const start = ipv4Number(address);
  return [start, start + 2 ** (32 - Number(bits)) - 1] as const;
});

function ipv4Number(address: string): number {
  const [a, b, c, d] = address.split('.').map(Number) as [number, number, number, number];
  return ((a * 256 + b) * 256 + c) * 256 + d;
}

/**
 * The eight 16-bit groups of a valid IPv6 address in `text` from `from` to `to` (an IPv4 tail read
 * as the last two) into `groups`; by hand, as the table's 137,000 addresses are read this way too.
 */
function readIPv6(text: string, from: number, to: number, groups: Uint32Array): Uint32Array {
  groups.fill(0);
  let count = 0;
  let gap = -1; // where "::" stands, in groups
  let value = 0;
  let digits = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 58 /* : */) {
      if (digits) groups[count++] = value;
      else if (i > from) gap = count;
      value = 0;
      digits = 0;
    } else if (c === 46 /* . */) {
      const n = ipv4Number(text.slice(i - digits, to));
      groups[count++] = Math.floor(n / 65536);
      groups[count++] = n % 65536;
      digits = 0;
      break;
    } else {
      value = value * 16 + (c <= 57 ? c - 48 : (c | 32) - 87);
      digits++;
    }
  }
  if (digits) groups[count++] = value;
  if (gap >= 0 && count < 8) {
    groups.copyWithin(gap + 8 - count, gap, count);
    groups.fill(0, gap, gap + 8 - count);
  }
  return groups;
}

/** The index of the range holding the bound (high, low), else -1: a binary search for the last start at or below it. */
function find({ starts, startsLow, ends, endsLow }: Ranges, high: number, low: number): number {
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (starts[mid]! > high || (starts[mid] === high && startsLow[mid]! > low)) hi = mid;
    else lo = mid + 1;
  }
  const i = lo - 1;
  return i >= 0 && (ends[i]! > high || (ends[i] === high && endsLow[i]! >= low)) ? i : -1;
}

/** Reads "start,end,country" lines, each bound as its high and low 32 bits by `bound`. */
function readRanges(text: string, countries: Map<string, number>, bound: (text: string, from: number, to: number) => [number, number]) {
  let lines = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lines++;
  if (!text.endsWith('\n')) lines++;
  const [starts, ends, startsLow, endsLow] = [0, 0, 0, 0].map(() => new Uint32Array(lines)) as [Uint32Array, Uint32Array, Uint32Array, Uint32Array];
  const codes = new Uint8Array(lines);
  let n = 0;
  for (let at = 0; at < text.length && n < lines; n++) {
    const comma = text.indexOf(',', at);
    const second = text.indexOf(',', comma + 1);
    let end = text.indexOf('\n', second);
    if (end < 0) end = text.length;
    [starts[n], startsLow[n]] = bound(text, at, comma);
    [ends[n], endsLow[n]] = bound(text, comma + 1, second);
    const country = text.slice(second + 1, end).trim();
    let code = countries.get(country);
    if (code === undefined) countries.set(country, (code = countries.size));
    codes[n] = code;
    at = end + 1;
  }
  const part = (array: Uint32Array) => array.subarray(0, n);
  return { starts: part(starts), startsLow: part(startsLow), ends: part(ends), endsLow: part(endsLow), codes: codes.subarray(0, n) };
}

function loadTable(): CountryTable {
  const resolve = createRequire(import.meta.url).resolve;
  const read = (file: string) => readFileSync(resolve(`${TABLE_PACKAGE}/${file}`), 'utf8');
  const countries = new Map<string, number>();
  const v4 = readRanges(read('asn-country-ipv4-num.csv'), countries, (text, from, to) => [Number(text.slice(from, to)), 0]);
  const groups = new Uint32Array(8);
  const v6 = readRanges(read('asn-country-ipv6.csv'), countries, (text, from, to) => {
    const g = readIPv6(text, from, to, groups);
    return [g[0]! * 65536 + g[1]!, g[2]! * 65536 + g[3]!];
  });
  return { countries: [...countries.keys()], v4, v6 };
}

let table: CountryTable | undefined;

function countryOfIPv4(address: string | number): string | null {
  const n = typeof address === 'number' ? address : ipv4Number(address);
  if (SPECIAL_V4.some(([start, end]) => n >= start && n <= end)) return null;
  table ??= loadTable();
  const i = find(table.v4, n, 0);
  return i < 0 ? null : table.countries[table.v4.codes[i]!]!;
}

/**
 * The country (ISO 3166-1 alpha-2, in capitals) of a listener's address as Icecast gives it, or null
 * where none is known: a private, loopback, link-local or otherwise special address, one no network
 * announces, or no address at all.
 */
export function countryOf(address: string): string | null {
  const text = canonicalAddress(address);
  const family = isIP(text);
  if (family === 4) return countryOfIPv4(text);
  if (family !== 6) return null;
  const g = readIPv6(text, 0, text.length, new Uint32Array(8));
  // IPv4-mapped written in hexadecimal (::ffff:c000:0201): the IPv4 address's country
  if (g[0] === 0 && g[1] === 0 && g[2] === 0 && g[3] === 0 && g[4] === 0 && g[5] === 0xffff) return countryOfIPv4(g[6]! * 65536 + g[7]!);
  // only global unicast (2000::/3) is anyone's: not ::1, ::, unique local, link-local or multicast
  if (g[0]! < 0x2000 || g[0]! > 0x3fff) return null;
  table ??= loadTable();
  const i = find(table.v6, g[0]! * 65536 + g[1]!, g[2]! * 65536 + g[3]!);
  return i < 0 ? null : table.countries[table.v6.codes[i]!]!;
}
