// One operation of the OpenAPI document from its contract: parameters, request body, replies and a
// description saying who may call it and how its input travels (docs/decisions/api-conventions.md).
import type { Operation } from './operation';
import type { CreationRoute } from './creation';
import { jsonSchemaOf, type JsonSchema } from './openapi-schema';
import { errorStatusesFor, jsonSuccess, responsesOf } from './openapi-responses';
import { securityOf } from './openapi-info';

export const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');
export const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);

export const operationIdOf = (op: Operation) => op.subject.replace(/\.([a-z])/g, (_m, c: string) => c.toUpperCase());
const inputNameOf = (op: Operation) => {
  const id = operationIdOf(op);
  return `${id.charAt(0).toUpperCase()}${id.slice(1)}Input`;
};
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Whether a parameter's value may be an object (then written in PHP's bracket notation). */
const mayBeObject = (schema: JsonSchema): boolean =>
  schema.type === 'object' || (['anyOf', 'oneOf'] as const).some((k) => Array.isArray(schema[k]) && (schema[k] as JsonSchema[]).some(mayBeObject));

interface Input {
  path: JsonSchema[];
  /** Query parameters' schemas (GET, DELETE). */
  query: Record<string, JsonSchema>;
  /** The input without path parameters, as a body (or `d`) carries it. */
  fields: JsonSchema;
  required: string[];
}

/** What a creating operation reads as "no id yet" in a body `id` (creation.ts). */
const newRecordId: JsonSchema = { enum: [0, '0', '', null], description: 'No id yet: a record being created' };

const propertiesOf = (schema: JsonSchema) => ({ ...((schema.properties as Record<string, JsonSchema> | undefined) ?? {}) });

function splitInput(op: Operation): Input {
  const http = op.http!;
  const plain = jsonSchemaOf(op.input, 'input');
  const body = jsonSchemaOf(op.input, 'input', { textNumbers: true });
  const query = propertiesOf(plain);
  const properties = propertiesOf(body);
  const required = new Set((plain.required as string[] | undefined) ?? []);
  const names = pathParams(http.path);
  const path = names.map((name) => ({ name, in: 'path', required: true, schema: query[name] ?? { type: 'string' } }));
  for (const name of names) {
    delete query[name];
    delete properties[name];
    required.delete(name);
  }
  if (http.creates && !names.includes('id')) properties.id = properties.id ? { anyOf: [properties.id, newRecordId] } : newRecordId;
  const fields: JsonSchema = { ...body, properties };
  delete fields.required;
  if (required.size && http.method !== 'DELETE') fields.required = [...required];
  return { path, query, fields, required: [...required] };
}

const queryParameter = (name: string, schema: JsonSchema, required: boolean): JsonSchema => ({
  name,
  in: 'query',
  required,
  ...(mayBeObject(schema) ? { style: 'deepObject', explode: true } : {}),
  schema,
});

const dParameter = (inputName: string): JsonSchema => ({
  name: 'd',
  in: 'query',
  required: false,
  description: "OpenBroadcaster's form: the parameters as one JSON object; its fields count as the query string's.",
  content: { 'application/json': { schema: ref(inputName) } },
});

/** A form body: strings, read as the JSON fields are; nested values (or all) as JSON in `d`. */
const formBody = (inputName: string): JsonSchema => ({
  type: 'object',
  description: 'The fields as form values (text, read as the JSON fields are); arrays and objects, or all the fields, as a JSON object in `d`.',
  properties: {
    d: { type: 'string', contentMediaType: 'application/json', contentSchema: ref(inputName), description: "OpenBroadcaster's form: the request's data as a JSON object" },
    i: { type: 'string', description: 'User id, with `k` (credentials)' },
    k: { type: 'string', description: 'Session key (credentials)' },
  },
  additionalProperties: { type: 'string' },
});

function requestBody(inputName: string, required: boolean): JsonSchema {
  return {
    required,
    content: { 'application/json': { schema: ref(inputName) }, 'application/x-www-form-urlencoded': { schema: formBody(inputName) } },
  };
}

