// What a request may write where a contract preprocesses its input. zod can only describe a
// `z.preprocess` by the schema after it (the value once normalised), so the OpenAPI document would
// refuse what the API accepts: a plain text `q`, a single id for a list of ids, "linein" for
// "live". A contract names the forms it accepts here, as a zod schema, and the document describes
// that schema instead (openapi-schema.ts). A form that accepts `undefined` makes the field optional.
import type { z } from 'zod';

const forms = new WeakMap<z.ZodType, z.ZodType>();

/** Documents `accepts` as what requests may send where `schema` reads its input; returns `schema`. */
export function documentedInput<T extends z.ZodType>(schema: T, accepts: z.ZodType): T {
  forms.set(schema, accepts);
  return schema;
}

/** The documented request forms of a schema, when its contract named them. */
export const documentedInputOf = (schema: z.ZodType): z.ZodType | undefined => forms.get(schema);
