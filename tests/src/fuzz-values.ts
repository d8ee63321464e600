// The values api/fuzz.test.ts builds its requests from: arbitraries for a JSON schema of the
// OpenAPI document (strict, just past its bounds, or hostile), and hostile values and text of every
// kind. Kept apart from the test so that its other request makers (src/fuzz-streams.ts) and the
// test itself stay readable.
import fc from 'fast-check';

export type Schema = Record<string, any>;
export type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas?: Record<string, Schema> } };
export type Operation = {
  parameters?: { name: string; in: 'path' | 'query'; required?: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
  security?: unknown[];
};

/** A raw JSON token written as-is into the body text (numbers JSON.stringify cannot express). */
export class RawJson {
  constructor(readonly text: string) {}
}

export function toJson(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Deep nesting, written as raw JSON text (too deep for a recursive serializer). */
export const deep = (depth: number, asObject = false): RawJson =>
  new RawJson(asObject ? `${'{"a":'.repeat(depth)}"x"${'}'.repeat(depth)}` : `${'['.repeat(depth)}1${']'.repeat(depth)}`);

// Strings that have broken servers before.
const nastyStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uDBFFy',
  '\uFEFF',
  '\u202Eevil',
  '😀🎵',
  'ǅ',
  'é',
  '\r\n\t',
  "'; DROP TABLE users; --",
  "' OR '1'='1",
  '%',
  '_',
  '\\',
  '%_\\%',
  '"',
  '../../etc/passwd',
  '/etc/passwd',
  '..',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  'true',
  '[]',
  '{}',
  '${7*7}',
  '<script>alert(1)</script>',
  '2024-02-30T00:00:00Z',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '2024-01-01T00:00:00+99:99',
];

const hugeString = fc.constantFrom(1_000, 70_000, 300_000).chain((n) => fc.constantFrom('x'.repeat(n), '\u0000'.repeat(Math.min(n, 10_000)), '😀'.repeat(Math.min(n, 50_000))));

const nastyNumbers: unknown[] = [
  0,
  -0,
  -1,
  1,
  1.5,
  -1.5,
  0.1,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  4_294_967_296,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  new RawJson('1e999'),
  new RawJson('-1e999'),
  new RawJson('123456789012345678901234567890'),
  new RawJson('1.0'),
  new RawJson('-0.0'),
];

/** Any value of any type: what a hostile client puts where something else belongs. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...nastyStrings),
  fc.constantFrom(...nastyNumbers),
  fc.constantFrom(null, true, false, [], {}, [null], { '': '' }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.double(),
  fc.integer({ min: -(2 ** 31) - 10, max: 2 ** 31 + 10 }),
  { arbitrary: hugeString, weight: 1 },
  fc.constantFrom(1_000, 20_000).map((n) => Array.from({ length: n }, (_, i) => i)),
  fc.constantFrom(50, 2_000, 20_000).map((n) => deep(n)),
  fc.constantFrom(50, 2_000, 20_000).map((n) => deep(n, true)),
  fc.constantFrom(JSON.parse('{"__proto__":{"admin":true}}') as unknown, { constructor: { prototype: { admin: true } } }),
  fc.anything({ maxDepth: 3 }),
);

/** Values that fit a path or query parameter but may still be hostile (sent as text). */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('-1', '0', '00', '1', '2', '3', '1.5', '1e3', '1e309', 'NaN', 'Infinity', '-Infinity', '-0', '0x10', '0b1', ' 1', '1 ', '+1', '1,2'),
  fc.constantFrom('2147483647', '2147483648', '4294967296', '9007199254740993', '99999999999999999999999999999'),
  fc.constantFrom(...nastyStrings),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(200, 5_000, 12_000).map((n) => 'a'.repeat(n)),
);

/**
 * Arbitrary values for a JSON schema. 'strict': values the schema accepts (its boundaries included);
 * 'edge': also just past them; 'hostile': hostile values mixed in at any depth.
 */
export type ValueMode = 'strict' | 'edge' | 'hostile';

export function fromSchema(doc: Doc, schema: Schema | undefined, mode: ValueMode, depth = 0): fc.Arbitrary<unknown> {
  const valid = validFromSchema(doc, schema ?? {}, mode, depth);
  return mode === 'hostile' ? fc.oneof({ arbitrary: valid, weight: 5 }, { arbitrary: hostileValue, weight: 1 }) : valid;
}