function describeOperation(op: Operation, input: Input, aliases: string[]): string {
  const http = op.http!;
  const who = op.auth === 'user' ? 'Needs a logged-in user' : 'Needs no credentials';
  const lines = [`${http.summary}.`, '', `${who}${op.permission ? ` with the permission \`${op.permission}\`` : ''}.${op.appKeys === false ? ' App keys may not call it.' : ''}`];
  const names = Object.keys(input.fields.properties as object);
  if (http.method === 'GET' && names.length) lines.push('Parameters in the query string (nested values in bracket notation, or as JSON), or all of them as JSON in `d`.');
  if (http.method === 'DELETE' && names.length) {
    lines.push(`Fields in the query string, a JSON or form body, or both (the body wins)${input.required.length ? `; required: ${input.required.map((n) => `\`${n}\``).join(', ')}` : ''}.`);
  }
  if (http.method !== 'GET' && http.method !== 'DELETE') lines.push('The body is JSON, or a form (nested values, or all fields, as JSON in `d`).');
  if (aliases.length) lines.push(`Also reached as ${aliases.join(', ')} (creating).`);
  if (http.description) lines.push('', http.description);
  return lines.join('\n');
}

function entryOf(op: Operation, schemas: Record<string, JsonSchema>, aliases: string[] = []): JsonSchema {
  const http = op.http!;
  const input = splitInput(op);
  const inputName = inputNameOf(op);
  const names = Object.keys(input.fields.properties as object);
  const parameters: JsonSchema[] = [...input.path];
  if (http.method === 'GET' || http.method === 'DELETE') {
    const required = new Set(http.method === 'GET' ? input.required : []);
    for (const [name, schema] of Object.entries(input.query)) parameters.push(queryParameter(name, schema, required.has(name)));
    if (names.length) parameters.push(dParameter(inputName));
  }
  const hasBody = http.method !== 'GET';
  // Every write takes an Idempotency-Key (api-conventions.md).
  if (hasBody) parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
  if (names.length || (hasBody && http.method !== 'DELETE')) schemas[inputName] = input.fields;
  const body = hasBody && (http.method !== 'DELETE' || names.length > 0);
  return {
    operationId: operationIdOf(op),
    summary: http.summary,
    description: describeOperation(op, input, aliases),
    tags: [http.tag],
    security: securityOf(op.auth === 'user', { appKeys: op.appKeys, queryFields: http.method === 'GET' || http.method === 'DELETE' }),
    ...(op.permission ? { 'x-permission': op.permission } : {}),
    ...(op.appKeys === false ? { 'x-app-keys': false } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: requestBody(inputName, http.method !== 'DELETE' && input.required.length > 0) } : {}),
    responses: responsesOf({ '200': jsonSuccess(jsonSchemaOf(op.output, 'output'), op.auth === 'user', hasBody) }, errorStatusesFor({ body: hasBody, rateLimited: op.auth === 'none' || op.throttled === true })),
  };
}

/** An operation's path, method and entry; its input schema goes into `schemas`. */
export function operationEntry(op: Operation, schemas: Record<string, JsonSchema>, creation: CreationRoute[] = []): [string, string, JsonSchema] {
  const aliases = creation.filter((route) => route.op === op).map((route) => `\`${route.method} /api/v2${route.path}\``);
  return [openApiPath(`/api/v2${op.http!.path}`), op.http!.method.toLowerCase(), entryOf(op, schemas, aliases)];
}

/** An operation id from a route: `GET /api/v2/ping` → `getApiV2Ping`. */
export const routeOperationId = (method: string, path: string) =>
  `${method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`;

/** A creation route's entry: its operation's, without the path parameters the route fixes. */
export function creationEntry(route: CreationRoute, schemas: Record<string, JsonSchema>): JsonSchema {
  const entry = entryOf(route.op, schemas);
  const http = route.op.http!;
  const parameters = ((entry.parameters as JsonSchema[] | undefined) ?? []).filter((p) => p.in !== 'path');
  const suffix = routeOperationId(route.method, route.path);
  const same = `${http.method} /api/v2${http.path}${route.params.id === 0 ? ' with id 0' : ''}`;
  const copy: JsonSchema = {
    ...entry,
    operationId: `${entry.operationId as string}Via${suffix.charAt(0).toUpperCase()}${suffix.slice(1)}`,
    summary: `${http.summary} (as ${same})`,
    description: `The same as \`${same}\`: one of the forms that create (\`POST /x\`, \`PUT /x\`, \`PUT /x/0\`). A body \`id\` of 0, "0", "" or null means no id.\n\n${entry.description as string}`,
  };
  if (parameters.length) copy.parameters = parameters;
  else delete copy.parameters;
  return copy;
}
