// The OpenAPI 3.1 document, generated from the operation contracts (never written by hand), for
// every route the gateway serves: the operations (with their creation forms), the routes of the
// modules installed, and the gateway's other routes (ExtraRoute). docs/decisions/api-conventions.md,
// "OpenAPI", says what it describes and why; the API tests lint it (Spectral, Redocly) and check
// every request and reply of the suites against it.
import type { Operation } from './operation';
import { creationRoutes } from './creation';
import { httpOperations } from './registry';
import { apiDescription, apiLicense, defaultServers, securitySchemes, tagsOf } from './openapi-info';
import { creationEntry, openApiPath, operationEntry } from './openapi-operations';
import { errorEnvelopeSchema, errorResponseComponents, headerComponents, parameterComponents } from './openapi-responses';
import { extraEntry, type ExtraRoute } from './openapi-extras';
import type { JsonSchema } from './openapi-schema';

export { openApiPath, type ExtraRoute };
export { jsonSchemaOf, type JsonSchema } from './openapi-schema';
export { apiContact, docsPagePath } from './openapi-info';
export { envelope } from './openapi-responses';

export interface DocumentInfo {
  version?: string;
  /** The server's URL (default: `/`, the server that serves the document). */
  serverUrl?: string;
  /** The license the API is offered under (OpenAPI License Object; default: apiLicense). */
  license?: { name: string; identifier?: string; url?: string };
  /** Who answers for the API: the project's name and the docs page (`apiContact`). */
  contact?: { name: string; url: string };
}

export function buildOpenApiDocument(
  extra: ExtraRoute[] = [],
  info: DocumentInfo = {},
  /** More operations to document (routes of installed modules). */
  more: Operation[] = [],
): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const schemas: Record<string, JsonSchema> = { ErrorEnvelope: errorEnvelopeSchema() };
  const add = ([path, method, entry]: [string, string, JsonSchema]) => {
    paths[path] ??= {};
    paths[path][method] = entry;
  };
  const operations = [...httpOperations(), ...more.filter((o) => o.http)];
  const creation = creationRoutes(operations);
  for (const op of operations) add(operationEntry(op, schemas, creation));
  for (const route of creation) add([openApiPath(`/api/v2${route.path}`), route.method.toLowerCase(), creationEntry(route, schemas)]);
  for (const route of extra) add(extraEntry(route));
  const tags = Object.values(paths).flatMap((methods) => Object.values(methods).flatMap((entry) => entry.tags as string[]));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Airwave API',
      version: info.version ?? '2.0.0',
      description: apiDescription,
      license: info.license ?? apiLicense,
      ...(info.contact ? { contact: info.contact } : {}),
    },
    servers: info.serverUrl ? [{ url: info.serverUrl }] : defaultServers,
    tags: tagsOf(tags),
    components: {
      securitySchemes,
      schemas,
      responses: errorResponseComponents(),
      parameters: parameterComponents,
      headers: headerComponents,
    },
    paths,
  };
}
