// OB Player's sync endpoint, remote.php (issue 31, ../shared/spec/ob-player/PROTOCOL.md section 1),
// through the gateway: the observed traffic's request shapes with Airwave's ids, every reply read
// as strictly as OB Player 5.3.0 reads it (tests/src/ob-xml.ts) and compared element by element,
// each <error>, a password with & = + % # (which OB Player does not URL-encode in the media
// request), the throttle, the audit trail, and no password in any log line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiModes, startBlackBoxSystem, type BlackBoxSystem } from '../src/black-box';
import { pngImage, wav } from '../src/files';
import { ADMIN_PASSWORD, LOGIN_DELAY_SECONDS } from '../src/harness';
import { makeMediaItem } from '../src/media-items';
import { allNamed, BROADCAST_FIELDS, child, parseXml, playerBroadcasts, playerSchedule } from '../src/ob-xml';
import { limit } from '../../vitest.shared';

const PASSWORD = 'p&ss=w+rd%2#1';
const ERROR = (message: string) => `<?xml version='1.0' standalone='yes'?>\n<obconnect><error>${message}</error></obconnect>\n`;
const HOUR = 3600;

type Block = { start: string; end: string; kind: string; show_id: number; name: string; description: string; last_updated: number; items: { order: number; media_id: number | null; type: string; title: string; artist: string; offset: number; duration: number }[] };

