// Which players Airwave airs itself (issue 34), through the gateway: `playout` and the Icecast
// output (`stream_url` naming the mount, `source_password` write only and kept sealed), the
// refusals, and the internal operation the playout service reads them with, which alone answers
// the source password; no log line or event carries it.
import { Writable } from 'node:stream';
import { playoutInternal } from '@airwave/contracts';
import { createLogger } from '@airwave/logging';
import { callOperation, newPlayoutKey, openForPlayout, playoutSecretBox, sourceOwner } from '@airwave/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, modes, startTestSystem, type TestSystem } from '../src/harness';
import { limit } from '../../vitest.shared';

const SOURCE = 'Icecast-Source-Secret-9';
const OTHER = 'Icecast-Source-Secret-10';

type Player = Record<string, unknown> & { id: number };
type Frame = { type: string; payload: Record<string, unknown> };

describe.each(modes)('players aired by Airwave (%s)', (mode) => {
  let system: TestSystem;
  let admin: string;
  let reader: string;
  const logLines: string[] = [];
  const events: Frame[] = [];
  const capture = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(chunk.toString());
      callback();
    },
  });
  const create = (body: Record<string, unknown>, key = admin) => system.api.post<Player>('/players', { key, body });
  /** What the bus answers: the source password sealed for the playout. */
  const answered = (ids?: number[]) => callOperation(system.infrastructure[0]!.bus, playoutInternal.players, ids ? { ids } : {}, { principal: null });
  /** The same, as the playout opens it with AIRWAVE_PLAYOUT_KEY. */
  const aired = async (ids?: number[]) => {
    const key = playoutSecretBox(system.env.AIRWAVE_PLAYOUT_KEY);
    return (await answered(ids)).map((p) => ({ ...p, source_password: openForPlayout(key, p.source_password, sourceOwner.player(p.id)) }));
  };

  beforeAll(async () => {
    system = await startTestSystem(mode, {}, { logger: createLogger({ level: 'debug', destination: capture }) });
    await system.infrastructure[0]!.bus.subscribe('scheduling.>', (event) => void events.push(event.data as Frame), { durable: 'players-playout-test', deliverFrom: 'all' });
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    await system.api.post('/users', { key: admin, body: { username: 'reader', password: 'reader-pass' } });
    reader = (await system.api.login('reader', 'reader-pass')).key;
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('makes players external by default, without a source password', async () => {
    const player = (await create({ name: 'Box', timezone: 'UTC' })).body.data;
    expect(player).toMatchObject({ playout: 'external', has_icecast_source: false });
    expect(await aired([player.id])).toEqual([]);
  });

  it('airs a player with a mount and a source password, answered only to the playout service, sealed on the bus', async () => {
    const created = await create({ name: 'Aired', timezone: 'Europe/London', playout: 'airwave', stream_url: 'http://icecast:8000/aired.mp3', source_password: SOURCE });
    expect(created.status).toBe(200);
    const player = created.body.data;
    expect(player).toMatchObject({ playout: 'airwave', has_icecast_source: true, stream_url: 'http://icecast:8000/aired.mp3' });
    for (const key of [admin, reader]) expect(JSON.stringify((await system.api.get(`/players/${player.id}`, { key })).body)).not.toContain(SOURCE);
    expect(await aired([player.id])).toEqual([{ id: player.id, name: 'Aired', timezone: 'Europe/London', stream_url: 'http://icecast:8000/aired.mp3', source_password: SOURCE, support_linein: true, loudness_target: -18 }]);
    // On the bus it is sealed: anything else that reads the answer learns nothing, and a value for one player opens for no other.
    const [onBus] = await answered([player.id]);
    expect(onBus!.source_password).toMatch(/^v1\./);
    expect(JSON.stringify(onBus)).not.toContain(SOURCE);
    expect(openForPlayout(playoutSecretBox(system.env.AIRWAVE_PLAYOUT_KEY), onBus!.source_password, sourceOwner.player(player.id + 1))).toBeNull();
    expect(openForPlayout(playoutSecretBox(newPlayoutKey()), onBus!.source_password, sourceOwner.player(player.id))).toBeNull();
    // An edit without it keeps it; a new one replaces it; the search filters by playout.
    await system.api.put(`/players/${player.id}`, { key: admin, body: { name: 'Aired 2', timezone: 'Europe/London', source_password: '' } });
    expect((await aired([player.id]))[0]!.source_password).toBe(SOURCE);
    await system.api.put(`/players/${player.id}`, { key: admin, body: { name: 'Aired 2', timezone: 'Europe/London', source_password: OTHER } });
    expect((await aired([player.id]))[0]!.source_password).toBe(OTHER);
    const listed = (await system.api.get<Player[]>(`/players?filters[0][column]=playout&filters[0][value]=airwave`, { key: admin })).body.data;
    expect(listed.map((p) => p.id)).toContain(player.id);
    expect(listed.every((p) => p.playout === 'airwave')).toBe(true);
    // Back to a box: no longer aired; clearing the password is null.
    const back = await system.api.put<Player>(`/players/${player.id}`, { key: admin, body: { name: 'Aired 2', timezone: 'Europe/London', playout: 'external', source_password: null } });
    expect(back.body.data).toMatchObject({ playout: 'external', has_icecast_source: false });
    expect(await aired([player.id])).toEqual([]);
  });

  it('refuses an aired player without a mount or a source password, and bad values, changing nothing', async () => {
    const refusals: [Record<string, unknown>, string][] = [
      [{ playout: 'airwave', source_password: SOURCE }, 'stream_url'],
      [{ playout: 'airwave', stream_url: 'http://icecast:8000/', source_password: SOURCE }, 'stream_url'],
      [{ playout: 'airwave', stream_url: 'http://icecast:8000/x.mp3' }, 'source_password'],
      [{ playout: 'studio' }, 'playout'],
      [{ source_password: 'short' }, 'source_password'],
    ];
    const before = (await system.api.get<Player[]>('/players', { key: admin })).body.data.length;
    for (const [fields, field] of refusals) {
      const res = await create({ name: 'Refused', timezone: 'UTC', ...fields });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(field);
    }
    expect((await system.api.get<Player[]>('/players', { key: admin })).body.data.length).toBe(before);
    expect((await create({ name: 'Not allowed', timezone: 'UTC', playout: 'airwave' }, reader)).status).toBe(403);
  });

  it('writes no source password into any log line or event', async () => {
    await expect.poll(() => events.filter((e) => e.type === 'scheduling.player.saved').length, { timeout: limit(5000) }).toBeGreaterThanOrEqual(5);
    for (const secret of [SOURCE, OTHER]) {
      expect(logLines.filter((line) => line.includes(secret))).toEqual([]);
      expect(events.filter((e) => JSON.stringify(e).includes(secret))).toEqual([]);
    }
  });
});
