// The gateway: the only HTTP surface. It authenticates the caller from the session store (no bus
// hop on the hot path), validates input against the operation's contract, sends the operation over
// the bus with the caller's principal, and answers in the OpenBroadcaster envelope.
import { randomUUID } from 'node:crypto';
import { parseCookie } from 'cookie';
import cors from '@fastify/cors';
import type { Bus } from '@airwave/bus';
import {
  account,
  accountMore,
  AirwaveError,
  forbidden,
  authorize,
  busHeaders,
  failure,
  healthOf,
  httpOperations,
  creationRoutes,
  isNewRecordId,
  httpStatusByCode,
  ok,
  okJson,
  services,
  unauthenticated,
  validationError,
  type Operation,
  buildOpenApiDocument,
  type ExtraRoute,
  type Principal,
  type PrincipalProfile,
} from '@airwave/contracts';
import { LazyChildLogger, prebuiltInfoLine, type Logger } from '@airwave/logging';
import type { SessionStore } from '@airwave/sessions';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Metrics } from '@airwave/metrics';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { appKeyAllows, type Endpoint } from './appkeys';
import { ModuleRoutes } from './module-routes';
import { traceIdOf, traceparentOf } from './trace';
import { readCredentials } from './credentials';
import { inputKeys } from './input-keys';
import { parseQueryString } from './query-string';
import { unwrapFormData } from './form-data';

export interface GatewayOptions {
  bus: Bus;
  sessions: SessionStore;
  logger: Logger;
  /** Largest request body in bytes (default 1 MiB). */
  bodyLimit?: number;
  /** Origins allowed to call the API from a browser (CORS); none by default. */
  corsOrigins?: string[];
  requestTimeoutMs?: number;
  /** Seconds clients are told to wait after a 503 (Retry-After). */
  retryAfterSeconds?: number;
  /** Extra readiness checks of the process (e.g. its database in the embedded default). */
  readinessChecks?: Record<string, () => Promise<void>>;
  /** Services whose health answer readiness requires (default: all). */
  requiredServices?: readonly string[];
  /** Prometheus metrics of this process (served at /metrics). */
  metrics?: Metrics;
  /** Extra routes (plugins such as file transfer) to document in the OpenAPI document. */
  extraRoutes?: ExtraRoute[];
  /** Operations of every discovered module, by module name; routed while the module is installed. */
  moduleOperations?: Map<string, Operation[]>;
  /** Registers plugins (e.g. media file transfer) before the catch-all handlers. */
  plugins?: ((app: FastifyInstance, helpers: GatewayHelpers) => Promise<void>)[];
}

/** What a gateway plugin gets to authenticate and call the bus like the gateway's own routes. */
export interface GatewayHelpers {
  bus: Bus;
  /** Resolves the caller (null when no credentials were presented); throws 401/403 like the gateway. */
  authenticate(request: FastifyRequest, fields?: Record<string, unknown>): Promise<Principal | null>;
  /** Bus headers (request id, trace context, client address) for a request. */
  busHeadersOf(request: FastifyRequest): Record<string, string>;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    traceparent: string;
  }
  interface FastifyInstance {
    airwaveRoutes: { method: string; url: string }[];
  }
}

const API = '/api/v2';
/** What Fastify sets for a JSON body it serialized itself. */
const JSON_TYPE = 'application/json; charset=utf-8';
/** Query parameters any operation takes besides its own: credentials and jQuery's cache buster. */
const ALWAYS_ALLOWED_PARAMETERS: ReadonlySet<string> = new Set(['i', 'k', '_']);

/** Headers on every reply of the gateway. */
const securityHeaders = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
};

/** Deepest nesting of arrays and objects accepted in a JSON body. */
export const MAX_JSON_DEPTH = 100;

