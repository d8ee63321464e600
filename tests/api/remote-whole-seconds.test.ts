// OB Player airs exactly the rundown (issue 41, 5 and 6; docs/decisions/player-sync.md, "Whole
// seconds"): standing in for OB Player 5.3.0 in CI, `action=schedule` is read as the player reads
// it (tests/src/ob-xml.ts) and what it would air is worked out from the XML (tests/src/ob-airing.ts).
// A default playlist of MP3s of fractional lengths made by a real encoder (libmp3lame), and a
// station ID loop of a few seconds (filling a 14-hour gap too), with shows between: every <show> starts on
// a whole second and ends where the next begins across the whole window, items fit inside their
// show (the last one cut to its end) and leave no moment to the player's fallback, a block's last
// item loses less than a second, and the rundown the playout airs says the same. Item lengths are
// read from the API (the container's or the decoded length, whichever the library stores).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, ruleModes, startTestSystem, type TestSystem } from '../src/harness';
import { makeMediaItem } from '../src/media-items';
import { mp3Missing, mp3Tone } from '../src/mp3';
import { aired, holes, itemSpans, overlapping, showSpan } from '../src/ob-airing';
import { playerSchedule, type PlayerShow } from '../src/ob-xml';
import { limit } from '../../vitest.shared';

const missing = await mp3Missing();
if (missing && process.env.CI) throw new Error(`the whole-second conformance test makes MP3s: ${missing} (apt-get install ffmpeg)`);

type Block = { start: string; end: string; kind: string; items: { media_id: number | null; offset: number; duration: number }[] };

const PASSWORD = 'whole-seconds';
const MINUTE = 60;
const HOUR = 3600;
/** The shortest default block (docs/decisions/rundown.md, "Gaps"): a shorter playlist is repeated to it. */
const MIN_FILL_SECONDS = 60;
const ms = (seconds: number) => Math.round(seconds * 1000);

