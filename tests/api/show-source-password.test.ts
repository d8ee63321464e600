// A live show's own source password (issue 34), through the gateway: write only and kept sealed,
// answered in clear only inside the rundown the playout service reads over the bus (never in the
// public rundown, a show, a log line or an event), and refused for a show that is not live.
import { Writable } from 'node:stream';
import { playoutInternal } from '@airwave/contracts';
import { createLogger } from '@airwave/logging';
import { callOperation, openForPlayout, playoutSecretBox, sourceOwner } from '@airwave/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, modes, startTestSystem, type TestSystem } from '../src/harness';
import { limit } from '../../vitest.shared';

const SHOW = 'Live-Show-Secret-7';
const NEXT = 'Live-Show-Secret-8';
const HOUR = 3_600_000;

type Row = Record<string, unknown> & { id: number };

describe.each(modes)("a live show's source password (%s)", (mode) => {
  let system: TestSystem;
  let admin: string;
  let player: number;
  const logLines: string[] = [];
  const events: unknown[] = [];
  const capture = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(chunk.toString());
      callback();
    },
  });
  const start = Math.floor(Date.now() / HOUR) * HOUR + 24 * HOUR;
  const show = (body: Record<string, unknown>) => ({ player_id: player, mode: 'once', start: Math.floor(start / 1000), duration: 3600, item_type: 'live', ...body });
  /** The playout's rundown as the playout reads it: each live show's own source password sealed on the bus, opened with AIRWAVE_PLAYOUT_KEY. */
  const internal = async () => {
    const blocks = await callOperation(system.infrastructure[0]!.bus, playoutInternal.rundown, { id: player, start, end: start + HOUR }, { principal: null });
    for (const block of blocks) for (const secret of [SHOW, NEXT]) expect(JSON.stringify(block)).not.toContain(secret);
    const key = playoutSecretBox(system.env.AIRWAVE_PLAYOUT_KEY);
    return blocks.map((b) => (b.kind === 'linein' ? { ...b, source_password: openForPlayout(key, b.source_password, sourceOwner.show(b.show_id)) } : b));
  };

  beforeAll(async () => {
    system = await startTestSystem(mode, {}, { logger: createLogger({ level: 'debug', destination: capture }) });
    await system.infrastructure[0]!.bus.subscribe('scheduling.>', (event) => void events.push(event.data), { durable: 'show-source-test', deliverFrom: 'all' });
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    const body = { name: 'Live FM', timezone: 'UTC', playout: 'airwave', stream_url: 'http://icecast:8000/live.mp3', source_password: 'Player-Source-1' };
    player = (await system.api.post<Row>('/players', { key: admin, body })).body.data.id;
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('keeps it sealed: the show says only that it has one; the playout reads it in its rundown', async () => {
    const made = await system.api.post<Row>('/shows', { key: admin, body: show({ source_password: SHOW }) });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ item_type: 'live', has_source_password: true });
    const id = made.body.data.id;
    const pub = await system.api.get(`/players/${player}/rundown`, { key: admin, query: { start: String(start / 1000), end: String(start / 1000 + 3600) } });
    expect(pub.status).toBe(200);
    for (const body of [made.body, (await system.api.get(`/shows/${id}`, { key: admin })).body, pub.body]) expect(JSON.stringify(body)).not.toContain(SHOW);
    expect((await internal()).map((b) => [b.kind, b.show_id, b.source_password])).toEqual([['linein', id, SHOW]]);
    // an edit without it keeps it; a new one replaces it; null clears it (the player's then)
    const edit = (extra: Record<string, unknown>) => system.api.put<Row>(`/shows/${id}`, { key: admin, body: show(extra) });
    expect((await edit({ source_password: '' })).body.data).toMatchObject({ has_source_password: true });
    expect((await internal())[0]!.source_password).toBe(SHOW);
    await edit({ source_password: NEXT });
    expect((await internal())[0]!.source_password).toBe(NEXT);
    expect((await edit({ source_password: null })).body.data).toMatchObject({ has_source_password: false });
    expect((await internal())[0]!.source_password).toBeNull();
    await system.api.delete(`/shows/${id}`, { key: admin });
  });

  it('refuses one for a show that is not live and a short one, saving nothing', async () => {
    const before = (await internal()).length;
    const refusals = [show({ item_type: 'playlist', item_id: 1, source_password: SHOW }), show({ source_password: 'short' })];
    for (const body of refusals) {
      const res = await system.api.post('/shows', { key: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body)).toContain('source_password');
    }
    expect((await internal()).length).toBe(before);
  });

  it('refuses a user who may not schedule on the player, setting or changing nothing', async () => {
    const made = await system.api.post<Row>('/shows', { key: admin, body: show({ source_password: SHOW }) });
    expect(made.status).toBe(200);
    await system.api.post('/users', { key: admin, body: { username: 'listener', password: 'listener-pass' } });
    const listener = (await system.api.login('listener', 'listener-pass')).key;
    const later = { start: Math.floor(start / 1000) + 7200 };
    expect((await system.api.post('/shows', { key: listener, body: show({ ...later, source_password: NEXT }) })).status).toBe(403);
    expect((await system.api.put(`/shows/${made.body.data.id}`, { key: listener, body: show({ source_password: NEXT }) })).status).toBe(403);
    expect((await internal()).map((b) => b.source_password)).toEqual([SHOW]);
    await system.api.delete(`/shows/${made.body.data.id}`, { key: admin });
  });

  it('writes no show source password into any log line or event', async () => {
    await expect.poll(() => events.length, { timeout: limit(5000) }).toBeGreaterThanOrEqual(4);
    for (const secret of [SHOW, NEXT]) {
      expect(logLines.filter((line) => line.includes(secret))).toEqual([]);
      expect(events.filter((e) => JSON.stringify(e).includes(secret))).toEqual([]);
    }
  });
});
