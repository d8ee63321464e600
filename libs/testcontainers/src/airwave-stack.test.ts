// AirwaveStack used as its README shows: the production layout from the images `pnpm images`
// built, every service answering through the gateway, a station on air (withPlayout: the playout
// service airs a tone to the stack's Icecast, and the as-run log has it), and a failed start that
// cleans up after itself and says why. Skipped (with the reason) where no Docker engine answers or an image is missing.
import { randomBytes } from 'node:crypto';
import { getContainerRuntimeClient } from 'testcontainers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AirwaveStack, type StartedAirwaveStack } from './index';
import { stackImagesHere } from './environment';
import { limit } from '../../../vitest.shared';

const here = await stackImagesHere(undefined, { onAir: true });
const runnable = here.docker && here.missing.length === 0;
if (!runnable) process.stderr.write(`AirwaveStack tests skipped: ${here.docker ? `missing ${here.missing.join(', ')} (pnpm images)` : 'no Docker engine'}\n`);

/** A WAV of a sine tone, mono 8 kHz. */
function toneWav(frequency: number, seconds: number, rate = 8000): Buffer {
  const data = Buffer.alloc(Math.round(seconds * rate) * 2);
  for (let i = 0; i < data.length / 2; i += 1) data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * frequency * i) / rate) * 12_000), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** The few API calls the on-air test makes, with a session. */
function onAirApi(baseUrl: string, session: string) {
  const json = async <T = unknown>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${baseUrl}/api/v2${path}`, { method, headers: { authorization: `Bearer ${session}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return (JSON.parse(text) as { data: T }).data;
  };
  const mediaItem = async (bytes: Buffer, title: string) => {
    const upload = await fetch(`${baseUrl}/api/v2/uploads`, { method: 'POST', headers: { authorization: `Bearer ${session}` }, body: bytes });
    const { file_id, file_key } = ((await upload.json()) as { data: { file_id: string; file_key: string } }).data;
    return (await json<{ id: number }[]>('PUT', '/media', { media: [{ file_id, file_key, title }] }))[0]!.id;
  };
  return { json, mediaItem };
}

/** The content type a listener gets from the mount, with its first bytes; null while it does not answer. */
async function mountAnswers(url: string): Promise<string | null> {
  const res = await fetch(url, { signal: AbortSignal.timeout(3000) }).catch(() => null);
  if (!res?.ok || !res.body) return null;
  const reader = res.body.getReader();
  const first = await reader.read().catch(() => null);
  await reader.cancel().catch(() => undefined);
  return first?.value && first.value.length > 0 ? res.headers.get('content-type') : null;
}

async function containersLabelled(label: string, value: string) {
  const client = await getContainerRuntimeClient();
  return (await client.container.list()).filter((info) => info.Labels[label] === value);
}

