// The query string as OpenBroadcaster's PHP reads it (parse_str), since its clients send nested
// parameters in bracket notation: `q[mode]=advanced&q[filters][0][filter]=genre` is
// `{ q: { mode: 'advanced', filters: [{ filter: 'genre' }] } }`. A query without brackets (nearly
// every request) takes Node's own parser; bracketed ones qs, bounded in depth, array size and
// parameter count, into objects without a prototype (`__proto__` is just a key).
import { parse as parsePlain } from 'node:querystring';
import qs from 'qs';

const bracket = /\[|%5b/i;

export function parseQueryString(text: string): Record<string, unknown> {
  if (!bracket.test(text)) return parsePlain(text);
  return qs.parse(text, { depth: 5, arrayLimit: 100, parameterLimit: 1000, allowPrototypes: false, plainObjects: true, duplicates: 'combine' });
}
