// JSON Schemas of the OpenAPI document, from the zod contracts. OpenAPI 3.1 schemas are JSON Schema
// 2020-12, which zod emits directly; three things are adjusted so that the schemas say what the
// API really accepts and every linter and validator reads them alike:
// - a preprocessed input is described by the forms its contract documents (input-forms.ts), and a
//   field whose forms accept `undefined` is not required;
// - in bodies, a number the contract coerces may also be text ("1800"), as OpenBroadcaster's
//   clients write them (in parameters, text is what every number is anyway);
// - a closed tuple (`prefixItems` with `items: false`) gets `items` listing its members' schemas
//   instead: with `maxItems` bounding the length it accepts the same arrays, and tools that do not
//   read `prefixItems` (Spectral's array-items rule, Prism) no longer refuse every value;
// - `$schema` is dropped (the document's dialect applies).
import { z } from 'zod';
import { documentedInputOf } from './input-forms';

export type JsonSchema = Record<string, unknown>;

type OverrideContext = { zodSchema: unknown; jsonSchema: JsonSchema };

export interface SchemaOptions {
  /** Coerced numbers may be text too (request bodies). */
  textNumbers?: boolean;
}

/** A number written as text, as `z.coerce.number()` reads it. */
const numberText: JsonSchema = { type: 'string', pattern: '^\\s*-?[0-9]+(\\.[0-9]+)?\\s*$', description: 'The number as text' };

/** The JSON Schema of a zod schema as requests write it (`input`) or replies carry it (`output`). */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output', options: SchemaOptions = {}): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    ...(io === 'input' ? { override: (context: OverrideContext) => documentInputForms(context, options) } : {}),
  }) as JsonSchema;
  delete json.$schema;
  return closeTuples(json);
}

/** Replaces a schema's keywords with those of another, keeping its description. */
function replace(jsonSchema: JsonSchema, replacement: JsonSchema): void {
  const description = jsonSchema.description;
  for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
  Object.assign(jsonSchema, replacement);
  if (description !== undefined && jsonSchema.description === undefined) jsonSchema.description = description;
}

function documentInputForms({ zodSchema, jsonSchema }: OverrideContext, options: SchemaOptions): void {
  const def = (zodSchema as z.ZodType)._zod.def as { type: string; coerce?: boolean; shape?: Record<string, z.ZodType> };
  const accepts = documentedInputOf(zodSchema as z.ZodType);
  if (accepts) replace(jsonSchema, jsonSchemaOf(accepts, 'input', options));
  if (options.textNumbers && def.type === 'number' && def.coerce) {
    const { description: _description, ...number } = jsonSchema;
    replace(jsonSchema, { anyOf: [number, numberText] });
  }
  if (def.type === 'object' && def.shape && Array.isArray(jsonSchema.required)) {
    const shape = def.shape;
    const required = (jsonSchema.required as string[]).filter((key) => !acceptsAbsence(shape[key]));
    if (required.length) jsonSchema.required = required;
    else delete jsonSchema.required;
  }
}

const acceptsAbsence = (field: z.ZodType | undefined): boolean => {
  const accepts = field && documentedInputOf(field);
  return accepts !== undefined && accepts.safeParse(undefined).success;
};

/** Gives every closed tuple an `items` of its members' schemas (see the file's comment). */
export function closeTuples<T>(node: T): T {
  if (Array.isArray(node)) {
    for (const item of node) closeTuples(item);
  } else if (node && typeof node === 'object') {
    const schema = node as JsonSchema;
    for (const value of Object.values(schema)) closeTuples(value);
    const members = schema.prefixItems;
    if (Array.isArray(members) && schema.items === false) {
      const distinct = members.filter((m, i) => members.findIndex((o) => JSON.stringify(o) === JSON.stringify(m)) === i);
      schema.items = distinct.length === 1 ? distinct[0] : { anyOf: distinct };
      schema.maxItems ??= members.length;
    }
  }
  return node;
}
