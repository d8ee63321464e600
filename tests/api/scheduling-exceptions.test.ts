// Exceptions to a series through the gateway (docs/decisions/scheduling.md, "Exceptions"): one
// occurrence skipped, moved or airing another item, "this and following" as a split, an edit of
// the whole series that keeps and reports exceptions, collisions and the own-timeslots rule seeing
// the schedule as it happens, a race, and every refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wav } from '../src/files';
import { startBlackBoxSystem, areaModes, type BlackBoxSystem } from '../src/black-box';
import { ADMIN_PASSWORD } from '../src/harness';
import { limit } from '../../vitest.shared';

type Row = { id: number; start: string; end: string; duration: number; item_id?: number; name?: string | null; exception_id?: number; original_start?: string };
type Exception = { id: number; series_id: number; original_start: string; skip: boolean; start: string | null; duration: number | null; matches: boolean; item_id?: number | null };
type Series = { id: number; start: string; stop: string | null; exceptions: Exception[] };
type Failure = { code: string; details?: { issues?: { path: string }[]; conflict?: { id: number } } };

describe.each(areaModes)('schedule exceptions (%s)', (mode) => {
  let system: BlackBoxSystem;
  let admin: string;
  let dj: { id: number; key: string };
  let player: number;
  const items = { weekly: 0, special: 0 };

  beforeAll(async () => {
    system = await startBlackBoxSystem(mode);
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    const djUser = await system.api.post<{ id: number }>('/users', { key: admin, body: { username: 'exdj', password: 'exdj-password-1' } });
    dj = { id: djUser.body.data.id, key: (await system.api.login('exdj', 'exdj-password-1')).key };
    player = (await system.api.post<{ id: number }>('/players', { key: admin, body: { name: 'Exceptions FM', timezone: 'Europe/London' } })).body.data.id;
    const make = async (title: string) => {
      const file = await fetch(`${system.url}/api/v2/uploads`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: wav(1) });
      const { file_id, file_key } = ((await file.json()) as { data: { file_id: string; file_key: string } }).data;
      return (await system.api.put<{ id: number }[]>('/media', { key: admin, body: { media: [{ file_id, file_key, title }] } })).body.data[0]!.id;
    };
    items.weekly = await make('Sunday Brunch');
    items.special = await make('Easter Special');
  });
  afterAll(async () => {
    await system?.stop();
  });

  const shows = async (start: string, end: string) => {
    const reply = await system.api.get<Row[]>('/shows', { key: admin, query: { start, end, player } });
    expect(reply.status, reply.text).toBe(200);
    return reply.body.data;
  };
  const failure = (reply: { status: number; body: unknown }) => (reply.body as { data: Failure }).data;

  describe('a weekly show: one week skipped, one moved, one airing a special, changed from a date on', () => {
    let show: number;
    const march = ['2026-03-01T00:00:00Z', '2026-06-01T00:00:00Z'] as const;

    it('skips the occurrence on the day the clocks change, and deleting the exception restores it', async () => {
      const created = await system.api.post<Series>('/shows', {
        key: admin,
        body: { player_id: player, mode: 'weekly', start: '2026-03-01 08:00:00', duration: 3600, stop: '2026-05-31', item_type: 'media', item_id: items.weekly },
      });
      expect(created.status, created.text).toBe(200);
      expect(created.body.data.exceptions).toEqual([]);
      show = created.body.data.id;
      const skipped = await system.api.post<Exception>(`/shows/${show}/exceptions`, { key: admin, body: { original_start: '2026-03-29 08:00:00', skip: true } });
      expect(skipped.status, skipped.text).toBe(200);
      expect(skipped.body.data).toMatchObject({ series_id: show, original_start: '2026-03-29T08:00:00+01:00', skip: true, start: null, matches: true });
      const rows = await shows('2026-03-20T00:00:00Z', '2026-04-06T00:00:00Z');
      expect(rows.map((r) => r.start)).toEqual(['2026-03-22T08:00:00+00:00', '2026-04-05T08:00:00+01:00']);
      expect((await system.api.delete(`/shows/${show}/exceptions/${skipped.body.data.id}`, { key: admin })).status).toBe(200);
      expect((await shows('2026-03-20T00:00:00Z', '2026-04-06T00:00:00Z')).map((r) => r.start)).toContain('2026-03-29T08:00:00+01:00');
      const again = await system.api.post<Exception>(`/shows/${show}/exceptions`, { key: admin, body: { original_start: '2026-03-29T08:00:00+01:00', skip: 'true' } });
      expect(again.status, again.text).toBe(200);
    });

    it('moves one occurrence and airs a special in another, each row marked with its exception and original start', async () => {
      const moved = await system.api.post<Exception>(`/shows/${show}/exceptions`, { key: admin, body: { original_start: '2026-04-05T08:00:00+01:00', start: '2026-04-05 10:00:00', duration: 1800 } });
      expect(moved.status, moved.text).toBe(200);
      expect(moved.body.data).toMatchObject({ skip: false, start: '2026-04-05T10:00:00+01:00', duration: 1800, item_id: null });
      const special = await system.api.post<Exception>(`/shows/${show}/exceptions`, { key: admin, body: { original_start: '2026-04-12 08:00:00', item_type: 'media', item_id: items.special } });
      expect(special.status, special.text).toBe(200);
      const rows = await shows('2026-04-04T00:00:00Z', '2026-04-13T00:00:00Z');
      expect(rows.map((r) => [r.start, r.duration, r.name, r.exception_id, r.original_start])).toEqual([
        ['2026-04-05T10:00:00+01:00', 1800, 'Sunday Brunch', moved.body.data.id, '2026-04-05T08:00:00+01:00'],
        ['2026-04-12T08:00:00+01:00', 3600, 'Easter Special', special.body.data.id, '2026-04-12T08:00:00+01:00'],
      ]);
      // A window that holds only the moved occurrence's new time finds it; one that holds only its old time does not.
      expect((await shows('2026-04-05T08:30:00Z', '2026-04-05T09:15:00Z')).map((r) => r.exception_id)).toEqual([moved.body.data.id]);
      expect(await shows('2026-04-05T07:00:00Z', '2026-04-05T08:00:00Z')).toEqual([]);
    });

    it('splits the series the week of a change ("this and following"): exceptions after it follow the new series and are reported when they no longer match', async () => {
      const late = await system.api.post<Exception>(`/shows/${show}/exceptions`, { key: admin, body: { original_start: '2026-05-10 08:00:00', skip: true } });
      expect(late.status, late.text).toBe(200);
      const split = await system.api.post<{ before: Series; after: Series }>(`/shows/${show}/split`, { key: admin, body: { at: '2026-04-26 08:00:00', start: '2026-04-26 09:00:00' } });
      expect(split.status, split.text).toBe(200);
      const { before, after } = split.body.data;
      expect(before).toMatchObject({ id: show, start: '2026-03-01T08:00:00+00:00', stop: '2026-04-26T07:59:59+01:00' });
      expect(before.exceptions.map((e) => e.original_start)).toEqual(['2026-03-29T08:00:00+01:00', '2026-04-05T08:00:00+01:00', '2026-04-12T08:00:00+01:00']);
      expect(after).toMatchObject({ start: '2026-04-26T09:00:00+01:00', stop: '2026-05-31T23:59:59+01:00' });
      // The skip of 10 May now names 08:00, which the new series (09:00) does not have: kept, reported.
      expect(after.exceptions).toEqual([expect.objectContaining({ id: late.body.data.id, series_id: after.id, matches: false })]);
      const rows = await shows('2026-04-18T00:00:00Z', '2026-05-18T00:00:00Z');
      expect(rows.map((r) => [r.id, r.start])).toEqual([
        [show, '2026-04-19T08:00:00+01:00'],
        [after.id, '2026-04-26T09:00:00+01:00'],
        [after.id, '2026-05-03T09:00:00+01:00'],
        [after.id, '2026-05-10T09:00:00+01:00'],
        [after.id, '2026-05-17T09:00:00+01:00'],
      ]);
      // The whole run: fourteen Sundays, 29 March skipped (10 May's skip no longer matches).
      expect((await shows(...march)).length).toBe(14 - 1);
    });

    it('editing the whole series keeps its exceptions, reports those that no longer match, and they match again when the times come back', async () => {
      const series = (await system.api.get<Series>(`/shows/${show}`, { key: admin })).body.data;
      const body = { player_id: player, mode: 'weekly', start: '2026-03-01 08:30:00', duration: 3600, stop: series.stop, item_type: 'media', item_id: items.weekly };
      const edited = await system.api.put<Series>(`/shows/${show}`, { key: admin, body });
      expect(edited.status, edited.text).toBe(200);
      expect(edited.body.data.exceptions.map((e) => e.matches)).toEqual([false, false, false]);
      expect((await shows('2026-03-28T00:00:00Z', '2026-03-30T00:00:00Z')).map((r) => r.start)).toEqual(['2026-03-29T08:30:00+01:00']);
      const back = await system.api.put<Series>(`/shows/${show}`, { key: admin, body: { ...body, start: '2026-03-01 08:00:00' } });
      expect(back.body.data.exceptions.map((e) => e.matches)).toEqual([true, true, true]);
      expect(await shows('2026-03-28T00:00:00Z', '2026-03-30T00:00:00Z')).toEqual([]);
    });
  });

  it('holds at most 500 exceptions a series (it travels whole in its events); editing one still works', async () => {
    const daily = await system.api.post<Series>('/shows', {
      key: admin,
      body: { player_id: player, mode: 'daily', start: '2031-01-01 05:00:00', duration: 600, stop: '2032-12-31', item_type: 'media', item_id: items.weekly },
    });
    expect(daily.status, daily.text).toBe(200);
    const id = daily.body.data.id;
    const day = (n: number) => new Date(Date.UTC(2031, 0, 1 + n)).toISOString().slice(0, 10);
    let last = 0;
    for (let n = 0; n < 500; n += 1) {
      const skipped = await system.api.post<Exception>(`/shows/${id}/exceptions`, { key: admin, body: { original_start: `${day(n)} 05:00:00`, skip: true } });
      expect(skipped.status, skipped.text).toBe(200);
      last = skipped.body.data.id;
    }
    const refused = await system.api.post(`/shows/${id}/exceptions`, { key: admin, body: { original_start: `${day(500)} 05:00:00`, skip: true } });
    expect(refused.status, refused.text).toBe(409);
    expect(failure(refused).code).toBe('conflict');
    expect(refused.text).toContain('at most 500 exceptions');
    const edited = await system.api.put(`/shows/${id}/exceptions/${last}`, { key: admin, body: { original_start: `${day(499)} 05:00:00`, start: `${day(499)} 05:30:00` } });
    expect(edited.status, edited.text).toBe(200);
    expect((await system.api.delete(`/shows/${id}`, { key: admin })).status).toBe(200);
  }, limit(120_000));

  it('splits a weekly show the week the clocks go back, each side at its local time', async () => {
    const body = { player_id: player, mode: 'weekly', start: '2026-10-04 07:00:00', duration: 1800, stop: '2026-11-29', item_type: 'live', item_id: 1 };
    const weekly = await system.api.post<Series>('/shows', { key: admin, body });
    expect(weekly.status, weekly.text).toBe(200);
    const split = await system.api.post<{ before: Series; after: Series }>(`/shows/${weekly.body.data.id}/split`, { key: admin, body: { at: '2026-10-25 07:00:00', start: '2026-10-25 06:30:00' } });
    expect(split.status, split.text).toBe(200);
    expect(split.body.data.before.stop).toBe('2026-10-25T06:59:59+00:00');
    const rows = await shows('2026-10-17T00:00:00Z', '2026-11-02T00:00:00Z');
    expect(rows.filter((r) => r.id === weekly.body.data.id || r.id === split.body.data.after.id).map((r) => r.start)).toEqual([
      '2026-10-18T07:00:00+01:00',
      '2026-10-25T06:30:00+00:00',
      '2026-11-01T06:30:00+00:00',
    ]);
  });

  describe('collisions see the schedule as it happens', () => {
    let early: number;
    let late: number;

    it('refuses a move onto another timeslot or onto its own next occurrence; a skipped occurrence frees its time', async () => {
      const slot = (start: string) =>
        system.api.post<Series>('/timeslots', { key: admin, body: { user_id: dj.id, player_id: player, mode: 'daily', start, duration: 3600, stop: '2026-10-31', description: 'Slot' } });
      early = (await slot('2026-10-20 08:00:00')).body.data.id;
      late = (await slot('2026-10-20 10:00:00')).body.data.id;
      const onto = await system.api.post(`/timeslots/${early}/exceptions`, { key: admin, body: { original_start: '2026-10-24 08:00:00', start: '2026-10-24 10:30:00' } });
      expect(onto.status, onto.text).toBe(409);
      expect(failure(onto).details?.conflict?.id).toBe(late);
      const ontoItself = await system.api.post(`/timeslots/${early}/exceptions`, { key: admin, body: { original_start: '2026-10-24 08:00:00', start: '2026-10-25 08:30:00' } });
      expect(ontoItself.status, ontoItself.text).toBe(409);
      const freed = await system.api.post(`/timeslots/${late}/exceptions`, { key: admin, body: { original_start: '2026-10-24 10:00:00', skip: true } });
      expect(freed.status, freed.text).toBe(200);
      const into = await system.api.post<Exception>(`/timeslots/${early}/exceptions`, { key: admin, body: { original_start: '2026-10-24 08:00:00', start: '2026-10-24 10:30:00' } });
      expect(into.status, into.text).toBe(200);
      // Restoring the skipped occurrence now collides with the moved one; nothing changes.
      const exceptions = (await system.api.get<Exception[]>(`/timeslots/${late}/exceptions`, { key: admin })).body.data;
      const newSlot = await system.api.post('/timeslots', { key: admin, body: { user_id: dj.id, player_id: player, mode: 'once', start: '2026-10-24 11:00:00', duration: 600, description: 'x' } });
      expect(newSlot.status, newSlot.text).toBe(409);
      expect(exceptions).toHaveLength(1);
    });

    it('moves an occurrence into the repeated hour of the autumn change', async () => {
      const moved = await system.api.post<Exception>(`/timeslots/${early}/exceptions`, { key: admin, body: { original_start: '2026-10-25 08:00:00', start: '2026-10-25T01:30:00+00:00', duration: 1800 } });
      expect(moved.status, moved.text).toBe(200);
      expect(moved.body.data.start).toBe('2026-10-25T01:30:00+00:00');
      const rows = await system.api.get<Row[]>('/timeslots', { key: admin, query: { start: '2026-10-25 00:00:00', end: '2026-10-25 09:00:00', player } });
      expect(rows.body.data.map((r) => [r.start, r.end, r.original_start])).toEqual([['2026-10-25T01:30:00+00:00', '2026-10-25T02:00:00+00:00', '2026-10-25T08:00:00+00:00']]);
    });

    it('of two clients adding colliding exceptions at once, exactly one wins', async () => {
      const [a, b] = await Promise.all([
        system.api.post(`/timeslots/${early}/exceptions`, { key: admin, body: { original_start: '2026-10-27 08:00:00', start: '2026-10-27 12:00:00' } }),
        system.api.post(`/timeslots/${late}/exceptions`, { key: admin, body: { original_start: '2026-10-27 10:00:00', start: '2026-10-27 12:30:00' } }),
      ]);
      expect([a!.status, b!.status].sort()).toEqual([200, 409]);
    });

    it("a user's show moves only inside their own timeslots as they happen", async () => {
      const owned = await system.api.post<Series>('/shows', { key: dj.key, body: { player_id: player, mode: 'daily', start: '2026-10-20 08:00:00', duration: 1800, stop: '2026-10-22', item_type: 'live', item_id: 1 } });
      expect(owned.status, owned.text).toBe(200);
      const id = owned.body.data.id;
      const inside = await system.api.post(`/shows/${id}/exceptions`, { key: dj.key, body: { original_start: '2026-10-21 08:00:00', start: '2026-10-21 08:30:00' } });
      expect(inside.status, inside.text).toBe(200);
      const outside = await system.api.post(`/shows/${id}/exceptions`, { key: dj.key, body: { original_start: '2026-10-22 08:00:00', start: '2026-10-22 09:30:00' } });
      expect(outside.status, outside.text).toBe(403);
      // The 24th's 08:00 slot occurrence moved to 10:30: a show may follow it there, not stay at 08:00.
      const day = await system.api.post<Series>('/shows', { key: dj.key, body: { player_id: player, mode: 'once', start: '2026-10-24 08:00:00', duration: 600, item_type: 'live', item_id: 1 } });
      expect(day.status, day.text).toBe(403);
      const followed = await system.api.post<Series>('/shows', { key: dj.key, body: { player_id: player, mode: 'once', start: '2026-10-24 10:40:00', duration: 600, item_type: 'live', item_id: 1 } });
      expect(followed.status, followed.text).toBe(200);
      // Someone else without manage_timeslots may read the show's exceptions, not change or split it.
      await system.api.post('/users', { key: admin, body: { username: 'exother', password: 'exother-password-1' } });
      const other = (await system.api.login('exother', 'exother-password-1')).key;
      expect((await system.api.get(`/shows/${id}/exceptions`, { key: other })).status).toBe(200);
      const refused = [
        await system.api.post(`/shows/${id}/exceptions`, { key: other, body: { original_start: '2026-10-22 08:00:00', skip: true } }),
        await system.api.post(`/shows/${id}/split`, { key: other, body: { at: '2026-10-21 08:00:00' } }),
        await system.api.get(`/shows/${id}/exceptions`),
      ];
      expect(refused.map((reply) => reply.status)).toEqual([403, 403, 401]);
      expect((await system.api.get<Exception[]>(`/shows/${id}/exceptions`, { key: dj.key })).body.data).toHaveLength(1);
    });

    it("restores a user's skipped show only inside their timeslots as they happen (403 after its slot was skipped)", async () => {
      const owned = await system.api.post<Series>('/shows', { key: dj.key, body: { player_id: player, mode: 'daily', start: '2026-10-28 08:00:00', duration: 1800, stop: '2026-10-30', item_type: 'live' } });
      expect(owned.status, owned.text).toBe(200);
      const skipped = await system.api.post<Exception>(`/shows/${owned.body.data.id}/exceptions`, { key: dj.key, body: { original_start: '2026-10-29 08:00:00', skip: true } });
      expect(skipped.status, skipped.text).toBe(200);
      const slotSkip = await system.api.post<Exception>(`/timeslots/${early}/exceptions`, { key: admin, body: { original_start: '2026-10-29 08:00:00', skip: true } });
      expect(slotSkip.status, slotSkip.text).toBe(200);
      const restore = await system.api.delete(`/shows/${owned.body.data.id}/exceptions/${skipped.body.data.id}`, { key: dj.key });
      expect(restore.status, restore.text).toBe(403);
      expect((await system.api.get<Exception[]>(`/shows/${owned.body.data.id}/exceptions`, { key: dj.key })).body.data).toHaveLength(1);
      // With the slot back, the restore goes through.
      expect((await system.api.delete(`/timeslots/${early}/exceptions/${slotSkip.body.data.id}`, { key: admin })).status).toBe(200);
      expect((await system.api.delete(`/shows/${owned.body.data.id}/exceptions/${skipped.body.data.id}`, { key: dj.key })).status).toBe(200);
    });
  });

  describe('no path books one time twice, and an exception changes something', () => {
    const slotOn = (start: string, body: Record<string, unknown> = {}) =>
      system.api.post<Series>('/timeslots', { key: admin, body: { user_id: dj.id, player_id: player, mode: 'daily', start, duration: 3600, stop: '2027-06-10', description: 'D', ...body } });
    const slots = async (start: string, end: string) => (await system.api.get<Row[]>('/timeslots', { key: admin, query: { start, end, player } })).body.data;
    const overlapping = (rows: Row[]) => rows.some((r, i) => i > 0 && Date.parse(r.start) < Date.parse(rows[i - 1]!.end));

    it("refuses to restore (DELETE an exception) an occurrence onto time another series' occurrence now holds, or its own series' moved one", async () => {
      const a = (await slotOn('2027-06-01 08:00:00')).body.data.id;
      const skip = await system.api.post<Exception>(`/timeslots/${a}/exceptions`, { key: admin, body: { original_start: '2027-06-03 08:00:00', skip: true } });
      expect(skip.status, skip.text).toBe(200);
      const b = await system.api.post<Series>('/timeslots', { key: admin, body: { user_id: dj.id, player_id: player, mode: 'once', start: '2027-06-03 08:30:00', duration: 600, description: 'B' } });
      expect(b.status, b.text).toBe(200);
      const restore = await system.api.delete(`/timeslots/${a}/exceptions/${skip.body.data.id}`, { key: admin });
      expect(restore.status, restore.text).toBe(409);
      expect(failure(restore)).toMatchObject({ code: 'conflict', details: { conflict: { id: b.body.data.id, start: '2027-06-03T08:30:00+01:00' } } });
      // Nothing changed: the skip is still there, the listing holds no double booking.
      expect((await system.api.get<Exception[]>(`/timeslots/${a}/exceptions`, { key: admin })).body.data.map((e) => e.id)).toEqual([skip.body.data.id]);
      expect(overlapping(await slots('2027-06-03T00:00:00Z', '2027-06-04T00:00:00Z'))).toBe(false);
      // Its own series: the 4th moved into the 3rd's freed hour, then the 3rd restored onto it.
      expect((await system.api.delete(`/timeslots/${b.body.data.id}`, { key: admin })).status).toBe(200);
      const moved = await system.api.post(`/timeslots/${a}/exceptions`, { key: admin, body: { original_start: '2027-06-04 08:00:00', start: '2027-06-03 08:15:00' } });
      expect(moved.status, moved.text).toBe(200);
      const own = await system.api.delete(`/timeslots/${a}/exceptions/${skip.body.data.id}`, { key: admin });
      expect(own.status, own.text).toBe(409);
      expect(failure(own).details?.conflict?.id).toBe(a);
      expect(overlapping(await slots('2027-06-03T00:00:00Z', '2027-06-05T00:00:00Z'))).toBe(false);
      expect((await system.api.delete(`/timeslots/${a}`, { key: admin })).status).toBe(200);
    });

    it('refuses a series PUT or a split that makes the series overlap one of its own moved occurrences', async () => {
      const body = { user_id: dj.id, player_id: player, mode: 'daily', start: '2027-06-01 08:00:00', duration: 3600, stop: '2027-06-10', description: 'D' };
      const a = (await slotOn(body.start)).body.data.id;
      // The 2nd's occurrence moved to 10:00 on the 1st; the 6th's to 10:00 on the 5th.
      for (const [original, start] of [['2027-06-02 08:00:00', '2027-06-01 10:00:00'], ['2027-06-06 08:00:00', '2027-06-05 10:00:00']]) {
        const moved = await system.api.post(`/timeslots/${a}/exceptions`, { key: admin, body: { original_start: original, start } });
        expect(moved.status, moved.text).toBe(200);
      }
      const put = await system.api.put(`/timeslots/${a}`, { key: admin, body: { ...body, duration: 3 * 3600 } });
      expect(put.status, put.text).toBe(409);
      expect(failure(put).details?.conflict).toMatchObject({ id: a, start: '2027-06-01T10:00:00+01:00' });
      const split = await system.api.post(`/timeslots/${a}/split`, { key: admin, body: { at: '2027-06-04 08:00:00', duration: 3 * 3600 } });
      expect(split.status, split.text).toBe(409);
      expect(failure(split).details?.conflict).toMatchObject({ start: '2027-06-05T10:00:00+01:00' });
      // Nothing of either stayed.
      expect((await system.api.get<Series>(`/timeslots/${a}`, { key: admin })).body.data).toMatchObject({ duration: 3600, stop: '2027-06-10T23:59:59+01:00' });
      expect(overlapping(await slots('2027-06-01T00:00:00Z', '2027-06-11T00:00:00Z'))).toBe(false);
      // Two hours touch the moved hour: allowed.
      expect((await system.api.put(`/timeslots/${a}`, { key: admin, body: { ...body, duration: 2 * 3600 } })).status).toBe(200);
      expect((await system.api.delete(`/timeslots/${a}`, { key: admin })).status).toBe(200);
    });

    it('refuses with 400 an exception that changes nothing: the original start, the series duration, the show its own item', async () => {
      const a = (await slotOn('2027-06-01 08:00:00')).body.data.id;
      const post = (body: Record<string, unknown>) => system.api.post(`/timeslots/${a}/exceptions`, { key: admin, body });
      for (const body of [
        { original_start: '2027-06-02 08:00:00', start: '2027-06-02 08:00:00' },
        { original_start: '2027-06-02 08:00:00', duration: 3600 },
        { original_start: '2027-06-02 08:00:00', start: '2027-06-02T07:00:00Z', duration: 3600 },
      ]) {
        const reply = await post(body);
        expect(reply.status, reply.text).toBe(400);
        expect(reply.text).toContain('changes nothing');
      }
      // An edit to nothing is refused too (delete the exception instead).
      const real = await post({ original_start: '2027-06-02 08:00:00', duration: 1800 });
      expect(real.status, real.text).toBe(200);
      const edit = await system.api.put(`/timeslots/${a}/exceptions/${(real.body as { data: Exception }).data.id}`, { key: admin, body: { original_start: '2027-06-02 08:00:00', duration: 3600 } });
      expect(edit.status, edit.text).toBe(400);
      const show = await system.api.post<Series>('/shows', { key: admin, body: { player_id: player, mode: 'daily', start: '2027-06-01 08:00:00', duration: 1800, stop: '2027-06-05', item_type: 'media', item_id: items.weekly } });
      expect(show.status, show.text).toBe(200);
      const same = await system.api.post(`/shows/${show.body.data.id}/exceptions`, { key: admin, body: { original_start: '2027-06-02 08:00:00', item_type: 'media', item_id: items.weekly } });
      expect(same.status, same.text).toBe(400);
      expect(same.text).toContain('changes nothing');
      const other = await system.api.post(`/shows/${show.body.data.id}/exceptions`, { key: admin, body: { original_start: '2027-06-02 08:00:00', item_type: 'media', item_id: items.special } });
      expect(other.status, other.text).toBe(200);
      // A live show names no item: live input under any id is its own.
      const live = await system.api.post<Series>('/shows', { key: admin, body: { player_id: player, mode: 'daily', start: '2027-06-01 10:00:00', duration: 600, stop: '2027-06-05', item_type: 'live' } });
      expect(live.status, live.text).toBe(200);
      const alsoLive = await system.api.post(`/shows/${live.body.data.id}/exceptions`, { key: admin, body: { original_start: '2027-06-02 10:00:00', item_type: 'linein', item_id: 3 } });
      expect(alsoLive.status, alsoLive.text).toBe(400);
      for (const path of [`/shows/${show.body.data.id}`, `/shows/${live.body.data.id}`, `/timeslots/${a}`]) expect((await system.api.delete(path, { key: admin })).status).toBe(200);
    });

    it('splits with no start at an occurrence the spring gap shifted, keeping the local time and the carried exceptions', async () => {
      // 01:30 every night: on 28 March 2027 (London) 01:30 does not exist and it airs at 02:30 BST.
      const night = await system.api.post<Series>('/shows', { key: admin, body: { player_id: player, mode: 'daily', start: '2027-03-25 01:30:00', duration: 1200, stop: '2027-04-02', item_type: 'live', item_id: 1 } });
      expect(night.status, night.text).toBe(200);
      const id = night.body.data.id;
      const late = await system.api.post<Exception>(`/shows/${id}/exceptions`, { key: admin, body: { original_start: '2027-03-31 01:30:00', start: '2027-03-31 03:00:00' } });
      expect(late.status, late.text).toBe(200);
      const split = await system.api.post<{ before: Series; after: Series }>(`/shows/${id}/split`, { key: admin, body: { at: '2027-03-28T02:30:00+01:00', item_type: 'media', item_id: items.special } });
      expect(split.status, split.text).toBe(200);
      expect(split.body.data.after).toMatchObject({ start: '2027-03-28T02:30:00+01:00', local_start: '2027-03-28 01:30:00' });
      expect(split.body.data.after.exceptions).toEqual([expect.objectContaining({ id: late.body.data.id, matches: true })]);
      const rows = await shows('2027-03-27T00:00:00Z', '2027-04-03T00:00:00Z');
      expect(rows.map((r) => [r.start, r.item_id])).toEqual([
        ['2027-03-27T01:30:00+00:00', undefined],
        ['2027-03-28T02:30:00+01:00', items.special],
        ['2027-03-29T01:30:00+01:00', items.special],
        ['2027-03-30T01:30:00+01:00', items.special],
        ['2027-03-31T03:00:00+01:00', items.special],
        ['2027-04-01T01:30:00+01:00', items.special],
        ['2027-04-02T01:30:00+01:00', items.special],
      ].map(([start, item]) => [start, item ?? 0]));
      // A PUT that sends the series back as GET answers it keeps its local time.
      const after = (await system.api.get<Series & { duration: number; item_type: string; item_id: number; mode: string }>(`/shows/${split.body.data.after.id}`, { key: admin })).body.data;
      const put = await system.api.put<Series>(`/shows/${after.id}`, { key: admin, body: { player_id: player, mode: after.mode, start: after.start, duration: after.duration, stop: after.stop, item_type: after.item_type, item_id: after.item_id } });
      expect(put.status, put.text).toBe(200);
      expect((await shows('2027-03-29T00:00:00Z', '2027-03-30T00:00:00Z')).map((r) => r.start)).toEqual(['2027-03-29T01:30:00+01:00']);
      for (const series of [id, after.id]) expect((await system.api.delete(`/shows/${series}`, { key: admin })).status).toBe(200);
    });
  });

  describe('refusals', () => {
    let slot: number;
    beforeAll(async () => {
      slot = (
        await system.api.post<Series>('/timeslots', { key: admin, body: { user_id: dj.id, player_id: player, mode: 'weekly', start: '2027-01-04 08:00:00', duration: 3600, stop: '2027-03-01', description: 'R' } })
      ).body.data.id;
    });
    const post = (body: Record<string, unknown>, key = admin, id = slot) => system.api.post(`/timeslots/${id}/exceptions`, { key, body });
    const refused = async (reply: Promise<{ status: number; body: unknown; text: string }>, status: number, field?: string) => {
      const r = await reply;
      expect(r.status, r.text).toBe(status);
      expect((r.body as { status: boolean }).status).toBe(false);
      if (field) expect(failure(r).details?.issues?.[0]?.path).toBe(field);
    };

    it('refuses what names no occurrence, changes nothing, or contradicts itself', async () => {
      await refused(post({ original_start: '2027-01-05 08:00:00', skip: true }), 400, 'original_start');
      await refused(post({ original_start: '2027-01-11 08:00:00' }), 400, 'skip');
      await refused(post({ original_start: '2027-01-11 08:00:00', skip: true, start: '2027-01-11 09:00:00' }), 400, 'skip');
      await refused(post({ original_start: '2027-01-11 08:00:00', start: '2028-06-01 09:00:00' }), 400, 'start');
      await refused(post({ original_start: '2027-01-11 08:00:00', duration: 0 }), 400, 'duration');
      await refused(post({ original_start: 'next monday', skip: true }), 400, 'original_start');
      await refused(post({ original_start: '2027-01-11 08:00:00', item_type: 'media', item_id: items.special }), 400);
      await refused(post({ original_start: '2027-01-11 08:00:00', skip: true }, admin, 999_999), 404);
      expect((await system.api.get(`/timeslots/${slot}/exceptions`, { key: admin })).body).toMatchObject({ data: [] });
    });

    it('refuses a second exception for one occurrence, an unknown exception, and callers without the right', async () => {
      const first = await system.api.post<Exception>(`/timeslots/${slot}/exceptions`, { key: admin, body: { original_start: '2027-01-11 08:00:00', skip: true } });
      expect(first.status).toBe(200);
      const second = await post({ original_start: '2027-01-11T08:00:00Z', start: '2027-01-11 09:00:00' });
      expect(second.status).toBe(409);
      expect((second.body as { data: { details: { exception_id: number } } }).data.details.exception_id).toBe(first.body.data.id);
      await refused(system.api.put(`/timeslots/${slot}/exceptions/999999`, { key: admin, body: { original_start: '2027-01-18 08:00:00', skip: true } }), 404);
      await refused(system.api.delete(`/timeslots/${slot}/exceptions/999999`, { key: admin }), 404);
      await refused(post({ original_start: '2027-01-18 08:00:00', skip: true }, dj.key), 403);
      await refused(system.api.delete(`/timeslots/${slot}/exceptions/${first.body.data.id}`, { key: dj.key }), 403);
      // The slot is the dj's own: they may read it and its exceptions.
      expect((await system.api.get(`/timeslots/${slot}/exceptions`, { key: dj.key })).status).toBe(200);
      // Editing moves the exception to another occurrence.
      const edited = await system.api.put<Exception>(`/timeslots/${slot}/exceptions/${first.body.data.id}`, { key: admin, body: { original_start: '2027-01-18 08:00:00', skip: true } });
      expect(edited.body.data.original_start).toBe('2027-01-18T08:00:00+00:00');
    });

    it('refuses a split at the first occurrence, at no occurrence, by a caller without the right, or one that collides', async () => {
      await refused(system.api.post(`/timeslots/${slot}/split`, { key: admin, body: { at: '2027-01-04 08:00:00', start: '2027-01-04 09:00:00' } }), 400, 'at');
      await refused(system.api.post(`/timeslots/${slot}/split`, { key: admin, body: { at: '2027-01-12 08:00:00' } }), 400, 'at');
      await refused(system.api.post(`/timeslots/${slot}/split`, { key: dj.key, body: { at: '2027-01-25 08:00:00' } }), 403);
      await refused(system.api.post(`/timeslots/${slot}/split`, { key: admin, body: { at: '2027-01-25 08:00:00', mode: 'xweeks' } }), 400, 'x_data');
      const blocker = await system.api.post<Series>('/timeslots', { key: admin, body: { user_id: dj.id, player_id: player, mode: 'once', start: '2027-02-01 10:00:00', duration: 600, description: 'B' } });
      await refused(system.api.post(`/timeslots/${slot}/split`, { key: admin, body: { at: '2027-01-25 08:00:00', start: '2027-01-25 10:00:00' } }), 409);
      // Nothing of the refused split stayed: the series still runs to March.
      expect((await system.api.get<Series>(`/timeslots/${slot}`, { key: admin })).body.data.stop).toBe('2027-03-01T23:59:59+00:00');
      expect((await system.api.delete(`/timeslots/${blocker.body.data.id}`, { key: admin })).status).toBe(200);
    });
  });
});
