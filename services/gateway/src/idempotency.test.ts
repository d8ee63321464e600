// Idempotency-Key, with the first request held at a point the test controls: what a retry is
// answered while it runs, after it succeeded, after a final refusal and after a "try again".
import { AirwaveError } from '@airwave/contracts';
import { createMemorySessionStore } from '@airwave/sessions';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fingerprintOf, runIdempotently } from './idempotency';
import { bareGateway, stationManager } from './plugins/test-support';

/** A write whose outcome the test decides, after it has started. */
function heldWrite() {
  let runs = 0;
  let finish!: (outcome: () => string) => void;
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const run = async () => {
    runs += 1;
    started();
    const outcome = await new Promise<() => string>((resolve) => (finish = resolve));
    return outcome();
  };
  return { run, running, finish: (outcome: () => string) => finish(outcome), runs: () => runs };
}

async function gatewayWith(write: (headers: Record<string, string>) => Promise<string>): Promise<FastifyInstance> {
  const store = createMemorySessionStore();
  const app = await bareGateway();
  app.post('/write', async (request, reply) => {
    const key = String(request.headers['idempotency-key']);
    const fingerprint = fingerprintOf('POST', 'test.write', request.body);
    return runIdempotently(store, request, reply, { principal: { ...stationManager, via: 'session' }, key, fingerprint }, write);
  });
  return app;
}

describe('Idempotency-Key', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  const send = (key: string, body: object = { name: 'x' }) => app!.inject({ method: 'POST', url: '/write', headers: { 'idempotency-key': key }, payload: body });
  /** Sends a write under `key` and, once it runs, ends it with `error`: its reply. */
  const refused = async (write: ReturnType<typeof heldWrite>, key: string, error: AirwaveError) => {
    const reply = send(key);
    await write.running;
    write.finish(() => {
      throw error;
    });
    return reply;
  };

  it('answers 409 to a retry while the first request runs, then the first reply to every retry; it runs once', async () => {
    const write = heldWrite();
    app = await gatewayWith(write.run);
    const first = send('k1');
    await write.running;
    const during = await send('k1');
    expect([during.statusCode, during.json().msg]).toEqual([409, expect.stringMatching(/still in progress/)]);
    write.finish(() => JSON.stringify({ status: true, data: { id: 7 } }));
    expect((await first).statusCode).toBe(200);
    const after = await send('k1');
    expect([after.statusCode, after.headers['idempotent-replayed'], after.json().data.id]).toEqual([200, 'true', 7]);
    expect(write.runs()).toBe(1);
  });

  it('refuses the key with another request, while it runs and after', async () => {
    const write = heldWrite();
    app = await gatewayWith(write.run);
    const first = send('k2', { name: 'a' });
    await write.running;
    expect((await send('k2', { name: 'b' })).statusCode).toBe(422);
    write.finish(() => '{"status":true}');
    await first;
    expect((await send('k2', { name: 'b' })).statusCode).toBe(422);
  });

  it('keeps a final refusal, and releases the key after a "try again" so the retry runs', async () => {
    const write = heldWrite();
    app = await gatewayWith(write.run);
    expect((await refused(write, 'k3', new AirwaveError('conflict', 'This show overlaps show 9.'))).statusCode).toBe(409);
    const replayed = await send('k3');
    expect([replayed.statusCode, replayed.headers['idempotent-replayed']]).toEqual([409, 'true']);

    const unavailable = heldWrite();
    await app.close();
    app = await gatewayWith(unavailable.run);
    expect((await refused(unavailable, 'k4', new AirwaveError('unavailable', 'try again'))).statusCode).toBe(503);
    const retry = send('k4');
    await vi.waitFor(() => expect(unavailable.runs()).toBe(2));
    unavailable.finish(() => '{"status":true}');
    expect((await retry).statusCode).toBe(200);
  });

  it('names the key to the service the same on every retry, says a timeout\'s outcome is unknown, and keeps the key for that request only', async () => {
    const heard: string[] = [];
    let calls = 0;
    app = await gatewayWith(async (headers) => {
      heard.push(headers['x-airwave-idempotency'] ?? 'none');
      calls += 1;
      if (calls === 1) throw new AirwaveError('timeout', 'The service did not answer in time.');
      return '{"status":true,"data":{"id":3}}';
    });
    const lost = await send('k5');
    expect([lost.statusCode, lost.json().data]).toEqual([503, { code: 'timeout', details: { outcome: 'unknown' } }]);
    expect((await send('k5', { name: 'another' })).statusCode).toBe(422);
    const retried = await send('k5');
    expect([retried.statusCode, retried.json().data.id]).toEqual([200, 3]);
    expect(heard).toHaveLength(2);
    expect(heard[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(heard[1]).toBe(heard[0]);
    // Another key is another key to the service.
    expect((await send('k6')).statusCode).toBe(200);
    expect(heard[2]).not.toBe(heard[0]);
  });
});