/** Whether a value (keys included) holds a string with U+0000 anywhere inside it. */
export function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) {
    for (const inner of value) if (holdsNul(inner)) return true;
    return false;
  }
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    if (key.includes('\u0000') || holdsNul((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

/** Whether JSON text nests arrays or objects deeper than `max` (strings are skipped). */
export function jsonDepthExceeds(text: string, max: number): boolean {
  if (text.length <= max) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return false;
}

export async function createGateway(options: GatewayOptions): Promise<FastifyInstance> {
  return (await buildGateway(options)) as unknown as FastifyInstance;
}

async function buildGateway(options: GatewayOptions) {
  const { bus, sessions } = options;
  const retryAfter = String(options.retryAfterSeconds ?? 5);
  const app = Fastify({
    loggerInstance: options.logger,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    requestIdHeader: 'x-request-id',
    // PHP's bracket notation (`q[mode]=advanced`), as OpenBroadcaster's clients send it.
    querystringParser: parseQueryString,
    genReqId: () => randomUUID(),
    return503OnClosing: true,
    // Fastify's own request lines would log the raw URL, where old clients put `k=<key>`; the
    // gateway logs each request itself, with secrets removed from the URL.
    logController: new LogController({ disableRequestLogging: true }),
    // `request.log` becomes a pino child only when something logs through it (errors, Fastify's
    // own warnings): a child for every request cost several microseconds (pino serialises the
    // bindings and rebuilds its level methods for each child).
    childLoggerFactory: (logger, bindings, childOptions) => new LazyChildLogger(logger as Logger, bindings, childOptions) as unknown as Logger,
    // On close: in-flight requests finish, idle keep-alive connections are closed at once.
    forceCloseConnections: 'idle',
    // A URL that cannot be decoded (`%zz`, `%FF`, an encoded lone surrogate) is a 400 in the
    // envelope, like every other refusal, not Fastify's own error body.
    frameworkErrors: (_error, _request, reply) => {
      const plain = reply as unknown as FastifyReply;
      void plain.code(400).headers(securityHeaders).send(failure('The URL is not valid.', { code: 'bad_request' }));
    },
    // Errors of the HTTP parser (headers too large, garbage instead of HTTP) happen before any
    // request exists: answer the envelope on the raw socket.
    clientErrorHandler: (error, socket) => {
      if ((error as { code?: string }).code === 'ECONNRESET' || socket.destroyed) return;
      const code = (error as { code?: string }).code;
      const [status, reason, msg] =
        code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'Request Header Fields Too Large', 'The request headers are too large.']
          : code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? [408, 'Request Timeout', 'The request took too long to arrive.']
            : [400, 'Bad Request', 'The request is not valid HTTP.'];
      const body = JSON.stringify(failure(msg, { code: 'bad_request' }));
      if (socket.writable) {
        socket.write(`HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`);
      }
      socket.destroy(error);
    },
  });
  app.decorateRequest('principal', null);
  app.decorateRequest('traceparent', '');
  // Cookies are read only to find credentials, and only when no Authorization header is sent (see
  // authenticate): no cookie plugin hooks on every request.
  // CORS only for the configured origins; without any, replies carry no CORS headers at all, so
  // browsers refuse cross-origin calls.
  if (options.corsOrigins?.length) {
    await app.register(cors, {
      origin: options.corsOrigins,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['authorization', 'x-auth-id', 'x-auth-key', 'content-type', 'x-request-id', 'traceparent', 'range'],
      exposedHeaders: ['x-request-id', 'x-session-expiry', 'retry-after', 'traceparent', 'content-range', 'content-disposition'],
      credentials: true,
      maxAge: 600,
    });
  }

  // Every route the gateway serves, for the OpenAPI completeness test and diagnostics.
  const routes: { method: string; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
  });
  app.decorate('airwaveRoutes', routes);

  // Graceful close: requests in flight finish; their keep-alive connections are closed as soon as
  // they go idle (otherwise the server would wait for the clients' keep-alive timeout).
  let closing = false;
  let idleSweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    closing = true;
    idleSweep = setInterval(() => app.server.closeIdleConnections(), 50);
    idleSweep.unref();
  });
  app.addHook('onClose', async () => clearInterval(idleSweep));
  // Per-request hooks take callbacks rather than being async: no promise and microtask per hook.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  const metrics = options.metrics;
  // One access line per request, with the request id and trace id as fields (what a child logger
  // would add), its JSON written here: the id is checked (onRequest), the trace id is hex, the URL
  // has its credentials removed and is escaped, the rest are numbers and Node's method token.
  const accessLine = prebuiltInfoLine(options.logger, 'request completed');
  app.addHook('onResponse', (request, reply, done) => {
    accessLine(() => {
      const userId = request.principal?.userId;
      return `"reqId":${JSON.stringify(request.id)},"traceId":"${traceIdOf(request.traceparent)}","method":${JSON.stringify(request.method)},"url":${JSON.stringify(redactUrl(request.url))},"status":${reply.statusCode},"ms":${Math.round(reply.elapsedTime)}${userId === undefined ? '' : `,"userId":${userId}`}`;
    });
    metrics?.recordHttp(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  // JSON bodies: Fastify's parser (prototype poisoning refused), but nothing nested deeper than
  // MAX_JSON_DEPTH, which could only exhaust the stack of whatever walks the value later.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepthExceeds(body as string, MAX_JSON_DEPTH)) {
      done(new AirwaveError('bad_request', `The request body is nested deeper than ${MAX_JSON_DEPTH} levels.`), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });

  // Form bodies (some OpenBroadcaster clients post them) become plain objects like JSON bodies.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.addHook('onRequest', (request, reply, done) => {
    // Accept a caller's request id only when it is short and plain; it travels to the services.
    if (!/^[A-Za-z0-9._-]{1,128}$/.test(request.id)) request.id = randomUUID();
    reply.header('x-request-id', request.id);
    // W3C trace context: continue the caller's trace or start one; it crosses the bus in headers.
    request.traceparent = traceparentOf(request.headers.traceparent);
    reply.header('traceparent', request.traceparent);
    reply.headers(securityHeaders);
    done();
  });

  app.setErrorHandler((error, request, reply) => sendError(request, reply, toAirwaveError(error, request)));
  app.setNotFoundHandler((request, reply) => {
    void reply.code(404).send(failure(`No route ${request.method} ${request.url.split('?')[0]}.`, { code: 'not_found' }));
  });

  function toAirwaveError(error: unknown, request: FastifyRequest): AirwaveError {
    if (AirwaveError.is(error)) return error;
    const fastifyError = error as { statusCode?: number; code?: string; message?: string };
    if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new AirwaveError('payload_too_large', 'The request body is too large.');
    if (fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return new AirwaveError('bad_request', 'Unsupported content type; send JSON.');
    if (fastifyError.statusCode === 400 || fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return new AirwaveError('bad_request', /JSON/i.test(fastifyError.message ?? '') ? 'The request body is not valid JSON.' : 'Bad request.');
    }
    if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      return new AirwaveError('bad_request', 'Bad request.');
    }
    request.log.error({ err: error }, 'Unhandled error');
    return new AirwaveError('internal', 'Internal error.');
  }

  function sendError(request: FastifyRequest, reply: FastifyReply, error: AirwaveError) {
    const status = httpStatusByCode[error.code];
    if (status === 503) reply.header('retry-after', retryAfter);
    if (status === 429) {
      const seconds = (error.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
      reply.header('retry-after', String(typeof seconds === 'number' && seconds > 0 ? Math.ceil(seconds) : 60));
    }
    if (status >= 500) request.log.warn({ code: error.code, message: error.message }, 'Request failed');
    const data = error.details === undefined ? { code: error.code } : { code: error.code, details: error.details };
    return reply.code(status).send(failure(error.message, data));
  }

  /** Resolves the caller from the presented credentials; null when none were presented. */
  async function authenticate(
    request: FastifyRequest,
    fields: Record<string, unknown>,
  ): Promise<{ principal: Principal; expiresAt?: number } | null> {
    const credentials = readCredentials({
      xAuthId: request.headers['x-auth-id'],
      xAuthKey: request.headers['x-auth-key'],
      authorization: request.headers.authorization,
      cookies: () => (request.headers.cookie ? parseCookie(request.headers.cookie) : {}),
      fields,
    });
    if (!credentials) return null;
    if (credentials.kind === 'malformed') throw unauthenticated('Malformed credentials.');
    if (credentials.kind === 'appkey') {
      const found = (await bus.request(
        accountMore.keyAuthenticate.subject,
        { input: { id: credentials.keyId, key: credentials.key }, principal: null },
        { headers: { [busHeaders.requestId]: request.id } },
      )) as { profile: PrincipalProfile; endpoints: Endpoint[] } | null;
      if (!found) throw unauthenticated('Invalid or expired credentials.');
      const path = request.url.split('?')[0]!.slice(API.length) || '/';
      if (!appKeyAllows(found.endpoints, request.method, path)) {
        throw forbidden('This app key is not allowed to call this endpoint.', { method: request.method, path });
      }
      // An app key acts with its owner's rights and never more.
      return { principal: { ...found.profile, via: 'appkey', appKeyId: credentials.keyId } };
    }
    const found = await sessions.authenticate(credentials.key);
    if (!found || (credentials.userId !== undefined && credentials.userId !== found.session.userId)) {
      throw unauthenticated('Invalid or expired credentials.');
    }
    let profile = found.profile;
    if (!profile) {
      profile = (await bus.request(account.principal.subject, { input: { userId: found.session.userId }, principal: null }, {
        headers: { [busHeaders.requestId]: request.id },
      })) as typeof profile;
      if (!profile) throw unauthenticated('Invalid or expired credentials.');
    }
    return { principal: { ...profile, via: 'session', sessionId: found.session.id }, expiresAt: found.session.expiresAt };
  }

  function busHeadersOf(request: FastifyRequest): Record<string, string> {
    return { [busHeaders.requestId]: request.id, [busHeaders.traceparent]: request.traceparent, 'x-client-address': request.ip };
  }

  async function runOperation(op: Operation, request: FastifyRequest, reply: FastifyReply, params: Record<string, unknown>, creating = false) {
        const http = op.http!;
        // GET: the query string. DELETE: the query string, and a JSON body when one is sent.
        // Others: the body.
        const body = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : {};
        const source =
          http.method === 'GET'
            ? (request.query ?? {})
            : http.method === 'DELETE'
              ? { ...((request.query ?? {}) as Record<string, unknown>), ...body }
              : (request.body ?? {});
        if (typeof source !== 'object' || Array.isArray(source)) throw new AirwaveError('bad_request', 'The request body must be a JSON object.');
        const { i: _i, k: _k, ...fields } = unwrapFormData(source as Record<string, unknown>);
        // A creation route (creation.ts): the id a client sends for a record not yet made means none.
        if (creating && isNewRecordId(fields.id)) delete fields.id;
        const caller = await authenticate(request, source as Record<string, unknown>);
        const principal = caller?.principal ?? null;
        request.principal = principal;
        // The session's new expiry (Unix seconds), after sliding forward on this use.
        if (caller?.expiresAt) reply.header('x-session-expiry', String(caller.expiresAt));
        authorize(op, principal);
        if (http.method === 'GET' || http.method === 'DELETE') refuseUnknownParameters(op, fields, params);
        // Validate here to answer 400 without a bus hop, but send the input as the client wrote it:
        // the service parses it with the same contract (parsing is not idempotent: transforms).
        const raw = { ...fields, ...params };
        const input = op.input.safeParse(raw);
        if (!input.success) throw validationError(input.error);
        // PostgreSQL text cannot hold U+0000: refuse it here rather than fail in a service (the
        // parsed input too: JSON inside a query parameter may hold it as an escape).
        if (holdsNul(raw) || holdsNul(input.data)) throw new AirwaveError('bad_request', 'Invalid input: text must not contain NUL characters (U+0000).');
        // The reply's data as the service serialized it, written into the envelope as it is: parsing
        // it and serializing it again was a fifth of the gateway's CPU on large replies (/shows).
        const data = await bus.requestJson(
          op.subject,
          { input: raw, principal },
          {
            headers: busHeadersOf(request),
            ...(options.requestTimeoutMs ? { timeoutMs: options.requestTimeoutMs } : {}),
          },
        );
        // This replica learns of its own module changes at once; others follow the announcement.
        if (op.subject.startsWith('modules.') && http.method !== 'GET') moduleRoutes.invalidate();
        return reply.type(JSON_TYPE).send(okJson(data, op.successMessage));
  }

  /**
   * A query parameter the operation does not read is a 400, never dropped: a misspelt filter must
   * not widen a search. Credentials (`i`, `k`) and jQuery's cache buster (`_`) are always allowed.
   */
  function refuseUnknownParameters(op: Operation, query: unknown, params: Record<string, unknown>) {
    const known = inputKeys(op.input);
    if (!known || !query || typeof query !== 'object') return;
    const unknown = Object.keys(query).filter((name) => !known.has(name) && !(name in params) && !ALWAYS_ALLOWED_PARAMETERS.has(name));
    if (unknown.length > 0) {
      throw new AirwaveError('bad_request', `Invalid input: unknown query parameter${unknown.length > 1 ? 's' : ''} ${unknown.slice(0, 5).join(', ')}`, {
        issues: unknown.slice(0, 20).map((name) => ({ path: name, message: 'is not a parameter of this endpoint' })),
      });
    }
  }

  function register(op: Operation) {
    app.route({
      method: op.http!.method,
      url: `${API}${op.http!.path}`,
      handler: (request, reply) => runOperation(op, request, reply, request.params as Record<string, unknown>, op.http!.creates === true),
    });
  }

  for (const op of httpOperations()) register(op);
  // POST /x, PUT /x and PUT /x/0 all create, for every resource (docs/decisions/api-conventions.md).
  for (const route of creationRoutes()) {
    app.route({
      method: route.method,
      url: `${API}${route.path}`,
      handler: (request, reply) => runOperation(route.op, request, reply, route.params, true),
    });
  }

  const helpers: GatewayHelpers = {
    bus,
    busHeadersOf,
    authenticate: async (request, fields = {}) => (await authenticate(request, fields))?.principal ?? null,
  };
  for (const plugin of options.plugins ?? []) await plugin(app as unknown as FastifyInstance, helpers);

  // OpenBroadcaster answers the bare JSON string "pong", outside the envelope; its clients check for it.
  app.get(`${API}/ping`, async (_request, reply) => reply.type(JSON_TYPE).send('"pong"'));

  // Routes of installed modules: they come and go at run time, so one catch-all route under the
  // API resolves them against the modules currently installed (every route above wins over it).
  const moduleRoutes = new ModuleRoutes(bus, options.moduleOperations ?? new Map(), options.logger);
  await moduleRoutes.start();
  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: `${API}/*`,
    handler: async (request, reply) => {
      const path = request.url.split('?')[0]!.slice(API.length);
      const match = await moduleRoutes.match(request.method, path);
      if (!match) {
        return reply.code(404).send(failure(`No route ${request.method} ${request.url.split('?')[0]}.`, { code: 'not_found' }));
      }
      return runOperation(match.op, request, reply, match.params);
    },
  });
  app.addHook('onClose', async () => moduleRoutes.stop());

  const extraRoutes: ExtraRoute[] = [
    { method: 'GET', path: `${API}/ping`, summary: 'Answers the bare JSON string "pong" (no envelope), as OpenBroadcaster does', tag: 'Server', bare: { const: 'pong' } },
    { method: 'GET', path: `${API}/openapi.json`, summary: 'This document', tag: 'Server', contentType: 'application/json' },
    { method: 'GET', path: '/healthz', summary: 'Liveness: the process is up', tag: 'Server', data: { type: 'object' } },
    { method: 'GET', path: '/readyz', summary: 'Readiness: bus, session store, database and every service answer', tag: 'Server', data: { type: 'object' } },
    { method: 'GET', path: '/metrics', summary: 'Prometheus metrics', tag: 'Server', contentType: 'text/plain' },
    ...(options.extraRoutes ?? []),
  ];
  const document = buildOpenApiDocument(extraRoutes);
  // The document includes the routes of the modules installed right now.
  app.get(`${API}/openapi.json`, async (_request, reply) => {
    const current = moduleRoutes.installedOperations();
    return reply.header('cache-control', 'no-cache').send(current.length ? buildOpenApiDocument(extraRoutes, {}, current) : document);
  });
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  app.get('/metrics', async (_request, reply) => {
    if (!metrics) return reply.code(404).send(failure('Metrics are not enabled.', { code: 'not_found' }));
    return reply.header('content-type', metrics.registry.contentType).send(await metrics.registry.metrics());
  });

  app.get('/healthz', async () => ok({ alive: true }));
  app.get('/readyz', async (_request, reply) => {
    const checks: Record<string, boolean> = {};
    const run = async (name: string, check: () => Promise<unknown>) => {
      checks[name] = await check().then(
        () => true,
        () => false,
      );
    };
    const required = options.requiredServices ?? services;
    await Promise.all([
      run('bus', () => bus.ping(2000)),
      run('sessions', () => sessions.ping()),
      ...Object.entries(options.readinessChecks ?? {}).map(([name, check]) => run(name, check)),
      ...required.map((service) =>
        run(`service:${service}`, async () => {
          const health = (await bus.request(healthOf(service).subject, { input: {}, principal: null }, { timeoutMs: 2000 })) as { ok: boolean };
          if (!health.ok) throw new Error('unhealthy');
        }),
      ),
    ]);
    const ready = Object.values(checks).every(Boolean);
    if (!ready) reply.header('retry-after', retryAfter);
    return reply.code(ready ? 200 : 503).send(ready ? ok(checks, 'ready') : failure('not ready', checks));
  });

  return app;
}

/** Removes credential values (`k`, `key`, `token`, `password`) from a URL's query string. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:k|key|token|password|i)=)[^&#]*/gi, '$1[redacted]');
}
