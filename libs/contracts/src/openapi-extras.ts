// Routes the gateway serves besides the operations (health, metrics, ping, this document, file
// transfer): each described by an ExtraRoute, with defaults that fit a plain JSON or file route.
import { errorStatusesFor, jsonSuccess, responsesOf } from './openapi-responses';
import { securityOf } from './openapi-info';
import { openApiPath, pathParams, routeOperationId } from './openapi-operations';
import type { JsonSchema } from './openapi-schema';

export interface ExtraRoute {
  method: string;
  /** Full path, Fastify syntax. */
  path: string;
  summary: string;
  tag: string;
  /** Longer text (default: the summary, and who may call). */
  description?: string;
  /** Schema of `data` in a successful reply; omit for non-JSON replies. */
  data?: JsonSchema;
  /** Schema of a successful JSON reply that is not in the envelope (`GET /ping`'s bare "pong"). */
  bare?: JsonSchema;
  /** Media type of a successful reply that is not JSON (`text/plain`, `image/*`). */
  contentType?: string;
  /** Needs credentials (read from headers, cookies or the query string's `k`/`i`). */
  auth?: boolean;
  /** Parameters besides the path's (headers such as Range, query parameters). */
  parameters?: JsonSchema[];
  /** The request body, as an OpenAPI Request Body Object (default: none). */
  requestBody?: JsonSchema;
  /** Responses by status, added to or replacing the defaults (a 206, a 304, a 503 of its own). */
  responses?: Record<string, JsonSchema>;
  /** Error statuses the route answers (default: any route's; 401/403 with auth; 409/413 with a body). */
  errors?: number[];
}

function successOf(route: ExtraRoute): JsonSchema {
  if (route.bare) return { description: 'Success', content: { 'application/json': { schema: route.bare } } };
  if (route.data) return jsonSuccess(route.data, route.auth === true);
  const type = route.contentType ?? 'application/octet-stream';
  return { description: 'Success', content: { [type]: { schema: type === 'application/json' ? { type: 'object' } : {} } } };
}

export function extraEntry(listed: ExtraRoute): [string, string, JsonSchema] {
  const route = listed;
  const given = new Set((route.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name));
  const path = pathParams(route.path)
    .filter((name) => !given.has(name))
    .map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  const parameters = [...path, ...(route.parameters ?? [])];
  const who = route.auth ? 'Needs a logged-in user (or an app key allowed to call it).' : 'Needs no credentials.';
  const entry: JsonSchema = {
    operationId: routeOperationId(route.method, route.path),
    summary: route.summary,
    description: route.description ?? `${route.summary}.\n\n${who}`,
    tags: [route.tag],
    security: securityOf(route.auth === true),
    ...(parameters.length ? { parameters } : {}),
    ...(route.requestBody ? { requestBody: route.requestBody } : {}),
    responses: responsesOf({ '200': successOf(route) }, route.errors ?? errorStatusesFor({ body: route.requestBody !== undefined, credentials: route.auth === true }), route.responses),
  };
  return [openApiPath(route.path), route.method.toLowerCase(), entry];
}
