// The OpenAPI 3.1 document, generated from the operation contracts (never written by hand).
// OpenAPI 3.1 schemas are JSON Schema 2020-12, which zod 4 emits directly.
import { z } from 'zod';
import { errorCodes } from './errors';
import type { Operation } from './operation';
import { creationRoutes, type CreationRoute } from './creation';
import { httpOperations } from './registry';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
};

const envelope = (data: JsonSchema, status: boolean): JsonSchema => ({
  type: 'object',
  required: ['status', 'msg', 'data'],
  properties: { status: { const: status }, msg: { type: 'string' }, data },
  additionalProperties: false,
});

const errorData: JsonSchema = {
  type: 'object',
  required: ['code'],
  properties: { code: { enum: [...errorCodes] }, details: {} },
};

const errorResponses: Record<string, string> = {
  '400': 'Invalid input',
  '401': 'Not authenticated',
  '403': 'Permission denied',
  '404': 'Not found',
  '409': 'Conflict',
  '413': 'Payload too large',
  '429': 'Rate limited (see Retry-After)',
  '503': 'A dependency is unavailable (see Retry-After)',
};

export const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');
const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);

export interface ExtraRoute {
  method: string;
  /** Full path, Fastify syntax. */
  path: string;
  summary: string;
  tag: string;
  /** Schema of `data` in a successful reply; omit for non-JSON replies. */
  data?: JsonSchema;
  /** Schema of a successful JSON reply that is not in the envelope (`GET /ping`'s bare "pong"). */
  bare?: JsonSchema;
  contentType?: string;
  auth?: boolean;
}

function operationEntry(op: Operation): [string, string, JsonSchema] {
  const http = op.http!;
  const params = pathParams(http.path);
  const input = toSchema(op.input, 'input');
  const properties = { ...((input.properties as Record<string, JsonSchema> | undefined) ?? {}) };
  const required = new Set((input.required as string[] | undefined) ?? []);
  const parameters: JsonSchema[] = params.map((name) => ({ name, in: 'path', required: true, schema: properties[name] ?? { type: 'string' } }));
  for (const name of params) {
    delete properties[name];
    required.delete(name);
  }
  const entry: JsonSchema = {
    operationId: op.subject.replace(/\.([a-z])/g, (_m, c: string) => c.toUpperCase()),
    summary: http.summary,
    tags: [http.tag],
    ...(op.auth === 'user' ? { security: [{ session: [] }, { appKey: [] }] } : { security: [] }),
    ...(op.permission ? { 'x-permission': op.permission } : {}),
    ...(op.appKeys === false ? { 'x-app-keys': false } : {}),
  };
  if (http.method === 'GET' || http.method === 'DELETE') {
    for (const [name, schema] of Object.entries(properties)) {
      parameters.push({ name, in: 'query', required: required.has(name), schema });
    }
  } else {
    const body: JsonSchema = { ...input, properties };
    if (required.size) body.required = [...required];
    else delete body.required;
    entry.requestBody = { required: true, content: { 'application/json': { schema: body } } };
  }
  if (parameters.length) entry.parameters = parameters;
  entry.responses = responses(toSchema(op.output, 'output'));
  return [openApiPath(`/api/v2${http.path}`), http.method.toLowerCase(), entry];
}

function responses(data: JsonSchema | undefined, contentType = 'application/json', bare?: JsonSchema): JsonSchema {
  const success = bare ? { 'application/json': { schema: bare } } : data ? { 'application/json': { schema: envelope(data, true) } } : { [contentType]: {} };
  const out: JsonSchema = { '200': { description: 'Success', content: success } };
  for (const [status, description] of Object.entries(errorResponses)) {
    out[status] = { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } };
  }
  return out;
}

/** An operation id from a route: `GET /api/v2/ping` → `getApiV2Ping`. */
const routeOperationId = (method: string, path: string) =>
  `${method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`;

/** A creation route's entry: its operation's, without path parameters (the route fixes them). */
function creationEntry(route: CreationRoute): JsonSchema {
  const [, , entry] = operationEntry(route.op);
  const http = route.op.http!;
  const parameters = ((entry.parameters as JsonSchema[] | undefined) ?? []).filter((p) => p.in !== 'path');
  const suffix = routeOperationId(route.method, route.path);
  const copy: JsonSchema = {
    ...entry,
    operationId: `${entry.operationId as string}Via${suffix.charAt(0).toUpperCase()}${suffix.slice(1)}`,
    summary: `${http.summary} (also ${route.method} ${route.path}: the same as ${http.method} ${http.path}${route.params.id === 0 ? ' with id 0' : ''})`,
  };
  if (parameters.length) copy.parameters = parameters;
  else delete copy.parameters;
  return copy;
}

export function buildOpenApiDocument(
  extra: ExtraRoute[] = [],
  info: { version?: string; serverUrl?: string } = {},
  /** More operations to document (routes of installed modules). */
  more: Operation[] = [],
): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const add = (path: string, method: string, entry: JsonSchema) => {
    paths[path] ??= {};
    paths[path][method] = entry;
  };
  const operations = [...httpOperations(), ...more.filter((o) => o.http)];
  for (const op of operations) {
    const [path, method, entry] = operationEntry(op);
    add(path, method, entry);
  }
  for (const route of creationRoutes(operations)) add(openApiPath(`/api/v2${route.path}`), route.method.toLowerCase(), creationEntry(route));
  for (const route of extra) {
    add(openApiPath(route.path), route.method.toLowerCase(), {
      operationId: routeOperationId(route.method, route.path),
      summary: route.summary,
      tags: [route.tag],
      security: route.auth ? [{ session: [] }, { appKey: [] }] : [],
      ...(pathParams(route.path).length
        ? { parameters: pathParams(route.path).map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })) }
        : {}),
      responses: responses(route.data, route.contentType, route.bare),
    });
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Airwave API',
      version: info.version ?? '2.0.0',
      description:
        'Broadcast media and scheduling server. Every JSON reply is the envelope {status, msg, data}. Authenticate with `Authorization: Bearer <session key>` (from POST /api/v2/account/login) or `Authorization: Bearer base64(<app key id>):<app key>`.',
    },
    ...(info.serverUrl ? { servers: [{ url: info.serverUrl }] } : {}),
    components: {
      securitySchemes: {
        session: { type: 'http', scheme: 'bearer', description: 'Session key from login' },
        appKey: { type: 'http', scheme: 'bearer', description: 'base64(<app key id>):<app key>' },
      },
      schemas: { ErrorEnvelope: envelope(errorData, false) },
    },
    paths,
  };
}