function validFromSchema(doc: Doc, schema: Schema | boolean, mode: ValueMode, depth: number): fc.Arbitrary<unknown> {
  if (typeof schema !== 'object' || schema === null) return fc.jsonValue({ maxDepth: 2 });
  if (schema.$ref) return fromSchema(doc, doc.components.schemas?.[String(schema.$ref).split('/').pop()!], mode, depth);
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...(schema.enum as unknown[]));
  const options = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (options) return fc.oneof(...options.map((option) => fromSchema(doc, option, mode, depth + 1)));
  if (depth > 6) return fc.constant(null);
  switch (schema.type) {
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : -(2 ** 31);
      const max = typeof schema.maximum === 'number' ? schema.maximum : typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - 1 : 2 ** 31;
      const lo = Math.max(min, Number.MIN_SAFE_INTEGER);
      const hi = Math.min(max, Number.MAX_SAFE_INTEGER);
      const boundaries = [lo, hi, lo - 1, hi + 1, 0, 1, 2, 3].filter((n) => Number.isSafeInteger(n) && (mode !== 'strict' || (n >= lo && n <= hi)));
      const inRange = schema.type === 'integer' ? fc.integer({ min: Math.max(lo, -(2 ** 31)), max: Math.min(hi, 2 ** 31) }) : fc.double({ min: lo, max: hi, noNaN: true });
      return fc.oneof(fc.constantFrom(...boundaries), inRange, fc.integer({ min: 1, max: 5 }));
    }
    case 'string': {
      const minLength = Number(schema.minLength ?? 0);
      const maxLength = Math.min(Number(schema.maxLength ?? 300), 100_000);
      if (schema.pattern) {
        try {
          return fc.oneof(fc.stringMatching(new RegExp(schema.pattern as string)), fc.string({ minLength, maxLength: Math.min(maxLength, 20) }));
        } catch {
          // a pattern fast-check cannot generate from: plain strings
        }
      }
      if (schema.format === 'date-time') {
        return fc.oneof(fc.date({ min: new Date(0), max: new Date(4_102_444_800_000), noInvalidDate: true }).map((d) => d.toISOString()), fc.constantFrom(...nastyStrings.filter((s) => /^[+-]?\d/.test(s))));
      }
      if (schema.format === 'email') return fc.oneof(fc.emailAddress(), fc.constantFrom('a@b.c', 'x@y', 'ǅ@é.org'));
      return fc.oneof(
        fc.string({ minLength, maxLength: Math.min(maxLength, 30) }),
        fc.string({ unit: 'grapheme', minLength, maxLength: Math.min(maxLength, 30) }),
        fc.constantFrom(...['a'.repeat(Math.max(minLength, 1)), 'b'.repeat(maxLength), 'c'.repeat(maxLength + 1)].filter((v) => mode !== 'strict' || (v.length >= minLength && v.length <= maxLength))),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = fromSchema(doc, schema.items as Schema | undefined, mode, depth + 1);
      const minLength = Number(schema.minItems ?? 0);
      const maxItems = Number(schema.maxItems ?? 10);
      const some = fc.array(items, { minLength, maxLength: Math.max(minLength, Math.min(maxItems, 4)) });
      // One past maxItems, of small valid items (copies of a huge hostile item would only eat memory).
      const tooMany = fromSchema(doc, schema.items as Schema | undefined, 'strict', depth + 1).map((item) => Array.from({ length: Math.min(maxItems + 1, 600) }, () => item));
      return mode === 'strict' ? some : fc.oneof(some, tooMany);
    }
    case 'object':
    default: {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      if (!Object.keys(properties).length) return schema.type === 'object' ? fc.dictionary(fc.string({ maxLength: 8 }), mode === 'hostile' ? hostileValue : fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }) : fc.jsonValue({ maxDepth: 2 });
      const record = fc.record(
        Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, fromSchema(doc, property, mode, depth + 1)])),
        { requiredKeys: mode === 'hostile' ? [] : ((schema.required ?? []) as string[]) },
      );
      if (mode !== 'hostile') return record;
      return fc.tuple(record, fc.dictionary(fc.constantFrom('extra', 'i', 'k', '__proto__', 'constructor', 'id', 'user_id', 'owner_id'), hostileValue, { maxKeys: 2 })).map(([a, b]) => ({ ...b, ...a }));
    }
  }
}
