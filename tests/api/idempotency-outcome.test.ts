// Issue 42, "a retry tells the truth": a write whose reply is lost after its service committed it
// (NATS froze, the service died, the gateway's deadline passed) is answered 503 `timeout` with
// `outcome: unknown`; its retry with the same Idempotency-Key is answered the first attempt's real
// reply (the service recorded the key in the write's transaction), never a second show and never
// "This show overlaps show N" about its own show. The lost reply is made here by a gateway whose
// bus drops the reply of the first show creation after the service answered it.
import { AirwaveError } from '@airwave/contracts';
import type { Bus } from '@airwave/bus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, modes, startGateway, startTestSystem, type TestSystem } from '../src/harness';

const CREATE_SHOW = 'scheduling.shows.create';

/** The bus with the next `count()` replies of show creations lost on their way back (the write made). */
function losingReplies(bus: Bus, count: () => number, lost: () => void): Bus {
  return new Proxy(bus, {
    get(target, property, receiver) {
      if (property === 'requestJson') {
        return (async (subject, data, options) => {
          const reply = await target.requestJson(subject, data, options);
          if (subject === CREATE_SHOW && count() > 0) {
            lost();
            throw new AirwaveError('timeout', 'The service did not answer in time.');
          }
          return reply;
        }) satisfies Bus['requestJson'];
      }
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe.each(modes)('a retry after a lost reply (%s)', (mode) => {
  let system: TestSystem;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  let admin: string;
  let player: number;
  let toLose = 0;
  const start = Math.floor(Date.now() / 3_600_000) * 3600 + 7 * 86_400;

  beforeAll(async () => {
    system = await startTestSystem(mode);
    gateway = await startGateway(system, { bus: losingReplies(system.infrastructure[0]!.bus, () => toLose, () => (toLose -= 1)) });
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    player = (await system.api.post<{ id: number }>('/players', { key: admin, body: { name: 'Retry FM', timezone: 'UTC' } })).body.data.id;
  });
  afterAll(async () => {
    await gateway?.stop();
    await system?.stop();
  });

  const show = (hour: number) => ({ player_id: player, mode: 'once', start: start + hour * 3600, duration: 3600, item_type: 'live' });
  const create = (body: object, key?: string) =>
    gateway.api.post<{ id: number }>('/shows', { key: admin, body, ...(key ? { headers: { 'idempotency-key': key } } : {}) });

  it('answers the lost write 503 with its outcome unknown, and its retry the first attempt\'s reply: one show', async () => {
    toLose = 1;
    const lost = await create(show(0), 'retry-1');
    expect(lost.status).toBe(503);
    expect(lost.body).toMatchObject({ status: false, data: { code: 'timeout', details: { outcome: 'unknown' } } });
    const retried = await create(show(0), 'retry-1');
    expect(retried.status, retried.text).toBe(200);
    const id = retried.body.data.id;
    expect((await system.api.get<{ id: number }>(`/shows/${id}`, { key: admin })).status).toBe(200);
    // The same show again with a new key collides with that one show, so there is only it.
    const again = await create(show(0), 'retry-2');
    expect([again.status, again.body.msg]).toEqual([409, expect.stringContaining(`show ${id}`)]);
    // A third retry with the first key is still the first reply.
    expect((await create(show(0), 'retry-1')).body.data.id).toBe(id);
  });

  it('keeps the key for that request only after a "try again": another request with it is 422, nothing made', async () => {
    toLose = 1;
    expect((await create(show(2), 'retry-3')).status).toBe(503);
    const other = await create(show(4), 'retry-3');
    expect(other.status).toBe(422);
    expect((await create(show(4), 'retry-4')).status).toBe(200);
    expect((await create(show(2), 'retry-3')).status).toBe(200);
  });

  it('says the outcome of a lost write without a key is unknown too, and the write is there to read back', async () => {
    toLose = 1;
    const lost = await create(show(6));
    expect(lost.body).toMatchObject({ data: { code: 'timeout', details: { outcome: 'unknown' } } });
    const collision = await create(show(6), 'retry-5');
    expect(collision.status).toBe(409);
  });
});
