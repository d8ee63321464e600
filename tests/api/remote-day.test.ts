// A station's day through OB Player's sync (issue 31, docs/decisions/player-sync.md): a player with
// a playlist show, a media show, line-in shows, gaps filled by its default playlist and an alert,
// and a child with its own station IDs, both synced every 2 minutes over 6 simulated hours. Each
// block keeps its `last_updated` (and its items) from sync to sync, except where the one change made
// mid-way (a playlist edited) reaches a block that has not begun; warm syncs ask the media service
// nothing. There is no clock seam: the syncs are `playerRemote.schedule` (what `remote.php` asks)
// with the windows of fixed instants; the day's middle is the real now, when the change is made.
// One real `/remote.php` schedule and emerg at the end, counted: one call to each service.
import { playerRemote, type RundownBlock } from '@airwave/contracts';
import { callOperation } from '@airwave/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countBusCalls, tally, type BusCalls } from '../src/bus-calls';
import { pngImage, wav } from '../src/files';
import { ADMIN_PASSWORD, ruleModes, startTestSystem, type TestSystem } from '../src/harness';
import { makeMediaItem } from '../src/media-items';
import { playerBroadcasts, playerSchedule } from '../src/ob-xml';
import { limit } from '../../vitest.shared';

const MIN = 60;
const HOUR = 3600;
const PASSWORD = 'day&night=24h';
/** OB Player's default `sync_buffer` (hours) and its sync interval here. */
const HBUFFER = 4;
const EVERY = 2 * MIN;

