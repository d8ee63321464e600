// The schedule as iCalendar through the gateway (docs/decisions/scheduling.md, "The schedule as
// iCalendar"): a busy year of a London player (weekly, daily past midnight, monthly on the 31st,
// every other day in the small hours through both DST changes) with skipped, moved and replaced
// occurrences and a split, read by a third-party parser (ical.js) and compared occurrence by
// occurrence with GET /shows; the timeslots feed; app keys scoped to the feed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wav } from '../src/files';
import { startBlackBoxSystem, areaModes, type BlackBoxSystem } from '../src/black-box';
import { ADMIN_PASSWORD } from '../src/harness';
import { readFeed, type FeedOccurrence } from '../src/ical';
import { readFeedAsRfc5545 } from '../src/rfc5545';

type Row = { id: number; start: string; end: string; name?: string | null; description?: string };
const YEAR = { from: Date.parse('2026-01-01T00:00:00Z'), to: Date.parse('2027-01-01T00:00:00Z') };

/** The feed's readers: ical.js (Thunderbird's parser) and our own from RFC 5545's text, with both readings of a gap instance. */
const readers: Record<string, (text: string, from: number, to: number) => FeedOccurrence[]> = {
  'ical.js': readFeed,
  'RFC 5545': (text, from, to) => readFeedAsRfc5545(text, from, to, 'ignore'),
  'RFC 5545, gap instances read by 3.3.5': (text, from, to) => readFeedAsRfc5545(text, from, to, 'shift'),
};

/** Every reader lists exactly these occurrences: [start, end, summary], in order. */
function expectEveryReader(text: string, window: { from: number; to: number }, expected: (string | number | null | undefined)[][]) {
  for (const [name, read] of Object.entries(readers)) expect(read(text, window.from, window.to).map((o) => [o.start, o.end, o.summary]), name).toEqual(expected);
}

