// The edge holds requests while the gateway is away and passes them on when it is back: no client
// sees a reset, an upload arrives whole, the client's address reaches the gateway, and a gateway
// away longer than the hold is answered 503 with Retry-After in the API's envelope.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHoldProxy, UNPROCESSED } from './hold-proxy';

/** A stand-in gateway: echoes the method, path, body length and X-Forwarded-For; streams on /stream. */
function standInGateway(): http.Server {
  return http.createServer((request, response) => {
    if (request.url === '/stream') {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      let n = 0;
      const tick = setInterval(() => {
        response.write(`data: ${n}\n\n`);
        n += 1;
        if (n === 3) {
          clearInterval(tick);
          response.end();
        }
      }, 20);
      return;
    }
    let bytes = 0;
    request.on('data', (chunk: Buffer) => (bytes += chunk.length));
    request.on('end', () => {
      const body = JSON.stringify({ method: request.method, path: request.url, bytes, forwardedFor: request.headers['x-forwarded-for'] ?? null, connection: request.headers.connection });
      response.writeHead(200, { 'content-type': 'application/json', 'keep-alive': 'timeout=99' });
      response.end(body);
    });
  });
}

const listen = (server: http.Server, port = 0) => new Promise<number>((resolve) => server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
const close = (server: http.Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

describe('the edge (hold proxy)', () => {
  const servers: http.Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).filter((s) => s.listening).map(close));
  });

  async function edgeFor(gatewayPort: number, holdMs: number) {
    const edge = createHoldProxy({ upstream: { host: '127.0.0.1', port: gatewayPort }, holdMs, retryMs: 50, retryAfterSeconds: 3 });
    servers.push(edge);
    return `http://127.0.0.1:${await listen(edge)}`;
  }

  it('passes requests and bodies on, with the client address in X-Forwarded-For', async () => {
    const gateway = standInGateway();
    servers.push(gateway);
    const base = await edgeFor(await listen(gateway), 5_000);
    const upload = new Uint8Array(3 * 1024 * 1024).fill(7);
    const answer = await fetch(`${base}/api/v2/uploads?x=1`, { method: 'POST', body: upload, headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(answer.status).toBe(200);
    // The gateway's connection headers stay on its own connection; the edge keeps the client's.
    expect(answer.headers.get('keep-alive')).not.toBe('timeout=99');
    expect(await answer.json()).toEqual({ method: 'POST', path: '/api/v2/uploads?x=1', bytes: upload.length, forwardedFor: '203.0.113.9, 127.0.0.1', connection: 'close' });
    const stream = await fetch(`${base}/stream`);
    expect(await stream.text()).toBe('data: 0\n\ndata: 1\n\ndata: 2\n\n');
  });

  it('holds requests while the gateway is away and answers every one once it is back: none reset', async () => {
    const gateway = standInGateway();
    servers.push(gateway);
    const gatewayPort = await listen(gateway);
    const base = await edgeFor(gatewayPort, 10_000);
    expect((await fetch(`${base}/before`)).status).toBe(200);
    // The gateway restarts: its port refuses connections for 800 ms, while clients keep sending.
    await close(gateway);
    const sent = Date.now();
    const during = Array.from({ length: 12 }, (_, i) =>
      fetch(`${base}/during/${i}`, { method: i % 2 ? 'POST' : 'GET', ...(i % 2 ? { body: `write ${i}` } : {}) }).then(
        async (answer) => ({ status: answer.status, path: ((await answer.json()) as { path: string }).path }),
        (error: Error) => ({ status: 0, path: String((error.cause as Error | undefined)?.message ?? error.message) }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 800));
    const restarted = standInGateway();
    servers.push(restarted);
    await listen(restarted, gatewayPort);
    const answers = await Promise.all(during);
    expect(answers).toEqual(Array.from({ length: 12 }, (_, i) => ({ status: 200, path: `/during/${i}` })));
    expect(Date.now() - sent).toBeGreaterThanOrEqual(800);
  });

  it('answers 503 with Retry-After in the envelope when the gateway stays away past the hold', async () => {
    const gateway = standInGateway();
    const gatewayPort = await listen(gateway);
    await close(gateway);
    const base = await edgeFor(gatewayPort, 300);
    const started = Date.now();
    const answer = await fetch(`${base}/api/v2/ping`);
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('3');
    expect(await answer.json()).toEqual({ status: false, msg: 'The API is restarting; try again shortly.', data: { code: 'unavailable' } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('says the outcome is unknown when the gateway goes away while it has the request', async () => {
    const crashing = http.createServer((request) => request.socket.destroy());
    servers.push(crashing);
    const base = await edgeFor(await listen(crashing), 5_000);
    const answer = await fetch(`${base}/api/v2/shows`, { method: 'POST', body: '{}' });
    expect(answer.status).toBe(503);
    expect(await answer.json()).toMatchObject({ status: false, data: { code: 'unavailable', details: { outcome: 'unknown' } } });
  });

  it('sends again, body and all, a request a closing gateway refused unprocessed; a body too big to keep gets the refusal', async () => {
    let refusals = 1;
    const echo = standInGateway();
    // the closing gateway's refusal (plugins/graceful-close.ts): before the body is read, marked
    const closing = http.createServer((request, response) => {
      if (refusals > 0 || request.url === '/always-refused') {
        refusals -= 1;
        response.writeHead(503, { 'retry-after': '1', [UNPROCESSED]: '1', 'content-type': 'application/json', connection: 'close' });
        response.end(JSON.stringify({ status: false, msg: 'The server is shutting down; try again.', data: { code: 'unavailable' } }));
        return;
      }
      echo.emit('request', request, response);
    });
    servers.push(closing);
    const base = await edgeFor(await listen(closing), 5_000);
    const body = new Uint8Array(100 * 1024).fill(3);
    const answer = await fetch(`${base}/api/v2/players`, { method: 'POST', body });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ method: 'POST', path: '/api/v2/players', bytes: body.length });
    expect(refusals).toBe(0);
    // a body still coming when the refusal came: read on, kept, and sent again whole
    refusals = 1;
    const slow = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const sending = http.request(`${base}/api/v2/players`, { method: 'POST', headers: { 'content-length': String(2 * 50 * 1024) } }, (reply) => {
        let text = '';
        reply.on('data', (chunk: Buffer) => (text += chunk.toString()));
        reply.on('end', () => resolve({ status: reply.statusCode ?? 0, text }));
      });
      sending.on('error', reject);
      sending.write(new Uint8Array(50 * 1024).fill(5));
      setTimeout(() => sending.end(new Uint8Array(50 * 1024).fill(6)), 300);
    });
    expect(slow.status).toBe(200);
    expect(JSON.parse(slow.text)).toMatchObject({ bytes: 2 * 50 * 1024 });
    const big = await fetch(`${base}/always-refused`, { method: 'POST', body: new Uint8Array(300 * 1024).fill(1) });
    expect(big.status).toBe(503);
    expect(await big.json()).toMatchObject({ status: false, data: { code: 'unavailable' } });
  });
});
