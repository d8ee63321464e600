// The served OpenAPI document as the traffic check reads it: its types, `$ref` resolution, and which
// documented operation a request reaches (the gateway's router prefers a literal segment to a
// parameter, left to right: `/media/search` is not `/media/{id}`).

export type Schema = Record<string, unknown>;

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
  content?: Record<string, { schema?: Schema }>;
}

export interface MediaTypes {
  [type: string]: { schema?: Schema };
}

export interface OperationObject {
  operationId: string;
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: { required?: boolean; content: MediaTypes };
  responses: Record<string, { $ref?: string; content?: MediaTypes }>;
  security?: Record<string, string[]>[];
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OperationObject>>;
  components: Record<string, Record<string, Schema>> & { securitySchemes?: Record<string, { type: string; in?: string; name?: string }> };
}

/** The object a local `$ref` (`#/components/...`) points to, or the value itself. */
export function resolve<T>(doc: OpenApiDocument, value: T | { $ref: string }): T {
  const pointer = (value as { $ref?: unknown }).$ref;
  if (typeof pointer !== 'string') return value as T;
  let node: unknown = doc;
  for (const part of pointer.replace(/^#\//, '').split('/')) node = (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  if (node === undefined) throw new Error(`The document has no ${pointer}`);
  return resolve(doc, node as T);
}

export interface Route {
  template: string;
  method: string;
  operation: OperationObject;
  params: Record<string, string>;
}

const segmentsOf = (path: string) => path.split('/').slice(1);
const isParam = (segment: string) => /^\{[^}]+\}$/.test(segment);

/** The documented operation `method path` reaches, with its path parameters (still encoded). */
export function findRoute(doc: OpenApiDocument, method: string, path: string): Route | undefined {
  const actual = segmentsOf(path);
  let best: { template: string; rank: string } | undefined;
  for (const template of Object.keys(doc.paths)) {
    if (!doc.paths[template]?.[method.toLowerCase()]) continue;
    const pattern = segmentsOf(template);
    if (pattern.length !== actual.length) continue;
    if (!pattern.every((segment, i) => isParam(segment) ? actual[i] !== '' : segment === actual[i])) continue;
    // Literal segments win over parameters, the first difference deciding: rank "0" before "1".
    const rank = pattern.map((segment) => (isParam(segment) ? '1' : '0')).join('');
    if (!best || rank < best.rank) best = { template, rank };
  }
  if (!best) return undefined;
  const params: Record<string, string> = {};
  segmentsOf(best.template).forEach((segment, i) => {
    if (isParam(segment)) params[segment.slice(1, -1)] = actual[i]!;
  });
  return { template: best.template, method, operation: doc.paths[best.template]![method.toLowerCase()]!, params };
}

/** Whether a media type (without parameters) is one a content map lists, wildcards included. */
export function mediaTypeIn(content: MediaTypes, type: string): string | undefined {
  const bare = type.split(';')[0]!.trim().toLowerCase();
  if (bare in content) return bare;
  const [major] = bare.split('/');
  if (`${major}/*` in content) return `${major}/*`;
  return '*/*' in content ? '*/*' : undefined;
}
