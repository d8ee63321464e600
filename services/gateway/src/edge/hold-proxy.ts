// The edge: a small HTTP proxy that owns the station's published port and holds each request until
// a gateway takes it. A gateway restarting (a new image, a crash, `docker compose restart`) is away
// for seconds; without the edge, Docker's port proxy accepted the listeners' and clients' connections
// in that time and reset them (issue 42: 17 resets 0.7–1.5 s after a restart). With it, a request
// waits for the new gateway (up to `holdMs`), then goes on as if nothing had happened; only after
// `holdMs` is it answered 503 with Retry-After, in the API's envelope.
//
// Each request gets its own connection to the gateway, made before a byte of it is read: a
// connection that cannot be made has sent nothing, so trying again is always safe, even for an
// upload. Once the gateway has the request, the edge only copies bytes both ways.
import http from 'node:http';
import net from 'node:net';
import { failure } from '@airwave/contracts';

export interface HoldProxyOptions {
  /** Where the gateway listens. */
  upstream: { host: string; port: number };
  /** How long a request waits for a gateway that is away before it is answered 503. */
  holdMs: number;
  /** How often a connection to the gateway is tried again while it is away (default 100 ms). */
  retryMs?: number;
  /** Seconds a client is told to wait after the 503 (Retry-After). */
  retryAfterSeconds?: number;
  /** Told of each request that waited for the gateway, with how long (a log line). */
  onHeld?: (ms: number, answered: boolean) => void;
}

/** Headers of one connection, not of the request: never passed on (RFC 9110, 7.6.1). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

/** Errors that say the connection was never made: nothing of the request reached a gateway. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'ECONNRESET']);

function passedOn(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase()),
  );
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name) && !named.has(name)));
}

/** The client's address appended to what earlier proxies said (the gateway's TRUSTED_PROXIES reads it). */
function forwardedFor(request: http.IncomingMessage): string {
  const earlier = request.headers['x-forwarded-for'];
  const address = request.socket.remoteAddress ?? '';
  return [earlier, address].filter(Boolean).join(', ');
}

/** A connection to the gateway, tried again every `retryMs` until `deadline`; undefined after it. */
async function connectWithin(options: Required<Pick<HoldProxyOptions, 'upstream' | 'retryMs'>>, deadline: number, abandoned: () => boolean): Promise<net.Socket | undefined> {
  for (;;) {
    const socket = await new Promise<net.Socket | NodeJS.ErrnoException>((resolve) => {
      const attempt = net.connect(options.upstream.port, options.upstream.host);
      // A connection that opens at all opens in milliseconds beside the gateway.
      attempt.setTimeout(Math.max(100, Math.min(1000, deadline - Date.now())), () => attempt.destroy(Object.assign(new Error('connect timed out'), { code: 'ETIMEDOUT' })));
      attempt.once('connect', () => {
        attempt.setTimeout(0);
        attempt.removeAllListeners('error');
        resolve(attempt);
      });
      attempt.once('error', (error) => resolve(error));
    });
    if (socket instanceof net.Socket) return socket;
    if (!NOT_CONNECTED.has(socket.code ?? '')) throw socket;
    if (abandoned() || Date.now() + options.retryMs > deadline) return undefined;
    await new Promise((resolve) => setTimeout(resolve, options.retryMs));
  }
}

function answerUnavailable(response: http.ServerResponse, retryAfterSeconds: number, message: string, details: Record<string, unknown> = {}): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const body = JSON.stringify(failure(message, { code: 'unavailable', ...(Object.keys(details).length ? { details } : {}) }));
  response.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'retry-after': String(retryAfterSeconds), 'content-length': Buffer.byteLength(body) });
  response.end(body);
}

/** A refusal the gateway marks as unprocessed (its graceful close: plugins/graceful-close.ts): safe to send again. */
export const UNPROCESSED = 'x-airwave-unprocessed';
/** A body up to this size is kept while it is passed on, so that a request refused unprocessed can be sent again. */
const REPLAYABLE_BYTES = 256 * 1024;

