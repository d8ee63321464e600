// A short default playlist (docs/decisions/rundown.md, "Speed"; found running OB Player,
// docs/ob-player.md): a 61-second fill (a minute of music and a station ID) fills a day with 1,417
// blocks, each starting where the one before ends. The rundown of the day and OB Player's
// remote.php syncs (the first, and the one after a show was added 21 minutes ahead) answer within
// the bus deadline (a 503 otherwise) asking the media service a bounded number of times: the
// blocks that follow one another are asked ahead, in batches, not one call each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countBusCalls, tally, type BusCalls } from '../src/bus-calls';
import { wav } from '../src/files';
import { ADMIN_PASSWORD, ruleModes, startTestSystem, type TestSystem } from '../src/harness';
import { makeMediaItem } from '../src/media-items';
import { playerSchedule } from '../src/ob-xml';
import { limit } from '../../vitest.shared';

type Block = { start: string; end: string; kind: string; playlist_id: number | null; last_updated: number; items: { media_id: number | null; offset: number; duration: number }[] };

const PASSWORD = 'short&fill=1';
const DAY = 86_400;
/** The fill's length, and the blocks of a day of fill only (the last one cut at midnight). */
const FILL = 61;
const BLOCKS_A_DAY = Math.ceil(DAY / FILL);
/** The most media calls a sync of a day of fill may make: a few rounds of batches of 50. */
const MEDIA_CALLS = 2 * Math.ceil(BLOCKS_A_DAY / 50) + 6;

describe.each(ruleModes)('a short default playlist (%s)', (mode) => {
  let system: TestSystem;
  let admin: string;
  let calls: BusCalls;
  const m = { song: 0, jingle: 0 };
  let fill = 0;

  const post = async (path: string, body: Record<string, unknown>) => {
    const reply = await system.api.post<{ id: number }>(path, { key: admin, body });
    expect(reply.status, reply.text).toBe(200);
    return reply.body.data.id;
  };
  const player = (name: string) => post('/players', { name, timezone: 'UTC', password: PASSWORD, station_ids: [m.jingle], default_playlist_id: fill });
  const mediaCalls = () => tally(calls.take().filter((s) => s.startsWith('media.')));
  const remoteSchedule = (id: number) =>
    fetch(`${system.url}/remote.php?action=schedule`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ id: String(id), pw: PASSWORD, hbuffer: '4' }).toString() });

  beforeAll(async () => {
    system = await startTestSystem(mode);
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    m.song = await makeMediaItem(system.api, system.url, admin, wav(60), 'Minute', { artist: 'Band' });
    m.jingle = await makeMediaItem(system.api, system.url, admin, wav(1), 'Jingle', { artist: 'Station' });
    fill = await post('/playlists', { name: 'Fill', items: [{ type: 'media', media_id: m.song }, { type: 'station_id' }] });
    calls = countBusCalls(system);
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('answers the rundown of a day of 1,417 blocks with a bounded number of media calls, the same blocks again from the cache', { timeout: limit(120_000) }, async () => {
    const id = await player('Short FM');
    const day = { start: '2027-03-10T00:00:00Z', end: '2027-03-11T00:00:00Z' };
    calls.take();
    const reply = await system.api.get<Block[]>(`/players/${id}/rundown`, { key: admin, query: day });
    expect(reply.status, reply.text).toBe(200);
    const asked = mediaCalls();
    expect(asked['media.internal.resolve-playlist'] ?? 0).toBe(0);
    expect(asked['media.internal.resolve-playlists']).toBeLessThanOrEqual(MEDIA_CALLS);
    const blocks = reply.body.data;
    expect(blocks.length).toBe(BLOCKS_A_DAY);
    blocks.forEach((block, n) => {
      const start = Date.parse(day.start) + n * FILL * 1000;
      expect(Date.parse(block.start), block.start).toBe(start);
      expect(Date.parse(block.end), block.start).toBe(Math.min(start + FILL * 1000, Date.parse(day.end)));
      expect(block.kind).toBe('default_playlist');
      expect(block.items.map((i) => i.media_id)).toEqual(n === blocks.length - 1 ? [m.song] : [m.song, m.jingle]);
    });
    // The same blocks again, from the cache: with no media call once the media's own saved events
    // (which may reach the scheduling service after the first read, and rightly re-resolve the
    // blocks naming them) are behind it.
    await expect
      .poll(async () => {
        mediaCalls();
        const again = await system.api.get<Block[]>(`/players/${id}/rundown`, { key: admin, query: day });
        expect(again.body.data).toEqual(blocks);
        return mediaCalls();
      }, { timeout: limit(20_000), interval: 500 })
      .toEqual({});
  });

  it('answers the first remote.php sync and the one after a show was added, a bounded number of media calls each; the show is taken', { timeout: limit(120_000) }, async () => {
    const id = await player('Short sync');
    calls.take();
    const first = await remoteSchedule(id);
    expect(first.status).toBe(200);
    const before = playerSchedule(await first.text());
    expect(before.length).toBeGreaterThan(4 * 59);
    expect(mediaCalls()['media.internal.resolve-playlists']).toBeLessThanOrEqual(MEDIA_CALLS);
    // A show 21 minutes ahead (outside OB Player's 20-minute showlock): the fill after it moves.
    const start = (Math.ceil(Date.now() / 60_000) + 21) * 60_000;
    const changed: number[] = [];
    await system.infrastructure[0]!.bus.subscribe('scheduling.rundown.changed', ({ data }) => void changed.push((data as { payload: { player_id: number } }).payload.player_id));
    const show = await post('/shows', { player_id: id, mode: 'once', start: new Date(start).toISOString(), duration: 120, item_type: 'media', item_id: m.song });
    await expect.poll(() => changed.includes(id), { timeout: limit(10_000) }).toBe(true);
    calls.take();
    const after = await remoteSchedule(id);
    expect(after.status).toBe(200);
    const shows = playerSchedule(await after.text());
    expect(shows.filter((s) => s.start === start / 1000).map((s) => s.id)).toEqual([show]);
    expect(mediaCalls()['media.internal.resolve-playlists']).toBeLessThanOrEqual(MEDIA_CALLS);
  });
});