describe.skipIf(missing !== null).each(ruleModes)(`OB Player airs exactly the rundown, on whole seconds (%s)${missing ? `: skipped, ${missing}` : ''}`, (mode) => {
  let system: TestSystem;
  let admin: string;
  const m = { a: 0, b: 0, id: 0, long: 0 };
  const players = { fm: 0, loop: 0 };
  /** The first show's start (Unix seconds), a few minutes ahead, on no whole minute. */
  const t0 = Math.ceil(Date.now() / 60_000) * 60 + 5 * MINUTE + 7;

  const post = async (path: string, body: Record<string, unknown>) => {
    const reply = await system.api.post<{ id: number }>(path, { key: admin, body });
    expect(reply.status, reply.text).toBe(200);
    return reply.body.data.id;
  };
  const show = (player: number, start: number, duration: number, item_type: string, item_id = 0) =>
    post('/shows', { player_id: player, mode: 'once', start: new Date(start * 1000).toISOString(), duration, item_type, item_id });

  /** Each media item's length as the API answers it now (seconds). */
  const durations = async () => {
    const out = new Map<number, number>();
    for (const id of Object.values(m)) out.set(id, (await system.api.get<{ duration: number }>(`/media/${id}`, { key: admin })).body.data.duration);
    return out;
  };

  /**
   * The player's schedule sync, the window it covers for sure ([from, to) in ms) and the item
   * lengths it was made from (read before and after it, again if they moved in between).
   */
  async function sync(player: number, hbuffer: number) {
    for (;;) {
      const lengths = await durations();
      const before = Date.now();
      const reply = await fetch(`${system.url}/remote.php?action=schedule`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ id: String(player), pw: PASSWORD, hbuffer: String(hbuffer) }).toString() });
      expect(reply.status).toBe(200);
      const shows = playerSchedule(await reply.text());
      const window = { from: Date.now() - 60_000, to: Math.floor(before / 1000) * 1000 + hbuffer * HOUR * 1000 };
      if (JSON.stringify([...(await durations())]) === JSON.stringify([...lengths])) return { shows, window, lengths };
    }
  }

  /** Every moment of the window aired, show after show, each item inside its show. */
  function expectAirsTheWholeWindow(shows: PlayerShow[], window: { from: number; to: number }) {
    const spans = shows.map(showSpan);
    expect(overlapping(spans)).toEqual([]);
    shows.slice(1).forEach((next, i) => expect(spans[i]!.end, `show at ${shows[i]!.start}`).toBe(next.start * 1000));
    expect(holes(spans, window.from, window.to)).toEqual([]);
    for (const [i, show] of shows.entries()) {
      expect(show.media.length, `show at ${show.start}`).toBeGreaterThan(0);
      const items = itemSpans(show);
      for (const item of items) expect(ms(item.item.offset) + ms(item.item.duration), `show at ${show.start}`).toBeLessThanOrEqual(ms(show.duration));
      // Item after item, the last one cut to the show's end: nothing of the player's own between them.
      items.slice(1).forEach((item, k) => expect(item.start).toBe(items[k]!.end));
      expect(items.at(-1)!.end, `show at ${show.start}`).toBe(spans[i]!.end);
    }
    expect(holes(aired(shows), window.from, window.to)).toEqual([]);
  }

  /**
   * Each default block is the playlist repeated to at least a minute, its items the library's
   * lengths; a block followed by another loses less than a second of its last item (cut on the
   * whole second), unless a local midnight cuts it.
   */
  function expectDefaultBlocks(shows: PlayerShow[], playlist: number[], lengths: Map<number, number>, zone: string) {
    const pass = playlist.reduce((sum, id) => sum + ms(lengths.get(id)!), 0);
    const times = Math.max(1, Math.ceil((MIN_FILL_SECONDS * 1000) / pass));
    const clock = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    for (const [i, show] of shows.entries()) {
      if (show.id !== 0) continue;
      expect(show).toMatchObject({ type: 'standard', description: 'Default Playlist' });
      const ids = show.media.map((item) => item.id);
      expect(ids).toEqual(ids.map((_, k) => playlist[k % playlist.length]));
      show.media.slice(0, -1).forEach((item) => expect(Math.abs(ms(item.duration) - ms(lengths.get(item.id)!))).toBeLessThanOrEqual(1));
      const next = shows[i + 1];
      const end = showSpan(show).end;
      if (next?.id !== 0 || clock.format(end) === '00:00:00') continue;
      expect(ids).toHaveLength(times * playlist.length);
      const lost = times * pass - ms(show.duration);
      expect(lost).toBeGreaterThanOrEqual(-1);
      expect(lost).toBeLessThan(1000);
    }
  }

  /** What the playout airs (the rundown) is what the player is told: the same starts, ends and items. */
  async function expectTheRundown(player: number, shows: PlayerShow[]) {
    const window = { start: new Date(shows[0]!.start * 1000).toISOString(), end: new Date(showSpan(shows.at(-1)!).end).toISOString() };
    const blocks = (await system.api.get<Block[]>(`/players/${player}/rundown`, { key: admin, query: window })).body.data;
    expect(blocks.map((b) => [Date.parse(b.start), Date.parse(b.end)])).toEqual(shows.map((s) => [showSpan(s).start, showSpan(s).end]));
    blocks.forEach((block, i) => {
      expect(Date.parse(block.start) % 1000).toBe(0);
      expect(shows[i]!.media.map((item) => [ms(item.offset), ms(item.offset) + ms(item.duration)])).toEqual(block.items.map((item) => [ms(item.offset), ms(item.offset + item.duration)]));
    });
  }

  beforeAll(async () => {
    system = await startTestSystem(mode);
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    const make = async (frequency: number, seconds: number, title: string) => makeMediaItem(system.api, system.url, admin, await mp3Tone(frequency, seconds), title, { artist: 'Tones' });
    [m.a, m.b, m.id, m.long] = await Promise.all([make(550, 6.3, 'Tone A'), make(660, 11.7, 'Tone B'), make(770, 3.4, 'Station ID'), make(880, 130, 'Long tone')]);
    const fill = await post('/playlists', { name: 'Fill', items: [{ type: 'media', media_id: m.a }, { type: 'media', media_id: m.b }] });
    const loop = await post('/playlists', { name: 'ID loop', items: [{ type: 'media', media_id: m.id }] });
    const morning = await post('/playlists', { name: 'Morning', items: [{ type: 'media', media_id: m.b }, { type: 'media', media_id: m.a }, { type: 'media', media_id: m.long }] });
    players.fm = await post('/players', { name: 'Fractional FM', timezone: 'Europe/Berlin', password: PASSWORD, default_playlist_id: fill, support_linein: true });
    players.loop = await post('/players', { name: 'Loop FM', timezone: 'Asia/Kathmandu', password: PASSWORD, default_playlist_id: loop, support_linein: true });
    await show(players.fm, t0, 90, 'playlist', morning);
    await show(players.fm, t0 + 90 + 1013, 100, 'media', m.long);
    await show(players.fm, t0 + 50 * MINUTE + 29, 600, 'live');
    await show(players.loop, t0, 100, 'media', m.long);
    await show(players.loop, t0 + 100 + 40 * MINUTE, 600, 'live');
    await show(players.loop, t0 + 100 + 40 * MINUTE + 600 + 14 * HOUR, 600, 'live');
  }, limit(120_000));
  afterAll(async () => {
    await system?.stop();
  });

  it('airs a default playlist of MP3s of fractional lengths between shows without a moment of fallback', { timeout: limit(120_000) }, async () => {
    const { shows, window, lengths } = await sync(players.fm, 2);
    expect(lengths.get(m.a)! % 1, 'an MP3 of fractional length').not.toBe(0);
    expect(shows.filter((s) => s.id !== 0)).toHaveLength(3);
    expectAirsTheWholeWindow(shows, window);
    expectDefaultBlocks(shows, [m.a, m.b], lengths, 'Europe/Berlin');
    await expectTheRundown(players.fm, shows);
  });

  it('airs a station ID loop of a few seconds between shows, repeated within blocks of a minute', { timeout: limit(120_000) }, async () => {
    const { shows, window, lengths } = await sync(players.loop, 4);
    expect(shows.filter((s) => s.id !== 0)).toHaveLength(2);
    expectAirsTheWholeWindow(shows, window);
    expectDefaultBlocks(shows, [m.id], lengths, 'Asia/Kathmandu');
    await expectTheRundown(players.loop, shows);
  });

  it('fills a 14-hour gap with the loop: blocks on whole seconds, one after the other, each aired to its end', { timeout: limit(120_000) }, async () => {
    // Read through the rundown in windows of 4 hours (a sync's worth: at an item per airing, the
    // loop is some 130 kB of rundown an hour), as the playout reads it.
    const gap = { start: (t0 + 100 + 40 * MINUTE + 600) * 1000, end: (t0 + 100 + 40 * MINUTE + 600 + 14 * HOUR) * 1000 };
    const blocks = new Map<number, Block>();
    for (let from = gap.start; from < gap.end; from += 4 * HOUR * 1000) {
      const query = { start: new Date(from).toISOString(), end: new Date(Math.min(from + 4 * HOUR * 1000, gap.end)).toISOString() };
      const reply = await system.api.get<Block[]>(`/players/${players.loop}/rundown`, { key: admin, query });
      expect(reply.status, reply.text).toBe(200);
      for (const block of reply.body.data) blocks.set(Date.parse(block.start), block);
    }
    const fill = [...blocks.values()].filter((b) => b.kind === 'default_playlist');
    expect(fill.length).toBeGreaterThan((14 * HOUR) / (2 * MINUTE));
    expect(Date.parse(fill[0]!.start)).toBe(gap.start);
    expect(Date.parse(fill.at(-1)!.end)).toBe(gap.end);
    fill.forEach((block, i) => {
      expect(Date.parse(block.start) % 1000).toBe(0);
      if (i > 0) expect(Date.parse(block.start)).toBe(Date.parse(fill[i - 1]!.end));
      expect(block.items.every((item) => item.media_id === m.id)).toBe(true);
      const end = block.items.reduce((at, item) => (ms(item.offset) === at ? ms(item.offset + item.duration) : -1), 0);
      expect(end, block.start).toBe(Date.parse(block.end) - Date.parse(block.start));
    });
  });
});
