// The playout service against the real system (issue 34), with a fake engine in place of
// Liquidsoap: it takes the lease of a player aired by Airwave, reads its rundown from the
// scheduling service, copies the show's file into its local cache (the bytes uploaded), starts the
// item on air at its offset, writes what the engine reports to the player's as-run log and now
// playing (as OB Player's sync would), follows a change of the show on air at once, and keeps what
// aired while the as-run log was away across a restart of the service (its spool on disk).
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Bus } from '@airwave/bus';
import { AirwaveError, playerSync } from '@airwave/contracts';
import { createLogger } from '@airwave/logging';
import { createPlayoutService } from '@airwave/playout';
import { fakeEngines } from '@airwave/playout-testing/fakes';
import { startService, type RunningService } from '@airwave/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wav } from '../src/files';
import { ADMIN_PASSWORD, modes, startTestSystem, type TestSystem } from '../src/harness';
import { makeMediaItem } from '../src/media-items';
import { limit } from '../../vitest.shared';

const TONE = wav(120);

/** The bus as the playout sees it, with the as-run log cut off while `cut.asRun` (its outage, for the playout alone). */
function cuttable(bus: Bus) {
  const cut = { asRun: false };
  const request: Bus['request'] = (subject, data, options) =>
    cut.asRun && subject.endsWith(playerSync.appendAsRun.subject) ? Promise.reject(new AirwaveError('unavailable', `No service is answering ${subject}.`)) : bus.request(subject, data, options);
  const proxied = new Proxy(bus, {
    get: (target, key) => {
      if (key === 'request') return request;
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { bus: proxied, cut };
}

describe.each(modes)('playout airs a rundown (%s)', (mode) => {
  let system: TestSystem;
  let playout: RunningService;
  let admin: string;
  let cache: string;
  let player: number;
  let show: number;
  let tone: number;
  let other: number;
  const engines = fakeEngines();
  const showStart = Math.floor((Date.now() - 30_000) / 1000) * 1000;
  let cut: { asRun: boolean };
  let startPlayout: () => Promise<RunningService>;

  beforeAll(async () => {
    system = await startTestSystem(mode);
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    tone = await makeMediaItem(system.api, system.url, admin, TONE, 'Tone', { artist: 'Test' });
    other = await makeMediaItem(system.api, system.url, admin, wav(90), 'Other tone', { artist: 'Test' });
    player = (await system.api.post<{ id: number }>('/players', { key: admin, body: { name: 'Aired FM', timezone: 'UTC', playout: 'airwave', stream_url: 'http://127.0.0.1:8000/aired.mp3', source_password: 'source-secret' } })).body.data.id;
    const created = await system.api.post<{ id: number }>('/shows', { key: admin, body: { player_id: player, mode: 'once', start: new Date(showStart).toISOString(), duration: 600, item_type: 'media', item_id: tone } });
    expect(created.status, created.text).toBe(200);
    show = created.body.data.id;
    cache = await mkdtemp(join(tmpdir(), 'playout-cache-'));
    const env = { ...system.env, PLAYOUT_CACHE_DIR: cache, PLAYOUT_MEDIA_DIR: join(system.env.DATA_DIR ?? './data', 'media'), PLAYOUT_ENGINE: 'auto' };
    const shared = system.infrastructure[0]!;
    const playoutBus = cuttable(shared.bus);
    cut = playoutBus.cut;
    startPlayout = () => startService(createPlayoutService({ engine: engines.factory, holder: 'test-replica' }), { ...shared, bus: playoutBus.bus }, createLogger({ level: 'silent' }), env);
    playout = await startPlayout();
  }, limit(120_000));
  afterAll(async () => {
    await playout?.stop();
    await system?.stop();
    if (cache) await rm(cache, { recursive: true, force: true });
  });

  it('airs the show on air at its offset, from a local copy of its file', async () => {
    await expect.poll(() => engines.made[0]?.updates.length ?? 0, { timeout: limit(15_000) }).toBeGreaterThan(0);
    const engine = engines.made[0]!;
    expect(engine.output).toMatchObject({ host: '127.0.0.1', port: 8000, mount: '/aired.mp3', password: 'source-secret' });
    const { at, plan } = engine.updates[0]!;
    const onAir = plan.items[0]!;
    expect(onAir).toMatchObject({ media_id: tone, kind: 'file', context: 'show', hard: true });
    // the item under way starts when the plan was made, a moment before the engine had it
    expect(onAir.start).toBeLessThanOrEqual(at);
    expect(at - onAir.start).toBeLessThan(limit(1000));
    expect(Math.abs(onAir.cue_in - (at - showStart) / 1000)).toBeLessThan(1);
    expect(onAir.path!.startsWith(cache)).toBe(true);
    expect((await readFile(onAir.path!)).equals(TONE)).toBe(true);
    const status = await system.api.get<{ players: { player_id: number; holder: string }[] }>('/playout/status', { key: admin });
    // with the player's harbor: where a live source connects (PLAYOUT_HARBOR_PORT_BASE + id, /live),
    // on this host only (PLAYOUT_HARBOR_BIND's default, 127.0.0.1)
    const harbor = { host: '127.0.0.1', port: 18_000 + player, mount: '/live', this_host_only: true };
    // and its listeners unknown: the fake engine sends nothing, so no Icecast lists its mount (null, not 0)
    expect(status.body.data.players).toEqual([expect.objectContaining({ player_id: player, holder: 'test-replica', harbor, listeners: null })]);
  });

  it('tells any signed-in user how many listen to a player, and not the status the managers see', async () => {
    const made = await system.api.post<{ id: number }>('/users', { key: admin, body: { username: 'listener-counter', password: 'counter-password-1' } });
    expect(made.status, made.text).toBe(200);
    const presenter = (await system.api.login('listener-counter', 'counter-password-1')).key;
    expect((await system.api.get('/playout/status', { key: presenter })).status).toBe(403);
    const aired = await system.api.get<{ player_id: number; aired: boolean; listeners: number | null }>(`/players/${player}/listeners`, { key: presenter });
    expect(aired.status, aired.text).toBe(200);
    // unknown, as in the status: the fake engine sends nothing to the mount
    expect(aired.body.data).toEqual({ player_id: player, aired: true, listeners: null });
    const notAired = (await system.api.post<{ id: number }>('/players', { key: admin, body: { name: 'Not aired FM', timezone: 'UTC' } })).body.data.id;
    expect((await system.api.get(`/players/${notAired}/listeners`, { key: presenter })).body).toMatchObject({ data: { player_id: notAired, aired: false, listeners: null } });
    expect((await system.api.get(`/players/${player}/listeners`)).status).toBe(401);
    expect((await system.api.get('/players/abc/listeners', { key: presenter })).status).toBe(400);
  });

  it("writes the engine's track start to the as-run log and now playing", async () => {
    const monitor = async () => (await system.api.get<{ results: { media_id: number; context: string }[] }>('/players/monitor', { key: admin, query: { player_id: player, date_start: new Date(showStart - 86_400_000).toISOString().slice(0, 10), date_end: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10) } })).body.data.results;
    await expect.poll(async () => (await monitor()).map((r) => [r.media_id, r.context]), { timeout: limit(10_000) }).toEqual([[tone, 'show']]);
    // Now playing is sent right after the as-run entry: wait for it too.
    const playing = async () => (await system.api.get<{ media: { id: number } | null; show_name: string | null }>(`/players/playing/${player}`, { key: admin })).body.data.media?.id;
    await expect.poll(playing, { timeout: limit(10_000) }).toBe(tone);
    // under the show's name: the first item starts as the engine takes the first plan, and its
    // track event still finds its show in that plan
    const now = await system.api.get<{ show_name: string | null }>(`/players/playing/${player}`, { key: admin });
    expect(now.body.data.show_name).toBe('Tone');
  });

  it("writes the engine's track end to the same as-run entry, in the monitor's JSON and CSV", async () => {
    const engine = engines.made[0]!;
    const { at, plan } = engine.updates[0]!;
    const item = plan.items[0]!;
    const end = Date.now();
    engine.emit({ player_id: player, key: item.key, media_id: item.media_id, title: item.title, artist: item.artist, context: item.context, at: end, kind: 'end' });
    const query = { player_id: player, date_start: new Date(showStart - 86_400_000).toISOString().slice(0, 10), date_end: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10) };
    const rows = async () => (await system.api.get<{ results: { unix_timestamp: string; end_unix_timestamp: string | null; end_datetime: string | null; show_name: string | null }[] }>('/players/monitor', { key: admin, query })).body.data.results;
    await expect.poll(async () => (await rows()).map((r) => [r.unix_timestamp, r.end_unix_timestamp]), { timeout: limit(10_000) }).toEqual([[(at / 1000).toFixed(3), (end / 1000).toFixed(3)]]);
    const wall = new Date(Math.floor(end / 1000) * 1000).toISOString().slice(0, 19).replace('T', ' ');
    expect((await rows())[0]!.end_datetime).toBe(wall);
    // with the show it aired in, as the rundown names it (a show without a name: what it airs)
    expect((await rows())[0]!.show_name).toBe('Tone');
    const csv = await system.api.get<{ results: string }>('/players/monitor', { key: admin, query: { ...query, type: 'csv' } });
    expect(csv.body.data.results.split('\r\n')[1]!.endsWith(`,${wall},Tone`)).toBe(true);
  });

  it('follows a change of the rundown: the show on air cut short, the next show starting hard at its instant', async () => {
    const engine = engines.made[0]!;
    const next = Math.ceil((Date.now() + 20_000) / 1000) * 1000;
    const cut = await system.api.put(`/shows/${show}`, { key: admin, body: { player_id: player, mode: 'once', start: new Date(showStart).toISOString(), duration: Math.round((next - showStart) / 1000), item_type: 'media', item_id: tone } });
    expect(cut.status, cut.text).toBe(200);
    const added = await system.api.post('/shows', { key: admin, body: { player_id: player, mode: 'once', start: new Date(next).toISOString(), duration: 300, item_type: 'media', item_id: other } });
    expect(added.status, added.text).toBe(200);
    await expect.poll(() => engine.updates.at(-1)!.plan.items.map((i) => i.media_id), { timeout: limit(10_000) }).toEqual([tone, other]);
    const [onAir, following] = engine.updates.at(-1)!.plan.items;
    // The item on air keeps airing (same key) until the next show's hard start.
    expect(onAir).toMatchObject({ key: engine.updates[0]!.plan.items[0]!.key, start: showStart });
    expect(onAir!.start + onAir!.duration).toBe(next);
    expect(following).toMatchObject({ start: next, hard: true, context: 'show' });
  });

  it('keeps what aired while the as-run log was away across a restart, and sends it once the log answers', async () => {
    cut.asRun = true;
    const at = Date.now();
    engines.made[0]!.emit({ player_id: player, key: `${at}:restart`, media_id: other, title: 'Other tone', artist: 'Test', context: 'show', at, kind: 'start' });
    const spooled = async () => {
      const dir = join(cache, 'asrun-spool');
      const texts = await Promise.all((await readdir(dir)).map((name) => readFile(join(dir, name), 'utf8')));
      return texts.join('').includes(`"timestamp":"${(at / 1000).toFixed(3)}"`);
    };
    await expect.poll(spooled, { timeout: limit(5000) }).toBe(true);
    await playout.stop(); // a clean stop that cannot deliver: the entry stays in the spool
    expect(await spooled()).toBe(true);
    cut.asRun = false;
    playout = await startPlayout();
    const query = { player_id: player, date_start: new Date(showStart - 86_400_000).toISOString().slice(0, 10), date_end: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10) };
    const rows = async () => (await system.api.get<{ results: { media_id: number; unix_timestamp: string }[] }>('/players/monitor', { key: admin, query })).body.data.results;
    await expect.poll(async () => (await rows()).map((r) => [r.media_id, r.unix_timestamp]), { timeout: limit(15_000) }).toContainEqual([other, (at / 1000).toFixed(3)]);
    await expect.poll(spooled, { timeout: limit(5000) }).toBe(false);
  });
});