describe.each(areaModes)('the schedule as iCalendar (%s)', (mode) => {
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
    expectEveryReader(text, YEAR, expected);
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
    const text = await reply.text();
    const parsed = readFeed(text, YEAR.from, YEAR.to).map((o) => [o.start, o.end, o.summary]);
    const listed = await system.api.get<Row[]>('/timeslots', { key: dj.key, query: { start: '2026-01-01T00:00:00Z', end: '2027-01-01T00:00:00Z', user_id: dj.id } });
    expectEveryReader(text, YEAR, listed.body.data.map((r) => [Date.parse(r.start), Date.parse(r.end), r.description]));
    expect(parsed).toHaveLength(32); // 22 March to 1 November, 29 March skipped
  });

  describe('times calendar apps read two ways (New York)', () => {
    let first: number;
    let second: number;
    const window = { from: Date.parse('2027-10-01T00:00:00Z'), to: Date.parse('2028-02-01T00:00:00Z') };
    const soon = Math.floor(Date.now() / 3_600_000) * 3_600_000 + 40 * 86_400_000;
    const newYork = async (name: string) => (await system.api.post<{ id: number }>('/players', { key: admin, body: { name, timezone: 'America/New_York' } })).body.data.id;
    const showOn = async (on: number, body: Record<string, unknown>) => {
      const made = await system.api.post<{ id: number }>('/shows', { key: admin, body: { player_id: on, item_type: 'live', item_id: 1, ...body } });
      expect(made.status, made.text).toBe(200);
      return made.body.data.id;
    };
    const feedOf = async (on: number) => {
      const reply = await feed(`/players/${on}/schedule.ics`, { headers: { authorization: `Bearer ${admin}` } });
      expect(reply.status).toBe(200);
      return reply.text();
    };
    const listedOn = async (on: number, from: number, to: number) => {
      const listed = await system.api.get<Row[]>('/shows', { key: admin, query: { start: new Date(from).toISOString(), end: new Date(to).toISOString(), player: on } });
      expect(listed.status, listed.text).toBe(200);
      return listed.body.data.map((r) => [Date.parse(r.start), Date.parse(r.end), r.name]);
    };

    beforeAll(async () => {
      [first, second] = [await newYork('First pass FM'), await newYork('Second pass FM')];
      // First aired at 01:05 EDT on the day the clocks go back, for an hour (to 01:05 EST); weekly.
      await showOn(first, { mode: 'weekly', start: '2027-11-07T01:05:00-04:00', duration: 3600, stop: '2028-01-30' });
      // Every night at 22:00; the 6 November one moved into the second 01:30 of the 7th.
      const nightly = await showOn(first, { mode: 'daily', start: '2027-11-01 22:00:00', duration: 1800, stop: '2027-11-12' });
      const moved = await system.api.post(`/shows/${nightly}/exceptions`, { key: admin, body: { original_start: '2027-11-06 22:00:00', start: '2027-11-07T01:30:00-05:00' } });
      expect(moved.status, moved.text).toBe(200);
      // First aired at the second 01:45 (EST), for an hour; weekly.
      await showOn(second, { mode: 'weekly', start: '2027-11-07T01:45:00-05:00', duration: 3600, stop: '2028-01-30' });
      // A series starting in 40 days whose first occurrence moved 100 days earlier, before the feed's other times.
      const later = await showOn(second, { mode: 'daily', start: new Date(soon).toISOString(), duration: 600, stop: new Date(soon + 3 * 86_400_000).toISOString() });
      const early = await system.api.post(`/shows/${later}/exceptions`, { key: admin, body: { original_start: new Date(soon).toISOString(), start: new Date(soon - 100 * 86_400_000).toISOString() } });
      expect(early.status, early.text).toBe(200);
    });

    it('gives a series first starting or ending in the repeated hour its length, every week, in every reader', async () => {
      for (const on of [first, second]) expectEveryReader(await feedOf(on), window, (await listedOn(on, window.from, window.to)).filter((o) => (o[0] as number) >= window.from));
      expect((await listedOn(first, window.from, window.to)).filter((o) => (o[1] as number) - (o[0] as number) === 3600_000).length).toBe(13);
    });

    it('puts an occurrence moved into the second pass of the repeated hour there, in every reader', async () => {
      const text = await feedOf(first);
      const night = { from: Date.parse('2027-11-07T00:00:00-04:00'), to: Date.parse('2027-11-07T03:00:00-05:00') };
      const listed = await listedOn(first, night.from, night.to);
      expect(listed).toContainEqual([Date.parse('2027-11-07T01:30:00-05:00'), Date.parse('2027-11-07T02:00:00-05:00'), 'Line-In']);
      expectEveryReader(text, night, listed);
    });

    it('writes VTIMEZONE changes at their exact instants, from before the earliest time the feed holds', async () => {
      const text = await feedOf(second);
      expect(text).toContain('BEGIN:DAYLIGHT\r\nDTSTART:20270314T020000\r\nTZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400');
      expect(text).toContain('BEGIN:STANDARD\r\nDTSTART:20271107T020000\r\nTZOFFSETFROM:-0400\r\nTZOFFSETTO:-0500');
      for (const line of text.split('\r\n').filter((l) => /^DTSTART:\d{8}T\d{6}$/.test(l))) expect(line, 'an observance starts on a whole minute').toMatch(/00$/);
      const firstObservance = /BEGIN:VTIMEZONE[\s\S]*?DTSTART:(\d{8}T\d{6})[\s\S]*?TZOFFSETFROM:([+-]\d{4})/.exec(text)!;
      const onset = Date.parse(firstObservance[1]!.replace(/(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})/, '$1-$2-$3T$4:$5:$6') + firstObservance[2]!.replace(/(\d{2})(\d{2})$/, '$1:$2'));
      const everything = { from: Date.parse('2020-01-01T00:00:00Z'), to: soon + 10 * 86_400_000 };
      const listed = await listedOn(second, soon - 101 * 86_400_000, everything.to);
      expect(Math.min(...listed.map((o) => o[0] as number))).toBe(soon - 100 * 86_400_000);
      expect(onset).toBeLessThanOrEqual(soon - 100 * 86_400_000);
      expectEveryReader(text, { from: soon - 101 * 86_400_000, to: everything.to }, listed);
    });

    it('ends every line with CRLF, the last one too', async () => {
      const text = await feedOf(first);
      expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
      expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    });
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
