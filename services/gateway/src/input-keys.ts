// The top-level fields an operation's input accepts, so that the gateway can refuse a query
// parameter it would otherwise drop without a word (a misspelt filter must not widen a search).
import { z } from 'zod';

const cache = new WeakMap<z.ZodType, ReadonlySet<string> | null>();

/** The input's field names, or null where the schema does not tell (then nothing is refused). */
export function inputKeys(schema: z.ZodType): ReadonlySet<string> | null {
  if (cache.has(schema)) return cache.get(schema)!;
  const keys = keysOf(schema);
  cache.set(schema, keys);
  return keys;
}

function keysOf(schema: z.ZodType): ReadonlySet<string> | null {
  if (schema instanceof z.ZodObject) return new Set(Object.keys(schema.shape));
  if (schema instanceof z.ZodPipe) return keysOf(schema.out as z.ZodType) ?? keysOf(schema.in as z.ZodType);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault || schema instanceof z.ZodNullable) return keysOf(schema.unwrap() as z.ZodType);
  return null;
}
