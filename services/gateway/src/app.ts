// The gateway: the only HTTP surface. It authenticates the caller from the session store (no bus
// hop on the hot path), validates input against the operation's contract, sends the operation over
// the bus with the caller's principal, and answers in the OpenBroadcaster envelope.
//
// Each concern is a Fastify plugin of its own (./plugins), registered here in the order a request
// meets them; the order matters where hooks and handlers must exist before the routes.
import type { Bus } from '@airwave/bus';
import type { ExtraRoute, Operation, Principal } from '@airwave/contracts';
import { LazyChildLogger, type Logger } from '@airwave/logging';
import type { Metrics } from '@airwave/metrics';
import { sealingBus, type PrincipalSealer } from '@airwave/service-kit';
import type { SessionStore } from '@airwave/sessions';
import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';
import { ModuleRoutes } from './module-routes';
import { operationRunner } from './operation-runner';
import { createSessionCache } from './session-cache';
import accessLog from './plugins/access-log';
import apiDocs from './plugins/api-docs';
import apiRoutes from './plugins/api-routes';
import authentication from './plugins/authentication';
import bodyParsing from './plugins/body-parsing';
import calendarFeeds from './plugins/calendar-feeds';
import reportDownloads from './plugins/report-downloads';
import icecastListeners from './icecast/plugin';
import consolePlugin from './plugins/console';
import cors from './plugins/cors';
import errors, { clientErrorHandler, frameworkErrors } from './plugins/errors';
import gracefulClose from './plugins/graceful-close';
import health from './plugins/health';
import nowPlayingStream from './now-playing/plugin';
import requestContext, { busHeadersOf, newRequestId } from './plugins/request-context';
import routeCatalog from './plugins/route-catalog';
import { parseQueryString } from './query-string';
import type { OpenFile } from './remote/actions';
import remote from './remote/plugin';
import type { PlayerThrottleNumbers } from './remote/throttle';

export interface GatewayOptions {
  bus: Bus;
  /** Seals the caller's principal on every request the gateway sends (docs/decisions/bus-security.md). */
  sealer: PrincipalSealer;
  sessions: SessionStore;
  logger: Logger;
  /** Largest request body in bytes (default 1 MiB). */
  bodyLimit?: number;
  /** Origins allowed to call the API from a browser (CORS); none by default. */
  corsOrigins?: string[];
  /**
   * Reverse proxies whose X-Forwarded-For is believed (TRUSTED_PROXIES: addresses, CIDR ranges or
   * proxy-addr's named ranges). None by default: the client address is the connection's, so a
   * forged X-Forwarded-For can neither dodge nor frame in the login throttle and the audit trail.
   */
  trustedProxies?: string[];
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
  /** Registers plugins (e.g. media file transfer) beside the gateway's own routes. */
  plugins?: ((app: FastifyInstance, helpers: GatewayHelpers) => Promise<void>)[];
  /** Opens a media file by its storage key, for OB Player's downloads (remote.php `action=media`). */
  openMediaFile?: OpenFile;
  /** The login throttle's numbers for player syncs (remote.php). */
  playerThrottle?: PlayerThrottleNumbers;
  /** Milliseconds between the now-playing stream's heartbeats (default 15 s). */
  nowPlayingHeartbeatMs?: number;
  /** Milliseconds a now-playing stream lasts before the client must reconnect (default 10 min). */
  nowPlayingMaxAgeMs?: number;
  /** The station console's built files, served at `/` (plugins/console.ts); undefined: not served. */
  consoleDir?: string | null;
}

/** What a gateway plugin gets to authenticate and call the bus like the gateway's own routes. */
export interface GatewayHelpers {
  bus: Bus;
  /** Resolves the caller (null when no credentials were presented); throws 401/403 like the gateway. */
  authenticate(request: FastifyRequest, fields?: Record<string, unknown>): Promise<Principal | null>;
  /** Bus headers (request id, trace context, client address) for a request. */
  busHeadersOf(request: FastifyRequest): Record<string, string>;
}