/** The request's body as it is passed on, kept while small: whole once the request has ended, null if too big. */
function keptBody(request: http.IncomingMessage): () => Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  const ended = new Promise<void>((resolve) => request.once('end', resolve).once('close', resolve));
  request.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= REPLAYABLE_BYTES) chunks.push(chunk);
  });
  return async () => {
    await ended;
    return size <= REPLAYABLE_BYTES && request.complete ? Buffer.concat(chunks) : null;
  };
}

/**
 * Passes one request to the gateway over `socket` and its response back. A gateway closing refuses
 * a request that came on a connection it had just accepted, unprocessed (503, marked): then the
 * request is sent again over `reconnect`'s connection (to the new gateway), its body kept for it.
 */
function relay(request: http.IncomingMessage, response: http.ServerResponse, socket: net.Socket, retryAfterSeconds: number, reconnect: () => Promise<net.Socket | undefined>, body: Buffer | null = null): void {
  const kept = body === null ? keptBody(request) : async () => body;
  let retrying = false;
  const upstream = http.request({
    createConnection: () => socket,
    method: request.method,
    path: request.url,
    headers: { ...passedOn(request.headers), 'x-forwarded-for': forwardedFor(request), connection: 'close' },
  });
  upstream.on('response', (answer) => {
    if (answer.statusCode === 503 && answer.headers[UNPROCESSED] === '1') {
      retrying = true;
      answer.resume();
      // the rest of the body is still read (and kept) once the refused connection stops taking it
      request.unpipe(upstream);
      request.resume();
      void kept().then(async (whole) => {
        const next = whole === null ? undefined : await reconnect();
        if (whole === null || !next) return answerUnavailable(response, retryAfterSeconds, 'The API is restarting; try again shortly.');
        relay(request, response, next, retryAfterSeconds, reconnect, whole);
      });
      return;
    }
    response.writeHead(answer.statusCode ?? 502, answer.statusMessage, passedOn(answer.headers));
    answer.pipe(response);
    answer.on('error', () => response.destroy());
  });
  // The gateway had the request and went away before answering (it finishes what it has on a
  // graceful stop, so a crash): whether a write was made is not known here.
  upstream.on('error', () => {
    if (retrying) return;
    answerUnavailable(response, retryAfterSeconds, 'The API went away while answering; a change may have been made. Read it back, or retry with the same Idempotency-Key.', { outcome: 'unknown' });
  });
  response.on('close', () => {
    if (!response.writableFinished) upstream.destroy();
  });
  if (body === null) request.pipe(upstream);
  else upstream.end(body);
}

/** An HTTP server that passes every request to the gateway, holding it while the gateway is away. */
export function createHoldProxy(options: HoldProxyOptions): http.Server {
  const retryAfterSeconds = options.retryAfterSeconds ?? 5;
  const retryMs = options.retryMs ?? 100;
  const server = http.createServer((request, response) => {
    const started = Date.now();
    let gone = false;
    response.on('close', () => (gone = true));
    connectWithin({ upstream: options.upstream, retryMs }, started + options.holdMs, () => gone).then(
      (socket) => {
        const waited = Date.now() - started;
        if (waited >= retryMs) options.onHeld?.(waited, socket !== undefined);
        if (gone) return socket?.destroy();
        if (!socket) return answerUnavailable(response, retryAfterSeconds, 'The API is restarting; try again shortly.');
        relay(request, response, socket, retryAfterSeconds, () => connectWithin({ upstream: options.upstream, retryMs }, started + options.holdMs, () => gone).catch(() => undefined));
      },
      () => answerUnavailable(response, retryAfterSeconds, 'The API cannot be reached; try again shortly.'),
    );
  });
  // The gateway keeps its own limits on bodies and their time; the edge only guards the headers.
  server.requestTimeout = 0;
  server.headersTimeout = 60_000;
  return server;
}
