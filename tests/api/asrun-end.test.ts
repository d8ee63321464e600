// The actual end of each aired item in the as-run log (issue 34): the playout service sends a play
// at its start and again with its end (scheduling.internal.asrun.append, as its AsRunRecorder does),
// and the player monitor answers the end in the player's zone, in JSON and in its CSV. OB Player's
// plays, which carry no end, keep a null end; a resent end is idempotent and a first end is kept.
import { playerSync } from '@airwave/contracts';
import { callOperation } from '@airwave/service-kit';
import qs from 'qs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wav } from '../src/files';
import { ADMIN_PASSWORD, modes, startTestSystem, type TestSystem } from '../src/harness';
import { makeMediaItem } from '../src/media-items';

type Row = { media_id: number; unix_timestamp: string; datetime: string; end_timestamp: string | null; end_unix_timestamp: string | null; end_datetime: string | null; show_name: string | null };

describe.each(modes)('as-run end (%s)', (mode) => {
  let system: TestSystem;
  let admin: string;
  let player: number;
  let tone: number;
  // 2026-11-25 08:00:00.250 UTC.
  const at = 1_795_593_600.25;

  const append = (entries: Parameters<typeof callOperation<typeof playerSync.appendAsRun>>[2]['entries']) =>
    callOperation(system.infrastructure[0]!.bus, playerSync.appendAsRun, { player_id: player, entries });
  const monitor = (query: Record<string, unknown> = {}) =>
    system.api.get<{ results: Row[] | string; total_rows: number }>(`/players/monitor?${qs.stringify({ player_id: player, date_start: '2026-11-20', date_end: '2026-11-30', orderby: 'timestamp', ...query })}`, { key: admin });

  beforeAll(async () => {
    system = await startTestSystem(mode);
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    tone = await makeMediaItem(system.api, system.url, admin, wav(3), 'Tone', { artist: 'Test' });
    player = (await system.api.post<{ id: number }>('/players', { key: admin, body: { name: 'Ends FM', timezone: 'Europe/Helsinki', playout: 'airwave', stream_url: 'http://127.0.0.1:8000/ends.mp3', source_password: 'source-secret' } })).body.data.id;
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('logs a play at its start with no end, then sets its end once, idempotent on a resend', async () => {
    const play = { media_id: tone, artist: 'Test', title: 'Tone', timestamp: at.toFixed(3), context: 'show' as const, emerg_id: 0, notes: '' };
    expect(await append([play])).toEqual({ added: 1, ended: 0, skipped: 0 });
    expect(((await monitor()).body.data.results as Row[])[0]).toMatchObject({ end_timestamp: null, end_unix_timestamp: null, end_datetime: null });
    expect(await append([{ ...play, end: (at + 181.5).toFixed(3) }])).toEqual({ added: 0, ended: 1, skipped: 0 });
    // A retry of the end, or a later end for the same play, changes nothing.
    expect(await append([{ ...play, end: (at + 181.5).toFixed(3) }])).toEqual({ added: 0, ended: 0, skipped: 1 });
    expect(await append([{ ...play, end: (at + 300).toFixed(3) }])).toEqual({ added: 0, ended: 0, skipped: 1 });
    // A start whose first send was lost is logged with its end by the end's send.
    expect(await append([{ ...play, timestamp: (at + 181.5).toFixed(3), end: (at + 240).toFixed(3) }])).toEqual({ added: 1, ended: 0, skipped: 0 });
    // OB Player's play (no end) stays without one.
    expect(await append([{ ...play, timestamp: (at + 240).toFixed(3), context: 'fallback' }])).toEqual({ added: 1, ended: 0, skipped: 0 });
    await expect(append([{ ...play, timestamp: (at + 600).toFixed(3), end: (at + 599).toFixed(3) }])).rejects.toMatchObject({ code: 'bad_request' });
  });

  it("answers the end in the player's zone in the monitor's JSON and CSV", async () => {
    const json = await monitor();
    expect(json.status, json.text).toBe(200);
    expect(json.body.data.results).toEqual([
      expect.objectContaining({ unix_timestamp: '1795593600.250', end_unix_timestamp: '1795593781.750', end_timestamp: '2026-11-25T10:03:01.750+02:00', end_datetime: '2026-11-25 10:03:01' }),
      expect.objectContaining({ unix_timestamp: '1795593781.750', end_unix_timestamp: '1795593840.250', end_datetime: '2026-11-25 10:04:00' }),
      expect.objectContaining({ unix_timestamp: '1795593840.250', end_timestamp: null, end_unix_timestamp: null, end_datetime: null }),
    ]);
    const csv = await monitor({ type: 'csv' });
    expect(csv.status, csv.text).toBe(200);
    expect(csv.body.data.results).toBe(
      'Media ID,Artist,Title,Date/Time,Context,Notes,End Date/Time,Show\r\n' +
        `${tone},Test,Tone,2026-11-25 10:00:00,show,,2026-11-25 10:03:01,\r\n` +
        `${tone},Test,Tone,2026-11-25 10:03:01,show,,2026-11-25 10:04:00,\r\n` +
        `${tone},Test,Tone,2026-11-25 10:04:00,fallback,,,\r\n`,
    );
  });

  it('keeps the show each play aired in, filtered and ordered by it, and in the CSV', async () => {
    const day = at + 86_400; // 2026-11-26, apart from the plays above
    const play = { media_id: tone, artist: 'Test', title: 'Tone', context: 'show' as const, emerg_id: 0, notes: '' };
    await append([
      { ...play, timestamp: day.toFixed(3), show_name: 'The Breakfast Show' },
      { ...play, timestamp: (day + 60).toFixed(3), show_name: 'Drive Time' },
      // OB Player's playlog names no show
      { ...play, timestamp: (day + 120).toFixed(3) },
    ]);
    const window = { date_start: '2026-11-26', date_end: '2026-11-26' };
    const shows = async (query: Record<string, unknown>) => ((await monitor({ ...window, ...query })).body.data.results as Row[]).map((r) => r.show_name);
    expect(await shows({})).toEqual(['The Breakfast Show', 'Drive Time', null]);
    expect(await shows({ filters: [{ column: 'show_name', operator: 'like', value: 'breakfast' }] })).toEqual(['The Breakfast Show']);
    // a play without a show is not the breakfast show
    expect(await shows({ filters: [{ column: 'show_name', operator: 'not', value: 'The Breakfast Show' }] })).toEqual(['Drive Time', null]);
    expect(await shows({ orderby: 'show_name', orderdesc: 'desc' })).toEqual([null, 'The Breakfast Show', 'Drive Time']);
    const csv = (await monitor({ ...window, type: 'csv' })).body.data.results as string;
    expect(csv.split('\r\n').slice(1, 4).map((line) => line.split(',').at(-1))).toEqual(['The Breakfast Show', 'Drive Time', '']);
    const refused = await monitor({ filters: [{ column: 'show', operator: 'is', value: 'x' }] });
    expect(refused.status).toBe(400);
  });
});