/** Fastify itself: limits, ids, the query-string and logging choices, errors before any route. */
function fastifyFor(options: GatewayOptions): FastifyInstance {
  const app = Fastify({
    loggerInstance: options.logger,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: newRequestId,
    // request.ip: the connection's address, or the client's as trusted proxies report it.
    trustProxy: options.trustedProxies?.length ? options.trustedProxies : false,
    // PHP's bracket notation (`q[mode]=advanced`), as OpenBroadcaster's clients send it.
    routerOptions: { querystringParser: parseQueryString },
    // Requests arriving while closing are refused by graceful-close, in the envelope.
    return503OnClosing: false,
    // Fastify's own request lines would log the raw URL, where old clients put `k=<key>`; the
    // access-log plugin writes each request's line, with secrets removed from the URL.
    logController: new LogController({ disableRequestLogging: true }),
    // `request.log` becomes a pino child only when something logs through it: a child for every
    // request cost several microseconds (pino serialises the bindings for each child).
    childLoggerFactory: (logger, bindings, childOptions) => new LazyChildLogger(logger as Logger, bindings, childOptions) as unknown as Logger,
    // On close: in-flight requests finish, idle keep-alive connections are closed at once.
    forceCloseConnections: 'idle',
    frameworkErrors,
    clientErrorHandler,
  });
  return app as unknown as FastifyInstance;
}

export async function createGateway(options: GatewayOptions): Promise<FastifyInstance> {
  const { sessions } = options;
  const bus = sealingBus(options.bus, options.sealer);
  const retryAfterSeconds = options.retryAfterSeconds ?? 5;
  const app = fastifyFor(options);
  await app.register(requestContext);
  await app.register(cors, { origins: options.corsOrigins ?? [] });
  await app.register(routeCatalog);
  await app.register(gracefulClose, { retryAfterSeconds });
  await app.register(accessLog, { logger: options.logger, metrics: options.metrics });
  await app.register(bodyParsing);
  await app.register(errors, { retryAfterSeconds });
  const sessionCache = createSessionCache(sessions);
  const following = await sessionCache.follow(bus);
  app.addHook('onClose', async () => following.unsubscribe());
  await app.register(authentication, { bus, sessions, cache: sessionCache });

  const moduleRoutes = new ModuleRoutes(bus, options.moduleOperations ?? new Map(), options.logger);
  const runOperation = operationRunner({
    bus,
    sessions,
    identifyCaller: app.identifyCaller,
    requestTimeoutMs: options.requestTimeoutMs,
    onModulesChanged: () => moduleRoutes.invalidate(),
    onAccountChanged: () => sessionCache.clear(),
  });
  await app.register(apiRoutes, { runOperation, moduleRoutes });
  await app.register(calendarFeeds, { bus, requestTimeoutMs: options.requestTimeoutMs });
  await app.register(reportDownloads, { bus, requestTimeoutMs: options.requestTimeoutMs });
  await app.register(icecastListeners, { bus, requestTimeoutMs: options.requestTimeoutMs });
  await app.register(nowPlayingStream, { bus, logger: options.logger, requestTimeoutMs: options.requestTimeoutMs, heartbeatMs: options.nowPlayingHeartbeatMs, maxAgeMs: options.nowPlayingMaxAgeMs });
  await app.register(remote, { bus, sessions, requestTimeoutMs: options.requestTimeoutMs, throttle: options.playerThrottle, openMediaFile: options.openMediaFile });
  const helpers: GatewayHelpers = {
    bus,
    busHeadersOf,
    authenticate: async (request, fields = {}) => (await app.identifyCaller(request, fields))?.principal ?? null,
  };
  for (const plugin of options.plugins ?? []) await plugin(app, helpers);
  await app.register(apiDocs, { moduleRoutes, extraRoutes: options.extraRoutes });
  await app.register(health, { bus, sessions, retryAfterSeconds, readinessChecks: options.readinessChecks, requiredServices: options.requiredServices });
  if (options.consoleDir !== undefined) await app.register(consolePlugin, { root: options.consoleDir });
  return app;
}
