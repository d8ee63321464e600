// Times through the gateway, exactly as OpenBroadcaster's clients send them: local
// "YYYY-MM-DD HH:MM:SS" in the player's zone (its schedule forms), Unix seconds as a string or a
// number (its schedule page's windows), ISO 8601 with an offset; a recurring entry's stop as a
// date alone. Replies are ISO 8601 with the player's offset (docs/decisions/api-conventions.md,
// "Times"; the DST rule in docs/decisions/scheduling.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wav } from '../src/files';
import { startBlackBoxSystem, areaModes, type BlackBoxSystem } from '../src/black-box';
import { ADMIN_PASSWORD } from '../src/harness';

type Entry = { id: number; start: string; stop: string | null };
type Row = { id: number; start: string; exp_start: string };
type Failure = { code: string; details: { issues: { path: string; message: string }[] } };

describe.each(areaModes)("times as OpenBroadcaster's clients send them (%s)", (mode) => {
  let system: BlackBoxSystem;
  let admin: string;
  let adminId: number;
  let london: number;
  let newYork: number;

  beforeAll(async () => {
    system = await startBlackBoxSystem(mode);
    const session = await system.api.login('admin', ADMIN_PASSWORD);
    [admin, adminId] = [session.key, session.id];
    london = (await system.api.post<{ id: number }>('/players', { key: admin, body: { name: 'London FM', timezone: 'Europe/London' } })).body.data.id;
    newYork = (await system.api.post<{ id: number }>('/players', { key: admin, body: { name: 'NY stream', timezone: 'America/New_York' } })).body.data.id;
  });
  afterAll(async () => {
    await system?.stop();
  });

  /** A one-time timeslot on London FM, its fields as OpenBroadcaster's form sends them (strings). */
  const slot = (start: unknown, extra: Record<string, unknown> = {}) =>
    system.api.post<Entry>('/timeslots', {
      key: admin,
      body: { id: '', user_id: String(adminId), player_id: String(london), mode: 'once', x_data: '', start, duration: '1800', stop: '', description: 'Times', ...extra },
    });
  const expectRefused = (reply: { status: number; body: unknown }, path: string, message: RegExp) => {
    const body = reply.body as { status: boolean; msg: string; data: Failure };
    expect(reply.status, JSON.stringify(body)).toBe(400);
    expect(body.status).toBe(false);
    expect(body.data.code).toBe('bad_request');
    expect(body.msg).toContain(`${path}: `);
    expect(body.data.details.issues[0]).toEqual({ path, message: expect.stringMatching(message) });
  };

  it("reads a local start in the player's zone: a time in the spring gap moves forward, a repeated one is the first", async () => {
    const gap = await slot('2026-03-29 01:30:00');
    expect(gap.status, gap.text).toBe(200);
    expect(gap.body.data.start).toBe('2026-03-29T02:30:00+01:00');
    const repeated = await slot('2026-10-25 01:30:00');
    expect(repeated.status, repeated.text).toBe(200);
    expect(repeated.body.data.start).toBe('2026-10-25T01:30:00+01:00');
    // The same instant again, as ISO 8601: a collision, so the two forms met at one instant.
    expect((await slot('2026-10-25T00:30:00Z')).status).toBe(409);
    // The hour after it, in GMT, is free.
    expect((await slot('2026-10-25T01:30:00+00:00')).status).toBe(200);
    expect((await slot('2026-06-01T09:00')).body.data.start).toBe('2026-06-01T09:00:00+01:00');
  });

  it('takes Unix seconds as a string and as a number, and ISO 8601 with an offset', async () => {
    const seconds = Date.UTC(2026, 6, 1, 9) / 1000;
    expect((await slot(String(seconds))).body.data.start).toBe('2026-07-01T10:00:00+01:00');
    expect((await slot(seconds + 3600)).body.data.start).toBe('2026-07-01T11:00:00+01:00');
    expect((await slot('2026-07-01T08:00:00-04:00')).body.data.start).toBe('2026-07-01T13:00:00+01:00');
  });

  it("reads a recurring entry's stop in the player's zone too; a date alone is the last day", async () => {
    const daily = await slot('2026-08-01 22:00:00', { mode: 'daily', duration: '3600', stop: '2026-08-03' });
    expect(daily.status, daily.text).toBe(200);
    expect(daily.body.data).toMatchObject({ start: '2026-08-01T22:00:00+01:00', stop: '2026-08-03T23:59:59+01:00' });
    const rows = await system.api.get<Row[]>('/timeslots', { key: admin, query: { start: '2026-08-01 00:00:00', end: '2026-08-05 00:00:00', player: london } });
    expect(rows.status, rows.text).toBe(200);
    expect(rows.body.data.map((r) => r.exp_start)).toEqual(['2026-08-01 22:00:00', '2026-08-02 22:00:00', '2026-08-03 22:00:00']);
    const show = await system.api.post<Entry>('/shows', {
      key: admin,
      body: { player_id: newYork, mode: 'weekly', start: '2026-08-01 18:00:00', duration: 600, stop: '2026-08-15 17:59:59', item_type: 'linein', item_id: 1 },
    });
    expect(show.status, show.text).toBe(200);
    expect(show.body.data).toMatchObject({ start: '2026-08-01T18:00:00-04:00', stop: '2026-08-15T17:59:59-04:00' });
  });

  it("lists a local window in the player's zone, and needs the player to read one", async () => {
    const day = await system.api.get<Row[]>('/timeslots', { key: admin, query: { start: '2026-10-25 00:00:00', end: '2026-10-26 00:00', player: london } });
    expect(day.status, day.text).toBe(200);
    expect(day.body.data.map((r) => r.start)).toEqual(['2026-10-25T01:30:00+01:00', '2026-10-25T01:30:00+00:00']);
    // The same window in New York's zone holds the show's occurrences only; in seconds as the page sends them.
    const shows = await system.api.get<Row[]>('/shows', { key: admin, query: { start: '2026-08-08 00:00:00', end: String(Date.UTC(2026, 7, 9) / 1000), player: newYork } });
    expect(shows.body.data.map((r) => r.start)).toEqual(['2026-08-08T18:00:00-04:00']);
    // Across every player a local time has no one zone: refused, naming player.
    expectRefused(await system.api.get('/shows', { key: admin, query: { start: '2026-08-08 00:00:00', end: '2026-08-09 00:00:00' } }), 'player', /local time/);
    expectRefused(await system.api.get('/timeslots', { key: admin, query: { start: '2026-08-08T00:00:00Z', end: '2026-08-09 00:00:00' } }), 'player', /end/);
    // 01:30 falls in the gap and reads as 02:30 BST, after 02:00: not a window.
    expectRefused(await system.api.get('/timeslots', { key: admin, query: { start: '2026-03-29 01:30:00', end: '2026-03-29 02:00:00', player: london } }), 'end', /after start/);
  });

  it('refuses local times that are not real, in the envelope, naming the field', async () => {
    expectRefused(await slot('2026-02-30 10:00:00'), 'start', /February 2026 has 28 days/);
    expectRefused(await slot('2026-01-01 25:00:00'), 'start', /not a real time of day/);
    expectRefused(await slot('2026-08-01 22:00:00', { mode: 'daily', stop: '2026-09-31' }), 'stop', /September 2026 has 30 days/);
    expectRefused(await system.api.get('/shows', { key: admin, query: { start: '2026-02-30 00:00:00', end: '2026-03-01 00:00:00', player: london } }), 'start', /not a real date/);
    expectRefused(await slot('29/03/2026 01:30'), 'start', /Unix seconds, ISO 8601 with an offset, or a local time/);
  });

  it("checks dayparting at a local time in the player's zone, and in UTC without a player", async () => {
    const upload = await fetch(`${system.url}/api/v2/uploads`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: wav(1) });
    const { file_id, file_key } = ((await upload.json()) as { data: { file_id: string; file_key: string } }).data;
    const media_id = (await system.api.put<{ id: number }[]>('/media', { key: admin, body: { media: [{ file_id, file_key, title: 'Late night song' }] } })).body.data[0]!.id;
    const night = { start_month: 1, start_day: 1, start_time: '22:00', end_month: 12, end_day: 31, end_time: '23:59', filters: [{ filter: 'title', op: 'contains', val: 'late night' }] };
    expect((await system.api.put('/dayparting/0', { key: admin, body: night })).status).toBe(200);
    const excluded = async (at: string, player?: number) => {
      const reply = await system.api.get<{ excluded: boolean }>('/dayparting/check', { key: admin, query: { media_id, at, ...(player ? { player } : {}) } });
      expect(reply.status, reply.text).toBe(200);
      return reply.body.data.excluded;
    };
    expect(await excluded('2026-12-15 23:00:00', newYork)).toBe(true);
    expect(await excluded('2026-12-15T23:00:00Z', newYork)).toBe(false); // 18:00 in New York
    expect(await excluded('2026-12-15 23:00:00')).toBe(true);
    expect(await excluded('2026-12-15 21:00:00')).toBe(false);
  });
});
