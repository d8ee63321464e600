// The schedule as iCalendar through the gateway (docs/decisions/scheduling.md, "The schedule as
// iCalendar"): a busy year of a London player (weekly, daily past midnight, monthly on the 31st,
// every other day in the small hours through both DST changes) with skipped, moved and replaced
// occurrences and a split, read by a third-party parser (ical.js) and compared occurrence by
// occurrence with GET /shows; the timeslots feed; app keys scoped to the feed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wav } from '../src/files';
import { startBlackBoxSystem, apiModes, type BlackBoxSystem } from '../src/black-box';
import { ADMIN_PASSWORD } from '../src/harness';
import { readFeed } from '../src/ical';

type Row = { id: number; start: string; end: string; name?: string | null; description?: string };
const YEAR = { from: Date.parse('2026-01-01T00:00:00Z'), to: Date.parse('2027-01-01T00:00:00Z') };

describe.each(apiModes)('the schedule as iCalendar (%s)', (mode) => {
  let system: BlackBoxSystem;
  let admin: string;
  let dj: { id: number; key: string };
  let player: number;
  const token = (id: number, key: string) => `${Buffer.from(String(id)).toString('base64')}:${key}`;
  const feed = (path: string, init: RequestInit = {}) => fetch(`${system.url}/api/v2${path}`, init);
  const appKey = async (session: string, permissions: [string, string][]) => {
    const made = await system.api.post<{ id: number; key: string }>('/account/key', { key: session, body: { name: 'Calendar', permissions } });
    expect(made.status, made.text).toBe(200);
    return token(made.body.data.id, made.body.data.key);
  };

  beforeAll(async () => {
    system = await startBlackBoxSystem(mode);
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    const djUser = await system.api.post<{ id: number }>('/users', { key: admin, body: { username: 'caldj', password: 'caldj-password-1' } });
    dj = { id: djUser.body.data.id, key: (await system.api.login('caldj', 'caldj-password-1')).key };
    player = (await system.api.post<{ id: number }>('/players', { key: admin, body: { name: 'Calendar FM', timezone: 'Europe/London' } })).body.data.id;
    const file = await fetch(`${system.url}/api/v2/uploads`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: wav(1) });
    const { file_id, file_key } = ((await file.json()) as { data: { file_id: string; file_key: string } }).data;
    const special = (await system.api.put<{ id: number }[]>('/media', { key: admin, body: { media: [{ file_id, file_key, title: 'Easter Special' }] } })).body.data[0]!.id;
    const show = async (body: Record<string, unknown>) => {
      const made = await system.api.post<{ id: number }>('/shows', { key: admin, body: { player_id: player, item_type: 'live', item_id: 1, ...body } });
      expect(made.status, made.text).toBe(200);
      return made.body.data.id;
    };
    const exception = async (id: number, body: Record<string, unknown>) => {
      const made = await system.api.post(`/shows/${id}/exceptions`, { key: admin, body });
      expect(made.status, made.text).toBe(200);
    };
    const weekly = await show({ mode: 'weekly', start: '2026-01-04 08:00:00', duration: 3600, stop: '2026-12-27' });
    const nightly = await show({ mode: 'daily', start: '2026-01-01 23:30:00', duration: 3600, stop: '2026-12-31' });
    const smallHours = await show({ mode: 'xdays', x_data: 2, start: '2026-03-01 01:30:00', duration: 1800, stop: '2026-12-31' });
    await show({ mode: 'monthly', start: '2026-01-31 12:00:00', duration: 5400, stop: '2026-12-31' });
    await exception(weekly, { original_start: '2026-03-29 08:00:00', skip: true });
    await exception(weekly, { original_start: '2026-04-05 08:00:00', start: '2026-04-05 10:00:00', duration: 1800 });
    await exception(weekly, { original_start: '2026-04-12 08:00:00', item_type: 'media', item_id: special });
    await exception(nightly, { original_start: '2026-10-25 23:30:00', skip: true });
    // Into the repeated hour: 01:30 GMT, the second 01:30 of 25 October.
    await exception(smallHours, { original_start: '2026-10-25 01:30:00', start: '2026-10-25T01:30:00+00:00' });
    const split = await system.api.post(`/shows/${weekly}/split`, { key: admin, body: { at: '2026-06-07 08:00:00', start: '2026-06-07 09:00:00' } });
    expect(split.status, split.text).toBe(200);
    const slot = await system.api.post('/timeslots', {
      key: admin,
      body: { user_id: dj.id, player_id: player, mode: 'weekly', start: '2026-03-22 20:00:00', duration: 7200, stop: '2026-11-01', description: 'Evening session' },
    });
    expect(slot.status, slot.text).toBe(200);
    const slotId = (slot.body as { data: { id: number } }).data.id;
    expect((await system.api.post(`/timeslots/${slotId}/exceptions`, { key: admin, body: { original_start: '2026-03-29 20:00:00', skip: true } })).status).toBe(200);
  });
  afterAll(async () => {
    await system?.stop();
  });

  it("reads, with ical.js, every occurrence of a year of the player's shows exactly as GET /shows lists them, across both DST changes", async () => {
    const key = await appKey(admin, [['GET', `/players/${player}/schedule.ics`]]);
    const reply = await feed(`/players/${player}/schedule.ics?key=${encodeURIComponent(key)}`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = await reply.text();
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/London');
    expect(text).toMatch(/EXDATE;TZID=Europe\/London:20260329T080000/);
    expect(text).toMatch(/RECURRENCE-ID;TZID=Europe\/London:20260405T080000/);
    const parsed = readFeed(text, YEAR.from, YEAR.to).map((o) => [o.start, o.end, o.summary]);
    const listed = await system.api.get<Row[]>('/shows', { key: admin, query: { start: '2026-01-01T00:00:00Z', end: '2027-01-01T00:00:00Z', player } });
    expect(listed.status, listed.text).toBe(200);
    const expected = listed.body.data.map((r) => [Date.parse(r.start), Date.parse(r.end), r.name]);
    expect(parsed.length).toBeGreaterThan(550);
    expect(parsed).toEqual(expected);
    // Spot checks of what a widget shows: the moved Sunday, the special, the repeated hour.
    const at = (iso: string) => parsed.find((o) => o[0] === Date.parse(iso));
    expect(at('2026-04-05T10:00:00+01:00')).toEqual([Date.parse('2026-04-05T10:00:00+01:00'), Date.parse('2026-04-05T10:30:00+01:00'), 'Line-In']);
    expect(at('2026-04-12T08:00:00+01:00')?.[2]).toBe('Easter Special');
    expect(at('2026-10-25T01:30:00+00:00')).toBeDefined();
    expect(at('2026-03-29T08:00:00+01:00')).toBeUndefined();
  });

  it("gives a user their own timeslots, read as GET /timeslots lists them", async () => {
    const key = await appKey(dj.key, [['GET', '/account/timeslots.ics']]).catch(() => null);
    // A dj without manage_appkeys reads their feed with their session instead.
    const reply = key ? await feed(`/account/timeslots.ics?key=${encodeURIComponent(key)}`) : await feed('/account/timeslots.ics', { headers: { authorization: `Bearer ${dj.key}` } });
    expect(reply.status).toBe(200);
    const parsed = readFeed(await reply.text(), YEAR.from, YEAR.to).map((o) => [o.start, o.end, o.summary]);
    const listed = await system.api.get<Row[]>('/timeslots', { key: dj.key, query: { start: '2026-01-01T00:00:00Z', end: '2027-01-01T00:00:00Z', user_id: dj.id } });
    expect(parsed).toEqual(listed.body.data.map((r) => [Date.parse(r.start), Date.parse(r.end), r.description]));
    expect(parsed).toHaveLength(32); // 22 March to 1 November, 29 March skipped
  });

  it('needs credentials, and an app key given that feed', async () => {
    expect((await feed(`/players/${player}/schedule.ics`)).status).toBe(401);
    expect((await feed(`/players/${player}/schedule.ics?key=bm9wZQ==:nope`)).status).toBe(401);
    const other = await appKey(admin, [['GET', '/account/timeslots.ics']]);
    const refused = await feed(`/players/${player}/schedule.ics?key=${encodeURIComponent(other)}`);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { data: { code: string } }).data.code).toBe('forbidden');
    const scoped = await appKey(admin, [['GET', `/players/${player}/schedule.ics`]]);
    expect((await system.api.get('/shows', { headers: { authorization: `Bearer ${scoped}` }, query: { start: '2026-01-01T00:00:00Z', end: '2026-01-02T00:00:00Z' } } as never)).status).toBe(403);
    expect((await feed(`/players/999999/schedule.ics`, { headers: { authorization: `Bearer ${admin}` } })).status).toBe(404);
    expect((await feed(`/players/abc/schedule.ics`, { headers: { authorization: `Bearer ${admin}` } })).status).toBe(400);
    expect((await feed(`/players/${player}/schedule.ics?from=2026`, { headers: { authorization: `Bearer ${admin}` } })).status).toBe(400);
  });
});