/** One block as one sync answered it. */
interface Seen {
  at: number;
  lastUpdated: number;
  answer: string;
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
const startOf = (block: RundownBlock) => Date.parse(block.start) / 1000;
/** Which block a sync answered: the player, its start, kind and show. */
const keyOf = (player: number, block: RundownBlock) => `${player}@${startOf(block)}:${block.kind}:${block.show_id}`;
/** What a block answers, its items' fields in one order (the rundown's order is not the contract's). */
const answerOf = (block: RundownBlock) =>
  JSON.stringify([block.end, block.name, block.description, block.items.map((i) => [i.order, i.media_id, i.type, i.title, i.artist, i.offset, i.duration, i.crossfade])]);
const askedOf = (subjects: string[], service: string) => tally(subjects.filter((s) => s.startsWith(`${service}.`)));

describe.each(ruleModes)("a station's day through remote.php (%s)", (mode) => {
  let system: TestSystem;
  let admin: string;
  let calls: BusCalls;
  const m = { a: 0, b: 0, mix: 0, jingle: 0, jingle2: 0, logo: 0, spot: 0 };
  const ids = { fm: 0, relay: 0, drive: 0, fill: 0, alert: 0 };
  /** The day's middle: the real now (to the next minute) when the suite starts; the change is made there. */
  const middle = Math.ceil(Date.now() / 1000 / MIN) * MIN;
  const seen = new Map<string, Seen[]>();
  /** The players whose rundown changed (scheduling.rundown.changed), in order. */
  const changes: number[] = [];
  /** Players whose next sync follows a change (it may resolve blocks again). */
  const changedSince = new Set<number>();
  /** The fill: 1,800 s a block (a song and the logo shown for the rest of the half hour). */
  const fillPlaylist = () => ({ name: 'Fill', items: [{ type: 'media', media_id: m.b }, { type: 'media', media_id: m.logo, image_duration: 1795 }] });
  /** The subjects each sync asked, with whether it answered only blocks already answered (warm). */
  const asked: { warm: boolean; subjects: string[] }[] = [];

  const post = async (path: string, body: Record<string, unknown>) => {
    const reply = await system.api.post<{ id: number }>(path, { key: admin, body });
    expect(reply.status, reply.text).toBe(200);
    return reply.body.data.id;
  };
  const credentials = (id: number) => ({ id, password: PASSWORD, address: '127.0.0.1' });
  const bus = () => system.infrastructure[0]!.bus;

  beforeAll(async () => {
    system = await startTestSystem(mode);
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    await bus().subscribe('scheduling.rundown.changed', ({ data }) => void changes.push((data as { payload: { player_id: number } }).payload.player_id));
    const make = (bytes: Buffer, title: string, artist = 'Band') => makeMediaItem(system.api, system.url, admin, bytes, title, { artist });
    [m.a, m.b, m.mix, m.jingle, m.jingle2, m.logo, m.spot] = await Promise.all([
      make(wav(4), 'Song A'),
      make(wav(5), 'Song B'),
      make(wav(6), 'Long mix', 'DJ'),
      make(wav(1), 'Jingle', 'Station'),
      make(wav(2), 'Jingle two', 'Station'),
      make(pngImage(8, 8), 'Logo'),
      make(wav(3), 'Spot', 'Newsdesk'),
    ]);
    const morning = await post('/playlists', { name: 'Morning', description: 'Wake up', items: [{ type: 'media', media_id: m.a }, { type: 'station_id' }, { type: 'breakpoint' }, { type: 'media', media_id: m.b }] });
    ids.drive = await post('/playlists', { name: 'Drive', description: 'Home', items: [{ type: 'media', media_id: m.b }, { type: 'station_id' }, { type: 'media', media_id: m.a }] });
    ids.fill = await post('/playlists', fillPlaylist());
    ids.fm = await post('/players', { name: 'FM', timezone: 'UTC', password: PASSWORD, station_ids: [m.jingle], default_playlist_id: ids.fill, support_linein: true });
    ids.relay = await post('/players', { name: 'Relay', timezone: 'UTC', password: PASSWORD, parent_player_id: ids.fm, use_parent_schedule: true, use_parent_playlist: true, use_parent_alert: true, station_ids: [m.jingle2], support_linein: false });
    const once = (at: number, duration: number, item_type: string, item_id = 0) => post('/shows', { player_id: ids.fm, mode: 'once', start: iso(middle + at), duration, item_type, item_id });
    await once(-3 * HOUR, HOUR, 'playlist', morning);
    await once(-2 * HOUR, 30 * MIN, 'media', m.mix);
    await once(-HOUR, 30 * MIN, 'live');
    await once(-30 * MIN, HOUR, 'playlist', ids.drive); // has begun when Drive is edited
    await once(HOUR, HOUR, 'playlist', ids.drive); // has not
    await once(2 * HOUR, 30 * MIN, 'media', m.mix);
    await once(2.5 * HOUR, 30 * MIN, 'live');
    ids.alert = await post('/alerts', { name: 'Storm', player_id: ids.fm, item_id: m.spot, frequency: 300, start: iso(middle - HOUR), stop: iso(middle + HOUR) });
    calls = countBusCalls(system);
  });
  afterAll(async () => {
    await system?.stop();
  });

  /** One player's sync at `at`: the schedule of OB's window and the alerts, recorded block by block. */
  async function syncAt(player: number, at: number) {
    calls.take();
    const { blocks } = await callOperation(bus(), playerRemote.schedule, { ...credentials(player), from: at - MIN, to: at + HBUFFER * HOUR });
    const subjects = calls.take();
    const warm = !changedSince.delete(player) && blocks.every((block) => seen.has(keyOf(player, block)));
    asked.push({ warm, subjects });
    expect(askedOf(subjects, 'scheduling')).toEqual({ 'scheduling.internal.remote.schedule': 1 });
    for (const block of blocks) {
      const key = keyOf(player, block);
      seen.set(key, [...(seen.get(key) ?? []), { at, lastUpdated: block.last_updated, answer: answerOf(block) }]);
    }
    const { alerts } = await callOperation(bus(), playerRemote.alerts, { ...credentials(player), from: at, to: at + HBUFFER * HOUR });
    expect(alerts.map((a) => a.id), `alerts at ${iso(at)}`).toEqual(at < middle + HOUR ? [ids.alert] : []);
    return blocks;
  }

  const syncEvery2Minutes = async (from: number, to: number) => {
    for (let at = from; at < to; at += EVERY) for (const player of [ids.fm, ids.relay]) await syncAt(player, at);
  };

  /** Makes a change and waits until the rundown has followed it for both players (their blocks made stale). */
  async function change(make: () => Promise<unknown>) {
    const before = changes.length;
    await make();
    await expect.poll(() => new Set(changes.slice(before)), { timeout: limit(10_000) }).toEqual(new Set([ids.fm, ids.relay]));
    [ids.fm, ids.relay].forEach((p) => changedSince.add(p));
  }

  /** Saves the fill unchanged: its blocks not begun are resolved again, to the same items. */
  const saveFillUnchanged = () =>
    change(async () => {
      const saved = await system.api.put(`/playlists/${ids.fill}`, { key: admin, body: fillPlaylist() });
      expect(saved.status, saved.text).toBe(200);
    });

  /** Edits Drive: its items in another order. */
  const editDrive = () =>
    change(async () => {
      const items = [{ type: 'media', media_id: m.a }, { type: 'station_id' }, { type: 'media', media_id: m.b }, { type: 'media', media_id: m.a }];
      const edited = await system.api.put(`/playlists/${ids.drive}`, { key: admin, body: { name: 'Drive', description: 'Home', items } });
      expect(edited.status, edited.text).toBe(200);
    });

  /** A player's last sync's answer of the block starting at `at` (seconds). */
  const lastSeen = (player: number, at: number): Seen => {
    const key = [...seen.keys()].find((k) => k.startsWith(`${player}@${at}:`));
    if (!key) throw new Error(`no block of ${player} at ${iso(at)}`);
    return seen.get(key)!.at(-1)!;
  };
  /** The block starting at `at` (seconds) as a player's last sync answered it. */
  const latest = (player: number, at: number) => {
    const [end, name, description, items] = JSON.parse(lastSeen(player, at).answer) as [string, string, string, [number, number | null, string, string, string, number, number, number][]];
    return { end, name, description, items: items.map(([order, media_id, type, title, artist, offset, duration]) => ({ order, media_id, type, title, artist, offset, duration })) };
  };

  it('keeps every last_updated over 6 hours of syncs, except blocks not yet begun that a change of their items reached', { timeout: limit(300_000) }, async () => {
    await syncEvery2Minutes(middle - 3 * HOUR, middle - 90 * MIN);
    await saveFillUnchanged();
    await syncEvery2Minutes(middle - 90 * MIN, middle);
    await editDrive();
    await syncEvery2Minutes(middle, middle + 3 * HOUR + 1);
    const changed: string[] = [];
    for (const [key, observations] of seen) {
      const versions = [...new Set(observations.map((o) => o.lastUpdated))];
      if (versions.length > 1) changed.push(key);
      // Each last_updated stands for one answer, and a new one is a larger number.
      expect(versions, key).toEqual([...versions].sort((a, b) => a - b));
      for (const version of versions) expect(new Set(observations.filter((o) => o.lastUpdated === version).map((o) => o.answer)).size, key).toBe(1);
      if (versions.length > 1) expect(observations.find((o) => o.lastUpdated === versions[1])!.at, key).toBe(middle);
    }
    expect(changed.map((key) => key.split(':')[0]).sort()).toEqual([ids.fm, ids.relay].map((p) => `${p}@${middle + HOUR}`).sort());
    // The first Drive had begun: the same items, before the edit and after it.
    for (const player of [ids.fm, ids.relay]) expect(latest(player, middle - 30 * MIN).items.map((i) => i.media_id)).toEqual([m.b, player === ids.fm ? m.jingle : m.jingle2, m.a]);
    for (const player of [ids.fm, ids.relay]) expect(latest(player, middle + HOUR).items.map((i) => i.media_id)).toEqual([m.a, player === ids.fm ? m.jingle : m.jingle2, m.b, m.a]);
  });

  const daysBlocks = (player: number) =>
    [...seen.keys()]
      .filter((k) => k.startsWith(`${player}@`))
      .map((k) => ({ start: Number(k.split('@')[1]!.split(':')[0]) - middle, kind: k.split(':')[1]!, name: latest(player, Number(k.split('@')[1]!.split(':')[0])).name }))
      .filter((b) => b.start >= -3 * HOUR && b.start < 3 * HOUR)
      .sort((a, b) => a.start - b.start);

  it('airs the day as scheduled: the child with its own station IDs, line-in only where supported, gaps filled', () => {
    type Block = { start: number; kind: string; name: string };
    // a gap's fill starts again at the player's midnight (UTC here) when the gap spans one: the
    // middle is the real now, so whether one does depends on when the suite runs
    const fill = (at: number, to: number): Block[] => {
      const midnight = Math.ceil((middle + at + 1) / 86_400) * 86_400 - middle;
      return [{ start: at, kind: 'default_playlist', name: 'Fill' }, ...(midnight < to ? [{ start: midnight, kind: 'default_playlist', name: 'Fill' }] : [])];
    };
    const day = (linein: (at: number, to: number) => Block[]): Block[] => [
      { start: -3 * HOUR, kind: 'show', name: 'Morning' },
      { start: -2 * HOUR, kind: 'show', name: 'Long mix' },
      ...fill(-1.5 * HOUR, -HOUR),
      ...linein(-HOUR, -30 * MIN),
      { start: -30 * MIN, kind: 'show', name: 'Drive' },
      ...fill(30 * MIN, HOUR),
      { start: HOUR, kind: 'show', name: 'Drive' },
      { start: 2 * HOUR, kind: 'show', name: 'Long mix' },
      ...linein(2.5 * HOUR, 3 * HOUR),
    ];
    expect(daysBlocks(ids.fm)).toEqual(day((at) => [{ start: at, kind: 'linein', name: 'Line-In' }]));
    expect(daysBlocks(ids.relay)).toEqual(day(fill));
    expect(latest(ids.fm, middle - 3 * HOUR).items.map((i) => i.media_id)).toEqual([m.a, m.jingle, null, m.b]);
    expect(latest(ids.relay, middle - 3 * HOUR).items.map((i) => i.media_id)).toEqual([m.a, m.jingle2, null, m.b]);
    expect(latest(ids.fm, middle - 2 * HOUR).items).toEqual([expect.objectContaining({ media_id: m.mix, type: 'audio', duration: 6 })]);
  });

  it('asks the media service nothing for a warm sync, and at most once per new block otherwise', () => {
    expect(asked.length).toBe(2 * (3 * 30 + 3 * 30 + 1));
    const warm = asked.filter((a) => a.warm);
    expect(warm.length).toBeGreaterThan(asked.length / 2);
    for (const { subjects } of warm) expect(askedOf(subjects, 'media')).toEqual({});
    for (const { subjects } of asked) expect(askedOf(subjects, 'media')['media.internal.summaries'] ?? 0).toBeLessThanOrEqual(1);
    // Playlists are resolved in batches (the playlists a rundown asks for in one turn, one call), never one call each.
    for (const { subjects } of asked) expect(askedOf(subjects, 'media')['media.internal.resolve-playlist'] ?? 0).toBe(0);
    const first = askedOf(asked[0]!.subjects, 'media');
    expect(first['media.internal.resolve-playlists']).toBeGreaterThan(0);
  });

  it('answers a real remote.php sync with the same last_updated, asking each service once', async () => {
    const remote = (action: string) =>
      fetch(`${system.url}/remote.php?action=${action}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ id: String(ids.fm), pw: PASSWORD, hbuffer: String(HBUFFER) }).toString() });
    const oneEach = (subjects: string[]) => ({ ...askedOf(subjects, 'scheduling'), ...askedOf(subjects, 'media') });
    calls.take();
    const shows = playerSchedule(await (await remote('schedule')).text());
    expect(oneEach(calls.take())).toEqual({ 'scheduling.internal.remote.schedule': 1, 'media.internal.player-files': 1 });
    expect(shows.length).toBeGreaterThan(5);
    for (const show of shows) expect(show.last_updated, iso(show.start)).toBe(lastSeen(ids.fm, show.start).lastUpdated);
    const broadcasts = playerBroadcasts(await (await remote('emerg')).text());
    expect(oneEach(calls.take())).toEqual({ 'scheduling.internal.remote.alerts': 1, 'media.internal.player-files': 1 });
    expect(broadcasts.map((b) => Number(b.id))).toEqual([ids.alert]);
  });
});