describe.runIf(runnable)('AirwaveStack', () => {
  let stack: StartedAirwaveStack;
  const station = `station-${randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    stack = await new AirwaveStack().withPlayout().withAdminPassword('s3cret-pass').withPrefixes({ bus: station, redis: `${station}:` }).withLabels({ 'org.airwave.test': station }).withStartupTimeout(limit(120_000)).start();
  }, limit(300_000));

  afterAll(async () => {
    await stack?.stop();
  });

  it('serves login and uid through the gateway, with a logged-in typed client', async () => {
    const client = await stack.getClient();
    expect(await client.account.uid({})).toEqual({ id: 1, username: 'admin' });
    const player = await client.scheduling.playerCreate({ name: 'Studio B', timezone: 'America/New_York' });
    expect(await client.scheduling.playerGet({ id: player.id })).toMatchObject({ name: 'Studio B' });
    // The modules container has the encryption key: webhooks can be registered (their secrets sealed).
    const hook = await client.webhooks.create({ url: 'https://receiver.example/hook', event_types: ['scheduling.player.*'], description: '', enabled: true });
    expect(hook.secret).toMatch(/^whsec_/);
    await client.webhooks.remove({ id: hook.id });
  });

  it('runs each process in its own container, with the station prefixes', async () => {
    expect((await containersLabelled('org.airwave.test', station)).length).toBe(10); // 3 infrastructure + 4 services + gateway + playout + icecast
    const keys = await stack.getContainer('redis').exec(['redis-cli', '--scan', '--pattern', '*']);
    const sessionKeys = keys.output.split('\n').filter((line) => line.trim() !== '');
    expect(sessionKeys.length).toBeGreaterThan(0);
    for (const key of sessionKeys) expect(key.startsWith(`${station}:`), key).toBe(true);
    const media = stack.getContainer('media');
    expect((await media.exec(['id', '-u'])).output.trim()).toBe('1000');
    expect((await media.exec(['touch', '/app/x'])).output).toMatch(/Read-only file system/);
  });

  it('keeps media files on the volume the gateway and the media service share', async () => {
    const client = await stack.getClient();
    const session = (await client.login('admin', 's3cret-pass')).key;
    const form = new FormData();
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    form.append('file', new Blob([png], { type: 'image/png' }), 'logo.png');
    const upload = await fetch(`${stack.getBaseUrl()}/api/v2/uploads`, { method: 'POST', headers: { authorization: `Bearer ${session}` }, body: form });
    expect(upload.status).toBe(200);
    const onMedia = await stack.getContainer('media').exec(['find', '/data', '-type', 'f']);
    const onGateway = await stack.getContainer('gateway').exec(['find', '/data', '-type', 'f']);
    expect(onMedia.output).toMatch(/^\/data\/media\/\S+\n?$/);
    expect(onGateway.output).toBe(onMedia.output);
  });

  it('goes on air: the playout airs a show of a tone to Icecast, and the as-run log has its actual start', async () => {
    const client = await stack.getClient();
    const session = (await client.login('admin', 's3cret-pass')).key;
    const api = onAirApi(stack.getBaseUrl(), session);
    const tone = await api.mediaItem(toneWav(440, 60), 'Tone 440');
    const icecast = stack.getIcecast();
    const savedAt = Date.now();
    const player = await api.json<{ id: number }>('POST', '/players', { name: 'On air', timezone: 'UTC', playout: 'airwave', stream_url: icecast.streamUrl('/stack.mp3'), source_password: icecast.sourcePassword });
    // On air since 5 s ago: the playout starts it at its offset as soon as it holds the player.
    const showStart = Math.floor(savedAt / 1000) * 1000 - 5000;
    await api.json('POST', '/shows', { player_id: player.id, mode: 'once', start: new Date(showStart).toISOString(), duration: 60, item_type: 'media', item_id: tone });
    await expect.poll(() => mountAnswers(icecast.url('/stack.mp3')), { timeout: limit(45_000), interval: 500 }).toBe('audio/mpeg');
    const day = (offset: number) => new Date(Date.now() + offset).toISOString().slice(0, 10);
    const monitor = () => api.json<{ results: { media_id: number; context: string; unix_timestamp: string }[] }>('GET', `/players/monitor?player_id=${player.id}&date_start=${day(-86_400_000)}&date_end=${day(86_400_000)}`);
    await expect.poll(async () => (await monitor()).results.map((row) => [row.media_id, row.context]), { timeout: limit(15_000), interval: 500 }).toContainEqual([tone, 'show']);
    const aired = (await monitor()).results.find((row) => row.media_id === tone)!;
    // The engine's own start (to the millisecond), not the plan's: after the player was saved.
    expect(aired.unix_timestamp).toMatch(/^\d+\.\d{3}$/);
    expect(Number(aired.unix_timestamp) * 1000).toBeGreaterThanOrEqual(savedAt);
    expect(Number(aired.unix_timestamp) * 1000).toBeLessThanOrEqual(Date.now());
  }, limit(120_000));
});

describe.runIf(runnable)('AirwaveStack that cannot start', () => {
  it('names the part that failed with its last log lines, and leaves nothing running', async () => {
    const label = `failed-${randomBytes(3).toString('hex')}`;
    const error = await new AirwaveStack()
      .withEnvironment({ REQUEST_TIMEOUT_MS: 'soon' })
      .withLabels({ 'org.airwave.test': label })
      .start()
      .catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/^migrate \(airwave\/server:dev\) did not start/);
    expect((error as Error).message).toMatch(/REQUEST_TIMEOUT_MS/);
    expect(await containersLabelled('org.airwave.test', label)).toEqual([]);
  }, limit(300_000));
});
