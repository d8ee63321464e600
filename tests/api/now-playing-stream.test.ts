// What is on air as server-sent events, `GET /players/{id}/now-playing/events` (issue 34), through
// the gateway in both modes: OB Player's remote.php `now_playing` and `playlog_post` drive it as a
// player on air does; the first state, an event per track start, the as-run entries, the caller's
// checks as for GET /players/playing/{id}, Last-Event-ID, heartbeats, and a second gateway that
// follows the same bus.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wav } from '../src/files';
import { ADMIN_PASSWORD, modes, startGateway, startTestSystem, type TestSystem } from '../src/harness';
import { makeMediaItem } from '../src/media-items';
import { openSse, type SseEvent, type SseStream } from '../src/sse';
import { limit } from '../../vitest.shared';

const PASSWORD = 'on-air-password';
const json = (event: SseEvent) => JSON.parse(event.data) as Record<string, unknown> & { media: { id: number; title: string; artist: string; end: string | null } | null };
const isNowPlaying = (event: SseEvent) => event.event === 'now_playing';

describe.each(modes)('the now-playing stream (%s)', (mode) => {
  let system: TestSystem;
  let admin: string;
  let reader: string;
  let fm: number;
  let quiet: number;
  const song = { a: 0, b: 0 };
  const streams: SseStream[] = [];

  const path = (player: number | string) => `/api/v2/players/${player}/now-playing/events`;
  const listen = async (player: number, headers: Record<string, string> = {}, base = system.url) => {
    const stream = await openSse(`${base}${path(player)}`, { authorization: `Bearer ${reader}`, ...headers });
    streams.push(stream);
    return stream;
  };
  /** OB Player's remote.php, as it reports what it airs and what it aired. */
  const remote = async (action: string, fields: Record<string, string | number>) => {
    const body = new URLSearchParams(Object.entries({ id: fm, pw: PASSWORD, ...fields }).map(([k, v]): [string, string] => [k, String(v)]));
    const reply = await fetch(`${system.url}/remote.php?action=${action}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: body.toString() });
    expect(reply.status).toBe(200);
    return reply.text();
  };
  // The ends of what airs: the same report twice is one change, as OB Player repeats it.
  const hour = Math.floor(Date.now() / 3_600_000) * 3600;
  const airs = (media: number) => remote('now_playing', { playlist_id: 7, show_name: 'Breakfast', playlist_end: hour + 3600, media_id: media, media_end: hour + 3000 + media });

  beforeAll(async () => {
    system = await startTestSystem(mode);
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    expect((await system.api.post('/users', { key: admin, body: { username: 'listener', password: 'listener-password', email: 'l@example.org' } })).status).toBe(200);
    reader = (await system.api.login('listener', 'listener-password')).key;
    [song.a, song.b] = await Promise.all([makeMediaItem(system.api, system.url, admin, wav(3), 'Song A', { artist: 'Band' }), makeMediaItem(system.api, system.url, admin, wav(4), 'Song B', { artist: 'Band' })]);
    const player = (name: string) => system.api.post<{ id: number }>('/players', { key: admin, body: { name, timezone: 'Europe/London', password: PASSWORD } }).then((r) => r.body.data.id);
    [fm, quiet] = [await player('FM'), await player('Quiet')];
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await system?.stop();
  });

  it('refuses as GET /players/playing/{id} does, in the envelope, before any stream', async () => {
    const plain = async (url: string, headers: Record<string, string> = {}) => {
      const reply = await fetch(`${system.url}${url}`, { headers });
      return { status: reply.status, type: reply.headers.get('content-type'), body: (await reply.json()) as { status: boolean } };
    };
    expect(await plain(path(fm))).toMatchObject({ status: 401, type: expect.stringMatching(/^application\/json/), body: { status: false } });
    expect((await plain(path(fm), { authorization: 'Bearer not-a-session' })).status).toBe(401);
    expect((await plain(path(987_654), { authorization: `Bearer ${reader}` })).status).toBe(404);
    expect((await plain(path('x1'), { authorization: `Bearer ${reader}` })).status).toBe(400);
    expect((await plain(`${path(fm)}?since=3`, { authorization: `Bearer ${reader}` })).status).toBe(400);
    // An app key only where it was allowed this endpoint.
    const made = await system.api.post<{ id: number; key: string }>('/account/key', { key: admin, body: { name: 'On air', permissions: [['GET', '/players/{id}/now-playing/events']] } });
    const token = `${Buffer.from(String(made.body.data.id)).toString('base64')}:${made.body.data.key}`;
    const other = await system.api.post<{ id: number; key: string }>('/account/key', { key: admin, body: { name: 'Other', permissions: [['GET', '/players/{id}']] } });
    expect((await plain(path(fm), { authorization: `Bearer ${Buffer.from(String(other.body.data.id)).toString('base64')}:${other.body.data.key}` })).status).toBe(403);
    const allowed = await listen(fm, { authorization: `Bearer ${token}` });
    expect(allowed.response.status).toBe(200);
    expect((await allowed.next()).event).toBe('now_playing');
    allowed.close();
  });

  it('sends the state first, then an event per track start, and the plays appended to the as-run log', async () => {
    const stream = await listen(quiet);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('cache-control')).toBe('no-cache, no-transform');
    const first = await stream.next(isNowPlaying);
    expect(json(first)).toEqual({ player_id: quiet, show_name: null, show_time_left: null, show_end: null, playlist_id: null, media: null, updated: null });
    expect(stream.retry()).toBe(3000);

    const live = await listen(fm);
    await live.next(isNowPlaying);
    await airs(song.a);
    const started = await live.next(isNowPlaying);
    expect(json(started)).toMatchObject({ player_id: fm, show_name: 'Breakfast', playlist_id: 7, media: { id: song.a, title: 'Song A', artist: 'Band' } });
    expect(json(started).show_end).toMatch(/\+0[01]:00$/);
    expect(started.id).toMatch(/^\d+$/);
    // The same report again changes nothing and sends nothing; the next track does.
    await airs(song.a);
    await airs(song.b);
    const next = await live.next(isNowPlaying);
    expect(json(next).media).toMatchObject({ id: song.b, title: 'Song B' });
    expect(Number(next.id)).toBeGreaterThan(Number(started.id));

    const entry = (id: number, at: number) => `<entry><media_id>${id}</media_id><artist>Band</artist><title>Song</title><datetime>${at}</datetime><context>show</context><emerg_id>0</emerg_id><notes></notes></entry>`;
    const now = Math.floor(Date.now() / 1000);
    await remote('playlog_post', { data: `<?xml version="1.0" ?><obconnect><playlog>${entry(song.a, now - 60)}${entry(song.b, now)}</playlog></obconnect>` });
    const aired = await live.next((e) => e.event === 'asrun');
    expect(JSON.parse(aired.data)).toMatchObject({ player_id: fm, entries: [{ media_id: song.a, unix_timestamp: String(now - 60), context: 'show' }, { media_id: song.b }] });
    // Nothing of FM reached the quiet player's stream.
    expect(stream.events.filter((e) => e.event !== 'heartbeat')).toHaveLength(1);
  });

  it('takes the session from i and k in the query string, as a browser EventSource sends it', async () => {
    const { id, key } = await system.api.login('listener', 'listener-password');
    const stream = await openSse(`${system.url}${path(fm)}?i=${id}&k=${encodeURIComponent(key)}`);
    streams.push(stream);
    expect(json(await stream.next(isNowPlaying)).media).toMatchObject({ id: song.b });
  });

  it('resumes after Last-Event-ID with the events missed, or sends the state when they are not held', async () => {
    const watcher = await listen(fm);
    await watcher.next(isNowPlaying);
    await airs(song.a);
    const missedFrom = await watcher.next(isNowPlaying);
    await airs(song.b);
    const missed = await watcher.next(isNowPlaying);
    const resumed = await listen(fm, { 'last-event-id': missedFrom.id! });
    const again = await resumed.next(isNowPlaying);
    expect([again.id, json(again).media?.id]).toEqual([missed.id, song.b]);
    // From before this gateway followed the player: the state, as on a first connect.
    const old = await listen(fm, { 'last-event-id': '1' });
    const state = await old.next(isNowPlaying);
    expect(json(state).media).toMatchObject({ id: song.b });
    await airs(song.a);
    for (const stream of [watcher, resumed, old]) expect(json(await stream.next(isNowPlaying)).media).toMatchObject({ id: song.a });
  });

  it('is served by every gateway on the bus, with heartbeats, and ends when that gateway closes', async () => {
    const other = await startGateway(system, { nowPlayingHeartbeatMs: 200 });
    const stream = await listen(fm, {}, other.url);
    await stream.next(isNowPlaying);
    const beat = await stream.next((e) => e.event === 'heartbeat', limit(5000));
    expect(beat.id).toBeUndefined();
    expect(Date.parse((JSON.parse(beat.data) as { time: string }).time)).toBeGreaterThan(Date.now() - limit(10_000));
    await airs(song.b);
    expect(json(await stream.next(isNowPlaying)).media).toMatchObject({ id: song.b, title: 'Song B' });
    await other.stop();
    await stream.ended;
  });

  it('ends a stream after its age, for the client to reconnect with its credentials checked again and resume', async () => {
    const other = await startGateway(system, { nowPlayingMaxAgeMs: 1000 });
    const first = await listen(fm, {}, other.url);
    const state = await first.next(isNowPlaying);
    await first.ended;
    const { key } = await system.api.login('listener', 'listener-password');
    const again = await listen(fm, { authorization: `Bearer ${key}`, 'last-event-id': state.id ?? '0' }, other.url);
    expect(again.response.status).toBe(200);
    expect((await system.api.post('/account/logout', { key })).status).toBe(200);
    await again.ended;
    expect((await fetch(`${other.url}${path(fm)}`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(401);
    await other.stop();
  });
});
