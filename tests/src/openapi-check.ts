// Checks HTTP traffic against the served OpenAPI 3.1 document (docs/decisions/api-conventions.md,
// "OpenAPI"): a request's path, query, header parameters, body and credentials, and a reply's
// status, media type and JSON body. Built on Ajv's JSON Schema 2020-12 validator (OpenAPI 3.1's
// dialect) and the document's own schemas. Parameters are read as the gateway reads them (the
// query string as PHP does, `qs` for brackets) and coerced from text by their schemas' types, as
// OpenAPI's parameter serialization implies; bodies are validated as sent.
import { parse as parsePlain } from 'node:querystring';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import qs from 'qs';
import { findRoute, mediaTypeIn, resolve, type MediaTypes, type OpenApiDocument, type Parameter, type Route, type Schema } from './openapi-routes';

export interface Exchange {
  method: string;
  url: URL;
  /** Request headers, lower-case names. */
  headers: Record<string, string>;
  body?: string;
  status: number;
  replyHeaders: Headers;
  replyText: string;
}

const parseQuery = (search: string): Record<string, unknown> => {
  const text = search.replace(/^\?/, '');
  if (!/\[|%5b/i.test(text)) return { ...parsePlain(text) };
  return qs.parse(text, { depth: 5, arrayLimit: 100, parameterLimit: 1000, allowPrototypes: false, plainObjects: true, duplicates: 'combine' });
};

const parseJson = (text: string): { value?: unknown; error?: string } => {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    return { error: (error as Error).message };
  }
};

export class OpenApiCheck {
  private readonly plain = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  private readonly coercing = new Ajv2020({ strict: false, allErrors: true, validateFormats: false, coerceTypes: true });
  private readonly compiled = new Map<Schema, ValidateFunction>();
  private readonly compiledCoercing = new Map<Schema, ValidateFunction>();

  constructor(readonly doc: OpenApiDocument) {}

  /** The documented operation a request reaches, if any. */
  route(method: string, url: URL): Route | undefined {
    return findRoute(this.doc, method, url.pathname);
  }

  /** Problems of a request against its operation. */
  request(route: Route, exchange: Exchange): string[] {
    const query = parseQuery(exchange.url.search);
    const problems = this.parameters(route, exchange, query);
    problems.push(...this.requestBody(route, exchange));
    if (!this.credentialsPresent(route, exchange, query)) problems.push('request: no credentials of the schemes the operation lists');
    return problems;
  }

  /** Problems of a reply against its operation's responses. */
  reply(route: Route, exchange: Exchange): string[] {
    const responses = route.operation.responses;
    const status = String(exchange.status);
    const declared = responses[status] ?? responses[`${status[0]}XX`] ?? responses.default;
    if (!declared) return [`reply: status ${status} is not documented (documented: ${Object.keys(responses).join(', ')})`];
    const response = resolve(this.doc, declared);
    if (!response.content) return exchange.replyText ? [`reply: status ${status} is documented without a body, but one came`] : [];
    const type = exchange.replyHeaders.get('content-type') ?? '';
    const documented = mediaTypeIn(response.content, type);
    if (!documented) return [`reply: content type "${type}" is not documented for ${status} (documented: ${Object.keys(response.content).join(', ')})`];
    const schema = response.content[documented]?.schema;
    if (!schema || !/json/.test(documented)) return [];
    const { value, error } = parseJson(exchange.replyText);
    if (error) return [`reply: not JSON: ${error}`];
    return this.validate(schema, value, `reply ${status}`, false);
  }