describe.each(apiModes)('remote.php, OB Player sync (%s)', (mode) => {
  let system: BlackBoxSystem;
  let admin: string;
  const m = { a: 0, b: 0, jingle: 0, jingle2: 0, logo: 0, spot: 0, stray: 0 };
  let fm: number;
  let relay: number;
  let alert: number;
  // The first show starts a minute before the file is read, on a whole minute, and lasts an hour: the
  // schedule asked from now − 60 s always begins with it. On the hour it failed once in CI, whose
  // API step began at 12:59: the tests ran after 13:00, when that show (12:00–13:00) was over.
  const base = Math.floor(Date.now() / 1000 / 60) * 60 - 60;
  // The client's address as the gateway sees it: the loopback in process, the Docker network's gateway for the stack.
  const clientAddress = mode === 'stack' ? /^[0-9a-f.:]+$/ : /127\.0\.0\.1/;

  /** A request as OB Player sends it: POST, a form body, ?action= in the URL. */
  const remote = (action: string | null, body: string, query = '') =>
    fetch(`${system.url}/remote.php${action === null ? '' : `?action=${action}`}${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'OpenBroadcaster Player', accept: '*/*' },
      body,
    });
  const form = (fields: Record<string, string | number>) => new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const as = (id: number, fields: Record<string, string | number> = {}, pw = PASSWORD) => form({ id, pw, ...fields });
  const text = async (reply: Response) => {
    expect(reply.status).toBe(200);
    return reply.text();
  };
  const post = async (path: string, body: Record<string, unknown>) => {
    const reply = await system.api.post<{ id: number }>(path, { key: admin, body });
    expect(reply.status, reply.text).toBe(200);
    return reply.body.data.id;
  };
  const iso = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');

  beforeAll(async () => {
    system = await startBlackBoxSystem(mode, {}, { logs: true });
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    const make = (bytes: Buffer, title: string, artist = 'Band') => makeMediaItem(system.api, system.url, admin, bytes, title, { artist });
    [m.a, m.b, m.jingle, m.jingle2, m.logo, m.spot, m.stray] = await Promise.all([
      make(wav(4), 'Song <A> & "more"'),
      make(wav(5), 'Song B'),
      make(wav(1), 'Jingle', 'Station'),
      make(wav(2), 'Jingle two', 'Station'),
      make(pngImage(8, 8), 'Logo'),
      make(wav(3), 'Spot', 'Newsdesk'),
      make(wav(2), 'Not scheduled'),
    ]);
    const morning = await post('/playlists', { name: 'Morning', description: 'Wake up', items: [{ type: 'media', media_id: m.a }, { type: 'station_id' }, { type: 'breakpoint' }, { type: 'media', media_id: m.b }] });
    const fill = await post('/playlists', { name: 'Fill', items: [{ type: 'media', media_id: m.b }, { type: 'media', media_id: m.logo, image_duration: 1795 }] });
    fm = await post('/players', { name: 'FM', timezone: 'UTC', password: PASSWORD, station_ids: [m.jingle], default_playlist_id: fill });
    relay = await post('/players', { name: 'Relay', timezone: 'UTC', password: PASSWORD, parent_player_id: fm, use_parent_schedule: true, use_parent_playlist: true, use_parent_alert: true, station_ids: [m.jingle2], support_linein: false });
    const once = (start: number, duration: number, item_type: string, item_id = 0) => post('/shows', { player_id: fm, mode: 'once', start: iso(start), duration, item_type, item_id });
    await once(base, HOUR, 'playlist', morning);
    await once(base + HOUR, 1800, 'media', m.a);
    await once(base + 2 * HOUR, 1800, 'live');
    alert = await post('/alerts', { name: 'Storm', player_id: fm, item_id: m.spot, frequency: 300, start: iso(base - HOUR), stop: iso(base + 48 * HOUR) });
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('answers every refusal as an <error> document with HTTP 200', async () => {
    const cases: [string | null, string, string][] = [
      ['schedule', form({ pw: PASSWORD, hbuffer: 4 }), 'player id required'],
      ['schedule', as(987_654, { hbuffer: 4 }), 'player not found'],
      ['schedule', as(fm, { hbuffer: 4 }, 'wrong-password'), 'authentication failed'],
      [null, as(fm), 'action required'],
      ['Sched%20ule', as(fm), 'invalid action'],
      ['thumbnail', as(fm), 'action not found'],
      ['schedule', as(fm), 'Schedule action requires a buffer (days) or hbuffer (hours) parameter.'],
      ['emerg', as(fm), 'Emergency action requires a buffer (days) or hbuffer (hours) parameter.'],
      ['playlog_post', as(fm, { hbuffer: 4 }), 'missing XML post data'],
    ];
    for (const [action, body, message] of cases) {
      const reply = await remote(action, body);
      expect(reply.headers.get('content-type')).toMatch(/^text\/xml/);
      expect(await text(reply), message).toBe(ERROR(message));
    }
  });

  it('answers version as a JSON string of four numeric parts and stores the version and location', async () => {
    const reply = await remote('version', as(fm, { version: '5.3.0-20240413', longitude: -134.18537, latitude: 60.27434 }));
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    const version = JSON.parse(await text(reply)) as string;
    const parts = version.split(/[.-]/).map(Number);
    expect(parts).toHaveLength(4);
    [4, 1, 1, 20150507].forEach((minimum, i) => expect(parts[i]).toBeGreaterThanOrEqual(minimum));
    const player = (await system.api.get<Record<string, unknown>>(`/players/${fm}`, { key: admin })).body.data;
    expect(player).toMatchObject({ version: '5.3.0-20240413', longitude: -134.18537, latitude: 60.27434, last_ip_address: expect.stringMatching(clientAddress) });
  });

  it('answers the schedule of now − 60 s … now + hbuffer as the rundown, element by element', async () => {
    const body = await text(await remote('schedule', as(fm, { hbuffer: 4 })));
    expect(body.startsWith("<?xml version='1.0' standalone='yes'?>\n<obconnect><schedule>")).toBe(true);
    const root = parseXml(body);
    const firstShow = child(child(root, 'schedule')!, 'show')!;
    expect(firstShow.children.map((c) => c.name)).toEqual(['id', 'date', 'time', 'type', 'name', 'description', 'last_updated', 'duration', 'media']);
    const shows = playerSchedule(body);
    const now = Date.now() / 1000;
    const blocks = (await system.api.get<Block[]>(`/players/${fm}/rundown`, { key: admin, query: { start: iso(Math.floor(now) - 60), end: iso(Math.floor(now) - 60 + 4 * HOUR + 60) } })).body.data;
    expect(shows.map((s) => s.start)).toEqual(blocks.map((b) => Date.parse(b.start) / 1000));
    const named = (start: number) => shows.find((s) => s.start === base + start);
    expect([0, HOUR, 1.5 * HOUR, 2 * HOUR].map((start) => [named(start)?.id === 0, named(start)?.name])).toEqual([
      [false, 'Morning'],
      [false, 'Song <A> & "more"'],
      [true, 'Fill'],
      [false, 'Line-In'],
    ]);
    const files = new Map<number, { filename: string; filesize: number; location: string; hash: string }>();
    shows.forEach((show, i) => {
      const block = blocks[i]!;
      const scheduled = (Date.parse(block.end) - Date.parse(block.start)) / 1000;
      const total = block.items.reduce((sum, item) => sum + item.duration, 0);
      expect(show).toMatchObject({ id: block.show_id, type: 'standard', name: block.name, description: block.description, last_updated: block.last_updated });
      expect(show.duration).toBeCloseTo(block.kind === 'linein' ? scheduled : Math.min(scheduled, total), 3);
      expect(show.media.map((item) => [item.order, item.type, item.offset, item.duration, item.id, item.title, item.artist])).toEqual(
        block.items.map((item) => [item.order, item.type, item.offset, item.duration, item.media_id ?? 0, item.media_id === null ? '' : item.title, item.media_id === null ? '' : item.artist]),
      );
      for (const item of show.media.filter((x) => x.id)) {
        expect(item).toMatchObject({ approved: '1', archived: '0', location: expect.stringMatching(/^[A-Z0-9]{2}$/), hash: expect.stringMatching(/^[0-9a-f]{32}$/), filename: expect.stringMatching(new RegExp(`^${item.id}-[0-9a-f]{12}\\.(wav|png)$`)) });
        const known = files.get(item.id);
        if (known) expect(known).toEqual({ filename: item.filename, filesize: item.filesize, location: item.location, hash: item.hash });
        files.set(item.id, { filename: item.filename, filesize: item.filesize, location: item.location, hash: item.hash });
      }
    });
    expect(shows[0]!.media.map((i) => [i.type, i.id])).toEqual([
      ['audio', m.a],
      ['audio', m.jingle],
      ['breakpoint', 0],
      ['audio', m.b],
    ]);
    expect(named(2 * HOUR)!.media).toEqual([expect.objectContaining({ type: 'linein', order: 0, offset: 0, duration: 1800 })]);
    expect(shows.filter((s) => s.start >= base + 2.5 * HOUR).every((s) => s.id === 0 && s.name === 'Fill' && s.description === 'Default Playlist')).toBe(true);
    expect(new Set([...files.values()].map((f) => f.filename)).size).toBe(files.size);
    // Every file downloads with exactly its filesize, through OB Player's unencoded media body.
    for (const [id, file] of files) {
      const reply = await remote('media', `media_id=${id}&id=${fm}&pw=${PASSWORD}&buffer=4`);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toBe('application/octet-stream');
      expect(Number(reply.headers.get('content-length'))).toBe(file.filesize);
      expect((await reply.arrayBuffer()).byteLength).toBe(file.filesize);
    }
    // The same sync again: the same reply.
    expect(playerSchedule(await text(await remote('schedule', as(fm, { hbuffer: 4 }))))).toEqual(shows);
  });

  it('reads $_REQUEST: query parameters work as the body does', async () => {
    const query = `&${as(fm, { hbuffer: 1 })}`;
    const reply = await fetch(`${system.url}/remote.php?action=schedule${query}`, { method: 'POST' });
    expect(playerSchedule(await text(reply)).length).toBeGreaterThan(0);
  });

  it("gives a child its parent's shows with its own station IDs and without line-in", async () => {
    const shows = playerSchedule(await text(await remote('schedule', as(relay, { buffer: 0.125 }))));
    expect(shows[0]!.media.map((i) => i.id)).toEqual([m.a, m.jingle2, 0, m.b]);
    expect(shows.some((s) => s.media.some((i) => i.type === 'linein'))).toBe(false);
  });

  it('downloads only what the rundown or alerts name; an unknown id is an empty 200', async () => {
    for (const id of [m.stray, 987_654]) {
      const reply = await remote('media', `media_id=${id}&id=${fm}&pw=${PASSWORD}&buffer=4`);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-length')).toBe('0');
      expect(await reply.text()).toBe('');
    }
    const spot = await remote('media', `media_id=${m.spot}&id=${fm}&pw=${PASSWORD}&buffer=4`);
    expect((await spot.arrayBuffer()).byteLength).toBeGreaterThan(0);
    // The same request URL-encoded works too.
    const encoded = await remote('media', form({ media_id: m.spot, id: fm, pw: PASSWORD, buffer: 4 }));
    expect((await encoded.arrayBuffer()).byteLength).toBeGreaterThan(0);
    // A wrong password is the error, written as the file by the player (as OB).
    expect(await text(await remote('media', `media_id=${m.spot}&id=${fm}&pw=nope&buffer=4`))).toBe(ERROR('authentication failed'));
  });

  it('answers the alerts in force with the 15 fields, and a child its parent’s', async () => {
    for (const player of [fm, relay]) {
      const body = await text(await remote('emerg', as(player, { hbuffer: 4 })));
      const [broadcast, ...others] = playerBroadcasts(body);
      expect(others).toEqual([]);
      expect(Object.keys(broadcast!)).toEqual([...BROADCAST_FIELDS]);
      expect(broadcast).toMatchObject({ id: String(alert), start_timestamp: String(base - HOUR), end_timestamp: String(base + 48 * HOUR), frequency: '300', artist: 'Newsdesk', title: 'Spot', media_id: String(m.spot), duration: '3.000', media_type: 'audio', approved: '1', archived: '0' });
      expect(broadcast!.filename).toMatch(new RegExp(`^${m.spot}-`));
      expect(allNamed(parseXml(body), 'mode')[0]!.text).toBe('standard');
    }
  });

  it('records now playing and the as-run log; success only once stored, duplicates skipped', async () => {
    await text(await remote('now_playing', as(fm, { playlist_id: 42, media_id: m.a, show_name: 'Morning Show', playlist_end: base + HOUR, media_end: base + 20 })));
    const playing = (await system.api.get<{ show_name: string; playlist_id: number; media: { id: number } }>(`/players/playing/${fm}`, { key: admin })).body.data;
    expect(playing).toMatchObject({ show_name: 'Morning Show', playlist_id: 42, media: { id: m.a } });
    expect(await text(await remote('now_playing', as(fm, { playlist_id: '', media_id: '', show_name: '', playlist_end: '', media_end: '' })))).toBe('');
    expect((await system.api.get<{ media: unknown }>(`/players/playing/${fm}`, { key: admin })).body.data.media).toBeNull();

    expect(await text(await remote('playlog_status', as(fm, { hbuffer: 4 })))).toBe('<?xml version="1.0"?>\n<obconnect><last_timestamp>0</last_timestamp></obconnect>\n');
    const entry = (id: number, at: string, context: string, title = 'Tone A') =>
      `<entry><media_id>${id}</media_id><artist>Test Artist</artist><title>${title}</title><datetime>${at}</datetime><context>${context}</context><emerg_id>0</emerg_id><notes>resuming at 0.877s</notes></entry>`;
    const data = `<?xml version="1.0" ?><obconnect><playlog>${entry(m.a, '1795653588.8770473', 'show', 'Tone &amp; A')}${entry(m.jingle, '1795653649.505554', 'fallback')}${entry(m.b, '1795653650.5', 'bogus')}</playlog></obconnect>`;
    const success = '<?xml version="1.0"?>\n<obconnect><status>success</status></obconnect>\n';
    expect(await text(await remote('playlog_post', as(fm, { hbuffer: 4, data })))).toBe(success);
    expect(await text(await remote('playlog_post', as(fm, { hbuffer: 4, data })))).toBe(success);
    expect(await text(await remote('playlog_status', as(fm, { hbuffer: 4 })))).toContain('<last_timestamp>1795653649.505554</last_timestamp>');
    const rows = (await system.api.get<{ results: { media_id: number; title: string; unix_timestamp: string; context: string }[] }>('/players/monitor', { key: admin, query: { player_id: fm, date_start: '2026-11-01', date_end: '2026-12-31' } })).body.data.results;
    expect(rows.map((r) => [r.media_id, r.title, r.unix_timestamp, r.context])).toEqual([
      [m.jingle, 'Tone A', '1795653649.505554', 'fallback'],
      [m.a, 'Tone & A', '1795653588.8770473', 'show'],
    ]);
  });

  it('acknowledges a play log entry that cannot be stored (skipped, never a failure the player resends for ever)', async () => {
    const entry = (at: string, title: string) =>
      `<entry><media_id>${m.b}</media_id><artist>Band</artist><title>${title}</title><datetime>${at}</datetime><context>show</context><emerg_id>0</emerg_id><notes></notes></entry>`;
    const data = `<?xml version="1.0" ?><obconnect><playlog>${entry('1795653700.25', 'Beyond &#x110000;')}${entry('1795653701.25', 'Huge &#99999999999;')}${entry('1795653702.25', 'Nul &#0;')}${entry('1795653703.25', 'Kept ✓')}</playlog></obconnect>`;
    expect(await text(await remote('playlog_post', as(fm, { hbuffer: 4, data })))).toContain('<status>success</status>');
    expect(await text(await remote('playlog_status', as(fm, { hbuffer: 4 })))).toContain('<last_timestamp>1795653703.25</last_timestamp>');
    const rows = (await system.api.get<{ results: { title: string }[] }>('/players/monitor', { key: admin, query: { player_id: fm, date_start: '2026-11-01', date_end: '2026-12-31' } })).body.data.results;
    expect(rows.map((r) => r.title)).toContain('Kept ✓');
    expect(rows.map((r) => r.title).filter((t) => /Beyond|Huge|Nul/.test(t))).toEqual([]);
  });

  it('reads 128,000 unclosed entries at once without holding the gateway, and answers a post over 8 MiB with OB\'s error', async () => {
    const data = `<obconnect>${'<entry>'.repeat(128_000)}`;
    const started = Date.now();
    const [posted, ping] = await Promise.all([remote('playlog_post', as(fm, { hbuffer: 4, data })), fetch(`${system.url}/api/v2/ping`)]);
    expect(await text(posted)).toContain('<status>success</status>');
    expect(ping.status).toBe(200);
    // before: 26 s embedded, 37 s in compose, the gateway answering nothing meanwhile
    expect(Date.now() - started).toBeLessThan(limit(3000));
    // refused without reading the body past the limit: OB's error, or (a client still sending when
    // the answer comes, as through the stack's Docker network) the connection closed under it
    const tooLarge = await remote('playlog_post', as(fm, { hbuffer: 4, data: `<obconnect>${' '.repeat(8 * 1024 * 1024)}</obconnect>` })).then(
      (reply) => text(reply),
      (error: Error & { cause?: { code?: string } }) => `closed: ${error.cause?.code ?? error.message}`,
    );
    expect([ERROR('post data too large'), 'closed: EPIPE', 'closed: ECONNRESET']).toContain(tooLarge);
  });

  it('records the last connect by kind', async () => {
    const player = (await system.api.get<Record<string, string | null>>(`/players/${fm}`, { key: admin })).body.data;
    for (const kind of ['schedule', 'emergency', 'playlog', 'media']) expect(player[`last_connect_${kind}`], kind).not.toBeNull();
    const before = player.last_connect_schedule!;
    await new Promise((resolve) => setTimeout(resolve, 20));
    await text(await remote('playlog_status', as(fm, { hbuffer: 4 })));
    const after = (await system.api.get<Record<string, string | null>>(`/players/${fm}`, { key: admin })).body.data;
    expect(after.last_connect_schedule).toBe(before);
    expect(Date.parse(after.last_connect_playlog!)).toBeGreaterThan(Date.parse(player.last_connect_playlog!));
  });

  it('throttles wrong passwords like logins and keeps each refusal in the audit trail', async () => {
    const guessed = await post('/players', { name: 'Guessed', timezone: 'UTC', password: 'right-password' });
    for (let i = 0; i < 6; i += 1) expect(await text(await remote('playlog_status', as(guessed, {}, `guess-${i}`)))).toBe(ERROR('authentication failed'));
    expect(await text(await remote('playlog_status', as(guessed, {}, 'right-password')))).toMatch(/too many failed attempts/);
    await new Promise((resolve) => setTimeout(resolve, LOGIN_DELAY_SECONDS * 1000 + 200));
    expect(await text(await remote('playlog_status', as(guessed, {}, 'right-password')))).toContain('<last_timestamp>0</last_timestamp>');
    const deadline = Date.now() + limit(5000);
    let entries: { type: string; details: { player_id: number; reason: string }; address: string | null }[] = [];
    while (Date.now() < deadline) {
      entries = (await system.api.get<{ entries: typeof entries }>('/users/audit', { key: admin, query: { type: 'scheduling.player.sync_refused', limit: 100 } })).body.data.entries;
      if (entries.filter((e) => e.details.player_id === guessed).length >= 6) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const mine = entries.filter((e) => e.details.player_id === guessed);
    expect(mine).toHaveLength(6);
    expect(mine[0]).toMatchObject({ details: { player_id: guessed, reason: 'password' }, address: expect.stringMatching(clientAddress) });
  });

  it('never writes a password into a log line', async () => {
    const all = await system.logs();
    // The capture works: the access log has the media requests (their password redacted).
    expect(all).toContain('/remote.php?action=media');
    for (const secret of [PASSWORD, encodeURIComponent(PASSWORD), 'right-password', 'guess-3']) expect(all).not.toContain(secret);
  });
});