  private parameters(route: Route, exchange: Exchange, query: Record<string, unknown>): string[] {
    const problems: string[] = [];
    for (const listed of route.operation.parameters ?? []) {
      const parameter = resolve<Parameter>(this.doc, listed);
      const raw = this.parameterValue(parameter, route, exchange, query);
      if (raw === undefined) {
        if (parameter.required) problems.push(`request: the ${parameter.in} parameter ${parameter.name} is required`);
        continue;
      }
      const where = `request ${parameter.in} parameter ${parameter.name}`;
      if (parameter.content) {
        const [type, media] = Object.entries(parameter.content)[0]!;
        const { value, error } = /json/.test(type) && typeof raw === 'string' ? parseJson(raw) : { value: raw };
        if (error) problems.push(`${where}: not JSON: ${error}`);
        else if (media.schema) problems.push(...this.validate(media.schema, value, where, false));
      } else if (parameter.schema) {
        problems.push(...this.validate(parameter.schema, raw, where, true));
      }
    }
    return problems;
  }

  private parameterValue(parameter: Parameter, route: Route, exchange: Exchange, query: Record<string, unknown>): unknown {
    if (parameter.in === 'path') {
      const value = route.params[parameter.name];
      return value === undefined ? undefined : decodeURIComponent(value);
    }
    if (parameter.in === 'query') return query[parameter.name];
    if (parameter.in === 'header') return exchange.headers[parameter.name.toLowerCase()];
    return undefined;
  }

  private requestBody(route: Route, exchange: Exchange): string[] {
    const documented = route.operation.requestBody;
    if (exchange.body === undefined || exchange.body === '') {
      return documented?.required ? ['request: a body is required'] : [];
    }
    if (!documented) return ['request: a body was sent, but the operation documents none'];
    const type = exchange.headers['content-type'] ?? 'application/octet-stream';
    const media = mediaTypeIn(documented.content, type);
    if (!media) return [`request: content type "${type}" is not documented (documented: ${Object.keys(documented.content).join(', ')})`];
    return this.bodyProblems(documented.content, media, exchange.body);
  }

  private bodyProblems(content: MediaTypes, media: string, body: string): string[] {
    const schema = content[media]?.schema;
    if (!schema) return [];
    if (media === 'application/x-www-form-urlencoded') return this.validate(schema, Object.fromEntries(new URLSearchParams(body)), 'request body', false);
    if (!/json/.test(media)) return [];
    const { value, error } = parseJson(body);
    return error ? [`request body: not JSON: ${error}`] : this.validate(schema, value, 'request body', false);
  }

  /** Whether a request carries credentials of a scheme its operation lists (or a body `k`). */
  private credentialsPresent(route: Route, exchange: Exchange, query: Record<string, unknown>): boolean {
    const security = route.operation.security ?? [];
    if (security.length === 0 || security.some((requirement) => Object.keys(requirement).length === 0)) return true;
    const schemes = this.doc.components.securitySchemes ?? {};
    const cookies = exchange.headers.cookie ?? '';
    const present = security.some((requirement) =>
      Object.keys(requirement).every((name) => {
        const scheme = schemes[name];
        if (scheme?.type === 'http') return /^bearer\s/i.test(exchange.headers.authorization ?? '');
        if (scheme?.in === 'header') return exchange.headers[scheme.name!.toLowerCase()] !== undefined;
        if (scheme?.in === 'cookie') return new RegExp(`(^|;\\s*)${scheme.name}=`).test(cookies);
        if (scheme?.in === 'query') return query[scheme.name!] !== undefined;
        return false;
      }),
    );
    // Fields `k`/`i` in a body are documented in the body's schema and the scheme's description.
    return present || /(^|[&"{,\s])k("\s*:|=)/.test(exchange.body ?? '');
  }

  private validate(schema: Schema, value: unknown, where: string, coerce: boolean): string[] {
    const cache = coerce ? this.compiledCoercing : this.compiled;
    let check = cache.get(schema);
    if (!check) {
      check = (coerce ? this.coercing : this.plain).compile({ ...schema, components: this.doc.components });
      cache.set(schema, check);
    }
    // Coercion changes the value it checks: give it a copy.
    if (check(coerce ? structuredClone(value) : value)) return [];
    return (check.errors ?? []).slice(0, 8).map((e) => `${where}${e.instancePath ? ` at ${e.instancePath}` : ''}: ${e.message ?? 'invalid'}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
  }
}
